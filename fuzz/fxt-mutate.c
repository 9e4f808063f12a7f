/*
 * fxt-mutate - mutated FXT traces (and the valid seed set) written to a
 * directory, for fuzzers and replay loops of readers in any language.
 *
 *   fxt-mutate mutate [options] -o DIR [INPUT...]
 *   fxt-mutate seeds  [options] -o DIR [INPUT...]
 *
 * Bases are the files given (directories are walked, sorted) and/or
 * --gen N traces from fxt_gen_random. Outputs are filtered by what the
 * reader supports (byte order, record types), judged by the validator
 * (fxt_validate_buffer's stats: the one parser), and written either as raw
 * files (a seed directory for libFuzzer, AFL++, cargo-fuzz, atheris, Jazzer,
 * replay loops) or as `go test fuzz v1` files for a Go fuzz target's
 * testdata/fuzz/FuzzXxx directory. Deterministic: the same arguments give the
 * same files.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fxt/version.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "fxt/validate.h"
#include "mutator.h"

static const char *prog = "fxt-mutate";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: fxt-mutate mutate [options] -o DIR [INPUT...]\n"
            "       fxt-mutate seeds  [options] -o DIR [INPUT...]\n"
            "\n"
            "mutate  writes --count structure-aware mutations (fuzz/mutator.h) of every base\n"
            "        trace: about half stay valid, the rest break one rule or a few.\n"
            "seeds   writes the valid bases themselves (no errors; warnings allowed), as the\n"
            "        seed corpus of a fuzzer.\n"
            "\n"
            "bases:\n"
            "  INPUT...            trace files; directories are walked recursively (sorted;\n"
            "                      files named *.json, *.md, *.txt are skipped)\n"
            "  --gen N             also N generated valid traces (fxt_gen_random seeds 1..N,\n"
            "                      profiles and byte orders alternating; default 0, or 8\n"
            "                      when no INPUT is given)\n"
            "  --gen-records R     records per generated trace (default 150, at least 80)\n"
            "\n"
            "filters (what the reader supports; applied to bases and to every output):\n"
            "  --byte-order le|be|any   byte order as the validator reads it (default any);\n"
            "                      a mutation that byte-swapped the trace is drawn again\n"
            "  --record-types LIST comma-separated record types the reader knows, by name\n"
            "                      (metadata, initialization, string, thread, event, blob,\n"
            "                      userspace, kernel-object, scheduling, log, large) or number;\n"
            "                      records of other defined types are removed from the\n"
            "                      bases, and an output holding one is drawn again.\n"
            "                      Undefined types (10-14) are kept: every reader must\n"
            "                      cope with those.\n"
            "  --revision REV      r1, r2, r3 or current: bases must conform to REV, and an\n"
            "                      output must conform to REV or to no revision at all\n"
            "                      (nothing that only a newer or older revision allows)\n"
            "  --max-size BYTES    largest output (default 65536); larger bases are skipped\n"
            "\n"
            "output:\n"
            "  -o, --output DIR    directory to write into (created if missing)\n"
            "  --format raw|go     raw: one file per trace, NAME.fxt (default);\n"
            "                      go: `go test fuzz v1` files ([]byte(\"...\")) for a Go fuzz\n"
            "                      target: -o testdata/fuzz/FuzzRead\n"
            "  --count K           mutations per base (mutate; default 16)\n"
            "  --seed S            seed of the mutations (default 0)\n"
            "  --list FILE         also write a TSV of the outputs: name, bytes, base, seed,\n"
            "                      mutations, errors, warnings, byte order\n"
            "  -q, --quiet         no summary line\n"
            "  -h, --help          this help\n"
            "\n"
            "Numbers are plain decimal. The same arguments give the same files.\n"
            "exit status: 0 written, 1 no base or no output passed the filters,\n"
            "             2 usage or I/O error\n");
}

/* ---- options ---- */

enum { FMT_RAW, FMT_GO };
enum { BO_ANY = -1, BO_LE = 0, BO_BE = 1 };

typedef struct opts {
    int seeds_mode;
    const char *out;
    int format;
    int byte_order;
    unsigned types;       /* bitset of allowed defined record types; 0 = all */
    unsigned long long gen, gen_records, count, seed, max_size;
    int gen_set, quiet;
    int revision; /* fxt_revision, or -1: no revision filter */
    const char *list;
} opts;

static int parse_u64(const char *s, unsigned long long max, unsigned long long *out)
{
    unsigned long long v = 0;
    if (*s == '\0')
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

static int defined_type(unsigned t)
{
    return t <= 9 || t == 15;
}

static int parse_types(const char *s, unsigned *out)
{
    unsigned set = 0;
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    for (char *tok = strtok(buf, ","); tok != NULL; tok = strtok(NULL, ",")) {
        unsigned long long n;
        int found = -1;
        if (parse_u64(tok, 15, &n) == 0 && defined_type((unsigned)n)) {
            found = (int)n;
        } else {
            for (unsigned t = 0; t < 16; t++)
                if (defined_type(t) && strcmp(tok, fxt_record_type_name(t)) == 0)
                    found = (int)t;
        }
        if (found < 0) {
            fprintf(stderr, "%s: --record-types: unknown record type '%s'\n", prog, tok);
            return -1;
        }
        set |= 1u << found;
    }
    if (set == 0) {
        fprintf(stderr, "%s: --record-types: empty list\n", prog);
        return -1;
    }
    *out = set;
    return 0;
}

/* ---- bases ---- */

typedef struct base {
    char *name; /* short name for output files */
    char *src;  /* path, or how it was generated */
    uint8_t *data;
    size_t len;
} base;

typedef struct bases {
    base *v;
    size_t n, cap;
} bases;

static int push_base(bases *b, const char *name, const char *src, uint8_t *data, size_t len)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 32;
        base *nv = realloc(b->v, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        b->v = nv, b->cap = cap;
    }
    base *e = &b->v[b->n];
    e->name = strdup(name);
    e->src = strdup(src);
    e->data = data, e->len = len;
    if (e->name == NULL || e->src == NULL)
        return -1;
    b->n++;
    return 0;
}

static int read_whole(const char *path, uint8_t **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (buf == NULL)
            break;
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (nb == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb, cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (buf == NULL || err) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, buf == NULL ? "out of memory" : "read error");
        free(buf);
        return -1;
    }
    *out = buf, *len = n;
    return 0;
}

static int skip_name(const char *n)
{
    static const char *const k_skip[] = {".json", ".md", ".txt", ".tsv"};
    size_t ln = strlen(n);
    if (n[0] == '.')
        return 1;
    for (size_t i = 0; i < sizeof k_skip / sizeof *k_skip; i++) {
        size_t ls = strlen(k_skip[i]);
        if (ln >= ls && strcmp(n + ln - ls, k_skip[i]) == 0)
            return 1;
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A short file-name-safe name for PATH: its last component, minus .fxt. */
static void short_name(const char *path, char *out, size_t cap)
{
    const char *s = strrchr(path, '/');
    s = s ? s + 1 : path;
    size_t n = 0;
    for (; *s && n + 1 < cap; s++)
        out[n++] = (char)((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                                  (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.'
                              ? *s
                              : '_');
    out[n] = '\0';
    if (n > 4 && strcmp(out + n - 4, ".fxt") == 0)
        out[n - 4] = '\0';
}

static int add_path(bases *b, const char *path, int top)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d == NULL) {
            fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
            return -1;
        }
        char **names = NULL;
        size_t n = 0, cap = 0;
        int rc = 0;
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (skip_name(e->d_name))
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 64;
                char **nn = realloc(names, cap * sizeof *nn);
                if (nn == NULL) {
                    rc = -1;
                    break;
                }
                names = nn;
            }
            if ((names[n] = strdup(e->d_name)) == NULL) {
                rc = -1;
                break;
            }
            n++;
        }
        closedir(d);
        if (n > 1)
            qsort(names, n, sizeof *names, cmp_str);
        for (size_t i = 0; i < n; i++) {
            if (rc == 0) {
                size_t need = strlen(path) + strlen(names[i]) + 2;
                char *p = malloc(need);
                if (p == NULL) {
                    rc = -1;
                } else {
                    snprintf(p, need, "%s/%s", path, names[i]);
                    rc = add_path(b, p, 0);
                    free(p);
                }
            }
            free(names[i]);
        }
        free(names);
        return rc;
    }
    if (!S_ISREG(st.st_mode))
        return top ? (fprintf(stderr, "%s: %s: not a regular file\n", prog, path), -1) : 0;
    uint8_t *data;
    size_t len;
    if (read_whole(path, &data, &len) != 0)
        return -1;
    char name[128];
    short_name(path, name, sizeof name);
    if (push_base(b, name, path, data, len) != 0) {
        free(data);
        return -1;
    }
    return 0;
}

typedef struct growbuf {
    uint8_t *p;
    size_t n, cap;
    int oom;
} growbuf;

static int grow_write(void *ctx, const void *d, size_t n)
{
    growbuf *g = ctx;
    if (g->n + n > g->cap) {
        size_t cap = g->cap ? g->cap : 4096;
        while (cap < g->n + n)
            cap *= 2;
        uint8_t *np = realloc(g->p, cap);
        if (np == NULL) {
            g->oom = 1;
            return 1;
        }
        g->p = np, g->cap = cap;
    }
    memcpy(g->p + g->n, d, n);
    g->n += n;
    return 0;
}

static int add_generated(bases *b, const opts *o)
{
    for (unsigned long long s = 1; s <= o->gen; s++) {
        fxt_gen_options g = {s, o->gen_records, s % 2 ? FXT_GEN_REALISTIC : FXT_GEN_COVERAGE,
                             (int)(s % 4 == 0 || s % 4 == 3)};
        if (o->byte_order != BO_ANY)
            g.big_endian = o->byte_order == BO_BE;
        growbuf gb = {0};
        if (fxt_gen_random(&g, grow_write, &gb) != 0) {
            fprintf(stderr, "%s: generating seed %llu failed%s\n", prog, s,
                    gb.oom ? ": out of memory" : "");
            free(gb.p);
            return -1;
        }
        char name[96], src[160];
        snprintf(name, sizeof name, "gen-%s-%s-s%llu",
                 g.profile == FXT_GEN_COVERAGE ? "coverage" : "realistic",
                 g.big_endian ? "be" : "le", s);
        snprintf(src, sizeof src, "fxt-gen random --seed %llu --records %llu --profile %s%s", s,
                 o->gen_records, g.profile == FXT_GEN_COVERAGE ? "coverage" : "realistic",
                 g.big_endian ? " --big-endian" : "");
        if (push_base(b, name, src, gb.p, gb.n) != 0) {
            free(gb.p);
            return -1;
        }
    }
    return 0;
}

/* ---- judging a trace ---- */

typedef struct verdict {
    uint64_t errors, warnings;
    int big_endian;
    unsigned types;   /* bitset of record types seen */
    int rev_conforms; /* with --revision: conforms to it */
    int any_conforms; /* with --revision: conforms to some revision */
} verdict;

/* Validates D (against every revision with --revision); -1 out of memory,
 * -2 the validator does not check the requested revision. */
static int judge(const opts *o, const uint8_t *d, size_t n, verdict *out)
{
    fxt_options vo = fxt_options_default();
    fxt_stats st;
    if (o->revision < 0) {
        if (fxt_validate_buffer(d, n, &vo, &st) < 0)
            return -1;
    } else {
        vo.revision = FXT_REV_AUTO;
        fxt_validator *v = fxt_validator_new(&vo);
        if (v == NULL)
            return -1;
        fxt_validator_feed(v, d, n);
        fxt_validator_finish(v);
        fxt_revision_verdict rv[FXT_REV_COUNT];
        fxt_validator_verdicts(v, rv);
        fxt_validator_stats(v, &st);
        fxt_validator_free(v);
        if (!rv[o->revision].checked)
            return -2;
        out->rev_conforms = rv[o->revision].conforms;
        out->any_conforms = 0;
        for (int r = 0; r < FXT_REV_COUNT; r++)
            out->any_conforms |= rv[r].checked && rv[r].conforms;
        st.errors = rv[o->revision].errors;
        st.warnings = rv[o->revision].warnings;
    }
    out->errors = st.errors, out->warnings = st.warnings, out->big_endian = st.big_endian;
    out->types = 0;
    for (unsigned t = 0; t < 16; t++)
        if (st.by_type[t])
            out->types |= 1u << t;
    return 0;
}

static int fits(const opts *o, const verdict *v)
{
    if (o->revision >= 0 && !v->rev_conforms && v->any_conforms)
        return 0;
    if (o->byte_order != BO_ANY && v->big_endian != (o->byte_order == BO_BE))
        return 0;
    if (o->types != 0) {
        unsigned defined = 0;
        for (unsigned t = 0; t < 16; t++)
            if (defined_type(t))
                defined |= 1u << t;
        if (v->types & defined & ~o->types)
            return 0;
    }
    return 1;
}

/* Removes the records of defined types outside TYPES from E (framing as
 * the validator reads it). Readers that know fewer record types still get
 * the rest of each base; removing whole blob, object, scheduling, log or
 * large records from a valid trace leaves it valid. */
typedef struct span {
    uint64_t off, len;
} span;

typedef struct strip_ctx {
    unsigned drop; /* bitset of record types to remove */
    span *v;
    size_t n, cap;
    int oom;
} strip_ctx;

static void strip_visit(void *ctx, const fxt_record *r)
{
    strip_ctx *c = ctx;
    if (r->type >= 16 || !(c->drop & (1u << r->type)) || c->oom)
        return;
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        span *nv = realloc(c->v, cap * sizeof *nv);
        if (nv == NULL) {
            c->oom = 1;
            return;
        }
        c->v = nv, c->cap = cap;
    }
    c->v[c->n].off = r->offset;
    c->v[c->n].len = r->size_words * 8;
    c->n++;
}

static int strip_types(base *e, unsigned keep)
{
    strip_ctx c = {0};
    for (unsigned t = 0; t < 16; t++)
        if (defined_type(t) && !(keep & (1u << t)))
            c.drop |= 1u << t;
    fxt_options vo = fxt_options_default();
    vo.flags |= FXT_OPT_VISIT_ALL;
    vo.on_record = strip_visit;
    vo.ctx = &c;
    if (fxt_validate_buffer(e->data, e->len, &vo, NULL) < 0 || c.oom) {
        free(c.v);
        return -1;
    }
    size_t w = 0, r = 0;
    for (size_t i = 0; i < c.n; i++) {
        uint64_t off = c.v[i].off, end = off + c.v[i].len;
        if (off < r || end > e->len || end < off)
            continue; /* overlapping or cut short: leave it */
        memmove(e->data + w, e->data + r, (size_t)(off - r));
        w += (size_t)(off - r);
        r = (size_t)end;
    }
    memmove(e->data + w, e->data + r, e->len - r);
    e->len = w + (e->len - r);
    free(c.v);
    return 0;
}

/* ---- writing ---- */

static int write_go(FILE *f, const uint8_t *d, size_t n)
{
    /* Go's corpus file format (cmd/go/internal/fuzz, since Go 1.18): a
     * header line, then one Go literal per argument; strconv.Unquote reads
     * the \xNN escapes. */
    static const char hex[] = "0123456789abcdef";
    fputs("go test fuzz v1\n[]byte(\"", f);
    for (size_t i = 0; i < n; i++) {
        uint8_t c = d[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            putc(c, f);
        } else {
            putc('\\', f);
            putc('x', f);
            putc(hex[c >> 4], f);
            putc(hex[c & 15], f);
        }
    }
    fputs("\")\n", f);
    return 0;
}

static int write_out(const opts *o, const char *name, const uint8_t *d, size_t n)
{
    size_t need = strlen(o->out) + strlen(name) + 8;
    char *path = malloc(need);
    if (path == NULL)
        return -1;
    snprintf(path, need, "%s/%s%s", o->out, name, o->format == FMT_GO ? "" : ".fxt");
    FILE *f = fopen(path, "wb");
    int rc = -1;
    if (f != NULL) {
        if (o->format == FMT_GO)
            write_go(f, d, n);
        else
            fwrite(d, 1, n, f);
        rc = ferror(f) ? -1 : 0;
        if (fclose(f) != 0)
            rc = -1;
    }
    if (rc != 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, errno ? strerror(errno) : "write error");
        remove(path);
    }
    free(path);
    return rc;
}

static int make_dir(const char *path)
{
    char buf[4096];
    if (strlen(path) >= sizeof buf) {
        fprintf(stderr, "%s: %s: path too long\n", prog, path);
        return -1;
    }
    strcpy(buf, path);
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "%s: %s: %s\n", prog, buf, strerror(errno));
                return -1;
            }
            *p = c;
            if (c == '\0')
                break;
        }
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: %s: not a directory\n", prog, path);
        return -1;
    }
    return 0;
}

/* Mixes the run seed, base and output numbers and the attempt into one
 * mutation seed (splitmix64 steps through fxt_rng). */
static uint64_t mix_seed(uint64_t seed, uint64_t base_i, uint64_t k, uint64_t attempt)
{
    fxt_rng r = {seed};
    uint64_t x = fxt_rng_next(&r);
    r.s ^= base_i * 0x9e3779b97f4a7c15ull;
    x ^= fxt_rng_next(&r);
    r.s ^= k * 0xbf58476d1ce4e5b9ull + attempt;
    return x ^ fxt_rng_next(&r);
}

static void list_line(FILE *lf, const char *name, size_t n, const base *b, uint64_t seed,
                      const fxt_mut_info *mi, const verdict *v)
{
    if (lf == NULL)
        return;
    fprintf(lf, "%s\t%zu\t%s\t%llu\t", name, n, b->src, (unsigned long long)seed);
    if (mi == NULL) {
        fputs("-", lf);
    } else if (mi->fallback) {
        fputs("raw-bytes", lf);
    } else {
        for (unsigned i = 0; i < mi->nops; i++)
            fprintf(lf, "%s%s", i ? "+" : "", fxt_mut_op_name(mi->ops[i]));
    }
    fprintf(lf, "\t%llu\t%llu\t%s\n", (unsigned long long)v->errors,
            (unsigned long long)v->warnings, v->big_endian ? "be" : "le");
}

#define MAX_ATTEMPTS 16

int main(int argc, char **argv)
{
    opts o = {0};
    o.byte_order = BO_ANY;
    o.revision = -1;
    o.gen_records = 150, o.count = 16, o.max_size = 65536;
    if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("%s %s (FXT spec revisions: %s)\n", prog, FXT_VERSION, FXT_SPEC_REVISIONS);
        return 0;
    }
    if (argc < 2 || (strcmp(argv[1], "mutate") != 0 && strcmp(argv[1], "seeds") != 0)) {
        fprintf(stderr, "%s: %s (mutate or seeds; see --help)\n", prog,
                argc < 2 ? "missing command" : "unknown command");
        return 2;
    }
    o.seeds_mode = strcmp(argv[1], "seeds") == 0;
    enum { O_GEN = 256, O_GEN_REC, O_BO, O_TYPES, O_MAX, O_FMT, O_COUNT, O_SEED, O_LIST, O_REV };
    static const struct option lo[] = {
        {"gen", required_argument, NULL, O_GEN},
        {"gen-records", required_argument, NULL, O_GEN_REC},
        {"byte-order", required_argument, NULL, O_BO},
        {"record-types", required_argument, NULL, O_TYPES},
        {"max-size", required_argument, NULL, O_MAX},
        {"format", required_argument, NULL, O_FMT},
        {"count", required_argument, NULL, O_COUNT},
        {"seed", required_argument, NULL, O_SEED},
        {"list", required_argument, NULL, O_LIST},
        {"revision", required_argument, NULL, O_REV},
        {"output", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    optind = 2;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, ":o:qh", lo, NULL)) != -1;) {
        const char *bad = NULL;
        switch (c) {
        case O_GEN:
            bad = parse_u64(optarg, 100000, &o.gen) ? "--gen: a number 0..100000" : NULL;
            o.gen_set = 1;
            break;
        case O_GEN_REC:
            bad = parse_u64(optarg, 1000000, &o.gen_records) || o.gen_records < 80
                      ? "--gen-records: a number 80..1000000"
                      : NULL;
            break;
        case O_BO:
            if (strcmp(optarg, "le") == 0)
                o.byte_order = BO_LE;
            else if (strcmp(optarg, "be") == 0)
                o.byte_order = BO_BE;
            else if (strcmp(optarg, "any") == 0)
                o.byte_order = BO_ANY;
            else
                bad = "--byte-order: le, be or any";
            break;
        case O_TYPES:
            if (parse_types(optarg, &o.types) != 0)
                return 2;
            break;
        case O_MAX:
            bad = parse_u64(optarg, 1ull << 30, &o.max_size) || o.max_size < 8
                      ? "--max-size: a number 8..1073741824"
                      : NULL;
            break;
        case O_FMT:
            if (strcmp(optarg, "raw") == 0)
                o.format = FMT_RAW;
            else if (strcmp(optarg, "go") == 0)
                o.format = FMT_GO;
            else
                bad = "--format: raw or go";
            break;
        case O_COUNT:
            bad = parse_u64(optarg, 1000000, &o.count) || o.count == 0
                      ? "--count: a number 1..1000000"
                      : NULL;
            break;
        case O_SEED:
            bad = parse_u64(optarg, UINT64_MAX, &o.seed) ? "--seed: a decimal number" : NULL;
            break;
        case O_LIST:
            o.list = optarg;
            break;
        case O_REV: {
            fxt_revision r;
            if (fxt_revision_parse(optarg, &r) != 0 || r == FXT_REV_AUTO)
                bad = "--revision: r1, r2, r3 or current";
            else
                o.revision = (int)r;
            break;
        }
        case 'o':
            o.out = optarg;
            break;
        case 'q':
            o.quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        case ':':
            fprintf(stderr, "%s: %s needs a value\n", prog, argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, argv[optind - 1]);
            return 2;
        }
        if (bad != NULL) {
            fprintf(stderr, "%s: %s, got '%s'\n", prog, bad, optarg);
            return 2;
        }
    }
    if (o.out == NULL) {
        fprintf(stderr, "%s: missing -o DIR\n", prog);
        return 2;
    }
    if (!o.gen_set && optind == argc)
        o.gen = 8;

    bases b = {0};
    int rc = 0;
    for (int i = optind; i < argc && rc == 0; i++)
        rc = add_path(&b, argv[i], 1);
    if (rc == 0)
        rc = add_generated(&b, &o);
    FILE *lf = NULL;
    if (rc == 0)
        rc = make_dir(o.out);
    if (rc == 0 && o.list != NULL && (lf = fopen(o.list, "w")) == NULL) {
        fprintf(stderr, "%s: %s: %s\n", prog, o.list, strerror(errno));
        rc = -1;
    }
    uint8_t *buf = rc == 0 ? malloc(o.max_size) : NULL;
    if (rc == 0 && buf == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        rc = -1;
    }

    unsigned long long used = 0, too_big = 0, filtered = 0, invalid = 0, written = 0,
                       dropped = 0, valid_out = 0, stripped = 0;
    for (size_t i = 0; i < b.n && rc == 0; i++) {
        base *e = &b.v[i];
        verdict v;
        if (e->len > o.max_size) {
            too_big++;
            continue;
        }
        if ((rc = judge(&o, e->data, e->len, &v)) != 0)
            break;
        if (!fits(&o, &v) && o.types != 0 && (o.byte_order == BO_ANY ||
                                              v.big_endian == (o.byte_order == BO_BE))) {
            if (strip_types(e, o.types) != 0) {
                rc = -1;
                break;
            }
            if ((rc = judge(&o, e->data, e->len, &v)) != 0)
                break;
            stripped++;
        }
        if (!fits(&o, &v)) {
            filtered++;
            continue;
        }
        if (o.seeds_mode) {
            if (v.errors != 0) {
                invalid++;
                continue;
            }
            used++;
            char name[160];
            snprintf(name, sizeof name, "%s", e->name);
            /* files with the same name in two directories */
            for (size_t j = 0; j < i; j++)
                if (strcmp(b.v[j].name, e->name) == 0) {
                    snprintf(name, sizeof name, "b%03zu-%s", i, e->name);
                    break;
                }
            if ((rc = write_out(&o, name, e->data, e->len)) == 0) {
                written++, valid_out++;
                list_line(lf, name, e->len, e, 0, NULL, &v);
            }
            continue;
        }
        used++;
        for (unsigned long long k = 0; k < o.count && rc == 0; k++) {
            int ok = 0;
            for (unsigned att = 0; att < MAX_ATTEMPTS && !ok; att++) {
                uint64_t s = mix_seed(o.seed, i, k, att);
                memcpy(buf, e->data, e->len);
                fxt_mut_info mi;
                size_t n = fxt_mutate_ex(buf, e->len, o.max_size, s, -1, &mi);
                verdict mv;
                if ((rc = judge(&o, buf, n, &mv)) != 0)
                    break;
                if (!fits(&o, &mv))
                    continue;
                ok = 1;
                char name[192];
                snprintf(name, sizeof name, "b%03zu-%s-m%04llu", i, e->name, k);
                if ((rc = write_out(&o, name, buf, n)) == 0) {
                    written++;
                    valid_out += mv.errors == 0;
                    list_line(lf, name, n, e, s, &mi, &mv);
                }
            }
            if (!ok)
                dropped++;
        }
    }
    if (rc == -1)
        fprintf(stderr, "%s: out of memory\n", prog);
    else if (rc == -2)
        fprintf(stderr, "%s: --revision %s: this validator does not check that revision yet\n",
                prog, fxt_revision_name((fxt_revision)o.revision));
    if (lf != NULL && fclose(lf) != 0 && rc == 0) {
        fprintf(stderr, "%s: %s: write error\n", prog, o.list);
        rc = -1;
    }
    fxt_mutator_release();
    free(buf);
    for (size_t i = 0; i < b.n; i++)
        free(b.v[i].name), free(b.v[i].src), free(b.v[i].data);
    free(b.v);
    if (rc != 0)
        return 2;
    if (!o.quiet) {
        fprintf(stderr,
                "%s: %llu base(s) used (%llu filtered out, %llu over --max-size), "
                "%llu file(s) written to %s (%llu valid)",
                prog, used, filtered, too_big, written, o.out, valid_out);
        if (stripped)
            fprintf(stderr, ", records of other types removed from %llu base(s)", stripped);
        if (o.seeds_mode)
            fprintf(stderr, ", %llu invalid base(s) left out", invalid);
        else if (dropped)
            fprintf(stderr, ", %llu mutation(s) dropped (no fitting output in %d tries)", dropped,
                    MAX_ATTEMPTS);
        fputc('\n', stderr);
    }
    if (written == 0) {
        fprintf(stderr, "%s: nothing written: no %s passed the filters\n", prog,
                used == 0 ? "base" : "output");
        return 1;
    }
    return 0;
}
