/* SPDX-License-Identifier: MIT */
/*
 * gen_coverage.c - the coverage profile's menu: every kind of record,
 * subtype and boundary the generator can make, walked in order first (so
 * that short traces cover it too), then picked at random.
 */
#include "fxt/format.h"
#include "gen_state.h"

/* Close the async operations of the current provider (before leaving it). */
static void close_async_here(gen *g)
{
    for (unsigned i = 0; i < g->nasync;) {
        if (g->async[i].prov == g->prov) {
            fxt__gen_event(g, FXT_ET_ASYNC_END, g->async[i].thread, g->async[i].id, 2);
            g->async[i] = g->async[--g->nasync];
        } else
            i++;
    }
}

static void switch_provider(gen *g)
{
    close_async_here(g);
    if (g->nprov < NPROV) {
        fxt__gen_provider_info(g, g->nprov++);
        fxt__gen_tables(g);
    } else {
        unsigned p = (unsigned)rnd(g, NPROV);
        fxt__gen_provider_section(g, p);
    }
}

/* A string or thread record for an index already registered. */
static void reregister(gen *g)
{
    if (rnd(g, 2)) {
        size_t len;
        const char *s = fxt__gen_text(g, &len);
        fxt__gen_string_rec(g, 1 + (unsigned)rnd(g, NSTRINGS), s, len);
    } else {
        unsigned t = (unsigned)rnd(g, NTHREADS);
        fxt__gen_thread_rec(g, t + 1, pid_of(g->prov, t), tid_of(g->prov, t));
    }
}

/* Large blobs from r3 on; before, a blob. */
static void large_blob(gen *g, unsigned k)
{
    if (!fxt_layout_defines(g->l->record_types, FXT_RT_LARGE)) {
        fxt__gen_blob(g, rnd(g, 100));
        return;
    }
    if (k == 19) {
        fxt__gen_large_blob(g, FXT_LBF_NO_METADATA, rnd(g, 3) ? rnd(g, 100) : 70000 + rnd(g, 9));
        return;
    }
    fxt__gen_large_blob(g, FXT_LBF_METADATA, rnd(g, 3) ? rnd(g, 100) : 40000 + rnd(g, 9));
}

void fxt__gen_coverage_step(gen *g)
{
    enum { N = 30 };
    unsigned k = g->step < N ? g->step : (unsigned)rnd(g, N);
    g->step++;
    switch (k) {
    case 0: fxt__gen_event(g, FXT_ET_INSTANT, (unsigned)rnd(g, NTHREADS), 0, FXT_MAX_ARGS); break;
    case 1: fxt__gen_counter(g); break;
    case 2: case 3: fxt__gen_duration(g); break;
    case 4: fxt__gen_complete(g); break;
    case 5: case 6: case 7: fxt__gen_async(g); break;
    case 8: case 9: case 10: fxt__gen_flow(g); break;
    case 11: fxt__gen_blob(g, rnd(g, 200)); break;
    case 12: fxt__gen_uobj(g); break;
    case 13: fxt__gen_kobj(g); break;
    case 14: fxt__gen_sched(g, FXT_ST_LEGACY_CONTEXT_SWITCH); break;
    case 15: fxt__gen_sched(g, FXT_ST_CONTEXT_SWITCH); break;
    case 16: fxt__gen_sched(g, FXT_ST_THREAD_WAKEUP); break;
    case 17: fxt__gen_log(g, 0); break;
    case 18: case 19: large_blob(g, k); break;
    case 20: switch_provider(g); break;
    case 21: reregister(g); break;
    case 22:
        if (!fxt_layout_defines(g->l->metadata_types, FXT_MT_PROVIDER_EVENT)) /* r1 */
            fxt__gen_event(g, FXT_ET_INSTANT, 0, 0, 0);
        else
            fxt__gen_provider_event(g);
        break;
    case 23: fxt__gen_init_rec(g, rnd(g, 2) ? 1000000000u : 1 + rnd(g, 0xffffffffu)); break;
    case 24: fxt__gen_string_rec(g, 1 + (unsigned)rnd(g, NSTRINGS), g->longstr, LONGSTR); break;
    case 25: fxt__gen_max_record(g); break;
    case 26: fxt__gen_log(g, 1 + rnd(g, 3000)); break;
    case 27: fxt__gen_blob(g, 32745 + rnd(g, 8)); break; /* indexed name: up to 4095 words */
    case 28:
        fxt__gen_thread_rec(g, 0xff, pid_of(g->prov, 0), tid_of(g->prov, 0));
        g->has_ff[g->prov] = 1;
        break;
    default: fxt__gen_event(g, FXT_ET_INSTANT, 0, 0, 0); break;
    }
}
