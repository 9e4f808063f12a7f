/* SPDX-License-Identifier: MIT */
/*
 * bound.c - where pieces start (par.c): framed exactly, one header word
 * per record, from a known record start; or guessed near a target without
 * framing the whole piece before it.
 *
 * On two threads the worker would otherwise frame all of the validator's
 * piece (a chain of dependent loads: 14% of its time on the realistic
 * trace) only to learn where its own piece starts. Instead it frames from
 * each of STARTS consecutive words FXT__GUESS_BACK bytes before the
 * target, each hop checked for plausibility (a defined record type, size
 * > 0, reserved header bits clear, the sizes that a record type fixes).
 * The chain from a true record start survives on a valid trace; chains
 * from payload words mostly fail a check, or land on a record start and
 * so join the true chain. A chain that meets a word an earlier chain
 * framed ends as it did (each word is framed once). A chain that ends on
 * a record claiming over half the window (mostly a payload word read as a
 * header) does not count. The end most chains reach wins if it has two
 * votes or more and no tie. The provider the piece starts in is the last
 * provider record's on that chain; if it has none, the chain from a guess
 * a window further back (up to ROUNDS windows), if it leads to the same
 * end.
 *
 * Nothing depends on the guess being right: par.c starts a shadow there,
 * and the validator's thread merges the piece only if it stands exactly
 * there, in the guessed provider, when it gets to it (else it checks the
 * piece again itself). A wrong guess costs a redo, never a different
 * output.
 */
#include <string.h>

#include "fxt/layout.h"
#include "bound.h"

/* ---- framing ---- */

/* The framing asks for the bytes this far ahead of it (it reads every
 * cache line of piece 0 faster than the memory brings them unasked:
 * piece 0's framing took 16-20 ms of a 256 MiB realistic trace's 0.11 s
 * without, 12-17 ms with; bench/README.md) */
#define FRAME_AHEAD 2048

/* fxt__frame, for one byte order: one test per record for what is not an
 * ordinary record of size > 0 (metadata, large, size 0). */
static FXT__ALWAYS_INLINE void frame_loop(const fxt_validator *v, const fxt__bound *b,
                                          const uint8_t *goal, fxt__bound *out, const int be)
{
    const uint8_t *p = b->at;
    uint32_t pid = b->pid;
    int implicit = b->implicit, cut = b->cut;
    const unsigned special = 1u << FXT_RT_METADATA | 1u << FXT_RT_LARGE;
    uint64_t n = 0;
    /* (bytes left before GOAL, a multiple of 8: its decrement also tests
     * the loop, so a record costs 15 instructions, not 18) */
    uint64_t left = cut || p >= goal ? 0 : (uint64_t)(goal - p);
    while (left != 0) {
        uint64_t h = fxt_load_le64(p);
        if (be)
            h = fxt_bswap64(h);
        const unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        uint64_t rl = fxt_record_bytes_small(h);
        if (FXT__UNLIKELY((special >> type) & 1)) {
            if (type == FXT_RT_LARGE)
                rl = fxt__record_len(v, h);
            else if (rl != 0) {
                const unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
                if (mt == FXT_MT_PROVIDER_INFO || mt == FXT_MT_PROVIDER_SECTION)
                    pid = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID), implicit = 0;
            }
        }
        /* one test for two: size 0 (rl - 1 wraps), or not whole before GOAL */
        if (FXT__UNLIKELY(rl - 1 >= left)) {
            cut = rl == 0;
            break;
        }
        p += rl;
        n++;
        left -= rl;
        __builtin_prefetch(p + FRAME_AHEAD); /* (never faults) */
        __builtin_prefetch(p + FRAME_AHEAD + 64);
    }
    out->at = p, out->idx = b->idx + n, out->pid = pid, out->implicit = implicit, out->cut = cut;
    out->guessed = b->guessed;
}

void fxt__frame(const fxt_validator *v, const fxt__bound *b, const uint8_t *goal,
                fxt__bound *out)
{
    if (v->be)
        frame_loop(v, b, goal, out, 1);
    else
        frame_loop(v, b, goal, out, 0);
}

/* ---- guessing ---- */

/* Candidate starts: consecutive words (a boundary falls among them unless
 * one record covers them all). */
#define STARTS 16
/* Windows of FXT__GUESS_BACK searched back for a provider record at most */
#define ROUNDS 8

/* Could H, of length RL bytes, head a record of V's revision? */
static int plausible(const fxt_validator *v, uint64_t h, uint64_t rl)
{
    const fxt_layout *l = v->lay;
    const unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
    if (rl == 0 || !fxt_layout_defines(l->record_types, type) ||
        (h & fxt_header_desc(l->revision, h)->reserved_mask) != 0)
        return 0;
    switch (type) {
    case FXT_RT_METADATA: {
        const unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
        if (!fxt_layout_defines(l->metadata_types, mt))
            return 0;
        return (mt != FXT_MT_PROVIDER_SECTION && mt != FXT_MT_PROVIDER_EVENT) || rl == 8;
    }
    case FXT_RT_INIT: return rl == 16;
    case FXT_RT_STRING:
        return FXT_GET(h, FXT_STR_INDEX) != 0 &&
               rl == 8 + fxt__align8(FXT_GET(h, FXT_STR_LEN));
    case FXT_RT_THREAD: return rl == 24 && FXT_GET(h, FXT_THR_INDEX) != 0;
    case FXT_RT_EVENT: return rl >= 16 && ((v->ev_ok >> FXT_GET(h, FXT_EV_TYPE)) & 1);
    case FXT_RT_LARGE: return fxt_layout_defines(l->large_types, (unsigned)FXT_GET(h, FXT_LREC_TYPE));
    default: return 1;
    }
}

/* The end most chains from the STARTS words at S0, framed to GOAL, reach,
 * with two votes or more and no tie, or NULL; *FIRST: the earliest start
 * of those chains. */
static const uint8_t *vote(const fxt_validator *v, const uint8_t *s0, const uint8_t *goal,
                           size_t back, const uint8_t **first)
{
    uint8_t owner[FXT__GUESS_BACK / 8]; /* 1 + the chain that framed each word, or 0 */
    const uint8_t *end[STARTS];         /* where each chain ended (NULL: it failed a check) */
    memset(owner, 0, sizeof owner);
    for (unsigned i = 0; i < STARTS; i++) {
        const uint8_t *p = s0 + 8 * i;
        end[i] = NULL;
        for (;;) {
            if (p == goal) {
                end[i] = p;
                break;
            }
            const size_t w = (size_t)(p - s0) / 8;
            if (owner[w] != 0) { /* the same chain from here on */
                end[i] = end[owner[w] - 1];
                break;
            }
            owner[w] = (uint8_t)(i + 1);
            const uint64_t h = fxt_load_word(p, v->be), rl = fxt__record_len(v, h);
            if (!plausible(v, h, rl))
                break;
            if (rl > (size_t)(goal - p)) { /* not whole before GOAL: the piece starts here, */
                end[i] = (size_t)(goal - p) < back / 2 ? p : NULL; /* (unless the */
                break; /* record claims over half the window: mostly a payload word) */
            }
            p += rl;
        }
    }
    unsigned best = STARTS, votes = 0, tie = 0;
    for (unsigned i = 0; i < STARTS; i++) {
        if (end[i] == NULL)
            continue;
        unsigned n = 0;
        for (unsigned k = 0; k < STARTS; k++)
            n += end[k] == end[i];
        if (n > votes)
            best = i, votes = n, tie = 0;
        else if (n == votes && end[i] != end[best])
            tie = 1;
    }
    if (votes < 2 || tie)
        return NULL;
    *first = s0 + 8 * best; /* (the earliest: a later chain of as many votes ties) */
    return end[best];
}

/* Frame from P to END (plausible records): 1 and *PID if it met a
 * provider record (the last one's), 0 if none, -1 if it does not reach
 * END exactly. */
static int providers(const fxt_validator *v, const uint8_t *p, const uint8_t *end, uint32_t *pid)
{
    int found = 0;
    while (p < end) {
        const uint64_t h = fxt_load_word(p, v->be), rl = fxt__record_len(v, h);
        if (!plausible(v, h, rl) || rl > (size_t)(end - p))
            return -1;
        if (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_METADATA) {
            const unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
            if (mt == FXT_MT_PROVIDER_INFO || mt == FXT_MT_PROVIDER_SECTION)
                found = 1, *pid = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
        }
        p += rl;
    }
    return found;
}

int fxt__guess_bound(const fxt_validator *v, const uint8_t *lo, const uint8_t *goal, size_t back,
                     fxt__guess *out)
{
    const uint8_t *from, *at = vote(v, goal - back, goal, back, &from);
    if (at == NULL)
        return 0;
    out->at = at, out->has_pid = 0, out->pid = 0;
    /* the provider: the last provider record on the chain to AT; none
     * there, the chain from a guess further back (while it leads to AT) */
    for (unsigned k = 2; k <= ROUNDS; k++) {
        const int got = providers(v, from, at, &out->pid);
        if (got != 0) {
            out->has_pid = got > 0;
            break;
        }
        const uint8_t *g = goal - (k - 1) * back;
        if ((size_t)(g - lo) < back || vote(v, g - back, g, back, &from) == NULL)
            break;
    }
    return 1;
}
