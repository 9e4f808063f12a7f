/* SPDX-License-Identifier: MIT */
/*
 * shadow.c - shadow validators (par.c): a validator that checks a piece of
 * the trace ahead with the one-thread path, against a copy of the real
 * validator's string and thread tables, never reports, and keeps a summary
 * of what it could not know; and the merge of that summary into the real
 * validator once everything before the piece is checked, when it fits
 * exactly (else par.c has the piece checked again).
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
 *    shadow (redo); a shadow notes each index whose koids it took from the
 *    copy, before registering the index itself if it does (thr_used), and
 *    keeps the copy's koids of the indexes it registers (thr_base_*); if
 *    any thread was registered since the copy (thr_epoch), each index it
 *    took from the copy must still have the copy's koids. A piece whose
 *    copy is older than an index registered again with other koids by the
 *    validator's own checks is redone at once (doomed()). (Resolving koids
 *    at the merge instead, so that such pieces merge too, is not done:
 *    neither profile of fxt-gen registers an index again with other
 *    koids.)
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
 *    kept): the framing counts records, so a shadow's are the real ones;
 *    a piece started at a guessed boundary (par.c, bound.c) counts from
 *    a base far from 0 (so a magic record there is not first), and the
 *    merge, once V stands at the guess, moves the indexes the shadow kept
 *    (durations' and async and flow ids' begins, its position) to V's.
 *  - magic first, initialization, duration complete, everything else a
 *    record alone decides: an issue, which stops a shadow (redo).
 *  - --max-* limits, a full or memory-starved table, untracked
 *    providers: a shadow's limit is an issue (redo); with a real table
 *    full or providers past the limit, no cycle starts (one thread).
 *  - counts (records, by type, by event type, per provider): summed.
 *  - ignored rules (--ignore): their reports still stop a shadow (redo).
 *  - stop at an error, --max-issues, size 0, a record not whole, a
 *    visitor: only the validator's thread reports or stops; a visitor
 *    keeps the validator off the lean path and off par.c.
 *  - the end's unended begins: reported sorted by offset whatever order
 *    the tables' slots hold them in (fxt__report_unended), so merges that
 *    fill the tables in another order than one thread change nothing.
 */
#include <string.h>

#include "internal.h"
#include "par.h"
#include "shadow.h"

_Static_assert(FXT__MAX_COPIES <= 0xffff, "a pending ref holds its provider in 16 bits");

/* The real provider of copy C in SV. */
static fxt__provider *real_of(const fxt_validator *v, const fxt_validator *sv,
                              const fxt__provider *c)
{
    if (c == &sv->implicit)
        return (fxt__provider *)(uintptr_t)&v->implicit;
    const fxt__slot *sl = fxt__tfind(&sv->prov_ids, c->id, 0, 0);
    return v->prov[sl->idx];
}

void fxt__shadow_pending(fxt_validator *sv, unsigned ref)
{
    const fxt__provider *c = sv->cur;
    uint32_t k = 0;
    if (c != &sv->implicit)
        k = (uint32_t)fxt__tfind(&sv->prov_ids, c->id, 0, 0)->idx + 1;
    /* (K <= FXT__MAX_COPIES: cycles start with no more providers) */
    if (sv->npend == FXT__PEND_CAP) {
        fxt__shadow_stop(sv, FXT__STOP_PENDING);
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

int fxt__shadow_copy(fxt_validator *v, fxt_validator *sv)
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

int fxt__shadow_start(fxt_validator *sv, int implicit, uint32_t pid, uint64_t off, uint64_t idx)
{
    fxt__provider *c = &sv->implicit;
    if (!implicit) {
        const fxt__slot *s = fxt__tfind(&sv->prov_ids, pid, 0, 0);
        if (s == NULL)
            return 0;
        c = sv->prov[s->idx];
    }
    sv->cur = c;
    sv->off = off, sv->rec_idx = idx;
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

/* ---- merging ---- */

/* The koids of every thread index whose koids SV's sequencing used, as
 * the copy had them (before SV registered the index itself, if it did),
 * are still V's. */
static int threads_same(const fxt_validator *v, const fxt_validator *sv)
{
    for (size_t i = 0; i <= v->nprov; i++) {
        const fxt__provider *s = i < v->nprov ? v->prov[i] : &v->implicit;
        const fxt__provider *d = i < v->nprov ? sv->prov[i] : &sv->implicit;
        /* (an index used was registered in the copy, so in V: only a
         * provider info unregisters, and then no piece merges) */
        for (unsigned k = 0; k < 4; k++) {
            for (uint64_t m = d->thr_used[k]; m; m &= m - 1) {
                const unsigned x = 64 * k + (unsigned)__builtin_ctzll(m);
                const int own = (int)((d->thr_new[k] >> (x & 63)) & 1);
                if (s->thr_pid[x] != (own ? d->thr_base_pid[x] : d->thr_pid[x]) ||
                    s->thr_tid[x] != (own ? d->thr_base_tid[x] : d->thr_tid[x]))
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

static void ids_apply(fxt__table *t, const fxt__table *x, uint64_t didx)
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
            r->off = s->off, r->idx = s->idx + didx;
        r->depth = left + s->depth;
    }
}

int fxt__shadow_doomed(const fxt_validator *v, uint64_t prov_epoch, uint64_t thr_epoch)
{
    if (v->prov_epoch != prov_epoch || v->thr_changed_at > thr_epoch)
        return FXT__REDO_DOOMED;
    return FXT__REDO_N_;
}

/* Why the shadow stopped, as a reason to redo its piece. */
static int stop_reason(int fail)
{
    switch (fail) {
    case FXT__STOP_PROVIDER: return FXT__REDO_PROVIDER;
    case FXT__STOP_PENDING: return FXT__REDO_PENDING;
    default: return FXT__REDO_ISSUE;
    }
}

int fxt__shadow_why_not(const fxt_validator *v, const fxt_validator *sv, const fxt__shadow_at *at)
{
    if (sv->shadow_fail)
        return stop_reason(sv->shadow_fail);
    if (sv->stopped || v->stopped || v->off != at->off || (!at->guessed && v->rec_idx != at->idx))
        return FXT__REDO_POSITION;
    /* (no provider introduced or started afresh since the copy:
     * fxt__shadow_doomed) */
    if (real_of(v, sv, at->copy) != v->cur)
        return FXT__REDO_PROVIDERS;
    if (v->thr_epoch != at->thr_epoch && !threads_same(v, sv))
        return FXT__REDO_KOIDS;
    for (size_t i = 0; i < sv->npend; i++) {
        const uint32_t k = sv->pend[i] >> 16, ref = sv->pend[i] & 0xffff;
        const fxt__provider *p = k ? v->prov[k - 1] : &v->implicit;
        if (!((p->strbits[ref >> 6] >> (ref & 63)) & 1))
            return FXT__REDO_STRING;
    }
    size_t fresh = 0;
    for (size_t k = 0; k < sv->threads.count; k++) {
        const fxt__thread *t = &sv->thr_blocks[k / FXT__THR_BLOCK][k % FXT__THR_BLOCK];
        const fxt__slot *s = fxt__tfind(&v->threads, t->pid, t->tid, 0);
        const uint32_t open = s ? ((const fxt__thread *)(uintptr_t)s->off)->depth : 0;
        fresh += s == NULL;
        if (t->borrow > open)
            return FXT__REDO_DURATION;
    }
    if (v->threads.full || v->threads.count + fresh > v->threads.max)
        return FXT__REDO_THREADS;
    if (!ids_fit(&v->async, &sv->async))
        return FXT__REDO_ASYNC;
    if (!ids_fit(&v->flows, &sv->flows))
        return FXT__REDO_FLOWS;
    return FXT__REDO_N_;
}

void fxt__shadow_merge(fxt_validator *v, const fxt_validator *sv, const fxt__shadow_at *at)
{
    const uint64_t didx = v->rec_idx - at->idx; /* (0 unless its start was guessed) */
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
                          r->stack[2 * (base + d) + 1] = t->stack[2 * d + 1] + didx;
        r->depth = base + t->depth;
    }
    ids_apply(&v->async, &sv->async, didx);
    ids_apply(&v->flows, &sv->flows, didx);
    v->cur = real_of(v, sv, sv->cur);
    v->off = sv->off;
    v->rec_idx = sv->rec_idx + didx;
}

/* ---- life ---- */

void fxt__shadow_free(fxt_validator *v, fxt_validator *sv)
{
    if (sv == NULL)
        return;
    fxt__free(sv, sv->pend, FXT__PEND_CAP * sizeof *sv->pend);
    fxt__one_fini(sv);
    fxt__free(v, sv, fxt__one_size());
}

fxt_validator *fxt__shadow_new(fxt_validator *v)
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
        fxt__shadow_free(v, sv);
        return NULL;
    }
    return sv;
}
