/* SPDX-License-Identifier: MIT */
/*
 * one.h - a validator of one revision, as api.c and auto.c use it: the
 * whole of what auto.c knows of the validators it composes. The public
 * entry points (api.c) call these for a single revision; auto.c calls
 * them for each revision's validator. Implemented by one.c (life,
 * results), stream.c (feeding) and provider.c (per-provider counters).
 */
#ifndef FXT_VALIDATOR_ONE_H
#define FXT_VALIDATOR_ONE_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"

/* Bytes of one validator in the caller's memory (a multiple of 64; its
 * tables and record buffer come from the allocator). */
size_t fxt__one_size(void);
/* A validator of revision O->revision (never FXT_REV_AUTO; O as
 * fxt__options_sane() makes it) in MEM, fxt__one_size() bytes. */
fxt_validator *fxt__one_init(void *mem, const fxt_options *o);
/* Free what it allocated (not MEM). */
void fxt__one_fini(fxt_validator *v);

void fxt__one_feed(fxt_validator *v, const void *data, size_t len);
void fxt__one_finish(fxt_validator *v);

/* The offset of the next record it will check; UINT64_MAX once it has
 * stopped (it reports nothing more before finish). */
uint64_t fxt__one_progress(const fxt_validator *v);
/* The allocator it uses (the caller's, or malloc's). */
const fxt_allocator *fxt__one_allocator(const fxt_validator *v);

/* As the public functions of the same names. */
fxt_revision fxt__one_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT]);
void fxt__one_stats(const fxt_validator *v, fxt_stats *out);
uint64_t fxt__one_rule_count(const fxt_validator *v, fxt_rule r);
size_t fxt__one_provider_count(const fxt_validator *v);
int fxt__one_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out);

#endif /* FXT_VALIDATOR_ONE_H */
