/* SPDX-License-Identifier: MIT */
/*
 * fuzz_common.h - pieces shared by fxtkit's fuzz harnesses: the issue
 * collector, the visitor that touches every documented field of a record
 * and checks the record model's invariants, and the derivation of validator
 * options from the input.
 *
 * A broken invariant prints what was expected and abort()s, so libFuzzer,
 * AFL++ and the replay driver all report it as a crash.
 */
#ifndef FXT_FUZZ_COMMON_H
#define FXT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Abort with a message unless COND holds. */
#define FZ_CHECK(cond, ...)                                                                  \
    do {                                                                                     \
        if (!(cond))                                                                         \
            fz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                                 \
    } while (0)

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn, format(printf, 4, 5)))
#endif
void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...);

/** Records larger than this are streamed by a chunk-fed validator (their
 *  raw bytes and payload are not handed to the visitor); mirrors BUF_CAP in
 *  validator/internal.h. */
#define FZ_STREAM_LIMIT ((uint64_t)1 << 20)

/** Everything one validation run produced. */
typedef struct fz_run {
    const uint8_t *input;   /* the whole input (for content checks) */
    size_t input_len;
    fxt_options opt;        /* options used (for severity checks) */
    /* issues */
    fxt_issue *issues;
    size_t nissues, cap;
    int finishing;          /* fxt_validator_finish() is running */
    uint64_t last_off;      /* record offset of the last issue during feed */
    uint64_t fed;           /* bytes fed so far */
    /* records */
    uint64_t records;       /* visitor calls */
    uint64_t next_off, next_idx;
    uint64_t digest;        /* of every visited record's model */
    uint64_t touched;       /* sum of touched bytes (keeps the reads alive) */
    int cur_errors;         /* the record being visited had errors */
    uint64_t lenient;       /* known divergences tolerated (see fuzz_common.c) */
} fz_run;

/** Start a run over INPUT with options O (callbacks and ctx are set). */
void fz_run_init(fz_run *r, const uint8_t *input, size_t len, fxt_options *o);
void fz_run_free(fz_run *r);

/** After fxt_validator_finish(): cross-check stats against the run, the
 *  provider API and the issue list. */
void fz_run_check(fz_run *r, const fxt_validator *v);

/** Options derived from a hash of the input: default, small tables,
 *  allow-unknown and ignored rules, so every run mode gets fuzzed. */
fxt_options fz_options(const uint8_t *data, size_t size);

/** A validator for one run, whose object an allocator (fxt_options.alloc)
 *  places at the end of a cached block (SLOT 0 or 1) refilled with a fixed
 *  pattern per slot (its tables come from malloc): this keeps overreads past
 *  the end in the redzone and runs independent of history, and makes reads
 *  of uninitialised validator memory differ by slot. */
fxt_validator *fz_validator_new(const fxt_options *o, unsigned slot);
void fz_validator_free(fxt_validator *v, unsigned slot);

/** FNV-1a 64 of DATA, for deterministic per-input choices. */
uint64_t fz_hash(const uint8_t *data, size_t size);

/** Abort unless runs A and B produced identical issues, stats and record
 *  models (WHAT names the comparison in the message). */
void fz_compare_runs(const fz_run *a, const fxt_validator *va, const fz_run *b,
                     const fxt_validator *vb, const char *what);

#ifdef __cplusplus
}
#endif

#endif /* FXT_FUZZ_COMMON_H */
