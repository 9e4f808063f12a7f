/* SPDX-License-Identifier: MIT */
/*
 * test_mutator - unit tests of the structure-aware mutator (fxtmut):
 * determinism per seed, output bounds (never past max_size), robustness on
 * random and empty inputs, and mutation quality on valid generated traces:
 * a good share stays error-free while the rest trips many different rules.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/mutator.h"
#include "mutator_impl.h"

/* Options that force mutation OP (-1: the mutator's choice), the rest the
 * defaults: for fxt_mutate(). */
static const fxt_mut_options *force(int op)
{
    static fxt_mut_options o;
    o = fxt_mut_options_default();
    o.force_op = op;
    return &o;
}

/* ---- helpers ---- */

typedef struct buf {
    uint8_t *p;
    size_t n, cap;
} buf;

static int bwrite(void *ctx, const void *d, size_t n)
{
    buf *b = ctx;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        while (cap < b->n + n)
            cap *= 2;
        b->p = realloc(b->p, cap);
        ck_assert_ptr_nonnull(b->p);
        b->cap = cap;
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
    return 0;
}

static buf gen(uint64_t seed, uint64_t records, fxt_gen_profile p, int be)
{
    buf b = {NULL, 0, 0};
    fxt_gen_options o = {seed, records, p, be, FXT_REV_CURRENT, 0, 0};
    ck_assert_int_eq(fxt_gen_random(&o, bwrite, &b), 0);
    return b;
}

typedef struct rules_seen {
    unsigned count[FXT_R_END_];
} rules_seen;

static void note_rule(void *ctx, const fxt_issue *is)
{
    rules_seen *r = ctx;
    r->count[is->rule]++;
}

/* Errors of BUF; records every rule it trips in SEEN (may be NULL). */
static long errors_of(const uint8_t *p, size_t n, rules_seen *seen)
{
    /* medium tables: every provider of the generated traces is tracked, and
     * runs do not pay for 9 MB of default tables */
    fxt_options o = fxt_options_default();
    o.max_providers = 8;
    o.max_threads = 64;
    o.max_async = 256;
    o.max_flows = 256;
    if (seen) {
        o.on_issue = note_rule;
        o.ctx = seen;
    }
    long e = fxt_validate_buffer(p, n, &o, NULL);
    ck_assert_int_ge(e, 0);
    return e;
}

/* ---- determinism ---- */

START_TEST(test_deterministic)
{
    buf t = gen(7, 250, FXT_GEN_REALISTIC, 0);
    size_t max = t.n + 8192;
    uint8_t *a = malloc(max), *b = malloc(max);
    for (uint64_t seed = 0; seed < 400; seed++) {
        memcpy(a, t.p, t.n);
        memcpy(b, t.p, t.n);
        size_t na = fxt_mutate(a, t.n, max, seed * 7919, NULL, NULL);
        size_t nb = fxt_mutate(b, t.n, max, seed * 7919, NULL, NULL);
        ck_assert_uint_eq(na, nb);
        ck_assert_int_eq(memcmp(a, b, na), 0);
        /* chains stay deterministic too */
        na = fxt_mutate(a, na, max, seed, NULL, NULL);
        nb = fxt_mutate(b, nb, max, seed, NULL, NULL);
        ck_assert_uint_eq(na, nb);
        ck_assert_int_eq(memcmp(a, b, na), 0);
    }
    /* the thread-local caches do not change results */
    memcpy(a, t.p, t.n);
    size_t n1 = fxt_mutate(a, t.n, max, 12345, NULL, NULL);
    fxt_mutator_release();
    memcpy(b, t.p, t.n);
    size_t n2 = fxt_mutate(b, t.n, max, 12345, NULL, NULL);
    ck_assert_uint_eq(n1, n2);
    ck_assert_int_eq(memcmp(a, b, n1), 0);
    /* different seeds give different outputs (most of the time) */
    unsigned same = 0;
    for (uint64_t seed = 0; seed < 100; seed++) {
        memcpy(a, t.p, t.n);
        memcpy(b, t.p, t.n);
        size_t x = fxt_mutate(a, t.n, max, seed, NULL, NULL), y = fxt_mutate(b, t.n, max, seed + 1000, NULL, NULL);
        same += x == y && memcmp(a, b, x) == 0;
    }
    ck_assert_uint_lt(same, 10);
    /* crossover */
    buf u = gen(8, 160, FXT_GEN_COVERAGE, 1);
    for (uint64_t seed = 0; seed < 200; seed++) {
        size_t x = fxt_crossover(t.p, t.n, u.p, u.n, a, max, seed, NULL);
        size_t y = fxt_crossover(t.p, t.n, u.p, u.n, b, max, seed, NULL);
        ck_assert_uint_eq(x, y);
        ck_assert_int_eq(memcmp(a, b, x), 0);
    }
    free(a), free(b), free(t.p), free(u.p);
}
END_TEST

/* ---- bounds ---- */

#define GUARD 64

static void check_guard(const uint8_t *p, size_t max)
{
    for (size_t i = 0; i < GUARD; i++)
        ck_assert_msg(p[max + i] == 0xa5, "byte %zu past max_size %zu was written", i, max);
}

START_TEST(test_bounds)
{
    buf t = gen(11, 150, FXT_GEN_COVERAGE, 0);
    buf s = gen(12, 140, FXT_GEN_REALISTIC, 1);
    fxt_rng r = {99};
    for (unsigned it = 0; it < 3000; it++) {
        const buf *src = it & 1 ? &s : &t;
        size_t size = (size_t)fxt_rng_below(&r, src->n + 1);
        if (it % 7 == 0)
            size = src->n;
        /* max_size from tiny (forcing cuts) to roomy */
        size_t max = size + (size_t)fxt_rng_below(&r, it % 3 == 0 ? 16 : 20000);
        if (it % 11 == 0 && size > 8)
            max = size; /* no room to grow */
        uint8_t *p = malloc(max + GUARD);
        memcpy(p, src->p, size);
        memset(p + max, 0xa5, GUARD);
        size_t n = fxt_mutate(p, size, max, it, NULL, NULL);
        ck_assert_uint_le(n, max);
        if (max > 0)
            ck_assert_uint_gt(n, 0);
        check_guard(p, max);
        /* crossover into a bounded buffer */
        size_t mo = (size_t)fxt_rng_below(&r, 3 * max + 9);
        uint8_t *o = malloc(mo + GUARD);
        memset(o + mo, 0xa5, GUARD);
        size_t k = fxt_crossover(p, n, src->p, src->n, o, mo, it, NULL);
        ck_assert_uint_le(k, mo);
        check_guard(o, mo);
        free(o);
        free(p);
    }
    /* max_size 0 */
    uint8_t z[GUARD];
    memset(z, 0xa5, sizeof z);
    ck_assert_uint_eq(fxt_mutate(z, 0, 0, 1, NULL, NULL), 0);
    ck_assert_uint_eq(fxt_crossover(t.p, t.n, s.p, s.n, z, 0, 1, NULL), 0);
    for (size_t i = 0; i < GUARD; i++)
        ck_assert_uint_eq(z[i], 0xa5);
    free(t.p), free(s.p);
}
END_TEST

/* ---- robustness ---- */

START_TEST(test_random_inputs)
{
    fxt_rng r = {2024};
    uint8_t *p = malloc(4096 + GUARD);
    size_t prev = 0;
    for (unsigned it = 0; it < 10000; it++) {
        size_t max = 1 + (size_t)fxt_rng_below(&r, 4096);
        size_t size = it % 50 == 0 ? 0 : (size_t)fxt_rng_below(&r, max + 1);
        unsigned kind = (unsigned)fxt_rng_below(&r, 4);
        if (kind == 3 && prev <= max) { /* chain: mutate the previous output again */
            size = prev;
        } else {
            for (size_t i = 0; i < size; i++)
                p[i] = (uint8_t)fxt_rng_next(&r);
            if (kind == 1) {
                /* plausible headers: random record types, small sizes */
                for (size_t o = 0; o + 8 <= size; o += 8) {
                    uint64_t h = fxt_rng_next(&r);
                    h = (h & ~(uint64_t)0xfff0) | ((1 + fxt_rng_below(&r, 6)) << 4);
                    memcpy(p + o, &h, 8);
                }
            }
            if (kind >= 1 && size >= 8) {
                uint64_t m = FXT_MAGIC_RECORD;
                if (it & 1)
                    m = __builtin_bswap64(m);
                memcpy(p, &m, 8);
            }
        }
        memset(p + max, 0xa5, GUARD);
        size_t n = fxt_mutate(p, size, max, it, NULL, NULL);
        ck_assert_uint_le(n, max);
        ck_assert_uint_gt(n, 0);
        check_guard(p, max);
        prev = n;
    }
    free(p);
}
END_TEST

/* ---- quality ---- */

static void quality(const buf *t, unsigned n, unsigned *valid, rules_seen *seen,
                    unsigned op_valid[FXT_MUT_OP_COUNT], unsigned op_total[FXT_MUT_OP_COUNT])
{
    size_t max = t->n + 16384;
    uint8_t *p = malloc(max);
    for (unsigned it = 0; it < n; it++) {
        memcpy(p, t->p, t->n);
        fxt_mut_info info;
        size_t k = fxt_mutate(p, t->n, max, 0xabc000u + it, force(-1), &info);
        long e = errors_of(p, k, seen);
        *valid += e == 0;
        if (info.nops == 1) {
            op_total[info.ops[0]]++;
            op_valid[info.ops[0]] += e == 0;
        }
    }
    free(p);
}

START_TEST(test_quality)
{
    buf traces[3] = {gen(21, 300, FXT_GEN_REALISTIC, 0), gen(22, 160, FXT_GEN_COVERAGE, 0),
                     gen(23, 250, FXT_GEN_REALISTIC, 1)};
    rules_seen seen;
    memset(&seen, 0, sizeof seen);
    unsigned valid = 0, total = 0, op_valid[FXT_MUT_OP_COUNT] = {0},
             op_total[FXT_MUT_OP_COUNT] = {0};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(errors_of(traces[i].p, traces[i].n, NULL), 0);
        quality(&traces[i], 1500, &valid, &seen, op_valid, op_total);
        total += 1500;
    }
    unsigned distinct = 0;
    for (unsigned r = 1; r < FXT_R_END_; r++)
        distinct += seen.count[r] != 0;
    printf("mutator quality: %u of %u mutations error-free (%.1f%%), %u distinct rules tripped\n",
           valid, total, 100.0 * valid / total, distinct);
    printf("  rules:");
    for (unsigned r = 1; r < FXT_R_END_; r++)
        if (seen.count[r])
            printf(" %s", fxt_rule_get((fxt_rule)r)->id);
    printf("\n  single-mutation outputs still error-free, per mutation:\n");
    for (int op = 0; op < FXT_MUT_OP_COUNT; op++)
        printf("    %-17s %4u of %4u\n", fxt_mut_op_name(op), op_valid[op], op_total[op]);
    ck_assert_msg(valid * 100 > total * 30, "only %u of %u mutations stayed valid", valid, total);
    ck_assert_msg(valid * 100 < total * 85, "%u of %u mutations stayed valid: too tame", valid,
                  total);
    ck_assert_msg(distinct > 15, "only %u distinct rules tripped", distinct);
    for (int i = 0; i < 3; i++)
        free(traces[i].p);
}
END_TEST

/* Every mutation applies to a generated trace and changes it. */
START_TEST(test_each_op)
{
    buf t = gen(31, 200, FXT_GEN_COVERAGE, 0);
    size_t max = t.n + 16384;
    uint8_t *p = malloc(max);
    for (int op = 0; op < FXT_MUT_OP_COUNT; op++) {
        unsigned applied = 0, changed = 0, invalid = 0;
        for (unsigned it = 0; it < 60; it++) {
            memcpy(p, t.p, t.n);
            fxt_mut_info info;
            size_t k = fxt_mutate(p, t.n, max, 777 + it, force(op), &info);
            if (!info.fallback) {
                ck_assert_uint_eq(info.nops, 1);
                ck_assert_int_eq(info.ops[0], op);
                applied++;
            }
            changed += k != t.n || memcmp(p, t.p, k) != 0;
            invalid += errors_of(p, k, NULL) > 0;
        }
        ck_assert_msg(applied >= 30, "%s applied %u of 60 times", fxt_mut_op_name(op), applied);
        ck_assert_msg(changed >= 20, "%s changed the trace %u of 60 times", fxt_mut_op_name(op),
                      changed);
        /* the mutations meant to break something do */
        switch (op) {
        case FXT_MUT_FLIP_RESERVED:
        case FXT_MUT_RECORD_SIZE:
        case FXT_MUT_ARG_SIZE:
        case FXT_MUT_RETARGET_REF:
        case FXT_MUT_CORRUPT_UTF8:
        case FXT_MUT_CORRUPT_PADDING:
        case FXT_MUT_UNDEFINED_TYPE:
            ck_assert_msg(invalid >= 50, "%s: only %u of 60 outputs invalid", fxt_mut_op_name(op),
                          invalid);
            break;
        case FXT_MUT_INSERT_MODEL:
        case FXT_MUT_INSERT_GENERATED:
        case FXT_MUT_SWITCH_REF:
        case FXT_MUT_BYTE_SWAP:
        case FXT_MUT_RECORD_EXTEND:
        case FXT_MUT_ARG_EXTEND:
            ck_assert_msg(invalid <= 15, "%s: %u of 60 outputs invalid", fxt_mut_op_name(op),
                          invalid);
            break;
        default:
            break;
        }
    }
    ck_assert_str_eq(fxt_mut_op_name(FXT_MUT_OP_COUNT), "?");
    free(p);
    free(t.p);
}
END_TEST

/* Byte swap converts every record (words swapped around the byte streams
 * found by the mutator's walk, or decoded and re-encoded): the result is
 * valid, and twice is the identity on valid traces. Both profiles, both
 * byte orders, several seeds. */
START_TEST(test_byte_swap)
{
    for (int k = 0; k < 12; k++) {
        int be = k & 1;
        buf t = gen(41 + (uint64_t)k, 300, k & 2 ? FXT_GEN_REALISTIC : FXT_GEN_COVERAGE, be);
        size_t max = t.n + 64;
        uint8_t *p = malloc(max);
        memcpy(p, t.p, t.n);
        size_t n = fxt_mutate(p, t.n, max, 5, force(FXT_MUT_BYTE_SWAP), NULL);
        ck_assert_uint_eq(n, t.n);
        fxt_stats st;
        fxt_options o = fxt_options_default();
        ck_assert_int_eq(fxt_validate_buffer(p, n, &o, &st), 0);
        ck_assert_int_eq(st.big_endian, !be);
        n = fxt_mutate(p, n, max, 6, force(FXT_MUT_BYTE_SWAP), NULL);
        ck_assert_uint_eq(n, t.n);
        ck_assert_int_eq(memcmp(p, t.p, n), 0);
        free(p);
        free(t.p);
    }
}
END_TEST

/* Writing back in place (records moved within the caller's buffer, only
 * what moved) gives the bytes of the plain copy, for every kind of record
 * list edit: several random mutations, then both writes compared. */
START_TEST(test_write_back)
{
    buf t = gen(51, 300, FXT_GEN_COVERAGE, 0);
    size_t max = t.n + 4096;
    uint8_t *data = malloc(max), *want = malloc(max);
    unsigned moved = 0, kinds = 0;
    for (uint64_t seed = 0; seed < 600; seed++) {
        memcpy(data, t.p, t.n);
        mut m;
        fxt__mut_init(&m, seed, FXT_REV_CURRENT);
        ck_assert(fxt__mut_parse(&m, &m.t, data, t.n));
        static int (*const k_edits[])(mut *) = {
            fxt__mut_op_delete, fxt__mut_op_insert_model, fxt__mut_op_truncate,
            fxt__mut_op_record_extend, fxt__mut_op_flip_reserved, fxt__mut_op_duplicate,
            fxt__mut_op_swap, fxt__mut_op_arg_extend};
        unsigned nk = sizeof k_edits / sizeof *k_edits;
        for (unsigned k = 0; k < 1 + seed % 4; k++)
            (void)k_edits[(seed / 4 + k * 3) % nk](&m);
        size_t max_out = seed % 5 == 0 ? t.n / 2 : max; /* cut too */
        size_t nw = fxt__mut_write_out(&m.t, want, max_out);
        size_t nb = fxt__mut_write_back(&m, data, max_out);
        ck_assert_uint_eq(nb, nw);
        ck_assert_msg(memcmp(data, want, nw) == 0, "seed %llu: written back wrong",
                      (unsigned long long)seed);
        moved += nw != t.n;
        kinds |= 1u << ((seed / 4) % nk);
        fxt__mut_free(&m);
    }
    ck_assert_uint_gt(moved, 200);
    ck_assert_uint_eq(kinds, 0xffu);
    free(data), free(want), free(t.p);
}
END_TEST

/* The records of P (N bytes) as the mutator frames them: their count, and
 * in END[i] where record i ends. */
static size_t record_ends(const uint8_t *p, size_t n, size_t *end, size_t cap)
{
    mut m;
    fxt__mut_init(&m, 0, FXT_REV_CURRENT);
    ck_assert(fxt__mut_parse(&m, &m.t, p, n));
    ck_assert_uint_le(m.t.n, cap);
    size_t o = 0;
    for (size_t i = 0; i < m.t.n; i++)
        end[i] = o += m.t.r[i].len;
    size_t k = m.t.n;
    fxt__mut_free(&m);
    return k;
}

/* Crop: with crop_pct 100, an in-place mutation's output is the uncropped
 * output up to FXT_MUT_CROP_KEEP records past the changed one, exactly (the
 * whole prefix kept, the unchanged tail dropped); a list edit's output is a
 * prefix of the uncropped one that keeps the edit. Traces under
 * crop_min_size keep everything; the default crops about half of the
 * calls. */
START_TEST(test_crop)
{
    buf t = gen(61, 400, FXT_GEN_REALISTIC, _i & 1);
    ck_assert_uint_gt(t.n, 8192);
    size_t max = t.n + 4096, cap = 4096;
    uint8_t *full = malloc(max), *cut = malloc(max);
    size_t *end = malloc(cap * sizeof *end);
    fxt_mut_options keep_all = fxt_mut_options_default(), crop_all = keep_all;
    keep_all.crop_pct = 0;
    crop_all.crop_pct = 100;
    static const int k_ops[] = {FXT_MUT_DATA_WORD, FXT_MUT_FLIP_RESERVED, FXT_MUT_UNDEFINED_TYPE,
                                FXT_MUT_DELETE, FXT_MUT_INSERT_MODEL, FXT_MUT_SWAP};
    unsigned cropped = 0, exact = 0;
    for (uint64_t seed = 0; seed < 240; seed++) {
        int op = k_ops[seed % 6];
        keep_all.force_op = crop_all.force_op = op;
        fxt_mut_info fi, ci;
        memcpy(full, t.p, t.n);
        memcpy(cut, t.p, t.n);
        size_t nf = fxt_mutate(full, t.n, max, seed, &keep_all, &fi);
        size_t nc = fxt_mutate(cut, t.n, max, seed, &crop_all, &ci);
        if (fi.fallback)
            continue;
        ck_assert_uint_le(nc, nf);
        ck_assert_msg(memcmp(cut, full, nc) == 0, "seed %llu: the crop is not a prefix",
                      (unsigned long long)seed);
        cropped += nc < nf;
        size_t nrec = record_ends(full, nf, end, cap);
        if (op <= FXT_MUT_UNDEFINED_TYPE && nf == t.n) { /* in place: one record changed */
            size_t last = nf;
            while (last > 0 && full[last - 1] == t.p[last - 1])
                last--;
            if (last == 0) /* a value set to what it was */
                continue;
            size_t c = 0;
            while (end[c] < last)
                c++;
            size_t want = c + FXT_MUT_CROP_KEEP < nrec ? end[c + FXT_MUT_CROP_KEEP] : nf;
            ck_assert_msg(nc == want, "seed %llu (%s): cropped to %zu bytes, want %zu",
                          (unsigned long long)seed, fxt_mut_op_name(op), nc, want);
            exact++;
        } else {
            /* a list edit: the first byte that differs from the input is kept */
            size_t d = 0;
            while (d < nf && d < t.n && full[d] == t.p[d])
                d++;
            ck_assert(nc > d || nc == nf);
        }
    }
    ck_assert_uint_gt(exact, 80);
    ck_assert_uint_gt(cropped, 150);
    /* defaults: about nine calls in ten crop; under crop_min_size, none */
    fxt_mut_options def = fxt_mut_options_default();
    def.force_op = FXT_MUT_DATA_WORD;
    unsigned def_cropped = 0, small_cropped = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        memcpy(cut, t.p, t.n);
        def_cropped += fxt_mutate(cut, t.n, max, seed, &def, NULL) < t.n;
        crop_all.crop_min_size = t.n + 1;
        crop_all.force_op = FXT_MUT_DATA_WORD;
        memcpy(cut, t.p, t.n);
        small_cropped += fxt_mutate(cut, t.n, max, seed, &crop_all, NULL) < t.n;
    }
    ck_assert_uint_gt(def_cropped, 160);
    ck_assert_uint_lt(def_cropped, 196);
    ck_assert_uint_eq(small_cropped, 0);
    free(full), free(cut), free(end), free(t.p);
}
END_TEST

/* Where the validator (the strict decoder, not the mutator's parse) says
 * each record starts, and which set state: the initialization record
 * (type 1) and provider metadata (type 0, metadata type 1-3). */
typedef struct rec_map {
    size_t n, nstate;
    uint64_t off[1024];
    size_t state[1024]; /* indexes into off of the state records */
} rec_map;

static void on_rec(void *ctx, const fxt_record *r)
{
    rec_map *m = ctx;
    ck_assert_uint_lt(m->n, 1024);
    unsigned mt = (unsigned)(r->header >> 16) & 15;
    if (r->type == 1 || (r->type == 0 && mt >= 1 && mt <= 3))
        m->state[m->nstate++] = m->n;
    m->off[m->n++] = r->offset;
}

/* The records of the valid trace T as the validator reads them. */
static rec_map *map_records(const buf *t)
{
    rec_map *m = calloc(1, sizeof *m);
    fxt_options vo = fxt_options_default();
    vo.on_record = on_rec;
    vo.ctx = m;
    ck_assert_int_eq(fxt_validate_buffer(t->p, t->n, &vo, NULL), 0);
    return m;
}

/* fxt_mut_drop_state(K): the input without its K-th state record, byte for
 * byte; past the last, 0 and the input untouched. */
START_TEST(test_drop_state)
{
    buf t = gen(71 + (uint64_t)_i, 300, FXT_GEN_REALISTIC, _i & 1);
    rec_map *m = map_records(&t);
    ck_assert_uint_ge(m->nstate, 2); /* initialization and a provider at least */
    size_t max = t.n + 64;
    uint8_t *b = malloc(max);
    for (unsigned k = 0; k <= m->nstate; k++) {
        memcpy(b, t.p, t.n);
        size_t n = fxt_mut_drop_state(b, t.n, max, k, NULL);
        if (k == m->nstate) {
            ck_assert_uint_eq(n, 0);
            ck_assert(memcmp(b, t.p, t.n) == 0);
            break;
        }
        size_t i = m->state[k];
        size_t lo = m->off[i], hi = i + 1 < m->n ? m->off[i + 1] : t.n;
        ck_assert_uint_eq(n, t.n - (hi - lo));
        ck_assert(memcmp(b, t.p, lo) == 0);
        ck_assert(memcmp(b + lo, t.p + hi, t.n - hi) == 0);
    }
    /* a trace that is only its initialization record (type 1, 2 words):
     * nothing would be left */
    static const uint8_t init[16] = {0x21, 0, 0, 0, 0, 0, 0, 0, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0};
    memcpy(b, init, 16);
    ck_assert_uint_eq(fxt_mut_drop_state(b, 16, 16, 0, NULL), 0);
    ck_assert(memcmp(b, init, 16) == 0);
    /* SIZE past MAX_SIZE reads MAX_SIZE bytes, here up to the end of the
     * first state record, which goes: what was before it is left */
    memcpy(b, t.p, t.n);
    ck_assert_uint_eq(fxt_mut_drop_state(b, t.n, m->off[m->state[0] + 1], 0, NULL),
                      m->off[m->state[0]]);
    /* not a trace: nothing to drop */
    memset(b, 0xff, 64);
    ck_assert_uint_eq(fxt_mut_drop_state(b, 64, 64, 0, NULL), 0);
    ck_assert_uint_eq(fxt_mut_drop_state(NULL, 0, 64, 0, NULL), 0);
    free(b), free(m), free(t.p);
}
END_TEST

/* fxt_mut_record_count / fxt_mut_delete_records (the AFL++ glue's trim):
 * record numbers and the bytes removed checked against the validator's
 * record offsets, in both byte orders. */
START_TEST(test_delete_records)
{
    buf t = gen(91 + (uint64_t)_i, 300, FXT_GEN_REALISTIC, _i & 1);
    rec_map *m = map_records(&t);
    ck_assert_uint_eq(fxt_mut_record_count(t.p, t.n, NULL), m->n);
    uint8_t *b = malloc(t.n);
    const size_t n = m->n;
    /* (first, count): the first, middle and last records, runs, all but one */
    const size_t cases[][2] = {{0, 1}, {1, 1}, {n / 2, 3}, {n - 1, 1}, {n - 5, 5}, {1, n - 1},
                               {0, n - 1}, {n / 3, n / 3}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const size_t first = cases[c][0], count = cases[c][1];
        size_t lo = m->off[first], hi = first + count < n ? m->off[first + count] : t.n;
        memcpy(b, t.p, t.n);
        size_t k = fxt_mut_delete_records(b, t.n, first, count, NULL);
        ck_assert_msg(k == t.n - (hi - lo), "delete %zu+%zu: size %zu", first, count, k);
        ck_assert(memcmp(b, t.p, lo) == 0);
        ck_assert(memcmp(b + lo, t.p + hi, t.n - hi) == 0);
    }
    /* nothing, past the end, everything: 0 and DATA unchanged */
    const size_t bad[][2] = {{0, 0}, {n, 1}, {n - 2, 3}, {0, n}, {SIZE_MAX, 2}, {1, SIZE_MAX}};
    for (size_t c = 0; c < sizeof bad / sizeof bad[0]; c++) {
        memcpy(b, t.p, t.n);
        ck_assert_uint_eq(fxt_mut_delete_records(b, t.n, bad[c][0], bad[c][1], NULL), 0);
        ck_assert(memcmp(b, t.p, t.n) == 0);
    }
    /* not a trace: one record (its size clamped to the input), never
     * deleted; NULL */
    memset(b, 0xff, 64);
    ck_assert_uint_eq(fxt_mut_record_count(b, 64, NULL), 1);
    ck_assert_uint_eq(fxt_mut_delete_records(b, 64, 0, 1, NULL), 0);
    ck_assert_uint_eq(fxt_mut_record_count(NULL, 0, NULL), 0);
    ck_assert_uint_eq(fxt_mut_delete_records(NULL, 0, 0, 1, NULL), 0);
    free(b), free(m), free(t.p);
    /* past 4095 records the rest is one */
    buf big = gen(5, 6000, FXT_GEN_REALISTIC, 0);
    ck_assert_uint_eq(fxt_mut_record_count(big.p, big.n, NULL), 4096);
    free(big.p);
}
END_TEST

/* Bytes of the leading records of a generated trace in order ORD, from
 * the spec's layouts: magic record 1 word, initialization record 2 words,
 * provider info 1 word and the 10-byte name "compositor" padded to 2
 * words, provider section 1 word. */
static size_t lead_bytes(unsigned ord)
{
    return (ord & FXT_GEN_ORDER_NO_MAGIC ? 0 : 8) + 16 + 24 +
           (ord & FXT_GEN_ORDER_SECTION ? 8 : 0);
}

static buf gen_order(uint64_t seed, int be, unsigned ord)
{
    buf b = {NULL, 0, 0};
    fxt_gen_options o = {seed, 200, FXT_GEN_REALISTIC, be, FXT_REV_CURRENT, ord, 0};
    ck_assert_int_eq(fxt_gen_random(&o, bwrite, &b), 0);
    return b;
}

/* fxt_mut_set_order from every order to every order: the leading records
 * byte for byte as the generator writes them in that order, the rest of
 * the trace unchanged, no error; a big-endian trace keeps its magic
 * record (0, input untouched); the reorder mutation always gives a valid
 * trace in another order, and in time every other order. */
START_TEST(test_orders)
{
    const int be = _i & 1;
    uint8_t *b = malloc(1 << 20);
    for (unsigned from = 0; from < FXT_GEN_ORDER_COUNT; from++) {
        if (be && (from & FXT_GEN_ORDER_NO_MAGIC))
            continue;
        buf t = gen_order(41 + from, be, from);
        ck_assert_int_eq(fxt_mut_order_of(t.p, t.n, NULL), (int)from);
        for (unsigned to = 0; to < FXT_GEN_ORDER_COUNT; to++) {
            memcpy(b, t.p, t.n);
            size_t n = fxt_mut_set_order(b, t.n, t.n + 64, to, NULL);
            if (be && (to & FXT_GEN_ORDER_NO_MAGIC)) {
                ck_assert_uint_eq(n, 0);
                ck_assert(memcmp(b, t.p, t.n) == 0);
                continue;
            }
            buf g = gen_order(41 + from, be, to);
            size_t lf = lead_bytes(from), lt = lead_bytes(to);
            ck_assert_msg(n == t.n - lf + lt, "order %u -> %u: %zu bytes", from, to, n);
            ck_assert_msg(memcmp(b, g.p, lt) == 0, "order %u -> %u: leading records", from, to);
            ck_assert(memcmp(b + lt, t.p + lf, t.n - lf) == 0);
            ck_assert_int_eq(fxt_mut_order_of(b, n, NULL), (int)to);
            ck_assert_int_eq(errors_of(b, n, NULL), 0);
            /* no room for the records it adds: 0, untouched */
            if (lt > lf) {
                memcpy(b, t.p, t.n);
                ck_assert_uint_eq(fxt_mut_set_order(b, t.n, t.n, to, NULL), 0);
                ck_assert(memcmp(b, t.p, t.n) == 0);
            }
            free(g.p);
        }
        /* the reorder mutation */
        unsigned reached = 0;
        for (unsigned s = 0; s < 80; s++) {
            memcpy(b, t.p, t.n);
            fxt_mut_info info;
            fxt_mut_options o = fxt_mut_options_default();
            o.force_op = FXT_MUT_REORDER;
            o.crop_pct = 0;
            size_t n = fxt_mutate(b, t.n, t.n + 64, 900 + s, &o, &info);
            ck_assert_int_eq(info.fallback, 0);
            int got = fxt_mut_order_of(b, n, NULL);
            ck_assert_int_ge(got, 0);
            ck_assert_int_ne(got, (int)from);
            ck_assert_int_eq(errors_of(b, n, NULL), 0);
            reached |= 1u << got;
        }
        ck_assert_uint_eq(reached, be ? 0x55u & ~(1u << from) : 0xffu & ~(1u << from));
        free(t.p);
    }
    /* the magic record alone is in every order that has one */
    static const uint8_t magic[8] = {0x10, 0x00, 0x04, 0x46, 0x78, 0x54, 0x16, 0x00};
    for (unsigned to = 0; to < FXT_GEN_ORDER_COUNT; to += 2) {
        memcpy(b, magic, 8);
        ck_assert_uint_eq(fxt_mut_set_order(b, 8, 64, to, NULL), 8);
    }
    /* two initialization records before the provider: no order, nothing moved */
    static const uint64_t two_init[] = {0x0016547846040010ull, 0x21, 1000, 0x21, 1000,
                                        0x110010};
    memcpy(b, two_init, sizeof two_init);
    ck_assert_int_eq(fxt_mut_order_of(b, sizeof two_init, NULL), -1);
    ck_assert_uint_eq(fxt_mut_set_order(b, sizeof two_init, 256, FXT_GEN_ORDER_PROVIDER_FIRST,
                                        NULL),
                      0);
    ck_assert(memcmp(b, two_init, sizeof two_init) == 0);
    ck_assert_uint_eq(fxt_mut_set_order(b, 8, 64, FXT_GEN_ORDER_COUNT, NULL), 0);
    ck_assert_uint_eq(fxt_mut_set_order(NULL, 8, 64, 0, NULL), 0);
    ck_assert_str_eq(fxt_mut_op_name(FXT_MUT_REORDER), "reorder");
    free(b);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fxtmut");
    TCase *tc = tcase_create("mutator");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_deterministic);
    tcase_add_test(tc, test_bounds);
    tcase_add_test(tc, test_random_inputs);
    tcase_add_test(tc, test_quality);
    tcase_add_test(tc, test_each_op);
    tcase_add_test(tc, test_byte_swap);
    tcase_add_test(tc, test_write_back);
    tcase_add_loop_test(tc, test_crop, 0, 2);
    tcase_add_loop_test(tc, test_drop_state, 0, 2);
    tcase_add_loop_test(tc, test_delete_records, 0, 2);
    tcase_add_loop_test(tc, test_orders, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
