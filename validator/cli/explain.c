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
 * --explain-rule prints a rule's text, its spec section in each revision, a
 * minimal trace that breaks it (hand-written words, one table below), what
 * the validator says about that trace (run here, so the example cannot
 * silently stop showing its rule: a test also checks every row) and the fix.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ---- --explain --------------------------------------------------------------- */

static uint64_t load_word(const unsigned char b[8], int big_endian)
{
    uint64_t w = 0;
    for (unsigned i = 0; i < 8; i++)
        w |= (uint64_t)b[i] << (8 * (big_endian ? 7 - i : i));
    return w;
}

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
            (unsigned)FXT_GET(load_word(ci->hdr, be), FXT_LBLOB_FORMAT));
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
            fprintf(f, " (%s)", fxt_event_type_name_rev(rev, (unsigned)v));
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
    uint64_t w = load_word(ci->word, be);
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

/** A minimal trace breaking one rule: little-endian words in hex (the
 *  magic record first where the rule allows), and the fix. */
typedef struct rule_example {
    fxt_rule rule;
    const char *words; /**< space-separated 16-digit hex words, N*WORD for N copies;
                            NULL: no short example */
    const char *fix;
} rule_example;

#define MAGIC_W "0016547846040010 "
static const rule_example k_examples[] = {
    {FXT_R_EMPTY_INPUT, "", "write at least the magic number record (one word)"},
    {FXT_R_TRUNCATED, MAGIC_W "0000000000000021",
     "write every record completely (an initialization record is two words), or cut the file at a record boundary"},
    {FXT_R_RECORD_SIZE_ZERO, MAGIC_W "0000000000000001",
     "set the size field to the record's length in words, header included"},
    {FXT_R_RECORD_TOO_SMALL, MAGIC_W "0000000500010012",
     "size the record for all its content: here a 5-byte string needs 2 words"},
    {FXT_R_RECORD_SIZE_EXTRA, MAGIC_W "0000000000000031 000000003b9aca00 0000000000000000",
     "drop the extra words, or set the size to what the fields imply"},
    {FXT_R_RECORD_TYPE_UNKNOWN, MAGIC_W "000000000000001a",
     "use a record type the revision defines (or --allow-unknown to accept extensions)"},
    {FXT_R_PADDING_NONZERO, MAGIC_W "0000000100010022 000000000000ff61",
     "zero the bytes after the string up to the next word boundary"},
    {FXT_R_UTF8_INVALID, MAGIC_W "0000000100010022 00000000000000ff",
     "write strings as UTF-8 (convert Latin-1 and the like before writing)"},
    {FXT_R_STRING_TOO_LONG, MAGIC_W "00007d010001fa22 4001*0000000000000000",
     "keep strings to 32000 bytes (split or truncate longer ones)"},
    {FXT_R_STRING_REF_UNREGISTERED,
     MAGIC_W "0001000000000044 0000000000000000 0000000000000001 0000000000000002",
     "write a string record for the index before the first record that uses it (in the same provider)"},
    {FXT_R_THREAD_REF_UNREGISTERED, MAGIC_W "0000000001000024 0000000000000000",
     "write a thread record for the index before the first record that uses it"},
    {FXT_R_MAGIC_MISSING, "0000000000000021 000000003b9aca00",
     "start the trace with the magic number record 0x0016547846040010"},
    {FXT_R_MAGIC_NOT_FIRST, "0000000000000021 000000003b9aca00 0016547846040010",
     "move the magic number record to offset 0"},
    {FXT_R_MAGIC_BAD_NUMBER, "0016547847040010", "write the magic number 0x16547846 in bits [24..55]"},
    {FXT_R_MAGIC_BAD_SIZE, "0016547846040020 0000000000000000", "give the magic record size 1"},
    {FXT_R_MAGIC_RESERVED_BITS, "0116547846040010", "clear bits [56..63] of the magic record"},
    {FXT_R_METADATA_TYPE_UNKNOWN, MAGIC_W "0000000000050010",
     "use a metadata type the revision defines"},
    {FXT_R_METADATA_RESERVED_BITS, MAGIC_W "1000000000110010",
     "clear the reserved bits of the metadata record"},
    {FXT_R_PROVIDER_EVENT_UNKNOWN, MAGIC_W "0000000000110010 0010000000130010",
     "use provider event id 0 (buffer full), the only one defined"},
    {FXT_R_PROVIDER_SECTION_UNKNOWN, MAGIC_W "0000000000520010",
     "write a provider info record for the provider before its section"},
    {FXT_R_TRACE_INFO_TYPE_UNKNOWN, MAGIC_W "0000000000140010",
     "use a trace info type the revision defines"},
    {FXT_R_INIT_RESERVED_BITS, MAGIC_W "0000000000010021 000000003b9aca00",
     "clear bits [16..63] of the initialization record header"},
    {FXT_R_INIT_ZERO_TICKS, MAGIC_W "0000000000000021 0000000000000000",
     "write the clock's real tick rate (e.g. 1000000000 for nanoseconds)"},
    {FXT_R_STRING_RECORD_RESERVED_BITS, MAGIC_W "8000000100010022 0000000000000061",
     "clear the reserved bits of the string record header"},
    {FXT_R_STRING_INDEX_ZERO, MAGIC_W "0000000100000022 0000000000000061",
     "use string indexes from 1; index 0 means the empty string"},
    {FXT_R_STRING_EMPTY, MAGIC_W "0000000000010012",
     "do not register empty strings: refer to them with string ref 0"},
    {FXT_R_THREAD_RECORD_RESERVED_BITS,
     MAGIC_W "8000000000010033 0000000000000001 0000000000000002",
     "clear bits [24..63] of the thread record header"},
    {FXT_R_THREAD_INDEX_ZERO, MAGIC_W "0000000000000033 0000000000000001 0000000000000002",
     "use thread indexes from 1; thread ref 0 means inline koids"},
    {FXT_R_EVENT_TYPE_UNKNOWN,
     MAGIC_W "00000000000b0044 0000000000000000 0000000000000001 0000000000000002",
     "use an event type the revision defines"},
    {FXT_R_DURATION_END_UNMATCHED,
     MAGIC_W "0000000000030044 0000000000000000 0000000000000001 0000000000000002",
     "write the duration begin before its end, on the same thread"},
    {FXT_R_DURATION_BEGIN_UNENDED,
     MAGIC_W "0000000000020044 0000000000000000 0000000000000001 0000000000000002",
     "write a duration end for every begin (or use a duration complete event)"},
    {FXT_R_DURATION_COMPLETE_NEGATIVE,
     MAGIC_W "0000000000040054 000000000000000a 0000000000000001 0000000000000002 0000000000000005",
     "write an end time at or after the start time"},
    {FXT_R_ASYNC_UNMATCHED,
     MAGIC_W "0000000000070054 0000000000000000 0000000000000001 0000000000000002 0000000000000007",
     "write the async begin of the id before its instants and end"},
    {FXT_R_ASYNC_BEGIN_UNENDED,
     MAGIC_W "0000000000050054 0000000000000000 0000000000000001 0000000000000002 0000000000000007",
     "write an async end for every async begin"},
    {FXT_R_FLOW_UNMATCHED,
     MAGIC_W "00000000000a0054 0000000000000000 0000000000000001 0000000000000002 0000000000000007",
     "write the flow begin of the id before its steps and end"},
    {FXT_R_FLOW_BEGIN_UNENDED,
     MAGIC_W "0000000000080054 0000000000000000 0000000000000001 0000000000000002 0000000000000007",
     "write a flow end for every flow begin"},
    {FXT_R_BLOB_RESERVED_BITS, MAGIC_W "8001000000000015", "clear the reserved bits of the blob header"},
    {FXT_R_BLOB_TYPE_UNKNOWN, MAGIC_W "00ff000000000015", "use a blob type the revision defines"},
    {FXT_R_LARGE_RECORD_TYPE_UNKNOWN, MAGIC_W "000000100000001f",
     "use large record type 0 (large blob), the only one defined"},
    {FXT_R_LARGE_BLOB_FORMAT_UNKNOWN, MAGIC_W "000002000000001f",
     "use large blob format 0 or 1"},
    {FXT_R_LARGE_BLOB_RESERVED_BITS, MAGIC_W "800001000000003f 0000000000000000 0000000000000000",
     "clear the reserved bits of the large blob header and format header"},
    {FXT_R_USERSPACE_RESERVED_BITS,
     MAGIC_W "8000000000000036 0000000000001000 0000000000000001",
     "clear bits [44..63] of the userspace object record header"},
    {FXT_R_KERNEL_OBJECT_RESERVED_BITS, MAGIC_W "8000000000000027 0000000000000001",
     "clear bits [44..63] of the kernel object record header"},
    {FXT_R_SCHEDULING_TYPE_UNKNOWN, MAGIC_W "3000000000000018",
     "use a scheduling record type the revision defines (0, 1 or 2)"},
    {FXT_R_SCHEDULING_RESERVED_BITS,
     MAGIC_W "1000010000000048 0000000000000000 0000000000000001 0000000000000002",
     "clear the reserved bits of the scheduling record header"},
    {FXT_R_LEGACY_STATE_INVALID,
     MAGIC_W "0000000001000068 0000000000000000 0000000000000001 0000000000000002 "
             "0000000000000001 0000000000000003",
     "write the outgoing thread's state when it stopped running (0 or 2 to 5)"},
    {FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN,
     MAGIC_W "1000006000000048 0000000000000000 0000000000000001 0000000000000002",
     "use a thread state from 0 to 5"},
    {FXT_R_LOG_RESERVED_BITS,
     MAGIC_W "8000000000000049 0000000000000000 0000000000000001 0000000000000002",
     "clear bits 31 and [40..63] of the log record header"},
    {FXT_R_ARG_TYPE_UNKNOWN,
     MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 000000000000001f",
     "use an argument type the revision defines"},
    {FXT_R_ARG_TOO_SMALL,
     MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 0000000000000014",
     "size the argument for its header, name and value (a uint64 needs 2 words)"},
    {FXT_R_ARG_SIZE_EXTRA,
     MAGIC_W "0000000000100064 0000000000000000 0000000000000001 0000000000000002 "
             "0000000000000021 0000000000000000",
     "size the argument to what its type needs (an int32 is 1 word)"},
    {FXT_R_ARG_OVERRUN,
     MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 0000000000000024",
     "make the record's size cover all its arguments"},
    {FXT_R_ARG_RESERVED_BITS,
     MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 8000000000000010",
     "clear the unused bits [32..63] of the argument header"},
    {FXT_R_BOOL_VALUE_INVALID,
     MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 0000000200000019",
     "write 0 or 1 as a boolean's value"},
    {FXT_R_DUPLICATE_BEGIN,
     MAGIC_W "0000000000050054 0000000000000000 0000000000000001 0000000000000002 0000000000000007 "
             "0000000000050054 0000000000000000 0000000000000001 0000000000000002 0000000000000007 "
             "0000000000070054 0000000000000001 0000000000000001 0000000000000002 0000000000000007 "
             "0000000000070054 0000000000000001 0000000000000001 0000000000000002 0000000000000007",
     "end the open async or flow of the id before beginning it again, or use a new id"},
    {FXT_R_TRACKING_LIMIT, NULL,
     "not a trace defect: a capacity limit of the validator (more than --max-providers "
     "providers, --max-threads threads, --max-async or --max-flows open at once) kept the checks "
     "it names from being done, so the trace is not fully checked (exit status 3): raise the "
     "limit it names"},
    {FXT_R_PROVIDER_RESTARTED, MAGIC_W "0000000000110010 0000000000110010",
     "introduce each provider once, and switch back to it with a provider section record "
     "(metadata type 2): a second provider info record empties its string and thread tables"},
};

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

/** Parse the example's words into little-endian bytes (OUT may be NULL to
 *  count); returns the number of bytes. */
static size_t example_bytes(const char *words, unsigned char *out)
{
    size_t n = 0;
    const char *p = words;
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
            for (unsigned i = 0; out && i < 8; i++)
                out[n + i] = (unsigned char)(w >> (8 * i));
        p = end;
    }
    return n;
}

/** Print the words of BYTES (N bytes), runs of one word as one line. */
static void example_words(const unsigned char *bytes, size_t n)
{
    for (size_t off = 0; off < n;) {
        size_t span = 8;
        while (off + span < n && memcmp(bytes + off, bytes + off + span, 8) == 0)
            span += 8;
        uint64_t w = 0;
        for (unsigned i = 0; i < 8; i++)
            w |= (uint64_t)bytes[off + i] << (8 * i);
        printf("  0x%04zx: 0x%016" PRIx64, off, w);
        if (span > 8)
            printf("  (%zu times, to 0x%zx)", span / 8, off + span - 1);
        putc('\n', stdout);
        off += span;
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
    const rule_example *ex = NULL;
    for (size_t i = 0; i < sizeof k_examples / sizeof k_examples[0]; i++)
        if (k_examples[i].rule == rule)
            ex = &k_examples[i];

    printf("%s %s (%s%s)\n  %s.\n", ri->id, ri->name, sev_name(ri->severity),
           (ri->flags & FXT_RF_UNKNOWN) ? "; a warning with --allow-unknown" : "", ri->message);
    printf("\nSpec section, by revision:\n");
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        const char *sec = fxt_rule_section(rule, (fxt_revision)r);
        printf("  %-8s %s\n", fxt_revision_name((fxt_revision)r),
               sec ? sec : "(the rule does not apply)");
    }
    if (ex && ex->words) {
        size_t n = example_bytes(ex->words, NULL);
        unsigned char *bytes = malloc(n ? n : 1);
        if (!bytes) {
            fprintf(stderr, PROG ": %s\n", "out of memory");
            return 2;
        }
        example_bytes(ex->words, bytes);
        printf("\nA minimal trace that breaks it (current revision; little-endian words):\n");
        example_words(bytes, n);
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
    printf("\nFix: %s.\n", ex ? ex->fix : "see the spec section");
    return 0;
}
