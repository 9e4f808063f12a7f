/* SPDX-License-Identifier: MIT */
/*
 * provider.c - provider contexts (NOTES.md "Tables and providers"): each
 * has its own string and thread tables. Records before any provider
 * record belong to the implicit provider; a provider info record starts
 * its provider afresh, a provider section switches back to one. Providers
 * are allocated as they are introduced, up to max_providers; past it,
 * every further provider shares one untracked context whose refs are not
 * checked, and the trace is not fully checked.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

void fxt__prov_init(fxt_validator *v, fxt__provider *p, uint32_t id)
{
    memset(p, 0, sizeof *p);
    p->id = id;
    for (unsigned i = 0; i < 256; i++)
        p->thr[i] = &v->no_thread;
    p->strbits[0] = 1; /* ref 0, the empty string, is always valid */
    p->str_lim = 1;
    p->str_k = (0x8000u - 1) * 0x10001u;
}

fxt__provider *fxt__prov_find(fxt_validator *v, uint32_t id)
{
    const fxt__slot *s = fxt__tfind(&v->prov_ids, id, 0, 0);
    return s ? v->prov[s->idx] : NULL;
}

/* The context of providers past the limit (or when no memory is left). */
static fxt__provider *untracked(fxt_validator *v, uint32_t id, unsigned why)
{
    if (v->untracked == NULL) {
        v->untracked = fxt__alloc(v, sizeof *v->untracked);
        if (v->untracked == NULL) { /* no memory at all: keep to the implicit one */
            fxt__limit(v, FXT_UNCHECKED_MEMORY,
                       "out of memory for provider %u: its refs are not checked; the trace is "
                       "not fully checked", id);
            v->implicit.untracked = 1;
            v->implicit.str_lim = 0, v->implicit.thr_lim = 0;
            v->implicit.str_k = 0x80008000u;
            return &v->implicit;
        }
        fxt__prov_init(v, v->untracked, id);
        v->untracked->untracked = 1;
        v->untracked->str_lim = 0;
        v->untracked->str_k = 0x80008000u; /* fails every ref: fast.c leaves them to decode.c */
    }
    v->untracked->id = id;
    if (why == FXT_UNCHECKED_PROVIDERS)
        fxt__limit(v, why,
                   "provider %u is past the limit of %zu: refs of further providers are not "
                   "checked; the trace is not fully checked (raise the max_providers option)",
                   id, v->o.max_providers);
    else
        fxt__limit(v, why,
                   "out of memory for provider %u: refs of further providers are not checked; "
                   "the trace is not fully checked",
                   id);
    return v->untracked;
}

fxt__provider *fxt__prov_open(fxt_validator *v, uint32_t id, int fresh)
{
    fxt__provider *p = fxt__prov_find(v, id);
    if (p == NULL || fresh) {
        if (v->shadow) { /* (par.c) a shadow's providers are its copies */
            fxt__shadow_stop(v, FXT__STOP_PROVIDER);
            return v->cur;
        }
        v->prov_epoch++;
    }
    if (p != NULL) {
        if (fresh) { /* a provider info starts the provider anew (NOTES.md) */
            uint64_t n = p->records, bt[16];
            memcpy(bt, p->by_type, sizeof bt);
            char name[sizeof p->name];
            memcpy(name, p->name, sizeof name);
            fxt__prov_init(v, p, id);
            p->records = n;
            memcpy(p->by_type, bt, sizeof bt);
            memcpy(p->name, name, sizeof name);
            p->restarted_at = v->r_off + 1;
        }
        return p;
    }
    if (v->nprov >= v->o.max_providers)
        return untracked(v, id, FXT_UNCHECKED_PROVIDERS);
    if (v->nprov == v->prov_cap) {
        size_t cap = v->prov_cap ? 2 * v->prov_cap : 8;
        fxt__provider **np = fxt__realloc(v, v->prov, v->prov_cap * sizeof *np, cap * sizeof *np);
        if (np == NULL)
            return untracked(v, id, FXT_UNCHECKED_MEMORY);
        v->prov = np;
        v->prov_cap = cap;
    }
    p = fxt__alloc(v, sizeof *p);
    int fresh_slot;
    fxt__slot *s = p ? fxt__tput(&v->prov_ids, id, 0, 0, &fresh_slot) : NULL;
    if (s == NULL) { /* (max_providers entries fit the id table) */
        fxt__free(v, p, sizeof *p);
        return untracked(v, id, FXT_UNCHECKED_MEMORY);
    }
    s->idx = v->nprov;
    v->prov[v->nprov++] = p;
    fxt__prov_init(v, p, id);
    return p;
}

void fxt__prov_free(fxt_validator *v)
{
    for (size_t i = 0; i < v->nprov; i++)
        fxt__free(v, v->prov[i], sizeof *v->prov[i]);
    fxt__free(v, v->prov, v->prov_cap * sizeof *v->prov);
    fxt__free(v, v->untracked, sizeof *v->untracked);
    fxt__table_free(&v->prov_ids);
    v->prov = NULL;
    v->untracked = NULL;
    v->nprov = v->prov_cap = 0;
}

/* ---- counters ---- */

/* The I-th context shown: the implicit one if it has records, then the
 * providers in the order they were introduced, then the untracked one. */
static const fxt__provider *nth(const fxt_validator *v, size_t i)
{
    if (v->implicit.records != 0) {
        if (i == 0)
            return &v->implicit;
        i--;
    }
    if (i < v->nprov)
        return v->prov[i];
    if (i == v->nprov && v->untracked != NULL)
        return v->untracked;
    return NULL;
}

size_t fxt__one_provider_count(const fxt_validator *v)
{
    return (v->implicit.records != 0) + v->nprov + (v->untracked != NULL);
}

int fxt__one_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out)
{
    const fxt__provider *p = nth(v, i);
    if (p == NULL)
        return -1;
    memset(out, 0, sizeof *out);
    out->id = p->id;
    out->implicit = p->implicit;
    memcpy(out->name, p->name, sizeof out->name);
    if (p->untracked)
        snprintf(out->name, sizeof out->name, "(further providers, untracked)");
    out->records = p->records;
    memcpy(out->by_type, p->by_type, sizeof out->by_type);
    return 0;
}
