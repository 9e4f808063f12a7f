/* SPDX-License-Identifier: MIT */
/*
 * fuzz_chunks - streaming equivalence: the validator fed in chunks of
 * input-derived sizes (down to 1 byte, and empty feeds) must report exactly
 * what one whole-buffer feed reports: the same issue list (rule, severity,
 * record offset, record index, field offset, record type, message), the
 * same stats and providers, and the same record models to the visitor.
 * Any difference aborts.
 *
 * The whole input is the trace (so the structure-aware mutator's outputs
 * are used as they are); the chunk schedule comes from a PRNG seeded with a
 * hash of the input, in one of several modes: all 1-byte chunks, small
 * random sizes, sizes around multiples of 8, large chunks, or a mix.
 *
 * Each chunk is fed from its own heap copy, freed right after the feed, so
 * a validator that kept a pointer into an earlier chunk (or handed one to
 * the visitor) is caught by AddressSanitizer as a use after free.
 *
 * One run in 16 ("big mode") first splices a synthetic large blob record of
 * about 1 MiB into the input (payload size, format, padding bytes, appended
 * words, size-field slips and truncation chosen from the input's hash):
 * records larger than the validator's internal buffer are streamed, a path
 * that fuzz-sized inputs could never reach otherwise.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fxt/format.h"
#include "fxt/layout.h"
#include "fxt/word.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static size_t chunk_size(uint64_t *s, unsigned mode, size_t left)
{
    size_t n;
    if (mode == 4)
        mode = (unsigned)(next(s) % 4);
    switch (mode) {
    case 0:
        n = 1;
        break;
    case 1:
        n = 1 + (size_t)(next(s) % 16);
        break;
    case 2: {
        size_t k = 1 + (size_t)(next(s) % 8);
        n = 8 * k + (size_t)(next(s) % 3) - 1; /* 8k-1, 8k, 8k+1 */
        break;
    }
    case 3:
        n = 1 + (size_t)(next(s) % (left > 1 ? left : 1));
        break;
    default:
        n = next(s) % 8 == 0 ? 1 + (size_t)(next(s) % 16) : 1 + (size_t)(next(s) % 131072);
        break;
    }
    if (next(s) % 50 == 0)
        n = 0; /* an empty feed */
    return n < left ? n : left;
}

static void put(uint8_t *p, uint64_t w, int be) { fxt_store_word(p, w, be); }

/* DATA with a ~1 MiB large blob record spliced in at a record boundary. */
static uint8_t *build_big(const uint8_t *data, size_t size, uint64_t h, size_t *out_len)
{
    uint64_t s = h ^ 0xb16b16b16ull;
    /* framed as the validator frames the revisions with large records */
    const fxt_layout *l = fxt_layout_get(FXT_REV_CURRENT);
    int be = size >= 8 && fxt_trace_is_big_endian(l, data);
    /* a record boundary: walk the headers a few records in */
    size_t at = 0, steps = (size_t)(next(&s) % 6);
    for (size_t k = 0; k < steps && at + 8 <= size; k++) {
        uint64_t len = fxt_record_bytes(l, fxt_load_word(data + at, be));
        if (len == 0 || len > size - at)
            break;
        at += (size_t)len;
    }
    unsigned fmt = next(&s) % 16 == 0 ? 2 : (unsigned)(next(&s) % 2);
    uint64_t payload, extra = 0;
    switch (next(&s) % 4) {
    case 0: /* payload ends around the buffer boundary */
        payload = FZ_STREAM_LIMIT - 96 + next(&s) % 192;
        break;
    case 1: /* small payload, long run of appended words */
        payload = next(&s) % 64;
        extra = FZ_STREAM_LIMIT / 8 + next(&s) % 64;
        break;
    default:
        payload = FZ_STREAM_LIMIT + next(&s) % 65536;
        break;
    }
    if (next(&s) % 4 == 0)
        extra += 1 + next(&s) % 3;
    uint64_t head = fmt == 0 ? 6 : 3; /* header, format word, [ts, pid, tid], size word */
    uint64_t words = head + (payload + 7) / 8 + extra;
    uint64_t field = words;
    if (next(&s) % 8 == 0)
        field = words + (next(&s) % 3) - 1; /* size field slips by -1..+1 */
    size_t rec = (size_t)words * 8, n = size + rec;
    uint8_t *b = malloc(n);
    FZ_CHECK(b != NULL, "out of memory");
    memcpy(b, data, at);
    uint8_t *r = b + at;
    memset(r, 0, rec);
    uint64_t hd = FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE);
    hd = FXT_SET(hd, FXT_LREC_SIZE, field); /* truncated to the field's 32 bits */
    hd = FXT_SET(hd, FXT_LREC_TYPE, FXT_LT_BLOB);
    put(r, FXT_SET(hd, FXT_LBLOB_FORMAT, fmt), be);
    put(r + 8, 0, be); /* empty category and name; format 0: no args, inline thread */
    size_t pos = 16;
    if (fmt == 0) {
        put(r + 16, 1000000 + h % 1000, be);
        put(r + 24, 1000, be);
        put(r + 32, 5000, be);
        pos = 40;
    }
    put(r + pos, payload, be);
    pos += 8;
    for (uint64_t i = 0; i < payload; i++)
        r[pos + i] = size ? data[i % size] : (uint8_t)i;
    if (payload % 8 && next(&s) % 3 == 0) /* a non-zero padding byte */
        r[pos + payload + next(&s) % (8 - payload % 8)] = (uint8_t)(1 + next(&s) % 255);
    if (extra && next(&s) % 2)
        r[rec - 1 - next(&s) % 8] = 0x5a; /* appended words need not be zero */
    memcpy(r + rec, data + at, size - at);
    if (next(&s) % 4 == 0) /* truncated inside the big record */
        n = at + (size_t)(next(&s) % rec);
    *out_len = n;
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t k_nothing[1] = {0};
    uint64_t h = fz_hash(data, size);
    fxt_options base = fz_options(data, size);
    uint8_t *big = NULL;
    int big_mode = (h >> 52) % 16 == 0;
    if (big_mode) {
        big = build_big(data, size, h, &size);
        data = big;
    }

    /* whole buffer */
    fxt_options oa = base;
    fz_run a;
    fz_run_init(&a, data, size, &oa);
    fxt_validator *va = fz_validator_new(&oa, 0);
    FZ_CHECK(va != NULL, "fxt_validator_new failed");
    a.fed = size;
    fxt_validator_feed(va, data, size);
    a.finishing = 1;
    fxt_validator_finish(va);
    fz_run_check(&a, va);

    /* chunks */
    fxt_options ob = base;
    fz_run b;
    fz_run_init(&b, data, size, &ob);
    fxt_validator *vb = fz_validator_new(&ob, 1);
    FZ_CHECK(vb != NULL, "fxt_validator_new failed");
    uint64_t s = h;
    unsigned mode = (unsigned)((h >> 40) % 5);
    if (mode == 0 && size > 4096)
        mode = 1; /* keep 1-byte feeding to small inputs: it is slow */
    if (big_mode)
        mode = 5; /* mostly big chunks, some tiny ones */
    size_t at = 0;
    while (at < size) {
        size_t n = chunk_size(&s, mode, size - at);
        if (n == 0) {
            fxt_validator_feed(vb, k_nothing, 0);
            continue;
        }
        uint8_t *c = malloc(n);
        FZ_CHECK(c != NULL, "out of memory");
        memcpy(c, data + at, n);
        b.fed += n;
        fxt_validator_feed(vb, c, n);
        free(c);
        at += n;
    }
    b.finishing = 1;
    fxt_validator_finish(vb);
    fz_run_check(&b, vb);

    fz_compare_runs(&a, va, &b, vb, "whole buffer vs chunks");

    fz_validator_free(va, 0);
    fz_validator_free(vb, 1);
    fz_run_free(&a);
    fz_run_free(&b);
    free(big);
    return 0;
}
