/* SPDX-License-Identifier: MIT */
/*
 * recwords.h - what each word of a decoded record holds (tool support):
 * the header words split by the layout table (fxt/layout.h), the other
 * words named in the table's body order (fxt_body_items), arguments from
 * the record's decoded form ("timestamp", "argument 2 value (inline)",
 * "payload").
 * fxt-dump --hex labels words with it; fxt-gen roundtrip names the field
 * where the bytes differ.
 */
#ifndef FXT_RECWORDS_H
#define FXT_RECWORDS_H

#include <stdint.h>

#include "fxt/format.h"
#include "fxt/layout.h"
#include "fxt/record.h"

/** Spans of a record's body: a few per field, four per argument. */
#define RW_MAX_SPANS (24u + 4u * FXT_MAX_ARGS)

/** A run of words of a record that hold one thing. */
typedef struct rw_span {
    uint64_t words;    /**< how many */
    const char *label; /**< "timestamp", "name (inline)"... */
    unsigned arg;      /**< 1-based argument it belongs to, or 0 */
    int stream;        /**< the words carry bytes (text, payload) */
} rw_span;

/** The body of one record, span by span. */
typedef struct rw_layout {
    rw_span s[RW_MAX_SPANS];
    unsigned n;
} rw_layout;

/** What one word holds. */
typedef struct rw_word {
    const char *what;          /**< "event record header", "timestamp",
                                    "argument 1 header"... (points into label
                                    or at a constant) */
    const fxt_word_desc *desc; /**< how a header word splits into fields, or NULL */
    unsigned arg;              /**< 1-based argument of an argument's word, or 0 */
    int stream;                /**< the word carries stream bytes */
    char label[96];
} rw_word;

/** Lay out the body of R. Empty (every word "not followed") when the
 *  spans do not add up to R's size: a record with errors, decoded only as
 *  far as it could be. */
void rw_layout_of(rw_layout *l, const fxt_record *r);

/** What word I of R (0 = its header; value W, as read in the trace's byte
 *  order) holds under revision REV, with L from rw_layout_of(R). */
void rw_describe(const rw_layout *l, const fxt_record *r, fxt_revision rev, uint64_t i, uint64_t w,
                 rw_word *out);

#endif /* FXT_RECWORDS_H */
