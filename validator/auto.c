/* SPDX-License-Identifier: MIT */
/*
 * auto.c - FXT_REV_AUTO: one single-revision validator per revision over
 * the same input (each self-contained, as zstd carries its legacy
 * formats), their issues merged into revision masks.
 *
 * The input is fed to every validator in slices; after each slice the
 * issues about records every validator has gone past (and at the end all
 * of them) are merged: an issue several revisions report alike (same
 * rule, record, field and bits) is delivered once with the mask of those
 * revisions, in input order. Every revision's own issues keep their
 * order, and the same input gives the same issues however it is fed.
 *
 * It sees the validators it composes through one.h only.
 *
 * A revision other than current that has an error can never be the one
 * reported (NOTES.md: the newest conforming revision, else current), so
 * its validator stops after the record of its first error
 * (FXT_OPT_STOP_AT_ERROR): its verdict is decided, and going on would cost
 * more than checking the trace under the revision that is reported (a
 * current trace read as r1 has an issue in nearly every record).
 */
#include <stdint.h>
#include <string.h>

#include "auto.h"
#include "one.h"

/* Bytes fed to every validator before their issues are merged: bounds the
 * queues (at most a few issues per 8-byte record). */
#define SLICE ((size_t)64 << 10)
/* Issues of another revision searched for a match of one issue. */
#define WINDOW 64

typedef struct queue {
    fxt_issue *v;
    size_t n, cap;
    uint8_t *matched;
    size_t mcap; /* entries of matched */
    int nomem;   /* an issue could not be queued */
    const fxt_allocator *al;
    const fxt_options *user; /* the caller's callbacks */
} queue;

struct fxt__auto {
    fxt_options user;
    fxt_allocator al;
    fxt_validator *sub[FXT_REV_COUNT];
    queue q[FXT_REV_COUNT];
};

/* The auto validator, then each revision's (fxt__one_size() each). */
#define HEAD ((sizeof(fxt__auto) + 63) & ~(size_t)63)

size_t fxt__auto_size(void) { return HEAD + FXT_REV_COUNT * fxt__one_size(); }

/* Queue an issue; the queues grow as issues come (what cannot be queued
 * for want of memory is lost, said as FXT_UNCHECKED_ISSUES). */
static void on_issue(void *ctx, const fxt_issue *is)
{
    queue *q = ctx;
    if (q->n == q->cap) {
        const fxt_allocator *al = q->al;
        size_t cap = q->cap ? 2 * q->cap : 64;
        fxt_issue *nv = al->realloc(al->ctx, q->v, q->cap * sizeof *nv, cap * sizeof *nv);
        if (nv == NULL) {
            q->nomem = 1;
            return;
        }
        q->v = nv;
        q->cap = cap; /* (matched may stay shorter for a while: mcap) */
    }
    if (q->n == q->mcap) {
        const fxt_allocator *al = q->al;
        uint8_t *nm = al->realloc(al->ctx, q->matched, q->mcap, q->cap);
        if (nm == NULL) {
            q->nomem = 1;
            return;
        }
        q->matched = nm;
        q->mcap = q->cap;
    }
    q->v[q->n] = *is;
    q->matched[q->n++] = 0;
}

/* The caller's visitor, with the caller's context (current's validator
 * has the queue as its context). */
static void on_record(void *ctx, const fxt_record *rec)
{
    const queue *q = ctx;
    q->user->on_record(q->user->ctx, rec);
}

fxt__auto *fxt__auto_init(void *mem, const fxt_options *o)
{
    fxt__auto *a = mem;
    memset(a, 0, sizeof *a);
    a->user = *o;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        fxt_options so = *o;
        so.revision = (fxt_revision)r;
        so.on_issue = on_issue;
        so.ctx = &a->q[r];
        so.on_record = o->on_record != NULL ? on_record : NULL;
        if (r != FXT_REV_CURRENT) {
            so.flags |= FXT_OPT_STOP_AT_ERROR;
            so.on_record = NULL; /* the visitor sees current's reading */
        }
        a->sub[r] = fxt__one_init((char *)mem + HEAD + r * fxt__one_size(), &so);
    }
    a->al = *fxt__one_allocator(a->sub[FXT_REV_CURRENT]);
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        a->q[r].al = &a->al;
        a->q[r].user = &a->user;
    }
    return a;
}

static void queue_free(struct fxt__auto *a, queue *q)
{
    if (q->v != NULL)
        a->al.free(a->al.ctx, q->v, q->cap * sizeof *q->v);
    if (q->matched != NULL)
        a->al.free(a->al.ctx, q->matched, q->mcap);
    memset(q, 0, sizeof *q);
}

void fxt__auto_fini(fxt__auto *a)
{
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        fxt__one_fini(a->sub[r]);
        queue_free(a, &a->q[r]);
    }
}

/* The revision to report (NOTES.md): the newest with no error, else
 * current. */
static unsigned reported(const struct fxt__auto *a)
{
    for (int r = FXT_REV_COUNT - 1; r >= 0; r--) {
        fxt_stats st;
        fxt__one_stats(a->sub[r], &st);
        if (st.errors == 0)
            return (unsigned)r;
    }
    return FXT_REV_CURRENT;
}

/* ---- merging ---- */

static int same(const fxt_issue *x, const fxt_issue *y)
{
    return x->rule == y->rule && x->record_offset == y->record_offset &&
           x->record_index == y->record_index && x->field_offset == y->field_offset &&
           x->field_len == y->field_len && x->bit_lo == y->bit_lo && x->bit_hi == y->bit_hi;
}

/* The first unmatched issue of Q from *AT on, before END (AT moves past
 * matched ones), or NULL. */
static fxt_issue *head(queue *q, size_t *at, size_t end)
{
    while (*at < end && q->matched[*at])
        ++*at;
    return *at < end ? &q->v[*at] : NULL;
}

/* Is X among the next WINDOW unmatched issues of Q (from AT, before END),
 * not first? */
static int later_in(const queue *q, size_t at, size_t end, const fxt_issue *x)
{
    for (size_t j = at + 1; j < end && j < at + WINDOW; j++)
        if (!q->matched[j] && same(&q->v[j], x))
            return 1;
    return 0;
}

/* Deliver the queued issues about records before offset UPTO (all of
 * them with UINT64_MAX), and keep the rest. Every revision's validator
 * has gone past UPTO, so all of them have said what they find there:
 * what is delivered does not depend on how the input was sliced.
 *
 * Repeatedly, of the queues' heads about the earliest record, one is
 * taken with the heads of the other queues that are the same issue: one
 * that no other queue has further on (so that what comes before it there
 * is taken first and the two meet as heads), the newest revision's if it
 * can be; when each such head is further on somewhere (revisions that
 * order a record's issues differently), the newest revision's: that issue
 * is then delivered once per side. Each revision's issues keep their
 * order, and what is delivered depends on the issues alone. */
static void merge(struct fxt__auto *a, uint64_t upto)
{
    size_t at[FXT_REV_COUNT] = {0}, end[FXT_REV_COUNT];
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        queue *q = &a->q[r];
        end[r] = 0;
        if (upto == UINT64_MAX)
            end[r] = q->n;
        else /* (while feeding, a validator reports about records in input order) */
            while (end[r] < q->n && q->v[end[r]].record_offset < upto)
                end[r]++;
    }
    for (;;) {
        fxt_issue *h[FXT_REV_COUNT];
        uint64_t first = UINT64_MAX;
        for (unsigned r = 0; r < FXT_REV_COUNT; r++)
            if ((h[r] = head(&a->q[r], &at[r], end[r])) != NULL && h[r]->record_offset < first)
                first = h[r]->record_offset;
        if (first == UINT64_MAX)
            break;
        int pick = -1, fallback = -1;
        for (int i = FXT_REV_COUNT - 1; i >= 0 && pick < 0; i--) { /* newest first */
            unsigned r = (unsigned)i;
            if (h[r] == NULL || h[r]->record_offset != first)
                continue;
            if (fallback < 0)
                fallback = (int)r;
            int free_to_go = 1;
            for (unsigned q = 0; q < FXT_REV_COUNT && free_to_go; q++)
                if (q != r && h[q] != NULL && !same(h[q], h[r]) &&
                    later_in(&a->q[q], at[q], end[q], h[r]))
                    free_to_go = 0;
            if (free_to_go)
                pick = (int)r;
        }
        if (pick < 0)
            pick = fallback;
        fxt_issue is = *h[pick];
        a->q[pick].matched[at[pick]] = 1;
        for (unsigned q = 0; q < FXT_REV_COUNT; q++)
            if ((int)q != pick && h[q] != NULL && same(h[q], &is)) {
                a->q[q].matched[at[q]] = 1;
                is.revisions |= h[q]->revisions;
            }
        if (a->user.on_issue != NULL)
            a->user.on_issue(a->user.ctx, &is);
    }
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) { /* keep what comes after UPTO */
        queue *q = &a->q[r];
        size_t rest = q->n - end[r];
        if (rest != 0 && end[r] != 0) {
            memmove(q->v, q->v + end[r], rest * sizeof *q->v);
            memset(q->matched, 0, rest);
        }
        q->n = rest;
    }
}

/* Where every validator still checking has got to: its next record. */
static uint64_t progress(const struct fxt__auto *a)
{
    uint64_t m = UINT64_MAX;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        uint64_t at = fxt__one_progress(a->sub[r]);
        m = at < m ? at : m;
    }
    return m;
}

void fxt__auto_feed(fxt__auto *a, const void *data, size_t len)
{
    const uint8_t *p = data;
    while (len > 0) {
        size_t n = len < SLICE ? len : SLICE;
        for (unsigned r = 0; r < FXT_REV_COUNT; r++)
            fxt__one_feed(a->sub[r], p, n);
        merge(a, progress(a));
        p += n, len -= n;
    }
}

void fxt__auto_finish(fxt__auto *a)
{
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        fxt__one_finish(a->sub[r]);
    merge(a, UINT64_MAX);
}

/* ---- results ---- */

const fxt_validator *fxt__auto_reported(const fxt__auto *a) { return a->sub[reported(a)]; }

fxt_revision fxt__auto_verdicts(const fxt__auto *a, fxt_revision_verdict out[FXT_REV_COUNT])
{
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        fxt_revision_verdict one[FXT_REV_COUNT];
        fxt__one_verdicts(a->sub[r], one);
        out[r] = one[r];
        if (a->q[r].nomem)
            out[r].unchecked |= FXT_UNCHECKED_ISSUES;
    }
    return (fxt_revision)reported(a);
}

void fxt__auto_stats(const fxt__auto *a, fxt_stats *out)
{
    unsigned r = reported(a);
    fxt__one_stats(a->sub[r], out);
    if (a->q[r].nomem)
        out->unchecked |= FXT_UNCHECKED_ISSUES;
}
