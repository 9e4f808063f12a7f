/* SPDX-License-Identifier: MIT */
/*
 * test_par_equals.c - the parallel path (validator/par.c) against one
 * thread on traces made to cross its piece boundaries.
 *
 * par.c checks pieces ahead in shadow validators and merges what they
 * could not know: string refs registered in an earlier piece, thread
 * indexes registered again with other koids, provider switches,
 * durations, async operations and flows open across pieces, the limits.
 * lean_equals_decoder runs the parallel path on every corpus, rule and
 * random trace; this test writes traces that stress exactly those seams
 * (a few providers, a few dozen strings and six thread indexes registered
 * and re-registered all along, events on them, ids from small pools so
 * they stay open across pieces), clean and with issues at a few rates,
 * and demands one thread's issues, counts and verdicts on 2, 3 and 4
 * threads with pieces of 64 bytes to 4 KiB, fed whole and in chunks,
 * under the --max-* limits, stopping at the first error, and cut by a
 * record of size 0. It also demands that the clean traces are mostly
 * merged, not redone, so that it holds the merge and not only the redo.
 * pipelined() holds the feeds that par.c pipelines (one worker: cycles
 * without a barrier, copies older than their pieces, pieces that grow) to
 * one thread on calm traces of 3 MiB, with a piece taken back, errors, a
 * stop and a record of size 0 in the middle of the feed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/format.h"
#include "fxt/validate.h"
#include "issue_list.h"
#include "par_equals.h"

static unsigned g_failures;

/* ---- traces ---- */

void put(trace *t, uint64_t w)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 4096;
        t->w = realloc(t->w, t->cap * sizeof *t->w);
        if (t->w == NULL)
            exit(2);
    }
    t->w[t->n++] = w;
}

static unsigned rnd(trace *t, unsigned n)
{
    t->x ^= t->x << 13, t->x ^= t->x >> 7, t->x ^= t->x << 17;
    return (unsigned)((t->x >> 11) % n);
}

uint64_t hdr(unsigned type, size_t words)
{
    return FXT_SET(FXT_SET(0, FXT_REC_TYPE, type), FXT_REC_SIZE, words);
}

#define NSTR 40  /* string indexes 1..NSTR */
#define NTHR 3   /* thread indexes 1..NTHR */
#define NPROV 3  /* providers 1..NPROV */

/* What one thread sees, as far as the writer needs it to stay mostly
 * clean: each provider's registered strings and threads, the durations
 * open per thread index, the async and flow ids open. */
typedef struct state {
    unsigned cur; /* provider */
    unsigned char str[NPROV + 1][NSTR + 1];
    unsigned char thr[NPROV + 1][NTHR + 1];
    unsigned pid[NPROV + 1][NTHR + 1];
    unsigned depth[NPROV + 1][NTHR + 1];
    unsigned char async[8], flow[8];
} state;

static void provider_info(trace *t, unsigned id)
{
    put(t, FXT_SET(FXT_SET(FXT_SET(hdr(FXT_RT_METADATA, 2), FXT_META_TYPE, FXT_MT_PROVIDER_INFO),
                           FXT_META_PROVIDER_ID, id),
                   FXT_PINFO_NAME_LEN, 1));
    put(t, 'p');
}

static void string_rec(trace *t, state *s, unsigned idx)
{
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_STRING, 2), FXT_STR_INDEX, idx), FXT_STR_LEN, 3));
    put(t, 0x737472); /* "rts" */
    s->str[s->cur][idx] = 1;
}

static void thread_rec(trace *t, state *s, unsigned idx, unsigned pid)
{
    put(t, FXT_SET(hdr(FXT_RT_THREAD, 3), FXT_THR_INDEX, idx));
    put(t, pid), put(t, 100 + idx);
    s->thr[s->cur][idx] = 1;
    s->pid[s->cur][idx] = pid;
    s->depth[s->cur][idx] = 0; /* (other koids: another thread's durations) */
}

/* A string ref: registered, or with probability 1/BAD any */
static unsigned sref(trace *t, state *s, unsigned bad)
{
    unsigned r = 1 + rnd(t, NSTR);
    if (bad && rnd(t, bad) == 0)
        return r;
    for (unsigned i = 0; i < NSTR && !s->str[s->cur][r]; i++)
        r = r % NSTR + 1;
    return s->str[s->cur][r] ? r : 0;
}

/* An event record of number ET (the current revision's: the meanings). */
static void event_rec(trace *t, state *s, unsigned bad, unsigned et, unsigned thr, uint64_t ts,
                      uint64_t data)
{
    const int has_data = et == FXT_ET_COUNTER || et >= FXT_ET_DURATION_COMPLETE;
    const unsigned argc = rnd(t, 3);
    size_t words = 2 + (thr == 0 ? 2 : 0) + 2 * argc + (has_data ? 1 : 0);
    uint64_t h = FXT_SET(FXT_SET(hdr(FXT_RT_EVENT, words), FXT_EV_TYPE, et), FXT_EV_ARGC, argc);
    h = FXT_SET(FXT_SET(FXT_SET(h, FXT_EV_THREAD, thr), FXT_EV_CATEGORY, sref(t, s, bad)),
                FXT_EV_NAME, sref(t, s, bad));
    put(t, h);
    put(t, ts);
    if (thr == 0)
        put(t, 7), put(t, 8);
    for (unsigned a = 0; a < argc; a++) { /* int64 arguments */
        put(t, FXT_SET(FXT_SET(FXT_SET(0, FXT_ARG_TYPE, FXT_AT_INT64), FXT_ARG_SIZE, 2),
                       FXT_ARG_NAME, sref(t, s, bad)));
        put(t, a);
    }
    if (has_data)
        put(t, data);
}

static int g_calm; /* write_trace's CHURN < 0: events that are clean with BAD 0 */

/* An event of kind ET on a registered thread (or inline koids), a clean
 * one unless 1/BAD says otherwise (or mostly clean, unless g_calm). */
static void event(trace *t, state *s, unsigned bad)
{
    unsigned thr = 1 + rnd(t, NTHR);
    if (!s->thr[s->cur][thr] || rnd(t, 16) == 0)
        thr = 0; /* inline */
    unsigned et = rnd(t, 11);
    const int wrong = bad && rnd(t, bad) == 0;
    unsigned char *ids = et >= FXT_ET_FLOW_BEGIN ? s->flow : s->async;
    uint64_t data = 0, ts = 1000 + t->n;
    unsigned *depth = thr ? &s->depth[s->cur][thr] : NULL;
    int triple = 0;
    if (et == FXT_ET_DURATION_BEGIN || et == FXT_ET_DURATION_END) {
        if (thr == 0)
            thr = 1 + rnd(t, NTHR), et = s->thr[s->cur][thr] ? et : FXT_ET_INSTANT;
        if (g_calm && !s->thr[s->cur][thr]) { /* (an instant on koids inline) */
            event_rec(t, s, bad, FXT_ET_INSTANT, 0, ts, data);
            return;
        }
        depth = &s->depth[s->cur][thr];
        if (et == FXT_ET_DURATION_END && *depth == 0 && !wrong)
            et = FXT_ET_DURATION_BEGIN;
        if (et == FXT_ET_DURATION_BEGIN && *depth > 40)
            et = FXT_ET_DURATION_END;
        if (et == FXT_ET_DURATION_BEGIN)
            ++*depth;
        else if (*depth > 0)
            --*depth;
    } else if (et == FXT_ET_DURATION_COMPLETE) {
        data = wrong ? ts - 1 : ts + 5;
    } else if (g_calm && et <= FXT_ET_ASYNC_END && s->cur != NPROV) {
        et = FXT_ET_INSTANT; /* (the writer keeps the async ids of one provider) */
    } else if (et >= FXT_ET_ASYNC_BEGIN) {
        const int begin = et == FXT_ET_ASYNC_BEGIN || et == FXT_ET_FLOW_BEGIN;
        const int end = et == FXT_ET_ASYNC_END || et == FXT_ET_FLOW_END;
        if (g_calm && et <= FXT_ET_ASYNC_END)
            thr = 0; /* (and of one process: inline koids) */
        unsigned id = rnd(t, 8);
        if (!wrong)
            for (unsigned i = 0; i < 8 && (begin ? ids[id] : !ids[id]); i++)
                id = (id + 1) % 8;
        if (!wrong && (begin ? ids[id] : !ids[id]))
            et = FXT_ET_INSTANT; /* (every id open, or none) */
        else if (begin && ids[id])
            triple = 1, ids[id] = 0; /* a duplicate begin, then two ends */
        else if (begin)
            ids[id] = 1;
        else if (end)
            ids[id] = 0;
        data = id;
        if (et >= FXT_ET_ASYNC_BEGIN && et <= FXT_ET_ASYNC_END && thr == 0)
            data += 100; /* (async ids are per process: inline koids, others) */
    } else if (et == FXT_ET_COUNTER) {
        data = 1;
    }
    for (int k = 0; k < (triple ? 3 : 1); k++)
        event_rec(t, s, bad, k == 0 ? et : et + 2, thr, ts, data);
}


/* N records after the magic, initialization and provider records: 1/BAD
 * of the choices that can go wrong do (0: none). CHURN: a thread index
 * registered again, with one of two koids, every few records, so that
 * most pieces use an index's koids, then register it again, and the piece
 * before them changed its koids too. CHURN < 0 (calm): a thread index is
 * registered once per provider (then strings instead), so that pieces
 * merge and grow (par.c). */
static void write_trace(trace *t, unsigned n, unsigned bad, uint64_t seed, int churn)
{
    state s;
    memset(&s, 0, sizeof s);
    g_calm = churn < 0;
    t->n = 0;
    t->x = seed * 0x9e3779b97f4a7c15ull | 1;
    put(t, FXT_MAGIC_RECORD);
    put(t, hdr(FXT_RT_INIT, 2)), put(t, 1000000);
    for (unsigned p = 1; p <= NPROV; p++)
        provider_info(t, p);
    s.cur = NPROV;
    for (unsigned i = 0; i < n; i++) {
        unsigned c = rnd(t, 100);
        if (churn > 0 && c < 25) {
            thread_rec(t, &s, 1 + rnd(t, 2), 1 + rnd(t, 2));
            continue;
        }
        if (c < 8) { /* a string, new or again */
            string_rec(t, &s, 1 + rnd(t, NSTR));
        } else if (c < 11) { /* a thread, new or again with other koids */
            const unsigned idx = 1 + rnd(t, NTHR), pid = 1 + rnd(t, 3);
            if (churn < 0 && s.thr[s.cur][idx])
                string_rec(t, &s, 1 + rnd(t, NSTR));
            else
                thread_rec(t, &s, idx, pid);
        } else if (c < 12) { /* a string and a thread, then an async event using both: past
                                 a piece's end, its refs are pending and its koids new */
            unsigned str = 1 + rnd(t, NSTR), thr = 1 + rnd(t, NTHR), id = rnd(t, 8);
            string_rec(t, &s, str);
            if (churn >= 0 || !s.thr[s.cur][thr])
                thread_rec(t, &s, thr, 1 + rnd(t, 3));
            if (!s.async[id] && (!g_calm || s.cur == NPROV)) { /* (a begin: s.async[id]
                                                                   is its id open) */
                const size_t at = t->n;
                s.async[id] = 1;
                if (g_calm) /* (inline koids, as event() writes them) */
                    event_rec(t, &s, 0, FXT_ET_ASYNC_BEGIN, 0, 1000 + t->n, id + 100);
                else
                    event_rec(t, &s, 0, FXT_ET_ASYNC_BEGIN, thr, 1000 + t->n, id);
                t->w[at] = FXT_SET(t->w[at], FXT_EV_CATEGORY, str);
            }
        } else if (c < 16) { /* a provider switch */
            s.cur = 1 + rnd(t, NPROV);
            if (bad && rnd(t, bad) == 0 && rnd(t, 2)) { /* started afresh: a warning */
                provider_info(t, s.cur);
                memset(s.str[s.cur], 0, sizeof s.str[s.cur]);
                memset(s.thr[s.cur], 0, sizeof s.thr[s.cur]);
                memset(s.depth[s.cur], 0, sizeof s.depth[s.cur]);
            } else {
                put(t, FXT_SET(FXT_SET(hdr(FXT_RT_METADATA, 1), FXT_META_TYPE,
                                       FXT_MT_PROVIDER_SECTION),
                               FXT_META_PROVIDER_ID,
                               bad && rnd(t, bad) == 0 ? NPROV + 1 : s.cur));
            }
        } else {
            event(t, &s, bad);
        }
    }
}

/* ---- runs ---- */

typedef struct result {
    issues l;
    fxt_stats st;
    fxt_revision_verdict vd[FXT_REV_COUNT];
    fxt__par_counts pc;
} result;

static result run(const uint8_t *b, size_t len, const config *c, const limits *lim)
{
    result r;
    memset(&r, 0, sizeof r);
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = &r.l;
    o.threads = c->threads;
    o.task_bytes = c->piece;
    if (lim->max_threads)
        o.max_threads = lim->max_threads;
    if (lim->max_async)
        o.max_async = lim->max_async;
    if (lim->max_flows)
        o.max_flows = lim->max_flows;
    if (lim->max_providers)
        o.max_providers = lim->max_providers;
    o.flags |= lim->flags;
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL)
        exit(2);
    fxt__par_test(v, c->how);
    for (size_t at = 0, k = 0; c->cuts && at < len; at = c->cuts[k++])
        fxt_validator_feed(v, b + at, c->cuts[k] - at);
    if (c->chunk == 0 && c->cuts == NULL)
        fxt_validator_feed(v, b, len);
    for (size_t at = 0; c->chunk && at < len; at += c->chunk)
        fxt_validator_feed(v, b + at, len - at < c->chunk ? len - at : c->chunk);
    fxt_validator_finish(v);
    fxt_validator_stats(v, &r.st);
    fxt_validator_verdicts(v, r.vd);
    fxt__par_get_counts(v, &r.pc);
    fxt_validator_free(v);
    return r;
}

static int same_issue(const fxt_issue *a, const fxt_issue *b)
{
    return a->rule == b->rule && a->severity == b->severity &&
           a->record_offset == b->record_offset && a->record_index == b->record_index &&
           a->field_offset == b->field_offset && a->record_type == b->record_type &&
           a->field_len == b->field_len && a->bit_lo == b->bit_lo && a->bit_hi == b->bit_hi &&
           strcmp(a->message, b->message) == 0;
}

/* Where A and B first differ (issues, then counts and verdicts), or NULL. */
static const char *differ(const result *a, const result *b, size_t *at)
{
    size_t n = a->l.n < b->l.n ? a->l.n : b->l.n;
    for (*at = 0; *at < n; ++*at)
        if (!same_issue(&a->l.v[*at], &b->l.v[*at]))
            return "an issue";
    if (a->l.n != b->l.n)
        return "the number of issues";
    if (memcmp(&a->st, &b->st, sizeof a->st) != 0)
        return "the counts (fxt_stats)";
    if (memcmp(a->vd, b->vd, sizeof a->vd) != 0)
        return "the verdicts";
    return NULL;
}

/* The issue at AT on each side (where differ() found them apart). */
static void show_at(const result *r1, const result *rn, size_t at)
{
    if (at < r1->l.n)
        fprintf(stderr, "    1 thread: %s at 0x%llx\n", r1->l.v[at].message,
                (unsigned long long)r1->l.v[at].record_offset);
    if (at < rn->l.n)
        fprintf(stderr, "    threads:  %s at 0x%llx\n", rn->l.v[at].message,
                (unsigned long long)rn->l.v[at].record_offset);
}

/* Fail if RN (config CF, limits L) is not R1, one thread's: say where (WHERE). */
static void same_output(const char *what, const limits *l, const config *cf, const result *r1,
                        const result *rn, const char *where)
{
    size_t at;
    const char *d = differ(r1, rn, &at);
    if (d == NULL)
        return;
    g_failures++;
    fprintf(stderr,
            "FAIL %s, %s: %u threads, pieces of %u bytes, %s: %s differs from one thread's "
            "(%s)\n",
            what, l->what, cf->threads, cf->piece, cf->chunk ? "fed in chunks" : "fed whole", d,
            where);
    show_at(r1, rn, at);
}

static uint64_t g_pieces, g_redone, g_taken; /* over the clean traces */
static uint64_t g_why[FXT__REDO_N_];
static const char *const g_why_names[] = {FXT__REDO_NAMES};

/* CHURN: more runs on 3 and 4 threads (a piece merged after one that
 * registered an index again: piece 0's own registrations make the rest of
 * its round be checked again at once). */
static void compare(const uint8_t *b, size_t len, const char *what, int clean, int churn)
{
    static const config cfg[] = {
        {2, 64, 0, 0, NULL},   {2, 256, 1000, 0, NULL}, {3, 200, 4096, 0, NULL},
        {4, 1024, 0, 0, NULL}, {2, 4096, 0, 0, NULL},   {3, 128, 0, 0, NULL},
        {4, 96, 0, 0, NULL},   {4, 256, 0, 0, NULL},    {3, 512, 0, 0, NULL}};
    const size_t ncfg = churn ? sizeof cfg / sizeof cfg[0] : 5;
    static const limits lims[] = {{"default limits", 0, 0, 0, 0, 0},
                                  {"--max-threads 4", 4, 0, 0, 0, 0},
                                  {"--max-async 5 --max-flows 5", 0, 5, 5, 0, 0},
                                  {"--max-providers 2", 0, 0, 0, 2, 0},
                                  {"stop at the first error", 0, 0, 0, 0, FXT_OPT_STOP_AT_ERROR}};
    const config one = {1, 0, 0, 0, NULL};
    for (size_t k = 0; k < sizeof lims / sizeof lims[0]; k++) {
        result r1 = run(b, len, &one, &lims[k]);
        for (size_t c = 0; c < ncfg; c++) {
            result rn = run(b, len, &cfg[c], &lims[k]);
            same_output(what, &lims[k], &cfg[c], &r1, &rn, "validator/par.c");
            if (clean && k == 0) {
                g_pieces += rn.pc.pieces, g_redone += rn.pc.redone, g_taken += rn.pc.taken;
                for (unsigned w = 0; w < FXT__REDO_N_; w++)
                    g_why[w] += rn.pc.why[w];
            }
            free(rn.l.v);
        }
        free(r1.l.v);
    }
}

/* ---- paths that timing decides, or that random traces do not reach ----
 * Each trace is built so that one piece meets one path of validator/par.c
 * or shadow.c; fxt__par_test makes the validator's thread wait for every
 * worker (or take every piece back), so that what happens does not depend
 * on the machine's load. Each demands one thread's output and the
 * counters that say the path was taken. */

void str_rec(trace *t, unsigned idx, size_t bytes) /* (BYTES >= 16) */
{
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_STRING, bytes / 8), FXT_STR_INDEX, idx), FXT_STR_LEN,
                   bytes - 8));
    for (size_t i = 1; i < bytes / 8; i++)
        put(t, 0x6161616161616161ull);
}

/* String records (index 20) of at most MOST bytes up to byte AT. */
static void fill_to(trace *t, size_t at, size_t most)
{
    while (t->n * 8 < at) {
        const size_t r = at - t->n * 8;
        if (r < 16) {
            fprintf(stderr, "fill_to: %zu bytes left (a bug of this test)\n", r);
            exit(2);
        }
        str_rec(t, 20, r <= most ? r : r - most < 16 ? most - 16 : most);
    }
}

void thr_rec(trace *t, unsigned idx, uint64_t pid, uint64_t tid)
{
    put(t, FXT_SET(hdr(FXT_RT_THREAD, 3), FXT_THR_INDEX, idx));
    put(t, pid), put(t, tid);
}

/* An event of type ET on thread index THR, no name, no arguments. */
void ev_ref(trace *t, unsigned et, unsigned thr)
{
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_EVENT, 2), FXT_EV_TYPE, et), FXT_EV_THREAD, thr));
    put(t, 2000);
}

/* An async event of type ET with id ID on inline koids 1/2. */
static void ev_async(trace *t, unsigned et, uint64_t id)
{
    put(t, FXT_SET(hdr(FXT_RT_EVENT, 5), FXT_EV_TYPE, et));
    put(t, 2000), put(t, 1), put(t, 2), put(t, id);
}

void start(trace *t)
{
    t->n = 0;
    put(t, FXT_MAGIC_RECORD);
    put(t, hdr(FXT_RT_INIT, 2)), put(t, 1000000);
}

/* One thread's output and C's on T (under LIM) must be the same: C's
 * counters into *PC. */
void same_as_one(const trace *t, const config *c, const limits *lim, const char *what,
                 fxt__par_counts *pc)
{
    const config one = {1, 0, 0, 0, c->cuts};
    const uint8_t *b = (const uint8_t *)t->w;
    result r1 = run(b, t->n * 8, &one, lim), rn = run(b, t->n * 8, c, lim);
    size_t at;
    const char *d = differ(&r1, &rn, &at);
    if (d != NULL) {
        g_failures++;
        fprintf(stderr, "FAIL %s: %u threads: %s differs from one thread's\n", what, c->threads,
                d);
        show_at(&r1, &rn, at);
    }
    if (r1.l.n == 0 && strstr(what, "clean") == NULL) { /* (each of these has issues) */
        g_failures++;
        fprintf(stderr, "FAIL %s: no issue on one thread (a bug of this test)\n", what);
    }
    *pc = rn.pc;
    free(r1.l.v), free(rn.l.v);
}

void demand(const char *what, const char *counter, uint64_t got, int ok)
{
    if (!ok) {
        g_failures++;
        fprintf(stderr, "FAIL %s: %s is %llu (validator/par.c, shadow.c)\n", what, counter,
                (unsigned long long)got);
    }
}

const limits defaults = {"default limits", 0, 0, 0, 0, 0};

/* A thread index registered again with the same process koid and another
 * thread koid in piece 1 (merged), a duration ended on that index in
 * piece 2 (which used the copy's koids: checked again, "koids changed").
 * One thread: the end has no begin on the new thread, the begin on the old
 * one is never ended. Returns the chunks' ends in CUTS. */
static void koids_trace(trace *t, size_t cuts[2])
{
    start(t);
    thr_rec(t, 1, 5, 6);
    ev_ref(t, FXT_ET_DURATION_BEGIN, 1);
    const size_t c0 = cuts[0] = t->n * 8; /* (under a piece: one thread) */
    /* a chunk of 3 pieces of 1 KiB: 0 ends at or before 1104, 1 at 2088 */
    fill_to(t, c0 + 1200, 64);
    thr_rec(t, 1, 5, 7);
    fill_to(t, c0 + 2200, 64);
    ev_ref(t, FXT_ET_DURATION_END, 1);
    fill_to(t, c0 + 3072, 64);
    cuts[1] = t->n * 8;
}

static void paths(void)
{
    trace t = {0};
    size_t cuts[2];
    fxt__par_counts pc;
    const char *w;

    koids_trace(&t, cuts);
    w = "a thread koid changed by the piece before";
    same_as_one(&t, &(config){3, 1024, 0, FXT__PAR_WAIT, cuts}, &defaults, w, &pc);
    demand(w, "pieces redone for koids changed", pc.why[FXT__REDO_KOIDS],
           pc.why[FXT__REDO_KOIDS] == 1 && pc.merged_records > 0);

    /* every piece taken back (the worker not started), after piece 0
     * stopped at an error too */
    ev_ref(&t, FXT_ET_INSTANT, 9); /* (an error: thread index 9 is not registered) */
    fill_to(&t, cuts[1] + 3072, 64);
    for (size_t i = 0; i < t.n; i++) /* (the error into piece 0 of the second round) */
        if (i * 8 >= cuts[0] + 256 && FXT_GET(t.w[i], FXT_REC_TYPE) == FXT_RT_STRING) {
            t.w[i] = FXT_SET(t.w[i], FXT_STR_INDEX, 0); /* (string index 0: an error) */
            break;
        }
    const size_t cuts3[] = {cuts[0], cuts[1], t.n * 8};
    static const limits stop = {"stop at the first error", 0, 0, 0, 0, FXT_OPT_STOP_AT_ERROR};
    for (int k = 0; k < 2; k++) {
        w = k ? "every piece taken back, stopping at the first error" : "every piece taken back";
        same_as_one(&t, &(config){3, 1024, 0, FXT__PAR_TAKE, cuts3}, k ? &stop : &defaults, w,
                    &pc);
        demand(w, "pieces not taken back", pc.pieces - pc.taken,
               pc.pieces > 0 && pc.taken == pc.pieces && pc.merged_records == 0);
    }

    /* more string refs left to the merge than a shadow keeps: 17 per event
     * (15 arguments' names, category, name), all registered in piece 0 of
     * the round, so missing from its copy */
    start(&t);
    const size_t c0 = t.n * 8, c1 = c0 + 2 * 65536;
    for (unsigned i = 1; i <= 17; i++)
        str_rec(&t, i, 16);
    while (t.n * 8 + 152 + 16 <= c1) {
        put(&t, FXT_SET(FXT_SET(FXT_SET(FXT_SET(hdr(FXT_RT_EVENT, 19), FXT_EV_TYPE,
                                                FXT_ET_INSTANT),
                                        FXT_EV_ARGC, 15),
                                FXT_EV_CATEGORY, 16),
                        FXT_EV_NAME, 17));
        put(&t, 2000), put(&t, 1), put(&t, 2);
        for (unsigned a = 1; a <= 15; a++) /* int32 arguments */
            put(&t, FXT_SET(FXT_SET(FXT_SET(0, FXT_ARG_TYPE, FXT_AT_INT32), FXT_ARG_SIZE, 1),
                            FXT_ARG_NAME, a));
    }
    fill_to(&t, c1, 4096);
    ev_ref(&t, FXT_ET_INSTANT, 9); /* (an issue, so that the check is not of a clean trace) */
    const size_t cutsp[] = {c0, c1, t.n * 8};
    w = "pending refs past what a shadow keeps";
    same_as_one(&t, &(config){2, 65536, 0, FXT__PAR_WAIT, cutsp}, &defaults, w, &pc);
    demand(w, "pieces redone for pending refs full", pc.why[FXT__REDO_PENDING],
           pc.why[FXT__REDO_PENDING] == 1);

    /* more threads than par.c has room for: capped (64) */
    w = "65 threads";
    same_as_one(&t, &(config){65, 64, 0, 0, NULL}, &defaults, w, &pc);
    demand(w, "pieces per round past 63", pc.pieces,
           pc.rounds > 0 && pc.pieces <= 63 * pc.rounds);

    /* a shadow's async table full of its own ids (begun and ended in its
     * piece, --max-async 4) when it meets a fifth id: an instant with no
     * begin, which one thread reports; the shadow cannot keep it, so its
     * piece is checked again */
    start(&t);
    const size_t a0 = t.n * 8;
    fill_to(&t, a0 + 1200, 64); /* (2 pieces of 1 KiB: piece 0 ends by 1080) */
    for (unsigned id = 1; id <= 4; id++)
        ev_async(&t, FXT_ET_ASYNC_BEGIN, id), ev_async(&t, FXT_ET_ASYNC_END, id);
    ev_async(&t, FXT_ET_ASYNC_INSTANT, 5);
    fill_to(&t, a0 + 2048, 64);
    const size_t cutsa[] = {a0, t.n * 8};
    static const limits async4 = {"--max-async 4", 0, 4, 0, 0, 0};
    w = "a shadow's async table full";
    same_as_one(&t, &(config){2, 1024, 0, FXT__PAR_WAIT, cutsa}, &async4, w, &pc);
    demand(w, "pieces redone for an unmatched async id", pc.by_rule[FXT_R_ASYNC_UNMATCHED],
           pc.why[FXT__REDO_ISSUE] == 1 && pc.by_rule[FXT_R_ASYNC_UNMATCHED] == 1);

    /* every piece redone (an error in each): rounds mostly redone back off */
    start(&t);
    while (t.n * 8 < 64 * 1024) {
        fill_to(&t, t.n * 8 + 96, 64);
        ev_ref(&t, FXT_ET_INSTANT, 9);
    }
    w = "every piece redone";
    same_as_one(&t, &(config){2, 256, 0, FXT__PAR_WAIT, NULL}, &defaults, w, &pc);
    demand(w, "back-offs", pc.backoffs, pc.backoffs > 0 && pc.why[FXT__REDO_ISSUE] > 0);

    /* large records (8 KiB strings: under one record per 2 KiB), the
     * worker taking every piece: pipelined, but backed off for a caller
     * that needs a core itself (FXT_OPT_CALLER_BUSY: fxt-validate's
     * reader thread) */
    start(&t);
    fill_to(&t, 512 * 1024, 8192);
    w = "clean large records";
    same_as_one(&t, &(config){2, 8192, 0, FXT__PAR_WAIT, NULL}, &defaults, w, &pc);
    demand(w, "back-offs", pc.backoffs, pc.backoffs == 0 && pc.merged_records > 0);
    static const limits busy = {"FXT_OPT_CALLER_BUSY", 0, 0, 0, 0, FXT_OPT_CALLER_BUSY};
    w = "clean large records, the caller busy";
    same_as_one(&t, &(config){2, 8192, 0, FXT__PAR_WAIT, NULL}, &busy, w, &pc);
    demand(w, "back-offs", pc.backoffs, pc.backoffs > 0 && pc.redone == 0);
    free(t.w);
}

/* ---- pipelined feeds (par.c, one worker): multi-MiB feeds whose pieces
 * grow, with every path in the middle of the feed ---- */

/* Calm traces of a few MiB against one thread, fed whole and in chunks of
 * a few MiB, at the default piece size and smaller ones: many cycles in
 * a segment, pieces grown to MiBs, copies older than their pieces. */
static void compare_big(const trace *t, const char *what, int clean)
{
    static const config cfg[] = {{2, 0, 0, 0, NULL},
                                 {2, 4096, 0, 0, NULL},
                                 {2, 65536, 3u << 20, 0, NULL},
                                 {2, 2048, 0, FXT__PAR_WAIT, NULL}};
    static const limits lims[] = {{"default limits", 0, 0, 0, 0, 0},
                                  {"--max-async 5 --max-flows 5", 0, 5, 5, 0, 0},
                                  {"stop at the first error", 0, 0, 0, 0, FXT_OPT_STOP_AT_ERROR}};
    const config one = {1, 0, 0, 0, NULL};
    const uint8_t *b = (const uint8_t *)t->w;
    for (size_t k = 0; k < sizeof lims / sizeof lims[0]; k++) {
        result r1 = run(b, t->n * 8, &one, &lims[k]);
        for (size_t c = 0; c < sizeof cfg / sizeof cfg[0]; c++) {
            result rn = run(b, t->n * 8, &cfg[c], &lims[k]);
            same_output(what, &lims[k], &cfg[c], &r1, &rn, "validator/par.c, pipelined");
            if (clean && k == 0 && cfg[c].how == FXT__PAR_WAIT) {
                /* (fed whole, no piece taken back: pieces grown from 2 KiB
                 * past 64 KiB, most merged; a few segments, as the first
                 * pieces, whose copies miss the threads registered just
                 * before them, are redone and back off) */
                const uint64_t merged = rn.pc.pieces - rn.pc.redone - rn.pc.taken;
                printf("%s, pipelined: %llu cycles in %llu segments, largest piece %llu bytes, "
                       "%llu of %llu pieces merged\n",
                       what, (unsigned long long)rn.pc.rounds, (unsigned long long)rn.pc.segments,
                       (unsigned long long)rn.pc.piece_max, (unsigned long long)merged,
                       (unsigned long long)rn.pc.pieces);
                if (rn.pc.segments > 4 || rn.pc.piece_max < 65536 || 2 * merged < rn.pc.pieces) {
                    g_failures++;
                    fprintf(stderr,
                            "FAIL %s: pipelined: %llu segments (want <= 4), largest piece %llu "
                            "bytes (want >= 65536), %llu of %llu pieces merged (want half)\n",
                            what, (unsigned long long)rn.pc.segments,
                            (unsigned long long)rn.pc.piece_max, (unsigned long long)merged,
                            (unsigned long long)rn.pc.pieces);
                    for (unsigned y = 0; y < FXT__REDO_N_; y++)
                        if (rn.pc.why[y])
                            fprintf(stderr, "    redone: %s %llu\n", g_why_names[y],
                                    (unsigned long long)rn.pc.why[y]);
                    for (unsigned y = 0; y < FXT_R_END_; y++)
                        if (rn.pc.by_rule[y])
                            fprintf(stderr, "    issue: %s\n", fxt_rule_get((fxt_rule)y)->name);
                }
            }
            free(rn.l.v);
        }
        free(r1.l.v);
    }
}

/* The string record at or after byte AT of T: its word. */
static size_t string_at(const trace *t, size_t at)
{
    for (size_t i = 0, k; i < t->n && (k = (size_t)FXT_GET(t->w[i], FXT_REC_SIZE)) != 0; i += k)
        if (i * 8 >= at && FXT_GET(t->w[i], FXT_REC_TYPE) == FXT_RT_STRING)
            return i;
    fprintf(stderr, "string_at: none past %zu (a bug of this test)\n", at);
    exit(2);
}

static void pipelined(void)
{
    trace t = {0};
    fxt__par_counts pc;
    const char *w;
    write_trace(&t, 60000, 0, 7, -1); /* (about 3 MiB) */
    compare_big(&t, "a calm trace of 3 MiB", 1);
    static const limits stop = {"stop at the first error", 0, 0, 0, 0, FXT_OPT_STOP_AT_ERROR};
    const config waitc = {2, 2048, 0, FXT__PAR_WAIT, NULL};

    /* the 4th cycle's piece taken back (its worker not started): the rest
     * of that cycle and the next on the validator's thread, then a new
     * segment */
    w = "a piece taken back in the middle of a pipelined feed, clean";
    same_as_one(&t, &(config){2, 2048, 0, FXT__PAR_TAKE_4TH, NULL}, &defaults, w, &pc);
    demand(w, "pieces taken back", pc.taken,
           pc.taken >= 1 && pc.merged_records > 0 && pc.rounds > pc.segments + 3);

    /* errors (string index 0) at a third, a half and two thirds: pieces
     * redone in the middle of the feed (an issue in a shadow), pieces set
     * back to the base size, the pipeline going on */
    size_t e[3];
    for (int k = 0; k < 3; k++) {
        e[k] = string_at(&t, t.n * 8 / 6 * (size_t)(2 + k));
        t.w[e[k]] = FXT_SET(t.w[e[k]], FXT_STR_INDEX, 0);
    }
    compare_big(&t, "a calm trace of 3 MiB, 3 errors", 0);
    w = "errors in the middle of a pipelined feed";
    uint64_t shadow_issues = 0;
    for (unsigned piece = 2048; piece <= 8192; piece *= 2) {
        same_as_one(&t, &(config){2, piece, 0, FXT__PAR_WAIT, NULL}, &defaults, w, &pc);
        shadow_issues += pc.why[FXT__REDO_ISSUE];
        demand(w, "records merged", pc.merged_records, pc.merged_records > 0);
    }
    demand(w, "pieces redone for an issue", shadow_issues, shadow_issues >= 1);
    w = "stop at the first error in the middle of a pipelined feed";
    same_as_one(&t, &waitc, &stop, w, &pc);
    demand(w, "pieces merged before the stop", pc.merged_records,
           pc.merged_records > 0 && pc.rounds > 3);
    w = "taken back in the middle of a pipelined feed, stop at the first error";
    same_as_one(&t, &(config){2, 2048, 0, FXT__PAR_TAKE_4TH, NULL}, &stop, w, &pc);
    demand(w, "taken back", pc.taken, pc.taken >= 1);

    /* a record of size 0 at two thirds: the feed stops there */
    const size_t z = string_at(&t, t.n * 8 / 3 * 2 + 4096);
    t.w[z] = FXT_SET(t.w[z], FXT_REC_SIZE, 0);
    w = "a record of size 0 in the middle of a pipelined feed";
    same_as_one(&t, &waitc, &defaults, w, &pc);
    demand(w, "pieces merged before it", pc.merged_records,
           pc.merged_records > 0 && pc.rounds > 3);
    compare_big(&t, "a calm trace of 3 MiB, 3 errors, size 0 at 2/3", 0);
    free(t.w);
}

int main(void)
{
#if defined(__wasi__)
    puts("no threads on WASI: nothing to compare");
    return 0;
#endif
    static const unsigned bads[] = {0, 400, 60, 8};
    trace t = {0};
    unsigned traces = 0;
    for (unsigned seed = 1; seed <= 4; seed++) /* thread indexes churning */
        for (size_t k = 0; k < 2; k++) {
            write_trace(&t, 2500, bads[k], seed, 1);
            char what[96];
            snprintf(what, sizeof what, "trace seed %u, thread koids churning, issues 1/%u", seed,
                     bads[k]);
            compare((const uint8_t *)t.w, t.n * 8, what, bads[k] == 0, 1);
            traces++;
        }
    for (unsigned seed = 1; seed <= 4; seed++)
        for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++) {
            write_trace(&t, 2500, bads[k], seed, 0);
            char what[96];
            snprintf(what, sizeof what, "trace seed %u, issues 1/%u", seed, bads[k]);
            const uint8_t *b = (const uint8_t *)t.w;
            const size_t len = t.n * 8;
            compare(b, len, what, bads[k] == 0, 0);
            traces++;
            if (seed == 1) { /* cut by a record of size 0 at 2/3, and at the end */
                uint64_t keep = t.w[t.n * 2 / 3];
                size_t at = 0; /* (the record boundary at or after 2/3) */
                for (size_t i = 0; i < t.n; i += (size_t)FXT_GET(t.w[i], FXT_REC_SIZE)) {
                    if (i >= t.n * 2 / 3) {
                        at = i;
                        break;
                    }
                }
                keep = t.w[at];
                t.w[at] = FXT_SET(keep, FXT_REC_SIZE, 0);
                snprintf(what, sizeof what, "trace seed %u, issues 1/%u, size 0 at 2/3", seed,
                         bads[k]);
                compare(b, len, what, 0, 0);
                t.w[at] = keep;
                snprintf(what, sizeof what, "trace seed %u, issues 1/%u, cut", seed, bads[k]);
                compare(b, len - 12, what, 0, 0);
                traces += 2;
            }
        }
    free(t.w);
    paths();
    pipelined();
    guesses();
    /* the clean traces must mostly merge: else this test would hold the
     * redo alone */
    const uint64_t merged = g_pieces - g_redone - g_taken;
    if (merged == 0) { /* (how many depends on the machine's load: pieces its
                          workers have not started are taken back) */
        g_failures++;
        fprintf(stderr,
                "FAIL no piece of the clean traces was merged: %llu merged, %llu redone "
                "(validator/par.c: fits())\n",
                (unsigned long long)merged, (unsigned long long)g_redone);
    }
    /* on a clean trace a piece starts where the one-thread path is, unless
     * the framing (bound.c, frame_loop) disagrees with it on an offset or a
     * record index: every piece would then be redone, the output still
     * identical */
    if (g_why[FXT__REDO_POSITION] != 0) {
        g_failures++;
        fprintf(stderr,
                "FAIL %llu pieces of the clean traces redone for their position: the framing "
                "disagrees with the one-thread path (validator/bound.c: frame_loop)\n",
                (unsigned long long)g_why[FXT__REDO_POSITION]);
    }
    printf("%u traces; clean traces: %llu pieces for workers, %llu merged, %llu redone, %llu "
           "taken back\n",
           traces, (unsigned long long)g_pieces, (unsigned long long)merged,
           (unsigned long long)g_redone, (unsigned long long)g_taken);
    static const char *const why[] = {FXT__REDO_NAMES};
    printf("redone by reason:");
    for (unsigned w = 0; w < FXT__REDO_N_; w++)
        if (g_why[w])
            printf(" %s %llu", why[w], (unsigned long long)g_why[w]);
    printf("\n");
    if (g_failures) {
        fprintf(stderr, "%u failures\n", g_failures);
        return 1;
    }
    puts("the parallel path gives one thread's output on every trace");
    return 0;
}
