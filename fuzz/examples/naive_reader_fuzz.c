/* SPDX-License-Identifier: MIT */
/*
 * naive_reader_fuzz.c - libFuzzer entry for the naive reader (the target of
 * bench_bugs.sh). Link with naive_reader.c:
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
 *         naive_reader.c naive_reader_fuzz.c -o naive_reader_fuzz
 *
 * Planted bugs 1, 2, 5 and 6 crash (SIGFPE / ASan / UBSan). The other two
 * need help, which this harness gives through the reader's record hook
 * (called before each record with its offset and the size in words the
 * reader framed it with):
 *
 *   - framing oracle: bug 3 (large records framed with the 12-bit size)
 *     does not crash by itself; the harness aborts in
 *     oracle_misframed_record() when the reader's size differs from the size
 *     field the spec says to use.
 *   - progress oracle: bug 4 (a size-0 record read forever) is a hang, and
 *     every hang costs a fuzzer its whole -timeout (libFuzzer's fork mode
 *     also restarts a job after each one). Size-0 records are among the
 *     first things any mutator produces, so a pure hang drowns the other
 *     bugs; the harness instead aborts in oracle_no_progress() when the
 *     reader is about to read the record at the same offset a second time.
 *
 * Build with -DNAIVE_READER_NO_ORACLE for plain fuzzing without either: bug
 * 3 is then invisible and bug 4 a timeout (run with -timeout=N).
 *
 * With -DNAIVE_READER_STANDALONE it gets a main() that runs each file named
 * on the command line once (for compilers without libFuzzer; ctest uses it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "naive_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef NAIVE_READER_NO_ORACLE
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, noreturn))
#endif
void oracle_misframed_record(size_t off, uint64_t header, uint64_t got, uint64_t want);

void oracle_misframed_record(size_t off, uint64_t header, uint64_t got, uint64_t want)
{
    fprintf(stderr,
            "naive_reader_fuzz: framing oracle (PLANTED BUG 3): the record at offset %zu "
            "(type %u) was framed as %llu words; its size field says %llu\n",
            off, (unsigned)(header & 0xf), (unsigned long long)got, (unsigned long long)want);
    abort();
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, noreturn))
#endif
void oracle_no_progress(size_t off, uint64_t header);

void oracle_no_progress(size_t off, uint64_t header)
{
    fprintf(stderr,
            "naive_reader_fuzz: progress oracle (PLANTED BUG 4): the reader is reading the "
            "record at offset %zu (type %u, size 0) again: it would loop forever\n",
            off, (unsigned)(header & 0xf));
    abort();
}

typedef struct oracle_state {
    int started;
    size_t last; /* offset of the record the hook saw last */
} oracle_state;

static void check_record(void *ctx, size_t off, uint64_t header, uint64_t words)
{
    oracle_state *st = ctx;
    if (st->started && off == st->last)
        oracle_no_progress(off, header);
    st->started = 1;
    st->last = off;
    /* the spec: bits [4..15], or [4..35] for large records (type 15) */
    uint64_t want = (header & 0xf) == 15 ? (header >> 4) & 0xffffffffu : (header >> 4) & 0xfff;
    if (words != want)
        oracle_misframed_record(off, header, words, want);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nr_summary s;
    char err[256];
#ifndef NAIVE_READER_NO_ORACLE
    oracle_state st = {0, 0};
    (void)nr_read(data, size, &s, check_record, &st, err, sizeof err);
#else
    (void)nr_read(data, size, &s, NULL, NULL, err, sizeof err);
#endif
    return 0;
}

#ifdef NAIVE_READER_STANDALONE
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        uint8_t *exact; /* exactly the file's bytes, like libFuzzer's copy of the input */
        size_t n;
        char why[256];
        if (nr_load_file(argv[i], &exact, &n, why, sizeof why) != 0) {
            fprintf(stderr, "%s\n", why);
            return 2;
        }
        LLVMFuzzerTestOneInput(exact, n);
        free(exact);
        printf("%s: ran\n", argv[i]);
    }
    return 0;
}
#endif
