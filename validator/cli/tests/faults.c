/* SPDX-License-Identifier: MIT */
/*
 * faults.c - a fault-injection library for the CLI tests (LD_PRELOAD), so
 * that the tools' out-of-memory and I/O error paths can be run and their
 * messages and exit statuses checked.
 *
 *   FXT_FAULTS="WHAT:N[:EINTR],..." LD_PRELOAD=libfxt_faults.so fxt-validate ...
 *
 * WHAT:N makes the Nth call (from 1) of WHAT fail:
 *   bigalloc         malloc/calloc/realloc of at least 512 KiB (the tools'
 *                    buffers and the validator's memory; the C library's
 *                    own small allocations are not counted): returns NULL
 *   smallalloc_after every allocation of any size once N big allocations
 *                    were made (0: from the start): returns NULL
 *   alloc8k          malloc/calloc/realloc of at least 8 KiB (the
 *                    validator's own memory, 16 KiB; big ones counted too):
 *                    returns NULL
 *   read pread fstat lseek mmap tmpfile
 *                    returns -1 (MAP_FAILED, NULL) with errno EIO (ENOMEM
 *                    for mmap), or with :EINTR errno EINTR (a retry works)
 *   pthread_create   returns EAGAIN (no thread)
 * Calls the C library makes internally are not seen. Not for sanitizer
 * builds (their allocator comes first) or valgrind.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define BIG ((size_t)512 << 10)

enum {
    F_BIGALLOC, F_SMALL_AFTER, F_READ, F_PREAD, F_FSTAT, F_LSEEK, F_MMAP, F_TMPFILE, F_THREAD,
    F_ALLOC8K, F_N
};
static const char *const k_names[F_N] = {"bigalloc", "smallalloc_after", "read",
                                         "pread",    "fstat",            "lseek",
                                         "mmap",     "tmpfile",          "pthread_create",
                                         "alloc8k"};

static struct {
    int parsed;
    int set[F_N];             /* WHAT was named */
    unsigned long at[F_N];    /* the call that fails */
    int eintr[F_N];
    unsigned long calls[F_N]; /* calls so far */
} g;

static void parse(void)
{
    if (g.parsed)
        return;
    g.parsed = 1;
    const char *s = getenv("FXT_FAULTS");
    while (s && *s) {
        for (int f = 0; f < F_N; f++) {
            size_t n = strlen(k_names[f]);
            if (strncmp(s, k_names[f], n) == 0 && s[n] == ':') {
                g.set[f] = 1;
                g.at[f] = strtoul(s + n + 1, NULL, 10);
                const char *c = strchr(s + n + 1, ':'), *e = strchr(s, ',');
                g.eintr[f] = c && (!e || c < e) && strncmp(c + 1, "EINTR", 5) == 0;
            }
        }
        s = strchr(s, ',');
        if (s)
            s++;
    }
}

/* Whether this call of F fails (and with which errno). */
static int fails(int f, int *err)
{
    parse();
    if (++g.calls[f] != g.at[f] || !g.set[f])
        return 0;
    *err = g.eintr[f] ? EINTR : f == F_MMAP ? ENOMEM : EIO;
    return 1;
}

/* ---- allocation ---- */

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);

static int alloc_fails(size_t n)
{
    parse();
    if (g.set[F_SMALL_AFTER] && g.calls[F_BIGALLOC] >= g.at[F_SMALL_AFTER])
        return 1;
    int e;
    if (n >= ((size_t)8 << 10) && fails(F_ALLOC8K, &e))
        return 1;
    return n >= BIG && fails(F_BIGALLOC, &e);
}

void *malloc(size_t n)
{
    if (alloc_fails(n)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t m)
{
    if (alloc_fails(m && n > (size_t)-1 / m ? (size_t)-1 : n * m)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_calloc(n, m);
}

void *realloc(void *p, size_t n)
{
    if (alloc_fails(n)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_realloc(p, n);
}

/* ---- system calls ---- */

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))
#define FAIL_OR(f, bad, call)                                                                  \
    do {                                                                                       \
        int e_;                                                                                \
        if (fails(f, &e_)) {                                                                   \
            errno = e_;                                                                        \
            return bad;                                                                        \
        }                                                                                      \
        return call;                                                                           \
    } while (0)

ssize_t read(int fd, void *buf, size_t n) { FAIL_OR(F_READ, -1, NEXT(read)(fd, buf, n)); }
ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
    FAIL_OR(F_PREAD, -1, NEXT(pread)(fd, buf, n, off));
}
ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
    FAIL_OR(F_PREAD, -1, NEXT(pread64)(fd, buf, n, off));
}
int fstat(int fd, struct stat *sb) { FAIL_OR(F_FSTAT, -1, NEXT(fstat)(fd, sb)); }
int fstat64(int fd, struct stat64 *sb) { FAIL_OR(F_FSTAT, -1, NEXT(fstat64)(fd, sb)); }
off_t lseek(int fd, off_t off, int whence) { FAIL_OR(F_LSEEK, -1, NEXT(lseek)(fd, off, whence)); }
off64_t lseek64(int fd, off64_t off, int whence)
{
    FAIL_OR(F_LSEEK, -1, NEXT(lseek64)(fd, off, whence));
}
void *mmap(void *a, size_t n, int prot, int flags, int fd, off_t off)
{
    FAIL_OR(F_MMAP, MAP_FAILED, NEXT(mmap)(a, n, prot, flags, fd, off));
}
void *mmap64(void *a, size_t n, int prot, int flags, int fd, off64_t off)
{
    FAIL_OR(F_MMAP, MAP_FAILED, NEXT(mmap64)(a, n, prot, flags, fd, off));
}
FILE *tmpfile(void) { FAIL_OR(F_TMPFILE, NULL, NEXT(tmpfile)()); }
FILE *tmpfile64(void) { FAIL_OR(F_TMPFILE, NULL, NEXT(tmpfile64)()); }
int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
    FAIL_OR(F_THREAD, EAGAIN, NEXT(pthread_create)(t, a, fn, arg));
}
