/* SPDX-License-Identifier: MIT */
/* dump_hex.c - fxt-dump --hex: a record's words, header words split into
 * their fields by the layout table (fxt/layout.h). */
#include "dump_hex.h"

#include <inttypes.h>
#include <string.h>

#include "fxt/word.h"
#include "textout.h"

/** Words of one record shown (the payload is also in payload_preview). */
#define HEX_MAX_WORDS 512u

/** Word number of the first argument header of R, or 0 if R has none or
 *  their place is not known. Arguments come last in their record except
 *  for the words the fields put after them (the event-type specific word;
 *  a large blob's size word and payload), so their place follows from the
 *  sizes the model holds. */
static uint64_t first_arg_word(const fxt_record *r)
{
    if (!r->known || r->argc == 0 || r->extra_words > r->size_words)
        return 0;
    uint64_t after = 0, sum = 0;
    char buf[32];
    if (r->type == FXT_RT_EVENT)
        after = dump_event_word(r->u.event.event_type, buf, sizeof buf) != NULL;
    else if (r->type == FXT_RT_LARGE)
        after = 1 + (r->u.blob.payload_size + 7) / 8;
    for (unsigned i = 0; i < r->argc; i++)
        sum += r->args[i].size_words;
    uint64_t end = r->size_words - r->extra_words;
    if (after + sum >= end)
        return 0;
    return end - after - sum;
}

static void fields_text(FILE *f, const char *label, const fxt_word_desc *d, uint64_t w)
{
    fprintf(f, "  %s:", label);
    for (unsigned i = 0; i < d->nfields; i++) {
        const fxt_field_desc *fd = &d->fields[i];
        uint64_t v = (w >> fd->lo) & FXT_WIDTH_MASK_(fd->lo, fd->hi);
        fprintf(f, "  %s [%u..%u]=", fd->name, fd->lo, fd->hi);
        if (fd->kind == FXT_FK_RESERVED)
            fprintf(f, v ? "0x%" PRIx64 " (must be 0)" : "0", v);
        else /* refs, ids, koids and magic read best in hex */
            fprintf(f, fd->hi - fd->lo >= 15 ? "0x%" PRIx64 : "%" PRIu64, v);
    }
}

static void fields_json(FILE *f, const fxt_word_desc *d, uint64_t w)
{
    fputs(",\"desc\":", f);
    tx_json(f, d->name);
    fputs(",\"fields\":[", f);
    for (unsigned i = 0; i < d->nfields; i++) {
        const fxt_field_desc *fd = &d->fields[i];
        fprintf(f, "%s{\"name\":", i ? "," : "");
        tx_json(f, fd->name);
        fprintf(f, ",\"lo\":%u,\"hi\":%u,\"value\":%" PRIu64 "}", fd->lo, fd->hi,
                (w >> fd->lo) & FXT_WIDTH_MASK_(fd->lo, fd->hi));
    }
    putc(']', f);
}

void dump_words(dump_out *o, const fxt_record *r, fxt_revision rev)
{
    FILE *f = o->f;
    uint64_t n = r->raw ? r->size_words : 1, shown = n < HEX_MAX_WORDS ? n : HEX_MAX_WORDS;
    uint64_t arg0 = first_arg_word(r), argn = 0, next_arg = arg0;
    const fxt_word_desc *fmt = NULL;
    if (r->known && r->type == FXT_RT_LARGE)
        fmt = fxt_large_blob_format_desc(r->u.blob.format);
    fputs(o->json ? ",\"words\":[" : "    words:\n", f);
    for (uint64_t i = 0; i < shown; i++) {
        uint64_t w = i == 0 ? r->header : fxt_load_word(r->raw + 8 * i, r->big_endian);
        const fxt_word_desc *d = NULL;
        if (i == 0) {
            d = fxt_header_desc(rev, w);
        } else if (i == 1 && fmt) {
            d = fmt;
        } else if (arg0 && i == next_arg && argn < r->argc &&
                   FXT_GET(w, FXT_ARG_TYPE) == r->args[argn].type &&
                   FXT_GET(w, FXT_ARG_SIZE) == r->args[argn].size_words) {
            d = fxt_arg_desc(rev, r->args[argn].type);
            next_arg += r->args[argn++].size_words;
        }
        if (o->json) {
            fprintf(f, "%s{\"offset\":%" PRIu64 ",\"hex\":\"0x%016" PRIx64 "\"", i ? "," : "",
                    r->offset + 8 * i, w);
            if (d)
                fields_json(f, d, w);
            putc('}', f);
            continue;
        }
        fprintf(f, "      @0x%" PRIx64 "  %016" PRIx64, r->offset + 8 * i, w);
        char label[48];
        if (d && d != fmt && i > 0)
            snprintf(label, sizeof label, "argument %" PRIu64 " header", argn);
        if (d)
            fields_text(f, d != fmt && i > 0 ? label : d->name, d, w);
        putc('\n', f);
    }
    if (o->json) {
        fprintf(f, "],\"words_omitted\":%" PRIu64, r->size_words - shown);
    } else if (!r->raw) {
        fputs("      (the record was larger than the validator's buffer: its other words were "
              "streamed, not kept)\n", f);
    } else if (shown < n) {
        fprintf(f, "      (%" PRIu64 " more words not shown)\n", n - shown);
    }
}
