/* SPDX-License-Identifier: MIT */
/* test_scale.h - the stride of a property test's loop over seeds (tests
 * only).
 *
 * scripts/test.sh runs its AddressSanitizer stage with FXT_SANITIZED=1:
 * there each iteration costs 4-5 times what it does in the Release stage,
 * which (with the coverage stage) has already run the same test over every
 * seed. There a loop takes one seed in K, spread over the whole range (so
 * its largest traces too), enough to reach every path of the code under test
 * (each call site says why), so that AddressSanitizer and UBSan watch every
 * path without repeating the Release stage's sampling of seeds. */
#ifndef FXT_TEST_SCALE_H
#define FXT_TEST_SCALE_H

#include <stdlib.h>
#include <string.h>

/* 1, or K when the environment has FXT_SANITIZED=1. */
static inline unsigned fxt_test_step(unsigned k)
{
    const char *e = getenv("FXT_SANITIZED");
    return e != NULL && strcmp(e, "1") == 0 ? k : 1;
}

#endif
