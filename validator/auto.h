/* SPDX-License-Identifier: MIT */
/*
 * auto.h - the FXT_REV_AUTO validator (auto.c): one validator per revision
 * over the same input, issues merged. api.c is its only user.
 */
#ifndef FXT_VALIDATOR_AUTO_H
#define FXT_VALIDATOR_AUTO_H

#include <stddef.h>

#include "fxt/validate.h"

typedef struct fxt__auto fxt__auto;

/* Bytes of an auto validator with its validators (a multiple of 64). */
size_t fxt__auto_size(void);
/* One in MEM (fxt__auto_size() bytes), options O (revision ignored). */
fxt__auto *fxt__auto_init(void *mem, const fxt_options *o);
void fxt__auto_fini(fxt__auto *a);
void fxt__auto_feed(fxt__auto *a, const void *data, size_t len);
void fxt__auto_finish(fxt__auto *a);
fxt_revision fxt__auto_verdicts(const fxt__auto *a, fxt_revision_verdict out[FXT_REV_COUNT]);
void fxt__auto_stats(const fxt__auto *a, fxt_stats *out);
/* The validator of the revision to report (rule counts, providers). */
const fxt_validator *fxt__auto_reported(const fxt__auto *a);

#endif /* FXT_VALIDATOR_AUTO_H */
