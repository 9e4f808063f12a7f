/* SPDX-License-Identifier: MIT */
/*
 * fxt/validate.h - the strict FXT decoder and rule engine.
 *
 * Streaming: feed chunks of any size (down to 1 byte) and get exactly the
 * issues one whole buffer gives. Memory is fixed at creation and does not
 * grow with the trace (tables are bitsets and fixed-capacity hash tables).
 *
 *     fxt_options o = fxt_options_default();
 *     o.on_issue = print_issue; o.ctx = &me;
 *     fxt_validator *v = fxt_validator_new(&o);
 *     while ((n = read(fd, buf, sizeof buf)) > 0) fxt_validator_feed(v, buf, n);
 *     fxt_validator_finish(v);
 *     fxt_validator_free(v);
 *
 * No global state, no printing: everything reaches the caller through the
 * callbacks and fxt_validator_stats().
 */
#ifndef FXT_VALIDATE_H
#define FXT_VALIDATE_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/format.h"
#include "fxt/layout.h"
#include "fxt/record.h"
#include "fxt/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version (FXT_VERSION, fxt_version()) is in fxt/version.h, which the
 * build generates; this header does not need it. */

/** One violation found in a trace. */
typedef struct fxt_issue {
    fxt_rule rule;          /**< catalogue rule */
    fxt_severity severity;  /**< effective severity (after allow-unknown) */
    uint64_t record_offset; /**< byte offset of the record's first byte */
    uint64_t record_index;  /**< 0-based record number */
    uint64_t field_offset;  /**< byte offset of the offending word or byte */
    unsigned record_type;   /**< record type of the record (0..15), or
                                 FXT_NO_RECORD_TYPE */
    uint32_t field_len;     /**< bytes of the offending field from field_offset:
                                 8 for a word, 1 for a byte, more for a stream */
    int8_t bit_lo, bit_hi;  /**< the bits at fault inside the word at
                                 field_offset (0..63, as the spec numbers them),
                                 or -1, -1 when the issue is not about bits */
    unsigned revisions;     /**< the revisions this issue holds for
                                 (FXT_REV_BIT mask): the selected revision's
                                 bit, or several with FXT_REV_AUTO */
    char message[200];      /**< the specific finding, e.g. "bits [44..63] must be zero, got 0x3" */
} fxt_issue;

/** fxt_issue.record_type of issues about the whole input rather than one
 *  record: empty input, missing magic record, trailing bytes that do not
 *  form a record header. Their offsets are 0 (or the trailing bytes'). */
#define FXT_NO_RECORD_TYPE 16u

/** Called once per issue, in input order (end-of-trace issues last). */
typedef void (*fxt_issue_fn)(void *ctx, const fxt_issue *issue);
/** Called once per record decoded without error. */
typedef void (*fxt_record_fn)(void *ctx, const fxt_record *rec);

/** Option flag: report undefined type values as warnings, not errors. */
#define FXT_OPT_ALLOW_UNKNOWN 1u
/** Option flag: call on_record also for records that had errors. */
#define FXT_OPT_VISIT_ALL 2u

/** Validator options. Start from fxt_options_default(). */
typedef struct fxt_options {
    unsigned flags;          /**< FXT_OPT_* */
    uint64_t ignore[2];      /**< bitset of rules (by number) not to report */
    fxt_issue_fn on_issue;   /**< may be NULL */
    fxt_record_fn on_record; /**< visitor; may be NULL */
    void *ctx;               /**< passed to the callbacks */
    size_t max_providers;    /**< provider contexts (default 256) */
    size_t max_threads;      /**< threads tracked for duration nesting (default 4096) */
    size_t max_async;        /**< open async operations tracked (default 16384) */
    size_t max_flows;        /**< open flows tracked (default 16384) */
    fxt_revision revision;   /**< revision to check against (default
                                  FXT_REV_CURRENT); FXT_REV_AUTO checks all four
                                  in one pass (see fxt_validator_verdicts): then
                                  on_issue gets each issue once, with the mask of
                                  the revisions it holds for, unless all of those
                                  already had an error and are not current (such
                                  a revision cannot be the reported one: its
                                  issues are only counted) */
} fxt_options;

/** Counters collected while validating. */
typedef struct fxt_stats {
    uint64_t bytes;                 /**< bytes fed */
    uint64_t records;               /**< complete records seen */
    uint64_t by_type[16];           /**< records by record type */
    uint64_t events_by_type[16];    /**< event records by event type */
    uint64_t errors;                /**< issues reported as errors */
    uint64_t warnings;              /**< issues reported as warnings */
    uint64_t by_rule[FXT_R_END_];   /**< issues by rule (ignored rules not counted) */
    int big_endian;                 /**< the trace's words are big-endian */
    fxt_revision revision;          /**< the revision errors, warnings and by_rule
                                         count for (with FXT_REV_AUTO: after
                                         finish, the reported revision) */
    int stopped;                    /**< validation stopped early (size-0 record) */
} fxt_stats;

/** Per-provider counters (see fxt_validator_provider). */
typedef struct fxt_provider_stats {
    uint32_t id;          /**< provider id (implicit provider: 0, implicit=1) */
    int implicit;         /**< records before any provider record */
    char name[256];       /**< name from the provider info record, NUL-terminated */
    uint64_t records;     /**< records in this provider's sections */
    uint64_t by_type[16]; /**< those records by record type */
} fxt_provider_stats;

typedef struct fxt_validator fxt_validator;

/** Default options: strict, all rules, default table sizes. */
fxt_options fxt_options_default(void);

/** Bytes of memory a validator with options O needs. */
size_t fxt_validator_size(const fxt_options *o);

/** Build a validator in caller memory MEM of SIZE bytes (8-byte aligned,
 *  at least fxt_validator_size(o)). Returns NULL if SIZE is too small. */
fxt_validator *fxt_validator_init(void *mem, size_t size, const fxt_options *o);

/** fxt_validator_init on malloc'd memory; NULL if out of memory. */
fxt_validator *fxt_validator_new(const fxt_options *o);

/** Free a validator made by fxt_validator_new (NULL is fine). */
void fxt_validator_free(fxt_validator *v);

/** Validate the next LEN bytes of the trace. */
void fxt_validator_feed(fxt_validator *v, const void *data, size_t len);

/** End of input: reports truncation, emptiness, missing magic and
 *  unmatched begins. Call once. */
void fxt_validator_finish(fxt_validator *v);

/** Checking ahead: a second thread checks the chunk after the one being
 *  fed, so that two cores share the work (fxt-validate does this). The
 *  thread reads only the look-ahead and the two chunks; what it found is
 *  taken when that chunk is fed, and the issues, counters and order are
 *  exactly those of fxt_validator_feed. Ordinary records of one checked
 *  revision are checked ahead; auto mode, a visitor (on_record) and
 *  anything unusual are left to the validator.
 *
 *      if (fxt_ahead_prepare(a, v, NULL, cur, cur_len, next, next_len))
 *          start a thread that calls fxt_ahead_run(a);
 *      fxt_validator_feed(v, cur, cur_len);
 *      join it; fxt_validator_feed_ahead(v, a);  (else feed next plainly)
 *
 *  Look-aheads can be chained so that the thread never waits: one
 *  prepared AFTER another (for the two chunks that follow the other's
 *  NEXT) starts where the other's framing ended, and may be prepared and
 *  run before the other's NEXT is fed (fxt-validate keeps three).
 */
typedef struct fxt_ahead fxt_ahead;

/** Bytes of memory a look-ahead for chunks of up to MAX_CHUNK bytes needs. */
size_t fxt_ahead_size(size_t max_chunk);

/** Build a look-ahead in caller memory MEM of SIZE bytes (8-byte aligned,
 *  at least fxt_ahead_size(max_chunk)). NULL if SIZE is too small. */
fxt_ahead *fxt_ahead_init(void *mem, size_t size, size_t max_chunk);

/** Get A ready to check NEXT (NEXT_LEN bytes) ahead, where CUR (CUR_LEN
 *  bytes) comes just before it: with AFTER NULL, CUR is what V is fed next;
 *  else CUR follows AFTER's NEXT, and A is run after AFTER has run (on the
 *  same thread, or once it was waited for) and before AFTER is prepared
 *  again. Both chunks must stay in place until fxt_validator_feed_ahead
 *  returns. Returns 1 if there is work for fxt_ahead_run, 0 if not (feed
 *  NEXT with fxt_validator_feed, or with fxt_validator_feed_ahead, which
 *  then feeds it plainly). */
int fxt_ahead_prepare(fxt_ahead *a, const fxt_validator *v, const fxt_ahead *after,
                      const void *cur, size_t cur_len, const void *next, size_t next_len);

/** The checking ahead, on any thread, while V is fed CUR. */
void fxt_ahead_run(fxt_ahead *a);

/** After fxt_ahead_run: 1 if A framed its NEXT to the end, so that a
 *  look-ahead prepared after it can start; 0 if not (then one prepared
 *  after it does nothing). */
int fxt_ahead_framed(const fxt_ahead *a);

/** After fxt_validator_feed(V, CUR) and fxt_ahead_run(A) have returned:
 *  feed NEXT, taking what A found where V's state allows it. The same as
 *  fxt_validator_feed(V, NEXT, NEXT_LEN). */
void fxt_validator_feed_ahead(fxt_validator *v, fxt_ahead *a);

/** Records A's runs have handed to fxt_validator_feed_ahead so far. */
uint64_t fxt_ahead_records(const fxt_ahead *a);

/** What checking one revision found (see fxt_validator_verdicts). */
typedef struct fxt_revision_verdict {
    int checked;               /**< this revision was checked */
    int conforms;              /**< checked, and no errors */
    int complete;              /**< 0 if checking stopped early at stop_offset:
                                    the revision frames the input differently
                                    (a large record, a big-endian trace in r1/r2)
                                    after an error already decided the verdict */
    uint64_t stop_offset;      /**< where, if not complete */
    uint64_t errors;           /**< errors (ignored rules not counted) */
    uint64_t warnings;         /**< warnings */
    fxt_rule first_error;      /**< rule of the first error, FXT_R_NONE if none */
    uint64_t first_error_offset; /**< its field offset */
} fxt_revision_verdict;

/** Per-revision verdicts (indexed by fxt_revision); for a single revision
 *  only that entry is checked. Returns the revision whose issues a tool
 *  should report: the selected one, or with FXT_REV_AUTO the newest
 *  conforming revision, or current if none conforms (NOTES.md). Final only
 *  after fxt_validator_finish. */
fxt_revision fxt_validator_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT]);

/** Copy the counters into *OUT. */
void fxt_validator_stats(const fxt_validator *v, fxt_stats *out);

/** Number of provider contexts seen so far (the implicit one included if used). */
size_t fxt_validator_provider_count(const fxt_validator *v);

/** Counters of the I-th provider context; 0 on success, -1 if out of range. */
int fxt_validator_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out);

/** Set or clear rule R in an options ignore bitset. */
void fxt_options_ignore(fxt_options *o, fxt_rule r, int on);

/** Whole-buffer convenience: validate BUF and fill *STATS (may be NULL).
 *  Returns the number of errors, or -1 if out of memory. */
long fxt_validate_buffer(const void *buf, size_t len, const fxt_options *o, fxt_stats *stats);

/** Name of record type T ("event", "large", "type-12"...; "trace" for
 *  FXT_NO_RECORD_TYPE). Never NULL. */
const char *fxt_record_type_name(unsigned t);

/** Name of event type T in the current numbering, i.e. of the meaning
 *  FXT_ET_* ("duration-begin"...). Never NULL. */
const char *fxt_event_type_name(unsigned t);

/** Name of event number T as revision REV reads it ("async-begin" for 4 in
 *  r1, "duration-complete" for 4 in current; "event-type-N" if undefined). */
const char *fxt_event_type_name_rev(fxt_revision rev, unsigned t);

#ifdef __cplusplus
}
#endif

#endif /* FXT_VALIDATE_H */
