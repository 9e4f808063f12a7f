/* SPDX-License-Identifier: MIT */
/*
 * layout.c - the layout table (fxt/layout.h): per revision, which type
 * values exist, what event numbers mean, and how each header word is
 * divided. Field positions come from format.h only; this file says which
 * fields make up which word in which revision.
 */
#include <stddef.h>

#include "fxt/layout.h"
#include "fxt/word.h"

/* ---- word descriptions -------------------------------------------------- */

#define FLD(name, F, kind) FLD_(name, F, kind)
#define FLD_(name, lo, hi, kind) {name, lo, hi, kind}
#define M(F) M_(F)
#define M_(lo, hi) FXT_FIELD_MASK_(lo, hi)
#define N(a) (unsigned)(sizeof(a) / sizeof((a)[0]))
/* A word description: its fields and the mask of its reserved ones (a unit
 * test checks that the mask is exactly the union of the reserved fields and
 * that the fields tile the 64 bits). */
#define WORD(var, name, prefix, rule, rsvmask, ...)                                \
    static const fxt_field_desc var##_f[] = {__VA_ARGS__};                         \
    static const fxt_word_desc var = {name, prefix, rule, rsvmask, N(var##_f), var##_f}

#define HDR FLD("record type", FXT_REC_TYPE, FXT_FK_TYPE), FLD("record size", FXT_REC_SIZE, FXT_FK_SIZE)
#define META_HDR HDR, FLD("metadata type", FXT_META_TYPE, FXT_FK_TYPE)
#define VARIES(lo, hi) {"(depends on the undefined type)", lo, hi, FXT_FK_VALUE}

WORD(w_generic, "record header", "", FXT_R_NONE, 0, HDR, VARIES(16, 63));

/* metadata */
WORD(w_meta_unknown, "metadata record header", "", FXT_R_NONE, 0, META_HDR, VARIES(20, 63));
WORD(w_pinfo, "provider info header", "provider info: ", FXT_R_METADATA_RESERVED_BITS,
     M(FXT_PINFO_RSV), META_HDR, FLD("provider id", FXT_META_PROVIDER_ID, FXT_FK_VALUE),
     FLD("name length", FXT_PINFO_NAME_LEN, FXT_FK_LENGTH),
     FLD("reserved", FXT_PINFO_RSV, FXT_FK_RESERVED));
WORD(w_psect, "provider section header", "provider section: ", FXT_R_METADATA_RESERVED_BITS,
     M(FXT_PSECT_RSV), META_HDR, FLD("provider id", FXT_META_PROVIDER_ID, FXT_FK_VALUE),
     FLD("reserved", FXT_PSECT_RSV, FXT_FK_RESERVED));
WORD(w_pevent, "provider event header", "provider event: ", FXT_R_METADATA_RESERVED_BITS,
     M(FXT_PEVENT_RSV), META_HDR, FLD("provider id", FXT_META_PROVIDER_ID, FXT_FK_VALUE),
     FLD("event id", FXT_PEVENT_ID, FXT_FK_VALUE), FLD("reserved", FXT_PEVENT_RSV, FXT_FK_RESERVED));
WORD(w_tinfo_unknown, "trace info header", "", FXT_R_NONE, 0, META_HDR,
     FLD("trace info type", FXT_TINFO_TYPE, FXT_FK_TYPE),
     FLD("(depends on the undefined type)", FXT_TINFO_DATA, FXT_FK_VALUE));
WORD(w_magic, "magic number record", "", FXT_R_MAGIC_RESERVED_BITS, M(FXT_MAGIC_RSV), META_HDR,
     FLD("trace info type", FXT_TINFO_TYPE, FXT_FK_TYPE),
     FLD("magic number", FXT_MAGIC_VALUE_FIELD, FXT_FK_VALUE),
     FLD("reserved", FXT_MAGIC_RSV, FXT_FK_RESERVED));

/* initialization, string, thread */
WORD(w_init, "initialization record header", "", FXT_R_INIT_RESERVED_BITS, M(FXT_INIT_RSV), HDR,
     FLD("reserved", FXT_INIT_RSV, FXT_FK_RESERVED));
WORD(w_string, "string record header", "", FXT_R_STRING_RECORD_RESERVED_BITS,
     M(FXT_STR_RSV1) | M(FXT_STR_RSV2) | M(FXT_STR_RSV3), HDR,
     FLD("string index", FXT_STR_INDEX, FXT_FK_VALUE), FLD("reserved", FXT_STR_RSV1, FXT_FK_RESERVED),
     FLD("string length", FXT_STR_LEN, FXT_FK_LENGTH),
     FLD("reserved", FXT_STR_RSV2, FXT_FK_RESERVED), FLD("reserved", FXT_STR_RSV3, FXT_FK_RESERVED));
WORD(w_thread, "thread record header", "", FXT_R_THREAD_RECORD_RESERVED_BITS, M(FXT_THR_RSV), HDR,
     FLD("thread index", FXT_THR_INDEX, FXT_FK_VALUE), FLD("reserved", FXT_THR_RSV, FXT_FK_RESERVED));

/* event */
WORD(w_event, "event record header", "", FXT_R_NONE, 0, HDR,
     FLD("event type", FXT_EV_TYPE, FXT_FK_TYPE), FLD("argument count", FXT_EV_ARGC, FXT_FK_COUNT),
     FLD("thread", FXT_EV_THREAD, FXT_FK_THREADREF),
     FLD("category", FXT_EV_CATEGORY, FXT_FK_STRREF), FLD("name", FXT_EV_NAME, FXT_FK_STRREF));

/* blob */
WORD(w_blob_r1, "blob record header", "", FXT_R_BLOB_RESERVED_BITS, M(FXT_BLOB_RSV2), HDR,
     FLD("blob name", FXT_BLOB_NAME, FXT_FK_STRREF),
     FLD("payload size", FXT_BLOB_SIZE_R1, FXT_FK_LENGTH),
     FLD("blob type", FXT_BLOB_TYPE, FXT_FK_TYPE), FLD("reserved", FXT_BLOB_RSV2, FXT_FK_RESERVED));
WORD(w_blob, "blob record header", "", FXT_R_BLOB_RESERVED_BITS,
     M(FXT_BLOB_RSV1) | M(FXT_BLOB_RSV2), HDR, FLD("blob name", FXT_BLOB_NAME, FXT_FK_STRREF),
     FLD("payload size", FXT_BLOB_SIZE, FXT_FK_LENGTH),
     FLD("reserved", FXT_BLOB_RSV1, FXT_FK_RESERVED), FLD("blob type", FXT_BLOB_TYPE, FXT_FK_TYPE),
     FLD("reserved", FXT_BLOB_RSV2, FXT_FK_RESERVED));

/* objects */
WORD(w_uobj, "userspace object record header", "", FXT_R_USERSPACE_RESERVED_BITS, M(FXT_UOBJ_RSV),
     HDR, FLD("process", FXT_UOBJ_PROCESS, FXT_FK_THREADREF),
     FLD("name", FXT_UOBJ_NAME, FXT_FK_STRREF), FLD("argument count", FXT_UOBJ_ARGC, FXT_FK_COUNT),
     FLD("reserved", FXT_UOBJ_RSV, FXT_FK_RESERVED));
WORD(w_kobj, "kernel object record header", "", FXT_R_KERNEL_OBJECT_RESERVED_BITS,
     M(FXT_KOBJ_RSV), HDR, FLD("kernel object type", FXT_KOBJ_TYPE, FXT_FK_VALUE),
     FLD("name", FXT_KOBJ_NAME, FXT_FK_STRREF), FLD("argument count", FXT_KOBJ_ARGC, FXT_FK_COUNT),
     FLD("reserved", FXT_KOBJ_RSV, FXT_FK_RESERVED));

/* context switch / scheduling */
#define CSW_COMMON                                                                           \
    HDR, FLD("cpu", FXT_LCSW_CPU, FXT_FK_VALUE),                                             \
        FLD("outgoing thread state", FXT_LCSW_STATE, FXT_FK_VALUE),                          \
        FLD("outgoing thread", FXT_LCSW_OUT_THREAD, FXT_FK_THREADREF),                       \
        FLD("incoming thread", FXT_LCSW_IN_THREAD, FXT_FK_THREADREF)
#define CSW_PRIO                                                                             \
    FLD("outgoing priority", FXT_LCSW_OUT_PRIO, FXT_FK_VALUE),                               \
        FLD("incoming priority", FXT_LCSW_IN_PRIO, FXT_FK_VALUE)
#define SCHED_SUB FLD("scheduling record type", FXT_SCHED_TYPE, FXT_FK_TYPE)
WORD(w_csw_r1, "context switch record header", "context switch: ",
     FXT_R_SCHEDULING_RESERVED_BITS, M(FXT_LCSW_RSV_R1), CSW_COMMON,
     FLD("reserved", FXT_LCSW_RSV_R1, FXT_FK_RESERVED));
WORD(w_csw_r3, "context switch record header", "context switch: ",
     FXT_R_SCHEDULING_RESERVED_BITS, M(FXT_LCSW_RSV_R3), CSW_COMMON, CSW_PRIO,
     FLD("reserved", FXT_LCSW_RSV_R3, FXT_FK_RESERVED));
WORD(w_lcsw, "legacy context switch record header", "legacy context switch: ",
     FXT_R_SCHEDULING_RESERVED_BITS, 0, CSW_COMMON, CSW_PRIO, SCHED_SUB);
WORD(w_csw, "context switch record header", "context switch: ", FXT_R_SCHEDULING_RESERVED_BITS,
     M(FXT_CSW_RSV), HDR, FLD("argument count", FXT_CSW_ARGC, FXT_FK_COUNT),
     FLD("cpu", FXT_CSW_CPU, FXT_FK_VALUE), FLD("outgoing thread state", FXT_CSW_STATE, FXT_FK_VALUE),
     FLD("reserved", FXT_CSW_RSV, FXT_FK_RESERVED), SCHED_SUB);
WORD(w_wake, "thread wakeup record header", "thread wakeup: ", FXT_R_SCHEDULING_RESERVED_BITS,
     M(FXT_WAKE_RSV), HDR, FLD("argument count", FXT_WAKE_ARGC, FXT_FK_COUNT),
     FLD("cpu", FXT_WAKE_CPU, FXT_FK_VALUE), FLD("reserved", FXT_WAKE_RSV, FXT_FK_RESERVED),
     SCHED_SUB);
WORD(w_sched_unknown, "scheduling record header", "", FXT_R_NONE, 0, HDR, VARIES(16, 59),
     SCHED_SUB);

/* log */
WORD(w_log, "log record header", "", FXT_R_LOG_RESERVED_BITS, M(FXT_LOG_RSV1) | M(FXT_LOG_RSV2),
     HDR, FLD("message length", FXT_LOG_LEN, FXT_FK_LENGTH),
     FLD("reserved", FXT_LOG_RSV1, FXT_FK_RESERVED), FLD("thread", FXT_LOG_THREAD, FXT_FK_THREADREF),
     FLD("reserved", FXT_LOG_RSV2, FXT_FK_RESERVED));

/* large records */
#define LHDR                                                                                 \
    FLD("record type", FXT_REC_TYPE, FXT_FK_TYPE), FLD("record size", FXT_LREC_SIZE, FXT_FK_SIZE), \
        FLD("large record type", FXT_LREC_TYPE, FXT_FK_TYPE)
WORD(w_large_unknown, "large record header", "", FXT_R_NONE, 0, LHDR, VARIES(40, 63));
WORD(w_lblob_unknown, "large blob record header", "", FXT_R_NONE, 0, LHDR,
     FLD("blob format", FXT_LBLOB_FORMAT, FXT_FK_TYPE), VARIES(44, 63));
WORD(w_lblob, "large blob record header", "header: ", FXT_R_LARGE_BLOB_RESERVED_BITS,
     M(FXT_LBLOB_RSV), LHDR, FLD("blob format", FXT_LBLOB_FORMAT, FXT_FK_TYPE),
     FLD("reserved", FXT_LBLOB_RSV, FXT_FK_RESERVED));
WORD(w_lblob_f0, "large blob format header (format 0)", "format header: ",
     FXT_R_LARGE_BLOB_RESERVED_BITS, M(FXT_LBLOB0_RSV),
     FLD("category", FXT_LBLOB_CATEGORY, FXT_FK_STRREF), FLD("name", FXT_LBLOB_NAME, FXT_FK_STRREF),
     FLD("argument count", FXT_LBLOB0_ARGC, FXT_FK_COUNT),
     FLD("thread", FXT_LBLOB0_THREAD, FXT_FK_THREADREF),
     FLD("reserved", FXT_LBLOB0_RSV, FXT_FK_RESERVED));
WORD(w_lblob_f1, "large blob format header (format 1)", "format header: ",
     FXT_R_LARGE_BLOB_RESERVED_BITS, M(FXT_LBLOB1_RSV),
     FLD("category", FXT_LBLOB_CATEGORY, FXT_FK_STRREF), FLD("name", FXT_LBLOB_NAME, FXT_FK_STRREF),
     FLD("reserved", FXT_LBLOB1_RSV, FXT_FK_RESERVED));

/* arguments */
#define AHDR                                                                                 \
    FLD("argument type", FXT_ARG_TYPE, FXT_FK_TYPE), FLD("argument size", FXT_ARG_SIZE, FXT_FK_SIZE), \
        FLD("argument name", FXT_ARG_NAME, FXT_FK_STRREF)
WORD(w_arg_unknown, "argument header", "", FXT_R_NONE, 0, AHDR, VARIES(32, 63));
WORD(w_arg_rsv, "argument header", "", FXT_R_ARG_RESERVED_BITS, M(FXT_ARG_HI), AHDR,
     FLD("reserved", FXT_ARG_HI, FXT_FK_RESERVED));
WORD(w_arg_32, "argument header", "", FXT_R_NONE, 0, AHDR, FLD("value", FXT_ARG_HI, FXT_FK_VALUE));
WORD(w_arg_str, "argument header", "", FXT_R_ARG_RESERVED_BITS, M(FXT_ARG_STR_RSV), AHDR,
     FLD("string value", FXT_ARG_STR_VALUE, FXT_FK_STRREF),
     FLD("reserved", FXT_ARG_STR_RSV, FXT_FK_RESERVED));
/* the boolean's value must be 0 or 1: its own rule, bool-value-invalid */
WORD(w_arg_bool, "argument header", "", FXT_R_NONE, 0, AHDR,
     FLD("boolean value", FXT_ARG_HI, FXT_FK_VALUE));

/* Per argument type: its header word, the 64-bit value words after the
 * header (and an inline name), and the mask of a 32-bit value the header
 * holds in bits [32..63]. The one statement of an argument's shape:
 * fxt_arg_desc, fxt_arg_words, fxt_arg_value_words and fxt_arg_hi_value
 * come from it. */
#define ARG_TYPES(X)                                                                         \
    X(NULL, w_arg_rsv, 0, 0) X(INT32, w_arg_32, 0, 0xffffffffu)                               \
    X(UINT32, w_arg_32, 0, 0xffffffffu) X(INT64, w_arg_rsv, 1, 0) X(UINT64, w_arg_rsv, 1, 0)  \
    X(DOUBLE, w_arg_rsv, 1, 0) X(STRING, w_arg_str, 0, 0) X(POINTER, w_arg_rsv, 1, 0)         \
    X(KOID, w_arg_rsv, 1, 0) X(BOOL, w_arg_bool, 0, 0xffffffffu)
#define ARG_DESC_(t, desc, words, hi) [FXT_AT_##t] = &desc,
#define ARG_WORDS_(t, desc, words, hi) [FXT_AT_##t] = words,
#define ARG_HI_(t, desc, words, hi) [FXT_AT_##t] = hi,
static const fxt_word_desc *const k_arg_words[FXT_AT_COUNT] = {ARG_TYPES(ARG_DESC_)};
const uint8_t fxt_arg_value_words[FXT_AT_COUNT] = {ARG_TYPES(ARG_WORDS_)};
const uint32_t fxt_arg_hi_value[FXT_AT_COUNT] = {ARG_TYPES(ARG_HI_)};

/* ---- body order ------------------------------------------------------------ */

/* BF(kind, F, label, label2): an item reading field F of the current word;
 * BW: one reading none. */
#define BF(kind, ...) BF_(kind, __VA_ARGS__) /* F expands to "lo, hi" on the way */
#define BF_(kind, lo, hi, label, label2) {kind, lo, hi, label, label2}
#define BW(kind, label) {kind, 0, 0, label, NULL}
#define TS BW(FXT_BI_WORD, "timestamp")
#define THREAD(F, prefix) BF(FXT_BI_THREAD, F, prefix "process koid", prefix "thread koid")
#define STRING(F, label) BF(FXT_BI_STRING, F, label " (inline)", NULL)
#define ARGS(F) BF(FXT_BI_ARGS, F, "arguments", NULL)

typedef struct body {
    const fxt_body_item *items;
    size_t n;
} body;
#define BODY(var, ...)                                                                     \
    static const fxt_body_item var##_i[] = {__VA_ARGS__};                                  \
    static const body var = {var##_i, N(var##_i)}

static const fxt_body_item k_no_items[1];
static const body b_empty = {k_no_items, 0}; /* the header word alone */
BODY(b_pinfo, BF(FXT_BI_TEXT, FXT_PINFO_NAME_LEN, "provider name", NULL));
BODY(b_init, BW(FXT_BI_WORD, "ticks per second"));
BODY(b_string, BF(FXT_BI_TEXT, FXT_STR_LEN, "string", NULL));
BODY(b_thread, BW(FXT_BI_WORD, "process koid"), BW(FXT_BI_WORD, "thread koid"));

/* events: one head, then the word of the event type (fxt_event_data_name) */
#define EVENT_HEAD                                                                         \
    TS, THREAD(FXT_EV_THREAD, ""), STRING(FXT_EV_CATEGORY, "category"),                    \
        STRING(FXT_EV_NAME, "name"), ARGS(FXT_EV_ARGC)
BODY(b_event, EVENT_HEAD);
BODY(b_counter, EVENT_HEAD, BW(FXT_BI_EVENT_WORD, "counter id"));
BODY(b_complete, EVENT_HEAD, BW(FXT_BI_EVENT_WORD, "end time"));
BODY(b_correlated, EVENT_HEAD, BW(FXT_BI_EVENT_WORD, "correlation id"));
/* by meaning (FXT_ET_*): each revision's event_kind maps its numbers here */
#define EVENT_BODIES(X)                                                                      \
    X(INSTANT, b_event) X(COUNTER, b_counter) X(DURATION_BEGIN, b_event)                      \
    X(DURATION_END, b_event) X(DURATION_COMPLETE, b_complete) X(ASYNC_BEGIN, b_correlated)   \
    X(ASYNC_INSTANT, b_correlated) X(ASYNC_END, b_correlated) X(FLOW_BEGIN, b_correlated)    \
    X(FLOW_STEP, b_correlated) X(FLOW_END, b_correlated)
#define EVENT_BODY_(k, b) [FXT_ET_##k] = &b,
/* the event word: the items a body has past the common head */
#define EVENT_WORD_(k, b) [FXT_ET_##k] = N(b##_i) - N(b_event_i),
static const body *const k_event_bodies[FXT_ET_COUNT] = {EVENT_BODIES(EVENT_BODY_)};
const uint8_t fxt_event_data_words[FXT_ET_COUNT] = {EVENT_BODIES(EVENT_WORD_)};

/* the payload size field moves: [32..47] in r1, [32..46] after */
BODY(b_blob_r1, STRING(FXT_BLOB_NAME, "name"), BF(FXT_BI_BYTES, FXT_BLOB_SIZE_R1, "payload", NULL));
BODY(b_blob, STRING(FXT_BLOB_NAME, "name"), BF(FXT_BI_BYTES, FXT_BLOB_SIZE, "payload", NULL));
BODY(b_uobj, BW(FXT_BI_WORD, "pointer"),
     BF(FXT_BI_PROCESS, FXT_UOBJ_PROCESS, "process koid", NULL), STRING(FXT_UOBJ_NAME, "name"),
     ARGS(FXT_UOBJ_ARGC));
BODY(b_kobj, BW(FXT_BI_WORD, "koid"), STRING(FXT_KOBJ_NAME, "name"), ARGS(FXT_KOBJ_ARGC));

/* scheduling: the context switch of r1-r3 is current's legacy subtype */
BODY(b_lcsw, TS, THREAD(FXT_LCSW_OUT_THREAD, "outgoing "), THREAD(FXT_LCSW_IN_THREAD, "incoming "));
BODY(b_csw, TS, BW(FXT_BI_WORD, "outgoing thread koid"), BW(FXT_BI_WORD, "incoming thread koid"),
     ARGS(FXT_CSW_ARGC));
BODY(b_wake, TS, BW(FXT_BI_WORD, "waking thread koid"), ARGS(FXT_WAKE_ARGC));

BODY(b_log, TS, THREAD(FXT_LOG_THREAD, ""), BF(FXT_BI_TEXT, FXT_LOG_LEN, "message", NULL));

/* large blobs: the refs, count and thread are fields of the format word */
#define LBLOB_HEAD                                                                         \
    BW(FXT_BI_FORMAT, "format header"), STRING(FXT_LBLOB_CATEGORY, "category"),            \
        STRING(FXT_LBLOB_NAME, "name")
#define SIZED {FXT_BI_SIZED, 0, 0, "payload size", "payload"}
BODY(b_lblob0, LBLOB_HEAD, TS, THREAD(FXT_LBLOB0_THREAD, ""), ARGS(FXT_LBLOB0_ARGC), SIZED);
BODY(b_lblob1, LBLOB_HEAD, SIZED);

/* ---- the revisions -------------------------------------------------------- */

#define B(t) (1u << (t))
#define NONE FXT_ET_NONE
/* Event numbers -> meanings (FXT_ET_*, current numbering). */
#define KINDS_R1                                                                         \
    {FXT_ET_INSTANT, FXT_ET_COUNTER, FXT_ET_DURATION_BEGIN, FXT_ET_DURATION_END,           \
     FXT_ET_ASYNC_BEGIN, FXT_ET_ASYNC_INSTANT, FXT_ET_ASYNC_END, FXT_ET_FLOW_BEGIN,        \
     FXT_ET_FLOW_STEP, FXT_ET_FLOW_END, NONE, NONE, NONE, NONE, NONE, NONE}
#define NUMBERS_R1                                                                       \
    {0, 1, 2, 3, NONE, 4, 5, 6, 7, 8, 9, NONE, NONE, NONE, NONE, NONE}
#define KINDS_R3 {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, NONE, NONE, NONE, NONE, NONE}

#define META_R2 (B(FXT_MT_PROVIDER_INFO) | B(FXT_MT_PROVIDER_SECTION) | B(FXT_MT_PROVIDER_EVENT))

static const fxt_layout k_layouts[FXT_REV_COUNT] = {
    [FXT_REV_R1] = {
        .revision = FXT_REV_R1, .name = "r1", .era = "Magenta era",
        .spec_file = "revisions/r1-oldest.md",
        .record_types = 0x3ff, /* 0..9 */
        .metadata_types = B(FXT_MT_PROVIDER_INFO) | B(FXT_MT_PROVIDER_SECTION),
        .event_types = 0x3ff, /* 0..9 */
        .arg_types = 0x1ff,   /* 0..8 */
        .blob_types = B(FXT_BT_DATA), /* Catapult JSON */
        .event_kind = KINDS_R1, .event_number = NUMBERS_R1,
        .blob_size_lo = FXT_FIELD_LO(FXT_BLOB_SIZE_R1), .blob_size_hi = FXT_FIELD_HI(FXT_BLOB_SIZE_R1),
        .numbering = 0},
    [FXT_REV_R2] = {
        .revision = FXT_REV_R2, .name = "r2", .era = "Zircon era", .spec_file = "revisions/r2.md",
        .record_types = 0x3ff, .metadata_types = META_R2, .event_types = 0x3ff, .arg_types = 0x1ff,
        .blob_types = B(FXT_BT_DATA), /* raw data */
        .event_kind = KINDS_R1, .event_number = NUMBERS_R1,
        .blob_size_lo = FXT_FIELD_LO(FXT_BLOB_SIZE), .blob_size_hi = FXT_FIELD_HI(FXT_BLOB_SIZE),
        .numbering = 0},
    [FXT_REV_R3] = {
        .revision = FXT_REV_R3, .name = "r3", .era = "large records, magic number, duration complete",
        .spec_file = "revisions/r3-complete-bilingual.md",
        .record_types = 0x3ff | B(FXT_RT_LARGE), .metadata_types = META_R2 | B(FXT_MT_TRACE_INFO),
        .trace_info_types = B(FXT_TIT_MAGIC), .event_types = 0x7ff, .arg_types = 0x1ff,
        .large_types = B(FXT_LT_BLOB), .large_blob_formats = B(FXT_LBF_METADATA) | B(FXT_LBF_NO_METADATA),
        .blob_types = B(FXT_BT_DATA) | B(FXT_BT_LAST_BRANCH),
        .event_kind = KINDS_R3, .event_number = KINDS_R3,
        .blob_size_lo = FXT_FIELD_LO(FXT_BLOB_SIZE), .blob_size_hi = FXT_FIELD_HI(FXT_BLOB_SIZE),
        .has_priorities = 1, .has_magic = 1, .numbering = 1},
    [FXT_REV_CURRENT] = {
        .revision = FXT_REV_CURRENT, .name = "current",
        .era = "trace-format.md: scheduling record, boolean argument", .spec_file = "trace-format.md",
        .record_types = 0x3ff | B(FXT_RT_LARGE), .metadata_types = META_R2 | B(FXT_MT_TRACE_INFO),
        .trace_info_types = B(FXT_TIT_MAGIC), .event_types = 0x7ff, .arg_types = 0x3ff,
        .large_types = B(FXT_LT_BLOB), .large_blob_formats = B(FXT_LBF_METADATA) | B(FXT_LBF_NO_METADATA),
        .sched_types = B(FXT_ST_LEGACY_CONTEXT_SWITCH) | B(FXT_ST_CONTEXT_SWITCH) | B(FXT_ST_THREAD_WAKEUP),
        .blob_types = B(FXT_BT_DATA) | B(FXT_BT_LAST_BRANCH) | B(FXT_BT_PERFETTO),
        .event_kind = KINDS_R3, .event_number = KINDS_R3,
        .blob_size_lo = FXT_FIELD_LO(FXT_BLOB_SIZE), .blob_size_hi = FXT_FIELD_HI(FXT_BLOB_SIZE),
        .has_priorities = 1, .has_magic = 1, .numbering = 1},
};

const fxt_layout *fxt_layout_get(fxt_revision r)
{
    return (unsigned)r < FXT_REV_COUNT ? &k_layouts[r] : NULL;
}

const char *fxt_revision_name(fxt_revision r)
{
    if ((unsigned)r < FXT_REV_COUNT)
        return k_layouts[r].name;
    return r == FXT_REV_AUTO ? "auto" : "?";
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static int same_nocase(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
        a++, b++;
    return *a == 0 && *b == 0;
}

int fxt_revision_parse(const char *s, fxt_revision *out)
{
    if (s == NULL)
        return -1;
    for (unsigned r = 0; r <= FXT_REV_AUTO; r++)
        if (same_nocase(s, fxt_revision_name((fxt_revision)r))) {
            *out = (fxt_revision)r;
            return 0;
        }
    return -1;
}

unsigned fxt_rule_revisions(fxt_rule r)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    return ri ? ri->revisions : 0;
}

/* Headings that the older texts write differently from trace-format.md:
 * current heading -> heading in r1 and r2, heading in r3 (NULL: as r1/r2).
 * The rest of the older headings are the current heading in title case. */
typedef struct section_map {
    const char *cur, *old, *r3;
} section_map;

static const section_map k_sections[] = {
    {"Records", "Records", NULL},
    {"Archives", "Archives", NULL},
    {"Atoms", "Atoms", NULL},
    {"Arguments", "Arguments", NULL},
    {"Record Types", "Record Types", NULL},
    {"Extend the format", "Extending the Format", NULL},
    {"Record header", "Record Header", NULL},
    {"Large record header", NULL, "Large Record Header"},
    {"String references", "String References", NULL},
    {"Thread references", "Thread References", NULL},
    {"Magic number record (trace info type = 0)", NULL, "Magic Number Record (trace info type = 0)"},
    {"Metadata record (record type = 0)", "Metadata Record (record type = 0)", NULL},
    {"Provider event metadata (metadata type = 3)", "Provider Event Metadata (metadata type = 3)",
     NULL},
    {"Provider section metadata (metadata type = 2)",
     "Provider Section Metadata (metadata type = 2)", NULL},
    {"Trace info metadata (metadata type = 4)", NULL, "Trace Info Metadata (metadata type = 4)"},
    {"Initialization record (record type = 1)", "Initialization Record (record type = 1)", NULL},
    {"String record (record type = 2)", "String Record (record type = 2)", NULL},
    {"Thread record (record type = 3)", "Thread Record (record type = 3)", NULL},
    {"Event record (record type = 4)", "Event Record (record type = 4)", NULL},
    {"Duration end event (event type = 3)", "Duration End Event (event type = 3)", NULL},
    {"Duration begin event (event type = 2)", "Duration Begin Event (event type = 2)", NULL},
    {"Duration complete event (event type = 4)", NULL, "Duration Complete Event (event type = 4)"},
    {"Async instant Event (event type = 6)", "Async Instant Event (event type = 5)",
     "Async Instant Event (event type = 6)"},
    {"Async begin event (event type = 5)", "Async Begin Event (event type = 4)",
     "Async Begin Event (event type = 5)"},
    {"Flow step event (event type = 9)", "Flow Step Event (event type = 8)",
     "Flow Step Event (event type = 9)"},
    {"Flow begin event (event type = 8)", "Flow Begin Event (event type = 7)",
     "Flow Begin Event (event type = 8)"},
    {"BLOB record (record type = 5)", "Blob Record (record type = 5)", NULL},
    {"Large BLOB record (record type = 15, large type = 0)", NULL,
     "Large Blob Record (record type = 15, large type = 0)"},
    {"Userspace object record (record type = 6)", "Userspace Object Record (record type = 6)",
     NULL},
    {"Kernel object record (record type = 7)", "Kernel Object Record (record type = 7)", NULL},
    {"Scheduling Record (record type = 8)", "Context Switch Record (record type = 8)", NULL},
    {"Legacy Context Switch Record (context switch record type = 0)",
     "Context Switch Record (record type = 8)", NULL},
    {"Context Switch Record (scheduling event record type = 1)", NULL, NULL},
    {"Log record (record type = 9)", "Log Record (record type = 9)", NULL},
    {"Argument types", "Argument Types", NULL},
    {"Argument header", "Argument Header", NULL},
    {"Boolean argument (argument type = 9)", NULL, NULL},
};

static int same_text(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == 0 && *b == 0;
}

const char *fxt_rule_section(fxt_rule r, fxt_revision rev)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    if (ri == NULL || (unsigned)rev >= FXT_REV_COUNT || !(ri->revisions & FXT_REV_BIT(rev)))
        return NULL;
    if (rev == FXT_REV_CURRENT)
        return ri->section;
    for (size_t i = 0; i < sizeof k_sections / sizeof k_sections[0]; i++)
        if (same_text(k_sections[i].cur, ri->section)) {
            const char *s = rev == FXT_REV_R3 && k_sections[i].r3 ? k_sections[i].r3
                                                                  : k_sections[i].old;
            return s ? s : ri->section;
        }
    return ri->section;
}

/* ---- lookups ------------------------------------------------------------------ */

const fxt_word_desc *fxt_header_desc(fxt_revision rev, uint64_t h)
{
    const fxt_layout *l = fxt_layout_get(rev);
    if (l == NULL)
        l = &k_layouts[FXT_REV_CURRENT];
    unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
    if (!fxt_layout_defines(l->record_types, type))
        return &w_generic;
    switch (type) {
    case FXT_RT_METADATA: {
        unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
        if (!fxt_layout_defines(l->metadata_types, mt))
            return &w_meta_unknown;
        switch (mt) {
        case FXT_MT_PROVIDER_INFO: return &w_pinfo;
        case FXT_MT_PROVIDER_SECTION: return &w_psect;
        case FXT_MT_PROVIDER_EVENT: return &w_pevent;
        default:
            return fxt_layout_defines(l->trace_info_types, (unsigned)FXT_GET(h, FXT_TINFO_TYPE))
                       ? &w_magic
                       : &w_tinfo_unknown;
        }
    }
    case FXT_RT_INIT: return &w_init;
    case FXT_RT_STRING: return &w_string;
    case FXT_RT_THREAD: return &w_thread;
    case FXT_RT_EVENT: return &w_event;
    case FXT_RT_BLOB: return l->blob_size_hi == FXT_FIELD_HI(FXT_BLOB_SIZE_R1) ? &w_blob_r1 : &w_blob;
    case FXT_RT_USERSPACE: return &w_uobj;
    case FXT_RT_KERNEL_OBJECT: return &w_kobj;
    case FXT_RT_SCHEDULING:
        if (l->sched_types == 0)
            return l->has_priorities ? &w_csw_r3 : &w_csw_r1;
        switch (FXT_GET(h, FXT_SCHED_TYPE)) {
        case FXT_ST_LEGACY_CONTEXT_SWITCH: return &w_lcsw;
        case FXT_ST_CONTEXT_SWITCH: return &w_csw;
        case FXT_ST_THREAD_WAKEUP: return &w_wake;
        default: return &w_sched_unknown;
        }
    case FXT_RT_LOG: return &w_log;
    default: /* FXT_RT_LARGE */
        if (!fxt_layout_defines(l->large_types, (unsigned)FXT_GET(h, FXT_LREC_TYPE)))
            return &w_large_unknown;
        return fxt_layout_defines(l->large_blob_formats, (unsigned)FXT_GET(h, FXT_LBLOB_FORMAT))
                   ? &w_lblob
                   : &w_lblob_unknown;
    }
}

const fxt_word_desc *fxt_arg_desc(fxt_revision rev, unsigned t)
{
    const fxt_layout *l = fxt_layout_get(rev);
    if (l == NULL)
        l = &k_layouts[FXT_REV_CURRENT];
    if (!fxt_layout_defines(l->arg_types, t) || t >= FXT_AT_COUNT)
        return &w_arg_unknown;
    return k_arg_words[t];
}

unsigned fxt_arg_words(unsigned t)
{
    return t < FXT_AT_COUNT ? 1u + fxt_arg_value_words[t] : 0;
}

const char *fxt_event_data_name(unsigned kind)
{
    if (kind >= FXT_ET_COUNT)
        return NULL;
    const body *b = k_event_bodies[kind];
    return b->items[b->n - 1].kind == FXT_BI_EVENT_WORD ? b->items[b->n - 1].label : NULL;
}

const fxt_word_desc *fxt_large_blob_format_desc(unsigned format)
{
    if (format == FXT_LBF_METADATA)
        return &w_lblob_f0;
    if (format == FXT_LBF_NO_METADATA)
        return &w_lblob_f1;
    return NULL;
}

/* The body that follows each header description fxt_header_desc selects
 * (but the event's and the large blob's, which a type field selects). */
static const struct {
    const fxt_word_desc *desc;
    const body *body;
} k_bodies[] = {
    {&w_pinfo, &b_pinfo},   {&w_psect, &b_empty},   {&w_pevent, &b_empty},
    {&w_magic, &b_empty},   {&w_init, &b_init},     {&w_string, &b_string},
    {&w_thread, &b_thread}, {&w_blob_r1, &b_blob_r1}, {&w_blob, &b_blob},
    {&w_uobj, &b_uobj},     {&w_kobj, &b_kobj},     {&w_csw_r1, &b_lcsw},
    {&w_csw_r3, &b_lcsw},   {&w_lcsw, &b_lcsw},     {&w_csw, &b_csw},
    {&w_wake, &b_wake},     {&w_log, &b_log}};

/* The body of H in REV (row L), or NULL where REV does not define it: what
 * follows the header description fxt_header_desc selects, so that the two
 * never disagree on which record H is. */
static const body *body_of(fxt_revision rev, const fxt_layout *l, uint64_t h)
{
    const fxt_word_desc *d = fxt_header_desc(rev, h);
    if (d == &w_event) {
        unsigned k = l->event_kind[FXT_GET(h, FXT_EV_TYPE)];
        return k == FXT_ET_NONE ? NULL : k_event_bodies[k];
    }
    if (d == &w_lblob)
        return FXT_GET(h, FXT_LBLOB_FORMAT) == FXT_LBF_METADATA ? &b_lblob0 : &b_lblob1;
    for (size_t i = 0; i < sizeof k_bodies / sizeof k_bodies[0]; i++)
        if (k_bodies[i].desc == d)
            return k_bodies[i].body;
    return NULL; /* a generic description: an undefined type or subtype */
}

const fxt_body_item *fxt_body_items(fxt_revision rev, uint64_t h, size_t *n)
{
    const fxt_layout *l = fxt_layout_get(rev);
    const body *b = l != NULL ? body_of(rev, l, h) : NULL;
    *n = b != NULL ? b->n : 0;
    return b != NULL ? b->items : NULL;
}

uint64_t fxt_body_item_words(const fxt_body_item *it, uint64_t w)
{
    uint64_t v = (w >> it->lo) & FXT_WIDTH_MASK_(it->lo, it->hi);
    switch (it->kind) {
    case FXT_BI_THREAD: return v == FXT_THREADREF_INLINE ? 2 : 0;
    case FXT_BI_PROCESS: return v == FXT_THREADREF_INLINE ? 1 : 0;
    case FXT_BI_STRING:
        return v & FXT_STRREF_INLINE_FLAG ? ((v & FXT_STRREF_VALUE_MASK) + 7) / 8 : 0;
    case FXT_BI_TEXT:
    case FXT_BI_BYTES: return (v + 7) / 8; /* fields of at most 16 bits: no overflow */
    case FXT_BI_ARGS: return 0;
    default: return 1;
    }
}

/* ---- framing ------------------------------------------------------------------ */

/* The one framing rule: type 15 has the 32-bit size where L has large
 * records. */
static int large_framed(const fxt_layout *l, uint64_t h)
{
    return FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE && fxt_layout_defines(l->record_types, FXT_RT_LARGE);
}

void fxt_record_size_field(const fxt_layout *l, uint64_t h, unsigned *lo, unsigned *hi)
{
    int large = large_framed(l, h);
    *lo = large ? FXT_FIELD_LO(FXT_LREC_SIZE) : FXT_FIELD_LO(FXT_REC_SIZE);
    *hi = large ? FXT_FIELD_HI(FXT_LREC_SIZE) : FXT_FIELD_HI(FXT_REC_SIZE);
}

/* (the validator reads the field once per revision: fxt__record_len) */
uint64_t fxt_record_bytes(const fxt_layout *l, uint64_t h)
{
    unsigned lo, hi;
    fxt_record_size_field(l, h, &lo, &hi);
    return ((h >> lo) & FXT_WIDTH_MASK_(lo, hi)) * 8;
}

/* The word reads as a magic record by its magic number field, or by the
 * fields before it (a one-word trace info record of type 0). */
static int looks_magic(uint64_t w)
{
    const uint64_t head = FXT_FIELD_MASK(FXT_REC_TYPE) | FXT_FIELD_MASK(FXT_REC_SIZE) |
                          FXT_FIELD_MASK(FXT_META_TYPE) | FXT_FIELD_MASK(FXT_TINFO_TYPE);
    return FXT_GET(w, FXT_MAGIC_VALUE_FIELD) == FXT_MAGIC_NUMBER ||
           (w & head) == (FXT_MAGIC_RECORD & head);
}

int fxt_trace_is_big_endian(const fxt_layout *l, const void *first)
{
    const uint64_t le = fxt_load_le64(first);
    return l->has_magic && !looks_magic(le) && looks_magic(fxt_bswap64(le));
}

/* ---- names ------------------------------------------------------------------- */

static const char *const k_record_names[17] = {
    "metadata",  "initialization", "string",  "thread",  "event",   "blob",
    "userspace", "kernel-object",  "scheduling", "log",  "type-10", "type-11",
    "type-12",   "type-13",        "type-14", "large",   "trace"};

static const char *const k_event_names[FXT_ET_COUNT] = {
    "instant",           "counter",     "duration-begin", "duration-end",
    "duration-complete", "async-begin", "async-instant",  "async-end",
    "flow-begin",        "flow-step",   "flow-end"};

static const char *const k_undefined_events[16] = {
    "event-type-0",  "event-type-1",  "event-type-2",  "event-type-3",
    "event-type-4",  "event-type-5",  "event-type-6",  "event-type-7",
    "event-type-8",  "event-type-9",  "event-type-10", "event-type-11",
    "event-type-12", "event-type-13", "event-type-14", "event-type-15"};

static const char *const k_arg_names[16] = {
    "null",    "int32",   "uint32",  "int64",   "uint64",  "double",  "string",  "pointer",
    "koid",    "bool",    "type-10", "type-11", "type-12", "type-13", "type-14", "type-15"};

const char *fxt_record_type_name(unsigned t) { return t <= 16 ? k_record_names[t] : "?"; }

const char *fxt_event_type_name(fxt_revision rev, unsigned t)
{
    const fxt_layout *l = fxt_layout_get(rev);
    if (l == NULL || t >= 16)
        return "?";
    unsigned k = l->event_kind[t];
    return k == FXT_ET_NONE ? k_undefined_events[t] : k_event_names[k];
}

const char *fxt_arg_type_name(unsigned t) { return t < 16 ? k_arg_names[t] : "?"; }
