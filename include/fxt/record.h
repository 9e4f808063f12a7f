/* SPDX-License-Identifier: MIT */
/*
 * fxt/record.h - the decoded form of one FXT record.
 *
 * The validator hands records in this form to a visitor; the reference
 * encoder writes records from this form. It keeps everything a byte-exact
 * round trip needs: the inline or indexed form of every string and thread
 * ref, inline koids, appended (extension) words of records and arguments,
 * and the byte order. Pointers point into the validator's input or buffer
 * and are valid only during the visitor call.
 */
#ifndef FXT_RECORD_H
#define FXT_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/format.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A string ref and, when inline, its content. */
typedef struct fxt_str {
    uint16_t ref;     /**< raw 16-bit ref: 0 empty, bit 15 set inline, else index */
    const char *data; /**< inline content (not NUL-terminated); NULL unless inline */
    size_t len;       /**< inline length in bytes (ref & 0x7fff); 0 unless inline */
} fxt_str;

/** A thread ref and the koids it stands for. */
typedef struct fxt_thread {
    uint8_t ref;  /**< raw 8-bit ref: 0 inline, else index */
    uint64_t pid; /**< process koid: inline value, or from the thread table */
    uint64_t tid; /**< thread koid: inline value, or from the thread table */
} fxt_thread;

/** One argument. */
typedef struct fxt_arg {
    unsigned type;       /**< argument type (FXT_AT_*) */
    unsigned size_words; /**< the argument's size field */
    fxt_str name;        /**< argument name */
    uint32_t hi;         /**< raw bits [32..63] of the header word */
    union {
        int32_t i32;
        uint32_t u32;
        int64_t i64;
        uint64_t u64; /**< also the raw bits of double, pointer, koid */
        double f64;
        int b;
    } v;                  /**< value (by type); doubles keep their exact bits in u64 */
    fxt_str str;          /**< value of a string argument */
    const uint8_t *extra; /**< appended words beyond what the type implies */
    size_t extra_words;   /**< how many */
} fxt_arg;

/** Payload of metadata records (record type 0). */
typedef struct fxt_meta {
    unsigned meta_type;       /**< FXT_MT_* */
    uint32_t provider_id;     /**< provider info / section / event */
    fxt_str name;             /**< provider info: name (ref unused; data/len) */
    unsigned event_id;        /**< provider event */
    unsigned trace_info_type; /**< trace info */
    uint32_t magic;           /**< trace info type 0: bits [24..55] */
} fxt_meta;

/** Payload of event records (record type 4). */
typedef struct fxt_event {
    unsigned event_type; /**< meaning, FXT_ET_* (current numbering, whatever
                              the revision: r1's 4 is FXT_ET_ASYNC_BEGIN) */
    fxt_thread thread;
    fxt_str category;
    fxt_str name;
    uint64_t timestamp;
    uint64_t data; /**< counter id, end time, async or flow correlation id */
} fxt_event;

/** Payload of blob records (5) and large blob records (15/0). */
typedef struct fxt_blob {
    unsigned blob_type;      /**< record type 5: FXT_BT_* */
    unsigned format;         /**< large blob: FXT_LBF_* */
    fxt_str category;        /**< large blob */
    fxt_str name;            /**< blob name */
    uint64_t timestamp;      /**< large blob format 0 */
    fxt_thread thread;       /**< large blob format 0 */
    uint64_t payload_size;   /**< payload bytes (excluding padding) */
    const uint8_t *payload;  /**< payload bytes; NULL if the record was too
                                  large to hold (streamed, see validate.h) */
} fxt_blob;

/** Payload of userspace (6) and kernel object (7) records. */
typedef struct fxt_object {
    fxt_thread process; /**< userspace: process (only pid is inline) */
    unsigned koid_type; /**< kernel object: ZX_OBJ_TYPE_* */
    fxt_str name;
    uint64_t id; /**< pointer (6) or koid (7) */
} fxt_object;

/** Payload of scheduling records (record type 8). */
typedef struct fxt_sched {
    unsigned sched_type; /**< FXT_ST_* */
    unsigned cpu;
    unsigned state;      /**< outgoing thread state */
    uint64_t timestamp;
    fxt_thread out;      /**< legacy: ref+koids; type 1: tid; type 2: waking tid */
    fxt_thread in;       /**< legacy and type 1 */
    unsigned out_prio;   /**< legacy */
    unsigned in_prio;    /**< legacy */
} fxt_sched;

/** Payload of log records (record type 9). */
typedef struct fxt_log {
    fxt_thread thread;
    uint64_t timestamp;
    const char *msg; /**< message bytes */
    size_t msg_len;
} fxt_log;

/** One decoded record. */
typedef struct fxt_record {
    uint64_t offset;     /**< byte offset of the header word in the input */
    uint64_t index;      /**< 0-based record number */
    unsigned type;       /**< record type (FXT_RT_*) */
    unsigned large_type; /**< large records: FXT_LT_* */
    uint64_t size_words; /**< the size field (12- or 32-bit) */
    uint64_t header;     /**< header word, in host order */
    int big_endian;      /**< words of this trace are big-endian */
    unsigned revision;   /**< fxt_revision the record was read with */
    uint32_t provider_id; /**< provider whose section the record is in */
    union {
        fxt_meta meta;
        uint64_t ticks_per_second; /**< initialization record */
        struct {
            unsigned index;
            const char *data;
            size_t len;
        } string; /**< string record */
        struct {
            unsigned index;
            uint64_t pid, tid;
        } thread; /**< thread record */
        fxt_event event;
        fxt_blob blob;
        fxt_object object;
        fxt_sched sched;
        fxt_log log;
    } u;
    unsigned argc;                /**< number of arguments */
    fxt_arg args[FXT_MAX_ARGS];   /**< the arguments */
    const uint8_t *extra;         /**< appended words beyond what the fields imply */
    size_t extra_words;           /**< how many */
    int known;                    /**< 0 if the record's type is undefined (only
                                       with allow-unknown): nothing but the header
                                       and raw words were decoded */
    const uint8_t *raw;           /**< the record's bytes (NULL if streamed) */
    unsigned errors;              /**< errors found in this record. Only
                                       FXT_OPT_VISIT_ALL hands over records with
                                       errors; such a record is decoded only as
                                       far as it could be (e.g. an inline ref
                                       whose stream did not fit has data NULL
                                       and len 0), so check this first. */
} fxt_record;

#ifdef __cplusplus
}
#endif

#endif /* FXT_RECORD_H */
