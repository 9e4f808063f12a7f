/* SPDX-License-Identifier: MIT */
/* dump_render.c - see dump_render.h. */
#include "dump_render.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "dump_hex.h"
#include "textout.h"

/** Indentation of the lines under a record's first line (text output). */
#define IND "    "
/** Payload bytes shown as hex. */
#define PREVIEW_BYTES 16u

/* ---- names of type values ------------------------------------------------ */

/** NAMES[V] if V < N and set, else PREFIX-V (in BUF). */
static const char *vname(const char *const *names, unsigned n, unsigned v, const char *prefix,
                         char *buf, size_t size)
{
    if (v < n && names[v])
        return names[v];
    snprintf(buf, size, "%s-%u", prefix, v);
    return buf;
}

static const char *const k_meta[] = {NULL, "provider-info", "provider-section",
                                     "provider-event", "trace-info"};
static const char *const k_tinfo[] = {"magic"};
static const char *const k_pevent[] = {"buffer-full"};
static const char *const k_blob[] = {NULL, "data", "last-branch", "perfetto"};
static const char *const k_large[] = {"blob"};
static const char *const k_lbf[] = {"metadata", "no-metadata"};
static const char *const k_sched[] = {"legacy-context-switch", "context-switch",
                                      "thread-wakeup"};
static const char *const k_state[] = {"new", "running", "suspended", "blocked", "dying", "dead"};
#define COUNT(a) (unsigned)(sizeof(a) / sizeof *(a))

/* ---- one member: "key: value" lines or JSON members -------------------------------- */

static void key(dump_out *o, const char *k)
{
    if (o->json) {
        if (!o->first)
            putc(',', o->f);
        o->first = 0;
        tx_json(o->f, k);
        putc(':', o->f);
    } else {
        fputs(o->first ? IND : "  ", o->f); /* text: the fields share one line */
        o->first = 0;
        fprintf(o->f, "%s=", k);
    }
}

/** End of a member (nothing yet: text fields end their line together). */
static void end(dump_out *o)
{
    (void)o;
}

static void open_obj(dump_out *o)
{
    putc('{', o->f);
    o->first = 1;
}

static void close_obj(dump_out *o)
{
    putc('}', o->f);
    o->first = 0;
}

static void f_u64(dump_out *o, const char *k, uint64_t v)
{
    key(o, k);
    fprintf(o->f, "%" PRIu64, v);
    end(o);
}

/** A number people read in hex (pointers, magic); JSON has no hex. */
static void f_hex(dump_out *o, const char *k, uint64_t v)
{
    key(o, k);
    fprintf(o->f, o->json ? "%" PRIu64 : "0x%" PRIx64, v);
    end(o);
}

static void v_enum(dump_out *o, unsigned v, const char *name)
{
    if (o->json) {
        fprintf(o->f, "{\"value\":%u,\"name\":", v);
        tx_json(o->f, name);
        putc('}', o->f);
    } else {
        fprintf(o->f, "%s (%u)", name, v);
    }
}

static void f_enum(dump_out *o, const char *k, unsigned v, const char *name)
{
    key(o, k);
    v_enum(o, v, name);
    end(o);
}

/** A byte stream that is text (string record, provider name, log message);
 *  DATA NULL: it did not fit in the record. */
static void f_text(dump_out *o, const char *k, const char *data, size_t len)
{
    key(o, k);
    if (o->json) {
        if (data)
            tx_json_str(o->f, data, len);
        else
            fputs("null", o->f);
    } else if (data) {
        tx_quoted(o->f, data, len, DUMP_TEXT_MAX);
        if (len > DUMP_TEXT_MAX)
            fprintf(o->f, " (%zu bytes)", len);
    } else {
        fprintf(o->f, "(%zu bytes, not in the record)", len);
    }
    end(o);
}

/** A string ref: inline text, or the index and the text registered for it. */
static void v_str(dump_out *o, const fxt_str *s)
{
    int inl = (s->ref & FXT_STRREF_INLINE_FLAG) != 0;
    unsigned val = s->ref & FXT_STRREF_VALUE_MASK;
    const char *text = NULL;
    size_t len = 0;
    if (inl) {
        text = s->data, len = s->len;
    } else if (s->ref == FXT_STRREF_EMPTY) {
        text = "";
    } else if (!strtab_get(o->st, o->provider, val, &text, &len)) {
        text = NULL;
    }
    if (o->json) {
        fprintf(o->f, "{\"ref\":%u,\"inline\":%s,\"text\":", s->ref, inl ? "true" : "false");
        if (text)
            tx_json_str(o->f, text, len);
        else
            fputs("null", o->f);
        putc('}', o->f);
        return;
    }
    if (inl && !text) {
        fprintf(o->f, "(inline, %u bytes, not in the record)", val);
        return;
    }
    if (text) {
        tx_quoted(o->f, text, len, DUMP_TEXT_MAX);
        putc(' ', o->f);
    }
    if (inl)
        fprintf(o->f, "(inline, %u bytes)", val);
    else if (s->ref == FXT_STRREF_EMPTY)
        fputs("(empty)", o->f);
    else
        fprintf(o->f, "(index %u)", val);
}

static void f_str(dump_out *o, const char *k, const fxt_str *s)
{
    key(o, k);
    v_str(o, s);
    end(o);
}

/** A thread ref with the koids it stands for (PID_ONLY: a process ref). */
static void f_thread(dump_out *o, const char *k, const fxt_thread *t, int pid_only)
{
    int inl = t->ref == FXT_THREADREF_INLINE;
    key(o, k);
    if (o->json)
        fprintf(o->f, "{\"ref\":%u,\"inline\":%s,\"pid\":%" PRIu64 ",\"tid\":%" PRIu64 "}",
                t->ref, inl ? "true" : "false", t->pid, t->tid);
    else if (inl && pid_only)
        fprintf(o->f, "inline (pid %" PRIu64 ")", t->pid);
    else if (inl)
        fprintf(o->f, "inline (pid %" PRIu64 ", tid %" PRIu64 ")", t->pid, t->tid);
    else
        fprintf(o->f, "index %u (pid %" PRIu64 ", tid %" PRIu64 ")", t->ref, t->pid, t->tid);
    end(o);
}

/** Blob payload: its size and the first bytes in hex. */
static void f_payload(dump_out *o, const uint8_t *p, uint64_t size)
{
    uint64_t n = size < PREVIEW_BYTES ? size : PREVIEW_BYTES;
    f_u64(o, "payload_size", size);
    key(o, "payload_preview");
    if (!p) {
        fputs(o->json ? "null" : "(streamed, not kept)", o->f);
    } else {
        if (o->json)
            putc('"', o->f);
        else if (n == 0)
            fputs("(empty)", o->f);
        for (uint64_t i = 0; i < n; i++)
            fprintf(o->f, "%02x", p[i]);
        if (o->json)
            putc('"', o->f);
        else if (n < size)
            fputs("...", o->f);
    }
    end(o);
}

/* ---- arguments -------------------------------------------------------------------- */

static void v_double(dump_out *o, uint64_t bits, double d)
{
    if (isnan(d))
        fputs(o->json ? "\"nan\"" : "nan", o->f);
    else if (isinf(d))
        fputs(d < 0 ? (o->json ? "\"-inf\"" : "-inf") : (o->json ? "\"inf\"" : "inf"), o->f);
    else
        fprintf(o->f, "%.17g", d);
    if (o->json)
        fprintf(o->f, ",\"bits\":\"0x%016" PRIx64 "\"", bits);
    else
        fprintf(o->f, " (bits 0x%016" PRIx64 ")", bits);
}

static void arg_value(dump_out *o, const fxt_arg *a)
{
    switch (a->type) {
    case FXT_AT_NULL: fputs("null", o->f); break;
    case FXT_AT_INT32: fprintf(o->f, "%" PRId32, a->v.i32); break;
    case FXT_AT_UINT32: fprintf(o->f, "%" PRIu32, a->v.u32); break;
    case FXT_AT_INT64: fprintf(o->f, "%" PRId64, a->v.i64); break;
    case FXT_AT_UINT64:
    case FXT_AT_KOID: fprintf(o->f, "%" PRIu64, a->v.u64); break;
    case FXT_AT_POINTER: fprintf(o->f, o->json ? "%" PRIu64 : "0x%" PRIx64, a->v.u64); break;
    case FXT_AT_DOUBLE: v_double(o, a->v.u64, a->v.f64); break;
    case FXT_AT_STRING: v_str(o, &a->str); break;
    case FXT_AT_BOOL: fputs(a->v.b ? "true" : "false", o->f); break;
    }
}

static void arg(dump_out *o, unsigned i, const fxt_arg *a)
{
    char buf[32];
    int defined = a->type < FXT_AT_COUNT;
    /* the library's name; an undefined type is named as the other fields' values */
    const char *tname = defined ? fxt_arg_type_name(a->type)
                                : vname(NULL, 0, a->type, "arg-type", buf, sizeof buf);
    if (o->json) {
        if (i)
            putc(',', o->f);
        open_obj(o);
        key(o, "type");
        v_enum(o, a->type, tname);
        f_u64(o, "size_words", a->size_words);
        if (defined) {
            key(o, "name");
            v_str(o, &a->name);
            key(o, "value");
            arg_value(o, a);
        }
        f_u64(o, "extra_words", a->extra_words);
        close_obj(o);
        return;
    }
    fprintf(o->f, IND "arg %u: %s ", i + 1, tname);
    if (defined) {
        v_str(o, &a->name);
        fputs(" = ", o->f);
        arg_value(o, a);
    } else {
        fprintf(o->f, "(%u words, not decoded)", a->size_words);
    }
    if (a->extra_words)
        fprintf(o->f, " (+%zu appended words)", a->extra_words);
    putc('\n', o->f);
}

/* ---- records ------------------------------------------------------------------------ */

static void metadata(dump_out *o, const fxt_meta *m)
{
    char buf[32];
    f_enum(o, "metadata_type", m->meta_type,
           vname(k_meta, COUNT(k_meta), m->meta_type, "metadata-type", buf, sizeof buf));
    switch (m->meta_type) {
    case FXT_MT_PROVIDER_INFO:
        f_u64(o, "provider_id", m->provider_id);
        f_text(o, "provider_name", m->name.data, m->name.len);
        break;
    case FXT_MT_PROVIDER_SECTION: f_u64(o, "provider_id", m->provider_id); break;
    case FXT_MT_PROVIDER_EVENT:
        f_u64(o, "provider_id", m->provider_id);
        f_enum(o, "event", m->event_id,
               vname(k_pevent, COUNT(k_pevent), m->event_id, "provider-event", buf, sizeof buf));
        break;
    case FXT_MT_TRACE_INFO:
        f_enum(o, "trace_info_type", m->trace_info_type,
               vname(k_tinfo, COUNT(k_tinfo), m->trace_info_type, "trace-info-type", buf,
                     sizeof buf));
        f_hex(o, "magic", m->magic);
        break;
    }
}

const char *dump_event_word(unsigned t, char *buf, size_t size)
{
    const char *name = fxt_event_data_name(t); /* "counter id": spaces become _ */
    if (name == NULL || size == 0)
        return NULL;
    size_t i = 0;
    for (; name[i] && i + 1 < size; i++)
        buf[i] = name[i] == ' ' ? '_' : name[i];
    buf[i] = '\0';
    return buf;
}

static void event(dump_out *o, const fxt_record *r)
{
    const fxt_event *e = &r->u.event;
    /* the number in the trace, named as the selected revision reads it */
    unsigned raw = (unsigned)FXT_GET(r->header, FXT_EV_TYPE);
    f_enum(o, "event_type", raw, fxt_event_type_name(o->revision, raw));
    f_u64(o, "timestamp", e->timestamp);
    f_thread(o, "thread", &e->thread, 0);
    f_str(o, "category", &e->category);
    f_str(o, "name", &e->name);
    char wbuf[32];
    const char *w = dump_event_word(e->event_type, wbuf, sizeof wbuf);
    if (w)
        f_u64(o, w, e->data);
}

static void sched(dump_out *o, const fxt_sched *s)
{
    char buf[32], sbuf[32];
    f_enum(o, "sched_type", s->sched_type,
           vname(k_sched, COUNT(k_sched), s->sched_type, "sched-type", buf, sizeof buf));
    f_u64(o, "cpu", s->cpu);
    if (s->sched_type != FXT_ST_THREAD_WAKEUP)
        f_enum(o, "outgoing_state", s->state,
               vname(k_state, COUNT(k_state), s->state, "state", sbuf, sizeof sbuf));
    f_u64(o, "timestamp", s->timestamp);
    switch (s->sched_type) {
    case FXT_ST_LEGACY_CONTEXT_SWITCH:
        f_thread(o, "outgoing_thread", &s->out, 0);
        f_thread(o, "incoming_thread", &s->in, 0);
        f_u64(o, "outgoing_priority", s->out_prio);
        f_u64(o, "incoming_priority", s->in_prio);
        break;
    case FXT_ST_CONTEXT_SWITCH:
        f_u64(o, "outgoing_tid", s->out.tid);
        f_u64(o, "incoming_tid", s->in.tid);
        break;
    default: f_u64(o, "waking_tid", s->out.tid); break;
    }
}

static void blob(dump_out *o, const fxt_record *r)
{
    char buf[32];
    const fxt_blob *b = &r->u.blob;
    if (r->type == FXT_RT_BLOB) {
        f_enum(o, "blob_type", b->blob_type,
               vname(k_blob, COUNT(k_blob), b->blob_type, "blob-type", buf, sizeof buf));
        f_str(o, "name", &b->name);
    } else {
        f_enum(o, "large_type", r->large_type,
               vname(k_large, COUNT(k_large), r->large_type, "large-type", buf, sizeof buf));
        f_enum(o, "format", b->format,
               vname(k_lbf, COUNT(k_lbf), b->format, "format", buf, sizeof buf));
        f_str(o, "category", &b->category);
        f_str(o, "name", &b->name);
        if (b->format == FXT_LBF_METADATA) {
            f_u64(o, "timestamp", b->timestamp);
            f_thread(o, "thread", &b->thread, 0);
        }
    }
    f_payload(o, b->payload, b->payload_size);
}

/** The fields of a decoded record R (by type). */
static void fields(dump_out *o, const fxt_record *r)
{
    switch (r->type) {
    case FXT_RT_METADATA: metadata(o, &r->u.meta); break;
    case FXT_RT_INIT: f_u64(o, "ticks_per_second", r->u.ticks_per_second); break;
    case FXT_RT_STRING:
        f_u64(o, "index", r->u.string.index);
        f_u64(o, "length", r->u.string.len);
        f_text(o, "text", r->u.string.data, r->u.string.len);
        break;
    case FXT_RT_THREAD:
        f_u64(o, "index", r->u.thread.index);
        f_u64(o, "pid", r->u.thread.pid);
        f_u64(o, "tid", r->u.thread.tid);
        break;
    case FXT_RT_EVENT: event(o, r); break;
    case FXT_RT_BLOB:
    case FXT_RT_LARGE: blob(o, r); break;
    case FXT_RT_USERSPACE:
        f_hex(o, "pointer", r->u.object.id);
        f_thread(o, "process", &r->u.object.process, 1);
        f_str(o, "name", &r->u.object.name);
        break;
    case FXT_RT_KERNEL_OBJECT:
        f_u64(o, "koid", r->u.object.id);
        f_u64(o, "koid_type", r->u.object.koid_type);
        f_str(o, "name", &r->u.object.name);
        break;
    case FXT_RT_SCHEDULING: sched(o, &r->u.sched); break;
    case FXT_RT_LOG:
        f_u64(o, "timestamp", r->u.log.timestamp);
        f_thread(o, "thread", &r->u.log.thread, 0);
        f_text(o, "message", r->u.log.msg, r->u.log.msg_len);
        break;
    }
}

void dump_track(strtab *st, const fxt_record *r)
{
    if (!r->known) /* undecoded: its fields are not set */
        return;
    if (r->type == FXT_RT_METADATA && r->u.meta.meta_type == FXT_MT_PROVIDER_INFO)
        strtab_provider_start(st, r->u.meta.provider_id);
    else if (r->type == FXT_RT_STRING && r->u.string.index != 0)
        strtab_put(st, r->provider_id, r->u.string.index, r->u.string.data, r->u.string.len);
}

/* ---- issues ----------------------------------------------------------------------- */

static const char *sev_name(fxt_severity s)
{
    return s == FXT_SEV_WARNING ? "warning" : "error";
}

/** Spec section of the issue's rule in the revision read. */
static const char *section(const dump_out *o, const fxt_issue *is)
{
    if (is->section != NULL)
        return is->section;
    const char *s = fxt_rule_section(is->rule, o->revision);
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    return s ? s : ri ? ri->section : "?";
}

static void issue(dump_out *o, const fxt_issue *is, int first, int name_record)
{
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    const char *msg = is->message;
    size_t mlen = strnlen(is->message, sizeof is->message);
    int whole = is->record_type == FXT_NO_RECORD_TYPE; /* about the whole input */
    if (mlen == 0 && ri)
        msg = ri->message, mlen = strlen(msg);
    if (o->json) {
        /* the names fxt-validate --json gives an issue's members */
        if (!first)
            putc(',', o->f);
        fputs("{\"rule\":", o->f);
        tx_json(o->f, ri ? ri->id : "?");
        fputs(",\"name\":", o->f);
        tx_json(o->f, ri ? ri->name : "unknown-rule");
        fprintf(o->f, ",\"severity\":\"%s\",\"record_offset\":%" PRIu64 ",\"record_index\":",
                sev_name(is->severity), is->record_offset);
        if (whole)
            fputs("null", o->f);
        else
            fprintf(o->f, "%" PRIu64, is->record_index);
        fprintf(o->f, ",\"field_offset\":%" PRIu64 ",\"field_length\":%" PRIu32 ",\"bits\":",
                is->field_offset, is->field_len);
        if (is->bit_lo >= 0 && is->bit_hi >= is->bit_lo)
            fprintf(o->f, "[%d,%d]", is->bit_lo, is->bit_hi);
        else
            fputs("null", o->f);
        fputs(",\"record_type\":", o->f);
        if (whole)
            fputs("null", o->f);
        else
            tx_json(o->f, fxt_record_type_name(is->record_type));
        fputs(",\"message\":", o->f);
        tx_json_str(o->f, msg, mlen);
        fputs(",\"spec\":", o->f);
        tx_json(o->f, section(o, is));
        putc('}', o->f);
        return;
    }
    fprintf(o->f, IND "%s %s %s at 0x%" PRIx64 ": ", sev_name(is->severity), ri ? ri->id : "?",
            ri ? ri->name : "unknown-rule", is->field_offset);
    for (size_t i = 0; i < mlen; i++) /* messages quote trace bytes only in hex */
        putc((unsigned char)msg[i] < 0x20 ? '?' : msg[i], o->f);
    if (name_record && !whole)
        fprintf(o->f, " (record #%" PRIu64 ")", is->record_index);
    fprintf(o->f, " (spec: %s)\n", section(o, is));
}

void dump_issue(dump_out *o, const fxt_issue *is, int first)
{
    issue(o, is, first, 1);
}

/* ---- whole record ------------------------------------------------------------------- */

void dump_record(dump_out *o, const fxt_record *r, const fxt_issue *issues, size_t n,
                 uint64_t dropped)
{
    FILE *f = o->f;
    o->provider = r->provider_id;
    if (o->json) {
        open_obj(o);
        fputs("\"kind\":\"record\"", f);
        o->first = 0;
        f_u64(o, "index", r->index);
        f_u64(o, "offset", r->offset);
        f_enum(o, "type", r->type, fxt_record_type_name(r->type));
        f_u64(o, "size_words", r->size_words);
        f_u64(o, "provider", r->provider_id);
        fprintf(f, ",\"big_endian\":%s,\"decoded\":%s,\"errors\":%u,\"header\":\"0x%016" PRIx64
                   "\",\"fields\":",
                r->big_endian ? "true" : "false", r->known ? "true" : "false", r->errors,
                r->header);
        open_obj(o);
        if (r->known)
            fields(o, r);
        close_obj(o);
        fputs(",\"args\":[", f);
        for (unsigned i = 0; r->known && i < r->argc; i++)
            arg(o, i, &r->args[i]);
        fprintf(f, "],\"extra_words\":%zu", r->known ? r->extra_words : 0);
        if (o->hex)
            dump_words(o, r, o->revision);
        fputs(",\"issues\":[", f);
        for (size_t i = 0; i < n; i++)
            issue(o, &issues[i], i == 0, 0);
        fprintf(f, "],\"issues_dropped\":%" PRIu64 "}\n", dropped);
        return;
    }
    fprintf(f, "#%" PRIu64 " @0x%" PRIx64 " %s, %" PRIu64 " word%s, provider %" PRIu32 "\n",
            r->index, r->offset, fxt_record_type_name(r->type), r->size_words,
            r->size_words == 1 ? "" : "s", r->provider_id);
    if (r->known) {
        o->first = 1;
        fields(o, r);
        if (!o->first)
            putc('\n', f);
        for (unsigned i = 0; i < r->argc; i++)
            arg(o, i, &r->args[i]);
        if (r->extra_words)
            fprintf(f, IND "(+%zu appended words)\n", r->extra_words);
    } else {
        fprintf(f, IND "(not decoded: header 0x%016" PRIx64 "; see the issues)\n", r->header);
    }
    if (o->hex)
        dump_words(o, r, o->revision);
    for (size_t i = 0; i < n; i++)
        issue(o, &issues[i], i == 0, 0);
    if (dropped)
        fprintf(f, IND "(%" PRIu64 " more issues in this record not shown)\n", dropped);
}
