/* SPDX-License-Identifier: MIT */
/* issue_list.h - what the validator's tests collect issues and visit
 * records with (test_validator.c, test_lean_equals.c). */
#ifndef FXT_ISSUE_LIST_H
#define FXT_ISSUE_LIST_H

#include <stdio.h>
#include <stdlib.h>

#include "fxt/validate.h"

/** The issues of one run, in report order (free v). */
typedef struct issues {
    fxt_issue *v;
    size_t n, cap;
} issues;

/** fxt_options.on_issue appending to the issues at CTX; exits on no memory. */
static inline void collect(void *ctx, const fxt_issue *is)
{
    issues *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (l->v == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
    }
    l->v[l->n++] = *is;
}

/** A visitor that does nothing (it turns the lean path off). */
static inline void ignore_record(void *ctx, const fxt_record *r)
{
    (void)ctx, (void)r;
}

#endif
