/*
 * fxt-validate - command-line front end of the fxtkit validator.
 *
 *     fxt-validate [OPTION]... FILE...      ('-' reads standard input)
 *
 * Each file is read in fixed-size chunks and fed to a fresh validator, so
 * memory stays constant however large the input. Issues are printed as they
 * arrive (compiler style, or streamed into one JSON document with --json);
 * nothing but per-rule counters is kept.
 *
 * Exit status: 0 no errors, 1 errors (or warnings under --Werror),
 * 2 usage or I/O error (wins over 1).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fxt/validate.h"
#include "fxt/version.h"

#define PROG "fxt-validate"
/** Bytes read and fed per read(2) call. */
#define CHUNK_BYTES ((size_t)1 << 20)
/** Default for --max-issues. */
#define DEFAULT_MAX_ISSUES 20u
/** Notes a file can get (see file_notes). */
#define MAX_NOTES 4

enum { EXIT_CLEAN = 0, EXIT_ISSUES = 1, EXIT_TROUBLE = 2 };

/** Whether the first word H (N bytes) carries the magic number in either byte
 *  order, whatever the rest of the magic record says: then the validator's
 *  issues about that record say what is wrong, not "this is not FXT". */
static int has_magic_number(const unsigned char *h, size_t n)
{
    if (n < 8)
        return 0;
    uint64_t le = 0, be = 0;
    for (unsigned i = 0; i < 8; i++) {
        le |= (uint64_t)h[i] << (8 * i);
        be = (be << 8) | h[i];
    }
    return FXT_GET(le, FXT_MAGIC_VALUE_FIELD) == FXT_MAGIC_NUMBER ||
           FXT_GET(be, FXT_MAGIC_VALUE_FIELD) == FXT_MAGIC_NUMBER;
}

/** Command-line settings, fixed after option parsing. */
typedef struct config {
    fxt_options base;    /**< flags and ignore set for every validator */
    uint64_t max_issues; /**< per rule and file; 0 = unlimited */
    int json, quiet, stats, werror;
} config;

/** State of one file's run (the on_issue context). */
typedef struct run {
    const config *cfg;
    const char *name;              /**< display name */
    uint64_t shown[FXT_R_END_];    /**< issues printed, by rule */
    uint64_t hidden[FXT_R_END_];   /**< issues over --max-issues, by rule */
    uint64_t hidden_total;
    uint64_t json_issues;          /**< issue objects written (for commas) */
    unsigned char head[8];         /**< the file's first bytes */
    size_t head_len;
} run;

/* ---- output helpers --------------------------------------------------------- */

/** Length of the well-formed UTF-8 sequence at P (at most N bytes), 0 if none:
 *  no overlongs, surrogates or code points above U+10FFFF. */
static size_t utf8_seq(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xbf; /* allowed range of the 2nd byte */
    if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        if (c == 0xe0)
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return len;
}

/** Write S (N bytes) for a terminal: valid UTF-8 as is, control characters
 *  and bytes that are not UTF-8 as \xNN. */
static void put_text(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t k = utf8_seq(p + i, n - i);
        if (k == 0 || p[i] < 0x20 || p[i] == 0x7f) {
            fprintf(f, "\\x%02x", p[i]);
            i++;
        } else {
            fwrite(p + i, 1, k, f);
            i += k;
        }
    }
}

/** Write S (N bytes) as a JSON string: always valid UTF-8; bytes that are not
 *  UTF-8 become U+FFFD. */
static void put_json_n(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    putc('"', f);
    while (i < n) {
        unsigned char c = p[i];
        size_t k = utf8_seq(p + i, n - i);
        if (k == 0) {
            fputs("\\ufffd", f);
            i++;
            continue;
        }
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (c < 0x20 || c == 0x7f)
                fprintf(f, "\\u%04x", c);
            else
                fwrite(p + i, 1, k, f);
        }
        i += k;
    }
    putc('"', f);
}

static void put_json(FILE *f, const char *s)
{
    put_json_n(f, s, strlen(s));
}

static const char *sev_name(fxt_severity s)
{
    return s == FXT_SEV_WARNING ? "warning" : "error";
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* ---- issues ------------------------------------------------------------------ */

/** Whether the issue is about one record (not the whole input). */
static int issue_has_record(const fxt_issue *is)
{
    return is->record_type != FXT_NO_RECORD_TYPE;
}

static void print_issue_text(const run *r, const fxt_issue *is, const fxt_rule_info *ri)
{
    size_t mlen = strnlen(is->message, sizeof is->message);
    printf("%s:0x%" PRIx64 ": %s: [%s %s] ", r->name, is->field_offset,
           sev_name(is->severity), ri ? ri->id : "?", ri ? ri->name : "unknown-rule");
    if (issue_has_record(is))
        printf("record #%" PRIu64 " (%s): ", is->record_index,
               fxt_record_type_name(is->record_type));
    if (mlen > 0)
        put_text(stdout, is->message, mlen);
    else if (ri)
        fputs(ri->message, stdout);
    printf(" (spec: %s)\n", ri ? ri->section : "?");
}

static void print_issue_json(run *r, const fxt_issue *is, const fxt_rule_info *ri)
{
    size_t mlen = strnlen(is->message, sizeof is->message);
    fputs(r->json_issues++ ? ",\n    " : "\n    ", stdout);
    fputs("{\"rule\":", stdout);
    put_json(stdout, ri ? ri->id : "?");
    fputs(",\"name\":", stdout);
    put_json(stdout, ri ? ri->name : "unknown-rule");
    printf(",\"severity\":\"%s\",\"record_offset\":%" PRIu64 ",\"record_index\":%" PRIu64
           ",\"field_offset\":%" PRIu64 ",\"record_type\":",
           sev_name(is->severity), is->record_offset, is->record_index, is->field_offset);
    if (issue_has_record(is))
        put_json(stdout, fxt_record_type_name(is->record_type));
    else
        fputs("null", stdout);
    fputs(",\"message\":", stdout);
    if (mlen > 0)
        put_json_n(stdout, is->message, mlen);
    else
        put_json(stdout, ri ? ri->message : "");
    fputs(",\"spec\":", stdout);
    put_json(stdout, ri ? ri->section : "");
    putc('}', stdout);
}

static void on_issue(void *ctx, const fxt_issue *is)
{
    run *r = ctx;
    size_t k = (unsigned)is->rule < FXT_R_END_ ? (size_t)is->rule : 0;
    if (r->cfg->max_issues && r->shown[k] >= r->cfg->max_issues) {
        r->hidden[k]++;
        r->hidden_total++;
        return;
    }
    r->shown[k]++;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    if (r->cfg->json)
        print_issue_json(r, is, ri);
    else if (!r->cfg->quiet)
        print_issue_text(r, is, ri);
}

/* ---- one file ---------------------------------------------------------------- */

/** Hints for a human about what went wrong as a whole; returns how many. */
static size_t file_notes(const run *r, const fxt_stats *st, const char *notes[MAX_NOTES])
{
    size_t n = 0;
    if (st->bytes == 0) {
        if (st->errors > 0)
            notes[n++] = "the file is empty (0 bytes); an FXT trace holds at least one record";
    } else if (st->errors > 0 && !has_magic_number(r->head, r->head_len)) {
        notes[n++] = "this does not look like an FXT trace (no magic number at offset 0)";
    }
    if (st->stopped)
        notes[n++] = "validation stopped at a record of size 0 (a reader cannot "
                     "advance past it); the rest of the file was not checked";
    return n;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void print_counts_json(const char *key, const uint64_t c[16],
                              const char *(*name)(unsigned))
{
    int first = 1;
    printf(",\"%s\":{", key);
    for (unsigned t = 0; t < 16; t++) {
        if (!c[t])
            continue;
        if (!first)
            putc(',', stdout);
        first = 0;
        put_json(stdout, name(t));
        printf(":%" PRIu64, c[t]);
    }
    putc('}', stdout);
}

static void print_counts_text(const char *title, const uint64_t c[16],
                              const char *(*name)(unsigned))
{
    int any = 0;
    for (unsigned t = 0; t < 16; t++)
        any |= c[t] != 0;
    if (!any)
        return;
    printf("  %s:\n", title);
    for (unsigned t = 0; t < 16; t++)
        if (c[t])
            printf("    %-24s %12" PRIu64 "\n", name(t), c[t]);
}

/** Close the JSON object of a file (opened by json_file_open). V may be NULL
 *  (the file could not be read at all). */
static void json_file_close(const run *r, const fxt_validator *v, const fxt_stats *st,
                            const char *io_error)
{
    const char *notes[MAX_NOTES];
    size_t nn = io_error ? 0 : file_notes(r, st, notes);

    printf("%s],\"truncated_issues\":%" PRIu64, r->json_issues ? "\n  " : "", r->hidden_total);
    printf(",\"records\":%" PRIu64 ",\"bytes\":%" PRIu64 ",\"errors\":%" PRIu64
           ",\"warnings\":%" PRIu64 ",\"big_endian\":%s,\"stopped\":%s",
           st->records, st->bytes, st->errors, st->warnings,
           st->big_endian ? "true" : "false", st->stopped ? "true" : "false");
    print_counts_json("record_types", st->by_type, fxt_record_type_name);
    print_counts_json("event_types", st->events_by_type, fxt_event_type_name);

    fputs(",\"issues_by_rule\":{", stdout);
    int first = 1;
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if ((unsigned)ri->rule >= FXT_R_END_ || !st->by_rule[ri->rule])
            continue;
        printf("%s\"%s\":%" PRIu64, first ? "" : ",", ri->id, st->by_rule[ri->rule]);
        first = 0;
    }
    putc('}', stdout);

    fputs(",\"providers\":[", stdout);
    size_t np = v ? fxt_validator_provider_count(v) : 0;
    first = 1;
    for (size_t i = 0; i < np; i++) {
        fxt_provider_stats ps;
        if (fxt_validator_provider(v, i, &ps) != 0)
            continue;
        printf("%s{\"id\":%" PRIu32 ",\"implicit\":%s,\"name\":", first ? "" : ",", ps.id,
               ps.implicit ? "true" : "false");
        first = 0;
        put_json_n(stdout, ps.name, strnlen(ps.name, sizeof ps.name));
        printf(",\"records\":%" PRIu64, ps.records);
        print_counts_json("record_types", ps.by_type, fxt_record_type_name);
        putc('}', stdout);
    }
    fputs("],\"notes\":[", stdout);
    for (size_t i = 0; i < nn; i++) {
        if (i)
            putc(',', stdout);
        put_json(stdout, notes[i]);
    }
    putc(']', stdout);
    if (io_error) {
        fputs(",\"io_error\":", stdout);
        put_json(stdout, io_error);
    }
    putc('}', stdout);
}

static void json_file_open(const char *name, int first_file)
{
    fputs(first_file ? "\n  {\"file\":" : ",\n  {\"file\":", stdout);
    put_json(stdout, name);
    fputs(",\"issues\":[", stdout);
}

static void print_text_report(const run *r, const fxt_validator *v, const fxt_stats *st,
                              double secs)
{
    const config *cfg = r->cfg;
    if (!cfg->quiet) {
        for (unsigned i = 0; i < fxt_rule_count(); i++) {
            const fxt_rule_info *ri = fxt_rule_at(i);
            if ((unsigned)ri->rule < FXT_R_END_ && r->hidden[ri->rule])
                printf("%s: note: %" PRIu64 " more [%s %s] %s not shown (--max-issues %" PRIu64
                       " per rule; 0 shows all)\n",
                       r->name, r->hidden[ri->rule], ri->id, ri->name,
                       plural(r->hidden[ri->rule], "issue", "issues"), cfg->max_issues);
        }
        const char *notes[MAX_NOTES];
        size_t nn = file_notes(r, st, notes);
        for (size_t i = 0; i < nn; i++)
            printf("%s: note: %s\n", r->name, notes[i]);
    }

    printf("%s: %" PRIu64 " %s, %" PRIu64 " %s, %" PRIu64 " %s (%.3f s", r->name, st->records,
           plural(st->records, "record", "records"), st->errors,
           plural(st->errors, "error", "errors"), st->warnings,
           plural(st->warnings, "warning", "warnings"), secs);
    if (secs > 0)
        printf(", %.1f MB/s", (double)st->bytes / 1e6 / secs);
    fputs(")\n", stdout);

    if (!cfg->stats)
        return;
    print_counts_text("records by type", st->by_type, fxt_record_type_name);
    print_counts_text("events by type", st->events_by_type, fxt_event_type_name);
    size_t np = fxt_validator_provider_count(v);
    if (np)
        printf("  providers:\n");
    for (size_t i = 0; i < np; i++) {
        fxt_provider_stats ps;
        if (fxt_validator_provider(v, i, &ps) != 0)
            continue;
        printf("    %-10" PRIu32 " ", ps.id);
        if (ps.implicit) {
            fputs("(implicit: records before any provider record)", stdout);
        } else {
            putc('"', stdout);
            put_text(stdout, ps.name, strnlen(ps.name, sizeof ps.name));
            putc('"', stdout);
        }
        printf(": %" PRIu64 " %s\n", ps.records, plural(ps.records, "record", "records"));
    }
}

static void report_io_error(const char *name, const char *what)
{
    fflush(stdout); /* keep stdout and stderr in order on a terminal */
    fprintf(stderr, "%s: %s: %s\n", PROG, name, what);
}

/** Memory reused by every file: the read buffer and the validator's space
 *  (a fresh validator is built in it for each file). */
typedef struct arena {
    unsigned char *buf; /**< CHUNK_BYTES */
    void *mem;          /**< fxt_validator_size(&cfg->base) bytes */
    size_t size;
} arena;

/** Validate one file (PATH "-" is stdin). Returns the exit status it asks for
 *  and adds its counts to *ERRORS / *WARNINGS. */
static int validate_file(const config *cfg, const char *path, const arena *a,
                         int first_file, uint64_t *errors, uint64_t *warnings)
{
    unsigned char *buf = a->buf;
    int is_stdin = strcmp(path, "-") == 0;
    run *r = calloc(1, sizeof *r);
    fxt_stats st;
    memset(&st, 0, sizeof st);
    if (!r) {
        report_io_error(path, strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    r->cfg = cfg;
    r->name = is_stdin ? "<stdin>" : path;
    if (cfg->json)
        json_file_open(r->name, first_file);

    const char *io_error = NULL;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    struct stat sb;
    if (fd < 0) {
        io_error = strerror(errno);
    } else if (fstat(fd, &sb) != 0) {
        io_error = strerror(errno);
    } else if (S_ISDIR(sb.st_mode)) {
        io_error = "is a directory";
    }

    fxt_validator *v = NULL;
    if (!io_error) {
        fxt_options o = cfg->base;
        o.on_issue = on_issue;
        o.ctx = r;
        v = fxt_validator_init(a->mem, a->size, &o);
        if (!v)
            io_error = "cannot set up the validator";
    }
    double t0 = now_seconds();
    if (!io_error) {
        if (!is_stdin)
            (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
        for (;;) {
            ssize_t n = read(fd, buf, CHUNK_BYTES);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                io_error = strerror(errno);
                break;
            }
            if (n == 0)
                break;
            if (r->head_len < sizeof r->head) {
                size_t k = sizeof r->head - r->head_len;
                if (k > (size_t)n)
                    k = (size_t)n;
                memcpy(r->head + r->head_len, buf, k);
                r->head_len += k;
            }
            fxt_validator_feed(v, buf, (size_t)n);
            /* After a size-0 record nothing more is checked: do not read on
             * (an endless stream such as /dev/zero would never end). */
            fxt_validator_stats(v, &st);
            if (st.stopped)
                break;
        }
        /* A read error leaves the trace unfinished: its end-of-trace checks
         * (truncation, unended begins) would be noise. */
        if (!io_error)
            fxt_validator_finish(v);
        fxt_validator_stats(v, &st);
    }
    double secs = now_seconds() - t0;
    if (fd >= 0 && !is_stdin)
        close(fd);

    if (io_error)
        report_io_error(r->name, io_error);
    if (cfg->json)
        json_file_close(r, v, &st, io_error);
    else if (!io_error)
        print_text_report(r, v, &st, secs);

    *errors += st.errors;
    *warnings += st.warnings;
    int rc = EXIT_CLEAN;
    if (io_error)
        rc = EXIT_TROUBLE;
    else if (st.errors > 0 || (cfg->werror && st.warnings > 0))
        rc = EXIT_ISSUES;
    free(r);
    return rc;
}

/* ---- options ------------------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: " PROG " [OPTION]... FILE...\n"
            "Strictly validate Fuchsia Trace Format (FXT) traces against the spec.\n"
            "FILE '-' reads standard input. Each file is checked on its own.\n"
            "\n"
            "Options:\n"
            "  -i, --ignore=RULE     do not report RULE: an id (E0010) or a name\n"
            "                        (string-ref-unregistered); repeatable, and RULE may be\n"
            "                        a comma-separated list\n"
            "  -m, --max-issues=N    print at most N issues per rule and file (default %u;\n"
            "                        0 = no limit); the rest are counted and summarised\n"
            "      --allow-unknown   report undefined type values (record, event, argument\n"
            "                        types...) as warnings instead of errors\n"
            "      --Werror          exit with status 1 on warnings too\n"
            "  -q, --quiet           print only the summary line of each file\n"
            "                        (no effect with --json)\n"
            "  -s, --stats           after each summary, print record counts by record\n"
            "                        type, event counts by event type and per-provider\n"
            "                        record counts (--json always has them)\n"
            "      --json            write one JSON document for all files to stdout\n"
            "                        (schema: docs/fxt-validate.schema.json)\n"
            "      --list-rules      print the rule catalogue (id, name, severity, spec\n"
            "                        section) and exit\n"
            "  -h, --help            print this help and exit\n"
            "  -V, --version         print the version and exit\n"
            "\n"
            "Output: one line per issue,\n"
            "  FILE:0xOFFSET: SEVERITY: [ID NAME] record #N (TYPE): MESSAGE (spec: SECTION)\n"
            "where OFFSET is the byte offset of the offending field and N the 0-based\n"
            "record number, then one summary line per file. Standard input is named\n"
            "<stdin>.\n"
            "\n"
            "Exit status:\n"
            "  0  no errors (warnings allowed unless --Werror)\n"
            "  1  errors found (or warnings, with --Werror)\n"
            "  2  usage error, or an I/O error on any file (missing, unreadable,\n"
            "     a directory); the other files are still validated\n",
            DEFAULT_MAX_ISSUES);
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, PROG ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '" PROG " --help' for more information.\n");
    return EXIT_TROUBLE;
}

/** Add the comma-separated rule list LIST to the ignore set; 0 or -1. */
static int add_ignores(fxt_options *o, const char *list)
{
    const char *p = list;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        while (n > 0 && (*p == ' ' || *p == '\t'))
            p++, n--;
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        if (n == 0) {
            fprintf(stderr, PROG ": --ignore: empty rule name in '%.*s'\n",
                    (int)(strlen(list) < 100 ? strlen(list) : 100), list);
            return -1;
        }
        {
            char name[64];
            fxt_rule r = FXT_R_NONE;
            if (n < sizeof name) {
                memcpy(name, p, n);
                name[n] = '\0';
                r = fxt_rule_find(name);
            }
            if (r == FXT_R_NONE) {
                fprintf(stderr, PROG ": --ignore: unknown rule '%.*s'\n",
                        (int)(n < 100 ? n : 100), p);
                return -1;
            }
            fxt_options_ignore(o, r, 1);
        }
        if (!end)
            return 0;
        p = end + 1;
    }
}

/** Parse a --max-issues value: decimal digits only. */
static int parse_count(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

static void list_rules(void)
{
    printf("%-5s  %-28s  %-8s  %s\n", "ID", "NAME", "SEVERITY", "SPEC SECTION");
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        printf("%-5s  %-28s  %-8s  %s\n", ri->id, ri->name, sev_name(ri->severity), ri->section);
    }
}

/** Flush stdout; a write error (disk full, closed pipe...) turns RC into 2. */
static int finish_stdout(int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": error writing standard output: %s\n", strerror(errno));
        return EXIT_TROUBLE;
    }
    return rc;
}

enum { OPT_WERROR = 256, OPT_ALLOW_UNKNOWN, OPT_JSON, OPT_LIST_RULES };

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"ignore", required_argument, NULL, 'i'},
        {"max-issues", required_argument, NULL, 'm'},
        {"allow-unknown", no_argument, NULL, OPT_ALLOW_UNKNOWN},
        {"Werror", no_argument, NULL, OPT_WERROR},
        {"quiet", no_argument, NULL, 'q'},
        {"stats", no_argument, NULL, 's'},
        {"json", no_argument, NULL, OPT_JSON},
        {"list-rules", no_argument, NULL, OPT_LIST_RULES},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.base = fxt_options_default();
    cfg.max_issues = DEFAULT_MAX_ISSUES;
    int list = 0;

    int c;
    opterr = 0; /* our own messages, prefixed with the program's name rather than argv[0] */
    while ((c = getopt_long(argc, argv, ":i:m:qshV", longopts, NULL)) != -1) {
        switch (c) {
        case 'i':
            if (add_ignores(&cfg.base, optarg) != 0) {
                fprintf(stderr, "Try '" PROG " --list-rules' for the rule ids and names.\n");
                return EXIT_TROUBLE;
            }
            break;
        case 'm':
            if (parse_count(optarg, &cfg.max_issues) != 0)
                return usage_error("--max-issues: '%s' is not a count (0 = no limit)", optarg);
            break;
        case OPT_ALLOW_UNKNOWN: cfg.base.flags |= FXT_OPT_ALLOW_UNKNOWN; break;
        case OPT_WERROR: cfg.werror = 1; break;
        case 'q': cfg.quiet = 1; break;
        case 's': cfg.stats = 1; break;
        case OPT_JSON: cfg.json = 1; break;
        case OPT_LIST_RULES: list = 1; break;
        case 'h': usage(stdout); return finish_stdout(EXIT_CLEAN);
        case 'V':
            printf(PROG " %s (FXT spec revisions: %s)\n", fxt_version(), FXT_SPEC_REVISIONS);
            return finish_stdout(EXIT_CLEAN);
        default: {
            /* a long option is named by its argument, a short one by optopt
             * (it may sit in a cluster such as -qx) */
            const char *tok = argv[optind - 1];
            char shortopt[3] = {'-', (char)optopt, '\0'};
            int is_long = strncmp(tok, "--", 2) == 0;
            if (c == ':')
                return usage_error("option '%s' needs a value", is_long ? tok : shortopt);
            if (is_long && optopt != 0)
                return usage_error("option '%s' takes no value", tok);
            return usage_error("unknown option '%s'", is_long || optopt == 0 ? tok : shortopt);
        }
        }
    }
    int nstdin = 0;
    for (int i = optind; i < argc; i++)
        nstdin += strcmp(argv[i], "-") == 0;
    if (nstdin > 1)
        return usage_error("%s", "standard input ('-') can be read only once");
    if (list) {
        list_rules();
        return finish_stdout(EXIT_CLEAN);
    }
    if (optind >= argc)
        return usage_error("%s", "no input files (use '-' for standard input)");

    arena a;
    a.size = fxt_validator_size(&cfg.base);
    a.buf = malloc(CHUNK_BYTES);
    a.mem = malloc(a.size);
    if (!a.buf || !a.mem) {
        fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
        free(a.buf);
        free(a.mem);
        return EXIT_TROUBLE;
    }
    if (cfg.json)
        printf("{\"tool\":\"" PROG "\",\"version\":\"%s\",\"files\":[", FXT_VERSION);

    int rc = EXIT_CLEAN;
    uint64_t errors = 0, warnings = 0;
    for (int i = optind; i < argc; i++) {
        int frc = validate_file(&cfg, argv[i], &a, i == optind, &errors, &warnings);
        if (frc > rc)
            rc = frc;
    }
    free(a.buf);
    free(a.mem);

    int nfiles = argc - optind;
    if (cfg.json)
        printf("\n],\"errors\":%" PRIu64 ",\"warnings\":%" PRIu64 "}\n", errors, warnings);
    else if (nfiles > 1)
        printf("total: %d files, %" PRIu64 " %s, %" PRIu64 " %s\n", nfiles, errors,
               plural(errors, "error", "errors"), warnings,
               plural(warnings, "warning", "warnings"));
    return finish_stdout(rc);
}
