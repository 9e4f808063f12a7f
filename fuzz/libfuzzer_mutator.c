/*
 * libfuzzer_mutator.c - fxtmut as libFuzzer's custom mutator and crossover.
 *
 * Link this object and libfxtmut into any libFuzzer harness that reads FXT
 * (see README.md): libFuzzer then calls LLVMFuzzerCustomMutator instead of
 * its own mutations ("found LLVMFuzzerCustomMutator" in its log). One call
 * in FXT_RAW_SHARE is handed back to libFuzzer's byte-level mutator
 * (LLVMFuzzerMutate: dictionary, comparison hints), which keeps the cheap
 * unstructured mutations in the mix.
 */
#include <stddef.h>
#include <stdint.h>

#include "mutator.h"

#ifndef FXT_RAW_SHARE
#define FXT_RAW_SHARE 8
#endif

/* libFuzzer finds these two by name: keep them visible when the rest is
 * built with -fvisibility=hidden (the bundled mutator of fuzz/CMakeLists.txt). */
#if defined(__GNUC__) || defined(__clang__)
#define FXT_EXPORT __attribute__((visibility("default")))
#else
#define FXT_EXPORT
#endif

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
FXT_EXPORT size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                                          unsigned int seed);
FXT_EXPORT size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                            const uint8_t *data2, size_t size2, uint8_t *out,
                                            size_t max_out_size, unsigned int seed);

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    if (seed % FXT_RAW_SHARE == 0)
        return LLVMFuzzerMutate(data, size, max_size);
    return fxt_mutate(data, size, max_size, (uint64_t)seed * 0x9e3779b97f4a7c15ull);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed)
{
    return fxt_crossover(data1, size1, data2, size2, out, max_out_size,
                         (uint64_t)seed * 0xbf58476d1ce4e5b9ull);
}
