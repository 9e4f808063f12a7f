/* SPDX-License-Identifier: MIT */
/*
 * pairs.h - checking one input with two threads (pairs.c): this thread
 * checks the first part of each pair of parts while ahead_thread.c's
 * thread checks the second ahead (libfxt's fxt_ahead). Used by
 * fxt-validate and by fxt-bench, which times it.
 */
#ifndef FXT_CLI_PAIRS_H
#define FXT_CLI_PAIRS_H

#include <stddef.h>

#include "ahead_thread.h"
#include "fxt/validate.h"
#include "input.h"

/** The look-aheads, used in turn (three: the one chained after still
 *  reads the one before it), and their thread (started). */
typedef struct pairs {
    fxt_ahead *ahead[3];
    ahead_thread *th;
} pairs;

/** What the caller does with each part P[0..N): feed it to the validator,
 *  with fxt_validator_feed_ahead(v, A) where A is not NULL (A checked it
 *  ahead) and fxt_validator_feed otherwise. Returns 1 to stop reading
 *  (checking has stopped, or output failed), else 0. */
typedef int (*pairs_feed)(void *ctx, const unsigned char *p, size_t n, fxt_ahead *a);

/** Read IN to its end, or until FEED says stop, handing every part to
 *  FEED in order, with the parts checked in pairs: the first by this
 *  thread, the second ahead by PP's thread from a copy of V's state.
 *  Returns the read error's message, or NULL. */
const char *pairs_check(const pairs *pp, input *in, fxt_validator *v, pairs_feed feed, void *ctx);

#endif /* FXT_CLI_PAIRS_H */
