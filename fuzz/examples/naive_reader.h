/* SPDX-License-Identifier: MIT */
/*
 * naive_reader.h - a small FXT reader written the way real readers are,
 * with thirteen PLANTED BUGS (see naive_reader.c and README.md). It exists to be
 * found out: by fxt-conform (fuzz/conform) and by the fuzzers
 * (bench_bugs.sh). Do not use it to read traces.
 *
 * naive_reader.c is the reader (no main: link naive_reader_main.c for the
 * program, naive_reader_fuzz.c for the fuzz entry).
 */
#ifndef NAIVE_READER_H
#define NAIVE_READER_H

#include <stddef.h>
#include <stdint.h>

#define NR_MAX_PROVIDER_NAMES 8

/** What nr_read found. */
typedef struct nr_summary {
    uint64_t records;
    uint64_t by_type[16];        /* records by record type */
    uint64_t events_by_type[16]; /* event records by event type */
    uint64_t providers;
    char provider_names[NR_MAX_PROVIDER_NAMES][64];
    uint64_t strings;            /* string records */
    uint64_t threads;            /* thread records */
    uint64_t args;
    uint64_t distinct_names;     /* distinct event names */
    uint64_t durations;          /* complete events + matched begin/end pairs */
    uint64_t duration_pairs;     /* of which begin/end pairs */
    double duration_s;           /* their total, in seconds */
    int have_time;
    double first_s, last_s;      /* first and last event timestamp, seconds */
    uint64_t ticks_per_second;   /* from the last initialization record */
    uint64_t blobs;              /* blob and large blob records */
    uint64_t blob_bytes;
    uint64_t blob_checksum;
    int big_endian;
    uint64_t kind_letters;       /* sum of the first letters of the event types' names */
} nr_summary;

/** Called before each record is decoded, with the record's byte offset,
 *  its (byte-order corrected) header word and the size in words the reader
 *  framed it with. Used by the fuzz harness's framing oracle. */
typedef void (*nr_record_hook)(void *ctx, size_t offset, uint64_t header, uint64_t words);

/** A byte string inside the trace. */
typedef struct nr_text {
    const uint8_t *p;
    size_t n;
} nr_text;

/** What the reader decoded of one record (the fields that fxt-dump --jsonl
 *  prints under the same names). */
typedef struct nr_decoded {
    int has_event, has_string, has_thread, has_init, has_meta;
    unsigned etype, meta_type, index;
    uint32_t provider_id;
    uint64_t ts, pid, tid, tps, word;
    nr_text category, name, text;
} nr_decoded;

/** Called after each record with what was decoded of it, its number, byte
 *  offset and (byte-order corrected) header word. */
typedef void (*nr_emit_fn)(void *ctx, const nr_decoded *d, uint64_t index, size_t offset,
                           uint64_t header);

/** Read the trace DATA[0..LEN). Returns 0 and fills *SUM, or -1 with a
 *  message in ERR (ERRLEN bytes) when the trace is malformed in a way the
 *  reader notices. HOOK may be NULL. */
int nr_read(const uint8_t *data, size_t len, nr_summary *sum, nr_record_hook hook, void *ctx,
            char *err, size_t errlen);

/** Read file PATH into malloc'd memory of exactly its size (so that reading
 *  past it is caught); 0, or -1 with the reason in ERR (naive_reader_file.c). */
int nr_load_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen);

/** nr_read without the hook, calling EMIT (may be NULL) after each record. */
int nr_read_emit(const uint8_t *data, size_t len, nr_summary *sum, char *err, size_t errlen,
                 nr_emit_fn emit, void *ctx);

#endif
