/* SPDX-License-Identifier: MIT */
/*
 * dump_render.h - fxt-dump's output of one decoded record, as text for
 * people or as one JSON object per line (schema: docs/fxt-dump.schema.json).
 *
 * Everything shown comes from the validator's record model (fxt/record.h);
 * string refs are resolved through fxt-dump's own string cache.
 */
#ifndef FXT_CLI_DUMP_RENDER_H
#define FXT_CLI_DUMP_RENDER_H

#include <stdio.h>

#include "dump_strtab.h"
#include "fxt/layout.h"
#include "fxt/validate.h"

/** Longest string shown whole in text output (JSON has every byte). */
#define DUMP_TEXT_MAX 256u

/** Output settings and state. */
typedef struct dump_out {
    FILE *f;
    int json;    /**< JSON lines instead of text */
    int hex;     /**< add the record's words */
    strtab *st;  /**< resolves indexed string refs */
    int first;   /**< JSON: no member written yet in the open object */
    fxt_revision revision; /**< names event types and splits words as this revision */
    uint32_t provider; /**< provider of the record being written */
    int addr_digits;   /**< --hex: hex digits of an address (one width for the dump) */
} dump_out;

/** Keep the string cache in step with the trace: call for every record,
 *  shown or not, before dump_record. */
void dump_track(strtab *st, const fxt_record *r);

/** Write record R with its ISSUES (N of them; DROPPED more were not kept). */
void dump_record(dump_out *o, const fxt_record *r, const fxt_issue *issues, size_t n,
                 uint64_t dropped);

/** Member name of the event-type specific word of an event of meaning T
 *  (FXT_ET_*), the layout table's name with '_' for ' ' ("counter_id",
 *  "end_time", "correlation_id") in BUF (SIZE bytes); NULL if it has none. */
const char *dump_event_word(unsigned t, char *buf, size_t size);

/** Write one issue that is not shown under a record (text: a line; JSON:
 *  a member of the open array; FIRST: no member before it). */
void dump_issue(dump_out *o, const fxt_issue *is, int first);

#endif /* FXT_CLI_DUMP_RENDER_H */
