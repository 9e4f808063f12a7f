/* SPDX-License-Identifier: MIT */
/*
 * fxt-mutate - mutated FXT traces (and the valid seed set) written to a
 * directory, for fuzzers and replay loops of readers in any language.
 *
 *   fxt-mutate mutate [options] -o DIR [INPUT...]
 *   fxt-mutate seeds  [options] -o DIR [INPUT...]
 *
 * Bases are the files given (directories are walked, sorted) and/or
 * --gen N traces from the generator (fxt-mutate-inputs.c). Outputs are
 * mutated in the selected revision (--revision; current by default),
 * filtered by what the reader supports (byte order, revision, record
 * types), judged by the validator
 * (fxt_validate_buffer's stats: the one parser), and written either as raw
 * files (a seed directory for libFuzzer, AFL++, cargo-fuzz, atheris, Jazzer,
 * replay loops) or as `go test fuzz v1` files for a Go fuzz target's
 * testdata/fuzz/FuzzXxx directory. Deterministic: the same arguments give the
 * same files.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fxt-mutate.h"
#include "fxt/gen.h"
#include "fxt/version.h"
#include "fxt/layout.h"
#include "fxt/validate.h"
#include "fxt/mutator.h"
#include "outfile.h"

const char *const fxtm_prog = "fxt-mutate";
#define prog fxtm_prog

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: fxt-mutate mutate [OPTION]... -o DIR [INPUT]...\n"
            "  or:  fxt-mutate seeds [OPTION]... -o DIR [INPUT]...\n"
            "Write Fuchsia Trace Format (FXT) traces for fuzzing other readers: mutated\n"
            "traces and filtered seed sets, as files for fuzzers of any language.\n"
            "\n"
            "Commands:\n"
            "  mutate  writes --count structure-aware mutations (libfxtmut) of every base\n"
            "          trace: about half stay valid, the rest break one rule or a few.\n"
            "  seeds   writes the valid bases themselves (no errors, warnings allowed,\n"
            "          checked to the end: not past a capacity limit), as the seed\n"
            "          corpus of a fuzzer.\n"
            "\n"
            "Options:\n"
            "bases:\n"
            "  INPUT...            trace files; directories are walked recursively (sorted;\n"
            "                      files named *.json, *.md, *.txt are skipped)\n"
            "  --gen N             also N generated valid traces (fxt-gen random seeds 1..N,\n"
            "                      profiles and byte orders alternating, of --revision;\n"
            "                      default 0, or 8 when no INPUT is given)\n"
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
            "                      Types the revision does not define are kept: every\n"
            "                      reader must cope with those.\n"
            "  --revision REV      r1, r2, r3 or current: the mutations read and write REV's\n"
            "                      layout; bases must conform to REV, and an output must\n"
            "                      conform to REV or to no revision at all (nothing that\n"
            "                      only a newer or older revision allows). r1 and r2 traces\n"
            "                      are little-endian\n"
            "  --max-size BYTES    largest output (default 65536); larger bases are skipped\n"
            "  --order ORDER       the order of the leading records (every order is legal):\n"
            "                      all (default): seeds writes each base as it is and once\n"
            "                      more in another order, the set covering every order,\n"
            "                      three copies in four keeping the magic record;\n"
            "                      as-is: the bases as they are; or one order, for a reader\n"
            "                      that reads only that one: every base is put in it (bases\n"
            "                      that cannot be are left out) before it is written or\n"
            "                      mutated: init-first (magic, initialization, provider\n"
            "                      info), provider-first (magic, provider info,\n"
            "                      initialization), or the records in order, from magic\n"
            "                      (leave it out for none), init, provider and section (a\n"
            "                      provider section record after the provider info):\n"
            "                      init,provider or provider,section,init ...\n"
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
            "  --version           print the version\n"
            "\n"
            "Numbers are plain decimal. The same arguments give the same files.\n"
            "\n"
            "fxt-mutate reads no .fxtkitrc (fxt-validate's configuration): a base is\n"
            "valid, and a mutation valid or invalid, by the spec of --revision, the\n"
            "reader's revision, never by a repository's ignored rules or per-file\n"
            "revisions: a seed corpus holds what every reader must accept.\n"
            "\n"
            "Exit status:\n"
            "  0  written\n"
            "  1  no base or no output passed the filters\n"
            "  2  usage or I/O error\n");
}

/* ---- options ---- */

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

/* After --revision: types that revision (or, without one, any) defines. */
static int parse_types(const char *s, const opts *o, unsigned *out)
{
    unsigned defined = fxtm_defined_types(o);
    unsigned set = 0;
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    for (char *tok = strtok(buf, ","); tok != NULL; tok = strtok(NULL, ",")) {
        unsigned long long n;
        int found = -1;
        if (parse_u64(tok, 15, &n) == 0 && fxt_layout_defines(defined, (unsigned)n)) {
            found = (int)n;
        } else {
            for (unsigned t = 0; t < 16; t++)
                if (fxt_layout_defines(defined, t) && strcmp(tok, fxt_record_type_name(t)) == 0)
                    found = (int)t;
        }
        if (found < 0) {
            fprintf(stderr, "%s: --record-types: unknown record type '%s'\n", fxtm_prog, tok);
            return -1;
        }
        set |= 1u << found;
    }
    if (set == 0) {
        fprintf(stderr, "%s: --record-types: empty list\n", fxtm_prog);
        return -1;
    }
    *out = set;
    return 0;
}

/* ---- judging a trace ---- */

typedef struct verdict {
    uint64_t errors, warnings;
    int big_endian;
    unsigned types;   /* bitset of record types seen */
    int rev_conforms; /* with --revision: conforms to it */
    int any_conforms; /* with --revision: conforms to some revision */
    int unchecked;    /* a capacity limit kept part of it from being checked */
} verdict;

/* No errors, and checked to the end: a trace the validator could not fully
 * check (W0055) is not known to be valid. */
static int known_valid(const verdict *v)
{
    return v->errors == 0 && !v->unchecked;
}

static int out_of_memory(void)
{
    fprintf(stderr, "%s: out of memory\n", prog);
    return -1;
}

/* Validates D (against every revision with --revision). 0, or -1 after a
 * message: out of memory, or the validator does not check the requested
 * revision. */
static int judge(const opts *o, const uint8_t *d, size_t n, verdict *out)
{
    fxt_options vo = fxt_options_default();
    fxt_stats st;
    if (o->revision < 0) {
        if (fxt_validate_buffer(d, n, &vo, &st) < 0)
            return out_of_memory();
    } else {
        vo.revision = FXT_REV_AUTO;
        fxt_validator *v = fxt_validator_new(&vo);
        if (v == NULL)
            return out_of_memory();
        fxt_validator_feed(v, d, n);
        fxt_validator_finish(v);
        fxt_revision_verdict rv[FXT_REV_COUNT];
        fxt_validator_verdicts(v, rv);
        fxt_validator_stats(v, &st);
        fxt_validator_free(v);
        if (!rv[o->revision].checked) {
            fprintf(stderr, "%s: --revision %s: this validator does not check that revision yet\n",
                    prog, fxt_revision_name((fxt_revision)o->revision));
            return -1;
        }
        out->rev_conforms = rv[o->revision].conforms;
        out->any_conforms = 0;
        for (int r = 0; r < FXT_REV_COUNT; r++)
            out->any_conforms |= rv[r].checked && rv[r].conforms;
        st.errors = rv[o->revision].errors;
        st.warnings = rv[o->revision].warnings;
    }
    out->errors = st.errors, out->warnings = st.warnings, out->big_endian = st.big_endian;
    out->unchecked = st.unchecked != 0;
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
    if (o->types != 0 && (v->types & fxtm_defined_types(o) & ~o->types))
        return 0;
    return 1;
}

/* ---- writing ---- */

static void write_go(FILE *f, const uint8_t *d, size_t n)
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
}

/* Writes one output through outfile.h (a regular file of that name is
 * replaced only when complete, never removed). 0, or -1 after a message. */
static int write_out(const opts *o, const char *name, const uint8_t *d, size_t n)
{
    size_t need = strlen(o->out) + strlen(name) + 8;
    char *path = malloc(need);
    if (path == NULL)
        return out_of_memory();
    snprintf(path, need, "%s/%s%s", o->out, name, o->format == FMT_GO ? "" : ".fxt");
    char err[600];
    outfile of;
    int rc = outfile_open(&of, path, err, sizeof err);
    if (rc == 0) {
        if (o->format == FMT_GO)
            write_go(of.f, d, n);
        else
            outfile_write(&of, d, n);
        rc = outfile_close(&of, err, sizeof err);
    }
    if (rc != 0)
        fprintf(stderr, "%s: %s\n", prog, err);
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

/* E put in order ORDER (--order), through BUF (MAX bytes): 1 done, 0 it
 * cannot be, -1 out of memory. */
static int base_in_order(base *e, unsigned order, uint8_t *buf, size_t max,
                         const fxt_mut_options *mo)
{
    memcpy(buf, e->data, e->len);
    size_t n = fxt_mut_set_order(buf, e->len, max, order, mo);
    if (n == 0)
        return 0;
    uint8_t *d = realloc(e->data, n);
    if (d == NULL)
        return -1;
    memcpy(d, buf, n);
    e->data = d, e->len = n;
    return 1;
}

/* The order to try T-th (0, 1, ...) for copy J of seeds --order all: copy
 * J leaves the magic record out when J % 4 == 3 (FXT_GEN_ORDER_NO_MAGIC,
 * the orders without it in turn), else keeps it (those with it in turn);
 * then the orders of the same kind, then the others. */
static unsigned copy_order(unsigned long long j, unsigned t)
{
    unsigned no_magic = j % 4 == 3;
    unsigned k = (unsigned)(no_magic ? j / 4 : j - j / 4); /* copies of that kind before J */
    unsigned half = FXT_GEN_ORDER_COUNT / 2, step = t % half;
    unsigned kind = t < half ? no_magic : !no_magic;
    return 2 * ((k + step) % half) + kind; /* the magic bit is bit 0 */
}

/* NAME plus ".order-" and order ORDER's name with dashes, into OUT. */
static void order_name(char *out, size_t cap, const char *name, unsigned order)
{
    int k = snprintf(out, cap, "%s.order-%s", name, fxt_gen_order_name(order));
    for (char *p = out + (k > 0 && (size_t)k < cap ? (size_t)k : cap - 1); p > out; p--)
        if (p[-1] == ',')
            p[-1] = '-';
}

int main(int argc, char **argv)
{
    opts o = {0};
    o.byte_order = BO_ANY;
    o.revision = -1;
    o.order = ORDER_ALL;
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
    const char *types_arg = NULL;
    enum {
        O_GEN = 256, O_GEN_REC, O_BO, O_TYPES, O_MAX, O_FMT, O_COUNT, O_SEED, O_LIST, O_REV,
        O_ORDER
    };
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
        {"order", required_argument, NULL, O_ORDER},
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
        case O_TYPES: /* read after --revision, which says which types exist */
            types_arg = optarg;
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
        case O_ORDER: {
            unsigned ord;
            if (strcmp(optarg, "all") == 0)
                o.order = ORDER_ALL;
            else if (strcmp(optarg, "as-is") == 0)
                o.order = ORDER_AS_IS;
            else if (fxt_gen_order_parse(optarg, &ord) == 0)
                o.order = (int)ord;
            else
                bad = "--order: all, as-is, init-first, provider-first or the leading records "
                      "in order (magic,init,provider; provider,section,init...)";
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
    if (types_arg != NULL && parse_types(types_arg, &o, &o.types) != 0)
        return 2;
    if (o.revision >= 0 && o.byte_order == BO_BE &&
        !fxt_layout_get((fxt_revision)o.revision)->has_magic) {
        fprintf(stderr, "%s: --byte-order be: %s traces are little-endian (no magic record)\n",
                prog, fxt_revision_name((fxt_revision)o.revision));
        return 2;
    }
    if (!o.gen_set && optind == argc)
        o.gen = 8;

    bases b = {0};
    int rc = 0;
    for (int i = optind; i < argc && rc == 0; i++)
        rc = fxtm_add_path(&b, argv[i], 1);
    if (rc == 0)
        rc = fxtm_add_generated(&b, &o);
    /* every failure below prints its own message and sets rc to -1 */
    FILE *lf = NULL;
    outfile list;
    char err[600];
    if (rc == 0)
        rc = make_dir(o.out);
    if (rc == 0 && o.list != NULL) {
        if (outfile_open(&list, o.list, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            rc = -1;
        } else {
            lf = list.f;
        }
    }
    uint8_t *buf = rc == 0 ? malloc(o.max_size) : NULL;
    if (rc == 0 && buf == NULL)
        rc = out_of_memory();

    fxt_mut_options mo = fxt_mut_options_default();
    if (o.revision >= 0)
        mo.revision = (fxt_revision)o.revision;
    unsigned long long used = 0, too_big = 0, filtered = 0, invalid = 0, written = 0,
                       dropped = 0, valid_out = 0, stripped = 0, not_in_order = 0,
                       reordered = 0;
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
            if ((rc = fxtm_strip_types(e, fxtm_defined_types(&o) & ~o.types, o.revision)) != 0)
                break;
            if ((rc = judge(&o, e->data, e->len, &v)) != 0)
                break;
            stripped++;
        }
        if (!fits(&o, &v)) {
            filtered++;
            continue;
        }
        if (o.order >= 0) {
            int k = base_in_order(e, (unsigned)o.order, buf, o.max_size, &mo);
            if (k < 0 || (k > 0 && (rc = judge(&o, e->data, e->len, &v)) != 0)) {
                rc = -1;
                break;
            }
            if (k == 0 || !fits(&o, &v)) {
                not_in_order++;
                continue;
            }
        }
        if (o.seeds_mode) {
            if (!known_valid(&v)) {
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
            /* --order all: once more in another order, the orders taken in
             * turn from copy to copy, so that the set holds every one, the
             * magic record kept in three copies of four (a reader that
             * needs it reads most of the set) */
            int own = fxt_mut_order_of(e->data, e->len, &mo);
            for (unsigned t = 0; o.order == ORDER_ALL && rc == 0 && t < FXT_GEN_ORDER_COUNT; t++) {
                unsigned ord = copy_order(reordered, t);
                memcpy(buf, e->data, e->len);
                size_t n = (int)ord == own ? 0
                                           : fxt_mut_set_order(buf, e->len, o.max_size, ord, &mo);
                if (n == 0 || (n == e->len && memcmp(buf, e->data, n) == 0))
                    continue;
                verdict ov;
                if ((rc = judge(&o, buf, n, &ov)) != 0 || !fits(&o, &ov) || !known_valid(&ov))
                    continue;
                char oname[240];
                order_name(oname, sizeof oname, name, ord);
                if ((rc = write_out(&o, oname, buf, n)) == 0) {
                    written++, valid_out++, reordered++;
                    list_line(lf, oname, n, e, 0, NULL, &ov);
                }
                break;
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
                size_t n = fxt_mutate(buf, e->len, o.max_size, s, &mo, &mi);
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
                    valid_out += known_valid(&mv);
                    list_line(lf, name, n, e, s, &mi, &mv);
                }
            }
            if (!ok)
                dropped++;
        }
    }
    if (lf != NULL && rc != 0) {
        outfile_discard(&list); /* an incomplete list: an old one stays as it was */
    } else if (lf != NULL && outfile_close(&list, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        rc = -1;
    }
    fxt_mutator_release();
    free(buf);
    fxtm_free_bases(&b);
    if (rc != 0)
        return 2;
    if (!o.quiet) {
        fprintf(stderr,
                "%s: %llu base(s) used (%llu filtered out, %llu over --max-size), "
                "%llu file(s) written to %s (%llu valid)",
                prog, used, filtered, too_big, written, o.out, valid_out);
        if (stripped)
            fprintf(stderr, ", records of other types removed from %llu base(s)", stripped);
        if (o.order >= 0)
            fprintf(stderr, ", %llu base(s) not in order %s left out", not_in_order,
                    fxt_gen_order_name((unsigned)o.order));
        if (reordered)
            fprintf(stderr, ", %llu of them copies in other orders", reordered);
        if (o.seeds_mode)
            fprintf(stderr, ", %llu invalid or not fully checked base(s) left out", invalid);
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
