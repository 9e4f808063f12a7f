/* SPDX-License-Identifier: MIT */
/* gen_internal.h - facts about the random traces of gen*.c that the rest
 * of the generator library builds on (violate*.c inserts records that refer
 * to what the realistic base registered), and a hook for the generator's
 * tests. Internal: not installed. */
#ifndef FXT_GEN_INTERNAL_H
#define FXT_GEN_INTERNAL_H

/* Every provider of a random trace registers strings 1..FXT__GEN_STRINGS
 * and FXT__GEN_LAST_STRING_INDEX (text FXT__GEN_LAST_STRING), and threads
 * 1..FXT__GEN_THREADS. The realistic profile introduces its second
 * provider mid-trace (info record and tables, when the budget has room)
 * and then switches between the two with provider section records. */
#define FXT__GEN_STRINGS 64u
#define FXT__GEN_LAST_STRING_INDEX 0x7fffu
#define FXT__GEN_LAST_STRING "last-index"
#define FXT__GEN_THREADS 8u

#include "fxt/gen.h"

/* fxt_gen_random with every record made through the record model and the
 * encoder (no direct path): the same bytes, slower. For the test that
 * holds the direct path to the model. */
int fxt__gen_random_model(const fxt_gen_options *o, fxt_gen_write_fn write, void *ctx);

#endif
