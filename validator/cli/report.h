/* SPDX-License-Identifier: MIT */
/*
 * report.h - what fxt-validate's output formats share (report*.c); the rest
 * of the tool calls the report_* functions of cli.h.
 *
 *   report.c         text and JSON, the dispatch to the others, --list-rules
 *   report_sarif.c   SARIF 2.1.0 for code scanning
 *   report_github.c  GitHub Actions annotations and the step summary
 *   report_junit.c   JUnit XML
 *   report_gitlab.c  GitLab Code Quality JSON
 */
#ifndef FXT_CLI_REPORT_H
#define FXT_CLI_REPORT_H

#include "cli.h"

/** Notes a file can get (see file_notes). */
#define MAX_NOTES 4

/** Whether the issue is about one record (not the whole input). */
int issue_has_record(const fxt_issue *is);

/** What every format writes of an issue. */
typedef struct issue_parts {
    const char *id, *name; /**< the rule's ("?", "unknown-rule" if not in the catalogue) */
    const char *msg;       /**< the specific message, or the rule's text if it has none */
    size_t mlen;           /**< its length (not NUL-terminated when specific) */
    char head[96];         /**< "record #N (TYPE): " of an issue about a record, else "" */
} issue_parts;

/** The parts of issue IS into *P. */
void issue_parts_of(const fxt_issue *is, issue_parts *p);
/** Write ,"KEY":{...} of the non-zero counts C by type name (NAME). */
void put_counts_json(FILE *f, const char *key, const uint64_t c[16],
                     const char *(*name)(unsigned));
/** Name of event type T in the counts (fxt_stats.events_by_type): the
 *  current revision's name. */
const char *event_count_name(unsigned t);
/** Write MASK as a JSON array of revision names. */
void put_revisions_json(FILE *f, unsigned mask);
/** Hints for a human about the file as a whole (empty, not FXT, stopped);
 *  returns how many. */
size_t file_notes(const run *r, const fxt_stats *st, const char *notes[MAX_NOTES]);
/** The "N more [ID name] issues not shown" note of rule RI into BUF. */
void hidden_note(const run *r, const fxt_rule_info *ri, char *buf, size_t size);
/** Issues of the reported revision left out by --max-issues. */
uint64_t hidden_total(const run *r);
/** --revision auto's verdict, "conforms to r3, current; not r1 (E0006
 *  record-type-unknown at 0x1a8), ..." into BUF. */
void verdict_text(const run *r, const fxt_revision_verdict vd[FXT_REV_COUNT], char *buf,
                  size_t size);
/** What a capacity limit kept from being checked (fxt_stats.unchecked),
 *  "providers, threads", into BUF; "" when everything was checked. */
const char *unchecked_text(unsigned u, char *buf, size_t size);
/** ,"unchecked":["providers",...] for fxt_stats.unchecked U ([] if 0). */
void unchecked_json(FILE *f, unsigned u);
/** Issues of RULE in the file of R (its reported revision's). */
uint64_t rule_count(const run *r, fxt_rule rule);
/** The N rules with most issues as "E0010 string-ref-unregistered (12), ..."
 *  into BUF ("" when there are none). */
void top_rules(const run *r, unsigned n, char *buf, size_t size);
/** "2 records, 1 error, 0 warnings" into BUF. */
void counts_text(const fxt_stats *st, char *buf, size_t size);
/** The plain text line of issue CI (as the text format prints it, without
 *  colours or escapes) into BUF. */
void issue_line(const run *r, const cli_issue *ci, char *buf, size_t size);
/** Note the first failure of a side output (a temporary file, the step
 *  summary): WHAT, and ERR's text unless it is 0; fxt-validate then says
 *  so and exits with 2. */
void side_failure(session *s, const char *what, int err);
/** NAME without leading "./" (a path as code scanning and annotations
 *  resolve it against the repository root). */
const char *repo_path(const char *name);

/** The --baseline entries R's file no longer has (run.absent), as a JSON
 *  array of {RULE_KEY: id, "fingerprint": fxtIssue/v1} to F. */
void absent_json(const run *r, FILE *f, const char *rule_key);

/* report_sarif.c */
int sarif_begin(session *s);
void sarif_issue(run *r, const cli_issue *ci);
void sarif_file_end(run *r, const fxt_stats *st, const char *io_error, double secs);
void sarif_end(session *s, int rc);
void sarif_free(session *s);

/* report_github.c */
int github_begin(session *s);
void github_issue(const run *r, const cli_issue *ci);
void github_file_end(run *r, const fxt_stats *st, const char *io_error);
void github_end(session *s);
void github_free(session *s);

/* report_junit.c */
int junit_begin(session *s);
void junit_file_begin(run *r);
void junit_issue(run *r, const cli_issue *ci);
void junit_file_end(run *r, const fxt_stats *st, const char *io_error, double secs);
void junit_end(session *s);
void junit_free(session *s);

/* report_gitlab.c */
int gitlab_begin(session *s);
void gitlab_issue(const run *r, const cli_issue *ci);
void gitlab_end(session *s);

#endif /* FXT_CLI_REPORT_H */
