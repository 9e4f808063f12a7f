/* SPDX-License-Identifier: MIT */
/*
 * reader_fuzz.c - the fuzz harness of a small FXT reader that is not
 * fxtkit's, as fuzz/README.md's reader author writes it: an
 * LLVMFuzzerTestOneInput that walks the records (header word: type in bits
 * 0-3, size in words in bits 4-15) and looks into a few record types. Built
 * against the installed fuzzing kit by tests/install/test_fuzz_kit.sh, with
 * libFuzzer (clang -fsanitize=fuzzer) and with AFL++ (afl-clang-fast).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static uint64_t word_at(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w; /* little-endian hosts only: a test reader */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t off = 0;
    unsigned seen[16] = {0};
    while (size - off >= 8) {
        uint64_t h = word_at(data + off);
        unsigned type = (unsigned)(h & 0xf);
        size_t words = (size_t)((h >> 4) & 0xfff);
        if (words == 0 || words > (size - off) / 8)
            break; /* a reader rejects a record that does not fit */
        seen[type]++;
        switch (type) {
        case 0: /* metadata: the kind in bits 16-19 */
            if (((h >> 16) & 0xf) == 4 && words >= 1)
                seen[0] += 2; /* magic number record */
            break;
        case 2: /* string record: its length must fit the record */
            if (((h >> 32) & 0x7fff) > (words - 1) * 8)
                return 0;
            break;
        case 4: /* event: the event type in bits 16-19 */
            if (((h >> 16) & 0xf) > 11)
                return 0;
            break;
        default:
            break;
        }
        off += words * 8;
    }
    return seen[4] > 100000 ? -1 : 0; /* -1: keep out of the corpus */
}
