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
