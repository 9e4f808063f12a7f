/* SPDX-License-Identifier: MIT */
/*
 * shadow.h - shadow validators (shadow.c) for par.c: copies of the real
 * validator's tables, a piece checked ahead, the summary merged.
 */
#ifndef FXT_VALIDATOR_SHADOW_H
#define FXT_VALIDATOR_SHADOW_H

#include <stdint.h>

#include "internal.h"

/* A shadow of V (its options, no visitor, no issue callback); NULL
 * without memory. */
fxt_validator *fxt__shadow_new(fxt_validator *v);
void fxt__shadow_free(fxt_validator *v, fxt_validator *sv);
/* Copy V's providers' string and thread tables into SV (on the
 * validator's thread, between pieces): 0 without memory for them. */
int fxt__shadow_copy(fxt_validator *v, fxt_validator *sv);
/* Ready SV for a piece whose first record is at offset OFF, index IDX, in
 * the implicit provider or provider PID; its counts and sequencing empty:
 * 0 if that provider has no copy. */
int fxt__shadow_start(fxt_validator *sv, int implicit, uint32_t pid, uint64_t off, uint64_t idx);

/* Where a shadow's piece started, and V's epochs when its copy was made. */
typedef struct fxt__shadow_at {
    uint64_t off, idx;
    const fxt__provider *copy; /* the copy of the provider it started in */
    uint64_t thr_epoch;
    int guessed; /* OFF and the provider guessed (par.c), IDX a base: the merge wants
                    V at OFF, whatever its index, and counts from V's */
} fxt__shadow_at;
/* Known before the shadow is done: no piece copied at those epochs can
 * fit (a provider introduced or started afresh, or a thread index
 * registered again with other koids, which a shadow has likely used): the
 * reason (par.h: FXT__REDO_*), else FXT__REDO_N_. */
int fxt__shadow_doomed(const fxt_validator *v, uint64_t prov_epoch, uint64_t thr_epoch);
/* Why SV's summary does not fit exactly where V is (everything before the
 * piece checked, and fxt__shadow_doomed said no): FXT__REDO_* (par.h), or
 * FXT__REDO_N_ if it fits. */
int fxt__shadow_why_not(const fxt_validator *v, const fxt_validator *sv, const fxt__shadow_at *at);
/* Commit it (fxt__shadow_why_not said it fits): registrations, counts,
 * durations, async and flow ids, position (record indexes moved by V's
 * index less AT's). */
void fxt__shadow_merge(fxt_validator *v, const fxt_validator *sv, const fxt__shadow_at *at);

#endif /* FXT_VALIDATOR_SHADOW_H */
