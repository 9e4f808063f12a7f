/* SPDX-License-Identifier: MIT */
/*
 * test_lean_equals.c - the lean path, the decoder and the parallel path,
 * side by side.
 *
 * fxt-validate checks most records on the lean path (validator/fast.c,
 * fast_other.h) and everything else field by field (validator/decode.c);
 * a visitor turns the lean path off. A rule checked in decode.c only would
 * make the two disagree on a record the lean path takes. This test runs
 * both, and the lean path fed 7 bytes at a time, over:
 *   - the golden corpus (fxt_gen_golden: the bytes of corpus/, which ctest
 *     golden-regen holds to the committed files),
 *   - every rule's help example (fxt_rule_example),
 *   - every rule's violation trace (fxt_gen_violate, every revision it
 *     applies to, both byte orders),
 *   - traces holding every lean field at its boundary values (empty
 *     strings and logs, zero koids, index 0 and the largest, the largest
 *     sizes), each record alone and all together, as written and with
 *     every word byte-swapped,
 *   - random traces of both profiles in every revision and byte order, and
 *     copies of them with bytes changed at random (seeded),
 * each under every revision and auto, and demands the very same issues and
 * counts. The parallel path (validator/par.c, fxt_options.threads) runs on
 * each too, cut into pieces of 64 and 200 bytes so that small traces are
 * shared out as large ones are, fed whole and in chunks, and must give one
 * thread's issues and counts. It holds the bodies the lean path reads
 * (fast_contract.h) to the layout table's body order. It also holds the
 * catalogue's kinds column (format/rule_table.h)
 * to what the decoder reports: an issue's record type is one of its rule's
 * kinds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/validate.h"
#include "issue_list.h"
#include "../fast_contract.h" /* the bodies the lean path reads */

static unsigned g_failures;

/* ---- running ---- */


/* Threads and task bytes of the parallel runs (0: one thread). */
static unsigned g_threads;
static unsigned g_task_bytes;

/* Validate B under REV: VISIT attaches a visitor (the decoder for every
 * record), CHUNK > 0 feeds that many bytes at a time; on g_threads threads
 * if set. */
static issues run(const uint8_t *b, size_t len, fxt_revision rev, int visit, size_t chunk,
                  fxt_stats *st)
{
    issues l = {0};
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = &l;
    o.revision = rev;
    o.threads = g_threads;
    o.task_bytes = g_task_bytes;
    if (visit)
        o.on_record = ignore_record;
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL) {
        fprintf(stderr, "fxt_validator_new failed\n");
        exit(2);
    }
    if (chunk == 0)
        fxt_validator_feed(v, b, len);
    for (size_t at = 0; chunk && at < len; at += chunk)
        fxt_validator_feed(v, b + at, len - at < chunk ? len - at : chunk);
    fxt_validator_finish(v);
    fxt_validator_stats(v, st);
    fxt_validator_free(v);
    return l;
}

static int same_issue(const fxt_issue *a, const fxt_issue *b)
{
    return a->rule == b->rule && a->severity == b->severity &&
           a->record_offset == b->record_offset && a->record_index == b->record_index &&
           a->field_offset == b->field_offset && a->record_type == b->record_type &&
           a->field_len == b->field_len && a->bit_lo == b->bit_lo && a->bit_hi == b->bit_hi &&
           a->revisions == b->revisions && a->section == b->section &&
           strcmp(a->message, b->message) == 0;
}

static void show(const char *who, const issues *l, size_t i)
{
    if (i < l->n) {
        const fxt_issue *is = &l->v[i];
        fprintf(stderr, "    %-8s %s at record 0x%llx (type %u), field 0x%llx: %s\n", who,
                fxt_rule_get(is->rule) ? fxt_rule_get(is->rule)->id : "?",
                (unsigned long long)is->record_offset, is->record_type,
                (unsigned long long)is->field_offset, is->message);
    } else {
        fprintf(stderr, "    %-8s (nothing)\n", who);
    }
}

/* The first difference between A and B, or -1. */
static long first_difference(const issues *a, const issues *b)
{
    size_t n = a->n < b->n ? a->n : b->n;
    for (size_t i = 0; i < n; i++)
        if (!same_issue(&a->v[i], &b->v[i]))
            return (long)i;
    return a->n == b->n ? -1 : (long)n;
}

static int same_stats(const fxt_stats *a, const fxt_stats *b)
{
    return a->records == b->records && a->errors == b->errors && a->warnings == b->warnings &&
           a->stopped == b->stopped && a->unchecked == b->unchecked &&
           a->big_endian == b->big_endian &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->events_by_type, b->events_by_type, sizeof a->events_by_type) == 0;
}

static const char *rev_name(fxt_revision r)
{
    static const char *const names[] = {"r1", "r2", "r3", "current", "auto"};
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "?";
}

/* Every issue the decoder reports is about a record of a kind its rule's
 * catalogue line names. */
static void kinds_hold(const issues *l, const char *what, fxt_revision rev)
{
    for (size_t i = 0; i < l->n; i++) {
        const fxt_rule_info *ri = fxt_rule_get(l->v[i].rule);
        unsigned t = l->v[i].record_type;
        if (ri != NULL && t <= FXT_NO_RECORD_TYPE && ((ri->kinds >> t) & 1))
            continue;
        g_failures++;
        fprintf(stderr,
                "FAIL %s (%s): %s %s fired on record type %u (record 0x%llx), which its kinds "
                "column in format/rule_table.h (FXT_RULES) does not name\n",
                what, rev_name(rev), ri ? ri->id : "?", ri ? ri->name : "?", t,
                (unsigned long long)l->v[i].record_offset);
    }
}

static unsigned long g_runs;

/* B under REV: the lean path, whole and in chunks, and the decoder agree. */
static void compare_rev(const uint8_t *b, size_t len, const char *what, fxt_revision rev)
{
    fxt_stats sl, sc, sd;
    issues lean = run(b, len, rev, 0, 0, &sl);
    issues chunked = run(b, len, rev, 0, 7, &sc);
    issues dec = run(b, len, rev, 1, 0, &sd);
    g_runs++;
    long d = first_difference(&lean, &dec);
    if (d >= 0 || !same_stats(&sl, &sd)) {
        g_failures++;
        fprintf(stderr,
                "FAIL %s (%s): the lean path (validator/fast.c for events, validator/fast_other.h "
                "for logs, kernel objects, context switches and blobs) and the decoder "
                "(validator/decode.c) disagree: %zu vs %zu issues, %llu vs %llu records. A rule "
                "the decoder checks on a record the lean path takes must be checked there too, "
                "or make it give up on such records (validator/fast_contract.h says which rules "
                "it covers).\n",
                what, rev_name(rev), lean.n, dec.n, (unsigned long long)sl.records,
                (unsigned long long)sd.records);
        if (d >= 0) {
            fprintf(stderr, "  first difference, issue %ld:\n", d);
            show("lean:", &lean, (size_t)d);
            show("decoder:", &dec, (size_t)d);
        }
    }
    d = first_difference(&lean, &chunked);
    if (d >= 0 || !same_stats(&sl, &sc)) {
        g_failures++;
        fprintf(stderr,
                "FAIL %s (%s): the lean path fed 7 bytes at a time differs from one feed "
                "(validator/stream.c, validator/fast.c; a record split across feeds goes to "
                "validator/decode.c, so a lean/decoder difference shows here too)\n",
                what, rev_name(rev));
        if (d >= 0) {
            show("whole:", &lean, (size_t)d);
            show("chunked:", &chunked, (size_t)d);
        }
    }
    kinds_hold(&dec, what, rev);
    /* the parallel path: 2 threads, pieces of 64 bytes, fed whole; 3
     * threads, pieces of 200 bytes, fed 1000 bytes at a time (the second on
     * every third input and the random traces: threads are started for
     * each validator, and the test runs in the sanitized build too) */
    static const struct { unsigned threads, task; size_t chunk; } par[] = {{2, 64, 0},
                                                                          {3, 200, 1000}};
    static unsigned long g_par_inputs;
    const int all = strncmp(what, "random", 6) == 0 || g_par_inputs++ % 3 == 0;
    for (size_t k = 0; k < (all ? sizeof par / sizeof par[0] : 1); k++) {
        fxt_stats sp;
        g_threads = par[k].threads, g_task_bytes = par[k].task;
        issues pl = run(b, len, rev, 0, par[k].chunk, &sp);
        g_threads = 0, g_task_bytes = 0;
        d = first_difference(&lean, &pl);
        if (d >= 0 || !same_stats(&sl, &sp)) {
            g_failures++;
            fprintf(stderr,
                    "FAIL %s (%s): the parallel path (validator/par.c: pieces checked ahead in "
                    "shadow validators, merged in order) on %u threads, pieces of %u bytes, "
                    "differs from one thread: %zu vs %zu issues, %llu vs %llu records\n",
                    what, rev_name(rev), par[k].threads, par[k].task, pl.n, lean.n,
                    (unsigned long long)sp.records, (unsigned long long)sl.records);
            if (d >= 0) {
                show("1 thread:", &lean, (size_t)d);
                show("threads:", &pl, (size_t)d);
            }
        }
        free(pl.v);
    }
    free(lean.v), free(chunked.v), free(dec.v);
}

static void compare(const uint8_t *b, size_t len, const char *what)
{
    for (int r = FXT_REV_R1; r <= FXT_REV_AUTO; r++)
        compare_rev(b, len, what, (fxt_revision)r);
}

/* ---- inputs ---- */

static void corpus(void)
{
    fxt_gen_corpus c;
    char err[256];
    if (fxt_gen_golden(&c, err, sizeof err) != 0) { /* the other inputs still run */
        g_failures++;
        fprintf(stderr, "FAIL the golden corpus (fxt_gen_golden): %s\n", err);
        return;
    }
    for (size_t i = 0; i < c.count; i++) {
        char what[160];
        snprintf(what, sizeof what, "corpus/%s", c.vectors[i].path);
        compare(c.vectors[i].data, c.vectors[i].len, what);
    }
    compare(c.sample, c.sample_len, "corpus/sample.fxt");
    fxt_gen_corpus_free(&c);
}

static void examples(void)
{
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        const fxt_rule_help *h = fxt_rule_help_get(ri->rule);
        size_t n = fxt_rule_example(h, NULL, 0);
        if (n == 0)
            continue;
        uint8_t *b = malloc(n);
        if (b == NULL)
            exit(2);
        fxt_rule_example(h, b, n);
        char what[96];
        snprintf(what, sizeof what, "%s's help example (format/rule_table.h)", ri->id);
        compare(b, n, what);
        free(b);
    }
}

static void violations(void)
{
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if (!fxt_gen_can_violate(ri->rule))
            continue;
        for (int rev = FXT_REV_R1; rev <= FXT_REV_CURRENT; rev++)
            for (int be = 0; be < 2; be++) {
                fxt_gen_options o = fxt_gen_options_default();
                o.seed = 1 + (uint64_t)i;
                o.revision = (fxt_revision)rev;
                o.big_endian = be;
                fxt_gen_violation vi;
                if (fxt_gen_violate(ri->rule, &o, &vi, NULL, 0) != 0)
                    continue;
                char what[96];
                snprintf(what, sizeof what, "fxt-gen violate %s --revision %s%s", ri->name,
                         rev_name((fxt_revision)rev), be ? " --big-endian" : "");
                compare_rev(vi.data, vi.len, what, (fxt_revision)rev);
                compare_rev(vi.data, vi.len, what, FXT_REV_AUTO);
                free(vi.data);
            }
    }
}

/* ---- boundary traces ---- */

#define MAXW (2 * FXT_MAX_RECORD_WORDS + 64)

typedef struct words {
    uint64_t w[MAXW];
    size_t n;
} words;

static void put(words *t, uint64_t w)
{
    if (t->n == MAXW) {
        fprintf(stderr, "boundary trace too long\n");
        exit(2);
    }
    t->w[t->n++] = w;
}

/* LEN bytes of BYTE as a stream padded with zeros */
static void stream(words *t, size_t len, uint8_t byte)
{
    for (size_t i = 0; i < len; i += 8) {
        uint64_t w = 0;
        for (size_t k = 0; k < 8 && i + k < len; k++)
            w |= (uint64_t)byte << (8 * k);
        put(t, w);
    }
}

static uint64_t hdr(unsigned type, size_t size)
{
    return FXT_SET(FXT_SET(0, FXT_REC_TYPE, type), FXT_REC_SIZE, size);
}

#define IDX_MAX FXT_MAX_STRING_INDEX
#define THR_MAX FXT_MAX_THREAD_INDEX

/* magic; strings 1 "c" and the largest index; threads 1 and the largest
 * index with zero koids */
static void preamble(words *t)
{
    put(t, FXT_MAGIC_RECORD);
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_STRING, 2), FXT_STR_INDEX, 1), FXT_STR_LEN, 1));
    stream(t, 1, 'c');
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_STRING, 2), FXT_STR_INDEX, IDX_MAX), FXT_STR_LEN, 8));
    stream(t, 8, 'm');
    put(t, FXT_SET(hdr(FXT_RT_THREAD, 3), FXT_THR_INDEX, 1));
    put(t, 0), put(t, 0);
    put(t, FXT_SET(hdr(FXT_RT_THREAD, 3), FXT_THR_INDEX, THR_MAX));
    put(t, 0), put(t, 0);
}

static void log_rec(words *t, unsigned thread, size_t len)
{
    size_t n = 2 + (thread == 0 ? 2 : 0) + (len + 7) / 8;
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_LOG, n), FXT_LOG_LEN, len), FXT_LOG_THREAD, thread));
    put(t, 0); /* timestamp 0 */
    if (thread == 0)
        put(t, 0), put(t, 0); /* zero koids */
    stream(t, len, 'l');
}

/* An argument of TYPE with name ref NAME and header value HI, followed by
 * VWORDS value words of VALUE: its header. */
static void arg(words *t, unsigned type, unsigned name, uint32_t hi, size_t vwords, uint64_t value)
{
    uint64_t a = FXT_SET(FXT_SET(FXT_SET(0, FXT_ARG_TYPE, type), FXT_ARG_SIZE, 1 + vwords),
                         FXT_ARG_NAME, name);
    put(t, a | (uint64_t)hi << 32);
    for (size_t i = 0; i < vwords; i++)
        put(t, value);
}

static uint64_t ev_hdr(size_t size, unsigned et, unsigned argc, unsigned thr, unsigned cat,
                       unsigned name)
{
    uint64_t h = FXT_SET(FXT_SET(hdr(FXT_RT_EVENT, size), FXT_EV_TYPE, et), FXT_EV_ARGC, argc);
    return FXT_SET(FXT_SET(FXT_SET(h, FXT_EV_THREAD, thr), FXT_EV_CATEGORY, cat), FXT_EV_NAME,
                   name);
}

typedef void (*record_fn)(words *t, unsigned variant);

/* logs: empty, 1, 8 bytes; inline thread (zero koids), the largest
 * thread index; the longest string and one past it */
static void b_log(words *t, unsigned v)
{
    static const size_t lens[] = {0, 1, 8, FXT_MAX_STRING_LEN, FXT_MAX_STRING_LEN + 1};
    static const unsigned thr[] = {1, 0, THR_MAX};
    log_rec(t, thr[v % 3], lens[v / 3 % 5]);
}

/* events of every number: empty and inline empty refs, the largest
 * indexes, data words 0 (ids 0, end == start) */
static void b_event(words *t, unsigned v)
{
    static const unsigned refs[] = {0, FXT_STRREF_INLINE_FLAG, 1, IDX_MAX};
    const unsigned et = v % 11, ref = refs[v / 11 % 4];
    const unsigned thr = (v / 44) % 2 ? THR_MAX : 1;
    const int data = et == FXT_ET_COUNTER || et >= FXT_ET_DURATION_COMPLETE;
    put(t, ev_hdr(2 + (size_t)data, et, 0, thr, ref, ref));
    put(t, 0);
    if (data)
        put(t, 0);
}

/* one argument of each type at its boundary values */
static void b_args(words *t, unsigned v)
{
    const unsigned type = v % 10, which = v / 10 % 3;
    static const uint64_t vals[] = {0, 1, ~0ull};
    const uint32_t hi32 = (uint32_t)vals[which];
    size_t at = t->n;
    put(t, 0), put(t, 0); /* header, timestamp */
    switch (type) {
    case FXT_AT_NULL: arg(t, type, 1, 0, 0, 0); break;
    case FXT_AT_INT32: case FXT_AT_UINT32: arg(t, type, 1, hi32, 0, 0); break;
    case FXT_AT_STRING: arg(t, type, IDX_MAX, which == 0 ? 0 : which == 1 ? FXT_STRREF_INLINE_FLAG : IDX_MAX, 0, 0); break;
    case FXT_AT_BOOL: arg(t, type, 1, which == 2 ? 2 : which, 0, 0); break;
    default: arg(t, type, which == 1 ? FXT_STRREF_INLINE_FLAG : 1, 0, 1, vals[which]); break;
    }
    t->w[at] = ev_hdr(t->n - at, FXT_ET_INSTANT, 1, 1, 1, 1);
}

/* 15 arguments (the most), and an event of the largest size: one null
 * argument of every word left */
static void b_big(words *t, unsigned v)
{
    size_t at = t->n;
    put(t, 0), put(t, 0);
    if (v % 2 == 0) {
        for (unsigned i = 0; i < FXT_MAX_ARGS; i++)
            arg(t, FXT_AT_UINT64, 1, 0, 1, i);
        t->w[at] = ev_hdr(t->n - at, FXT_ET_INSTANT, FXT_MAX_ARGS, 1, 1, 1);
    } else {
        arg(t, FXT_AT_NULL, 1, 0, FXT_MAX_RECORD_WORDS - 3, 0); /* extra words: W0051 */
        t->w[at] = ev_hdr(t->n - at, FXT_ET_INSTANT, 1, 1, 1, 1);
    }
}

/* kernel objects: koid 0, empty and largest name refs, 0 and 15 args */
static void b_kobj(words *t, unsigned v)
{
    static const unsigned refs[] = {0, FXT_STRREF_INLINE_FLAG, IDX_MAX};
    const unsigned argc = v / 3 % 2 ? FXT_MAX_ARGS : 0;
    size_t at = t->n;
    put(t, 0), put(t, 0); /* header, koid 0 */
    for (unsigned i = 0; i < argc; i++)
        arg(t, FXT_AT_KOID, IDX_MAX, 0, 1, 0);
    uint64_t h = FXT_SET(hdr(FXT_RT_KERNEL_OBJECT, t->n - at), FXT_KOBJ_NAME, refs[v % 3]);
    t->w[at] = FXT_SET(h, FXT_KOBJ_ARGC, argc);
}

/* blobs: payload 0, 1, 8 bytes and the largest that fits a record */
static void b_blob(words *t, unsigned v)
{
    static const size_t sizes[] = {0, 1, 8, (FXT_MAX_RECORD_WORDS - 1) * 8};
    const size_t n = sizes[v % 4];
    const unsigned name = v / 4 % 2 ? IDX_MAX : 0;
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_BLOB, 1 + (n + 7) / 8), FXT_BLOB_NAME, name),
                   FXT_BLOB_SIZE, n));
    stream(t, n, 'b');
}

/* context switches: zero koids, states 0, the largest and one past it,
 * cpu 0 and the largest, 0 and 15 args; a legacy one and a wakeup */
static void b_sched(words *t, unsigned v)
{
    const unsigned state = (unsigned[]){0, FXT_TS_MAX, FXT_TS_MAX + 1}[v % 3];
    const unsigned argc = v / 3 % 2 ? FXT_MAX_ARGS : 0;
    const unsigned sub = v / 6 % 3; /* 1 context switch, 0 legacy, 2 wakeup */
    size_t at = t->n;
    put(t, 0), put(t, 0), put(t, 0), put(t, 0); /* header, timestamp, koids 0 */
    for (unsigned i = 0; i < argc; i++)
        arg(t, FXT_AT_INT32, 1, 0, 0, 0);
    uint64_t h = FXT_SET(hdr(FXT_RT_SCHEDULING, t->n - at), FXT_SCHED_TYPE, sub == 0 ? 1 : sub == 1 ? 0 : 2);
    h = FXT_SET(FXT_SET(h, FXT_CSW_ARGC, argc), FXT_CSW_STATE, state);
    t->w[at] = FXT_SET(h, FXT_CSW_CPU, v % 2 ? 0xffff : 0);
}

static const struct {
    const char *name;
    record_fn fn;
    unsigned variants;
} k_records[] = {
    {"log", b_log, 15},      {"event", b_event, 88}, {"argument", b_args, 30},
    {"large event", b_big, 2}, {"kernel object", b_kobj, 6}, {"blob", b_blob, 8},
    {"scheduling", b_sched, 18},
};

static void swap_words(words *t)
{
    for (size_t i = 0; i < t->n; i++) {
        uint64_t w = t->w[i], s = 0;
        for (int k = 0; k < 8; k++)
            s = s << 8 | ((w >> (8 * k)) & 0xff);
        t->w[i] = s;
    }
}

static void compare_words(words *t, const char *what)
{
    uint8_t *b = malloc(t->n * 8 + 1);
    if (b == NULL)
        exit(2);
    for (int be = 0; be < 2; be++) {
        if (be)
            swap_words(t);
        for (size_t i = 0; i < t->n; i++)
            for (int k = 0; k < 8; k++)
                b[8 * i + (size_t)k] = (uint8_t)(t->w[i] >> (8 * k));
        char w2[160];
        snprintf(w2, sizeof w2, "%s%s", what, be ? " (words byte-swapped)" : "");
        compare(b, t->n * 8, w2);
    }
    free(b);
}

/* Random traces of both profiles, every revision and byte order, and
 * copies with bytes changed at random (a seeded xorshift: the same bytes on
 * every run). */
static void random_traces(void)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (int prof = 0; prof < 2; prof++)
        for (int rev = FXT_REV_R1; rev <= FXT_REV_CURRENT; rev++)
            for (int be = 0; be < 2; be++) {
                fxt_gen_options o = fxt_gen_options_default();
                o.seed = 7 + (uint64_t)rev;
                o.records = prof ? 150 : 600;
                o.profile = prof ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC;
                o.revision = (fxt_revision)rev;
                o.big_endian = be;
                uint8_t *b;
                size_t len;
                if (fxt_gen_random_mem(&o, &b, &len) != 0)
                    continue; /* (big-endian r1/r2: no such trace) */
                char what[160];
                snprintf(what, sizeof what, "random %s trace, %s, %s",
                         prof ? "coverage" : "realistic", rev_name((fxt_revision)rev),
                         be ? "big-endian" : "little-endian");
                compare(b, len, what);
                for (int m = 0; m < 3; m++) {
                    for (int n = 0; n < 1 + m * 3; n++) {
                        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                        b[x % len] ^= (uint8_t)(1u << ((x >> 32) & 7));
                    }
                    char mw[200];
                    snprintf(mw, sizeof mw, "%s, mutated (%d)", what, m);
                    compare(b, len, mw);
                }
                free(b);
            }
}

static void boundaries(void)
{
    static words all, one;
    all.n = 0;
    preamble(&all);
    for (size_t r = 0; r < sizeof k_records / sizeof k_records[0]; r++)
        for (unsigned v = 0; v < k_records[r].variants; v++) {
            one.n = 0;
            preamble(&one);
            k_records[r].fn(&one, v);
            char what[96];
            snprintf(what, sizeof what, "boundary trace: %s #%u", k_records[r].name, v);
            compare_words(&one, what);
            if (all.n + FXT_MAX_RECORD_WORDS + 8 < MAXW) /* a sample of them together */
                k_records[r].fn(&all, v);
        }
    compare_words(&all, "boundary trace: records together");
}

/* ---- the bodies the lean path reads are the table's ---- */

/* The body of header H under REV against the lean path's statement of it
 * (validator/fast_contract.h): item kinds WANT[0..N) in order (an event
 * word may follow when EVENT_WORD), the first item after the leading
 * data words at byte AT. */
static void body_is(fxt_revision rev, uint64_t h, const char *name, const int *want, size_t n,
                    int event_word, uint64_t at)
{
    size_t got;
    const fxt_body_item *it = fxt_body_items(rev, h, &got);
    int same = it != NULL && (got == n || (event_word && got == n + 1 &&
                                           it[n].kind == FXT_BI_EVENT_WORD));
    for (size_t i = 0; same && i < n; i++)
        same = it[i].kind == want[i];
    uint64_t fixed = 8;
    for (size_t i = 0; it != NULL && i < got && it[i].kind == FXT_BI_WORD; i++)
        fixed += 8;
    if (!same || fixed != at) {
        fprintf(stderr,
                "validator/fast_contract.h: FXT__LEAN_BODY_%s / its _AT offset (%llu) are not "
                "the layout table's body under %s (format/layout.c: %zu items, first after the "
                "data words at %llu): make validator/fast.c / fast_other.h read the table's "
                "order and update the lines\n",
                name, (unsigned long long)at, fxt_revision_name(rev), got,
                (unsigned long long)fixed);
        g_failures++;
    }
}

static void lean_bodies(void)
{
    static const int ev[] = {FXT__LEAN_BODY_EVENT}, log[] = {FXT__LEAN_BODY_LOG},
                     kobj[] = {FXT__LEAN_BODY_KOBJ}, csw[] = {FXT__LEAN_BODY_CSW},
                     blob[] = {FXT__LEAN_BODY_BLOB}, uobj[] = {FXT__LEAN_BODY_UOBJ},
                     wake[] = {FXT__LEAN_BODY_WAKE};
#define N_(a) (sizeof(a) / sizeof((a)[0]))
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        const fxt_revision rev = (fxt_revision)r;
        const fxt_layout *l = fxt_layout_get(rev);
        for (unsigned t = 0; t < 16; t++)
            if (fxt_layout_defines(l->event_types, t))
                body_is(rev, FXT_SET(FXT_RT_EVENT, FXT_EV_TYPE, t), "EVENT", ev, N_(ev), 1,
                        FXT__LEAN_EVENT_THREAD_AT);
        body_is(rev, FXT_RT_LOG, "LOG", log, N_(log), 0, FXT__LEAN_LOG_THREAD_AT);
        body_is(rev, FXT_RT_KERNEL_OBJECT, "KOBJ", kobj, N_(kobj), 0, FXT__LEAN_KOBJ_NAME_AT);
        body_is(rev, FXT_RT_BLOB, "BLOB", blob, N_(blob), 0, FXT__LEAN_BLOB_NAME_AT);
        body_is(rev, FXT_RT_USERSPACE, "UOBJ", uobj, N_(uobj), 0, FXT__LEAN_UOBJ_PROCESS_AT);
        if (fxt_layout_defines(l->sched_types, FXT_ST_THREAD_WAKEUP)) /* the lean one */
            body_is(rev, FXT_SET(FXT_RT_SCHEDULING, FXT_SCHED_TYPE, FXT_ST_THREAD_WAKEUP), "WAKE",
                    wake, N_(wake), 0, FXT__LEAN_WAKE_ARGS_AT);
        if (fxt_layout_defines(l->metadata_types, FXT_MT_PROVIDER_SECTION)) { /* no body */
            size_t got;
            const fxt_body_item *it = fxt_body_items(
                rev, FXT_SET(FXT_RT_METADATA, FXT_META_TYPE, FXT_MT_PROVIDER_SECTION), &got);
            if ((it != NULL && got != 0) || FXT__LEAN_PSECT_BYTES != 8) {
                fprintf(stderr, "validator/fast_contract.h: FXT__LEAN_PSECT_BYTES: the layout "
                                "table gives provider sections a body under %s (format/layout.c)"
                                "\n", fxt_revision_name(rev));
                g_failures++;
            }
        }
        if (fxt_layout_defines(l->sched_types, FXT_ST_CONTEXT_SWITCH)) /* the lean one */
            body_is(rev, FXT_SET(FXT_RT_SCHEDULING, FXT_SCHED_TYPE, FXT_ST_CONTEXT_SWITCH), "CSW",
                    csw, N_(csw), 0, FXT__LEAN_CSW_ARGS_AT);
    }
#undef N_
}

int main(void)
{
#ifdef __GLIBC__
    /* some ten thousand validators, each with a buffer of 1 MiB: kept in
     * the heap rather than mapped and unmapped each time */
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    corpus();
    examples();
    violations();
    boundaries();
    lean_bodies();
    random_traces();
    if (g_failures) {
        fprintf(stderr, "%u failures in %lu comparisons\n", g_failures, g_runs);
        return 1;
    }
    printf("lean path == decoder == parallel path on %lu inputs x revisions\n", g_runs);
    return 0;
}
