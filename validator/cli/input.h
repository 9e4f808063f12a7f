/*
 * input.h - one input of fxt-validate (input.c): mmap windows for regular
 * files, read(2) for the rest, and the progress line of long runs.
 */
#ifndef FXT_CLI_INPUT_H
#define FXT_CLI_INPUT_H

#include <stddef.h>
#include <stdint.h>

/** An open input. */
typedef struct input {
    int fd;
    int mappable;       /**< regular file with a size: read through mmap windows */
    uint64_t start;     /**< file offset where reading began */
    uint64_t size;      /**< bytes from start to the end (regular files), else 0 */
    uint64_t pos;       /**< bytes handed out so far */
    void *map;          /**< the current window, or NULL */
    size_t map_len;
    unsigned char *buf; /**< read(2) buffer (the caller's) */
    size_t buf_size;
} input;

/** Set up reading FD (already open) with BUF for read(2). */
void input_open(input *in, int fd, unsigned char *buf, size_t buf_size);

/** Next bytes: 1 with *P, *N (valid until the next call), 0 at the end,
 *  -1 on a read error (errno). */
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
