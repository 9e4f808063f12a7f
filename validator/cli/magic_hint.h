/* SPDX-License-Identifier: MIT */
/*
 * magic_hint.h - the "does not look like FXT" hint that fxt-validate and
 * fxt-dump print: whether the first word carries the magic number field in
 * either byte order (then the issues about the magic record say what is
 * wrong, and no hint is needed).
 */
#ifndef FXT_CLI_MAGIC_HINT_H
#define FXT_CLI_MAGIC_HINT_H

#include <stddef.h>

#include "fxt/format.h"
#include "fxt/word.h"

/** Whether the first word H (N bytes) carries the magic number in either
 *  byte order. */
static inline int has_magic_number(const unsigned char *h, size_t n)
{
    if (n < 8)
        return 0;
    uint64_t le = fxt_load_le64(h), be = fxt_bswap64(le);
    return FXT_GET(le, FXT_MAGIC_VALUE_FIELD) == FXT_MAGIC_NUMBER ||
           FXT_GET(be, FXT_MAGIC_VALUE_FIELD) == FXT_MAGIC_NUMBER;
}

#endif /* FXT_CLI_MAGIC_HINT_H */
