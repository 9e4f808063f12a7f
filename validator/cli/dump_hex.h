/* SPDX-License-Identifier: MIT */
/*
 * dump_hex.h - fxt-dump --hex: the words of a record in hex, each header
 * word (record header, argument headers, a large blob's format header)
 * split into its named fields by the layout table of fxt/layout.h.
 */
#ifndef FXT_CLI_DUMP_HEX_H
#define FXT_CLI_DUMP_HEX_H

#include "dump_render.h"
#include "fxt/layout.h"

/** Write the words of R as read under revision REV (text: indented lines;
 *  JSON: the "words" and "words_omitted" members of the open record). */
void dump_words(dump_out *o, const fxt_record *r, fxt_revision rev);

#endif /* FXT_CLI_DUMP_HEX_H */
