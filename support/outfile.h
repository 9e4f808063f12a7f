/* SPDX-License-Identifier: MIT */
/*
 * outfile.h - writing a file named on the command line without ever
 * destroying what was there (tool support, not library). Every tool that
 * writes a file it was given uses this one module.
 *
 *   "-"            standard output, written as it is.
 *   a regular file, or a name that does not exist yet (also through
 *                  symlinks, which stay in place: the file they lead to is
 *                  replaced): written to a temporary file beside it
 *                  (".NAME.XXXXXX"), renamed over it only when everything
 *                  was written and closed. On any failure, or when the
 *                  caller gives up, the temporary file is removed and the
 *                  old file is untouched. A new file gets 0666 minus the
 *                  umask; a replaced one keeps its permission bits (and
 *                  owner, where allowed). A replaced file with several hard
 *                  links is replaced under this name only.
 *   anything else  (a character or block device, a FIFO, a socket, a
 *                  symlink to one, /dev/stdout, /proc/self/fd/N): opened
 *                  for writing as it is (no O_TRUNC unless it leads to a
 *                  regular file) and never removed, renamed or truncated.
 *                  Opening a FIFO waits for a reader, as for any writer.
 *
 * SIGPIPE is ignored from the first outfile_open on, so a closed pipe is a
 * write error (EPIPE) reported like any other, not a silent death. While a
 * temporary file exists, SIGINT, SIGTERM and SIGHUP (when not ignored)
 * remove it before the process dies of the signal.
 */
#ifndef FXT_OUTFILE_H
#define FXT_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

/** How an outfile is written. */
typedef enum outfile_kind {
    OUTFILE_STDOUT,  /**< "-": standard output */
    OUTFILE_REPLACE, /**< a regular file, replaced by rename when complete */
    OUTFILE_AS_IS    /**< a device, FIFO, socket or /proc fd link: written in place */
} outfile_kind;

/** An output being written. Fields are read-only for callers, but for f. */
typedef struct outfile {
    FILE *f;           /**< write here (any stdio call) */
    const char *name;  /**< the name as given, for messages */
    outfile_kind kind; /**< how it is written */
    int err;           /**< first errno seen by outfile_write, or 0 */
    int existed;       /**< OUTFILE_REPLACE: a file of that name was there */
    char *tmp;         /**< OUTFILE_REPLACE: the temporary file (ours) */
    char *dest;        /**< OUTFILE_REPLACE: the name it is renamed to */
} outfile;

/** Open PATH ("-" = standard output) for writing as described above.
 *  Returns 0, or -1 with "cannot write PATH: reason" in ERR (a directory, a
 *  missing or non-directory parent folder, permission denied, ...); nothing
 *  is printed, nothing is left on disk. */
int outfile_open(outfile *o, const char *path, char *err, size_t errlen);

/** fwrite N bytes of D to O->f, remembering the errno of the first failure
 *  for the message; returns the bytes written (N on success). */
size_t outfile_write(outfile *o, const void *d, size_t n);

/** Finish O: flush and close it and, for a regular file, rename the
 *  temporary file into place. Returns 0, or -1 with "cannot write PATH:
 *  reason" in ERR, after which the old file is untouched and the temporary
 *  file removed (a device or pipe keeps what was written). O is released
 *  either way. */
int outfile_close(outfile *o, char *err, size_t errlen);

/** Give up on O (the content is incomplete): close it and remove the
 *  temporary file; the old file, a device or standard output is left as it
 *  is. O is released. */
void outfile_discard(outfile *o);

#endif
