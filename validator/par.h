/* SPDX-License-Identifier: MIT */
/*
 * par.h - checking on several threads (par.c): worker threads check whole
 * pieces ahead in shadow validators, the validator's thread merges their
 * summaries in order. Used by stream.c when fxt_options.threads > 1.
 */
#ifndef FXT_VALIDATOR_PAR_H
#define FXT_VALIDATOR_PAR_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"

/* Threads where the platform has them (not WASI: one thread there). */
#if defined(__wasi__)
#define FXT__HAVE_THREADS 0
#else
#define FXT__HAVE_THREADS 1
#endif

#define FXT__MAX_THREADS 64u               /* fxt_options.threads is capped here */
#define FXT__TASK_BYTES ((size_t)512 << 10) /* bytes of a piece, by default */
/* Pieces grow up to this within a feed (par.c); larger ones were slower on
 * the realistic trace (bench/README.md, issue 34, par34f). */
#ifndef FXT__TASK_MAX /* (a -D for measuring) */
#define FXT__TASK_MAX ((size_t)1 << 20)
#endif
#define FXT__MAX_COPIES 64u /* providers copied into a shadow at most (more: one thread) */

typedef struct fxt__par fxt__par;

/* THREADS (> 1) - 1 workers for V (on the lean path), each with its
 * shadow validator, pieces of PIECE_BYTES (>= 64); NULL without threads or
 * memory (V then checks on its own). */
fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t piece_bytes);
/* Stop and join the workers, free (NULL: nothing). */
void fxt__par_free(fxt__par *q);
/* Check the whole records at the start of P[0..LEN) as fxt__run_whole
 * does, on every thread, in cycles of a piece per thread; the bytes
 * checked (0: too few for two pieces, or nothing a shadow can summarise).
 * Returns only once no worker reads P any more. */
size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len);

/* Why a piece checked ahead was checked again (fxt__par_counts.why). */
enum {
    FXT__REDO_ISSUE,       /* its shadow met an issue or a limit (by_rule says which) */
    FXT__REDO_PROVIDER,    /* its shadow met a provider introduced or started afresh */
    FXT__REDO_PENDING,     /* its shadow left more refs to the merge than it keeps */
    FXT__REDO_UNSTARTED,   /* its shadow could not start (no copy of its provider) */
    FXT__REDO_POSITION,    /* the validator stopped, or is not where the piece starts */
    FXT__REDO_PROVIDERS,   /* providers introduced, restarted or switched since the copy */
    FXT__REDO_KOIDS,       /* a thread index whose koids it used has other ones now */
    FXT__REDO_STRING,      /* a string ref it left to the merge is not registered */
    FXT__REDO_DURATION,    /* it ended more begins than were open before it */
    FXT__REDO_THREADS,     /* no room for its threads */
    FXT__REDO_ASYNC,       /* its async ids do not fit the open ones, or no room */
    FXT__REDO_FLOWS,       /* its flow ids do not fit the open ones, or no room */
    FXT__REDO_DOOMED,      /* known not to fit before it was done: a provider introduced
                              or a thread index registered again with other koids by the
                              validator's thread since its copy */
    FXT__REDO_N_
};
#define FXT__REDO_NAMES                                                                    \
    "issue", "provider record", "pending refs full", "not started", "position",           \
        "providers changed", "koids changed", "string ref", "duration", "thread room",      \
        "async ids", "flow ids", "doomed"

/* Who waits (fxt__par_counts.wait_ns, sleeps). */
enum {
    FXT__WAIT_PIECE, /* the validator's thread, for a worker to finish its piece */
    FXT__WAIT_ROUND, /* a worker, for the next cycle */
    FXT__WAIT_BOUND, /* a worker, for the framing to say where its piece starts */
    FXT__WAIT_N_
};

/* What the threads spent their time on (fxt__par_counts.busy_ns). */
enum {
    FXT__BUSY_COPY,   /* the validator's thread: tables copied, the cycle set up */
    FXT__BUSY_PIECE0, /* the validator's thread: piece 0 checked */
    FXT__BUSY_MERGE,  /* the validator's thread: summaries merged */
    FXT__BUSY_REDO,   /* the validator's thread: pieces checked again or taken back */
    FXT__BUSY_FRAME,  /* workers: framing (where the next piece starts) */
    FXT__BUSY_CHECK,  /* workers: their pieces checked by their shadows */
    FXT__BUSY_N_
};
#define FXT__BUSY_NAMES "copy", "piece 0", "merge", "redo", "framing", "pieces"

/* What the cycles came to (for bench/fxt-threads). */
typedef struct fxt__par_counts {
    uint64_t rounds;   /* cycles (a piece per thread) */
    uint64_t segments; /* runs of cycles, each ending in a join (pipelined: one a feed) */
    uint64_t piece_max; /* the largest piece handed to a worker, in bytes */
    uint64_t pieces; /* checked by shadows */
    uint64_t redone; /* of those, checked again on the validator's thread */
    uint64_t taken;  /* pieces the validator's thread took, their worker not started */
    uint64_t merged_records; /* records of the pieces merged */
    uint64_t backoffs; /* times it checked the next chunks on one thread */
    uint64_t guessed;    /* pieces started where the worker guessed (bound.c), checked */
    uint64_t misguesses; /* of those, not where the validator stood: redone */
    uint64_t why[FXT__REDO_N_]; /* the pieces redone, by reason */
    uint64_t by_rule[FXT_R_END_]; /* FXT__REDO_ISSUE, by the rule that stopped it */
    uint64_t wait_ns[FXT__WAIT_N_]; /* time spent waiting (workers: summed), by who */
    uint64_t sleeps[FXT__WAIT_N_];  /* waits that went to sleep, by who */
    uint64_t busy_ns[FXT__BUSY_N_]; /* time spent working (workers: summed), by what */
} fxt__par_counts;
void fxt__par_get_counts(const fxt_validator *v, fxt__par_counts *out);

/* For tests (test_par_equals.c, paths()): how V's thread deals with its workers,
 * whatever the timing (HOW: 0, as they come, or FXT__PAR_*). */
enum {
    FXT__PAR_WAIT = 1, /* wait for each worker to take its piece: none taken back */
    FXT__PAR_TAKE = 2, /* take back every piece of every cycle: none checked ahead */
    FXT__PAR_TAKE_4TH = 4 /* take back the pieces of each segment's 4th cycle (pipelined:
                             the worker is on its way), and only those */
};
void fxt__par_test(fxt_validator *v, unsigned how);

#endif /* FXT_VALIDATOR_PAR_H */
