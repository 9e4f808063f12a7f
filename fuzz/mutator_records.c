/* SPDX-License-Identifier: MIT */
/*
 * mutator_records.c - mutations of the record list (truncate, duplicate,
 * delete, swap, insert) and of decoded records (switch a ref between its
 * inline and indexed forms, tweak a field), which are encoded again in the
 * selected revision.
 */
#include "fxt/encode.h"
#include "mutator_impl.h"

int fxt__mut_op_truncate(mut *m)
{
    mut_trace *t = &m->t;
    if (t->n == 0)
        return 0;
    switch (mut_rnd(m, 4)) {
    case 0: /* at a record boundary */
        if (t->n < 2)
            return 0;
        t->n = 1 + (size_t)mut_rnd(m, t->n - 1);
        return 1;
    case 1: { /* anywhere: the trace ends inside a record */
        size_t i = (size_t)mut_rnd(m, t->n);
        size_t keep = (size_t)mut_rnd(m, t->r[i].len);
        if (i == 0 && keep == 0) {
            if (t->r[0].len < 2)
                return 0;
            keep = 1;
        }
        t->r[i].len = keep;
        t->n = keep ? i + 1 : i;
        return 1;
    }
    case 2: { /* a record loses words but keeps its size: framing slips */
        size_t i;
        if (!fxt__mut_pick_rec(m, &i, 1, 0) || t->r[i].len < 16)
            return 0;
        t->r[i].len -= 8 * (1 + (size_t)mut_rnd(m, (t->r[i].len / 8) - 1));
        return 1;
    }
    default: { /* a record loses words and its size says so */
        size_t i;
        if (!fxt__mut_pick_rec(m, &i, 1, 0) || t->r[i].len < 16 || t->r[i].len % 8)
            return 0;
        size_t words = t->r[i].len / 8 - 1 - (size_t)mut_rnd(m, t->r[i].len / 8 - 1);
        uint8_t *p = fxt__mut_own(m, i, 0);
        if (p == NULL)
            return 0;
        uint64_t h = mut_rd(p, t->be);
        unsigned lo, hi;
        mut_size_field(m, h, &lo, &hi);
        mut_wr(p, mut_set(h, lo, hi, words), t->be);
        t->r[i].len = words * 8;
        return 1;
    }
    }
}

int fxt__mut_op_duplicate(mut *m)
{
    size_t i;
    if (!fxt__mut_pick_rec(m, &i, 0, 1))
        return 0;
    mut_span s = m->t.r[i];
    size_t at = mut_chance(m, 70) ? i + 1 : 1 + (size_t)mut_rnd(m, m->t.n);
    unsigned k = mut_chance(m, 85) ? 1 : 2 + (unsigned)mut_rnd(m, 6);
    for (unsigned j = 0; j < k; j++)
        if (!fxt__mut_insert(m, &m->t, at, s.p, s.len))
            return j > 0;
    return 1;
}

/* Record types delete and swap draw evenly half the time (registrations
 * aside, which fxt__mut_pick_rec mostly avoids deleting): state set before
 * the records that use it, taken away or moved after them. */
#define STATE_TYPES (~(1u << FXT_RT_STRING | 1u << FXT_RT_THREAD))

int fxt__mut_op_delete(mut *m)
{
    size_t i;
    if (m->t.n < 2)
        return 0;
    if (mut_chance(m, 50) ? !fxt__mut_pick_by_type(m, &i, STATE_TYPES)
                          : !fxt__mut_pick_rec(m, &i, 1, 1))
        return 0;
    size_t k = mut_chance(m, 80) ? 1 : 2 + (size_t)mut_rnd(m, 3);
    fxt__mut_delete(&m->t, i, k);
    return 1;
}

int fxt__mut_op_swap(mut *m)
{
    size_t i, j;
    mut_trace *t = &m->t;
    if (t->n < 2)
        return 0;
    if (mut_chance(m, 50) ? !fxt__mut_pick_by_type(m, &i, STATE_TYPES)
                          : !fxt__mut_pick_rec(m, &i, 0, 1))
        return 0;
    if (mut_chance(m, 60))
        j = i + 1 < t->n ? i + 1 : i - 1;
    else if (!fxt__mut_pick_rec(m, &j, 0, 1) || j == i)
        return 0;
    mut_span x = t->r[i];
    t->r[i] = t->r[j];
    t->r[j] = x;
    return 1;
}

/* Pick a record (of a type with refs if NEED_REFS) and decode it. */
static int pick_decoded(mut *m, size_t *out, fxt_record *r, int need_refs)
{
    for (int k = 0; k < 16; k++) {
        size_t i;
        if (!fxt__mut_pick_rec(m, &i, 0, 0))
            return 0;
        unsigned t = mut_rec_type(&m->t.r[i], m->t.be);
        if (need_refs && !((t >= FXT_RT_EVENT && t <= FXT_RT_LOG) || t == FXT_RT_LARGE))
            continue;
        if (fxt__mut_decode(m, m->t.r[i].p, m->t.r[i].len, m->t.be, r)) {
            *out = i;
            return 1;
        }
    }
    return 0;
}

/* A string ref switched inline <-> indexed; a string record to insert
 * before the record in *EXTRA when a new index is registered. */
static int switch_str(mut *m, size_t i, const mut_regs *R, fxt_str *x, fxt_record *extra,
                      int *have_extra)
{
    if (x->ref & FXT_STRREF_INLINE_FLAG) {
        /* inline -> indexed: a registered index, or register one */
        if (x->len == 0 && mut_chance(m, 50)) {
            *x = fxt_str_indexed(0);
        } else if (R->nstr && mut_chance(m, 50)) {
            *x = fxt_str_indexed((uint16_t)fxt__mut_pick_str(m, R));
        } else {
            unsigned idx = fxt__mut_unreg_str(m, R);
            if (idx == 0 || x->len == 0)
                return 0;
            fxt__mut_rec_init(extra, FXT_RT_STRING);
            extra->u.string.index = idx;
            extra->u.string.data = x->data;
            extra->u.string.len = x->len;
            *have_extra = 1;
            *x = fxt_str_indexed((uint16_t)idx);
        }
        return 1;
    }
    /* indexed or empty -> inline, with the registered content if known */
    const uint8_t *d;
    size_t len;
    if (x->ref != 0 && fxt__mut_find_string(m, i, x->ref, &d, &len)) {
        *x = fxt_str_inline((const char *)d, len);
    } else {
        mut_text t = fxt__mut_rand_text(m);
        *x = fxt_str_inline(t.s, t.len);
    }
    return 1;
}

/* The same for a thread ref (PROC: a userspace object's process ref). */
static int switch_thread(mut *m, size_t i, const mut_regs *R, fxt_thread *t, int proc,
                         fxt_record *extra, int *have_extra)
{
    if (t->ref == FXT_THREADREF_INLINE) {
        if (R->nthr && mut_chance(m, 50)) {
            *t = fxt_thread_indexed((uint8_t)fxt__mut_pick_thr(m, R));
            return 1;
        }
        unsigned idx = fxt__mut_unreg_thr(m, R);
        if (idx == 0)
            return 0;
        fxt__mut_rec_init(extra, FXT_RT_THREAD);
        extra->u.thread.index = idx;
        extra->u.thread.pid = t->pid;
        extra->u.thread.tid = proc ? 5000 + mut_rnd(m, 64) : t->tid;
        *have_extra = 1;
        *t = fxt_thread_indexed((uint8_t)idx);
        return 1;
    }
    uint64_t pid, tid;
    if (!fxt__mut_find_thread(m, i, t->ref, &pid, &tid))
        pid = 1000 + mut_rnd(m, 8), tid = 5000 + mut_rnd(m, 64);
    *t = fxt_thread_inline(pid, proc ? 0 : tid);
    return 1;
}

int fxt__mut_op_switch_ref(mut *m)
{
    fxt_record r;
    size_t i = 0; /* set by pick_decoded(); gcc -O3 cannot tell */
    if (!pick_decoded(m, &i, &r, 1) || !fxt__mut_compute_ctx(m))
        return 0;
    mut_rslot sl[64];
    unsigned n = fxt__mut_model_slots(&r, sl);
    if (n == 0)
        return 0;
    mut_rslot *s = &sl[mut_rnd(m, n)];
    mut_regs R;
    fxt__mut_regs_at(m, i, &R);
    fxt_record extra; /* a registration to insert before the record */
    int have_extra = 0;
    int ok = s->s ? switch_str(m, i, &R, s->s, &extra, &have_extra)
                  : switch_thread(m, i, &R, s->t, s->proc, &extra, &have_extra);
    if (!ok || !fxt__mut_replace(m, i, &r))
        return 0;
    return !have_extra || fxt__mut_insert_model(m, i, &extra);
}

static size_t insert_pos(mut *m)
{
    mut_trace *t = &m->t;
    if (t->n == 0)
        return 0;
    return 1 + (size_t)mut_rnd(m, t->n); /* after the first record (the magic, usually) */
}

int fxt__mut_op_insert_generated(mut *m)
{
    if (!fxt__mut_compute_ctx(m))
        return 0;
    unsigned k = mut_chance(m, 70) ? 1 : 2 + (unsigned)mut_rnd(m, 3), done = 0;
    size_t at = insert_pos(m);
    mut_regs R;
    fxt__mut_regs_at(m, at, &R);
    for (unsigned j = 0; j < k; j++) {
        fxt_record r;
        if (!fxt__mut_pool_get(m, &r))
            continue;
        if (mut_chance(m, 90))
            fxt__mut_fix_refs(m, &R, &r);
        if (r.type == FXT_RT_METADATA)
            r.u.meta.provider_id = (uint32_t)(R.ctx & 0xffffffffu);
        if (fxt__mut_insert_model(m, at + done, &r))
            done++;
    }
    return done > 0;
}

int fxt__mut_op_insert_model(mut *m)
{
    if (!fxt__mut_compute_ctx(m))
        return 0;
    size_t at = insert_pos(m);
    mut_regs R;
    fxt__mut_regs_at(m, at, &R);
    fxt_record r;
    if (!fxt__mut_rand_model(m, &R, &r))
        return 0;
    return fxt__mut_insert_model(m, at, &r);
}

static void tweak_args(mut *m, const mut_regs *R, fxt_record *r)
{
    unsigned x = (unsigned)mut_rnd(m, 4);
    if (x == 0 && r->argc < FXT_MAX_ARGS) {
        unsigned at = (unsigned)mut_rnd(m, r->argc + 1);
        memmove(&r->args[at + 1], &r->args[at], (r->argc - at) * sizeof r->args[0]);
        fxt__mut_rand_arg(m, R, &r->args[at]);
        r->argc++;
    } else if (x == 1 && r->argc > 0) {
        unsigned at = (unsigned)mut_rnd(m, r->argc);
        memmove(&r->args[at], &r->args[at + 1], (r->argc - at - 1) * sizeof r->args[0]);
        r->argc--;
    } else if (r->argc > 0) {
        fxt_arg *a = &r->args[mut_rnd(m, r->argc)];
        if (x == 2) {
            fxt_str name = a->name;
            const uint8_t *extra = a->extra;
            size_t ew = a->extra_words;
            fxt__mut_rand_arg(m, R, a);
            a->name = name;
            a->extra = extra; /* keep appended words */
            a->extra_words = ew;
        } else if (a->type == FXT_AT_BOOL) {
            a->v.b = !a->v.b;
        } else {
            int narrow = a->type == FXT_AT_INT32 || a->type == FXT_AT_UINT32;
            a->v.u64 = fxt__mut_interesting(m, narrow ? 32 : 64);
        }
    } else {
        r->argc = 1;
        fxt__mut_rand_arg(m, R, &r->args[0]);
    }
}

static void tweak_event(mut *m, const mut_regs *R, fxt_record *r)
{
    fxt_event *e = &r->u.event;
    switch (mut_rnd(m, 6)) {
    case 0:
        e->event_type = fxt__mut_rand_event_kind(m);
        break;
    case 1:
        e->timestamp = mut_chance(m, 50) ? fxt__mut_interesting(m, 64) : e->timestamp + mut_rnd(m, 3) - 1;
        break;
    case 2:
        e->data = mut_chance(m, 50) ? fxt__mut_interesting(m, 64) : e->data ^ (1u + mut_rnd(m, 3));
        break;
    case 3:
        fxt__mut_rand_str(m, R, mut_chance(m, 50) ? &e->name : &e->category);
        break;
    case 4:
        fxt__mut_rand_thread(m, R, &e->thread);
        break;
    default:
        tweak_args(m, R, r);
        break;
    }
}

static void tweak_sched(mut *m, const mut_regs *R, fxt_record *r)
{
    fxt_sched *s = &r->u.sched;
    if (s->sched_type != FXT_ST_LEGACY_CONTEXT_SWITCH && mut_chance(m, 40))
        tweak_args(m, R, r);
    else if (mut_chance(m, 50))
        s->timestamp = fxt__mut_interesting(m, 64);
    else if (s->sched_type == FXT_ST_CONTEXT_SWITCH)
        s->state = (unsigned)mut_rnd(m, 16); /* above 5: a warning */
    else if (s->sched_type == FXT_ST_LEGACY_CONTEXT_SWITCH)
        s->cpu = (unsigned)mut_rnd(m, 256);
    else
        s->cpu = (unsigned)mut_rnd(m, 65536);
}

/* A new payload of up to MAX bytes for blob B; 0 when out of memory. */
static int new_payload(mut *m, fxt_blob *b, unsigned max)
{
    b->payload_size = mut_rnd(m, max);
    b->payload = fxt__mut_rand_bytes(m, (size_t)b->payload_size);
    return b->payload != NULL;
}

static int tweak_rest(mut *m, const mut_regs *R, fxt_record *r)
{
    mut_text t = fxt__mut_rand_text(m);
    switch (r->type) {
    case FXT_RT_STRING:
        if (t.len == 0 && mut_chance(m, 80))
            t = fxt__mut_texts[3];
        r->u.string.data = t.s;
        r->u.string.len = t.len;
        return 1;
    case FXT_RT_THREAD:
        r->u.thread.pid = mut_chance(m, 50) ? 1000 + mut_rnd(m, 8) : fxt__mut_interesting(m, 64);
        r->u.thread.tid = mut_chance(m, 50) ? 5000 + mut_rnd(m, 64) : fxt__mut_interesting(m, 64);
        return 1;
    case FXT_RT_INIT:
        /* 0 ticks per second: readers divide by it */
        r->u.ticks_per_second = mut_chance(m, 70) ? 1 + mut_rnd(m, 0xffffffffffull) : 0;
        return 1;
    case FXT_RT_LOG:
        if (mut_chance(m, 50)) {
            r->u.log.msg = t.s;
            r->u.log.msg_len = t.len;
        } else {
            r->u.log.timestamp = fxt__mut_interesting(m, 64);
        }
        return 1;
    case FXT_RT_BLOB:
        if (mut_chance(m, 50)) {
            r->u.blob.blob_type = fxt__mut_defined_value(m, MUT_T_BLOB, 64, FXT_BT_DATA);
            return 1;
        }
        return new_payload(m, &r->u.blob, 100);
    case FXT_RT_USERSPACE:
    case FXT_RT_KERNEL_OBJECT:
        if (mut_chance(m, 50))
            tweak_args(m, R, r);
        else if (mut_chance(m, 50))
            r->u.object.id = fxt__mut_interesting(m, 64);
        else
            r->u.object.koid_type = (unsigned)mut_rnd(m, 256);
        return 1;
    case FXT_RT_LARGE:
        if (mut_chance(m, 40) && r->u.blob.format == FXT_LBF_METADATA) {
            tweak_args(m, R, r);
        } else if (mut_chance(m, 30)) {
            r->u.blob.format = FXT_LBF_NO_METADATA;
            r->argc = 0;
        } else {
            return new_payload(m, &r->u.blob, 300);
        }
        return 1;
    case FXT_RT_METADATA:
        if (r->u.meta.meta_type == FXT_MT_PROVIDER_EVENT) {
            r->u.meta.event_id = mut_chance(m, 50) ? 0 : (unsigned)mut_rnd(m, 16);
        } else if (r->u.meta.meta_type == FXT_MT_PROVIDER_INFO) {
            r->u.meta.name.data = t.s;
            r->u.meta.name.len = t.len;
        } else {
            return 0;
        }
        return 1;
    default:
        return 0;
    }
}

int fxt__mut_op_tweak_model(mut *m)
{
    fxt_record r;
    size_t i = 0; /* set by pick_decoded(); gcc -O3 cannot tell */
    if (!pick_decoded(m, &i, &r, 0) || !fxt__mut_compute_ctx(m))
        return 0;
    mut_regs R;
    fxt__mut_regs_at(m, i, &R);
    R.ctx = fxt__mut_ctx_of(m, i);
    if (r.type == FXT_RT_EVENT)
        tweak_event(m, &R, &r);
    else if (r.type == FXT_RT_SCHEDULING)
        tweak_sched(m, &R, &r);
    else if (!tweak_rest(m, &R, &r))
        return 0;
    return fxt__mut_replace(m, i, &r);
}
