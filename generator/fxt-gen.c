/*
 * fxt-gen - random valid traces, one-violation traces, the golden corpus and
 * byte-exact round trips.
 *
 *   fxt-gen random --seed S --records N [--profile P] [--big-endian] -o FILE
 *   fxt-gen roundtrip FILE
 *   fxt-gen violate --rule RULE [--seed S] -o FILE
 *   fxt-gen golden DIR
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fxt/encode.h"
#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/version.h"
#include "gen_tool.h"

static const char *prog = "fxt-gen";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: fxt-gen COMMAND [options]\n"
            "\n"
            "commands:\n"
            "  random --records N [--seed S] [--profile realistic|coverage] [--big-endian] -o FILE\n"
            "      write a random conforming, warning-free trace of N records (at least the\n"
            "      %u setup records: magic, initialization, a provider and its string and\n"
            "      thread tables; a few more when open begins must be ended). N and S are\n"
            "      decimal; S defaults to 0, N is at most %llu.\n"
            "      The same arguments give the same bytes on every platform.\n"
            "  violate --rule RULE [--seed S] [--big-endian] -o FILE\n"
            "      write a valid trace plus exactly one violation of RULE (id like E0004 or\n"
            "      name like record-too-small); prints the rule id and the byte offset of\n"
            "      the offending record. --list shows the rules it can violate.\n"
            "  golden DIR\n"
            "      write the golden corpus (valid/, invalid/, warn/, manifest.json) into DIR.\n"
            "  roundtrip FILE\n"
            "      decode FILE (- for standard input) with the validator, re-encode every\n"
            "      record with the reference encoder; exit 0 only if the bytes are identical,\n"
            "      else print the first differing offset and exit 1.\n"
            "\n"
            "  -o FILE   output file; - for standard output (refused if it is a terminal).\n"
            "            A file left incomplete by a write error is removed.\n"
            "  -h, --help     this help (also: fxt-gen COMMAND --help)\n"
            "  --version      print the version\n"
            "\n"
            "exit status: 0 success, 1 round trip differs / generation failed, 2 usage or I/O error\n",
            GEN_SETUP_RECORDS, (unsigned long long)GEN_MAX_RECORDS);
}

/* ---- output ---- */

static int write_file(void *ctx, const void *d, size_t n)
{
    return fwrite(d, 1, n, (FILE *)ctx) != n;
}

FILE *gen_open_out(const char *path)
{
    if (path == NULL) {
        fprintf(stderr, "%s: missing -o FILE (use -o - for standard output)\n", prog);
        return NULL;
    }
    if (strcmp(path, "-") == 0) {
        if (isatty(STDOUT_FILENO)) {
            fprintf(stderr, "%s: refusing to write a binary trace to a terminal; use -o FILE\n",
                    prog);
            return NULL;
        }
        return stdout;
    }
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
    return f;
}

int gen_close_out(FILE *f, const char *path, int failed)
{
    int bad = ferror(f);
    if (f != stdout)
        bad |= fclose(f) != 0;
    else
        bad |= fflush(f) != 0;
    if (bad)
        fprintf(stderr, "%s: %s: write error: %s\n", prog, path, strerror(errno));
    /* an incomplete trace must not pass for a whole one */
    if ((bad || failed) && f != stdout) {
        if (remove(path) == 0)
            fprintf(stderr, "%s: %s: incomplete output removed\n", prog, path);
        else
            fprintf(stderr, "%s: %s: incomplete output left behind: %s\n", prog, path,
                    strerror(errno));
    }
    return bad ? 2 : 0;
}

int gen_parse_u64(const char *s, uint64_t *out)
{
    /* plain decimal digits: no sign, no space, no octal or hex prefix */
    uint64_t v = 0;
    if (s == NULL || *s == 0)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int gen_opt_error(const char *cmd, int c, char **argv)
{
    /* getopt_long with opterr = 0 and a leading ':' in the option string */
    const char *tok = argv[optind - 1];
    char shortopt[3] = {'-', (char)optopt, '\0'};
    int is_long = strncmp(tok, "--", 2) == 0;
    if (c == ':')
        fprintf(stderr, "%s %s: option '%s' needs a value\n", prog, cmd,
                is_long ? tok : shortopt);
    else if (is_long && optopt != 0)
        fprintf(stderr, "%s %s: option '%s' takes no value\n", prog, cmd, tok);
    else
        fprintf(stderr, "%s %s: unknown option '%s'\n", prog, cmd,
                is_long || optopt == 0 ? tok : shortopt);
    fprintf(stderr, "Try '%s %s --help' for more information.\n", prog, cmd);
    return 2;
}

typedef struct growbuf {
    uint8_t *p;
    size_t len, cap;
} growbuf;

static int grow_write(void *ctx, const void *data, size_t len)
{
    growbuf *g = ctx;
    if (g->len + len > g->cap) {
        size_t cap = g->cap ? g->cap : 1 << 16;
        while (cap < g->len + len)
            cap *= 2;
        uint8_t *n = realloc(g->p, cap);
        if (n == NULL)
            return 1;
        g->p = n, g->cap = cap;
    }
    memcpy(g->p + g->len, data, len);
    g->len += len;
    return 0;
}

int gen_random_trace(uint64_t seed, uint64_t records, fxt_gen_profile p, int be, uint8_t **out,
                     size_t *len)
{
    growbuf g = {NULL, 0, 0};
    fxt_gen_options o = {seed, records, p, be};
    if (fxt_gen_random(&o, grow_write, &g) != 0) {
        free(g.p);
        return -1;
    }
    *out = g.p;
    *len = g.len;
    return 0;
}

/* ---- random ---- */

static int cmd_random(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"records", required_argument, 0, 'n'},
                                         {"profile", required_argument, 0, 'p'},
                                         {"big-endian", no_argument, 0, 'b'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    fxt_gen_options o = {0, 0, FXT_GEN_REALISTIC, 0};
    const char *out = NULL;
    int have_records = 0, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            if (gen_parse_u64(optarg, &o.seed)) {
                fprintf(stderr, "%s random: --seed: not a decimal number: '%s'\n", prog, optarg);
                return 2;
            }
            break;
        case 'n':
            if (gen_parse_u64(optarg, &o.records) || o.records > GEN_MAX_RECORDS) {
                fprintf(stderr, "%s random: --records: not a decimal number up to %llu: '%s'\n",
                        prog, (unsigned long long)GEN_MAX_RECORDS, optarg);
                return 2;
            }
            have_records = 1;
            break;
        case 'p':
            if (!strcmp(optarg, "realistic"))
                o.profile = FXT_GEN_REALISTIC;
            else if (!strcmp(optarg, "coverage"))
                o.profile = FXT_GEN_COVERAGE;
            else {
                fprintf(stderr, "%s: --profile must be realistic or coverage, not %s\n", prog,
                        optarg);
                return 2;
            }
            break;
        case 'b':
            o.big_endian = 1;
            break;
        case 'o':
            out = optarg;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return gen_opt_error("random", c, argv);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s random: unexpected argument: %s\n", prog, argv[optind]);
        return 2;
    }
    if (!have_records) {
        fprintf(stderr, "%s random: missing --records N\n", prog);
        return 2;
    }
    FILE *f = gen_open_out(out);
    if (f == NULL)
        return 2;
    int rc = fxt_gen_random(&o, write_file, f);
    int crc = gen_close_out(f, out, rc != 0);
    if (rc < 0) {
        fprintf(stderr, "%s: internal error: the generator produced an unencodable record\n",
                prog);
        return 1;
    }
    return rc ? 2 : crc;
}

/* ---- roundtrip ---- */

typedef struct rt {
    const uint8_t *file;
    uint8_t *scratch;
    size_t cap;
    uint64_t expect; /* offset the next record should start at */
    int failed;
    uint64_t diff;   /* first differing offset */
    const char *why;
} rt;

static void rt_fail(rt *t, uint64_t off, const char *why)
{
    if (!t->failed) {
        t->failed = 1;
        t->diff = off;
        t->why = why;
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
    fxt_enc_result e = fxt_encode_record(&w, r);
    if (e != FXT_ENC_OK) {
        rt_fail(t, r->offset, fxt_enc_strerror(e));
        return;
    }
    size_t n = w.len < len ? w.len : (size_t)len;
    for (size_t i = 0; i < n; i++)
        if (t->scratch[i] != r->raw[i]) {
            rt_fail(t, r->offset + i, "re-encoded bytes differ");
            return;
        }
    if (w.len != len)
        rt_fail(t, r->offset + n, "re-encoded record has a different length");
}

int gen_read_file(const char *path, uint8_t **data, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (f == NULL) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return 2;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: %s: is a directory\n", prog, path);
        fclose(f);
        return 2;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *b = malloc(cap);
    for (;;) {
        if (b == NULL) {
            fprintf(stderr, "%s: %s: out of memory\n", prog, path);
            if (f != stdin)
                fclose(f);
            return 2;
        }
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        uint8_t *nb = realloc(b, cap);
        if (nb == NULL)
            free(b);
        b = nb;
    }
    int err = ferror(f);
    if (f != stdin)
        fclose(f);
    if (err) {
        fprintf(stderr, "%s: %s: read error\n", prog, path);
        free(b);
        return 2;
    }
    *data = b;
    *len = n;
    return 0;
}

static void roundtrip_usage(FILE *f)
{
    fprintf(f, "usage: fxt-gen roundtrip FILE\n"
               "\n"
               "Decode FILE (- for standard input) with the validator's visitor and re-encode\n"
               "every record with the reference encoder. Exit 0 only if the bytes are\n"
               "identical; otherwise print the first differing offset and exit 1. An empty\n"
               "input, and records the validator could not decode, fail the round trip.\n");
}

static int cmd_roundtrip(int argc, char **argv)
{
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
    int rc = gen_read_file(argv[1], &data, &len);
    if (rc)
        return rc;
    rt t = {data, NULL, 0, 0, 0, 0, NULL};
    fxt_options o = fxt_options_default();
    o.flags |= FXT_OPT_VISIT_ALL;
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
        printf("%s: differs at offset %llu (0x%llx): %s\n", name, (unsigned long long)t.diff,
               (unsigned long long)t.diff, t.why);
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

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("fxt-gen %s (FXT spec revisions: %s)\n", fxt_version(), FXT_SPEC_REVISIONS);
        return 0;
    }
    if (!strcmp(cmd, "random"))
        return cmd_random(argc - 1, argv + 1);
    if (!strcmp(cmd, "roundtrip"))
        return cmd_roundtrip(argc - 1, argv + 1);
    if (!strcmp(cmd, "violate"))
        return gen_cmd_violate(argc - 1, argv + 1);
    if (!strcmp(cmd, "golden"))
        return gen_cmd_golden(argc - 1, argv + 1);
    fprintf(stderr, "%s: unknown command '%s' (try --help)\n", prog, cmd);
    return 2;
}
