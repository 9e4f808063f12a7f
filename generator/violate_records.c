/* SPDX-License-Identifier: MIT */
/*
 * violate_records.c - one-violation generators for framing (empty input,
 * truncation, sizes, undefined record types), padding, UTF-8, string
 * length, string and thread refs, the magic record, metadata,
 * initialization, string and thread records. See violate_blocks.h.
 */
#include <stdlib.h>

#include "violate_blocks.h"


static void v_empty_input(vctx *c)
{
    c->where = P_EMPTY;
    DESC("an empty file (0 bytes)");
}

static void v_truncated(vctx *c)
{
    c->where = P_TRUNCATE;
    fix(c); /* the twin: the event whole (violate.c) */
    /* an instant event with an inline thread and an inline name */
    static const char name[] = "cut-short-event";
    rec_begin(c);
    W(c, ts(c));
    W(c, FRESH_PID + rnd(c, 1000));
    W(c, FRESH_TID + rnd(c, 1000));
    S(c, name, sizeof name - 1);
    uint64_t h = ev_hdr(c, FXT_ET_INSTANT, 0, FXT_THREADREF_INLINE);
    h = FXT_SET(h, FXT_EV_NAME, FXT_STRREF_INLINE_FLAG | (sizeof name - 1));
    rec_end(c, h, 0);
    if (rnd(c, 2)) {
        c->keep = 1 + rnd(c, 7);
        DESC("%zu trailing bytes (the start of an instant event) after the last record",
             c->keep);
    } else {
        c->keep = 8 + rnd(c, c->w.len - 8);
        DESC("an instant event of %zu bytes cut after %zu bytes at the end of the file",
             c->w.len, c->keep);
    }
}

static void v_record_size_zero(vctx *c)
{
    /* a large blob header only where large records exist (r3 on) */
    if (rnd(c, 3) || !fxt_layout_defines(c->l->record_types, FXT_RT_LARGE)) {
        rec_begin(c);
        if (fix(c))
            W(c, 5000000000u); /* the twin: the timestamp, the size 2 */
        rec_end(c, ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c)), c->twin ? 0 : -1);
        DESC("an instant event header with record size 0 (the rest of the file is not read)");
    } else {
        uint64_t h = FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE), FXT_LREC_TYPE, FXT_LT_BLOB);
        W(c, FXT_SET(h, FXT_LBLOB_FORMAT, FXT_LBF_NO_METADATA));
        DESC("a large blob header with record size 0 (the rest of the file is not read)");
    }
}

static void v_record_too_small(vctx *c)
{
    switch (rnd(c, 3)) {
    case 0:
        if (fix(c)) {
            W(c, hdr(FXT_RT_INIT, 2));
            W(c, 1000000000u);
        } else
            W(c, hdr(FXT_RT_INIT, 1));
        DESC("an initialization record of size 1 (no tick multiplier word)");
        break;
    case 1:
        W(c, FXT_SET(ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c)), FXT_REC_SIZE, fix(c) ? 2 : 1));
        if (c->twin)
            W(c, ts(c));
        DESC("an instant event of size 1 (no timestamp word)");
        break;
    default: {
        unsigned idx = (unsigned)range(c, 200, 255);
        W(c, FXT_SET(hdr(FXT_RT_THREAD, fix(c) ? 3 : 2), FXT_THR_INDEX, idx));
        W(c, FRESH_PID);
        if (c->twin)
            W(c, FRESH_TID);
        DESC("a thread record (index %u) of size 2 (no thread koid word)", idx);
        break;
    }
    }
}

static void v_record_size_extra(vctx *c)
{
    uint64_t extra = fxt_rng_next(&c->r);
    const int twin = fix(c);
    switch (rnd(c, 3)) {
    case 0:
        rec_begin(c);
        W(c, 1000000000u);
        if (!twin)
            W(c, extra);
        rec_end(c, hdr(FXT_RT_INIT, 0), 0);
        DESC("an initialization record of size 3 (one appended word)");
        break;
    case 1:
        rec_begin(c);
        W(c, ts(c));
        if (!twin)
            W(c, extra);
        rec_end(c, ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c)), 0);
        DESC("an instant event with one appended word");
        break;
    default: {
        rec_begin(c);
        W(c, 100000 + rnd(c, 1000));
        if (!twin) {
            W(c, extra);
            W(c, extra ^ 0xffff);
        }
        uint64_t h = hdr(FXT_RT_KERNEL_OBJECT, 0);
        h = FXT_SET(h, FXT_KOBJ_TYPE, range(c, 1, 30));
        h = FXT_SET(h, FXT_KOBJ_NAME, reg_str(c));
        rec_end(c, h, 0);
        DESC("a kernel object record with two appended words");
        break;
    }
    }
}

static void v_record_type_unknown(vctx *c)
{
    unsigned type = (unsigned)range(c, 10, 14);
    unsigned words = (unsigned)range(c, 1, 3);
    W(c, hdr(type, words));
    for (unsigned i = 1; i < words; i++)
        W(c, 0);
    DESC("a record of undefined type %u (%u words)", type, words);
}

static void v_padding_nonzero(vctx *c)
{
    uint8_t block[8] = {'p', 'a', 'd', 0, 0, 0, 0, 0};
    size_t len = 3;
    uint8_t val = (uint8_t)range(c, 1, 255);
    size_t bad = len + (size_t)rnd(c, 8 - len); /* the padding byte at fault */
    block[bad] = fix(c) ? 0 : val;
    if (rnd(c, 2)) {
        unsigned t = log_begin(c, 1);
        c->field = c->w.len + bad;
        RAW(c, block, 8);
        log_end(c, t, len, 0);
        DESC("a log record (inline thread) whose message \"pad\" has a nonzero padding byte");
    } else {
        rec_begin(c);
        W(c, ts(c));
        c->field = c->w.len + bad;
        RAW(c, block, 8);
        uint64_t h = ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c));
        h = FXT_SET(h, FXT_EV_NAME, FXT_STRREF_INLINE_FLAG | len);
        rec_end(c, h, 0);
        DESC("an instant event whose inline name \"pad\" has a nonzero padding byte");
    }
}

static void v_utf8_invalid(vctx *c)
{
    /* AT: the first byte of the first ill-formed sequence (the field) */
    static const struct {
        const char *s;
        size_t n, at;
        const char *what;
    } k_bad[] = {
        {"log \xff msg", 9, 4, "a 0xff byte"},
        {"ab\xc0\x80", 4, 2, "an overlong encoding of U+0000"},
        {"\xed\xa0\x80 surrogate", 13, 0, "a UTF-16 surrogate (U+D800)"},
        {"big \xf4\x90\x80\x80", 8, 4, "a code point above U+10FFFF"},
        {"cut \xe2\x82", 6, 4, "a sequence cut by the end of the string"},
    };
    unsigned k = (unsigned)rnd(c, sizeof k_bad / sizeof *k_bad);
    char good[16];
    memcpy(good, k_bad[k].s, k_bad[k].n);
    for (size_t i = 0; i < k_bad[k].n; i++)
        if ((unsigned char)good[i] >= 0x80)
            good[i] = '?';
    const char *str = fix(c) ? good : k_bad[k].s;
    if (rnd(c, 2)) {
        unsigned t = log_begin(c, rnd(c, 2) != 0);
        c->field = c->w.len + k_bad[k].at;
        S(c, str, k_bad[k].n);
        log_end(c, t, k_bad[k].n, 0);
        DESC("a log record whose message holds %s", k_bad[k].what);
    } else {
        rec_begin(c);
        W(c, ts(c));
        c->field = c->w.len + k_bad[k].at;
        S(c, str, k_bad[k].n);
        uint64_t h = ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c));
        h = FXT_SET(h, FXT_EV_NAME, FXT_STRREF_INLINE_FLAG | k_bad[k].n);
        rec_end(c, h, 0);
        DESC("an instant event whose inline name holds %s", k_bad[k].what);
    }
}

static void v_string_too_long(vctx *c)
{
    /* indexed thread: 2 words + the message fit 4095 words up to 32744 bytes */
    size_t len = FXT_MAX_STRING_LEN + 1 + (size_t)rnd(c, 700);
    char *msg = malloc(len);
    if (msg == NULL) {
        c->werr = 1;
        return;
    }
    static const char lorem[] = "the quick brown fox jumps over the lazy dog. ";
    for (size_t i = 0; i < len; i++)
        msg[i] = lorem[i % (sizeof lorem - 1)];
    if (fix(c))
        len = FXT_MAX_STRING_LEN; /* the longest a string may be */
    unsigned t = log_begin(c, 0);
    field_here(c); /* the string's first byte */
    S(c, msg, len);
    log_end(c, t, len, 0);
    free(msg);
    DESC("a log record whose message is %zu bytes long", len);
}

static void v_string_ref_unregistered(vctx *c)
{
    unsigned idx = (unsigned)range(c, BASE_STRINGS + 1, FXT_MAX_STRING_INDEX - 1);
    if (fix(c))
        idx = 1 + idx % BASE_STRINGS; /* a registered one */
    unsigned k = (unsigned)rnd(c, 3);
    rec_begin(c);
    W(c, ts(c));
    uint64_t h = ev_hdr(c, FXT_ET_INSTANT, k == 2, reg_thread(c));
    if (k == 0)
        h = FXT_SET(h, FXT_EV_CATEGORY, idx);
    else if (k == 1)
        h = FXT_SET(h, FXT_EV_NAME, idx);
    else {
        field_here(c); /* the argument header holds the value ref */
        arg_begin(c);
        arg_end(c, FXT_SET(arg_hdr(FXT_AT_STRING, reg_str(c)), FXT_ARG_STR_VALUE, idx), 0);
    }
    rec_end(c, h, 0);
    DESC("an instant event whose %s refers to unregistered string index %u",
         k == 0 ? "category" : k == 1 ? "name" : "string argument value", idx);
}

static void v_thread_ref_unregistered(vctx *c)
{
    unsigned idx = (unsigned)range(c, BASE_THREADS + 1, FXT_MAX_THREAD_INDEX);
    if (fix(c))
        idx = 1 + idx % BASE_THREADS;
    if (rnd(c, 2)) {
        rec_begin(c);
        W(c, ts(c));
        rec_end(c, ev_hdr(c, FXT_ET_INSTANT, 0, idx), 0);
        DESC("an instant event on unregistered thread index %u", idx);
    } else {
        static const char msg[] = "who am i";
        rec_begin(c);
        W(c, ts(c));
        S(c, msg, sizeof msg - 1);
        log_end(c, idx, sizeof msg - 1, 0);
        DESC("a log record on unregistered thread index %u", idx);
    }
}

static void v_magic_missing(vctx *c)
{
    c->where = P_DROP_MAGIC;
    DESC("the magic number record is left out (the trace starts with its initialization "
         "record)");
}

static void v_magic_not_first(vctx *c)
{
    W(c, FXT_MAGIC_RECORD);
    DESC("a second magic number record in the middle of the trace");
}

static void v_magic_bad_number(vctx *c)
{
    c->where = P_REPLACE_MAGIC;
    uint32_t m = FXT_MAGIC_NUMBER ^ (uint32_t)bit_in(c, 0, 31); /* none in the twin */
    W(c, FXT_SET(FXT_MAGIC_RECORD, FXT_MAGIC_VALUE_FIELD, m));
    DESC("the first record is a magic record with number 0x%08x", m);
}

static void v_magic_bad_size(vctx *c)
{
    c->where = P_REPLACE_MAGIC;
    unsigned words = (unsigned)range(c, 2, 3);
    if (fix(c))
        words = 1;
    W(c, FXT_SET(FXT_MAGIC_RECORD, FXT_REC_SIZE, words));
    for (unsigned i = 1; i < words; i++)
        W(c, 0);
    DESC("the first record is a magic record of %u words", words);
}

static void v_magic_reserved_bits(vctx *c)
{
    c->where = P_REPLACE_MAGIC;
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_MAGIC_RSV), FXT_FIELD_HI(FXT_MAGIC_RSV));
    W(c, FXT_MAGIC_RECORD | b);
    DESC("the first record is a magic record with reserved bits 0x%016llx set",
         (unsigned long long)b);
}

static void v_metadata_type_unknown(vctx *c)
{
    static const unsigned k_types[] = {0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    unsigned t = k_types[rnd(c, sizeof k_types / sizeof *k_types)];
    W(c, FXT_SET(meta_hdr(t), FXT_META_PROVIDER_ID, c->prov_id));
    DESC("a metadata record of undefined metadata type %u", t);
}

static void v_metadata_reserved_bits(vctx *c)
{
    /* provider events exist from r2 on */
    if (rnd(c, 2) && fxt_layout_defines(c->l->metadata_types, FXT_MT_PROVIDER_EVENT)) {
        uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_EVENT), FXT_META_PROVIDER_ID, c->prov_id);
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_PEVENT_RSV), FXT_FIELD_HI(FXT_PEVENT_RSV));
        W(c, h | b);
        DESC("a provider event record (provider %u, event 0) with reserved bits 0x%016llx set",
             c->prov_id, (unsigned long long)b);
    } else {
        /* a section for the current provider: no switch */
        uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_SECTION), FXT_META_PROVIDER_ID, c->prov_id);
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_PSECT_RSV), FXT_FIELD_HI(FXT_PSECT_RSV));
        W(c, h | b);
        DESC("a provider section record for the current provider %u with reserved bits "
             "0x%016llx set",
             c->prov_id, (unsigned long long)b);
    }
}

static void v_provider_event_unknown(vctx *c)
{
    unsigned id = (unsigned)range(c, 1, FXT_FIELD_MAX(FXT_PEVENT_ID));
    if (fix(c))
        id = 0; /* a buffer filled up */
    uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_EVENT), FXT_META_PROVIDER_ID, c->prov_id);
    W(c, FXT_SET(h, FXT_PEVENT_ID, id));
    DESC("a provider event record (provider %u) with undefined event id %u", c->prov_id, id);
}

static void v_provider_restarted(vctx *c)
{
    c->where = P_APPEND;
    /* a provider introduced at the end of the trace, then introduced again */
    uint32_t id = 0x5eed0000u + (uint32_t)rnd(c, 0x10000);
    uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_INFO), FXT_META_PROVIDER_ID, id);
    W(c, FXT_SET(h, FXT_PINFO_NAME_LEN, 0));
    c->mark = c->w.len;
    if (fix(c)) /* the twin: another fresh provider */
        h = FXT_SET(h, FXT_META_PROVIDER_ID, id ^ 1);
    W(c, FXT_SET(h, FXT_PINFO_NAME_LEN, 0));
    DESC("two provider info records for provider %u at the end of the trace: the second starts "
         "it afresh",
         id);
}

static void v_provider_section_unknown(vctx *c)
{
    c->where = P_APPEND;
    uint32_t id = 0x5eed0000u + (uint32_t)rnd(c, 0x10000);
    if (fix(c))
        id = c->prov_id; /* introduced by the base */
    W(c, FXT_SET(meta_hdr(FXT_MT_PROVIDER_SECTION), FXT_META_PROVIDER_ID, id));
    DESC("a provider section record for provider %u, never introduced, at the end of the trace",
         id);
}

static void v_trace_info_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, 1, FXT_FIELD_MAX(FXT_TINFO_TYPE));
    W(c, FXT_SET(meta_hdr(FXT_MT_TRACE_INFO), FXT_TINFO_TYPE, t));
    DESC("a trace info metadata record of undefined trace info type %u", t);
}

static void v_init_reserved_bits(vctx *c)
{
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_INIT_RSV), FXT_FIELD_HI(FXT_INIT_RSV));
    rec_begin(c);
    W(c, 1000000000u);
    rec_end(c, hdr(FXT_RT_INIT, 0) | b, 0);
    DESC("an initialization record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_init_zero_ticks(vctx *c)
{
    rec_begin(c);
    field_here(c); /* the ticks-per-second word */
    W(c, fix(c) ? 1000000000u : 0);
    rec_end(c, hdr(FXT_RT_INIT, 0), 0);
    DESC("an initialization record with 0 ticks per second");
}

static void v_string_record_reserved_bits(vctx *c)
{
    uint64_t b;
    switch (rnd(c, 3)) {
    case 0: b = bit_in(c, FXT_FIELD_LO(FXT_STR_RSV1), FXT_FIELD_HI(FXT_STR_RSV1)); break;
    case 1: b = bit_in(c, FXT_FIELD_LO(FXT_STR_RSV2), FXT_FIELD_HI(FXT_STR_RSV2)); break;
    default: b = bit_in(c, FXT_FIELD_LO(FXT_STR_RSV3), FXT_FIELD_HI(FXT_STR_RSV3)); break;
    }
    size_t n = strlen(BASE_LAST_STRING);
    rec_begin(c);
    S(c, BASE_LAST_STRING, n);
    uint64_t h = FXT_SET(hdr(FXT_RT_STRING, 0), FXT_STR_INDEX, FXT_MAX_STRING_INDEX);
    rec_end(c, FXT_SET(h, FXT_STR_LEN, n) | b, 0);
    DESC("a string record re-registering index 0x7fff with its content, with reserved bits "
         "0x%016llx set",
         (unsigned long long)b);
}

static void v_string_index_zero(vctx *c)
{
    static const char s[] = "index-zero";
    rec_begin(c);
    S(c, s, sizeof s - 1);
    uint64_t h = FXT_SET(hdr(FXT_RT_STRING, 0), FXT_STR_LEN, sizeof s - 1);
    if (fix(c))
        h = FXT_SET(h, FXT_STR_INDEX, FXT_MAX_STRING_INDEX - 1); /* unused by the base */
    rec_end(c, h, 0);
    DESC("a string record for index 0 (\"%s\")", s);
}

static void v_string_empty(vctx *c)
{
    /* 0x7fff is registered by the base and not referenced by its events */
    if (fix(c)) { /* the twin: its content again */
        size_t n = strlen(BASE_LAST_STRING);
        rec_begin(c);
        S(c, BASE_LAST_STRING, n);
        uint64_t h = FXT_SET(hdr(FXT_RT_STRING, 0), FXT_STR_INDEX, FXT_MAX_STRING_INDEX);
        rec_end(c, FXT_SET(h, FXT_STR_LEN, n), 0);
    } else
        W(c, FXT_SET(hdr(FXT_RT_STRING, 1), FXT_STR_INDEX, FXT_MAX_STRING_INDEX));
    DESC("a string record registering the empty string at index 0x7fff");
}

static void v_thread_record_reserved_bits(vctx *c)
{
    unsigned idx = (unsigned)range(c, 200, 255);
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_THR_RSV), FXT_FIELD_HI(FXT_THR_RSV));
    rec_begin(c);
    W(c, FRESH_PID + rnd(c, 1000));
    W(c, FRESH_TID + rnd(c, 1000));
    rec_end(c, FXT_SET(hdr(FXT_RT_THREAD, 0), FXT_THR_INDEX, idx) | b, 0);
    DESC("a thread record for unused index %u with reserved bits 0x%016llx set", idx,
         (unsigned long long)b);
}

static void v_thread_index_zero(vctx *c)
{
    rec_begin(c);
    W(c, FRESH_PID + rnd(c, 1000));
    W(c, FRESH_TID + rnd(c, 1000));
    rec_end(c, FXT_SET(hdr(FXT_RT_THREAD, 0), FXT_THR_INDEX, fix(c) ? 200 : 0), 0);
    DESC("a thread record for index 0");
}

const fxt__vgen fxt__violate_records[] = {
    {FXT_R_EMPTY_INPUT, v_empty_input},
    {FXT_R_TRUNCATED, v_truncated},
    {FXT_R_RECORD_SIZE_ZERO, v_record_size_zero},
    {FXT_R_RECORD_TOO_SMALL, v_record_too_small},
    {FXT_R_RECORD_SIZE_EXTRA, v_record_size_extra},
    {FXT_R_RECORD_TYPE_UNKNOWN, v_record_type_unknown},
    {FXT_R_PADDING_NONZERO, v_padding_nonzero},
    {FXT_R_UTF8_INVALID, v_utf8_invalid},
    {FXT_R_STRING_TOO_LONG, v_string_too_long},
    {FXT_R_STRING_REF_UNREGISTERED, v_string_ref_unregistered},
    {FXT_R_THREAD_REF_UNREGISTERED, v_thread_ref_unregistered},
    {FXT_R_MAGIC_MISSING, v_magic_missing},
    {FXT_R_MAGIC_NOT_FIRST, v_magic_not_first},
    {FXT_R_MAGIC_BAD_NUMBER, v_magic_bad_number},
    {FXT_R_MAGIC_BAD_SIZE, v_magic_bad_size},
    {FXT_R_MAGIC_RESERVED_BITS, v_magic_reserved_bits},
    {FXT_R_METADATA_TYPE_UNKNOWN, v_metadata_type_unknown},
    {FXT_R_METADATA_RESERVED_BITS, v_metadata_reserved_bits},
    {FXT_R_PROVIDER_EVENT_UNKNOWN, v_provider_event_unknown},
    {FXT_R_PROVIDER_SECTION_UNKNOWN, v_provider_section_unknown},
    {FXT_R_PROVIDER_RESTARTED, v_provider_restarted},
    {FXT_R_TRACE_INFO_TYPE_UNKNOWN, v_trace_info_type_unknown},
    {FXT_R_INIT_RESERVED_BITS, v_init_reserved_bits},
    {FXT_R_INIT_ZERO_TICKS, v_init_zero_ticks},
    {FXT_R_STRING_RECORD_RESERVED_BITS, v_string_record_reserved_bits},
    {FXT_R_STRING_INDEX_ZERO, v_string_index_zero},
    {FXT_R_STRING_EMPTY, v_string_empty},
    {FXT_R_THREAD_RECORD_RESERVED_BITS, v_thread_record_reserved_bits},
    {FXT_R_THREAD_INDEX_ZERO, v_thread_index_zero},
    {FXT_R_NONE, NULL},
};
