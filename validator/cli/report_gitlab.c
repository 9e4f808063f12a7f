/* SPDX-License-Identifier: MIT */
/*
 * report_gitlab.c - fxt-validate --format gitlab: GitLab's Code Quality
 * report (artifacts:reports:codequality), a JSON array of issues with the
 * fields GitLab documents: description, check_name, fingerprint (unique in
 * the report), severity (info, minor, major, critical, blocker) and
 * location { path relative to the repository, lines { begin } }. A binary
 * file is one "line": begin is 1 and the byte offset ends the description.
 */
#include <inttypes.h>
#include <string.h>

#include "fingerprint.h"
#include "report.h"
#include "sha256.h"

/** The report's state: issues written (for commas). */
typedef struct gitlab {
    uint64_t out;
} gitlab;

static gitlab the_gitlab; /* one report per process (the CLI, not the library) */

int gitlab_begin(session *s)
{
    memset(&the_gitlab, 0, sizeof the_gitlab);
    s->fmt = &the_gitlab;
    fputs("[", stdout);
    return 0;
}

void gitlab_issue(const run *r, const cli_issue *ci)
{
    gitlab *g = r->s->fmt;
    const fxt_issue *is = &ci->is;
    issue_parts p;
    issue_parts_of(is, &p);
    char text[sizeof p.head + sizeof is->message + 240];
    snprintf(text, sizeof text, "[%s %s] %s%.*s at 0x%" PRIx64 " (spec: %s)", p.id, p.name,
             p.head, (int)p.mlen, p.msg, is->field_offset, issue_section(is, r->rev));
    char check[128];
    snprintf(check, sizeof check, PROG "/%s", p.id);
    /* unique in the report: the file and the issue's fxtIssue/v1 */
    char fp[FP_TEXT_MAX], hex[65];
    fp_text(ci->fp_hash, ci->fp_n[r->rev], fp);
    sha256_ctx c;
    uint8_t d[32];
    sha256_init(&c);
    sha256_update(&c, r->site, strlen(r->site) + 1);
    sha256_update(&c, fp, strlen(fp));
    sha256_final(&c, d);
    for (unsigned i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
    fputs(g->out++ ? ",\n{\"description\":" : "\n{\"description\":", stdout);
    put_json(stdout, text);
    fputs(",\"check_name\":", stdout);
    put_json(stdout, check);
    printf(",\"fingerprint\":\"%s\",\"severity\":\"%s\",\"location\":{\"path\":", hex,
           is->severity == FXT_SEV_WARNING ? "minor" : "major");
    put_json(stdout, r->site);
    fputs(",\"lines\":{\"begin\":1}}}", stdout);
}

void gitlab_end(session *s)
{
    gitlab *g = s->fmt;
    fputs(g->out ? "\n]\n" : "]\n", stdout);
}
