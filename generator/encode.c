/* SPDX-License-Identifier: MIT */
/*
 * encode.c - the reference FXT encoder (see fxt/encode.h).
 *
 * Every record is produced by one function, emit_record(), in one pass: it
 * checks every field and stores words into the writer's free space as far as
 * it reaches, counting all of them. Only when the whole record fits and every
 * check passed is its size field patched in and w->len advanced; otherwise
 * nothing is appended (bytes past w->len may have been used as scratch).
 * fxt_encoded_size() runs the same function with no buffer at all.
 */
#include "fxt/encode.h"

#include <string.h>

#include "fxt/word.h"

/* ---- byte order ----------------------------------------------------------- */

void fxt_patch_field(void *buf, size_t off, unsigned lo, unsigned hi, uint64_t value,
                     int big_endian)
{
    if (buf == NULL || lo > hi || hi > 63)
        return;
    unsigned width = hi - lo + 1;
    uint64_t mask = width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
    uint64_t w = fxt_load_word((const uint8_t *)buf + off, big_endian);
    w = (w & ~(mask << lo)) | ((value & mask) << lo);
    fxt_store_word((uint8_t *)buf + off, w, big_endian);
}

/* ---- the writer ----------------------------------------------------------- */

/* Words a stream of LEN bytes occupies; written so LEN near the type's
 * maximum cannot overflow. */
static uint64_t stream_words(uint64_t len)
{
    return len / FXT_WORD_BYTES + (len % FXT_WORD_BYTES != 0);
}

static size_t space_left(const fxt_writer *w)
{
    return w->len <= w->cap ? w->cap - w->len : 0;
}

void fxt_writer_init(fxt_writer *w, void *buf, size_t cap, int big_endian)
{
    w->buf = buf;
    w->cap = buf != NULL ? cap : 0;
    w->len = 0;
    w->big_endian = big_endian != 0;
    w->revision = FXT_REV_CURRENT;
}

fxt_enc_result fxt_writer_set_revision(fxt_writer *w, fxt_revision rev)
{
    if (fxt_layout_get(rev) == NULL)
        return FXT_ENC_INVALID;
    w->revision = rev;
    return FXT_ENC_OK;
}

/* The writer's layout row (a valid revision: set only through the API). */
static const fxt_layout *layout_of(const fxt_writer *w)
{
    const fxt_layout *l = fxt_layout_get(w->revision);
    return l != NULL ? l : fxt_layout_get(FXT_REV_CURRENT);
}

fxt_enc_result fxt_write_word(fxt_writer *w, uint64_t word)
{
    if (space_left(w) < FXT_WORD_BYTES)
        return FXT_ENC_NOSPACE;
    fxt_store_word(w->buf + w->len, word, w->big_endian);
    w->len += FXT_WORD_BYTES;
    return FXT_ENC_OK;
}

fxt_enc_result fxt_write_stream(fxt_writer *w, const void *data, size_t len)
{
    if (data == NULL && len != 0)
        return FXT_ENC_INVALID;
    if (len == 0)
        return FXT_ENC_OK; /* also keeps a NULL buffer out of memset */
    uint64_t words = stream_words(len);
    if (words > space_left(w) / FXT_WORD_BYTES)
        return FXT_ENC_NOSPACE;
    size_t padded = (size_t)words * FXT_WORD_BYTES;
    memcpy(w->buf + w->len, data, len);
    memset(w->buf + w->len + len, 0, padded - len);
    w->len += padded;
    return FXT_ENC_OK;
}

fxt_enc_result fxt_encode_magic(fxt_writer *w)
{
    if (!layout_of(w)->has_magic)
        return FXT_ENC_INVALID;
    return fxt_write_word(w, FXT_MAGIC_RECORD);
}

/* ---- the counting / storing sink ----------------------------------------- */

typedef struct sink {
    uint8_t *buf;    /* free space of the writer (NULL: count only) */
    uint64_t cap;    /* words that fit there */
    uint64_t words;  /* words emitted so far; saturates instead of wrapping */
    int big_endian;
    const fxt_layout *l; /* the revision written */
} sink;

/* Whether N more words starting at s->words fit in the free space. */
static inline int sink_fits(const sink *s, uint64_t n)
{
    return s->words <= s->cap && n <= s->cap - s->words;
}

static inline void sink_advance(sink *s, uint64_t n)
{
    s->words = n > UINT64_MAX - s->words ? UINT64_MAX : s->words + n;
}

static inline void emit_word(sink *s, uint64_t v)
{
    if (s->words < s->cap)
        fxt_store_word(s->buf + s->words * FXT_WORD_BYTES, v, s->big_endian);
    sink_advance(s, 1);
}

/* Streams keep their byte order in both byte orders. LEN fits size_t in the
 * storing pass: the counting pass has bounded the whole record by then. */
static void emit_stream(sink *s, const void *data, uint64_t len)
{
    uint64_t words = stream_words(len);
    if (sink_fits(s, words)) {
        uint8_t *p = s->buf + s->words * FXT_WORD_BYTES;
        if (len != 0)
            memcpy(p, data, (size_t)len);
        memset(p + len, 0, (size_t)(words * FXT_WORD_BYTES - len));
    }
    sink_advance(s, words);
}

/* Extension words are raw bytes from the input: copied, never swapped. */
static void emit_raw(sink *s, const uint8_t *data, size_t nwords)
{
    if (nwords != 0 && sink_fits(s, nwords))
        memcpy(s->buf + s->words * FXT_WORD_BYTES, data, nwords * FXT_WORD_BYTES);
    sink_advance(s, nwords);
}

/* ---- checks ----------------------------------------------------------------- */

static int str_is_inline(const fxt_str *s)
{
    return (s->ref & FXT_STRREF_INLINE_FLAG) != 0;
}

/* An inline ref's length bits must equal len (a mismatch would make the
 * reader misparse the rest of the record); an indexed ref carries no content. */
static fxt_enc_result check_str(const fxt_str *s)
{
    if (!str_is_inline(s))
        return s->len == 0 ? FXT_ENC_OK : FXT_ENC_INVALID;
    if (s->len > FXT_STRREF_VALUE_MASK)
        return FXT_ENC_RANGE;
    if ((s->ref & FXT_STRREF_VALUE_MASK) != s->len)
        return FXT_ENC_INVALID;
    if (s->data == NULL && s->len != 0)
        return FXT_ENC_INVALID;
    return FXT_ENC_OK;
}

static void emit_str(sink *s, const fxt_str *str)
{
    if (str_is_inline(str))
        emit_stream(s, str->data, str->len);
}

static void emit_thread(sink *s, const fxt_thread *t)
{
    if (t->ref == FXT_THREADREF_INLINE) {
        emit_word(s, t->pid);
        emit_word(s, t->tid);
    }
}

static fxt_enc_result check_extra(const uint8_t *extra, size_t nwords)
{
    return extra == NULL && nwords != 0 ? FXT_ENC_INVALID : FXT_ENC_OK;
}

static int fits(uint64_t v, uint64_t field_max)
{
    return v <= field_max;
}

/* ---- arguments ------------------------------------------------------------ */

static const fxt_str k_no_str = {0, NULL, 0};

/* Like emit_word(), but counts the word only if N is 1: the store happens
 * either way (into free space, as scratch), so no branch on N. */
static inline void emit_word_if(sink *s, uint64_t v, unsigned n)
{
    if (s->words < s->cap)
        fxt_store_word(s->buf + s->words * FXT_WORD_BYTES, v, s->big_endian);
    sink_advance(s, n);
}

/* Checks argument A and emits it. */
static fxt_enc_result emit_arg(sink *s, const fxt_arg *a)
{
    fxt_enc_result rc;
    if (a->type >= FXT_AT_COUNT || !fxt_layout_defines(s->l->arg_types, a->type))
        return FXT_ENC_INVALID;
    unsigned t = a->type;
    /* the string value, or an empty ref for other types (a select, not a branch) */
    const fxt_str *sv = t == FXT_AT_STRING ? &a->str : &k_no_str;
    if ((rc = check_str(&a->name)) != FXT_ENC_OK || (rc = check_str(sv)) != FXT_ENC_OK ||
        (rc = check_extra(a->extra, a->extra_words)) != FXT_ENC_OK)
        return rc;
    /* The spec gives the boolean one bit; anything else would be truncated. */
    if ((t == FXT_AT_BOOL) & ((uint32_t)a->v.b > 1))
        return FXT_ENC_RANGE;
    uint64_t n = 1 + fxt_arg_value_words[t];
    if (str_is_inline(&a->name))
        n += stream_words(a->name.len);
    if (str_is_inline(sv))
        n += stream_words(sv->len);
    if (n > FXT_FIELD_MAX(FXT_ARG_SIZE) || a->extra_words > FXT_FIELD_MAX(FXT_ARG_SIZE) - n)
        return FXT_ENC_RANGE;
    n += a->extra_words;
    /* v.u32 reads the 32-bit members (i32, u32, b) alike: same size, offset 0 */
    uint64_t hi = (a->v.u32 & fxt_arg_hi_value[t]) | sv->ref; /* the ref is 0 unless a string */
    uint64_t h = 0;
    h = FXT_SET(h, FXT_ARG_TYPE, t);
    h = FXT_SET(h, FXT_ARG_SIZE, n);
    h = FXT_SET(h, FXT_ARG_NAME, a->name.ref);
    h = FXT_SET(h, FXT_ARG_HI, hi);
    emit_word(s, h);
    emit_str(s, &a->name);
    /* u64 holds the raw bits of doubles too, so NaN payloads survive. */
    emit_word_if(s, a->v.u64, fxt_arg_value_words[t]);
    emit_str(s, sv);
    emit_raw(s, a->extra, a->extra_words);
    return FXT_ENC_OK;
}

static fxt_enc_result emit_args(sink *s, const fxt_record *r)
{
    for (unsigned i = 0; i < r->argc; i++) {
        fxt_enc_result rc = emit_arg(s, &r->args[i]);
        if (rc != FXT_ENC_OK)
            return rc;
    }
    return FXT_ENC_OK;
}

/* ---- records ---------------------------------------------------------------- */

/* Header word of a normal record; SIZE is 0 in the counting pass. */
static uint64_t header(unsigned type, uint64_t size)
{
    uint64_t h = 0;
    h = FXT_SET(h, FXT_REC_TYPE, type);
    h = FXT_SET(h, FXT_REC_SIZE, size);
    return h;
}

static fxt_enc_result emit_metadata(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_meta *m = &r->u.meta;
    if (!fxt_layout_defines(s->l->metadata_types, m->meta_type))
        return FXT_ENC_INVALID;
    uint64_t h = FXT_SET(header(FXT_RT_METADATA, size), FXT_META_TYPE, m->meta_type);
    switch (m->meta_type) {
    case FXT_MT_PROVIDER_INFO:
        /* Only data/len name the provider; the ref is not part of the format. */
        if (!fits(m->name.len, FXT_FIELD_MAX(FXT_PINFO_NAME_LEN)))
            return FXT_ENC_RANGE;
        if (m->name.data == NULL && m->name.len != 0)
            return FXT_ENC_INVALID;
        h = FXT_SET(h, FXT_META_PROVIDER_ID, m->provider_id);
        h = FXT_SET(h, FXT_PINFO_NAME_LEN, m->name.len);
        emit_word(s, h);
        emit_stream(s, m->name.data, m->name.len);
        return FXT_ENC_OK;
    case FXT_MT_PROVIDER_SECTION:
        emit_word(s, FXT_SET(h, FXT_META_PROVIDER_ID, m->provider_id));
        return FXT_ENC_OK;
    case FXT_MT_PROVIDER_EVENT:
        if (!fits(m->event_id, FXT_FIELD_MAX(FXT_PEVENT_ID)))
            return FXT_ENC_RANGE;
        h = FXT_SET(h, FXT_META_PROVIDER_ID, m->provider_id);
        h = FXT_SET(h, FXT_PEVENT_ID, m->event_id);
        emit_word(s, h);
        return FXT_ENC_OK;
    case FXT_MT_TRACE_INFO:
        if (m->trace_info_type != FXT_TIT_MAGIC ||
            !fxt_layout_defines(s->l->trace_info_types, m->trace_info_type))
            return FXT_ENC_INVALID;
        /* The spec forbids extending the magic record: it is one word. */
        if (r->extra_words != 0)
            return FXT_ENC_INVALID;
        h = FXT_SET(h, FXT_TINFO_TYPE, m->trace_info_type);
        h = FXT_SET(h, FXT_MAGIC_VALUE_FIELD, m->magic);
        emit_word(s, h);
        return FXT_ENC_OK;
    default:
        return FXT_ENC_INVALID;
    }
}

static fxt_enc_result emit_event(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_event *e = &r->u.event;
    fxt_enc_result rc;
    /* the model holds the meaning; the revision gives its number */
    if (e->event_type >= FXT_ET_COUNT || s->l->event_number[e->event_type] == FXT_ET_NONE)
        return FXT_ENC_INVALID;
    if ((rc = check_str(&e->category)) != FXT_ENC_OK || (rc = check_str(&e->name)) != FXT_ENC_OK)
        return rc;
    uint64_t h = header(FXT_RT_EVENT, size);
    h = FXT_SET(h, FXT_EV_TYPE, s->l->event_number[e->event_type]);
    h = FXT_SET(h, FXT_EV_ARGC, r->argc);
    h = FXT_SET(h, FXT_EV_THREAD, e->thread.ref);
    h = FXT_SET(h, FXT_EV_CATEGORY, e->category.ref);
    h = FXT_SET(h, FXT_EV_NAME, e->name.ref);
    emit_word(s, h);
    emit_word(s, e->timestamp);
    emit_thread(s, &e->thread);
    emit_str(s, &e->category);
    emit_str(s, &e->name);
    if ((rc = emit_args(s, r)) != FXT_ENC_OK)
        return rc;
    /* counter id, end time, async or flow correlation id (a table, not a
     * branch on the event type: see fxt_arg_value_words) */
    emit_word_if(s, e->data, fxt_event_data_words[e->event_type]);
    return FXT_ENC_OK;
}

static fxt_enc_result emit_blob(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_blob *b = &r->u.blob;
    fxt_enc_result rc;
    if ((rc = check_str(&b->name)) != FXT_ENC_OK)
        return rc;
    /* the size field moves: [32..47] in r1, [32..46] after */
    unsigned lo = s->l->blob_size_lo, hi = s->l->blob_size_hi;
    if (!fits(b->payload_size, FXT_WIDTH_MASK_(lo, hi)) ||
        !fits(b->blob_type, FXT_FIELD_MAX(FXT_BLOB_TYPE)))
        return FXT_ENC_RANGE;
    if (!fxt_layout_defines(s->l->blob_types, b->blob_type))
        return FXT_ENC_INVALID;
    if (b->payload == NULL && b->payload_size != 0)
        return FXT_ENC_INVALID;
    uint64_t h = header(FXT_RT_BLOB, size);
    h = FXT_SET(h, FXT_BLOB_NAME, b->name.ref);
    h = FXT_SET_(h, b->payload_size, lo, hi);
    h = FXT_SET(h, FXT_BLOB_TYPE, b->blob_type);
    emit_word(s, h);
    emit_str(s, &b->name);
    emit_stream(s, b->payload, b->payload_size);
    return FXT_ENC_OK;
}

static fxt_enc_result emit_object(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_object *o = &r->u.object;
    fxt_enc_result rc;
    if ((rc = check_str(&o->name)) != FXT_ENC_OK)
        return rc;
    uint64_t h = header(r->type, size);
    if (r->type == FXT_RT_USERSPACE) {
        h = FXT_SET(h, FXT_UOBJ_PROCESS, o->process.ref);
        h = FXT_SET(h, FXT_UOBJ_NAME, o->name.ref);
        h = FXT_SET(h, FXT_UOBJ_ARGC, r->argc);
        emit_word(s, h);
        emit_word(s, o->id);
        /* A process ref stands for one koid, not a pid/tid pair. */
        if (o->process.ref == FXT_THREADREF_INLINE)
            emit_word(s, o->process.pid);
    } else {
        if (!fits(o->koid_type, FXT_FIELD_MAX(FXT_KOBJ_TYPE)))
            return FXT_ENC_RANGE;
        h = FXT_SET(h, FXT_KOBJ_TYPE, o->koid_type);
        h = FXT_SET(h, FXT_KOBJ_NAME, o->name.ref);
        h = FXT_SET(h, FXT_KOBJ_ARGC, r->argc);
        emit_word(s, h);
        emit_word(s, o->id);
    }
    emit_str(s, &o->name);
    return emit_args(s, r);
}

static fxt_enc_result emit_sched(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_sched *c = &r->u.sched;
    /* Before current, record type 8 is the context switch alone: no
     * subtype field, i.e. only the legacy layout (subtype bits zero). */
    if (s->l->sched_types == 0 ? c->sched_type != FXT_ST_LEGACY_CONTEXT_SWITCH
                               : !fxt_layout_defines(s->l->sched_types, c->sched_type))
        return FXT_ENC_INVALID;
    uint64_t h = FXT_SET(header(FXT_RT_SCHEDULING, size), FXT_SCHED_TYPE, c->sched_type);
    switch (c->sched_type) {
    case FXT_ST_LEGACY_CONTEXT_SWITCH:
        if (r->argc != 0)
            return FXT_ENC_INVALID;
        /* priorities exist from r3 on; reserved (zero) before */
        if (!s->l->has_priorities && (c->out_prio != 0 || c->in_prio != 0))
            return FXT_ENC_RANGE;
        if (!fits(c->cpu, FXT_FIELD_MAX(FXT_LCSW_CPU)) ||
            !fits(c->state, FXT_FIELD_MAX(FXT_LCSW_STATE)) ||
            !fits(c->out_prio, FXT_FIELD_MAX(FXT_LCSW_OUT_PRIO)) ||
            !fits(c->in_prio, FXT_FIELD_MAX(FXT_LCSW_IN_PRIO)))
            return FXT_ENC_RANGE;
        h = FXT_SET(h, FXT_LCSW_CPU, c->cpu);
        h = FXT_SET(h, FXT_LCSW_STATE, c->state);
        h = FXT_SET(h, FXT_LCSW_OUT_THREAD, c->out.ref);
        h = FXT_SET(h, FXT_LCSW_IN_THREAD, c->in.ref);
        h = FXT_SET(h, FXT_LCSW_OUT_PRIO, c->out_prio);
        h = FXT_SET(h, FXT_LCSW_IN_PRIO, c->in_prio);
        emit_word(s, h);
        emit_word(s, c->timestamp);
        emit_thread(s, &c->out);
        emit_thread(s, &c->in);
        return FXT_ENC_OK;
    case FXT_ST_CONTEXT_SWITCH:
        if (!fits(c->cpu, FXT_FIELD_MAX(FXT_CSW_CPU)) ||
            !fits(c->state, FXT_FIELD_MAX(FXT_CSW_STATE)))
            return FXT_ENC_RANGE;
        h = FXT_SET(h, FXT_CSW_ARGC, r->argc);
        h = FXT_SET(h, FXT_CSW_CPU, c->cpu);
        h = FXT_SET(h, FXT_CSW_STATE, c->state);
        emit_word(s, h);
        emit_word(s, c->timestamp);
        emit_word(s, c->out.tid);
        emit_word(s, c->in.tid);
        return emit_args(s, r);
    case FXT_ST_THREAD_WAKEUP:
        if (!fits(c->cpu, FXT_FIELD_MAX(FXT_WAKE_CPU)))
            return FXT_ENC_RANGE;
        h = FXT_SET(h, FXT_WAKE_ARGC, r->argc);
        h = FXT_SET(h, FXT_WAKE_CPU, c->cpu);
        emit_word(s, h);
        emit_word(s, c->timestamp);
        emit_word(s, c->out.tid);
        return emit_args(s, r);
    default:
        return FXT_ENC_INVALID;
    }
}

static fxt_enc_result emit_log(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_log *l = &r->u.log;
    if (!fits(l->msg_len, FXT_FIELD_MAX(FXT_LOG_LEN)))
        return FXT_ENC_RANGE;
    if (l->msg == NULL && l->msg_len != 0)
        return FXT_ENC_INVALID;
    uint64_t h = header(FXT_RT_LOG, size);
    h = FXT_SET(h, FXT_LOG_LEN, l->msg_len);
    h = FXT_SET(h, FXT_LOG_THREAD, l->thread.ref);
    emit_word(s, h);
    emit_word(s, l->timestamp);
    emit_thread(s, &l->thread);
    emit_stream(s, l->msg, l->msg_len);
    return FXT_ENC_OK;
}

static fxt_enc_result emit_large_blob(sink *s, const fxt_record *r, uint64_t size)
{
    const fxt_blob *b = &r->u.blob;
    fxt_enc_result rc;
    if (!fxt_layout_defines(s->l->large_types, FXT_LT_BLOB) ||
        (b->format != FXT_LBF_METADATA && b->format != FXT_LBF_NO_METADATA) ||
        !fxt_layout_defines(s->l->large_blob_formats, b->format))
        return FXT_ENC_INVALID;
    if (b->format == FXT_LBF_NO_METADATA && r->argc != 0)
        return FXT_ENC_INVALID;
    if ((rc = check_str(&b->category)) != FXT_ENC_OK || (rc = check_str(&b->name)) != FXT_ENC_OK)
        return rc;
    /* The payload must be addressable here even where size_t is 32-bit. */
    if ((uint64_t)(size_t)b->payload_size != b->payload_size)
        return FXT_ENC_RANGE;
    if (b->payload == NULL && b->payload_size != 0)
        return FXT_ENC_INVALID;
    uint64_t h = 0;
    h = FXT_SET(h, FXT_REC_TYPE, FXT_RT_LARGE);
    h = FXT_SET(h, FXT_LREC_SIZE, size);
    h = FXT_SET(h, FXT_LREC_TYPE, FXT_LT_BLOB);
    h = FXT_SET(h, FXT_LBLOB_FORMAT, b->format);
    uint64_t f = 0;
    f = FXT_SET(f, FXT_LBLOB_CATEGORY, b->category.ref);
    f = FXT_SET(f, FXT_LBLOB_NAME, b->name.ref);
    if (b->format == FXT_LBF_METADATA) {
        f = FXT_SET(f, FXT_LBLOB0_ARGC, r->argc);
        f = FXT_SET(f, FXT_LBLOB0_THREAD, b->thread.ref);
    }
    emit_word(s, h);
    emit_word(s, f);
    emit_str(s, &b->category);
    emit_str(s, &b->name);
    if (b->format == FXT_LBF_METADATA) {
        emit_word(s, b->timestamp);
        emit_thread(s, &b->thread);
        if ((rc = emit_args(s, r)) != FXT_ENC_OK)
            return rc;
    }
    emit_word(s, b->payload_size);
    emit_stream(s, b->payload, b->payload_size);
    return FXT_ENC_OK;
}

/* Records that carry arguments; all others must have argc == 0. */
static int takes_args(const fxt_record *r)
{
    switch (r->type) {
    case FXT_RT_EVENT:
    case FXT_RT_USERSPACE:
    case FXT_RT_KERNEL_OBJECT:
    case FXT_RT_LARGE:
        return 1;
    case FXT_RT_SCHEDULING:
        return r->u.sched.sched_type != FXT_ST_LEGACY_CONTEXT_SWITCH;
    default:
        return 0;
    }
}

/* Checks and emits the whole record. SIZE is the size field to write: 0 in
 * the counting pass, the counted total in the storing pass. */
static fxt_enc_result emit_record(sink *s, const fxt_record *r, uint64_t size)
{
    fxt_enc_result rc;
    if (r->argc > FXT_MAX_ARGS)
        return FXT_ENC_INVALID;
    if (r->argc != 0 && !takes_args(r))
        return FXT_ENC_INVALID;
    if ((rc = check_extra(r->extra, r->extra_words)) != FXT_ENC_OK)
        return rc;
    if (!fxt_layout_defines(s->l->record_types, r->type))
        return FXT_ENC_INVALID;
    switch (r->type) {
    case FXT_RT_METADATA:
        rc = emit_metadata(s, r, size);
        break;
    case FXT_RT_INIT:
        emit_word(s, header(FXT_RT_INIT, size));
        emit_word(s, r->u.ticks_per_second);
        rc = FXT_ENC_OK;
        break;
    case FXT_RT_STRING: {
        /* Index 0 encodes: readers must ignore it and the validator warns, but
         * a trace holding it conforms and must round-trip. */
        if (!fits(r->u.string.index, FXT_FIELD_MAX(FXT_STR_INDEX)) ||
            !fits(r->u.string.len, FXT_FIELD_MAX(FXT_STR_LEN)))
            return FXT_ENC_RANGE;
        if (r->u.string.data == NULL && r->u.string.len != 0)
            return FXT_ENC_INVALID;
        uint64_t h = header(FXT_RT_STRING, size);
        h = FXT_SET(h, FXT_STR_INDEX, r->u.string.index);
        h = FXT_SET(h, FXT_STR_LEN, r->u.string.len);
        emit_word(s, h);
        emit_stream(s, r->u.string.data, r->u.string.len);
        rc = FXT_ENC_OK;
        break;
    }
    case FXT_RT_THREAD:
        /* Index 0 encodes, for the same reason as string index 0. */
        if (!fits(r->u.thread.index, FXT_FIELD_MAX(FXT_THR_INDEX)))
            return FXT_ENC_RANGE;
        emit_word(s, FXT_SET(header(FXT_RT_THREAD, size), FXT_THR_INDEX, r->u.thread.index));
        emit_word(s, r->u.thread.pid);
        emit_word(s, r->u.thread.tid);
        rc = FXT_ENC_OK;
        break;
    case FXT_RT_EVENT:
        rc = emit_event(s, r, size);
        break;
    case FXT_RT_BLOB:
        rc = emit_blob(s, r, size);
        break;
    case FXT_RT_USERSPACE:
    case FXT_RT_KERNEL_OBJECT:
        rc = emit_object(s, r, size);
        break;
    case FXT_RT_SCHEDULING:
        rc = emit_sched(s, r, size);
        break;
    case FXT_RT_LOG:
        rc = emit_log(s, r, size);
        break;
    case FXT_RT_LARGE:
        rc = r->large_type == FXT_LT_BLOB ? emit_large_blob(s, r, size) : FXT_ENC_INVALID;
        break;
    default:
        rc = FXT_ENC_INVALID;
        break;
    }
    if (rc != FXT_ENC_OK)
        return rc;
    emit_raw(s, r->extra, r->extra_words);
    return FXT_ENC_OK;
}

/* Checks R and emits it into S; gives its size in words. */
static fxt_enc_result run(sink *s, const fxt_record *r, uint64_t *words)
{
    fxt_enc_result rc = emit_record(s, r, 0); /* size field patched by the caller */
    if (rc != FXT_ENC_OK)
        return rc;
    uint64_t max = r->type == FXT_RT_LARGE ? FXT_FIELD_MAX(FXT_LREC_SIZE)
                                           : FXT_FIELD_MAX(FXT_REC_SIZE);
    if (s->words > max || s->words > SIZE_MAX / FXT_WORD_BYTES)
        return FXT_ENC_RANGE;
    *words = s->words;
    return FXT_ENC_OK;
}

size_t fxt_encoded_size(const fxt_record *r, fxt_revision rev)
{
    uint64_t words;
    sink s = {NULL, 0, 0, 0, fxt_layout_get(rev)};
    if (r == NULL || s.l == NULL || run(&s, r, &words) != FXT_ENC_OK)
        return 0;
    return (size_t)words * FXT_WORD_BYTES;
}

fxt_enc_result fxt_encode_record(fxt_writer *w, const fxt_record *r)
{
    uint64_t words;
    if (w == NULL || r == NULL)
        return FXT_ENC_INVALID;
    /* no pointer arithmetic on a NULL buffer (capacity 0: count only) */
    sink s = {w->buf != NULL ? w->buf + w->len : NULL, space_left(w) / FXT_WORD_BYTES, 0,
              w->big_endian, layout_of(w)};
    fxt_enc_result rc = run(&s, r, &words);
    if (rc != FXT_ENC_OK)
        return rc;
    if (words > s.cap)
        return FXT_ENC_NOSPACE;
    uint64_t h = fxt_load_word(w->buf + w->len, w->big_endian);
    h = r->type == FXT_RT_LARGE ? FXT_SET(h, FXT_LREC_SIZE, words) : FXT_SET(h, FXT_REC_SIZE, words);
    fxt_store_word(w->buf + w->len, h, w->big_endian);
    w->len += (size_t)words * FXT_WORD_BYTES;
    return FXT_ENC_OK;
}

const char *fxt_enc_strerror(fxt_enc_result r)
{
    switch (r) {
    case FXT_ENC_OK:
        return "ok";
    case FXT_ENC_NOSPACE:
        return "no space in the output buffer";
    case FXT_ENC_RANGE:
        return "value does not fit its field";
    case FXT_ENC_INVALID:
        return "undefined type or inconsistent record";
    default:
        return "unknown encoder result";
    }
}

/* ---- model constructors ----------------------------------------------------- */

fxt_str fxt_str_indexed(uint16_t index)
{
    fxt_str s = {index, NULL, 0};
    /* Not an index: give a ref the encoder rejects (FXT_ENC_RANGE) rather
     * than one that silently reads as an inline string. */
    if (index > FXT_MAX_STRING_INDEX)
        s.len = SIZE_MAX;
    return s;
}

fxt_str fxt_str_inline(const char *data, size_t len)
{
    /* Too long for a ref: ref and len disagree and the encoder says RANGE. */
    size_t bits = len > FXT_STRREF_VALUE_MASK ? FXT_STRREF_VALUE_MASK : len;
    fxt_str s = {(uint16_t)(FXT_STRREF_INLINE_FLAG | bits), data, len};
    return s;
}

fxt_str fxt_str_cstr(const char *s)
{
    return fxt_str_inline(s, s != NULL ? strlen(s) : 0);
}

fxt_thread fxt_thread_indexed(uint8_t index)
{
    fxt_thread t = {index, 0, 0};
    return t;
}

fxt_thread fxt_thread_inline(uint64_t pid, uint64_t tid)
{
    fxt_thread t = {FXT_THREADREF_INLINE, pid, tid};
    return t;
}
