/* SPDX-License-Identifier: MIT */
/*
 * rules_help.c - the catalogue's help: for every rule what it means, how to
 * fix it and a minimal trace that breaks it (its row in rule_table.h), the
 * anchor of its section in the published spec, and the help formatted as
 * text or Markdown. fxt-validate --explain-rule, docs/RULES.md
 * (fxt-rules-doc) and SARIF's rule help all read it from here.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/format.h"
#include "fxt/layout.h"
#include "fxt/rule_help.h"
#include "fxt/rules.h"
#include "fxt/word.h"
#include "hints.h"
#include "rule_table.h"

/* Indexed by rule number: each rule's row gives its help. */
#define X(num, sev, en, nm, sec, fl, revs, kinds, msg, expl, fx, ex) \
    [FXT_R_##en] = {FXT_R_##en, expl, fx, ex},
static const fxt_rule_help k_help[FXT_R_END_] = {FXT_RULES(X)};
#undef X

const fxt_rule_help *fxt_rule_help_get(fxt_rule r)
{
    if ((unsigned)r >= FXT_R_END_ || k_help[r].fix == NULL)
        return NULL;
    return &k_help[r];
}

size_t fxt_rule_example(const fxt_rule_help *h, void *out, size_t size)
{
    unsigned char *o = out;
    size_t n = 0;
    const char *p = h && h->example ? h->example : "";
    for (;;) {
        char *end;
        unsigned long rep = 1;
        uint64_t w = strtoull(p, &end, 16);
        if (end == p)
            break;
        if (*end == '*') { /* N*WORD: the count is decimal */
            rep = strtoul(p, NULL, 10);
            p = end + 1;
            w = strtoull(p, &end, 16);
        }
        for (unsigned long k = 0; k < rep; k++, n += 8)
            if (n + 8 <= size)
                fxt_store_le64(o + n, w);
        p = end;
    }
    return n;
}

/* ---- the spec's anchors ------------------------------------------------------ */

/* Anchors of the published spec's headings (fuchsia.dev renders the
 * explicit {#anchor} of trace-format.md). Headings without one link to the
 * section that holds them; "Record Types" has no explicit anchor and no
 * enclosing one: fuchsia.dev names it by its text (lower case, '_' for
 * spaces). A test checks every row against the spec's text. */
static const struct {
    const char *heading, *anchor;
} k_anchors[] = {
    {"Archives", "archives"},
    {"Records", "records"},
    {"Atoms", "atoms"},
    {"Record header", "record-header"},
    {"Extend the format", "extend-the-format"},
    {"Record Types", "record_types"},
    {"String references", "string-references"},
    {"Thread references", "thread-references"},
    {"Magic number record (trace info type = 0)", "magic-number-record"},
    {"Metadata record (record type = 0)", "metadata-record"},
    {"Provider info metadata (metadata type = 1)", "provider-info-metadata"},
    {"Provider event metadata (metadata type = 3)", "provider-event-metadata"},
    {"Provider section metadata (metadata type = 2)", "provider-section-metadata"},
    {"Trace info metadata (metadata type = 4)", "trace-info-metadata"},
    {"Initialization record (record type = 1)", "initialization-record"},
    {"String record (record type = 2)", "string-record"},
    {"Thread record (record type = 3)", "thread-record"},
    {"Event record (record type = 4)", "event-record"},
    {"Duration begin event (event type = 2)", "duration-begin-event"},
    {"Duration end event (event type = 3)", "duration-end-event"},
    {"Duration complete event (event type = 4)", "duration-complete-event"},
    {"Async begin event (event type = 5)", "async-begin-event"},
    {"Async instant Event (event type = 6)", "async-instant-event"},
    {"Flow begin event (event type = 8)", "flow-begin-event"},
    {"Flow step event (event type = 9)", "flow-step-event"},
    {"BLOB record (record type = 5)", "blob-record"},
    {"Large record header", "large-record-header"},
    {"Large BLOB record (record type = 15, large type = 0)", "large-blob-record"},
    {"Userspace object record (record type = 6)", "userspace-object-record"},
    {"Kernel object record (record type = 7)", "kernel-object-record"},
    {"Scheduling Record (record type = 8)", "scheduling-record"},
    {"Legacy Context Switch Record (context switch record type = 0)", "scheduling-record"},
    {"Context Switch Record (scheduling event record type = 1)", "scheduling-record"},
    {"Log record (record type = 9)", "log-record"},
    {"Argument types", "argument-types"},
    {"Argument header", "argument-header"},
    {"Arguments", "arguments"},
    {"Boolean argument (argument type = 9)", "boolean-argument"},
};

const char *fxt_rule_spec_anchor(fxt_rule r)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    for (size_t i = 0; ri && i < sizeof k_anchors / sizeof k_anchors[0]; i++)
        if (strcmp(k_anchors[i].heading, ri->section) == 0)
            return k_anchors[i].anchor;
    return NULL;
}

/* ---- formatted help ---------------------------------------------------------- */

/** Output into a caller's buffer, counting what did not fit. */
typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) FXT__PRINTF(2, 3);
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
                      o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

size_t fxt_rule_example_lines(const fxt_rule_help *h, fxt_example_line *lines, size_t max)
{
    size_t n = 0;        /* lines */
    uint64_t off = 0;    /* offset of the next word */
    uint64_t next = 0;   /* where the next record starts; UINT64_MAX after a size 0 */
    const char *p = h && h->example ? h->example : "";
    for (;;) {
        char *end;
        uint64_t rep = 1, w = strtoull(p, &end, 16);
        if (end == p)
            break;
        if (*end == '*') { /* N*WORD: the count is decimal */
            rep = strtoull(p, NULL, 10);
            p = end + 1;
            w = strtoull(p, &end, 16);
        }
        p = end;
        while (rep > 0) {
            /* a record header starts a line of its own */
            if (off == next) {
                uint64_t words = fxt_record_bytes(fxt_layout_get(FXT_REV_CURRENT), w) / 8;
                const fxt_word_desc *d = fxt_header_desc(FXT_REV_CURRENT, w);
                if (n < max)
                    lines[n] = (fxt_example_line){off, w, 1, d ? d->name : NULL};
                n++;
                next = words ? off + words * 8 : UINT64_MAX;
                off += 8, rep--;
                continue;
            }
            /* other words: runs of one word, up to the next record */
            uint64_t k = rep;
            if (next > off && (next - off) / 8 < k)
                k = (next - off) / 8;
            if (n > 0 && n <= max && lines[n - 1].label == NULL && lines[n - 1].word == w &&
                lines[n - 1].offset + 8 * lines[n - 1].count == off) {
                lines[n - 1].count += k;
            } else {
                if (n < max)
                    lines[n] = (fxt_example_line){off, w, k, NULL};
                n++;
            }
            off += 8 * k, rep -= k;
        }
    }
    return n;
}

size_t fxt_rule_help_format(fxt_rule r, int markdown, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    const fxt_rule_info *ri = fxt_rule_get(r);
    const fxt_rule_help *h = fxt_rule_help_get(r);
    if (!ri || !h)
        return 0;
    const char *b = markdown ? "**" : "";
    /* the rule's demand as a sentence */
    put(&o, "%c%s.\n\n%s\n\n%sFix:%s %s.\n", ri->message[0] >= 'a' && ri->message[0] <= 'z'
                                                  ? ri->message[0] - 'a' + 'A'
                                                  : ri->message[0],
        ri->message + 1, h->explanation, b, b, h->fix);
    if (ri->flags & FXT_RF_UNKNOWN)
        put(&o, "\nAn undefined value: `fxt-validate --allow-unknown` reports it as a warning.\n");
    if (h->example) {
        fxt_example_line lines[32];
        size_t nl = fxt_rule_example_lines(h, lines, sizeof lines / sizeof lines[0]);
        const char *ind = markdown ? "" : "  ";
        put(&o, "\n%sMinimal example%s (little-endian 64-bit words, current revision)%s\n", b,
            b, markdown ? ":\n\n```text" : ":");
        if (nl == 0)
            put(&o, "%s(no bytes at all: an empty input)\n", ind);
        for (size_t i = 0; i < nl && i < sizeof lines / sizeof lines[0]; i++) {
            const fxt_example_line *l = &lines[i];
            put(&o, "%s0x%04llx: 0x%016llx", ind, (unsigned long long)l->offset,
                (unsigned long long)l->word);
            if (l->count > 1)
                put(&o, "  (%llu times, to 0x%llx)", (unsigned long long)l->count,
                    (unsigned long long)(l->offset + 8 * l->count - 1));
            if (l->label)
                put(&o, "  %s", l->label);
            put(&o, "\n");
        }
        if (markdown)
            put(&o, "```\n");
    }
    const char *anchor = fxt_rule_spec_anchor(r);
    if (markdown)
        put(&o, "\n**Spec:** [%s](%s%s%s)", ri->section, FXT_SPEC_URL, anchor ? "#" : "",
            anchor ? anchor : "");
    else
        put(&o, "\nSpec: %s (%s%s%s)", ri->section, FXT_SPEC_URL, anchor ? "#" : "",
            anchor ? anchor : "");
    /* older revisions' headings where they differ */
    const char *sep = "; in ";
    for (unsigned v = 0; v < FXT_REV_CURRENT; v++) {
        const char *s = fxt_rule_section(r, (fxt_revision)v);
        if (s && strcmp(s, ri->section) != 0) {
            put(&o, "%s%s: \"%s\"", sep, fxt_revision_name((fxt_revision)v), s);
            sep = ", ";
        }
    }
    put(&o, ".\n");
    return o.len;
}
