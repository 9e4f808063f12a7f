/* SPDX-License-Identifier: MIT */
/*
 * fast.c - the lean checking path for the records that make up nearly all
 * of a real trace: events, logs, kernel objects, blobs and context
 * switches. With no visitor attached it checks such a record whole without
 * building the record model or a cursor: one AND per word for type, size,
 * inline flags and reserved bits, one compare per ref against the
 * provider's dense prefix of registered indexes, eight bytes at a time for
 * inline strings. Anything unusual (an undefined type, a size that is not
 * exactly what the fields imply, an unregistered ref, a string that is not
 * valid UTF-8) makes it give up before changing any state, and decode.c
 * then checks the record field by field and reports. So this file never
 * reports anything itself except through the sequencing it shares with
 * decode.c; in auto mode it counts (fxt__count_only) the issues of
 * revisions that can no longer be the reported one.
 *
 * The loop runs in copies, one per byte order (and, in auto mode, one that
 * counts undefined types inline), so that word loads are plain loads;
 * counters it can sum locally are flushed to the validator before anything
 * else can look at them. Its tables are built by fast_build.c.
 */
#include "internal.h"

#define UNLIKELY FXT__UNLIKELY

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#define LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#define LIKELY(x) (x)
#endif

#define HI_SHIFT FXT__ARG_HI_SHIFT

static ALWAYS_INLINE int registered(const uint64_t *bits, unsigned i)
{
    return (int)((bits[i >> 6] >> (i & 63)) & 1);
}

static ALWAYS_INLINE uint64_t load(const uint8_t *p, const int be)
{
    uint64_t w = fxt_load_le64(p);
    return be ? fxt_bswap64(w) : w;
}

/* ---- pieces ---- */

/* A string stream of N bytes at S whose padded words lie in the record:
 * valid UTF-8 (eight ASCII bytes at a time), not too long, zero padding.
 * Anything else is for decode.c. */
static ALWAYS_INLINE int plain_stream(const uint8_t *s, uint64_t n)
{
    uint64_t acc = 0, i = 0;
    for (; i + 8 <= n; i += 8)
        acc |= fxt_load_le64(s + i);
    const unsigned r = (unsigned)(n & 7);
    if (r) {
        uint64_t w = fxt_load_le64(s + i), m = ((uint64_t)1 << (8 * r)) - 1;
        if (w & ~m)
            return 0;
        acc |= w;
    }
    if (n > FXT_MAX_STRING_LEN)
        return 0;
    return (acc & 0x8080808080808080ull) == 0 || fxt__utf8_check(s, (size_t)n) == n;
}

/* A string ref at P+POS (inline content) or registered: the position after
 * it, or 0. END: where the (sub)record ends. */
static ALWAYS_INLINE uint64_t fast_ref(const fxt__provider *pv, const uint8_t *p, uint64_t pos,
                                       uint64_t end, unsigned ref)
{
    if (LIKELY(!(ref & FXT_STRREF_INLINE_FLAG)))
        return registered(pv->strbits, ref) ? pos : 0;
    uint64_t n = ref & FXT_STRREF_VALUE_MASK, w = fxt__align8(n);
    if (w > end - pos || !plain_stream(p + pos, n))
        return 0;
    return pos + w;
}

/* Count the undefined argument types summed over lean records. */
static void undef_flush(fxt_validator *v)
{
    fxt__count_only(v, v->undef_acc_lanes, FXT_R_ARG_TYPE_UNKNOWN, v->undef_acc_n);
    v->undef_acc_n = 0;
}

/* An argument with inline streams or a type some lane lacks: the position
 * after it, or 0. Arguments of a type some revisions lack (auto mode) are
 * fine here only if those revisions can no longer be reported, so that
 * their arg-type-unknown needs counting, not a message. They are added
 * to the sum at once (v->undef_acc_*), and v->undef_rec / v->undef_n say
 * how many of them the record at undef_rec added, to take back if it turns
 * out not to be lean (so the hot path spends nothing on this). */
static NOINLINE uint64_t fast_arg_other(fxt_validator *v, const fxt__provider *pv,
                                        const uint8_t *p, uint64_t pos, uint64_t len, uint64_t a,
                                        unsigned type)
{
    uint64_t end;
    const unsigned undef = v->arg_undef[type];
    if (undef && ((a & v->arg_pm[type]) == v->arg_pe[type]) &&
        (FXT_GET(a, FXT_ARG_NAME) < pv->str_lim) &
            (((unsigned)(a >> HI_SHIFT) & v->arg_sref[type]) < pv->str_lim)) {
        end = pos + (uint64_t)v->arg_words[type] * 8; /* plain, of a type some lane lacks */
    } else {
        if (!((v->arg_some >> type) & 1) || ((uint32_t)(a >> HI_SHIFT) & v->arg_hi_bad[type]))
            return 0;
        uint64_t size = FXT_GET(a, FXT_ARG_SIZE);
        end = pos + size * 8;
        if (size == 0 || end > len)
            return 0;
        uint64_t q = fast_ref(pv, p, pos + 8, end, (unsigned)FXT_GET(a, FXT_ARG_NAME));
        if (q == 0)
            return 0;
        if (v->arg_sref[type]) {
            q = fast_ref(pv, p, q, end, (unsigned)(a >> HI_SHIFT) & v->arg_sref[type]);
            if (q == 0)
                return 0;
        }
        if (end - q != (uint64_t)(v->arg_words[type] - 1) * 8)
            return 0;
    }
    if (undef) {
        if (undef & v->reportable)
            return 0;
        if (v->undef_rec != p) { /* the record's first */
            if (v->undef_acc_n && v->undef_acc_lanes != undef)
                undef_flush(v);
            v->undef_rec = p;
            v->undef_n = 0;
            v->undef_acc_lanes = undef;
        } else if (v->undef_acc_lanes != undef)
            return 0; /* two sets of lanes in one record: decode.c */
        v->undef_acc_n++;
        v->undef_n++;
    }
    return end;
}

/* One argument at P + POS whose header word is A: plain (type defined,
 * exact size, no reserved bits: one AND; both string refs, name [16..31]
 * and string value [32..47] or 0, in the provider's dense prefix, inline
 * refs being above it). The refs in two 16-bit lanes at once: a lane
 * r < lim iff neither r nor r + 0x8000 - lim has bit 15 set (K holds
 * 0x8000 - lim in both lanes; a carry out of the low lane only happens
 * when that lane fails anyway). */
static ALWAYS_INLINE int plain_arg(const fxt_validator *v, uint64_t a, size_t lo, uint32_t k)
{
    const uint32_t refs = (uint32_t)(a >> FXT_FIELD_LO(FXT_ARG_NAME)) & v->a8_refm[lo];
    return (((a & v->a8_m[lo]) ^ v->a8_e[lo]) | ((refs | (refs + k)) & 0x80008000u)) == 0;
}

#if defined(__GNUC__) && __GNUC__ >= 7 || defined(__clang__)
#define FALLTHROUGH __attribute__((fallthrough))
#else
#define FALLTHROUGH ((void)0)
#endif

/* One argument at POS: plain (tables, one AND), or fast_arg_other() says;
 * advances POS (and NU, the undefined types counted inline), or runs
 * ON_FAIL. Uses v, pv, p, len, be, uinl and k (pv->str_k) of the caller. */
#define ARG_(on_fail)                                                                          \
    do {                                                                                       \
        const uint64_t a = load(p + pos, be);                                                  \
        const size_t lo = (uint8_t)a; /* type, low size bits */                                \
        if (LIKELY(plain_arg(v, a, lo, k))) {                                                  \
            pos += v->a8_len[lo];                                                              \
            if (uinl)                                                                          \
                nu += v->a8_uinl[lo];                                                          \
        } else if ((pos = fast_arg_other(v, pv, p, pos, len, a,                                \
                                         (unsigned)FXT_GET(a, FXT_ARG_TYPE))) == 0) {          \
            on_fail;                                                                           \
        }                                                                                      \
    } while (0)

/* N arguments from POS, every word bounds-checked: the position after
 * them, or 0; *NU: undefined argument types counted inline. */
static ALWAYS_INLINE uint64_t args_checked(fxt_validator *v, const fxt__provider *pv,
                                           const uint8_t *p, uint64_t pos, uint64_t len,
                                           unsigned n, const int be, const int uinl,
                                           unsigned *nu_out)
{
    const uint32_t k = pv->str_k;
    unsigned nu = 0;
    for (; n > 0; n--) {
        if (UNLIKELY(pos + 8 > len))
            return 0;
        ARG_(return 0);
    }
    *nu_out = nu;
    return pos;
}

/* ---- records ---- */

/* fast_event(): not lean (decode.c), lean, lean with sequencing left to
 * slow_sequence() (from family ev_fam, or only the other family) */
enum { NOT_LEAN = 0, LEAN = 1, LEAN_SEQUENCE = 2, LEAN_SEQUENCE_OTHER = 3 };

/* Add the lean records from v->lean_flushed up to (not including) index
 * UPTO to the counters, their events to the event count. */
static ALWAYS_INLINE void flush(fxt_validator *v, uint64_t upto)
{
    uint64_t n = upto - v->lean_flushed;
    v->st.records += n;
    v->cur->records += n;
    v->st.by_type[FXT_RT_EVENT] += n - v->lean_other;
    v->cur->by_type[FXT_RT_EVENT] += n - v->lean_other;
    v->lean_other = 0;
    v->lean_flushed = upto;
}

/* The stream position for decode.c and sequencing: the record at P
 * (v->rec_idx is kept current by the loop). */
static ALWAYS_INLINE void at_record(fxt_validator *v, const uint8_t *p)
{
    v->off = v->lean_base + (uintptr_t)p;
}

/* The common cases of async and flow matching: what sequence.c's open_id
 * and close_id do when there is nothing to report. 1 if settled; 0 if
 * fxt__sequence_id() must see the event, which then finds the table as it
 * was (a begin of an open id, an unmatched end, a full table). */
static ALWAYS_INLINE int lean_id(fxt_validator *v, int f, unsigned lanes, unsigned kind,
                                 const fxt__provider *pv, uint64_t pid, uint64_t id,
                                 const uint8_t *p)
{
    /* issues that can never be reported (auto mode) are counted here (the
     * lean loop never runs while a streamed head holds issues back) */
    const int counted = !(lanes & v->reportable);
    fxt__table *t;
    uint64_t a = id, b = 0, c = 0; /* flows: by id */
    if (kind <= FXT_ET_ASYNC_END) { /* async: by id, process and provider (as sequence.c) */
        t = &v->async[f];
        b = pid, c = pv->id | ((uint64_t)pv->implicit << 32);
    } else {
        t = &v->flows[f];
    }
    fxt__slot *s;
    if (kind == FXT_ET_ASYNC_BEGIN || kind == FXT_ET_FLOW_BEGIN) {
        int fresh;
        s = fxt__tput(t, a, b, c, &fresh);
        if (s == NULL) /* full: said once (limit() in sequence.c) */
            return t->overflow;
        if (!fresh) {
            if (!counted)
                return 0;
            s->depth++;
            fxt__count_only(v, lanes, FXT_R_DUPLICATE_BEGIN, 1);
            return 1;
        }
        s->off = v->lean_base + (uintptr_t)p, s->idx = v->rec_idx;
        s->depth = 1;
        return 1;
    }
    if ((s = fxt__tfind(t, a, b, c)) == NULL) {
        if (t->overflow) /* not tracked is not unmatched */
            return 1;
        if (!counted)
            return 0;
        fxt__count_only(v, lanes, kind <= FXT_ET_ASYNC_END ? FXT_R_ASYNC_UNMATCHED
                                                           : FXT_R_FLOW_UNMATCHED, 1);
        return 1;
    }
    if ((kind == FXT_ET_ASYNC_END || kind == FXT_ET_FLOW_END) && --s->depth == 0)
        fxt__tdel(t, s);
    return 1;
}

/* The lanes reading event number RAW: those lacking it skip the record
 * (auto mode, see fxt__fast_build). */
static ALWAYS_INLINE unsigned reading_lanes(const fxt_validator *v, unsigned raw)
{
    return v->lanes & ~((v->ev_uinl >> raw) & 1 ? v->ev_uinl_lanes : 0);
}

/* Sequencing of a lean event that fast_event() does not settle: what
 * fxt__sequence_lanes() comes to for a registered thread of a tracked
 * provider, family by family, without the event model where it is not
 * needed (what may report comes after the counts are flushed and the
 * stream position is set). */
static NOINLINE void slow_sequence(fxt_validator *v, const uint8_t *p, uint64_t len, uint64_t h,
                                   const int be, const int from)
{
    const fxt__provider *pv = v->cur;
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    const uint64_t ts = load(p + 8, be), d = v->ev_tail[raw] ? load(p + len - 8, be) : 0;
    flush(v, v->rec_idx + 1); /* this event included: what follows may report */
    at_record(v, p);
    v->r_off = v->off;
    v->r_idx = v->rec_idx;
    v->r_type = FXT_RT_EVENT;
    v->r_errors = 0;
    const unsigned rl = v->rl = reading_lanes(v, raw);
    for (int f = from; f >= 0; f--) {
        const unsigned lanes = rl & v->fam_lanes[f];
        if (lanes == 0)
            continue;
        const unsigned kind = v->kind[f][raw];
        if (kind >= FXT_ET_ASYNC_BEGIN) { /* async, flow (meanings end there) */
            if (!lean_id(v, f, lanes, kind, pv, pv->thr_pid[thr], d, p)) {
                v->rl = lanes;
                fxt__sequence_id(v, f, kind, pv->thr_pid[thr], d);
                v->rl = rl;
            }
            continue;
        }
        fxt_event e;
        e.event_type = kind;
        e.thread.ref = (uint8_t)thr;
        e.thread.pid = pv->thr_pid[thr];
        e.thread.tid = pv->thr_tid[thr];
        e.timestamp = ts;
        e.data = d;
        if (kind == FXT_ET_DURATION_BEGIN || kind == FXT_ET_DURATION_END) {
            fxt__sequence(v, f, kind, &e, v->off + len - 8); /* alike in every family */
            break;
        }
        v->rl = lanes;
        fxt__sequence(v, f, kind, &e, v->off + len - 8);
        v->rl = rl;
    }
}

/* The async or flow matching of numbering family F for the event at P
 * with header H and data word D, by
 * lean_id() (1 if settled, or if no lane of F reads the event). The
 * newer family reads it so when fast_event() calls this; the older
 * (auto mode) reads what the newer reads as a complete, async or flow
 * event as an async or flow event (test_validator's
 * layout_words_are_consistent checks it). */
static ALWAYS_INLINE int family_id(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   uint64_t h, const int f, const unsigned kind, const uint64_t d)
{
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    const unsigned lanes = reading_lanes(v, raw) & v->fam_lanes[f];
    /* (the family read always has lanes here: a newer revision defines
     * every event number an older one does) */
    if (f != v->ev_fam && lanes == 0)
        return 1;
    return lean_id(v, f, lanes, kind, pv, pv->thr_pid[thr], d, p);
}

/* The other family's, with the event's meaning there: inline in the loop
 * copy that counts inline (auto mode), out of line in the other. */
static ALWAYS_INLINE int other_id(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                  uint64_t len, uint64_t h, const int be)
{
    const int f = !v->ev_fam;
    return family_id(v, pv, p, h, f, v->kind[f][FXT_GET(h, FXT_EV_TYPE)], load(p + len - 8, be));
}

static NOINLINE int other_family_out(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                     uint64_t len, uint64_t h, const int be)
{
    return other_id(v, pv, p, len, h, be);
}

static ALWAYS_INLINE int other_family(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                      uint64_t len, uint64_t h, const int be, const int uinl)
{
    return uinl ? other_id(v, pv, p, len, h, be) : other_family_out(v, pv, p, len, h, be);
}

/* The refs of an event that fast_event() did not find in the dense
 * prefixes, by the bitsets, and inline strings: the position after them,
 * or 0. */
static NOINLINE uint64_t event_refs(const fxt_validator *v, const fxt__provider *pv,
                                    const uint8_t *p, uint64_t len, uint64_t h)
{
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    uint64_t pos = 16; /* header, timestamp */
    if (!((v->ev_ok >> raw) & 1) | (thr == FXT_THREADREF_INLINE) | pv->untracked ||
        !registered(pv->thrbits, thr) || pos > len)
        return 0;
    if ((pos = fast_ref(pv, p, pos, len, (unsigned)FXT_GET(h, FXT_EV_CATEGORY))) == 0)
        return 0;
    return fast_ref(pv, p, pos, len, (unsigned)FXT_GET(h, FXT_EV_NAME));
}

/* What follows a lean event's arguments (POS: the position after them,
 * NU: undefined argument types counted inline): the size check, the
 * counts and sequencing. SEQ: what ev_seq says of the event number, shifted
 * back (its meaning + 1, or 0: sequencing does not look at it), a constant
 * where fast_event's jump knows it, else SEQ_READ: read it here. */
#define SEQ_READ 0x100u
static ALWAYS_INLINE int event_seq(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   uint64_t len, uint64_t h, const int be, const int uinl,
                                   const int replay, uint64_t d, const unsigned kind);

/* On a look-ahead's copy (SPEC): what event_seq settles without looking at
 * any state (a duration complete that ends after it starts, one numbering
 * read; a duration end that closes a begin of the same thread ref in this
 * chunk, which takes that begin out of the log) is done; anything else is
 * logged for fxt__fast_replay. */
static ALWAYS_INLINE int spec_log(fxt_validator *v, const uint8_t *p, uint64_t len, uint64_t h,
                                  const int be, const unsigned kind)
{
    const uint64_t d = load(p + len - 8, be);
    if (kind == FXT_ET_DURATION_COMPLETE && v->ev_one_fam && d >= load(p + 8, be))
        return LEAN;
    fxt__spec_dur *sd = v->spec_dur;
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    const unsigned n = sd->n[thr];
    if (kind == FXT_ET_DURATION_END && n - 1u < FXT__SPEC_DEPTH) {
        fxt__ahead_ent *b = &v->spec_log[sd->at[thr][n - 1]];
        fxt__ahead_ent *c = &sd->can[sd->ncan++]; /* (at most one per begin logged) */
        *c = *b;
        c->d = v->rec_idx;
        b->p = NULL; /* taken out (fxt__fast_spec) */
        sd->n[thr] = (uint8_t)(n - 1);
        sd->refs[thr >> 6] |= (uint64_t)1 << (thr & 63);
        return LEAN;
    }
    if (kind == FXT_ET_DURATION_BEGIN && n <= FXT__SPEC_DEPTH) { /* (event_end: room) */
        if (n < FXT__SPEC_DEPTH)
            sd->at[thr][n] = (uint32_t)v->spec_n;
        sd->n[thr] = (uint8_t)(n + 1); /* (SPEC_DEPTH + 1: all in the log from here on) */
    }
    fxt__ahead_ent *e = &v->spec_log[v->spec_n++];
    e->p = p, e->idx = v->rec_idx, e->h = h, e->d = d;
    return LEAN;
}

static ALWAYS_INLINE int event_end(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   uint64_t len, uint64_t h, const int be, const int uinl,
                                   const int spec, uint64_t pos, unsigned nu, const unsigned seq)
{
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    if (pos + v->ev_tail[raw] != len) /* decode.c says what is wrong */
        return NOT_LEAN;
    if (spec && UNLIKELY(v->spec_n == v->spec_cap)) /* a full log: stop before counting */
        return NOT_LEAN;

    /* conforming (but for counted issues): count it and match it */
    if (uinl) {
        if (UNLIKELY((v->ev_uinl >> raw) & 1)) { /* see fxt__fast_build */
            if (nu || v->undef_rec == p) /* undefined argument types counted */
                return NOT_LEAN;
            v->ev_uinl_n++;
        }
        v->uinl_n += nu;
    }
    v->st.events_by_type[raw]++;
    const unsigned sq = seq == SEQ_READ ? v->ev_seq[raw] >> 4u : seq;
    if (sq == 0)
        return LEAN;
    if (spec)
        return spec_log(v, p, len, h, be, sq - 1);
    return event_seq(v, pv, p, len, h, be, uinl, 0, 0, sq - 1);
}

/* The sequencing of a lean event of meaning KIND (event_end, and the
 * REPLAY of a look-ahead's log, which gives the data word D and logs a
 * duration complete only when it ends before it starts): LEAN if settled
 * here, else LEAN_SEQUENCE[_OTHER] for slow_sequence(). */
static ALWAYS_INLINE int event_seq(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   uint64_t len, uint64_t h, const int be, const int uinl,
                                   const int replay, uint64_t d, const unsigned kind)
{
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    fxt__slot *slot = (fxt__slot *)pv->thr_slot[thr]; /* (v->no_slot fails both tests) */
    /* durations read alike in both numberings: their common cases inline */
    if (kind == FXT_ET_DURATION_BEGIN && slot->depth < FXT__DUR_STACK) {
        uint64_t *st = v->threads.stk + slot->off + 2 * slot->depth;
        st[0] = v->lean_base + (uintptr_t)p, st[1] = v->rec_idx;
        slot->depth++;
        return LEAN;
    }
    if (kind == FXT_ET_DURATION_END && slot->depth - 1u < FXT__DUR_STACK) {
        slot->depth--;
        return LEAN;
    }
    if (replay && kind < FXT_ET_ASYNC_BEGIN)
        return LEAN_SEQUENCE;
    if (kind == FXT_ET_DURATION_COMPLETE && load(p + len - 8, be) >= load(p + 8, be))
        return v->ev_one_fam || other_family(v, pv, p, len, h, be, uinl) ? LEAN : LEAN_SEQUENCE;
    if (kind >= FXT_ET_ASYNC_BEGIN) { /* async, flow: the family read, then any other */
        if (!family_id(v, pv, p, h, v->ev_fam, kind, replay ? d : load(p + len - 8, be)))
            return LEAN_SEQUENCE;
        return v->ev_one_fam || other_family(v, pv, p, len, h, be, uinl) ? LEAN
                                                                          : LEAN_SEQUENCE_OTHER;
    }
    return LEAN_SEQUENCE;
}

/* fast_event's jump has a case for every byte: instant and counter are
 * one range, the meanings' runs end at (FXT_ET_FLOW_END + 1) << 4 | 15 and
 * one range takes the values above them. */
_Static_assert(FXT_ET_INSTANT == 0 && FXT_ET_COUNTER == 1 && FXT_ET_DURATION_BEGIN == 2,
               "fast_event: instant and counter (+ 1) are the range 0x10-0x2f");
_Static_assert(((FXT_ET_FLOW_END + 1) << 4 | 15) < 0xff, "fast_event: ev_seq | argc is a byte");

/* A lean event: NOT_LEAN (decode.c), LEAN or LEAN_SEQUENCE[_OTHER].
 * CHECKED: near the chunk's end, every argument word bounds-checked in a
 * loop. Else the words are read unchecked (far from the chunk's end, see
 * fast_loop's ARG_SLACK: a word may lie past the record but inside the
 * chunk, and event_end's size check fails), and one jump on the event
 * number's meaning and the argument count lands in a run of that many
 * argument checks followed by that meaning's sequencing: one
 * data-dependent jump per event where separate ones on the count and on
 * the kind would each be mispredicted on a trace that mixes them. */
static ALWAYS_INLINE int fast_event(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                    uint64_t len, uint64_t h, const int be, const int checked,
                                    const int uinl, const int spec)
{
    /* refs in the provider's dense prefixes (no inline thread, no inline
     * strings, not untracked): category and name in two 16-bit lanes as
     * in plain_arg; an event number some lane lacks fails the size check
     * (ev_tail) */
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    const uint32_t refs = (uint32_t)(h >> FXT_FIELD_LO(FXT_EV_CATEGORY));
    const uint32_t k = pv->str_k;
    uint64_t pos = 16; /* header, timestamp */
    if (UNLIKELY(thr - 1u >= pv->thr_lim) || UNLIKELY(((refs | (refs + k)) & 0x80008000u) != 0)) {
        if ((pos = event_refs(v, pv, p, len, h)) == 0)
            return NOT_LEAN;
    }
    unsigned nu = 0, n = (unsigned)FXT_GET(h, FXT_EV_ARGC);
    if (checked) {
        if ((pos = args_checked(v, pv, p, pos, len, n, be, uinl, &nu)) == 0)
            return NOT_LEAN;
        return event_end(v, pv, p, len, h, be, uinl, spec, pos, nu, SEQ_READ);
    }
    /* ev_seq's values: 0, and (meaning + 1) << 4 for each meaning that
     * sequencing looks at; 5 to 15 arguments (rarer) in a loop, then the
     * unrolled run of 4 */
#define CASE_(s, i)                                                                            \
    case (s) << 4 | (i):                                                                       \
        ARG_(return NOT_LEAN);                                                                 \
        FALLTHROUGH
#define SEQ_(s)                                                                                \
    case (s) << 4 | 15: case (s) << 4 | 14: case (s) << 4 | 13: case (s) << 4 | 12:           \
    case (s) << 4 | 11: case (s) << 4 | 10: case (s) << 4 | 9: case (s) << 4 | 8:             \
    case (s) << 4 | 7: case (s) << 4 | 6: case (s) << 4 | 5:                                   \
        for (unsigned i = n - 4; i > 0; i--)                                                   \
            ARG_(return NOT_LEAN);                                                             \
        FALLTHROUGH;                                                                           \
        CASE_(s, 4); CASE_(s, 3); CASE_(s, 2);                                                 \
        CASE_(s, 1);                                                                           \
    case (s) << 4:                                                                             \
        return event_end(v, pv, p, len, h, be, uinl, spec, pos, nu, s)
    switch (v->ev_seq[FXT_GET(h, FXT_EV_TYPE)] | n) {
        SEQ_(0); /* sequencing does not look at it */
        SEQ_(FXT_ET_DURATION_BEGIN + 1); SEQ_(FXT_ET_DURATION_END + 1);
        SEQ_(FXT_ET_DURATION_COMPLETE + 1); SEQ_(FXT_ET_ASYNC_BEGIN + 1);
        SEQ_(FXT_ET_ASYNC_INSTANT + 1); SEQ_(FXT_ET_ASYNC_END + 1); SEQ_(FXT_ET_FLOW_BEGIN + 1);
        SEQ_(FXT_ET_FLOW_STEP + 1); SEQ_(FXT_ET_FLOW_END + 1);
#if defined(__GNUC__) || defined(__clang__)
    /* an instant or counter event that the other numbering sequences: no
     * revision numbers events so (the layout guard test,
     * layout_words_are_consistent, checks it); decode.c would do */
    case (FXT_ET_INSTANT + 1) << 4 ... ((FXT_ET_COUNTER + 1) << 4 | 15):
    /* and the values ev_seq never holds: with every byte a case, the jump
     * needs no bound test (a range is one case, to coverage too) */
    case (FXT_ET_FLOW_END + 2) << 4 ... 0xff:
        return NOT_LEAN;
    default: /* (none left) */
        __builtin_unreachable();
#else
    default: /* the same, with a bound test */
        return NOT_LEAN;
#endif
    }
#undef SEQ_
#undef CASE_
}

/* fast_event() for the records near the end of a chunk (argument words
 * read with bounds checks), out of the hot loop */
static NOINLINE int fast_event_near_end(fxt_validator *v, const fxt__provider *pv,
                                        const uint8_t *p, uint64_t len, uint64_t h, const int be,
                                        const int uinl, const int spec)
{
    return fast_event(v, pv, p, len, h, be, 1, uinl, spec);
}

/* logs, kernel objects, context switches, blobs */
#include "fast_other.h"

/* Unchecked argument reads (fast_args) stay inside the chunk when this
 * many bytes follow the record: at most 15 arguments of at most two
 * words, from at most max(16, record length), plus the word read. */
#define ARG_SLACK (16 + 15 * 16 + 8)

/* One byte order's copy of the loop. The record offset is implied by P
 * (v->lean_base + P), its index is v->rec_idx; records are counted by
 * index (lean_other: those that are not events). Locals are few so
 * that the unrolled arguments keep everything in registers. */
static ALWAYS_INLINE size_t fast_loop(fxt_validator *v, const uint8_t *p, size_t len,
                                      const int be, const int uinl, const int spec)
{
    const uint8_t *const start = p, *const end = p + len;
    const fxt__provider *pv = v->cur;
    v->lean_base = v->off - (uintptr_t)start; /* modulo 2^64 */
    v->lean_flushed = v->rec_idx;
    v->undef_rec = NULL;
    while (end - p >= 8) {
        uint64_t h = load(p, be);
        unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        uint64_t rl = FXT_GET(h, FXT_REC_SIZE) * 8;
        /* (rl - 1 below wraps for size 0) */
        int ok;
        if (LIKELY(type == FXT_RT_EVENT)) {
            /* one test for two: the size is not 0 (else rl - 1 < 0) and
             * ARG_SLACK bytes follow the record (room >= 0); the OR of
             * two int64_t is negative iff one of them is */
            const int64_t room = (int64_t)(end - p) - ARG_SLACK - (int64_t)rl;
            if (LIKELY((room | ((int64_t)rl - 1)) >= 0))
                ok = fast_event(v, pv, p, rl, h, be, 0, uinl, spec);
            else if (UNLIKELY(rl - 1 >= (uint64_t)(end - p)))
                break;
            else
                ok = fast_event_near_end(v, pv, p, rl, h, be, uinl, spec);
            if (UNLIKELY(ok >= LEAN_SEQUENCE)) {
                slow_sequence(v, p, rl, h, be, ok == LEAN_SEQUENCE ? v->ev_fam : !v->ev_fam);
                if (!uinl && UNLIKELY(v->uinl_lanes | v->ev_uinl_lanes))
                    goto switch_copy;
            }
        } else {
            if (UNLIKELY(type == FXT_RT_LARGE) | (rl - 1 >= (uint64_t)(end - p)))
                break;
            ok = 0;
            if ((v->lean_types >> type) & 1) {
                ok = type == FXT_RT_LOG            ? fast_log(v, pv, p, rl, h)
                     : type == FXT_RT_KERNEL_OBJECT ? fast_kobj(v, pv, p, rl, h, be, uinl)
                     : type == FXT_RT_SCHEDULING    ? fast_sched(v, pv, p, rl, h, be, uinl, spec)
                                                    : fast_blob(v, pv, p, rl, h);
                if (ok) {
                    v->lean_other++;
                    v->st.by_type[type]++;
                    v->cur->by_type[type]++;
                }
            }
        }
        if (UNLIKELY(!ok)) {
            if (spec) /* a look-ahead stops here: decode.c is for the validator */
                break;
            if (UNLIKELY(v->undef_rec == p)) /* counted for a record that was not lean */
                v->undef_acc_n -= v->undef_n, v->undef_rec = NULL;
            flush(v, v->rec_idx);
            at_record(v, p);
            if (UNLIKELY(v->undef_acc_n)) /* before decode.c may stop lanes */
                undef_flush(v);
            fxt__decode(v, p, rl, rl, h);
            v->lean_flushed = v->rec_idx + 1;
            pv = v->cur; /* a metadata record may switch providers */
            if (!uinl && UNLIKELY(v->uinl_lanes | v->ev_uinl_lanes))
                goto switch_copy;
        }
        v->rec_idx++;
        p += rl;
        continue;
    switch_copy: /* issues made fast_build() count types inline: the copy that does */
        v->rec_idx++;
        p += rl;
        v->fast_switch = 1;
        break;
    }
    flush(v, v->rec_idx);
    at_record(v, p);
    if (UNLIKELY(v->undef_acc_n))
        undef_flush(v);
    if (uinl)
        fxt__fast_flush(v);
    return (size_t)(p - start);
}

static size_t fast_run_le(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 0, 0, 0);
}

static size_t fast_run_be(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 1, 0, 0);
}

/* auto mode, with argument types counted inline */
static size_t fast_run_le_uinl(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 0, 1, 0);
}

static size_t fast_run_be_uinl(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 1, 1, 0);
}

/* a look-ahead's copies (ahead.c): no counting inline, no decoding; in a
 * section of their own, so that adding them did not move the validator's
 * own loop (callgrind's simulated branch misses depend on addresses) */
#if defined(__GNUC__) && !defined(__clang__)
#define AHEAD_TEXT __attribute__((section(".text.fxt_ahead")))
#else
#define AHEAD_TEXT
#endif
static AHEAD_TEXT size_t fast_spec_le(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 0, 0, 1);
}

static AHEAD_TEXT size_t fast_spec_be(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 1, 0, 1);
}

size_t fxt__fast_spec(fxt_validator *v, const uint8_t *p, size_t len)
{
    size_t done = v->be ? fast_spec_be(v, p, len) : fast_spec_le(v, p, len);
    /* the log without the begins that an end in the chunk took out */
    fxt__ahead_ent *e = v->spec_log;
    size_t k = 0;
    for (size_t i = 0; i < v->spec_n; i++) {
        e[k] = e[i];
        k += e[i].p != NULL;
    }
    v->spec_n = k;
    return done;
}

/* The replay of one byte order: each logged event's sequencing, as
 * event_end would have done it in turn (its offset is v->lean_base + p). */
static ALWAYS_INLINE size_t replay_loop(fxt_validator *v, const fxt__ahead_ent *e, size_t n,
                                        const int be)
{
    const fxt__provider *pv = v->cur;
    for (size_t i = 0; i < n; i++) {
        const uint64_t h = e[i].h;
        v->rec_idx = e[i].idx;
        const unsigned kind = (v->ev_seq[FXT_GET(h, FXT_EV_TYPE)] >> 4u) - 1;
        if (event_seq(v, pv, e[i].p, FXT_GET(h, FXT_REC_SIZE) * 8, h, be, 0, 1, e[i].d, kind) !=
            LEAN)
            return i;
    }
    return n;
}

static NOINLINE AHEAD_TEXT size_t replay_le(fxt_validator *v, const fxt__ahead_ent *e, size_t n)
{
    return replay_loop(v, e, n, 0);
}

static NOINLINE AHEAD_TEXT size_t replay_be(fxt_validator *v, const fxt__ahead_ent *e, size_t n)
{
    return replay_loop(v, e, n, 1);
}

size_t fxt__fast_replay(fxt_validator *v, const fxt__ahead_ent *e, size_t n)
{
    return v->be ? replay_be(v, e, n) : replay_le(v, e, n);
}

size_t fxt__fast_run(fxt_validator *v, const uint8_t *p, size_t len)
{
    size_t done = 0;
    do {
        v->fast_switch = 0;
        if (v->uinl_lanes | v->ev_uinl_lanes)
            done += v->be ? fast_run_be_uinl(v, p + done, len - done)
                          : fast_run_le_uinl(v, p + done, len - done);
        else
            done += v->be ? fast_run_be(v, p + done, len - done)
                          : fast_run_le(v, p + done, len - done);
    } while (v->fast_switch);
    return done;
}
