/* SPDX-License-Identifier: MIT */
/* recwords.c - see recwords.h. */
#include "recwords.h"

#include <stdio.h>
#include <string.h>

static void add(rw_layout *l, uint64_t words, const char *label, unsigned arg, int stream)
{
    if (words && l->n < RW_MAX_SPANS)
        l->s[l->n++] = (rw_span){words, label, arg, stream};
}

/** The stream of string ref S when it is inline. */
static void str(rw_layout *l, fxt_str s, const char *label, unsigned arg)
{
    if (s.ref & FXT_STRREF_INLINE_FLAG)
        add(l, ((s.ref & FXT_STRREF_VALUE_MASK) + 7u) / 8u, label, arg, 1);
}

/** The koid words of thread ref T when it is inline. */
static void thread(rw_layout *l, fxt_thread t, const char *pid, const char *tid)
{
    if (t.ref == FXT_THREADREF_INLINE) {
        add(l, 1, pid, 0, 0);
        add(l, 1, tid, 0, 0);
    }
}

static void args(rw_layout *l, const fxt_record *r)
{
    for (unsigned i = 0; i < r->argc; i++) {
        const fxt_arg *a = &r->args[i];
        add(l, 1, "header", i + 1, 0);
        str(l, a->name, "name (inline)", i + 1);
        if (a->type == FXT_AT_STRING)
            str(l, a->str, "value (inline)", i + 1);
        else if (fxt_arg_words(a->type) == 2)
            add(l, 1, "value", i + 1, 0);
        add(l, a->extra_words, "appended words", i + 1, 0);
    }
}

/** The body of R (everything after the header word), in the spec's order. */
static void body(rw_layout *l, const fxt_record *r)
{
    switch (r->type) {
    case FXT_RT_METADATA:
        if (r->u.meta.meta_type == FXT_MT_PROVIDER_INFO)
            add(l, (r->u.meta.name.len + 7) / 8, "provider name", 0, 1);
        break;
    case FXT_RT_INIT: add(l, 1, "ticks per second", 0, 0); break;
    case FXT_RT_STRING: add(l, (r->u.string.len + 7) / 8, "string", 0, 1); break;
    case FXT_RT_THREAD:
        add(l, 1, "process koid", 0, 0);
        add(l, 1, "thread koid", 0, 0);
        break;
    case FXT_RT_EVENT: {
        const fxt_event *e = &r->u.event;
        add(l, 1, "timestamp", 0, 0);
        thread(l, e->thread, "process koid", "thread koid");
        str(l, e->category, "category (inline)", 0);
        str(l, e->name, "name (inline)", 0);
        args(l, r);
        add(l, fxt_event_data_name(e->event_type) != NULL, fxt_event_data_name(e->event_type), 0,
            0);
        break;
    }
    case FXT_RT_BLOB:
        str(l, r->u.blob.name, "name (inline)", 0);
        add(l, (r->u.blob.payload_size + 7) / 8, "payload", 0, 1);
        break;
    case FXT_RT_USERSPACE:
        add(l, 1, "pointer", 0, 0);
        if (r->u.object.process.ref == FXT_THREADREF_INLINE)
            add(l, 1, "process koid", 0, 0);
        str(l, r->u.object.name, "name (inline)", 0);
        args(l, r);
        break;
    case FXT_RT_KERNEL_OBJECT:
        add(l, 1, "koid", 0, 0);
        str(l, r->u.object.name, "name (inline)", 0);
        args(l, r);
        break;
    case FXT_RT_SCHEDULING: {
        const fxt_sched *s = &r->u.sched;
        add(l, 1, "timestamp", 0, 0);
        if (s->sched_type == FXT_ST_CONTEXT_SWITCH) {
            add(l, 1, "outgoing thread koid", 0, 0);
            add(l, 1, "incoming thread koid", 0, 0);
        } else if (s->sched_type == FXT_ST_THREAD_WAKEUP) {
            add(l, 1, "waking thread koid", 0, 0);
        } else {
            thread(l, s->out, "outgoing process koid", "outgoing thread koid");
            thread(l, s->in, "incoming process koid", "incoming thread koid");
        }
        args(l, r);
        break;
    }
    case FXT_RT_LOG:
        add(l, 1, "timestamp", 0, 0);
        thread(l, r->u.log.thread, "process koid", "thread koid");
        add(l, (r->u.log.msg_len + 7) / 8, "message", 0, 1);
        break;
    case FXT_RT_LARGE: {
        const fxt_blob *b = &r->u.blob;
        add(l, 1, "format header", 0, 0);
        str(l, b->category, "category (inline)", 0);
        str(l, b->name, "name (inline)", 0);
        if (b->format == FXT_LBF_METADATA) {
            add(l, 1, "timestamp", 0, 0);
            thread(l, b->thread, "process koid", "thread koid");
            args(l, r);
        }
        add(l, 1, "payload size", 0, 0);
        add(l, (b->payload_size + 7) / 8, "payload", 0, 1);
        break;
    }
    default: break;
    }
    add(l, r->extra_words, "appended words (unknown to this revision)", 0, 0);
}

void rw_layout_of(rw_layout *l, const fxt_record *r)
{
    uint64_t laid = 1;
    l->n = 0;
    if (!r->known)
        return;
    body(l, r);
    for (unsigned j = 0; j < l->n; j++)
        laid += l->s[j].words;
    /* the words must add up to the record, else the body is not labelled */
    if (laid != r->size_words)
        l->n = 0;
}

/** The span of word I (1 or more: after the header) of L; NULL past the end. */
static const rw_span *span_of(const rw_layout *l, uint64_t i)
{
    uint64_t at = 1;
    for (unsigned j = 0; j < l->n; j++) {
        if (i < at + l->s[j].words)
            return &l->s[j];
        at += l->s[j].words;
    }
    return NULL;
}

void rw_describe(const rw_layout *l, const fxt_record *r, fxt_revision rev, uint64_t i, uint64_t w,
                 rw_word *out)
{
    memset(out, 0, sizeof *out);
    if (i == 0) {
        out->desc = fxt_header_desc(rev, w);
        out->what = out->desc ? out->desc->name : "record header";
        return;
    }
    const rw_span *sp = span_of(l, i);
    if (!sp) {
        out->what = r->known ? "word of a record whose layout could not be followed"
                             : "word of a record that was not decoded";
        return;
    }
    out->what = sp->label;
    out->arg = sp->arg;
    out->stream = sp->stream;
    if (!sp->arg && strcmp(sp->label, "format header") == 0) {
        out->desc = fxt_large_blob_format_desc(r->u.blob.format);
        if (out->desc)
            out->what = out->desc->name;
        return;
    }
    if (sp->arg && strcmp(sp->label, "header") == 0) {
        const fxt_arg *a = &r->args[sp->arg - 1];
        if (FXT_GET(w, FXT_ARG_TYPE) == a->type && FXT_GET(w, FXT_ARG_SIZE) == a->size_words)
            out->desc = fxt_arg_desc(rev, a->type);
    }
    if (sp->arg) {
        snprintf(out->label, sizeof out->label, "argument %u %s", sp->arg, sp->label);
        out->what = out->label;
    }
}
