/* SPDX-License-Identifier: MIT */
/*
 * decode.c - the record decoders: every field of every record is checked
 * here (arguments in args.c), with one cursor and a running offset (after
 * Lua's lundump.c). Reserved bits come from the layout table's word descriptions
 * (one AND per word; the slow path names the field); what a type value
 * means comes from the revision's row of the layout table (v->lay).
 */
#include <stdio.h>
#include <string.h>

#include "cursor.h"

/* ---- record decoders ---- */

/* A thread ref (bits [lo..lo+7] at REF_POS; records hold them, no
 * argument does, so it is here, not in cursor.h): inline koids follow at the
 * cursor (PID_ONLY: one word). Returns 2 if decodable but unregistered. */
static inline int thrref(fxt__cur *c, uint8_t ref, uint64_t ref_pos, int lo, const char *what,
                         fxt_thread *out, int pid_only)
{
    out->ref = ref;
    if (ref == FXT_THREADREF_INLINE) {
        out->tid = 0;
        if (!word(c, "process koid", &out->pid))
            return 0;
        return pid_only || word(c, "thread koid", &out->tid);
    }
    const fxt__provider *p = c->v->cur;
    out->pid = p->thr_pid[ref];
    out->tid = p->thr_tid[ref];
    if (UNLIKELY(!((p->thrbits[ref >> 6] >> (ref & 63)) & 1)) && !p->untracked) {
        fxt__detail(c->v, 8, lo, lo + 7);
        REPORT(c->v, FXT_R_THREAD_REF_UNREGISTERED, fieldoff(c, ref_pos),
               "%s refers to thread index %u, which is not registered", what, ref);
        return 2;
    }
    return 1;
}

/* Returns 1 if fully decoded (so size-extra and visitor apply). */
static int dec_metadata(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_meta *m = &r->u.meta;
    m->meta_type = (unsigned)FXT_GET(h, FXT_META_TYPE);
    m->provider_id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
    m->name.ref = 0, m->name.data = NULL, m->name.len = 0;
    if (!defined(c, v->lay->metadata_types, m->meta_type, FXT_R_METADATA_TYPE_UNKNOWN,
                 "metadata type", FXT_FIELD_LO(FXT_META_TYPE), FXT_FIELD_HI(FXT_META_TYPE)))
        return 0;
    switch (m->meta_type) {
    case FXT_MT_PROVIDER_INFO: {
        rsv_word(c, d, h, 0);
        m->name.len = (size_t)FXT_GET(h, FXT_PINFO_NAME_LEN);
        if (!fxt__stream_str(c, m->name.len, "provider name", &m->name.data))
            return 0;
        fxt__provider *p = fxt__prov_open(v, m->provider_id, 1);
        if (!p->untracked) {
            memcpy(p->name, m->name.data, m->name.len);
            p->name[m->name.len] = 0;
        }
        v->cur = p;
        if (p->restarted_at == v->r_off + 1) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_META_PROVIDER_ID), FXT_FIELD_HI(FXT_META_PROVIDER_ID));
            REPORT(v, FXT_R_PROVIDER_RESTARTED, fieldoff(c, 0),
                   "provider %u was introduced before: this provider info starts it afresh, with "
                   "empty string and thread tables (refs to what it registered before are "
                   "unregistered from here on)",
                   m->provider_id);
        }
        return 1;
    }
    case FXT_MT_PROVIDER_SECTION: {
        rsv_word(c, d, h, 0);
        /* past the provider table's capacity an id may have been
         * introduced without being remembered: claim nothing then */
        if (fxt__prov_find(v, m->provider_id) == NULL && v->untracked == NULL) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_META_PROVIDER_ID), FXT_FIELD_HI(FXT_META_PROVIDER_ID));
            REPORT(v, FXT_R_PROVIDER_SECTION_UNKNOWN, fieldoff(c, 0),
                   "provider %u was not introduced by a provider info record", m->provider_id);
        }
        v->cur = fxt__prov_open(v, m->provider_id, 0);
        return 1;
    }
    case FXT_MT_PROVIDER_EVENT:
        rsv_word(c, d, h, 0);
        m->event_id = (unsigned)FXT_GET(h, FXT_PEVENT_ID);
        if (m->event_id != FXT_PEVENT_BUFFER_FULL) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_PEVENT_ID), FXT_FIELD_HI(FXT_PEVENT_ID));
            REPORT(v, FXT_R_PROVIDER_EVENT_UNKNOWN, fieldoff(c, 0),
                   "provider event id %u is not defined", m->event_id);
        }
        return 1;
    default: /* FXT_MT_TRACE_INFO */
        m->trace_info_type = (unsigned)FXT_GET(h, FXT_TINFO_TYPE);
        if (!defined(c, v->lay->trace_info_types, m->trace_info_type,
                     FXT_R_TRACE_INFO_TYPE_UNKNOWN, "trace info type",
                     FXT_FIELD_LO(FXT_TINFO_TYPE), FXT_FIELD_HI(FXT_TINFO_TYPE)))
            return 0;
        m->magic = (uint32_t)FXT_GET(h, FXT_MAGIC_VALUE_FIELD);
        v->seen_magic = 1;
        if (v->r_idx != 0)
            REPORT(v, FXT_R_MAGIC_NOT_FIRST, fieldoff(c, 0), "magic record is record #%llu",
                   (unsigned long long)v->r_idx);
        if (m->magic != FXT_MAGIC_NUMBER) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_MAGIC_VALUE_FIELD), FXT_FIELD_HI(FXT_MAGIC_VALUE_FIELD));
            REPORT(v, FXT_R_MAGIC_BAD_NUMBER, fieldoff(c, 0), "magic number is 0x%08x", m->magic);
        }
        rsv_word(c, d, h, 0);
        if (c->end != 8) {
            fxt__detail(v, 8, c->size_lo, c->size_hi);
            REPORT(v, FXT_R_MAGIC_BAD_SIZE, fieldoff(c, 0), "magic record is %llu words",
                   (unsigned long long)(c->end / 8));
            return 0;
        }
        return 1;
    }
}

static int dec_event(fxt__cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_event *e = &r->u.event;
    unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    v->st.events_by_type[raw]++;
    if (!defined(c, v->lay->event_types, raw, FXT_R_EVENT_TYPE_UNKNOWN, "event type",
                 FXT_FIELD_LO(FXT_EV_TYPE), FXT_FIELD_HI(FXT_EV_TYPE)))
        return 0;
    e->event_type = v->lay->event_kind[raw];
    if (!word(c, "timestamp", &e->timestamp))
        return 0;
    int t = thrref(c, (uint8_t)FXT_GET(h, FXT_EV_THREAD), 0, FXT_FIELD_LO(FXT_EV_THREAD), "thread",
                   &e->thread, 0);
    if (!t ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_EV_CATEGORY), 0, FXT_FIELD_LO(FXT_EV_CATEGORY),
                "category", &e->category) ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_EV_NAME), 0, FXT_FIELD_LO(FXT_EV_NAME), "name",
                &e->name) ||
        !fxt__args(c, (unsigned)FXT_GET(h, FXT_EV_ARGC), r))
        return 0;
    e->data = 0;
    const char *dw = v->ev_data[raw];
    if (dw != NULL && !word(c, dw, &e->data))
        return 0;
    if ((v->seq_events >> raw) & 1) /* not instant, counter: nothing to match */
        fxt__sequence(v, e, t == 1, fieldoff(c, c->pos - 8));
    return 1;
}

static int dec_blob(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_blob *b = &r->u.blob;
    const fxt_layout *l = v->lay;
    rsv_word(c, d, h, 0);
    b->blob_type = (unsigned)FXT_GET(h, FXT_BLOB_TYPE);
    b->payload_size = (h >> l->blob_size_lo) & FXT_WIDTH_MASK_(l->blob_size_lo, l->blob_size_hi);
    if (!fxt_layout_defines(l->blob_types, b->blob_type)) {
        /* the payload is still framed by its size: no skipping */
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_BLOB_TYPE), FXT_FIELD_HI(FXT_BLOB_TYPE));
        REPORT(v, FXT_R_BLOB_TYPE_UNKNOWN, fieldoff(c, 0),
               "blob type %u is not defined in this revision", b->blob_type);
    }
    if (!strref(c, (uint16_t)FXT_GET(h, FXT_BLOB_NAME), 0, FXT_FIELD_LO(FXT_BLOB_NAME), "blob name",
                &b->name))
        return 0;
    if (!need(c, fxt__align8(b->payload_size), "payload"))
        return 0;
    b->payload = c->p + c->pos;
    fxt__check_pad(c, c->pos, b->payload_size, "blob payload");
    c->pos += fxt__align8(b->payload_size);
    return 1;
}

static int dec_object(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d, int kernel)
{
    fxt_object *o = &r->u.object;
    rsv_word(c, d, h, 0);
    if (kernel) {
        o->koid_type = (unsigned)FXT_GET(h, FXT_KOBJ_TYPE);
        if (!word(c, "koid", &o->id) ||
            !strref(c, (uint16_t)FXT_GET(h, FXT_KOBJ_NAME), 0, FXT_FIELD_LO(FXT_KOBJ_NAME), "name",
                    &o->name))
            return 0;
        return fxt__args(c, (unsigned)FXT_GET(h, FXT_KOBJ_ARGC), r);
    }
    if (!word(c, "pointer", &o->id) ||
        !thrref(c, (uint8_t)FXT_GET(h, FXT_UOBJ_PROCESS), 0, FXT_FIELD_LO(FXT_UOBJ_PROCESS),
                "process", &o->process, 1) ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_UOBJ_NAME), 0, FXT_FIELD_LO(FXT_UOBJ_NAME), "name",
                &o->name))
        return 0;
    return fxt__args(c, (unsigned)FXT_GET(h, FXT_UOBJ_ARGC), r);
}

/* The context switch layout of r1-r3 (current's legacy subtype 0). */
static int dec_legacy_csw(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_sched *s = &r->u.sched;
    s->cpu = (unsigned)FXT_GET(h, FXT_LCSW_CPU);
    s->state = (unsigned)FXT_GET(h, FXT_LCSW_STATE);
    if (v->lay->has_priorities) {
        s->out_prio = (unsigned)FXT_GET(h, FXT_LCSW_OUT_PRIO);
        s->in_prio = (unsigned)FXT_GET(h, FXT_LCSW_IN_PRIO);
    }
    rsv_word(c, d, h, 0);
    if (s->state == FXT_TS_RUNNING || s->state > FXT_TS_MAX) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_LCSW_STATE), FXT_FIELD_HI(FXT_LCSW_STATE));
        REPORT(v, FXT_R_LEGACY_STATE_INVALID, fieldoff(c, 0), "outgoing thread state is %u",
               s->state);
    }
    r->argc = 0;
    return word(c, "timestamp", &s->timestamp) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LCSW_OUT_THREAD), 0, FXT_FIELD_LO(FXT_LCSW_OUT_THREAD),
                  "outgoing thread", &s->out, 0) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LCSW_IN_THREAD), 0, FXT_FIELD_LO(FXT_LCSW_IN_THREAD),
                  "incoming thread", &s->in, 0);
}

static int dec_sched(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_sched *s = &r->u.sched;
    s->out.ref = s->in.ref = 0;
    s->out.pid = s->in.pid = 0;
    s->out_prio = s->in_prio = 0;
    s->sched_type = FXT_ST_LEGACY_CONTEXT_SWITCH;
    if (v->lay->sched_types == 0) /* before current: a context switch, no subtype */
        return dec_legacy_csw(c, h, r, d);
    s->sched_type = (unsigned)FXT_GET(h, FXT_SCHED_TYPE);
    if (!defined(c, v->lay->sched_types, s->sched_type, FXT_R_SCHEDULING_TYPE_UNKNOWN,
                 "scheduling record type", FXT_FIELD_LO(FXT_SCHED_TYPE),
                 FXT_FIELD_HI(FXT_SCHED_TYPE)))
        return 0;
    switch (s->sched_type) {
    case FXT_ST_LEGACY_CONTEXT_SWITCH:
        return dec_legacy_csw(c, h, r, d);
    case FXT_ST_CONTEXT_SWITCH:
        s->cpu = (unsigned)FXT_GET(h, FXT_CSW_CPU);
        s->state = (unsigned)FXT_GET(h, FXT_CSW_STATE);
        rsv_word(c, d, h, 0);
        if (s->state > FXT_TS_MAX) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_CSW_STATE), FXT_FIELD_HI(FXT_CSW_STATE));
            REPORT(v, FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN, fieldoff(c, 0),
                   "outgoing thread state is %u", s->state);
        }
        return word(c, "timestamp", &s->timestamp) &&
               word(c, "outgoing thread koid", &s->out.tid) &&
               word(c, "incoming thread koid", &s->in.tid) &&
               fxt__args(c, (unsigned)FXT_GET(h, FXT_CSW_ARGC), r);
    default: /* FXT_ST_THREAD_WAKEUP */
        s->cpu = (unsigned)FXT_GET(h, FXT_WAKE_CPU);
        s->state = 0;
        rsv_word(c, d, h, 0);
        return word(c, "timestamp", &s->timestamp) &&
               word(c, "waking thread koid", &s->out.tid) &&
               fxt__args(c, (unsigned)FXT_GET(h, FXT_WAKE_ARGC), r);
    }
}

static int dec_log(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_log *l = &r->u.log;
    rsv_word(c, d, h, 0);
    l->msg_len = (size_t)FXT_GET(h, FXT_LOG_LEN);
    return word(c, "timestamp", &l->timestamp) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LOG_THREAD), 0, FXT_FIELD_LO(FXT_LOG_THREAD), "thread",
                  &l->thread, 0) &&
           fxt__stream_str(c, l->msg_len, "log message", &l->msg);
}

/* Large blob head. The payload may lie beyond c->avail (streamed): then
 * v->pad_lo/pad_hi tell the tail streamer what is left to check. */
static int dec_large(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_blob *b = &r->u.blob;
    r->large_type = (unsigned)FXT_GET(h, FXT_LREC_TYPE);
    if (!defined(c, v->lay->large_types, r->large_type, FXT_R_LARGE_RECORD_TYPE_UNKNOWN,
                 "large record type", FXT_FIELD_LO(FXT_LREC_TYPE), FXT_FIELD_HI(FXT_LREC_TYPE)))
        return 0;
    b->format = (unsigned)FXT_GET(h, FXT_LBLOB_FORMAT);
    if (!defined(c, v->lay->large_blob_formats, b->format, FXT_R_LARGE_BLOB_FORMAT_UNKNOWN,
                 "large blob format", FXT_FIELD_LO(FXT_LBLOB_FORMAT),
                 FXT_FIELD_HI(FXT_LBLOB_FORMAT)))
        return 0;
    rsv_word(c, d, h, 0);
    uint64_t f;
    if (!word(c, "format header word", &f))
        return 0;
    rsv_word(c, v->lblob_desc[b->format], f, 8);
    if (!strref(c, (uint16_t)FXT_GET(f, FXT_LBLOB_CATEGORY), 8, FXT_FIELD_LO(FXT_LBLOB_CATEGORY),
                "category", &b->category) ||
        !strref(c, (uint16_t)FXT_GET(f, FXT_LBLOB_NAME), 8, FXT_FIELD_LO(FXT_LBLOB_NAME), "name",
                &b->name))
        return 0;
    r->argc = 0;
    b->timestamp = 0;
    b->thread.ref = 0, b->thread.pid = b->thread.tid = 0;
    if (b->format == FXT_LBF_METADATA) {
        if (!word(c, "timestamp", &b->timestamp) ||
            !thrref(c, (uint8_t)FXT_GET(f, FXT_LBLOB0_THREAD), 8, FXT_FIELD_LO(FXT_LBLOB0_THREAD),
                    "thread", &b->thread, 0) ||
            !fxt__args(c, (unsigned)FXT_GET(f, FXT_LBLOB0_ARGC), r))
            return 0;
    }
    if (!word(c, "blob size word", &b->payload_size))
        return 0;
    /* overflow-safe: payload_size may be anything up to 2^64-1 */
    if (b->payload_size > c->end - c->pos || fxt__align8(b->payload_size) > c->end - c->pos) {
        fxt__detail(v, 8, 0, 63);
        if (b->payload_size > UINT64_MAX - 7) /* align8() would wrap */
            REPORT(v, FXT_R_RECORD_TOO_SMALL, fieldoff(c, c->pos - 8),
                   "blob size %llu padded to whole words exceeds 2^64 bytes; only %llu "
                   "remain in the record",
                   (unsigned long long)b->payload_size, (unsigned long long)(c->end - c->pos));
        else
            REPORT(v, FXT_R_RECORD_TOO_SMALL, fieldoff(c, c->pos - 8),
                   "blob size %llu needs %llu bytes but only %llu remain in the record",
                   (unsigned long long)b->payload_size,
                   (unsigned long long)fxt__align8(b->payload_size),
                   (unsigned long long)(c->end - c->pos));
        return 0;
    }
    uint64_t pl = c->pos;
    c->pos += fxt__align8(b->payload_size);
    if (c->pos <= c->avail) {
        b->payload = c->p + pl;
        fxt__check_pad(c, pl, b->payload_size, "blob payload");
    } else {
        b->payload = NULL; /* streamed: checked as it arrives */
        v->pad_lo = pl + b->payload_size;
        v->pad_hi = c->pos;
    }
    return 1;
}

static int dec_string(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    rsv_word(c, d, h, 0);
    unsigned idx = (unsigned)FXT_GET(h, FXT_STR_INDEX);
    r->u.string.index = idx;
    r->u.string.len = (size_t)FXT_GET(h, FXT_STR_LEN);
    int ok = fxt__stream_str(c, r->u.string.len, "string", &r->u.string.data);
    if (idx == 0) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_STR_INDEX), FXT_FIELD_HI(FXT_STR_INDEX));
        REPORT(v, FXT_R_STRING_INDEX_ZERO, v->r_off, "string record for index 0 is ignored");
    } else if (ok)
        fxt__reg_string(v->cur, idx);
    if (ok && r->u.string.len == 0) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_STR_LEN), FXT_FIELD_HI(FXT_STR_LEN));
        REPORT(v, FXT_R_STRING_EMPTY, v->r_off, "string index %u registers the empty string", idx);
    }
    return ok;
}

static int dec_thread(fxt__cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    rsv_word(c, d, h, 0);
    unsigned idx = (unsigned)FXT_GET(h, FXT_THR_INDEX);
    r->u.thread.index = idx;
    int ok = word(c, "process koid", &r->u.thread.pid) && word(c, "thread koid", &r->u.thread.tid);
    if (idx == 0) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_THR_INDEX), FXT_FIELD_HI(FXT_THR_INDEX));
        REPORT(v, FXT_R_THREAD_INDEX_ZERO, v->r_off, "thread record for index 0 is ignored");
    } else if (ok) {
        fxt__provider *pv = v->cur;
        const uint64_t bit = (uint64_t)1 << (idx & 63);
        if (v->shadow) { /* (par.c) its registrations are committed by index */
            if (!(pv->thr_new[idx >> 6] & bit)) /* (the copy's koids, for the merge) */
                pv->thr_base_pid[idx] = pv->thr_pid[idx], pv->thr_base_tid[idx] = pv->thr_tid[idx];
            pv->thr_new[idx >> 6] |= bit;
        } else {
            v->thr_epoch++;
            if ((pv->thrbits[idx >> 6] & bit) && (pv->thr_pid[idx] != r->u.thread.pid ||
                                                  pv->thr_tid[idx] != r->u.thread.tid))
                v->thr_changed_at = v->thr_epoch;
        }
        fxt__reg_thread(pv, idx);
        pv->thr_pid[idx] = r->u.thread.pid;
        pv->thr_tid[idx] = r->u.thread.tid;
        pv->thr[idx] = &v->no_thread;
    }
    return ok;
}

/* Decode the record at cursor C; returns 1 if decoded, and the bytes its
 * fields imply in *IMPLIED. */
static int dec_record(fxt__cur *cp, uint64_t h, unsigned type, const fxt_word_desc *d,
                      uint64_t *implied)
{
    fxt_validator *v = cp->v;
    fxt_record *r = &v->rec;
    fxt__cur c = *cp;
    int ok = 0;
    switch (type) {
    case FXT_RT_METADATA:
        ok = dec_metadata(&c, h, r, d);
        r->provider_id = v->cur->id; /* provider records belong to their provider */
        break;
    case FXT_RT_INIT:
        rsv_word(&c, d, h, 0);
        ok = word(&c, "tick multiplier word", &r->u.ticks_per_second);
        if (ok && r->u.ticks_per_second == 0) {
            fxt__detail(v, 8, 0, 63);
            FXT__REPORT(v, FXT_R_INIT_ZERO_TICKS, v->r_off + 8, "ticks per second is 0");
        }
        break;
    case FXT_RT_STRING:
        ok = dec_string(&c, h, r, d);
        break;
    case FXT_RT_THREAD:
        ok = dec_thread(&c, h, r, d);
        break;
    case FXT_RT_EVENT:
        ok = dec_event(&c, h, r);
        break;
    case FXT_RT_BLOB:
        ok = dec_blob(&c, h, r, d);
        break;
    case FXT_RT_USERSPACE:
        ok = dec_object(&c, h, r, d, 0);
        break;
    case FXT_RT_KERNEL_OBJECT:
        ok = dec_object(&c, h, r, d, 1);
        break;
    case FXT_RT_SCHEDULING:
        ok = dec_sched(&c, h, r, d);
        break;
    case FXT_RT_LOG:
        ok = dec_log(&c, h, r, d);
        break;
    default: /* FXT_RT_LARGE */
        ok = dec_large(&c, h, r, d);
        break;
    }
    *implied = c.pos;
    return ok;
}

static void size_extra(fxt_validator *v, int decoded, uint64_t implied, uint64_t len)
{
    if (decoded && implied < len) {
        fxt__detail_size(v, v->rec.header);
        FXT__REPORT(v, FXT_R_RECORD_SIZE_EXTRA, v->r_off,
                    "record is %llu words but its fields need %llu", (unsigned long long)(len / 8),
                    (unsigned long long)(implied / 8));
    }
}

void fxt__finish_record(fxt_validator *v, fxt_record *r, int decoded, uint64_t implied,
                        const uint8_t *raw, uint64_t len)
{
    r->extra = NULL;
    r->extra_words = 0;
    size_extra(v, decoded, implied, len);
    if (decoded && implied < len) {
        r->extra_words = (size_t)((len - implied) / 8);
        r->extra = raw ? raw + implied : NULL;
    }
    if (v->o.on_record && (v->r_errors == 0 || (v->o.flags & FXT_OPT_VISIT_ALL))) {
        r->known = decoded;
        r->raw = raw;
        r->errors = v->r_errors;
        v->o.on_record(v->o.ctx, r);
    }
}

int fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len, uint64_t h)
{
    fxt_record *r = &v->rec;
    unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
    v->r_off = v->off;
    v->r_idx = v->rec_idx;
    v->r_type = type;
    v->r_errors = 0;
    v->st.records++;
    v->st.by_type[type]++;
    v->cur->records++;
    v->cur->by_type[type]++;

    r->offset = v->off;
    r->index = v->rec_idx;
    r->type = type;
    r->large_type = 0;
    r->header = h;
    r->size_words = len / 8;
    r->big_endian = v->be;
    r->revision = v->lay->revision;
    r->provider_id = v->cur->id;
    r->argc = 0;
    v->pad_lo = v->pad_hi = 0;

    uint64_t implied = len;
    int ok = 0;
    const int sz = FXT__SIZE_ROW(h); /* the size field, as the revision frames the record */
    fxt__cur c = {v, p, len, avail, avail < len ? avail : len, 8, FXT_R_RECORD_TOO_SMALL, 0, 0, 0,
                  v->size_lo[sz], v->size_hi[sz]};
    if (defined(&c, v->lay->record_types, type, FXT_R_RECORD_TYPE_UNKNOWN, "record type",
                FXT_FIELD_LO(FXT_REC_TYPE), FXT_FIELD_HI(FXT_REC_TYPE)))
        ok = dec_record(&c, h, type, fxt_header_desc(v->lay->revision, h), &implied);
    if (avail < len) { /* streamed: tail checks, size-extra and visitor come later */
        v->implied = ok ? implied : len;
        v->tail = ok ? 1 : 2;
        v->pad_bad = 0;
        return 1;
    }
    fxt__finish_record(v, r, ok, implied, p, len);
    return 0;
}
