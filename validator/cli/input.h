/* SPDX-License-Identifier: MIT */
/*
 * input.h - one input of fxt-validate (input.c): a reader thread that
 * maps regular files in windows and reads the rest with read(2), a few
 * parts ahead of the caller, and the progress line of long runs.
 */
#ifndef FXT_CLI_INPUT_H
#define FXT_CLI_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/types.h>

/** Windows or parts of the caller's buffer: the one the caller checks and
 *  those the reader thread keeps ready. */
#define SLOTS 3
/** Bytes of a regular file mapped at a time, the most one input_next hands
 *  out (a multiple of any page size). Large enough that one feed holds
 *  several rounds of --threads' pieces; SLOTS of them bound the mapped
 *  pages in the resident set (peak RSS 27 MB: bench/README.md). */
#define INPUT_WINDOW_BYTES ((size_t)8 << 20)

/** An open input. */
typedef struct input {
    int fd;
    int regular;        /**< a regular file with a size (pread-able) */
    int mappable;       /**< and read through mmap windows (until mmap fails) */
    uint64_t mapped;    /**< bytes of it in windows so far */
    uint64_t start;     /**< file offset where reading began */
    uint64_t size;      /**< bytes from start to the end (regular files), else 0 */
    uint64_t pos;       /**< bytes handed out so far */
    unsigned char *buf; /**< the caller's buffer, SLOTS parts of slot_size */
    size_t slot_size;
    const unsigned char *p[SLOTS]; /**< per slot: its bytes (a window or a part) */
    ssize_t got[SLOTS];            /**< how many; 0 the end; -1 an error */
    int err[SLOTS];                /**< and its errno */
    void *map[SLOTS];              /**< the window mapped, or NULL */
    size_t map_len[SLOTS];
    int threaded;       /**< the reader thread runs (else reads in turn) */
    pthread_t th;
    pthread_mutex_t mu; /**< guards filled, taken and stop */
    pthread_cond_t cv;
    int wake[2];        /**< a pipe input_close() writes to, to wake the reader thread
                             from waiting on the input (no pthread_cancel: glibc's needs
                             to load libgcc_s, which fails when memory ran out) */
    unsigned filled, taken; /**< parts read, parts given back (counters) */
    int held;               /**< the caller holds a part (freed at the next call) */
    int stop, ended;
} input;

/** Set up reading FD (already open) with BUF for read(2). */
void input_open(input *in, int fd, unsigned char *buf, size_t buf_size);

/** Next bytes: 1 with *P, *N, 0 at the end, -1 on a read error (errno).
 *  The bytes stay valid until the next call. */
int input_next(input *in, const unsigned char **p, size_t *n);


/** Release the current window (the caller closes FD). */
void input_close(input *in);

/** Monotonic clock in seconds. */
double now_seconds(void);

/** The progress line on stderr (bytes, MB/s, ETA) of one input. */
typedef struct progress {
    int on, drawn;
    const char *name;
    uint64_t total;
    double t0, last;
} progress;

/** Start; the line is shown only when ENABLED (stderr is a terminal, no
 *  --quiet) and the input's size is known and over 64 MiB. */
void progress_start(progress *pg, const input *in, const char *name, int enabled);

/** DONE bytes of the input have been checked (redraws a few times a second). */
void progress_update(progress *pg, uint64_t done);

/** Erase the line. */
void progress_end(progress *pg);

#endif /* FXT_CLI_INPUT_H */
