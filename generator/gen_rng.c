/* SPDX-License-Identifier: MIT */
/*
 * gen_rng.c - the PRNG: the public fxt_rng (fxt/gen.h) and the block
 * source of the random traces (gen_rng.h): its refill and the rare paths
 * of its draws.
 */
#include <string.h>

#include "fxt/gen.h"
#include "gen_rng.h"

/* Uniform in [0, n) (n > 0) from splitmix64 on *S: Lemire's multiply-shift
 * on 32 random bits when n fits (unbiased, no division on the common path),
 * else rejection of the biased tail and a modulo. rng_below() takes the
 * same outputs the same way. */
static uint64_t below(uint64_t *s, uint64_t n)
{
    if (n <= 0xffffffffu) {
        uint64_t m = (fxt__splitmix(s) >> 32) * n;
        if ((uint32_t)m < n) {
            uint32_t t = (uint32_t)(-(uint32_t)n % (uint32_t)n);
            while ((uint32_t)m < t)
                m = (fxt__splitmix(s) >> 32) * n;
        }
        return m >> 32;
    }
    uint64_t lim = ~(uint64_t)0 - (~(uint64_t)0 % n);
    uint64_t x;
    do
        x = fxt__splitmix(s);
    while (x >= lim);
    return x % n;
}

uint64_t fxt_rng_next(fxt_rng *r) { return fxt__splitmix(&r->s); }

uint64_t fxt_rng_below(fxt_rng *r, uint64_t n) { return below(&r->s, n); }

/* Slots [from, RNG_WORDS) of B: the next outputs. Output i is a function
 * of s + (i + 1) * gamma alone (no chain from one to the next), so the
 * loop vectorizes; with AVX2 (a copy of the function for it, picked at
 * load time where the compiler can) it makes four at a time. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__)
__attribute__((target_clones("avx2", "default")))
#endif
static void fill(rng_block *b, uint32_t from)
{
    const uint64_t gamma = 0x9e3779b97f4a7c15ull;
    uint64_t s = b->s;
    uint8_t *w = b->w + 8;
#pragma GCC unroll 4
    for (uint32_t i = from; i < RNG_WORDS; i++) {
        uint64_t z = s + (uint64_t)(i - from + 1) * gamma;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        fxt_store_le64(w + 8 * (size_t)i, z ^ (z >> 31));
    }
    b->s = s + (uint64_t)(RNG_WORDS - from) * gamma;
}

void fxt__rng_init(rng *r, rng_block *b, uint64_t seed)
{
    b->s = seed;
    memset(b->w, 0, 8); /* scratch */
    fill(b, 0);
    r->b = b;
    r->lane = 0;
}

uint32_t fxt__rng_refill(rng_block *b, uint32_t lane)
{
    /* from slot lane / 4 on: the pool word if started, then the outputs
     * not taken (all of them made, so slot RNG_WORDS - 1 is the last) */
    uint32_t from = lane / 4;
    uint32_t keep = from < RNG_WORDS ? RNG_WORDS - from : 0;
    memmove(b->w + 8, b->w + 8 * ((size_t)from + 1), 8 * (size_t)keep);
    fill(b, keep);
    return lane % 4;
}

rng_ret fxt__rng_redraw(rng_block *b, uint32_t lane, uint32_t n)
{
    rng r = {b, lane};
    uint32_t t = (0x10000u - n) % n;
    for (;;) {
        rng_reserve(&r);
        const uint8_t *p = b->w + 8 + 2 * (size_t)r.lane++;
        uint32_t m = ((uint32_t)p[0] | (uint32_t)p[1] << 8) * n;
        if ((m & 0xffff) >= t)
            return (rng_ret){m >> 16, r.lane};
    }
}

rng_ret fxt__rng_below_slow(rng_block *b, uint32_t lane, uint64_t n, uint64_t w)
{
    rng r = {b, lane};
    if (n <= 0xffffffffu) {
        uint64_t m = (w >> 32) * n;
        uint32_t t = (uint32_t)(-(uint32_t)n % (uint32_t)n);
        while ((uint32_t)m < t) {
            rng_reserve(&r);
            m = (rng_word(&r) >> 32) * n;
        }
        return (rng_ret){m >> 32, r.lane};
    }
    uint64_t lim = ~(uint64_t)0 - (~(uint64_t)0 % n);
    while (w >= lim) {
        rng_reserve(&r);
        w = rng_word(&r);
    }
    return (rng_ret){w % n, r.lane};
}
