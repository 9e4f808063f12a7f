/* SPDX-License-Identifier: MIT */
/* Unit tests of the validator library: catalogue, streaming equivalence,
 * visitor, memory bounds. Spec conformance is in spec-tests/. */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "issue_list.h"
#include "real_traces.h"
#include "validator_tests.h"

/* ---- helpers ---- */


/* Records decode.c checks field by field (the test is linked with --wrap
 * for the library's fxt__decode): what the lean path did not take. */
static unsigned long g_decoded;
int __real_fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len,
                       uint64_t h);
int __wrap_fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len,
                       uint64_t h);
int __wrap_fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len,
                       uint64_t h)
{
    g_decoded++;
    return __real_fxt__decode(v, p, avail, len, h);
}

/* Options of run(): the revision, and a visitor (which turns the lean
 * checking path off, so both paths can be compared). */
static fxt_revision g_rev = FXT_REV_CURRENT;
static int g_visit = 0;
static size_t g_max_providers = 0; /* 0: the default */
static size_t g_max_ids = 0;       /* async operations and flows; 0: the default */

/* Validate BUF in chunks of sizes drawn from CHUNK (0: whole buffer). */
static issues run(const uint8_t *buf, size_t len, size_t chunk, unsigned seed)
{
    issues l = {0};
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = &l;
    o.revision = g_rev;
    if (g_max_providers)
        o.max_providers = g_max_providers;
    if (g_max_ids)
        o.max_async = o.max_flows = g_max_ids;
    if (g_visit)
        o.on_record = ignore_record;
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
                          a->v[i].revisions == b->v[i].revisions &&
                          a->v[i].field_len == b->v[i].field_len &&
                          a->v[i].bit_lo == b->v[i].bit_lo && a->v[i].bit_hi == b->v[i].bit_hi &&
                          strcmp(a->v[i].message, b->v[i].message) == 0,
                      "%s: issue %zu differs: %d@%llu '%s' vs %d@%llu '%s'", what, i, a->v[i].rule,
                      (unsigned long long)a->v[i].record_offset, a->v[i].message, b->v[i].rule,
                      (unsigned long long)b->v[i].record_offset, b->v[i].message);
    }
}

/* Validate B three ways, with the lean path (no visitor), in chunks of up
 * to CHUNK bytes drawn from SEED, and field by field (a visitor): the same
 * issues each way (WHAT names the case). Returns the lean run's issues. */
static issues three_ways(const uint8_t *b, size_t len, size_t chunk, unsigned seed,
                         const char *what)
{
    g_visit = 0;
    issues lean = run(b, len, 0, 0);
    issues chunked = run(b, len, chunk, seed);
    g_visit = 1;
    issues full = run(b, len, 0, 0);
    g_visit = 0;
    same(&lean, &full, what);
    same(&lean, &chunked, what);
    free(chunked.v), free(full.v);
    return lean;
}

static void put64(uint8_t *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w >> (8 * i));
}

/* Magic record (if MAGIC), string record 1 "a", thread record 1 (process
 * 100, thread 101): the registrations most hand-made traces here start
 * with. Returns the bytes written. */
static size_t prologue(uint8_t *b, int magic)
{
    size_t at = 0;
    if (magic)
        put64(b + at, 0x0016547846040010ull), at += 8;
    put64(b + at, 0x2ull | (2ull << 4) | (1ull << 16) | (1ull << 32)), at += 8; /* string 1 */
    put64(b + at, 'a'), at += 8;
    put64(b + at, 0x3ull | (3ull << 4) | (1ull << 16)), at += 8; /* thread 1 */
    put64(b + at, 100), at += 8;
    put64(b + at, 101), at += 8;
    return at;
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
    const char *const *names = fxt_real_trace_names;
    int found = 0;
    for (size_t i = 0; i < FXT_REAL_TRACE_COUNT; i++) {
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


/* Async and flow matching, where the lean path settles the common cases
 * itself and leaves the rest to sequence.c: duplicates, unmatched ends,
 * instants and steps, a full table (said once, then not tracked), and the
 * unended at the end. Issues known by construction, the same with and
 * without a visitor and in any chunking. */
START_TEST(lean_ids_by_construction)
{
    uint8_t b[64 + 24 * 32];
    uint64_t off[32];
    size_t at = prologue(b, 1), n = 0;
    /* event types (current): 5/6/7 async begin/instant/end, 8/9/10 flow
     * begin/step/end; the id is the data word */
    static const struct {
        unsigned et;
        uint64_t id;
    } ev[] = {
        {5, 1}, {5, 1},  /* 1: duplicate begin */
        {6, 2},          /* 2: unmatched instant */
        {7, 1}, {7, 1},  /* both begins of id 1 ended */
        {7, 1},          /* 5: unmatched end */
        {5, 3}, {5, 4},  /* the table (2) is full */
        {5, 5},          /* 8: tracking limit, said once */
        {5, 6},          /* not tracked, not said */
        {7, 7},          /* not tracked is not unmatched */
        {6, 3},          /* matched instant: id 3 stays open */
        {8, 1}, {9, 1}, {10, 1},
        {10, 1},         /* 15: unmatched flow end */
        {9, 2},          /* 16: unmatched flow step */
        {8, 2},          /* open at the end */
    };
    for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++)
        off[n++] = at, at = put_event(b, at, ev[i].et, 1000 + i, ev[i].id);
    const struct {
        fxt_rule rule;
        size_t ev;
    } want[] = {
        {FXT_R_DUPLICATE_BEGIN, 1}, {FXT_R_ASYNC_UNMATCHED, 2}, {FXT_R_ASYNC_UNMATCHED, 5},
        {FXT_R_TRACKING_LIMIT, 8},  {FXT_R_FLOW_UNMATCHED, 15}, {FXT_R_FLOW_UNMATCHED, 16},
        /* the end: unended, by offset */
        {FXT_R_ASYNC_BEGIN_UNENDED, 6}, {FXT_R_ASYNC_BEGIN_UNENDED, 7},
        {FXT_R_FLOW_BEGIN_UNENDED, 17},
    };
    g_max_ids = 2;
    issues lean = three_ways(b, at, 24, 7, "ids");
    g_max_ids = 0;
    ck_assert_uint_eq(lean.n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < lean.n; i++)
        ck_assert_msg(lean.v[i].rule == want[i].rule && lean.v[i].record_offset == off[want[i].ev],
                      "issue %zu: rule %d at 0x%llx, want rule %d at 0x%llx", i, lean.v[i].rule,
                      (unsigned long long)lean.v[i].record_offset, want[i].rule,
                      (unsigned long long)off[want[i].ev]);
    free(lean.v);
}
END_TEST


/* The lean path's arguments, unrolled by event number and count: for each
 * event number of the current revision, events with 0 to 15 plain
 * arguments; events with 15 where argument K (each K) has an inline name
 * (the lean path takes it apart) or set reserved bits (decode.c reports
 * it); then enough small events that all of these lie where arguments are
 * read without bound tests. The same issues with and without a visitor and
 * in chunks; exactly one arg-reserved-bits per bad event, at it; decode.c
 * sees only the bad events (and the three records before them). Words by
 * hand: int32 argument = type 1, size 1, name 1 [16..31], value [32..63];
 * with an inline name = size 2, name 0x8001 (1 byte, "x" in the next word);
 * null argument = type 0, size 1, name 1, bits [32..63] reserved (set: 5). */
START_TEST(lean_args_every_count)
{
    /* (fast.c jumps on event number and count at once: each pair has its
     * own run of argument checks) */
    static uint8_t b[100000];
    enum { RAWS = 11 };
    uint64_t bad_off[RAWS * 15];
    unsigned nbad = 0;
    size_t at = prologue(b, 1);
    const uint64_t i32 = 0x1ull | (1ull << 4) | (1ull << 16) | (7ull << 32);
    const uint64_t i32_inline = 0x1ull | (2ull << 4) | (0x8001ull << 16) | (7ull << 32);
    const uint64_t null_rsv = 0x0ull | (1ull << 4) | (1ull << 16) | (5ull << 32);
    for (uint64_t raw = 0; raw < RAWS; raw++) {
        /* counter id, end time, async or flow id (current numbering) */
        const unsigned data = raw == 1 || raw >= 4;
        for (int kind = 0; kind < 4; kind++)
            for (unsigned k = 0; k < (kind == 3 ? 1u : 15u); k++) {
                unsigned n = kind == 0 ? k + 1 : kind == 3 ? 0 : 15;
                unsigned words = 2 + n + (kind == 1) + data;
                if (kind == 2)
                    bad_off[nbad++] = at;
                /* thread 1, category 1, name 1 */
                put64(b + at, 0x4ull | ((uint64_t)words << 4) | (raw << 16) |
                                  ((uint64_t)n << 20) | (1ull << 24) | (1ull << 32) |
                                  (1ull << 48)),
                    at += 8;
                put64(b + at, 1000), at += 8;
                for (unsigned i = 0; i < n; i++) {
                    if (kind == 1 && i == k) {
                        put64(b + at, i32_inline), at += 8;
                        put64(b + at, 'x'), at += 8;
                    } else {
                        put64(b + at, kind == 2 && i == k ? null_rsv : i32), at += 8;
                    }
                }
                if (data)
                    put64(b + at, 2000 + at), at += 8;
            }
    }
    for (int i = 0; i < 40; i++) { /* instant events without arguments */
        put64(b + at, 0x4ull | (2ull << 4) | (1ull << 24) | (1ull << 32) | (1ull << 48)), at += 8;
        put64(b + at, 1000), at += 8;
    }
    ck_assert_uint_le(at, sizeof b);
    for (int rev = FXT_REV_CURRENT; rev <= FXT_REV_AUTO; rev++) {
        g_rev = (fxt_revision)rev;
        /* the lean path takes every event but the bad ones (a fallback
         * would give the same issues, only slower: counted here) */
        g_decoded = 0;
        issues whole = run(b, at, 0, 0);
        free(whole.v);
        /* + magic, string, thread; in auto mode each revision's validator
         * decodes for itself: r1 and r2 the magic record (undefined there),
         * where they stop, r3 its three records and its first bad event */
        ck_assert_uint_eq(g_decoded, 3 + nbad + (rev == FXT_REV_AUTO ? 1 + 1 + 4 : 0));
        issues lean = three_ways(b, at, 300, 11, "args");
        /* (auto also hands over r1/r2's magic-record issue, before it knows
         * which revision is reported: current's are the ones to look at;
         * unmatched ends and ids are reported too) */
        unsigned n = 0;
        for (size_t i = 0; i < lean.n; i++) {
            if (!(lean.v[i].revisions & FXT_REV_BIT(FXT_REV_CURRENT)) ||
                lean.v[i].rule != FXT_R_ARG_RESERVED_BITS)
                continue;
            ck_assert_uint_lt(n, nbad);
            ck_assert_uint_eq(lean.v[i].record_offset, bad_off[n]);
            n++;
        }
        ck_assert_uint_eq(n, nbad);
        free(lean.v);
    }
    g_rev = FXT_REV_CURRENT;
}
END_TEST

/* Generated traces of both profiles and byte orders, every revision and
 * auto: the lean path (no visitor) and the field-by-field decoder give the
 * same issues, and so does any chunking. The coverage profile has every
 * record and argument type, inline refs, and (under older revisions) many
 * undefined types. Mutated copies add errors of every kind. */
static uint8_t *gen_trace(unsigned seed, int coverage, int be, size_t *len);
static uint8_t *gen_trace_n(unsigned seed, int coverage, int be, uint64_t records, size_t *len);

START_TEST(lean_path_equals_decoder)
{
    for (int rev = 0; rev <= FXT_REV_AUTO; rev++)
        for (unsigned seed = 1; seed <= 4; seed++) {
            size_t len = 0;
            uint8_t *b = gen_trace(seed, seed % 2, seed > 2, &len);
            ck_assert_ptr_nonnull(b);
            for (int m = 0; m < 3; m++) {
                if (m) { /* flip a few bits: errors of every kind */
                    unsigned s = seed * 7919u + (unsigned)m;
                    for (int k = 0; k < 40; k++) {
                        s = s * 1664525u + 1013904223u;
                        size_t at = 8 + (s >> 8) % (len - 8);
                        b[at] ^= (uint8_t)(1u << (s & 7));
                    }
                }
                g_rev = (fxt_revision)rev;
                char what[64];
                snprintf(what, sizeof what, "rev %d seed %u mutation %d", rev, seed, m);
                issues lean = three_ways(b, len, 1000, seed, what);
                free(lean.v);
            }
            free(b);
        }
    g_rev = FXT_REV_CURRENT;
}
END_TEST

/* The lean path's ref checks (a dense prefix of registered indexes, the
 * bitset past it, inline refs, a provider started anew, providers past the
 * table) against the field-by-field decoder and against issues known by
 * construction. Words worked out by hand from the spec's layouts. */
static size_t w64(uint8_t *b, size_t at, uint64_t w)
{
    put64(b + at, w);
    return at + 8;
}

/* string record: type 2, 2 words, index [16..30], length 1 [32..46], "s" */
static size_t str_rec(uint8_t *b, size_t at, unsigned idx)
{
    at = w64(b, at, 0x2ull | (2ull << 4) | ((uint64_t)idx << 16) | (1ull << 32));
    return w64(b, at, 's');
}

/* instant event, thread ref 1, category CAT, name NAME; with an int32
 * argument named ARGN when ARGN is not 0xffff */
static size_t ev_rec(uint8_t *b, size_t at, unsigned cat, unsigned name, unsigned argn)
{
    int arg = argn != 0xffffu;
    uint64_t words = 2 + (uint64_t)arg;
    at = w64(b, at, 0x4ull | (words << 4) | ((uint64_t)arg << 20) | (1ull << 24) |
                        ((uint64_t)cat << 32) | ((uint64_t)name << 48));
    at = w64(b, at, 1000); /* timestamp */
    if (arg) /* int32: type 1, 1 word, name [16..31], value 7 */
        at = w64(b, at, 0x1ull | (1ull << 4) | ((uint64_t)argn << 16) | (7ull << 32));
    return at;
}

/* provider info ID, name "p": metadata type 1, 2 words, id [20..51], name length 1 [52..59] */
static size_t pinfo_rec(uint8_t *b, size_t at, unsigned id)
{
    at = w64(b, at, 0x0ull | (2ull << 4) | (1ull << 16) | ((uint64_t)id << 20) | (1ull << 52));
    return w64(b, at, 'p');
}

START_TEST(lean_refs_dense_sparse_fresh)
{
    uint8_t *b = calloc(1, 4096);
    size_t at = w64(b, 0, 0x0016547846040010ull), bad[16], nbad = 0;
    at = pinfo_rec(b, at, 1);
    at = str_rec(b, at, 1), at = str_rec(b, at, 3), at = str_rec(b, at, 5);
    at = str_rec(b, at, 2); /* 1..3 now dense, 5 registered past them */
    /* thread record: type 3, 3 words, index 1 [16..23], process and thread koid */
    at = w64(b, at, 0x3ull | (3ull << 4) | (1ull << 16)), at = w64(b, at, 10), at = w64(b, at, 11);
    at = ev_rec(b, at, 1, 3, 0xffff);                /* dense refs */
    at = ev_rec(b, at, 3, 5, 5);                     /* 5: past the dense prefix */
    bad[nbad++] = at, at = ev_rec(b, at, 4, 1, 0xffff); /* category 4: not registered */
    bad[nbad++] = at, at = ev_rec(b, at, 1, 1, 6);      /* argument name 6: not registered */
    /* inline category "ab" (0x8002) and argument name "x" (0x8001) */
    at = w64(b, at, 0x4ull | (5ull << 4) | (1ull << 20) | (1ull << 24) | (0x8002ull << 32) |
                        (1ull << 48));
    at = w64(b, at, 1000), at = w64(b, at, 'a' | ('b' << 8));
    at = w64(b, at, 0x1ull | (2ull << 4) | (0x8001ull << 16)), at = w64(b, at, 'x');
    at = str_rec(b, at, 4); /* now 1..5 dense */
    at = ev_rec(b, at, 4, 5, 5);
    at = pinfo_rec(b, at, 1); /* provider 1 anew: nothing registered */
    bad[nbad++] = at, at = ev_rec(b, at, 1, 0, 0xffff);
    at = pinfo_rec(b, at, 2); /* past max_providers = 1: untracked, refs not checked */
    at = ev_rec(b, at, 9, 9, 9);
    g_max_providers = 1;
    for (int rev = 0; rev <= FXT_REV_AUTO; rev++) {
        g_rev = (fxt_revision)rev;
        issues lean = three_ways(b, at, 24, 3, "lean refs");
        /* the unregistered refs; the thread ref of the last but one event
         * (provider 1 anew) too; and the tracking limit for provider 2 */
        size_t k = 0;
        for (size_t i = 0; i < lean.n; i++) {
            if (lean.v[i].rule == FXT_R_STRING_REF_UNREGISTERED) {
                ck_assert_msg(k < nbad, "rev %d: extra E0010 at %llu", rev,
                              (unsigned long long)lean.v[i].record_offset);
                ck_assert_uint_eq(lean.v[i].record_offset, bad[k]);
                k++;
            } else
                ck_assert_msg(lean.v[i].rule == FXT_R_THREAD_REF_UNREGISTERED ||
                                  lean.v[i].rule == FXT_R_TRACKING_LIMIT ||
                                  lean.v[i].rule == FXT_R_PROVIDER_RESTARTED ||
                                  ((rev < FXT_REV_R3 || rev == FXT_REV_AUTO) &&
                                   lean.v[i].rule == FXT_R_METADATA_TYPE_UNKNOWN),
                              "rev %d: unexpected %s", rev, lean.v[i].message);
        }
        ck_assert_uint_eq(k, nbad);
        free(lean.v);
    }
    g_rev = FXT_REV_CURRENT;
    g_max_providers = 0;
    free(b);
}
END_TEST

/* Auto mode gives, for each revision, the verdict and counts that checking
 * that revision alone gives. */
/* Validate B under REV, fed STEP bytes at a time (whole if 0): the
 * verdicts in OUT, the stats in ST (if not NULL); fxt_validator_verdicts'
 * result. */
static int verdicts_of(const uint8_t *b, size_t len, fxt_revision rev, size_t step,
                       fxt_revision_verdict out[FXT_REV_COUNT], fxt_stats *st)
{
    fxt_options o = fxt_options_default();
    o.revision = rev;
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    if (step == 0)
        step = len ? len : 1;
    for (size_t at = 0; at < len; at += step)
        fxt_validator_feed(v, b + at, len - at < step ? len - at : step);
    fxt_validator_finish(v);
    int r = fxt_validator_verdicts(v, out);
    if (st != NULL)
        fxt_validator_stats(v, st);
    fxt_validator_free(v);
    return r;
}

/* Validate B under auto and under each revision alone. Each revision's
 * validator in auto mode is the one-revision validator: where it went to
 * the end (current always does) its counts are that validator's; a
 * revision other than current stops after the record of its first error
 * (the same first error), having counted up to there. ERRORS gets each
 * revision's own error count. */
static void auto_matches_each(const uint8_t *b, size_t len, size_t step,
                              uint64_t errors[FXT_REV_COUNT])
{
    fxt_revision_verdict all[FXT_REV_COUNT], one[FXT_REV_COUNT];
    verdicts_of(b, len, FXT_REV_AUTO, step, all, NULL);
    for (int r = 0; r < FXT_REV_COUNT; r++) {
        fxt_stats st;
        ck_assert_int_eq(verdicts_of(b, len, (fxt_revision)r, 0, one, &st), r);
        ck_assert(one[r].checked && all[r].checked && one[r].complete);
        ck_assert_int_eq(one[r].conforms, all[r].conforms);
        ck_assert_uint_eq(st.errors, one[r].errors);
        ck_assert_int_eq(one[r].first_error, all[r].first_error);
        ck_assert_uint_eq(one[r].first_error_offset, all[r].first_error_offset);
        if (all[r].complete) {
            ck_assert_uint_eq(all[r].errors, one[r].errors);
            ck_assert_uint_eq(all[r].warnings, one[r].warnings);
        } else {
            ck_assert(r != FXT_REV_CURRENT && !all[r].conforms);
            ck_assert_uint_ge(all[r].errors, 1);
            ck_assert_uint_le(all[r].errors, one[r].errors);
            ck_assert_uint_le(all[r].warnings, one[r].warnings);
            ck_assert_uint_gt(all[r].stop_offset, all[r].first_error_offset);
        }
        errors[r] = one[r].errors;
    }
}

/* Auto mode on a trace without a magic record: r1, r2 and r3 conform until
 * (after some async-looking events) the first boolean argument (type 9,
 * only in current): each stops after that record, its first error, and
 * its verdict says where; checked alone, each counts every boolean. Words
 * by hand: string record 1 "a", thread record 1, then instant events
 * (thread 1, category 1, name 1) with one boolean argument (type 9, 1
 * word, name 1, value 1). */
START_TEST(auto_stops_after_first_error)
{
    enum { N = 50 };
    uint8_t b[48 + 4 * 24 + N * 24];
    size_t at = prologue(b, 0);
    /* first, while every revision may still be reported: events 4 and 5
     * (data word 7), which r1/r2 read as async begin and instant, r3 and
     * current as duration complete and async begin */
    for (uint64_t et = 4; et <= 5; et++)
        for (int i = 0; i < 2; i++) {
            put64(b + at, 0x4ull | (3ull << 4) | (et << 16) | (1ull << 24) | (1ull << 32) |
                              (1ull << 48)), at += 8;
            put64(b + at, 5), put64(b + at + 8, 7), at += 16;
        }
    const size_t first_bool = at;
    for (int i = 0; i < N; i++) {
        put64(b + at, 0x4ull | (3ull << 4) | (1ull << 20) | (1ull << 24) | (1ull << 32) |
                          (1ull << 48)), at += 8;
        put64(b + at, 1000 + (uint64_t)i), at += 8;
        put64(b + at, 0x9ull | (1ull << 4) | (1ull << 16) | (1ull << 32)), at += 8;
    }
    uint64_t errors[FXT_REV_COUNT];
    for (size_t step = 0; step <= 16; step += 16) /* whole, and 16 bytes at a time */
        auto_matches_each(b, at, step, errors);
    for (int r = 0; r < FXT_REV_COUNT; r++)
        ck_assert_uint_eq(errors[r], r == FXT_REV_CURRENT ? 0 : N);
    fxt_revision_verdict all[FXT_REV_COUNT];
    ck_assert_int_eq(verdicts_of(b, at, FXT_REV_AUTO, 0, all, NULL), FXT_REV_CURRENT);
    for (int r = 0; r < FXT_REV_CURRENT; r++) {
        ck_assert_int_eq(all[r].complete, 0);
        ck_assert_uint_eq(all[r].errors, 1);
        ck_assert_uint_eq(all[r].first_error_offset, first_bool + 16);
        ck_assert_uint_eq(all[r].stop_offset, first_bool + 24); /* after that record */
    }
    ck_assert_int_eq(all[FXT_REV_CURRENT].complete, 1);
}
END_TEST

START_TEST(auto_agrees_with_each_revision)
{
    /* seeds 5 and 6: longer realistic traces, fed in chunks of 4 KiB for
     * seed 6 */
    for (unsigned seed = 1; seed <= 6; seed++) {
        size_t len = 0;
        uint8_t *b = seed <= 4 ? gen_trace(seed, seed % 2, 0, &len)
                               : gen_trace_n(seed, 0, 0, 40000, &len);
        uint64_t errors[FXT_REV_COUNT];
        auto_matches_each(b, len, seed == 6 ? 4096 : 0, errors);
        ck_assert_uint_eq(errors[FXT_REV_CURRENT], 0); /* the generator writes current traces */
        free(b);
    }
}
END_TEST

/* A truncated large record gives the same issues whether it is streamed
 * (over 1 MiB, the record buffer: its head decoded, the rest streamed,
 * when the input is fed in chunks and cut past the first MiB) or not:
 * truncated, and nothing of its head; and it is not counted as a record.
 * The large blob starts at 8, its payload at 48. */
START_TEST(truncated_large_record_same_issues_any_size)
{
    size_t sizes[] = {64, (1u << 20) + 4096};
    for (size_t i = 0; i < 2; i++) {
        size_t len;
        uint8_t *b = big_trace(sizes[i], 0, &len);
        /* break the head: a reserved bit of the format header word */
        b[16 + 7] |= 0x80;
        /* inside the payload: halfway, and one word before its end */
        size_t cuts[] = {48 + sizes[i] / 2, 48 + sizes[i] - 8};
        for (size_t k = 0; k < 2; k++) {
            size_t cut = cuts[k];
            issues l = run(b, cut, 0, 0), c = run(b, cut, 4096, 0);
            ck_assert_msg(l.n == 1 && l.v[0].rule == FXT_R_TRUNCATED,
                          "size %zu: %zu issues, first %d", sizes[i], l.n, l.n ? l.v[0].rule : 0);
            ck_assert_uint_eq(l.v[0].record_offset, 8);
            same(&l, &c, "truncated large record");
            for (size_t chunk = 0; chunk <= 4096; chunk += 4096) {
                fxt_options o = fxt_options_default();
                fxt_validator *v = fxt_validator_new(&o);
                for (size_t at = 0; at < cut; at += chunk ? chunk : cut)
                    fxt_validator_feed(v, b + at, chunk && chunk < cut - at ? chunk : cut - at);
                fxt_validator_finish(v);
                fxt_stats st;
                fxt_validator_stats(v, &st);
                ck_assert_uint_eq(st.records, 1); /* the magic record only */
                ck_assert_uint_eq(st.by_type[FXT_RT_LARGE], 0);
                ck_assert_uint_eq(st.by_type[FXT_RT_METADATA], 1);
                for (size_t p = 0; p < fxt_validator_provider_count(v); p++) {
                    fxt_provider_stats ps;
                    ck_assert_int_eq(fxt_validator_provider(v, p, &ps), 0);
                    ck_assert_uint_eq(ps.by_type[FXT_RT_LARGE], 0);
                }
                fxt_validator_free(v);
            }
            free(l.v), free(c.v);
        }
        free(b);
    }
}
END_TEST

/* More than max_providers providers: a section for a provider that was
 * introduced past the limit is not called never introduced. */
START_TEST(provider_overflow_claims_nothing_false)
{
    enum { NPROV = 300 };
    g_max_providers = 256;
    uint8_t *b = calloc(1, 8 + NPROV * 16 + 8);
    size_t at = 0;
    put64(b + at, 0x0016547846040010ull), at += 8;
    for (uint64_t id = 1; id <= NPROV; id++) /* provider info, empty name */
        put64(b + at, 0x0ull | (1ull << 4) | (1ull << 16) | (id << 20)), at += 8;
    for (uint64_t id = 1; id <= NPROV; id++) /* provider section */
        put64(b + at, 0x0ull | (1ull << 4) | (2ull << 16) | (id << 20)), at += 8;
    issues l = run(b, at, 0, 0);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_int_eq(l.v[0].rule, FXT_R_TRACKING_LIMIT);
    free(l.v);
    /* a provider never introduced is still reported while the table holds */
    put64(b + 8, 0x0ull | (1ull << 4) | (2ull << 16) | (999ull << 20));
    issues m = run(b, 16, 0, 0);
    ck_assert_uint_eq(m.n, 1);
    ck_assert_int_eq(m.v[0].rule, FXT_R_PROVIDER_SECTION_UNKNOWN);
    g_max_providers = 0;
    free(m.v), free(b);
}
END_TEST

/* The summary of unended begins past the 32 reported one by one keeps
 * the whole thread koids and the count; it is a duration-begin-unended
 * finding, not a warning about the validator's capacity (it checks them
 * all: only their offsets are not kept). */
START_TEST(unended_summary_keeps_koids_and_count)
{
    enum { N = 100 };
    uint64_t pid = 7, tid = (1ull << 40) + 5;
    uint8_t *b = calloc(1, 8 + N * 32);
    size_t at = 0;
    put64(b + at, 0x0016547846040010ull), at += 8;
    for (int i = 0; i < N; i++) { /* duration begin, inline thread */
        put64(b + at, 0x4ull | (4ull << 4) | (2ull << 16)), at += 8;
        put64(b + at, (uint64_t)i), at += 8;
        put64(b + at, pid), at += 8;
        put64(b + at, tid), at += 8;
    }
    issues l = run(b, at, 0, 0);
    ck_assert_uint_eq(l.n, 33);
    const fxt_issue *s = NULL;
    for (size_t i = 0; i < l.n; i++) {
        ck_assert_int_eq(l.v[i].rule, FXT_R_DURATION_BEGIN_UNENDED);
        if (strstr(l.v[i].message, "more duration begins") != NULL)
            s = &l.v[i];
    }
    ck_assert_ptr_nonnull(s);
    ck_assert_msg(strstr(s->message, "68 more duration begins on thread 7/1099511627781") != NULL,
                  "%s", s->message);
    /* it points at the first begin past the 32 reported: the 33rd */
    ck_assert_uint_eq(s->record_offset, 8 + 32 * 32);
    ck_assert_uint_eq(s->record_index, 33);
    free(l.v), free(b);
}
END_TEST

/* Every word description of the layout table tiles bits 0..63 in order,
 * and its reserved mask is exactly the union of its reserved fields. */
static void check_word(const fxt_word_desc *d)
{
    ck_assert_ptr_nonnull(d);
    unsigned next = 0;
    uint64_t rsv = 0;
    for (unsigned i = 0; i < d->nfields; i++) {
        const fxt_field_desc *f = &d->fields[i];
        ck_assert_msg(f->lo == next && f->hi >= f->lo && f->hi <= 63, "%s: field %s [%u..%u]",
                      d->name, f->name, f->lo, f->hi);
        if (f->kind == FXT_FK_RESERVED)
            rsv |= (f->hi - f->lo == 63 ? ~0ull : ((1ull << (f->hi - f->lo + 1)) - 1)) << f->lo;
        next = f->hi + 1u;
    }
    ck_assert_msg(next == 64, "%s covers bits up to %u", d->name, next);
    ck_assert_msg(rsv == d->reserved_mask, "%s: reserved mask", d->name);
    ck_assert(rsv == 0 || d->reserved_rule != FXT_R_NONE);
}

/* The revisions lacking value T of a type field (its mask at OFF in
 * fxt_layout), if some revision defines T and some does not, are *SET
 * (the first such set met). */
static void lacking_is_one_set(size_t off, unsigned t, unsigned *set)
{
    unsigned lack = 0, some = 0;
    for (int q = 0; q < FXT_REV_COUNT; q++) {
        uint16_t mask;
        memcpy(&mask, (const char *)fxt_layout_get((fxt_revision)q) + off, sizeof mask);
        some |= fxt_layout_defines(mask, t) ? 1u : 0;
        lack |= fxt_layout_defines(mask, t) ? 0 : 1u << q;
    }
    if (some && lack) {
        ck_assert(*set == 0 || *set == lack);
        *set = lack;
    }
}

/* Which field kind of a word description an item of kind K reads (-1: none). */
static int body_field_kind(unsigned k)
{
    switch (k) {
    case FXT_BI_THREAD:
    case FXT_BI_PROCESS: return FXT_FK_THREADREF;
    case FXT_BI_STRING: return FXT_FK_STRREF;
    case FXT_BI_TEXT:
    case FXT_BI_BYTES: return FXT_FK_LENGTH;
    case FXT_BI_ARGS: return FXT_FK_COUNT;
    default: return -1;
    }
}

/* Items IT[0..N) read, each, a field of its current word's description of
 * the kind it needs, and every ref, length and count field of those words
 * is read by one item: the body order and the word descriptions agree. */
static void check_body(fxt_revision rev, uint64_t h, const fxt_body_item *it, size_t n)
{
    const fxt_word_desc *d = fxt_header_desc(rev, h);
    unsigned used = 0; /* fields of D read (bit f: field f) */
    for (size_t i = 0; i <= n; i++) {
        if (i == n || it[i].kind == FXT_BI_FORMAT) {
            for (unsigned f = 0; f < d->nfields; f++) {
                unsigned fk = d->fields[f].kind;
                if (fk == FXT_FK_THREADREF || fk == FXT_FK_STRREF || fk == FXT_FK_COUNT ||
                    fk == FXT_FK_LENGTH)
                    ck_assert_msg((used >> f) & 1, "%s h=0x%llx: %s [%u..%u] read by no item",
                                  fxt_revision_name(rev), (unsigned long long)h, d->name,
                                  d->fields[f].lo, d->fields[f].hi);
            }
            if (i == n)
                break;
            d = fxt_large_blob_format_desc((unsigned)FXT_GET(h, FXT_LBLOB_FORMAT));
            ck_assert_ptr_nonnull(d);
            used = 0;
            continue;
        }
        ck_assert_ptr_nonnull(it[i].label);
        ck_assert_int_eq(it[i].label2 != NULL,
                         it[i].kind == FXT_BI_THREAD || it[i].kind == FXT_BI_SIZED);
        int want = body_field_kind(it[i].kind);
        if (want < 0) {
            ck_assert_uint_eq(it[i].lo | it[i].hi, 0);
            continue;
        }
        unsigned f = 0;
        while (f < d->nfields && (d->fields[f].lo != it[i].lo || d->fields[f].hi != it[i].hi))
            f++;
        ck_assert_msg(f < d->nfields && (int)d->fields[f].kind == want,
                      "%s h=0x%llx: item %zu (%s) reads [%u..%u], not a field of %s of its kind",
                      fxt_revision_name(rev), (unsigned long long)h, i, it[i].label, it[i].lo,
                      it[i].hi, d->name);
        ck_assert_msg(!((used >> f) & 1), "two items read one field");
        used |= 1u << f;
    }
}

START_TEST(body_order_follows_the_layout)
{
    for (int r = 0; r < FXT_REV_COUNT; r++) {
        fxt_revision rev = (fxt_revision)r;
        const fxt_layout *l = fxt_layout_get(rev);
        for (unsigned t = 0; t < 16; t++)
            for (unsigned sub = 0; sub < 16; sub++) {
                /* every selector value of every type field, as above */
                uint64_t h = t | ((uint64_t)sub << 16) | ((uint64_t)sub << 20) |
                             ((uint64_t)sub << 36) | ((uint64_t)sub << 40) | ((uint64_t)sub << 60);
                size_t n = 99;
                const fxt_body_item *it = fxt_body_items(rev, h, &n);
                /* a body where the header word is described, none where it is not */
                int described = fxt_header_desc(rev, h)->reserved_rule != FXT_R_NONE ||
                                (t == FXT_RT_EVENT && l->event_kind[sub] != FXT_ET_NONE);
                ck_assert_msg((it != NULL) == described, "%s h=0x%llx: body %p",
                              fxt_revision_name(rev), (unsigned long long)h, (const void *)it);
                if (it == NULL) {
                    ck_assert_uint_eq(n, 0);
                    continue;
                }
                check_body(rev, h, it, n);
                if (t == FXT_RT_EVENT) /* its last word: the data word the validator names */
                    ck_assert_int_eq(it[n - 1].kind == FXT_BI_EVENT_WORD,
                                     fxt_event_data_name(l->event_kind[sub]) != NULL);
            }
    }
    size_t n = 99;
    ck_assert_ptr_null(fxt_body_items(FXT_REV_AUTO, 0x4, &n));
    ck_assert_uint_eq(n, 0);
    /* the magic record: its header word alone */
    ck_assert_ptr_nonnull(fxt_body_items(FXT_REV_R3, FXT_MAGIC_RECORD, &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(fxt_body_items(FXT_REV_R2, FXT_MAGIC_RECORD, &n));
    /* r1's async begin (4) and current's duration complete (4) */
    const fxt_body_item *a = fxt_body_items(FXT_REV_R1, 0x40004, &n);
    ck_assert_str_eq(a[n - 1].label, "correlation id");
    a = fxt_body_items(FXT_REV_CURRENT, 0x40004, &n);
    ck_assert_str_eq(a[n - 1].label, "end time");
}
END_TEST

START_TEST(layout_words_are_consistent)
{
    for (int r = 0; r < FXT_REV_COUNT; r++) {
        const fxt_layout *l = fxt_layout_get((fxt_revision)r);
        ck_assert_ptr_nonnull(l);
        ck_assert_int_eq(l->revision, r);
        fxt_revision parsed;
        ck_assert_int_eq(fxt_revision_parse(l->name, &parsed), 0);
        ck_assert_int_eq(parsed, r);
        for (unsigned t = 0; t < 16; t++) {
            /* every selector value of every type field */
            for (unsigned sub = 0; sub < 16; sub++) {
                uint64_t h = t | ((uint64_t)sub << 16) | ((uint64_t)sub << 20) |
                             ((uint64_t)sub << 36) | ((uint64_t)sub << 40) | ((uint64_t)sub << 60);
                check_word(fxt_header_desc((fxt_revision)r, h));
            }
            check_word(fxt_arg_desc((fxt_revision)r, t));
            /* what validator/fast.c assumes of arguments: a defined type has
             * words; a string ref in [32..63] is bits [32..47] */
            if (fxt_layout_defines(l->arg_types, t)) {
                ck_assert_uint_ge(fxt_arg_words(t), 1);
                const fxt_word_desc *ad = fxt_arg_desc((fxt_revision)r, t);
                for (unsigned i = 0; i < ad->nfields; i++)
                    if (ad->fields[i].kind == FXT_FK_STRREF && ad->fields[i].lo >= 32) {
                        ck_assert_int_eq(ad->fields[i].lo, 32);
                        ck_assert_int_eq(ad->fields[i].hi, 47);
                    }
            }
            /* event numbers and meanings are inverse */
            unsigned k = l->event_kind[t];
            ck_assert_int_eq(k != FXT_ET_NONE, fxt_layout_defines(l->event_types, t));
            if (k != FXT_ET_NONE)
                ck_assert_uint_eq(l->event_number[k], t);
        }
    }
    check_word(fxt_large_blob_format_desc(0));
    check_word(fxt_large_blob_format_desc(1));
    ck_assert_ptr_null(fxt_large_blob_format_desc(2));
    ck_assert_ptr_null(fxt_layout_get(FXT_REV_AUTO));
    /* every rule names a section in each revision it applies to, none in the others */
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        ck_assert(ri->revisions & FXT_REV_BIT(FXT_REV_CURRENT));
        for (int r = 0; r < FXT_REV_COUNT; r++)
            ck_assert_int_eq(fxt_rule_section(ri->rule, (fxt_revision)r) != NULL,
                             (ri->revisions >> r) & 1);
    }
    /* What validator/fast.c and fast_build.c assume of the layout table
     * (they do not test it at run time): a revision that breaks one of
     * these needs those files changed too. */
    unsigned sub = 0, arg_lack = 0, ev_lack = 0;
    for (int r = 0; r < FXT_REV_COUNT; r++) {
        const fxt_layout *l = fxt_layout_get((fxt_revision)r);
        /* every revision has logs, kernel objects, blobs, scheduling records */
        ck_assert(fxt_layout_defines(l->record_types, FXT_RT_LOG));
        ck_assert(fxt_layout_defines(l->record_types, FXT_RT_KERNEL_OBJECT));
        ck_assert(fxt_layout_defines(l->record_types, FXT_RT_BLOB));
        ck_assert(fxt_layout_defines(l->record_types, FXT_RT_SCHEDULING));
        const uint64_t w = 0x8; /* a scheduling record header, subtype 0 */
        if (l->sched_types) {
            sub |= 1u << r;
            ck_assert(fxt_layout_defines(l->sched_types, FXT_ST_CONTEXT_SWITCH));
        } else { /* a legacy context switch: up to 4 reserved fields, the subtype's bits among them */
            const fxt_word_desc *d = fxt_header_desc((fxt_revision)r, w);
            uint64_t m = 0;
            unsigned n = 0;
            for (unsigned i = 0; i < d->nfields; i++)
                if (d->fields[i].kind == FXT_FK_RESERVED)
                    n++, m |= ((~0ull >> (63 - d->fields[i].hi)) >> d->fields[i].lo) << d->fields[i].lo;
            ck_assert_uint_le(n, 4);
            ck_assert_uint_eq(m, d->reserved_mask);
            ck_assert_uint_eq(m & 0xf000000000000000ull, 0xf000000000000000ull);
        }
        for (unsigned t = 0; t < 16; t++) {
            /* the revisions lacking an argument type or event number that
             * some revision defines are one set */
            lacking_is_one_set(offsetof(fxt_layout, arg_types), t, &arg_lack);
            lacking_is_one_set(offsetof(fxt_layout, event_types), t, &ev_lack);
            /* meanings end at flow end; the newer numbering defines every
             * number the older does, and reads what the older reads as an
             * async or flow event as complete, async or flow, which the
             * older reads as async or flow (so a number is an instant or
             * counter event in both numberings or in neither: fast.c's
             * jump has no case for one that the other sequences) */
            const unsigned k = l->event_kind[t];
            ck_assert(k == FXT_ET_NONE || k <= FXT_ET_FLOW_END);
            for (int q = 0; q < FXT_REV_COUNT; q++) {
                const fxt_layout *lq = fxt_layout_get((fxt_revision)q);
                if (l->numbering != 0 || lq->numbering != 1 || k == FXT_ET_NONE)
                    continue;
                const unsigned kq = lq->event_kind[t];
                ck_assert(kq != FXT_ET_NONE);
                if (kq == FXT_ET_DURATION_COMPLETE || kq >= FXT_ET_ASYNC_BEGIN)
                    ck_assert(k >= FXT_ET_ASYNC_BEGIN);
                if (kq <= FXT_ET_DURATION_END)
                    ck_assert_uint_eq(k, kq);
            }
        }
    }
    ck_assert_uint_eq(__builtin_popcount(sub), 1); /* one revision with scheduling subtypes */
    /* blobs read across any set of revisions: size fields start at one
     * bit, and what a wider one adds is reserved in some revision */
    for (unsigned set = 1; set < (1u << FXT_REV_COUNT); set++) {
        uint64_t narrow = ~0ull, wide = 0, rsv = 0;
        unsigned lo = 99;
        for (int r = 0; r < FXT_REV_COUNT; r++)
            if ((set >> r) & 1) {
                const fxt_layout *l = fxt_layout_get((fxt_revision)r);
                uint64_t m = ((~0ull >> (63 - l->blob_size_hi)) >> l->blob_size_lo) << l->blob_size_lo;
                narrow &= m, wide |= m;
                rsv |= fxt_header_desc((fxt_revision)r, FXT_RT_BLOB)->reserved_mask;
                ck_assert(lo == 99 || lo == l->blob_size_lo);
                lo = l->blob_size_lo;
            }
        ck_assert_uint_eq((wide & ~narrow) & ~rsv, 0);
    }
}
END_TEST

/* Allocation counting (and failing, g_fail_allocs): the test is linked with
 * --wrap for malloc, calloc and realloc, so every allocation of the library
 * passes through here. */
static volatile int g_count_allocs; /* volatile: malloc is a builtin to the compiler */
static volatile unsigned long g_allocs;
volatile int g_fail_allocs;
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n)
{
    g_allocs += g_count_allocs;
    return g_fail_allocs ? NULL : __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t m)
{
    g_allocs += g_count_allocs;
    return g_fail_allocs ? NULL : __real_calloc(n, m);
}
void *__wrap_realloc(void *p, size_t n)
{
    g_allocs += g_count_allocs;
    return g_fail_allocs ? NULL : __real_realloc(p, n);
}

/* The API's edges: option clamps, too little memory, finish twice, names
 * out of range, ignored rules in auto mode. */
START_TEST(api_edges)
{
    fxt_options o = fxt_options_default();
    o.max_providers = o.max_threads = o.max_async = o.max_flows = 0;
    o.revision = (fxt_revision)99; /* clamped to current */
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    ck_assert_uint_eq(st.errors, 1); /* empty input */
    ck_assert_int_eq(st.revision, FXT_REV_CURRENT);
    fxt_validator_finish(v); /* twice: nothing more */
    fxt_validator_stats(v, &st);
    ck_assert_uint_eq(st.errors, 1);
    fxt_provider_stats ps;
    ck_assert_int_eq(fxt_validator_provider(v, 5, &ps), -1);
    fxt_validator_free(v);

    ck_assert_str_eq(fxt_event_type_name(FXT_REV_R1, 4), "async-begin");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_CURRENT, 4), "duration-complete");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_R2, 10), "event-type-10");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_CURRENT, 11), "event-type-11");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_AUTO, 4), "?");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_R1, 16), "?");
    ck_assert_str_eq(fxt_record_type_name(FXT_NO_RECORD_TYPE), "trace");
    ck_assert_str_eq(fxt_record_type_name(99), "?");
    fxt_revision r;
    ck_assert_int_eq(fxt_revision_parse(NULL, &r), -1);
    ck_assert_int_eq(fxt_revision_parse("r4", &r), -1);
    ck_assert_int_eq(fxt_revision_parse("AUTO", &r), 0);
    ck_assert_int_eq(r, FXT_REV_AUTO);
    ck_assert_str_eq(fxt_revision_name((fxt_revision)7), "?");
    ck_assert_ptr_null(fxt_rule_section(FXT_R_NONE, FXT_REV_CURRENT));
    ck_assert_ptr_null(fxt_rule_section(FXT_R_MAGIC_MISSING, FXT_REV_R1));
    ck_assert_ptr_null(fxt_rule_section(FXT_R_EMPTY_INPUT, FXT_REV_AUTO));
    ck_assert_str_eq(fxt_rule_section(FXT_R_BLOB_RESERVED_BITS, FXT_REV_R2),
                     "Blob Record (record type = 5)");
    ck_assert_uint_eq(fxt_rule_revisions(FXT_R_NONE), 0);
    ck_assert_uint_eq(fxt_arg_words(12), 0);
    ck_assert_ptr_null(fxt_event_data_name(99));
    /* framing, by hand: a type-15 header with 0x10001 in [4..35] is 0x10001
     * words where the revision has large records (r3 on), 1 word (bits
     * [4..15]) where it does not */
    {
        const uint64_t large = 0xfull | (0x10001ull << 4);
        unsigned lo, hi;
        fxt_record_size_field(fxt_layout_get(FXT_REV_R3), large, &lo, &hi);
        ck_assert(lo == 4 && hi == 35);
        ck_assert_uint_eq(fxt_record_bytes(fxt_layout_get(FXT_REV_R3), large), 0x10001u * 8);
        fxt_record_size_field(fxt_layout_get(FXT_REV_R2), large, &lo, &hi);
        ck_assert(lo == 4 && hi == 15);
        ck_assert_uint_eq(fxt_record_bytes(fxt_layout_get(FXT_REV_R2), large), 8);
        fxt_record_size_field(fxt_layout_get(FXT_REV_CURRENT), 0x4ull | (3ull << 4), &lo, &hi);
        ck_assert(lo == 4 && hi == 15);
        ck_assert_uint_eq(fxt_record_bytes_small(0x4ull | (3ull << 4)), 24);
    }
    /* the word counts for direct writers are the table's: an event word
     * where the body has one (hand-worked: counter, duration complete,
     * async and flow events), a value word after 64-bit arguments, a
     * 32-bit value where the argument header holds one */
    for (unsigned k = 0; k < FXT_ET_COUNT; k++) {
        int want = k == FXT_ET_COUNTER || k == FXT_ET_DURATION_COMPLETE || k >= FXT_ET_ASYNC_BEGIN;
        ck_assert_uint_eq(fxt_event_data_words[k], want);
        ck_assert_uint_eq(fxt_event_data_words[k], fxt_event_data_name(k) != NULL);
    }
    for (unsigned t = 0; t < FXT_AT_COUNT; t++) {
        const fxt_word_desc *ad = fxt_arg_desc(FXT_REV_CURRENT, t);
        int value32 = ad->fields[ad->nfields - 1].kind == FXT_FK_VALUE &&
                      ad->fields[ad->nfields - 1].lo == 32;
        ck_assert_uint_eq(fxt_arg_hi_value[t], value32 ? 0xffffffffu : 0);
        ck_assert_uint_eq(fxt_arg_words(t), 1u + fxt_arg_value_words[t]);
        int wide = t == FXT_AT_INT64 || t == FXT_AT_UINT64 || t == FXT_AT_DOUBLE ||
                   t == FXT_AT_POINTER || t == FXT_AT_KOID;
        ck_assert_uint_eq(fxt_arg_value_words[t], wide);
    }
    /* an undefined revision reads with current's layout */
    ck_assert_ptr_eq(fxt_header_desc(FXT_REV_AUTO, 0x4), fxt_header_desc(FXT_REV_CURRENT, 0x4));
    ck_assert_ptr_eq(fxt_arg_desc(FXT_REV_AUTO, 9), fxt_arg_desc(FXT_REV_CURRENT, 9));

    /* auto mode with a rule ignored: neither delivered nor counted, in any
     * revision (the count-only path included) */
    size_t len = 0;
    uint8_t *b = gen_trace(3, 0, 0, &len);
    fxt_options a = fxt_options_default();
    a.revision = FXT_REV_AUTO;
    fxt_options_ignore(&a, FXT_R_ARG_TYPE_UNKNOWN, 1);
    issues l = {0};
    a.on_issue = collect;
    a.ctx = &l;
    v = fxt_validator_new(&a);
    fxt_validator_feed(v, b, len);
    fxt_validator_finish(v);
    fxt_revision_verdict vd[FXT_REV_COUNT];
    fxt_validator_verdicts(v, vd);
    for (size_t i = 0; i < l.n; i++)
        ck_assert_int_ne(l.v[i].rule, FXT_R_ARG_TYPE_UNKNOWN);
    fxt_validator_stats(v, &st);
    ck_assert_uint_eq(fxt_validator_rule_count(v, FXT_R_ARG_TYPE_UNKNOWN), 0);
    fxt_validator_free(v);
    /* and without the ignore, r3 does count them */
    fxt_options_ignore(&a, FXT_R_ARG_TYPE_UNKNOWN, 0);
    a.on_issue = NULL;
    a.revision = FXT_REV_R3;
    v = fxt_validator_new(&a);
    fxt_validator_feed(v, b, len);
    fxt_validator_finish(v);
    fxt_validator_stats(v, &st);
    ck_assert_uint_gt(fxt_validator_rule_count(v, FXT_R_ARG_TYPE_UNKNOWN), 0);
    fxt_validator_free(v);
    free(l.v), free(b);
}
END_TEST

/* An allocator that counts what the validator holds, and can refuse. */
typedef struct counting {
    size_t live, peak, calls;
    int refuse; /* 1: every allocation but the first (the validator's own
                   memory), 2: those of 512 KiB or more */
} counting;

static void *c_malloc(void *ctx, size_t n)
{
    counting *c = ctx;
    if ((c->refuse == 1 && c->calls > 0) || (c->refuse == 2 && n >= (512u << 10))) {
        c->calls++;
        return NULL;
    }
    c->calls++;
    void *p = __real_malloc(n);
    if (p && (c->live += n) > c->peak)
        c->peak = c->live;
    return p;
}

static void *c_realloc(void *ctx, void *p, size_t old, size_t n)
{
    counting *c = ctx;
    c->calls++;
    if (c->refuse == 1 || (c->refuse == 2 && n >= (512u << 10)))
        return NULL;
    void *q = __real_realloc(p, n);
    if (q) {
        c->live = c->live - old + n;
        if (c->live > c->peak)
            c->peak = c->live;
    }
    return q;
}

static void c_free(void *ctx, void *p, size_t n)
{
    counting *c = ctx;
    c->live -= n;
    free(p);
}

/* Memory: the validator and its tables come from the options' allocator
 * only (nothing from malloc, from fxt_validator_new to fxt_validator_free);
 * the fixed part is small, the tables grow with what the trace uses, and
 * all of it comes back at free. */
START_TEST(memory_grows_through_the_allocator_only)
{
    for (int r = 0; r <= FXT_REV_AUTO; r++) {
        counting c = {0, 0, 0, 0};
        fxt_allocator al = {c_malloc, c_realloc, c_free, &c};
        fxt_options ro = fxt_options_default();
        ro.revision = (fxt_revision)r;
        ro.alloc = &al;
        size_t len = 0, blen = 0;
        uint8_t *b = gen_trace(7, 1, 0, &len);
        uint8_t *big = big_trace((1u << 20) + 100, 1, &blen);
        ck_assert_ptr_nonnull(b);
        ck_assert_ptr_nonnull(big);
        /* no check's assertion in between: they allocate */
        g_allocs = 0;
        g_count_allocs = 1;
        fxt_validator *rv = fxt_validator_new(&ro);
        size_t start = c.live;
        fxt_stats st = {0};
        if (rv != NULL) {
            fxt_validator_feed(rv, b, len);
            fxt_validator_feed(rv, big, blen);
            fxt_validator_feed(rv, b, len / 2);
            fxt_validator_finish(rv);
            fxt_validator_stats(rv, &st);
            fxt_validator_free(rv);
        }
        g_count_allocs = 0;
        ck_assert_ptr_nonnull(rv);
        ck_assert_msg(start > 0 && start < (2u << 20), "revision %d: %zu bytes at start", r, start);
        ck_assert_msg(g_allocs == 0, "revision %d: %lu allocations past the allocator", r,
                      g_allocs);
        ck_assert_msg(c.calls > 0 && c.peak < (8u << 20), "revision %d: %zu calls, peak %zu", r,
                      c.calls, c.peak);
        ck_assert_uint_eq(st.unchecked, 0);
        ck_assert_msg(c.live == 0, "revision %d: %zu bytes not given back", r, c.live);
        free(b), free(big);
    }
    /* the counting itself works */
    g_count_allocs = 1;
    void *volatile probe = malloc(16);
    g_count_allocs = 0;
    free(probe);
    ck_assert_uint_eq(g_allocs, 1);
}
END_TEST

/* An allocator that refuses: the trace is checked as far as the fixed
 * memory allows, and said not to be fully checked. */
START_TEST(no_memory_is_not_fully_checked)
{
    counting c = {0, 0, 0, 1};
    fxt_allocator al = {c_malloc, c_realloc, c_free, &c};
    size_t len = 0;
    uint8_t *b = gen_trace(7, 1, 0, &len);
    issues l = {0};
    fxt_options o = fxt_options_default();
    o.alloc = &al;
    o.on_issue = collect;
    o.ctx = &l;
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    fxt_validator_feed(v, b, len);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    ck_assert(st.unchecked & FXT_UNCHECKED_MEMORY);
    size_t w55 = 0;
    for (size_t i = 0; i < l.n; i++)
        w55 += l.v[i].rule == FXT_R_TRACKING_LIMIT;
    ck_assert_uint_ge(w55, 1);
    fxt_validator_free(v);
    ck_assert_uint_eq(c.live, 0);
    /* fed in two halves, a record lies across them: no memory to gather
     * it in (the tables have theirs), so checking stops there, said */
    free(l.v);
    l = (issues){0};
    c.refuse = 2;
    v = fxt_validator_new(&o);
    fxt_validator_feed(v, b, len / 2 + 4);
    fxt_validator_feed(v, b + len / 2 + 4, len - len / 2 - 4);
    fxt_validator_finish(v);
    fxt_validator_stats(v, &st);
    ck_assert(st.unchecked & FXT_UNCHECKED_MEMORY);
    ck_assert_int_eq(st.stopped, 1);
    ck_assert_int_eq(l.v[l.n - 1].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_msg(strstr(l.v[l.n - 1].message, "does not lie whole in a chunk") != NULL, "%s",
                  l.v[l.n - 1].message);
    fxt_validator_free(v);
    ck_assert_uint_eq(c.live, 0);
    free(l.v), free(b);
}
END_TEST

/* Words of the limit tests, by hand from format.h's layout: provider info
 * (type 0, 1 word, metadata type 1 [16..19], id [20..51], empty name), an
 * instant event (type 4, 2 words, thread ref [24..31], empty category and
 * name), events with an inline thread (5 words with a data word). */
static size_t pinfo1(uint8_t *b, size_t at, uint64_t id)
{
    put64(b + at, 0x0ull | (1ull << 4) | (1ull << 16) | (id << 20));
    return at + 8;
}

static size_t instant_ref(uint8_t *b, size_t at, unsigned thread_ref)
{
    put64(b + at, 0x4ull | (2ull << 4) | ((uint64_t)thread_ref << 24));
    put64(b + at + 8, 1000);
    return at + 16;
}

/* Event type ET (current numbering) on inline thread 1/TID, data word D. */
static size_t inline_ev(uint8_t *b, size_t at, unsigned et, uint64_t tid, uint64_t d)
{
    put64(b + at, 0x4ull | (5ull << 4) | ((uint64_t)et << 16));
    put64(b + at + 8, 1000), put64(b + at + 16, 1), put64(b + at + 24, tid);
    put64(b + at + 32, d);
    return at + 40;
}

/* Validate B with options O (its on_issue and ctx set here): the issues. */
static issues run_opts(const uint8_t *b, size_t len, fxt_options o, fxt_stats *st)
{
    issues l = {0};
    o.on_issue = collect;
    o.ctx = &l;
    fxt_validator *v = fxt_validator_new(&o);
    fxt_validator_feed(v, b, len);
    fxt_validator_finish(v);
    fxt_validator_stats(v, st);
    fxt_validator_free(v);
    return l;
}

/* NOTES.md "Tables and providers": no verdict of "conforms" for what was
 * not checked. A trace introduces 257 providers and then, in provider 257,
 * refers to thread index 5, which it never registered. With the default
 * limits that is checked and reported; with max_providers 256 it is not
 * checked, and the trace says so (W0055 at provider 257's record,
 * FXT_UNCHECKED_PROVIDERS) instead of passing quietly. Likewise threads,
 * async operations and flows past their limits. */
START_TEST(limits_never_pass_what_was_not_checked)
{
    enum { NPROV = 257 };
    uint8_t *b = calloc(1, 8 + NPROV * 8 + 16 + 6 * 40);
    size_t at = 0;
    put64(b, 0x0016547846040010ull), at = 8;
    for (uint64_t id = 1; id <= NPROV; id++)
        at = pinfo1(b, at, id);
    const size_t ev = at;
    at = instant_ref(b, at, 5);
    fxt_stats st;
    fxt_options o = fxt_options_default();
    issues l = run_opts(b, at, o, &st);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_int_eq(l.v[0].rule, FXT_R_THREAD_REF_UNREGISTERED);
    ck_assert_uint_eq(l.v[0].record_offset, ev);
    ck_assert_uint_eq(st.unchecked, 0);
    free(l.v);
    o.max_providers = 256;
    l = run_opts(b, at, o, &st);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_int_eq(l.v[0].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_uint_eq(l.v[0].record_offset, 8 + 256 * 8); /* provider 257's info */
    /* (the library names its option, not a tool's flag) */
    ck_assert_msg(strstr(l.v[0].message, "max_providers") != NULL, "%s", l.v[0].message);
    ck_assert_uint_eq(st.unchecked, FXT_UNCHECKED_PROVIDERS);
    ck_assert_uint_eq(st.errors, 0);
    free(l.v);

    /* threads: duration begins (4 words: no data word) on inline threads
     * 1/1, 1/2, 1/3 with max_threads 2 */
    at = 8;
    for (uint64_t t = 1; t <= 3; t++, at += 32) {
        put64(b + at, 0x4ull | (4ull << 4) | (2ull << 16));
        put64(b + at + 8, 1000), put64(b + at + 16, 1), put64(b + at + 24, t);
    }
    o = fxt_options_default();
    o.max_threads = 2;
    l = run_opts(b, at, o, &st);
    ck_assert_uint_eq(st.unchecked, FXT_UNCHECKED_THREADS);
    ck_assert_int_eq(l.v[0].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_uint_eq(l.v[0].record_offset, 8 + 2 * 32);
    free(l.v);
    o.max_threads = 3; /* enough: the two begins are only unended */
    l = run_opts(b, at, o, &st);
    ck_assert_uint_eq(st.unchecked, 0);
    for (size_t i = 0; i < l.n; i++)
        ck_assert_int_eq(l.v[i].rule, FXT_R_DURATION_BEGIN_UNENDED);
    free(l.v);

    /* async (5) and flow (8) begins of ids 1 and 2 with room for one each */
    at = 8;
    at = inline_ev(b, at, 5, 1, 1), at = inline_ev(b, at, 5, 1, 2);
    at = inline_ev(b, at, 8, 1, 1), at = inline_ev(b, at, 8, 1, 2);
    o = fxt_options_default();
    o.max_async = o.max_flows = 1;
    l = run_opts(b, at, o, &st);
    ck_assert_uint_eq(st.unchecked, FXT_UNCHECKED_ASYNC | FXT_UNCHECKED_FLOWS);
    ck_assert_int_eq(l.v[0].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_uint_eq(l.v[0].record_offset, 8 + 40);
    ck_assert_int_eq(l.v[1].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_uint_eq(l.v[1].record_offset, 8 + 3 * 40);
    free(l.v), free(b);
}
END_TEST

/* A repeated provider info starts that provider afresh (NOTES.md): said at
 * that record (W0057), so that the unregistered refs after it explain
 * themselves. String record: type 2, 2 words, index 1 [16..30], length 1
 * [32..46]; instant event, inline thread, category 1 [32..47]. */
START_TEST(repeated_provider_info_says_so)
{
    uint8_t b[128] = {0};
    size_t at = 0;
    put64(b, 0x0016547846040010ull), at = 8;
    at = pinfo1(b, at, 1);
    put64(b + at, 0x2ull | (2ull << 4) | (1ull << 16) | (1ull << 32)), b[at + 8] = 'a', at += 16;
    const uint64_t ev = 0x4ull | (4ull << 4) | (1ull << 32); /* inline thread: 2 koid words */
    put64(b + at, ev), put64(b + at + 8, 5), put64(b + at + 16, 1), put64(b + at + 24, 2);
    at += 32; /* category 1: registered */
    const size_t again = at;
    at = pinfo1(b, at, 1);
    const size_t bad = at;
    put64(b + at, ev), put64(b + at + 8, 6), put64(b + at + 16, 1), put64(b + at + 24, 2);
    at += 32; /* category 1: not any more */
    fxt_stats st;
    issues l = run_opts(b, at, fxt_options_default(), &st);
    ck_assert_uint_eq(l.n, 2);
    ck_assert_int_eq(l.v[0].rule, FXT_R_PROVIDER_RESTARTED);
    ck_assert_uint_eq(l.v[0].record_offset, again);
    ck_assert_int_eq(l.v[0].severity, FXT_SEV_WARNING);
    ck_assert_int_eq(l.v[1].rule, FXT_R_STRING_REF_UNREGISTERED);
    ck_assert_uint_eq(l.v[1].record_offset, bad);
    free(l.v);
}
END_TEST

/* W0056 cites the section of what it is about: a duplicate flow begin the
 * flow begin section, a duplicate async begin the async begin section. */
START_TEST(duplicate_begin_cites_its_section)
{
    uint8_t b[8 + 4 * 40] = {0};
    size_t at = 8;
    put64(b, 0x0016547846040010ull);
    at = inline_ev(b, at, 8, 1, 7), at = inline_ev(b, at, 8, 1, 7); /* flow begin 7 twice */
    at = inline_ev(b, at, 5, 1, 7), at = inline_ev(b, at, 5, 1, 7); /* async begin 7 twice */
    fxt_stats st;
    issues l = run_opts(b, at, fxt_options_default(), &st);
    const fxt_issue *flow = NULL, *async = NULL;
    for (size_t i = 0; i < l.n; i++)
        if (l.v[i].rule == FXT_R_DUPLICATE_BEGIN)
            *(l.v[i].record_offset == 8 + 40 ? &flow : &async) = &l.v[i];
    ck_assert_ptr_nonnull(flow);
    ck_assert_ptr_nonnull(async);
    ck_assert_str_eq(flow->section, "Flow begin event (event type = 8)");
    ck_assert_ptr_null(async->section); /* the rule's own */
    ck_assert_str_eq(fxt_rule_section(async->rule, FXT_REV_CURRENT),
                     "Async begin event (event type = 5)");
    free(l.v);
}
END_TEST

static int gen_write(void *ctx, const void *data, size_t len)
{
    struct gbuf {
        uint8_t *p;
        size_t n, cap;
    } *g = ctx;
    if (g->n + len > g->cap) {
        g->cap = (g->n + len) * 2;
        g->p = realloc(g->p, g->cap);
        if (g->p == NULL)
            return 1;
    }
    memcpy(g->p + g->n, data, len);
    g->n += len;
    return 0;
}

static uint8_t *gen_trace_n(unsigned seed, int coverage, int be, uint64_t records, size_t *len)
{
    struct gbuf {
        uint8_t *p;
        size_t n, cap;
    } g = {NULL, 0, 0};
    fxt_gen_options go = {seed, records, coverage ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC, be,
                          FXT_REV_CURRENT, 0, 0};
    if (fxt_gen_random(&go, gen_write, &g) != 0)
        return NULL;
    *len = g.n;
    return g.p;
}

static uint8_t *gen_trace(unsigned seed, int coverage, int be, size_t *len)
{
    return gen_trace_n(seed, coverage, be, 3000, len);
}

/* test_validator             the core tests
 * test_validator real-traces the real traces (exit 77, skipped, without them) */
int main(int argc, char **argv)
{
    struct stat st;
    if (argc > 1 && strcmp(argv[1], "real-traces") == 0) {
        if (stat(FXT_SHARED_DIR "/real-traces", &st) != 0) {
            printf("no %s/real-traces: skipped\n", FXT_SHARED_DIR);
            return 77;
        }
        Suite *rs = suite_create("validator");
        TCase *rt = tcase_create("real-traces");
        tcase_set_timeout(rt, 120);
        tcase_add_test(rt, real_traces_chunk_independent);
        suite_add_tcase(rs, rt);
        SRunner *rr = srunner_create(rs);
        srunner_run_all(rr, CK_NORMAL);
        int rfailed = srunner_ntests_failed(rr);
        srunner_free(rr);
        return rfailed ? 1 : 0;
    }
    Suite *s = suite_create("validator");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, catalogue_is_consistent);
    tcase_add_test(tc, streamed_large_blob_same_issues);
    tcase_add_test(tc, garbage_chunk_independent);
    tcase_add_test(tc, visitor_sees_fields);
    tcase_add_test(tc, lean_refs_dense_sparse_fresh);
    tcase_add_test(tc, many_open_ids_grow_tables);
    tcase_add_test(tc, lean_ids_by_construction);
    tcase_add_test(tc, lean_args_every_count);
    tcase_add_test(tc, memory_grows_through_the_allocator_only);
    tcase_add_test(tc, no_memory_is_not_fully_checked);
    tcase_add_test(tc, limits_never_pass_what_was_not_checked);
    tcase_add_test(tc, repeated_provider_info_says_so);
    tcase_add_test(tc, duplicate_begin_cites_its_section);
    tcase_add_test(tc, lean_path_equals_decoder);
    tcase_add_test(tc, layout_words_are_consistent);
    tcase_add_test(tc, body_order_follows_the_layout);
    tcase_add_test(tc, api_edges);
    tcase_add_test(tc, auto_agrees_with_each_revision);
    tcase_add_test(tc, auto_stops_after_first_error);
    tcase_add_test(tc, truncated_large_record_same_issues_any_size);
    tcase_add_test(tc, provider_overflow_claims_nothing_false);
    tcase_add_test(tc, unended_summary_keeps_koids_and_count);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, validator_edges_tcase());
    suite_add_tcase(s, validator_api_tcase());
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
