/* SPDX-License-Identifier: MIT */
/* growbuf.c - the tools' growable byte buffer (growbuf.h). */
#include "growbuf.h"

#include <stdlib.h>
#include <string.h>

int growbuf_reserve(growbuf *b, size_t more)
{
    if (more <= b->cap - b->len)
        return 0;
    if (more > SIZE_MAX - b->len)
        return -1;
    size_t need = b->len + more, cap = b->cap ? b->cap : (size_t)1 << 16;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    uint8_t *n = realloc(b->data, cap);
    if (n == NULL)
        return -1;
    b->data = n;
    b->cap = cap;
    return 0;
}

int growbuf_append(growbuf *b, const void *data, size_t len)
{
    if (len == 0)
        return 0;
    if (growbuf_reserve(b, len) != 0)
        return -1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

int growbuf_write(void *ctx, const void *data, size_t len)
{
    return growbuf_append(ctx, data, len) != 0;
}

void growbuf_free(growbuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
