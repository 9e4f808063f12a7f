/* SPDX-License-Identifier: MIT */
/*
 * fxt/word.h - loading and storing 64-bit words in either byte order: the
 * one byte-swap helper of the tree. memcpy loads, never pointer casts.
 */
#ifndef FXT_WORD_H
#define FXT_WORD_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/** X with its bytes in reverse order. */
static inline uint64_t fxt_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    return ((x & 0xffull) << 56) | ((x & 0xff00ull) << 40) | ((x & 0xff0000ull) << 24) |
           ((x & 0xff000000ull) << 8) | ((x >> 8) & 0xff000000ull) | ((x >> 24) & 0xff0000ull) |
           ((x >> 40) & 0xff00ull) | (x >> 56);
#endif
}

/** The little-endian word at P (no alignment needed). */
static inline uint64_t fxt_load_le64(const void *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = fxt_bswap64(w);
#endif
    return w;
}

/** The word at P, big-endian if BE, else little-endian. */
static inline uint64_t fxt_load_word(const void *p, int be)
{
    uint64_t w = fxt_load_le64(p);
    return be ? fxt_bswap64(w) : w;
}

/** Store W at P little-endian. */
static inline void fxt_store_le64(void *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = fxt_bswap64(w);
#endif
    memcpy(p, &w, 8);
}

/** Store W at P, big-endian if BE, else little-endian. */
static inline void fxt_store_word(void *p, uint64_t w, int be)
{
    fxt_store_le64(p, be ? fxt_bswap64(w) : w);
}

#ifdef __cplusplus
}
#endif

#endif /* FXT_WORD_H */
