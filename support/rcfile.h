/* SPDX-License-Identifier: MIT */
/*
 * rcfile.h - the fxtkit configuration file, .fxtkitrc (tool support, not
 * library): found upward from each trace like .shellcheckrc, read by every
 * tool that validates (fxt-validate, fxt-dump; fxt-gen roundtrip for the
 * revision).
 *
 *     # comment
 *     revision = r3            # r1 r2 r3 current auto
 *     ignore = E0010, W0005    # ids or names; adds up over lines
 *     allow-unknown = true
 *     max-issues = 50
 *     max-providers = 100      # also max-threads, max-async, max-flows
 *     Werror = true
 *     srcroot = .              # relative to the file's directory
 *
 *     [old-*.fxt]              # a section: applies to matching traces
 *     revision = r1
 *
 * A section's glob with a '/' matches the trace's path relative to the
 * file's directory ('*' crosses '/' there); one without a '/' matches the
 * trace's file name. Lines before the first section apply to every trace;
 * matching sections apply after them in file order (a later line wins,
 * ignores add up). Unknown keys and bad values are errors (FILE:LINE).
 */
#ifndef FXT_RCFILE_H
#define FXT_RCFILE_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"

/** The file's name. */
#define RC_NAME ".fxtkitrc"

/** The settings a config file can make (bits of rc_settings.set). */
enum {
    RC_REVISION = 1u << 0,
    RC_ALLOW_UNKNOWN = 1u << 1,
    RC_MAX_ISSUES = 1u << 2,
    RC_MAX_PROVIDERS = 1u << 3,
    RC_MAX_THREADS = 1u << 4,
    RC_MAX_ASYNC = 1u << 5,
    RC_MAX_FLOWS = 1u << 6,
    RC_WERROR = 1u << 7,
    RC_SRCROOT = 1u << 8,
    RC_IGNORE = 1u << 9,
    RC_KEYS = 10 /**< number of the bits above */
};

/** One "key = value" line. */
typedef struct rc_entry {
    char *key, *value;
    char *glob;    /**< its section's glob, or NULL before any section */
    unsigned line; /**< 1-based */
} rc_entry;

/** A loaded config file. */
typedef struct rcfile {
    char *path; /**< as found (absolute when found by rc_find) */
    char *dir;  /**< its directory, absolute */
    rc_entry *e;
    size_t n;
    char **globs; /**< the sections' globs (entries point into them) */
    size_t nglobs;
} rcfile;

/** What applies to one trace. */
typedef struct rc_settings {
    unsigned set; /**< RC_* bits of the settings made */
    fxt_revision revision;
    int allow_unknown, werror;
    uint64_t max_issues;
    size_t max_providers, max_threads, max_async, max_flows;
    uint64_t ignore[FXT_IGNORE_WORDS]; /**< as fxt_options.ignore */
    char *srcroot;                     /**< absolute, malloc'd, or NULL */
    unsigned line[RC_KEYS];            /**< the line that made each setting */
} rc_settings;

/** The config file for TRACE ("-" or NULL: the current directory): the
 *  first RC_NAME in its directory or above. Returns 1 and a malloc'd
 *  absolute path in *OUT, 0 when there is none, -1 on ENOMEM. */
int rc_find(const char *trace, char **out);

/** Load and check config file PATH. Returns 0, or -1 with
 *  "PATH:LINE: reason" in ERR (nothing allocated is left). */
int rc_load(rcfile *rc, const char *path, char *err, size_t errlen);

/** Free what rc_load allocated. */
void rc_free(rcfile *rc);

/** The settings of RC that apply to TRACE into *S (cleared first; free
 *  with rc_settings_free). Returns 0 or -1 (ENOMEM). */
int rc_settings_for(const rcfile *rc, const char *trace, rc_settings *s);

/** Free what rc_settings_for allocated. */
void rc_settings_free(rc_settings *s);

/** Find, load and apply in one step: the settings of the configuration
 *  file of TRACE into *S (free with rc_settings_free). 1 when a file was
 *  found, 0 when there is none (*S empty), -1 with the reason in ERR. */
int rc_settings_of_trace(const char *trace, rc_settings *s, char *err, size_t errlen);

/** The same with CONFIG (--config FILE) in place of the search when it is
 *  not NULL: 1, or -1 with the reason in ERR (a missing file too). */
int rc_settings_of(const char *config, const char *trace, rc_settings *s, char *err,
                   size_t errlen);

/** Apply the validator settings of S (revision, allow-unknown, ignores,
 *  max-providers...) to O, each only where its RC_* bit is not in KEEP
 *  (the command line's choices win). Ignores add up. */
void rc_apply_options(const rc_settings *s, unsigned keep, fxt_options *o);

/** Parse a count: decimal digits only, no sign or spaces. 0 or -1. */
int rc_parse_count(const char *s, uint64_t *out);

/** Add the comma-separated rule ids or names of LIST to O's ignore set.
 *  0, or -1 with the reason ("unknown rule 'X'") in ERR. */
int rc_parse_ignores(const char *list, fxt_options *o, char *err, size_t errlen);

/** KEY's name as written in the file, for messages (bit B of RC_*). */
const char *rc_key_name(unsigned bit);

/** TRACE as an absolute path, "." and ".." resolved lexically (no symlinks
 *  followed), malloc'd; NULL on ENOMEM. "-" or NULL: the current directory. */
char *rc_abs_path(const char *trace);

#endif /* FXT_RCFILE_H */
