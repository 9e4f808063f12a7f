/* SPDX-License-Identifier: MIT */
/*
 * escape.c - writing untrusted bytes (file names, strings from a trace) to
 * each output: a terminal, JSON, GitHub workflow commands and URIs. Nothing
 * that reaches stdout can split a line or send a terminal escape sequence.
 */
#include <string.h>

#include "cli.h"
#include "textout.h"

/** Write S (N bytes) for a terminal: valid UTF-8 as is, control characters
 *  and bytes that are not UTF-8 as \xNN. */
void put_text(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t k = tx_utf8_len(p + i, n - i);
        if (k == 0 || p[i] < 0x20 || p[i] == 0x7f) {
            fprintf(f, "\\x%02x", p[i]);
            i++;
        } else {
            fwrite(p + i, 1, k, f);
            i += k;
        }
    }
}

void put_text_z(FILE *f, const char *s)
{
    put_text(f, s, strlen(s));
}

/** Write S (N bytes) as a JSON string: always valid UTF-8; bytes that are not
 *  UTF-8 become U+FFFD (textout.c, shared with fxt-dump). */
void put_json_n(FILE *f, const char *s, size_t n)
{
    tx_json_str(f, s, n);
}

void put_json(FILE *f, const char *s)
{
    put_json_n(f, s, strlen(s));
}

/** Write S (N bytes) into a GitHub workflow command: '%', CR and LF as
 *  %25, %0D, %0A, and in a PROPERTY value (file=, title=) also ':' and ','
 *  as %3A and %2C (the runner's escaping rules); other control bytes and
 *  bytes that are not UTF-8 as \xNN, as on a terminal. */
void put_workflow(FILE *f, const char *s, size_t n, int property)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        size_t k = tx_utf8_len(p + i, n - i);
        if (c == '%' || c == '\r' || c == '\n' || (property && (c == ':' || c == ','))) {
            fprintf(f, "%%%02X", c);
            i++;
        } else if (k == 0 || c < 0x20 || c == 0x7f) {
            fprintf(f, "\\x%02x", c);
            i++;
        } else {
            fwrite(p + i, 1, k, f);
            i += k;
        }
    }
}

/** Write path S as a URI reference (RFC 3986): an absolute path as a file://
 *  URI, a relative one as a relative reference; every byte other than the
 *  unreserved characters and '/' percent-encoded. */
void put_uri(FILE *f, const char *s)
{
    if (s[0] == '/')
        fputs("file://", f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
            putc(c, f);
        else
            fprintf(f, "%%%02X", c);
    }
}
