/* SPDX-License-Identifier: MIT */
/*
 * fuzz_common.c - issue collector, field-touching visitor and run checks
 * shared by the harnesses (see fuzz_common.h).
 */
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n==fxt-fuzz== invariant violated at %s:%d: %s\n==fxt-fuzz== ", file, line,
            cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    fflush(stderr);
    abort();
}

uint64_t fz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = 0xcbf29ce484222325ull ^ size;
    size_t head = size < 256 ? size : 256;
    for (size_t i = 0; i < head; i++)
        h = (h ^ data[i]) * 0x100000001b3ull;
    for (size_t i = size > 64 && size - 64 > head ? size - 64 : head; i < size; i++)
        h = (h ^ data[i]) * 0x100000001b3ull;
    return h ^ (h >> 31);
}

fxt_options fz_options(const uint8_t *data, size_t size)
{
    fxt_options o = fxt_options_default();
    uint64_t h = fz_hash(data, size);
    unsigned mode = (unsigned)(h % 32);
    /* Default tables cost ~9 MB per run and walking them dominates a run
     * under coverage instrumentation, so one run in 32 uses them; most use
     * medium tables, a third tiny ones (tracking limits) with allow-unknown;
     * some ignore two rules. */
    if (mode >= 1 && mode <= 21) {
        o.max_providers = 8;
        o.max_threads = 64;
        o.max_async = 256;
        o.max_flows = 256;
    } else if (mode >= 22) {
        o.max_providers = 1 + (size_t)((h >> 8) % 3);
        o.max_threads = 1 + (size_t)((h >> 12) % 4);
        o.max_async = 1 + (size_t)((h >> 16) % 4);
        o.max_flows = 1 + (size_t)((h >> 20) % 4);
        o.flags |= FXT_OPT_ALLOW_UNKNOWN;
    }
    if (mode == 20 || mode == 21 || mode >= 30) {
        fxt_options_ignore(&o, (fxt_rule)(1 + (h >> 24) % (FXT_R_END_ - 1)), 1);
        fxt_options_ignore(&o, (fxt_rule)(1 + (h >> 32) % (FXT_R_END_ - 1)), 1);
    }
    /* every revision, and all of them (auto), alike */
    o.revision = (fxt_revision)((h >> 40) % (FXT_REV_AUTO + 1));
    return o;
}

/* ---- validator memory ------------------------------------------------------------ */

#define FZ_CACHE_MAX ((size_t)4 << 20)

/* A cached block per slot: the validator object is placed at its end (the
 * first allocation of a validator, fxt_validator_new), everything else
 * comes from malloc. */
typedef struct fz_block {
    uint8_t *mem;
    size_t cap;
    unsigned slot;
    int used;
} fz_block;

static fz_block g_cache[2] = {{NULL, 0, 0, 0}, {NULL, 0, 1, 0}};

static int in_block(const fz_block *b, const void *p)
{
    return b->mem != NULL && (const uint8_t *)p >= b->mem && (const uint8_t *)p < b->mem + b->cap;
}

static void *blk_malloc(void *ctx, size_t n)
{
    fz_block *b = ctx;
    if (b->used || n > FZ_CACHE_MAX)
        return malloc(n);
    if (b->mem == NULL) {
        b->mem = malloc(FZ_CACHE_MAX);
        FZ_CHECK(b->mem != NULL, "out of memory");
        b->cap = FZ_CACHE_MAX;
    }
    uint8_t *at = b->mem + ((b->cap - n) & ~(size_t)7);
    /* different patterns per slot: a read of memory the validator never
     * initialised shows up as a difference between fuzz_chunks' two runs */
    memset(at, b->slot ? 0x5a : 0xa5, n);
    b->used = 1;
    return at;
}

static void *blk_realloc(void *ctx, void *p, size_t old, size_t n)
{
    FZ_CHECK(!in_block(ctx, p), "the validator object was reallocated");
    (void)old;
    return realloc(p, n);
}

static void blk_free(void *ctx, void *p, size_t n)
{
    fz_block *b = ctx;
    (void)n;
    if (in_block(b, p))
        b->used = 0;
    else
        free(p);
}

fxt_validator *fz_validator_new(const fxt_options *o, unsigned slot)
{
    if (slot > 1 || o->alloc != NULL)
        return fxt_validator_new(o);
    static const fxt_allocator k_blocks[2] = {
        {blk_malloc, blk_realloc, blk_free, &g_cache[0]},
        {blk_malloc, blk_realloc, blk_free, &g_cache[1]}};
    fxt_options oo = *o;
    oo.alloc = &k_blocks[slot];
    fxt_validator *v = fxt_validator_new(&oo);
    FZ_CHECK(v != NULL, "out of memory for a validator");
    return v;
}

void fz_validator_free(fxt_validator *v, unsigned slot)
{
    (void)slot; /* the validator frees through the allocator it was made with */
    fxt_validator_free(v);
}

/* ---- digest --------------------------------------------------------------------- */

static void mix(fz_run *r, uint64_t v)
{
    uint64_t d = (r->digest ^ v) * 0x9e3779b97f4a7c15ull;
    r->digest = d ^ (d >> 29);
}

/* Read every byte of [p, p+n) (ASan checks the range) and fold it into the
 * digest unless the record is one a chunk-fed validator streams. */
static void touch(fz_run *r, const fxt_record *rec, const void *p, size_t n)
{
    const uint8_t *b = p;
    uint64_t h = 0xcbf29ce484222325ull, s = 0;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * 0x100000001b3ull;
        s += b[i];
    }
    r->touched += s;
    if (rec->size_words * 8 <= FZ_STREAM_LIMIT)
        mix(r, h ^ n);
}

static int is_ignored(const fxt_options *o, fxt_rule rule)
{
    return (o->ignore[(unsigned)rule >> 6] >> ((unsigned)rule & 63)) & 1;
}

/* ---- issues ----------------------------------------------------------------------- */

static void on_issue(void *ctx, const fxt_issue *is)
{
    fz_run *r = ctx;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    FZ_CHECK(ri != NULL, "issue with rule %d, which is not in the catalogue", (int)is->rule);
    FZ_CHECK(!is_ignored(&r->opt, is->rule), "ignored rule %s was reported", ri->id);
    fxt_severity want = ri->severity;
    if ((ri->flags & FXT_RF_UNKNOWN) && (r->opt.flags & FXT_OPT_ALLOW_UNKNOWN))
        want = FXT_SEV_WARNING;
    FZ_CHECK(is->severity == want, "%s reported with severity %d, expected %d", ri->id,
             (int)is->severity, (int)want);
    FZ_CHECK(memchr(is->message, 0, sizeof is->message) != NULL && is->message[0] != 0,
             "%s: message empty or not NUL-terminated", ri->id);
    FZ_CHECK(is->record_type <= FXT_NO_RECORD_TYPE, "%s: record type %u", ri->id, is->record_type);
    FZ_CHECK(is->record_offset % 8 == 0, "%s: record offset %llu is not a multiple of 8", ri->id,
             (unsigned long long)is->record_offset);
    FZ_CHECK(is->record_offset <= r->input_len && is->field_offset <= r->input_len,
             "%s: offsets %llu/%llu beyond the input (%zu bytes)", ri->id,
             (unsigned long long)is->record_offset, (unsigned long long)is->field_offset,
             r->input_len);
    FZ_CHECK(is->field_offset >= is->record_offset,
             "%s: field offset %llu before its record (offset %llu)", ri->id,
             (unsigned long long)is->field_offset, (unsigned long long)is->record_offset);
    FZ_CHECK(is->record_index <= is->record_offset / 8,
             "%s: record index %llu impossible at offset %llu", ri->id,
             (unsigned long long)is->record_index, (unsigned long long)is->record_offset);
    FZ_CHECK(fxt_record_type_name(is->record_type) != NULL, "record type name");
    if (!r->finishing) {
        /* issues arrive in input order while the input is fed */
        FZ_CHECK(is->record_offset >= r->last_off,
                 "%s at record offset %llu reported after an issue at offset %llu", ri->id,
                 (unsigned long long)is->record_offset, (unsigned long long)r->last_off);
        FZ_CHECK(is->record_offset < r->fed || (r->fed == 0 && is->record_offset == 0),
                 "%s about offset %llu, but only %llu bytes were fed", ri->id,
                 (unsigned long long)is->record_offset, (unsigned long long)r->fed);
        r->last_off = is->record_offset;
    }
    if (r->nissues == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 32;
        fxt_issue *n = realloc(r->issues, cap * sizeof *n);
        FZ_CHECK(n != NULL, "out of memory collecting %zu issues", r->nissues);
        r->issues = n;
        r->cap = cap;
    }
    r->issues[r->nissues++] = *is;
}

/* ---- records ---------------------------------------------------------------------- */

static void in_record(const fxt_record *rec, const void *p, size_t n, const char *what)
{
    if (rec->raw == NULL || n == 0)
        return;
    const uint8_t *b = p, *lo = rec->raw, *hi = rec->raw + rec->size_words * 8;
    FZ_CHECK(b >= lo && b <= hi && n <= (size_t)(hi - b),
             "record #%llu (%s at offset %llu): %s (%zu bytes) lies outside the record",
             (unsigned long long)rec->index, fxt_record_type_name(rec->type),
             (unsigned long long)rec->offset, what, n);
}

/*
 * Records with errors (FXT_OPT_VISIT_ALL) are decoded only as far as they
 * could be. An inline ref whose stream did not fit its record or argument
 * (E0050 arg-too-small...) has data == NULL and len == 0 (the contract the
 * validator moved to; fuzz/regressions/known-arg-*.fxt). Older validators
 * left len at the inline length and the argument's value stale from an
 * earlier record: tolerated for records with errors unless
 * FXT_FUZZ_STRICT_MODEL is defined. Records without errors are always held
 * to the full model: inline refs carry exactly their length of data inside
 * the record.
 */
#ifdef FXT_FUZZ_STRICT_MODEL
#define LENIENT(r) 0
#else
#define LENIENT(r) ((r)->cur_errors)
#endif

static void visit_str(fz_run *r, const fxt_record *rec, const fxt_str *s, const char *what)
{
    mix(r, s->ref);
    if (s->ref & FXT_STRREF_INLINE_FLAG) {
        size_t bits = s->ref & FXT_STRREF_VALUE_MASK;
        if (s->data == NULL && bits != 0 && r->cur_errors) {
            /* a stream that did not fit: partially decoded record */
            FZ_CHECK(s->len == 0 || LENIENT(r),
                     "record #%llu (%s at offset %llu): inline %s ref 0x%04x without data "
                     "has length %zu (expected 0)",
                     (unsigned long long)rec->index, fxt_record_type_name(rec->type),
                     (unsigned long long)rec->offset, what, s->ref, s->len);
            FZ_CHECK(s->len == 0 || s->len == bits, "record #%llu: inline %s ref 0x%04x, length %zu",
                     (unsigned long long)rec->index, what, s->ref, s->len);
            r->lenient++;
            return;
        }
        FZ_CHECK(s->len == bits, "record #%llu (%s at offset %llu): inline %s ref 0x%04x with length %zu",
                 (unsigned long long)rec->index, fxt_record_type_name(rec->type),
                 (unsigned long long)rec->offset, what, s->ref, s->len);
        FZ_CHECK(s->data != NULL || s->len == 0,
                 "record #%llu (%s at offset %llu): inline %s of %zu bytes without data",
                 (unsigned long long)rec->index, fxt_record_type_name(rec->type),
                 (unsigned long long)rec->offset, what, s->len);
        in_record(rec, s->data, s->len, what);
        if (s->len)
            touch(r, rec, s->data, s->len);
    } else {
        FZ_CHECK(s->data == NULL && s->len == 0,
                 "record #%llu: indexed %s ref %u carries data (%p, %zu)",
                 (unsigned long long)rec->index, what, s->ref, (const void *)s->data, s->len);
    }
}

static void visit_thread(fz_run *r, const fxt_thread *t)
{
    mix(r, t->ref);
    mix(r, t->pid);
    mix(r, t->tid);
}

static void visit_args(fz_run *r, const fxt_record *rec)
{
    FZ_CHECK(rec->argc <= FXT_MAX_ARGS, "record #%llu has argc %u",
             (unsigned long long)rec->index, rec->argc);
    mix(r, rec->argc);
    for (unsigned i = 0; i < rec->argc; i++) {
        const fxt_arg *a = &rec->args[i];
        mix(r, a->type);
        mix(r, a->size_words);
        mix(r, a->hi);
        if (a->type >= FXT_AT_COUNT)
            continue; /* undefined type: only type, size and raw bits are decoded */
        visit_str(r, rec, &a->name, "argument name");
        switch (a->type) {
        case FXT_AT_NULL:
            break;
        case FXT_AT_INT32:
            mix(r, (uint64_t)(int64_t)a->v.i32);
            break;
        case FXT_AT_UINT32:
            mix(r, a->v.u32);
            break;
        case FXT_AT_BOOL:
            /* values of arguments that failed to decode are not set (see visit_str) */
            FZ_CHECK(a->v.b == 0 || a->v.b == 1 || LENIENT(r),
                     "record #%llu: boolean argument value %d", (unsigned long long)rec->index,
                     a->v.b);
            mix(r, (uint64_t)a->v.b);
            break;
        case FXT_AT_STRING:
            visit_str(r, rec, &a->str, "argument value");
            break;
        default:
            mix(r, a->v.u64);
            break;
        }
        if (a->type != FXT_AT_STRING)
            FZ_CHECK(a->str.ref == 0 && a->str.data == NULL && a->str.len == 0,
                     "record #%llu: %s argument with a string value",
                     (unsigned long long)rec->index, "non-string");
        mix(r, a->extra_words);
        FZ_CHECK(a->extra != NULL || a->extra_words == 0 || rec->raw == NULL,
                 "record #%llu: argument %u has %zu extra words but no pointer",
                 (unsigned long long)rec->index, i + 1, a->extra_words);
        if (a->extra) {
            in_record(rec, a->extra, a->extra_words * 8, "argument extra words");
            touch(r, rec, a->extra, a->extra_words * 8);
        }
    }
}

static void visit_known(fz_run *r, const fxt_record *rec)
{
    switch (rec->type) {
    case FXT_RT_METADATA: {
        const fxt_meta *m = &rec->u.meta;
        mix(r, m->meta_type);
        mix(r, m->provider_id);
        if (m->meta_type == FXT_MT_PROVIDER_INFO) {
            FZ_CHECK(m->name.len <= 255, "provider name of %zu bytes", m->name.len);
            in_record(rec, m->name.data, m->name.len, "provider name");
            if (m->name.len)
                touch(r, rec, m->name.data, m->name.len);
        } else if (m->meta_type == FXT_MT_PROVIDER_EVENT)
            mix(r, m->event_id);
        else if (m->meta_type == FXT_MT_TRACE_INFO) {
            mix(r, m->trace_info_type);
            mix(r, m->magic);
        }
        break;
    }
    case FXT_RT_INIT:
        mix(r, rec->u.ticks_per_second);
        break;
    case FXT_RT_STRING:
        mix(r, rec->u.string.index);
        FZ_CHECK(rec->u.string.len <= FXT_STRREF_VALUE_MASK, "string record length %zu",
                 rec->u.string.len);
        in_record(rec, rec->u.string.data, rec->u.string.len, "string");
        if (rec->u.string.len)
            touch(r, rec, rec->u.string.data, rec->u.string.len);
        break;
    case FXT_RT_THREAD:
        mix(r, rec->u.thread.index);
        mix(r, rec->u.thread.pid);
        mix(r, rec->u.thread.tid);
        break;
    case FXT_RT_EVENT: {
        const fxt_event *e = &rec->u.event;
        FZ_CHECK(e->event_type < FXT_ET_COUNT, "decoded event of type %u", e->event_type);
        mix(r, e->event_type);
        visit_thread(r, &e->thread);
        visit_str(r, rec, &e->category, "category");
        visit_str(r, rec, &e->name, "name");
        mix(r, e->timestamp);
        mix(r, e->data);
        visit_args(r, rec);
        break;
    }
    case FXT_RT_BLOB:
    case FXT_RT_LARGE: {
        const fxt_blob *b = &rec->u.blob;
        if (rec->type == FXT_RT_BLOB)
            mix(r, b->blob_type);
        else {
            FZ_CHECK(rec->large_type == FXT_LT_BLOB && b->format <= FXT_LBF_NO_METADATA,
                     "decoded large record type %u format %u", rec->large_type, b->format);
            mix(r, b->format);
            visit_str(r, rec, &b->category, "blob category");
            mix(r, b->timestamp);
            visit_thread(r, &b->thread);
            visit_args(r, rec);
        }
        visit_str(r, rec, &b->name, "blob name");
        mix(r, b->payload_size);
        if (b->payload != NULL) {
            FZ_CHECK(b->payload_size <= rec->size_words * 8, "payload of %llu bytes in a %llu-word record",
                     (unsigned long long)b->payload_size, (unsigned long long)rec->size_words);
            in_record(rec, b->payload, (size_t)b->payload_size, "blob payload");
            touch(r, rec, b->payload, (size_t)b->payload_size);
        } else
            FZ_CHECK(b->payload_size == 0 || rec->raw == NULL,
                     "record #%llu: blob payload of %llu bytes missing in an in-memory record",
                     (unsigned long long)rec->index, (unsigned long long)b->payload_size);
        break;
    }
    case FXT_RT_USERSPACE:
        visit_thread(r, &rec->u.object.process);
        visit_str(r, rec, &rec->u.object.name, "object name");
        mix(r, rec->u.object.id);
        visit_args(r, rec);
        break;
    case FXT_RT_KERNEL_OBJECT:
        mix(r, rec->u.object.koid_type);
        visit_str(r, rec, &rec->u.object.name, "object name");
        mix(r, rec->u.object.id);
        visit_args(r, rec);
        break;
    case FXT_RT_SCHEDULING: {
        const fxt_sched *s = &rec->u.sched;
        mix(r, s->sched_type);
        mix(r, s->cpu);
        mix(r, s->timestamp);
        if (s->sched_type == FXT_ST_LEGACY_CONTEXT_SWITCH) {
            mix(r, s->state);
            visit_thread(r, &s->out);
            visit_thread(r, &s->in);
            mix(r, s->out_prio);
            mix(r, s->in_prio);
        } else if (s->sched_type == FXT_ST_CONTEXT_SWITCH) {
            mix(r, s->state);
            mix(r, s->out.tid);
            mix(r, s->in.tid);
            visit_args(r, rec);
        } else {
            FZ_CHECK(s->sched_type == FXT_ST_THREAD_WAKEUP, "decoded scheduling type %u",
                     s->sched_type);
            mix(r, s->out.tid);
            visit_args(r, rec);
        }
        break;
    }
    case FXT_RT_LOG:
        visit_thread(r, &rec->u.log.thread);
        mix(r, rec->u.log.timestamp);
        FZ_CHECK(rec->u.log.msg_len <= FXT_STRREF_VALUE_MASK, "log message of %zu bytes",
                 rec->u.log.msg_len);
        in_record(rec, rec->u.log.msg, rec->u.log.msg_len, "log message");
        if (rec->u.log.msg_len)
            touch(r, rec, rec->u.log.msg, rec->u.log.msg_len);
        break;
    default:
        FZ_CHECK(0, "record #%llu of undefined type %u marked as decoded",
                 (unsigned long long)rec->index, rec->type);
    }
}

static void on_record(void *ctx, const fxt_record *rec)
{
    fz_run *r = ctx;
    uint64_t len = rec->size_words * 8;
    FZ_CHECK(rec->offset == r->next_off && rec->index == r->next_idx,
             "record #%llu at offset %llu visited; expected #%llu at offset %llu",
             (unsigned long long)rec->index, (unsigned long long)rec->offset,
             (unsigned long long)r->next_idx, (unsigned long long)r->next_off);
    FZ_CHECK(len > 0 && rec->offset + len <= r->input_len,
             "record #%llu at offset %llu: %llu words, input is %zu bytes",
             (unsigned long long)rec->index, (unsigned long long)rec->offset,
             (unsigned long long)rec->size_words, r->input_len);
    uint64_t size = fxt_record_bytes(fxt_layout_get(rec->revision), rec->header) / 8;
    FZ_CHECK(rec->type == FXT_GET(rec->header, FXT_REC_TYPE) && size == rec->size_words,
             "record #%llu: type %u / size %llu do not match header 0x%016llx",
             (unsigned long long)rec->index, rec->type, (unsigned long long)rec->size_words,
             (unsigned long long)rec->header);
    FZ_CHECK(rec->raw != NULL || len > FZ_STREAM_LIMIT,
             "record #%llu (%llu bytes) handed over without its bytes",
             (unsigned long long)rec->index, (unsigned long long)len);
    if (rec->raw != NULL) {
        FZ_CHECK(memcmp(rec->raw, r->input + rec->offset, (size_t)len) == 0,
                 "record #%llu: raw bytes differ from the input at offset %llu",
                 (unsigned long long)rec->index, (unsigned long long)rec->offset);
        touch(r, rec, rec->raw, (size_t)len);
    }
    r->next_off = rec->offset + len;
    r->next_idx = rec->index + 1;
    r->records++;
    /* the record's own count (errors of ignored rules included): with
     * FXT_REV_AUTO its issues come after it, merged with the other
     * revisions' */
    r->cur_errors = rec->errors != 0;
    mix(r, rec->offset);
    mix(r, rec->index);
    mix(r, rec->type);
    mix(r, rec->header);
    mix(r, rec->size_words);
    mix(r, (uint64_t)rec->big_endian);
    mix(r, rec->provider_id);
    mix(r, (uint64_t)rec->known);
    if (!rec->known)
        return; /* only header and raw bytes are meaningful */
    mix(r, rec->large_type);
    visit_known(r, rec);
    mix(r, rec->extra_words);
    FZ_CHECK(rec->extra != NULL || rec->extra_words == 0 || rec->raw == NULL,
             "record #%llu: %zu extra words but no pointer", (unsigned long long)rec->index,
             rec->extra_words);
    if (rec->extra != NULL) {
        FZ_CHECK(rec->raw != NULL && rec->extra + rec->extra_words * 8 == rec->raw + len,
                 "record #%llu: extra words do not end the record", (unsigned long long)rec->index);
        touch(r, rec, rec->extra, rec->extra_words * 8);
    }
}

void fz_run_init(fz_run *r, const uint8_t *input, size_t len, fxt_options *o)
{
    memset(r, 0, sizeof *r);
    r->input = input;
    r->input_len = len;
    r->digest = 0x243f6a8885a308d3ull;
    o->on_issue = on_issue;
    o->on_record = on_record;
    o->ctx = r;
    o->flags |= FXT_OPT_VISIT_ALL;
    r->opt = *o;
}

void fz_run_free(fz_run *r)
{
    free(r->issues);
    r->issues = NULL;
}

void fz_run_check(fz_run *r, const fxt_validator *v)
{
    fxt_stats st;
    fxt_validator_stats(v, &st);
    FZ_CHECK(st.bytes == r->input_len, "stats: %llu bytes, fed %zu", (unsigned long long)st.bytes,
             r->input_len);
    /* the counters are the reported revision's (with auto, issues come with
     * the mask of every revision they hold for) */
    size_t mine = 0;
    for (size_t i = 0; i < r->nissues; i++) {
        FZ_CHECK(r->issues[i].revisions != 0 && (r->issues[i].revisions & ~FXT_REV_ALL) == 0 &&
                     (r->opt.revision == FXT_REV_AUTO ||
                      r->issues[i].revisions == FXT_REV_BIT(r->opt.revision)),
                 "issue %zu: revisions 0x%x under revision %d", i, r->issues[i].revisions,
                 (int)r->opt.revision);
        mine += (r->issues[i].revisions & FXT_REV_BIT(st.revision)) != 0;
    }
    FZ_CHECK(st.errors + st.warnings == mine, "stats: %llu errors + %llu warnings, %zu issues",
             (unsigned long long)st.errors, (unsigned long long)st.warnings, mine);
    uint64_t errors = 0, by_rule[FXT_R_END_] = {0}, sum = 0;
    int truncated = 0, empty = 0, stopped_seen = 0;
    for (size_t i = 0; i < r->nissues; i++) {
        if (!(r->issues[i].revisions & FXT_REV_BIT(st.revision)))
            continue;
        stopped_seen |= r->issues[i].rule == FXT_R_RECORD_SIZE_ZERO;
        errors += r->issues[i].severity == FXT_SEV_ERROR;
        by_rule[r->issues[i].rule]++;
        truncated |= r->issues[i].rule == FXT_R_TRUNCATED;
        empty |= r->issues[i].rule == FXT_R_EMPTY_INPUT;
    }
    FZ_CHECK(errors == st.errors, "stats: %llu errors, %llu error issues",
             (unsigned long long)st.errors, (unsigned long long)errors);
    for (unsigned k = 0; k < FXT_R_END_; k++) {
        uint64_t n = fxt_validator_rule_count(v, (fxt_rule)k);
        FZ_CHECK(by_rule[k] == n, "stats: rule %u counted %llu times, reported %llu", k,
                 (unsigned long long)n, (unsigned long long)by_rule[k]);
    }
    for (unsigned k = 0; k < 16; k++)
        sum += st.by_type[k];
    FZ_CHECK(sum == st.records, "stats: by_type sums to %llu, %llu records",
             (unsigned long long)sum, (unsigned long long)st.records);
    FZ_CHECK(st.stopped == stopped_seen || is_ignored(&r->opt, FXT_R_RECORD_SIZE_ZERO),
             "stats: stopped=%d but record-size-zero %sreported", st.stopped,
             stopped_seen ? "" : "not ");
    /* the visitor sees current's reading: with auto and another revision
     * reported (which may frame the input otherwise) it is not compared */
    const int visited = r->opt.revision != FXT_REV_AUTO || st.revision == FXT_REV_CURRENT;
    FZ_CHECK(!visited || (r->records <= st.records && st.records <= r->records + 1),
             "stats: %llu records, %llu visited", (unsigned long long)st.records,
             (unsigned long long)r->records);
    if (!st.stopped && visited) {
        int ends_clean = r->next_off == r->input_len && st.records == r->records;
        FZ_CHECK(ends_clean != truncated || is_ignored(&r->opt, FXT_R_TRUNCATED),
                 "input of %zu bytes, records end at %llu, truncated %sreported", r->input_len,
                 (unsigned long long)r->next_off, truncated ? "" : "not ");
        FZ_CHECK((r->input_len == 0) == empty || is_ignored(&r->opt, FXT_R_EMPTY_INPUT),
                 "empty-input %sreported for %zu bytes", empty ? "" : "not ", r->input_len);
    }
    /* the provider API */
    size_t np = fxt_validator_provider_count(v);
    uint64_t precs = 0;
    for (size_t i = 0; i < np; i++) {
        fxt_provider_stats ps;
        FZ_CHECK(fxt_validator_provider(v, i, &ps) == 0, "provider %zu of %zu not readable", i, np);
        FZ_CHECK(memchr(ps.name, 0, sizeof ps.name) != NULL, "provider name not NUL-terminated");
        uint64_t t = 0;
        for (unsigned k = 0; k < 16; k++)
            t += ps.by_type[k];
        FZ_CHECK(t == ps.records, "provider %zu: by_type sums to %llu, %llu records", i,
                 (unsigned long long)t, (unsigned long long)ps.records);
        precs += ps.records;
    }
    fxt_provider_stats ps;
    FZ_CHECK(fxt_validator_provider(v, np, &ps) == -1, "provider %zu past the count readable", np);
    FZ_CHECK(precs == st.records, "providers hold %llu records, stats %llu",
             (unsigned long long)precs, (unsigned long long)st.records);
}

void fz_compare_runs(const fz_run *a, const fxt_validator *va, const fz_run *b,
                     const fxt_validator *vb, const char *what)
{
    size_t n = a->nissues < b->nissues ? a->nissues : b->nissues;
    for (size_t i = 0; i < n; i++) {
        const fxt_issue *x = &a->issues[i], *y = &b->issues[i];
        FZ_CHECK(x->rule == y->rule && x->severity == y->severity &&
                     x->record_offset == y->record_offset && x->record_index == y->record_index &&
                     x->field_offset == y->field_offset && x->record_type == y->record_type &&
                     x->revisions == y->revisions && strcmp(x->message, y->message) == 0,
                 "%s: issue %zu differs:\n  rule %d sev %d rec@%llu #%llu field@%llu type %u: %s\n"
                 "  rule %d sev %d rec@%llu #%llu field@%llu type %u: %s",
                 what, i, (int)x->rule, (int)x->severity, (unsigned long long)x->record_offset,
                 (unsigned long long)x->record_index, (unsigned long long)x->field_offset,
                 x->record_type, x->message, (int)y->rule, (int)y->severity,
                 (unsigned long long)y->record_offset, (unsigned long long)y->record_index,
                 (unsigned long long)y->field_offset, y->record_type, y->message);
    }
    FZ_CHECK(a->nissues == b->nissues, "%s: %zu issues vs %zu (first extra: %s)", what,
             a->nissues, b->nissues,
             a->nissues > b->nissues ? a->issues[n].message : b->issues[n].message);
    FZ_CHECK(a->records == b->records, "%s: %llu records visited vs %llu", what,
             (unsigned long long)a->records, (unsigned long long)b->records);
    FZ_CHECK(a->digest == b->digest, "%s: record models differ (digest %016llx vs %016llx)", what,
             (unsigned long long)a->digest, (unsigned long long)b->digest);
    fxt_stats sa, sb;
    fxt_validator_stats(va, &sa);
    fxt_validator_stats(vb, &sb);
    FZ_CHECK(sa.bytes == sb.bytes && sa.records == sb.records && sa.errors == sb.errors &&
                 sa.warnings == sb.warnings && sa.big_endian == sb.big_endian &&
                 sa.stopped == sb.stopped &&
                 memcmp(sa.by_type, sb.by_type, sizeof sa.by_type) == 0 &&
                 memcmp(sa.events_by_type, sb.events_by_type, sizeof sa.events_by_type) == 0 &&
                 sa.unchecked == sb.unchecked,
             "%s: stats differ", what);
    for (unsigned k = 0; k < FXT_R_END_; k++)
        FZ_CHECK(fxt_validator_rule_count(va, (fxt_rule)k) ==
                     fxt_validator_rule_count(vb, (fxt_rule)k),
                 "%s: rule %u counts differ", what, k);
    size_t np = fxt_validator_provider_count(va);
    FZ_CHECK(np == fxt_validator_provider_count(vb), "%s: provider counts differ", what);
    for (size_t i = 0; i < np; i++) {
        fxt_provider_stats pa, pb;
        fxt_validator_provider(va, i, &pa);
        fxt_validator_provider(vb, i, &pb);
        FZ_CHECK(pa.id == pb.id && pa.implicit == pb.implicit && pa.records == pb.records &&
                     strcmp(pa.name, pb.name) == 0 &&
                     memcmp(pa.by_type, pb.by_type, sizeof pa.by_type) == 0,
                 "%s: provider %zu differs", what, i);
    }
}
