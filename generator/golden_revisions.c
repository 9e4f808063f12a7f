/* SPDX-License-Identifier: MIT */
/*
 * golden_revisions.c - the revisions/ part of the golden corpus: small
 * traces whose verdict differs between the revisions of the format, each
 * with every revision's expected verdict and issues, known from
 * construction (REVISIONS.md and NOTES.md "Revisions"), not from the
 * validator. Words are composed from format.h's fields; the magic record
 * exists from r3 on, so traces meant for r1/r2 have none (r3 and current
 * then warn W0012).
 */
#include <string.h>

#include "golden_rev.h"

#define W(t, x) fxt_write_word(&(t)->w, (x))

/* Event header: TYPE, SIZE words, ARGC, inline thread, empty category/name. */
static uint64_t rev_ev(unsigned type, unsigned size, unsigned argc)
{
    uint64_t h = FXT_SET(0, FXT_REC_TYPE, FXT_RT_EVENT);
    h = FXT_SET(h, FXT_REC_SIZE, size);
    h = FXT_SET(h, FXT_EV_TYPE, type);
    return FXT_SET(h, FXT_EV_ARGC, argc);
}

/* An event with inline koids 1/2 and a data word. */
static void ev_data(tb *t, unsigned type, uint64_t ts, uint64_t data)
{
    W(t, rev_ev(type, 5, 0));
    W(t, ts);
    W(t, 1);
    W(t, 2);
    W(t, data);
}

static void magic_only(tb *t) { W(t, FXT_MAGIC_RECORD); }

static void async_r1(tb *t)
{
    ev_data(t, 4, 100, 200); /* r1/r2 async begin; r3+ duration complete */
    ev_data(t, 6, 300, 200); /* r1/r2 async end; r3+ async instant */
}

static void complete_r3(tb *t)
{
    W(t, FXT_MAGIC_RECORD);
    ev_data(t, 4, 100, 150); /* r3+ duration complete; r1/r2 async begin */
}

static void provider_event(tb *t)
{
    uint64_t h = FXT_SET(0, FXT_REC_SIZE, 1);
    h = FXT_SET(h, FXT_META_TYPE, FXT_MT_PROVIDER_EVENT);
    W(t, FXT_SET(h, FXT_META_PROVIDER_ID, 1));
}

static void large_blob(tb *t)
{
    W(t, FXT_MAGIC_RECORD);
    uint64_t h = FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE);
    h = FXT_SET(h, FXT_LREC_SIZE, 6);
    h = FXT_SET(h, FXT_LREC_TYPE, FXT_LT_BLOB);
    W(t, FXT_SET(h, FXT_LBLOB_FORMAT, FXT_LBF_NO_METADATA));
    uint64_t f = FXT_SET(0, FXT_LBLOB_CATEGORY, FXT_STRREF_INLINE_FLAG | 1);
    W(t, FXT_SET(f, FXT_LBLOB_NAME, FXT_STRREF_INLINE_FLAG | 1));
    fxt_write_stream(&t->w, "c", 1);
    fxt_write_stream(&t->w, "n", 1);
    W(t, 8);
    fxt_write_stream(&t->w, "payload!", 8);
}

static void bool_arg(tb *t)
{
    W(t, FXT_MAGIC_RECORD);
    W(t, rev_ev(FXT_ET_INSTANT, 5, 1));
    W(t, 100);
    W(t, 1);
    W(t, 2);
    uint64_t a = FXT_SET(0, FXT_ARG_TYPE, FXT_AT_BOOL); /* at 40 */
    a = FXT_SET(a, FXT_ARG_SIZE, 1);
    W(t, FXT_SET(a, FXT_ARG_HI, 1));
}

/* A blob record of type BT with an 8-byte payload; EXTRA_BIT47 sets bit 47. */
static void blob(tb *t, unsigned bt, int bit47)
{
    uint64_t h = FXT_SET(0, FXT_REC_TYPE, FXT_RT_BLOB);
    h = FXT_SET(h, FXT_REC_SIZE, 2);
    h = FXT_SET(h, FXT_BLOB_SIZE, 8);
    h = FXT_SET(h, FXT_BLOB_RSV1, bit47);
    W(t, FXT_SET(h, FXT_BLOB_TYPE, bt));
    fxt_write_stream(&t->w, "payload!", 8);
}

static void blob_type_2(tb *t) { blob(t, FXT_BT_LAST_BRANCH, 0); }

static void blob_type_3(tb *t)
{
    W(t, FXT_MAGIC_RECORD);
    blob(t, FXT_BT_PERFETTO, 0);
}

static void blob_bit_47(tb *t) { blob(t, FXT_BT_DATA, 1); }

static void csw_priorities(tb *t)
{
    uint64_t h = FXT_SET(0, FXT_REC_TYPE, FXT_RT_SCHEDULING);
    h = FXT_SET(h, FXT_REC_SIZE, 6);
    h = FXT_SET(h, FXT_LCSW_CPU, 1);
    h = FXT_SET(h, FXT_LCSW_STATE, FXT_TS_SUSPENDED);
    h = FXT_SET(h, FXT_LCSW_OUT_PRIO, 5);
    W(t, FXT_SET(h, FXT_LCSW_IN_PRIO, 6)); /* both threads inline */
    W(t, 100);
    W(t, 1), W(t, 2), W(t, 1), W(t, 3);
}

static void flow_r3(tb *t)
{
    ev_data(t, 8, 100, 7);  /* r3+ flow begin; r1/r2 flow step */
    ev_data(t, 10, 200, 7); /* r3+ flow end; undefined in r1/r2 */
}

#define V(v) FXT_GEN_##v
/* an issue in the record at OFF: I, in its header word; F, in the word or
 * byte at FIELD */
#define I(rule, off) {FXT_R_##rule, off, off}
#define F(rule, off, field) {FXT_R_##rule, off, field}
#define NONE {{FXT_R_NONE, 0, 0}}
/* verdict and issues of one revision */
#define R(verdict, ...) {V(verdict), __VA_ARGS__}

const fxt__rev_vector fxt__k_rev_vectors[] = {
    {"magic-only", "Magic number record (trace info type = 0)",
     "the magic record alone: metadata type 4 does not exist before r3", magic_only,
     {R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0)}), R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0)}),
      R(VALID, NONE), R(VALID, NONE)}},
    {"event-4-async-r1", "Async begin event (event type = 5)",
     "events 4 and 6 with correlation id 200: an async begin and end in r1/r2; in r3 and current "
     "a duration complete and an async instant without a begin",
     async_r1,
     {R(VALID, NONE), R(VALID, NONE),
      R(WARN, {I(ASYNC_UNMATCHED, 40), I(MAGIC_MISSING, 0)}),
      R(WARN, {I(ASYNC_UNMATCHED, 40), I(MAGIC_MISSING, 0)})}},
    {"event-4-complete-r3", "Duration complete event (event type = 4)",
     "the magic record and event 4 (end time 150 after start 100): a duration complete in r3 "
     "and current; in r1/r2 an undefined metadata type and an async begin never ended",
     complete_r3,
     {R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), I(ASYNC_BEGIN_UNENDED, 8)}),
      R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), I(ASYNC_BEGIN_UNENDED, 8)}), R(VALID, NONE),
      R(VALID, NONE)}},
    {"provider-event-r2", "Provider event metadata (metadata type = 3)",
     "a provider event record (buffer full): metadata type 3 exists from r2 on", provider_event,
     {R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0)}), R(VALID, NONE), R(WARN, {I(MAGIC_MISSING, 0)}),
      R(WARN, {I(MAGIC_MISSING, 0)})}},
    {"large-blob-r3", "Large BLOB record (record type = 15, large type = 0)",
     "the magic record and a large blob (format 1): record type 15 exists from r3 on (r1/r2 "
     "frame it by bits [4..15], here the same 6 words)",
     large_blob,
     {R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), I(RECORD_TYPE_UNKNOWN, 8)}),
      R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), I(RECORD_TYPE_UNKNOWN, 8)}), R(VALID, NONE),
      R(VALID, NONE)}},
    {"bool-arg-current", "Boolean argument (argument type = 9)",
     "the magic record and an instant event with a boolean argument: argument type 9 exists in "
     "current only",
     bool_arg,
     {R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), F(ARG_TYPE_UNKNOWN, 8, 40)}),
      R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), F(ARG_TYPE_UNKNOWN, 8, 40)}),
      R(INVALID, {F(ARG_TYPE_UNKNOWN, 8, 40)}), R(VALID, NONE)}},
    {"blob-type-2-r3", "BLOB record (record type = 5)",
     "a blob of type 2 (last branch records): defined from r3 on", blob_type_2,
     {R(INVALID, {I(BLOB_TYPE_UNKNOWN, 0)}), R(INVALID, {I(BLOB_TYPE_UNKNOWN, 0)}),
      R(WARN, {I(MAGIC_MISSING, 0)}), R(WARN, {I(MAGIC_MISSING, 0)})}},
    {"blob-type-3-current", "BLOB record (record type = 5)",
     "the magic record and a blob of type 3 (Perfetto): defined in current only", blob_type_3,
     {R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), I(BLOB_TYPE_UNKNOWN, 8)}),
      R(INVALID, {I(METADATA_TYPE_UNKNOWN, 0), I(BLOB_TYPE_UNKNOWN, 8)}),
      R(INVALID, {I(BLOB_TYPE_UNKNOWN, 8)}), R(VALID, NONE)}},
    {"blob-bit-47-r1", "BLOB record (record type = 5)",
     "a blob whose header has bit 47 set: part of the payload size in r1 (32776 bytes, more "
     "than the record holds), reserved from r2 on",
     blob_bit_47,
     {R(INVALID, {I(RECORD_TOO_SMALL, 0)}), R(INVALID, {I(BLOB_RESERVED_BITS, 0)}),
      R(INVALID, {I(BLOB_RESERVED_BITS, 0), I(MAGIC_MISSING, 0)}),
      R(INVALID, {I(BLOB_RESERVED_BITS, 0), I(MAGIC_MISSING, 0)})}},
    {"context-switch-priorities-r3", "Legacy Context Switch Record (context switch record type = 0)",
     "a context switch with outgoing and incoming priorities 5 and 6: bits [44..59] are "
     "reserved in r1/r2",
     csw_priorities,
     {R(INVALID, {I(SCHEDULING_RESERVED_BITS, 0)}), R(INVALID, {I(SCHEDULING_RESERVED_BITS, 0)}),
      R(WARN, {I(MAGIC_MISSING, 0)}), R(WARN, {I(MAGIC_MISSING, 0)})}},
    {"flow-end-10-r3", "Flow end event (event type = 10)",
     "events 8 and 10 with id 7: a flow begin and end in r3 and current; in r1/r2 a flow step "
     "without a begin and an undefined event type",
     flow_r3,
     {R(INVALID, {I(FLOW_UNMATCHED, 0), I(EVENT_TYPE_UNKNOWN, 40)}),
      R(INVALID, {I(FLOW_UNMATCHED, 0), I(EVENT_TYPE_UNKNOWN, 40)}),
      R(WARN, {I(MAGIC_MISSING, 0)}), R(WARN, {I(MAGIC_MISSING, 0)})}},
};

const size_t fxt__n_rev_vectors = sizeof fxt__k_rev_vectors / sizeof fxt__k_rev_vectors[0];
