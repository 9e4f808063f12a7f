/* SPDX-License-Identifier: MIT */
/* cmd_roundtrip.c - fxt-gen roundtrip: decode a trace with the validator's
 * visitor, re-encode every record with the reference encoder, compare; at
 * the first difference say where (record, word, what the word holds and
 * the field), what the file holds and what came out of the encoder. Words
 * a record or an argument carries past its fields (W0005, W0051) are a
 * difference: the reference encoder writes none of its own. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/validate.h"
#include "fxt/word.h"
#include "gen_cli.h"
#include "rcfile.h"
#include "readfile.h"
#include "recwords.h"

static const char *prog = "fxt-gen";

typedef struct rt {
    const uint8_t *file;
    uint8_t *scratch;
    size_t cap;
    uint64_t expect; /* offset the next record should start at */
    int failed;
    uint64_t diff;   /* first differing offset */
    const char *why;
    fxt_revision rev; /* decoded and re-encoded in this revision */
    char detail[1024]; /* where in the record, and the two words */
} rt;

static void rt_fail(rt *t, uint64_t off, const char *why)
{
    if (!t->failed) {
        t->failed = 1;
        t->diff = off;
        t->why = why;
    }
}

/** The bytes of word P (8 bytes) as "24 00 3d ..." into BUF. */
static void word_bytes(const uint8_t *p, char buf[24])
{
    size_t n = 0;
    for (unsigned i = 0; i < 8; i++)
        n += (size_t)snprintf(buf + n, 24 - n, i ? " %02x" : "%02x", p[i]);
}

/** The first difference, at byte AT of record R, between the file and the
 *  re-encoded bytes ENC (ENC_LEN of them): the word, what it holds, the
 *  fields that differ, the two values. */
static void rt_explain(rt *t, const fxt_record *r, size_t at, const uint8_t *enc, size_t enc_len)
{
    size_t wi = at / 8, n = 0;
    char *b = t->detail;
    size_t size = sizeof t->detail;
    rw_layout l;
    rw_word d;
    uint64_t fw = fxt_load_word(r->raw + 8 * wi, r->big_endian);
    rw_layout_of(&l, r);
    rw_describe(&l, r, t->rev, wi, fw, &d);
    n += (size_t)snprintf(b + n, size - n,
                          "  record #%" PRIu64 " (%s) at 0x%" PRIx64 ", word %zu: %s\n", r->index,
                          fxt_record_type_name(r->type), r->offset, wi, d.what);
    char fb[24], eb[24];
    word_bytes(r->raw + 8 * wi, fb);
    n += (size_t)snprintf(b + n, size - n, "  in the file: 0x%016" PRIx64 "  (%s)\n", fw, fb);
    if (8 * wi + 8 > enc_len) {
        snprintf(b + n, size - n, "  re-encoded:  (the re-encoded record ends before this word)\n");
        return;
    }
    uint64_t ew = fxt_load_word(enc + 8 * wi, r->big_endian);
    word_bytes(enc + 8 * wi, eb);
    n += (size_t)snprintf(b + n, size - n, "  re-encoded:  0x%016" PRIx64 "  (%s)\n", ew, eb);
    /* a header word: the fields whose bits differ */
    for (unsigned i = 0; d.desc && i < d.desc->nfields && n < size; i++) {
        const fxt_field_desc *fd = &d.desc->fields[i];
        uint64_t m = FXT_WIDTH_MASK_(fd->lo, fd->hi);
        uint64_t a = (fw >> fd->lo) & m, e = (ew >> fd->lo) & m;
        if (a != e)
            n += (size_t)snprintf(b + n, size - n,
                                  "  field %s [%u..%u]: 0x%" PRIx64 " in the file, 0x%" PRIx64
                                  " re-encoded\n",
                                  fd->name, fd->lo, fd->hi, a, e);
    }
}

static void rt_record(void *ctx, const fxt_record *r)
{
    rt *t = ctx;
    if (t->failed)
        return;
    if (r->offset != t->expect) {
        rt_fail(t, t->expect, "a record was not decoded (it had errors)");
        return;
    }
    uint64_t len = r->size_words * 8;
    t->expect = r->offset + len;
    if (!r->known || r->raw == NULL) {
        rt_fail(t, r->offset, "record of an undefined type cannot be re-encoded");
        return;
    }
    /* words past the fields: the decoder keeps them (so that everything
     * else can be compared), the reference encoder never writes them */
    size_t arg_extra = 0;
    for (unsigned i = 0; i < r->argc && i < FXT_MAX_ARGS; i++)
        arg_extra += r->args[i].extra_words;
    if (r->extra_words || arg_extra) {
        uint64_t at = r->extra_words ? r->offset + len - 8 * (uint64_t)r->extra_words : r->offset;
        rt_fail(t, at,
                r->extra_words ? "the record has words past its fields (W0005 record-size-extra)"
                               : "an argument has words past its fields (W0051 arg-size-extra)");
        snprintf(t->detail, sizeof t->detail,
                 "  record #%" PRIu64 " (%s) at 0x%" PRIx64 ": %" PRIu64
                 " words in the file, %zu of them past the fields (record %zu, arguments %zu);\n"
                 "  the reference encoder writes %" PRIu64 " (a writer that pads records)\n",
                 r->index, fxt_record_type_name(r->type), r->offset, len / 8,
                 r->extra_words + arg_extra, r->extra_words, arg_extra,
                 len / 8 - r->extra_words - arg_extra);
        return;
    }
    if (len > t->cap) {
        uint8_t *n = realloc(t->scratch, (size_t)len);
        if (n == NULL) {
            rt_fail(t, r->offset, "out of memory");
            return;
        }
        t->scratch = n, t->cap = (size_t)len;
    }
    fxt_writer w;
    fxt_writer_init(&w, t->scratch, t->cap, r->big_endian);
    fxt_writer_set_revision(&w, t->rev);
    fxt_enc_result e = fxt_encode_record(&w, r);
    if (e != FXT_ENC_OK) {
        rt_fail(t, r->offset, fxt_enc_strerror(e));
        return;
    }
    size_t n = w.len < len ? w.len : (size_t)len;
    for (size_t i = 0; i < n; i++)
        if (t->scratch[i] != r->raw[i]) {
            rt_fail(t, r->offset + i, "re-encoded bytes differ");
            rt_explain(t, r, i, t->scratch, w.len);
            return;
        }
    if (w.len != len) {
        rt_fail(t, r->offset + n, "re-encoded record has a different length");
        snprintf(t->detail, sizeof t->detail,
                 "  record #%" PRIu64 " (%s) at 0x%" PRIx64 ": %" PRIu64
                 " words in the file, %zu re-encoded\n",
                 r->index, fxt_record_type_name(r->type), r->offset, len / 8, w.len / 8);
    }
}

static void roundtrip_usage(FILE *f)
{
    fprintf(f, "Usage: fxt-gen roundtrip [--revision r1|r2|r3|current] [--no-config | --config FILE] FILE\n"
               "\n"
               "Decode FILE (- for standard input) with the validator's visitor and re-encode\n"
               "every record with the reference encoder: what is compared is every byte of\n"
               "every record, headers, fields, padding and arguments, in the order the file\n"
               "has them. Words a record or an argument carries past its fields (W0005,\n"
               "W0051: a writer that pads records) are a difference, since the reference\n"
               "encoder writes none. Exit 0 only if the bytes are\n"
               "identical; otherwise print the first differing offset, the record and word\n"
               "there and what the word holds (the field, for a header word), the word as in\n"
               "the file and as re-encoded, and exit 1. An empty\n"
               "input, and records the validator could not decode, fail the round trip.\n"
               "--revision decodes and re-encodes with that revision's layout (default: the\n"
               "revision of the trace's .fxtkitrc, as fxt-validate reads it, else current).\n"
               "--no-config reads no .fxtkitrc; --config FILE reads FILE instead of the one\n"
               "found from the trace (only its revision applies: the round trip compares\n"
               "bytes, so ignores and limits do not; fxt-validate --print-config FILE shows\n"
               "what applies).\n");
}

int gen_cmd_roundtrip(int argc, char **argv)
{
    fxt_revision rev = FXT_REV_CURRENT;
    int rev_given = 0, no_config = 0;
    const char *rcpath = NULL; /* --config FILE */
    for (;;) {
        if (argc >= 2 && !strcmp(argv[1], "--revision")) {
            rev_given = 1;
            if (argc < 3 || fxt_revision_parse(argv[2], &rev) != 0 ||
                fxt_layout_get(rev) == NULL) {
                fprintf(stderr, "%s roundtrip: --revision must be r1, r2, r3 or current\n", prog);
                return 2;
            }
            argc -= 2, argv += 2;
        } else if (argc >= 2 && !strcmp(argv[1], "--no-config")) {
            no_config = 1;
            argc -= 1, argv += 1;
        } else if (argc >= 2 && !strcmp(argv[1], "--config")) {
            if (argc < 3) {
                fprintf(stderr, "%s roundtrip: --config needs a FILE\n", prog);
                return 2;
            }
            rcpath = argv[2];
            argc -= 2, argv += 2;
        } else {
            break;
        }
    }
    if (rcpath && no_config) {
        fprintf(stderr, "%s roundtrip: --config and --no-config contradict each other\n", prog);
        return 2;
    }
    if (argc != 2 || argv[1][0] == 0 || (argv[1][0] == '-' && argv[1][1] != 0)) {
        if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
            roundtrip_usage(stdout);
            return 0;
        }
        roundtrip_usage(stderr);
        return 2;
    }
    uint8_t *data;
    size_t len;
    char err[512];
    if (!rev_given && !no_config) { /* the trace's .fxtkitrc names its revision */
        rc_settings set;
        if (rc_settings_of(rcpath, argv[1], &set, err, sizeof err) < 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return 2;
        }
        if ((set.set & RC_REVISION) && set.revision != FXT_REV_AUTO)
            rev = set.revision;
        rc_settings_free(&set);
    }
    if (read_file(argv[1], &data, &len, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return 2;
    }
    rt t = {data, NULL, 0, 0, 0, 0, NULL, rev, ""};
    fxt_options o = fxt_options_default();
    o.flags |= FXT_OPT_VISIT_ALL;
    o.revision = rev;
    o.on_record = rt_record;
    o.ctx = &t;
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        free(data);
        return 2;
    }
    /* the whole file in one chunk: every record is decoded in place, so the
     * visitor always sees its original bytes */
    fxt_validator_feed(v, data, len);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    fxt_validator_free(v);
    const char *name = strcmp(argv[1], "-") ? argv[1] : "<stdin>";
    if (len == 0) {
        printf("%s: empty input: an FXT trace holds at least one record\n", name);
        free(t.scratch);
        free(data);
        return 1;
    }
    if (!t.failed && t.expect != len)
        rt_fail(&t, t.expect, "input ends inside a record");
    if (t.failed)
        printf("%s: differs at offset 0x%llx (%llu): %s\n%s", name, (unsigned long long)t.diff,
               (unsigned long long)t.diff, t.why, t.detail);
    else
        printf("%s: %llu records, %zu bytes: identical after decode and re-encode\n", name,
               (unsigned long long)st.records, len);
    if (st.errors || st.warnings) /* byte-identical or not, say the trace is not clean */
        printf("%s: note: the trace has %llu validation error%s and %llu warning%s; "
               "fxt-validate says which\n",
               name, (unsigned long long)st.errors, st.errors == 1 ? "" : "s",
               (unsigned long long)st.warnings, st.warnings == 1 ? "" : "s");
    free(t.scratch);
    free(data);
    return t.failed ? 1 : 0;
}
