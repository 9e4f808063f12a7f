/* SPDX-License-Identifier: MIT */
/*
 * report_github.c - fxt-validate --format github: GitHub Actions workflow
 * commands, and the job's step summary.
 *
 *   ::error file=F,line=1,title=ID name::record #N (TYPE): MESSAGE at 0xOFF
 *
 * per issue (::warning for warnings; line=1: a binary file is one line),
 * then per file one ::notice with its totals, verdict, top rules and notes
 * (GitHub shows only about ten annotations of each kind per step: the
 * notice keeps the totals in sight), or one ::error for a file that could
 * not be read. When GITHUB_STEP_SUMMARY names a file, a Markdown table of
 * the files (file, verdict, errors, warnings, top rules) is appended to it;
 * it is never truncated.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/** Rules named in a file's notice and summary row. */
#define TOP_RULES 3

typedef struct github {
    FILE *summary;     /**< GITHUB_STEP_SUMMARY opened for appending, or NULL */
    const char *path;  /**< its path */
} github;

/** Note a failed write of the step summary (once) and stop writing it. */
static void summary_failed(session *s, int err)
{
    github *g = s->fmt;
    char what[300];
    snprintf(what, sizeof what, "cannot write the step summary (GITHUB_STEP_SUMMARY=%.200s)",
             g->path);
    side_failure(s, what, err ? err : EIO);
    fclose(g->summary);
    g->summary = NULL;
}

int github_begin(session *s)
{
    github *g = calloc(1, sizeof *g);
    if (!g)
        return -1;
    s->fmt = g;
    const char *path = getenv("GITHUB_STEP_SUMMARY");
    if (path && path[0]) {
        g->path = path;
        g->summary = fopen(path, "a"); /* append: other steps' summaries stay */
        if (!g->summary) {
            char what[300];
            snprintf(what, sizeof what, "cannot open the step summary (GITHUB_STEP_SUMMARY=%.200s)",
                     path);
            side_failure(s, what, errno);
            return 0;
        }
        fputs("### " PROG "\n\n"
              "| file | verdict | errors | warnings | top rules |\n"
              "| --- | --- | ---: | ---: | --- |\n",
              g->summary);
    }
    return 0;
}

/** "::KIND file=NAME,line=1,title=TITLE::" */
static void command(const run *r, const char *kind, const char *title)
{
    const char *name = r->site;
    printf("::%s file=", kind);
    put_workflow(stdout, name, strlen(name), 1);
    fputs(",line=1,title=", stdout);
    put_workflow(stdout, title, strlen(title), 1);
    fputs("::", stdout);
}

void github_issue(const run *r, const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    issue_parts p;
    char title[96];
    issue_parts_of(is, &p);
    snprintf(title, sizeof title, "%s %s", p.id, p.name);
    command(r, sev_name(is->severity), title);
    fputs(p.head, stdout);
    put_workflow(stdout, p.msg, p.mlen, 0);
    printf(" at 0x%" PRIx64 "\n", is->field_offset);
}

/** The verdict of R for people: "conforms to current", "fails current",
 *  or --revision auto's verdict. */
static void verdict(const run *r, const fxt_stats *st, char *buf, size_t size)
{
    const uint64_t *kn = r->known[r->rev];
    if (r->cfg->base.revision == FXT_REV_AUTO)
        verdict_text(r, r->verdicts, buf, size);
    else if (st->errors || (r->cfg->werror && st->warnings))
        snprintf(buf, size, "fails %s%s", fxt_revision_name(r->rev),
                 st->errors ? "" : " (warnings, --Werror)");
    else if (kn[0] || (r->cfg->werror && kn[1])) /* never "conforms" */
        snprintf(buf, size, "fails %s, known issues only",
                 fxt_revision_name(r->rev));
    else if (st->unchecked) {
        char what[128];
        snprintf(buf, size, "not fully checked (a limit on %s: see W0055)",
                 unchecked_text(st->unchecked, what, sizeof what));
    } else
        snprintf(buf, size, "conforms to %s", fxt_revision_name(r->rev));
}

/** One row of the step summary. */
static void summary_row(run *r, const fxt_stats *st, const char *io_error)
{
    github *g = r->s->fmt;
    FILE *f = g->summary;
    char v[512], top[512];
    const char *name = r->site;
    fputs("| ", f);
    put_md_cell(f, name, strlen(name));
    fputs(" | ", f);
    if (io_error) {
        snprintf(v, sizeof v, "not read: %s", io_error);
        put_md_cell(f, v, strlen(v));
        fputs(" | | | |\n", f);
    } else {
        verdict(r, st, v, sizeof v);
        char kt[160];
        size_t vn = strlen(v);
        if (known_text(r, kt, sizeof kt)[0] && vn < sizeof v)
            snprintf(v + vn, sizeof v - vn, "; %s (--baseline)", kt);
        top_rules(r, TOP_RULES, top, sizeof top);
        put_md_cell(f, v, strlen(v));
        fprintf(f, " | %" PRIu64 " | %" PRIu64 " | ", st->errors, st->warnings);
        put_md_cell(f, top, strlen(top));
        fputs(" |\n", f);
    }
    if (fflush(f) != 0 || ferror(f))
        summary_failed(r->s, errno);
}

void github_file_end(run *r, const fxt_stats *st, const char *io_error)
{
    github *g = r->s->fmt;
    if (g->summary)
        summary_row(r, st, io_error);
    if (io_error) {
        command(r, "error", "I/O error");
        put_workflow(stdout, io_error, strlen(io_error), 0);
        putc('\n', stdout);
        return;
    }
    /* the totals, then what else a person needs to know, one per line */
    char text[2048], buf[512];
    size_t n = 0;
    counts_text(st, buf, sizeof buf);
    n += (size_t)snprintf(text + n, sizeof text - n, "%s", buf);
    verdict(r, st, buf, sizeof buf);
    n += (size_t)snprintf(text + n, sizeof text - n, "; %s", buf);
    top_rules(r, TOP_RULES, buf, sizeof buf);
    if (buf[0] && n < sizeof text)
        n += (size_t)snprintf(text + n, sizeof text - n, "\ntop rules: %s", buf);
    if (known_text(r, buf, sizeof buf)[0] && n < sizeof text)
        n += (size_t)snprintf(text + n, sizeof text - n, "\n%s (--baseline)", buf);
    uint64_t hidden = hidden_total(r);
    if (hidden && n < sizeof text)
        n += (size_t)snprintf(text + n, sizeof text - n,
                              "\n%" PRIu64 " more %s not shown (--max-issues %" PRIu64
                              " per rule; 0 shows all)",
                              hidden, plural(hidden, "issue", "issues"), r->cfg->max_issues);
    const char *notes[MAX_NOTES];
    size_t nn = file_notes(r, st, notes);
    for (size_t i = 0; i < nn && n < sizeof text; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "\n%s", notes[i]);
    command(r, "notice", PROG " totals");
    put_workflow(stdout, text, strlen(text), 0);
    putc('\n', stdout);
}

void github_end(session *s)
{
    github *g = s->fmt;
    if (!g->summary)
        return;
    fprintf(g->summary, "\n%" PRIu64 " %s", s->files, plural(s->files, "file", "files"));
    if (s->unreadable)
        fprintf(g->summary, " (%" PRIu64 " could not be read)", s->unreadable);
    fprintf(g->summary, ", %" PRIu64 " %s, %" PRIu64 " %s.\n\n", s->errors,
            plural(s->errors, "error", "errors"), s->warnings,
            plural(s->warnings, "warning", "warnings"));
    if (fflush(g->summary) != 0 || ferror(g->summary))
        summary_failed(s, errno);
}

void github_free(session *s)
{
    github *g = s->fmt;
    if (!g)
        return;
    if (g->summary && fclose(g->summary) != 0)
        side_failure(s, "cannot write the step summary", errno);
    free(g);
    s->fmt = NULL;
}
