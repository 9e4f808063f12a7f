/*
 * input.c - reading one input for fxt-validate, and the progress line.
 *
 * A regular file is mapped in windows of WINDOW_BYTES (read in place, no
 * copy), each unmapped before the next: mapped page-cache pages count in
 * the resident set, so a window, not the file, bounds peak RSS. Anything
 * else (pipes, terminals, character devices, files whose size says 0 such
 * as /proc files, or a failed mmap) is read with read(2) into the caller's
 * buffer; each read is fed as it comes, so a slow writer is never waited
 * for beyond what it has written.
 */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include "input.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/** Bytes mapped at a time (a multiple of any page size). */
#define WINDOW_BYTES ((size_t)4 << 20)
/** Inputs larger than this get a progress line on a terminal. */
#define PROGRESS_MIN_BYTES ((uint64_t)64 << 20)
/** Seconds between progress updates. */
#define PROGRESS_EVERY 0.25

double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void input_open(input *in, int fd, unsigned char *buf, size_t buf_size)
{
    memset(in, 0, sizeof *in);
    in->fd = fd;
    in->buf = buf;
    in->buf_size = buf_size;
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size <= 0)
        return;
    off_t at = lseek(fd, 0, SEEK_CUR); /* standard input may not be at 0 */
    if (at < 0 || at >= sb.st_size)
        return;
    in->mappable = 1;
    in->start = (uint64_t)at;
    in->size = (uint64_t)(sb.st_size - at);
}

static void unmap(input *in)
{
    if (in->map) {
        munmap(in->map, in->map_len);
        in->map = NULL;
    }
}

/** Map the next window; 1 done, 0 mmap refused (fall back to read). */
static int map_next(input *in, const unsigned char **p, size_t *n)
{
    uint64_t off = in->start + in->pos;
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t base = off - off % page; /* mmap offsets are page-aligned */
    uint64_t end = in->start + in->size;
    size_t len = (size_t)(end - base < WINDOW_BYTES ? end - base : WINDOW_BYTES);
    int flags = MAP_SHARED;
#ifdef MAP_POPULATE
    flags |= MAP_POPULATE; /* one call fills the window: no fault per page */
#endif
    void *m = mmap(NULL, len, PROT_READ, flags, in->fd, (off_t)base);
    if (m == MAP_FAILED)
        return 0;
    (void)posix_madvise(m, len, POSIX_MADV_SEQUENTIAL);
    in->map = m;
    in->map_len = len;
    *p = (const unsigned char *)m + (off - base);
    *n = len - (size_t)(off - base);
    return 1;
}

int input_next(input *in, const unsigned char **p, size_t *n)
{
    unmap(in);
    if (in->mappable) {
        if (in->pos >= in->size)
            return 0;
        if (map_next(in, p, n)) {
            in->pos += *n;
            return 1;
        }
        /* fall back to read(2) from where mapping stopped */
        in->mappable = 0;
        if (lseek(in->fd, (off_t)(in->start + in->pos), SEEK_SET) < 0)
            return -1;
    }
    for (;;) {
        ssize_t k = read(in->fd, in->buf, in->buf_size);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return -1;
        if (k == 0)
            return 0;
        in->pos += (uint64_t)k;
        *p = in->buf;
        *n = (size_t)k;
        return 1;
    }
}

void input_close(input *in)
{
    unmap(in);
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
