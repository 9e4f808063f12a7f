/* SPDX-License-Identifier: MIT */
/* dump_strtab.c - see dump_strtab.h. */
#include "dump_strtab.h"

#include <stdlib.h>
#include <string.h>

/** Provider ids mapped to their current generation (direct-mapped too: a
 *  provider pushed out gets a fresh generation, so its old texts are
 *  merely unreachable, never shown for another context). */
#define PROV_SLOTS 1024u

typedef struct entry {
    uint64_t gen;   /* 0: empty */
    unsigned index;
    size_t len;
    char *text;     /* malloc'd, len bytes */
} entry;

typedef struct prov {
    uint32_t id;
    uint64_t gen; /* 0: empty */
} prov;

struct strtab {
    entry *e;
    size_t mask;
    size_t budget, used; /* bytes of text */
    size_t hand;         /* next slot the budget evicts from */
    uint64_t next_gen;
    uint64_t evictions;
    prov p[PROV_SLOTS];
};

strtab *strtab_new(size_t slots, size_t budget)
{
    strtab *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->e = calloc(slots, sizeof *t->e);
    if (!t->e) {
        free(t);
        return NULL;
    }
    t->mask = slots - 1;
    t->budget = budget;
    t->next_gen = 1;
    return t;
}

void strtab_free(strtab *t)
{
    if (!t)
        return;
    for (size_t i = 0; i <= t->mask; i++)
        free(t->e[i].text);
    free(t->e);
    free(t);
}

static void drop(strtab *t, entry *e, int evicted)
{
    if (e->gen && evicted)
        t->evictions++;
    t->used -= e->len;
    free(e->text);
    memset(e, 0, sizeof *e);
}

static prov *prov_slot(strtab *t, uint32_t id)
{
    return &t->p[(id * 2654435761u) >> 22]; /* top 10 bits of a Fibonacci hash */
}

void strtab_provider_start(strtab *t, uint32_t provider)
{
    prov *p = prov_slot(t, provider);
    p->id = provider;
    p->gen = t->next_gen++;
}

/** Generation of PROVIDER's current context (a new one if unknown). */
static uint64_t gen_of(strtab *t, uint32_t provider)
{
    prov *p = prov_slot(t, provider);
    if (p->gen == 0 || p->id != provider)
        strtab_provider_start(t, provider);
    return p->gen;
}

static entry *slot(strtab *t, uint64_t gen, unsigned index)
{
    /* consecutive indices of one context land in consecutive slots */
    return &t->e[(index + gen * 0x9e3779b1u) & t->mask];
}

void strtab_put(strtab *t, uint32_t provider, unsigned index, const char *text, size_t len)
{
    uint64_t gen = gen_of(t, provider);
    entry *e = slot(t, gen, index);
    drop(t, e, !(e->gen == gen && e->index == index));
    if (len > t->budget)
        return;
    while (t->used + len > t->budget) { /* clock hand over the slots */
        entry *v = &t->e[t->hand];
        t->hand = (t->hand + 1) & t->mask;
        if (v->gen && v != e)
            drop(t, v, 1);
    }
    e->text = malloc(len ? len : 1);
    if (!e->text)
        return;
    memcpy(e->text, text, len);
    e->gen = gen;
    e->index = index;
    e->len = len;
    t->used += len;
}

int strtab_get(strtab *t, uint32_t provider, unsigned index, const char **text, size_t *len)
{
    uint64_t gen = gen_of(t, provider);
    entry *e = slot(t, gen, index);
    if (e->gen != gen || e->index != index)
        return 0;
    *text = e->text;
    *len = e->len;
    return 1;
}

uint64_t strtab_evictions(const strtab *t)
{
    return t->evictions;
}
