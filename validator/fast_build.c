/* SPDX-License-Identifier: MIT */
/*
 * fast_build.c - the tables fast.c's lean path reads, built from the layout
 * table for the lanes being checked: per argument type the masks of a
 * plain argument, per event number what sequencing needs, which other
 * record types are lean, and in auto mode which undefined types and which
 * legacy readings of scheduling records are only counted. Rebuilt whenever
 * the lanes or the reportable lanes change.
 */
#include "internal.h"

/* Count the arguments of undefined types counted inline (uinl_n). */
void fxt__fast_flush(fxt_validator *v)
{
    if (v->uinl_n)
        fxt__count_only(v, v->uinl_lanes, FXT_R_ARG_TYPE_UNKNOWN, v->uinl_n);
    if (v->ev_uinl_n)
        fxt__count_only(v, v->ev_uinl_lanes, FXT_R_EVENT_TYPE_UNKNOWN, v->ev_uinl_n);
    v->uinl_n = v->ev_uinl_n = 0;
}

void fxt__fast_build(fxt_validator *v)
{
    fxt__fast_flush(v); /* under the old lanes */
    v->build_epoch++;
    uint16_t defined = 0; /* by some lane; arg_undef says which lanes lack it */
    unsigned one = 0;
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((v->lanes >> l) & 1) {
            defined |= v->lay[l]->arg_types;
            one = l;
        }
    v->arg_some = defined;
    for (unsigned t = 0; t < 16; t++)
        v->arg_undef[t] = (uint8_t)(v->lanes & ~v->defs.arg[t]);
    const uint64_t size_m = FXT_FIELD_MASK(FXT_ARG_SIZE);
    const uint64_t name_inline = (uint64_t)FXT_STRREF_INLINE_FLAG << FXT_FIELD_LO(FXT_ARG_NAME);
    for (unsigned t = 0; t < 16; t++) {
        /* the bits of [32..63] that must be zero whatever the refs are */
        v->arg_hi_bad[t] = v->arg_hi_rsv[t] & ~(v->arg_sref[t] & FXT_STRREF_INLINE_FLAG);
        /* the name and a string value ref, side by side (see fast_args) */
        v->arg_refm[t] = 0xffffu | (v->arg_sref[t] << 16);
        /* (a defined type has words; a string value ref is [32..47], as
         * test_validator's layout_words_are_consistent checks) */
        if (!((defined >> t) & 1)) {
            /* never equal: the slow path says why */
            v->arg_m[t] = v->arg_pm[t] = 0, v->arg_e[t] = v->arg_pe[t] = 1;
            continue;
        }
        v->arg_pm[t] = size_m | name_inline | ((uint64_t)v->arg_hi_rsv[t] << FXT__ARG_HI_SHIFT);
        v->arg_pe[t] = FXT_SET(0, FXT_ARG_SIZE, v->arg_words[t]);
        /* a type some lane lacks always goes through fast_arg_other() */
        v->arg_m[t] = v->arg_undef[t] ? 0 : v->arg_pm[t];
        v->arg_e[t] = v->arg_undef[t] ? 1 : v->arg_pe[t];
    }
    /* Auto mode: the types that only lanes that can no longer be reported
     * lack are checked like any other on the fast path and counted there
     * (fast_args' UINL copy). The lanes lacking a type some revision
     * defines are one set (test_validator's layout_words_are_consistent
     * checks it); a type no lane defines stays one that is never plain. */
    v->uinl_lanes = 0;
    for (unsigned t = 0; t < 16; t++) {
        const unsigned u = v->arg_undef[t];
        v->arg_uinl[t] = 0;
        if (u == 0 || (u & v->reportable))
            continue;
        v->uinl_lanes = u;
        v->arg_uinl[t] = 1;
        v->arg_m[t] = v->arg_pm[t];
        v->arg_e[t] = v->arg_pe[t];
    }
    /* the same by the header's low byte (type and the low bits of the
     * size), so that fast_arg() indexes without masking */
    for (unsigned i = 0; i < 256; i++) {
        const unsigned t = i & 15;
        v->a8_m[i] = v->arg_m[t], v->a8_e[i] = v->arg_e[t];
        v->a8_refm[i] = v->arg_refm[t];
        v->a8_len[i] = (uint8_t)(v->arg_words[t] * 8);
        v->a8_uinl[i] = v->arg_uinl[t];
    }
    v->ev_ok = v->ev_all[v->lanes];
    /* Auto mode: event numbers that only lanes that can no longer be
     * reported lack (one set of lanes) are lean too, and counted; those
     * lanes skip such a record (decode.c), so it is only lean without
     * arguments counted inline for them (fast_event) and they take no
     * part in its sequencing (slow_sequence). */
    v->ev_uinl = 0, v->ev_uinl_lanes = 0;
    for (unsigned t = 0; t < 16; t++) {
        const unsigned u = v->lanes & ~v->defs.event[t];
        if (u == 0 || u == v->lanes || (u & v->reportable)) /* (one set: as for arguments) */
            continue;
        v->ev_uinl_lanes = u;
        v->ev_uinl |= (uint16_t)(1u << t);
        v->ev_ok |= (uint16_t)(1u << t);
    }
    v->ev_fam = (v->lanes & v->fam_lanes[1]) != 0;
    v->ev_one_fam = v->fam_lanes[!v->ev_fam] == 0;
    for (unsigned t = 0; t < 16; t++) {
        /* an event number some lane lacks: odd, so that no record length
         * (a multiple of 8) matches (fast_event checks it there) */
        v->ev_tail[t] = !((v->ev_ok >> t) & 1) ? 1 : v->ev_data[t] != NULL ? 8 : 0;
        /* (shifted: fast.c jumps on it or'ed with the argument count) */
        v->ev_seq[t] = (v->seq_raw >> t) & 1 ? (uint8_t)((v->kind[v->ev_fam][t] + 1) << 4) : 0;
    }
    /* other record types (every revision defines them, and log and kernel
     * object headers read alike in every revision: hdesc; the layout
     * guard test checks what this file assumes of the layout table) */
    v->lean_types = 1u << FXT_RT_LOG | 1u << FXT_RT_KERNEL_OBJECT;
    v->log_rsv = v->hdesc[FXT_RT_LOG]->reserved_mask;
    v->kobj_rsv = v->hdesc[FXT_RT_KERNEL_OBJECT]->reserved_mask;
    /* Scheduling records: context switches (the common subtype) read by
     * the one lane with subtypes (current). The lanes without subtypes
     * read every scheduling record as a legacy context switch: none, or
     * (auto mode) only lanes that can no longer be reported, whose issues
     * sched_legacy() counts. */
    v->csw_legacy = 0;
    unsigned sub = 0, leg = 0, sub_one = 0;
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((v->lanes >> l) & 1) {
            if (v->lay[l]->sched_types)
                sub |= 1u << l, sub_one = l;
            else
                leg |= 1u << l;
        }
    /* (one revision has subtypes, and it defines context switches) */
    if (sub && !(leg & v->reportable)) {
        const uint64_t w = FXT_SET((uint64_t)0, FXT_REC_TYPE, FXT_RT_SCHEDULING);
        const fxt_word_desc *d =
            fxt_header_desc((fxt_revision)sub_one, FXT_SET(w, FXT_SCHED_TYPE, FXT_ST_CONTEXT_SWITCH));
        /* the legacy lanes grouped by header layout (no subtypes: one
         * layout whatever the header says), each group's reserved fields
         * (at most 4, covering its reserved bits) */
        v->lcsw_groups = 0;
        for (unsigned todo = leg; todo;) {
            const unsigned l = (unsigned)__builtin_ctz(todo);
            const fxt_word_desc *ld = fxt_header_desc((fxt_revision)l, w);
            fxt__lcsw_group *g = &v->lcsw_group[v->lcsw_groups++];
            g->lanes = 0;
            for (unsigned k = 0; k < FXT_REV_COUNT; k++)
                if ((todo >> k) & 1 && fxt_header_desc((fxt_revision)k, w) == ld)
                    g->lanes |= 1u << k;
            todo &= ~g->lanes;
            g->rule = ld->reserved_rule;
            g->nrsv = 0;
            g->rsv[0] = g->rsv[1] = g->rsv[2] = g->rsv[3] = 0;
            for (unsigned i = 0; i < ld->nfields; i++)
                if (ld->fields[i].kind == FXT_FK_RESERVED)
                    g->rsv[g->nrsv++] = FXT_WIDTH_MASK_(ld->fields[i].lo, ld->fields[i].hi)
                                        << ld->fields[i].lo;
        }
        v->lean_types |= 1u << FXT_RT_SCHEDULING;
        v->csw_rsv = d->reserved_mask;
        v->csw_legacy = leg;
    }
    /* Blob layouts differ by revision (r1's size field is a bit wider).
     * With several lanes: the union of their reserved bits must be zero
     * and the narrowest size field is read, which is right because the
     * bits the wider fields add are reserved in some lane (so zero), and
     * all fields start at one bit (the layout guard test checks both). */
    uint64_t rsv = 0, narrow = ~(uint64_t)0;
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((v->lanes >> l) & 1) {
            const fxt_layout *ly = v->lay[l];
            narrow &= FXT_WIDTH_MASK_(ly->blob_size_lo, ly->blob_size_hi) << ly->blob_size_lo;
            rsv |= fxt_header_desc((fxt_revision)l, FXT_RT_BLOB)->reserved_mask;
        }
    v->lean_types |= 1u << FXT_RT_BLOB;
    v->blob_rsv = rsv;
    v->blob_size_lo = v->lay[one]->blob_size_lo;
    v->blob_size_m = narrow >> v->blob_size_lo;
}
