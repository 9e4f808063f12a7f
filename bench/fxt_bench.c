/*
 * fxt-bench - validation throughput on a realistic trace.
 *
 * Builds a realistic trace in memory with the generator (mostly
 * duration/complete events with 0-4 arguments on indexed strings and
 * threads, some instants, counters, async, flow, logs, kernel objects,
 * blobs), then reports, best of several runs:
 *   - a plain pass that sums the buffer's 64-bit words (the memory-bound
 *     ceiling any reader has to pay),
 *   - validation of the whole buffer in one call,
 *   - validation fed in 64 KiB chunks (as fxt-validate reads files).
 * With --trace FILE it validates that trace instead (e.g. a real one),
 * over and over until about --mb megabytes, a fresh validator each time.
 * Prints figures; asserts nothing about time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxt/gen.h"
#include "fxt/validate.h"

typedef struct buf {
    unsigned char *b;
    size_t n, cap;
} buf;

static int append(void *ctx, const void *d, size_t n)
{
    buf *b = ctx;
    if (b->n + n > b->cap) {
        size_t cap = (b->n + n) * 2;
        unsigned char *nb = realloc(b->b, cap);
        if (nb == NULL)
            return 1;
        b->b = nb, b->cap = cap;
    }
    memcpy(b->b + b->n, d, n);
    b->n += n;
    return 0;
}

/* A sink that only counts: generation speed without the cost of storing. */
static int count_only(void *ctx, const void *d, size_t n)
{
    (void)d;
    *(size_t *)ctx += n;
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static volatile uint64_t g_sink; /* keeps the word sum from being optimised away */

static void wordsum(const unsigned char *p, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        s += w;
    }
    g_sink = s;
}

static long validate(const unsigned char *p, size_t n, size_t chunk, fxt_stats *st)
{
    fxt_options o = fxt_options_default();
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL)
        return -1;
    for (size_t at = 0; at < n; at += chunk)
        fxt_validator_feed(v, p + at, n - at < chunk ? n - at : chunk);
    fxt_validator_finish(v);
    fxt_validator_stats(v, st);
    fxt_validator_free(v);
    return (long)st->errors;
}

/* --trace FILE: validate FILE's bytes REPEAT times (fresh validator state
 * each time, on memory allocated once), best of REPS. */
static int bench_file(const char *path, double mb, int reps)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    buf b = {0};
    unsigned char tmp[65536];
    size_t got;
    while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
        if (append(&b, tmp, got) != 0) {
            fclose(f);
            fprintf(stderr, "fxt-bench: out of memory\n");
            return 1;
        }
    int bad = ferror(f);
    fclose(f);
    if (bad || b.n == 0) {
        fprintf(stderr, "fxt-bench: %s: %s\n", path, bad ? "read error" : "empty file");
        free(b.b);
        return 1;
    }
    size_t repeat = (size_t)(mb * 1e6 / (double)b.n) + 1;
    fxt_options o = fxt_options_default();
    size_t size = fxt_validator_size(&o);
    void *mem = malloc(size);
    if (mem == NULL) {
        free(b.b);
        return 1;
    }
    fxt_stats st;
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        for (size_t i = 0; i < repeat; i++) {
            fxt_validator *v = fxt_validator_init(mem, size, &o);
            fxt_validator_feed(v, b.b, b.n);
            fxt_validator_finish(v);
            if (i == 0)
                fxt_validator_stats(v, &st);
        }
        double t = now() - t0;
        best = t < best ? t : best;
    }
    double total = (double)b.n * (double)repeat;
    printf("trace: %s, %zu bytes, %llu records (%.1f bytes/record), %llu errors, %llu warnings\n",
           path, b.n, (unsigned long long)st.records, (double)b.n / (double)st.records,
           (unsigned long long)st.errors, (unsigned long long)st.warnings);
    printf("validate, %zu times (%.1f MB): %8.1f MB/s  (%.1f ns/record)\n", repeat, total / 1e6,
           total / best / 1e6, best * 1e9 / ((double)st.records * (double)repeat));
    printf("(best of %d runs, one core)\n", reps);
    free(mem);
    free(b.b);
    return 0;
}

int main(int argc, char **argv)
{
    const char *trace = NULL;
    double mb = 256;
    int reps = 5;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--mb") && i + 1 < argc)
            mb = atof(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc)
            trace = argv[++i];
        else {
            fprintf(stderr, "usage: fxt-bench [--mb N] [--reps N] [--seed S]\n"
                            "       fxt-bench --trace FILE [--mb N] [--reps N]\n"
                            "  builds a realistic N MB trace (default 256) in memory and reports\n"
                            "  generation and validation throughput beside a plain word-summing\n"
                            "  pass; with --trace, validates FILE repeatedly (about N MB)\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    if (mb <= 0 || reps <= 0) {
        fprintf(stderr, "fxt-bench: --mb and --reps must be positive\n");
        return 2;
    }
    if (trace != NULL)
        return bench_file(trace, mb, reps);

    buf b = {0};
    fxt_gen_options go = {seed, (uint64_t)(mb * 1e6 / 44.0) + 100, FXT_GEN_REALISTIC, 0};
    double t0 = now();
    if (fxt_gen_random(&go, append, &b) != 0) {
        fprintf(stderr, "fxt-bench: generating the trace failed\n");
        return 1;
    }
    double tgen = now() - t0;
    double best_gen = 1e30;
    size_t counted = 0;
    for (int r = 0; r < reps; r++) {
        counted = 0;
        t0 = now();
        fxt_gen_random(&go, count_only, &counted);
        double t = now() - t0;
        best_gen = t < best_gen ? t : best_gen;
    }

    double best_sum = 1e30, best_whole = 1e30, best_chunk = 1e30;
    fxt_stats st;
    for (int r = 0; r < reps; r++) {
        t0 = now();
        wordsum(b.b, b.n);
        double t = now() - t0;
        best_sum = t < best_sum ? t : best_sum;
        t0 = now();
        if (validate(b.b, b.n, b.n, &st) != 0 || st.warnings != 0) {
            fprintf(stderr, "fxt-bench: the generated trace has issues (a bug)\n");
            return 1;
        }
        t = now() - t0;
        best_whole = t < best_whole ? t : best_whole;
        t0 = now();
        validate(b.b, b.n, 65536, &st);
        t = now() - t0;
        best_chunk = t < best_chunk ? t : best_chunk;
    }
    double n = (double)b.n;
    printf("trace: %.1f MB, %llu records (%.1f bytes/record), realistic profile, seed %llu\n",
           n / 1e6, (unsigned long long)st.records, n / (double)st.records,
           (unsigned long long)seed);
    printf("generate to a counting sink:    %8.1f MB/s  (fxt_gen_random, %zu bytes)\n",
           (double)counted / best_gen / 1e6, counted);
    printf("generate into a growing buffer: %8.1f MB/s  (incl. realloc and page faults)\n",
           n / tgen / 1e6);
    printf("word sum (memory ceiling):      %8.1f MB/s\n", n / best_sum / 1e6);
    printf("validate, whole buffer:         %8.1f MB/s  (%.1f ns/record)\n", n / best_whole / 1e6,
           best_whole * 1e9 / (double)st.records);
    printf("validate, 64 KiB chunks:        %8.1f MB/s\n", n / best_chunk / 1e6);
    printf("(best of %d runs, one core)\n", reps);
    free(b.b);
    return 0;
}
