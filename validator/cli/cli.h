/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the parts of fxt-validate share: settings, the state of one
 * file's run, and the functions of each part.
 *
 *   fxt-validate.c  options, the per-file driver, main
 *   settings.c      each file's settings (.fxtkitrc), --print-config,
 *                   --srcroot, baselines
 *   input.c         reading a file: a reader thread (mmap windows or
 *                   read(2)) a few parts ahead, progress line
 *   report*.c       the output formats: text, JSON, SARIF, GitHub annotations,
 *                   JUnit XML (report.h)
 *   explain.c       --explain (the offending word, ruler, fields), --explain-rule
 *   escape.c        writing untrusted bytes: terminal text, JSON, workflow
 *                   commands, URIs, XML, Markdown table cells
 */
#ifndef FXT_CLI_H
#define FXT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "fxt/validate.h"
#include "input.h"

#define PROG "fxt-validate"

/** Output formats (--format). */
typedef enum out_format {
    FMT_TEXT = 0,
    FMT_JSON,
    FMT_SARIF,
    FMT_GITHUB,
    FMT_JUNIT,
    FMT_GITLAB,
    FMT_SHORT
} out_format;

/** Command-line settings, fixed after option parsing. */
typedef struct config {
    fxt_options base;    /**< flags, ignore set and revision for every validator */
    uint64_t max_issues; /**< per rule, revision and file; 0 = unlimited */
    out_format format;
    int quiet, stats, timing, werror, explain;
    int progress;        /**< stderr is a terminal and not --quiet */
    int color;           /**< colour the text output (--color, NO_COLOR, a terminal) */
    const char *stdin_name; /**< --stdin-filename: standard input's name, or NULL */
    const char *baseline;   /**< --baseline FILE, or NULL */
    const char *write_baseline; /**< --write-baseline FILE, or NULL */
    const char *srcroot;    /**< --srcroot DIR as given, or NULL */
    const char *rcpath;     /**< --config FILE, or NULL (search upward) */
    int no_config;          /**< --no-config */
    unsigned cli_set;       /**< RC_* bits (rcfile.h) the command line set: they win */
    int need_fp;            /**< fingerprints are computed (SARIF, GitLab, baselines) */
} config;

/** State shared by every file of one run. */
typedef struct session {
    const config *cfg;
    uint64_t errors, warnings; /**< totals over the files */
    uint64_t files;            /**< files done */
    uint64_t unreadable;       /**< of those, files that could not be read */
    void *fmt;                 /**< state of the SARIF, GitHub or JUnit output */
    char side_error[320];      /**< the first failure of a side output (a
                                    temporary file, GitHub's step summary), or "" */
    struct baseline *bl;       /**< --baseline's entries, or NULL */
    struct rcfile *rc;         /**< the configuration file last loaded, or NULL */
    FILE *wb;                  /**< --write-baseline's output, or NULL */
    struct fp_counter *fpc;    /**< occurrence counters of the file being checked */
    char *srcroot;             /**< absolute: paths in SARIF, GitLab, annotations and
                                    baselines are relative to it; NULL = as given */
    uint64_t known;            /**< issues the baseline hid */
    int write_failed;          /**< a write to stdout failed: stop everything */
    int write_errno;           /**< errno of that write */
} session;

/** One issue as the validator reported it, plus the bytes --explain shows
 *  (captured when it was reported: by print time a pipe's bytes are gone). */
typedef struct cli_issue {
    fxt_issue is;
    unsigned shown;          /**< revisions (mask) under whose --max-issues it falls */
    uint64_t word_off;       /**< offset of the word holding field_offset */
    unsigned char word[8];   /**< that word's bytes as in the file */
    unsigned char hdr[8];    /**< the record's header word (at record_offset) */
    uint8_t word_have;       /**< bytes of word known (from the start) */
    uint8_t hdr_have;        /**< bytes of hdr known */
    uint8_t word_gone;       /**< word_have < 8 because the bytes were read but
                                  left the window (a pipe cannot be re-read) */
    unsigned all;            /**< revisions (mask) it holds for, known ones included */
    unsigned known_out;      /**< revisions (mask) under which it is a --baseline
                                  known issue SARIF writes as "unchanged" */
    uint64_t fp_hash;        /**< fxtIssue/v1's HASH (with config.need_fp) */
    uint32_t fp_n[FXT_REV_COUNT]; /**< its N under each revision of all */
} cli_issue;

/** Bytes of recent input kept for --explain when the input cannot be re-read. */
#define RING_BYTES ((size_t)1 << 20)

/** State of one file's run (the on_issue context). */
typedef struct run {
    const config *cfg;
    session *s;
    const char *name;              /**< display name (raw bytes; escape when printing) */
    int first_file;                /**< first file of the run (JSON commas) */
    uint64_t file_no;              /**< 0-based number of the file in the run */
    char io_buf[256];              /**< room for the text of an I/O error */
    fxt_validator *v;
    fxt_revision rev;              /**< revision whose issues are printed */
    uint64_t shown[FXT_REV_COUNT][FXT_R_END_];  /**< issues kept, by revision and rule */
    uint64_t hidden[FXT_REV_COUNT][FXT_R_END_]; /**< issues over --max-issues */
    uint64_t json_issues;          /**< issues written (JSON: for commas; short: the first) */
    uint64_t known[FXT_REV_COUNT][2]; /**< errors, warnings the baseline hid */
    uint64_t known_rule[FXT_REV_COUNT][FXT_R_END_]; /**< the same by rule */
    uint64_t known_out[FXT_REV_COUNT][FXT_R_END_]; /**< of those, written as SARIF
                                                         "unchanged" results (--max-issues) */
    size_t absent;                 /**< baseline entries of this file it no longer has
                                        (set when the file was checked in full) */
    char site[4096];               /**< the name as SARIF, GitLab, annotations and
                                        baselines give it (site_name) */
    FILE *spool;                   /**< --revision auto: issues until the verdict */
    unsigned char head[8];         /**< the file's first bytes */
    size_t head_len;
    /* where --explain finds bytes */
    int fd;                        /**< re-readable with pread, or -1 */
    uint64_t fd_base;              /**< file offset of the input's first byte */
    const unsigned char *cur;      /**< the chunk being fed */
    size_t cur_len;
    uint64_t cur_base;             /**< its offset */
    unsigned char *ring;           /**< RING_BYTES of input before cur (pipes) */
    uint64_t fed;                  /**< bytes fed so far */
    fxt_revision_verdict verdicts[FXT_REV_COUNT]; /**< after finish */
    progress pg;                   /**< the progress line (erased before issues) */
} run;

/* settings.c */
struct rc_settings;
/** The settings of file PATH into *FC: the command line's over those of
 *  its .fxtkitrc (S->rc after the call); *SET gets what the file set. 0,
 *  or -1 with the reason in ERR (-2: out of memory). */
int file_config(session *s, const char *path, config *fc, struct rc_settings *set, char *err,
                size_t errlen);
/** --print-config PATH; the exit status. */
int print_config(session *s, const char *path);
/** S->srcroot from --srcroot or the .fxtkitrc of the current directory; 0
 *  or -1 (said on stderr). */
int setup_paths(session *s);
/** Load --baseline, open --write-baseline, set up fingerprints; 0 or -1 (said). */
int setup_baselines(session *s);
/** Close --write-baseline (kept only if COMPLETE); say what --baseline hid
 *  and which entries no longer occur (stderr). 0, or -1 when the baseline
 *  could not be written. */
int finish_baselines(session *s, int complete);
/** Free what the session set up. */
void session_free(session *s);

/* escape.c */
/** Colours of the text output (ANSI SGR sequences; see config.color). */
typedef enum color { C_FILE, C_ERROR, C_WARNING, C_NOTE, C_RULE, C_OK } color;
void put_color(FILE *f, const config *cfg, color c);
void put_color_end(FILE *f, const config *cfg);
void put_text(FILE *f, const char *s, size_t n);
void put_text_z(FILE *f, const char *s);
void put_json_n(FILE *f, const char *s, size_t n);
void put_json(FILE *f, const char *s);
void put_workflow(FILE *f, const char *s, size_t n, int property);
void put_uri(FILE *f, const char *s);
void put_xml(FILE *f, const char *s, size_t n);
void put_xml_z(FILE *f, const char *s);
void put_md_cell(FILE *f, const char *s, size_t n);

/* report.c */
/** NAME as the CI system knows it: relative to S->srcroot (absolute when
 *  outside it), or as given without a leading "./", into BUF. */
const char *site_name(const session *s, const char *name, char *buf, size_t size);
const char *sev_name(fxt_severity s);
const char *plural(uint64_t n, const char *one, const char *many);
const char *issue_section(const fxt_issue *is, fxt_revision rev);
int report_begin(session *s);
void report_file_begin(run *r);
void report_issue(run *r, const cli_issue *ci);
/** "N known issues not shown, M baseline entries no longer occur" of R
 *  into BUF: "" without --baseline or when both are 0. */
const char *known_text(const run *r, char *buf, size_t size);
void report_file_end(run *r, const fxt_stats *st, const char *io_error, double secs);
void report_io_error(const char *name, const char *what);
void report_end(session *s, int rc);
int report_list_rules(int json);
void report_verdicts(run *r, const fxt_revision_verdict vd[FXT_REV_COUNT]);
void report_free(session *s);

/* explain.c */
void explain_issue(FILE *f, const cli_issue *ci, fxt_revision rev, int big_endian);
int explain_rule(const char *rule);

#endif /* FXT_CLI_H */
