/* SPDX-License-Identifier: MIT */
/* textout.c - see textout.h. */
#include "textout.h"

#include <string.h>

size_t tx_utf8_len(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xbf; /* allowed range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80; /* no overlongs */
        hi = c == 0xed ? 0x9f : 0xbf; /* no surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf; /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return len;
}

/** Bytes from P on (at most N) that JSON and a terminal take as they are:
 *  printable ASCII other than the quote and the backslash. */
static size_t plain_run(const unsigned char *p, size_t n)
{
    size_t k = 0;
    while (k < n && p[k] >= 0x20 && p[k] < 0x7f && p[k] != '"' && p[k] != '\\')
        k++;
    return k;
}

void tx_quoted(FILE *f, const char *s, size_t n, size_t max)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t stop = max && n > max ? max : n, i = 0;
    putc('"', f);
    while (i < stop) {
        size_t run = plain_run(p + i, stop - i);
        if (run) {
            fwrite(p + i, 1, run, f);
            i += run;
            continue;
        }
        size_t k = tx_utf8_len(p + i, n - i);
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            putc('\\', f);
            putc(c, f);
        } else if (c == '\n') {
            fputs("\\n", f);
        } else if (k == 0 || c < 0x20 || c == 0x7f) {
            fprintf(f, "\\x%02x", c);
            k = 1;
        } else {
            fwrite(p + i, 1, k, f);
        }
        i += k ? k : 1;
    }
    putc('"', f);
    if (stop < n)
        fputs("...", f);
}

void tx_json_str(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    putc('"', f);
    while (i < n) {
        size_t run = plain_run(p + i, n - i);
        if (run) { /* the common case, written in one call */
            fwrite(p + i, 1, run, f);
            i += run;
            continue;
        }
        unsigned char c = p[i];
        size_t k = tx_utf8_len(p + i, n - i);
        if (k == 0) {
            fputs("\\ufffd", f);
            i++;
            continue;
        }
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (c < 0x20 || c == 0x7f)
                fprintf(f, "\\u%04x", c);
            else
                fwrite(p + i, 1, k, f);
        }
        i += k;
    }
    putc('"', f);
}

void tx_json(FILE *f, const char *s)
{
    tx_json_str(f, s, strlen(s));
}
