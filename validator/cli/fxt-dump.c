/* SPDX-License-Identifier: MIT */
/*
 * fxt-dump - show an FXT trace record by record, as the validator decodes it.
 *
 *     fxt-dump [OPTION]... FILE       ('-' reads standard input)
 *
 * The validator is the one decoder: it hands every record (FXT_OPT_VISIT_ALL:
 * also those with errors) to this tool's visitor, and every issue to
 * on_issue before the record it belongs to. Issues are held until their
 * record arrives and are shown under it; issues about the whole trace or
 * found at its end (truncation, begins never ended) come last. The file is
 * read in fixed-size chunks: memory stays constant however large the input.
 *
 * Exit status: 0 no errors in the trace, 1 errors, 2 usage or I/O error.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "magic_hint.h"
#include "dump_render.h"
#include "fxt/layout.h"
#include "fxt/validate.h"
#include "fxt/version.h"
#include "datadir.h"
#include "rcfile.h"
#include "textout.h"

#define PROG "fxt-dump"
/** Bytes read and fed per read(2) call. */
#define CHUNK_BYTES ((size_t)1 << 20)
/** Issues held for one record (more are counted, not shown). */
#define MAX_RECORD_ISSUES 256u
/** String cache: slots (one provider's 32767 indices fit) and text budget. */
#define STR_SLOTS ((size_t)1 << 16)
#define STR_BUDGET ((size_t)32 << 20)

/** Version of the JSON lines' shape (the end object's "schema"; bumped
 *  when a member is renamed or changes meaning). */
#define JSONL_SCHEMA_VERSION 2

enum { EXIT_CLEAN = 0, EXIT_ISSUES = 1, EXIT_TROUBLE = 2 };
enum select_kind { SEL_ALL, SEL_AT, SEL_RANGE };

/** Command-line settings. */
typedef struct config {
    fxt_options base;
    int json, hex;
    enum select_kind sel;
    uint64_t at;      /**< --at: a byte offset */
    uint64_t lo, hi;  /**< --records: first and last index (inclusive) */
} config;

/** State of the run (the callbacks' context). */
typedef struct dumper {
    const config *cfg;
    dump_out out;
    fxt_issue held[MAX_RECORD_ISSUES]; /**< issues waiting for their record */
    fxt_issue mine[MAX_RECORD_ISSUES]; /**< those of the record being shown */
    size_t nheld;
    uint64_t dropped;     /**< issues of the waiting record beyond held[] */
    int at_end;           /**< the input is over: issues are shown at once */
    uint64_t end_issues;  /**< issues shown after the records */
    int found;            /**< --at: the record was seen */
    uint64_t found_index; /**< its index */
    uint64_t seen;        /**< records seen (the last index + 1) */
    uint64_t shown;       /**< records shown */
} dumper;

static int selected(dumper *d, const fxt_record *r)
{
    const config *c = d->cfg;
    switch (c->sel) {
    case SEL_AT:
        /* subtraction: offset + size may be anything a size field allows */
        if (c->at >= r->offset && c->at - r->offset < r->size_words * 8) {
            d->found = 1;
            d->found_index = r->index;
            return 1;
        }
        return 0;
    case SEL_RANGE: return r->index >= c->lo && r->index <= c->hi;
    default: return 1;
    }
}

/** Whether an issue shown after the records belongs to the selection. */
static int issue_selected(const dumper *d, const fxt_issue *is)
{
    const config *c = d->cfg;
    if (c->sel == SEL_ALL || is->record_type == FXT_NO_RECORD_TYPE)
        return 1;
    if (c->sel == SEL_RANGE)
        return is->record_index >= c->lo && is->record_index <= c->hi;
    /* --at past the last whole record: the issue of the incomplete one */
    return d->found ? is->record_index == d->found_index : is->record_offset <= c->at;
}

static void show_end_issue(dumper *d, const fxt_issue *is)
{
    if (!issue_selected(d, is))
        return;
    if (!d->out.json && d->end_issues == 0)
        fputs("end of trace:\n", d->out.f);
    dump_issue(&d->out, is, d->end_issues == 0);
    d->end_issues++;
}

static void on_issue(void *ctx, const fxt_issue *is)
{
    dumper *d = ctx;
    if (d->at_end)
        show_end_issue(d, is);
    else if (d->nheld < MAX_RECORD_ISSUES)
        d->held[d->nheld++] = *is;
    else
        d->dropped++;
}

static void on_record(void *ctx, const fxt_record *r)
{
    dumper *d = ctx;
    /* The held issues are this record's; anything else (none is known to
     * occur) stays held for the end. */
    size_t n = 0, keep = 0;
    for (size_t i = 0; i < d->nheld; i++) {
        if (d->held[i].record_offset == r->offset)
            d->mine[n++] = d->held[i];
        else
            d->held[keep++] = d->held[i];
    }
    d->nheld = keep;
    dump_track(d->out.st, r);
    d->seen = r->index + 1;
    if (selected(d, r)) {
        dump_record(&d->out, r, d->mine, n, d->dropped);
        d->shown++;
    }
    d->dropped = 0;
}

/* ---- one input ------------------------------------------------------------------- */

static const char *plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/** Close the output: the end object (JSON) or the summary line (text). */
static void print_end(dumper *d, const char *name, const fxt_stats *st, const char *io_error)
{
    FILE *f = d->out.f;
    if (d->out.json) {
        fprintf(f,
                "],\"schema\":%d,\"records\":%" PRIu64 ",\"bytes\":%" PRIu64 ",\"errors\":%" PRIu64
                ",\"warnings\":%" PRIu64 ",\"big_endian\":%s,\"stopped\":%s"
                ",\"revision\":\"%s\",\"strings_evicted\":%" PRIu64 ",\"io_error\":",
                JSONL_SCHEMA_VERSION, st->records, st->bytes, st->errors, st->warnings,
                st->big_endian ? "true" : "false", st->stopped ? "true" : "false",
                fxt_revision_name(d->out.revision), strtab_evictions(d->out.st));
        if (io_error)
            tx_json(f, io_error);
        else
            fputs("null", f);
        fputs("}\n", f);
        return;
    }
    uint64_t ev = strtab_evictions(d->out.st);
    fprintf(f, "%s: %" PRIu64 " %s, %" PRIu64 " %s, %" PRIu64 " %s, %s", name, st->records,
            plural(st->records, "record", "records"), st->errors,
            plural(st->errors, "error", "errors"), st->warnings,
            plural(st->warnings, "warning", "warnings"),
            st->big_endian ? "big-endian" : "little-endian");
    if (d->out.revision != FXT_REV_CURRENT)
        fprintf(f, ", read as %s", fxt_revision_name(d->out.revision));
    if (ev)
        fprintf(f, " (%" PRIu64 " string %s evicted from the cache)", ev,
                plural(ev, "text", "texts"));
    putc('\n', f);
}

/** "cannot WHAT: strerror(ERR)" (the form fxt-validate uses) into BUF. */
static const char *io_text(char *buf, size_t size, const char *what, int err)
{
    snprintf(buf, size, "cannot %s: %s", what, strerror(err ? err : EIO));
    return buf;
}

static void io_complaint(const char *name, const char *what)
{
    fflush(stdout); /* keep stdout and stderr in order on a terminal */
    fprintf(stderr, "%s: %s: %s\n", PROG, name, what);
}

/** Dump PATH ("-": standard input). Returns the exit status. */
static int dump_file(const config *cfg, const char *path, unsigned char *buf, dumper *d)
{
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    char ebuf[256];
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0) {
        io_complaint(name, io_text(ebuf, sizeof ebuf, fd < 0 ? "open" : "read", errno));
        if (fd >= 0 && !is_stdin)
            close(fd);
        return EXIT_TROUBLE;
    }
    if (S_ISDIR(sb.st_mode)) {
        io_complaint(name, io_text(ebuf, sizeof ebuf, "read", EISDIR));
        if (!is_stdin)
            close(fd);
        return EXIT_TROUBLE;
    }
    /* --hex: one address width, wide enough for the whole file */
    d->out.addr_digits = S_ISREG(sb.st_mode) && (uint64_t)sb.st_size > UINT32_MAX ? 16 : 8;

    fxt_options o = cfg->base;
    o.flags |= FXT_OPT_VISIT_ALL;
    o.on_issue = on_issue;
    o.on_record = on_record;
    o.ctx = d;
    fxt_validator *v = fxt_validator_new(&o);
    if (!v) {
        io_complaint(name, io_text(ebuf, sizeof ebuf, "start", ENOMEM));
        if (!is_stdin)
            close(fd);
        return EXIT_TROUBLE;
    }

    const char *io_error = NULL;
    unsigned char head[8];
    size_t head_len = 0;
    fxt_stats st;
    for (;;) {
        ssize_t n = read(fd, buf, CHUNK_BYTES);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            io_error = io_text(ebuf, sizeof ebuf, "read", errno);
            break;
        }
        if (n == 0)
            break;
        for (ssize_t i = 0; i < n && head_len < sizeof head; i++)
            head[head_len++] = buf[i];
        fxt_validator_feed(v, buf, (size_t)n);
        fxt_validator_stats(v, &st);
        if (st.stopped) /* nothing after a size-0 record is read */
            break;
        if (ferror(stdout)) /* no one reads on: main says so */
            break;
    }
    if (!is_stdin)
        close(fd);
    if (ferror(stdout)) {
        fxt_validator_free(v);
        return EXIT_TROUBLE;
    }

    /* Whatever is held belongs to no record shown (a size-0 record). */
    d->at_end = 1;
    if (d->out.json)
        fputs("{\"kind\":\"end\",\"issues\":[", stdout);
    for (size_t i = 0; i < d->nheld; i++)
        show_end_issue(d, &d->held[i]);
    d->nheld = 0;
    /* After a read error the end-of-trace checks would be noise. */
    if (!io_error)
        fxt_validator_finish(v);
    fxt_validator_stats(v, &st);
    fxt_validator_free(v);
    print_end(d, name, &st, io_error);

    if (io_error) {
        io_complaint(name, io_error);
        return EXIT_TROUBLE;
    }
    if (st.bytes == 0)
        fprintf(stderr, "%s: %s: the file is empty (0 bytes); an FXT trace holds at least one "
                        "record\n", PROG, name);
    else if (st.errors > 0 && !has_magic_number(head, head_len))
        fprintf(stderr, "%s: %s: this does not look like an FXT trace (no magic number at "
                        "offset 0)\n", PROG, name);
    if (cfg->sel == SEL_AT && !d->found)
        fprintf(stderr, "%s: %s: no whole record contains offset 0x%" PRIx64 " (%" PRIu64
                        " bytes read)\n", PROG, name, cfg->at, st.bytes);
    if (cfg->sel == SEL_RANGE && cfg->hi != UINT64_MAX && cfg->hi >= d->seen) {
        /* as --at does: say what of the range is past the last record */
        fprintf(stderr, "%s: %s: ", PROG, name);
        if (cfg->lo == cfg->hi)
            fprintf(stderr, "no record #%" PRIu64, cfg->lo);
        else if (cfg->lo >= d->seen)
            fprintf(stderr, "no records #%" PRIu64 " to #%" PRIu64, cfg->lo, cfg->hi);
        else
            fprintf(stderr, "records #%" PRIu64 " to #%" PRIu64 " shown; no records #%" PRIu64
                            " to #%" PRIu64, cfg->lo, d->seen - 1, d->seen, cfg->hi);
        fprintf(stderr, ": the trace has %" PRIu64 " %s", d->seen,
                plural(d->seen, "record", "records"));
        if (d->seen)
            fprintf(stderr, " (#0 to #%" PRIu64 ")", d->seen - 1);
        fputs("\n", stderr);
    } else if (cfg->sel == SEL_RANGE && cfg->lo >= d->seen) {
        fprintf(stderr, "%s: %s: no records from #%" PRIu64 " on: the trace has %" PRIu64 " %s\n",
                PROG, name, cfg->lo, d->seen, plural(d->seen, "record", "records"));
    }
    return st.errors > 0 ? EXIT_ISSUES : EXIT_CLEAN;
}

/* ---- options ------------------------------------------------------------------------- */

static void usage(FILE *f)
{
    char dir[4096];
    fprintf(f, "Usage: " PROG " [OPTION]... FILE\n"
          "Show a Fuchsia Trace Format (FXT) trace record by record: offset, index, type,\n"
          "every decoded field (string refs with their text, thread refs with their\n"
          "koids, inline or indexed), arguments, and the validator's issues under the\n"
          "record they belong to. FILE '-' reads standard input.\n"
          "\n"
          "Options:\n"
          "  -j, --jsonl           one JSON object per line: one per record, then one\n"
          "                        {\"kind\":\"end\"} object with the issues found after the\n"
          "                        records and the totals (schema: fxt-dump.schema.json\n"
          "                        in %s)\n"
          "  -x, --hex             add the record's words in hex (at most 512 a record),\n"
          "                        each named by what it holds: header words split into\n"
          "                        their fields with bit ranges, stream words (inline\n"
          "                        text, payloads) with an ASCII column\n"
          "  -a, --at=OFFSET       only the record containing byte OFFSET (decimal or 0x hex)\n"
          "  -r, --records=A..B    only records A to B (0-based, inclusive); A.. and ..B\n"
          "                        are open ranges, N alone is one record; what is past\n"
          "                        the last record is said on stderr\n"
          "      --revision=REV    read the trace as revision REV of the format: r1, r2, r3\n"
          "                        or current (the default); event types are named as\n"
          "                        REV numbers them, and --hex splits words by REV's layout\n"
          "      --allow-unknown   undefined type values are warnings, not errors\n"
          "      --no-config       do not read " RC_NAME " (fxt-validate's configuration,\n"
          "                        found in the trace's directory or above: its\n"
          "                        revision, ignore, allow-unknown and max-* settings\n"
          "                        apply; the command line wins; fxt-validate\n"
          "                        --print-config TRACE shows them)\n"
          "      --config=FILE     read settings from FILE instead of the " RC_NAME "\n"
          "                        found from the trace\n"
          "  -h, --help            print this help and exit\n"
          "  -V, --version         print the version and exit\n"
          "\n"
          "Text output: per record a line '#INDEX @0xOFFSET TYPE, N words, provider P',\n"
          "a line of its fields as 'name=value' pairs, a line 'arg N: TYPE NAME = VALUE'\n"
          "per argument and 'SEVERITY ID NAME at 0xOFFSET: MESSAGE' per issue (OFFSET of\n"
          "the offending field); issues found after the records follow 'end of trace:',\n"
          "and a summary line ends the output. String refs show their text and\n"
          "'(index N)' or '(inline, N bytes)'; an index whose text is no longer in the\n"
          "bounded string cache shows as '(index N)' alone. Strings longer than 256\n"
          "bytes are cut (--jsonl has them whole). The whole trace is always read and\n"
          "validated; --at and --records select what is shown.\n"
          "\n"
          "Exit status:\n"
          "  0  the trace has no errors (warnings allowed)\n"
          "  1  the trace has errors (shown in the dump)\n"
          "  2  usage error, the file is missing, unreadable or a directory, or\n"
          "     standard output cannot be written\n"
          "\n"
          "What a rule demands, its spec section and a minimal trace that breaks it:\n"
          "  fxt-validate --explain-rule=RULE\n"
          "The offending word of each issue bit by bit: fxt-validate --explain FILE\n",
          tool_datadir(dir, sizeof dir));
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, PROG ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '" PROG " --help' for more information.\n");
    return EXIT_TROUBLE;
}

/** A number: decimal digits, or 0x and hex digits; all of S. */
static int parse_u64(const char *s, size_t n, uint64_t *out)
{
    int base = 10;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, s += 2, n -= 2;
    if (n == 0 || n > 20)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned dgt;
        char c = s[i];
        if (c >= '0' && c <= '9')
            dgt = (unsigned)(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f')
            dgt = (unsigned)(c - 'a' + 10);
        else if (base == 16 && c >= 'A' && c <= 'F')
            dgt = (unsigned)(c - 'A' + 10);
        else
            return -1;
        if (v > (UINT64_MAX - dgt) / (uint64_t)base)
            return -1;
        v = v * (uint64_t)base + dgt;
    }
    *out = v;
    return 0;
}

/** --records: "A..B", "A..", "..B" or "N". */
static int parse_range(const char *s, uint64_t *lo, uint64_t *hi)
{
    const char *dots = strstr(s, "..");
    if (!dots)
        return parse_u64(s, strlen(s), lo) != 0 ? -1 : (*hi = *lo, 0);
    size_t a = (size_t)(dots - s), b = strlen(dots + 2);
    *lo = 0, *hi = UINT64_MAX;
    if (a == 0 && b == 0)
        return -1;
    if ((a && parse_u64(s, a, lo) != 0) || (b && parse_u64(dots + 2, b, hi) != 0))
        return -1;
    return *lo <= *hi ? 0 : -1;
}

enum { OPT_ALLOW_UNKNOWN = 256, OPT_REVISION, OPT_NO_CONFIG, OPT_CONFIG };

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"jsonl", no_argument, NULL, 'j'},
        {"hex", no_argument, NULL, 'x'},
        {"at", required_argument, NULL, 'a'},
        {"records", required_argument, NULL, 'r'},
        {"allow-unknown", no_argument, NULL, OPT_ALLOW_UNKNOWN},
        {"revision", required_argument, NULL, OPT_REVISION},
        {"no-config", no_argument, NULL, OPT_NO_CONFIG},
        {"config", required_argument, NULL, OPT_CONFIG},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.base = fxt_options_default();
    unsigned cli_set = 0; /* RC_* bits the command line set: they win */
    int no_config = 0;
    const char *rcpath = NULL; /* --config FILE */
    int c;
    opterr = 0; /* our own messages */
    while ((c = getopt_long(argc, argv, ":jxa:r:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'j': cfg.json = 1; break;
        case 'x': cfg.hex = 1; break;
        case 'a':
            if (cfg.sel != SEL_ALL)
                return usage_error("%s", "give one of --at and --records, once");
            if (parse_u64(optarg, strlen(optarg), &cfg.at) != 0)
                return usage_error("--at: '%s' is not a byte offset (decimal or 0x hex)", optarg);
            cfg.sel = SEL_AT;
            break;
        case 'r':
            if (cfg.sel != SEL_ALL)
                return usage_error("%s", "give one of --at and --records, once");
            if (parse_range(optarg, &cfg.lo, &cfg.hi) != 0)
                return usage_error("--records: '%s' is not a range A..B of record numbers "
                                   "(A <= B)", optarg);
            cfg.sel = SEL_RANGE;
            break;
        case OPT_ALLOW_UNKNOWN:
            cfg.base.flags |= FXT_OPT_ALLOW_UNKNOWN;
            cli_set |= RC_ALLOW_UNKNOWN;
            break;
        case OPT_NO_CONFIG: no_config = 1; break;
        case OPT_CONFIG: rcpath = optarg; break;
        case OPT_REVISION: {
            fxt_revision rev;
            if (fxt_revision_parse(optarg, &rev) != 0 || rev == FXT_REV_AUTO)
                return usage_error("--revision: '%s' is not one of r1, r2, r3, current", optarg);
            cfg.base.revision = rev;
            cli_set |= RC_REVISION;
            break;
        }
        case 'h':
            usage(stdout);
            return fflush(stdout) == 0 ? EXIT_CLEAN : EXIT_TROUBLE;
        case 'V':
            printf(PROG " %s (FXT spec revisions: %s)\n", fxt_version(), FXT_SPEC_REVISIONS);
            return fflush(stdout) == 0 ? EXIT_CLEAN : EXIT_TROUBLE;
        default: {
            const char *tok = argv[optind - 1];
            char shortopt[3] = {'-', (char)optopt, '\0'};
            int is_long = strncmp(tok, "--", 2) == 0;
            if (c == ':')
                return usage_error("option '%s' needs a value", is_long ? tok : shortopt);
            if (is_long && optopt != 0)
                return usage_error("option '%s' takes no value", tok);
            if (strncmp(tok, "--explain", 9) == 0) /* fxt-validate's option, wanted here */
                fprintf(stderr, PROG ": '%s' is fxt-validate's: fxt-validate --explain FILE shows "
                                "each offending word bit by bit, fxt-validate --explain-rule=RULE "
                                "what a rule demands\n", tok);
            return usage_error("unknown option '%s'", is_long || optopt == 0 ? tok : shortopt);
        }
        }
    }
    if (optind >= argc)
        return usage_error("%s", "no input file (use '-' for standard input)");
    if (argc - optind > 1)
        return usage_error("one input file at a time ('%s' is extra)", argv[optind + 1]);
    if (rcpath && no_config)
        return usage_error("%s", "--config and --no-config contradict each other");
    if (!no_config) { /* the trace's .fxtkitrc, as fxt-validate reads it */
        rc_settings set;
        char err[600];
        if (rc_settings_of(rcpath, argv[optind], &set, err, sizeof err) < 0) {
            fprintf(stderr, PROG ": %s\n", err);
            return EXIT_TROUBLE;
        }
        rc_apply_options(&set, cli_set, &cfg.base);
        rc_settings_free(&set);
        if (cfg.base.revision == FXT_REV_AUTO) /* one revision is read: auto's default */
            cfg.base.revision = FXT_REV_CURRENT;
    }

    unsigned char *buf = malloc(CHUNK_BYTES);
    dumper *d = calloc(1, sizeof *d);
    strtab *st = strtab_new(STR_SLOTS, STR_BUDGET);
    int rc = EXIT_TROUBLE;
    if (!buf || !d || !st) {
        fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
    } else {
        d->cfg = &cfg;
        d->out.f = stdout;
        d->out.json = cfg.json;
        d->out.hex = cfg.hex;
        d->out.st = st;
        d->out.revision = cfg.base.revision;
        rc = dump_file(&cfg, argv[optind], buf, d);
    }
    strtab_free(st);
    free(d);
    free(buf);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": error writing standard output: %s\n", strerror(errno));
        return EXIT_TROUBLE;
    }
    return rc;
}
