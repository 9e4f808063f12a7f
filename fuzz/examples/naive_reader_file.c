/*
 * naive_reader_file.c - a trace file in memory of exactly its size, for the
 * naive reader's program and its standalone fuzz driver (reading past the
 * bytes is then caught by ASan, as with libFuzzer's copy of an input).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "naive_reader.h"

int nr_load_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *b = malloc(cap);
    while (b != NULL) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *nb = realloc(b, cap *= 2);
        if (nb == NULL)
            free(b);
        b = nb;
    }
    int bad = b == NULL || ferror(f);
    fclose(f);
    /* exactly the file's bytes, so that reading past them is caught */
    uint8_t *exact = bad ? NULL : malloc(n ? n : 1);
    if (exact == NULL) {
        snprintf(err, errlen, "%s: %s", path, bad ? "read error" : "out of memory");
        free(b);
        return -1;
    }
    memcpy(exact, b, n);
    free(b);
    *data = exact;
    *len = n;
    return 0;
}
