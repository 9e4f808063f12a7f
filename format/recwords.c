/* SPDX-License-Identifier: MIT */
/* recwords.c - see recwords.h. */
#include "recwords.h"

#include <stdio.h>
#include <string.h>

#include "fxt/word.h"

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

/** Word I of R in the trace's byte order; 0 (and *OK cleared) past what R holds. */
static uint64_t word_of(const fxt_record *r, uint64_t i, int *ok)
{
    if (r->raw == NULL || i >= r->size_words) {
        *ok = 0;
        return 0;
    }
    return fxt_load_word(r->raw + 8 * i, r->big_endian);
}

/** The body of R (everything after the header word), in the order of the
 *  layout table (fxt_body_items). Gives up where R's words run out (a
 *  streamed large blob): the spans then do not add up. */
static void body(rw_layout *l, const fxt_record *r)
{
    size_t n;
    const fxt_body_item *it = fxt_body_items((fxt_revision)r->revision, r->header, &n);
    uint64_t w = r->header, at = 1; /* the current word; the next word's index */
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++, it++) {
        uint64_t words = fxt_body_item_words(it, w);
        unsigned from = l->n;
        switch ((fxt_body_kind)it->kind) {
        case FXT_BI_THREAD: /* two koids, each its own label */
            add(l, words / 2, it->label, 0, 0);
            add(l, words / 2, it->label2, 0, 0);
            break;
        case FXT_BI_STRING:
        case FXT_BI_TEXT:
        case FXT_BI_BYTES: add(l, words, it->label, 0, 1); break;
        case FXT_BI_ARGS: args(l, r); break;
        case FXT_BI_FORMAT:
            add(l, 1, it->label, 0, 0);
            w = word_of(r, at, &ok);
            break;
        case FXT_BI_SIZED: {
            uint64_t size = word_of(r, at, &ok);
            add(l, 1, it->label, 0, 0);
            add(l, size / 8 + (size % 8 != 0), it->label2, 0, 1);
            break;
        }
        default: add(l, words, it->label, 0, 0); break; /* data words, a process koid */
        }
        for (unsigned j = from; j < l->n; j++) /* where the next item starts */
            at += l->s[j].words;
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
