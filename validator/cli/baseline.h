/* SPDX-License-Identifier: MIT */
/*
 * baseline.h - fxt-validate --baseline / --write-baseline: the issues a
 * repository already knows about, by file and fxtIssue/v1 fingerprint.
 *
 * The file is text, one issue a line, tab-separated:
 *
 *     # fxt-validate baseline v1: FINGERPRINT<TAB>RULE<TAB>FILE
 *     8c1f0b1a2d3e4f50:1	E0053	traces/bad.fxt
 *
 * FILE as SARIF names it (relative to --srcroot, or to the current
 * directory), with '\\', tab and newline written \\\\, \\t and \\n. RULE is
 * for the reader; the identity is (FILE, FINGERPRINT). '#' lines and empty
 * lines are skipped.
 */
#ifndef FXT_CLI_BASELINE_H
#define FXT_CLI_BASELINE_H

#include <stddef.h>
#include <stdio.h>

typedef struct baseline baseline;

/** Load baseline PATH into *OUT. 0, or -1 with "PATH:LINE: reason" in ERR. */
int baseline_load(baseline **out, const char *path, char *err, size_t errlen);
/** File FILE is being checked: its entries that are not taken are gone. */
void baseline_checking(baseline *b, const char *file);
/** 1 if (FILE, FP) is an entry (marked as occurring now), else 0. */
int baseline_take(baseline *b, const char *file, const char *fp);
/** The entries of FILE not taken so far (no longer occurring, once FILE
 *  is checked): FN(CTX, FINGERPRINT, RULE) for each unless FN is NULL;
 *  returns how many. */
size_t baseline_absent(const baseline *b, const char *file,
                       void (*fn)(void *ctx, const char *fp, const char *rule), void *ctx);
/** Write to F the entries of checked files that were not taken, one
 *  "  FILE: RULE FINGERPRINT" line each; returns how many. */
size_t baseline_gone(const baseline *b, FILE *f);
void baseline_free(baseline *b);

/** Write the header line of a new baseline to F. */
void baseline_write_header(FILE *f);
/** Write one entry to F. */
void baseline_write_entry(FILE *f, const char *fp, const char *rule, const char *file);

#endif /* FXT_CLI_BASELINE_H */
