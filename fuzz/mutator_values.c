/* SPDX-License-Identifier: MIT */
/*
 * mutator_values.c - the values mutations write: interesting numbers, sizes
 * near the edges of their field, sizes that wrap a reader's bounds
 * arithmetic, type values the revision does (or does not) define, texts.
 */
#include "mutator_impl.h"

const mut_text fxt__mut_texts[] = {
    {"", 0},
    {"a", 1},
    {"frame", 5},
    {"abcdefgh", 8},
    {"render::Draw", 12},
    {"h\xc3\xa9llo w\xc3\xb6rld", 13},
    {"\xe2\x9c\x93 ok", 6},
    {"clef \xf0\x9d\x84\x9e", 9},
    {"nul\0inside", 10},
    {"a-sixteen-bytes!", 16},
    {"\xef\xbf\xbf\xf4\x8f\xbf\xbf max", 11},
    {"category:gfx,input,sched,vm,ipc,kernel,sys", 42},
};
#define NTEXTS (sizeof fxt__mut_texts / sizeof *fxt__mut_texts)

mut_text fxt__mut_rand_text(mut *m)
{
    return fxt__mut_texts[mut_rnd(m, NTEXTS)];
}

static uint64_t max_of(unsigned bits)
{
    return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

uint64_t fxt__mut_interesting(mut *m, unsigned bits)
{
    uint64_t max = max_of(bits);
    switch (mut_rnd(m, 10)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return max;
    case 3: return max - 1;
    case 4: return max >> 1;
    case 5: return (max >> 1) + 1;
    case 6: return mut_rnd(m, 256) & max;
    case 7: return bits > 8 ? ((uint64_t)1 << mut_rnd(m, bits)) : 0x80 & max;
    default: return fxt_rng_next(&m->rng) & max;
    }
}

uint64_t fxt__mut_size_value(mut *m, uint64_t cur, unsigned bits)
{
    uint64_t max = max_of(bits);
    switch (mut_rnd(m, 8)) {
    case 0: return 0;
    case 1: return cur - 1;
    case 2: return cur + 1;
    case 3: return max;
    case 4: return max - mut_rnd(m, 4);
    case 5: return cur + 2 + mut_rnd(m, 16);
    case 6: return cur > 1 ? cur / 2 : 2;
    default: return fxt__mut_interesting(m, bits);
    }
}

uint64_t fxt__mut_wrap_value(mut *m, unsigned bits)
{
    uint64_t max = max_of(bits);
    unsigned x = (unsigned)mut_rnd(m, 100);
    if (x < 50) /* "offset + size" and "size rounded up to 8" wrap */
        return max - mut_rnd(m, 8);
    if (x < 65) /* wraps past any offset within a page or a small trace */
        return max - mut_rnd(m, 4096);
    if (x < 75) /* the top bit: negative where a reader keeps sizes signed */
        return (max >> 1) + mut_rnd(m, 2);
    /* no allocation can honour these */
    return (uint64_t)1 << (bits / 2 + mut_rnd(m, bits - bits / 2));
}

uint64_t fxt__mut_type_set(const mut *m, unsigned k)
{
    const fxt_layout *l = m->lay;
    switch (k) {
    case MUT_T_REC: return l->record_types;
    case MUT_T_EVENT: return l->event_types;
    case MUT_T_ARG: return l->arg_types;
    case MUT_T_META: return l->metadata_types;
    case MUT_T_TINFO: return l->trace_info_types;
    case MUT_T_SCHED: return l->sched_types;
    case MUT_T_LARGE: return l->large_types;
    case MUT_T_LBF: return l->large_blob_formats;
    default: return l->blob_types;
    }
}

uint64_t fxt__mut_undefined_value(mut *m, const mut_fld *f)
{
    uint64_t defined = fxt__mut_type_set(m, f->kind);
    unsigned bits = (unsigned)(f->hi - f->lo + 1);
    unsigned width = bits >= 8 ? 256 : 1u << bits;
    unsigned n = 0;
    for (unsigned v = 0; v < width; v++)
        n += !fxt_layout_defines(defined, v);
    unsigned pick = (unsigned)mut_rnd(m, n);
    for (unsigned v = 0; v < width; v++)
        if (!fxt_layout_defines(defined, v) && pick-- == 0)
            return v;
    return 0; /* not reached: every type field has undefined values */
}

unsigned fxt__mut_defined_value(mut *m, unsigned k, unsigned limit, unsigned fallback)
{
    uint64_t defined = fxt__mut_type_set(m, k);
    unsigned n = 0;
    for (unsigned v = 0; v < limit; v++)
        n += fxt_layout_defines(defined, v);
    if (n == 0)
        return fallback;
    unsigned pick = (unsigned)mut_rnd(m, n);
    for (unsigned v = 0; v < limit; v++)
        if (fxt_layout_defines(defined, v) && pick-- == 0)
            return v;
    return fallback;
}

uint8_t *fxt__mut_rand_bytes(mut *m, size_t n)
{
    uint8_t *b = fxt__mut_alloc(m, n);
    if (b)
        for (size_t i = 0; i < n; i++)
            b[i] = (uint8_t)fxt_rng_next(&m->rng);
    return b;
}
