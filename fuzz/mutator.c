/* SPDX-License-Identifier: MIT */
/*
 * mutator.c - structure-aware FXT mutator: the API (see mutator.h).
 *
 * One call: the input is split into records that point into it (read-only;
 * mutator_trace.c), one to four mutations edit that record list (changed
 * and new records live in the call's arena) and the result is written back
 * into the caller's buffer, copying only the records that changed when the
 * others stayed where they were. The files of the mutator are listed in
 * mutator_impl.h.
 */
#include "mutator_impl.h"

#include <stdlib.h>

typedef int (*op_fn)(mut *);


static const struct {
    const char *name;
    op_fn fn;
    unsigned weight;
} k_ops[FXT_MUT_OP_COUNT] = {
    [FXT_MUT_FLIP_RESERVED] = {"flip-reserved", fxt__mut_op_flip_reserved, 6},
    [FXT_MUT_RECORD_SIZE] = {"record-size", fxt__mut_op_record_size, 4},
    [FXT_MUT_RECORD_EXTEND] = {"record-extend", fxt__mut_op_record_extend, 3},
    [FXT_MUT_ARG_SIZE] = {"arg-size", fxt__mut_op_arg_size, 4},
    [FXT_MUT_ARG_EXTEND] = {"arg-extend", fxt__mut_op_arg_extend, 2},
    [FXT_MUT_LENGTH_FIELD] = {"length-field", fxt__mut_op_length_field, 4},
    [FXT_MUT_TRUNCATE] = {"truncate", fxt__mut_op_truncate, 3},
    [FXT_MUT_DUPLICATE] = {"duplicate", fxt__mut_op_duplicate, 7},
    [FXT_MUT_DELETE] = {"delete", fxt__mut_op_delete, 5},
    [FXT_MUT_SWAP] = {"swap", fxt__mut_op_swap, 4},
    [FXT_MUT_RETARGET_REF] = {"retarget-ref", fxt__mut_op_retarget_ref, 5},
    [FXT_MUT_SWITCH_REF] = {"switch-ref", fxt__mut_op_switch_ref, 8},
    [FXT_MUT_CORRUPT_UTF8] = {"corrupt-utf8", fxt__mut_op_corrupt_utf8, 3},
    [FXT_MUT_CORRUPT_PADDING] = {"corrupt-padding", fxt__mut_op_corrupt_padding, 3},
    [FXT_MUT_UNDEFINED_TYPE] = {"undefined-type", fxt__mut_op_undefined_type, 5},
    [FXT_MUT_INSERT_GENERATED] = {"insert-generated", fxt__mut_op_insert_generated, 10},
    [FXT_MUT_INSERT_MODEL] = {"insert-model", fxt__mut_op_insert_model, 12},
    [FXT_MUT_TWEAK_MODEL] = {"tweak-model", fxt__mut_op_tweak_model, 12},
    [FXT_MUT_BYTE_SWAP] = {"byte-swap", fxt__mut_op_byte_swap, 1},
    [FXT_MUT_SIZE_WRAP] = {"size-wrap", fxt__mut_op_size_wrap, FXT_MUT_SIZE_WRAP_WEIGHT},
    [FXT_MUT_DATA_WORD] = {"data-word", fxt__mut_op_data_word, 6},
    [FXT_MUT_REORDER] = {"reorder", fxt__mut_op_reorder, 3},
};

const char *fxt_mut_op_name(int op)
{
    return op >= 0 && op < FXT_MUT_OP_COUNT ? k_ops[op].name : "?";
}

/* Op I's weight under O (size-wrap's may be set: fxt_mut_options). */
static unsigned op_weight(const fxt_mut_options *o, int i)
{
    if (i == FXT_MUT_SIZE_WRAP && o->size_wrap_weight != 0)
        return o->size_wrap_weight;
    return k_ops[i].weight;
}

static int pick_op(mut *m, const fxt_mut_options *o)
{
    unsigned sum = 0;
    for (int i = 0; i < FXT_MUT_OP_COUNT; i++)
        sum += op_weight(o, i);
    unsigned x = (unsigned)mut_rnd(m, sum);
    int i = 0;
    for (; i < FXT_MUT_OP_COUNT - 1 && x >= op_weight(o, i); i++)
        x -= op_weight(o, i);
    return i;
}

fxt_mut_options fxt_mut_options_default(void)
{
    fxt_mut_options o;
    memset(&o, 0, sizeof o);
    o.revision = FXT_REV_CURRENT;
    o.force_op = -1;
    o.crop_pct = 90;
    o.crop_min_size = 4096;
    return o;
}

void fxt_mutator_release(void)
{
    fxt__mut_release_scratch();
    fxt__mut_release_cache();
}

/* Drop trailing records until the trace fits MAX; 0 if nothing is left. */
static int fit(mut_trace *t, size_t max)
{
    size_t s = fxt__mut_total(t);
    while (s > max && t->n > 1) {
        s -= t->r[t->n - 1].len;
        t->n--;
    }
    return s <= max || t->n == 1; /* one record: the write cuts it */
}

/* The number of records up to the last one the mutations touched: the
 * records after it are the input's own tail, unchanged (records point into
 * DATA only while unchanged) and in place (each ends where the next one of
 * the input began, the last at the end of the input's SIZE bytes). */
static size_t changed_end(const mut_trace *t, const uint8_t *data, size_t size)
{
    const uint8_t *tail = data + size;
    size_t i = t->n;
    while (i > 0) {
        const mut_span *s = &t->r[i - 1];
        if (s->p < data || s->p >= tail || s->p + s->len != tail)
            break;
        tail = s->p;
        i--;
    }
    return i;
}

/* The crop of O (see fxt_mut_options): drops the unchanged tail past
 * FXT_MUT_CROP_KEEP records after the last change, now and then. */
static void crop(mut *m, const fxt_mut_options *o, const uint8_t *data, size_t size)
{
    if (o->crop_pct == 0 || fxt__mut_total(&m->t) < o->crop_min_size ||
        !mut_chance(m, o->crop_pct))
        return;
    size_t keep = changed_end(&m->t, data, size) + FXT_MUT_CROP_KEEP;
    if (keep < m->t.n)
        m->t.n = keep;
}

/* A minimal valid trace, for empty inputs: the magic record (where the
 * revision has one) and a random record. */
static int seed_trace(mut *m)
{
    if (m->lay->has_magic) {
        uint8_t *p = fxt__mut_alloc(m, 8);
        if (p == NULL)
            return 0;
        int be = mut_chance(m, 10);
        mut_wr(p, FXT_MAGIC_RECORD, be);
        m->t.be = be;
        if (!fxt__mut_insert(m, &m->t, 0, p, 8))
            return 0;
        (void)fxt__mut_op_insert_model(m); /* a bare magic record will do if this fails */
        return 1;
    }
    return fxt__mut_op_insert_model(m);
}

/* Raw change for inputs no structured mutation applies to (SIZE <= MAX). */
static size_t raw_mutate(mut *m, uint8_t *data, size_t size, size_t max)
{
    if (size == 0) {
        size_t n = 1 + (size_t)mut_rnd(m, max < 16 ? max : 16);
        for (size_t i = 0; i < n; i++)
            data[i] = (uint8_t)fxt_rng_next(&m->rng);
        return n;
    }
    if (size < max && mut_chance(m, 30)) {
        data[size] = (uint8_t)fxt_rng_next(&m->rng);
        return size + 1;
    }
    size_t at = (size_t)mut_rnd(m, size);
    data[at] ^= (uint8_t)(1u << mut_rnd(m, 8));
    return size;
}

/* A run of records to write back: bytes [SRC, SRC+LEN) of the input (or
 * of the arena) go to offset DST of the output. */
typedef struct wb_run {
    const uint8_t *src;
    size_t dst, len;
    int in_data;
} wb_run;

/* Writes the mutated trace back into DATA (MAX bytes; the records still
 * point into DATA or into the arena), moving as little as possible. Records
 * are gathered into runs (neighbours in the input that stay neighbours).
 * When the runs from DATA keep their order (in-place changes, inserts,
 * deletes: the usual case), each moves to where it goes, those that move
 * towards the start in a forward pass and those that move towards the end in
 * a backward pass, so that none overwrites bytes another still needs; runs
 * that did not move are not touched, and arena records are copied last.
 * Otherwise (swapped or duplicated records) the trace is assembled in the
 * scratch buffer first. Returns the size, 0 on failure. */
size_t fxt__mut_write_back(mut *m, uint8_t *data, size_t max)
{
    const mut_trace *t = &m->t;
    wb_run *run = fxt__mut_alloc(m, (t->n + 1) * sizeof *run);
    if (run == NULL)
        return 0;
    size_t nr = 0, o = 0;
    const uint8_t *last = data;
    int ordered = 1;
    for (size_t i = 0; i < t->n && o < max; i++) {
        const mut_span *s = &t->r[i];
        size_t k = s->len < max - o ? s->len : max - o;
        int in_data = s->p >= data && s->p < data + max;
        if (in_data) {
            ordered &= s->p >= last;
            last = s->p + s->len;
        }
        wb_run *r = nr ? &run[nr - 1] : NULL;
        if (r != NULL && r->in_data == in_data && r->src + r->len == s->p)
            r->len += k;
        else
            run[nr++] = (wb_run){s->p, o, k, in_data};
        o += k;
    }
    if (!ordered) {
        uint8_t *out = fxt__mut_out_buffer(max);
        if (out == NULL)
            return 0;
        size_t k = fxt__mut_write_out(t, out, max);
        memcpy(data, out, k);
        return k;
    }
    for (size_t i = 0; i < nr; i++) /* towards the start */
        if (run[i].in_data && run[i].src > data + run[i].dst)
            memmove(data + run[i].dst, run[i].src, run[i].len);
    for (size_t i = nr; i-- > 0;) /* towards the end */
        if (run[i].in_data && run[i].src < data + run[i].dst)
            memmove(data + run[i].dst, run[i].src, run[i].len);
    for (size_t i = 0; i < nr; i++) /* arena records */
        if (!run[i].in_data)
            memcpy(data + run[i].dst, run[i].src, run[i].len);
    return o;
}

size_t fxt_mutate(uint8_t *data, size_t size, size_t max_size, uint64_t seed,
                  const fxt_mut_options *o, fxt_mut_info *info)
{
    fxt_mut_options def = fxt_mut_options_default();
    fxt_mut_info dummy;
    if (o == NULL)
        o = &def;
    if (info == NULL)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (max_size == 0 || data == NULL)
        return 0;
    if (size > max_size)
        size = max_size;
    int force_op = o->force_op;
    mut m;
    fxt__mut_init(&m, seed, o->revision);
    size_t out = 0;
    /* The records point into DATA itself, read-only: operations change
     * arena copies (fxt__mut_own), and only write_back touches DATA. */
    if (!fxt__mut_parse(&m, &m.t, data, size))
        goto raw;
    if (m.t.n == 0) {
        if (max_size >= 8 && force_op < 0 && seed_trace(&m) && m.t.n > 0 && fit(&m.t, max_size)) {
            info->nops = 1;
            info->ops[0] = FXT_MUT_INSERT_MODEL;
            out = fxt__mut_write_back(&m, data, max_size);
            goto done;
        }
        goto raw;
    }
    {
        unsigned x = (unsigned)mut_rnd(&m, 100);
        unsigned nops = force_op >= 0 ? 1 : x < 75 ? 1 : x < 90 ? 2 : 3 + (unsigned)mut_rnd(&m, 2);
        for (unsigned k = 0; k < nops; k++) {
            for (int attempt = 0; attempt < 8; attempt++) {
                int op = force_op >= 0 ? force_op % FXT_MUT_OP_COUNT : pick_op(&m, o);
                if (k_ops[op].fn(&m)) {
                    info->ops[info->nops++] = op;
                    break;
                }
                if (m.oom)
                    goto raw;
            }
        }
    }
    if (info->nops == 0)
        goto raw;
    crop(&m, o, data, size);
    if (!fit(&m.t, max_size) || m.t.n == 0)
        goto raw;
    out = fxt__mut_write_back(&m, data, max_size);
    if (out == 0)
        goto raw;
    goto done;
raw:
    /* the input is intact in DATA unless write_back ran, which only happens
     * on the success paths above (and fails before writing) */
    info->fallback = 1;
    out = raw_mutate(&m, data, size, max_size);
done:
    fxt__mut_free(&m);
    return out;
}

/* A record that sets state later records use (fxt_mut_drop_state): the
 * initialization record, provider metadata; not the magic record, which
 * only says the byte order. */
static int sets_state(const mut_span *s, int be)
{
    uint32_t id;
    const unsigned type = mut_rec_type(s, be);
    if (type == FXT_RT_INIT || fxt__mut_prov_switch(s, be, &id)) /* info, section */
        return 1;
    return type == FXT_RT_METADATA &&
           FXT_GET(mut_rd(s->p, be), FXT_META_TYPE) == FXT_MT_PROVIDER_EVENT;
}

size_t fxt_mut_drop_state(uint8_t *data, size_t size, size_t max_size, unsigned k,
                          const fxt_mut_options *o)
{
    if (data == NULL || max_size == 0)
        return 0;
    if (size > max_size)
        size = max_size;
    mut m;
    size_t out = 0;
    if (fxt__mut_open(&m, data, size, o))
        for (size_t i = 0; i < m.t.n; i++)
            if (sets_state(&m.t.r[i], m.t.be) && k-- == 0) {
                fxt__mut_delete(&m.t, i, 1);
                if (m.t.n > 0)
                    out = fxt__mut_write_back(&m, data, max_size);
                break;
            }
    fxt__mut_free(&m);
    return out;
}

size_t fxt_mut_record_count(const uint8_t *data, size_t size, const fxt_mut_options *o)
{
    mut m;
    size_t n = fxt__mut_open(&m, data, size, o) ? m.t.n : 0;
    fxt__mut_free(&m);
    return n;
}

size_t fxt_mut_delete_records(uint8_t *data, size_t size, size_t first, size_t count,
                              const fxt_mut_options *o)
{
    if (count == 0)
        return 0;
    mut m;
    size_t out = 0;
    /* the range lies inside the trace, and a record is left */
    if (fxt__mut_open(&m, data, size, o) && first < m.t.n && count <= m.t.n - first &&
        count < m.t.n) {
        fxt__mut_delete(&m.t, first, count);
        out = fxt__mut_write_back(&m, data, size);
    }
    fxt__mut_free(&m);
    return out;
}

/* The end of the run of T's records from J on that fits in BUDGET bytes
 * (one record more, which the write cuts). */
static size_t run_end(const mut_trace *t, size_t j, size_t budget)
{
    size_t sum = 0;
    while (j < t->n && sum < budget)
        sum += t->r[j++].len;
    return j;
}

/* Records of A and B (from B0 on) in random order, as M's trace. */
static int interleave(mut *m, mut_trace *tb, size_t b0)
{
    mut_trace ta = m->t;
    mut_span *ra = malloc((ta.n + tb->n) * sizeof *ra);
    if (ra == NULL)
        return 0;
    size_t k = 0, x = 0, y = b0;
    while ((x < ta.n || y < tb->n) && k < MUT_MAX_RECS) {
        if (x < ta.n && (y >= tb->n || mut_rnd(m, 2)))
            ra[k++] = ta.r[x++];
        else
            ra[k++] = tb->r[y++];
    }
    free(m->t.r);
    m->t.r = ra;
    m->t.n = k;
    m->t.cap = ta.n + tb->n;
    return 1;
}

size_t fxt_crossover(const uint8_t *a, size_t na, const uint8_t *b, size_t nb, uint8_t *out,
                     size_t max_out, uint64_t seed, const fxt_mut_options *o)
{
    if (max_out == 0 || out == NULL)
        return 0;
    if (a == NULL)
        na = 0;
    if (b == NULL)
        nb = 0;
    mut m;
    fxt__mut_init(&m, seed ^ 0xc0ffee, o ? o->revision : FXT_REV_CURRENT);
    mut_trace tb = {0, 0, 0, NULL};
    size_t n = 0;
    if (!fxt__mut_parse(&m, &m.t, a, na) || !fxt__mut_parse(&m, &tb, b, nb))
        goto copy;
    if (m.t.n == 0 || tb.n == 0)
        goto copy;
    /* B's records in A's byte order: only the ones used are converted */
    int conv = tb.be != m.t.be;
    size_t b0 = tb.n > 1 && fxt__mut_is_magic(&tb.r[0]) ? 1 : 0; /* skip B's magic */
    switch (mut_rnd(&m, 3)) {
    case 0: { /* a run of B spliced into A */
        size_t j = b0 + (size_t)mut_rnd(&m, tb.n - b0);
        size_t k = 1 + (size_t)mut_rnd(&m, tb.n - j < 8 ? tb.n - j : 8);
        size_t at = 1 + (size_t)mut_rnd(&m, m.t.n);
        if (conv && !fxt__mut_swap_range(&m, &tb, j, j + k))
            goto copy;
        for (size_t q = 0; q < k; q++)
            if (!fxt__mut_insert(&m, &m.t, at + q, tb.r[j + q].p, tb.r[j + q].len))
                break;
        break;
    }
    case 1: { /* A's head, B's tail */
        size_t i = 1 + (size_t)mut_rnd(&m, m.t.n);
        size_t j = b0 + (size_t)mut_rnd(&m, tb.n - b0);
        m.t.n = i < m.t.n ? i : m.t.n;
        size_t head = fxt__mut_total(&m.t);
        tb.n = run_end(&tb, j, head < max_out ? max_out - head : 1);
        if (conv && !fxt__mut_swap_range(&m, &tb, j, tb.n))
            goto copy;
        for (size_t q = j; q < tb.n; q++)
            if (!fxt__mut_insert(&m, &m.t, m.t.n, tb.r[q].p, tb.r[q].len))
                break;
        break;
    }
    default: /* interleaved */
        tb.n = run_end(&tb, b0, max_out);
        if ((conv && !fxt__mut_swap_range(&m, &tb, b0, tb.n)) || !interleave(&m, &tb, b0))
            goto copy;
        break;
    }
    if (!fit(&m.t, max_out))
        goto copy;
    n = fxt__mut_write_out(&m.t, out, max_out); /* not 0: every record has bytes */
    goto done;
copy:
    n = na ? (na < max_out ? na : max_out) : (nb < max_out ? nb : max_out);
    if (n)
        memcpy(out, na ? a : b, n);
done:
    free(tb.r);
    fxt__mut_free(&m);
    return n;
}

