/* SPDX-License-Identifier: MIT */
/*
 * fxt-validate - command-line front end of the fxtkit validator.
 *
 *     fxt-validate [OPTION]... FILE...      ('-' reads standard input)
 *
 * Each file is read (input.c: by a reader thread, mmap windows for regular
 * files, read(2) for the rest) and fed to a fresh validator, so memory
 * stays bounded however large the input. Issues are
 * printed as they arrive in the chosen format (report.c); with --revision
 * auto they wait in a temporary file until the verdict says which
 * revision's issues to print. Nothing else is kept but per-rule counters.
 *
 * Exit status: 0 no errors, 1 errors (or warnings under --Werror),
 * 2 usage or I/O error (wins over 1), also when writing the output fails
 * (the work stops at the first failed write).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline.h"
#include "cli.h"
#include "fingerprint.h"
#include "datadir.h"
#include "rcfile.h"
#include "report.h"
#include "fxt/version.h"

/** The read(2) buffer of inputs that are not mapped (pipes, devices): input.c
 *  reads into its SLOTS parts of 1 MiB. */
#define CHUNK_BYTES ((size_t)SLOTS << 20)
/** Default for --max-issues. */
#define DEFAULT_MAX_ISSUES 20u

enum { EXIT_CLEAN = 0, EXIT_ISSUES = 1, EXIT_TROUBLE = 2, EXIT_UNCHECKED = 3 };

/* ---- issues ------------------------------------------------------------------ */

/** Note a failed write to stdout (the first one's errno is reported). */
static void check_stdout(session *s)
{
    if (!s->write_failed && ferror(stdout)) {
        s->write_failed = 1;
        s->write_errno = errno ? errno : EIO;
    }
}

/** Copy up to 8 bytes of the input at OFF into OUT; returns how many (from
 *  the start) are known: re-read from the file, or from the chunk being fed
 *  and the ring of recent input. */
static uint8_t input_bytes(const run *r, uint64_t off, unsigned char out[8])
{
    if (r->fd >= 0) {
        ssize_t k;
        do
            k = pread(r->fd, out, 8, (off_t)(r->fd_base + off));
        while (k < 0 && errno == EINTR);
        return k > 0 ? (uint8_t)k : 0;
    }
    uint8_t n = 0;
    for (; n < 8; n++) {
        uint64_t o = off + n;
        if (o >= r->cur_base && o < r->cur_base + r->cur_len)
            out[n] = r->cur[o - r->cur_base];
        else if (r->ring && o < r->cur_base && r->cur_base - o <= RING_BYTES)
            out[n] = r->ring[o % RING_BYTES];
        else
            break;
    }
    return n;
}

/** Remember the last RING_BYTES of chunk P (N bytes at offset BASE). */
static void ring_keep(run *r, const unsigned char *p, size_t n, uint64_t base)
{
    size_t skip = n > RING_BYTES ? n - RING_BYTES : 0;
    for (size_t i = skip; i < n;) {
        size_t at = (size_t)((base + i) % RING_BYTES);
        size_t k = RING_BYTES - at < n - i ? RING_BYTES - at : n - i;
        memcpy(r->ring + at, p + i, k);
        i += k;
    }
}

/** --write-baseline: the line of issue CI if it holds for the reported
 *  revision (with --revision auto known only at the end). */
static void baseline_entry(run *r, const cli_issue *ci)
{
    if (!r->s->wb || !(ci->all & FXT_REV_BIT(r->rev)))
        return;
    char fp[FP_TEXT_MAX];
    fp_text(ci->fp_hash, ci->fp_n[r->rev], fp);
    const fxt_rule_info *ri = fxt_rule_get(ci->is.rule);
    baseline_write_entry(r->s->wb, fp, ri ? ri->id : "?", r->site);
}

/** The fingerprint of CI under each revision of MASK; the revisions under
 *  which --baseline knows it (they are counted in R->known). */
static unsigned fingerprint(run *r, cli_issue *ci, unsigned mask)
{
    session *s = r->s;
    cli_issue key = *ci;
    if (r->fd < 0)
        key.hdr_have = 0; /* the header word only where a file can be re-read (not --explain's ring) */
    ci->fp_hash = fp_hash(&key);
    unsigned known = 0;
    for (unsigned v = 0; v < FXT_REV_COUNT; v++) {
        if (!(mask & FXT_REV_BIT(v)))
            continue;
        ci->fp_n[v] = fp_counter_next(s->fpc, ci->fp_hash, v);
        if (!ci->fp_n[v])
            side_failure(s, "cannot count fingerprints", ENOMEM);
        char fp[FP_TEXT_MAX];
        fp_text(ci->fp_hash, ci->fp_n[v], fp);
        if (s->bl && baseline_take(s->bl, r->site, fp)) {
            known |= FXT_REV_BIT(v);
            r->known[v][ci->is.severity == FXT_SEV_WARNING]++;
            if ((unsigned)ci->is.rule < FXT_R_END_)
                r->known_rule[v][ci->is.rule]++;
        }
    }
    return known;
}

/** *IS into *OUT (zeroed), field by field: the spool of --revision auto
 *  then holds no byte the validator left unset (padding, the message past
 *  its NUL). */
static void copy_issue(fxt_issue *out, const fxt_issue *is)
{
    out->rule = is->rule;
    out->severity = is->severity;
    out->record_offset = is->record_offset;
    out->record_index = is->record_index;
    out->field_offset = is->field_offset;
    out->record_type = is->record_type;
    out->field_len = is->field_len;
    out->bit_lo = is->bit_lo;
    out->bit_hi = is->bit_hi;
    out->revisions = is->revisions;
    out->section = is->section;
    memcpy(out->message, is->message, strnlen(is->message, sizeof out->message - 1));
}

static void on_issue(void *ctx, const fxt_issue *is)
{
    run *r = ctx;
    const config *cfg = r->cfg;
    if (r->s->write_failed)
        return;
    size_t k = (unsigned)is->rule < FXT_R_END_ ? (size_t)is->rule : 0;
    /* one --max-issues budget per revision: the reported one is known only
     * at the end with --revision auto */
    unsigned mask = r->spool ? is->revisions & FXT_REV_ALL : FXT_REV_BIT(r->rev);
    cli_issue ci;
    memset(&ci, 0, sizeof ci);
    copy_issue(&ci.is, is);
    ci.all = mask;
    ci.word_off = is->field_offset - is->field_offset % 8;
    if (cfg->explain) {
        ci.word_have = input_bytes(r, ci.word_off, ci.word);
        ci.word_gone = ci.word_have < 8 && ci.word_off + ci.word_have < r->fed;
        if (is->record_type != FXT_NO_RECORD_TYPE)
            ci.hdr_have = input_bytes(r, is->record_offset, ci.hdr);
    } else if (r->fd >= 0 && is->record_type != FXT_NO_RECORD_TYPE) {
        /* fingerprints: the record's header, from a file only (from a pipe
         * it may or may not be at hand, by chunk boundaries) */
        ci.hdr_have = input_bytes(r, is->record_offset, ci.hdr);
    }
    /* Baselines count every issue's fingerprint (memory grows with a file's
     * issues, as the baseline does); SARIF and GitLab alone count only the
     * issues shown: the same numbers for those (an issue over --max-issues
     * comes after every shown one of its rule, and the key holds the rule),
     * and memory bounded by what is printed. */
    int every = r->s->bl || r->s->wb;
    unsigned known = cfg->need_fp && every ? fingerprint(r, &ci, mask) : 0;
    unsigned shown = 0;
    for (unsigned v = 0; v < FXT_REV_COUNT; v++) {
        if (!(mask & FXT_REV_BIT(v)))
            continue;
        if (known & FXT_REV_BIT(v)) {
            /* SARIF keeps a known issue as an "unchanged" result (docs/ci.md:
             * code scanning would call it fixed otherwise), under its own
             * --max-issues budget so that it never hides a new one */
            if (cfg->format == FMT_SARIF &&
                (!cfg->max_issues || r->known_out[v][k] < cfg->max_issues)) {
                r->known_out[v][k]++;
                ci.known_out |= FXT_REV_BIT(v);
            }
            continue;
        }
        if (cfg->max_issues && r->shown[v][k] >= cfg->max_issues) {
            r->hidden[v][k]++;
        } else {
            r->shown[v][k]++;
            shown |= FXT_REV_BIT(v);
        }
    }
    if (!shown && !ci.known_out && !r->s->wb)
        return;
    if (cfg->need_fp && !every)
        (void)fingerprint(r, &ci, shown);
    ci.shown = shown;
    if (r->spool) {
        (void)fwrite(&ci, sizeof ci, 1, r->spool); /* ferror checked at the end */
        return;
    }
    baseline_entry(r, &ci);
    if (!shown && !ci.known_out)
        return;
    progress_end(&r->pg);
    report_issue(r, &ci);
    check_stdout(r->s);
}

/** The text of an I/O error of R, "cannot WHAT: strerror(ERR)", in R's buffer. */
static const char *io_text(run *r, const char *what, int err)
{
    snprintf(r->io_buf, sizeof r->io_buf, "cannot %s: %s", what, strerror(err ? err : EIO));
    return r->io_buf;
}

/** --revision auto: print the spooled issues of the reported revision. */
static const char *replay(run *r)
{
    if (fflush(r->spool) != 0 || ferror(r->spool))
        return io_text(r, "write a temporary file", errno);
    rewind(r->spool);
    cli_issue ci;
    while (!r->s->write_failed && fread(&ci, sizeof ci, 1, r->spool) == 1) {
        baseline_entry(r, &ci);
        if ((ci.shown | ci.known_out) & FXT_REV_BIT(r->rev)) {
            report_issue(r, &ci);
            check_stdout(r->s);
        }
    }
    return ferror(r->spool) ? io_text(r, "read a temporary file", errno) : NULL;
}

/* ---- one file ---------------------------------------------------------------- */

/** Memory reused by every file: the read buffer and the --explain ring. */
typedef struct arena {
    unsigned char *buf;  /**< CHUNK_BYTES */
    unsigned char *ring; /**< RING_BYTES with --explain, else NULL */
} arena;

/** Feed the part P[0..N) and keep what --explain and the summary need;
 *  1 if checking has stopped. */
static int feed_part(run *r, const unsigned char *p, size_t n, fxt_stats *st)
{
    if (r->head_len < sizeof r->head) {
        size_t h = sizeof r->head - r->head_len;
        memcpy(r->head + r->head_len, p, h < n ? h : n);
        r->head_len += h < n ? h : n;
    }
    r->cur = p;
    r->cur_len = n;
    r->cur_base = r->fed;
    r->fed += n;
    fxt_validator_feed(r->v, p, n);
    if (r->ring)
        ring_keep(r, p, n, r->cur_base);
    /* After a size-0 record nothing more is checked: do not read on
     * (an endless stream such as /dev/zero would never end). */
    fxt_validator_stats(r->v, st);
    return st->stopped || r->s->write_failed;
}

/** A file's reading: what feed_input hands each part to. */
typedef struct reading {
    run *r;
    input *in;
    fxt_stats *st;
} reading;

/** Feed one part, then update the progress line. */
static int feed_input(reading *rd, const unsigned char *p, size_t n)
{
    if (feed_part(rd->r, p, n, rd->st))
        return 1;
    progress_update(&rd->r->pg, rd->in->pos);
    return 0;
}

/** Read and check IN part by part. Returns the read error, or NULL. */
static const char *check_parts(reading *rd)
{
    for (;;) {
        const unsigned char *p;
        size_t n;
        int k = input_next(rd->in, &p, &n);
        if (k <= 0)
            return k < 0 ? strerror(errno) : NULL;
        if (feed_input(rd, p, n))
            return NULL;
    }
}

/** Validate one file (PATH "-" is stdin). Returns the exit status it asks for
 *  and adds its counts to the session's totals. */
static int validate_file(session *s, const char *path, arena *a, int first_file)
{
    config fc;
    rc_settings set;
    char cfg_err[600];
    int cfg_bad = file_config(s, path, &fc, &set, cfg_err, sizeof cfg_err);
    rc_settings_free(&set);
    const config *cfg = &fc;
    int is_stdin = strcmp(path, "-") == 0;
    run *r = calloc(1, sizeof *r);
    fxt_stats st;
    memset(&st, 0, sizeof st);
    if (!r) {
        char what[128];
        snprintf(what, sizeof what, "cannot start: %s", strerror(ENOMEM));
        report_io_error(is_stdin ? cfg->stdin_name ? cfg->stdin_name : "<stdin>" : path, what);
        return EXIT_TROUBLE;
    }
    r->cfg = cfg;
    r->s = s;
    r->name = !is_stdin ? path : cfg->stdin_name ? cfg->stdin_name : "<stdin>";
    r->first_file = first_file;
    r->file_no = s->files;
    r->fd = -1;
    r->rev = cfg->base.revision == FXT_REV_AUTO ? FXT_REV_CURRENT : cfg->base.revision;
    site_name(s, r->name, r->site, sizeof r->site);
    if (s->fpc)
        fp_counter_reset(s->fpc);
    report_file_begin(r);

    const char *io_error = NULL;
    int fd = cfg_bad ? -1 : is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    struct stat sb;
    if (cfg_bad == -2) {
        io_error = io_text(r, "start", ENOMEM);
    } else if (cfg_bad) {
        snprintf(r->io_buf, sizeof r->io_buf, "bad configuration: %.220s", cfg_err);
        io_error = r->io_buf;
    } else if (fd < 0) {
        io_error = io_text(r, "open", errno);
    } else if (fstat(fd, &sb) != 0) {
        io_error = io_text(r, "read", errno);
    } else if (S_ISDIR(sb.st_mode)) {
        io_error = io_text(r, "read", EISDIR);
    }
    if (!io_error && cfg->base.revision == FXT_REV_AUTO && !(r->spool = tmpfile()))
        io_error = io_text(r, "create a temporary file", errno);
    if (!io_error) {
        fxt_options o = cfg->base;
        o.on_issue = on_issue;
        o.ctx = r;
        r->v = fxt_validator_new(&o);
        if (!r->v)
            io_error = io_text(r, "set up the validator", ENOMEM);
    }
    double t0 = now_seconds();
    if (!io_error) {
        input in;
        input_open(&in, fd, a->buf, CHUNK_BYTES);
        if ((cfg->explain || cfg->need_fp) && in.regular) {
            r->fd = fd; /* --explain and fingerprints re-read words with pread */
            r->fd_base = in.start;
        } else if (cfg->explain) {
            r->ring = a->ring;
        }
        progress_start(&r->pg, &in, r->name, cfg->progress);
        reading rd = {r, &in, &st};
        const char *e = check_parts(&rd);
        if (e) {
            snprintf(r->io_buf, sizeof r->io_buf, "cannot read: %s", e);
            io_error = r->io_buf;
        }
        progress_end(&r->pg);
        input_close(&in);
        r->cur = NULL;
        r->cur_len = 0;
        r->cur_base = r->fed; /* everything fed is in the ring now (issues found at the end) */
        /* A read error leaves the trace unfinished: its end-of-trace checks
         * (truncation, unended begins) would be noise. */
        if (!io_error && !s->write_failed)
            fxt_validator_finish(r->v);
        fxt_revision rep = fxt_validator_verdicts(r->v, r->verdicts);
        if (r->spool && (unsigned)rep < FXT_REV_COUNT)
            r->rev = rep; /* auto: the newest conforming revision */
        fxt_validator_stats(r->v, &st);
    }
    double secs = now_seconds() - t0;

    if (!io_error && r->spool && !s->write_failed) {
        report_verdicts(r, r->verdicts);
        io_error = replay(r);
    }
    if (fd >= 0 && !is_stdin)
        close(fd);
    /* entries the file no longer has: only where it was checked in full
     * (not read, stopped early or not fully checked: they may be there) */
    if (s->bl && !io_error && !s->write_failed && !st.stopped && !st.unchecked) {
        baseline_checking(s->bl, r->site);
        r->absent = baseline_absent(s->bl, r->site, NULL, NULL);
    }
    /* the baseline's known issues neither count nor fail */
    uint64_t ke = r->known[r->rev][0], kw = r->known[r->rev][1];
    st.errors -= ke < st.errors ? ke : st.errors;
    st.warnings -= kw < st.warnings ? kw : st.warnings;
    s->known += ke + kw;
    if (r->spool)
        fclose(r->spool);
    if (io_error)
        report_io_error(r->name, io_error);
    if (!s->write_failed)
        report_file_end(r, &st, io_error, secs);
    check_stdout(s);

    s->errors += st.errors;
    s->warnings += st.warnings;
    int rc = EXIT_CLEAN;
    if (io_error || s->write_failed)
        rc = EXIT_TROUBLE;
    else if (!s->wb && (st.errors > 0 || (cfg->werror && st.warnings > 0)))
        rc = EXIT_ISSUES; /* --write-baseline: every issue is known now */
    else if (st.unchecked)
        rc = EXIT_UNCHECKED; /* no verdict of "conforms" for what was not checked */
    fxt_validator_free(r->v);
    free(r);
    return rc;
}

/** The exit status of two files together: I/O trouble, then errors, then
 *  "not fully checked", then clean. */
static int worse(int a, int b)
{
    static const int rank[4] = {0, 2, 3, 1}; /* by status 0, 1, 2, 3 */
    return rank[b] > rank[a] ? b : a;
}

/* ---- options ------------------------------------------------------------------- */

static void usage(FILE *f)
{
    char dir[4096];
    const char *datadir = tool_datadir(dir, sizeof dir);
    fprintf(f,
            "Usage: " PROG " [OPTION]... FILE...\n"
            "  or:  " PROG " --explain-rule=RULE\n"
            "  or:  " PROG " --list-rules [--json]\n"
            "Strictly validate Fuchsia Trace Format (FXT) traces against the spec.\n"
            "FILE '-' reads standard input. Each file is checked on its own.\n"
            "\n"
            "Options:\n"
            "  -r, --revision=REV    the spec revision to check against: r1, r2, r3,\n"
            "                        current (default) or auto (see Revisions below)\n"
            "  -i, --ignore=RULE     do not report RULE: an id (E0010) or a name\n"
            "                        (string-ref-unregistered); repeatable, and RULE may be\n"
            "                        a comma-separated list\n"
            "  -m, --max-issues=N    print at most N issues per rule and file (default %u;\n"
            "                        0 = no limit); the rest are counted and summarised\n"
            "      --allow-unknown   report undefined type values (record, event, argument\n"
            "                        types...) as warnings instead of errors\n"
            "      --Werror          exit with status 1 on warnings too\n"
            "  -q, --quiet           print only the summary line of each file (text format;\n"
            "                        no progress line)\n"
            "  -s, --stats           after each summary, print record counts by record\n"
            "                        type, event counts by event type and per-provider\n"
            "                        record counts (--json always has them); implies --timing\n"
            "      --timing          add wall time and MB/s to each summary (without it the\n"
            "                        output is the same bytes on every run)\n"
            "  -j, --threads=N       check on N threads (default: the cores online, at most\n"
            "                        2); the output is the same for any N\n"
            "      --max-providers=N, --max-threads=N, --max-async=N, --max-flows=N\n"
            "                        capacity limits: providers, threads, async operations\n"
            "                        and flows open at once that the validator tracks\n"
            "                        (defaults 4096, 65536, 262144, 262144; memory grows\n"
            "                        with what a trace uses). A trace that needs more is\n"
            "                        not fully checked: exit status 3\n"
            "  -f, --format=FORMAT   text (default), short (a file's first issue, and its\n"
            "                        summary line only when there is more), json (one\n"
            "                        document, schema:\n"
            "                        fxt-validate.schema.json in %s), sarif (SARIF 2.1.0\n"
            "                        for GitHub code scanning), github (GitHub Actions\n"
            "                        annotations, a ::notice with each file's totals, and\n"
            "                        a table appended to $GITHUB_STEP_SUMMARY when set),\n"
            "                        junit (JUnit XML: a test case per file, a failure per\n"
            "                        error; GitLab, Jenkins, Azure Pipelines, Buildkite) or\n"
            "                        gitlab (GitLab Code Quality JSON); in any case\n"
            "      --srcroot=DIR     name files relative to DIR (the repository's root) in\n"
            "                        SARIF, GitLab, annotations and baselines, where code\n"
            "                        scanning and merge requests look for them (default:\n"
            "                        the srcroot of the " RC_NAME " found from the current\n"
            "                        directory, else the current directory); a file\n"
            "                        outside DIR gets its absolute path\n"
            "      --baseline=FILE   known issues (from --write-baseline): report and fail\n"
            "                        on new issues only (SARIF also keeps the known ones,\n"
            "                        as baselineState \"unchanged\"); stderr says how many\n"
            "                        known ones were hidden and which entries no longer\n"
            "                        occur\n"
            "      --write-baseline=FILE  record every issue found (by file and the SARIF\n"
            "                        fxtIssue/v1 fingerprint, which inserted records do not\n"
            "                        change) in FILE, print the report, and exit 0 (2 on\n"
            "                        I/O errors, 3 on traces not fully checked)\n"
            "      --config=FILE     read settings from FILE instead of the " RC_NAME "\n"
            "                        found in each trace's directory or above\n"
            "      --no-config       read no configuration file\n"
            "      --print-config=FILE  print the settings that apply to FILE and where\n"
            "                        each comes from, and exit\n"
            "      --stdin-filename=NAME  call standard input NAME in every format\n"
            "                        (default <stdin>), e.g. the path of a staged file\n"
            "      --color=WHEN      colour the text output: auto (the default: on a\n"
            "                        terminal, unless NO_COLOR is set to a non-empty value\n"
            "                        or TERM is dumb), always or never\n"
            "      --json            the same as --format json\n"
            "  -e, --explain         under each issue (text format), show the offending\n"
            "                        word: its bytes, its bits by field with carets under\n"
            "                        the bits or byte at fault, and every field's value\n"
            "      --explain-rule=RULE  print what RULE demands and means, its spec section\n"
            "                        in each revision, a minimal trace that breaks it (with\n"
            "                        what the validator says about it), the fix and a link\n"
            "                        to the spec\n"
            "      --list-rules      print the rule catalogue (id, name, severity,\n"
            "                        revisions, spec section) and exit; with --json as JSON\n"
            "                        (schema: rules.schema.json in %s)\n"
            "  -h, --help            print this help and exit\n"
            "  -V, --version         print the version and exit\n"
            "\n"
            "Output: one line per issue,\n"
            "  FILE:0xOFFSET: SEVERITY: [ID NAME] record #N (TYPE): MESSAGE (spec: SECTION)\n"
            "where OFFSET is the byte offset of the offending field and N the 0-based\n"
            "record number, then one summary line per file. Standard input is named\n"
            "<stdin> (see --stdin-filename). On a terminal, files over 64 MiB get a\n"
            "progress line on stderr. With several files, a last line gives the totals:\n"
            "  total: N files (K could not be read), E errors, W warnings\n"
            "\n"
            "Revisions: the format has four public revisions, r1 (Magenta era), r2\n"
            "(Zircon era), r3 (large records, magic number record, duration complete)\n"
            "and current (scheduling records, boolean arguments). Event types 4 to 9\n"
            "mean different events before and after r3. --revision auto checks all\n"
            "four (a revision other than current stops at its first error), says which\n"
            "the trace conforms to, then prints the issues of the newest conforming\n"
            "revision (of current if none conforms):\n"
            "  trace.fxt: conforms to r3, current; not r1 (E0006 record-type-unknown at\n"
            "  0x1a8), not r2 (E0006 record-type-unknown at 0x1a8)\n"
            "and exits 0 if the trace conforms to at least one revision.\n"
            "\n"
            "Exit status:\n"
            "  0  no errors (warnings allowed unless --Werror)\n"
            "  1  errors found (or warnings, with --Werror)\n"
            "  2  usage error, an I/O error on any file (missing, unreadable, a\n"
            "     directory; the other files are still validated), a failed write\n"
            "     of the output (the work stops there), or of the step summary\n"
            "  3  no errors found, but a capacity limit kept part of a trace from being\n"
            "     checked (the message says which --max-* option raises it): the trace\n"
            "     is not known to conform\n"
            "\n"
            "Configuration: " RC_NAME ", the first one in the trace's directory or above\n"
            "(for standard input: --stdin-filename's, else the current directory's):\n"
            "'key = value' lines, '#' comments, and [GLOB] sections for some traces\n"
            "(a GLOB with '/' matches the path relative to the file's directory, one\n"
            "without matches the file name). Keys: revision, ignore (adds up),\n"
            "allow-unknown, max-issues, max-providers, max-threads, max-async,\n"
            "max-flows, Werror (true/false), srcroot (relative to the file). The\n"
            "command line wins over the file; man fxt-validate has an example.\n",
            DEFAULT_MAX_ISSUES, datadir, datadir);
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
    char err[200];
    if (rc_parse_ignores(list, o, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, PROG ": --ignore: %s\n", err);
    return -1;
}

/** Parse a --max-issues value: decimal digits only. */
static int parse_count(const char *s, uint64_t *out) { return rc_parse_count(s, out); }

/** Flush stdout; a write error (disk full, closed pipe...) turns RC into 2. */
static int finish_stdout(session *s, int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout) || s->write_failed) {
        int e = s->write_failed ? s->write_errno : errno;
        fprintf(stderr, PROG ": error writing standard output: %s\n", strerror(e ? e : EIO));
        return EXIT_TROUBLE;
    }
    return rc;
}

enum {
    OPT_WERROR = 256,
    OPT_ALLOW_UNKNOWN,
    OPT_JSON,
    OPT_LIST_RULES,
    OPT_TIMING,
    OPT_EXPLAIN_RULE,
    OPT_MAX_PROVIDERS,
    OPT_MAX_THREADS,
    OPT_MAX_ASYNC,
    OPT_MAX_FLOWS,
    OPT_THREADS,
    OPT_STDIN_FILENAME,
    OPT_COLOR,
    OPT_BASELINE,
    OPT_WRITE_BASELINE,
    OPT_SRCROOT,
    OPT_CONFIG,
    OPT_NO_CONFIG,
    OPT_PRINT_CONFIG
};

/** The largest value of a --max-* limit (memory, not the format, bounds them). */
#define LIMIT_MAX ((uint64_t)1 << 30)

/** Parse a --max-* value: decimal digits, 1 to LIMIT_MAX. */
static int parse_limit(const char *s, size_t *out)
{
    uint64_t v;
    if (parse_count(s, &v) != 0 || v == 0 || v > LIMIT_MAX)
        return -1;
    *out = (size_t)v;
    return 0;

}

/** --color=auto: standard output is a terminal, NO_COLOR is unset or
 *  empty (no-color.org), and TERM is not "dumb". */
static int auto_color(void)
{
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && !(no && no[0]) && !(term && strcmp(term, "dumb") == 0);
}

/** --threads' largest value (the library's cap). */
#define MAX_CHECK_THREADS 64u
/** --threads' default at most: the most threads measured to pay (on two
 *  cores; bench/README.md, "Threads"). */
#define DEFAULT_THREADS_CAP 2u

/** --threads' default: the cores online, at most
 *  DEFAULT_THREADS_CAP; 1 where that is unknown. */
static unsigned default_threads(void)
{
    long n = 1;
#ifdef _SC_NPROCESSORS_ONLN
    n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
    return n < 1 ? 1u : n > (long)DEFAULT_THREADS_CAP ? DEFAULT_THREADS_CAP : (unsigned)n;
}
/** --format NAME, in any case (SARIF, JUnit...). */
static int parse_format(const char *s, out_format *out)
{
    static const char *const names[] = {"text",  "json",   "sarif", "github",
                                        "junit", "gitlab", "short"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(s, names[i]) == 0) {
            *out = (out_format)i;
            return 0;
        }
    return -1;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"ignore", required_argument, NULL, 'i'},
        {"max-issues", required_argument, NULL, 'm'},
        {"revision", required_argument, NULL, 'r'},
        {"format", required_argument, NULL, 'f'},
        {"allow-unknown", no_argument, NULL, OPT_ALLOW_UNKNOWN},
        {"Werror", no_argument, NULL, OPT_WERROR},
        {"quiet", no_argument, NULL, 'q'},
        {"stats", no_argument, NULL, 's'},
        {"timing", no_argument, NULL, OPT_TIMING},
        {"json", no_argument, NULL, OPT_JSON},
        {"explain", no_argument, NULL, 'e'},
        {"explain-rule", required_argument, NULL, OPT_EXPLAIN_RULE},
        {"list-rules", no_argument, NULL, OPT_LIST_RULES},
        {"max-providers", required_argument, NULL, OPT_MAX_PROVIDERS},
        {"max-threads", required_argument, NULL, OPT_MAX_THREADS},
        {"max-async", required_argument, NULL, OPT_MAX_ASYNC},
        {"max-flows", required_argument, NULL, OPT_MAX_FLOWS},
        {"threads", required_argument, NULL, 'j'},
        {"stdin-filename", required_argument, NULL, OPT_STDIN_FILENAME},
        {"color", required_argument, NULL, OPT_COLOR},
        {"colour", required_argument, NULL, OPT_COLOR},
        {"baseline", required_argument, NULL, OPT_BASELINE},
        {"write-baseline", required_argument, NULL, OPT_WRITE_BASELINE},
        {"srcroot", required_argument, NULL, OPT_SRCROOT},
        {"config", required_argument, NULL, OPT_CONFIG},
        {"no-config", no_argument, NULL, OPT_NO_CONFIG},
        {"print-config", required_argument, NULL, OPT_PRINT_CONFIG},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.base = fxt_options_default();
    cfg.base.revision = FXT_REV_CURRENT;
    cfg.base.threads = default_threads();
    cfg.base.flags |= FXT_OPT_CALLER_BUSY; /* (input.c's reader thread) */
    cfg.max_issues = DEFAULT_MAX_ISSUES;
    session s;
    memset(&s, 0, sizeof s);
    s.cfg = &cfg;
    int list = 0;
    int color_when = -1; /* --color: 1 always, 0 never, -1 auto */
    const char *explain_rule_name = NULL, *print_config_path = NULL;

    int c;
    opterr = 0; /* our own messages, prefixed with the program's name rather than argv[0] */
    while ((c = getopt_long(argc, argv, ":i:m:r:f:j:eqshV", longopts, NULL)) != -1) {
        switch (c) {
        case 'i':
            cfg.cli_set |= RC_IGNORE;
            if (add_ignores(&cfg.base, optarg) != 0) {
                fprintf(stderr, "Try '" PROG " --list-rules' for the rule ids and names.\n");
                return EXIT_TROUBLE;
            }
            break;
        case 'm':
            cfg.cli_set |= RC_MAX_ISSUES;
            if (parse_count(optarg, &cfg.max_issues) != 0)
                return usage_error("--max-issues: '%s' is not a count (0 = no limit)", optarg);
            break;
        case 'r':
            cfg.cli_set |= RC_REVISION;
            if (fxt_revision_parse(optarg, &cfg.base.revision) != 0)
                return usage_error("--revision: '%s' is not r1, r2, r3, current or auto", optarg);
            break;
        case 'f':
            if (parse_format(optarg, &cfg.format) != 0)
                return usage_error(
                    "--format: '%s' is not text, short, json, sarif, github, junit or gitlab", optarg);
            break;
        case OPT_ALLOW_UNKNOWN:
            cfg.base.flags |= FXT_OPT_ALLOW_UNKNOWN;
            cfg.cli_set |= RC_ALLOW_UNKNOWN;
            break;
        case OPT_WERROR:
            cfg.werror = 1;
            cfg.cli_set |= RC_WERROR;
            break;
        case OPT_BASELINE: cfg.baseline = optarg; break;
        case OPT_WRITE_BASELINE: cfg.write_baseline = optarg; break;
        case OPT_SRCROOT:
            cfg.srcroot = optarg;
            cfg.cli_set |= RC_SRCROOT;
            break;
        case OPT_CONFIG: cfg.rcpath = optarg; break;
        case OPT_NO_CONFIG: cfg.no_config = 1; break;
        case OPT_PRINT_CONFIG: print_config_path = optarg; break;
        case 'q': cfg.quiet = 1; break;
        case 's': cfg.stats = 1; break;
        case OPT_TIMING: cfg.timing = 1; break;
        case OPT_JSON: cfg.format = FMT_JSON; break;
        case 'e': cfg.explain = 1; break;
        case OPT_EXPLAIN_RULE: explain_rule_name = optarg; break;
        case OPT_LIST_RULES: list = 1; break;
        case OPT_MAX_PROVIDERS:
        case OPT_MAX_THREADS:
        case OPT_MAX_ASYNC:
        case OPT_MAX_FLOWS: {
            size_t n;
            if (parse_limit(optarg, &n) != 0) {
                char msg[160];
                snprintf(msg, sizeof msg, "--%s: '%.60s' is not a whole number from 1 to %llu",
                         c == OPT_MAX_PROVIDERS ? "max-providers"
                         : c == OPT_MAX_THREADS ? "max-threads"
                         : c == OPT_MAX_ASYNC   ? "max-async"
                                                : "max-flows",
                         optarg, (unsigned long long)LIMIT_MAX);
                return usage_error("%s", msg);
            }
            cfg.cli_set |= c == OPT_MAX_PROVIDERS ? RC_MAX_PROVIDERS
                           : c == OPT_MAX_THREADS ? RC_MAX_THREADS
                           : c == OPT_MAX_ASYNC   ? RC_MAX_ASYNC
                                                  : RC_MAX_FLOWS;
            *(c == OPT_MAX_PROVIDERS ? &cfg.base.max_providers
              : c == OPT_MAX_THREADS ? &cfg.base.max_threads
              : c == OPT_MAX_ASYNC   ? &cfg.base.max_async
                                     : &cfg.base.max_flows) = n;
            break;
        }
        case 'j': {
            char *e;
            errno = 0;
            unsigned long n = strtoul(optarg, &e, 10);
            if (e == optarg || *e != '\0' || errno != 0 || optarg[0] == '-' || n < 1 ||
                n > MAX_CHECK_THREADS)
            {
                char msg[160];
                snprintf(msg, sizeof msg, "--threads: '%.60s' is not a whole number from 1 to %u",
                         optarg, MAX_CHECK_THREADS);
                return usage_error("%s", msg);
            }
            cfg.base.threads = (unsigned)n;
            break;
        }
        case OPT_STDIN_FILENAME:
            if (optarg[0] == '\0')
                return usage_error("%s", "--stdin-filename: the name is empty");
            cfg.stdin_name = optarg;
            break;
        case OPT_COLOR:
            if (strcmp(optarg, "always") == 0)
                color_when = 1;
            else if (strcmp(optarg, "never") == 0)
                color_when = 0;
            else if (strcmp(optarg, "auto") == 0)
                color_when = -1;
            else
                return usage_error("--color: '%s' is not auto, always or never", optarg);
            break;
        case 'h': usage(stdout); return finish_stdout(&s, EXIT_CLEAN);
        case 'V':
            printf(PROG " %s (FXT spec revisions: %s)\n", fxt_version(), FXT_SPEC_REVISIONS);
            return finish_stdout(&s, EXIT_CLEAN);
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
    if (cfg.stdin_name && nstdin == 0 && !explain_rule_name && !list)
        return usage_error("%s", "--stdin-filename names standard input, but no FILE is '-'");
    if (explain_rule_name)
        return finish_stdout(&s, explain_rule(explain_rule_name));
    if (list) {
        if (cfg.format != FMT_TEXT && cfg.format != FMT_JSON)
            return usage_error("%s", "--list-rules prints text or JSON (--json)");
        return finish_stdout(&s, report_list_rules(cfg.format == FMT_JSON));
    }
    if (cfg.explain && cfg.format != FMT_TEXT)
        return usage_error("%s", "--explain goes with the text format only");
    if (cfg.rcpath && cfg.no_config)
        return usage_error("%s", "--config and --no-config contradict each other");
    if (setup_paths(&s) != 0)
        return EXIT_TROUBLE;
    if (print_config_path) {
        int prc = print_config(&s, print_config_path);
        session_free(&s);
        return finish_stdout(&s, prc);
    }
    if (optind >= argc)
        return usage_error("%s", "no input files (use '-' for standard input)");
    cfg.need_fp = cfg.format == FMT_SARIF || cfg.format == FMT_GITLAB || cfg.baseline ||
                  cfg.write_baseline;
    if (setup_baselines(&s) != 0) {
        session_free(&s);
        return EXIT_TROUBLE;
    }
    cfg.progress = !cfg.quiet && isatty(STDERR_FILENO);
    cfg.color = (cfg.format == FMT_TEXT || cfg.format == FMT_SHORT) &&
                (color_when == 1 || (color_when == -1 && auto_color()));

    arena a;
    a.buf = malloc(CHUNK_BYTES);
    a.ring = cfg.explain ? malloc(RING_BYTES) : NULL;
    if (!a.buf || (cfg.explain && !a.ring)) {
        fprintf(stderr, PROG ": %s\n", strerror(errno ? errno : ENOMEM));
        free(a.buf);
        free(a.ring);
        return EXIT_TROUBLE;
    }
    int rc = EXIT_CLEAN, begun = report_begin(&s) == 0;
    if (!begun) {
        fprintf(stderr, PROG ": cannot set up the %s output: %s\n",
                cfg.format == FMT_SARIF ? "SARIF" : "JUnit", strerror(errno ? errno : ENOMEM));
        rc = EXIT_TROUBLE;
    }
    check_stdout(&s);
    for (int i = optind; begun && i < argc && !s.write_failed; i++) {
        int frc = validate_file(&s, argv[i], &a, i == optind);
        rc = worse(rc, frc);
    }
    free(a.buf);
    free(a.ring);
    if (begun && !s.write_failed)
        report_end(&s, s.side_error[0] ? EXIT_TROUBLE : rc);
    report_free(&s);
    if (finish_baselines(&s, begun && !s.write_failed) != 0)
        rc = EXIT_TROUBLE;
    session_free(&s);
    if (!begun)
        return EXIT_TROUBLE;
    if (s.side_error[0]) {
        fflush(stdout);
        fprintf(stderr, PROG ": %s\n", s.side_error);
        rc = EXIT_TROUBLE;
    }
    return finish_stdout(&s, rc);
}
