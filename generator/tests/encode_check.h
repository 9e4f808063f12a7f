/* SPDX-License-Identifier: MIT */
/*
 * encode_check.h - what the encoder tests share (test_encode.c,
 * test_encode_rev.c): a sentinel-filled writer, the tests' own
 * little-endian reading (independent of the encoder) and word assertions.
 */
#ifndef FXT_ENCODE_CHECK_H
#define FXT_ENCODE_CHECK_H

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "fxt/encode.h"

#define SENTINEL 0xAA
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- helpers -------------------------------------------------------------- */

/* Fill BUF with a sentinel so that padding and untouched bytes are visible. */
static inline void start(fxt_writer *w, uint8_t *buf, size_t cap, int big_endian)
{
    memset(buf, SENTINEL, cap);
    fxt_writer_init(w, buf, cap, big_endian);
}

/* The test's own little-endian reading, independent of fxt_load_word(). */
static inline uint64_t le_word(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static inline fxt_record rec(unsigned type)
{
    fxt_record r;
    memset(&r, 0, sizeof r);
    r.type = type;
    return r;
}

static inline void expect_words(const fxt_writer *w, size_t from, const uint64_t *exp, size_t n, int line)
{
    ck_assert_msg(w->len == from + n * 8, "line %d: %zu bytes written, want %zu", line,
                  w->len - from, n * 8);
    for (size_t i = 0; i < n; i++) {
        uint64_t got = le_word(w->buf + from + 8 * i);
        ck_assert_msg(got == exp[i], "line %d: word %zu is 0x%016llx, want 0x%016llx", line, i,
                      (unsigned long long)got, (unsigned long long)exp[i]);
    }
}
#define EXPECT_WORDS(w, from, ...)                                    \
    do {                                                              \
        const uint64_t exp_[] = {__VA_ARGS__};                        \
        expect_words((w), (from), exp_, NELEM(exp_), __LINE__);       \
    } while (0)

#endif
