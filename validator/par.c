/* SPDX-License-Identifier: MIT */
/*
 * par.c - checking on several threads, with one thread's output: whole
 * chunks checked ahead by shadow validators.
 *
 * A round cuts the records fed into pieces, one per thread. The validator's
 * thread checks piece 0 with the one-thread path. Meanwhile worker j runs
 * the same one-thread path on piece j in its shadow validator: a copy of
 * the providers' string and thread tables as they were when the round
 * began, starting in the provider the framing says piece j starts in (the
 * framing, one header word per record, follows provider records). A
 * shadow never reports: it summarises what it could not know, and the
 * validator's thread, having checked everything before piece j, merges the
 * summary in O(summary) if it fits, else checks piece j again itself. So
 * every issue comes from the one-thread path, in trace order, and the
 * output is one thread's for any number of threads, pieces and timing.
 *
 * What a shadow summarises, and what makes a piece be checked again, is
 * shadow.c's (its comment: the inventory of what the one-thread path's
 * checks read besides the record).
 *
 * Rounds are numbered. The validator's thread copies the tables into each
 * shadow, then publishes the round. Worker 1 frames piece 0 and publishes
 * where piece 1 starts; worker j frames piece j (not the last) and
 * publishes where piece j + 1 starts, then checks piece j. A worker takes
 * its piece (claim) first; one not started when the validator's thread
 * wants its piece (a busy machine) has it taken back, with the rest of the
 * round. fxt__par_run returns only when every worker that took a piece is
 * done with it, so none reads the caller's memory after
 * fxt_validator_feed() returns. Two rounds in turn mostly redone: the next
 * 1, 2 ... 64 rounds' bytes on one thread (back-off).
 */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "par.h"
#include "shadow.h"

#if FXT__HAVE_THREADS
#include <pthread.h>

/* Spins before a waiting worker sleeps. */
#define SPINS 4000
/* Spins of the validator's thread for a worker to take its piece before
 * it takes it back (the worker is not running: the machine is busy). */
#define CLAIM_SPINS 2000
/* A shadow checks its piece in slices of this many bytes (between them it
 * looks whether it should stop). */
#define SLICE ((size_t)64 << 10)
/* Piece 0, checked on the validator's thread while worker 1 also frames
 * it, is PIECE0_UNITS / 8 of the others. */
#define PIECE0_UNITS 9u
/* The framing asks for the bytes this far ahead of it (it reads every
 * cache line of piece 0 faster than the memory brings them unasked:
 * piece 0's framing took 16-20 ms of a 256 MiB realistic trace's 0.11 s
 * without, 12-17 ms with; bench/README.md) */
#define FRAME_AHEAD 2048

/* Where a piece starts: its first record, its index, and the provider the
 * records before it leave current. */
typedef struct bound {
    const uint8_t *at;
    uint64_t idx;
    uint32_t pid;
    int implicit;
    int cut; /* the framing before it met a record of size 0 */
} bound;

typedef struct worker {
    struct fxt__par *q;
    unsigned j;          /* the piece it checks */
    fxt_validator *sv;   /* its shadow */
    int started;         /* the shadow ran (its provider was known) */
    _Atomic int abort;   /* the validator's thread checks the piece itself: stop */
    uint64_t start_off, start_idx; /* where it started */
    const fxt__provider *start_copy; /* in the copy of that provider */
    _Atomic uint64_t claim; /* 2 * round once it takes its piece of the round,
                              2 * round + 1 once the validator's thread does */
    _Atomic uint64_t done; /* the round it finished */
    pthread_t th;
} worker;

struct fxt__par {
    fxt_validator *v;
    unsigned nworkers, npieces; /* npieces: of this round (pieces 1.. to workers) */
    size_t piece_bytes;
    _Atomic uint64_t round;
    /* this round */
    const uint8_t *p, *lim;                /* its bytes */
    const uint8_t *tgt[FXT__MAX_THREADS + 1]; /* piece j ends at the last record
                                              boundary not past tgt[j + 1] */
    uint64_t off0;
    bound bnd[FXT__MAX_THREADS + 1]; /* bnd[0]: the round's start */
    _Atomic uint64_t bnd_round[FXT__MAX_THREADS + 1]; /* the round bnd[j] is of */
    uint64_t prov_epoch, thr_epoch;        /* the validator's, at the copy */
    _Atomic unsigned sleeping;
    _Atomic uint64_t quit; /* 1 once the workers are to end */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    fxt__par_counts counts;
    _Atomic uint64_t wait_ns[FXT__WAIT_N_], sleeps[FXT__WAIT_N_]; /* (counts.wait_*) */
    _Atomic uint64_t busy_ns[FXT__BUSY_N_];                       /* (counts.busy_ns) */
    unsigned misses; /* rounds in turn whose pieces were mostly redone */
    unsigned level;  /* 2^level rounds' bytes on one thread at the next miss */
    size_t skip;     /* bytes left to check on one thread */
    worker w[FXT__MAX_THREADS];
};

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* After publishing a round or a bound: wake the workers that sleep (the
 * fence orders that store before the load of sleeping, as a worker's
 * increment of sleeping is before its load of what it waits for). */
static void wake(fxt__par *q)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load(&q->sleeping) != 0) {
        pthread_mutex_lock(&q->mu);
        pthread_cond_broadcast(&q->cv);
        pthread_mutex_unlock(&q->mu);
    }
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Time since *T0 to busy counter WHAT (FXT__BUSY_*); *T0 becomes now. A
 * few clock reads per round of 1 MiB. */
static void busy(fxt__par *q, unsigned what, uint64_t *t0)
{
    const uint64_t t = now_ns();
    atomic_fetch_add_explicit(&q->busy_ns[what], t - *t0, memory_order_relaxed);
    *t0 = t;
}

/* Wait until *A >= WANT, or *B >= B_WANT, or quit: 1 for the first.
 * WHO (FXT__WAIT_*) is who waits, for the counters. */
static int wait_for(fxt__par *q, _Atomic uint64_t *a, uint64_t want, _Atomic uint64_t *b,
                    uint64_t b_want, unsigned who)
{
    if (atomic_load_explicit(a, memory_order_acquire) >= want)
        return 1;
    const uint64_t t0 = now_ns();
    unsigned spins = 0;
    int got;
    for (;;) {
        if (atomic_load_explicit(a, memory_order_acquire) >= want) {
            got = 1;
            break;
        }
        if (atomic_load(&q->quit) != 0 || atomic_load(b) >= b_want) {
            got = 0;
            break;
        }
        if (++spins < SPINS) {
            cpu_relax();
            continue;
        }
        atomic_fetch_add_explicit(&q->sleeps[who], 1, memory_order_relaxed);
        pthread_mutex_lock(&q->mu);
        atomic_fetch_add(&q->sleeping, 1);
        while (atomic_load(a) < want && atomic_load(b) < b_want && atomic_load(&q->quit) == 0)
            pthread_cond_wait(&q->cv, &q->mu);
        atomic_fetch_sub(&q->sleeping, 1);
        pthread_mutex_unlock(&q->mu);
        spins = 0;
    }
    atomic_fetch_add_explicit(&q->wait_ns[who], now_ns() - t0, memory_order_relaxed);
    return got;
}

/* Take W's piece of round R for the worker (MINE 0) or for the
 * validator's thread (1): 1 if taken, 0 if the other has it. */
static int take(worker *w, uint64_t r, int mine)
{
    uint64_t c = atomic_load(&w->claim);
    while (c < 2 * r)
        if (atomic_compare_exchange_weak(&w->claim, &c, 2 * r + (uint64_t)mine))
            return 1;
    return 0;
}

/* ---- framing ---- */

/* The records from B->at while they lie whole before GOAL, a whole number
 * of words after it (the rule of
 * fxt__run_whole, so a piece checked ends where the framing says), into
 * OUT: where the next piece starts. One test per record for what is not
 * an ordinary record of size > 0 (metadata, large, size 0). */
static FXT__ALWAYS_INLINE void frame_loop(const fxt_validator *v, const bound *b,
                                          const uint8_t *goal, bound *out, const int be)
{
    const uint8_t *p = b->at;
    uint32_t pid = b->pid;
    int implicit = b->implicit, cut = b->cut;
    const unsigned special = 1u << FXT_RT_METADATA | 1u << FXT_RT_LARGE;
    uint64_t n = 0;
    /* (bytes left before GOAL, a multiple of 8: its decrement also tests
     * the loop, so a record costs 15 instructions, not 18) */
    uint64_t left = cut || p >= goal ? 0 : (uint64_t)(goal - p);
    while (left != 0) {
        uint64_t h = fxt_load_le64(p);
        if (be)
            h = fxt_bswap64(h);
        const unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        uint64_t rl = fxt_record_bytes_small(h);
        if (FXT__UNLIKELY((special >> type) & 1)) {
            if (type == FXT_RT_LARGE)
                rl = fxt__record_len(v, h);
            else if (rl != 0) {
                const unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
                if (mt == FXT_MT_PROVIDER_INFO || mt == FXT_MT_PROVIDER_SECTION)
                    pid = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID), implicit = 0;
            }
        }
        /* one test for two: size 0 (rl - 1 wraps), or not whole before GOAL */
        if (FXT__UNLIKELY(rl - 1 >= left)) {
            cut = rl == 0;
            break;
        }
        p += rl;
        n++;
        left -= rl;
        __builtin_prefetch(p + FRAME_AHEAD); /* (never faults) */
        __builtin_prefetch(p + FRAME_AHEAD + 64);
    }
    out->at = p, out->idx = b->idx + n, out->pid = pid, out->implicit = implicit, out->cut = cut;
}

static void frame(const fxt__par *q, const bound *b, const uint8_t *goal, bound *out)
{
    if (q->v->be)
        frame_loop(q->v, b, goal, out, 1);
    else
        frame_loop(q->v, b, goal, out, 0);
}

static void publish(fxt__par *q, unsigned j, uint64_t round)
{
    atomic_store_explicit(&q->bnd_round[j], round, memory_order_release);
    wake(q);
}

/* Worker W's part of round R. */
static void run_piece(fxt__par *q, worker *w, uint64_t r)
{
    const unsigned j = w->j;
    uint64_t t0 = 0;
    if (j == 1) { /* piece 0's framing */
        if (!take(w, r, 0))
            return;
        t0 = now_ns();
        frame(q, &q->bnd[0], q->tgt[1], &q->bnd[1]);
        publish(q, 1, r);
    } else if (!wait_for(q, &q->bnd_round[j], r, &w->claim, 2 * r, FXT__WAIT_BOUND) || !take(w, r, 0)) {
        return; /* (the validator's thread took it) */
    }
    if (j > 1)
        t0 = now_ns();
    const bound b = q->bnd[j];
    const uint8_t *end = q->lim;
    if (j + 1 < q->npieces) {
        frame(q, &b, q->tgt[j + 1], &q->bnd[j + 1]);
        publish(q, j + 1, r);
        end = q->bnd[j + 1].at;
    }
    busy(q, FXT__BUSY_FRAME, &t0);
    w->start_off = q->off0 + (uint64_t)(b.at - q->p);
    w->start_idx = b.idx;
    w->started = !b.cut && fxt__shadow_start(w->sv, b.implicit, b.pid, w->start_off, b.idx);
    w->start_copy = w->sv->cur;
    /* in slices, to stop soon once its piece is checked again anyway */
    for (const uint8_t *at = b.at; w->started && at < end && !w->sv->stopped;) {
        if (atomic_load_explicit(&w->abort, memory_order_relaxed)) {
            fxt__shadow_stop(w->sv, FXT__STOP_ABORT);
            break;
        }
        size_t k = (size_t)(end - at) < SLICE ? (size_t)(end - at) : SLICE;
        size_t got = fxt__run_whole(w->sv, at, k);
        if (got == 0 && k < (size_t)(end - at)) /* (a record larger than a slice) */
            got = fxt__run_whole(w->sv, at, (size_t)(end - at));
        if (got == 0)
            break;
        at += got;
    }
    busy(q, FXT__BUSY_CHECK, &t0);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    fxt__par *q = w->q;
    for (uint64_t r = 1;; r++) {
        if (!wait_for(q, &q->round, r, &q->quit, 1, FXT__WAIT_ROUND))
            return NULL;
        run_piece(q, w, r);
        atomic_store_explicit(&w->done, r, memory_order_release);
        wake(q);
    }
}

/* ---- life ---- */

fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t piece_bytes)
{
    /* (stream.c calls it with THREADS > 1 on the lean path, PIECE_BYTES >= 64) */
    if (threads > FXT__MAX_THREADS)
        threads = FXT__MAX_THREADS;
    fxt__par *q = fxt__alloc(v, sizeof *q);
    if (q == NULL)
        return NULL;
    memset(q, 0, sizeof *q);
    q->v = v;
    q->piece_bytes = piece_bytes;
    if (pthread_mutex_init(&q->mu, NULL) != 0)
        goto fail_mu;
    if (pthread_cond_init(&q->cv, NULL) != 0)
        goto fail_cv;
    for (unsigned i = 0; i + 1 < threads; i++) {
        worker *w = &q->w[q->nworkers];
        w->q = q;
        w->j = q->nworkers + 1;
        atomic_init(&w->done, 0);
        atomic_init(&w->claim, 0);
        if ((w->sv = fxt__shadow_new(v)) == NULL)
            break;
        if (pthread_create(&w->th, NULL, worker_main, w) != 0) {
            fxt__shadow_free(v, w->sv);
            break;
        }
        q->nworkers++;
    }
    if (q->nworkers > 0)
        return q;
    pthread_cond_destroy(&q->cv);
fail_cv:
    pthread_mutex_destroy(&q->mu);
fail_mu:
    fxt__free(v, q, sizeof *q);
    return NULL;
}

void fxt__par_free(fxt__par *q)
{
    if (q == NULL)
        return;
    pthread_mutex_lock(&q->mu);
    atomic_store(&q->quit, 1);
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu);
    for (unsigned i = 0; i < q->nworkers; i++)
        pthread_join(q->w[i].th, NULL);
    pthread_cond_destroy(&q->cv);
    pthread_mutex_destroy(&q->mu);
    fxt_validator *v = q->v;
    for (unsigned i = 0; i < q->nworkers; i++)
        fxt__shadow_free(v, q->w[i].sv);
    fxt__free(v, q, sizeof *q);
}

void fxt__par_test(fxt_validator *v, unsigned how) { v->par_test = how; }

void fxt__par_get_counts(const fxt_validator *v, fxt__par_counts *out)
{
    if (v->par == NULL)
        memset(out, 0, sizeof *out);
    else {
        *out = v->par->counts;
        for (unsigned k = 0; k < FXT__WAIT_N_; k++)
            out->wait_ns[k] = atomic_load(&v->par->wait_ns[k]),
            out->sleeps[k] = atomic_load(&v->par->sleeps[k]);
        for (unsigned k = 0; k < FXT__BUSY_N_; k++)
            out->busy_ns[k] = atomic_load(&v->par->busy_ns[k]);
    }
}

/* Nothing a shadow could summarise: a table full, providers past the
 * limit or too many to copy each round. */
static int can_speculate(const fxt_validator *v)
{
    return v->untracked == NULL && !v->implicit.untracked && !v->threads.full &&
           !v->async.full && !v->flows.full && v->nprov <= FXT__MAX_COPIES;
}

/* One round over P[0..LEN): the bytes checked. */
static size_t round_run(fxt__par *q, const uint8_t *p, size_t len, unsigned n)
{
    fxt_validator *v = q->v;
    uint64_t t0 = now_ns();
    for (unsigned i = 0; i + 1 < n; i++)
        if (!fxt__shadow_copy(v, q->w[i].sv))
            return 0;
    q->npieces = n;
    q->p = p, q->lim = p + len;
    q->off0 = v->off;
    q->bnd[0] = (bound){p, v->rec_idx, v->cur->id, v->cur->implicit, 0};
    q->prov_epoch = v->prov_epoch, q->thr_epoch = v->thr_epoch;
    const uint64_t units = (uint64_t)8 * n + (PIECE0_UNITS - 8);
    for (unsigned j = 1; j < n; j++)
        q->tgt[j] = p + ((size_t)((len * (PIECE0_UNITS + (uint64_t)8 * (j - 1))) / units) &
                         ~(size_t)7); /* (records are whole words from P) */
    q->tgt[n] = q->lim;
    for (size_t i = 0; i <= v->nprov; i++)
        memset((i < v->nprov ? v->prov[i] : &v->implicit)->thr_changed, 0,
               sizeof v->implicit.thr_changed);
    for (unsigned j = 1; j < n; j++)
        atomic_store(&q->w[j - 1].abort, 0);
    const uint64_t r = atomic_load(&q->round) + 1;
    for (unsigned j = n; j <= q->nworkers; j++)
        atomic_store(&q->w[j - 1].claim, 2 * r + 1); /* no piece for them */
    const unsigned test = v->par_test; /* (0 but in tests: fxt__par_test) */
    if (!(test & FXT__PAR_TAKE)) {
        atomic_store_explicit(&q->round, r, memory_order_release);
        wake(q);
    }
    busy(q, FXT__BUSY_COPY, &t0);
    fxt__run_whole(v, p, (size_t)(q->tgt[1] - p)); /* piece 0 */
    busy(q, FXT__BUSY_PIECE0, &t0);
    q->counts.pieces += n - 1;
    for (unsigned j = 1; j < n; j++) {
        worker *w = &q->w[j - 1];
        /* (a worker that spins takes its piece within a microsecond) */
        if (test & FXT__PAR_WAIT)
            wait_for(q, &w->claim, 2 * r, &q->quit, 1, FXT__WAIT_PIECE);
        for (unsigned spins = 0; spins < CLAIM_SPINS && atomic_load(&w->claim) < 2 * r; spins++)
            cpu_relax();
        if (take(w, r, 1)) {
            /* its worker has not started (the machine is busy): the rest of
             * the round here, as no later piece has its start yet */
            for (unsigned k = j + 1; k < n; k++)
                take(&q->w[k - 1], r, 1);
            wake(q);
            q->counts.taken += n - j;
            if (!v->stopped) {
                const uint8_t *at = p + (v->off - q->off0);
                t0 = now_ns();
                fxt__run_whole(v, at, (size_t)(q->lim - at));
                busy(q, FXT__BUSY_REDO, &t0);
            }
            break;
        }
        int why = v->stopped ? FXT__REDO_N_ : fxt__shadow_doomed(v, q->prov_epoch, q->thr_epoch);
        if (why != FXT__REDO_N_) { /* its summary cannot fit: here, now */
            atomic_store(&w->abort, 1);
            q->counts.redone++;
            q->counts.why[why]++;
            /* (AT <= END: piece 0, a redo and a merge each leave the
             * validator at or before the end of their piece, tgt[j]) */
            const uint8_t *at = p + (v->off - q->off0);
            t0 = now_ns();
            fxt__run_whole(v, at, (size_t)(q->tgt[j + 1] - at));
            busy(q, FXT__BUSY_REDO, &t0);
            continue; /* (waited for below) */
        }
        /* (spin, then sleep until its worker says it is done: yielding the
         * core on a busy machine can cost a time slice) */
        wait_for(q, &w->done, r, &q->quit, 1, FXT__WAIT_PIECE);
        if (v->stopped)
            continue; /* (every worker still has to finish the round) */
        const fxt__shadow_at from = {w->start_off, w->start_idx, w->start_copy, q->thr_epoch};
        t0 = now_ns();
        why = w->started ? fxt__shadow_why_not(v, w->sv, &from) : FXT__REDO_UNSTARTED;
        if (why == FXT__REDO_N_) {
            fxt__shadow_merge(v, w->sv);
            q->counts.merged_records += w->sv->st.records;
            busy(q, FXT__BUSY_MERGE, &t0);
            continue;
        }
        q->counts.redone++;
        q->counts.why[why]++;
        if (why == FXT__REDO_ISSUE)
            q->counts.by_rule[w->sv->shadow_rule]++;
        /* (where the framing ends the piece, by the same rule) */
        const uint8_t *at = p + (v->off - q->off0);
        fxt__run_whole(v, at, (size_t)(q->tgt[j + 1] - at));
        busy(q, FXT__BUSY_REDO, &t0);
    }
    if (test & FXT__PAR_TAKE) { /* (its pieces all taken back: the workers skip it) */
        atomic_store_explicit(&q->round, r, memory_order_release);
        wake(q);
    }
    for (unsigned j = 1; j < n; j++) /* (the pieces stopped, and those after a stop) */
        if (atomic_load(&q->w[j - 1].claim) == 2 * r)
            wait_for(q, &q->w[j - 1].done, r, &q->quit, 1, FXT__WAIT_PIECE);
    return (size_t)(v->off - q->off0);
}

size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len)
{
    fxt_validator *v = q->v;
    size_t done = 0;
    const size_t pb = q->piece_bytes;
    /* (a round of pieces of half the size or more: a chunk of twice the
     * piece size still has one after a record left over from the last) */
    const size_t half = pb / 2 < 64 ? 64 : pb / 2;
    while (len - done >= 2 * half && !v->stopped && can_speculate(v)) {
        size_t left = len - done, got;
        if (q->skip > 0) { /* backing off: these bytes on one thread */
            const size_t k = left < q->skip ? left : q->skip;
            q->skip -= k;
            if ((got = fxt__run_whole(v, p + done, k)) == 0)
                break; /* (a record of size 0, or larger: stream.c) */
            done += got;
            continue;
        }
        unsigned n = q->nworkers + 1;
        if (left / half < n)
            n = (unsigned)(left / half);
        size_t take = (size_t)n * pb;
        if (take > left || left - take < 2 * half)
            take = left; /* (the rest would be too little for a round) */
        const uint64_t redone = q->counts.redone, records = v->st.records;
        got = round_run(q, p + done, take, n);
        q->counts.rounds++;
        /* pieces mostly redone in two rounds in turn (a trace whose
         * earlier pieces keep changing what later ones depend on), or of
         * so few records that handing them out costs more than checking
         * them (large records: under one per 2 KiB): the next 1, 2, 4 ... 64
         * rounds' bytes on one thread, where waiting for a piece and
         * checking it again costs more than it gains */
        const int cheap = (v->st.records - records) * 2048 < take;
        if (cheap || 2 * (q->counts.redone - redone) > n - 1) {
            if (++q->misses >= 2) {
                q->misses = 0;
                q->skip = ((size_t)1 << q->level) * n * pb;
                q->level += q->level < 6;
                q->counts.backoffs++;
            }
        } else {
            q->misses = 0, q->level = 0;
        }
        done += got;
        if (got == 0)
            break; /* a record of size 0, or one larger than a round: stream.c */
    }
    return done;
}

#else /* no threads: one-thread checking */

fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t piece_bytes)
{
    (void)v, (void)threads, (void)piece_bytes;
    return NULL;
}

void fxt__par_free(fxt__par *q) { (void)q; }

size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len)
{
    (void)q, (void)p, (void)len;
    return 0;
}

void fxt__par_test(fxt_validator *v, unsigned how) { (void)v, (void)how; }

void fxt__par_get_counts(const fxt_validator *v, fxt__par_counts *out)
{
    (void)v;
    memset(out, 0, sizeof *out);
}

#endif
