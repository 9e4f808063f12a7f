/* SPDX-License-Identifier: MIT */
/* growbuf.h - a growable byte buffer for the tools and tests (tool support,
 * not library: it allocates as it goes). One copy for the whole tree. */
#ifndef FXT_GROWBUF_H
#define FXT_GROWBUF_H

#include <stddef.h>
#include <stdint.h>

/** Bytes in malloc'd memory; start from {0} (empty, nothing allocated). */
typedef struct growbuf {
    uint8_t *data; /**< the bytes (NULL while nothing was ever added) */
    size_t len;    /**< bytes in use */
    size_t cap;    /**< bytes allocated */
} growbuf;

/** Make room for MORE bytes past len (capacity doubles from 64 KiB);
 *  0, or -1 when out of memory (the buffer is unchanged). */
int growbuf_reserve(growbuf *b, size_t more);

/** Append LEN bytes of DATA; 0, or -1 when out of memory (unchanged). */
int growbuf_append(growbuf *b, const void *data, size_t len);

/** growbuf_append as a write callback (fxt_gen_write_fn): CTX is the
 *  growbuf; returns 0, or 1 when out of memory. */
int growbuf_write(void *ctx, const void *data, size_t len);

/** Free the bytes and make the buffer empty again. */
void growbuf_free(growbuf *b);

#endif
