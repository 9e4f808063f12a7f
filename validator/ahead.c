/* SPDX-License-Identifier: MIT */
/*
 * ahead.c - checking the next chunk ahead on a second thread (fxt_ahead).
 *
 * While the validator checks chunk CUR, a look-ahead checks NEXT on
 * another thread with a copy of the validator's state taken before CUR:
 * it frames CUR by the size fields to find where NEXT's first record
 * starts, then runs fast.c's lean path over NEXT, stopping at the first
 * record that is not lean and logging the events whose sequencing may
 * change state (durations, async operations, flows). It reports nothing.
 *
 * Its verdicts hold for the validator after CUR when a record lean under
 * the copy is lean there too: the same tables (no fast_build since), the
 * same provider with at least the strings and threads of the copy
 * (registering only adds; a record is lean with a ref only if the ref is
 * registered), and the same stream position. fxt_validator_feed_ahead
 * checks exactly that, replays the log's sequencing in order (stopping at
 * the first event that would need the slow path, which may report), adds
 * the counts, and feeds the rest as usual. Otherwise it feeds NEXT as
 * usual: the look-ahead only ever saves work.
 */
#include <string.h>

#include "internal.h"

struct fxt_ahead {
    size_t max_chunk;
    int ready, ok, framed;
    const fxt_ahead *after;      /* the look-ahead whose framing this one starts from */
    /* what fxt_ahead_prepare saw */
    const uint8_t *cur, *next;
    size_t cur_len, next_len;
    uint64_t skip;               /* bytes of CUR before its first record start */
    uint64_t off0, idx0;         /* that record's stream offset and index */
    const fxt__provider *prov;   /* the validator's provider then */
    /* what fxt_ahead_run found */
    size_t first;                /* bytes of NEXT before its first record start */
    uint64_t off, idx;           /* that record's stream offset and index */
    size_t done;                 /* bytes of lean records checked from there */
    uint64_t end_skip, end_off, end_idx; /* framed: where the next record starts
                                            (bytes into the part after NEXT) */
    uint64_t taken;              /* records handed over so far */
    fxt__spec_dur dur;           /* the copy's matched durations */
    fxt__provider sprov;         /* the copy's provider */
    fxt_validator shadow;        /* the copy (its pointers are not followed) */
    /* the log follows */
};

static size_t log_cap(size_t max_chunk)
{
    return max_chunk / 16 + 1; /* a lean event is at least 16 bytes */
}

static size_t log_at(void)
{
    return (sizeof(struct fxt_ahead) + 7) & ~(size_t)7;
}

/* the log, then the begins taken out of it; SIZE_MAX (no memory is that
 * large) where that would not fit in a size_t */
size_t fxt_ahead_size(size_t max_chunk)
{
    const size_t per = 2 * sizeof(fxt__ahead_ent);
    if (log_cap(max_chunk) > (SIZE_MAX - log_at()) / per)
        return SIZE_MAX;
    return log_at() + log_cap(max_chunk) * per;
}

fxt_ahead *fxt_ahead_init(void *mem, size_t size, size_t max_chunk)
{
    if (mem == NULL || fxt_ahead_size(max_chunk) == SIZE_MAX || size < fxt_ahead_size(max_chunk))
        return NULL;
    fxt_ahead *a = mem;
    memset(a, 0, sizeof *a);
    a->max_chunk = max_chunk;
    return a;
}

uint64_t fxt_ahead_records(const fxt_ahead *a) { return a->taken; }

int fxt_ahead_prepare(fxt_ahead *a, const fxt_validator *v, const fxt_ahead *after,
                      const void *cur, size_t cur_len, const void *next, size_t next_len)
{
    a->ready = a->ok = a->framed = 0;
    a->cur = cur, a->cur_len = cur_len; /* (fxt_validator_feed_ahead feeds NEXT in any case) */
    a->next = next, a->next_len = next_len;
    a->after = after;
    /* one revision checked alike throughout (auto mode counts inline and
     * reads events in two numberings), no visitor, nothing held back, a
     * known start (not inside a header) (one test: any of them says no) */
    const int no = (v->o.revision == FXT_REV_AUTO) | !v->lean | !v->be_known | v->stopped |
                   v->finished | (v->lanes == 0) | v->defer | (next_len > a->max_chunk) |
                   (next_len < 8) | (after == NULL && v->have > 0 && v->rec_len == 0) |
                   (after != NULL && !after->ready);
    if (no)
        return 0;
    /* where CUR's first record starts (chained: where AFTER's framing
     * ends, known once it has run: fxt_ahead_run) */
    if (after == NULL && v->have == 0 && !v->tail) { /* CUR starts with a record */
        a->skip = 0;
        a->off0 = v->off, a->idx0 = v->rec_idx;
    } else if (after == NULL) { /* the rest of the record being assembled or streamed */
        a->skip = v->rec_len - (v->tail ? v->consumed : v->have);
        a->off0 = v->off + v->rec_len, a->idx0 = v->rec_idx + 1;
    }
    a->prov = v->cur;
    a->sprov = *v->cur;
    a->sprov.records = 0;
    memset(a->sprov.by_type, 0, sizeof a->sprov.by_type);
    a->shadow = *v;
    memset(&a->shadow.st, 0, sizeof a->shadow.st);
    a->shadow.cur = &a->sprov;
    a->shadow.spec_log = (fxt__ahead_ent *)(void *)((uint8_t *)a + log_at());
    a->shadow.spec_n = 0;
    a->shadow.spec_cap = log_cap(a->max_chunk);
    a->shadow.spec_dur = &a->dur;
    memset(a->dur.n, 0, sizeof a->dur.n);
    memset(a->dur.refs, 0, sizeof a->dur.refs);
    a->dur.can = a->shadow.spec_log + a->shadow.spec_cap;
    a->dur.ncan = 0;
    a->ready = 1;
    return 1;
}

/* The word at POS of CUR followed by NEXT (which need not be adjacent). */
static uint64_t word_at(const fxt_ahead *a, uint64_t pos)
{
    uint8_t w[8];
    for (unsigned i = 0; i < 8; i++, pos++)
        w[i] = pos < a->cur_len ? a->cur[pos] : a->next[pos - a->cur_len];
    return fxt_load_word(w, a->shadow.be);
}

/* Frame P[0..LEN) by the size fields alone from *POS (the validator
 * checks them and, if it frames otherwise, the position will not match):
 * *POS ends at the first record start at or past LEN - 7; 0 at a size 0. */
static int frame(const fxt_validator *s, const uint8_t *p, size_t len, uint64_t *pos,
                 uint64_t *off, uint64_t *idx)
{
    uint64_t at = *pos, o = *off, i = *idx;
    while (at + 8 <= len) {
#if defined(__GNUC__) || defined(__clang__)
        /* the loads are a chain (each size gives the next address), so
         * each would wait for memory: fetch well ahead (a hint only; past
         * the chunk it does nothing) */
        __builtin_prefetch(p + at + 1024);
#endif
        uint64_t n = fxt__record_len(s, fxt_load_word(p + at, s->be));
        if (n == 0)
            return 0;
        at += n, o += n, i++;
    }
    *pos = at, *off = o, *idx = i;
    return 1;
}

void fxt_ahead_run(fxt_ahead *a)
{
    if (!a->ready)
        return;
    if (a->after != NULL) { /* it has run: this thread ran it, or it was waited for */
        if (!a->after->framed)
            return;
        a->skip = a->after->end_skip;
        a->off0 = a->after->end_off, a->idx0 = a->after->end_idx;
    }
    const fxt_validator *s = &a->shadow;
    uint64_t pos = a->skip, off = a->off0, idx = a->idx0;
    const uint64_t total = (uint64_t)a->cur_len + a->next_len;
    if (!frame(s, a->cur, a->cur_len, &pos, &off, &idx))
        return;
    if (pos < a->cur_len) { /* a header that straddles the two chunks (NEXT has 8 bytes) */
        uint64_t len = fxt__record_len(s, word_at(a, pos));
        if (len == 0)
            return;
        pos += len, off += len, idx++;
    }
    if (pos >= total)
        return;
    a->first = (size_t)(pos - a->cur_len);
    a->off = off, a->idx = idx;
    a->shadow.off = off, a->shadow.rec_idx = idx;
    a->done = fxt__fast_spec(&a->shadow, a->next + a->first, a->next_len - a->first);
    a->ok = 1;
    /* the rest of NEXT, for a look-ahead prepared after this one (a header
     * cut by NEXT's end cannot be read here: then none can start) */
    pos = a->first + a->done, off = a->off + a->done, idx = a->shadow.rec_idx;
    if (frame(s, a->next, a->next_len, &pos, &off, &idx) && pos >= a->next_len) {
        a->end_skip = pos - a->next_len;
        a->end_off = off, a->end_idx = idx;
        a->framed = 1;
    }
}

int fxt_ahead_framed(const fxt_ahead *a) { return a->framed; }

/* The validator still reads as the copy did: see the top of the file. */
static int still_holds(const fxt_validator *v, const fxt_ahead *a)
{
    const fxt__provider *p = v->cur, *q = &a->sprov;
    /* (one test: any of them says no) */
    const int no = v->stopped | (v->have != 0) | v->tail | v->defer | !v->lean |
                   (v->off != a->off) | (v->rec_idx != a->idx) | (p != a->prov) |
                   (v->build_epoch != a->shadow.build_epoch) | (v->lanes != a->shadow.lanes) |
                   (v->be != a->shadow.be) | (p->untracked != q->untracked);
    if (no)
        return 0;
    uint64_t missing = 0;
    for (size_t i = 0; i < FXT__STR_WORDS; i++)
        missing |= q->strbits[i] & ~p->strbits[i];
    for (size_t i = 0; i < 4; i++)
        missing |= q->thrbits[i] & ~p->thrbits[i];
    if (missing)
        return 0;
    /* the duration pairs left out of the log: each thread ref's thread is
     * tracked already (a first event creates its slot) and is no other
     * ref's (else the pairs would interleave on one stack) */
    const void *slot[256];
    size_t n = 0;
    for (unsigned t = 0; t < 256; t++)
        if ((a->dur.refs[t >> 6] >> (t & 63)) & 1) {
            if (p->thr_slot[t] == &v->no_slot)
                return 0;
            slot[n++] = p->thr_slot[t];
        }
    for (size_t i = 0; i < n; i++)
        for (unsigned t = 1; t < 256; t++)
            if (p->thr_slot[t] == slot[i] && !((a->dur.refs[t >> 6] >> (t & 63)) & 1))
                return 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (slot[i] == slot[j])
                return 0;
    return 1;
}

/* Count the lean records in P[0..LEN) as the lean path does (only when
 * the replay stopped early: the look-ahead's sums cover all it checked). */
static void count_records(fxt_validator *v, const uint8_t *p, size_t len)
{
    fxt__provider *c = v->cur;
    for (size_t at = 0; at < len;) {
        uint64_t h = fxt_load_word(p + at, v->be);
        unsigned t = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        v->st.records++, c->records++;
        v->st.by_type[t]++, c->by_type[t]++;
        if (t == FXT_RT_EVENT)
            v->st.events_by_type[FXT_GET(h, FXT_EV_TYPE)]++;
        at += FXT_GET(h, FXT_REC_SIZE) * 8;
    }
}

/* The replay stopped at log entry K: the duration begins taken out of
 * the log whose end comes after it are open there. On each of their
 * threads, the begins of the chunk open at K are those and every logged
 * begin before K (a logged end before K met an empty chunk stack, so it
 * closed an older begin), at most FXT__SPEC_DEPTH in all (they were on the
 * chunk stack together): take the logged ones off the thread's stack and
 * push all of them in record order, as the validator would have (what
 * lies above the top is never read). */
static int is_begin(const fxt_validator *v, uint64_t h)
{
    return (v->ev_seq[FXT_GET(h, FXT_EV_TYPE)] >> 4u) == FXT_ET_DURATION_BEGIN + 1;
}

/* (entries of a thread's list in dur.at: log entries, or with OPEN_BIT
 * entries of dur.can) */
#define OPEN_BIT 0x80000000u

static void reopen_begins(fxt_validator *v, fxt_ahead *a, size_t k)
{
    const fxt__ahead_ent *log = a->shadow.spec_log, *can = a->dur.can;
    const uint64_t at = log[k].idx;
    /* one pass over each list, each thread's begins gathered in dur.at
     * (free now: the look-ahead has run), then each thread in turn */
    uint64_t refs[4] = {0};
    memset(a->dur.n, 0, sizeof a->dur.n);
    for (size_t j = 0; j < a->dur.ncan; j++) {
        const unsigned t = (unsigned)FXT_GET(can[j].h, FXT_EV_THREAD);
        if (can[j].idx < at && can[j].d > at && a->dur.n[t] < FXT__SPEC_DEPTH) {
            a->dur.at[t][a->dur.n[t]++] = (uint32_t)j | OPEN_BIT;
            refs[t >> 6] |= (uint64_t)1 << (t & 63);
        }
    }
    if ((refs[0] | refs[1] | refs[2] | refs[3]) == 0)
        return;
    for (size_t i = 0; i < k; i++) {
        const unsigned t = (unsigned)FXT_GET(log[i].h, FXT_EV_THREAD);
        if (((refs[t >> 6] >> (t & 63)) & 1) && is_begin(v, log[i].h) &&
            a->dur.n[t] < FXT__SPEC_DEPTH)
            a->dur.at[t][a->dur.n[t]++] = (uint32_t)i;
    }
    for (unsigned t = 1; t < 256; t++) {
        if (!((refs[t >> 6] >> (t & 63)) & 1))
            continue;
        const fxt__ahead_ent *e[FXT__SPEC_DEPTH];
        const unsigned n = a->dur.n[t];
        size_t logged = 0;
        for (unsigned i = 0; i < n; i++) {
            const uint32_t x = a->dur.at[t][i];
            e[i] = x & OPEN_BIT ? &can[x & ~OPEN_BIT] : &log[x];
            logged += !(x & OPEN_BIT);
        }
        for (unsigned i = 1; i < n; i++) /* insertion sort by index */
            for (unsigned j = i; j > 0 && e[j - 1]->idx > e[j]->idx; j--) {
                const fxt__ahead_ent *x = e[j];
                e[j] = e[j - 1], e[j - 1] = x;
            }
        fxt__slot *slot = (fxt__slot *)v->cur->thr_slot[t];
        slot->depth -= (uint32_t)logged;
        for (unsigned i = 0; i < n; i++) {
            if (slot->depth <= FXT__DUR_STACK) {
                uint64_t *st = v->threads.stk + slot->off + 2 * slot->depth;
                st[0] = v->lean_base + (uintptr_t)e[i]->p, st[1] = e[i]->idx;
            }
            slot->depth++;
        }
    }
}

/* Take what the look-ahead found at the validator's position; the bytes
 * taken. */
static size_t take(fxt_validator *v, fxt_ahead *a)
{
    const uint8_t *start = a->next + a->first;
    const fxt__ahead_ent *log = a->shadow.spec_log;
    const size_t n = a->shadow.spec_n;
    v->lean_base = a->off - (uintptr_t)start; /* modulo 2^64, as fast.c */
    size_t k = fxt__fast_replay(v, log, n), took;
    if (k == n) { /* all of it: the look-ahead's counts */
        const fxt_stats *d = &a->shadow.st;
        v->st.records += d->records;
        v->cur->records += a->sprov.records;
        for (unsigned t = 0; t < 16; t++) {
            v->st.by_type[t] += d->by_type[t];
            v->cur->by_type[t] += a->sprov.by_type[t];
            v->st.events_by_type[t] += d->events_by_type[t];
        }
        took = a->done;
        v->rec_idx = a->shadow.rec_idx;
    } else { /* up to the event the validator must sequence itself */
        reopen_begins(v, a, k);
        took = (size_t)(log[k].p - start);
        count_records(v, start, took);
        v->rec_idx = log[k].idx;
    }
    v->off = a->off + took;
    v->st.bytes += took;
    a->taken += v->rec_idx - a->idx;
    return took;
}

void fxt_validator_feed_ahead(fxt_validator *v, fxt_ahead *a)
{
    const uint8_t *p = a->next;
    size_t len = a->next_len;
    if (!a->ready || !a->ok) {
        a->ready = 0;
        fxt_validator_feed(v, p, len);
        return;
    }
    a->ready = 0;
    fxt_validator_feed(v, p, a->first); /* the end of the record begun before */
    size_t took = still_holds(v, a) ? take(v, a) : 0;
    fxt_validator_feed(v, p + a->first + took, len - a->first - took);
}
