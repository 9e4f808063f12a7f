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
 * What the one-thread path's checks read besides the record (every rule
 * of decode.c, args.c, cursor.h, fast.c, fast_other.h and sequence.c), and
 * how a shadow deals with it:
 *  - a string ref registered or not (only defined-ness: no check reads a
 *    string's value): refs missing from the copy are logged (pend) and
 *    taken as registered; the merge checks each against the real table,
 *    which then holds exactly what was registered before piece j (the
 *    shadow's own registrations in piece j are in its copy).
 *  - a thread ref registered or not, and its koids (durations and async
 *    ids are keyed by them): a ref missing from the copy is an issue to a
 *    shadow (redo); a shadow notes each index whose koids its sequencing
 *    used (thr_used); if any thread was registered since the copy
 *    (thr_epoch), each of those must still have the copy's koids. A round
 *    whose piece 0 registers an index again with other koids redoes its
 *    later pieces at once (doomed()).
 *  - the current provider, providers introduced, provider info starting
 *    one afresh (its tables emptied, a warning): a shadow stops at a
 *    provider info or an unknown provider; the merge wants the provider
 *    the shadow started in to be the current one, and no provider
 *    introduced or restarted since the copy (prov_epoch).
 *  - durations per thread (depth, the outermost begins' offsets): a
 *    shadow's thread counts the ends of begins before the piece (borrow);
 *    the merge wants that many open, pops them, pushes the shadow's open
 *    begins. Thread table limit: the merge wants room for the new threads.
 *  - async and flow ids open (and their depth, duplicate begins): a
 *    shadow keeps every id it saw with what it asks of the begins open
 *    before the piece (table.h: aux); the merge checks it against the real
 *    table and applies it. Limits: room for every id the shadow saw.
 *  - record offsets and indexes (in issues, magic-first, the begins
 *    kept): the framing counts records, so a shadow's are the real ones.
 *  - magic first, initialization, duration complete, everything else a
 *    record alone decides: an issue, which stops a shadow (redo).
 *  - --max-* limits, a full or memory-starved table, untracked
 *    providers: a shadow's limit is an issue (redo); with a real table
 *    full or providers past the limit, no round starts (one thread).
 *  - counts (records, by type, by event type, per provider): summed.
 *  - ignored rules (--ignore): their reports still stop a shadow (redo).
 *  - stop at an error, --max-issues, size 0, a record not whole, a
 *    visitor: only the validator's thread reports or stops; a visitor
 *    keeps the validator off the lean path and off this file.
 *  - not covered: past FXT__BUF_CAP / sizeof(pending) (18,724) begins left
 *    unended at the end, fxt__report_unended reports the rest unsorted, in
 *    the order of the tables' slots, which merges may have placed apart
 *    from where one thread's insertions would have.
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

#include "internal.h"
#include "par.h"

#if FXT__HAVE_THREADS
#include <pthread.h>

/* Spins before a waiting worker sleeps. */
#define SPINS 4000
/* Spins of the validator's thread for a worker to take its piece before
 * it takes it back (the worker is not running: the machine is busy). */
#define CLAIM_SPINS 2000
/* Providers copied into a shadow at most (more: one thread). */
#define MAX_COPIES 64
/* A shadow checks its piece in slices of this many bytes (between them it
 * looks whether it should stop). */
#define SLICE ((size_t)64 << 10)
/* Piece 0, checked on the validator's thread while worker 1 also frames
 * it, is PIECE0_UNITS / 8 of the others. */
#define PIECE0_UNITS 9u

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
    _Atomic int quit;
    _Atomic uint64_t quit_word; /* 1 once quit (for wait_for) */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    fxt__par_counts counts;
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

/* Wait until *A >= WANT, or *B >= B_WANT, or quit: 1 for the first. */
static int wait_for(fxt__par *q, _Atomic uint64_t *a, uint64_t want, _Atomic uint64_t *b,
                    uint64_t b_want)
{
    unsigned spins = 0;
    for (;;) {
        if (atomic_load_explicit(a, memory_order_acquire) >= want)
            return 1;
        if (atomic_load(&q->quit) || atomic_load(b) >= b_want)
            return 0;
        if (++spins < SPINS) {
            cpu_relax();
            continue;
        }
        pthread_mutex_lock(&q->mu);
        atomic_fetch_add(&q->sleeping, 1);
        while (atomic_load(a) < want && atomic_load(b) < b_want && !atomic_load(&q->quit))
            pthread_cond_wait(&q->cv, &q->mu);
        atomic_fetch_sub(&q->sleeping, 1);
        pthread_mutex_unlock(&q->mu);
        spins = 0;
    }
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
    while (!cut && p < goal) { /* (GOAL - P is a multiple of 8) */
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
        if (FXT__UNLIKELY(rl - 1 >= (uint64_t)(goal - p))) {
            cut = rl == 0;
            break;
        }
        p += rl;
        n++;
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

/* ---- shadows ---- */

/* The real provider of copy C in SV. */
static fxt__provider *real_of(fxt_validator *v, const fxt_validator *sv, const fxt__provider *c)
{
    if (c == &sv->implicit)
        return &v->implicit;
    const fxt__slot *sl = fxt__tfind(&sv->prov_ids, c->id, 0, 0);
    return v->prov[sl->idx];
}

void fxt__shadow_pending(fxt_validator *sv, unsigned ref)
{
    const fxt__provider *c = sv->cur;
    uint32_t k = 0;
    if (c != &sv->implicit)
        k = (uint32_t)fxt__tfind(&sv->prov_ids, c->id, 0, 0)->idx + 1;
    if (sv->npend == FXT__PEND_CAP || k > 0xffff) {
        fxt__shadow_stop(sv);
        return;
    }
    sv->pend[sv->npend++] = k << 16 | ref;
}

static void copy_prov(fxt_validator *sv, fxt__provider *d, const fxt__provider *s)
{
    d->id = s->id;
    d->implicit = s->implicit;
    d->untracked = s->untracked;
    d->str_lim = s->str_lim, d->thr_lim = s->thr_lim, d->str_k = s->str_k;
    memcpy(d->strbits, s->strbits, sizeof d->strbits);
    memcpy(d->thrbits, s->thrbits, sizeof d->thrbits);
    memcpy(d->thr_pid, s->thr_pid, sizeof d->thr_pid);
    memcpy(d->thr_tid, s->thr_tid, sizeof d->thr_tid);
    for (unsigned i = 0; i < 256; i++)
        d->thr[i] = &sv->no_thread;
    memset(d->thr_new, 0, sizeof d->thr_new);
    memset(d->thr_used, 0, sizeof d->thr_used);
    d->records = 0;
    memset(d->by_type, 0, sizeof d->by_type);
}

/* Copy V's providers into SV (on the validator's thread): 0 without
 * memory for them. */
static int copy_tables(fxt_validator *v, fxt_validator *sv)
{
    while (sv->nprov < v->nprov) { /* providers are never forgotten: new ones */
        if (sv->nprov == sv->prov_cap) {
            size_t cap = sv->prov_cap ? 2 * sv->prov_cap : 8;
            fxt__provider **np =
                fxt__realloc(sv, sv->prov, sv->prov_cap * sizeof *np, cap * sizeof *np);
            if (np == NULL)
                return 0;
            sv->prov = np, sv->prov_cap = cap;
        }
        fxt__provider *c = fxt__alloc(sv, sizeof *c);
        int fresh;
        fxt__slot *s = c ? fxt__tput(&sv->prov_ids, v->prov[sv->nprov]->id, 0, 0, &fresh) : NULL;
        if (s == NULL) {
            fxt__free(sv, c, sizeof *c);
            return 0;
        }
        fxt__prov_init(sv, c, v->prov[sv->nprov]->id);
        s->idx = sv->nprov;
        sv->prov[sv->nprov++] = c;
    }
    for (size_t i = 0; i < v->nprov; i++)
        copy_prov(sv, sv->prov[i], v->prov[i]);
    copy_prov(sv, &sv->implicit, &v->implicit);
    return 1;
}

/* Ready SV for a piece starting at B (offset OFF), its counts and
 * sequencing empty: 0 if its provider has no copy. */
static int shadow_start(fxt_validator *sv, const bound *b, uint64_t off)
{
    fxt__provider *c = &sv->implicit;
    if (!b->implicit) {
        const fxt__slot *s = fxt__tfind(&sv->prov_ids, b->pid, 0, 0);
        if (s == NULL)
            return 0;
        c = sv->prov[s->idx];
    }
    sv->cur = c;
    sv->off = off, sv->rec_idx = b->idx;
    sv->stopped = sv->stop_after = sv->shadow_fail = 0;
    sv->npend = 0;
    sv->st.records = 0;
    sv->st.unchecked = 0; /* (a limit says so once: a shadow's is an issue each time) */
    memset(sv->st.by_type, 0, sizeof sv->st.by_type);
    memset(sv->st.events_by_type, 0, sizeof sv->st.events_by_type);
    fxt__table_clear(&sv->threads);
    fxt__table_clear(&sv->async);
    fxt__table_clear(&sv->flows);
    sv->last_thread = NULL;
    return 1;
}

/* Worker W's part of round R. */
static void run_piece(fxt__par *q, worker *w, uint64_t r)
{
    const unsigned j = w->j;
    if (j == 1) { /* piece 0's framing */
        if (!take(w, r, 0))
            return;
        frame(q, &q->bnd[0], q->tgt[1], &q->bnd[1]);
        publish(q, 1, r);
    } else if (!wait_for(q, &q->bnd_round[j], r, &w->claim, 2 * r) || !take(w, r, 0)) {
        return; /* (the validator's thread took it) */
    }
    const bound b = q->bnd[j];
    const uint8_t *end = q->lim;
    if (j + 1 < q->npieces) {
        frame(q, &b, q->tgt[j + 1], &q->bnd[j + 1]);
        publish(q, j + 1, r);
        end = q->bnd[j + 1].at;
    }
    w->start_off = q->off0 + (uint64_t)(b.at - q->p);
    w->start_idx = b.idx;
    w->started = !b.cut && shadow_start(w->sv, &b, w->start_off);
    w->start_copy = w->sv->cur;
    /* in slices, to stop soon once its piece is checked again anyway */
    for (const uint8_t *at = b.at; w->started && at < end && !w->sv->stopped;) {
        if (atomic_load_explicit(&w->abort, memory_order_relaxed)) {
            fxt__shadow_stop(w->sv);
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
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    fxt__par *q = w->q;
    for (uint64_t r = 1;; r++) {
        if (!wait_for(q, &q->round, r, &q->quit_word, 1))
            return NULL;
        run_piece(q, w, r);
        atomic_store_explicit(&w->done, r, memory_order_release);
        wake(q);
    }
}

/* ---- merging ---- */

/* The koids of every thread index whose koids SV's sequencing used, as
 * the copy had them, are still V's. */
static int threads_same(const fxt_validator *v, const fxt_validator *sv)
{
    for (size_t i = 0; i <= v->nprov; i++) {
        const fxt__provider *s = i < v->nprov ? v->prov[i] : &v->implicit;
        const fxt__provider *d = i < v->nprov ? sv->prov[i] : &sv->implicit;
        for (unsigned k = 0; k < 4; k++) {
            uint64_t m = d->thr_used[k];
            if (m & d->thr_new[k]) /* (the copy's koids it used are gone) */
                return 0;
            if ((m & s->thrbits[k]) != m)
                return 0;
            for (; m; m &= m - 1) {
                unsigned x = 64 * k + (unsigned)__builtin_ctzll(m);
                if (s->thr_pid[x] != d->thr_pid[x] || s->thr_tid[x] != d->thr_tid[x])
                    return 0;
            }
        }
    }
    return 1;
}

/* The ids of shadow table X fit V's table T: what X's events ask of the
 * ids open before the piece holds, and T has room for all of them. */
static int ids_fit(const fxt__table *t, const fxt__table *x)
{
    if (t->full || t->count + x->count > t->max)
        return 0;
    for (size_t i = 0; x->count && i <= x->mask; i++) {
        if (!x->tag[i])
            continue;
        const fxt__slot *s = &x->s[i], *r = fxt__tfind(t, s->k[0], s->k[1], s->k[2]);
        const uint32_t open = r ? r->depth : 0, b = s->aux >> 2;
        if ((s->aux & 2) ? open != b : open < b + (s->aux & 1))
            return 0;
    }
    return 1;
}

static void ids_apply(fxt__table *t, const fxt__table *x)
{
    for (size_t i = 0; x->count && i <= x->mask; i++) {
        if (!x->tag[i])
            continue;
        const fxt__slot *s = &x->s[i];
        fxt__slot *r = fxt__tfind(t, s->k[0], s->k[1], s->k[2]);
        const uint32_t open = r ? r->depth : 0, left = open - (s->aux >> 2);
        if (left + s->depth == 0) {
            if (r != NULL)
                fxt__tdel(t, r);
            continue;
        }
        int fresh;
        if (r == NULL && (r = fxt__tput(t, s->k[0], s->k[1], s->k[2], &fresh)) == NULL)
            continue; /* (no memory: ids_fit saw room) */
        if (left == 0) /* every begin before closed: the slot is the shadow's begin's */
            r->off = s->off, r->idx = s->idx;
        r->depth = left + s->depth;
    }
}

/* Known before its worker is done: no summary of this round can fit (a
 * provider introduced or started afresh, or a thread index registered
 * again with other koids, which a shadow has likely used). */
static int doomed(const fxt__par *q)
{
    const fxt_validator *v = q->v;
    if (v->prov_epoch != q->prov_epoch)
        return 1;
    if (v->thr_epoch == q->thr_epoch)
        return 0;
    for (size_t i = 0; i <= v->nprov; i++) {
        const fxt__provider *s = i < v->nprov ? v->prov[i] : &v->implicit;
        if (s->thr_changed[0] | s->thr_changed[1] | s->thr_changed[2] | s->thr_changed[3])
            return 1;
    }
    return 0;
}

/* Does worker W's summary fit where the validator's thread is? */
static int fits(fxt__par *q, const worker *w)
{
    fxt_validator *v = q->v, *sv = w->sv;
    if (!w->started || sv->shadow_fail || sv->stopped || v->stopped || v->off != w->start_off ||
        v->rec_idx != w->start_idx)
        return 0;
    if (v->prov_epoch != q->prov_epoch || sv->nprov != v->nprov ||
        real_of(v, sv, w->start_copy) != v->cur)
        return 0;
    if (v->thr_epoch != q->thr_epoch && !threads_same(v, sv))
        return 0;
    for (size_t i = 0; i < sv->npend; i++) {
        const uint32_t k = sv->pend[i] >> 16, ref = sv->pend[i] & 0xffff;
        const fxt__provider *p = k ? v->prov[k - 1] : &v->implicit;
        if (!((p->strbits[ref >> 6] >> (ref & 63)) & 1))
            return 0;
    }
    size_t fresh = 0;
    for (size_t k = 0; k < sv->threads.count; k++) {
        const fxt__thread *t = &sv->thr_blocks[k / FXT__THR_BLOCK][k % FXT__THR_BLOCK];
        const fxt__slot *s = fxt__tfind(&v->threads, t->pid, t->tid, 0);
        const uint32_t open = s ? ((const fxt__thread *)(uintptr_t)s->off)->depth : 0;
        fresh += s == NULL;
        if (t->borrow > open)
            return 0;
    }
    if (v->threads.full || v->threads.count + fresh > v->threads.max)
        return 0;
    return ids_fit(&v->async, &sv->async) && ids_fit(&v->flows, &sv->flows);
}

/* Commit worker W's summary (fits() said yes). */
static void merge(fxt__par *q, const worker *w)
{
    fxt_validator *v = q->v, *sv = w->sv;
    for (size_t i = 0; i <= v->nprov; i++) { /* registrations and counts */
        fxt__provider *s = i < v->nprov ? v->prov[i] : &v->implicit;
        const fxt__provider *d = i < v->nprov ? sv->prov[i] : &sv->implicit;
        if (d->str_lim != s->str_lim || memcmp(d->strbits, s->strbits, sizeof s->strbits) != 0) {
            for (size_t k = 0; k < FXT__STR_WORDS; k++)
                s->strbits[k] |= d->strbits[k];
            if ((s->strbits[s->str_lim >> 6] >> (s->str_lim & 63)) & 1)
                fxt__reg_string(s, s->str_lim);
        }
        for (unsigned k = 0; k < 4; k++)
            for (uint64_t m = d->thr_new[k]; m; m &= m - 1) {
                unsigned x = 64 * k + (unsigned)__builtin_ctzll(m);
                fxt__reg_thread(s, x);
                s->thr_pid[x] = d->thr_pid[x], s->thr_tid[x] = d->thr_tid[x];
                s->thr[x] = &v->no_thread;
                v->thr_epoch++;
            }
        s->records += d->records;
        for (unsigned k = 0; k < 16; k++)
            s->by_type[k] += d->by_type[k];
    }
    v->st.records += sv->st.records;
    for (unsigned k = 0; k < 16; k++) {
        v->st.by_type[k] += sv->st.by_type[k];
        v->st.events_by_type[k] += sv->st.events_by_type[k];
    }
    for (size_t k = 0; k < sv->threads.count; k++) { /* durations, threads in order */
        const fxt__thread *t = &sv->thr_blocks[k / FXT__THR_BLOCK][k % FXT__THR_BLOCK];
        fxt__thread *r = fxt__thread_get(v, t->pid, t->tid);
        if (r == NULL)
            continue; /* (no memory: fits() saw room) */
        const uint32_t base = r->depth - t->borrow;
        for (uint32_t d = 0; d < t->depth && base + d <= FXT__DUR_STACK; d++)
            r->stack[2 * (base + d)] = t->stack[2 * d],
                          r->stack[2 * (base + d) + 1] = t->stack[2 * d + 1];
        r->depth = base + t->depth;
    }
    ids_apply(&v->async, &sv->async);
    ids_apply(&v->flows, &sv->flows);
    v->cur = real_of(v, sv, sv->cur);
    v->off = sv->off;
    v->rec_idx = sv->rec_idx;
}

/* ---- life ---- */

static void free_shadow(fxt_validator *v, fxt_validator *sv)
{
    if (sv == NULL)
        return;
    fxt__free(sv, sv->pend, FXT__PEND_CAP * sizeof *sv->pend);
    fxt__one_fini(sv);
    fxt__free(v, sv, fxt__one_size());
}

static fxt_validator *new_shadow(fxt_validator *v)
{
    fxt_validator *sv = fxt__alloc(v, fxt__one_size());
    if (sv == NULL)
        return NULL;
    fxt_options o = v->o;
    o.threads = 0;
    o.on_issue = NULL;
    o.on_record = NULL;
    fxt__one_init(sv, &o);
    sv->shadow = 1;
    sv->be = v->be, sv->be_known = 1;
    sv->pend = fxt__alloc(sv, FXT__PEND_CAP * sizeof *sv->pend);
    if (sv->pend == NULL) {
        free_shadow(v, sv);
        return NULL;
    }
    return sv;
}

fxt__par *fxt__par_new(fxt_validator *v, unsigned threads, size_t piece_bytes)
{
    if (threads < 2 || !v->lean)
        return NULL;
    if (threads > FXT__MAX_THREADS)
        threads = FXT__MAX_THREADS;
    fxt__par *q = fxt__alloc(v, sizeof *q);
    if (q == NULL)
        return NULL;
    memset(q, 0, sizeof *q);
    q->v = v;
    q->piece_bytes = piece_bytes == 0 ? FXT__TASK_BYTES : piece_bytes < 64 ? 64 : piece_bytes;
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
        if ((w->sv = new_shadow(v)) == NULL)
            break;
        if (pthread_create(&w->th, NULL, worker_main, w) != 0) {
            free_shadow(v, w->sv);
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
    atomic_store(&q->quit_word, 1);
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu);
    for (unsigned i = 0; i < q->nworkers; i++)
        pthread_join(q->w[i].th, NULL);
    pthread_cond_destroy(&q->cv);
    pthread_mutex_destroy(&q->mu);
    fxt_validator *v = q->v;
    for (unsigned i = 0; i < q->nworkers; i++)
        free_shadow(v, q->w[i].sv);
    fxt__free(v, q, sizeof *q);
}

void fxt__par_get_counts(const fxt_validator *v, fxt__par_counts *out)
{
    if (v->par == NULL)
        memset(out, 0, sizeof *out);
    else
        *out = v->par->counts;
}

/* Nothing a shadow could summarise: a table full, providers past the
 * limit or too many to copy each round. */
static int can_speculate(const fxt_validator *v)
{
    return v->untracked == NULL && !v->implicit.untracked && !v->threads.full &&
           !v->async.full && !v->flows.full && v->nprov <= MAX_COPIES;
}

/* One round over P[0..LEN): the bytes checked. */
static size_t round_run(fxt__par *q, const uint8_t *p, size_t len, unsigned n)
{
    fxt_validator *v = q->v;
    for (unsigned i = 0; i + 1 < n; i++)
        if (!copy_tables(v, q->w[i].sv))
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
    atomic_store_explicit(&q->round, r, memory_order_release);
    wake(q);
    fxt__run_whole(v, p, (size_t)(q->tgt[1] - p)); /* piece 0 */
    q->counts.pieces += n - 1;
    for (unsigned j = 1; j < n; j++) {
        worker *w = &q->w[j - 1];
        /* (a worker that spins takes its piece within a microsecond) */
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
                fxt__run_whole(v, at, (size_t)(q->lim - at));
            }
            break;
        }
        if (!v->stopped && doomed(q)) { /* its summary cannot fit: here, now */
            atomic_store(&w->abort, 1);
            q->counts.redone++;
            const uint8_t *at = p + (v->off - q->off0), *end = q->tgt[j + 1];
            if (at <= end)
                fxt__run_whole(v, at, (size_t)(end - at));
            continue; /* (waited for below) */
        }
        /* (spin, then sleep until its worker says it is done: yielding the
         * core on a busy machine can cost a time slice) */
        wait_for(q, &w->done, r, &q->quit_word, 1);
        if (v->stopped)
            continue; /* (every worker still has to finish the round) */
        if (fits(q, w)) {
            merge(q, w);
            q->counts.merged_records += w->sv->st.records;
            continue;
        }
        q->counts.redone++;
        /* (where the framing ends the piece, by the same rule) */
        const uint8_t *at = p + (v->off - q->off0), *end = q->tgt[j + 1];
        if (at <= end)
            fxt__run_whole(v, at, (size_t)(end - at));
    }
    for (unsigned j = 1; j < n; j++) /* (the pieces stopped, and those after a stop) */
        if (atomic_load(&q->w[j - 1].claim) == 2 * r)
            wait_for(q, &q->w[j - 1].done, r, &q->quit_word, 1);
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
        const uint64_t redone = q->counts.redone;
        got = round_run(q, p + done, take, n);
        q->counts.rounds++;
        /* pieces mostly redone in two rounds in turn (a trace whose
         * earlier pieces keep changing what later ones depend on): the
         * next 1, 2, 4 ... 64 rounds' bytes on one thread, where waiting for
         * a piece and checking it again costs more than it gains */
        if (2 * (q->counts.redone - redone) > n - 1) {
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

void fxt__par_get_counts(const fxt_validator *v, fxt__par_counts *out)
{
    (void)v;
    memset(out, 0, sizeof *out);
}

void fxt__shadow_pending(fxt_validator *sv, unsigned ref)
{
    (void)ref;
    fxt__shadow_stop(sv);
}

#endif
