/* SPDX-License-Identifier: MIT */
/*
 * golden_rev.h - the revisions/ part of the golden corpus
 * (golden_revisions.c), used by golden.c. Internal to the generator library.
 */
#ifndef FXT_GOLDEN_REV_H
#define FXT_GOLDEN_REV_H

#include "fxt/gen.h"
#include "golden_tb.h"

/** One expected issue. */
typedef struct fxt__rev_issue {
    fxt_rule rule;
    uint64_t record_offset;
    uint64_t field_offset; /* the offending word or byte */
} fxt__rev_issue;

/** What one revision says of a vector. */
typedef struct fxt__rev_expect {
    fxt_gen_verdict verdict;
    fxt__rev_issue issues[FXT_GEN_VECTOR_ISSUES]; /* FXT_R_NONE ends the list */
} fxt__rev_expect;

/** A little-endian trace whose verdict differs by revision. */
typedef struct fxt__rev_vector {
    const char *name, *section, *desc;
    void (*build)(tb *t);
    fxt__rev_expect expect[FXT_REV_COUNT]; /* by fxt_revision */
} fxt__rev_vector;

extern const fxt__rev_vector fxt__k_rev_vectors[];
extern const size_t fxt__n_rev_vectors;

#endif /* FXT_GOLDEN_REV_H */
