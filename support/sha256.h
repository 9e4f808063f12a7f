/* SPDX-License-Identifier: MIT */
/* sha256.h - SHA-256 (FIPS 180-4) for the golden corpus manifest (tool
 * support, not library). Portable C11, byte-order independent. */
#ifndef FXT_SHA256_H
#define FXT_SHA256_H

#include <stddef.h>
#include <stdint.h>

/** Running SHA-256 state. */
typedef struct sha256_ctx {
    uint32_t h[8];     /**< chaining value */
    uint64_t bytes;    /**< message bytes so far */
    uint8_t block[64]; /**< partial block */
    size_t fill;       /**< bytes in block */
} sha256_ctx;

/** Start a new digest. */
void sha256_init(sha256_ctx *c);
/** Add LEN bytes of DATA. */
void sha256_update(sha256_ctx *c, const void *data, size_t len);
/** Finish: write the 32-byte digest to OUT. */
void sha256_final(sha256_ctx *c, uint8_t out[32]);
/** Digest of DATA[0..len) as 64 lowercase hex digits plus NUL into HEX. */
void sha256_hex(const void *data, size_t len, char hex[65]);

#endif
