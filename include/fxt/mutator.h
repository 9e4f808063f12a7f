/* SPDX-License-Identifier: MIT */
/*
 * fxt/mutator.h - a structure-aware mutator for Fuchsia Trace Format traces
 * (library fxtmut).
 *
 * The mutator parses its input tolerantly into records (header words give
 * the sizes; sizes are clamped to the input), changes the trace at the level
 * of the format and writes back what changed. Records are read with the
 * layout table of the selected revision (fxt/layout.h; current by default):
 * which fields of a word are reserved, types, sizes, lengths and refs, and
 * which type values the revision defines. The mutations:
 *
 *   - flip reserved bits of record headers, argument headers and large-blob
 *     format words,
 *   - set record, argument and stream length fields to 0, +-1 or huge
 *     values, or extend a record / argument consistently (appended words),
 *   - set data words (ticks per second, timestamps, koids, ids) to 0, 1,
 *     the top of the range..., picking record types evenly (the one
 *     initialization record of a trace as often as its many events),
 *   - set the widest size fields (a large blob's 64-bit size) to values
 *     where a reader's "offset + size" or padding arithmetic wraps, or that
 *     no allocation can honour,
 *   - truncate the trace or a record; duplicate, delete, swap records,
 *   - retarget string and thread refs to unregistered indexes,
 *   - switch a ref between its inline and indexed forms (the record is
 *     decoded with the validator and re-encoded with the reference encoder,
 *     adding a string/thread record when an index is needed),
 *   - corrupt UTF-8 in string streams and padding bytes after streams,
 *   - set type fields (record, event, argument, metadata, trace info,
 *     scheduling, large record, large-blob format, blob type) to values the
 *     revision does not define,
 *   - insert fresh valid records (from small generated traces of the
 *     revision, or random record models encoded with the reference
 *     encoder), with their refs pointed at indexes the trace registered at
 *     that point,
 *   - tweak decoded records (event types, timestamps, ids, arguments) and
 *     re-encode them,
 *   - byte-swap the whole trace now and then (revisions with the magic
 *     record only),
 *   - put the leading records in another legal order (a magic record or
 *     none, the initialization record before or after the provider info,
 *     a provider section record or none), so that a reader that insists on
 *     one order is fuzzed past it.
 *
 * Most calls apply one mutation to one record and leave the magic record and
 * the string/thread registrations alone, so that a good share of the outputs
 * stays valid and reaches deep reader code. Nine calls in ten on traces of
 * 4 KB or more drop the unchanged tail past the change (crop_pct).
 *
 * Deterministic: the same (input, max_size, seed) always gives the same
 * output, on every platform (fxt_rng from fxt/gen.h). Not thread-safe per
 * call site only in the sense that caches are thread-local: calls from
 * different threads are fine.
 */
#ifndef FXT_MUTATOR_H
#define FXT_MUTATOR_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Mutations, for fxt_mut_options.force_op and statistics. */
typedef enum fxt_mut_op {
    FXT_MUT_FLIP_RESERVED = 0, /**< set a bit of a reserved field */
    FXT_MUT_RECORD_SIZE,       /**< record size field: 0, +-1, huge, random */
    FXT_MUT_RECORD_EXTEND,     /**< append zero words to a record, size updated */
    FXT_MUT_ARG_SIZE,          /**< argument size field: 0, +-1, huge, random */
    FXT_MUT_ARG_EXTEND,        /**< append zero words to an argument, sizes updated */
    FXT_MUT_LENGTH_FIELD,      /**< string/log/blob/provider-name length fields */
    FXT_MUT_TRUNCATE,          /**< cut the trace or a record */
    FXT_MUT_DUPLICATE,         /**< copy a record (mostly next to itself) */
    FXT_MUT_DELETE,            /**< delete one record or a short run */
    FXT_MUT_SWAP,              /**< swap two records (mostly neighbours) */
    FXT_MUT_RETARGET_REF,      /**< string/thread ref -> unregistered index */
    FXT_MUT_SWITCH_REF,        /**< inline <-> indexed, via decode + encode */
    FXT_MUT_CORRUPT_UTF8,      /**< invalid UTF-8 inside a string stream */
    FXT_MUT_CORRUPT_PADDING,   /**< non-zero padding byte after a stream */
    FXT_MUT_UNDEFINED_TYPE,    /**< undefined value in a type field */
    FXT_MUT_INSERT_GENERATED,  /**< records taken from generated traces */
    FXT_MUT_INSERT_MODEL,      /**< a random record model, encoded */
    FXT_MUT_TWEAK_MODEL,       /**< change a decoded record, re-encode it */
    FXT_MUT_BYTE_SWAP,         /**< the whole trace in the other byte order */
    FXT_MUT_SIZE_WRAP,         /**< a wide size field (large blob size word) near its top */
    FXT_MUT_DATA_WORD,         /**< a data word (ticks per second, timestamp, koid) to 0, 1, max... */
    FXT_MUT_REORDER,           /**< the leading records in another legal order (fxt/gen.h orders) */
    FXT_MUT_OP_COUNT
} fxt_mut_op;

/** What one fxt_mutate() call did. */
typedef struct fxt_mut_info {
    unsigned nops;  /**< mutations applied (1..4) */
    int ops[4];     /**< which (fxt_mut_op), in order */
    int fallback;   /**< no structured mutation applied: raw byte change */
} fxt_mut_info;

/** Options of fxt_mutate() and fxt_crossover(). */
typedef struct fxt_mut_options {
    /** Revision the traces are read and written in (fxt/layout.h): record
     *  framing, the fields of every word, which type values exist, what
     *  inserted records look like. FXT_REV_R1..FXT_REV_CURRENT; anything
     *  else reads as current. r1 and r2 traces are little-endian (no magic
     *  record to say otherwise), so byte-swap does not apply to them. */
    fxt_revision revision;
    /** >= 0: apply exactly this mutation (fxt_mut_op), falling back to a
     *  raw byte change if it does not apply; -1: the mutator's choice. */
    int force_op;
    /** Crop: when the mutated trace holds at least CROP_MIN_SIZE bytes,
     *  CROP_PCT percent of the calls write it only up to FXT_MUT_CROP_KEEP
     *  records past the last record the mutations changed, inserted, moved
     *  or deleted next to; the prefix (magic, initialization, providers,
     *  registrations) stays whole. A mutation's effect is local to where it
     *  lands, and a reader re-reading the unchanged tail of a well-formed
     *  trace only makes the execution dearer. 0: never crop. */
    unsigned crop_pct;
    size_t crop_min_size;
    /** Weight of the size-wrap mutation among all (0: the default,
     *  FXT_MUT_SIZE_WRAP_WEIGHT of 118). Its outputs set a reader's size
     *  wraps off at almost every try, and under a fuzzer that restarts at
     *  each crash (libFuzzer's fork mode) a reader that has such a bug then
     *  spends its time restarting: 1 there (fuzz/README.md). */
    unsigned size_wrap_weight;
} fxt_mut_options;

/** size-wrap's default weight (fxt_mut_options.size_wrap_weight). */
#ifndef FXT_MUT_SIZE_WRAP_WEIGHT
#define FXT_MUT_SIZE_WRAP_WEIGHT 8
#endif

/** Records a crop keeps past the last changed one (see crop_pct). */
#define FXT_MUT_CROP_KEEP 8

/** Defaults: the current revision, the mutator's choice of mutations,
 *  crop 90 % of the calls on traces of 4 KB or more. */
fxt_mut_options fxt_mut_options_default(void);

/** Mutate the SIZE bytes at DATA in place (DATA holds MAX_SIZE bytes) and
 *  return the new size, never more than MAX_SIZE and never 0 unless
 *  MAX_SIZE is 0. Any input is accepted, including empty and garbage. O
 *  (NULL: fxt_mut_options_default()) sets the revision, a forced mutation
 *  and the crop; INFO (may be NULL) receives what was done. */
size_t fxt_mutate(uint8_t *data, size_t size, size_t max_size, uint64_t seed,
                  const fxt_mut_options *o, fxt_mut_info *info);

/** Combine two traces into OUT (MAX_OUT bytes): a run of B's records
 *  spliced into A, A's head with B's tail, or the two interleaved. B is
 *  converted to A's byte order. Returns the output size (<= MAX_OUT; 0 only
 *  if MAX_OUT is 0 or both inputs are empty). Read in O's revision (O may
 *  be NULL: the defaults). */
size_t fxt_crossover(const uint8_t *a, size_t na, const uint8_t *b, size_t nb, uint8_t *out,
                     size_t max_out, uint64_t seed, const fxt_mut_options *o);

/** The deterministic step of the state bug class (state used before the
 *  record that sets it exists): delete the K-th record (from 0, in trace
 *  order) that sets state later records use - the initialization record
 *  and provider info, section and event metadata records - from the SIZE
 *  bytes at DATA (which hold MAX_SIZE), read in O's revision (O may be
 *  NULL: the defaults). Returns the new size, or 0 if the trace has no
 *  K-th such record, or nothing would be left (DATA is then unchanged).
 *  Fuzzer glue that sees the same input many times in a row (AFL++'s
 *  custom stage) runs K = 0, 1, ... on each new input before its random
 *  mutations. */
size_t fxt_mut_drop_state(uint8_t *data, size_t size, size_t max_size, unsigned k,
                          const fxt_mut_options *o);

/** The number of records in the SIZE bytes at DATA as the mutator reads
 *  them (tolerantly, in O's revision, O may be NULL: the defaults: sizes
 *  are clamped to the input, a size-0 record counts as one word, and past
 *  4095 records the rest is one). The records fxt_mut_delete_records()
 *  numbers. */
size_t fxt_mut_record_count(const uint8_t *data, size_t size, const fxt_mut_options *o);

/** A step of a structure-aware trim (the AFL++ glue's custom trim): delete
 *  records FIRST to FIRST + COUNT - 1 (numbered from 0 as
 *  fxt_mut_record_count() counts them) from the SIZE bytes at DATA, in
 *  place. Returns the new size, or 0 if the range is empty or not inside
 *  the trace, or nothing would be left (DATA is then unchanged). */
size_t fxt_mut_delete_records(uint8_t *data, size_t size, size_t first, size_t count,
                              const fxt_mut_options *o);

/** The leading records of the SIZE bytes at DATA (which hold MAX_SIZE)
 *  put in order ORDER (FXT_GEN_ORDER_* bits of fxt/gen.h: a magic record
 *  or none, the initialization record before or after the provider info,
 *  a provider section record after the provider info or none), read in
 *  O's revision (O may be NULL: the defaults). A trace that lacks some of
 *  those records is in every order for them (a trace without an
 *  initialization record is in either order of it). Returns the new size
 *  (SIZE if it already was in that order), or 0 (DATA unchanged) if it
 *  cannot be: a big-endian trace without its magic record, leading
 *  records that are not one of the orders (two initialization records...),
 *  no room. */
size_t fxt_mut_set_order(uint8_t *data, size_t size, size_t max_size, unsigned order,
                         const fxt_mut_options *o);

/** The order (FXT_GEN_ORDER_* bits) the leading records of the SIZE bytes
 *  at DATA are in (records a trace lacks read as the order's default: no
 *  initialization record reads as initialization first), or -1 if they
 *  are in none (several initialization or provider records among them). */
int fxt_mut_order_of(const uint8_t *data, size_t size, const fxt_mut_options *o);

/** Name of the environment variable that selects the revision of the
 *  libFuzzer and AFL++ glue (libfuzzer_mutator.c, afl_mutator.c). */
#define FXT_MUTATE_REVISION_ENV "FXT_MUTATE_REVISION"

/** Short stable name of mutation OP ("flip-reserved"...); "?" if unknown. */
const char *fxt_mut_op_name(int op);

/** Free this thread's caches (generated record pool, decoder memory). They
 *  are rebuilt on the next call; call before exit to keep leak checkers
 *  quiet about still-reachable blocks. */
void fxt_mutator_release(void);

#ifdef __cplusplus
}
#endif

#endif /* FXT_MUTATOR_H */
