/* Unit tests of the validator library: catalogue, streaming equivalence,
 * visitor, memory bounds. Spec conformance is in spec-tests/. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fxt/validate.h"

/* ---- helpers ---- */

typedef struct issues {
    fxt_issue *v;
    size_t n, cap;
} issues;

static void collect(void *ctx, const fxt_issue *is)
{
    issues *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = *is;
}

/* Validate BUF in chunks of sizes drawn from CHUNK (0: whole buffer). */
static issues run(const uint8_t *buf, size_t len, size_t chunk, unsigned seed)
{
    issues l = {0};
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = &l;
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    size_t at = 0;
    while (at < len) {
        size_t n = chunk ? chunk : len;
        if (seed) {
            seed = seed * 1103515245u + 12345u;
            n = 1 + (seed >> 8) % (chunk ? chunk : 64);
        }
        if (n > len - at)
            n = len - at;
        fxt_validator_feed(v, buf + at, n);
        at += n;
    }
    fxt_validator_finish(v);
    fxt_validator_free(v);
    return l;
}

static void same(const issues *a, const issues *b, const char *what)
{
    ck_assert_msg(a->n == b->n, "%s: %zu vs %zu issues", what, a->n, b->n);
    for (size_t i = 0; i < a->n; i++) {
        ck_assert_msg(a->v[i].rule == b->v[i].rule && a->v[i].record_offset == b->v[i].record_offset &&
                          a->v[i].field_offset == b->v[i].field_offset &&
                          a->v[i].record_index == b->v[i].record_index &&
                          strcmp(a->v[i].message, b->v[i].message) == 0,
                      "%s: issue %zu differs: %d@%llu '%s' vs %d@%llu '%s'", what, i, a->v[i].rule,
                      (unsigned long long)a->v[i].record_offset, a->v[i].message, b->v[i].rule,
                      (unsigned long long)b->v[i].record_offset, b->v[i].message);
    }
}

static void put64(uint8_t *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w >> (8 * i));
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    uint8_t *b = malloc((size_t)n + 1);
    *len = fread(b, 1, (size_t)n, f);
    fclose(f);
    return b;
}

/* A trace with a streamed large blob: magic, a large blob (format 1, inline
 * category "c" and name "n") whose payload is PAYLOAD bytes with a bad
 * padding byte and EXTRA appended words, then an event with a bad ref. */
static uint8_t *big_trace(size_t payload, unsigned extra, size_t *len)
{
    size_t words = 1 + 1 + 1 + 1 + 1 + (payload + 7) / 8 + extra;
    size_t n = 8 + words * 8 + 32;
    uint8_t *b = calloc(1, n);
    size_t at = 0;
    put64(b + at, 0x0016547846040010ull), at += 8;
    /* header: type 15, size words [4..35], large type 0, format 1 */
    put64(b + at, 0xfull | ((uint64_t)words << 4) | (1ull << 40)), at += 8;
    put64(b + at, 0x8001ull | (0x8001ull << 16)), at += 8; /* inline cat, name: 1 byte */
    b[at] = 'c', at += 8;
    b[at] = 'n', at += 8;
    put64(b + at, payload), at += 8;
    memset(b + at, 0xab, payload);
    if (payload % 8)
        b[at + payload] = 1; /* bad padding */
    at += (payload + 7) / 8 * 8 + extra * 8;
    /* instant event, indexed category 5 (unregistered), inline thread */
    put64(b + at, 0x4ull | (4ull << 4) | (5ull << 32)), at += 8;
    *len = at + 24; /* timestamp, pid, tid */
    return b;
}

START_TEST(catalogue_is_consistent)
{
    unsigned n = fxt_rule_count();
    ck_assert_uint_gt(n, 40);
    for (unsigned i = 0; i < n; i++) {
        const fxt_rule_info *r = fxt_rule_at(i);
        ck_assert_ptr_eq(fxt_rule_get(r->rule), r);
        ck_assert_int_eq(fxt_rule_find(r->id), r->rule);
        ck_assert_int_eq(fxt_rule_find(r->name), r->rule);
        ck_assert(r->id[0] == (r->severity == FXT_SEV_ERROR ? 'E' : 'W'));
        ck_assert_uint_eq((unsigned)atoi(r->id + 1), (unsigned)r->rule);
        for (unsigned j = 0; j < i; j++)
            ck_assert_str_ne(fxt_rule_at(j)->name, r->name);
    }
    ck_assert_int_eq(fxt_rule_find("e0004"), FXT_R_RECORD_TOO_SMALL);
    ck_assert_int_eq(fxt_rule_find("nope"), FXT_R_NONE);
    ck_assert_ptr_null(fxt_rule_get(FXT_R_NONE));
}
END_TEST

START_TEST(streamed_large_blob_same_issues)
{
    size_t len;
    uint8_t *b = big_trace((1u << 20) + 4093, 2, &len);
    issues whole = run(b, len, 0, 0);
    /* padding, size-extra, unregistered string, magic ok */
    ck_assert_uint_eq(whole.n, 3);
    ck_assert_int_eq(whole.v[0].rule, FXT_R_PADDING_NONZERO);
    ck_assert_int_eq(whole.v[1].rule, FXT_R_RECORD_SIZE_EXTRA);
    ck_assert_int_eq(whole.v[2].rule, FXT_R_STRING_REF_UNREGISTERED);
    size_t chunks[] = {1, 7, 8, 4096, 65537, (1u << 20) - 1, (1u << 20) + 1};
    for (size_t i = 0; i < sizeof chunks / sizeof *chunks; i++) {
        issues c = run(b, len, chunks[i], 0);
        same(&whole, &c, "large blob");
        free(c.v);
    }
    issues r = run(b, len, 100000, 7);
    same(&whole, &r, "large blob, random chunks");
    free(r.v);
    /* truncated inside the streamed payload */
    issues t1 = run(b, len - 600000, 0, 0), t2 = run(b, len - 600000, 3001, 0);
    ck_assert_int_eq(t1.v[t1.n - 1].rule, FXT_R_TRUNCATED);
    same(&t1, &t2, "truncated large blob");
    free(t1.v), free(t2.v), free(whole.v), free(b);
}
END_TEST

START_TEST(real_traces_chunk_independent)
{
    const char *names[] = {"magic-trace.fxt", "fxt-cpp-writer.fxt", "fxt-go-writer-bad-blob.fxt",
                           "ftfrs-writer.fxt"};
    int found = 0;
    for (size_t i = 0; i < 4; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/real-traces/%s", FXT_SHARED_DIR, names[i]);
        size_t len;
        uint8_t *b = slurp(path, &len);
        if (!b)
            continue;
        found++;
        issues whole = run(b, len, 0, 0);
        size_t sizes[] = {1, 5, 8, 13, 4096};
        for (size_t k = 0; k < 5; k++) {
            if (sizes[k] == 1 && len > 100000)
                continue; /* slow under sanitizers; random chunks cover it */
            issues c = run(b, len, sizes[k], 0);
            same(&whole, &c, names[i]);
            free(c.v);
        }
        issues r = run(b, len, 40, 99);
        same(&whole, &r, names[i]);
        free(r.v), free(whole.v), free(b);
    }
    ck_assert_msg(found > 0, "none of the real traces under %s/real-traces", FXT_SHARED_DIR);
}
END_TEST

/* Random bytes and mutations of a real trace: never crash, and chunking
 * never changes the result. */
START_TEST(garbage_chunk_independent)
{
    unsigned s = 12345;
    for (int t = 0; t < 200; t++) {
        size_t len = (size_t)(t * 37 % 2000);
        uint8_t *b = malloc(len + 1);
        for (size_t i = 0; i < len; i++) {
            s = s * 1664525u + 1013904223u;
            b[i] = (uint8_t)(s >> 24);
            if (t % 3 == 0 && i % 8 == 1)
                b[i] &= 0x0f; /* small sizes: more records */
        }
        issues w = run(b, len, 0, 0), c = run(b, len, 1, 0), r = run(b, len, 16, s | 1);
        same(&w, &c, "garbage 1-byte");
        same(&w, &r, "garbage random");
        free(w.v), free(c.v), free(r.v), free(b);
    }
}
END_TEST

static void count_records(void *ctx, const fxt_record *r)
{
    size_t *n = ctx;
    if (r->type == FXT_RT_EVENT && r->u.event.event_type == FXT_ET_DURATION_COMPLETE)
        n[1]++;
    n[0]++;
}

START_TEST(visitor_sees_fields)
{
    uint8_t b[64] = {0};
    put64(b, 0x0016547846040010ull);
    /* duration complete, inline thread, inline category "ab", empty name, one int32 arg:
     * header: type 4, size 6, event type 4, argc 1, thread 0, cat 0x8002, name 0 */
    put64(b + 8, 0x4ull | (7ull << 4) | (4ull << 16) | (1ull << 20) | (0x8002ull << 32));
    put64(b + 16, 100);           /* timestamp */
    put64(b + 24, 1), put64(b + 32, 2); /* pid, tid */
    b[40] = 'a', b[41] = 'b';
    put64(b + 48, 0x1ull | (1ull << 4) | ((uint64_t)(uint32_t)-5 << 32)); /* int32 -5, empty name */
    put64(b + 56, 150);           /* end time */
    size_t n[2] = {0, 0};
    fxt_options o = fxt_options_default();
    o.on_record = count_records;
    o.ctx = n;
    fxt_stats st;
    ck_assert_int_eq(fxt_validate_buffer(b, sizeof b, &o, &st), 0);
    ck_assert_uint_eq(st.warnings, 0);
    ck_assert_uint_eq(n[0], 2);
    ck_assert_uint_eq(n[1], 1);
}
END_TEST

/* Thousands of async operations and flows open at once, with sequential,
 * power-of-two strided and scattered ids, ended in a different order: the
 * tables grow from 64 slots while full of entries (and delete with
 * backward shifts afterwards); every end must still find its begin, and
 * exactly the ids left open are reported, at their begin records. */
static size_t put_event(uint8_t *b, size_t at, unsigned et, uint64_t ts, uint64_t id)
{
    /* event, 3 words, thread 1, category 1, name 1 */
    put64(b + at, 0x4ull | (3ull << 4) | ((uint64_t)et << 16) | (1ull << 24) | (1ull << 32) |
                      (1ull << 48));
    put64(b + at + 8, ts);
    put64(b + at + 16, id);
    return at + 24;
}

START_TEST(many_open_ids_grow_tables)
{
    enum { K = 3000 };
    static const uint64_t k_stride[3] = {1, 4096, 0x9e3779b97f4a7c15ull};
    size_t cap = 64 + 2 * 2 * K * 24;
    uint8_t *b = calloc(1, cap);
    uint64_t *begin_off = malloc(2 * K * sizeof *begin_off);
    for (int si = 0; si < 3; si++) {
        uint64_t stride = k_stride[si];
        size_t at = 0;
        put64(b + at, 0x0016547846040010ull), at += 8;
        put64(b + at, 0x2ull | (2ull << 4) | (1ull << 16) | (1ull << 32)), at += 8; /* string 1 */
        b[at] = 'a', at += 8;
        put64(b + at, 0x3ull | (3ull << 4) | (1ull << 16)), at += 8; /* thread 1 */
        put64(b + at, 100), at += 8;
        put64(b + at, 101), at += 8;
        uint64_t ts = 1000;
        for (uint64_t i = 0; i < K; i++) { /* interleaved: async i, flow i */
            begin_off[2 * i] = at;
            at = put_event(b, at, 5, ++ts, (i + 1) * stride);
            begin_off[2 * i + 1] = at;
            at = put_event(b, at, 8, ++ts, (i + 1) * stride);
        }
        /* end the async operations with even i and the flows with odd i,
         * last first */
        for (uint64_t j = K; j-- > 0;)
            at = put_event(b, at, j % 2 ? 10 : 7, ++ts, (j + 1) * stride);
        issues l = run(b, at, 0, 0);
        ck_assert_msg(l.n == K, "stride %d: %zu issues, want %d", si, l.n, (int)K);
        /* sorted by offset: async begins with odd i, flow begins with even i */
        size_t n = 0;
        for (uint64_t i = 0; i < K; i++) {
            int async_open = i % 2 == 1;
            fxt_issue *is = &l.v[n++];
            ck_assert_msg(is->rule == (async_open ? FXT_R_ASYNC_BEGIN_UNENDED : FXT_R_FLOW_BEGIN_UNENDED),
                          "stride %d, id %d: rule %d", si, (int)i, is->rule);
            ck_assert_uint_eq(is->record_offset, begin_off[2 * i + (async_open ? 0 : 1)]);
        }
        free(l.v);
    }
    free(begin_off);
    free(b);
}
END_TEST

START_TEST(memory_is_fixed)
{
    fxt_options o = fxt_options_default();
    size_t sz = fxt_validator_size(&o);
    ck_assert_uint_lt(sz, 16u << 20);
    void *m = malloc(sz);
    ck_assert_ptr_null(fxt_validator_init(m, sz - 1, &o));
    fxt_validator *v = fxt_validator_init(m, sz, &o);
    ck_assert_ptr_nonnull(v);
    free(m);
}
END_TEST

/* test_validator             the core tests
 * test_validator real-traces the real traces (exit 77, skipped, without them) */
int main(int argc, char **argv)
{
    int real = argc > 1 && strcmp(argv[1], "real-traces") == 0;
    struct stat st;
    if (real && stat(FXT_SHARED_DIR "/real-traces", &st) != 0) {
        printf("no %s/real-traces: skipped\n", FXT_SHARED_DIR);
        return 77;
    }
    Suite *s = suite_create("validator");
    TCase *tc = tcase_create(real ? "real-traces" : "core");
    tcase_set_timeout(tc, 120);
    if (real) {
        tcase_add_test(tc, real_traces_chunk_independent);
    } else {
        tcase_add_test(tc, catalogue_is_consistent);
        tcase_add_test(tc, streamed_large_blob_same_issues);
        tcase_add_test(tc, garbage_chunk_independent);
        tcase_add_test(tc, visitor_sees_fields);
        tcase_add_test(tc, many_open_ids_grow_tables);
        tcase_add_test(tc, memory_is_fixed);
    }
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
