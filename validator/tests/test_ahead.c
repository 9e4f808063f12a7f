/* SPDX-License-Identifier: MIT */
/* Tests of checking ahead (fxt_ahead, validator/ahead.c): feeding a trace
 * in pairs of chunks, the second checked ahead, gives exactly what plain
 * feeding gives (every issue, every counter, per provider too) on valid
 * traces of every revision and both byte orders, on one-violation traces
 * of every rule, on the golden corpus, on real traces and on mutations;
 * and on ordinary traces the look-ahead does take most records (else the
 * equality would say nothing). */
#include <check.h>
#include <pthread.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "readfile.h"
#include "real_traces.h"

typedef struct result {
    fxt_issue *v;
    size_t n, cap;
    fxt_stats st;
    size_t nprov;
    fxt_provider_stats prov[4];
    uint64_t ahead; /* records the look-ahead handed over */
} result;

static void collect(void *ctx, const fxt_issue *is)
{
    result *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 64;
        r->v = realloc(r->v, r->cap * sizeof *r->v);
        ck_assert_ptr_nonnull(r->v);
    }
    r->v[r->n++] = *is;
}

static void count_one(void *ctx, const fxt_record *rec)
{
    (void)ctx, (void)rec;
}

static void *run_thread(void *a)
{
    fxt_ahead_run(a);
    return NULL;
}

/* How the look-ahead's run is called: before feeding CUR, after it, or on
 * a thread of its own while CUR is fed (all allowed by the API); or
 * CHAIN: as fxt-validate does, each pair's look-ahead prepared after the
 * one before (three in turn) and run before that one's part is fed. */
enum { BEFORE, AFTER, THREAD, CHAIN };

/* Two parts and the look-ahead of the second (as fxt-validate's pair). */
typedef struct pair {
    const uint8_t *x, *y;
    size_t xn, yn;
    fxt_ahead *ah;
    int posted, doomed;
} pair;

/* The next pair of parts of B from AT (sizes drawn as run() says). */
static pair next_pair(const uint8_t *b, size_t len, size_t *at, size_t chunk, unsigned *seed)
{
    size_t n[2];
    for (int i = 0; i < 2; i++) {
        n[i] = chunk ? chunk : len;
        if (*seed) {
            *seed = *seed * 1103515245u + 12345u;
            n[i] = 1 + (*seed >> 8) % chunk;
        }
    }
    if (n[0] > len - *at)
        n[0] = len - *at;
    if (!chunk || n[1] > len - *at - n[0])
        n[1] = len - *at - n[0];
    pair q = {b + *at, b + *at + n[0], n[0], n[1], NULL, 0, 0};
    *at += n[0] + n[1];
    return q;
}

/* pairs_check's chaining (validator/cli/pairs.c) on one thread (the look-aheads run at once). */
static uint64_t run_chained(fxt_validator *v, const uint8_t *b, size_t len, size_t chunk,
                            unsigned seed, fxt_ahead *a[3])
{
    size_t at = 0;
    unsigned slot = 0;
    pair c = next_pair(b, len, &at, chunk, &seed);
    for (;;) {
        if (c.doomed)
            c.posted = c.doomed = 0;
        if (!c.posted && c.yn && fxt_ahead_prepare(a[slot], v, NULL, c.x, c.xn, c.y, c.yn)) {
            c.ah = a[slot], slot = (slot + 1) % 3, c.posted = 1;
            fxt_ahead_run(c.ah);
        }
        fxt_validator_feed(v, c.x, c.xn);
        pair nx = {0};
        if (at < len) {
            nx = next_pair(b, len, &at, chunk, &seed);
            if (nx.yn && c.posted && fxt_ahead_prepare(a[slot], v, c.ah, nx.x, nx.xn, nx.y, nx.yn)) {
                nx.ah = a[slot], slot = (slot + 1) % 3, nx.posted = 1;
                fxt_ahead_run(nx.ah); /* (C's ran already) */
                nx.doomed = !fxt_ahead_framed(c.ah);
            }
        }
        if (c.posted)
            fxt_validator_feed_ahead(v, c.ah);
        else
            fxt_validator_feed(v, c.y, c.yn);
        if (nx.x == NULL)
            break;
        c = nx;
    }
    return fxt_ahead_records(a[0]) + fxt_ahead_records(a[1]) + fxt_ahead_records(a[2]);
}

/* Validate B in revision REV: plainly in one call (CHUNK 0), or in chunks
 * of sizes drawn from CHUNK and SEED, every second one checked ahead. */
static result run(const uint8_t *b, size_t len, fxt_revision rev, size_t chunk, unsigned seed,
                  int how)
{
    result r;
    memset(&r, 0, sizeof r);
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = &r;
    o.revision = rev;
    /* smaller tables than the default (10 MB, zeroed each run): the same
     * options both ways, and limits within reach */
    o.max_providers = 8, o.max_threads = 256, o.max_async = o.max_flows = 1024;
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    size_t max = chunk ? chunk : 1, asz = (fxt_ahead_size(max) + 7) & ~(size_t)7;
    uint8_t *mem = malloc(3 * asz);
    fxt_ahead *a = fxt_ahead_init(mem, asz, max), *three[3] = {a};
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_null(fxt_ahead_init(mem, fxt_ahead_size(max) - 1, max));
    for (int i = 1; i < 3; i++)
        three[i] = fxt_ahead_init(mem + i * asz, asz, max);
    size_t at = len * (how == CHAIN); /* (CHAIN: run_chained) */
    if (how == CHAIN && len)
        r.ahead = run_chained(v, b, len, chunk ? chunk : len, seed, three);
    while (at < len) {
        pair q = next_pair(b, len, &at, chunk, &seed);
        const uint8_t *cur = q.x, *next = q.y;
        size_t n[2] = {q.xn, q.yn};
        int ready = fxt_ahead_prepare(a, v, NULL, cur, n[0], next, n[1]);
        pthread_t th;
        if (ready && how == BEFORE)
            fxt_ahead_run(a);
        if (ready && how == THREAD)
            ck_assert_int_eq(pthread_create(&th, NULL, run_thread, a), 0);
        fxt_validator_feed(v, cur, n[0]);
        if (ready && how == THREAD)
            pthread_join(th, NULL);
        if (ready && how == AFTER)
            fxt_ahead_run(a);
        fxt_validator_feed_ahead(v, a);
    }
    fxt_validator_finish(v);
    fxt_validator_stats(v, &r.st);
    r.nprov = fxt_validator_provider_count(v);
    for (size_t i = 0; i < r.nprov && i < 4; i++)
        ck_assert_int_eq(fxt_validator_provider(v, i, &r.prov[i]), 0);
    if (how != CHAIN)
        r.ahead = fxt_ahead_records(a);
    fxt_validator_free(v);
    free(mem);
    return r;
}

static void same(const result *x, const result *y, const char *what)
{
    ck_assert_msg(x->n == y->n, "%s: %zu vs %zu issues", what, x->n, y->n);
    for (size_t i = 0; i < x->n; i++) {
        const fxt_issue *a = &x->v[i], *b = &y->v[i];
        ck_assert_msg(a->rule == b->rule && a->record_offset == b->record_offset &&
                          a->field_offset == b->field_offset &&
                          a->record_index == b->record_index && a->revisions == b->revisions &&
                          a->field_len == b->field_len && a->bit_lo == b->bit_lo &&
                          a->bit_hi == b->bit_hi && strcmp(a->message, b->message) == 0,
                      "%s: issue %zu differs: %d@%llu '%s' vs %d@%llu '%s'", what, i, a->rule,
                      (unsigned long long)a->record_offset, a->message, b->rule,
                      (unsigned long long)b->record_offset, b->message);
    }
    const fxt_stats *s = &x->st, *t = &y->st;
    ck_assert_msg(s->bytes == t->bytes && s->records == t->records && s->errors == t->errors &&
                      s->warnings == t->warnings && s->stopped == t->stopped &&
                      s->big_endian == t->big_endian &&
                      !memcmp(s->by_type, t->by_type, sizeof s->by_type) &&
                      !memcmp(s->events_by_type, t->events_by_type, sizeof s->events_by_type) &&
                      !memcmp(s->by_rule, t->by_rule, sizeof s->by_rule),
                  "%s: counters differ (records %llu vs %llu)", what,
                  (unsigned long long)s->records, (unsigned long long)t->records);
    ck_assert_msg(x->nprov == y->nprov, "%s: providers %zu vs %zu", what, x->nprov, y->nprov);
    for (size_t i = 0; i < x->nprov && i < 4; i++)
        ck_assert_msg(x->prov[i].records == y->prov[i].records &&
                          !memcmp(x->prov[i].by_type, y->prov[i].by_type,
                                  sizeof x->prov[i].by_type),
                      "%s: provider %zu counters differ", what, i);
}

/* B checked ahead in several chunkings and ways against plain feeding. */
static void check(const uint8_t *b, size_t len, fxt_revision rev, const char *what)
{
    static const size_t chunks[] = {4096, 65536, 1000, 24};
    result whole = run(b, len, rev, 0, 0, BEFORE);
    for (size_t i = 0; i < sizeof chunks / sizeof *chunks; i++) {
        for (int how = BEFORE; how <= CHAIN; how++) {
            if (how == THREAD && chunks[i] < 4096)
                continue; /* a thread per pair: slow with thousands of pairs */
            result r = run(b, len, rev, chunks[i], i == 2 ? 7u + (unsigned)how : 0, how);
            char name[160];
            snprintf(name, sizeof name, "%s, chunks of %s%zu, run %d", what, i == 2 ? "<" : "",
                     chunks[i], how);
            same(&whole, &r, name);
            free(r.v);
        }
    }
    free(whole.v);
}

static const fxt_revision k_revs[] = {FXT_REV_R1, FXT_REV_R2, FXT_REV_R3, FXT_REV_CURRENT};

/* Valid traces of every revision, both byte orders, both profiles. */
START_TEST(valid_traces_same)
{
    for (size_t r = 0; r < 4; r++)
        for (int be = 0; be < 2; be++)
            for (int prof = 0; prof < 2; prof++) {
                fxt_gen_options o = {.seed = 11 + r, .records = 6000,
                                     .profile = prof ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC,
                                     .big_endian = be};
                uint8_t *b;
                size_t len;
                int k = fxt_gen_random_mem(&o, k_revs[r], &b, &len);
                if (k == -2)
                    continue; /* big-endian r1/r2 */
                ck_assert_int_eq(k, 0);
                char what[80];
                snprintf(what, sizeof what, "rev %d %s %s", (int)k_revs[r], be ? "be" : "le",
                         prof ? "coverage" : "realistic");
                check(b, len, k_revs[r], what);
                free(b);
            }
}
END_TEST

/* A longer realistic trace: the look-ahead takes nearly half the records
 * (every second chunk; the first pair has no byte order yet): the test
 * above would pass if it took none. */
START_TEST(lookahead_takes_half)
{
    for (int be = 0; be < 2; be++) {
        fxt_gen_options o = {.seed = 21, .records = 40000, .profile = FXT_GEN_REALISTIC,
                             .big_endian = be};
        uint8_t *b;
        size_t len;
        ck_assert_int_eq(fxt_gen_random_mem(&o, FXT_REV_CURRENT, &b, &len), 0);
        result whole = run(b, len, FXT_REV_CURRENT, 0, 0, BEFORE);
        static const size_t chunks[] = {4096, 65536};
        for (size_t i = 0; i < 2; i++) {
            for (int how = THREAD; how <= CHAIN; how++) {
                result r = run(b, len, FXT_REV_CURRENT, chunks[i], 0, how);
                same(&whole, &r, be ? "long trace, big-endian" : "long trace");
                unsigned share = (unsigned)(r.ahead * 1000 / whole.st.records);
                ck_assert_msg(share >= 400, "chunks of %zu, run %d: the look-ahead took %u/1000",
                              chunks[i], how, share);
                free(r.v);
            }
        }
        free(whole.v), free(b);
    }
}
END_TEST

static size_t put64(uint8_t *b, size_t at, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        b[at + i] = (uint8_t)(w >> (8 * i));
    return at + 8;
}

/* A provider info record for a provider already introduced starts it anew
 * (its strings and threads forgotten) in the part the validator checks;
 * the part after it, checked ahead with the strings and threads of
 * before, refers to them: the look-ahead's verdicts must not be taken
 * (its registrations are no longer a subset of the validator's). The
 * filler moves the reset across the parts' edges. */
START_TEST(provider_reset_before_the_part_ahead)
{
    uint8_t *b = malloc(64 * 1024);
    for (size_t fill = 0; fill < 700; fill += 9) {
        size_t at = put64(b, 0, 0x0016547846040010ull);
        const uint64_t pinfo = 0x0 | (2ull << 4) | (1ull << 16) | (1ull << 20) | (1ull << 52);
        const uint64_t str1 = 0x2 | (2ull << 4) | (1ull << 16) | (1ull << 32);
        const uint64_t thr1 = 0x3 | (3ull << 4) | (1ull << 16);
        const uint64_t begin = 0x4 | (2ull << 4) | (2ull << 16) | (1ull << 24) | (1ull << 32) |
                               (1ull << 48);
        const uint64_t end = begin ^ (2ull << 16) ^ (3ull << 16);
        at = put64(b, at, pinfo), at = put64(b, at, 'p');
        at = put64(b, at, str1), at = put64(b, at, 'a');
        at = put64(b, at, thr1), at = put64(b, at, 1), at = put64(b, at, 2);
        for (size_t i = 0; i < 300 + fill; i++) /* begin, end pairs */
            at = put64(b, at, i & 1 ? end : begin), at = put64(b, at, i);
        at = put64(b, at, pinfo), at = put64(b, at, 'p'); /* the same provider anew */
        for (size_t i = 0; i < 1000; i++) /* instants (no sequencing), refs now unregistered */
            at = put64(b, at, begin ^ (2ull << 16)), at = put64(b, at, i);
        char what[60];
        snprintf(what, sizeof what, "provider reset, fill %zu", fill);
        check(b, at, FXT_REV_CURRENT, what);
    }
    free(b);
}
END_TEST

/* Two thread refs registered with the same process and thread: their
 * durations share one stack, so a begin on one and an end on the other
 * match (begin on 1, end on 2, end on 1: the last end is unmatched). The
 * look-ahead pairs by ref, so its log must not be taken then. */
START_TEST(two_refs_one_thread)
{
    uint8_t *b = malloc(64 * 1024);
    for (size_t fill = 0; fill < 300; fill += 7) {
        size_t at = put64(b, 0, 0x0016547846040010ull);
        at = put64(b, at, 0x2 | (2ull << 4) | (1ull << 16) | (1ull << 32)), at = put64(b, at, 'a');
        for (uint64_t t = 1; t <= 2; t++) /* refs 1 and 2: both process 7, thread 8 */
            at = put64(b, at, 0x3 | (3ull << 4) | (t << 16)), at = put64(b, at, 7),
            at = put64(b, at, 8);
        const uint64_t ev = 0x4 | (2ull << 4) | (1ull << 32) | (1ull << 48);
#define EV(kind, ref) (at = put64(b, at, ev | ((uint64_t)(kind) << 16) | ((uint64_t)(ref) << 24)), \
                       at = put64(b, at, at))
        for (size_t i = 0; i < 40 + fill; i++) /* both refs seen: their slots are set */
            EV(2, 1 + (i & 1)), EV(3, 1 + (i & 1));
        for (size_t i = 0; i < 600; i++)
            EV(2, 1), EV(3, 2), EV(3, 1), EV(2, 2);
        /* (the stack now holds the last begin on 2) a begin on 1, then an
         * end on 2 closes it: the begin on 2 is the one never ended */
        EV(2, 1), EV(3, 2);
#undef EV
        char what[60];
        snprintf(what, sizeof what, "two refs, one thread, fill %zu", fill);
        check(b, at, FXT_REV_CURRENT, what);
    }
    free(b);
}
END_TEST

/* A large blob longer than the validator's record buffer (1 MiB) between
 * two realistic traces: parts begin while its payload is streamed (the
 * look-ahead starts after it), and a header may straddle two parts. */
START_TEST(streamed_large_record)
{
    fxt_gen_options o = {.seed = 8, .records = 12000, .profile = FXT_GEN_REALISTIC};
    uint8_t *t;
    size_t tn;
    ck_assert_int_eq(fxt_gen_random_mem(&o, FXT_REV_CURRENT, &t, &tn), 0);
    const size_t payload = (3u << 19) + 5, words = 5 + (payload + 7) / 8;
    uint8_t *b = calloc(1, 2 * tn + words * 8);
    memcpy(b, t, tn);
    size_t at = tn;
    /* type 15, size in words [4..35], large type 0 (blob), format 1; inline
     * category and name of one byte; the payload size; the payload */
    at = put64(b, at, 0xfull | ((uint64_t)words << 4) | (1ull << 40));
    at = put64(b, at, 0x8001ull | (0x8001ull << 16));
    at = put64(b, at, 'c'), at = put64(b, at, 'n'), at = put64(b, at, payload);
    memset(b + at, 0xab, payload);
    at += (payload + 7) / 8 * 8;
    memcpy(b + at, t, tn);
    at += tn;
    result whole = run(b, at, FXT_REV_CURRENT, 0, 0, BEFORE);
    static const size_t chunks[] = {65536, 65532, 4100};
    for (size_t i = 0; i < 3; i++)
        for (int how = AFTER; how <= CHAIN; how += CHAIN - AFTER) {
            result r = run(b, at, FXT_REV_CURRENT, chunks[i], 0, how);
            char what[60];
            snprintf(what, sizeof what, "large record, chunks of %zu, run %d", chunks[i], how);
            same(&whole, &r, what);
            ck_assert_msg(r.ahead > 0, "%s: nothing taken", what);
            free(r.v);
        }
    free(whole.v), free(b), free(t);
}
END_TEST

/* The API's refusals: each leaves feeding as plain feeding. */
START_TEST(api_refusals)
{
    uint8_t mem[64];
    ck_assert_ptr_null(fxt_ahead_init(NULL, 1 << 20, 4096));
    ck_assert_ptr_null(fxt_ahead_init(mem, sizeof mem, (size_t)-1));
    /* a size that would wrap is no size at all */
    ck_assert_uint_eq(fxt_ahead_size(((size_t)1 << (sizeof(size_t) * 8 - 2)) - 16), SIZE_MAX);
    ck_assert_ptr_null(fxt_ahead_init(mem, 40320, ((size_t)1 << (sizeof(size_t) * 8 - 2)) - 16));
    fxt_gen_options o = {.seed = 4, .records = 3000, .profile = FXT_GEN_REALISTIC,
                         .big_endian = 1};
    uint8_t *b;
    size_t len;
    ck_assert_int_eq(fxt_gen_random_mem(&o, FXT_REV_CURRENT, &b, &len), 0);
    const size_t part = 8192, asz = fxt_ahead_size(part);
    void *am = malloc(2 * asz);
    fxt_ahead *a = fxt_ahead_init(am, asz, part), *a2 = fxt_ahead_init((uint8_t *)am + asz, asz, part);
    ck_assert_ptr_nonnull(a2);
    fxt_options op = fxt_options_default();
    fxt_validator *v = fxt_validator_new(&op);
    /* nothing fed yet (the byte order is not known) */
    ck_assert_int_eq(fxt_ahead_prepare(a, v, NULL, b, part, b + part, part), 0);
    fxt_ahead_run(a); /* (not ready: does nothing) */
    fxt_validator_feed(v, b, part);
    fxt_validator_feed_ahead(v, a); /* plainly */
    /* a part too long, or too short for a header */
    ck_assert_int_eq(fxt_ahead_prepare(a, v, NULL, b + 2 * part, part, b + 3 * part, part + 8), 0);
    ck_assert_int_eq(fxt_ahead_prepare(a, v, NULL, b + 2 * part, part, b + 3 * part, 7), 0);
    /* chained after one that is not ready */
    ck_assert_int_eq(fxt_ahead_prepare(a2, v, a, b + 2 * part, part, b + 3 * part, part), 0);
    fxt_validator_feed(v, b + 2 * part, len - 2 * part);
    fxt_validator_finish(v);
    ck_assert_int_eq(fxt_ahead_prepare(a, v, NULL, b, part, b + part, part), 0); /* finished */
    fxt_stats st;
    fxt_validator_stats(v, &st);
    ck_assert_uint_eq(st.records, 3000);
    fxt_validator_free(v);
    /* a visitor; and r1, which cannot read a big-endian trace (no lanes left) */
    op.on_record = count_one;
    v = fxt_validator_new(&op);
    fxt_validator_feed(v, b, part);
    ck_assert_int_eq(fxt_ahead_prepare(a, v, NULL, b + part, part, b + 2 * part, part), 0);
    fxt_validator_free(v);
    op = fxt_options_default();
    op.revision = FXT_REV_R1;
    v = fxt_validator_new(&op);
    fxt_validator_feed(v, b, part);
    ck_assert_int_eq(fxt_ahead_prepare(a, v, NULL, b + part, part, b + 2 * part, part), 0);
    fxt_validator_free(v);
    free(am), free(b);
}
END_TEST

/* Auto mode never checks ahead, and says so by feeding plainly. */
START_TEST(auto_mode_feeds_plainly)
{
    fxt_gen_options o = {.seed = 3, .records = 3000, .profile = FXT_GEN_REALISTIC};
    uint8_t *b;
    size_t len;
    ck_assert_int_eq(fxt_gen_random_mem(&o, FXT_REV_CURRENT, &b, &len), 0);
    result whole = run(b, len, FXT_REV_AUTO, 0, 0, BEFORE);
    result r = run(b, len, FXT_REV_AUTO, 4096, 0, AFTER);
    same(&whole, &r, "auto");
    ck_assert_uint_eq(r.ahead, 0);
    free(whole.v), free(r.v), free(b);
}
END_TEST

/* One violation of every rule, three seeds each. */
START_TEST(one_violation_traces_same)
{
    for (int rule = 0; rule < FXT_R_END_; rule++) {
        if (!fxt_gen_can_violate((fxt_rule)rule))
            continue;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            fxt_gen_violation g;
            char err[200];
            if (fxt_gen_violate((fxt_rule)rule, seed, seed == 2, 400, &g, err, sizeof err) != 0)
                continue;
            char what[120];
            snprintf(what, sizeof what, "violation of rule %d, seed %llu", rule,
                     (unsigned long long)seed);
            check(g.data, g.len, FXT_REV_CURRENT, what);
            free(g.data);
        }
    }
}
END_TEST

/* The golden corpus, each vector in its own revision where it names one. */
START_TEST(golden_corpus_same)
{
    fxt_gen_corpus c;
    char err[200];
    ck_assert_msg(fxt_gen_golden(&c, err, sizeof err) == 0, "%s", err);
    for (size_t i = 0; i < c.count; i++)
        check(c.vectors[i].data, c.vectors[i].len, FXT_REV_CURRENT, c.vectors[i].path);
    fxt_gen_corpus_free(&c);
}
END_TEST

/* Mutations of a realistic trace (flipped bits, zeroed and repeated
 * words): errors anywhere, framing changes, sequencing warnings. */
START_TEST(mutations_same)
{
    fxt_gen_options o = {.seed = 5, .records = 4000, .profile = FXT_GEN_REALISTIC};
    uint8_t *base;
    size_t len;
    ck_assert_int_eq(fxt_gen_random_mem(&o, FXT_REV_CURRENT, &base, &len), 0);
    uint8_t *b = malloc(len);
    unsigned s = 777;
    for (int t = 0; t < 60; t++) {
        memcpy(b, base, len);
        for (int k = 0; k < 1 + t % 8; k++) {
            s = s * 1664525u + 1013904223u;
            size_t at = (s >> 4) % len;
            if (t % 3 == 0)
                b[at] ^= (uint8_t)(1u << (s & 7));
            else if (t % 3 == 1)
                memset(b + (at & ~(size_t)7), 0, len - (at & ~(size_t)7) < 8 ? 0 : 8);
            else if (at >= 64)
                memcpy(b + (at & ~(size_t)7), b + (at & ~(size_t)7) - 64, 8);
        }
        char what[40];
        snprintf(what, sizeof what, "mutation %d", t);
        check(b, len, FXT_REV_CURRENT, what);
    }
    free(b), free(base);
}
END_TEST

START_TEST(real_traces_same)
{
    const char *const *names = fxt_real_trace_names;
    int found = 0;
    for (size_t i = 0; i < FXT_REAL_TRACE_COUNT; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/real-traces/%s", FXT_SHARED_DIR, names[i]);
        size_t len;
        uint8_t *b;
        char err[200];
        if (read_file(path, &b, &len, err, sizeof err) != 0)
            continue;
        found++;
        check(b, len, FXT_REV_CURRENT, names[i]);
        free(b);
    }
    ck_assert_msg(found > 0, "none of the real traces under %s/real-traces", FXT_SHARED_DIR);
}
END_TEST

/* test_ahead             everything but the real traces
 * test_ahead real-traces the real traces (exit 77, skipped, without them) */
int main(int argc, char **argv)
{
    int real = argc > 1 && strcmp(argv[1], "real-traces") == 0;
    struct stat st;
    if (real && stat(FXT_SHARED_DIR "/real-traces", &st) != 0) {
        printf("no %s/real-traces: skipped\n", FXT_SHARED_DIR);
        return 77;
    }
    Suite *s = suite_create("ahead");
    TCase *tc = tcase_create(real ? "real-traces" : "ahead");
    tcase_set_timeout(tc, 600);
    if (real) {
        tcase_add_test(tc, real_traces_same);
    } else {
        tcase_add_test(tc, valid_traces_same);
        tcase_add_test(tc, lookahead_takes_half);
        tcase_add_test(tc, auto_mode_feeds_plainly);
        tcase_add_test(tc, provider_reset_before_the_part_ahead);
        tcase_add_test(tc, two_refs_one_thread);
        tcase_add_test(tc, streamed_large_record);
        tcase_add_test(tc, api_refusals);
        tcase_add_test(tc, one_violation_traces_same);
        tcase_add_test(tc, golden_corpus_same);
        tcase_add_test(tc, mutations_same);
    }
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
