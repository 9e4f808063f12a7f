/* SPDX-License-Identifier: MIT */
/*
 * fast_build.c - the tables fast.c's lean path reads, built once from the
 * revision's row of the layout table: per argument type the masks of a
 * plain argument, per event number what sequencing needs, and which other
 * record types are lean, with their reserved bits.
 */
#include "fast_contract.h"
#include "internal.h"

void fxt__fast_build(fxt_validator *v)
{
    const fxt_layout *l = v->lay;
    const fxt_revision rev = l->revision;
    const uint64_t size_m = FXT_FIELD_MASK(FXT_ARG_SIZE);
    const uint64_t name_inline = (uint64_t)FXT_STRREF_INLINE_FLAG << FXT_FIELD_LO(FXT_ARG_NAME);
    uint64_t arg_m[16], arg_e[16];
    uint32_t arg_refm[16];
    for (unsigned t = 0; t < 16; t++) {
        const fxt_word_desc *w = v->arg_desc[t];
        v->arg_words[t] = (uint8_t)fxt_arg_words(t);
        v->arg_hi_rsv[t] = (uint32_t)FXT_GET(w->reserved_mask, FXT_ARG_HI);
        v->arg_sref[t] = 0;
        for (unsigned i = 0; i < w->nfields; i++)
            if (w->fields[i].kind == FXT_FK_STRREF && w->fields[i].lo >= FXT_FIELD_LO(FXT_ARG_HI))
                v->arg_sref[t] = (uint32_t)(FXT_WIDTH_MASK_(w->fields[i].lo, w->fields[i].hi)
                                            << (w->fields[i].lo - FXT_FIELD_LO(FXT_ARG_HI)));
        /* the plain path takes indexed string values and booleans 0/1 only */
        v->arg_hi_rsv[t] |= v->arg_sref[t] & (FXT_STRREF_INLINE_FLAG * (v->arg_sref[t] != 0));
        if (t == FXT_AT_BOOL)
            v->arg_hi_rsv[t] |= 0xfffffffeu;
        /* the bits of [32..63] that must be zero with inline refs too */
        v->arg_hi_bad[t] = v->arg_hi_rsv[t] & ~(v->arg_sref[t] & FXT_STRREF_INLINE_FLAG);
        /* the name and a string value ref, side by side (see plain_arg)
         * (a string value ref is [32..47], as test_validator's
         * layout_words_are_consistent checks) */
        arg_refm[t] = 0xffffu | (v->arg_sref[t] << 16);
        if (!fxt_layout_defines(l->arg_types, t)) {
            arg_m[t] = 0, arg_e[t] = 1; /* never equal: the slow path says why */
            continue;
        }
        arg_m[t] = size_m | name_inline | ((uint64_t)v->arg_hi_rsv[t] << FXT__ARG_HI_SHIFT);
        arg_e[t] = FXT_SET(0, FXT_ARG_SIZE, v->arg_words[t]);
    }
    /* the same by the header's low byte (type and the low bits of the
     * size), so that plain_arg() indexes without masking */
    for (unsigned i = 0; i < 256; i++) {
        const unsigned t = i & 15;
        v->plain_mask[i] = arg_m[t], v->plain_want[i] = arg_e[t];
        v->plain_refs[i] = arg_refm[t];
        v->plain_len[i] = (uint8_t)(v->arg_words[t] * 8);
    }
    v->ev_ok = (uint16_t)l->event_types;
    for (unsigned t = 0; t < 16; t++) {
        /* an undefined event number: odd, so that no record length (a
         * multiple of 8) matches (fast_event checks it there) */
        v->ev_tail[t] = !((v->ev_ok >> t) & 1) ? 1 : v->ev_data[t] != NULL ? 8 : 0;
        /* (shifted: fast.c jumps on it or'ed with the argument count) */
        v->ev_seq[t] = (v->seq_events >> t) & 1 ? (uint8_t)((l->event_kind[t] + 1) << 4) : 0;
    }
    /* other record types (log and kernel object headers read alike in
     * every revision; the layout guard test checks what this file assumes
     * of the layout table) */
    /* (events are the loop's own case; the others only where the revision
     * defines them) */
    v->lean_types = (FXT__LEAN_KINDS & ~(FXT_K_EVENT | FXT_K_SCHED | FXT_K_META) & l->record_types);
    v->log_rsv = fxt_header_desc(rev, FXT_RT_LOG)->reserved_mask;
    v->kobj_rsv = fxt_header_desc(rev, FXT_RT_KERNEL_OBJECT)->reserved_mask;
    v->uobj_rsv = fxt_header_desc(rev, FXT_RT_USERSPACE)->reserved_mask;
    /* provider sections, where the revision defines them */
    if (fxt_layout_defines(l->metadata_types, FXT_MT_PROVIDER_SECTION)) {
        const uint64_t w = FXT_SET((uint64_t)FXT_RT_METADATA, FXT_META_TYPE, FXT_MT_PROVIDER_SECTION);
        v->lean_types |= FXT__LEAN_KINDS & FXT_K_META & l->record_types;
        v->psect_rsv = fxt_header_desc(rev, w)->reserved_mask;
    }
    /* Context switches and wakeups of the current layout, in the revisions
     * with scheduling subtypes; the legacy ones go through decode.c. */
    if (fxt_layout_defines(l->sched_types, FXT_ST_CONTEXT_SWITCH) &&
        fxt_layout_defines(l->sched_types, FXT_ST_THREAD_WAKEUP)) {
        const uint64_t w = FXT_SET((uint64_t)FXT_RT_SCHEDULING, FXT_SCHED_TYPE, FXT_ST_CONTEXT_SWITCH);
        const uint64_t k = FXT_SET((uint64_t)FXT_RT_SCHEDULING, FXT_SCHED_TYPE, FXT_ST_THREAD_WAKEUP);
        v->lean_types |= FXT__LEAN_KINDS & FXT_K_SCHED & l->record_types;
        v->csw_rsv = fxt_header_desc(rev, w)->reserved_mask;
        v->wake_rsv = fxt_header_desc(rev, k)->reserved_mask;
    }
    /* blobs: the revision's size field (r1's is a bit wider) */
    v->blob_rsv = fxt_header_desc(rev, FXT_RT_BLOB)->reserved_mask;
    v->blob_size_lo = l->blob_size_lo;
    v->blob_size_m = FXT_WIDTH_MASK_(l->blob_size_lo, l->blob_size_hi);
}
