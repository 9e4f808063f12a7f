/* SPDX-License-Identifier: MIT */
/*
 * fxt-threads - the library's checking on one thread against N threads
 * (fxt_options.threads), on one trace held in memory, fed in chunks as a
 * caller would: wall time of each, best of --reps, taken in turn (one,
 * N, one, N...) so that both see the same machine; and whether both gave
 * the same output (every issue's fields and message, the counts, the
 * verdicts), which they must.
 *
 * Taken in the same turns: this machine's ceiling, the ideal split. The
 * trace is cut at record boundaries into N parts of equal bytes; N
 * threads each check one part at the same time with its own one-thread
 * validator, primed (before the clock starts) by feeding it everything
 * before its part, so that each does exactly the one-thread path's work
 * on its part with the one-thread state. Nothing is shared, framed,
 * merged or redone: no parallel validator can do less on N cores, so
 * one thread's time over this one bounds every speed-up here (on a
 * machine whose cores scale it is close to N).
 *
 * And in the same turns, the machine's own scaling, with no validator: a
 * plain scan of the trace's bytes (one 8-byte load and an XOR per word,
 * as the UTF-8 check's ASCII path reads strings), whole on one thread
 * against 1/N of it on each of N threads; and a loop of register
 * arithmetic (no memory), once on one thread against once on each of N.
 * A trace whose checking reads its bytes about as fast as the scan (large
 * strings) cannot gain more than the scan's ratio; no checking can gain
 * more than the loop's.
 *
 *   fxt-threads FILE [--threads N] [--reps R] [--chunk-kib K] [--revision REV]
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxt/fxt.h"
#include "fxt/layout.h"
/* (the rounds' counters: internal, printed by this benchmark only) */
#include "../validator/par.h"

typedef struct digest {
    uint64_t h, n;
    int priming; /* issues not counted (a part's validator fed what is before it) */
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
    if (d->priming)
        return;
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

/* Feed B[FROM..TO) in chunks of CHUNK. */
static void feed_range(fxt_validator *v, const unsigned char *b, size_t from, size_t to,
                       size_t chunk)
{
    for (size_t at = from; at < to; at += chunk)
        fxt_validator_feed(v, b + at, to - at < chunk ? to - at : chunk);
}

/* One validation of B[0..N) in chunks of CHUNK on THREADS threads: its
 * wall time, and what it said in *D (issues, then counts). */
static fxt__par_counts last_counts; /* of the last run */
static fxt__par_counts best_counts; /* of the fastest run on N threads */

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
    d->h = 0xcbf29ce484222325ull, d->n = 0, d->priming = 0;
    double t0 = now();
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL) {
        fprintf(stderr, "fxt-threads: out of memory\n");
        exit(2);
    }
    feed_range(v, b, 0, n, chunk);
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

/* ---- the machine's own scaling: a scan, a loop ---- */

typedef struct mjob {
    const unsigned char *b;
    size_t from, to; /* the scan's words (none for the loop) */
    pthread_barrier_t *go;
    uint64_t out;
    double t0, t1;
} mjob;

/* (the empty asm keeps one scalar 8-byte load per step, as the UTF-8
 * check's ASCII path does: the compiler may not vectorise or drop it) */
static uint64_t scan_words(const unsigned char *b, size_t from, size_t to)
{
    uint64_t s = 0;
    for (size_t i = from; i + 8 <= to; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        s ^= w;
        __asm__ volatile("" : "+r"(s));
    }
    return s;
}

/* Register arithmetic only: six dependent chains, ~50 ms on one core. */
static uint64_t spin_alu(void)
{
    uint64_t a = 1, c = 2, d = 3, e = 4, f = 5, g = 6;
    for (uint64_t i = 0; i < 20000000; i++) {
        a += c ^ i, c += d ^ a, d += e ^ i, e += f ^ d, f += g ^ i, g += a ^ f;
        __asm__ volatile("" : "+r"(a), "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g));
    }
    return a + c + d + e + f + g;
}

static void *mjob_main(void *arg)
{
    mjob *j = arg;
    pthread_barrier_wait(j->go);
    j->t0 = now();
    j->out = j->b ? scan_words(j->b, j->from, j->to) : spin_alu();
    j->t1 = now();
    return NULL;
}

/* The wall time of N jobs at once: the scan of B[0..LEN) cut in N parts
 * (B not NULL), or the loop N times. */
static double run_machine(const unsigned char *b, size_t len, unsigned n)
{
    mjob jb[64];
    pthread_t th[64];
    pthread_barrier_t go;
    pthread_barrier_init(&go, NULL, n);
    for (unsigned k = 0; k < n; k++) {
        jb[k] = (mjob){b, len / n * k & ~(size_t)7, k + 1 == n ? len : len / n * (k + 1) & ~(size_t)7,
                       &go, 0, 0, 0};
        if (pthread_create(&th[k], NULL, mjob_main, &jb[k]) != 0) {
            fprintf(stderr, "fxt-threads: no thread\n");
            exit(2);
        }
    }
    double t0 = 1e300, t1 = 0;
    uint64_t out = 0;
    for (unsigned k = 0; k < n; k++) {
        pthread_join(th[k], NULL);
        t0 = jb[k].t0 < t0 ? jb[k].t0 : t0;
        t1 = jb[k].t1 > t1 ? jb[k].t1 : t1;
        out ^= jb[k].out;
    }
    pthread_barrier_destroy(&go);
    if (out == 0x5eed) /* (never, in practice: keeps OUT live) */
        fprintf(stderr, "fxt-threads: %llx\n", (unsigned long long)out);
    return t1 - t0;
}

/* ---- the ideal split (this machine's ceiling) ---- */

typedef struct part {
    const unsigned char *b;
    size_t from, to, chunk; /* primed with B[0..FROM), timed on B[FROM..TO) */
    int last;               /* the part that ends the trace: it also finishes */
    fxt_revision rev;
    pthread_barrier_t *go;
    digest d;
    double t0, t1; /* its part's start and end */
} part;

static void *part_main(void *arg)
{
    part *pt = arg;
    fxt_options o = fxt_options_default();
    o.revision = pt->rev;
    o.on_issue = on_issue;
    o.ctx = &pt->d;
    pt->d.h = 0xcbf29ce484222325ull, pt->d.n = 0, pt->d.priming = 1;
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL) {
        fprintf(stderr, "fxt-threads: out of memory\n");
        exit(2);
    }
    feed_range(v, pt->b, 0, pt->from, pt->chunk); /* (the one-thread state at FROM) */
    pt->d.priming = 0;
    pthread_barrier_wait(pt->go);
    pt->t0 = now();
    feed_range(v, pt->b, pt->from, pt->to, pt->chunk);
    if (pt->last)
        fxt_validator_finish(v);
    pt->t1 = now();
    fxt_validator_free(v);
    return NULL;
}

/* Where the N parts of B[0..LEN) start: record boundaries (as REV frames
 * little-endian records) at or after k * LEN / N, into AT[0..N]. */
static void cut_parts(const unsigned char *b, size_t len, unsigned n, fxt_revision rev,
                      size_t *at)
{
    const fxt_layout *lay = fxt_layout_get(rev == FXT_REV_AUTO ? FXT_REV_CURRENT : rev);
    size_t p = 0;
    at[0] = 0;
    for (unsigned k = 1; k < n; k++) {
        const size_t goal = len / n * k;
        while (p < goal && len - p >= 8) {
            uint64_t h;
            memcpy(&h, b + p, 8); /* (little-endian hosts, as the generator writes) */
            const uint64_t rl = fxt_record_bytes(lay, h);
            if (rl == 0 || rl > len - p)
                break; /* (a size of 0 or a cut record: the rest is one part) */
            p += rl;
        }
        at[k] = p;
    }
    at[n] = len;
}

/* The ideal split of B[0..LEN) on N threads: its wall time (from the
 * parts' common start to the last one's end); each part's own time in
 * PART_T, their issues in *ISSUES. */
static double run_ideal(const unsigned char *b, size_t len, size_t chunk, unsigned n,
                        fxt_revision rev, double *part_t, uint64_t *issues)
{
    size_t at[65];
    part pt[64];
    pthread_t th[64];
    pthread_barrier_t go;
    cut_parts(b, len, n, rev, at);
    pthread_barrier_init(&go, NULL, n);
    for (unsigned k = 0; k < n; k++) {
        pt[k] = (part){b, at[k], at[k + 1], chunk, k + 1 == n, rev, &go, {0, 0, 0}, 0, 0};
        if (pthread_create(&th[k], NULL, part_main, &pt[k]) != 0) {
            fprintf(stderr, "fxt-threads: no thread\n");
            exit(2);
        }
    }
    double t0 = 1e300, t1 = 0;
    *issues = 0;
    for (unsigned k = 0; k < n; k++) {
        pthread_join(th[k], NULL);
        t0 = pt[k].t0 < t0 ? pt[k].t0 : t0;
        t1 = pt[k].t1 > t1 ? pt[k].t1 : t1;
        part_t[k] = pt[k].t1 - pt[k].t0;
        *issues += pt[k].d.n;
    }
    pthread_barrier_destroy(&go);
    return t1 - t0;
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
    if (path == NULL || threads < 1 || threads > 64 || reps < 1 || chunk == 0) {
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
    double best1 = 1e9, bestn = 1e9, besti = 1e9, bestm[4] = {1e9, 1e9, 1e9, 1e9}, part_t[64], best_part_t[64] = {0};
    uint64_t ideal_issues = 0;
    digest d1 = {0, 0, 0}, dn;
    int same = 1;
    const int only_n = getenv("FXT_ONLY_N") != NULL; /* (callgrind: the N threads only) */
    for (int r = 0; r < reps; r++) {
        double t = only_n ? 1e9 : run(b, (size_t)sz, chunk, 1, rev, &d1);
        best1 = t < best1 ? t : best1;
        t = run(b, (size_t)sz, chunk, threads, rev, &dn);
        if (t < bestn)
            best_counts = last_counts;
        bestn = t < bestn ? t : bestn;
        same &= only_n || (d1.h == dn.h && d1.n == dn.n);
        if (only_n || threads < 2)
            continue;
        t = run_ideal(b, (size_t)sz, chunk, threads, rev, part_t, &ideal_issues);
        if (t < besti)
            besti = t, memcpy(best_part_t, part_t, sizeof part_t);
        for (int m = 0; m < 4; m++) { /* scan 1, scan N, loop 1, loop N */
            t = run_machine(m < 2 ? b : NULL, (size_t)sz, m & 1 ? threads : 1);
            bestm[m] = t < bestm[m] ? t : bestm[m];
        }
    }
    printf("trace: %s, %ld bytes, in memory, chunks of %zu KiB, %u issues\n", path, sz,
           chunk >> 10, (unsigned)d1.n);
    if (!only_n)
        printf("1 thread:        %.3f s  %7.1f MB/s  (best of %d)\n", best1,
               (double)sz / best1 / 1e6, reps);
    printf("%u threads:       %.3f s  %7.1f MB/s  %.2fx one thread  (best of %d)\n", threads,
           bestn, (double)sz / bestn / 1e6, only_n ? 0.0 : best1 / bestn, reps);
    if (besti < 1e9) {
        printf("ideal split:     %.3f s  %7.1f MB/s  %.2fx one thread  (best of %d: %u parts "
               "checked at once by one-thread validators, primed; parts:",
               besti, (double)sz / besti / 1e6, best1 / besti, reps, threads);
        for (unsigned k = 0; k < threads; k++)
            printf(" %.3f", best_part_t[k]);
        printf(" s; %llu issues)\n", (unsigned long long)ideal_issues);
        printf("%u threads reach %.0f%% of the ideal split (the ceiling: %.2fx)\n", threads,
               100.0 * besti / bestn, best1 / besti);
    }
    if (bestm[0] < 1e9) {
        printf("the machine:     a scan of the trace's bytes %.3f s on 1 thread, %.3f s on %u "
               "(%.2fx); register arithmetic %.3f s on 1 thread, the same on each of %u "
               "%.3f s (%.2fx the work per second) (best of %d)\n",
               bestm[0], bestm[1], threads, bestm[0] / bestm[1], bestm[2], threads, bestm[3],
               threads * bestm[2] / bestm[3], reps);
    }
    printf("taken in turn: 1 thread, %u threads, ideal split%s; output %s\n", threads,
           bestm[0] < 1e9 ? ", the machine's scan and loop" : "",
           only_n ? "not compared (FXT_ONLY_N)" : same ? "identical" : "DIFFERENT");
    printf("cycles: %llu in %llu segments, pieces for workers: %llu (largest %llu KiB), "
           "redone: %llu, taken back (worker not started): %llu (last run)\n",
           (unsigned long long)last_counts.rounds, (unsigned long long)last_counts.segments,
           (unsigned long long)last_counts.pieces,
           (unsigned long long)(last_counts.piece_max >> 10),
           (unsigned long long)last_counts.redone, (unsigned long long)last_counts.taken);
    printf("records merged from pieces checked ahead: %llu, back-offs: %llu (last run)\n",
           (unsigned long long)last_counts.merged_records,
           (unsigned long long)last_counts.backoffs);
    printf("pieces started at a guessed boundary: %llu, misguesses: %llu (last run)\n",
           (unsigned long long)last_counts.guessed, (unsigned long long)last_counts.misguesses);
    static const char *const why[] = {FXT__REDO_NAMES};
    _Static_assert(sizeof why / sizeof why[0] == FXT__REDO_N_, "a name per FXT__REDO_*");
    printf("waiting (last run): validator's thread for pieces %.1f ms (%llu sleeps), workers "
           "for cycles %.1f ms (%llu sleeps), for their start %.1f ms (%llu sleeps)\n",
           last_counts.wait_ns[FXT__WAIT_PIECE] / 1e6,
           (unsigned long long)last_counts.sleeps[FXT__WAIT_PIECE],
           last_counts.wait_ns[FXT__WAIT_ROUND] / 1e6,
           (unsigned long long)last_counts.sleeps[FXT__WAIT_ROUND],
           last_counts.wait_ns[FXT__WAIT_BOUND] / 1e6,
           (unsigned long long)last_counts.sleeps[FXT__WAIT_BOUND]);
    static const char *const busy[] = {FXT__BUSY_NAMES};
    _Static_assert(sizeof busy / sizeof busy[0] == FXT__BUSY_N_, "a name per FXT__BUSY_*");
    printf("busy (fastest run on %u threads, ms): validator's thread:", threads);
    for (unsigned k = 0; k < FXT__BUSY_N_; k++)
        printf("%s %s %.1f", k == FXT__BUSY_FRAME ? "; workers:" : "", busy[k],
               best_counts.busy_ns[k] / 1e6);
    printf("; waiting: validator's thread %.1f, workers %.1f\n",
           best_counts.wait_ns[FXT__WAIT_PIECE] / 1e6,
           (best_counts.wait_ns[FXT__WAIT_ROUND] + best_counts.wait_ns[FXT__WAIT_BOUND]) / 1e6);
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
