/* SPDX-License-Identifier: MIT */
/* gen_choice.h - what the next begin/end event is: the choices of
 * duration, async and flow events, and the open tables they keep, shared
 * by the model path (gen_records.c) and the direct path (gen_direct.c) so
 * that both draw the same numbers in the same order. Each takes at most a
 * few draws: the caller has reserved them (rng_reserve). Internal. */
#ifndef FXT_GEN_CHOICE_H
#define FXT_GEN_CHOICE_H

#include "fxt/format.h"
#include "gen_state.h"

/* An event to make: type, thread index, data word, most arguments; and
 * how it changes the count of open things (begins +1, ends -1). */
typedef struct gen_ev {
    unsigned type, thread, maxargs;
    uint64_t data;
    int opened;
} gen_ev;

/* A duration begin, or an end of one open on a random thread. */
static FXT__ALWAYS_INLINE gen_ev choose_duration(gen *g, rng *r)
{
    unsigned t = rng_draw(r, NTHREADS);
    unsigned *d = &g->depth[g->prov][t];
    gen_ev e = {FXT_ET_DURATION_BEGIN, t, 4, 0, 1};
    if (*d && (*d >= MAXDEPTH || rng_draw(r, 2))) {
        (*d)--;
        g->ndur--;
        e.type = FXT_ET_DURATION_END, e.opened = -1;
    } else {
        (*d)++;
        g->ndur++;
    }
    return e;
}

/* An async begin, or an instant or end of one open in this provider; a
 * duration event when the table is full of other providers' operations. */
static FXT__ALWAYS_INLINE gen_ev choose_async(gen *g, rng *r)
{
    unsigned mine = 0, at = 0;
    for (unsigned i = 0; i < g->nasync; i++)
        if (g->async[i].prov == g->prov)
            mine++, at = i;
    if (mine && (g->nasync >= MAXOPEN || rng_draw(r, 3) == 0)) {
        open_async a = g->async[at];
        gen_ev e = {FXT_ET_ASYNC_END, a.thread, 3, a.id, -1};
        if (rng_draw(r, 2)) { /* any thread of the same process (ids are per process) */
            e.type = FXT_ET_ASYNC_INSTANT, e.opened = 0;
            e.thread = a.thread / 4 * 4 + rng_draw(r, 4);
        } else
            g->async[at] = g->async[--g->nasync];
        return e;
    }
    if (g->nasync < MAXOPEN) {
        open_async a = {g->prov, rng_draw(r, NTHREADS), ++g->next_id};
        g->async[g->nasync++] = a;
        return (gen_ev){FXT_ET_ASYNC_BEGIN, a.thread, 3, a.id, 1};
    }
    return choose_duration(g, r);
}

/* A flow begin, or a step or end of an open flow. */
static FXT__ALWAYS_INLINE gen_ev choose_flow(gen *g, rng *r)
{
    if (g->nflows && (g->nflows >= MAXOPEN || rng_draw(r, 3) == 0)) {
        unsigned i = rng_draw(r, g->nflows);
        gen_ev e = {FXT_ET_FLOW_STEP, 0, 2, g->flows[i], 0};
        if (!rng_draw(r, 2)) {
            e.type = FXT_ET_FLOW_END, e.opened = -1;
            g->flows[i] = g->flows[--g->nflows];
        }
        e.thread = rng_draw(r, NTHREADS);
        return e;
    }
    g->flows[g->nflows++] = ++g->next_id;
    return (gen_ev){FXT_ET_FLOW_BEGIN, rng_draw(r, NTHREADS), 2, g->next_id, 1};
}

/* A counter event: thread, then counter id. */
static FXT__ALWAYS_INLINE gen_ev choose_counter(rng *r)
{
    unsigned t = rng_draw(r, NTHREADS);
    return (gen_ev){FXT_ET_COUNTER, t, 4, rng_draw(r, 16), 0};
}

#endif
