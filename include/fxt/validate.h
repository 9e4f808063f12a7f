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

/** Name of event type T ("duration-begin"...). Never NULL. */
const char *fxt_event_type_name(unsigned t);

#ifdef __cplusplus
}
#endif

#endif /* FXT_VALIDATE_H */
