/* SPDX-License-Identifier: MIT */
/*
 * report_sarif.c - fxt-validate --format sarif: one SARIF 2.1.0 log, one
 * run, shaped for GitHub code scanning (docs/ci.md describes every
 * property):
 *
 *   - the catalogue as the driver's rules, each with its help (text and
 *     Markdown, from the library's rule help) and a helpUri to its section
 *     of the published spec;
 *   - a result per issue: region { startLine 1 (a binary file is one
 *     "line"), byteOffset, byteLength }, a relative URI against %SRCROOT%
 *     (the current directory, in originalUriBaseIds) or a file:// URI, and
 *     partialFingerprints that survive records inserted before the issue;
 *   - per-file verdicts and counts in run.properties; I/O errors and
 *     --max-issues notes as tool execution notifications;
 *   - with --baseline, each result's baselineState: "new", or "unchanged"
 *     for a known issue (kept: code scanning closes as fixed an alert whose
 *     result is left out, and it ignores baselineState); the entries no
 *     longer found are listed in run.properties, never as "absent" results
 *     (code scanning would open an alert for each).
 *
 * Results are streamed; notifications and per-file properties wait in
 * temporary files until the end. At most SARIF_MAX_RESULTS results are
 * written (GitHub rejects a run with more), new ones first: "unchanged"
 * ones wait in a temporary file and take what room is left; the rest are
 * counted and said.
 */
#define _GNU_SOURCE /* getline */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fxt/version.h"
#include "fingerprint.h"
#include "report.h"

/** Results per run GitHub code scanning accepts (its documented limit). */
#define SARIF_MAX_RESULTS 25000u
typedef struct sarif {
    FILE *notes, *props;         /**< notifications, per-file properties */
    FILE *unchanged;             /**< "unchanged" results (--baseline), one a line */
    uint64_t notes_out, props_out, results_out, dropped, unchanged_out;
    char *cwd;                   /**< %SRCROOT%: --srcroot, else the current
                                      directory, or NULL */
    const session *s;
    char help[16384];            /**< a rule's help being written */
} sarif;

/* ---- locations --------------------------------------------------------------- */

/** The artifactLocation object of file NAME: a relative path against
 *  %SRCROOT%, an absolute one as a file:// URI. */
static void put_artifact(const sarif *x, FILE *f, const char *name)
{
    char buf[4096];
    name = site_name(x->s, name, buf, sizeof buf);
    fputs("{\"uri\":\"", f);
    put_uri(f, name);
    fputs(name[0] == '/' ? "\"}" : "\",\"uriBaseId\":\"%SRCROOT%\"}", f);
}

/** A file:// URI of directory DIR ending in '/'. */
static void put_dir_uri(FILE *f, const char *dir)
{
    put_uri(f, dir);
    if (dir[strlen(dir) - 1] != '/')
        putc('/', f);
}

/* ---- the run ------------------------------------------------------------------- */

/** "Msg. Explanation" of RI (GitHub shows at most 1024 characters). */
static void full_description(const fxt_rule_info *ri, char *buf, size_t size)
{
    const fxt_rule_help *h = fxt_rule_help_get(ri->rule);
    size_t n = (size_t)snprintf(buf, size, "%c%s. %s",
                                ri->message[0] >= 'a' && ri->message[0] <= 'z'
                                    ? ri->message[0] - 'a' + 'A'
                                    : ri->message[0],
                                ri->message + 1, h ? h->explanation : "");
    if (n >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
}

static void sarif_rule(sarif *x, const fxt_rule_info *ri)
{
    FILE *o = stdout;
    char full[1024];
    fputs("{\"id\":", o);
    put_json(o, ri->id);
    fputs(",\"name\":", o);
    put_json(o, ri->name);
    fputs(",\"shortDescription\":{\"text\":", o);
    put_json(o, ri->message);
    full_description(ri, full, sizeof full);
    fputs("},\"fullDescription\":{\"text\":", o);
    put_json(o, full);
    fxt_rule_help_format(ri->rule, 0, x->help, sizeof x->help);
    fputs("},\"help\":{\"text\":", o);
    put_json(o, x->help);
    fxt_rule_help_format(ri->rule, 1, x->help, sizeof x->help);
    fputs(",\"markdown\":", o);
    put_json(o, x->help);
    const char *anchor = fxt_rule_spec_anchor(ri->rule);
    fprintf(o, "},\"helpUri\":\"" FXT_SPEC_URL "%s%s\"", anchor ? "#" : "", anchor ? anchor : "");
    fprintf(o, ",\"defaultConfiguration\":{\"level\":\"%s\"},\"properties\":{\"revisions\":",
            sev_name(ri->severity));
    put_revisions_json(o, ri->revisions);
    fprintf(o, ",\"tags\":[\"fxt\"],\"precision\":\"very-high\",\"problem.severity\":\"%s\"}}",
            sev_name(ri->severity));
}

int sarif_begin(session *s)
{
    sarif *x = calloc(1, sizeof *x);
    if (!x)
        return -1;
    s->fmt = x;
    x->notes = tmpfile();
    x->props = tmpfile();
    x->unchanged = s->bl ? tmpfile() : NULL;
    x->s = s;
    if (!x->notes || !x->props || (s->bl && !x->unchanged))
        return -1;
    /* NULL if it is gone: then no base is named */
    x->cwd = s->srcroot ? strdup(s->srcroot) : getcwd(NULL, 0);
    printf("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
           "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"" PROG "\","
           "\"version\":\"%s\",\"semanticVersion\":\"%s\",\"rules\":[",
           FXT_VERSION, FXT_VERSION);
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        fputs(i ? ",\n" : "\n", stdout);
        sarif_rule(x, fxt_rule_at(i));
    }
    fputs("]}}", stdout);
    if (x->cwd && x->cwd[0] == '/') {
        fputs(",\"originalUriBaseIds\":{\"%SRCROOT%\":{\"uri\":\"", stdout);
        put_dir_uri(stdout, x->cwd);
        fputs(s->srcroot ? "\",\"description\":{\"text\":\"The source root (--srcroot): "
                           "relative paths are relative to it.\"}}}"
                         : "\",\"description\":{\"text\":\"The directory " PROG
                           " ran in: relative paths are relative to it.\"}}}",
              stdout);
    }
    fputs(",\"results\":[", stdout);
    return 0;
}

/** Result CI to O (STATE: its baselineState, or NULL). */
static void put_result(sarif *x, FILE *o, run *r, const cli_issue *ci, const char *state)
{
    const fxt_issue *is = &ci->is;
    issue_parts p;
    issue_parts_of(is, &p);
    /* the bytes of the offending field inside the input: the end of what
     * was fed bounds it (an issue may be about bytes that are missing) */
    uint64_t off = is->field_offset < r->fed ? is->field_offset : r->fed;
    uint64_t len = is->field_len < r->fed - off ? is->field_len : r->fed - off;
    fputs("{\"ruleId\":", o);
    put_json(o, p.id);
    for (unsigned i = 0; i < fxt_rule_count(); i++)
        if (fxt_rule_at(i)->rule == is->rule)
            fprintf(o, ",\"ruleIndex\":%u", i);
    fprintf(o, ",\"level\":\"%s\",\"message\":{\"text\":", sev_name(is->severity));
    /* the text line without the file name, which the location carries */
    char text[sizeof p.head + sizeof is->message + 160];
    snprintf(text, sizeof text, "%s%.*s (spec: %s)", p.head, (int)p.mlen, p.msg,
             issue_section(is, r->rev));
    put_json(o, text);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":", o);
    put_artifact(x, o, r->name);
    fprintf(o, ",\"region\":{\"startLine\":1,\"byteOffset\":%" PRIu64 ",\"byteLength\":%" PRIu64
           "}}}]",
           off, len);
    char fp[FP_TEXT_MAX];
    fp_text(ci->fp_hash, ci->fp_n[r->rev], fp);
    fprintf(o, ",\"partialFingerprints\":{\"primaryLocationLineHash\":\"%s\",\"fxtIssue/v1\":\"%s\"}",
           fp, fp);
    fprintf(o, ",\"properties\":{\"recordOffset\":%" PRIu64 ",\"recordIndex\":%" PRIu64
           ",\"fieldOffset\":%" PRIu64 ",\"fieldLength\":%" PRIu32 ",\"bits\":",
           is->record_offset, is->record_index, is->field_offset, is->field_len);
    if (is->bit_lo >= 0 && is->bit_hi >= is->bit_lo)
        fprintf(o, "[%d,%d]", is->bit_lo, is->bit_hi);
    else
        fputs("null", o);
    fputs(",\"recordType\":", o);
    if (issue_has_record(is))
        put_json(o, fxt_record_type_name(is->record_type));
    else
        fputs("null", o);
    fprintf(o, ",\"revision\":\"%s\",\"revisions\":", fxt_revision_name(r->rev));
    put_revisions_json(o, is->revisions);
    fputs("}", o);
    if (state)
        fprintf(o, ",\"baselineState\":\"%s\"", state);
    fputs("}", o);
}

void sarif_issue(run *r, const cli_issue *ci)
{
    sarif *x = r->s->fmt;
    if (r->s->bl && !(ci->shown & FXT_REV_BIT(r->rev))) {
        put_result(x, x->unchanged, r, ci, "unchanged"); /* after the new ones */
        fputc('\n', x->unchanged);
        x->unchanged_out++;
        return;
    }
    if (x->results_out >= SARIF_MAX_RESULTS) {
        x->dropped++;
        return;
    }
    fputs(x->results_out++ ? ",\n" : "\n", stdout);
    put_result(x, stdout, r, ci, r->s->bl ? "new" : NULL);
}

/** A tool notification about file NAME (NULL: the run) into the spool. */
static void note(sarif *x, const char *name, const char *level, const char *text)
{
    FILE *f = x->notes;
    fprintf(f, "%s{\"level\":\"%s\",\"message\":{\"text\":", x->notes_out++ ? ",\n" : "\n", level);
    put_json(f, text);
    fputc('}', f);
    if (name) {
        fputs(",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":", f);
        put_artifact(x, f, name);
        fputs("}}]", f);
    }
    fputc('}', f);
}

/** The verdict of each revision checked (run.properties.files[].verdicts). */
static void verdicts_json(FILE *f, const run *r)
{
    int first = 1;
    fputs(",\"verdicts\":{", f);
    for (unsigned k = 0; k < FXT_REV_COUNT; k++) {
        const fxt_revision_verdict *vd = &r->verdicts[k];
        if (!vd->checked)
            continue;
        fprintf(f, "%s\"%s\":{\"verdict\":\"%s\",\"errors\":%" PRIu64 ",\"warnings\":%" PRIu64
                   ",\"firstError\":",
                first ? "" : ",", fxt_revision_name((fxt_revision)k),
                vd->conforms ? "conforms" : "fails", vd->errors, vd->warnings);
        first = 0;
        const fxt_rule_info *ri = fxt_rule_get(vd->first_error);
        if (ri)
            fprintf(f, "{\"ruleId\":\"%s\",\"name\":\"%s\",\"byteOffset\":%" PRIu64 "}", ri->id,
                    ri->name, vd->first_error_offset);
        else
            fputs("null", f);
        fprintf(f, ",\"complete\":%s,\"stopOffset\":", vd->complete ? "true" : "false");
        if (vd->complete)
            fputs("null", f);
        else
            fprintf(f, "%" PRIu64, vd->stop_offset);
        fputc('}', f);
    }
    fputc('}', f);
}

/** One file's entry of run.properties.files. */
static void file_props(sarif *x, const run *r, const fxt_stats *st, const char *io_error,
                       double secs)
{
    FILE *f = x->props;
    fputs(x->props_out++ ? ",\n{\"artifactLocation\":" : "\n{\"artifactLocation\":", f);
    put_artifact(x, f, r->name);
    if (io_error) {
        fputs(",\"ioError\":", f);
        put_json(f, io_error);
        fputc('}', f);
        return;
    }
    fprintf(f, ",\"revision\":\"%s\",\"records\":%" PRIu64 ",\"bytes\":%" PRIu64
               ",\"errors\":%" PRIu64 ",\"warnings\":%" PRIu64
               ",\"bigEndian\":%s,\"stopped\":%s,\"resultsNotShown\":%" PRIu64,
            fxt_revision_name(r->rev), st->records, st->bytes, st->errors, st->warnings,
            st->big_endian ? "true" : "false", st->stopped ? "true" : "false", hidden_total(r));
    if (r->s->bl) {
        fprintf(f, ",\"knownIssues\":%" PRIu64 ",\"baselineAbsent\":",
                r->known[r->rev][0] + r->known[r->rev][1]);
        absent_json(r, f, "ruleId");
    }
    unchecked_json(f, st->unchecked);
    verdicts_json(f, r);
    fputs(",\"issuesByRule\":{", f);
    int first = 1;
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if ((unsigned)ri->rule < FXT_R_END_ && rule_count(r, ri->rule)) {
            fprintf(f, "%s\"%s\":%" PRIu64, first ? "" : ",", ri->id, rule_count(r, ri->rule));
            first = 0;
        }
    }
    fputc('}', f);
    if (r->cfg->stats) {
        put_counts_json(f, "recordTypes", st->by_type, fxt_record_type_name);
        put_counts_json(f, "eventTypes", st->events_by_type, event_count_name);
        fputs(",\"providers\":[", f);
        size_t np = r->v ? fxt_validator_provider_count(r->v) : 0;
        for (size_t i = 0; i < np; i++) {
            fxt_provider_stats ps;
            if (fxt_validator_provider(r->v, i, &ps) != 0)
                continue;
            fprintf(f, "%s{\"id\":%" PRIu32 ",\"implicit\":%s,\"name\":", i ? "," : "", ps.id,
                    ps.implicit ? "true" : "false");
            put_json_n(f, ps.name, strnlen(ps.name, sizeof ps.name));
            fprintf(f, ",\"records\":%" PRIu64, ps.records);
            put_counts_json(f, "recordTypes", ps.by_type, fxt_record_type_name);
            fputc('}', f);
        }
        fprintf(f, "],\"seconds\":%.6f", secs);
    }
    fputc('}', f);
}

void sarif_file_end(run *r, const fxt_stats *st, const char *io_error, double secs)
{
    sarif *x = r->s->fmt;
    file_props(x, r, st, io_error, secs);
    if (io_error) {
        note(x, r->name, "error", io_error);
        return;
    }
    char buf[256];
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if ((unsigned)ri->rule < FXT_R_END_ && r->hidden[r->rev][ri->rule]) {
            hidden_note(r, ri, buf, sizeof buf);
            note(x, r->name, "note", buf);
        }
    }
    const char *notes[MAX_NOTES];
    size_t nn = file_notes(r, st, notes);
    for (size_t i = 0; i < nn; i++)
        note(x, r->name, "note", notes[i]);
    if (r->absent) {
        snprintf(buf, sizeof buf,
                 "%zu --baseline %s no longer %s (run.properties.files[].baselineAbsent; "
                 "--write-baseline rewrites the baseline)",
                 r->absent, plural(r->absent, "entry", "entries"),
                 plural(r->absent, "occurs", "occur"));
        note(x, r->name, "note", buf);
    }
}

/** Copy spool F to standard output. */
static void copy_out(FILE *f)
{
    char buf[4096];
    size_t k;
    rewind(f);
    while ((k = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, k, stdout);
}

/** The "unchanged" results, after the new ones, as many as there is room
 *  for (the rest are counted in x->dropped). */
static void unchanged_out(sarif *x)
{
    if (!x->unchanged)
        return;
    if (fflush(x->unchanged) != 0 || ferror(x->unchanged))
        side_failure((session *)x->s, "cannot write a temporary file", errno);
    rewind(x->unchanged);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, x->unchanged)) > 0) {
        if (x->results_out >= SARIF_MAX_RESULTS) {
            x->dropped++;
            continue;
        }
        fputs(x->results_out++ ? ",\n" : "\n", stdout);
        fwrite(line, 1, (size_t)n - 1, stdout); /* without its newline */
    }
    free(line);
}

void sarif_end(session *s, int rc)
{
    sarif *x = s->fmt;
    unchanged_out(x);
    if (x->dropped) {
        char buf[256];
        snprintf(buf, sizeof buf,
                 "%" PRIu64 " more %s not written: GitHub code scanning accepts at most %u results "
                 "per run (--max-issues limits them per rule and file)",
                 x->dropped, plural(x->dropped, "result", "results"), SARIF_MAX_RESULTS);
        note(x, NULL, "warning", buf);
    }
    printf("\n],\"invocations\":[{\"executionSuccessful\":%s,\"exitCode\":%d",
           rc == 2 ? "false" : "true", rc);
    char *wd = getcwd(NULL, 0);
    if (wd && wd[0] == '/') {
        fputs(",\"workingDirectory\":{\"uri\":\"", stdout);
        put_dir_uri(stdout, wd);
        fputs("\"}", stdout);
    }
    free(wd);
    fputs(",\"toolExecutionNotifications\":[", stdout);
    copy_out(x->notes);
    printf("]}],\"properties\":{\"revision\":\"%s\",\"files\":[",
           fxt_revision_name(s->cfg->base.revision));
    copy_out(x->props);
    fputs("\n]}}]}\n", stdout);
    if (ferror(x->notes) || ferror(x->props))
        side_failure(s, "cannot write a temporary file", 0);
}

void sarif_free(session *s)
{
    sarif *x = s->fmt;
    if (!x)
        return;
    if (x->notes)
        fclose(x->notes);
    if (x->props)
        fclose(x->props);
    if (x->unchanged)
        fclose(x->unchanged);
    free(x->cwd);
    free(x);
    s->fmt = NULL;
}
