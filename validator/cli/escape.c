/*
 * escape.c - writing untrusted bytes (file names, strings from a trace) to
 * each output: a terminal, JSON, GitHub workflow commands and URIs. Nothing
 * that reaches stdout can split a line or send a terminal escape sequence.
 */
#include <string.h>

#include "cli.h"

/** Length of the well-formed UTF-8 sequence at P (at most N bytes), 0 if none:
 *  no overlongs, surrogates or code points above U+10FFFF. */
static size_t utf8_seq(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xbf; /* allowed range of the 2nd byte */
    if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        if (c == 0xe0)
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
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

/** Write S (N bytes) for a terminal: valid UTF-8 as is, control characters
 *  and bytes that are not UTF-8 as \xNN. */
void put_text(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t k = utf8_seq(p + i, n - i);
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
 *  UTF-8 become U+FFFD. */
void put_json_n(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    putc('"', f);
    while (i < n) {
        unsigned char c = p[i];
        size_t k = utf8_seq(p + i, n - i);
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
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
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
        size_t k = utf8_seq(p + i, n - i);
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
