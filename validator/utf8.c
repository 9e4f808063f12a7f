/* SPDX-License-Identifier: MIT */
/* utf8.c - UTF-8 validation of string streams (RFC 3629: no overlongs,
 * surrogates, code points above U+10FFFF, or sequences cut by the end). */
#include "internal.h"

size_t fxt__utf8_check(const uint8_t *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (i + 8 <= len) { /* ASCII fast path: eight bytes at a time */
            const uint64_t hi = fxt_load_le64(s + i) & 0x8080808080808080ull;
            if (hi == 0) {
                i += 8;
                continue;
            }
            i += (size_t)__builtin_ctzll(hi) >> 3; /* to the first byte that is not ASCII */
        } else if (s[i] < 0x80) {
            i++;
            continue;
        }
        uint8_t b = s[i];
        size_t n;
        uint8_t lo = 0x80, hi = 0xbf;
        if (b >= 0xc2 && b <= 0xdf)
            n = 1;
        else if (b >= 0xe0 && b <= 0xef) {
            n = 2;
            if (b == 0xe0)
                lo = 0xa0;
            else if (b == 0xed)
                hi = 0x9f;
        } else if (b >= 0xf0 && b <= 0xf4) {
            n = 3;
            if (b == 0xf0)
                lo = 0x90;
            else if (b == 0xf4)
                hi = 0x8f;
        } else
            return i;
        if (i + n >= len)
            return i; /* cut by the end of the string */
        if (s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (size_t k = 2; k <= n; k++)
            if ((s[i + k] & 0xc0) != 0x80)
                return i;
        i += n + 1;
    }
    return len;
}
