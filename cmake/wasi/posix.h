/* SPDX-License-Identifier: MIT */
/*
 * POSIX calls wasi-libc leaves out, declared for every file of the
 * WebAssembly build (cmake/wasm32-wasi.cmake includes this first) and
 * defined in cmake/wasi/compat.c. WASI preview 1 has no users, modes,
 * symbolic-link resolution to absolute paths or pipes: support/outfile.c's
 * temporary file next to its destination needs mkstemp; the rest answer as
 * a system without those would.
 */
#ifndef FXT_WASI_POSIX_H
#define FXT_WASI_POSIX_H

#include <sys/types.h>

int mkstemp(char *tmpl);                                /* open(O_CREAT|O_EXCL), random name */
char *realpath(const char *restrict p, char *restrict r); /* NULL, ENOSYS: the name is used as given */
int fchown(int fd, uid_t u, gid_t g);                   /* 0: no owners */
int fchmod(int fd, mode_t m);                           /* 0: no modes */
mode_t umask(mode_t m);                                 /* 022 */
uid_t geteuid(void);                                    /* 0 */
gid_t getegid(void);                                    /* 0 */
int pipe2(int fds[2], int flags);                       /* -1, ENOSYS: no pipes (input.c reads in turn) */

#endif
