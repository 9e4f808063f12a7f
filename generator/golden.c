/* SPDX-License-Identifier: MIT */
/*
 * golden.c - the golden corpus (fxt_gen_golden in fxt/gen.h), in memory:
 *
 *   valid/    conforming, warning-free traces: one small hand-assembled
 *             trace per record type, subtype and argument type (built with
 *             the reference encoder: golden_records.c, golden_events.c),
 *             boundary cases (largest record, longest string), realistic and
 *             coverage-profile random traces, and big-endian twins (-be)
 *   invalid/  one trace per error rule (fxt_gen_violate, fixed seed), and
 *             its big-endian twin where one can exist; word-aligned
 *             truncations of a normal and a large record
 *             (golden_truncated.c)
 *   warn/     the same for the warning rules
 *   revisions/ traces whose verdict differs between revisions, with every
 *             revision's expectation (golden_revisions.c), and a random
 *             trace of each older revision
 *   sample    a realistic conforming trace for the quick start
 *
 * with each vector's expected verdict and issues (rule, record offset and
 * field offset, known from construction), spec section, byte order and description.
 * Deterministic: the same fxtkit sources give the same bytes on every run
 * and platform. The validator is never consulted. fxt-gen golden writes the
 * files and the manifest.
 */
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/word.h"
#include "golden_rev.h"
#include "golden_tb.h"

/* Seed and base size of the invalid/warn vectors; their base holds only
 * the record types every reader reads (metadata, initialization, string,
 * thread, event), so that every reader can read their controls. */
#define VIOLATE_SEED 1u
#define VIOLATE_BASE_RECORDS 100u
#define VIOLATE_BASE_OMIT FXT_GEN_OMIT
/* Coverage-profile vectors: records asked for, and the largest size kept
 * (larger traces hold the 40-70 KB large blobs; the next seed is tried). */
#define COVERAGE_RECORDS 125u
#define COVERAGE_MAX_BYTES (16u * 1024u)

#define TB_CAP ((size_t)1 << 18)

typedef struct corpus {
    fxt_gen_vector *v;
    size_t n, cap;
    int err;
    char *msg; /* the caller's error buffer */
    size_t msglen;
} corpus;

static void fail(corpus *c, const char *what)
{
    if (!c->err && c->msglen)
        snprintf(c->msg, c->msglen, "%s", what);
    c->err = 1;
}

static fxt_gen_vector *add_vec(corpus *c)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        fxt_gen_vector *n = realloc(c->v, cap * sizeof *n);
        if (n == NULL) {
            fail(c, "out of memory");
            return NULL;
        }
        c->v = n, c->cap = cap;
    }
    fxt_gen_vector *v = &c->v[c->n++];
    memset(v, 0, sizeof *v);
    v->revision = FXT_REV_CURRENT;
    return v;
}

/* The valid vectors: name, builder (which says what it holds in t->desc)
 * and the spec section it shows. */
typedef struct valid_def {
    const char *name;
    void (*fn)(tb *t);
    const char *section;
} valid_def;

static const valid_def k_valid[] = {
    {"minimal", fxt__gv_minimal, "Magic number record (trace info type = 0)"},
    {"metadata-providers", fxt__gv_metadata, "Metadata record (record type = 0)"},
    {"init", fxt__gv_init, "Initialization record (record type = 1)"},
    {"string-table", fxt__gv_strings, "String record (record type = 2)"},
    {"string-max-length", fxt__gv_string_max, "String references"},
    {"thread-table", fxt__gv_threads, "Thread record (record type = 3)"},
    {"event-instant", fxt__gv_event_instant, "Instant event (event type = 0)"},
    {"event-counter", fxt__gv_event_counter, "Counter event (event type = 1)"},
    {"event-duration", fxt__gv_event_duration, "Duration begin event (event type = 2)"},
    {"event-duration-complete", fxt__gv_event_complete, "Duration complete event (event type = 4)"},
    {"event-async", fxt__gv_event_async, "Async begin event (event type = 5)"},
    {"event-flow", fxt__gv_event_flow, "Flow begin event (event type = 8)"},
    {"blob", fxt__gv_blob, "BLOB record (record type = 5)"},
    {"userspace-object", fxt__gv_userspace, "Userspace object record (record type = 6)"},
    {"kernel-object", fxt__gv_kernel_object, "Kernel object record (record type = 7)"},
    {"sched-legacy-context-switch", fxt__gv_sched_legacy,
     "Legacy Context Switch Record (context switch record type = 0)"},
    {"sched-context-switch", fxt__gv_sched_cs,
     "Context Switch Record (scheduling event record type = 1)"},
    {"sched-thread-wakeup", fxt__gv_sched_wakeup,
     "Thread Wakeup Record (scheduling event record type = 2)"},
    {"log", fxt__gv_log, "Log record (record type = 9)"},
    {"large-blob-metadata", fxt__gv_large_blob_meta,
     "In Band Large Blob Record With Metadata (blob format = 0)"},
    {"large-blob-no-metadata", fxt__gv_large_blob_nometa,
     "In Band Large Blob Record No Metadata (blob format = 1)"},
    {"arg-null", fxt__gv_arg_null, "Null argument (argument type = 0)"},
    {"arg-int32", fxt__gv_arg_int32, "32-bit signed integer argument (argument type = 1)"},
    {"arg-uint32", fxt__gv_arg_uint32, "32-bit unsigned integer argument (argument type = 2)"},
    {"arg-int64", fxt__gv_arg_int64, "64-bit signed integer argument (argument type = 3)"},
    {"arg-uint64", fxt__gv_arg_uint64, "64-bit unsigned integer argument (argument type = 4)"},
    {"arg-double", fxt__gv_arg_double,
     "Double-precision floating point argument (argument type = 5)"},
    {"arg-string", fxt__gv_arg_string, "String argument (argument type = 6)"},
    {"arg-pointer", fxt__gv_arg_pointer, "Pointer argument (argument type = 7)"},
    {"arg-koid", fxt__gv_arg_koid, "Kernel object id argument (argument type = 8)"},
    {"arg-bool", fxt__gv_arg_bool, "Boolean argument (argument type = 9)"},
    {"max-record", fxt__gv_max_record, "Records"},
    {"large-record-4095-words", fxt__gv_large_4095, "Large Records (record type = 15)"},
    {"large-record-4096-words", fxt__gv_large_4096, "Large Records (record type = 15)"},
    {"large-record-8000-words", fxt__gv_large_8000, "Large Records (record type = 15)"},
    {"largest-argument", fxt__gv_largest_arg, "Arguments"},
    {"inline-string-max", fxt__gv_inline_name_max, "String references"},
};
/* Records of DATA found by following the size fields from offset 0, as
 * revision REV frames them; -1 if the file is not a whole number of
 * records (truncated, size 0). */
static int64_t count_records(const uint8_t *data, size_t len, int be, fxt_revision rev)
{
    const fxt_layout *l = fxt_layout_get(rev);
    int64_t n = 0;
    size_t at = 0;
    while (at < len) {
        if (len - at < 8)
            return -1;
        uint64_t words = fxt_record_bytes(l, fxt_load_word(data + at, be)) / 8;
        if (words == 0 || words > (len - at) / 8)
            return -1;
        at += (size_t)words * 8;
        n++;
    }
    return n;
}

static void add_valid(corpus *c, const char *name, int be, uint8_t *data, size_t len,
                      const char *section, const char *desc)
{
    fxt_gen_vector *v = add_vec(c);
    if (v == NULL) {
        free(data);
        return;
    }
    snprintf(v->path, sizeof v->path, "valid/%s%s.fxt", name, be ? "-be" : "");
    v->data = data;
    v->len = len;
    v->records = count_records(data, len, be, v->revision);
    v->verdict = FXT_GEN_VALID;
    v->big_endian = be;
    snprintf(v->section, sizeof v->section, "%s", section);
    snprintf(v->desc, sizeof v->desc, "%s%s", desc, be ? " (big-endian)" : "");
}

/* A random trace in memory; -1 after recording the failure in C. */
static int random_trace(corpus *c, uint64_t seed, uint64_t records, fxt_gen_profile p, int be,
                        uint8_t **d, size_t *n)
{
    fxt_gen_options o = fxt_gen_options_default();
    o.seed = seed, o.records = records, o.profile = p, o.big_endian = be;
    if (fxt_gen_random_mem(&o, d, n) == 0)
        return 0;
    fail(c, "a random trace could not be generated");
    return -1;
}

/* A trace builder for vector WHAT in byte order BE, its clock at TS; -1
 * after recording the failure in C. */
static int tb_open(corpus *c, tb *t, const char *what, int be, uint64_t ts)
{
    memset(t, 0, sizeof *t);
    t->buf = malloc(TB_CAP);
    t->what = what;
    t->ts = ts;
    if (t->buf == NULL) {
        fail(c, "out of memory");
        return -1;
    }
    fxt_writer_init(&t->w, t->buf, TB_CAP, be);
    return 0;
}

/* The framing-boundary vectors, which r3 reads as current does. */
static int framing_also_r3(void (*fn)(tb *t))
{
    return fn == fxt__gv_large_4095 || fn == fxt__gv_large_4096 || fn == fxt__gv_large_8000 ||
           fn == fxt__gv_max_record || fn == fxt__gv_largest_arg || fn == fxt__gv_inline_name_max;
}

static void build_valid(corpus *c)
{
    for (size_t i = 0; i < sizeof k_valid / sizeof *k_valid && !c->err; i++) {
        for (int be = 0; be <= 1 && !c->err; be++) {
            tb t;
            if (tb_open(c, &t, k_valid[i].name, be, 1000000))
                return;
            k_valid[i].fn(&t);
            if (t.err) {
                free(t.buf);
                fail(c, t.errmsg);
                return;
            }
            add_valid(c, k_valid[i].name, be, t.buf, t.w.len, k_valid[i].section, t.desc);
            if (!c->err && framing_also_r3(k_valid[i].fn)) {
                /* the same bytes conform to r3, the other revision with large
                 * records and the magic record: scored for r3 readers too */
                fxt_gen_vector *v = &c->v[c->n - 1];
                v->rev_known = FXT_REV_BIT(FXT_REV_R3) | FXT_REV_BIT(FXT_REV_CURRENT);
                v->rev_verdict[FXT_REV_R3] = v->rev_verdict[FXT_REV_CURRENT] = FXT_GEN_VALID;
            }
        }
    }
    /* realistic traces, and the coverage profile at a modest size */
    for (int be = 0; be <= 1 && !c->err; be++) {
        uint8_t *d;
        size_t n;
        if (random_trace(c, 7, 400, FXT_GEN_REALISTIC, be, &d, &n))
            return;
        add_valid(c, "realistic", be, d, n, "Archives",
                  "a realistic trace (fxt_gen_random, realistic profile, seed 7, 400 records): "
                  "nested durations, complete events, async operations, flows, logs, counters");
    }
    static const uint64_t k_cov_seed[] = {1, 101, 201};
    for (unsigned k = 0; k < 3 && !c->err; k++) {
        /* the first seed from k_cov_seed[k] whose trace stays small */
        uint64_t seed = k_cov_seed[k];
        uint8_t *d = NULL;
        size_t n = 0;
        for (;; seed++) {
            if (random_trace(c, seed, COVERAGE_RECORDS, FXT_GEN_COVERAGE, 0, &d, &n))
                return;
            if (n <= COVERAGE_MAX_BYTES)
                break;
            free(d);
        }
        for (int be = 0; be <= (k == 0) && !c->err; be++) {
            if (be && random_trace(c, seed, COVERAGE_RECORDS, FXT_GEN_COVERAGE, 1, &d, &n))
                return;
            char name[32], desc[200];
            snprintf(name, sizeof name, "coverage-%u", k + 1);
            snprintf(desc, sizeof desc,
                     "a coverage-profile trace (fxt_gen_random, seed %llu, %u records asked): "
                     "mixed record types, inline and indexed refs, boundary argument values",
                     (unsigned long long)seed, COVERAGE_RECORDS);
            add_valid(c, name, be, d, n, "Archives", desc);
        }
    }
}

static void build_violations(corpus *c)
{
    for (unsigned i = 0; i < fxt_rule_count() && !c->err; i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if (!fxt_gen_can_violate(ri->rule)) { /* every rule has its vector */
            char msg[200];
            snprintf(msg, sizeof msg,
                     "%s: no violation generator (generator/violate_records.c, "
                     "violate_events.c)",
                     ri->id);
            fail(c, msg);
            return;
        }
        for (int be = 0; be <= 1 && !c->err; be++) {
            if (be && ri->rule == FXT_R_EMPTY_INPUT)
                continue; /* an empty file has no byte order */
            fxt_gen_violation x;
            char err[300] = "";
            fxt_gen_options o = fxt_gen_options_default();
            o.seed = VIOLATE_SEED, o.records = VIOLATE_BASE_RECORDS, o.big_endian = be;
            o.omit = VIOLATE_BASE_OMIT;
            int rc = fxt_gen_violate(ri->rule, &o, &x, err, sizeof err);
            if (rc == FXT_GEN_UNSUPPORTED)
                continue; /* not possible in this byte order */
            if (rc < 0) {
                char msg[400];
                snprintf(msg, sizeof msg, "%s: %s", ri->id, err);
                fail(c, msg);
                return;
            }
            fxt_gen_vector *v = add_vec(c);
            if (v == NULL) {
                free(x.data);
                return;
            }
            int warn = ri->severity == FXT_SEV_WARNING;
            snprintf(v->path, sizeof v->path, "%s/%s-%s%s.fxt", warn ? "warn" : "invalid", ri->id,
                     ri->name, be ? "-be" : "");
            v->data = x.data;
            v->len = x.len;
            v->records = count_records(x.data, x.len, be, v->revision);
            v->verdict = warn ? FXT_GEN_WARN : FXT_GEN_INVALID;
            v->rules[0] = ri->rule;
            v->offsets[0] = x.record_offset;
            v->field_offsets[0] = x.field_offset;
            v->nissues = 1;
            v->big_endian = be;
            snprintf(v->section, sizeof v->section, "%s", ri->section);
            snprintf(v->desc, sizeof v->desc, "%s: %s%s", ri->id, x.desc,
                     ri->rule == FXT_R_EMPTY_INPUT ? ""
                     : be ? " (realistic big-endian base trace of events)"
                          : " (realistic base trace of events)");
        }
    }
}

/* A new vector for what T built (its buffer then the vector's), or NULL
 * after recording the failure in C (T's buffer freed). */
static fxt_gen_vector *built_vec(corpus *c, tb *t)
{
    if (t->err) {
        free(t->buf);
        fail(c, t->errmsg);
        return NULL;
    }
    fxt_gen_vector *v = add_vec(c);
    if (v == NULL)
        free(t->buf);
    return v;
}

/* The word-aligned truncations (golden_truncated.c), after the other
 * invalid/ vectors: one issue, E0002 at the record that runs past the end. */
static void build_truncated(corpus *c)
{
    const fxt_rule_info *ri = fxt_rule_get(FXT_R_TRUNCATED);
    for (size_t i = 0; i < fxt__n_truncated && !c->err; i++) {
        for (int be = 0; be <= 1 && !c->err; be++) {
            tb t;
            if (tb_open(c, &t, fxt__k_truncated[i].name, be, 1000000))
                return;
            size_t at = 0, len = 0;
            char desc[300] = "";
            fxt__k_truncated[i].fn(&t, &at, &len, desc, sizeof desc);
            if (!t.err && (len % 8 || at % 8 || at >= len || len >= t.w.len)) {
                snprintf(t.errmsg, sizeof t.errmsg, "%s: not a word-aligned truncation", t.what);
                t.err = 1;
            }
            fxt_gen_vector *v = built_vec(c, &t);
            if (v == NULL)
                return;
            snprintf(v->path, sizeof v->path, "invalid/%s-%s%s.fxt", ri->id, t.what,
                     be ? "-be" : "");
            v->data = t.buf;
            v->len = len;
            v->records = count_records(t.buf, len, be, v->revision);
            v->verdict = FXT_GEN_INVALID;
            v->rules[0] = FXT_R_TRUNCATED;
            v->offsets[0] = at;
            v->field_offsets[0] = at;
            v->nissues = 1;
            v->big_endian = be;
            snprintf(v->section, sizeof v->section, "%s", ri->section);
            snprintf(v->desc, sizeof v->desc, "%s%s", desc, be ? " (big-endian)" : "");
        }
    }
}

/* The revisions/ part: every revision's verdict and issues, from
 * construction. Vectors built for one older revision state that one. */
static void build_revisions(corpus *c)
{
    for (size_t i = 0; i < fxt__n_rev_vectors && !c->err; i++) {
        const fxt__rev_vector *d = &fxt__k_rev_vectors[i];
        tb t;
        if (tb_open(c, &t, d->name, 0, 0))
            return;
        d->build(&t);
        fxt_gen_vector *v = add_vec(c);
        if (v == NULL) {
            free(t.buf);
            return;
        }
        snprintf(v->path, sizeof v->path, "revisions/%s.fxt", d->name);
        v->data = t.buf;
        v->len = t.w.len;
        v->records = count_records(t.buf, t.w.len, 0, v->revision);
        snprintf(v->section, sizeof v->section, "%s", d->section);
        snprintf(v->desc, sizeof v->desc, "%s", d->desc);
        v->rev_known = FXT_REV_ALL;
        for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
            const fxt__rev_expect *e = &d->expect[r];
            v->rev_verdict[r] = e->verdict;
            unsigned n = 0;
            while (n < FXT_GEN_VECTOR_ISSUES && e->issues[n].rule != FXT_R_NONE) {
                v->rev_rules[r][n] = e->issues[n].rule;
                v->rev_offsets[r][n] = e->issues[n].record_offset;
                v->rev_field_offsets[r][n] = e->issues[n].field_offset;
                n++;
            }
            v->rev_nissues[r] = n;
        }
        /* the top-level verdict and issues are current's */
        v->verdict = v->rev_verdict[FXT_REV_CURRENT];
        v->nissues = v->rev_nissues[FXT_REV_CURRENT];
        memcpy(v->rules, v->rev_rules[FXT_REV_CURRENT], sizeof v->rules);
        memcpy(v->offsets, v->rev_offsets[FXT_REV_CURRENT], sizeof v->offsets);
        memcpy(v->field_offsets, v->rev_field_offsets[FXT_REV_CURRENT], sizeof v->field_offsets);
    }
    for (unsigned r = FXT_REV_R1; r < FXT_REV_CURRENT && !c->err; r++) {
        uint8_t *d = NULL;
        size_t n = 0;
        uint64_t seed = 1;
        for (;; seed++) { /* the first seed whose trace stays small */
            fxt_gen_options o = fxt_gen_options_default();
            o.seed = seed, o.records = COVERAGE_RECORDS, o.profile = FXT_GEN_COVERAGE;
            o.revision = (fxt_revision)r;
            if (fxt_gen_random_mem(&o, &d, &n) != 0) {
                fail(c, "a random trace could not be generated");
                return;
            }
            if (n <= COVERAGE_MAX_BYTES)
                break;
            free(d);
        }
        fxt_gen_vector *v = add_vec(c);
        if (v == NULL) {
            free(d);
            return;
        }
        const char *name = fxt_revision_name((fxt_revision)r);
        snprintf(v->path, sizeof v->path, "revisions/random-%s.fxt", name);
        v->data = d;
        v->len = n;
        v->revision = (fxt_revision)r;
        v->records = count_records(d, n, 0, v->revision);
        v->verdict = FXT_GEN_VALID;
        v->rev_known = FXT_REV_BIT(r);
        v->rev_verdict[r] = FXT_GEN_VALID;
        snprintf(v->section, sizeof v->section, "Archives");
        snprintf(v->desc, sizeof v->desc,
                 "a coverage-profile trace of %s (fxt_gen_random_mem, seed %llu, %u records "
                 "asked): conforming and warning-free under %s",
                 name, (unsigned long long)seed, COVERAGE_RECORDS, name);
    }
}

/* warn/: the longest inline string a string ref can say (32767 bytes, in a
 * large record), both byte orders: conforming, W0009 at its first byte. */
static void build_longest_string(corpus *c)
{
    const fxt_rule_info *ri = fxt_rule_get(FXT_R_STRING_TOO_LONG);
    for (int be = 0; be <= 1 && !c->err; be++) {
        tb t;
        if (tb_open(c, &t, "inline-string-32767", be, 1000000))
            return;
        size_t at = 0;
        fxt__gv_inline_string_15bit(&t, &at);
        fxt_gen_vector *v = built_vec(c, &t);
        if (v == NULL)
            return;
        snprintf(v->path, sizeof v->path, "warn/%s-inline-string-32767%s.fxt", ri->id,
                 be ? "-be" : "");
        v->data = t.buf;
        v->len = t.w.len;
        v->records = count_records(t.buf, t.w.len, be, v->revision);
        v->verdict = FXT_GEN_WARN;
        v->rules[0] = FXT_R_STRING_TOO_LONG;
        v->offsets[0] = at;
        v->field_offsets[0] = at + 16;
        v->nissues = 1;
        v->big_endian = be;
        snprintf(v->section, sizeof v->section, "%s", ri->section);
        snprintf(v->desc, sizeof v->desc,
                 "%s: a large blob record whose inline name is 32767 bytes, the longest a "
                 "string ref says (a reader must read it; longer than 32000: a warning)%s",
                 ri->id, be ? " (big-endian)" : "");
    }
}

int fxt_gen_golden(fxt_gen_corpus *out, char *err, size_t errlen)
{
    corpus c = {NULL, 0, 0, 0, err, errlen};
    memset(out, 0, sizeof *out);
    if (errlen)
        err[0] = 0;
    build_valid(&c);
    build_violations(&c);
    build_truncated(&c);
    if (!c.err)
        build_longest_string(&c);
    build_revisions(&c);
    uint8_t *sample = NULL;
    size_t sample_len = 0;
    if (!c.err)
        random_trace(&c, 2024, 300, FXT_GEN_REALISTIC, 0, &sample, &sample_len);
    out->vectors = c.v;
    out->count = c.n;
    out->sample = sample;
    out->sample_len = sample_len;
    if (c.err) {
        fxt_gen_corpus_free(out);
        return -1;
    }
    return 0;
}

void fxt_gen_corpus_free(fxt_gen_corpus *c)
{
    for (size_t i = 0; i < c->count; i++)
        free(c->vectors[i].data);
    free(c->vectors);
    free(c->sample);
    memset(c, 0, sizeof *c);
}
