/* SPDX-License-Identifier: MIT */
/*
 * naive_reader_file.c - a trace file in memory of exactly its size, for the
 * naive reader's program and its standalone fuzz driver (reading past the
 * bytes is then caught by ASan, as with libFuzzer's copy of an input). The
 * file is read with the tree's one file reader (support/readfile.h).
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "naive_reader.h"
#include "readfile.h"

int nr_load_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen)
{
    uint8_t *b;
    size_t n;
    if (read_file(path, &b, &n, err, errlen) != 0)
        return -1;
    uint8_t *exact = malloc(n ? n : 1);
    if (exact == NULL) {
        snprintf(err, errlen, "%s: out of memory", path);
        free(b);
        return -1;
    }
    memcpy(exact, b, n);
    free(b);
    *data = exact;
    *len = n;
    return 0;
}
