/* SPDX-License-Identifier: MIT */
/* readfile.h - read a whole file, or standard input, into memory (tool
 * support, not library). One copy for the whole tree. */
#ifndef FXT_READFILE_H
#define FXT_READFILE_H

#include <stddef.h>
#include <stdint.h>

/** Read PATH ("-" = standard input) into malloc'd *DATA (non-NULL, also for
 *  an empty file) and *LEN. Returns 0, or -1 with a message of the form
 *  "PATH: reason" in ERR (no such file, a directory, read error, out of
 *  memory); nothing is printed. */
int read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen);

#endif
