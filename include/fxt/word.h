/*
 * fxt/word.h - loading and storing 64-bit FXT words: the one byte-swap and
 * load/store helper of the tree (validator, encoder, generator, fuzz tools).
 *
 * FXT words are little-endian, or byte-swapped as a whole in a big-endian
 * trace. Loads and stores go through memcpy (no alignment or aliasing
 * assumptions, no pointer casts) and compile to one move, plus a bswap for
 * the other byte order. Header-only so that every caller's hot loop inlines
 * them.
 */
#ifndef FXT_WORD_H
#define FXT_WORD_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/** X with its eight bytes in reverse order. */
static inline uint64_t fxt_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    x = ((x & 0x00ff00ff00ff00ffull) << 8) | ((x >> 8) & 0x00ff00ff00ff00ffull);
    x = ((x & 0x0000ffff0000ffffull) << 16) | ((x >> 16) & 0x0000ffff0000ffffull);
    return (x << 32) | (x >> 32);
#endif
}

/** The little-endian word at P (any alignment). */
static inline uint64_t fxt_load_le64(const void *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = fxt_bswap64(w);
#endif
    return w;
}

/** Store W little-endian at P (any alignment). */
static inline void fxt_store_le64(void *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = fxt_bswap64(w);
#endif
    memcpy(p, &w, sizeof w);
}

/** The word at P of a trace in the given byte order (BIG_ENDIAN non-zero:
 *  a big-endian trace). */
static inline uint64_t fxt_load_word(const void *p, int big_endian)
{
    uint64_t w = fxt_load_le64(p);
    return big_endian ? fxt_bswap64(w) : w;
}

/** Store W at P in the given byte order. */
static inline void fxt_store_word(void *p, uint64_t w, int big_endian)
{
    fxt_store_le64(p, big_endian ? fxt_bswap64(w) : w);
}

#ifdef __cplusplus
}
#endif

#endif /* FXT_WORD_H */
