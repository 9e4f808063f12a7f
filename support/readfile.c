/* SPDX-License-Identifier: MIT */
/* readfile.c - whole-file reading for the tools (readfile.h). */
#include "readfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "growbuf.h"

#define CHUNK ((size_t)1 << 16)

int read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory", path);
        if (!is_stdin)
            fclose(f);
        return -1;
    }
    growbuf b = {0};
    const char *why = NULL;
    for (;;) {
        if (growbuf_reserve(&b, CHUNK) != 0) {
            why = "out of memory";
            break;
        }
        size_t n = fread(b.data + b.len, 1, b.cap - b.len, f);
        b.len += n;
        if (n == 0 || b.len < b.cap) {
            if (ferror(f))
                why = "read error";
            else if (!feof(f))
                continue;
            break;
        }
    }
    if (!is_stdin)
        fclose(f);
    if (why != NULL) {
        snprintf(err, errlen, "%s: %s", path, why);
        growbuf_free(&b);
        return -1;
    }
    *data = b.data;
    *len = b.len;
    return 0;
}
