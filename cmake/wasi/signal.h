/* SPDX-License-Identifier: MIT */
/*
 * signal.h for wasm32-wasi (cmake/wasm32-wasi.cmake): WASI preview 1 has no
 * signals, and wasi-libc's header refuses to be included without its
 * emulation. Nothing can interrupt a write or kill the module half-way, so
 * what support/outfile.c asks for (block SIGINT/SIGTERM/SIGHUP while it
 * creates or renames its temporary file, remove that file from a handler,
 * ignore SIGPIPE) has nothing to do here: these are the POSIX calls as
 * no-ops that succeed.
 */
#ifndef FXT_WASI_SIGNAL_H
#define FXT_WASI_SIGNAL_H

#include <string.h>

typedef unsigned long sigset_t;
struct sigaction {
    void (*sa_handler)(int);
    sigset_t sa_mask;
    int sa_flags;
};
#define SIG_DFL ((void (*)(int))0)
#define SIG_IGN ((void (*)(int))1)
#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2
#define SA_RESETHAND 0x80000000
#define SIGHUP 1
#define SIGINT 2
#define SIGPIPE 13
#define SIGTERM 15

static inline int sigemptyset(sigset_t *s) { *s = 0; return 0; }
static inline int sigaddset(sigset_t *s, int n) { *s |= 1ul << n; return 0; }
static inline int sigprocmask(int h, const sigset_t *s, sigset_t *old)
{
    (void)h, (void)s;
    if (old)
        *old = 0;
    return 0;
}
static inline int sigaction(int n, const struct sigaction *sa, struct sigaction *old)
{
    (void)n, (void)sa;
    if (old)
        memset(old, 0, sizeof *old); /* SIG_DFL */
    return 0;
}
static inline int raise(int n) { (void)n; return 0; }

#endif
