/* SPDX-License-Identifier: MIT */
/*
 * par.c - checking on several threads, with one thread's output.
 *
 * A chunk is cut into tasks of whole records. Any thread, the validator's
 * included, takes the next task, frames it (one header word per record:
 * where it ends is where the next task starts, which another thread may
 * then take) and runs the pre-pass on it (fast.c): the lean path's checks
 * against a snapshot of the string and thread tables of the record's
 * provider as they were when the chunk began (the framing follows provider
 * switches), without counting or sequencing; each record gets an entry
 * saying which snapshot passed it. The validator's thread then applies the
 * tasks in order (fxt__fast_apply): a passed record is counted and
 * sequenced where its snapshot is the current provider's (tables only
 * grow, until a provider is started afresh, which drops its snapshot); any
 * other record goes through the one-thread path alone, which reports.
 * Issues are only ever reported by the one-thread code, in trace order, so
 * the output is one thread's whatever the threads, tasks and timing.
 *
 * Tasks are numbered for the validator's life. A worker claims the next
 * number, waits until its start is known (it may be the first task of a
 * chunk not fed yet), frames it, runs it and marks it done; the validator's
 * thread applies number after number, running tasks itself while the next
 * one is not done, and returns from a chunk only when every task of it is
 * done, so no worker reads the caller's memory after fxt_validator_feed()
 * returns. Framing and pre-pass on the same thread read each record once
 * from memory; the in-order pass reads the entries (and the async and flow
 * ids the pre-pass took), and only the records it sends through the
 * one-thread path.
 */
#include <stdatomic.h>
#include <string.h>

#include "internal.h"
#include "par.h"

#if FXT__HAVE_THREADS
#include <pthread.h>
#include <sched.h>

/* Tasks of one chunk at most (a chunk is checked in turns of at most
 * RING_TASKS * task_bytes). */
#define RING_TASKS 64u
/* Spins before a waiting worker sleeps (a few tens of microseconds: the
 * tasks of a chunk follow each other closely; sleeping and waking costs
 * more) */
#define SPINS 4000

typedef struct task {
    const uint8_t *p; /* its first record (known once started > its number) */
    unsigned snap;    /* the snapshot there (FXT__PRE_NONE: none) */
    size_t len;       /* its bytes (once framed) */
    _Atomic uint64_t done; /* its number + 1 once its entries are written */
} task;

struct fxt__par {
    fxt_validator *v;
    unsigned nworkers;
    size_t task_bytes, ent_per_task;
    uint64_t *ent; /* RING_TASKS * ent_per_task */
    uint64_t *ids; /* as many: the async and flow ids of the passed events */
    task ring[RING_TASKS];
    _Atomic uint64_t claimed;  /* the next number to take */
    _Atomic uint64_t started;  /* numbers below it have their start */
    _Atomic uint64_t job_end;  /* the number past a chunk's last task, once framed
                                  (UINT64_MAX before) */
    int job_cut;               /* the chunk's framing stopped at a record that is
                                  not whole (or of size 0) */
    uint64_t job_first;        /* the chunk's first number */
    const uint8_t *lim, *end8; /* the chunk's end, and where its whole words end */
    _Atomic unsigned sleeping;
    _Atomic int quit;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t th[FXT__MAX_THREADS];
    /* the chunk's snapshots: the string and thread tables of the first
     * providers (v->prov[i] in snaps[i], its id in pids[i]) */
    size_t nsnap;
    uint32_t pids[FXT__PRE_NONE];
    fxt__provider snaps[FXT__PRE_NONE];
};

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static task *slot(fxt__par *q, uint64_t n) { return &q->ring[n % RING_TASKS]; }

/* After publishing started or job_end: wake the workers that sleep. (The
 * fence keeps that store before the load of sleeping, as the worker's
 * increment of sleeping is before its load of started: one of the two
 * sees the other, or a worker would sleep on a task already published.) */
static void wake(fxt__par *q)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load(&q->sleeping) != 0) {
        pthread_mutex_lock(&q->mu);
        pthread_cond_broadcast(&q->cv);
        pthread_mutex_unlock(&q->mu);
    }
}

/* The snapshot after metadata record H, K being the current one (as
 * decode.c switches providers; the in-order pass finds out where not). */
static unsigned meta_snap(const fxt__par *q, uint64_t h, unsigned k)
{
    unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
    if (mt == FXT_MT_PROVIDER_INFO) /* started afresh: no snapshot */
        return FXT__PRE_NONE;
    if (mt != FXT_MT_PROVIDER_SECTION)
        return k;
    uint32_t id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
    for (size_t i = 0; i < q->nsnap; i++)
        if (q->pids[i] == id)
            return (unsigned)i;
    return FXT__PRE_NONE;
}

/* One task's records from P up to GOAL, or the first record that reaches
 * it; writes the metadata records' entries, following K. Returns where
 * it stopped; *CUT set at a record of size 0 or one that does not lie
 * whole before END8. */
static inline const uint8_t *frame_task(const fxt__par *q, const uint8_t *p, const uint8_t *goal,
                                        const uint8_t *end8, uint64_t *ent, unsigned *k,
                                        int *cut, const int be)
{
    const fxt_validator *v = q->v;
    while (p < goal) {
        uint64_t h = fxt_load_le64(p);
        if (be)
            h = fxt_bswap64(h);
        const uint64_t rl = fxt__framed_len(v, h); /* (size 0 is caught below) */
        if (FXT__UNLIKELY(FXT_GET(h, FXT_REC_TYPE) == FXT_RT_METADATA)) {
            *k = meta_snap(q, h, *k);
            *ent = FXT__PRE_SWITCH | *k;
        }
        if (FXT__UNLIKELY(rl - 1 >= (uint64_t)(end8 - p))) { /* (size 0 wraps) */
            *cut = 1;
            break;
        }
        ent++;
        p += rl;
    }
    return p;
}

/* Run task N, whose start is known: frame it, publish where the next one
 * starts (or that the chunk ends), run the pre-pass, mark it done. */
static void run_task(fxt__par *q, uint64_t n)
{
    task *t = slot(q, n);
    uint64_t *ent = q->ent + (n % RING_TASKS) * q->ent_per_task;
    const uint8_t *p = t->p, *end8 = q->end8;
    const uint8_t *goal = (size_t)(end8 - p) > q->task_bytes ? p + q->task_bytes : end8;
    unsigned k = t->snap;
    int cut = 0;
    const uint8_t *e = q->v->be ? frame_task(q, p, goal, end8, ent, &k, &cut, 1)
                                : frame_task(q, p, goal, end8, ent, &k, &cut, 0);
    t->len = (size_t)(e - p);
    if (!cut && e < end8 && n + 1 - q->job_first < RING_TASKS) {
        task *u = slot(q, n + 1);
        u->p = e, u->snap = k;
        atomic_store_explicit(&q->started, n + 2, memory_order_release);
    } else {
        q->job_cut = cut;
        atomic_store_explicit(&q->job_end, n + 1, memory_order_release);
    }
    wake(q);
    fxt__fast_pre(q->v, q->snaps, t->snap, p, t->len, q->lim, ent,
                  q->ids + (n % RING_TASKS) * q->ent_per_task);
    atomic_store_explicit(&t->done, n + 1, memory_order_release);
}

/* A worker: take the next number, wait until its start is known, run it. */
static void *worker(void *arg)
{
    fxt__par *q = arg;
    for (;;) {
        uint64_t n = atomic_fetch_add(&q->claimed, 1);
        unsigned spins = 0;
        while (atomic_load_explicit(&q->started, memory_order_acquire) <= n) {
            if (atomic_load(&q->quit))
                return NULL;
            if (++spins < SPINS) {
                cpu_relax();
                continue;
            }
            pthread_mutex_lock(&q->mu);
            atomic_fetch_add(&q->sleeping, 1);
            while (atomic_load(&q->started) <= n && !atomic_load(&q->quit))
                pthread_cond_wait(&q->cv, &q->mu);
            atomic_fetch_sub(&q->sleeping, 1);
            pthread_mutex_unlock(&q->mu);
            spins = 0;
        }
        run_task(q, n);
    }
}

/* The validator's thread takes a task whose start is known, if one is
 * left: 1 if it ran one. */
static int help(fxt__par *q)
{
    uint64_t n = atomic_load(&q->claimed);
    while (n < atomic_load_explicit(&q->started, memory_order_acquire))
        if (atomic_compare_exchange_weak(&q->claimed, &n, n + 1)) {
            run_task(q, n);
            return 1;
        }
    return 0;
}

/* Wait until task N is done or the chunk ends before it, helping
 * meanwhile: 1 if it is a task of the chunk. */
static int wait_task(fxt__par *q, uint64_t n)
{
    task *t = slot(q, n);
    unsigned spins = 0;
    for (;;) {
        if (n >= atomic_load_explicit(&q->job_end, memory_order_acquire))
            return 0;
        if (atomic_load_explicit(&t->done, memory_order_acquire) == n + 1)
            return 1;
        if (!help(q)) {
            cpu_relax();
            if (++spins % 256 == 0)
                sched_yield(); /* (a worker runs it; let other threads run too) */
        }
    }
}

fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t task_bytes)
{
    if (threads < 2)
        return NULL;
    if (threads > FXT__MAX_THREADS)
        threads = FXT__MAX_THREADS;
    if (task_bytes == 0)
        task_bytes = FXT__TASK_BYTES;
    if (task_bytes < 64)
        task_bytes = 64;
    fxt__par *q = fxt__alloc(v, sizeof *q);
    if (q == NULL)
        return NULL;
    memset(q, 0, sizeof *q);
    q->v = v;
    q->task_bytes = task_bytes;
    /* a task ends with the record that reaches task_bytes */
    q->ent_per_task = task_bytes / 8 + 1;
    q->ent = fxt__alloc(v, 2 * RING_TASKS * q->ent_per_task * sizeof *q->ent);
    if (q->ent == NULL) {
        fxt__free(v, q, sizeof *q);
        return NULL;
    }
    q->ids = q->ent + RING_TASKS * q->ent_per_task;
    for (unsigned n = 0; n < RING_TASKS; n++)
        atomic_init(&q->ring[n].done, 0);
    atomic_init(&q->job_end, 0);
    if (pthread_mutex_init(&q->mu, NULL) != 0)
        goto fail_mu;
    if (pthread_cond_init(&q->cv, NULL) != 0)
        goto fail_cv;
    for (unsigned i = 0; i + 1 < threads; i++) {
        if (pthread_create(&q->th[i], NULL, worker, q) != 0)
            break;
        q->nworkers++;
    }
    if (q->nworkers > 0)
        return q;
    pthread_cond_destroy(&q->cv);
fail_cv:
    pthread_mutex_destroy(&q->mu);
fail_mu:
    fxt__free(v, q->ent, 2 * RING_TASKS * q->ent_per_task * sizeof *q->ent);
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
        pthread_join(q->th[i], NULL);
    pthread_cond_destroy(&q->cv);
    pthread_mutex_destroy(&q->mu);
    fxt_validator *v = q->v;
    fxt__free(v, q->ent, 2 * RING_TASKS * q->ent_per_task * sizeof *q->ent);
    fxt__free(v, q, sizeof *q);
}

/* The snapshots for the next chunk: the string and thread tables of the
 * first providers as they are now (the in-order pass has checked every
 * record before the chunk; no worker reads them: every task is done). */
static void snapshot(fxt__par *q)
{
    fxt_validator *v = q->v;
    q->nsnap = 0;
    for (size_t i = 0; i < v->nprov; i++) {
        fxt__provider *p = v->prov[i];
        if (q->nsnap >= FXT__PRE_NONE || p->untracked) {
            p->snap = 0;
            continue;
        }
        fxt__provider *s = &q->snaps[q->nsnap];
        s->str_lim = p->str_lim, s->str_k = p->str_k, s->thr_lim = p->thr_lim;
        memcpy(s->strbits, p->strbits, sizeof s->strbits);
        memcpy(s->thrbits, p->thrbits, sizeof s->thrbits);
        q->pids[q->nsnap++] = p->id;
        p->snap = (uint8_t)q->nsnap;
    }
}

size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len)
{
    fxt_validator *v = q->v;
    size_t done = 0;
    /* (too little to share: the one-thread path) */
    while (len - done >= 2 * q->task_bytes && !v->stopped) {
        snapshot(q);
        uint64_t first = atomic_load(&q->started);
        q->job_first = first;
        q->job_cut = 0;
        q->lim = p + len;
        q->end8 = p + (len & ~(size_t)7);
        atomic_store(&q->job_end, UINT64_MAX);
        task *t = slot(q, first);
        t->p = p + done;
        t->snap = v->cur->snap ? v->cur->snap - 1u : FXT__PRE_NONE;
        atomic_store_explicit(&q->started, first + 1, memory_order_release);
        wake(q);
        uint64_t i = first;
        for (; wait_task(q, i); i++) {
            if (v->stopped)
                continue; /* (every task still has to be done before returning) */
            t = slot(q, i);
            done += fxt__fast_apply(v, t->p, t->len, q->ent + (i % RING_TASKS) * q->ent_per_task,
                                    q->ids + (i % RING_TASKS) * q->ent_per_task);
        }
        /* the numbers of this chunk end at job_end; the next starts there */
        atomic_store(&q->started, atomic_load(&q->job_end));
        if (q->job_cut)
            break; /* a record of size 0, or not whole in the chunk: stream.c */
    }
    return done;
}

#else /* no threads: one-thread checking */

fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t task_bytes)
{
    (void)v, (void)threads, (void)task_bytes;
    return NULL;
}

void fxt__par_free(fxt__par *q) { (void)q; }

size_t fxt__par_run(fxt__par *q, const uint8_t *p, size_t len)
{
    (void)q, (void)p, (void)len;
    return 0;
}

#endif
