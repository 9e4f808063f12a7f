/* SPDX-License-Identifier: MIT */
/*
 * par.h - checking on several threads (par.c): worker threads run the lean
 * path's pre-pass on tasks of whole records, the validator's thread
 * applies them in order. Used by stream.c when fxt_options.threads > 1.
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

#define FXT__MAX_THREADS 64u              /* fxt_options.threads is capped here */
#define FXT__TASK_BYTES ((size_t)64 << 10) /* records per task, by default */

typedef struct fxt__par fxt__par;

/* THREADS - 1 workers for V, tasks of TASK_BYTES (0: the default); NULL if
 * THREADS < 2, without threads or memory (V then checks on its own). */
fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t task_bytes);
/* Stop and join the workers, free (NULL: nothing). */
void fxt__par_free(fxt__par *q);
/* Check the whole records at the start of P[0..LEN) as fxt__fast_run
 * does, on every thread; the bytes checked (0: too few for two tasks).
 * Returns only once no worker reads P any more. */
size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len);

#endif /* FXT_VALIDATOR_PAR_H */
