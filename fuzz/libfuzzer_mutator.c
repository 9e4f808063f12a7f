/* SPDX-License-Identifier: MIT */
/*
 * libfuzzer_mutator.c - fxtmut as libFuzzer's custom mutator and crossover.
 *
 * Link this object and libfxtmut into any libFuzzer harness that reads FXT
 * (see README.md): libFuzzer then calls LLVMFuzzerCustomMutator instead of
 * its own mutations ("found LLVMFuzzerCustomMutator" in its log). One call
 * in two (FXT_RAW_PCT; at run time FXT_MUTATE_RAW_PCT=N: N % of the calls)
 * is handed back to libFuzzer's own mutations (LLVMFuzzerMutate: byte flips, dictionary, comparison hints,
 * crossover), and so is one crossover call in FXT_CROSSOVER_SHARE: a
 * reader's shallow bugs, which plain byte mutations find within seconds,
 * are found about as soon as without the mutator, its deep ones much
 * sooner (fuzz/examples/bench_bugs.sh). FXT_MUTATE_SIZE_WRAP=N sets the
 * size-wrap mutation's weight (fxt_mut_options.size_wrap_weight).
 *
 * Revision: the traces are read and written in the revision named by the
 * environment variable FXT_MUTATE_REVISION (r1, r2, r3, current; default
 * current), or by the flag --fxt-revision=R on libFuzzer's command line
 * (libFuzzer ignores flags that start with "--"). The flag is read by a
 * weak LLVMFuzzerInitialize, which a harness's own LLVMFuzzerInitialize
 * replaces: the environment variable works with every harness.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/mutator.h"

/* The percentage of calls handed to libFuzzer's own mutations
 * (FXT_RAW_PCT, 50 by default); -DFXT_RAW_SHARE=N hands 1 in N instead. */
#ifndef FXT_RAW_PCT
#ifdef FXT_RAW_SHARE
#define FXT_RAW_PCT (100 / (FXT_RAW_SHARE))
#else
#define FXT_RAW_PCT 50
#endif
#endif
/* libFuzzer picks between LLVMFuzzerCustomMutator and
 * LLVMFuzzerCustomCrossOver half and half; only one crossover call in
 * FXT_CROSSOVER_SHARE combines the two inputs, the others mutate the first
 * (through the same FXT_RAW_PCT split), so that one execution in eight
 * or so is a crossover, as in the AFL++ glue. */
#ifndef FXT_CROSSOVER_SHARE
#define FXT_CROSSOVER_SHARE 4
#endif

/* libFuzzer finds these by name: keep them visible when the rest is built
 * with -fvisibility=hidden (the bundled mutator of fuzz/CMakeLists.txt). */
#if defined(__GNUC__) || defined(__clang__)
#define FXT_EXPORT __attribute__((visibility("default")))
#define FXT_WEAK __attribute__((weak))
#else
#define FXT_EXPORT
#define FXT_WEAK
#endif

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
FXT_EXPORT size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                                          unsigned int seed);
FXT_EXPORT size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                            const uint8_t *data2, size_t size2, uint8_t *out,
                                            size_t max_out_size, unsigned int seed);
FXT_EXPORT FXT_WEAK int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The mutator's options and libFuzzer's share; set once, before the first
 * mutation. */
static fxt_mut_options g_opts;
static unsigned g_raw_pct = FXT_RAW_PCT;
static int g_ready;

/* Sets the revision from VALUE (named by WHERE in messages); exits on a
 * value that is not a revision: fuzzing the wrong layout wastes the run. */
static void set_revision(const char *value, const char *where)
{
    fxt_revision r;
    if (fxt_revision_parse(value, &r) != 0 || r == FXT_REV_AUTO) {
        fprintf(stderr, "fxt mutator: %s=%s: not a revision (r1, r2, r3 or current)\n", where,
                value);
        exit(2);
    }
    g_opts.revision = r;
}

/* The number in environment variable NAME, at most MAX; DEF when it is
 * unset or empty; exits on anything else. */
static unsigned env_number(const char *name, unsigned def, unsigned max)
{
    const char *v = getenv(name);
    if (v == NULL || *v == '\0')
        return def;
    char *end;
    unsigned long n = strtoul(v, &end, 10);
    if (*end != '\0' || *v < '0' || *v > '9' || n > max) {
        fprintf(stderr, "fxt mutator: %s=%s: not a number from 0 to %u\n", name, v, max);
        exit(2);
    }
    return (unsigned)n;
}

static void setup(void)
{
    if (g_ready)
        return;
    g_ready = 1;
    g_opts = fxt_mut_options_default();
    const char *env = getenv(FXT_MUTATE_REVISION_ENV);
    if (env != NULL && *env != '\0')
        set_revision(env, FXT_MUTATE_REVISION_ENV);
    /* a reader that crashes often under fork mode: fuzz/README.md */
    g_raw_pct = env_number("FXT_MUTATE_RAW_PCT", FXT_RAW_PCT, 100);
    g_opts.size_wrap_weight = env_number("FXT_MUTATE_SIZE_WRAP", 0, 1000);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char k_flag[] = "--fxt-revision=";
    setup();
    for (int i = 1; argc != NULL && argv != NULL && i < *argc; i++)
        if (strncmp((*argv)[i], k_flag, sizeof k_flag - 1) == 0)
            set_revision((*argv)[i] + sizeof k_flag - 1, "--fxt-revision");
    return 0;
}

/* One mutation of DATA: libFuzzer's own g_raw_pct % of the calls (by the
 * seed's high bits: the low ones pick the crossover), else fxtmut's. */
static size_t mutate_one(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    setup();
    if ((seed >> 8) % 100 < g_raw_pct)
        return LLVMFuzzerMutate(data, size, max_size);
    return fxt_mutate(data, size, max_size, (uint64_t)seed * 0x9e3779b97f4a7c15ull, &g_opts,
                          NULL);
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    return mutate_one(data, size, max_size, seed);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed)
{
    setup();
    if (seed % FXT_CROSSOVER_SHARE != 0 && max_out_size > 0) {
        size_t n = data1 == NULL ? 0 : size1 < max_out_size ? size1 : max_out_size;
        if (n > 0)
            memcpy(out, data1, n);
        return mutate_one(out, n, max_out_size, seed);
    }
    return fxt_crossover(data1, size1, data2, size2, out, max_out_size,
                             (uint64_t)seed * 0xbf58476d1ce4e5b9ull, &g_opts);
}
