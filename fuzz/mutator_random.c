/* SPDX-License-Identifier: MIT */
/*
 * mutator_random.c - random record models of the selected revision (only
 * the types, event meanings and argument types it defines), with refs that
 * point at indexes registered where the record lands.
 */
#include "fxt/encode.h"
#include "mutator_impl.h"

unsigned fxt__mut_model_slots(fxt_record *r, mut_rslot *out)
{
    unsigned n = 0;
#define S_(x) (out[n].s = (x), out[n].t = NULL, out[n].proc = 0, n++)
#define T_(x, pr) (out[n].s = NULL, out[n].t = (x), out[n].proc = (pr), n++)
    int args = 0;
    switch (r->type) {
    case FXT_RT_EVENT:
        T_(&r->u.event.thread, 0);
        S_(&r->u.event.category);
        S_(&r->u.event.name);
        args = 1;
        break;
    case FXT_RT_BLOB:
        S_(&r->u.blob.name);
        break;
    case FXT_RT_USERSPACE:
        T_(&r->u.object.process, 1);
        S_(&r->u.object.name);
        args = 1;
        break;
    case FXT_RT_KERNEL_OBJECT:
        S_(&r->u.object.name);
        args = 1;
        break;
    case FXT_RT_SCHEDULING:
        if (r->u.sched.sched_type == FXT_ST_LEGACY_CONTEXT_SWITCH) {
            T_(&r->u.sched.out, 0);
            T_(&r->u.sched.in, 0);
        }
        args = 1;
        break;
    case FXT_RT_LOG:
        T_(&r->u.log.thread, 0);
        break;
    case FXT_RT_LARGE:
        S_(&r->u.blob.category);
        S_(&r->u.blob.name);
        if (r->u.blob.format == FXT_LBF_METADATA)
            T_(&r->u.blob.thread, 0);
        args = 1;
        break;
    default:
        break;
    }
    if (args)
        for (unsigned i = 0; i < r->argc && i < FXT_MAX_ARGS; i++) {
            S_(&r->args[i].name);
            if (r->args[i].type == FXT_AT_STRING)
                S_(&r->args[i].str);
        }
#undef S_
#undef T_
    return n;
}

void fxt__mut_rand_str(mut *m, const mut_regs *R, fxt_str *s)
{
    unsigned x = (unsigned)mut_rnd(m, 100);
    if (x < 65 && R->nstr) {
        *s = fxt_str_indexed((uint16_t)fxt__mut_pick_str(m, R));
        return;
    }
    if (x < 72) {
        *s = fxt_str_indexed(0);
        return;
    }
    mut_text t = fxt__mut_rand_text(m);
    *s = fxt_str_inline(t.s, t.len);
}

void fxt__mut_rand_thread(mut *m, const mut_regs *R, fxt_thread *t)
{
    if (R->nthr && mut_chance(m, 70))
        *t = fxt_thread_indexed((uint8_t)fxt__mut_pick_thr(m, R));
    else
        *t = fxt_thread_inline(1000 + mut_rnd(m, 8), 5000 + mut_rnd(m, 64));
}

void fxt__mut_fix_refs(mut *m, const mut_regs *R, fxt_record *r)
{
    mut_rslot sl[64];
    unsigned n = fxt__mut_model_slots(r, sl);
    for (unsigned i = 0; i < n; i++) {
        if (sl[i].s) {
            fxt_str *s = sl[i].s;
            if ((s->ref & FXT_STRREF_INLINE_FLAG) || s->ref == 0 || mut_has_bit(R->str, s->ref))
                continue;
            if (R->nstr && mut_chance(m, 80)) {
                *s = fxt_str_indexed((uint16_t)fxt__mut_pick_str(m, R));
            } else {
                mut_text t = fxt__mut_rand_text(m);
                *s = fxt_str_inline(t.s, t.len);
            }
        } else {
            fxt_thread *t = sl[i].t;
            if (t->ref == 0 || mut_has_bit(R->thr, t->ref))
                continue;
            if (R->nthr && mut_chance(m, 80))
                *t = fxt_thread_indexed((uint8_t)fxt__mut_pick_thr(m, R));
            else
                *t = fxt_thread_inline(1000 + mut_rnd(m, 8), sl[i].proc ? 0 : 5000 + mut_rnd(m, 64));
        }
    }
}

void fxt__mut_rand_arg(mut *m, const mut_regs *R, fxt_arg *a)
{
    memset(a, 0, sizeof *a);
    a->type = fxt__mut_defined_value(m, MUT_T_ARG, FXT_AT_COUNT, FXT_AT_INT32);
    fxt__mut_rand_str(m, R, &a->name);
    switch (a->type) {
    case FXT_AT_INT32:
        a->v.i32 = (int32_t)(uint32_t)fxt__mut_interesting(m, 32);
        break;
    case FXT_AT_UINT32:
        a->v.u32 = (uint32_t)fxt__mut_interesting(m, 32);
        break;
    case FXT_AT_BOOL:
        a->v.b = (int)mut_rnd(m, 2);
        break;
    case FXT_AT_STRING:
        fxt__mut_rand_str(m, R, &a->str);
        break;
    case FXT_AT_NULL:
        break;
    default:
        a->v.u64 = fxt__mut_interesting(m, 64);
        break;
    }
}

void fxt__mut_rec_init(fxt_record *r, unsigned type)
{
    memset(r, 0, sizeof *r);
    r->type = type;
    r->known = 1;
}

unsigned fxt__mut_rand_event_kind(mut *m)
{
    unsigned n = 0, k;
    for (k = 0; k < FXT_ET_COUNT; k++)
        n += m->lay->event_number[k] != FXT_ET_NONE;
    unsigned pick = (unsigned)mut_rnd(m, n);
    for (k = 0; k < FXT_ET_COUNT; k++)
        if (m->lay->event_number[k] != FXT_ET_NONE && pick-- == 0)
            break;
    return k < FXT_ET_COUNT ? k : FXT_ET_INSTANT;
}

static void rand_event(mut *m, const mut_regs *R, fxt_record *r, uint64_t ts)
{
    fxt__mut_rec_init(r, FXT_RT_EVENT);
    fxt_event *e = &r->u.event;
    e->event_type = fxt__mut_rand_event_kind(m);
    fxt__mut_rand_thread(m, R, &e->thread);
    fxt__mut_rand_str(m, R, &e->category);
    fxt__mut_rand_str(m, R, &e->name);
    e->timestamp = ts;
    e->data = e->event_type == FXT_ET_DURATION_COMPLETE ? ts + mut_rnd(m, 1000) : mut_rnd(m, 64);
    r->argc = mut_chance(m, 50) ? (unsigned)mut_rnd(m, 5) : 0;
    if (mut_chance(m, 3))
        r->argc = FXT_MAX_ARGS;
}

static void rand_sched(mut *m, const mut_regs *R, fxt_record *r, uint64_t ts)
{
    fxt__mut_rec_init(r, FXT_RT_SCHEDULING);
    fxt_sched *s = &r->u.sched;
    /* before current, record type 8 is the (legacy) context switch */
    s->sched_type = fxt__mut_defined_value(m, MUT_T_SCHED, 16, FXT_ST_LEGACY_CONTEXT_SWITCH);
    s->timestamp = ts;
    if (s->sched_type == FXT_ST_LEGACY_CONTEXT_SWITCH) {
        static const unsigned k_states[] = {0, 2, 3, 4, 5};
        s->cpu = (unsigned)mut_rnd(m, 256);
        s->state = k_states[mut_rnd(m, 5)];
        fxt__mut_rand_thread(m, R, &s->out);
        fxt__mut_rand_thread(m, R, &s->in);
        if (m->lay->has_priorities) {
            s->out_prio = (unsigned)mut_rnd(m, 256);
            s->in_prio = (unsigned)mut_rnd(m, 256);
        }
    } else {
        s->cpu = (unsigned)mut_rnd(m, 65536);
        s->state = s->sched_type == FXT_ST_CONTEXT_SWITCH ? (unsigned)mut_rnd(m, 6) : 0;
        s->out.tid = 5000 + mut_rnd(m, 64);
        s->in.tid = 5000 + mut_rnd(m, 64);
        r->argc = (unsigned)mut_rnd(m, 3);
    }
}

int fxt__mut_rand_large_blob(mut *m, const mut_regs *R, fxt_record *r)
{
    uint64_t ts = 1000000 + mut_rnd(m, 1000000000);
    fxt__mut_rec_init(r, FXT_RT_LARGE);
    fxt_blob *b = &r->u.blob;
    b->format = fxt__mut_defined_value(m, MUT_T_LBF, 16, FXT_LBF_NO_METADATA);
    fxt__mut_rand_str(m, R, &b->category);
    fxt__mut_rand_str(m, R, &b->name);
    if (b->format == FXT_LBF_METADATA) {
        b->timestamp = ts;
        fxt__mut_rand_thread(m, R, &b->thread);
        r->argc = (unsigned)mut_rnd(m, 3);
        for (unsigned i = 0; i < r->argc; i++)
            fxt__mut_rand_arg(m, R, &r->args[i]);
    }
    b->payload_size = mut_rnd(m, 200);
    b->payload = fxt__mut_rand_bytes(m, (size_t)b->payload_size);
    return b->payload != NULL;
}

int fxt__mut_rand_model(mut *m, const mut_regs *R, fxt_record *r)
{
    const fxt_layout *l = m->lay;
    unsigned x = (unsigned)mut_rnd(m, 100);
    uint64_t ts = 1000000 + mut_rnd(m, 1000000000);
    if (x >= 93 && x < 95 && !fxt_layout_defines(l->metadata_types, FXT_MT_PROVIDER_EVENT))
        x = 81; /* no provider event: an initialization record */
    if (x >= 95 && !(m->large && fxt_layout_defines(l->large_types, FXT_LT_BLOB)))
        x = 68; /* no large blob: a blob */
    if (x < 50) {
        rand_event(m, R, r, ts);
    } else if (x < 56) {
        fxt__mut_rec_init(r, FXT_RT_KERNEL_OBJECT);
        r->u.object.koid_type = (unsigned)mut_rnd(m, 40);
        r->u.object.id = fxt__mut_interesting(m, 64);
        fxt__mut_rand_str(m, R, &r->u.object.name);
        r->argc = (unsigned)mut_rnd(m, 3);
    } else if (x < 61) {
        fxt__mut_rec_init(r, FXT_RT_USERSPACE);
        r->u.object.id = fxt__mut_interesting(m, 64);
        fxt__mut_rand_thread(m, R, &r->u.object.process);
        r->u.object.process.tid = 0;
        fxt__mut_rand_str(m, R, &r->u.object.name);
        r->argc = (unsigned)mut_rnd(m, 3);
    } else if (x < 68) {
        fxt__mut_rec_init(r, FXT_RT_LOG);
        r->u.log.timestamp = ts;
        fxt__mut_rand_thread(m, R, &r->u.log.thread);
        mut_text t = fxt__mut_rand_text(m);
        r->u.log.msg = t.s;
        r->u.log.msg_len = t.len;
    } else if (x < 72) {
        fxt__mut_rec_init(r, FXT_RT_BLOB);
        r->u.blob.blob_type = fxt__mut_defined_value(m, MUT_T_BLOB, 64, FXT_BT_DATA);
        fxt__mut_rand_str(m, R, &r->u.blob.name);
        r->u.blob.payload_size = mut_rnd(m, 64);
        r->u.blob.payload = fxt__mut_rand_bytes(m, (size_t)r->u.blob.payload_size);
        if (r->u.blob.payload == NULL)
            return 0;
    } else if (x < 81) {
        rand_sched(m, R, r, ts);
    } else if (x < 83) {
        fxt__mut_rec_init(r, FXT_RT_INIT);
        unsigned x2 = (unsigned)mut_rnd(m, 100); /* 0: readers divide by it */
        r->u.ticks_per_second = x2 < 50 ? 1000000000u : x2 < 80 ? 1 + mut_rnd(m, 0xffffffffu) : 0;
    } else if (x < 89) {
        fxt__mut_rec_init(r, FXT_RT_STRING);
        unsigned idx = R->nstr && mut_chance(m, 30) ? fxt__mut_pick_str(m, R)
                                                    : fxt__mut_unreg_str(m, R);
        mut_text t = fxt__mut_rand_text(m);
        if (t.len == 0)
            t = fxt__mut_texts[2];
        r->u.string.index = idx ? idx : 1;
        r->u.string.data = t.s;
        r->u.string.len = t.len;
    } else if (x < 93) {
        fxt__mut_rec_init(r, FXT_RT_THREAD);
        unsigned idx = R->nthr && mut_chance(m, 30) ? fxt__mut_pick_thr(m, R)
                                                    : fxt__mut_unreg_thr(m, R);
        r->u.thread.index = idx ? idx : 1;
        r->u.thread.pid = 1000 + mut_rnd(m, 8);
        r->u.thread.tid = 5000 + mut_rnd(m, 64);
    } else if (x < 95) {
        fxt__mut_rec_init(r, FXT_RT_METADATA);
        r->u.meta.meta_type = FXT_MT_PROVIDER_EVENT;
        r->u.meta.provider_id = (uint32_t)(R->ctx & 0xffffffffu);
        r->u.meta.event_id = FXT_PEVENT_BUFFER_FULL;
    } else {
        return fxt__mut_rand_large_blob(m, R, r);
    }
    for (unsigned i = 0; i < r->argc; i++)
        fxt__mut_rand_arg(m, R, &r->args[i]);
    return 1;
}
