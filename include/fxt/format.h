/* SPDX-License-Identifier: MIT */
/*
 * fxt/format.h - every field position and enum value of the Fuchsia Trace
 * Format, current revision (../shared/spec/trace-format.md).
 *
 * This is the one place where layouts live. A field is written as the pair
 * "lo, hi" exactly as the spec writes "[lo .. hi]" (inclusive bit numbers in
 * a 64-bit word), and used through FXT_GET / FXT_SET / FXT_FIELD_MASK:
 *
 *     uint64_t type = FXT_GET(word, FXT_REC_TYPE);
 *
 * Reserved ranges are listed the same way (FXT_*_RSV*), taken from the spec
 * text, so the validator checks precisely what the spec says must be zero.
 */
#ifndef FXT_FORMAT_H
#define FXT_FORMAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- field helpers ------------------------------------------------------ */

/** Mask (unshifted) of a field "lo, hi": (hi-lo+1) low bits set. */
#define FXT_WIDTH_MASK_(lo, hi) \
    (((hi) - (lo)) >= 63 ? ~(uint64_t)0 : (((uint64_t)1 << ((hi) - (lo) + 1)) - 1))
/** Mask of field F in place inside its word. */
#define FXT_FIELD_MASK(F) FXT_FIELD_MASK_(F)
#define FXT_FIELD_MASK_(lo, hi) (FXT_WIDTH_MASK_(lo, hi) << (lo))
/** Largest value field F can hold. */
#define FXT_FIELD_MAX(F) FXT_FIELD_MAX_(F)
#define FXT_FIELD_MAX_(lo, hi) FXT_WIDTH_MASK_(lo, hi)
/** Lowest bit number of field F. */
#define FXT_FIELD_LO(F) FXT_FIELD_LO_(F)
#define FXT_FIELD_LO_(lo, hi) (lo)
/** Highest bit number of field F. */
#define FXT_FIELD_HI(F) FXT_FIELD_HI_(F)
#define FXT_FIELD_HI_(lo, hi) (hi)
/** Value of field F of word W. */
#define FXT_GET(W, F) FXT_GET_(W, F)
#define FXT_GET_(W, lo, hi) (((uint64_t)(W) >> (lo)) & FXT_WIDTH_MASK_(lo, hi))
/** W with field F replaced by V (V is truncated to the field's width). */
#define FXT_SET(W, F, V) FXT_SET_(W, V, F)
#define FXT_SET_(W, V, lo, hi) \
    (((uint64_t)(W) & ~FXT_FIELD_MASK_(lo, hi)) | \
     (((uint64_t)(V) & FXT_WIDTH_MASK_(lo, hi)) << (lo)))

/* Fields that move between revisions are here too (suffix _R1, _R3 for the
 * revision that introduced them); which revision uses which, and which type
 * values each revision defines, is the layout table (fxt/layout.h). */

/* ---- atoms and limits ---------------------------------------------------- */

/** Bytes in a word; every atom is a multiple of this. */
#define FXT_WORD_BYTES 8u
/** Largest size of a normal record, in words (12-bit size field). */
#define FXT_MAX_RECORD_WORDS 4095u
/** Largest size of a large record, in words (32-bit size field). */
#define FXT_MAX_LARGE_RECORD_WORDS 0xffffffffu
/** Largest number of arguments a record can carry (4-bit count). */
#define FXT_MAX_ARGS 15u
/** The spec's conservative string length limit (longer is a warning). */
#define FXT_MAX_STRING_LEN 32000u
/** Largest string index (15 bits). */
#define FXT_MAX_STRING_INDEX 0x7fffu
/** Largest thread index (8 bits). */
#define FXT_MAX_THREAD_INDEX 0xffu

/* ---- string and thread refs ---------------------------------------------- */

/** String ref bit 15: set = inline string whose length is bits [0..14]. */
#define FXT_STRREF_INLINE_FLAG 0x8000u
/** Low 15 bits of a string ref: index or inline length. */
#define FXT_STRREF_VALUE_MASK 0x7fffu
/** The empty string ref. */
#define FXT_STRREF_EMPTY 0u
/** Thread ref value meaning "koids follow inline". */
#define FXT_THREADREF_INLINE 0u

/* ---- record header (all records) ----------------------------------------- */

#define FXT_REC_TYPE 0, 3
#define FXT_REC_SIZE 4, 15

/** Record types ([0..3] of the header word). */
enum fxt_record_type {
    FXT_RT_METADATA = 0,
    FXT_RT_INIT = 1,
    FXT_RT_STRING = 2,
    FXT_RT_THREAD = 3,
    FXT_RT_EVENT = 4,
    FXT_RT_BLOB = 5,
    FXT_RT_USERSPACE = 6,
    FXT_RT_KERNEL_OBJECT = 7,
    FXT_RT_SCHEDULING = 8,
    FXT_RT_LOG = 9,
    FXT_RT_LARGE = 15 /* r3 on */
};
/** Number of values the record type field can hold. */
#define FXT_RT_COUNT 16

/* ---- large record header (type 15) ---------------------------------------- */

#define FXT_LREC_SIZE 4, 35
#define FXT_LREC_TYPE 36, 39

/** Large record types ([36..39]). */
enum fxt_large_type { FXT_LT_BLOB = 0 };

/* Large BLOB record (large type 0). */
#define FXT_LBLOB_FORMAT 40, 43
#define FXT_LBLOB_RSV 44, 63
/** Large blob formats ([40..43]). */
enum fxt_large_blob_format {
    FXT_LBF_METADATA = 0, /* in band, with metadata */
    FXT_LBF_NO_METADATA = 1 /* in band, category and name only */
};
/* Format header word of blob formats 0 and 1. */
#define FXT_LBLOB_CATEGORY 0, 15
#define FXT_LBLOB_NAME 16, 31
#define FXT_LBLOB0_ARGC 32, 35
#define FXT_LBLOB0_THREAD 36, 43
#define FXT_LBLOB0_RSV 44, 63
#define FXT_LBLOB1_RSV 32, 63

/* ---- metadata record (type 0) --------------------------------------------- */

#define FXT_META_TYPE 16, 19
/** Metadata types ([16..19]); which exist depends on the revision. */
enum fxt_metadata_type {
    FXT_MT_PROVIDER_INFO = 1,
    FXT_MT_PROVIDER_SECTION = 2,
    FXT_MT_PROVIDER_EVENT = 3,
    FXT_MT_TRACE_INFO = 4
};
#define FXT_META_PROVIDER_ID 20, 51
/* provider info */
#define FXT_PINFO_NAME_LEN 52, 59
#define FXT_PINFO_RSV 60, 63
/* provider section */
#define FXT_PSECT_RSV 52, 63
/* provider event */
#define FXT_PEVENT_ID 52, 55
#define FXT_PEVENT_RSV 56, 63
/** Provider event ids: 0 = buffer full, records likely dropped. */
#define FXT_PEVENT_BUFFER_FULL 0u
/* trace info (r3 on) */
#define FXT_TINFO_TYPE 20, 23
/** Bits of a trace info record that depend on its trace info type. */
#define FXT_TINFO_DATA 24, 63
/** Trace info types ([20..23]). */
enum fxt_trace_info_type { FXT_TIT_MAGIC = 0 };
#define FXT_MAGIC_VALUE_FIELD 24, 55
#define FXT_MAGIC_RSV 56, 63
/** The magic number "FxT" + random byte, in [24..55] of the magic record. */
#define FXT_MAGIC_NUMBER 0x16547846u
/** The whole magic record as one little-endian word (spec: Magic number record). */
#define FXT_MAGIC_RECORD 0x0016547846040010ull

/* ---- initialization record (type 1) --------------------------------------- */

#define FXT_INIT_RSV 16, 63

/* ---- string record (type 2) ------------------------------------------------ */

#define FXT_STR_INDEX 16, 30
#define FXT_STR_RSV1 31, 31
#define FXT_STR_LEN 32, 46
#define FXT_STR_RSV2 47, 47
#define FXT_STR_RSV3 48, 63

/* ---- thread record (type 3) ------------------------------------------------ */

#define FXT_THR_INDEX 16, 23
#define FXT_THR_RSV 24, 63

/* ---- event record (type 4) ------------------------------------------------- */

#define FXT_EV_TYPE 16, 19
#define FXT_EV_ARGC 20, 23
#define FXT_EV_THREAD 24, 31
#define FXT_EV_CATEGORY 32, 47
#define FXT_EV_NAME 48, 63
/** Event types ([16..19]) in the numbering of r3 and current. The model
 *  (fxt_event.event_type) always uses this numbering as the event's
 *  meaning; r1 and r2 number async and flow events one lower, and have no
 *  duration complete (fxt_layout.event_kind maps numbers to meanings). */
enum fxt_event_type {
    FXT_ET_INSTANT = 0,
    FXT_ET_COUNTER = 1,
    FXT_ET_DURATION_BEGIN = 2,
    FXT_ET_DURATION_END = 3,
    FXT_ET_DURATION_COMPLETE = 4,
    FXT_ET_ASYNC_BEGIN = 5,
    FXT_ET_ASYNC_INSTANT = 6,
    FXT_ET_ASYNC_END = 7,
    FXT_ET_FLOW_BEGIN = 8,
    FXT_ET_FLOW_STEP = 9,
    FXT_ET_FLOW_END = 10
};
/** Number of event types of the newest revision. */
#define FXT_ET_COUNT 11

/* ---- blob record (type 5) -------------------------------------------------- */

#define FXT_BLOB_NAME 16, 31
#define FXT_BLOB_SIZE 32, 46
#define FXT_BLOB_RSV1 47, 47
/** r1: the payload size takes bit 47 too. */
#define FXT_BLOB_SIZE_R1 32, 47
#define FXT_BLOB_TYPE 48, 55
#define FXT_BLOB_RSV2 56, 63
/** Blob types ([48..55]); which exist depends on the revision. */
enum fxt_blob_type {
    FXT_BT_DATA = 1,
    FXT_BT_LAST_BRANCH = 2,
    FXT_BT_PERFETTO = 3
};

/* ---- userspace object record (type 6) -------------------------------------- */

#define FXT_UOBJ_PROCESS 16, 23
#define FXT_UOBJ_NAME 24, 39
#define FXT_UOBJ_ARGC 40, 43
#define FXT_UOBJ_RSV 44, 63

/* ---- kernel object record (type 7) ----------------------------------------- */

#define FXT_KOBJ_TYPE 16, 23
#define FXT_KOBJ_NAME 24, 39
#define FXT_KOBJ_ARGC 40, 43
#define FXT_KOBJ_RSV 44, 63

/* ---- scheduling record (type 8) -------------------------------------------- */

/* Before current, record type 8 is a context switch record with the legacy
 * layout below and no subtype. */
#define FXT_SCHED_TYPE 60, 63
/** Scheduling record types ([60..63], current only). */
enum fxt_sched_type {
    FXT_ST_LEGACY_CONTEXT_SWITCH = 0,
    FXT_ST_CONTEXT_SWITCH = 1,
    FXT_ST_THREAD_WAKEUP = 2
};
/* context switch (1) */
#define FXT_CSW_ARGC 16, 19
#define FXT_CSW_CPU 20, 35
#define FXT_CSW_STATE 36, 39
#define FXT_CSW_RSV 40, 59
/* thread wakeup (2) */
#define FXT_WAKE_ARGC 16, 19
#define FXT_WAKE_CPU 20, 35
#define FXT_WAKE_RSV 36, 59
/* legacy context switch (0) */
#define FXT_LCSW_CPU 16, 23
#define FXT_LCSW_STATE 24, 27
#define FXT_LCSW_OUT_THREAD 28, 35
#define FXT_LCSW_IN_THREAD 36, 43
#define FXT_LCSW_OUT_PRIO 44, 51 /* r3 on */
#define FXT_LCSW_IN_PRIO 52, 59  /* r3 on */
/** r1, r2: everything above the incoming thread is reserved. */
#define FXT_LCSW_RSV_R1 44, 63
/** r3: the bits that became the subtype are reserved. */
#define FXT_LCSW_RSV_R3 60, 63
/** Thread states of context switch records. */
enum fxt_thread_state {
    FXT_TS_NEW = 0,
    FXT_TS_RUNNING = 1,
    FXT_TS_SUSPENDED = 2,
    FXT_TS_BLOCKED = 3,
    FXT_TS_DYING = 4,
    FXT_TS_DEAD = 5
};
/** Largest defined thread state. */
#define FXT_TS_MAX 5u

/* ---- log record (type 9) ---------------------------------------------------- */

#define FXT_LOG_LEN 16, 30
#define FXT_LOG_RSV1 31, 31
#define FXT_LOG_THREAD 32, 39
#define FXT_LOG_RSV2 40, 63

/* ---- arguments --------------------------------------------------------------- */

#define FXT_ARG_TYPE 0, 3
#define FXT_ARG_SIZE 4, 15
#define FXT_ARG_NAME 16, 31
/** Bits [32..63]: value of 32-bit and boolean arguments, else reserved. */
#define FXT_ARG_HI 32, 63
#define FXT_ARG_STR_VALUE 32, 47
#define FXT_ARG_STR_RSV 48, 63
/** Argument types ([0..3]); the boolean exists in current only. */
enum fxt_arg_type {
    FXT_AT_NULL = 0,
    FXT_AT_INT32 = 1,
    FXT_AT_UINT32 = 2,
    FXT_AT_INT64 = 3,
    FXT_AT_UINT64 = 4,
    FXT_AT_DOUBLE = 5,
    FXT_AT_STRING = 6,
    FXT_AT_POINTER = 7,
    FXT_AT_KOID = 8,
    FXT_AT_BOOL = 9
};
/** Number of argument types of the newest revision. */
#define FXT_AT_COUNT 10

#ifdef __cplusplus
}
#endif

#endif /* FXT_FORMAT_H */
