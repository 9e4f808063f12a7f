/* SPDX-License-Identifier: MIT */
/*
 * report_junit.c - fxt-validate --format junit: JUnit XML, as GitLab,
 * Jenkins, Azure Pipelines and Buildkite read it.
 *
 *   <testsuites name="fxt-validate" tests= failures= errors=>
 *     <testsuite name="fxt-validate" tests= failures= errors= skipped="0">
 *       <testcase classname="fxt-validate" name="FILE" file="FILE">
 *         <failure type="ID name" message="...">the issue's text line</failure>
 *         ...                             (one per error shown)
 *         <system-out>warnings, notes, verdict, summary</system-out>
 *       </testcase>
 *       <testcase ...><error type="io-error" message="cannot open: ..."/></testcase>
 *
 * One test case per file, one <failure> per error (and per warning with
 * --Werror, which fails the file too); warnings and notes go to the test
 * case's <system-out>. A test case fails exactly when fxt-validate's exit
 * status would be 1 for that file alone; "failures" counts failed test
 * cases, "errors" files that could not be read; a test case's time
 * attribute only with --timing. The counts open the document, so test
 * cases wait in a temporary file until the end, and a file's failures and
 * <system-out> in two more until its end. Everything from the trace or
 * a file name is escaped (put_xml): the XML is well-formed whatever the
 * bytes.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

typedef struct junit {
    FILE *cases;   /**< the test cases written so far */
    FILE *fails;   /**< the current file's <failure> elements */
    FILE *out;     /**< the current file's <system-out> text */
    uint64_t failed, unread;
    uint64_t failures_here; /**< <failure> elements of the current file */
} junit;

int junit_begin(session *s)
{
    junit *j = calloc(1, sizeof *j);
    if (!j)
        return -1;
    s->fmt = j;
    j->cases = tmpfile();
    j->fails = tmpfile();
    j->out = tmpfile();
    return j->cases && j->fails && j->out ? 0 : -1;
}

/** Empty spool F for the next file. */
static void reset(session *s, FILE *f)
{
    rewind(f);
    if (ftruncate(fileno(f), 0) != 0)
        side_failure(s, "cannot write a temporary file", errno);
}

void junit_file_begin(run *r)
{
    junit *j = r->s->fmt;
    j->failures_here = 0;
    reset(r->s, j->fails);
    reset(r->s, j->out);
}

void junit_issue(run *r, const cli_issue *ci)
{
    junit *j = r->s->fmt;
    const fxt_issue *is = &ci->is;
    char line[sizeof is->message + 1024];
    issue_line(r, ci, line, sizeof line);
    if (is->severity == FXT_SEV_WARNING && !r->cfg->werror) {
        put_xml_z(j->out, line);
        putc('\n', j->out);
        return;
    }
    FILE *f = j->fails;
    issue_parts p;
    issue_parts_of(is, &p);
    fprintf(f, "<failure type=\"%s %s\" message=\"", p.id, p.name);
    put_xml_z(f, p.head);
    put_xml(f, p.msg, p.mlen);
    fprintf(f, " at 0x%" PRIx64 "\">", is->field_offset);
    put_xml_z(f, line);
    fputs("</failure>\n", f);
    j->failures_here++;
}

/** Copy spool F to OUT. */
static void copy(FILE *f, FILE *out)
{
    char buf[4096];
    size_t k;
    rewind(f);
    while ((k = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, k, out);
}

void junit_file_end(run *r, const fxt_stats *st, const char *io_error, double secs)
{
    junit *j = r->s->fmt;
    FILE *c = j->cases;
    fputs("<testcase classname=\"" PROG "\" name=\"", c);
    put_xml_z(c, r->name);
    fputs("\" file=\"", c);
    put_xml_z(c, repo_path(r->name));
    putc('"', c);
    if (r->cfg->timing || r->cfg->stats) /* plain output: the same bytes on every run */
        fprintf(c, " time=\"%.6f\"", secs);
    fputs(">\n", c);
    if (io_error) {
        j->unread++;
        fputs("<error type=\"io-error\" message=\"", c);
        put_xml_z(c, io_error);
        fputs("\"/>\n</testcase>\n", c);
        return;
    }
    char buf[512];
    int fails = st->errors > 0 || (r->cfg->werror && st->warnings > 0);
    if (fflush(j->fails) != 0 || ferror(j->fails))
        side_failure(r->s, "cannot write a temporary file", errno);
    copy(j->fails, c);
    if (fails && j->failures_here == 0) { /* every issue left out: still a failure */
        counts_text(st, buf, sizeof buf);
        fputs("<failure type=\"" PROG "\" message=\"", c);
        put_xml_z(c, buf);
        fputs("\"/>\n", c);
    }
    if (!fails && st->unchecked) { /* no pass for what was not checked (exit 3) */
        char what[128];
        snprintf(buf, sizeof buf, "not fully checked: a limit on %s (see W0055)",
                 unchecked_text(st->unchecked, what, sizeof what));
        fputs("<failure type=\"not-fully-checked\" message=\"", c);
        put_xml_z(c, buf);
        fputs("\"/>\n", c);
        fails = 1;
    }
    j->failed += fails;
    FILE *o = j->out;
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if ((unsigned)ri->rule < FXT_R_END_ && r->hidden[r->rev][ri->rule]) {
            hidden_note(r, ri, buf, sizeof buf);
            fputs("note: ", o);
            put_xml_z(o, buf);
            putc('\n', o);
        }
    }
    const char *notes[MAX_NOTES];
    size_t nn = file_notes(r, st, notes);
    for (size_t i = 0; i < nn; i++)
        fprintf(o, "note: %s\n", notes[i]); /* fixed texts: nothing to escape */
    if (r->cfg->base.revision == FXT_REV_AUTO) {
        verdict_text(r, r->verdicts, buf, sizeof buf);
        fprintf(o, "%s\n", buf);
    }
    counts_text(st, buf, sizeof buf);
    fprintf(o, "%s\n", buf);
    if (known_text(r, buf, sizeof buf)[0])
        fprintf(o, "%s (--baseline)\n", buf); /* digits and fixed words */
    if (fflush(o) != 0 || ferror(o))
        side_failure(r->s, "cannot write a temporary file", errno);
    fputs("<system-out>", c);
    copy(o, c);
    fputs("</system-out>\n</testcase>\n", c);
}

void junit_end(session *s)
{
    junit *j = s->fmt;
    if (fflush(j->cases) != 0 || ferror(j->cases))
        side_failure(s, "cannot write a temporary file", errno);
    char counts[160];
    snprintf(counts, sizeof counts,
             "tests=\"%" PRIu64 "\" failures=\"%" PRIu64 "\" errors=\"%" PRIu64 "\"", s->files,
             j->failed, j->unread);
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<testsuites name=\"" PROG "\" %s>\n"
           "<testsuite name=\"" PROG "\" %s skipped=\"0\">\n",
           counts, counts);
    copy(j->cases, stdout);
    fputs("</testsuite>\n</testsuites>\n", stdout);
}

void junit_free(session *s)
{
    junit *j = s->fmt;
    if (!j)
        return;
    if (j->cases)
        fclose(j->cases);
    if (j->fails)
        fclose(j->fails);
    if (j->out)
        fclose(j->out);
    free(j);
    s->fmt = NULL;
}
