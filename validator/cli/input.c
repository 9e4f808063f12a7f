/* SPDX-License-Identifier: MIT */
/*
 * input.c - reading one input for fxt-validate, and the progress line.
 *
 * A reader thread stays up to SLOTS - 1 parts ahead of the caller, who checks
 * one part while the thread brings the next: on two cores the kernel's
 * work (mapping page-cache pages, copying from a pipe) costs the checking
 * no time. A regular file is mapped in windows of INPUT_WINDOW_BYTES, populated
 * by the thread and unmapped when their slot comes round again: mapped
 * page-cache pages count in the resident set, so SLOTS windows, not the
 * file, bound peak RSS. Anything else (pipes, terminals, character
 * devices, files whose size says 0 such as /proc files, or a failed mmap)
 * is read with read(2) into parts of the caller's buffer; each read is
 * handed over as it comes, so a slow writer is never waited for beyond
 * what it has written. Where no thread can be started, the caller does
 * the same in turn.
 */
#define _GNU_SOURCE /* MAP_POPULATE, F_SETPIPE_SZ */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/** Inputs larger than this get a progress line on a terminal. */
#define PROGRESS_MIN_BYTES ((uint64_t)64 << 20)
/** Seconds between progress updates. */
#define PROGRESS_EVERY 0.25
/** A pipe's buffer: larger than the default 64 KiB, so that the writer
 *  and this reader wake each other less often (the system may refuse). */
#define PIPE_BYTES (1 << 20)

double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void unmap(input *in, unsigned i)
{
    if (in->map[i]) {
        munmap(in->map[i], in->map_len[i]);
        in->map[i] = NULL;
    }
}

/** Map the next window into slot I; 0 if mmap refused. */
static int map_slot(input *in, unsigned i)
{
    uint64_t off = in->start + in->mapped;
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t base = off - off % page; /* mmap offsets are page-aligned */
    uint64_t end = in->start + in->size;
    size_t len = (size_t)(end - base < INPUT_WINDOW_BYTES ? end - base : INPUT_WINDOW_BYTES);
    void *m = mmap(NULL, len, PROT_READ, MAP_SHARED | MAP_POPULATE, in->fd, (off_t)base);
    if (m == MAP_FAILED)
        return 0;
    (void)posix_madvise(m, len, POSIX_MADV_SEQUENTIAL);
    in->map[i] = m;
    in->map_len[i] = len;
    in->p[i] = (const unsigned char *)m + (off - base);
    in->got[i] = (ssize_t)(len - (size_t)(off - base));
    in->mapped += (uint64_t)in->got[i];
    return 1;
}

/* The reader thread, before a read(2) that may block (a pipe, a terminal):
 * waits until the input has something or input_close() wakes it; 0 then. */
static int wait_readable(input *in)
{
    struct pollfd pf[2] = {{in->fd, POLLIN, 0}, {in->wake[0], POLLIN, 0}};
    for (;;) {
        int k = poll(pf, 2, -1);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return 1; /* read(2) will say what is wrong */
        if (pf[1].revents)
            return 0;
        if (pf[0].revents)
            return 1;
    }
}

/* Fill slot I: a window, or one read(2) into its part of the buffer; its
 * length, 0 at the end, -1 with its errno. */
static void fill_slot(input *in, unsigned i)
{
    unmap(in, i);
    in->err[i] = 0;
    if (in->mappable) {
        if (in->mapped >= in->size) {
            in->got[i] = 0;
            return;
        }
        if (map_slot(in, i))
            return;
        /* read(2) from where mapping stopped */
        in->mappable = 0;
        if (lseek(in->fd, (off_t)(in->start + in->mapped), SEEK_SET) < 0) {
            in->got[i] = -1;
            in->err[i] = errno;
            return;
        }
    }
    unsigned char *b = in->buf + (size_t)i * in->slot_size;
    ssize_t k;
    if (in->threaded && !wait_readable(in)) {
        in->got[i] = 0; /* input_close() is waiting: the end */
        return;
    }
    do
        k = read(in->fd, b, in->slot_size);
    while (k < 0 && errno == EINTR);
    in->p[i] = b;
    in->got[i] = k;
    in->err[i] = k < 0 ? errno : 0;
}

/* The reader thread: fills free slots in turn until the end, an error or
 * input_close(), which wakes it from waiting on the input through the
 * wake pipe (wait_readable). */
static void *reader(void *arg)
{
    input *in = arg;
    for (;;) {
        pthread_mutex_lock(&in->mu);
        while (!in->stop && in->filled - in->taken == SLOTS)
            pthread_cond_wait(&in->cv, &in->mu);
        int stop = in->stop;
        unsigned i = in->filled % SLOTS;
        pthread_mutex_unlock(&in->mu);
        if (stop)
            return NULL;
        fill_slot(in, i);
        pthread_mutex_lock(&in->mu);
        in->filled++;
        pthread_cond_broadcast(&in->cv);
        pthread_mutex_unlock(&in->mu);
        if (in->got[i] <= 0)
            return NULL;
    }
}

void input_open(input *in, int fd, unsigned char *buf, size_t buf_size)
{
    memset(in, 0, sizeof *in);
    in->fd = fd;
    in->buf = buf;
    in->slot_size = buf_size / SLOTS;
    struct stat sb;
    if (fstat(fd, &sb) != 0)
        sb.st_mode = 0; /* read(2) will do */
#ifdef F_SETPIPE_SZ /* Linux only (not WASI) */
    if (S_ISFIFO(sb.st_mode))
        (void)fcntl(fd, F_SETPIPE_SZ, PIPE_BYTES);
#endif
    if (S_ISREG(sb.st_mode) && sb.st_size > 0) {
        off_t at = lseek(fd, 0, SEEK_CUR); /* standard input may not be at 0 */
        if (at >= 0 && at < sb.st_size) {
            in->regular = in->mappable = 1;
            in->start = (uint64_t)at;
            in->size = (uint64_t)(sb.st_size - at);
        }
    }
    int saved = errno;
    if (pipe2(in->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        /* no thread: the caller reads in turn. errno as it was: the CLI
         * names a failed write of standard output by errno (WASI has no
         * pipes, and its ENOSYS here was reported for a full disk) */
        errno = saved;
        return;
    }
    if (pthread_mutex_init(&in->mu, NULL) != 0)
        goto no_thread;
    if (pthread_cond_init(&in->cv, NULL) != 0) {
        pthread_mutex_destroy(&in->mu);
        goto no_thread;
    }
    in->threaded = 1; /* before the thread starts: fill_slot() reads it */
    if (pthread_create(&in->th, NULL, reader, in) != 0) {
        in->threaded = 0;
        pthread_cond_destroy(&in->cv);
        pthread_mutex_destroy(&in->mu);
        goto no_thread;
    }
    return;
no_thread:
    close(in->wake[0]);
    close(in->wake[1]);
}

int input_next(input *in, const unsigned char **p, size_t *n)
{
    if (in->ended)
        return 0;
    if (in->threaded) {
        pthread_mutex_lock(&in->mu);
        if (in->held) { /* the slot handed out last is free again */
            in->taken++;
            pthread_cond_broadcast(&in->cv);
        }
        while (in->filled == in->taken)
            pthread_cond_wait(&in->cv, &in->mu);
        pthread_mutex_unlock(&in->mu);
    } else {
        in->taken += (unsigned)in->held;
        fill_slot(in, in->taken % SLOTS);
    }
    in->held = 1;
    unsigned i = in->taken % SLOTS;
    if (in->got[i] <= 0) {
        in->ended = 1;
        errno = in->err[i];
        return in->got[i] < 0 ? -1 : 0;
    }
    in->pos += (uint64_t)in->got[i];
    *p = in->p[i];
    *n = (size_t)in->got[i];
    return 1;
}

void input_close(input *in)
{
    if (!in->threaded) {
        for (unsigned i = 0; i < SLOTS; i++) /* (not just slot 0: the slots turn) */
            unmap(in, i);
        return;
    }
    pthread_mutex_lock(&in->mu);
    in->stop = 1;
    pthread_cond_broadcast(&in->cv);
    pthread_mutex_unlock(&in->mu);
    if (!in->ended) { /* wake it from waiting on a read(2) that may never return */
        ssize_t k;
        do
            k = write(in->wake[1], "x", 1);
        while (k < 0 && errno == EINTR);
    }
    pthread_join(in->th, NULL);
    close(in->wake[0]);
    close(in->wake[1]);
    pthread_cond_destroy(&in->cv);
    pthread_mutex_destroy(&in->mu);
    in->threaded = 0;
    for (unsigned i = 0; i < SLOTS; i++)
        unmap(in, i);
}

/* ---- progress line ------------------------------------------------------------ */

void progress_start(progress *pg, const input *in, const char *name, int enabled)
{
    memset(pg, 0, sizeof *pg);
    pg->on = enabled && in->size > PROGRESS_MIN_BYTES;
    pg->name = name;
    pg->total = in->size;
    pg->t0 = now_seconds();
    pg->last = pg->t0 - PROGRESS_EVERY; /* the first update draws at once */
}

void progress_update(progress *pg, uint64_t done)
{
    if (!pg->on)
        return;
    double t = now_seconds();
    if (t - pg->last < PROGRESS_EVERY)
        return;
    pg->last = t;
    double secs = t - pg->t0;
    double rate = secs > 0 ? (double)done / secs : 0;
    fputc('\r', stderr);
    put_text_z(stderr, pg->name);
    fprintf(stderr, ": %.0f / %.0f MiB (%.0f%%)", (double)done / 1048576.0,
            (double)pg->total / 1048576.0, 100.0 * (double)done / (double)pg->total);
    if (rate > 0 && done > 0)
        fprintf(stderr, ", %.0f MB/s, ETA %.0f s", rate / 1e6,
                (double)(pg->total - done) / rate);
    fputs("\033[K", stderr); /* clear the rest of a longer previous line */
    fflush(stderr);
    pg->drawn = 1;
}

void progress_end(progress *pg)
{
    if (pg->drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    pg->drawn = 0;
}
