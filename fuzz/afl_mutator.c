/* SPDX-License-Identifier: MIT */
/*
 * afl_mutator.c - fxtmut as an AFL++ custom mutator (a shared library).
 *
 *   AFL_CUSTOM_MUTATOR_LIBRARY=/abs/path/libfxt_afl_mutator.so afl-fuzz ...
 *
 * Build it with the ordinary compiler (gcc or clang), never afl-clang-fast:
 * an instrumented library refers to __afl_area_ptr and afl-fuzz cannot load
 * it. AFL++ runs this mutator as its own stage before havoc (its own
 * mutations stay on unless AFL_CUSTOM_MUTATOR_ONLY=1), and also offers it
 * as one havoc mutation. With a second queue entry (add_buf), one call in
 * eight is a record-level crossover.
 *
 * The first calls of the custom stage on each queue entry take away, one a
 * call, the records that set state (fxt_mut_drop_state: initialization,
 * provider metadata), as AFL++'s deterministic stages try each byte: the
 * bug class of state used before it exists is tried at once on every new
 * path, not by chance. AFL++ hands the stage the same entry again and
 * again (a new entry is told by a hash of a sample of its words), and
 * spends seconds on it before the next; so the next calls put the entry's
 * leading records in each other legal order (fxt_mut_set_order: a magic
 * record or none, the initialization record before or after the provider
 * info, a provider section or none), so that a reader that insists on one
 * order reads the entry at once, and then do the drops to the random other
 * entry it passes along (add_buf), its first and second state records in
 * turn: entries not reached yet get the step too.
 *
 * Trimming (AFL++ shrinks each new queue entry while its coverage stays
 * the same, before fuzzing it) takes whole records away, not byte ranges:
 * see TRIM_STEPS.
 *
 * The traces are read and written in the revision named by the environment
 * variable FXT_MUTATE_REVISION (r1, r2, r3, current; default current); a
 * value that is not a revision makes afl_custom_init fail, and afl-fuzz
 * with it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/mutator.h"

typedef struct fxt_afl {
    fxt_rng rng;
    uint8_t *buf;
    size_t cap;
    fxt_mut_info last;
    fxt_mut_options opts;
    int crossover;
    uint64_t entry; /* the queue entry afl_custom_fuzz works on (entry_hash) */
    unsigned drop;  /* its next state record to drop, DROP_DONE once none is left */
    unsigned order;   /* its next order step (FXT_GEN_ORDER_*) */
    unsigned partner; /* drop steps done on the other entries passed with it */
    int dropped;    /* the last output is a drop (for afl_custom_describe) */
    int reordered;  /* ... an order step */
    int has_magic;  /* the revision has the magic record */
    int budgeted;   /* afl_custom_fuzz_count set this entry's budget */
    unsigned random_left; /* random mutations left in this entry's custom stage */
    char desc[96];
    /* trimming: the entry as trimmed so far (AFL++'s copy matches it), its
     * records, the span tried (records lo to end - 1), the span length of
     * this pass, steps done, the candidate's size */
    uint8_t *cur;
    size_t cur_cap, cur_len, n, lo, end, chunk, cand;
    unsigned step;
} fxt_afl;

/* Drop steps per queue entry at most (a trace with many providers), and
 * on the entries passed with it. */
#define DROP_MAX 8u
#define DROP_DONE (DROP_MAX + 1)
#define PARTNER_STEPS 8u

/* The custom stage's random mutations per queue entry, after the
 * deterministic steps (afl_custom_fuzz_count): about a quarter of what
 * AFL++'s havoc stage runs on an entry of average score (256), so that
 * havoc keeps most of the executions. Without a count, AFL++ would run the
 * custom stage as long as havoc, and double it whenever it finds new paths
 * (the structured mutations find many), and plain havoc's quick finds
 * would come later than without the module. */
#ifndef FXT_AFL_RANDOM_STEPS
#define FXT_AFL_RANDOM_STEPS 64u
#endif

/* Trim steps (executions) per queue entry at most. Spans of records are
 * taken away from the end of the trace towards its front, a quarter of
 * the records (rounded down to a power of two) at a time, then half that
 * in the next pass, down to single records; the first record (the magic
 * record) stays. AFL++'s own trim cuts byte ranges of 1/16 down to 1/1024
 * of the input (a 4 KB trace: 2032 executions if no cut is kept): on a
 * framed format nearly every cut breaks the framing and changes the
 * coverage. */
#define TRIM_STEPS 32u

void *afl_custom_init(void *afl, unsigned int seed);
uint32_t afl_custom_fuzz_count(void *data, const uint8_t *buf, size_t buf_size);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
size_t afl_custom_havoc_mutation(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                                 size_t max_size);
uint8_t afl_custom_havoc_mutation_probability(void *data);
const char *afl_custom_describe(void *data, size_t max_description_len);
int32_t afl_custom_init_trim(void *data, uint8_t *buf, size_t buf_size);
size_t afl_custom_trim(void *data, uint8_t **out_buf);
int32_t afl_custom_post_trim(void *data, unsigned char success);
void afl_custom_deinit(void *data);

void *afl_custom_init(void *afl, unsigned int seed)
{
    (void)afl;
    fxt_afl *st = calloc(1, sizeof *st);
    if (st == NULL)
        return NULL;
    st->rng.s = 0x5eedf00du ^ (uint64_t)seed << 17;
    st->opts = fxt_mut_options_default();
    const char *env = getenv(FXT_MUTATE_REVISION_ENV);
    if (env != NULL && *env != '\0') {
        fxt_revision r;
        if (fxt_revision_parse(env, &r) != 0 || r == FXT_REV_AUTO) {
            fprintf(stderr, "fxt mutator: %s=%s: not a revision (r1, r2, r3 or current)\n",
                    FXT_MUTATE_REVISION_ENV, env);
            free(st);
            return NULL;
        }
        st->opts.revision = r;
    }
    st->has_magic = fxt_layout_get(st->opts.revision)->has_magic;
    return st;
}

/* *B (holding *CAP bytes) made to hold N: 0 if that fails (*B kept). */
static int grow(uint8_t **b, size_t *cap, size_t n)
{
    if (n <= *cap)
        return 1;
    uint8_t *nb = realloc(*b, n);
    if (nb == NULL)
        return 0;
    *b = nb;
    *cap = n;
    return 1;
}

static int ensure(fxt_afl *st, size_t n)
{
    return grow(&st->buf, &st->cap, n);
}

static size_t mutate(fxt_afl *st, const uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                     const uint8_t *add_buf, size_t add_buf_size, size_t max_size)
{
    if (max_size == 0 || !ensure(st, max_size)) {
        *out_buf = (uint8_t *)buf; /* nothing better to offer */
        return buf_size;
    }
    uint64_t seed = fxt_rng_next(&st->rng);
    size_t n;
    st->crossover = 0;
    memset(&st->last, 0, sizeof st->last);
    if (add_buf != NULL && add_buf_size > 0 && seed % 8 == 0) {
        st->crossover = 1;
        n = fxt_crossover(buf, buf_size, add_buf, add_buf_size, st->buf, max_size, seed,
                              &st->opts);
    } else {
        size_t len = buf_size < max_size ? buf_size : max_size;
        memcpy(st->buf, buf, len);
        n = fxt_mutate(st->buf, len, max_size, seed, &st->opts, &st->last);
    }
    if (n == 0) { /* AFL++ wants a non-empty result */
        st->buf[0] = (uint8_t)seed;
        n = 1;
    }
    *out_buf = st->buf;
    return n;
}

/* The size and up to 64 words spread over the input: entries that hash
 * alike (same size and sampled words) only share their drop steps. */
static uint64_t entry_hash(const uint8_t *buf, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    size_t step = n / 8 / 64 + 1;
    for (size_t i = 0; i + 8 <= n; i += 8 * step) {
        uint64_t w;
        memcpy(&w, buf + i, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    return h;
}

/* BUF copied into st->buf (MAX_SIZE bytes of room): the bytes copied,
 * 0 if there is nothing to copy or no room. */
static size_t copy_in(fxt_afl *st, const uint8_t *buf, size_t buf_size, size_t max_size)
{
    if (buf == NULL || buf_size == 0 || max_size == 0 || !ensure(st, max_size))
        return 0;
    size_t len = buf_size < max_size ? buf_size : max_size;
    memcpy(st->buf, buf, len);
    return len;
}

/* BUF without its K-th state record in st->buf: its size, else 0. */
static size_t drop(fxt_afl *st, const uint8_t *buf, size_t buf_size, unsigned k,
                   uint8_t **out_buf, size_t max_size)
{
    size_t len = copy_in(st, buf, buf_size, max_size);
    size_t n = len ? fxt_mut_drop_state(st->buf, len, max_size, k, &st->opts) : 0;
    if (n > 0) {
        st->dropped = 1;
        *out_buf = st->buf;
    }
    return n;
}

/* BUF with its leading records in order ORD in st->buf: its size, else 0
 * (BUF was in that order already, or cannot be). */
static size_t reorder(fxt_afl *st, const uint8_t *buf, size_t buf_size, unsigned ord,
                      uint8_t **out_buf, size_t max_size)
{
    size_t len = copy_in(st, buf, buf_size, max_size);
    size_t n = len ? fxt_mut_set_order(st->buf, len, max_size, ord, &st->opts) : 0;
    if (n == 0 || (n == len && memcmp(st->buf, buf, len) == 0))
        return 0;
    st->reordered = 1;
    *out_buf = st->buf;
    return n;
}

/* The next deterministic step for the entry BUF (a drop, an order), on it
 * or on ADD_BUF: the output's size, or 0 once the entry's steps are done. */
static size_t drop_step(fxt_afl *st, const uint8_t *buf, size_t buf_size,
                        const uint8_t *add_buf, size_t add_buf_size, uint8_t **out_buf,
                        size_t max_size)
{
    const uint64_t h = entry_hash(buf, buf_size);
    if (h != st->entry)
        st->entry = h, st->drop = 0, st->order = 0, st->partner = 0;
    if (st->drop < DROP_MAX) {
        size_t n = drop(st, buf, buf_size, st->drop, out_buf, max_size);
        st->drop = n > 0 ? st->drop + 1 : DROP_DONE;
        if (n > 0)
            return n;
    }
    while (st->order < FXT_GEN_ORDER_COUNT) {
        unsigned ord = st->order++;
        if (!st->has_magic && (ord & FXT_GEN_ORDER_NO_MAGIC))
            continue; /* the same as without the bit: r1 and r2 have no magic record */
        size_t n = reorder(st, buf, buf_size, ord, out_buf, max_size);
        if (n > 0)
            return n;
    }
    if (add_buf == NULL || st->partner >= PARTNER_STEPS)
        return 0;
    return drop(st, add_buf, add_buf_size, st->partner++ & 1, out_buf, max_size);
}

uint32_t afl_custom_fuzz_count(void *data, const uint8_t *buf, size_t buf_size)
{
    fxt_afl *st = data;
    /* a new custom stage: the entry's deterministic steps (those that do
     * not apply cost nothing: afl_custom_fuzz skips them), then the random
     * mutations */
    st->entry = entry_hash(buf, buf_size);
    st->drop = st->order = st->partner = 0;
    st->budgeted = 1;
    st->random_left = FXT_AFL_RANDOM_STEPS;
    return DROP_MAX + FXT_GEN_ORDER_COUNT + PARTNER_STEPS + FXT_AFL_RANDOM_STEPS;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size)
{
    fxt_afl *st = data;
    st->dropped = st->reordered = 0;
    size_t n = drop_step(st, buf, buf_size, add_buf, add_buf_size, out_buf, max_size);
    if (n > 0)
        return n;
    if (st->budgeted) {
        if (st->random_left == 0) {
            *out_buf = buf; /* nothing to run: AFL++ skips an empty result */
            return 0;
        }
        st->random_left--;
    }
    return mutate(st, buf, buf_size, out_buf, add_buf, add_buf_size, max_size);
}

size_t afl_custom_havoc_mutation(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                                 size_t max_size)
{
    ((fxt_afl *)data)->dropped = ((fxt_afl *)data)->reordered = 0;
    return mutate(data, buf, buf_size, out_buf, NULL, 0, max_size);
}

uint8_t afl_custom_havoc_mutation_probability(void *data)
{
    (void)data;
    return 10; /* percent of havoc stacks that include one fxt mutation */
}

const char *afl_custom_describe(void *data, size_t max_description_len)
{
    fxt_afl *st = data;
    size_t o = 0;
    o += (size_t)snprintf(st->desc, sizeof st->desc, "fxt");
    if (st->dropped)
        snprintf(st->desc + o, sizeof st->desc - o, "-drop-state");
    else if (st->reordered)
        snprintf(st->desc + o, sizeof st->desc - o, "-reorder");
    else if (st->crossover)
        snprintf(st->desc + o, sizeof st->desc - o, "-crossover");
    else if (st->last.fallback)
        snprintf(st->desc + o, sizeof st->desc - o, "-raw");
    else
        for (unsigned i = 0; i < st->last.nops && o < sizeof st->desc; i++) {
            int k = snprintf(st->desc + o, sizeof st->desc - o, "%s%s", i ? "+" : "-",
                             fxt_mut_op_name(st->last.ops[i]));
            if (k < 0)
                break;
            o += (size_t)k;
        }
    if (max_description_len < sizeof st->desc)
        st->desc[max_description_len] = 0;
    return st->desc;
}

/* The first record of the span to try next: the SPAN records before
 * st->end, never record 0. */
static void trim_span(fxt_afl *st)
{
    st->lo = st->end > st->chunk + 1 ? st->end - st->chunk : 1;
}

int32_t afl_custom_init_trim(void *data, uint8_t *buf, size_t buf_size)
{
    fxt_afl *st = data;
    st->step = 0;
    st->n = 0;
    /* (no room: no trim; AFL++ then skips its own too) */
    if (buf_size == 0 || !grow(&st->cur, &st->cur_cap, buf_size) || !ensure(st, buf_size))
        return 0;
    memcpy(st->cur, buf, buf_size);
    st->cur_len = buf_size;
    st->n = fxt_mut_record_count(st->cur, st->cur_len, &st->opts);
    if (st->n < 2)
        return 0;
    st->chunk = 1;
    while (st->chunk * 2 <= (st->n - 1) / 4)
        st->chunk *= 2;
    st->end = st->n;
    trim_span(st);
    return (int32_t)TRIM_STEPS;
}

size_t afl_custom_trim(void *data, uint8_t **out_buf)
{
    fxt_afl *st = data;
    memcpy(st->buf, st->cur, st->cur_len); /* (init_trim made room) */
    *out_buf = st->buf;
    st->cand = fxt_mut_delete_records(st->buf, st->cur_len, st->lo, st->end - st->lo, &st->opts);
    return st->cand; /* 0: AFL++ counts a failed step without running it */
}

int32_t afl_custom_post_trim(void *data, unsigned char success)
{
    fxt_afl *st = data;
    st->step++;
    if (success && st->cand > 0) { /* AFL++'s entry is now the candidate */
        memcpy(st->cur, st->buf, st->cand);
        st->cur_len = st->cand;
        st->n -= st->end - st->lo;
    }
    st->end = st->lo; /* the next span ends where this one began */
    if (st->end <= 1) { /* the front reached: half the span, from the end again */
        st->chunk /= 2;
        st->end = st->n;
    }
    if (st->chunk == 0 || st->n < 2 || st->step >= TRIM_STEPS)
        return (int32_t)TRIM_STEPS; /* done */
    trim_span(st);
    return (int32_t)st->step;
}

void afl_custom_deinit(void *data)
{
    fxt_afl *st = data;
    if (st != NULL) {
        free(st->cur);
        free(st->buf);
        free(st);
    }
    fxt_mutator_release();
}
