/* SPDX-License-Identifier: MIT */
/*
 * bound.h - where pieces start, for par.c (bound.c): framed exactly from
 * a known record start, or guessed near a target by framing only a short
 * way back from it.
 */
#ifndef FXT_VALIDATOR_BOUND_H
#define FXT_VALIDATOR_BOUND_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"

/* Where a piece starts: its first record, its index, and the provider the
 * records before it leave current. */
typedef struct fxt__bound {
    const uint8_t *at;
    uint64_t idx;
    uint32_t pid;
    int implicit;
    int cut;     /* the framing before it met a record of size 0 */
    int guessed; /* AT and the provider guessed, IDX a base (par.c) */
} fxt__bound;

/* The records of V's trace from B->at while they lie whole before GOAL, a
 * whole number of words after it (the rule of fxt__run_whole, so that a
 * piece checked ends where the framing says), into *OUT: where the next
 * piece starts (GUESSED as B's). */
void fxt__frame(const fxt_validator *v, const fxt__bound *b, const uint8_t *goal,
                fxt__bound *out);

/* How far back from its target a guess frames at most (bytes; a multiple
 * of 8): half of piece 0 when that is less (the small pieces of tests and
 * fuzzing), but not under FXT__GUESS_MIN. */
#define FXT__GUESS_BACK ((size_t)8 << 10)
#define FXT__GUESS_MIN ((size_t)256)

/* What a guess found. */
typedef struct fxt__guess {
    const uint8_t *at; /* the last record end not past the target on the chain chosen */
    int has_pid;       /* that chain met a provider record before AT: */
    uint32_t pid;      /* the last one's provider */
} fxt__guess;

/* A record boundary of V's trace guessed near GOAL (a whole number of
 * words from any record start), framing from candidate words in the BACK
 * bytes before GOAL (FXT__GUESS_MIN to FXT__GUESS_BACK, a multiple of 8)
 * and keeping the boundary most of their chains agree on: 1 and *OUT, or
 * 0 if they do not agree. The bytes from LO (GOAL - LO >= BACK) to GOAL
 * are readable; it looks for the provider no further back. The guess may
 * be wrong (par.c checks it). */
int fxt__guess_bound(const fxt_validator *v, const uint8_t *lo, const uint8_t *goal, size_t back,
                     fxt__guess *out);

#endif /* FXT_VALIDATOR_BOUND_H */
