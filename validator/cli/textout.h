/* SPDX-License-Identifier: MIT */
/*
 * textout.h - writing untrusted trace bytes for people and for JSON.
 *
 * Strings in a trace may hold any bytes. These helpers write them so that
 * a terminal shows them unambiguously and a JSON document stays valid
 * whatever the input. Used by fxt-dump and by fxt-validate (escape.c).
 */
#ifndef FXT_CLI_TEXTOUT_H
#define FXT_CLI_TEXTOUT_H

#include <stddef.h>
#include <stdio.h>

/** Length of the well-formed UTF-8 sequence at P (N bytes available), or 0
 *  if P does not start one (RFC 3629: no overlongs, surrogates, > U+10FFFF). */
size_t tx_utf8_len(const unsigned char *p, size_t n);

/** Write S (N bytes) for a terminal, between double quotes: valid UTF-8 as
 *  is; quotes, backslashes, control characters and bytes that are not UTF-8
 *  as escapes (\", \\, \n, \xNN). At most MAX bytes of S are written (0: all);
 *  a cut string ends in "..." after the closing quote. */
void tx_quoted(FILE *f, const char *s, size_t n, size_t max);

/** Write S (N bytes) as a JSON string: escapes per RFC 8259, control
 *  characters as \u00XX, bytes that are not UTF-8 as \ufffd. Always valid JSON. */
void tx_json_str(FILE *f, const char *s, size_t n);

/** tx_json_str of a NUL-terminated string. */
void tx_json(FILE *f, const char *s);

#endif /* FXT_CLI_TEXTOUT_H */
