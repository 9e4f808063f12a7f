/* SPDX-License-Identifier: MIT */
/*
 * fxt/fxt.h - validating FXT traces: options, the validator, issues, rule
 * ids, verdicts; nothing of the wire format (fxt/validate.h adds it: the
 * visitor's fxt/record.h, fxt/format.h, fxt/layout.h). The version is
 * fxt/version.h's.
 *
 * Feed chunks of any size (down to 1 byte) and get exactly the issues one
 * whole buffer gives. Memory does not grow with the trace's length: tables
 * grow with what the trace introduces, up to limits (fxt_options.max_*)
 * no real trace reaches. No global state, no printing: everything reaches
 * the caller through the callbacks and fxt_validator_stats().
 *
 *     fxt_options o = fxt_options_default();
 *     o.on_issue = print_issue; o.ctx = &me;
 *     fxt_validator *v = fxt_validator_new(&o);
 *     while ((n = read(fd, buf, sizeof buf)) > 0) fxt_validator_feed(v, buf, n);
 *     fxt_validator_finish(v);
 *     fxt_validator_free(v);
 */
#ifndef FXT_FXT_H
#define FXT_FXT_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/revision.h"
#include "fxt/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One violation found in a trace. */
typedef struct fxt_issue {
    fxt_rule rule;          /**< catalogue rule */
    fxt_severity severity;  /**< effective severity (after allow-unknown) */
    uint64_t record_offset; /**< byte offset of the record's first byte */
    uint64_t record_index;  /**< 0-based record number */
    uint64_t field_offset;  /**< byte offset of the offending word or byte */
    unsigned record_type;   /**< 0..15, or FXT_NO_RECORD_TYPE */
    uint32_t field_len;     /**< bytes of the field at field_offset (8: a word) */
    int8_t bit_lo, bit_hi;  /**< the bits at fault in the word at field_offset
                                 (0..63, as the spec numbers them), or -1, -1 */
    unsigned revisions;     /**< FXT_REV_BIT mask of the revisions it holds for
                                 (several only with FXT_REV_AUTO) */
    const char *section;    /**< the spec section it cites if not its rule's
                                 (static storage), else NULL */
    char message[200];      /**< the finding, e.g. "bits [44..63] must be zero, got 0x3" */
} fxt_issue;

/** fxt_issue.record_type of issues about the whole input, not one record
 *  (empty input, missing magic record, trailing bytes). */
#define FXT_NO_RECORD_TYPE 16u

/** A decoded record, as the visitor sees it (defined in fxt/record.h). */
typedef struct fxt_record fxt_record;

/** Called once per issue, in input order (end-of-trace issues last). */
typedef void (*fxt_issue_fn)(void *ctx, const fxt_issue *issue);
/** Called once per record decoded without error. */
typedef void (*fxt_record_fn)(void *ctx, const fxt_record *rec);

/** Option flag: report undefined type values as warnings, not errors. */
#define FXT_OPT_ALLOW_UNKNOWN 1u
/** Option flag: call on_record also for records that had errors. */
#define FXT_OPT_VISIT_ALL 2u
/** Option flag: stop after the record of the first error (its verdict is
 *  decided): no end-of-input checks; the verdict says where it stopped. */
#define FXT_OPT_STOP_AT_ERROR 4u
/** Option flag (with threads > 1): the caller's own threads need a core
 *  while it feeds, as a thread reading the input does: records so large
 *  (under one per 2 KiB) that checking them ahead on another thread
 *  gains less than that thread takes from the caller's are checked on
 *  the caller's thread. The output is the same either way. */
#define FXT_OPT_CALLER_BUSY 8u

/** Words of fxt_options.ignore (rule numbers below 64 times this). */
#define FXT_IGNORE_WORDS 4

/** Where the validator and its tables get memory. Every function receives
 *  CTX, REALLOC and FREE also the block's size; no member may be NULL.
 *  Returning NULL is fine: the trace is then not fully checked. */
typedef struct fxt_allocator {
    void *(*malloc)(void *ctx, size_t size);
    void *(*realloc)(void *ctx, void *ptr, size_t old_size, size_t size);
    void (*free)(void *ctx, void *ptr, size_t size);
    void *ctx;
} fxt_allocator;

/** fxt_options_default()'s capacity limits. */
#define FXT_DEFAULT_MAX_PROVIDERS 4096u
#define FXT_DEFAULT_MAX_THREADS 65536u
#define FXT_DEFAULT_MAX_ASYNC 262144u
#define FXT_DEFAULT_MAX_FLOWS 262144u

/** Validator options. Start from fxt_options_default(). */
typedef struct fxt_options {
    unsigned flags;          /**< FXT_OPT_* */
    uint64_t ignore[FXT_IGNORE_WORDS]; /**< rules not to report: fxt_options_ignore() */
    fxt_issue_fn on_issue;   /**< may be NULL */
    fxt_record_fn on_record; /**< visitor; may be NULL */
    void *ctx;               /**< passed to the callbacks */
    /* Tables grow up to these; a trace that needs more is not fully
     * checked (fxt_stats.unchecked; a W0055 issue says what). */
    size_t max_providers;    /**< provider contexts (FXT_DEFAULT_MAX_PROVIDERS) */
    size_t max_threads;      /**< threads tracked for duration nesting (FXT_DEFAULT_MAX_THREADS) */
    size_t max_async;        /**< async operations open at once (FXT_DEFAULT_MAX_ASYNC) */
    size_t max_flows;        /**< flows open at once (FXT_DEFAULT_MAX_FLOWS) */
    const fxt_allocator *alloc; /**< the validator and its tables; NULL: malloc/realloc/free */
    fxt_revision revision;   /**< the revision to check against (default
                                  FXT_REV_CURRENT); FXT_REV_AUTO: every one, each
                                  issue given once with its revisions' mask
                                  (fxt_validator_verdicts) */
    unsigned threads;        /**< threads that check, the caller's included (0 or
                                  1: the caller's alone; at most 64; none on
                                  WASI; they end in fxt_validator_free() and call
                                  the allocator, which must then be thread-safe):
                                  the same issues in the same order */
    unsigned task_bytes;     /**< bytes of records per piece a thread checks
                                  ahead (0: 512 KiB; >= 64) */
    uint64_t reserved_[7];   /**< zero: room for options to come, same size */
} fxt_options;

/** fxt_stats.unchecked: what a capacity limit kept from being checked. */
#define FXT_UNCHECKED_PROVIDERS 1u /**< refs of providers past max_providers */
#define FXT_UNCHECKED_THREADS 2u   /**< durations of threads past max_threads */
#define FXT_UNCHECKED_ASYNC 4u     /**< async operations past max_async */
#define FXT_UNCHECKED_FLOWS 8u     /**< flows past max_flows */
#define FXT_UNCHECKED_MEMORY 16u   /**< the allocator returned NULL */
#define FXT_UNCHECKED_ISSUES 32u   /**< issues of a streamed record's head not kept */

/** Counters collected while validating. */
typedef struct fxt_stats {
    uint64_t bytes;                 /**< bytes fed */
    uint64_t records;               /**< complete records seen */
    uint64_t by_type[16];           /**< records by record type */
    uint64_t events_by_type[16];    /**< event records by event type */
    uint64_t errors;                /**< issues reported as errors */
    uint64_t warnings;              /**< issues reported as warnings */
    int big_endian;                 /**< the trace's words are big-endian */
    fxt_revision revision;          /**< the revision these counts are of (with
                                         FXT_REV_AUTO: the reported one) */
    int stopped;                    /**< stopped early (size-0 record, or
                                         FXT_OPT_STOP_AT_ERROR) */
    unsigned unchecked;             /**< FXT_UNCHECKED_*; not 0: the trace must
                                         not be taken as conforming */
    uint64_t reserved_[8];          /**< zero: room for counters to come */
} fxt_stats;

/** Per-provider counters (see fxt_validator_provider). */
typedef struct fxt_provider_stats {
    uint32_t id;          /**< provider id (implicit provider: 0, implicit=1) */
    int implicit;         /**< records before any provider record */
    char name[256];       /**< name from the provider info record, NUL-terminated */
    uint64_t records;     /**< records in this provider's sections */
    uint64_t by_type[16]; /**< those records by record type */
} fxt_provider_stats;

/** A validator: one trace's checking, fed in chunks. */
typedef struct fxt_validator fxt_validator;

/** Default options: strict, all rules, default table sizes. */
fxt_options fxt_options_default(void);

/** A new validator with options O; NULL if out of memory. All its memory
 *  comes from O's allocator (fxt_options.alloc). */
fxt_validator *fxt_validator_new(const fxt_options *o);

/** Free a validator made by fxt_validator_new (NULL is fine). */
void fxt_validator_free(fxt_validator *v);

/** Validate the next LEN bytes of the trace. */
void fxt_validator_feed(fxt_validator *v, const void *data, size_t len);

/** End of input: reports truncation, emptiness, missing magic and
 *  unmatched begins. Call once. */
void fxt_validator_finish(fxt_validator *v);

/** What checking one revision found (see fxt_validator_verdicts). */
typedef struct fxt_revision_verdict {
    int checked;               /**< this revision was checked */
    int conforms;              /**< checked, and no errors */
    int complete;              /**< 0 if checking stopped early (a size-0
                                    record, or an error decided the verdict) */
    uint64_t stop_offset;      /**< if not complete: the first byte not checked */
    uint64_t errors;           /**< errors (ignored rules not counted) */
    uint64_t warnings;         /**< warnings, likewise */
    unsigned unchecked;        /**< FXT_UNCHECKED_* of this revision's checking */
    fxt_rule first_error;      /**< rule of the first error, FXT_R_NONE if none */
    uint64_t first_error_offset; /**< its field offset */
} fxt_revision_verdict;

/** Per-revision verdicts (indexed by fxt_revision; final after finish).
 *  Returns the revision to report: the selected one, or with FXT_REV_AUTO
 *  the newest conforming revision, else current. */
fxt_revision fxt_validator_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT]);

/** Copy the counters into *OUT. */
void fxt_validator_stats(const fxt_validator *v, fxt_stats *out);

/** Issues of rule R counted so far (ignored rules are not counted), for
 *  the revision fxt_stats.revision names. */
uint64_t fxt_validator_rule_count(const fxt_validator *v, fxt_rule r);

/** Number of provider contexts seen so far (the implicit one included if used). */
size_t fxt_validator_provider_count(const fxt_validator *v);

/** Counters of the I-th provider context; 0 on success, -1 if out of range. */
int fxt_validator_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out);

/** Set or clear rule R in an options ignore bitset. */
void fxt_options_ignore(fxt_options *o, fxt_rule r, int on);

/** Whole-buffer convenience: validate BUF and fill *STATS (may be NULL).
 *  Returns the number of errors, or -1 if out of memory. */
long fxt_validate_buffer(const void *buf, size_t len, const fxt_options *o, fxt_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* FXT_FXT_H */
