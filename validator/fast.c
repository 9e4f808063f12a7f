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
 * decode.c.
 *
 * The loop runs in two copies, one per byte order, so that word loads are
 * plain loads; counters it can sum locally are flushed to the validator
 * before anything else can look at them. Its tables are built by
 * fast_build.c from the revision's row of the layout table.
 */
#include "fast_contract.h"
#include "internal.h"

#define ALWAYS_INLINE FXT__ALWAYS_INLINE
#define NOINLINE FXT__NOINLINE
#define LIKELY FXT__LIKELY
#define UNLIKELY FXT__UNLIKELY
#define FALLTHROUGH FXT__FALLTHROUGH

#define HI_SHIFT FXT__ARG_HI_SHIFT

static ALWAYS_INLINE int registered(const uint64_t *bits, unsigned i)
{
    return (int)((bits[i >> 6] >> (i & 63)) & 1);
}

/* ---- pieces ---- */

/* A string stream of N bytes at S whose padded words lie in the record:
 * valid UTF-8 (eight ASCII bytes at a time), not too long, zero padding.
 * Anything else is for decode.c. */
static ALWAYS_INLINE int plain_stream(const uint8_t *s, size_t n)
{
    uint64_t acc = 0;
    size_t i = 0;
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
    return (acc & 0x8080808080808080ull) == 0 || fxt__utf8_check(s, n) == n;
}

/* A string ref at P+POS (inline content) or registered: the position after
 * it, or 0. END: where the (sub)record ends. */
static ALWAYS_INLINE size_t fast_ref(const fxt__provider *pv, const uint8_t *p, size_t pos,
                                     size_t end, unsigned ref)
{
    if (LIKELY(!(ref & FXT_STRREF_INLINE_FLAG)))
        return registered(pv->strbits, ref) ? pos : 0;
    size_t n = ref & FXT_STRREF_VALUE_MASK, w = (size_t)fxt__align8(n);
    if (w > end - pos || !plain_stream(p + pos, n))
        return 0;
    return pos + w;
}

/* An argument with inline streams or refs past the dense prefix: the
 * position after it, or 0. */
static NOINLINE size_t fast_arg_other(const fxt_validator *v, const fxt__provider *pv,
                                      const uint8_t *p, size_t pos, size_t len, uint64_t a,
                                      unsigned type)
{
    if (!fxt_layout_defines(v->lay->arg_types, type) ||
        ((uint32_t)(a >> HI_SHIFT) & v->arg_hi_bad[type]))
        return 0;
    size_t size = (size_t)FXT_GET(a, FXT_ARG_SIZE), end = pos + size * 8;
    if (size == 0 || end > len)
        return 0;
    size_t q = fast_ref(pv, p, pos + 8, end, (unsigned)FXT_GET(a, FXT_ARG_NAME));
    if (q == 0)
        return 0;
    if (v->arg_sref[type]) {
        q = fast_ref(pv, p, q, end, (unsigned)(a >> HI_SHIFT) & v->arg_sref[type]);
        if (q == 0)
            return 0;
    }
    if (end - q != (size_t)(v->arg_words[type] - 1) * 8)
        return 0;
    return end;
}

/* One argument at P + POS whose header word is A: plain (type defined,
 * exact size, no reserved bits: one AND; both string refs, name [16..31]
 * and string value [32..47] or 0, in the provider's dense prefix, inline
 * refs being above it). The refs in two 16-bit halves at once: a half
 * r < lim iff neither r nor r + 0x8000 - lim has bit 15 set (K holds
 * 0x8000 - lim in both halves; a carry out of the low half only happens
 * when that half fails anyway). */
static ALWAYS_INLINE int plain_arg(const fxt_validator *v, uint64_t a, size_t lo, uint32_t k)
{
    const uint32_t refs = (uint32_t)(a >> FXT_FIELD_LO(FXT_ARG_NAME)) & v->plain_refs[lo];
    return (((a & v->plain_mask[lo]) ^ v->plain_want[lo]) | ((refs | (refs + k)) & 0x80008000u)) == 0;
}

/* One argument at POS: plain (tables, one AND), or fast_arg_other() says;
 * advances POS, or runs ON_FAIL. Uses v, pv, p, len, be and k (pv->str_k)
 * of the caller. */
#define ARG_(on_fail)                                                                          \
    do {                                                                                       \
        const uint64_t a = fxt_load_word(p + pos, be);                                         \
        const size_t lo = (uint8_t)a; /* type, low size bits */                                \
        if (LIKELY(plain_arg(v, a, lo, k))) {                                                  \
            pos += v->plain_len[lo];                                                              \
        } else if ((pos = fast_arg_other(v, pv, p, pos, len, a,                                \
                                         (unsigned)FXT_GET(a, FXT_ARG_TYPE))) == 0) {          \
            on_fail;                                                                           \
        }                                                                                      \
    } while (0)

/* N arguments from POS, every word bounds-checked: the position after
 * them, or 0. */
static ALWAYS_INLINE size_t args_checked(const fxt_validator *v, const fxt__provider *pv,
                                         const uint8_t *p, size_t pos, size_t len,
                                         unsigned n, const int be)
{
    const uint32_t k = pv->str_k;
    for (; n > 0; n--) {
        if (UNLIKELY(pos + 8 > len))
            return 0;
        ARG_(return 0);
    }
    return pos;
}

/* ---- records ---- */

/* fast_event(): not lean (decode.c), lean, lean with sequencing left to
 * slow_sequence() */
enum { NOT_LEAN = 0, LEAN = 1, LEAN_SEQUENCE = 2 };

/* Add the lean records from v->lean_flushed up to (not including) index
 * UPTO to the counters, those that are not events counted already. */
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
static ALWAYS_INLINE int lean_id(fxt_validator *v, unsigned kind, const fxt__provider *pv,
                                 uint64_t pid, uint64_t id, const uint8_t *p)
{
    fxt__table *t;
    uint64_t a = id, b = 0, c = 0; /* flows: by id */
    if (kind <= FXT_ET_ASYNC_END) { /* async: by id, process and provider (as sequence.c) */
        if (v->shadow) /* (par.c: sequence.c notes the koids it uses) */
            return 0;
        t = &v->async;
        b = pid, c = pv->id | ((uint64_t)pv->implicit << 32);
    } else {
        t = &v->flows;
    }
    fxt__slot *s;
    if (kind == FXT_ET_ASYNC_BEGIN || kind == FXT_ET_FLOW_BEGIN) {
        int fresh;
        s = fxt__tput(t, a, b, c, &fresh);
        if (s == NULL || !fresh) /* full, or a duplicate begin: sequence.c says so */
            return 0;
        s->off = v->lean_base + (uintptr_t)p, s->idx = v->rec_idx;
        s->depth = 1;
        s->aux = (uint32_t)v->shadow << 1; /* a shadow's: no begin open before it */
        return 1;
    }
    /* (a shadow keeps ids at depth 0: what they say of the ids before its
     * chunk is sequence.c's) */
    if ((s = fxt__tfind(t, a, b, c)) == NULL || s->depth == 0) /* not tracked, or unmatched */
        return s == NULL && t->full;
    if ((kind == FXT_ET_ASYNC_END || kind == FXT_ET_FLOW_END) && --s->depth == 0 && !v->shadow)
        fxt__tdel(t, s);
    return 1;
}

/* Sequencing of a lean event that fast_event() does not settle: what
 * fxt__sequence() comes to for a registered thread of a tracked provider
 * (what may report comes after the counts are flushed and the stream
 * position is set). */
static NOINLINE void slow_sequence(fxt_validator *v, const uint8_t *p, size_t len, uint64_t h,
                                   const int be)
{
    const fxt__provider *pv = v->cur;
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    flush(v, v->rec_idx + 1); /* this event included: what follows may report */
    at_record(v, p);
    v->r_off = v->off;
    v->r_idx = v->rec_idx;
    v->r_type = FXT_RT_EVENT;
    v->r_errors = 0;
    fxt_event e;
    e.event_type = v->lay->event_kind[raw];
    e.thread.ref = (uint8_t)thr;
    e.thread.pid = pv->thr_pid[thr];
    e.thread.tid = pv->thr_tid[thr];
    e.timestamp = fxt_load_word(p + 8, be);
    e.data = v->ev_tail[raw] ? fxt_load_word(p + len - 8, be) : 0;
    fxt__sequence(v, &e, 1, v->off + len - 8);
}

/* The refs of an event that fast_event() did not find in the dense
 * prefixes, by the bitsets, and inline strings: the position after them,
 * or 0. */
static NOINLINE size_t event_refs(const fxt_validator *v, const fxt__provider *pv,
                                  const uint8_t *p, size_t len, uint64_t h)
{
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    size_t pos = FXT__LEAN_EVENT_THREAD_AT; /* header, timestamp */
    if (!((v->ev_ok >> raw) & 1) | (thr == FXT_THREADREF_INLINE) | pv->untracked ||
        !registered(pv->thrbits, thr) || pos > len)
        return 0;
    if ((pos = fast_ref(pv, p, pos, len, (unsigned)FXT_GET(h, FXT_EV_CATEGORY))) == 0)
        return 0;
    return fast_ref(pv, p, pos, len, (unsigned)FXT_GET(h, FXT_EV_NAME));
}

/* The sequencing of a lean event of meaning KIND: LEAN if settled here,
 * else LEAN_SEQUENCE for slow_sequence(). */
static ALWAYS_INLINE int event_seq(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   size_t len, uint64_t h, const int be, const unsigned kind)
{
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    fxt__thread *t = pv->thr[thr]; /* (v->no_thread fails both depth tests) */
    if (kind == FXT_ET_DURATION_BEGIN && t->depth < FXT__DUR_STACK) {
        t->stack[2 * t->depth] = v->lean_base + (uintptr_t)p, t->stack[2 * t->depth + 1] = v->rec_idx;
        t->depth++;
        return LEAN;
    }
    if (kind == FXT_ET_DURATION_END && t->depth - 1u < FXT__DUR_STACK) {
        t->depth--;
        return LEAN;
    }
    if (kind == FXT_ET_DURATION_COMPLETE &&
        fxt_load_word(p + len - 8, be) >= fxt_load_word(p + 8, be))
        return LEAN;
    if (kind >= FXT_ET_ASYNC_BEGIN && /* async, flow (the meanings end there) */
        lean_id(v, kind, pv, pv->thr_pid[thr], fxt_load_word(p + len - 8, be), p))
        return LEAN;
    return LEAN_SEQUENCE;
}

/* What follows a lean event's arguments (POS: the position after them):
 * the size check, the counts and sequencing. SEQ: what ev_seq says of the
 * event number, shifted back (its meaning + 1, or 0: sequencing does not
 * look at it), a constant where fast_event's jump knows it, else SEQ_READ:
 * read it here. */
#define SEQ_READ 0x100u
static ALWAYS_INLINE int event_end(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   size_t len, uint64_t h, const int be, size_t pos,
                                   const unsigned seq)
{
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    if (pos + v->ev_tail[raw] != len) /* decode.c says what is wrong */
        return NOT_LEAN;
    v->st.events_by_type[raw]++;
    const unsigned sq = seq == SEQ_READ ? v->ev_seq[raw] >> 4u : seq;
    if (sq == 0)
        return LEAN;
    return event_seq(v, pv, p, len, h, be, sq - 1);
}

/* fast_event's jump has a case for every byte: instant and counter are
 * one range, the meanings' runs end at (FXT_ET_FLOW_END + 1) << 4 | 15 and
 * one range takes the values above them. */
_Static_assert(FXT_ET_INSTANT == 0 && FXT_ET_COUNTER == 1 && FXT_ET_DURATION_BEGIN == 2,
               "fast_event: instant and counter (+ 1) are the range 0x10-0x2f");
_Static_assert(((FXT_ET_FLOW_END + 1) << 4 | 15) < 0xff, "fast_event: ev_seq | argc is a byte");

/* A lean event: NOT_LEAN (decode.c), LEAN or LEAN_SEQUENCE.
 * CHECKED: near the chunk's end, every argument word bounds-checked in a
 * loop. Else the words are read unchecked (far from the chunk's end, see
 * fast_loop's ARG_SLACK: a word may lie past the record but inside the
 * chunk, and event_end's size check fails), and one jump on the event
 * number's meaning and the argument count lands in a run of that many
 * argument checks followed by that meaning's sequencing: one
 * data-dependent jump per event where separate ones on the count and on
 * the kind would each be mispredicted on a trace that mixes them. */
static ALWAYS_INLINE int fast_event(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                    size_t len, uint64_t h, const int be, const int checked)
{
    /* refs in the provider's dense prefixes (no inline thread, no inline
     * strings, not untracked): category and name in two 16-bit halves as
     * in plain_arg; an undefined event number fails the size check
     * (ev_tail) */
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    const uint32_t refs = (uint32_t)(h >> FXT_FIELD_LO(FXT_EV_CATEGORY));
    const uint32_t k = pv->str_k;
    size_t pos = FXT__LEAN_EVENT_THREAD_AT; /* header, timestamp */
    if (UNLIKELY(thr - 1u >= pv->thr_lim) || UNLIKELY(((refs | (refs + k)) & 0x80008000u) != 0)) {
        if ((pos = event_refs(v, pv, p, len, h)) == 0)
            return NOT_LEAN;
    }
    unsigned n = (unsigned)FXT_GET(h, FXT_EV_ARGC);
    if (checked) {
        if ((pos = args_checked(v, pv, p, pos, len, n, be)) == 0)
            return NOT_LEAN;
        return event_end(v, pv, p, len, h, be, pos, SEQ_READ);
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
        return event_end(v, pv, p, len, h, be, pos, s)
    switch (v->ev_seq[FXT_GET(h, FXT_EV_TYPE)] | n) {
        SEQ_(0); /* sequencing does not look at it */
        SEQ_(FXT_ET_DURATION_BEGIN + 1); SEQ_(FXT_ET_DURATION_END + 1);
        SEQ_(FXT_ET_DURATION_COMPLETE + 1); SEQ_(FXT_ET_ASYNC_BEGIN + 1);
        SEQ_(FXT_ET_ASYNC_INSTANT + 1); SEQ_(FXT_ET_ASYNC_END + 1); SEQ_(FXT_ET_FLOW_BEGIN + 1);
        SEQ_(FXT_ET_FLOW_STEP + 1); SEQ_(FXT_ET_FLOW_END + 1);
#if defined(__GNUC__) || defined(__clang__)
    /* instant and counter are never sequenced (ev_seq 0), and ev_seq
     * never holds the values past the meanings: with every byte a case,
     * the jump needs no bound test (a range is one case, to coverage too) */
    case (FXT_ET_INSTANT + 1) << 4 ... ((FXT_ET_COUNTER + 1) << 4 | 15):
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
                                        const uint8_t *p, size_t len, uint64_t h, const int be)
{
    return fast_event(v, pv, p, len, h, be, 1);
}

/* The rules of events, and those every lean kind shares (framing,
 * strings, refs, arguments), and how the code above keeps them from firing
 * on a record it accepts (fast_contract.h; a rule on a lean kind missing
 * here, or in fast_other.h's FXT__LEAN_OTHER_RULES, fails the build). */
/* clang-format off */
#define FXT__LEAN_EVENT_RULES(L, x) \
 L(x, TRUNCATED,            FXT__LEAN_KINDS, "fast_loop: a record past the chunk ends the loop (stream.c)") \
 L(x, RECORD_SIZE_ZERO,     FXT__LEAN_KINDS, "fast_loop: size 0 ends the loop (rl - 1 wraps)") \
 L(x, RECORD_TOO_SMALL,     FXT__LEAN_KINDS, "every fast_* demands the exact size its fields imply") \
 L(x, RECORD_SIZE_EXTRA,    FXT__LEAN_KINDS, "every fast_* demands the exact size its fields imply") \
 L(x, RECORD_TYPE_UNKNOWN,  FXT__LEAN_KINDS, "fast_build.c: lean_types only has types the revision defines (events: every revision)") \
 L(x, PADDING_NONZERO,      FXT__LEAN_KINDS, "plain_stream (strings), fast_blob (payload)") \
 L(x, UTF8_INVALID,         FXT__LEAN_KINDS, "plain_stream") \
 L(x, STRING_TOO_LONG,      FXT__LEAN_KINDS, "plain_stream") \
 L(x, STRING_REF_UNREGISTERED, FXT__LEAN_KINDS, "fast_event's dense prefix, event_refs, fast_ref, plain_arg") \
 L(x, THREAD_REF_UNREGISTERED, FXT__LEAN_KINDS, "fast_event's thr_lim, event_refs, fast_log") \
 L(x, EVENT_TYPE_UNKNOWN,   FXT_K_EVENT, "ev_tail: odd for an undefined number, no size matches") \
 L(x, DURATION_END_UNMATCHED, FXT_K_EVENT, "event_seq settles a matched end only; else sequence.c") \
 L(x, DURATION_BEGIN_UNENDED, FXT_K_EVENT, "event_seq pushes on the thread's stack, as sequence.c") \
 L(x, DURATION_COMPLETE_NEGATIVE, FXT_K_EVENT, "event_seq: end >= start, else sequence.c") \
 L(x, ASYNC_UNMATCHED,      FXT_K_EVENT, "lean_id settles a match only; else sequence.c") \
 L(x, ASYNC_BEGIN_UNENDED,  FXT_K_EVENT, "lean_id records the begin, as sequence.c") \
 L(x, FLOW_UNMATCHED,       FXT_K_EVENT, "lean_id settles a match only; else sequence.c") \
 L(x, FLOW_BEGIN_UNENDED,   FXT_K_EVENT, "lean_id records the begin, as sequence.c") \
 L(x, DUPLICATE_BEGIN,      FXT_K_EVENT, "lean_id: a begin of an open id goes to sequence.c") \
 L(x, ARG_TYPE_UNKNOWN,     FXT__LEAN_ARGS, "plain_arg, fast_arg_other: the revision's argument types") \
 L(x, ARG_TOO_SMALL,        FXT__LEAN_ARGS, "plain_arg: exact size; fast_arg_other: the words the type needs") \
 L(x, ARG_SIZE_EXTRA,       FXT__LEAN_ARGS, "plain_arg: exact size; fast_arg_other: the words the type needs") \
 L(x, ARG_OVERRUN,          FXT__LEAN_ARGS, "fast_arg_other, args_checked: inside the record") \
 L(x, ARG_RESERVED_BITS,    FXT__LEAN_ARGS, "plain_arg, fast_arg_other: arg_hi_rsv, arg_hi_bad") \
 L(x, BOOL_VALUE_INVALID,   FXT__LEAN_ARGS, "fast_build.c: a boolean above 1 is reserved bits to the lean path") \
 L(x, TRACKING_LIMIT,       FXT__LEAN_KINDS, "untracked providers bail; full id tables go to sequence.c")
/* clang-format on */

/* logs, objects, context switches and wakeups, blobs, provider sections */
#include "fast_other.h"

/* every rule on a lean kind is checked or given up on */
#include "fast_contract.h"
FXT_RULES(FXT__LEAN_CHECK_)

/* fast_loop's dispatch takes exactly the kinds the contract names */
_Static_assert(FXT__LEAN_KINDS == (FXT_K_EVENT | FXT_K_LOG | FXT_K_KOBJ | FXT_K_UOBJ | FXT_K_SCHED |
                                   FXT_K_BLOB | FXT_K_META),
               "validator/fast.c: fast_loop dispatches on exactly FXT__LEAN_KINDS "
               "(validator/fast_contract.h)");

/* Unchecked argument reads (fast_event) stay inside the chunk when this
 * many bytes follow the record: at most 15 arguments of at most two
 * words, from at most max(16, record length), plus the word read. */
#define ARG_SLACK (16 + 15 * 16 + 8)

/* One byte order's copy of the loop. The record offset is implied by P
 * (v->lean_base + P), its index is v->rec_idx; records are counted by
 * index (lean_other: those that are not events). Locals are few so that
 * the unrolled arguments keep everything in registers. */
static ALWAYS_INLINE size_t fast_loop(fxt_validator *v, const uint8_t *p, size_t len,
                                      const int be)
{
    const uint8_t *const start = p, *const end = p + len;
    const fxt__provider *pv = v->cur;
    v->lean_base = v->off - (uintptr_t)start; /* modulo 2^64 */
    v->lean_flushed = v->rec_idx;
    while (end - p >= 8) {
        uint64_t h = fxt_load_word(p, be);
        unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        size_t rl = (size_t)fxt_record_bytes_small(h); /* type 15 breaks out below */
        /* (rl - 1 below wraps for size 0) */
        int ok;
        if (LIKELY(type == FXT_RT_EVENT)) {
            /* one test for two: the size is not 0 (else rl - 1 < 0) and
             * ARG_SLACK bytes follow the record (room >= 0); the OR of
             * two int64_t is negative iff one of them is */
            const int64_t room = (int64_t)(end - p) - ARG_SLACK - (int64_t)rl;
            if (LIKELY((room | ((int64_t)rl - 1)) >= 0))
                ok = fast_event(v, pv, p, rl, h, be, 0);
            else if (UNLIKELY(rl - 1 >= (size_t)(end - p)))
                break;
            else
                ok = fast_event_near_end(v, pv, p, rl, h, be);
            if (UNLIKELY(ok == LEAN_SEQUENCE)) {
                slow_sequence(v, p, rl, h, be);
                if (UNLIKELY(v->stop_after))
                    goto stop;
            }
        } else {
            if (UNLIKELY(type == FXT_RT_LARGE) | (rl - 1 >= (size_t)(end - p)))
                break;
            ok = 0;
            if ((v->lean_types >> type) & 1) {
                fxt__provider *np = NULL;
                ok = type == FXT_RT_LOG            ? fast_log(v, pv, p, rl, h)
                     : type == FXT_RT_KERNEL_OBJECT ? fast_kobj(v, pv, p, rl, h, be)
                     : type == FXT_RT_USERSPACE     ? fast_uobj(v, pv, p, rl, h, be)
                     : type == FXT_RT_SCHEDULING    ? fast_sched(v, pv, p, rl, h, be)
                     : type == FXT_RT_BLOB          ? fast_blob(v, pv, p, rl, h)
                                                    : fast_section(v, rl, h) &&
                                                       (np = lean_section(v, h)) != NULL;
                if (ok) {
                    v->lean_other++;
                    v->st.by_type[type]++;
                    v->cur->by_type[type]++;
                }
                if (np != NULL) { /* the records so far are the old provider's */
                    flush(v, v->rec_idx + 1);
                    v->cur = np;
                    pv = np;
                }
            }
        }
        if (UNLIKELY(!ok)) {
            flush(v, v->rec_idx);
            at_record(v, p);
            fxt__decode(v, p, rl, rl, h);
            v->lean_flushed = v->rec_idx + 1;
            pv = v->cur; /* a metadata record may switch providers */
            if (UNLIKELY(v->stop_after))
                goto stop;
        }
        v->rec_idx++;
        p += rl;
        continue;
    stop: /* FXT_OPT_STOP_AT_ERROR: the verdict is decided */
        v->rec_idx++;
        p += rl;
        v->stopped = v->st.stopped = 1;
        break;
    }
    flush(v, v->rec_idx);
    at_record(v, p);
    return (size_t)(p - start);
}

static size_t fast_run_le(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 0);
}

static size_t fast_run_be(fxt_validator *v, const uint8_t *p, size_t len)
{
    return fast_loop(v, p, len, 1);
}

size_t fxt__fast_run(fxt_validator *v, const uint8_t *p, size_t len)
{
    return v->be ? fast_run_be(v, p, len) : fast_run_le(v, p, len);
}

/* ---- whole records (par.c) ---- */

size_t fxt__run_whole(fxt_validator *v, const uint8_t *p, size_t len)
{
    size_t done = 0;
    while (!v->stopped) {
        done += fxt__fast_run(v, p + done, len - done);
        if (v->stopped || len - done < 8)
            break;
        /* the lean path stopped before a large record, a record of size 0
         * or one that does not fit: a large one that fits as stream.c does */
        const uint64_t h = fxt_load_word(p + done, v->be);
        const uint64_t rl = fxt__record_len(v, h);
        if (FXT_GET(h, FXT_REC_TYPE) != FXT_RT_LARGE || rl == 0 || rl > len - done)
            break;
        fxt__decode(v, p + done, rl, rl, h);
        v->off += rl;
        v->rec_idx++;
        if (UNLIKELY(v->stop_after))
            v->stopped = v->st.stopped = 1;
        done += rl;
    }
    return done;
}
