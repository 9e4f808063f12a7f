/* SPDX-License-Identifier: MIT */
/*
 * What wasi-libc lacks for the tools (cmake/wasm32-wasi.cmake).
 *
 * tmpfile() for wasm32-wasi, which has no temporary directory of its own:
 * a new file in the directory the host maps at /tmp (node/fxt-validate.js
 * maps the system's temporary directory there; the page's runtime keeps it
 * in memory), removed at once so that nothing is left behind.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

FILE *tmpfile(void)
{
    for (int attempt = 0; attempt < 16; attempt++) {
        unsigned char r[8];
        if (getentropy(r, sizeof r) != 0)
            return NULL;
        char name[40];
        snprintf(name, sizeof name, "/tmp/fxtkit-%02x%02x%02x%02x%02x%02x%02x%02x", r[0], r[1], r[2],
                 r[3], r[4], r[5], r[6], r[7]);
        int fd = open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd < 0) {
            if (errno == EEXIST)
                continue;
            return NULL;
        }
        (void)unlink(name); /* where the host cannot remove an open file, fclose leaves it */
        FILE *f = fdopen(fd, "w+b");
        if (!f)
            close(fd);
        return f;
    }
    errno = EEXIST;
    return NULL;
}

/* wasi-libc's mmap emulation reads the window at once: no advice to take. */
int posix_madvise(void *addr, size_t len, int advice)
{
    (void)addr, (void)len, (void)advice;
    return 0;
}

/* WASI has no working directory: wasi-libc resolves relative paths against
 * its own, "/" at start. A host that maps its file system at "/" names its
 * working directory in FXTKIT_WASI_CWD (npm/lib/cli.js), so that relative
 * paths mean what they mean to the native tool. */
__attribute__((constructor)) static void enter_host_cwd(void)
{
    const char *cwd = getenv("FXTKIT_WASI_CWD");
    if (cwd && *cwd)
        (void)chdir(cwd);
}

/* ---- what cmake/wasi/posix.h declares ---- */

int mkstemp(char *tmpl)
{
    size_t n = strlen(tmpl);
    if (n < 6 || strcmp(tmpl + n - 6, "XXXXXX") != 0) {
        errno = EINVAL;
        return -1;
    }
    static const char k_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (int attempt = 0; attempt < 64; attempt++) {
        unsigned char r[6];
        if (getentropy(r, sizeof r) != 0)
            return -1;
        for (int i = 0; i < 6; i++)
            tmpl[n - 6 + i] = k_chars[r[i] % (sizeof k_chars - 1)];
        int fd = open(tmpl, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

char *realpath(const char *restrict p, char *restrict r)
{
    (void)p, (void)r;
    errno = ENOSYS;
    return NULL;
}

int fchown(int fd, uid_t u, gid_t g) { (void)fd, (void)u, (void)g; return 0; }
int fchmod(int fd, mode_t m) { (void)fd, (void)m; return 0; }
mode_t umask(mode_t m) { (void)m; return 022; }
uid_t geteuid(void) { return 0; }
gid_t getegid(void) { return 0; }

int pipe2(int fds[2], int flags)
{
    (void)fds, (void)flags;
    errno = ENOSYS;
    return -1;
}
