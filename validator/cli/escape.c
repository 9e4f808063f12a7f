/* SPDX-License-Identifier: MIT */
/*
 * escape.c - writing untrusted bytes (file names, strings from a trace) to
 * each output: a terminal, JSON, GitHub workflow commands, URIs, XML and
 * Markdown table cells. Nothing that reaches stdout can split a line or send
 * a terminal escape sequence (the colours of --color come from put_color
 * alone).
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

/** Write S (N bytes) as XML 1.0 character data or an attribute value: the
 *  markup characters as entities, tab, LF and CR as character references
 *  (an attribute keeps them), characters XML 1.0 forbids (other control
 *  characters, U+FFFE, U+FFFF) and bytes that are not UTF-8 as the text
 *  \xNN. Always well-formed, whatever the bytes. */
void put_xml(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        size_t k = tx_utf8_len(p + i, n - i);
        /* EF BF BE and EF BF BF are U+FFFE and U+FFFF */
        int nonchar = k == 3 && c == 0xef && p[i + 1] == 0xbf && p[i + 2] >= 0xbe;
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        case '\t': fputs("&#9;", f); break;
        case '\n': fputs("&#10;", f); break;
        case '\r': fputs("&#13;", f); break;
        default:
            if (k == 0 || c < 0x20 || c == 0x7f || nonchar) {
                fprintf(f, "\\x%02x", c);
                k = 1;
            } else {
                fwrite(p + i, 1, k, f);
            }
            i += k;
            continue;
        }
        i++;
    }
}

void put_xml_z(FILE *f, const char *s)
{
    put_xml(f, s, strlen(s));
}

/** Write S (N bytes) into a cell of a Markdown table (GitHub Flavored
 *  Markdown): the punctuation that could start a link, emphasis, code,
 *  HTML, an entity, math, an emoji code, a mention or a cell break is
 *  backslash-escaped; control characters and bytes that are not UTF-8 as
 *  \xNN (with an escaped backslash): nothing ends the line. */
void put_md_cell(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        size_t k = tx_utf8_len(p + i, n - i);
        if (k == 0 || c < 0x20 || c == 0x7f) {
            fprintf(f, "\\\\x%02x", c);
            i++;
        } else if (c < 0x80 && strchr("\\`*_{}[]<>#+!|~&$:@", c)) {
            putc('\\', f);
            putc(c, f);
            i++;
        } else {
            fwrite(p + i, 1, k, f);
            i += k;
        }
    }
}

/* ANSI SGR sequences of the colours (gcc's choices: bold file names, bold
 * red errors, bold magenta warnings, bold cyan notes). */
static const char *const k_sgr[] = {
    [C_FILE] = "\33[1m",     [C_ERROR] = "\33[1;31m", [C_WARNING] = "\33[1;35m",
    [C_NOTE] = "\33[1;36m",  [C_RULE] = "\33[2m",     [C_OK] = "\33[1;32m",
};

void put_color(FILE *f, const config *cfg, color c)
{
    if (cfg->color)
        fputs(k_sgr[c], f);
}

void put_color_end(FILE *f, const config *cfg)
{
    if (cfg->color)
        fputs("\33[0m", f);
}
