/* SPDX-License-Identifier: MIT */
/*
 * test_body_order.c - the layout table's body order (fxt_body_items) is
 * the order the decoder reads and the encoder writes.
 *
 * Over every record of the golden corpus's valid/, warn/ and revisions/
 * traces (under each revision a vector conforms to) and of generated traces
 * of every revision, profile and byte order (the realistic profile in the
 * current revision is gen_direct.c's), the record's bytes are walked with
 * the table alone: the walk must end exactly where the record's appended
 * words (or its end) begin; every inline string, thread, process koid,
 * stream, argument, data word and payload the decoder reports (the
 * visitor's fxt_record) must sit where the walk puts it; and the encoder
 * must give the record's bytes back from the decoded record. A table whose
 * order differs from the decoder's or the encoder's fails here.
 */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "fxt/validate.h"
#include "fxt/word.h"

/* What the walks met, by item kind: a test that walked no inline form of
 * some kind would prove nothing about it. */
typedef struct seen {
    uint64_t records, items[FXT_BI_SIZED + 1], inline_forms[FXT_BI_SIZED + 1];
} seen;

typedef struct ctx {
    const char *name; /* the trace, for messages */
    seen *s;
    uint8_t *scratch;
    size_t cap;
} ctx;

#define FAIL_AT(c, r, ...)                                                                        \
    ck_abort_msg("%s, record #%llu @0x%llx (%s): %s", (c)->name, (unsigned long long)(r)->index, \
                 (unsigned long long)(r)->offset, fxt_record_type_name((r)->type), (__VA_ARGS__))

static uint64_t align8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

/* The decoded string the ref field at bit LO of the current word names
 * (FMT: the current word is a large blob's format word). */
static const fxt_str *str_of(const fxt_record *r, int fmt, unsigned lo)
{
    switch (r->type) {
    case FXT_RT_EVENT:
        return lo == FXT_FIELD_LO(FXT_EV_CATEGORY) ? &r->u.event.category
               : lo == FXT_FIELD_LO(FXT_EV_NAME)   ? &r->u.event.name
                                                   : NULL;
    case FXT_RT_BLOB: return lo == FXT_FIELD_LO(FXT_BLOB_NAME) ? &r->u.blob.name : NULL;
    case FXT_RT_USERSPACE: return lo == FXT_FIELD_LO(FXT_UOBJ_NAME) ? &r->u.object.name : NULL;
    case FXT_RT_KERNEL_OBJECT: return lo == FXT_FIELD_LO(FXT_KOBJ_NAME) ? &r->u.object.name : NULL;
    case FXT_RT_LARGE:
        if (!fmt)
            return NULL;
        return lo == FXT_FIELD_LO(FXT_LBLOB_CATEGORY) ? &r->u.blob.category
               : lo == FXT_FIELD_LO(FXT_LBLOB_NAME)   ? &r->u.blob.name
                                                      : NULL;
    default: return NULL;
    }
}

/* The decoded thread the thread ref field at bit LO names. */
static const fxt_thread *thread_of(const fxt_record *r, int fmt, unsigned lo)
{
    switch (r->type) {
    case FXT_RT_EVENT: return lo == FXT_FIELD_LO(FXT_EV_THREAD) ? &r->u.event.thread : NULL;
    case FXT_RT_LOG: return lo == FXT_FIELD_LO(FXT_LOG_THREAD) ? &r->u.log.thread : NULL;
    case FXT_RT_SCHEDULING:
        return lo == FXT_FIELD_LO(FXT_LCSW_OUT_THREAD)  ? &r->u.sched.out
               : lo == FXT_FIELD_LO(FXT_LCSW_IN_THREAD) ? &r->u.sched.in
                                                        : NULL;
    case FXT_RT_LARGE:
        return fmt && lo == FXT_FIELD_LO(FXT_LBLOB0_THREAD) ? &r->u.blob.thread : NULL;
    default: return NULL;
    }
}

/* Where the decoder puts each data word the table labels, by record type. */
static const struct {
    unsigned type;
    const char *label;
    size_t off; /* of a uint64_t in fxt_record */
} k_words[] = {
    {FXT_RT_INIT, "ticks per second", offsetof(fxt_record, u.ticks_per_second)},
    {FXT_RT_THREAD, "process koid", offsetof(fxt_record, u.thread.pid)},
    {FXT_RT_THREAD, "thread koid", offsetof(fxt_record, u.thread.tid)},
    {FXT_RT_EVENT, "timestamp", offsetof(fxt_record, u.event.timestamp)},
    {FXT_RT_USERSPACE, "pointer", offsetof(fxt_record, u.object.id)},
    {FXT_RT_KERNEL_OBJECT, "koid", offsetof(fxt_record, u.object.id)},
    {FXT_RT_SCHEDULING, "timestamp", offsetof(fxt_record, u.sched.timestamp)},
    {FXT_RT_SCHEDULING, "outgoing thread koid", offsetof(fxt_record, u.sched.out.tid)},
    {FXT_RT_SCHEDULING, "waking thread koid", offsetof(fxt_record, u.sched.out.tid)},
    {FXT_RT_SCHEDULING, "incoming thread koid", offsetof(fxt_record, u.sched.in.tid)},
    {FXT_RT_LOG, "timestamp", offsetof(fxt_record, u.log.timestamp)},
    {FXT_RT_LARGE, "timestamp", offsetof(fxt_record, u.blob.timestamp)},
};

/* The decoded value of the data word the table labels LABEL; 0 and *OK
 * cleared if the record has none of that name. */
static uint64_t word_of(const fxt_record *r, const char *label, int *ok)
{
    for (size_t i = 0; i < sizeof k_words / sizeof k_words[0]; i++)
        if (k_words[i].type == r->type && strcmp(k_words[i].label, label) == 0) {
            uint64_t v;
            memcpy(&v, (const char *)r + k_words[i].off, sizeof v);
            *ok = 1;
            return v;
        }
    *ok = 0;
    return 0;
}

/* The decoded text or payload of a TEXT or BYTES item, and its length. */
static const void *stream_of(const fxt_record *r, uint64_t *len)
{
    switch (r->type) {
    case FXT_RT_METADATA: *len = r->u.meta.name.len; return r->u.meta.name.data;
    case FXT_RT_STRING: *len = r->u.string.len; return r->u.string.data;
    case FXT_RT_LOG: *len = r->u.log.msg_len; return r->u.log.msg;
    case FXT_RT_BLOB: *len = r->u.blob.payload_size; return r->u.blob.payload;
    default: *len = 0; return NULL;
    }
}

/* Argument I of R sits at byte POS of its raw bytes: its header word, an
 * inline name and string value, appended words. The byte after it. */
static uint64_t check_arg(const ctx *c, const fxt_record *r, unsigned i, uint64_t pos)
{
    const fxt_arg *a = &r->args[i];
    const uint8_t *raw = r->raw;
    if (pos + 8 > r->size_words * 8)
        FAIL_AT(c, r, "argument header past the record's end");
    uint64_t h = fxt_load_word(raw + pos, r->big_endian);
    if (FXT_GET(h, FXT_ARG_TYPE) != a->type || FXT_GET(h, FXT_ARG_SIZE) != a->size_words ||
        FXT_GET(h, FXT_ARG_NAME) != a->name.ref)
        FAIL_AT(c, r, "an argument header is not where the table puts it");
    if ((a->name.ref & FXT_STRREF_INLINE_FLAG) && (const uint8_t *)a->name.data != raw + pos + 8)
        FAIL_AT(c, r, "an argument's inline name is not where the table puts it");
    uint64_t end = pos + 8 * (uint64_t)a->size_words;
    if (a->extra_words && a->extra != raw + end - 8 * a->extra_words)
        FAIL_AT(c, r, "an argument's appended words are not where the table puts them");
    c->s->inline_forms[FXT_BI_ARGS]++;
    return end;
}

/* Walks R's raw bytes with the table alone and checks the decoded record
 * against the walk. */
static void walk(const ctx *c, const fxt_record *r)
{
    const uint8_t *raw = r->raw;
    const uint64_t bytes = r->size_words * 8;
    size_t n;
    const fxt_body_item *it = fxt_body_items((fxt_revision)r->revision, r->header, &n);
    if (it == NULL)
        FAIL_AT(c, r, "the table knows no body for a record the decoder read");
    uint64_t w = r->header, pos = 8; /* the current word; the next byte */
    int fmt = 0;
    for (size_t i = 0; i < n; i++, it++) {
        uint64_t x = (w >> it->lo) & FXT_WIDTH_MASK_(it->lo, it->hi);
        uint64_t words = fxt_body_item_words(it, w);
        c->s->items[it->kind]++;
        if (it->kind != FXT_BI_ARGS && pos + 8 * words > bytes)
            FAIL_AT(c, r, "the table's walk runs past the record's end");
        switch ((fxt_body_kind)it->kind) {
        case FXT_BI_WORD:
        case FXT_BI_EVENT_WORD: {
            int ok;
            uint64_t want = it->kind == FXT_BI_EVENT_WORD ? r->u.event.data
                                                          : word_of(r, it->label, &ok);
            if (it->kind == FXT_BI_WORD && !ok)
                FAIL_AT(c, r, it->label);
            if (fxt_load_word(raw + pos, r->big_endian) != want)
                FAIL_AT(c, r, "a data word is not where the table puts it");
            c->s->inline_forms[it->kind]++;
            break;
        }
        case FXT_BI_THREAD: {
            const fxt_thread *t = thread_of(r, fmt, it->lo);
            if (t == NULL || t->ref != x)
                FAIL_AT(c, r, "a thread item reads no thread ref the decoder reports");
            if (words && (fxt_load_word(raw + pos, r->big_endian) != t->pid ||
                          fxt_load_word(raw + pos + 8, r->big_endian) != t->tid))
                FAIL_AT(c, r, "an inline thread is not where the table puts it");
            c->s->inline_forms[it->kind] += words != 0;
            break;
        }
        case FXT_BI_PROCESS:
            if (r->type != FXT_RT_USERSPACE || r->u.object.process.ref != x)
                FAIL_AT(c, r, "a process item reads no process ref the decoder reports");
            if (words && fxt_load_word(raw + pos, r->big_endian) != r->u.object.process.pid)
                FAIL_AT(c, r, "an inline process koid is not where the table puts it");
            c->s->inline_forms[it->kind] += words != 0;
            break;
        case FXT_BI_STRING: {
            const fxt_str *s = str_of(r, fmt, it->lo);
            if (s == NULL || s->ref != x)
                FAIL_AT(c, r, "a string item reads no string ref the decoder reports");
            if (words && ((const uint8_t *)s->data != raw + pos || s->len != (x & 0x7fff)))
                FAIL_AT(c, r, "an inline string is not where the table puts it");
            c->s->inline_forms[it->kind] += words != 0;
            break;
        }
        case FXT_BI_TEXT:
        case FXT_BI_BYTES: {
            uint64_t len;
            const void *d = stream_of(r, &len);
            if (len != x || (len && (const uint8_t *)d != raw + pos))
                FAIL_AT(c, r, "a stream is not where the table puts it");
            c->s->inline_forms[it->kind] += len != 0;
            break;
        }
        case FXT_BI_ARGS:
            if (x != r->argc)
                FAIL_AT(c, r, "the argument count the table reads is not the decoder's");
            for (unsigned a = 0; a < r->argc; a++)
                pos = check_arg(c, r, a, pos);
            break;
        case FXT_BI_FORMAT:
            w = fxt_load_word(raw + pos, r->big_endian);
            fmt = 1;
            c->s->inline_forms[it->kind]++;
            break;
        case FXT_BI_SIZED: {
            uint64_t size = fxt_load_word(raw + pos, r->big_endian);
            if (r->type != FXT_RT_LARGE || size != r->u.blob.payload_size ||
                (const uint8_t *)r->u.blob.payload != raw + pos + 8 ||
                align8(size) > bytes - pos - 8)
                FAIL_AT(c, r, "a sized payload is not where the table puts it");
            pos += align8(size);
            c->s->inline_forms[it->kind]++;
            break;
        }
        }
        pos += 8 * words;
    }
    /* the walk ends where the record's appended words begin */
    if (pos + 8 * r->extra_words != bytes || (r->extra_words && r->extra != raw + pos))
        FAIL_AT(c, r, "the table's walk does not end at the record's end");
}

/* The encoder writes the decoded record back to its bytes. */
static void round_trip(ctx *c, const fxt_record *r)
{
    size_t len = (size_t)r->size_words * 8;
    if (len > c->cap) {
        c->scratch = realloc(c->scratch, len);
        ck_assert_ptr_nonnull(c->scratch);
        c->cap = len;
    }
    fxt_writer w;
    fxt_writer_init(&w, c->scratch, c->cap, r->big_endian);
    ck_assert_int_eq(fxt_writer_set_revision(&w, (fxt_revision)r->revision), FXT_ENC_OK);
    fxt_enc_result rc = fxt_encode_record(&w, r);
    if (rc != FXT_ENC_OK)
        FAIL_AT(c, r, fxt_enc_strerror(rc));
    if (w.len != len || memcmp(c->scratch, r->raw, len) != 0)
        FAIL_AT(c, r, "re-encoded bytes differ");
}

static void on_record(void *vc, const fxt_record *r)
{
    ctx *c = vc;
    if (r->errors)
        FAIL_AT(c, r, "a record with errors in a conforming trace");
    if (r->raw == NULL) /* streamed: its bytes were not kept (none here are) */
        FAIL_AT(c, r, "no raw bytes");
    c->s->records++;
    if (!r->known) /* a type the revision does not define (allowed as a warning) */
        return;
    walk(c, r);
    round_trip(c, r);
}

static void check_trace(const char *name, const uint8_t *data, size_t len, fxt_revision rev,
                        seen *s)
{
    ctx c = {name, s, NULL, 0};
    fxt_options o = fxt_options_default();
    o.revision = rev;
    o.on_record = on_record;
    o.flags = FXT_OPT_VISIT_ALL;
    o.ctx = &c;
    fxt_stats st;
    ck_assert_int_ge(fxt_validate_buffer(data, len, &o, &st), 0);
    ck_assert_msg(st.errors == 0, "%s under %s: %llu errors", name, fxt_revision_name(rev),
                  (unsigned long long)st.errors);
    free(c.scratch);
}

/* Every kind was walked, and met in its inline form. */
static void check_seen(const seen *s, const char *what)
{
    ck_assert_msg(s->records > 0, "%s: no record", what);
    for (unsigned k = 0; k <= FXT_BI_SIZED; k++)
        ck_assert_msg(s->inline_forms[k] > 0, "%s: no item of kind %u met inline (%llu walked)",
                      what, k, (unsigned long long)s->items[k]);
}

START_TEST(golden_corpus)
{
    fxt_gen_corpus gc;
    char err[256];
    ck_assert_msg(fxt_gen_golden(&gc, err, sizeof err) == 0, "%s", err);
    seen s = {0};
    unsigned traces = 0;
    for (size_t i = 0; i < gc.count; i++) {
        const fxt_gen_vector *v = &gc.vectors[i];
        if (v->rev_known) { /* revisions/: under each revision it conforms to */
            for (int r = 0; r < FXT_REV_COUNT; r++)
                if ((v->rev_known >> r) & 1 && v->rev_verdict[r] != FXT_GEN_INVALID)
                    check_trace(v->path, v->data, v->len, (fxt_revision)r, &s), traces++;
        } else if (v->verdict != FXT_GEN_INVALID) { /* valid/ and warn/ */
            check_trace(v->path, v->data, v->len, v->revision, &s), traces++;
        }
    }
    check_trace("sample.fxt", gc.sample, gc.sample_len, FXT_REV_CURRENT, &s);
    fxt_gen_corpus_free(&gc);
    ck_assert_uint_ge(traces, 50);
    check_seen(&s, "golden corpus");
}
END_TEST

START_TEST(generated_traces)
{
    seen all = {0};
    for (int r = 0; r < FXT_REV_COUNT; r++)
        for (int p = FXT_GEN_REALISTIC; p <= FXT_GEN_COVERAGE; p++)
            for (int be = 0; be <= fxt_layout_get((fxt_revision)r)->has_magic; be++)
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    fxt_gen_options o = fxt_gen_options_default();
                    o.seed = seed;
                    o.records = 600;
                    o.profile = (fxt_gen_profile)p;
                    o.big_endian = be;
                    o.revision = (fxt_revision)r;
                    uint8_t *data;
                    size_t len;
                    ck_assert_int_eq(fxt_gen_random_mem(&o, &data, &len), 0);
                    char name[96];
                    snprintf(name, sizeof name, "random %s profile %d be %d seed %llu",
                             fxt_revision_name((fxt_revision)r), p, be, (unsigned long long)seed);
                    seen s = {0};
                    check_trace(name, data, len, (fxt_revision)r, &s);
                    free(data);
                    ck_assert_uint_ge(s.records, 600);
                    for (unsigned k = 0; k <= FXT_BI_SIZED; k++)
                        all.items[k] += s.items[k], all.inline_forms[k] += s.inline_forms[k];
                    all.records += s.records;
                }
    check_seen(&all, "generated traces");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("body_order");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, golden_corpus);
    tcase_add_test(tc, generated_traces);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
