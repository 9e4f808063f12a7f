/* SPDX-License-Identifier: MIT */
/*
 * par_equals.h - what test_par_equals.c shares with the other parts of
 * its test (par_guess.c): traces written word by word, runs held to one
 * thread's output.
 */
#ifndef FXT_TEST_PAR_EQUALS_H
#define FXT_TEST_PAR_EQUALS_H

#include <stddef.h>
#include <stdint.h>

#include "../par.h" /* the cycles' counters */

typedef struct trace {
    uint64_t *w;
    size_t n, cap;
    uint64_t x; /* the generator's state */
} trace;

typedef struct config {
    unsigned threads, piece;
    size_t chunk;       /* 0: fed whole */
    unsigned how;       /* fxt__par_test's (par.h) */
    const size_t *cuts; /* or fed in chunks ending there (the last: the length) */
} config;

typedef struct limits {
    const char *what;
    size_t max_threads, max_async, max_flows, max_providers;
    unsigned flags;
} limits;

extern const limits defaults;

void put(trace *t, uint64_t w);
/* A record header of TYPE, WORDS long. */
uint64_t hdr(unsigned type, size_t words);
/* T anew: the magic and initialization records. */
void start(trace *t);
/* A string record of index IDX, BYTES long (>= 16). */
void str_rec(trace *t, unsigned idx, size_t bytes);
void thr_rec(trace *t, unsigned idx, uint64_t pid, uint64_t tid);
/* An event of type ET on thread index THR, no name, no arguments. */
void ev_ref(trace *t, unsigned et, unsigned thr);
/* One thread's output and C's on T (under LIM) must be the same (WHAT has
 * issues unless it says "clean"): C's counters into *PC. */
void same_as_one(const trace *t, const config *c, const limits *lim, const char *what,
                 fxt__par_counts *pc);
/* Fail unless OK (COUNTER of WHAT is GOT). */
void demand(const char *what, const char *counter, uint64_t got, int ok);

/* par_guess.c: pieces started where the worker guessed, guesses wrong. */
void guesses(void);

#endif /* FXT_TEST_PAR_EQUALS_H */
