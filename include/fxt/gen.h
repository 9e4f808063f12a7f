/* SPDX-License-Identifier: MIT */
/*
 * fxt/gen.h - the generator library: random conforming traces, traces with
 * exactly one violation of a rule, and the golden corpus.
 *
 * Deterministic: the same arguments give the same bytes on any compiler and
 * platform (own PRNG, integer-only choices). Every random trace is
 * conforming and free of warnings: begins are ended, refs registered,
 * padding zero. fxt_gen_random() runs in constant memory: records are
 * encoded into a small internal buffer and handed to the caller's write
 * function. No printing, no exit(): failures come back as return values
 * and messages in caller buffers; memory handed out is the caller's to free.
 *
 * Options: start from fxt_gen_options_default() (as the validator's
 * fxt_options from fxt_options_default()); the revision, byte order and
 * order of the leading records are fields there, never extra arguments.
 *
 * Return values, as in the encoder (fxt_enc_result) and the validator: 0
 * (or a count) is success, a failure is negative, never positive:
 *   FXT_GEN_FAILED (-1)      out of memory, or an internal failure (a bug);
 *   FXT_GEN_UNSUPPORTED (-2) the arguments cannot be honoured (not a
 *                            revision, not an order, big-endian where the
 *                            byte order cannot be told, a rule without a
 *                            generator or that does not apply); nothing is
 *                            written.
 * A caller's write function that returns non-zero stops fxt_gen_random(),
 * which returns that value unchanged (return a positive value to keep it
 * apart from the generator's own).
 */
#ifndef FXT_GEN_H
#define FXT_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/layout.h"
#include "fxt/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What a generated trace looks like. */
typedef enum fxt_gen_profile {
    FXT_GEN_REALISTIC = 0, /**< like real traces: mostly duration/complete events on indexed
                                refs, with logs, blobs, kernel and userspace objects, context
                                switches and thread wakeups among them, in two providers
                                interleaved */
    FXT_GEN_COVERAGE = 1   /**< every record type, subtype, argument type and boundary value */
} fxt_gen_profile;

/** Results of the generator (see the top of this file). */
typedef enum fxt_gen_result {
    FXT_GEN_OK = 0,
    FXT_GEN_FAILED = -1,     /**< out of memory, or an internal failure */
    FXT_GEN_UNSUPPORTED = -2 /**< the arguments cannot be honoured; nothing written */
} fxt_gen_result;

/** Options of fxt_gen_random() and fxt_gen_violate(). Start from
 *  fxt_gen_options_default(): FXT_REV_CURRENT is not 0, so zero-initialised
 *  options ask for r1 (FXT_REV_R1 is 0). */
typedef struct fxt_gen_options {
    uint64_t seed;           /**< PRNG seed */
    uint64_t records;        /**< records to write (at least the few setup records);
                                  fxt_gen_violate: the base trace's, 0 lets the seed
                                  choose (100..300) */
    fxt_gen_profile profile; /**< FXT_GEN_*; fxt_gen_violate: realistic only */
    int big_endian;          /**< write a big-endian trace (r3 and current only:
                                  byte order is recognised by the magic record) */
    fxt_revision revision;   /**< the one way to choose the revision written
                                  (default FXT_REV_CURRENT). What it lacks is
                                  replaced: duration complete events by instants,
                                  boolean arguments by uint32, scheduling subtypes
                                  by the context switch (priorities zero before
                                  r3), large blobs by blobs, blob types by data,
                                  provider events by instants; no magic record
                                  before r3 */
    unsigned order;          /**< FXT_GEN_ORDER_* bits: the order of the leading
                                  records (default 0); fxt_gen_violate: 0 only */
    unsigned omit;           /**< FXT_GEN_OMIT bits (1 << record type) of the record
                                  types the realistic profile leaves out of its mix
                                  (blob, userspace and kernel objects, scheduling, log):
                                  each becomes an instant event. For a reader that
                                  does not read them; fxt_gen_violate: of the base.
                                  Default 0; other bits, or any with the coverage
                                  profile, are FXT_GEN_UNSUPPORTED */
} fxt_gen_options;

/** The record types fxt_gen_options.omit may name: blob (5), userspace
 *  object (6), kernel object (7), scheduling (8), log (9). What is left,
 *  metadata, initialization, string, thread and event records, is what
 *  every FXT reader reads. */
#define FXT_GEN_OMIT 0x3e0u

/** Default options: seed 0, no records beyond the setup ones, realistic,
 *  little-endian, the current revision, the default order. */
fxt_gen_options fxt_gen_options_default(void);

/** Receives generated bytes; returns 0 to go on, non-zero to stop. */
typedef int (*fxt_gen_write_fn)(void *ctx, const void *data, size_t len);

/** Records of the setup every random trace starts with (magic,
 *  initialization, provider info, 65 strings, 8 threads; one fewer in r1 and
 *  r2, which have no magic record): a smaller fxt_gen_options.records still
 *  gives these. */
#define FXT_GEN_SETUP_RECORDS 76u

/** Orders of a random trace's leading records (fxt_gen_options.order), as
 *  bits: every combination is a legal order, and 0 is the default order:
 *  magic, initialization, provider info. */
#define FXT_GEN_ORDER_NO_MAGIC 1u       /**< no magic record (a warning, W0012; little-endian only) */
#define FXT_GEN_ORDER_PROVIDER_FIRST 2u /**< the provider info before the initialization record */
#define FXT_GEN_ORDER_SECTION 4u        /**< a provider section record after the provider info */
#define FXT_GEN_ORDER_COUNT 8u          /**< orders are 0 .. FXT_GEN_ORDER_COUNT - 1 */

/** The name of order ORDER (FXT_GEN_ORDER_* bits): its leading records in
 *  order, e.g. "magic,provider,section,init"; NULL if ORDER is not one. */
const char *fxt_gen_order_name(unsigned order);

/** Parse an order: a name of fxt_gen_order_name(), or "init-first" (the
 *  default order, 0) or "provider-first" (magic, provider info,
 *  initialization). Returns 0 and sets *ORDER, or -1. */
int fxt_gen_order_parse(const char *text, unsigned *order);

/** Write a random trace as O says (revision, byte order, profile, order of
 *  the leading records) through WRITE. The same options give the same
 *  bytes. Returns 0, the write function's non-zero result,
 *  FXT_GEN_UNSUPPORTED (nothing written) when O cannot be honoured (not a
 *  revision, not an order; big-endian in r1/r2 or with no magic record, for
 *  byte order is recognised by the magic record alone) or FXT_GEN_FAILED
 *  (an internal encoding failure, or out of memory). */
int fxt_gen_random(const fxt_gen_options *o, fxt_gen_write_fn write, void *ctx);

/** fxt_gen_random into malloc'd memory: *OUT (free() it; never NULL on
 *  success) and *LEN. Generates twice (once to size the buffer), so meant
 *  for small traces. Returns 0, FXT_GEN_UNSUPPORTED as fxt_gen_random, or
 *  FXT_GEN_FAILED (nothing to free) when generation or allocation failed. */
int fxt_gen_random_mem(const fxt_gen_options *o, uint8_t **out, size_t *len);

/* ---- one-violation traces ------------------------------------------------ */

/** A trace with exactly one violation, made by fxt_gen_violate(). */
typedef struct fxt_gen_violation {
    uint8_t *data;          /**< the trace, malloc'd (free() it); never NULL on success */
    size_t len;             /**< its bytes (0 for the empty-input rule) */
    uint64_t record_offset; /**< offset of the offending record, known from construction */
    uint64_t field_offset;  /**< offset of the offending word or byte inside it (the header
                                 word for sizes, types, reserved bits and header refs; the
                                 first byte of a bad string or padding sequence), known from
                                 construction; 0 for the whole-file rules (empty input,
                                 missing magic record) */
    char desc[200];         /**< one-line description of the violation */
    int twin;               /**< 1: the rule's generator knows the vector's twin (the same
                                 records, the violating field valid), which
                                 fxt_gen_violate_control() gives; 0: it does not (empty
                                 input, a dropped or second magic record, an undefined record
                                 type), and the base trace stands in as the control */
} fxt_gen_violation;

/** Whether fxt_gen_violate() has a generator for RULE. */
int fxt_gen_can_violate(fxt_rule rule);

/** A valid realistic trace of O's revision and byte order (the base, as
 *  fxt_gen_random makes it from O's seed; O->records is its size, 0 lets
 *  the seed choose 100..300 records) plus exactly one violation of RULE,
 *  in that revision's layout and numbering, inserted at a seed-chosen
 *  record boundary (or where the rule needs it: first record, end of the
 *  trace). Returns 0 and fills *OUT; FXT_GEN_UNSUPPORTED when RULE has no
 *  generator, does not apply to the revision (fxt_rule_revisions) or
 *  cannot be violated in this byte order, for big-endian in r1/r2, or for
 *  a profile or order other than the default; FXT_GEN_FAILED on an
 *  internal failure or when out of memory. ERR (ERRLEN bytes) receives the
 *  reason when not 0. */
int fxt_gen_violate(fxt_rule rule, const fxt_gen_options *o, fxt_gen_violation *out, char *err,
                    size_t errlen);

/** The control of fxt_gen_violate(RULE, O): the same trace with the
 *  offending record made valid (its twin: the same record kinds, the
 *  violating field set to a valid value; a cut record whole), OUT->twin 1;
 *  where RULE's generator knows no twin, the base trace, OUT->twin 0.
 *  OUT->desc says which; the offsets are the twin's offending record and
 *  field as in the vector (meaningless for the base). Returns as
 *  fxt_gen_violate. */
int fxt_gen_violate_control(fxt_rule rule, const fxt_gen_options *o, fxt_gen_violation *out,
                            char *err, size_t errlen);

/* ---- the golden corpus --------------------------------------------------- */

/** Expected verdict of a golden vector. */
typedef enum fxt_gen_verdict {
    FXT_GEN_VALID = 0,   /**< conforming, no warning */
    FXT_GEN_INVALID = 1, /**< at least one error */
    FXT_GEN_WARN = 2     /**< warnings only */
} fxt_gen_verdict;

/** Most expected issues of one golden vector. */
#define FXT_GEN_VECTOR_ISSUES 3

/** One golden vector: bytes, expected verdict and issues, description. */
typedef struct fxt_gen_vector {
    char path[96];                               /**< relative path, e.g. "valid/log.fxt" */
    uint8_t *data;                               /**< the trace (malloc'd, owned by the corpus) */
    size_t len;                                  /**< its bytes */
    int64_t records;                             /**< records by the size fields; -1: not whole */
    fxt_gen_verdict verdict;                     /**< expected verdict */
    fxt_rule rules[FXT_GEN_VECTOR_ISSUES];       /**< expected issues: rules... */
    uint64_t offsets[FXT_GEN_VECTOR_ISSUES];     /**< ...record offsets... */
    uint64_t field_offsets[FXT_GEN_VECTOR_ISSUES]; /**< ...and field offsets */
    unsigned nissues;                            /**< how many */
    char section[112];                           /**< spec section the vector exercises */
    int big_endian;                              /**< byte order */
    char desc[320];                              /**< what the vector holds */
    fxt_revision revision;                       /**< the revision verdict and issues are for */
    /** Revisions (FXT_REV_BIT mask) with their own expectation below: the
     *  revisions/ part of the corpus, whose verdicts differ by revision. */
    unsigned rev_known;
    fxt_gen_verdict rev_verdict[FXT_REV_COUNT];             /**< verdict per revision */
    fxt_rule rev_rules[FXT_REV_COUNT][FXT_GEN_VECTOR_ISSUES]; /**< issues per revision: rules... */
    uint64_t rev_offsets[FXT_REV_COUNT][FXT_GEN_VECTOR_ISSUES]; /**< ...record offsets... */
    uint64_t rev_field_offsets[FXT_REV_COUNT][FXT_GEN_VECTOR_ISSUES]; /**< ...field offsets */
    unsigned rev_nissues[FXT_REV_COUNT];                    /**< how many */
} fxt_gen_vector;

/** The golden corpus built by fxt_gen_golden(). */
typedef struct fxt_gen_corpus {
    fxt_gen_vector *vectors; /**< valid/, invalid/ and warn/ vectors, in manifest order */
    size_t count;            /**< how many */
    uint8_t *sample;         /**< sample.fxt, a realistic trace for the quick start */
    size_t sample_len;       /**< its bytes */
} fxt_gen_corpus;

/** Build the golden corpus in memory: hand-assembled valid traces per record,
 *  subtype and argument type (both byte orders), random traces, and one
 *  violation trace per rule (both byte orders where one can exist). Returns
 *  0, or -1 with the reason in ERR (the corpus is then empty). Free it with
 *  fxt_gen_corpus_free(). */
int fxt_gen_golden(fxt_gen_corpus *c, char *err, size_t errlen);

/** Free what fxt_gen_golden() allocated and empty *C. */
void fxt_gen_corpus_free(fxt_gen_corpus *c);

/* ---- the PRNG ------------------------------------------------------------- */

/** Deterministic PRNG (splitmix64) used by the generator, exposed for tools
 *  that need the same sequence. */
typedef struct fxt_rng {
    uint64_t s;
} fxt_rng;

/** Next 64 random bits. */
uint64_t fxt_rng_next(fxt_rng *r);

/** Uniform integer in [0, n) (n > 0), without modulo bias. */
uint64_t fxt_rng_below(fxt_rng *r, uint64_t n);

#ifdef __cplusplus
}
#endif

#endif /* FXT_GEN_H */
