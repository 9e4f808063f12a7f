/* SPDX-License-Identifier: MIT */
/* outfile.c - outputs that never destroy (outfile.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* realpath */
#endif
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- temporary files removed on a fatal signal ---- */

#define MAX_LIVE 8
static char *volatile g_live[MAX_LIVE];
static int g_handlers_set;

static void on_fatal(int sig)
{
    for (int i = 0; i < MAX_LIVE; i++) {
        char *p = g_live[i];
        if (p != NULL)
            unlink(p);
    }
    /* SA_RESETHAND restored the default: the signal, blocked while we run,
     * kills the process as soon as we return */
    raise(sig);
}

static const int k_fatal[] = {SIGINT, SIGTERM, SIGHUP};

static void block_fatal(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (size_t i = 0; i < sizeof k_fatal / sizeof *k_fatal; i++)
        sigaddset(&s, k_fatal[i]);
    sigprocmask(SIG_BLOCK, &s, old);
}

static void live_add(char *p)
{
    if (!g_handlers_set) {
        g_handlers_set = 1;
        for (size_t i = 0; i < sizeof k_fatal / sizeof *k_fatal; i++) {
            struct sigaction old, sa;
            /* a signal the parent ignores (nohup) stays ignored */
            if (sigaction(k_fatal[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
                continue;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_fatal;
            sa.sa_flags = SA_RESETHAND;
            sigemptyset(&sa.sa_mask);
            sigaction(k_fatal[i], &sa, NULL);
        }
    }
    for (int i = 0; i < MAX_LIVE; i++)
        if (g_live[i] == NULL) {
            g_live[i] = p;
            return;
        }
}

static void live_del(const char *p)
{
    for (int i = 0; i < MAX_LIVE; i++)
        if (g_live[i] == p)
            g_live[i] = NULL;
}

/* Removes our temporary file (signals blocked: no handler sees it half-gone). */
static void remove_tmp(outfile *o)
{
    sigset_t old;
    block_fatal(&old);
    unlink(o->tmp);
    live_del(o->tmp);
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ---- names ---- */

static int fail(char *err, size_t errlen, const char *name, const char *why)
{
    snprintf(err, errlen, "cannot write %s: %s", name, why);
    return -1;
}

/* The folder part of P ("." when there is none). */
static char *dir_of(const char *p)
{
    const char *s = strrchr(p, '/');
    if (s == NULL)
        return strdup(".");
    size_t n = s == p ? 1 : (size_t)(s - p);
    char *d = malloc(n + 1);
    if (d != NULL) {
        memcpy(d, p, n);
        d[n] = '\0';
    }
    return d;
}

static const char *base_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* DIR/A, or with TMP the temporary name DIR/.A.XXXXXX (A cut to fit
 * NAME_MAX). */
static char *join(const char *dir, const char *a, int tmp)
{
    size_t la = strlen(a), n;
    if (tmp && la > 200)
        la = 200;
    n = strlen(dir) + la + 10;
    char *p = malloc(n);
    if (p != NULL)
        snprintf(p, n, tmp ? "%s/.%.*s.XXXXXX" : "%s/%.*s", dir, (int)la, a);
    return p;
}

/* Whether folder DIR is inside /proc: its symlinks (/proc/self/fd/N, which
 * /dev/stdout and /dev/fd/N lead to) name open files, not paths. */
static int in_proc(const char *dir)
{
    char *r = realpath(dir, NULL);
    if (r == NULL)
        return 0;
    int yes = strncmp(r, "/proc/", 6) == 0 || strcmp(r, "/proc") == 0;
    free(r);
    return yes;
}

static char *read_link(const char *p)
{
    for (size_t cap = 256; cap <= ((size_t)1 << 20); cap *= 2) {
        char *t = malloc(cap);
        if (t == NULL)
            return NULL;
        ssize_t n = readlink(p, t, cap);
        if (n < 0) {
            free(t);
            return NULL;
        }
        if ((size_t)n < cap) {
            t[n] = '\0';
            return t;
        }
        free(t);
    }
    errno = ENAMETOOLONG;
    return NULL;
}

/* Follows the symlinks of PATH to the name that is not one (which may not
 * exist yet) in *DEST. *MAGIC: a link in /proc was met (an open file, not a
 * path). 0 or an errno. */
static int resolve(const char *path, char **dest, int *magic)
{
    char *cur = strdup(path);
    *magic = 0;
    if (cur == NULL)
        return ENOMEM;
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0) {
            if (errno == ENOENT)
                break;
            int e = errno;
            free(cur);
            return e;
        }
        if (!S_ISLNK(st.st_mode))
            break;
        char *dir = dir_of(cur), *t = NULL, *next = NULL;
        int e = 0;
        if (hops == 40)
            e = ELOOP;
        else if (dir == NULL)
            e = ENOMEM;
        else if (in_proc(dir))
            *magic = 1;
        else if ((t = read_link(cur)) == NULL)
            e = errno;
        else if ((next = t[0] == '/' ? strdup(t) : join(dir, t, 0)) == NULL)
            e = ENOMEM;
        free(dir);
        free(t);
        if (e != 0 || *magic) {
            free(next);
            if (e != 0) {
                free(cur);
                return e;
            }
            break;
        }
        free(cur);
        cur = next;
    }
    *dest = cur;
    return 0;
}

/* ---- opening ---- */

static void ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

/* A device, FIFO, socket or /proc fd link: written in place. REGULAR: it
 * leads to a regular file, which is truncated as a shell's > would. */
static int open_as_is(outfile *o, const char *path, int regular, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (regular ? O_TRUNC : 0));
    if (fd < 0)
        return fail(err, errlen, path, strerror(errno));
    o->f = fdopen(fd, "wb");
    if (o->f == NULL) {
        int e = errno;
        close(fd);
        return fail(err, errlen, path, strerror(e));
    }
    o->kind = OUTFILE_AS_IS;
    return 0;
}

/* A regular file (OLD: its stat) or a new name: a temporary file beside DEST. */
static int open_replace(outfile *o, char *dest, const struct stat *old, char *err,
                        size_t errlen)
{
    const char *name = o->name;
    char why[600];
    char *dir = dir_of(dest), *tmp = NULL;
    struct stat ds;
    int fd = -1;
    why[0] = '\0';
    int dir_err = dir != NULL && stat(dir, &ds) != 0 ? errno : 0;
    if (dir == NULL || (tmp = join(dir, base_of(dest), 1)) == NULL)
        snprintf(why, sizeof why, "%s", strerror(ENOMEM));
    else if (base_of(dest)[0] == '\0')
        snprintf(why, sizeof why, "a file name cannot end in '/'");
    else if (dir_err == ENOENT)
        snprintf(why, sizeof why, "the directory %s does not exist", dir);
    else if (dir_err != 0)
        snprintf(why, sizeof why, "%s: %s", dir, strerror(dir_err));
    else if (!S_ISDIR(ds.st_mode))
        snprintf(why, sizeof why, "%s is not a directory", dir);
    else if (old != NULL && access(dest, W_OK) != 0)
        snprintf(why, sizeof why, "%s", strerror(errno));
    if (why[0] == '\0') {
        sigset_t mask;
        block_fatal(&mask);
        fd = mkstemp(tmp);
        int e = errno;
        if (fd >= 0)
            live_add(tmp);
        sigprocmask(SIG_SETMASK, &mask, NULL);
        if (fd < 0)
            snprintf(why, sizeof why, "%s (cannot create a file in %s)", strerror(e), dir);
    }
    free(dir);
    if (why[0] != '\0') {
        free(tmp);
        free(dest);
        return fail(err, errlen, name, why);
    }
    o->kind = OUTFILE_REPLACE;
    o->tmp = tmp;
    o->dest = dest;
    o->existed = old != NULL;
    mode_t mode;
    if (old != NULL) {
        mode = old->st_mode & 07777;
        /* as root, keep the owner (a user's file stays theirs) */
        if ((old->st_uid != geteuid() || old->st_gid != getegid()) &&
            fchown(fd, old->st_uid, old->st_gid) != 0) {
            /* not allowed: the file becomes ours, as any new file would */
        }
    } else {
        mode_t um = umask(0);
        umask(um);
        mode = 0666 & ~um;
    }
    int e = 0;
    if (fchmod(fd, mode) != 0)
        e = errno;
    else if ((o->f = fdopen(fd, "wb")) == NULL)
        e = errno;
    if (e != 0) {
        close(fd);
        remove_tmp(o);
        free(o->tmp);
        free(o->dest);
        o->tmp = o->dest = NULL;
        return fail(err, errlen, name, strerror(e));
    }
    return 0;
}

int outfile_open(outfile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->name = path;
    ignore_sigpipe();
    if (strcmp(path, "-") == 0) {
        o->kind = OUTFILE_STDOUT;
        o->f = stdout;
        return 0;
    }
    if (path[0] == '\0')
        return fail(err, errlen, "''", "the file name is empty");
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return fail(err, errlen, path, strerror(errno));
    if (exists && S_ISDIR(st.st_mode))
        return fail(err, errlen, path, "it is a directory");
    if (exists && !S_ISREG(st.st_mode))
        return open_as_is(o, path, 0, err, errlen);
    char *dest = NULL;
    int magic = 0, e = resolve(path, &dest, &magic);
    if (e != 0)
        return fail(err, errlen, path, strerror(e));
    if (magic) {
        free(dest);
        if (!exists)
            return fail(err, errlen, path, strerror(ENOENT));
        return open_as_is(o, path, 1, err, errlen);
    }
    struct stat ds;
    if (exists && (stat(dest, &ds) != 0 || ds.st_dev != st.st_dev || ds.st_ino != st.st_ino)) {
        /* the links changed under us: write where PATH leads, as it is */
        free(dest);
        return open_as_is(o, path, 1, err, errlen);
    }
    return open_replace(o, dest, exists ? &st : NULL, err, errlen);
}

size_t outfile_write(outfile *o, const void *d, size_t n)
{
    errno = 0;
    size_t w = fwrite(d, 1, n, o->f);
    if (w != n && o->err == 0)
        o->err = errno ? errno : EIO;
    return w;
}

static void release(outfile *o)
{
    free(o->tmp);
    free(o->dest);
    o->tmp = o->dest = NULL;
    o->f = NULL;
}

int outfile_close(outfile *o, char *err, size_t errlen)
{
    int e = o->err, bad = o->err != 0;
    errno = 0;
    if (fflush(o->f) != 0) {
        bad = 1;
        if (e == 0)
            e = errno;
    }
    bad |= ferror(o->f) != 0;
    if (o->kind != OUTFILE_STDOUT) {
        errno = 0;
        if (fclose(o->f) != 0) {
            bad = 1;
            if (e == 0)
                e = errno;
        }
    }
    o->f = NULL;
    if (!bad && o->kind == OUTFILE_REPLACE) {
        sigset_t mask;
        block_fatal(&mask);
        if (rename(o->tmp, o->dest) != 0)
            bad = 1, e = errno;
        else
            live_del(o->tmp);
        sigprocmask(SIG_SETMASK, &mask, NULL);
    }
    if (bad) {
        char why[300];
        snprintf(why, sizeof why, "%s%s", e ? strerror(e) : "write error",
                 o->kind != OUTFILE_REPLACE ? ""
                 : o->existed               ? " (the old file is unchanged)"
                                            : " (no file was created)");
        if (o->kind == OUTFILE_REPLACE)
            remove_tmp(o);
        fail(err, errlen, o->kind == OUTFILE_STDOUT ? "standard output" : o->name, why);
    }
    release(o);
    return bad ? -1 : 0;
}

void outfile_discard(outfile *o)
{
    if (o->f == NULL)
        return;
    if (o->kind == OUTFILE_STDOUT)
        fflush(o->f);
    else
        fclose(o->f);
    if (o->kind == OUTFILE_REPLACE)
        remove_tmp(o);
    release(o);
}
