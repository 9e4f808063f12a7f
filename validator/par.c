/* SPDX-License-Identifier: MIT */
/*
 * par.c - checking on several threads, with one thread's output: whole
 * chunks checked ahead by shadow validators.
 *
 * The records fed are cut into pieces; the pieces come in cycles of one
 * per thread. The validator's thread checks piece 0 of each cycle with the
 * one-thread path. Meanwhile worker j runs the same one-thread path on
 * piece j in a shadow validator: a copy of the providers' string and
 * thread tables made on the validator's thread before the piece (an older
 * copy is fine), starting in the provider the framing says piece j starts
 * in (the framing, one header word per record, follows provider records).
 * A shadow never reports: it summarises what it could not know, and the
 * validator's thread, having checked everything before piece j, merges the
 * summary in O(summary) if it fits, else checks piece j again itself. So
 * every issue comes from the one-thread path, in trace order, and the
 * output is one thread's for any number of threads, pieces and timing.
 *
 * What a shadow summarises, and what makes a piece be checked again, is
 * shadow.c's (its comment: the inventory of what the one-thread path's
 * checks read besides the record).
 *
 * Cycles are numbered. The validator's thread copies its tables into a
 * shadow of each worker, cuts the cycle into pieces (targets), then
 * publishes the cycle. Worker 1 frames piece 0 (finding where piece 1
 * starts, bound.c); worker j frames piece j (not the last) and publishes where piece
 * j + 1 starts, then checks piece j. A worker takes its piece (claim)
 * first; one not started when the validator's thread wants its piece (a
 * busy machine) has it taken back, with the rest of the cycle.
 *
 * A segment is a run of cycles over the bytes of one feed; it ends in a
 * full join, so no worker reads the caller's memory after
 * fxt_validator_feed() returns. With three threads or more a segment is one
 * cycle (a round, with a barrier at its end). With one worker it is
 * pipelined: the worker has two shadows, used in turn by the cycles; the
 * validator's thread, done with its piece 2k, copies its tables into the
 * worker's other shadow and publishes cycle k + 1 before it waits for and
 * merges piece 2k + 1; the worker, done with piece 2k + 1, finds where it
 * ended (where its shadow stopped, or by framing it), and rather than
 * frame piece 2k + 2 guesses where piece 2k + 3 starts near its target
 * (bound.c) and checks it at once: no barrier inside the feed. The
 * validator's thread merges that piece only if it stands exactly at the
 * guess, in the guessed provider (else it checks the piece again: a
 * misguess); the record index a guessed piece counts from is a base that
 * the merge moves to the real one. The next cycle says where the
 * validator stood after piece 2k (B0): the worker's chain is exact if its
 * guess was; if not, or while it does not guess (the first cycle of a
 * segment, a piece 0 under 2 * FXT__GUESS_MIN, no agreement among
 * the guess's chains, or 16 to 256 cycles after two misguesses in turn),
 * it frames from there. The copy is
 * then older than the piece's start (by pieces 2k + 1 and 2k + 2), which a
 * shadow tolerates (shadow.c); each cycle keeps its copy's provider and
 * thread epochs. Pieces double in size, up to FXT__TASK_MAX, after a cycle
 * merged whole; a redo or a taken-back piece sets them back.
 *
 * Two cycles in turn mostly redone, or of under one record per 2 KiB for
 * a caller that needs a core itself (FXT_OPT_CALLER_BUSY): the next 1, 2
 * ... 64 cycles' bytes on one thread (back-off).
 */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "bound.h"
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
#ifndef PIECE0_UNITS /* (a -D for measuring) */
#define PIECE0_UNITS 9u
#endif
/* Guess where the worker's pieces start (bound.c) instead of framing the
 * validator's pieces (a -D for measuring: 0 frames them, as before). */
#ifndef GUESS
#define GUESS 1
#endif
/* The record index a piece started at a guessed boundary counts from (the
 * merge adds what it really was; not 0, so that a magic record there is
 * not first) */
#define GUESS_IDX ((uint64_t)1 << 62)

typedef fxt__bound bound; /* (bound.h) */

/* What the validator's thread publishes of a cycle (q->cy[c & 1]). */
typedef struct cycle {
    const uint8_t *p, *lim; /* its segment's bytes */
    uint64_t off0;          /* P's offset */
    unsigned npieces;
    int first; /* its segment's first: piece 0 starts at B0 (else where the last ended) */
    int guess; /* the worker guesses where its piece starts (not the first) */
    bound b0;  /* where V stood at the copy: piece 0's start if FIRST, else the last
                  cycle's piece 1's (the worker's guess then checked) */
    const uint8_t *tgt[FXT__MAX_THREADS + 1]; /* piece j ends at the last record boundary
                                                  not past tgt[j + 1]; tgt[npieces]: the
                                                  cycle's end */
    uint64_t prov_epoch, thr_epoch; /* the validator's, at the copy */
} cycle;

typedef struct worker {
    struct fxt__par *q;
    unsigned j; /* the piece of each cycle it checks */
    struct {    /* its shadow for the cycles of each parity (the same one unless pipelined) */
        fxt_validator *sv;
        int started;                /* the shadow ran (its provider was known) */
        uint64_t off, idx;          /* where it started */
        const fxt__provider *copy;  /* in the copy of that provider */
        bound b;                    /* (its start: guessed or not, the provider) */
    } s[2];
    _Atomic uint64_t abort; /* the validator's thread checks its pieces of cycles up to
                               this one itself: stop */
    _Atomic uint64_t claim; /* 2 * c once it takes its piece of cycle c,
                               2 * c + 1 once the validator's thread does */
    _Atomic uint64_t done;  /* the last cycle it is done with */
    uint64_t mine;          /* (the validator's thread's) the last cycle it took */
    bound chain;            /* (the worker's) where its last piece ended, if HAVE_CHAIN */
    int have_chain;
    bound last;             /* (the worker's) where its last piece started */
    pthread_t th;
} worker;

struct fxt__par {
    fxt_validator *v;
    unsigned nworkers;
    int piped; /* one worker: segments of several cycles (two shadows) */
    size_t piece_bytes;
    _Atomic uint64_t cyc; /* the last cycle published */
    uint64_t opened;      /* (the validator's thread) the last cycle set up, */
    uint64_t seg_first;   /* and its segment's first */
    cycle cy[2];
    bound bnd[FXT__MAX_THREADS + 1];               /* where piece j starts (j >= 2) */
    _Atomic uint64_t bnd_cyc[FXT__MAX_THREADS + 1]; /* the cycle bnd[j] is of */
    _Atomic unsigned sleeping;
    _Atomic uint64_t quit; /* 1 once the workers are to end */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    fxt__par_counts counts;
    _Atomic uint64_t wait_ns[FXT__WAIT_N_], sleeps[FXT__WAIT_N_]; /* (counts.wait_*) */
    _Atomic uint64_t busy_ns[FXT__BUSY_N_];                       /* (counts.busy_ns) */
    unsigned misses; /* cycles in turn whose pieces were mostly redone */
    unsigned misguessed; /* guesses in turn that were wrong */
    unsigned noguess, noguess_for; /* cycles left to frame, and how many after the next misses */
    unsigned level;  /* 2^level cycles' bytes on one thread at the next miss */
    size_t skip;     /* bytes left to check on one thread */
    worker w[FXT__MAX_THREADS];
};

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* After publishing a cycle or a bound: wake the workers that sleep (the
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
 * few clock reads per piece. */
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

/* Take W's piece of cycle C for the worker (MINE 0) or for the
 * validator's thread (1): 1 if taken, 0 if the other has it. */
static int take(worker *w, uint64_t c, int mine)
{
    uint64_t k = atomic_load(&w->claim);
    while (k < 2 * c)
        if (atomic_compare_exchange_weak(&w->claim, &k, 2 * c + (uint64_t)mine))
            return 1;
    return 0;
}

/* Whether two starts are in the same provider: both the implicit one, or
 * the same id. */
static int same_provider(int implicit_a, uint32_t pid_a, int implicit_b, uint32_t pid_b)
{
    return implicit_a == implicit_b && (implicit_a || pid_a == pid_b);
}

/* Where worker W's piece of cycle CY (piece 1) starts, into *B: framed
 * from where piece 0 starts, or guessed near its target (pipelined, after
 * the first cycle); 0 if the worker cannot know (its last piece taken
 * back). */
static int piece1_start(fxt__par *q, worker *w, const cycle *cy, bound *b)
{
    const int chained = w->have_chain;
    w->have_chain = 0;
    if (cy->first) {
        fxt__frame(q->v, &cy->b0, cy->tgt[1], b);
        return 1;
    }
    if (!chained)
        return 0;
    /* its last piece started where V then stood (B0), in its provider:
     * where that piece ended is exact, its index counted from B0's */
    const int exact = w->last.at == cy->b0.at &&
                      same_provider(w->last.implicit, w->last.pid, cy->b0.implicit, cy->b0.pid);
    if (exact)
        w->chain.idx += cy->b0.idx - w->last.idx, w->chain.guessed = 0;
    fxt__guess g;
    const size_t half = (size_t)(cy->tgt[1] - cy->tgt[0]) / 2 & ~(size_t)7;
    const size_t back = half < FXT__GUESS_BACK ? half : FXT__GUESS_BACK;
    if (cy->guess && back >= FXT__GUESS_MIN &&
        fxt__guess_bound(q->v, cy->tgt[0], cy->tgt[1], back, &g)) {
        /* (no provider record near it: the one piece 0 started in) */
        *b = (bound){g.at, GUESS_IDX, g.has_pid ? g.pid : w->chain.pid,
                     g.has_pid ? 0 : w->chain.implicit, 0, 1};
        return 1;
    }
    fxt__frame(q->v, exact ? &w->chain : &cy->b0, cy->tgt[1], b); /* (B0: its last piece too) */
    return 1;
}

static void publish(fxt__par *q, unsigned j, uint64_t c)
{
    atomic_store_explicit(&q->bnd_cyc[j], c, memory_order_release);
    wake(q);
}

/* Worker W's part of cycle C. */
static void run_piece(fxt__par *q, worker *w, uint64_t c)
{
    const unsigned j = w->j;
    /* (its piece taken first: until then the validator's thread may set up
     * a later cycle in this one's place, q->cy[c & 1]) */
    if ((j > 1 && !wait_for(q, &q->bnd_cyc[j], c, &w->claim, 2 * c, FXT__WAIT_BOUND)) ||
        !take(w, c, 0)) {
        w->have_chain = 0; /* (the validator's thread took it, or there is no piece for
                              it: it takes the pieces after it until the segment ends) */
        return;
    }
    const cycle *cy = &q->cy[c & 1];
    uint64_t t0 = now_ns();
    bound b;
    w->s[c & 1].started = 0, w->s[c & 1].b.guessed = 0;
    if (j == 1) {
        if (!piece1_start(q, w, cy, &b))
            return; /* (not started: checked again) */
    } else {
        b = q->bnd[j];
    }
    w->s[c & 1].b = b;
    const uint8_t *end = cy->tgt[cy->npieces];
    if (j + 1 < cy->npieces) {
        fxt__frame(q->v, &b, cy->tgt[j + 1], &q->bnd[j + 1]);
        publish(q, j + 1, c);
        end = q->bnd[j + 1].at;
    }
    busy(q, FXT__BUSY_FRAME, &t0);
    fxt_validator *sv = w->s[c & 1].sv;
    const uint64_t off = cy->off0 + (uint64_t)(b.at - cy->p);
    w->s[c & 1].off = off, w->s[c & 1].idx = b.idx;
    const int started = !b.cut && fxt__shadow_start(sv, b.implicit, b.pid, off, b.idx);
    w->s[c & 1].started = started;
    w->s[c & 1].copy = sv->cur;
    /* in slices, to stop soon once its piece is checked again anyway */
    const uint8_t *at = b.at;
    while (started && at < end && !sv->stopped) {
        if (atomic_load_explicit(&w->abort, memory_order_relaxed) >= c) {
            fxt__shadow_stop(sv, FXT__STOP_ABORT);
            break;
        }
        size_t k = (size_t)(end - at) < SLICE ? (size_t)(end - at) : SLICE;
        size_t got = fxt__run_whole(sv, at, k);
        if (got == 0 && k < (size_t)(end - at)) /* (a record larger than a slice) */
            got = fxt__run_whole(sv, at, (size_t)(end - at));
        if (got == 0)
            break;
        at += got;
    }
    busy(q, FXT__BUSY_CHECK, &t0);
    if (q->piped && end < cy->lim) {
        /* where the next cycle's piece 0 starts: where the shadow stopped
         * (its position and provider are the one-thread path's, unless it
         * met what it could not summarise), framed to the end (a record of
         * size 0 there) */
        const int exact = started && (sv->shadow_fail == 0 || sv->shadow_fail == FXT__STOP_ABORT);
        const bound from = {at, sv->rec_idx, sv->cur->id, sv->cur == &sv->implicit, 0, b.guessed};
        fxt__frame(q->v, exact ? &from : &b, end, &w->chain);
        w->have_chain = 1;
        w->last = b;
        busy(q, FXT__BUSY_FRAME, &t0);
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    fxt__par *q = w->q;
    for (uint64_t c = 1;; c++) {
        if (!wait_for(q, &q->cyc, c, &q->quit, 1, FXT__WAIT_ROUND))
            return NULL;
        run_piece(q, w, c);
        atomic_store_explicit(&w->done, c, memory_order_release);
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
    q->piped = threads == 2;
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
        atomic_init(&w->abort, 0);
        if ((w->s[0].sv = fxt__shadow_new(v)) == NULL)
            break;
        w->s[1].sv = w->s[0].sv;
        if (q->piped && (w->s[1].sv = fxt__shadow_new(v)) == NULL) {
            fxt__shadow_free(v, w->s[0].sv);
            break;
        }
        if (pthread_create(&w->th, NULL, worker_main, w) != 0) {
            if (w->s[1].sv != w->s[0].sv)
                fxt__shadow_free(v, w->s[1].sv);
            fxt__shadow_free(v, w->s[0].sv);
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
    for (unsigned i = 0; i < q->nworkers; i++) {
        if (q->w[i].s[1].sv != q->w[i].s[0].sv)
            fxt__shadow_free(v, q->w[i].s[1].sv);
        fxt__shadow_free(v, q->w[i].s[0].sv);
    }
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

/* ---- the validator's thread ---- */

/* Nothing a shadow could summarise: a table full, providers past the
 * limit or too many to copy each cycle. */
static int can_speculate(const fxt_validator *v)
{
    return v->untracked == NULL && !v->implicit.untracked && !v->threads.full &&
           !v->async.full && !v->flows.full && v->nprov <= FXT__MAX_COPIES;
}

/* Wait until W is done with every piece it took (up to cycle UPTO). */
static void wait_done(fxt__par *q, worker *w, uint64_t upto)
{
    const uint64_t c = w->mine < upto ? w->mine : upto;
    if (c > 0)
        wait_for(q, &w->done, c, &q->quit, 1, FXT__WAIT_PIECE);
}

/* Set up cycle C of N pieces over [FROM, FROM + BYTES) of the segment
 * P[0..LIM), P at offset OFF0 (the first of its segment: V is at FROM): copy V's tables into
 * the workers' shadows for it, once each is done with the cycle before
 * that used the shadow; publish it unless every piece is to be taken back
 * (tests). 0 without memory for the copies. */
static int open_cycle(fxt__par *q, uint64_t c, const uint8_t *p, const uint8_t *lim,
                      uint64_t off0, const uint8_t *from, size_t bytes, unsigned n, int first)
{
    fxt_validator *v = q->v;
    cycle *cy = &q->cy[c & 1];
    for (unsigned i = 0; i + 1 < n; i++) {
        wait_done(q, &q->w[i], c - 2);
        if (!fxt__shadow_copy(v, q->w[i].s[c & 1].sv))
            return 0;
    }
    cy->p = p, cy->lim = lim, cy->off0 = off0;
    cy->npieces = n;
    cy->first = first;
    cy->b0 = (bound){p + (v->off - off0), v->rec_idx, v->cur->id, v->cur->implicit, 0, 0};
    cy->guess = GUESS && !first && q->noguess == 0;
    q->noguess -= !first && q->noguess > 0;
    cy->prov_epoch = v->prov_epoch, cy->thr_epoch = v->thr_epoch;
    const uint64_t units = (uint64_t)8 * (n - 1) + PIECE0_UNITS; /* (below 8 too) */
    cy->tgt[0] = from;
    for (unsigned j = 1; j < n; j++) /* (records are whole words from P: FROM - P is) */
        cy->tgt[j] = from + ((size_t)((bytes * (PIECE0_UNITS + (uint64_t)8 * (j - 1))) / units) &
                             ~(size_t)7);
    cy->tgt[n] = from + bytes;
    for (unsigned j = n; j <= q->nworkers; j++)
        atomic_store(&q->w[j - 1].claim, 2 * c + 1); /* no piece for them */
    if ((v->par_test & FXT__PAR_TAKE_4TH) && c == q->seg_first + 3)
        for (unsigned j = 1; j < n; j++) /* (tests: taken back before it is published) */
            atomic_store(&q->w[j - 1].claim, 2 * c + 1);
    const size_t wp = (size_t)(cy->tgt[n] - cy->tgt[n - 1]);
    q->counts.piece_max = wp > q->counts.piece_max ? wp : q->counts.piece_max;
    q->opened = c;
    if (!(v->par_test & FXT__PAR_TAKE)) {
        atomic_store_explicit(&q->cyc, c, memory_order_release);
        wake(q);
    }
    return 1;
}

/* A guessed start checked (RIGHT: V stood there, in its provider): after
 * two wrong in turn, the next 16, 32 ... 256 cycles framed. */
static void guessed(fxt__par *q, int right)
{
    q->counts.guessed++;
    if (right) {
        q->misguessed = 0;
        return;
    }
    q->counts.misguesses++;
    if (++q->misguessed >= 2) {
        q->misguessed = 0;
        q->noguess_for = q->noguess_for == 0 ? 16 : q->noguess_for < 256 ? 2 * q->noguess_for : 256;
        q->noguess = q->noguess_for;
    }
}

/* The workers' pieces of cycle C, in order: merged, checked again, or
 * taken back; *ENDING once the segment is to end (a piece taken back: its
 * worker is not running). The pieces checked again (a wrong guess among
 * them: its piece is redone as one that did not start where V stands). */
static uint64_t close_cycle(fxt__par *q, uint64_t c, int *ending)
{
    fxt_validator *v = q->v;
    const cycle *cy = &q->cy[c & 1];
    const unsigned n = cy->npieces, test = v->par_test; /* (0 but in tests: fxt__par_test) */
    const uint8_t *p = cy->p;
    const uint64_t redone = q->counts.redone;
    uint64_t t0;
    q->counts.pieces += n - 1;
    for (unsigned j = 1; j < n; j++) {
        worker *w = &q->w[j - 1];
        /* (a worker that spins takes its piece within a microsecond) */
        if (test & FXT__PAR_WAIT)
            wait_for(q, &w->claim, 2 * c, &q->quit, 1, FXT__WAIT_PIECE);
        for (unsigned spins = 0;
             !*ending && spins < CLAIM_SPINS && atomic_load(&w->claim) < 2 * c; spins++)
            cpu_relax();
        if (take(w, c, 1) || atomic_load(&w->claim) == 2 * c + 1) {
            /* its worker has not started (the machine is busy): the rest of
             * the cycle here, as no later piece has its start yet */
            for (unsigned k = j + 1; k < n; k++)
                if (!take(&q->w[k - 1], c, 1))
                    q->w[k - 1].mine = c; /* (it frames before it looks) */
            wake(q);
            q->counts.taken += n - j;
            *ending = 1;
            if (!v->stopped) {
                const uint8_t *at = p + (v->off - cy->off0);
                t0 = now_ns();
                fxt__run_whole(v, at, (size_t)(cy->tgt[n] - at));
                busy(q, FXT__BUSY_REDO, &t0);
            }
            break;
        }
        w->mine = c;
        int why = v->stopped ? FXT__REDO_N_ : fxt__shadow_doomed(v, cy->prov_epoch, cy->thr_epoch);
        if (v->stopped || why != FXT__REDO_N_) { /* its summary cannot fit: here, now */
            atomic_store(&w->abort, c);
            if (v->stopped)
                continue; /* (waited for when the segment ends) */
            q->counts.redone++;
            q->counts.why[why]++;
            /* (AT <= END: piece 0, a redo and a merge each leave the
             * validator at or before the end of their piece, tgt[j]) */
            const uint8_t *at = p + (v->off - cy->off0);
            t0 = now_ns();
            fxt__run_whole(v, at, (size_t)(cy->tgt[j + 1] - at));
            busy(q, FXT__BUSY_REDO, &t0);
            continue;
        }
        /* (spin, then sleep until its worker says it is done: yielding the
         * core on a busy machine can cost a time slice) */
        wait_for(q, &w->done, c, &q->quit, 1, FXT__WAIT_PIECE);
        if (v->stopped)
            continue;
        const bound *g = &w->s[c & 1].b;
        if (g->guessed)
            guessed(q, v->off == cy->off0 + (uint64_t)(g->at - p) &&
                           same_provider(v->cur->implicit, v->cur->id, g->implicit, g->pid));
        const fxt__shadow_at from = {w->s[c & 1].off, w->s[c & 1].idx, w->s[c & 1].copy,
                                     cy->thr_epoch, g->guessed};
        fxt_validator *sv = w->s[c & 1].sv;
        t0 = now_ns();
        why = w->s[c & 1].started ? fxt__shadow_why_not(v, sv, &from) : FXT__REDO_UNSTARTED;
        if (why == FXT__REDO_N_) {
            fxt__shadow_merge(v, sv, &from);
            q->counts.merged_records += sv->st.records;
            busy(q, FXT__BUSY_MERGE, &t0);
            continue;
        }
        q->counts.redone++;
        q->counts.why[why]++;
        if (why == FXT__REDO_ISSUE)
            q->counts.by_rule[sv->shadow_rule]++;
        /* (where the framing ends the piece, by the same rule) */
        const uint8_t *at = p + (v->off - cy->off0);
        fxt__run_whole(v, at, (size_t)(cy->tgt[j + 1] - at));
        busy(q, FXT__BUSY_REDO, &t0);
    }
    if (test & FXT__PAR_TAKE) { /* (its pieces all taken back: the workers skip it) */
        atomic_store_explicit(&q->cyc, c, memory_order_release);
        wake(q);
    }
    return q->counts.redone - redone;
}

/* The bytes of a cycle of N pieces of PIECE bytes from FROM, LEFT bytes
 * before the segment's end: all of them if the rest would be too little
 * for a further cycle. */
static size_t cycle_bytes(size_t piece, unsigned n, size_t left, size_t half)
{
    const size_t bytes = (size_t)n * piece;
    return bytes > left || left - bytes < (size_t)n * half ? left : bytes;
}

/* A segment over P[0..LEN): cycles of N pieces until LEN (pipelined) or
 * one cycle; the bytes checked. Returns once no worker reads P any more. */
static size_t segment(fxt__par *q, const uint8_t *p, size_t len, unsigned n)
{
    fxt_validator *v = q->v;
    const size_t pb = q->piece_bytes, half = pb / 2 < 64 ? 64 : pb / 2;
    const int piped = q->piped && n == 2;
    size_t cap = len / (2 * (size_t)n);
    cap = cap > FXT__TASK_MAX ? FXT__TASK_MAX : cap;
    cap = cap < pb ? pb : cap; /* (pieces never below the size asked for) */
    const uint8_t *const lim = p + len;
    const uint64_t off0 = v->off;
    uint64_t c = q->opened + 1, t0 = now_ns();
    size_t piece = pb;
    const size_t first = piped ? cycle_bytes(pb, n, len, half) : len;
    q->seg_first = c;
    if (!open_cycle(q, c, p, lim, off0, p, first, n, 1))
        return 0;
    q->counts.segments++;
    int ending = 0, clean = 1;
    for (;; c++) {
        const cycle *cy = &q->cy[c & 1];
        const uint64_t records = v->st.records;
        busy(q, FXT__BUSY_COPY, &t0);
        const uint8_t *at = p + (v->off - off0);
        const size_t got = fxt__run_whole(v, at, (size_t)(cy->tgt[1] - at)); /* piece 0 */
        busy(q, FXT__BUSY_PIECE0, &t0);
        /* the next cycle now, so that the worker, done with its piece,
         * goes on at once: its copy is older than its pieces, which shadows
         * tolerate (shadow.c); pieces grow after a cycle merged whole */
        const uint8_t *next = cy->tgt[cy->npieces];
        /* (none after a piece 0 that checked nothing: a record of size 0,
         * or one larger than the cycle, that stream.c reports) */
        int more = piped && !ending && next < lim && !v->stopped && can_speculate(v) &&
                   (got > 0 || at >= cy->tgt[1]);
        if (more) {
            piece = !clean ? pb : 2 * piece > cap ? cap : 2 * piece;
            const size_t bytes = cycle_bytes(piece, n, (size_t)(lim - next), half);
            more = open_cycle(q, c + 1, p, lim, off0, next, bytes, n, 0);
        }
        busy(q, FXT__BUSY_COPY, &t0);
        const uint64_t redone = close_cycle(q, c, &ending);
        t0 = now_ns();
        q->counts.rounds++;
        clean = redone == 0 && !ending;
        /* pieces mostly redone in two cycles in turn (a trace whose
         * earlier pieces keep changing what later ones depend on), or of so
         * few records that handing them out costs more than checking them
         * while the caller needs a core too (large records: under one per
         * 2 KiB, FXT_OPT_CALLER_BUSY; fxt-validate's reader thread: there
         * coverage's -j2 took 0.069-0.077 s against -j1's 0.053-0.057 s
         * when such cycles were pipelined, even when only those whose piece
         * was taken back, or that came late, or whose thread lost the core,
         * backed off: no signal seen here tells; in memory they gain,
         * 0.028-0.029 s against 0.033-0.042 s; bench/README.md): the next
         * 1, 2, 4 ... 64 cycles' bytes on one
         * thread, where waiting for a piece and checking it again costs
         * more than it gains */
        const size_t bytes = (size_t)(cy->tgt[cy->npieces] - cy->tgt[0]);
        const int cheap = (v->o.flags & FXT_OPT_CALLER_BUSY) &&
                          (v->st.records - records) * 2048 < bytes;
        if (cheap || 2 * redone > n - 1) {
            if (++q->misses >= 2) {
                q->misses = 0;
                q->skip = ((size_t)1 << q->level) * n * pb;
                q->level += q->level < 6;
                q->counts.backoffs++;
                ending = 1;
            }
        } else {
            q->misses = 0, q->level = 0;
        }
        if (!more)
            break;
    }
    for (unsigned i = 0; i < q->nworkers; i++) /* (the pieces stopped, and after a stop) */
        wait_done(q, &q->w[i], c);
    return (size_t)(v->off - off0);
}

size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len)
{
    fxt_validator *v = q->v;
    size_t done = 0;
    const size_t pb = q->piece_bytes;
    /* (a cycle of pieces of half the size or more: a chunk of twice the
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
        if (!q->piped || n < 2) { /* one cycle (a round) */
            size_t take = (size_t)n * pb;
            if (take > left || left - take < 2 * half)
                take = left; /* (the rest would be too little for a round) */
            left = take;
        }
        got = segment(q, p + done, left, n);
        done += got;
        if (got == 0)
            break; /* a record of size 0, or one larger than a cycle: stream.c */
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
