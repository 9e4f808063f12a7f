/* SPDX-License-Identifier: MIT */
/* sequence.c - begin/end matching (NOTES.md "Sequencing": all warnings).
 * Durations nest per thread; async operations are matched per provider,
 * process and correlation id; flows globally by id. Async and flow tables
 * exist per event numbering family, because r1/r2 and r3/current give the
 * same event numbers different meanings. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

static void limit(fxt_validator *v, fxt__table *t, const char *what)
{
    if (t->overflow)
        return;
    t->overflow = 1;
    FXT__REPORT(v, FXT_R_TRACKING_LIMIT, v->r_off, "more than %zu %s: further ones are not tracked",
                t->max, what);
}

static fxt__slot *thread_slot(fxt_validator *v, uint64_t pid, uint64_t tid)
{
    fxt__slot *s = v->last_thread;
    if (s && s->k[0] == pid && s->k[1] == tid)
        return s;
    int fresh;
    s = fxt__tput(&v->threads, pid, tid, 0, &fresh);
    if (s == NULL)
        limit(v, &v->threads, "threads in all"); /* threads are never forgotten */
    else if (fresh)
        s->off = (v->threads.count - 1) * FXT__DUR_WORDS; /* its stack: threads are never deleted */
    v->last_thread = s;
    return s;
}

/* Thread slot for an event: cached per thread index, hashed for inline
 * threads. */
fxt__slot *fxt__event_thread(fxt_validator *v, const fxt_thread *t)
{
    if (t->ref == FXT_THREADREF_INLINE)
        return thread_slot(v, t->pid, t->tid);
    fxt__slot **c = (fxt__slot **)&v->cur->thr_slot[t->ref];
    if (*c == &v->no_slot) { /* (kept when the thread table is full: tried again) */
        fxt__slot *s = thread_slot(v, t->pid, t->tid);
        if (s != NULL)
            *c = s;
        return s;
    }
    return *c;
}

/* A begin of an id: a second begin of an open id is a duplicate, and
 * needs its own end (depth counts the open begins of the id). */
static void open_id(fxt_validator *v, fxt__table *t, uint64_t a, uint64_t b, uint64_t c,
                    uint64_t id, const char *what, const char *limit_what)
{
    int fresh;
    fxt__slot *s = fxt__tput(t, a, b, c, &fresh);
    if (s == NULL) {
        limit(v, t, limit_what);
        return;
    }
    if (fresh) {
        s->off = v->r_off, s->idx = v->r_idx;
        s->depth = 1;
        return;
    }
    s->depth++;
    FXT__REPORT(v, FXT_R_DUPLICATE_BEGIN, v->r_off,
                "%s begin with id %llu while the %s begun at 0x%llx with that id is still open",
                what, (unsigned long long)id, what, (unsigned long long)s->off);
}

/* An end (or, with END 0, an instant/step) of an id. */
static int close_id(fxt__table *t, uint64_t a, uint64_t b, uint64_t c, int end)
{
    fxt__slot *s = fxt__tfind(t, a, b, c);
    if (s == NULL)
        return t->overflow; /* not tracked is not unmatched */
    if (end && --s->depth == 0)
        fxt__tdel(t, s);
    return 1;
}

void fxt__sequence_id(fxt_validator *v, int fam, unsigned kind, uint64_t pid, uint64_t id)
{
    uint64_t prov = v->cur->id | ((uint64_t)v->cur->implicit << 32);
    switch (kind) {
    case FXT_ET_ASYNC_BEGIN:
        open_id(v, &v->async[fam], id, pid, prov, id, "async", "async operations open at once");
        break;
    case FXT_ET_ASYNC_INSTANT:
    case FXT_ET_ASYNC_END:
        if (!close_id(&v->async[fam], id, pid, prov, kind == FXT_ET_ASYNC_END))
            FXT__REPORT(v, FXT_R_ASYNC_UNMATCHED, v->r_off,
                        "async %s with id %llu (process %llu) has no open async begin",
                        kind == FXT_ET_ASYNC_END ? "end" : "instant", (unsigned long long)id,
                        (unsigned long long)pid);
        break;
    case FXT_ET_FLOW_BEGIN:
        open_id(v, &v->flows[fam], id, 0, 0, id, "flow", "flows open at once");
        break;
    case FXT_ET_FLOW_STEP:
    case FXT_ET_FLOW_END:
        if (!close_id(&v->flows[fam], id, 0, 0, kind == FXT_ET_FLOW_END))
            FXT__REPORT(v, FXT_R_FLOW_UNMATCHED, v->r_off,
                        "flow %s with id %llu has no open flow begin",
                        kind == FXT_ET_FLOW_END ? "end" : "step", (unsigned long long)id);
        break;
    }
}

void fxt__sequence(fxt_validator *v, int fam, unsigned kind, const fxt_event *e, uint64_t data_off)
{
    fxt__slot *s;
    switch (kind) {
    case FXT_ET_DURATION_BEGIN:
        if ((s = fxt__event_thread(v, &e->thread)) != NULL) {
            if (s->depth <= FXT__DUR_STACK) { /* the outermost, and the first past them */
                uint64_t *st = v->threads.stk + s->off;
                st[2 * s->depth] = v->r_off, st[2 * s->depth + 1] = v->r_idx;
            }
            s->depth++;
        }
        break;
    case FXT_ET_DURATION_END:
        s = fxt__event_thread(v, &e->thread);
        if (s != NULL && s->depth > 0)
            s->depth--;
        else if (s != NULL)
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
    default: /* async operations and flows */
        fxt__sequence_id(v, fam, kind, e->thread.pid, e->data);
        break;
    }
}

void fxt__sequence_lanes(fxt_validator *v, unsigned raw, const fxt_event *e, int registered,
                         uint64_t data_off)
{
    /* durations and async operations need the thread's koids */
    int koids = registered & !v->cur->untracked;
    const unsigned rl = v->rl;
    for (int f = 1; f >= 0; f--) {
        unsigned lanes = rl & v->fam_lanes[f];
        if (lanes == 0)
            continue;
        unsigned kind = v->kind[f][raw];
        int shared = kind == FXT_ET_DURATION_BEGIN || kind == FXT_ET_DURATION_END;
        if (shared) /* durations read alike in every family: once for all */
            lanes = rl;
        int needs_koids = kind <= FXT_ET_DURATION_END ||
                          (kind >= FXT_ET_ASYNC_BEGIN && kind <= FXT_ET_ASYNC_END);
        if (!needs_koids || koids) {
            v->rl = lanes;
            fxt__sequence(v, f, kind, e, data_off);
            v->rl = rl;
        }
        if (shared)
            break;
    }
}

/* ---- end of input ---- */

typedef struct pending {
    uint64_t off, idx;
    fxt_rule rule;
    unsigned lanes;
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
    if (q->rule != FXT_R_TRACKING_LIMIT && q->n > 1)
        snprintf(more, sizeof more, " (%llu begins of this id are open)", (unsigned long long)q->n);
    switch (q->rule) {
    case FXT_R_DURATION_BEGIN_UNENDED:
        snprintf(buf, n, "duration begin on thread %llu/%llu is never ended",
                 (unsigned long long)q->a, (unsigned long long)q->b);
        break;
    case FXT_R_TRACKING_LIMIT:
        snprintf(buf, n,
                 "%llu more duration begin%s on thread %llu/%llu %s never ended; only the "
                 "outermost %u are reported",
                 (unsigned long long)q->n, fxt__plural(q->n), (unsigned long long)q->a,
                 (unsigned long long)q->b, q->n == 1 ? "is" : "are", FXT__DUR_STACK);
        break;
    case FXT_R_ASYNC_BEGIN_UNENDED:
        snprintf(buf, n, "async begin with id %llu is never ended%s", (unsigned long long)q->a,
                 more);
        break;
    default:
        snprintf(buf, n, "flow begin with id %llu is never ended%s", (unsigned long long)q->a,
                 more);
        break;
    }
    return buf;
}

/* Unended begins, sorted by offset. The record buffer is free now and
 * serves as scratch; what does not fit is reported unsorted. */
void fxt__report_unended(fxt_validator *v)
{
    pending *q = (pending *)(void *)v->buf;
    size_t cap = FXT__BUF_CAP / sizeof *q, n = 0;
    char msg[200];
    /* (what no reportable lane has is counted below, family by family; the
     * durations' lanes are all, among them the one reported, which is
     * never frozen) */
#define PUSH(o, i, r, l, x, y, c)                                                              \
    do {                                                                                       \
        pending e_ = {(o), (i), (r), (l), (x), (y), (c)};                                     \
        if (n < cap)                                                                           \
            q[n++] = e_;                                                                       \
        else                                                                                   \
            fxt__report(v, e_.lanes, e_.rule, e_.off, e_.idx, FXT_RT_EVENT, e_.off, "%s",      \
                        pending_msg(&e_, msg, sizeof msg));                                    \
    } while (0)
    for (size_t i = 0; i <= v->threads.mask; i++) {
        fxt__slot *s = &v->threads.s[i];
        if (!v->threads.tag[i])
            continue;
        const uint64_t *st = v->threads.stk + s->off;
        for (uint32_t d = 0; d < s->depth && d < FXT__DUR_STACK; d++)
            PUSH(st[2 * d], st[2 * d + 1], FXT_R_DURATION_BEGIN_UNENDED, FXT_REV_ALL, s->k[0],
                 s->k[1], 1);
        if (s->depth > FXT__DUR_STACK) /* never silent: say what was not remembered */
            PUSH(st[2 * FXT__DUR_STACK], st[2 * FXT__DUR_STACK + 1],
                 FXT_R_TRACKING_LIMIT, FXT_REV_ALL, s->k[0], s->k[1],
                 (uint64_t)(s->depth - FXT__DUR_STACK));
    }
    for (int f = 0; f < 2; f++) {
        unsigned lanes = v->fam_lanes[f];
        if (lanes == 0)
            continue;
        if (!(lanes & v->reportable & v->lanes)) { /* counted only: one per open id */
            if (v->async[f].count)
                fxt__count_only(v, lanes, FXT_R_ASYNC_BEGIN_UNENDED, v->async[f].count);
            if (v->flows[f].count)
                fxt__count_only(v, lanes, FXT_R_FLOW_BEGIN_UNENDED, v->flows[f].count);
            continue;
        }
        for (size_t i = 0; i <= v->async[f].mask; i++)
            if (v->async[f].tag[i])
                PUSH(v->async[f].s[i].off, v->async[f].s[i].idx, FXT_R_ASYNC_BEGIN_UNENDED, lanes,
                     v->async[f].s[i].k[0], 0, v->async[f].s[i].depth);
        for (size_t i = 0; i <= v->flows[f].mask; i++)
            if (v->flows[f].tag[i])
                PUSH(v->flows[f].s[i].off, v->flows[f].s[i].idx, FXT_R_FLOW_BEGIN_UNENDED, lanes,
                     v->flows[f].s[i].k[0], 0, v->flows[f].s[i].depth);
    }
#undef PUSH
    qsort(q, n, sizeof *q, cmp_pending);
    for (size_t i = 0; i < n; i++)
        fxt__report(v, q[i].lanes, q[i].rule, q[i].off, q[i].idx, FXT_RT_EVENT, q[i].off, "%s",
                    pending_msg(&q[i], msg, sizeof msg));
}
