/* SPDX-License-Identifier: MIT */
/* gen_rng.h - the random source of the random traces (gen*.c): splitmix64
 * outputs, made a block at a time. Internal: not installed.
 *
 * The stream is fixed (the same seed gives the same bytes everywhere):
 * small draws (n <= 2^16) take the next 16-bit lane of a pool word, low
 * lane first, and a new pool word when its four lanes are used; whole-word
 * draws take the next output not yet taken by either.
 *
 * The block keeps the pool's lanes consecutive in memory: a small draw is
 * a 16-bit load and an increment, with no test for an empty pool (that was
 * a mispredicted branch in one small draw of four). A whole-word draw takes
 * the first word the pool has not started and moves the pool word into its
 * place (rng_word()), so the pool's next lane is always the next in memory.
 */
#ifndef FXT_GEN_RNG_H
#define FXT_GEN_RNG_H

#include <stdint.h>
#include <string.h>

#include "fxt/word.h"
#include "hints.h"

/* Words per block, and how many a caller may take after rng_reserve()
 * without another: a record of the direct path takes at most ~40, the
 * shared choices (gen_choice.h) a few; redraws check on their own. */
#define RNG_WORDS 2048u
#define RNG_MARGIN 256u

/* splitmix64 on the state *S. */
static inline uint64_t fxt__splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Outputs, little-endian (so lanes are 16-bit loads on any host): slot i
 * at w + 8 * (i + 1) (slot -1 is scratch for rng_word()); and the state
 * that makes the next ones. */
typedef struct rng_block {
    uint64_t s;
    uint8_t w[(RNG_WORDS + 1) * 8];
} rng_block;

/* A cursor on a block: LANE, the pool's next lane. lane / 4 is the pool
 * word's slot; lane % 4 == 0: the pool is used up. Slots from
 * (lane + 3) / 4 on hold the outputs not taken yet, in order. The direct
 * path keeps a copy in locals, so that stores into the output buffer (which
 * may alias anything reached through a pointer) do not make the compiler
 * reload it. */
typedef struct rng {
    rng_block *b;
    uint32_t lane;
} rng;

/* What the out-of-line parts return: a value and the cursor (registers,
 * so a cursor in locals stays there). */
typedef struct rng_ret {
    uint64_t v;
    uint32_t lane;
} rng_ret;

/* Start block B at SEED and *R on it (nothing taken yet). */
void fxt__rng_init(rng *r, rng_block *b, uint64_t seed);

/* A new block: the pool word and the outputs not taken move to the front;
 * returns the lane. */
uint32_t fxt__rng_refill(rng_block *b, uint32_t lane);

/* A small draw rejected (the biased tail of Lemire's method): draw again. */
rng_ret fxt__rng_redraw(rng_block *b, uint32_t lane, uint32_t n);

/* rng_below() for N > 2^32, or a 32-bit draw that hit the biased tail: W
 * is the word it took. */
rng_ret fxt__rng_below_slow(rng_block *b, uint32_t lane, uint64_t n, uint64_t w);

/* Make sure RNG_MARGIN outputs can be taken without another check. */
static FXT__ALWAYS_INLINE void rng_reserve(rng *r)
{
    if (FXT__UNLIKELY(r->lane > 4 * (RNG_WORDS - RNG_MARGIN)))
        r->lane = fxt__rng_refill(r->b, r->lane);
}

/* The next 64 random bits (a whole output): slot k, the first the pool has
 * not started. The pool word (slot k - 1, if started) moves into slot k,
 * and the pool's lanes with it (lane + 4). When the pool is used up, slot
 * k is simply the next word and the copy is scratch. No branch either way. */
static FXT__ALWAYS_INLINE uint64_t rng_word(rng *r)
{
    uint8_t *k = r->b->w + 8 * (size_t)((r->lane + 3) / 4 + 1);
    uint64_t v = fxt_load_le64(k);
    memcpy(k, k - 8, 8);
    r->lane += 4;
    return v;
}

/* Uniform in [0, n), 0 < n <= 2^16, from the pool: Lemire's multiply-shift
 * on 16 bits, unbiased (the tail is redrawn), integer-only. */
static FXT__ALWAYS_INLINE uint32_t rng_draw(rng *r, uint32_t n)
{
    const uint8_t *p = r->b->w + 8 + 2 * (size_t)r->lane++;
    uint32_t x = (uint32_t)p[0] | (uint32_t)p[1] << 8;
    uint32_t m = x * n; /* < 2^32 since x < 2^16 and n <= 2^16 */
    uint32_t l = m & 0xffff;
    /* for a constant N the test folds to one compare (none for powers of 2) */
    if (FXT__UNLIKELY(l < n) && FXT__UNLIKELY(l < (0x10000u - n) % n)) {
        rng_ret q = fxt__rng_redraw(r->b, r->lane, n);
        r->lane = q.lane;
        return (uint32_t)q.v;
    }
    return m >> 16;
}

/* Uniform in [0, n) (n > 0) from whole words: Lemire's method on the top 32
 * bits when n fits in 32 bits, else rejection of the biased tail and a
 * modulo. */
static FXT__ALWAYS_INLINE uint64_t rng_below(rng *r, uint64_t n)
{
    uint64_t w = rng_word(r);
    uint64_t m = (w >> 32) * n;
    if (FXT__UNLIKELY(n > 0xffffffffu) || FXT__UNLIKELY((uint32_t)m < n)) {
        rng_ret q = fxt__rng_below_slow(r->b, r->lane, n, w);
        r->lane = q.lane;
        return q.v;
    }
    return m >> 32;
}

/* Uniform in [0, n): a pool draw for small ranges, else whole words. */
static FXT__ALWAYS_INLINE uint64_t rng_any(rng *r, uint64_t n)
{
    return n <= 0x10000 ? rng_draw(r, (uint32_t)n) : rng_below(r, n);
}

#endif
