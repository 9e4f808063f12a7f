/* SPDX-License-Identifier: MIT */
/* sequence.c - begin/end matching (NOTES.md "Sequencing": all warnings).
 * Durations nest per thread; async operations are matched per provider,
 * process and correlation id; flows globally by id. Threads, open async
 * operations and open flows are tracked up to the validator's limits. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

/* Sequencing uses the koids of thread index IDX of P: a shadow's copy
 * notes it unless the shadow registered IDX itself (shadow.c reads
 * thr_used at the merge; a store, cheaper than a test, elsewhere). */
static inline void koids_used(const fxt__provider *p, unsigned idx)
{
    fxt__provider *m = (fxt__provider *)(uintptr_t)p;
    m->thr_used[idx >> 6] |= ((uint64_t)1 << (idx & 63)) & ~m->thr_new[idx >> 6];
}

/* A table could not take one more entry: the limit, or no memory. */
static void table_full(fxt_validator *v, const fxt__table *t, unsigned which, const char *what,
                       const char *option)
{
    if (t->nomem)
        fxt__limit(v, FXT_UNCHECKED_MEMORY,
                   "out of memory for more %s: further ones are not matched; the trace is not "
                   "fully checked",
                   what);
    else
        fxt__limit(v, which,
                   "more than %zu %s: further ones are not matched; the trace is not fully "
                   "checked (raise the limit: --%s N)",
                   t->max, what, option);
}

fxt__thread *fxt__thread_get(fxt_validator *v, uint64_t pid, uint64_t tid)
{
    fxt__thread *t = v->last_thread;
    if (t != NULL && t->pid == pid && t->tid == tid)
        return t;
    int fresh;
    fxt__slot *s = fxt__tput(&v->threads, pid, tid, 0, &fresh);
    if (s == NULL) {
        table_full(v, &v->threads, FXT_UNCHECKED_THREADS, "threads", "max-threads");
        return NULL;
    }
    if (!fresh)
        return v->last_thread = (fxt__thread *)(uintptr_t)s->off;
    size_t n = v->threads.count - 1, b = n / FXT__THR_BLOCK; /* threads are never forgotten */
    if (b == v->nthr_blocks) {
        fxt__thread **nb = fxt__realloc(v, v->thr_blocks, b * sizeof *nb, (b + 1) * sizeof *nb);
        fxt__thread *blk = nb ? fxt__alloc(v, FXT__THR_BLOCK * sizeof *blk) : NULL;
        if (nb != NULL)
            v->thr_blocks = nb;
        if (blk == NULL) {
            fxt__tdel(&v->threads, s);
            v->threads.nomem = 1;
            table_full(v, &v->threads, FXT_UNCHECKED_THREADS, "threads", "max-threads");
            return NULL;
        }
        nb[v->nthr_blocks++] = blk;
    }
    t = &v->thr_blocks[b][n % FXT__THR_BLOCK];
    t->pid = pid, t->tid = tid;
    t->depth = 0;
    t->borrow = 0;
    s->off = (uint64_t)(uintptr_t)t; /* (a slot holds its thread) */
    return v->last_thread = t;
}

fxt__thread *fxt__ref_thread(fxt_validator *v, unsigned ref)
{
    fxt__thread **c = &v->cur->thr[ref];
    if (*c == &v->no_thread) { /* (kept when the thread table is full: tried again) */
        koids_used(v->cur, ref);
        fxt__thread *t = fxt__thread_get(v, v->cur->thr_pid[ref], v->cur->thr_tid[ref]);
        if (t != NULL)
            *c = t;
        return t;
    }
    return *c;
}

static fxt__thread *event_thread(fxt_validator *v, const fxt_thread *t)
{
    return t->ref == FXT_THREADREF_INLINE ? fxt__thread_get(v, t->pid, t->tid)
                                          : fxt__ref_thread(v, t->ref);
}

/* A begin of an id: a second begin of an open id is a duplicate, and
 * needs its own end (depth counts the open begins of the id). */
static void open_id(fxt_validator *v, fxt__table *t, uint64_t a, uint64_t b, uint64_t c,
                    uint64_t id, int flow)
{
    int fresh;
    fxt__slot *s = fxt__tput(t, a, b, c, &fresh);
    if (s == NULL) {
        if (flow)
            table_full(v, t, FXT_UNCHECKED_FLOWS, "flows open at once", "max-flows");
        else
            table_full(v, t, FXT_UNCHECKED_ASYNC, "async operations open at once", "max-async");
        return;
    }
    if (fresh || (v->shadow && s->depth == 0 && !(s->aux & 1))) {
        /* (a shadow's: none open before it, or none left open) */
        s->off = v->r_off, s->idx = v->r_idx;
        s->depth = 1;
        s->aux = fresh ? (uint32_t)v->shadow << 1 : s->aux | 2;
        return;
    }
    s->depth++;
    const char *what = flow ? "flow" : "async";
    if (flow) /* the rule's section is the async begin's: this one is about flows */
        v->f_section = v->flow_dup_section;
    FXT__REPORT(v, FXT_R_DUPLICATE_BEGIN, v->r_off,
                "%s begin with id %llu while the %s begun at 0x%llx with that id is still open",
                what, (unsigned long long)id, what, (unsigned long long)s->off);
}

/* An end (or, with END 0, an instant/step) of an id. */
static int close_id(fxt__table *t, uint64_t a, uint64_t b, uint64_t c, int end)
{
    fxt__slot *s = fxt__tfind(t, a, b, c);
    if (s == NULL)
        return t->full; /* not tracked is not unmatched */
    if (end && --s->depth == 0)
        fxt__tdel(t, s);
    return 1;
}

/* A shadow's end (or, with END 0, instant/step) of an id (par.c): it
 * keeps every id it saw, at depth 0 once none of its own begins is open,
 * and says what its events ask of the begins open before its chunk (aux:
 * how many it ended, and whether one must still be open); 0 if nothing
 * open before could match it (an issue). */
static int shadow_close(fxt__table *t, uint64_t a, uint64_t b, uint64_t c, int end)
{
    int fresh;
    fxt__slot *s = fxt__tput(t, a, b, c, &fresh);
    if (s == NULL)
        return 0;
    if (fresh)
        s->depth = 0, s->aux = 0, s->off = s->idx = 0;
    if (s->depth > 0) {
        s->depth -= end != 0;
        return 1;
    }
    if (s->aux & 2) /* its own begin came first: nothing before is open */
        return 0;
    s->aux = end ? (s->aux & ~3u) + 4 : s->aux | 1;
    return 1;
}

static int close_any(fxt_validator *v, fxt__table *t, uint64_t a, uint64_t b, uint64_t c, int end)
{
    return v->shadow ? shadow_close(t, a, b, c, end) : close_id(t, a, b, c, end);
}

void fxt__sequence_id(fxt_validator *v, unsigned kind, uint64_t pid, uint64_t id)
{
    uint64_t prov = v->cur->id | ((uint64_t)v->cur->implicit << 32);
    switch (kind) {
    case FXT_ET_ASYNC_BEGIN:
        open_id(v, &v->async, id, pid, prov, id, 0);
        break;
    case FXT_ET_ASYNC_INSTANT:
    case FXT_ET_ASYNC_END:
        if (!close_any(v, &v->async, id, pid, prov, kind == FXT_ET_ASYNC_END))
            FXT__REPORT(v, FXT_R_ASYNC_UNMATCHED, v->r_off,
                        "async %s with id %llu (process %llu) has no open async begin",
                        kind == FXT_ET_ASYNC_END ? "end" : "instant", (unsigned long long)id,
                        (unsigned long long)pid);
        break;
    case FXT_ET_FLOW_BEGIN:
        open_id(v, &v->flows, id, 0, 0, id, 1);
        break;
    case FXT_ET_FLOW_STEP:
    case FXT_ET_FLOW_END:
        if (!close_any(v, &v->flows, id, 0, 0, kind == FXT_ET_FLOW_END))
            FXT__REPORT(v, FXT_R_FLOW_UNMATCHED, v->r_off,
                        "flow %s with id %llu has no open flow begin",
                        kind == FXT_ET_FLOW_END ? "end" : "step", (unsigned long long)id);
        break;
    }
}

void fxt__sequence(fxt_validator *v, const fxt_event *e, int registered, uint64_t data_off)
{
    const unsigned kind = e->event_type;
    /* durations and async operations need the thread's koids */
    const int koids = registered && !v->cur->untracked;
    fxt__thread *t;
    switch (kind) {
    case FXT_ET_DURATION_BEGIN:
        if (koids && (t = event_thread(v, &e->thread)) != NULL) {
            if (t->depth <= FXT__DUR_STACK) { /* the outermost, and the first past them */
                t->stack[2 * t->depth] = v->r_off, t->stack[2 * t->depth + 1] = v->r_idx;
            }
            t->depth++;
        }
        break;
    case FXT_ET_DURATION_END:
        if (!koids || (t = event_thread(v, &e->thread)) == NULL)
            break;
        if (t->depth > 0)
            t->depth--;
        else if (v->shadow) /* (par.c) a begin before its chunk, the merge checks */
            t->borrow++;
        else
            FXT__REPORT(v, FXT_R_DURATION_END_UNMATCHED, v->r_off,
                        "duration end on thread %llu/%llu has no open duration begin",
                        (unsigned long long)e->thread.pid, (unsigned long long)e->thread.tid);
        break;
    case FXT_ET_DURATION_COMPLETE:
        if (e->data < e->timestamp) {
            fxt__detail(v, 8, 0, 63);
            FXT__REPORT(v, FXT_R_DURATION_COMPLETE_NEGATIVE, data_off,
                        "end time %llu is before start time %llu", (unsigned long long)e->data,
                        (unsigned long long)e->timestamp);
        }
        break;
    case FXT_ET_ASYNC_BEGIN:
    case FXT_ET_ASYNC_INSTANT:
    case FXT_ET_ASYNC_END:
        if (koids && e->thread.ref != FXT_THREADREF_INLINE)
            koids_used(v->cur, e->thread.ref);
        if (koids)
            fxt__sequence_id(v, kind, e->thread.pid, e->data);
        break;
    default: /* flows: matched by id alone */
        fxt__sequence_id(v, kind, e->thread.pid, e->data);
        break;
    }
}

void fxt__sequence_free(fxt_validator *v)
{
    for (size_t b = 0; b < v->nthr_blocks; b++)
        fxt__free(v, v->thr_blocks[b], FXT__THR_BLOCK * sizeof *v->thr_blocks[b]);
    fxt__free(v, v->thr_blocks, v->nthr_blocks * sizeof *v->thr_blocks);
    v->thr_blocks = NULL;
    v->nthr_blocks = 0;
    v->last_thread = NULL;
    fxt__table_free(&v->threads);
    fxt__table_free(&v->async);
    fxt__table_free(&v->flows);
}

/* ---- end of input ---- */

typedef struct pending {
    uint64_t off, idx;
    fxt_rule rule;
    int summary;      /* begins past the DUR_STACK reported ones */
    uint64_t a, b, n; /* koids or id, and a count */
} pending;

static int cmp_pending(const void *x, const void *y)
{
    const pending *a = x, *b = y; /* no two begins share an offset */
    return (a->off > b->off) - (a->off < b->off);
}

static const char *pending_msg(const pending *q, char *buf, size_t n)
{
    char more[64] = "";
    if (q->n > 1 && !q->summary)
        snprintf(more, sizeof more, " (%llu begins of this id are open)", (unsigned long long)q->n);
    if (q->summary)
        snprintf(buf, n,
                 "%llu more duration begin%s on thread %llu/%llu %s never ended (from here on; "
                 "the outermost %u are reported one by one)",
                 (unsigned long long)q->n, fxt__plural(q->n), (unsigned long long)q->a,
                 (unsigned long long)q->b, q->n == 1 ? "is" : "are", FXT__DUR_STACK);
    else if (q->rule == FXT_R_DURATION_BEGIN_UNENDED)
        snprintf(buf, n, "duration begin on thread %llu/%llu is never ended",
                 (unsigned long long)q->a, (unsigned long long)q->b);
    else
        snprintf(buf, n, "%s begin with id %llu is never ended%s",
                 q->rule == FXT_R_ASYNC_BEGIN_UNENDED ? "async" : "flow", (unsigned long long)q->a,
                 more);
    return buf;
}

/* The selection of one round of fxt__report_unended: Q holds the (at most
 * CAP) smallest entries past LAST seen so far, as a max-heap by offset. */
typedef struct unended_sel {
    pending *q;
    size_t cap, n;
    uint64_t last;
    int any_last; /* a round was reported: only offsets past LAST count */
} unended_sel;

static void sift_down(pending *q, size_t n, size_t i)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && q[c + 1].off > q[c].off)
            c++;
        if (q[i].off >= q[c].off)
            return;
        pending t = q[i];
        q[i] = q[c], q[c] = t;
        i = c;
    }
}

static void offer(unended_sel *s, pending e)
{
    if (s->any_last && e.off <= s->last)
        return;
    if (s->n < s->cap) {
        size_t i = s->n++;
        s->q[i] = e;
        while (i > 0 && s->q[(i - 1) / 2].off < s->q[i].off) { /* sift up */
            pending t = s->q[i];
            s->q[i] = s->q[(i - 1) / 2], s->q[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    } else if (e.off < s->q[0].off) {
        s->q[0] = e;
        sift_down(s->q, s->n, 0);
    }
}

/* Every unended begin, to S (or reported at once without scratch memory). */
static void each_unended(fxt_validator *v, unended_sel *s, char *msg, size_t msg_n)
{
#define PUSH(o, i, r, sm, x, y, c)                                                             \
    do {                                                                                       \
        pending e_ = {(o), (i), (r), (sm), (x), (y), (c)};                                    \
        if (s->cap != 0)                                                                       \
            offer(s, e_);                                                                      \
        else                                                                                   \
            fxt__report(v, e_.rule, e_.off, e_.idx, FXT_RT_EVENT, e_.off, "%s",                \
                        pending_msg(&e_, msg, msg_n));                                         \
    } while (0)
    for (size_t k = 0; k < v->threads.count; k++) {
        const fxt__thread *t = &v->thr_blocks[k / FXT__THR_BLOCK][k % FXT__THR_BLOCK];
        for (uint32_t d = 0; d < t->depth && d < FXT__DUR_STACK; d++)
            PUSH(t->stack[2 * d], t->stack[2 * d + 1], FXT_R_DURATION_BEGIN_UNENDED, 0, t->pid,
                 t->tid, 1);
        if (t->depth > FXT__DUR_STACK) /* never silent: say how many more */
            PUSH(t->stack[2 * FXT__DUR_STACK], t->stack[2 * FXT__DUR_STACK + 1],
                 FXT_R_DURATION_BEGIN_UNENDED, 1, t->pid, t->tid,
                 (uint64_t)(t->depth - FXT__DUR_STACK));
    }
    for (size_t i = 0; v->async.count && i <= v->async.mask; i++)
        if (v->async.tag[i])
            PUSH(v->async.s[i].off, v->async.s[i].idx, FXT_R_ASYNC_BEGIN_UNENDED, 0,
                 v->async.s[i].k[0], 0, v->async.s[i].depth);
    for (size_t i = 0; v->flows.count && i <= v->flows.mask; i++)
        if (v->flows.tag[i])
            PUSH(v->flows.s[i].off, v->flows.s[i].idx, FXT_R_FLOW_BEGIN_UNENDED, 0,
                 v->flows.s[i].k[0], 0, v->flows.s[i].depth);
#undef PUSH
}

/* Unended begins, sorted by offset, whatever order the tables hold them
 * in (a table's slots depend on its history, which threads change: par.c).
 * The record buffer is free now and serves as scratch: each round reports
 * the smallest offsets past the last round's that fit in it (one round
 * unless more than 18,724 are open). Without memory for it they are
 * reported in the tables' order. */
void fxt__report_unended(fxt_validator *v)
{
    int any = v->async.count != 0 || v->flows.count != 0;
    for (size_t k = 0; k < v->threads.count && !any; k++)
        any = v->thr_blocks[k / FXT__THR_BLOCK][k % FXT__THR_BLOCK].depth != 0;
    if (!any)
        return;
    char msg[200];
    unended_sel s = {NULL, 0, 0, 0, 0};
    if (fxt__need_buf(v))
        s.q = (pending *)(void *)v->buf, s.cap = FXT__BUF_CAP / sizeof *s.q;
    do {
        s.n = 0;
        each_unended(v, &s, msg, sizeof msg);
        if (s.n > 1)
            qsort(s.q, s.n, sizeof *s.q, cmp_pending);
        for (size_t i = 0; i < s.n; i++)
            fxt__report(v, s.q[i].rule, s.q[i].off, s.q[i].idx, FXT_RT_EVENT, s.q[i].off, "%s",
                        pending_msg(&s.q[i], msg, sizeof msg));
        if (s.n != 0)
            s.last = s.q[s.n - 1].off, s.any_last = 1;
    } while (s.cap != 0 && s.n == s.cap);
}
