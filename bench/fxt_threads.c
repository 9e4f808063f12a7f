/* SPDX-License-Identifier: MIT */
/*
 * fxt-threads - the library's checking on one thread against N threads
 * (fxt_options.threads), on one trace held in memory, fed in chunks as a
 * caller would: wall time of each, best of --reps, taken in turn (one,
 * N, one, N...) so that both see the same machine; and whether both gave
 * the same output (every issue's fields and message, the counts, the
 * verdicts), which they must.
 *
 *   fxt-threads FILE [--threads N] [--reps R] [--chunk-kib K] [--revision REV]
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxt/fxt.h"
/* (the rounds' counters: internal, printed by this benchmark only) */
#include "../validator/par.h"

typedef struct digest {
    uint64_t h, n;
} digest;

static void mix(digest *d, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        d->h = (d->h ^ b[i]) * 0x100000001b3ull;
}

static void on_issue(void *ctx, const fxt_issue *is)
{
    digest *d = ctx;
    mix(d, &is->rule, sizeof is->rule);
    mix(d, &is->record_offset, sizeof is->record_offset);
    mix(d, &is->record_index, sizeof is->record_index);
    mix(d, &is->field_offset, sizeof is->field_offset);
    mix(d, &is->revisions, sizeof is->revisions);
    mix(d, is->message, strlen(is->message));
    d->n++;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One validation of B[0..N) in chunks of CHUNK on THREADS threads: its
 * wall time, and what it said in *D (issues, then counts). */
static fxt__par_counts last_counts; /* of the last run */

static double run(const unsigned char *b, size_t n, size_t chunk, unsigned threads,
                  fxt_revision rev, digest *d)
{
    fxt_options o = fxt_options_default();
    o.threads = threads;
    if (getenv("FXT_TASK_KIB"))
        o.task_bytes = (unsigned)atoi(getenv("FXT_TASK_KIB")) << 10;
    o.revision = rev;
    o.on_issue = on_issue;
    o.ctx = d;
    d->h = 0xcbf29ce484222325ull, d->n = 0;
    double t0 = now();
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL) {
        fprintf(stderr, "fxt-threads: out of memory\n");
        exit(2);
    }
    for (size_t at = 0; at < n; at += chunk)
        fxt_validator_feed(v, b + at, n - at < chunk ? n - at : chunk);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    fxt_revision_verdict vd[FXT_REV_COUNT];
    fxt_validator_verdicts(v, vd);
    fxt__par_get_counts(v, &last_counts);
    fxt_validator_free(v);
    double t = now() - t0;
    mix(d, &st.records, sizeof st.records);
    mix(d, &st.errors, sizeof st.errors);
    mix(d, &st.warnings, sizeof st.warnings);
    mix(d, st.by_type, sizeof st.by_type);
    mix(d, st.events_by_type, sizeof st.events_by_type);
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        mix(d, &vd[r].errors, sizeof vd[r].errors);
        mix(d, &vd[r].warnings, sizeof vd[r].warnings);
        mix(d, &vd[r].conforms, sizeof vd[r].conforms);
        mix(d, &vd[r].complete, sizeof vd[r].complete);
    }
    return t;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    unsigned threads = 2;
    int reps = 5;
    size_t chunk = (size_t)1 << 20;
    fxt_revision rev = FXT_REV_CURRENT;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--chunk-kib") && i + 1 < argc)
            chunk = (size_t)atol(argv[++i]) << 10;
        else if (!strcmp(argv[i], "--revision") && i + 1 < argc) {
            const char *r = argv[++i];
            rev = !strcmp(r, "auto") ? FXT_REV_AUTO
                  : !strcmp(r, "r1") ? FXT_REV_R1
                  : !strcmp(r, "r2") ? FXT_REV_R2
                  : !strcmp(r, "r3") ? FXT_REV_R3
                                     : FXT_REV_CURRENT;
        } else if (argv[i][0] != '-' && path == NULL)
            path = argv[i];
        else {
            fprintf(stderr, "usage: fxt-threads FILE [--threads N] [--reps R] [--chunk-kib K] "
                            "[--revision REV]\n");
            return 2;
        }
    }
    if (path == NULL || threads < 1 || reps < 1 || chunk == 0) {
        fprintf(stderr, "usage: fxt-threads FILE [--threads N] [--reps R] [--chunk-kib K] "
                        "[--revision REV]\n");
        return 2;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "fxt-threads: %s: %s\n", path, strerror(errno));
        return 2;
    }
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = sz > 0 ? malloc((size_t)sz) : NULL;
    if (b == NULL || fread(b, 1, (size_t)sz, f) != (size_t)sz) {
        fprintf(stderr, "fxt-threads: %s: cannot read it whole\n", path);
        return 2;
    }
    fclose(f);
    double best1 = 1e9, bestn = 1e9;
    digest d1, dn;
    int same = 1;
    for (int r = 0; r < reps; r++) {
        double t = getenv("FXT_ONLY_N") ? 1e9 : run(b, (size_t)sz, chunk, 1, rev, &d1);
        best1 = t < best1 ? t : best1;
        t = run(b, (size_t)sz, chunk, threads, rev, &dn);
        bestn = t < bestn ? t : bestn;
        same &= d1.h == dn.h && d1.n == dn.n;
    }
    printf("trace: %s, %ld bytes, in memory, chunks of %zu KiB, %u issues\n", path, sz,
           chunk >> 10, (unsigned)d1.n);
    printf("1 thread:   %.3f s  %7.1f MB/s  (best of %d)\n", best1, (double)sz / best1 / 1e6, reps);
    printf("%u threads: %.3f s  %7.1f MB/s  (best of %d, taken in turn with 1 thread)\n", threads,
           bestn, (double)sz / bestn / 1e6, reps);
    printf("speed-up:   %.2fx; output %s\n", best1 / bestn, same ? "identical" : "DIFFERENT");
    printf("rounds: %llu, pieces for workers: %llu, redone: %llu, taken back (worker not "
           "started): %llu (last run)\n",
           (unsigned long long)last_counts.rounds, (unsigned long long)last_counts.pieces,
           (unsigned long long)last_counts.redone, (unsigned long long)last_counts.taken);
    printf("records merged from pieces checked ahead: %llu, back-offs: %llu (last run)\n",
           (unsigned long long)last_counts.merged_records,
           (unsigned long long)last_counts.backoffs);
    static const char *const why[] = {FXT__REDO_NAMES};
    _Static_assert(sizeof why / sizeof why[0] == FXT__REDO_N_, "a name per FXT__REDO_*");
    printf("redone by reason (last run):");
    for (unsigned k = 0; k < FXT__REDO_N_; k++)
        if (last_counts.why[k])
            printf(" %s %llu", why[k], (unsigned long long)last_counts.why[k]);
    printf("\n");
    for (unsigned r = 0; r < FXT_R_END_; r++)
        if (last_counts.by_rule[r])
            printf("  issue in a shadow: %s (%u) %llu\n", fxt_rule_get((fxt_rule)r)->name, r,
                   (unsigned long long)last_counts.by_rule[r]);
    free(b);
    return same ? 0 : 1;
}
