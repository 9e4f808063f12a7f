/* SPDX-License-Identifier: MIT */
/* dump_hex.c - fxt-dump --hex: a record's words, each labelled with what it
 * holds (recwords.h): header words (record, argument, large blob format)
 * split into their fields by the layout table (fxt/layout.h), the other
 * words named in the table's body order (fxt_body_items); words of a
 * stream (inline text, a blob's payload) get an ASCII column of their
 * bytes. */
#include "dump_hex.h"

#include <inttypes.h>
#include <string.h>

#include "fxt/word.h"
#include "recwords.h"
#include "textout.h"

/** Words of one record shown (the payload is also in payload_preview). */
#define HEX_MAX_WORDS 512u
static void fields_text(FILE *f, const char *label, const fxt_word_desc *d, uint64_t w)
{
    fprintf(f, "%s:", label);
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

/** The 8 bytes at P as printable ASCII ('.' for the others). */
static void ascii(char out[9], const uint8_t *p)
{
    for (unsigned i = 0; i < 8; i++)
        out[i] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '.';
    out[8] = '\0';
}

void dump_words(dump_out *o, const fxt_record *r, fxt_revision rev)
{
    FILE *f = o->f;
    uint64_t n = r->raw ? r->size_words : 1, shown = n < HEX_MAX_WORDS ? n : HEX_MAX_WORDS;
    rw_layout l;
    rw_layout_of(&l, r);
    fputs(o->json ? ",\"words\":[" : "    words:\n", f);
    for (uint64_t i = 0; i < shown; i++) {
        uint64_t w = i == 0 ? r->header : fxt_load_word(r->raw + 8 * i, r->big_endian);
        rw_word d;
        char text[9] = "";
        rw_describe(&l, r, rev, i, w, &d);
        if (d.stream)
            ascii(text, r->raw + 8 * i);
        if (o->json) {
            fprintf(f, "%s{\"offset\":%" PRIu64 ",\"hex\":\"0x%016" PRIx64 "\",\"desc\":",
                    i ? "," : "", r->offset + 8 * i, w);
            tx_json(f, d.desc ? d.desc->name : d.what);
            if (d.arg && d.desc)
                fprintf(f, ",\"argument\":%u", d.arg);
            if (text[0]) {
                fputs(",\"ascii\":", f);
                tx_json(f, text);
            }
            if (d.desc)
                fields_json(f, d.desc, w);
            putc('}', f);
            continue;
        }
        /* one address width: 8 digits, 16 in files of 4 GiB or more */
        fprintf(f, "      @0x%0*" PRIx64 "  %016" PRIx64 "  ", o->addr_digits, r->offset + 8 * i, w);
        if (text[0])
            fprintf(f, "|%s|  ", text);
        else
            fputs("            ", f);
        if (d.desc)
            fields_text(f, d.what, d.desc, w);
        else
            fputs(d.what, f);
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
