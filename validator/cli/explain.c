/* SPDX-License-Identifier: MIT */
/*
 * explain.c - --explain and --explain-rule of fxt-validate.
 *
 * --explain shows, under an issue, the word that holds the offending field:
 * its bytes, its bits grouped by field (from the layout table's word
 * descriptions, fxt_header_desc / fxt_arg_desc / fxt_large_blob_format_desc;
 * no bit position is written here), carets under the bits or byte at fault,
 * and every field of the word with its value.
 *
 * --explain-rule prints a rule's help from the catalogue (fxt_rule_help_get:
 * what it means, a minimal trace that breaks it, the fix), its spec section
 * in each revision, and what the validator says about the example (run here,
 * so the example cannot silently stop showing its rule: a test also checks
 * every rule).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fxt/word.h"

/* ---- --explain --------------------------------------------------------------- */

static int is_arg_rule(fxt_rule r)
{
    return r == FXT_R_ARG_TYPE_UNKNOWN || r == FXT_R_ARG_TOO_SMALL || r == FXT_R_ARG_SIZE_EXTRA ||
           r == FXT_R_ARG_OVERRUN || r == FXT_R_ARG_RESERVED_BITS || r == FXT_R_BOOL_VALUE_INVALID;
}

/** How the word of CI is divided, or NULL when it is not a header word
 *  (payload: timestamps, koids, string bytes...). */
static const fxt_word_desc *word_desc(const cli_issue *ci, fxt_revision rev, int be, uint64_t w)
{
    const fxt_issue *is = &ci->is;
    if (ci->word_off == is->record_offset)
        return fxt_header_desc(rev, w);
    if (is_arg_rule(is->rule))
        return fxt_arg_desc(rev, (unsigned)FXT_GET(w, FXT_ARG_TYPE));
    if ((is->rule == FXT_R_LARGE_BLOB_RESERVED_BITS || is->rule == FXT_R_LARGE_BLOB_FORMAT_UNKNOWN) &&
        ci->word_off == is->record_offset + 8 && ci->hdr_have == 8)
        return fxt_large_blob_format_desc(
            (unsigned)FXT_GET(fxt_load_word(ci->hdr, be), FXT_LBLOB_FORMAT));
    return NULL;
}

/** Bytes at fault from field_offset for the byte ruler: an unaligned
 *  offset with the default length of a word (8) is one byte. */
static uint64_t byte_len(const fxt_issue *is)
{
    if (is->field_len == 0 || (is->field_offset % 8 != 0 && is->field_len == 8))
        return 1;
    return is->field_len;
}

/** Bits at fault in word W (mask): the issue's bits, else the byte(s) at
 *  fault, else the set reserved bits of a reserved-bits rule, else none. */
static uint64_t fault_bits(const cli_issue *ci, const fxt_word_desc *d, uint64_t w, int be)
{
    const fxt_issue *is = &ci->is;
    if (is->bit_lo >= 0 && is->bit_hi >= is->bit_lo && is->bit_hi < 64) {
        unsigned n = (unsigned)(is->bit_hi - is->bit_lo + 1);
        return (n == 64 ? ~0ull : ((1ull << n) - 1)) << is->bit_lo;
    }
    uint64_t start = is->field_offset - ci->word_off;
    if (start != 0 || is->field_len < 8) {
        uint64_t m = 0;
        for (uint64_t k = start; k < 8 && k < start + byte_len(is); k++)
            m |= 0xffull << (8 * (be ? 7 - k : k));
        return m;
    }
    if (d && d->reserved_rule == is->rule)
        return w & d->reserved_mask;
    return 0;
}

/** Value of field FD of W, with what it means where that helps. */
static void field_value(FILE *f, const fxt_field_desc *fd, uint64_t v, fxt_revision rev)
{
    switch (fd->kind) {
    case FXT_FK_STRREF:
        if (v == FXT_STRREF_EMPTY)
            fputs("0 (empty string)", f);
        else if (v & FXT_STRREF_INLINE_FLAG)
            fprintf(f, "0x%" PRIx64 " (inline, %" PRIu64 " bytes)", v, v & FXT_STRREF_VALUE_MASK);
        else
            fprintf(f, "%" PRIu64 " (string index)", v);
        return;
    case FXT_FK_THREADREF:
        if (v == FXT_THREADREF_INLINE)
            fputs("0 (inline koids)", f);
        else
            fprintf(f, "%" PRIu64 " (thread index)", v);
        return;
    case FXT_FK_SIZE: fprintf(f, "%" PRIu64 " (words)", v); return;
    case FXT_FK_LENGTH: fprintf(f, "%" PRIu64 " (bytes)", v); return;
    case FXT_FK_COUNT: fprintf(f, "%" PRIu64, v); return;
    case FXT_FK_RESERVED: fprintf(f, "0x%" PRIx64, v); return;
    case FXT_FK_TYPE:
        fprintf(f, "%" PRIu64, v);
        if (strcmp(fd->name, "record type") == 0)
            fprintf(f, " (%s)", fxt_record_type_name((unsigned)v));
        else if (strcmp(fd->name, "event type") == 0)
            fprintf(f, " (%s)", fxt_event_type_name(rev, (unsigned)v));
        return;
    default:
        if (v < 10)
            fprintf(f, "%" PRIu64, v);
        else
            fprintf(f, "0x%" PRIx64 " (%" PRIu64 ")", v, v);
    }
}

/** Mask of the bits of field FD in its word. */
static uint64_t field_mask(const fxt_field_desc *fd)
{
    unsigned n = (unsigned)(fd->hi - fd->lo + 1);
    return (n == 64 ? ~0ull : ((1ull << n) - 1)) << fd->lo;
}

/** The bits of W from bit 63 down, a space between groups; groups are the
 *  fields of D, or bytes without D. With CARETS, marks under the bits of
 *  FAULT instead: '^', or in reserved fields '^' under set bits and '~'
 *  under the rest of the range. */
static void bit_line(FILE *f, const fxt_word_desc *d, uint64_t w, uint64_t fault, int carets)
{
    /* whether every bit at fault lies in a reserved field */
    int reserved_only = d != NULL;
    for (unsigned i = 0; d && i < d->nfields; i++) {
        const fxt_field_desc *fd = &d->fields[i];
        uint64_t m = field_mask(fd);
        if ((fault & m) && fd->kind != FXT_FK_RESERVED)
            reserved_only = 0;
    }
    size_t len = 0;
    char line[160];
    for (int b = 63; b >= 0; b--) {
        int boundary = 0;
        if (b < 63) {
            if (d) {
                for (unsigned i = 0; i < d->nfields; i++)
                    boundary |= d->fields[i].hi == b && b < 63;
            } else {
                boundary = (b % 8) == 7;
            }
        }
        if (boundary)
            line[len++] = ' ';
        if (carets && !((fault >> b) & 1))
            line[len++] = ' ';
        else if (carets) /* in a reserved range, '^' marks the bits that are set */
            line[len++] = !reserved_only || (w >> b) & 1 ? '^' : '~';
        else
            line[len++] = (w >> b) & 1 ? '1' : '0';
    }
    while (len > 0 && line[len - 1] == ' ')
        len--;
    line[len] = '\0';
    fprintf(f, "      %s\n", line);
}

void explain_issue(FILE *f, const cli_issue *ci, fxt_revision rev, int be)
{
    const fxt_issue *is = &ci->is;
    if (ci->word_gone) {
        fprintf(f, "    (the word at 0x%" PRIx64 " is no longer at hand: this input cannot be "
                   "re-read, and only its last %zu KiB are kept)\n",
                ci->word_off, RING_BYTES >> 10);
        return;
    }
    if (ci->word_have == 0) {
        fprintf(f, "    (no bytes at 0x%" PRIx64 ": the input ends before it)\n", ci->word_off);
        return;
    }
    if (ci->word_have < 8) {
        fprintf(f, "    bytes at 0x%" PRIx64 ":", ci->word_off);
        for (unsigned i = 0; i < 8; i++)
            if (i < ci->word_have)
                fprintf(f, " %02x", ci->word[i]);
            else
                fputs(" ??", f);
        fputs("   (the input ends inside this word)\n", f);
        return;
    }
    uint64_t w = fxt_load_word(ci->word, be);
    const fxt_word_desc *d = word_desc(ci, rev, be, w);
    uint64_t fault = fault_bits(ci, d, w, be);
    fprintf(f, "    word at 0x%" PRIx64 " (%s, %s): 0x%016" PRIx64 "\n", ci->word_off,
            d ? d->name : "payload", be ? "big-endian" : "little-endian", w);
    fputs("      bytes:", f);
    uint64_t start = is->field_offset - ci->word_off;
    for (unsigned i = 0; i < 8; i++)
        fprintf(f, " %02x", ci->word[i]);
    if (start != 0 || is->field_len < 8) {
        fputs("\n            ", f); /* carets under the bytes at fault */
        for (uint64_t i = 0; i < 8 && i < start + byte_len(is); i++)
            fputs(i >= start ? " ^^" : "   ", f);
    }
    putc('\n', f);
    bit_line(f, d, w, fault, 0);
    if (fault)
        bit_line(f, d, w, fault, 1);
    if (!d) {
        if (!fault)
            fputs("      (the whole word)\n", f);
        return;
    }
    for (unsigned i = d->nfields; i-- > 0;) {
        const fxt_field_desc *fd = &d->fields[i];
        uint64_t m = field_mask(fd);
        fprintf(f, "      [%2u..%2u] %-24s ", fd->lo, fd->hi, fd->name);
        field_value(f, fd, (w & m) >> fd->lo, rev);
        if (fault & m)
            fputs(fd->kind == FXT_FK_RESERVED ? "   <- at fault (must be zero)" : "   <- at fault", f);
        putc('\n', f);
    }
}

/* ---- --explain-rule ------------------------------------------------------------ */

/** Issues found in the example, collected by the on_issue callback. */
typedef struct example_run {
    fxt_issue is[8];
    unsigned n, total;
} example_run;

static void collect(void *ctx, const fxt_issue *is)
{
    example_run *er = ctx;
    if (er->n < sizeof er->is / sizeof er->is[0])
        er->is[er->n++] = *is;
    er->total++;
}

/** Print TEXT indented by two spaces, wrapped at word boundaries before
 *  column 80. */
static void put_wrapped(const char *text)
{
    const size_t width = 76;
    const char *p = text;
    while (*p) {
        size_t n = strlen(p);
        if (n > width) {
            n = width;
            while (n > 0 && p[n] != ' ')
                n--;
            if (n == 0) /* one long word: cut at the next space */
                n = strcspn(p, " ");
        }
        printf("  %.*s\n", (int)n, p);
        p += n;
        while (*p == ' ')
            p++;
    }
}

/** Print the lines of example H (labelled header words, runs of a word). */
static void example_words(const fxt_rule_help *h)
{
    fxt_example_line lines[64];
    size_t n = fxt_rule_example_lines(h, lines, sizeof lines / sizeof lines[0]);
    for (size_t i = 0; i < n && i < sizeof lines / sizeof lines[0]; i++) {
        const fxt_example_line *l = &lines[i];
        printf("  0x%04" PRIx64 ": 0x%016" PRIx64, l->offset, l->word);
        if (l->count > 1)
            printf("  (%" PRIu64 " times, to 0x%" PRIx64 ")", l->count,
                   l->offset + 8 * l->count - 1);
        if (l->label)
            printf("  %s", l->label);
        putc('\n', stdout);
    }
    if (n == 0)
        printf("  (no bytes at all)\n");
}

int explain_rule(const char *name)
{
    fxt_rule rule = fxt_rule_find(name);
    const fxt_rule_info *ri = fxt_rule_get(rule);
    if (!ri) {
        fputs(PROG ": --explain-rule: unknown rule '", stderr);
        put_text_z(stderr, name);
        fputs("'\nTry '" PROG " --list-rules' for the rule ids and names.\n", stderr);
        return 2;
    }
    const fxt_rule_help *h = fxt_rule_help_get(rule);
    printf("%s %s (%s%s)\n  %s.\n", ri->id, ri->name, sev_name(ri->severity),
           (ri->flags & FXT_RF_UNKNOWN) ? "; a warning with --allow-unknown" : "", ri->message);
    putc('\n', stdout);
    put_wrapped(h->explanation);
    printf("\nSpec section, by revision:\n");
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        const char *sec = fxt_rule_section(rule, (fxt_revision)r);
        printf("  %-8s %s\n", fxt_revision_name((fxt_revision)r),
               sec ? sec : "(the rule does not apply)");
    }
    if (h->example) {
        size_t n = fxt_rule_example(h, NULL, 0);
        unsigned char *bytes = malloc(n ? n : 1);
        if (!bytes) {
            fprintf(stderr, PROG ": %s\n", "out of memory");
            return 2;
        }
        fxt_rule_example(h, bytes, n);
        printf("\nA minimal trace that breaks it (current revision; little-endian words):\n");
        example_words(h);
        example_run er;
        memset(&er, 0, sizeof er);
        fxt_options o = fxt_options_default();
        o.on_issue = collect;
        o.ctx = &er;
        long rc = fxt_validate_buffer(bytes, n, &o, NULL);
        free(bytes);
        if (rc < 0) {
            fprintf(stderr, PROG ": %s\n", "out of memory");
            return 2;
        }
        printf("\nWhat " PROG " says about it:\n");
        for (unsigned i = 0; i < er.n; i++) {
            const fxt_rule_info *xi = fxt_rule_get(er.is[i].rule);
            printf("  0x%" PRIx64 ": %s: [%s %s] ", er.is[i].field_offset,
                   sev_name(er.is[i].severity), xi ? xi->id : "?", xi ? xi->name : "?");
            put_text(stdout, er.is[i].message, strnlen(er.is[i].message, sizeof er.is[i].message));
            putc('\n', stdout);
        }
        if (er.total > er.n)
            printf("  (and %u more)\n", er.total - er.n);
    } else {
        printf("\nNo short example: it takes more records than the validator's tables hold.\n");
    }
    printf("\nFix: %s.\n", h->fix);
    const char *anchor = fxt_rule_spec_anchor(rule);
    printf("\nSpec: " FXT_SPEC_URL "%s%s\n", anchor ? "#" : "", anchor ? anchor : "");
    return 0;
}
