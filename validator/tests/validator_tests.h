/* SPDX-License-Identifier: MIT */
/* validator_tests.h - what the files of test_validator share: the
 * allocation hook (test_validator.c wraps malloc, calloc and realloc with
 * -Wl,--wrap) and the test cases of test_validator_edges.c and
 * test_validator_api.c. */
#ifndef FXT_VALIDATOR_TESTS_H
#define FXT_VALIDATOR_TESTS_H

#include <check.h>

/** Non-zero: every malloc, calloc and realloc returns NULL. */
extern volatile int g_fail_allocs;

/** The library's edges (test_validator_edges.c). */
TCase *validator_edges_tcase(void);

/** The public API's contracts at their edges (test_validator_api.c). */
TCase *validator_api_tcase(void);

#endif
