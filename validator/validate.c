/*
 * validate.c - the strict FXT decoder and rule engine (the one parser).
 *
 * Shape (after Lua's lundump.c): one cursor with a running offset, one error
 * path (report()), and a record decoder per record type. Records are decoded
 * in place from the caller's chunk when the chunk holds them whole, else
 * from an internal buffer; records larger than that buffer (only large
 * records can be) have their head decoded from the buffer and their payload
 * streamed, so memory never depends on the trace.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/validate.h"

#if defined(__GNUC__) || defined(__clang__)
#define COLD __attribute__((cold, noinline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define COLD
#define UNLIKELY(x) (x)
#endif

/* ---- words -------------------------------------------------------------- */

static uint64_t bswap64(uint64_t x)
{
    return ((x & 0xffull) << 56) | ((x & 0xff00ull) << 40) | ((x & 0xff0000ull) << 24) |
           ((x & 0xff000000ull) << 8) | ((x >> 8) & 0xff000000ull) | ((x >> 24) & 0xff0000ull) |
           ((x >> 40) & 0xff00ull) | (x >> 56);
}

/* Little-endian load without alignment or aliasing assumptions. */
static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = bswap64(w);
#endif
    return w;
}

static inline uint64_t load_word(const uint8_t *p, int be)
{
    uint64_t w = load_le64(p);
    return be ? bswap64(w) : w;
}

/* "s" unless N is 1: "1 word", "2 words" in messages. */
static const char *plural_s(uint64_t n) { return n == 1 ? "" : "s"; }

static inline uint64_t align8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

/* ---- fixed-size tables --------------------------------------------------- */

#define STR_WORDS ((FXT_MAX_STRING_INDEX + 1) / 64)
#define BUF_CAP ((size_t)1 << 20) /* > the largest possible large-blob head */
#define DUR_STACK 32              /* unended begins remembered per thread */

typedef struct provider {
    uint32_t id;
    int implicit;
    int untracked; /* beyond max_providers: refs are not checked */
    uint64_t strbits[STR_WORDS];
    uint64_t thrbits[4];
    uint64_t thr_pid[256], thr_tid[256];
    void *thr_slot[256]; /* duration-tracking slot of each registered thread */
    char name[256];
    uint64_t records;
    uint64_t by_type[16];
} provider;

/* Open-addressing hash table with linear probing and backward-shift
 * deletion; used for open async operations, open flows and threads. */
typedef struct slot {
    uint64_t k[3];
    uint64_t off, idx; /* where the begin was */
    uint32_t used;
    uint32_t depth; /* threads: duration nesting depth */
} slot;

typedef struct table {
    slot *s;
    uint64_t *stk; /* threads only: per thread entry (slot.off holds its
                      number), DUR_STACK (offset, index) pairs of the
                      outermost unended begins */
    size_t mask;  /* slots in use - 1 (power of two) */
    size_t full;  /* slots there is memory for (power of two) */
    slot *scratch; /* growable tables: full / 4 slots to rehash through */
    size_t count;
    size_t max;   /* entries allowed (at most half the slots) */
    int overflow; /* a begin could not be tracked */
} table;

/* ---- the validator -------------------------------------------------------- */

struct fxt_validator {
    fxt_options o;
    fxt_stats st;

    /* stream position */
    uint64_t off;     /* offset of the record being assembled / next record */
    uint64_t rec_idx; /* index of that record */
    uint8_t *buf;     /* BUF_CAP bytes */
    size_t have;      /* bytes of the current record in buf */
    uint64_t rec_len; /* its length once the header is known, else 0 */
    int be, be_known, stopped, finished;

    /* streamed tail of a record larger than BUF_CAP */
    int tail;            /* streaming the tail */
    uint64_t consumed;   /* bytes of that record seen */
    uint64_t pad_lo, pad_hi; /* record-relative padding range still to check */
    uint64_t implied;    /* bytes its fields imply (for record-size-extra) */
    int pad_bad;         /* padding issue already reported */

    /* current record (for report()) */
    uint64_t r_off, r_idx;
    unsigned r_type;
    unsigned r_errors;

    /* providers */
    provider *prov;  /* max_providers + 2 (implicit, untracked) */
    size_t nprov;    /* used (implicit is prov[0], always allocated) */
    provider *cur;
    int seen_magic;

    table threads, async, flows;
    slot *last_thread; /* cache of the last thread looked up */

    fxt_record rec; /* visitor's record */
};

/* ---- reporting -------------------------------------------------------------- */

static int ignored(const fxt_options *o, fxt_rule r)
{
    return (o->ignore[(unsigned)r >> 6] >> ((unsigned)r & 63)) & 1;
}

/* The single error path: every issue goes through here. */
static void report_at(fxt_validator *v, fxt_rule r, uint64_t rec_off, uint64_t rec_idx,
                      unsigned rec_type, uint64_t field_off, const char *fmt, ...)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    fxt_severity sev = ri->severity;
    if ((ri->flags & FXT_RF_UNKNOWN) && (v->o.flags & FXT_OPT_ALLOW_UNKNOWN))
        sev = FXT_SEV_WARNING;
    if (sev == FXT_SEV_ERROR && rec_off == v->r_off)
        v->r_errors++;
    if (ignored(&v->o, r))
        return;
    v->st.by_rule[r]++;
    if (sev == FXT_SEV_ERROR)
        v->st.errors++;
    else
        v->st.warnings++;
    if (v->o.on_issue == NULL)
        return;
    fxt_issue is;
    is.rule = r;
    is.severity = sev;
    is.record_offset = rec_off;
    is.record_index = rec_idx;
    is.field_offset = field_off;
    is.record_type = rec_type;
    is.field_len = 8;
    is.bit_lo = is.bit_hi = -1;
    is.revisions = FXT_REV_BIT(FXT_REV_CURRENT);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(is.message, sizeof is.message, fmt, ap);
    va_end(ap);
    v->o.on_issue(v->o.ctx, &is);
}

#define REPORT(v, rule, field_off, ...) \
    report_at((v), (rule), (v)->r_off, (v)->r_idx, (v)->r_type, (field_off), __VA_ARGS__)

/* ---- cursor over one record -------------------------------------------------- */

typedef struct cur {
    fxt_validator *v;
    const uint8_t *p; /* record start */
    uint64_t end;     /* bytes this (sub)record may use */
    uint64_t avail;   /* bytes of the record present at p */
    uint64_t lim;     /* min(end, avail): the one bound the hot path tests */
    uint64_t pos;     /* next byte */
    fxt_rule small;   /* rule for "size too small" in this context */
    uint64_t base;    /* where the record or argument starts */
    unsigned argn;    /* 1-based argument number, 0 at record level */
    unsigned argt;    /* its type */
} cur;

static const char *const k_arg_names[16] = {"null",   "int32", "uint32",  "int64",
                                            "uint64", "double", "string", "pointer",
                                            "koid",   "bool"};

/* "argument 2 (int64) " or "": context for messages, built only on the
 * error path so the hot path formats nothing. */
static const char *where(const cur *c, char *buf, size_t n)
{
    if (c->argn == 0)
        return "";
    snprintf(buf, n, "argument %u (%s) ", c->argn, k_arg_names[c->argt]);
    return buf;
}

static inline uint64_t fieldoff(const cur *c, uint64_t pos) { return c->v->r_off + pos; }

/* The record (or argument) must hold N more bytes for WHAT. */
static COLD int need_fail(cur *c, uint64_t n, const char *what)
{
    /* sizes and word numbers relative to the record or argument at fault */
    char w[48];
    uint64_t words = (c->end - c->base) / 8;
    REPORT(c->v, c->small, fieldoff(c, c->pos), "%sis %llu word%s but its %s needs word %llu",
           c->argn ? where(c, w, sizeof w) : "record ", (unsigned long long)words,
           plural_s(words), what, (unsigned long long)((c->pos - c->base + n + 7) / 8));
    return 0;
}

/* avail < end only for the head of a streamed large record, which by
 * construction fits in the buffer; lim = min(end, avail) is a safety net. */
static inline int need(cur *c, uint64_t n, const char *what)
{
    if (c->pos + n <= c->lim)
        return 1;
    return need_fail(c, n, what);
}

static inline int word(cur *c, const char *what, uint64_t *out)
{
    if (!need(c, 8, what))
        return 0;
    *out = load_word(c->p + c->pos, c->v->be);
    c->pos += 8;
    return 1;
}

/* Reserved field check: report RULE if bits [lo..hi] of W (at POS) are set. */
static COLD void rsv_fail(cur *c, uint64_t f, unsigned lo, unsigned hi, fxt_rule rule,
                          uint64_t pos, const char *prefix)
{
    char a[48];
    REPORT(c->v, rule, fieldoff(c, pos), "%s%sbits [%u..%u] must be zero, got 0x%llx",
           where(c, a, sizeof a), prefix, lo, hi, (unsigned long long)f);
}

static inline void rsv(cur *c, uint64_t w, unsigned lo, unsigned hi, fxt_rule rule, uint64_t pos,
                       const char *prefix)
{
    uint64_t f = (w >> lo) & FXT_WIDTH_MASK_(lo, hi);
    if (UNLIKELY(f))
        rsv_fail(c, f, lo, hi, rule, pos, prefix);
}
#define RSV(c, w, F, rule, pos, prefix) rsv_(c, w, F, rule, pos, prefix)
#define rsv_(c, w, lo, hi, rule, pos, prefix) rsv(c, w, lo, hi, rule, pos, prefix)

/* ---- UTF-8 ------------------------------------------------------------------ */

/* Offset of the first byte that starts an invalid sequence, or LEN if the
 * string is valid UTF-8 (RFC 3629: no overlongs, surrogates or > U+10FFFF). */
static size_t utf8_check(const uint8_t *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (i + 8 <= len) { /* ASCII fast path */
            uint64_t w;
            memcpy(&w, s + i, 8);
            if ((w & 0x8080808080808080ull) == 0) {
                i += 8;
                continue;
            }
        }
        uint8_t b = s[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        size_t n;
        uint8_t lo = 0x80, hi = 0xbf;
        if (b >= 0xc2 && b <= 0xdf)
            n = 1;
        else if (b >= 0xe0 && b <= 0xef) {
            n = 2;
            if (b == 0xe0)
                lo = 0xa0;
            else if (b == 0xed)
                hi = 0x9f;
        } else if (b >= 0xf0 && b <= 0xf4) {
            n = 3;
            if (b == 0xf0)
                lo = 0x90;
            else if (b == 0xf4)
                hi = 0x8f;
        } else
            return i;
        if (i + n >= len)
            return i; /* cut by the end of the string */
        if (s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (size_t k = 2; k <= n; k++)
            if ((s[i + k] & 0xc0) != 0x80)
                return i;
        i += n + 1;
    }
    return len;
}

/* ---- streams ------------------------------------------------------------------- */

/* Check the padding bytes of a stream of LEN bytes starting at record
 * position START that is fully present in memory. */
static void check_pad(cur *c, uint64_t start, uint64_t len, const char *what)
{
    uint64_t a = start + len, b = align8(a);
    for (uint64_t i = a; i < b; i++)
        if (c->p[i]) {
            char w[48];
            REPORT(c->v, FXT_R_PADDING_NONZERO, fieldoff(c, i),
                   "padding byte %llu after %s%s is 0x%02x", (unsigned long long)(i - a),
                   where(c, w, sizeof w), what, c->p[i]);
            return;
        }
}

/* A string stream of LEN bytes: bounds, UTF-8, padding, length limit. */
static int stream_str(cur *c, uint64_t len, const char *what, const char **out)
{
    uint64_t padded = align8(len);
    if (!need(c, padded, what))
        return 0;
    const uint8_t *s = c->p + c->pos;
    *out = (const char *)s;
    size_t bad = utf8_check(s, (size_t)len);
    char w[48];
    if (bad != len)
        REPORT(c->v, FXT_R_UTF8_INVALID, fieldoff(c, c->pos + bad),
               "%s%s is not valid UTF-8 at byte %zu (0x%02x)", where(c, w, sizeof w), what, bad,
               s[bad]);
    if (len > FXT_MAX_STRING_LEN)
        REPORT(c->v, FXT_R_STRING_TOO_LONG, fieldoff(c, c->pos), "%s%s is %llu bytes long",
               where(c, w, sizeof w), what, (unsigned long long)len);
    check_pad(c, c->pos, len, what);
    c->pos += padded;
    return 1;
}

static COLD void strref_missing(cur *c, uint16_t ref, uint64_t ref_pos, const char *what)
{
    char w[48];
    REPORT(c->v, FXT_R_STRING_REF_UNREGISTERED, fieldoff(c, ref_pos),
           "%s%s refers to string index %u, which is not registered", where(c, w, sizeof w), what,
           ref);
}

/* A string ref: inline content follows at the cursor, indexed must be
 * registered in the current provider's table. */
static inline int strref(cur *c, uint16_t ref, uint64_t ref_pos, const char *what, fxt_str *out)
{
    out->ref = ref;
    out->data = NULL;
    out->len = 0;
    if (ref & FXT_STRREF_INLINE_FLAG) {
        size_t n = ref & FXT_STRREF_VALUE_MASK;
        const char *d;
        if (!stream_str(c, n, what, &d))
            return 0; /* data NULL, len 0: the model never points past the record */
        out->data = d;
        out->len = n;
        return 1;
    }
    const provider *p = c->v->cur; /* bit 0 is set: the empty ref passes */
    if (UNLIKELY(!((p->strbits[ref >> 6] >> (ref & 63)) & 1)) && !p->untracked)
        strref_missing(c, ref, ref_pos, what);
    return 1;
}

/* A thread ref: inline koids follow at the cursor (PID_ONLY: one word). */
static inline int thrref(cur *c, uint8_t ref, uint64_t ref_pos, const char *what, fxt_thread *out,
                  int pid_only)
{
    out->ref = ref;
    if (ref == FXT_THREADREF_INLINE) {
        out->tid = 0;
        if (!word(c, "process koid", &out->pid))
            return 0;
        return pid_only || word(c, "thread koid", &out->tid);
    }
    const provider *p = c->v->cur;
    out->pid = p->thr_pid[ref];
    out->tid = p->thr_tid[ref];
    if (UNLIKELY(!((p->thrbits[ref >> 6] >> (ref & 63)) & 1)) && !p->untracked) {
        REPORT(c->v, FXT_R_THREAD_REF_UNREGISTERED, fieldoff(c, ref_pos),
               "%s refers to thread index %u, which is not registered", what, ref);
        return 2; /* decodable, but the thread is unknown */
    }
    return 1;
}

/* ---- arguments ---------------------------------------------------------------------- */

/* Words of each argument type with indexed refs and no appended data. */
static const uint8_t k_arg_words[FXT_AT_COUNT] = {1, 1, 1, 2, 2, 2, 1, 2, 2, 1};
/* Bits of [32..63] (shifted down) that must be zero for the fast path: the
 * reserved bits of each type, plus the inline flag of a string value. */
static const uint32_t k_arg_hi_rsv[FXT_AT_COUNT] = {
    0xffffffffu, 0, 0, 0xffffffffu, 0xffffffffu, 0xffffffffu,
    0xffff0000u | FXT_STRREF_INLINE_FLAG, 0xffffffffu, 0xffffffffu, 0xfffffffeu};
/* Bits of [32..63] (shifted down) holding a string value ref. */
static const uint32_t k_arg_sref[FXT_AT_COUNT] = {0, 0, 0, 0, 0, 0, 0xffffu, 0, 0, 0};

static COLD void arg_refs_missing(cur *c, unsigned argn, unsigned type, uint16_t nref,
                                  uint16_t sref, uint64_t apos)
{
    const provider *pv = c->v->cur;
    c->argn = argn, c->argt = type;
    if (!((pv->strbits[nref >> 6] >> (nref & 63)) & 1))
        strref_missing(c, nref, apos, "name");
    if (!((pv->strbits[sref >> 6] >> (sref & 63)) & 1))
        strref_missing(c, sref, apos, "value");
    c->argn = 0;
}

/* Decode ARGC arguments at the cursor into rec->args. Returns 0 if the
 * record cannot be decoded further. */
static int args(cur *c, unsigned argc, fxt_record *rec)
{
    fxt_validator *v = c->v;
    rec->argc = argc;
    for (unsigned i = 0; i < argc; i++) {
        fxt_arg *a = &rec->args[i];
        uint64_t apos = c->pos;
        if (c->pos + 8 > c->end) {
            REPORT(v, FXT_R_ARG_OVERRUN, fieldoff(c, c->pos),
                   "the record holds %u arguments but ends before argument %u", argc, i + 1);
            return 0;
        }
        uint64_t h = load_word(c->p + apos, v->be);
        unsigned type = (unsigned)FXT_GET(h, FXT_ARG_TYPE);
        unsigned size = (unsigned)FXT_GET(h, FXT_ARG_SIZE);
        a->type = type;
        a->size_words = size;
        a->hi = (uint32_t)FXT_GET(h, FXT_ARG_HI);
        a->extra = NULL;
        a->extra_words = 0;
        a->str.ref = 0, a->str.data = NULL, a->str.len = 0;
        uint64_t aend = apos + (uint64_t)size * 8;
        if (size == 0) {
            REPORT(v, FXT_R_ARG_TOO_SMALL, fieldoff(c, apos),
                   "argument %u has size 0; the rest of the record cannot be read", i + 1);
            return 0;
        }
        if (aend > c->end) {
            REPORT(v, FXT_R_ARG_OVERRUN, fieldoff(c, apos),
                   "argument %u is %u word%s but only %llu word%s of the record remain%s", i + 1,
                   size, plural_s(size), (unsigned long long)((c->end - apos) / 8),
                   plural_s((c->end - apos) / 8), (c->end - apos) / 8 == 1 ? "s" : "");
            return 0;
        }
        /* Fast path: a defined type, exactly the implied size, indexed refs,
         * no reserved bits: one branch for all of it (random argument types
         * make per-type branches mispredict). Anything else takes the
         * general path below, which reports. */
        uint16_t nref = (uint16_t)FXT_GET(h, FXT_ARG_NAME);
        unsigned t = type < FXT_AT_COUNT ? type : 0;
        if ((type < FXT_AT_COUNT) & (size == k_arg_words[t]) &
            !(nref & FXT_STRREF_INLINE_FLAG) & (aend <= c->lim) &
            ((a->hi & k_arg_hi_rsv[t]) == 0)) {
            const provider *pv = v->cur;
            uint16_t sref = (uint16_t)(a->hi & k_arg_sref[t]);
            /* bit 0 of strbits is always set: ref 0 is the empty string */
            if (UNLIKELY(!((pv->strbits[nref >> 6] >> (nref & 63)) &
                           (pv->strbits[sref >> 6] >> (sref & 63)) & 1)) &&
                !pv->untracked)
                arg_refs_missing(c, i + 1, type, nref, sref, apos);
            if (v->o.on_record) { /* the model is only for a visitor */
                a->name.ref = nref, a->name.data = NULL, a->name.len = 0;
                a->str.ref = sref;
                a->v.u64 = 0; /* no stale bytes beside a narrower member */
                if (size == 2)
                    a->v.u64 = load_word(c->p + apos + 8, v->be);
                else if (type == FXT_AT_INT32)
                    a->v.i32 = (int32_t)a->hi;
                else if (type == FXT_AT_BOOL)
                    a->v.b = (int)a->hi;
                else
                    a->v.u32 = a->hi;
            }
            c->pos = aend;
            continue;
        }
        if (type >= FXT_AT_COUNT) {
            REPORT(v, FXT_R_ARG_TYPE_UNKNOWN, fieldoff(c, apos), "argument %u has type %u", i + 1,
                   type);
            c->pos = aend;
            continue;
        }
        a->v.u64 = 0;
        a->name.ref = 0, a->name.data = NULL, a->name.len = 0;
        /* sub-cursor bounded by the argument's own size */
        cur ac = *c;
        ac.end = aend;
        ac.lim = aend < c->avail ? aend : c->avail;
        ac.base = apos;
        ac.pos = apos + 8;
        ac.small = FXT_R_ARG_TOO_SMALL;
        ac.argn = i + 1;
        ac.argt = type;
        int ok = strref(&ac, (uint16_t)FXT_GET(h, FXT_ARG_NAME), apos, "name", &a->name);
        if (ok) {
            switch (type) {
            case FXT_AT_NULL:
            case FXT_AT_INT64:
            case FXT_AT_UINT64:
            case FXT_AT_DOUBLE:
            case FXT_AT_POINTER:
            case FXT_AT_KOID:
                RSV(&ac, h, FXT_ARG_HI, FXT_R_ARG_RESERVED_BITS, apos, "");
                if (type != FXT_AT_NULL)
                    ok = word(&ac, "value word", &a->v.u64);
                break;
            case FXT_AT_INT32:
                a->v.i32 = (int32_t)(uint32_t)a->hi;
                break;
            case FXT_AT_UINT32:
                a->v.u32 = a->hi;
                break;
            case FXT_AT_BOOL:
                if (a->hi > 1)
                    REPORT(v, FXT_R_BOOL_VALUE_INVALID, fieldoff(c, apos),
                           "argument %u: boolean value is 0x%x, not 0 or 1", i + 1, a->hi);
                a->v.b = (int)(a->hi & 1);
                break;
            case FXT_AT_STRING:
                RSV(&ac, h, FXT_ARG_STR_RSV, FXT_R_ARG_RESERVED_BITS, apos, "");
                ok = strref(&ac, (uint16_t)FXT_GET(h, FXT_ARG_STR_VALUE), apos, "value", &a->str);
                break;
            }
        }
        if (ok && ac.pos < aend) {
            a->extra = c->p + ac.pos;
            a->extra_words = (size_t)((aend - ac.pos) / 8);
            REPORT(v, FXT_R_ARG_SIZE_EXTRA, fieldoff(c, apos),
                   "argument %u is %u word%s but its fields need %llu", i + 1, size,
                   plural_s(size), (unsigned long long)((ac.pos - apos) / 8));
        }
        c->pos = aend; /* continue at the next argument boundary either way */
    }
    return 1;
}

/* ---- sequencing tables -------------------------------------------------------------- */

static uint64_t hash3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull ^
                 (c + 0x1234567ull) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

static slot *tfind(table *t, uint64_t a, uint64_t b, uint64_t c)
{
    for (size_t i = hash3(a, b, c) & t->mask;; i = (i + 1) & t->mask) {
        slot *s = &t->s[i];
        if (!s->used)
            return NULL;
        if (s->k[0] == a && s->k[1] == b && s->k[2] == c)
            return s;
    }
}

/* The async and flow tables start small and double when half full, up to
 * the memory planned for them: a few open ids then stay in a few cache
 * lines instead of being hashed across megabytes (a cache miss per async
 * or flow event cost 8% of the validation time). Slot pointers into these
 * tables are never kept across records, so moving entries is safe. */
static void tgrow(table *t)
{
    size_t n = t->mask + 1, c = 0;
    for (size_t i = 0; i < n; i++)
        if (t->s[i].used)
            t->scratch[c++] = t->s[i]; /* count <= n/2 <= full/4 */
    for (size_t i = 0; i < 2 * n; i++)
        t->s[i].used = 0;
    t->mask = 2 * n - 1;
    for (size_t k = 0; k < c; k++) {
        size_t i = hash3(t->scratch[k].k[0], t->scratch[k].k[1], t->scratch[k].k[2]) & t->mask;
        while (t->s[i].used)
            i = (i + 1) & t->mask;
        t->s[i] = t->scratch[k];
    }
}

/* Find or insert; NULL when the table is full. */
static slot *tput(table *t, uint64_t a, uint64_t b, uint64_t c, int *fresh)
{
    if (t->scratch != NULL && (t->count + 1) * 2 > t->mask + 1 && t->mask + 1 < t->full)
        tgrow(t);
    size_t i = hash3(a, b, c) & t->mask;
    for (;; i = (i + 1) & t->mask) {
        slot *s = &t->s[i];
        if (!s->used)
            break;
        if (s->k[0] == a && s->k[1] == b && s->k[2] == c) {
            *fresh = 0;
            return s;
        }
    }
    if (t->count >= t->max)
        return NULL;
    slot *s = &t->s[i];
    memset(s, 0, sizeof *s);
    s->used = 1;
    s->k[0] = a, s->k[1] = b, s->k[2] = c;
    t->count++;
    *fresh = 1;
    return s;
}

/* Backward-shift deletion keeps probe chains intact without tombstones. */
static void tdel(table *t, slot *s)
{
    size_t i = (size_t)(s - t->s);
    for (;;) {
        t->s[i].used = 0;
        size_t j = i;
        for (;;) {
            j = (j + 1) & t->mask;
            if (!t->s[j].used) {
                t->count--;
                return;
            }
            size_t home = hash3(t->s[j].k[0], t->s[j].k[1], t->s[j].k[2]) & t->mask;
            /* move j to i if its home is not cyclically in (i, j] */
            if ((i <= j) ? (home <= i || home > j) : (home <= i && home > j))
                break;
        }
        t->s[i] = t->s[j];
        i = j;
    }
}

static void limit(fxt_validator *v, table *t, const char *what)
{
    if (t->overflow)
        return;
    t->overflow = 1;
    REPORT(v, FXT_R_TRACKING_LIMIT, v->r_off,
           "more than %zu %s: further ones are not tracked", t->max, what);
}

static slot *thread_slot(fxt_validator *v, uint64_t pid, uint64_t tid)
{
    slot *s = v->last_thread;
    if (s && s->k[0] == pid && s->k[1] == tid)
        return s;
    int fresh;
    s = tput(&v->threads, pid, tid, 0, &fresh);
    if (s == NULL)
        limit(v, &v->threads, "threads in all"); /* threads are never forgotten */
    else if (fresh)
        s->off = v->threads.count - 1; /* entry number: threads are never deleted */
    v->last_thread = s;
    return s;
}

/* Thread slot for an event: cached per thread index, hashed for inline
 * threads. */
static inline slot *event_thread(fxt_validator *v, const fxt_thread *t)
{
    if (t->ref == FXT_THREADREF_INLINE)
        return thread_slot(v, t->pid, t->tid);
    slot **c = (slot **)&v->cur->thr_slot[t->ref];
    if (*c == NULL)
        *c = thread_slot(v, t->pid, t->tid);
    return *c;
}

static void sequence(fxt_validator *v, const fxt_event *e)
{
    int fresh;
    slot *s;
    uint64_t prov = v->cur->id | ((uint64_t)v->cur->implicit << 32);
    switch (e->event_type) {
    case FXT_ET_DURATION_BEGIN:
        if ((s = event_thread(v, &e->thread)) != NULL) {
            if (s->depth < DUR_STACK) {
                uint64_t *st = v->threads.stk + (size_t)s->off * 2 * DUR_STACK;
                st[2 * s->depth] = v->r_off, st[2 * s->depth + 1] = v->r_idx;
            }
            s->depth++;
        }
        break;
    case FXT_ET_DURATION_END:
        s = event_thread(v, &e->thread);
        if (s != NULL && s->depth > 0)
            s->depth--;
        else if (s != NULL)
            REPORT(v, FXT_R_DURATION_END_UNMATCHED, v->r_off,
                   "duration end on thread %llu/%llu has no open duration begin",
                   (unsigned long long)e->thread.pid, (unsigned long long)e->thread.tid);
        break;
    case FXT_ET_DURATION_COMPLETE:
        if (e->data < e->timestamp)
            REPORT(v, FXT_R_DURATION_COMPLETE_NEGATIVE, v->r_off + 8,
                   "end time %llu is before start time %llu", (unsigned long long)e->data,
                   (unsigned long long)e->timestamp);
        break;
    case FXT_ET_ASYNC_BEGIN:
        s = tput(&v->async, prov, e->thread.pid, e->data, &fresh);
        if (s == NULL)
            limit(v, &v->async, "async operations open at once");
        else if (fresh)
            s->off = v->r_off, s->idx = v->r_idx;
        break;
    case FXT_ET_ASYNC_INSTANT:
    case FXT_ET_ASYNC_END:
        s = tfind(&v->async, prov, e->thread.pid, e->data);
        if (s == NULL && !v->async.overflow)
            REPORT(v, FXT_R_ASYNC_UNMATCHED, v->r_off,
                   "async %s with id %llu (process %llu) has no open async begin",
                   e->event_type == FXT_ET_ASYNC_END ? "end" : "instant",
                   (unsigned long long)e->data, (unsigned long long)e->thread.pid);
        else if (s != NULL && e->event_type == FXT_ET_ASYNC_END)
            tdel(&v->async, s);
        break;
    case FXT_ET_FLOW_BEGIN:
        s = tput(&v->flows, e->data, 0, 0, &fresh);
        if (s == NULL)
            limit(v, &v->flows, "flows open at once");
        else if (fresh)
            s->off = v->r_off, s->idx = v->r_idx;
        break;
    case FXT_ET_FLOW_STEP:
    case FXT_ET_FLOW_END:
        s = tfind(&v->flows, e->data, 0, 0);
        if (s == NULL && !v->flows.overflow)
            REPORT(v, FXT_R_FLOW_UNMATCHED, v->r_off, "flow %s with id %llu has no open flow begin",
                   e->event_type == FXT_ET_FLOW_END ? "end" : "step", (unsigned long long)e->data);
        else if (s != NULL && e->event_type == FXT_ET_FLOW_END)
            tdel(&v->flows, s);
        break;
    default:
        break;
    }
}

/* ---- providers ------------------------------------------------------------------------ */

static void prov_reset(provider *p, uint32_t id)
{
    memset(p, 0, sizeof *p);
    p->id = id;
    p->strbits[0] = 1; /* ref 0, the empty string, is always valid */
}

static provider *prov_find(fxt_validator *v, uint32_t id)
{
    for (size_t i = 1; i < v->nprov; i++)
        if (v->prov[i].id == id)
            return &v->prov[i];
    return NULL;
}

/* A context for provider ID: fresh (provider info) or existing (section). */
static provider *prov_open(fxt_validator *v, uint32_t id, int fresh)
{
    provider *p = prov_find(v, id);
    if (p != NULL) {
        if (fresh) {
            uint64_t n = p->records, bt[16];
            memcpy(bt, p->by_type, sizeof bt);
            prov_reset(p, id); /* a provider info starts the provider anew */
            p->records = n;
            memcpy(p->by_type, bt, sizeof bt);
        }
        return p;
    }
    if (v->nprov >= v->o.max_providers + 1) {
        provider *u = &v->prov[v->o.max_providers + 1];
        if (!u->untracked) {
            prov_reset(u, id);
            u->untracked = 1;
            REPORT(v, FXT_R_TRACKING_LIMIT, v->r_off,
                   "more than %zu providers: string and thread refs of further providers are "
                   "not checked",
                   v->o.max_providers);
        }
        return u;
    }
    p = &v->prov[v->nprov++];
    prov_reset(p, id);
    return p;
}

/* ---- record decoders -------------------------------------------------------------------- */

static const char *const k_rt_names[16] = {
    "metadata", "initialization", "string", "thread",  "event",   "blob",    "userspace",
    "kernel-object", "scheduling", "log", "type-10", "type-11", "type-12", "type-13",
    "type-14",  "large"};

static const char *const k_et_names[16] = {
    "instant",     "counter",    "duration-begin", "duration-end", "duration-complete",
    "async-begin", "async-instant", "async-end",   "flow-begin",   "flow-step",
    "flow-end",    "event-type-11", "event-type-12", "event-type-13", "event-type-14",
    "event-type-15"};

const char *fxt_record_type_name(unsigned t)
{
    return t < 16 ? k_rt_names[t] : t == FXT_NO_RECORD_TYPE ? "trace" : "?";
}
const char *fxt_event_type_name(unsigned t) { return t < 16 ? k_et_names[t] : "?"; }

const char *fxt_event_type_name_rev(fxt_revision rev, unsigned t)
{
    const fxt_layout *l = fxt_layout_get(rev);
    if (l == NULL || t >= 16)
        return "?";
    unsigned k = l->event_kind[t];
    static const char *const undef[16] = {
        "event-type-0",  "event-type-1",  "event-type-2",  "event-type-3",
        "event-type-4",  "event-type-5",  "event-type-6",  "event-type-7",
        "event-type-8",  "event-type-9",  "event-type-10", "event-type-11",
        "event-type-12", "event-type-13", "event-type-14", "event-type-15"};
    return k == FXT_ET_NONE ? undef[t] : k_et_names[k];
}

static void unknown(cur *c, fxt_rule r, const char *what, uint64_t val)
{
    REPORT(c->v, r, fieldoff(c, 0), "%s %llu is not defined; the record is skipped", what,
           (unsigned long long)val);
}

/* Returns 1 if fully decoded (so size-extra and visitor apply). */
static int dec_metadata(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_meta *m = &r->u.meta;
    m->meta_type = (unsigned)FXT_GET(h, FXT_META_TYPE);
    m->provider_id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
    m->name.ref = 0, m->name.data = NULL, m->name.len = 0;
    switch (m->meta_type) {
    case FXT_MT_PROVIDER_INFO: {
        RSV(c, h, FXT_PINFO_RSV, FXT_R_METADATA_RESERVED_BITS, 0, "provider info: ");
        m->name.len = (size_t)FXT_GET(h, FXT_PINFO_NAME_LEN);
        if (!stream_str(c, m->name.len, "provider name", &m->name.data))
            return 0;
        provider *p = prov_open(v, m->provider_id, 1);
        if (!p->untracked) {
            memcpy(p->name, m->name.data, m->name.len);
            p->name[m->name.len] = 0;
        }
        v->cur = p;
        return 1;
    }
    case FXT_MT_PROVIDER_SECTION: {
        RSV(c, h, FXT_PSECT_RSV, FXT_R_METADATA_RESERVED_BITS, 0, "provider section: ");
        if (prov_find(v, m->provider_id) == NULL)
            REPORT(v, FXT_R_PROVIDER_SECTION_UNKNOWN, fieldoff(c, 0),
                   "provider %u was not introduced by a provider info record", m->provider_id);
        v->cur = prov_open(v, m->provider_id, 0);
        return 1;
    }
    case FXT_MT_PROVIDER_EVENT:
        RSV(c, h, FXT_PEVENT_RSV, FXT_R_METADATA_RESERVED_BITS, 0, "provider event: ");
        m->event_id = (unsigned)FXT_GET(h, FXT_PEVENT_ID);
        if (m->event_id != FXT_PEVENT_BUFFER_FULL)
            REPORT(v, FXT_R_PROVIDER_EVENT_UNKNOWN, fieldoff(c, 0),
                   "provider event id %u is not defined", m->event_id);
        return 1;
    case FXT_MT_TRACE_INFO:
        m->trace_info_type = (unsigned)FXT_GET(h, FXT_TINFO_TYPE);
        if (m->trace_info_type != FXT_TIT_MAGIC) {
            unknown(c, FXT_R_TRACE_INFO_TYPE_UNKNOWN, "trace info type", m->trace_info_type);
            return 0;
        }
        m->magic = (uint32_t)FXT_GET(h, FXT_MAGIC_VALUE_FIELD);
        v->seen_magic = 1;
        if (v->r_idx != 0)
            REPORT(v, FXT_R_MAGIC_NOT_FIRST, fieldoff(c, 0), "magic record is record #%llu",
                   (unsigned long long)v->r_idx);
        if (m->magic != FXT_MAGIC_NUMBER)
            REPORT(v, FXT_R_MAGIC_BAD_NUMBER, fieldoff(c, 0), "magic number is 0x%08x",
                   m->magic);
        RSV(c, h, FXT_MAGIC_RSV, FXT_R_MAGIC_RESERVED_BITS, 0, "");
        if (c->end != 8) {
            REPORT(v, FXT_R_MAGIC_BAD_SIZE, fieldoff(c, 0), "magic record is %llu words",
                   (unsigned long long)(c->end / 8));
            return 0;
        }
        return 1;
    default:
        unknown(c, FXT_R_METADATA_TYPE_UNKNOWN, "metadata type", m->meta_type);
        return 0;
    }
}

/* The event-type specific word of each event type, if any. */
static const char *const k_ev_data[FXT_ET_COUNT] = {
    NULL, "counter id", NULL, NULL, "end time", "correlation id", "correlation id",
    "correlation id", "correlation id", "correlation id", "correlation id"};
/* Event types that sequencing looks at (all but instant and counter). */
#define SEQ_TYPES 0x7fcu

static int dec_event(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_event *e = &r->u.event;
    e->event_type = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    v->st.events_by_type[e->event_type]++;
    if (e->event_type >= FXT_ET_COUNT) {
        unknown(c, FXT_R_EVENT_TYPE_UNKNOWN, "event type", e->event_type);
        return 0;
    }
    if (!word(c, "timestamp", &e->timestamp))
        return 0;
    int t = thrref(c, (uint8_t)FXT_GET(h, FXT_EV_THREAD), 0, "thread", &e->thread, 0);
    if (!t || !strref(c, (uint16_t)FXT_GET(h, FXT_EV_CATEGORY), 0, "category", &e->category) ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_EV_NAME), 0, "name", &e->name) ||
        !args(c, (unsigned)FXT_GET(h, FXT_EV_ARGC), r))
        return 0;
    e->data = 0;
    const char *dw = k_ev_data[e->event_type];
    if (dw != NULL && !word(c, dw, &e->data))
        return 0;
    if ((SEQ_TYPES >> e->event_type) & (t == 1) & !v->cur->untracked)
        sequence(v, e);
    return 1;
}

static int dec_blob(cur *c, uint64_t h, fxt_record *r)
{
    fxt_blob *b = &r->u.blob;
    RSV(c, h, FXT_BLOB_RSV1, FXT_R_BLOB_RESERVED_BITS, 0, "");
    RSV(c, h, FXT_BLOB_RSV2, FXT_R_BLOB_RESERVED_BITS, 0, "");
    b->blob_type = (unsigned)FXT_GET(h, FXT_BLOB_TYPE);
    b->payload_size = FXT_GET(h, FXT_BLOB_SIZE);
    if (b->blob_type == 0 || b->blob_type > FXT_BT_PERFETTO)
        REPORT(c->v, FXT_R_BLOB_TYPE_UNKNOWN, fieldoff(c, 0), "blob type %u is not defined",
               b->blob_type);
    if (!strref(c, (uint16_t)FXT_GET(h, FXT_BLOB_NAME), 0, "blob name", &b->name))
        return 0;
    if (!need(c, align8(b->payload_size), "payload"))
        return 0;
    b->payload = c->p + c->pos;
    check_pad(c, c->pos, b->payload_size, "blob payload");
    c->pos += align8(b->payload_size);
    return 1;
}

static int dec_object(cur *c, uint64_t h, fxt_record *r, int kernel)
{
    fxt_object *o = &r->u.object;
    if (kernel) {
        RSV(c, h, FXT_KOBJ_RSV, FXT_R_KERNEL_OBJECT_RESERVED_BITS, 0, "");
        o->koid_type = (unsigned)FXT_GET(h, FXT_KOBJ_TYPE);
        if (!word(c, "koid", &o->id) ||
            !strref(c, (uint16_t)FXT_GET(h, FXT_KOBJ_NAME), 0, "name", &o->name))
            return 0;
        return args(c, (unsigned)FXT_GET(h, FXT_KOBJ_ARGC), r);
    }
    RSV(c, h, FXT_UOBJ_RSV, FXT_R_USERSPACE_RESERVED_BITS, 0, "");
    if (!word(c, "pointer", &o->id) ||
        !thrref(c, (uint8_t)FXT_GET(h, FXT_UOBJ_PROCESS), 0, "process", &o->process, 1) ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_UOBJ_NAME), 0, "name", &o->name))
        return 0;
    return args(c, (unsigned)FXT_GET(h, FXT_UOBJ_ARGC), r);
}

static int dec_sched(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_sched *s = &r->u.sched;
    s->sched_type = (unsigned)FXT_GET(h, FXT_SCHED_TYPE);
    s->out.ref = s->in.ref = 0;
    s->out.pid = s->in.pid = 0;
    s->out_prio = s->in_prio = 0;
    switch (s->sched_type) {
    case FXT_ST_LEGACY_CONTEXT_SWITCH:
        s->cpu = (unsigned)FXT_GET(h, FXT_LCSW_CPU);
        s->state = (unsigned)FXT_GET(h, FXT_LCSW_STATE);
        s->out_prio = (unsigned)FXT_GET(h, FXT_LCSW_OUT_PRIO);
        s->in_prio = (unsigned)FXT_GET(h, FXT_LCSW_IN_PRIO);
        if (s->state == FXT_TS_RUNNING || s->state > FXT_TS_MAX)
            REPORT(v, FXT_R_LEGACY_STATE_INVALID, fieldoff(c, 0),
                   "outgoing thread state is %u", s->state);
        r->argc = 0;
        return word(c, "timestamp", &s->timestamp) &&
               thrref(c, (uint8_t)FXT_GET(h, FXT_LCSW_OUT_THREAD), 0, "outgoing thread", &s->out,
                      0) &&
               thrref(c, (uint8_t)FXT_GET(h, FXT_LCSW_IN_THREAD), 0, "incoming thread", &s->in,
                      0);
    case FXT_ST_CONTEXT_SWITCH:
        s->cpu = (unsigned)FXT_GET(h, FXT_CSW_CPU);
        s->state = (unsigned)FXT_GET(h, FXT_CSW_STATE);
        RSV(c, h, FXT_CSW_RSV, FXT_R_SCHEDULING_RESERVED_BITS, 0, "context switch: ");
        if (s->state > FXT_TS_MAX)
            REPORT(v, FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN, fieldoff(c, 0),
                   "outgoing thread state is %u", s->state);
        return word(c, "timestamp", &s->timestamp) &&
               word(c, "outgoing thread koid", &s->out.tid) &&
               word(c, "incoming thread koid", &s->in.tid) &&
               args(c, (unsigned)FXT_GET(h, FXT_CSW_ARGC), r);
    case FXT_ST_THREAD_WAKEUP:
        s->cpu = (unsigned)FXT_GET(h, FXT_WAKE_CPU);
        s->state = 0;
        RSV(c, h, FXT_WAKE_RSV, FXT_R_SCHEDULING_RESERVED_BITS, 0, "thread wakeup: ");
        return word(c, "timestamp", &s->timestamp) &&
               word(c, "waking thread koid", &s->out.tid) &&
               args(c, (unsigned)FXT_GET(h, FXT_WAKE_ARGC), r);
    default:
        unknown(c, FXT_R_SCHEDULING_TYPE_UNKNOWN, "scheduling record type", s->sched_type);
        return 0;
    }
}

static int dec_log(cur *c, uint64_t h, fxt_record *r)
{
    fxt_log *l = &r->u.log;
    RSV(c, h, FXT_LOG_RSV1, FXT_R_LOG_RESERVED_BITS, 0, "");
    RSV(c, h, FXT_LOG_RSV2, FXT_R_LOG_RESERVED_BITS, 0, "");
    l->msg_len = (size_t)FXT_GET(h, FXT_LOG_LEN);
    return word(c, "timestamp", &l->timestamp) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LOG_THREAD), 0, "thread", &l->thread, 0) &&
           stream_str(c, l->msg_len, "log message", &l->msg);
}

/* Large blob head. The payload may lie beyond c->avail (streamed): then
 * v->pad_lo/pad_hi tell the tail streamer what is left to check. */
static int dec_large(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_blob *b = &r->u.blob;
    r->large_type = (unsigned)FXT_GET(h, FXT_LREC_TYPE);
    if (r->large_type != FXT_LT_BLOB) {
        unknown(c, FXT_R_LARGE_RECORD_TYPE_UNKNOWN, "large record type", r->large_type);
        return 0;
    }
    b->format = (unsigned)FXT_GET(h, FXT_LBLOB_FORMAT);
    if (b->format > FXT_LBF_NO_METADATA) {
        unknown(c, FXT_R_LARGE_BLOB_FORMAT_UNKNOWN, "large blob format", b->format);
        return 0;
    }
    RSV(c, h, FXT_LBLOB_RSV, FXT_R_LARGE_BLOB_RESERVED_BITS, 0, "header: ");
    uint64_t f;
    if (!word(c, "format header word", &f))
        return 0;
    if (b->format == FXT_LBF_METADATA)
        RSV(c, f, FXT_LBLOB0_RSV, FXT_R_LARGE_BLOB_RESERVED_BITS, 8, "format header: ");
    else
        RSV(c, f, FXT_LBLOB1_RSV, FXT_R_LARGE_BLOB_RESERVED_BITS, 8, "format header: ");
    if (!strref(c, (uint16_t)FXT_GET(f, FXT_LBLOB_CATEGORY), 8, "category", &b->category) ||
        !strref(c, (uint16_t)FXT_GET(f, FXT_LBLOB_NAME), 8, "name", &b->name))
        return 0;
    r->argc = 0;
    b->timestamp = 0;
    b->thread.ref = 0, b->thread.pid = b->thread.tid = 0;
    if (b->format == FXT_LBF_METADATA) {
        if (!word(c, "timestamp", &b->timestamp) ||
            !thrref(c, (uint8_t)FXT_GET(f, FXT_LBLOB0_THREAD), 8, "thread", &b->thread, 0) ||
            !args(c, (unsigned)FXT_GET(f, FXT_LBLOB0_ARGC), r))
            return 0;
    }
    if (!word(c, "blob size word", &b->payload_size))
        return 0;
    /* overflow-safe: payload_size may be anything up to 2^64-1 */
    if (b->payload_size > c->end - c->pos || align8(b->payload_size) > c->end - c->pos) {
        if (b->payload_size > UINT64_MAX - 7) /* align8() would wrap */
            REPORT(v, FXT_R_RECORD_TOO_SMALL, fieldoff(c, c->pos - 8),
                   "blob size %llu padded to whole words exceeds 2^64 bytes; only %llu "
                   "remain in the record",
                   (unsigned long long)b->payload_size, (unsigned long long)(c->end - c->pos));
        else
            REPORT(v, FXT_R_RECORD_TOO_SMALL, fieldoff(c, c->pos - 8),
                   "blob size %llu needs %llu bytes but only %llu remain in the record",
                   (unsigned long long)b->payload_size,
                   (unsigned long long)align8(b->payload_size),
                   (unsigned long long)(c->end - c->pos));
        return 0;
    }
    uint64_t pl = c->pos;
    c->pos += align8(b->payload_size);
    if (c->pos <= c->avail) {
        b->payload = c->p + pl;
        check_pad(c, pl, b->payload_size, "blob payload");
    } else {
        b->payload = NULL; /* streamed: checked as it arrives */
        v->pad_lo = pl + b->payload_size;
        v->pad_hi = c->pos;
    }
    return 1;
}

/* Report record-size-extra and hand the record to the visitor. */
static inline void finish_record(fxt_validator *v, fxt_record *r, int decoded, uint64_t implied,
                          const uint8_t *raw, uint64_t len)
{
    r->extra = NULL;
    r->extra_words = 0;
    if (decoded && implied < len) {
        r->extra_words = (size_t)((len - implied) / 8);
        r->extra = raw ? raw + implied : NULL;
        REPORT(v, FXT_R_RECORD_SIZE_EXTRA, v->r_off, "record is %llu words but its fields need %llu",
               (unsigned long long)(len / 8), (unsigned long long)(implied / 8));
    }
    if (v->o.on_record && (v->r_errors == 0 || (v->o.flags & FXT_OPT_VISIT_ALL))) {
        r->known = decoded;
        r->raw = raw;
        r->errors = v->r_errors;
        v->o.on_record(v->o.ctx, r);
    }
}

/* Decode one record of LEN bytes whose first AVAIL bytes are at P.
 * Returns 1 if a streamed tail remains (AVAIL < LEN). */
static int decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len, uint64_t h)
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
    r->provider_id = v->cur->id;
    r->argc = 0;

    cur c = {v, p, len, avail, avail < len ? avail : len, 8, FXT_R_RECORD_TOO_SMALL, 0, 0, 0};
    int ok = 0;
    v->pad_lo = v->pad_hi = 0;
    switch (type) {
    case FXT_RT_METADATA:
        ok = dec_metadata(&c, h, r);
        r->provider_id = v->cur->id; /* provider records belong to their provider */
        break;
    case FXT_RT_INIT:
        RSV(&c, h, FXT_INIT_RSV, FXT_R_INIT_RESERVED_BITS, 0, "");
        ok = word(&c, "tick multiplier word", &r->u.ticks_per_second);
        if (ok && r->u.ticks_per_second == 0)
            REPORT(v, FXT_R_INIT_ZERO_TICKS, v->r_off + 8, "ticks per second is 0");
        break;
    case FXT_RT_STRING: {
        RSV(&c, h, FXT_STR_RSV1, FXT_R_STRING_RECORD_RESERVED_BITS, 0, "");
        RSV(&c, h, FXT_STR_RSV2, FXT_R_STRING_RECORD_RESERVED_BITS, 0, "");
        RSV(&c, h, FXT_STR_RSV3, FXT_R_STRING_RECORD_RESERVED_BITS, 0, "");
        unsigned idx = (unsigned)FXT_GET(h, FXT_STR_INDEX);
        r->u.string.index = idx;
        r->u.string.len = (size_t)FXT_GET(h, FXT_STR_LEN);
        ok = stream_str(&c, r->u.string.len, "string", &r->u.string.data);
        if (idx == 0)
            REPORT(v, FXT_R_STRING_INDEX_ZERO, v->r_off, "string record for index 0 is ignored");
        else if (ok)
            v->cur->strbits[idx >> 6] |= (uint64_t)1 << (idx & 63);
        if (ok && r->u.string.len == 0)
            REPORT(v, FXT_R_STRING_EMPTY, v->r_off, "string index %u registers the empty string",
                   idx);
        break;
    }
    case FXT_RT_THREAD: {
        RSV(&c, h, FXT_THR_RSV, FXT_R_THREAD_RECORD_RESERVED_BITS, 0, "");
        unsigned idx = (unsigned)FXT_GET(h, FXT_THR_INDEX);
        r->u.thread.index = idx;
        ok = word(&c, "process koid", &r->u.thread.pid) &&
             word(&c, "thread koid", &r->u.thread.tid);
        if (idx == 0)
            REPORT(v, FXT_R_THREAD_INDEX_ZERO, v->r_off, "thread record for index 0 is ignored");
        else if (ok) {
            provider *pv = v->cur;
            pv->thrbits[idx >> 6] |= (uint64_t)1 << (idx & 63);
            pv->thr_pid[idx] = r->u.thread.pid;
            pv->thr_tid[idx] = r->u.thread.tid;
            pv->thr_slot[idx] = NULL;
        }
        break;
    }
    case FXT_RT_EVENT:
        ok = dec_event(&c, h, r);
        break;
    case FXT_RT_BLOB:
        ok = dec_blob(&c, h, r);
        break;
    case FXT_RT_USERSPACE:
        ok = dec_object(&c, h, r, 0);
        break;
    case FXT_RT_KERNEL_OBJECT:
        ok = dec_object(&c, h, r, 1);
        break;
    case FXT_RT_SCHEDULING:
        ok = dec_sched(&c, h, r);
        break;
    case FXT_RT_LOG:
        ok = dec_log(&c, h, r);
        break;
    case FXT_RT_LARGE:
        ok = dec_large(&c, h, r);
        break;
    default:
        unknown(&c, FXT_R_RECORD_TYPE_UNKNOWN, "record type", type);
        break;
    }
    if (avail < len) { /* streamed: tail checks, size-extra and visitor come later */
        v->implied = ok ? c.pos : len;
        v->tail = ok ? 1 : 2;
        v->pad_bad = 0;
        return 1;
    }
    finish_record(v, r, ok, c.pos, p, len);
    return 0;
}

/* ---- streaming ------------------------------------------------------------------------------ */

static inline uint64_t record_len(uint64_t h)
{
    if (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE)
        return FXT_GET(h, FXT_LREC_SIZE) * 8;
    return FXT_GET(h, FXT_REC_SIZE) * 8;
}

/* The header word at P of the record at v->off; detects byte order on the
 * first record. Returns the record length, 0 if the size is 0 (stop). */
static inline uint64_t header(fxt_validator *v, const uint8_t *p, uint64_t *h)
{
    if (UNLIKELY(!v->be_known)) {
        v->be_known = 1;
        v->be = load_le64(p) == bswap64(FXT_MAGIC_RECORD);
        v->st.big_endian = v->be;
    }
    *h = load_word(p, v->be);
    uint64_t len = record_len(*h);
    if (UNLIKELY(len == 0)) {
        unsigned type = (unsigned)FXT_GET(*h, FXT_REC_TYPE);
        report_at(v, FXT_R_RECORD_SIZE_ZERO, v->off, v->rec_idx, type, v->off,
                  "%s record has size 0; validation stops here",
                  type == FXT_RT_LARGE ? "large" : fxt_record_type_name(type));
        v->stopped = 1;
        v->st.stopped = 1;
    }
    return len;
}

static void next_record(fxt_validator *v, uint64_t len)
{
    v->off += len;
    v->rec_idx++;
    v->have = 0;
    v->rec_len = 0;
    v->tail = 0;
}

/* Bytes of the streamed tail: check the padding range, skip the rest. */
static void tail_bytes(fxt_validator *v, const uint8_t *p, uint64_t n)
{
    uint64_t a = v->consumed, b = v->consumed + n;
    if (v->tail == 1 && !v->pad_bad && b > v->pad_lo && a < v->pad_hi) {
        uint64_t lo = a > v->pad_lo ? a : v->pad_lo, hi = b < v->pad_hi ? b : v->pad_hi;
        for (uint64_t i = lo; i < hi; i++)
            if (p[i - a]) {
                v->pad_bad = 1;
                report_at(v, FXT_R_PADDING_NONZERO, v->r_off, v->r_idx, v->r_type, v->r_off + i,
                          "padding byte %llu after blob payload is 0x%02x",
                          (unsigned long long)(i - v->pad_lo), p[i - a]);
                break;
            }
    }
    v->consumed = b;
    if (v->consumed == v->rec_len) {
        finish_record(v, &v->rec, v->tail == 1, v->implied, NULL, v->rec_len);
        next_record(v, v->rec_len);
    }
}

void fxt_validator_feed(fxt_validator *v, const void *data, size_t len)
{
    const uint8_t *p = data;
    v->st.bytes += len;
    while (len > 0 && !v->stopped) {
        if (v->tail) {
            uint64_t n = v->rec_len - v->consumed;
            if (n > len)
                n = len;
            tail_bytes(v, p, n);
            p += n, len -= (size_t)n;
            continue;
        }
        if (v->have == 0 && len >= 8) { /* fast path: whole record in the chunk */
            uint64_t h, rl = header(v, p, &h);
            if (rl == 0)
                return;
            if (rl <= len) {
                decode(v, p, rl, rl, h);
                next_record(v, rl);
                p += rl, len -= (size_t)rl;
                continue;
            }
            v->rec_len = rl;
        }
        /* assemble the header, then up to BUF_CAP bytes of the record */
        uint64_t want = v->rec_len ? (v->rec_len < BUF_CAP ? v->rec_len : BUF_CAP) : 8;
        size_t n = (size_t)(want - v->have) < len ? (size_t)(want - v->have) : len;
        memcpy(v->buf + v->have, p, n);
        v->have += n, p += n, len -= n;
        if (v->have < want)
            return;
        uint64_t h;
        if (v->rec_len == 0) {
            v->rec_len = header(v, v->buf, &h);
            if (v->rec_len == 0)
                return;
            if (v->rec_len > 8)
                continue;
        }
        h = load_word(v->buf, v->be);
        if (decode(v, v->buf, v->have, v->rec_len, h)) {
            v->consumed = v->have;
            continue;
        }
        next_record(v, v->rec_len);
    }
}

/* ---- end of input ------------------------------------------------------------------------------ */

typedef struct pending {
    uint64_t off, idx;
    fxt_rule rule;
    uint64_t a, b;
} pending;

static int cmp_pending(const void *x, const void *y)
{
    const pending *a = x, *b = y;
    return a->off < b->off ? -1 : a->off > b->off;
}

static const char *pending_msg(const pending *q, char *buf, size_t n)
{
    switch (q->rule) {
    case FXT_R_DURATION_BEGIN_UNENDED:
        snprintf(buf, n, "duration begin on thread %llu/%llu is never ended",
                 (unsigned long long)q->a, (unsigned long long)q->b);
        break;
    case FXT_R_TRACKING_LIMIT:
        snprintf(buf, n,
                 "%llu more duration begins on thread %llu/%llu are never ended; only the "
                 "outermost %u are reported",
                 (unsigned long long)(q->b >> 40), (unsigned long long)q->a,
                 (unsigned long long)(q->b & 0xffffffffffull), DUR_STACK);
        break;
    case FXT_R_ASYNC_BEGIN_UNENDED:
        snprintf(buf, n, "async begin with id %llu is never ended", (unsigned long long)q->a);
        break;
    default:
        snprintf(buf, n, "flow begin with id %llu is never ended", (unsigned long long)q->a);
        break;
    }
    return buf;
}

/* Unended begins, sorted by offset. The record buffer is free now and
 * serves as scratch; what does not fit is reported unsorted. */
static void report_unended(fxt_validator *v)
{
    pending *q = (pending *)(void *)v->buf;
    size_t cap = BUF_CAP / sizeof *q, n = 0;
    char msg[160];
#define PUSH(o, i, r, x, y)                                                                    \
    do {                                                                                       \
        pending e_ = {(o), (i), (r), (x), (y)};                                                \
        if (n < cap)                                                                           \
            q[n++] = e_;                                                                       \
        else                                                                                   \
            report_at(v, e_.rule, e_.off, e_.idx, FXT_RT_EVENT, e_.off, "%s",                  \
                      pending_msg(&e_, msg, sizeof msg));                                      \
    } while (0)
    for (size_t i = 0; i <= v->threads.mask; i++) {
        slot *s = &v->threads.s[i];
        if (!s->used)
            continue;
        const uint64_t *st = v->threads.stk + (size_t)s->off * 2 * DUR_STACK;
        for (uint32_t d = 0; d < s->depth && d < DUR_STACK; d++)
            PUSH(st[2 * d], st[2 * d + 1], FXT_R_DURATION_BEGIN_UNENDED, s->k[0], s->k[1]);
        if (s->depth > DUR_STACK) /* never silent: say what was not remembered */
            PUSH(st[2 * (DUR_STACK - 1)], st[2 * (DUR_STACK - 1) + 1], FXT_R_TRACKING_LIMIT,
                 s->k[0], s->k[1] | ((uint64_t)(s->depth - DUR_STACK) << 40));
    }
    for (size_t i = 0; i <= v->async.mask; i++)
        if (v->async.s[i].used)
            PUSH(v->async.s[i].off, v->async.s[i].idx, FXT_R_ASYNC_BEGIN_UNENDED,
                 v->async.s[i].k[2], 0);
    for (size_t i = 0; i <= v->flows.mask; i++)
        if (v->flows.s[i].used)
            PUSH(v->flows.s[i].off, v->flows.s[i].idx, FXT_R_FLOW_BEGIN_UNENDED,
                 v->flows.s[i].k[0], 0);
#undef PUSH
    qsort(q, n, sizeof *q, cmp_pending);
    for (size_t i = 0; i < n; i++)
        report_at(v, q[i].rule, q[i].off, q[i].idx, FXT_RT_EVENT, q[i].off, "%s",
                  pending_msg(&q[i], msg, sizeof msg));
}

void fxt_validator_finish(fxt_validator *v)
{
    if (v->finished)
        return;
    v->finished = 1;
    if (v->stopped)
        return;
    v->r_off = ~(uint64_t)0; /* no current record */
    if (v->st.bytes == 0) {
        report_at(v, FXT_R_EMPTY_INPUT, 0, 0, FXT_NO_RECORD_TYPE, 0, "the input is empty (0 bytes)");
        return;
    }
    if (v->tail || v->have > 0) {
        if (v->rec_len == 0)
            report_at(v, FXT_R_TRUNCATED, v->off, v->rec_idx, FXT_NO_RECORD_TYPE, v->off,
                      "%zu trailing byte%s after the last record (input length %llu is not a "
                      "multiple of 8)",
                      v->have, plural_s(v->have), (unsigned long long)v->st.bytes);
        else
            report_at(v, FXT_R_TRUNCATED, v->off, v->rec_idx,
                      (unsigned)FXT_GET(load_word(v->buf, v->be), FXT_REC_TYPE), v->off,
                      "record of %llu bytes runs past the end of input: only %llu byte%s "
                      "remain%s",
                      (unsigned long long)v->rec_len, (unsigned long long)(v->st.bytes - v->off),
                      plural_s(v->st.bytes - v->off), v->st.bytes - v->off == 1 ? "s" : "");
    }
    if (!v->seen_magic)
        report_at(v, FXT_R_MAGIC_MISSING, 0, 0, FXT_NO_RECORD_TYPE, 0,
                  "no magic number record (0x0016547846040010) in the trace");
    report_unended(v);
}

/* ---- construction ----------------------------------------------------------------------------- */

static size_t pow2_at_least(size_t n)
{
    size_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

typedef struct layout {
    size_t prov, threads, stacks, async, flows, scratch, buf, total;
} layout;

static layout plan(const fxt_options *o)
{
    layout l;
    size_t at = (sizeof(fxt_validator) + 63) & ~(size_t)63;
    l.prov = at;
    at += (o->max_providers + 2) * sizeof(provider);
    l.threads = at;
    at += pow2_at_least(o->max_threads * 2) * sizeof(slot);
    l.stacks = at;
    at += o->max_threads * 2 * DUR_STACK * sizeof(uint64_t);
    l.async = at;
    at += pow2_at_least(o->max_async * 2) * sizeof(slot);
    l.flows = at;
    at += pow2_at_least(o->max_flows * 2) * sizeof(slot);
    l.scratch = at; /* shared: the two tables never grow at the same time */
    at += pow2_at_least((o->max_async > o->max_flows ? o->max_async : o->max_flows) * 2) / 4 *
          sizeof(slot);
    l.buf = at;
    at += BUF_CAP;
    l.total = at;
    return l;
}

fxt_options fxt_options_default(void)
{
    fxt_options o;
    memset(&o, 0, sizeof o);
    o.max_providers = 256;
    o.max_threads = 4096;
    o.max_async = 16384;
    o.max_flows = 16384;
    o.revision = FXT_REV_CURRENT;
    return o;
}

static fxt_options sane(const fxt_options *o)
{
    fxt_options s = *o;
    if (s.max_providers == 0) s.max_providers = 1;
    if (s.max_threads == 0) s.max_threads = 1;
    if (s.max_async == 0) s.max_async = 1;
    if (s.max_flows == 0) s.max_flows = 1;
    return s;
}

size_t fxt_validator_size(const fxt_options *o)
{
    fxt_options s = sane(o);
    return plan(&s).total;
}

/* A table for MAX entries in MEM; with SCRATCH it starts at 64 slots and
 * grows (see tgrow), without it all slots are in use from the start. */
static void table_init(table *t, void *mem, size_t max, void *scratch)
{
    size_t n = pow2_at_least(max * 2);
    t->s = mem;
    t->stk = NULL;
    t->full = n;
    t->scratch = scratch;
    if (scratch != NULL && n > 64)
        n = 64;
    t->mask = n - 1;
    t->count = 0;
    t->max = max;
    t->overflow = 0;
    for (size_t i = 0; i < n; i++)
        t->s[i].used = 0;
}

fxt_validator *fxt_validator_init(void *mem, size_t size, const fxt_options *o)
{
    fxt_options s = sane(o);
    layout l = plan(&s);
    if (mem == NULL || size < l.total)
        return NULL;
    uint8_t *m = mem;
    fxt_validator *v = mem;
    memset(v, 0, sizeof *v);
    v->o = s;
    v->prov = (provider *)(void *)(m + l.prov);
    v->nprov = 1;
    prov_reset(&v->prov[0], 0);
    v->prov[0].implicit = 1;
    v->prov[s.max_providers + 1].untracked = 0;
    v->cur = &v->prov[0];
    /* thread slots are cached by pointer (last_thread, thr_slot): fixed size */
    table_init(&v->threads, m + l.threads, s.max_threads, NULL);
    v->threads.stk = (uint64_t *)(void *)(m + l.stacks);
    table_init(&v->async, m + l.async, s.max_async, m + l.scratch);
    table_init(&v->flows, m + l.flows, s.max_flows, m + l.scratch);
    v->buf = m + l.buf;
    return v;
}

fxt_validator *fxt_validator_new(const fxt_options *o)
{
    size_t n = fxt_validator_size(o);
    void *m = malloc(n);
    if (m == NULL)
        return NULL;
    fxt_validator *v = fxt_validator_init(m, n, o);
    if (v == NULL)
        free(m);
    return v;
}

void fxt_validator_free(fxt_validator *v) { free(v); }

void fxt_validator_stats(const fxt_validator *v, fxt_stats *out) { *out = v->st; }

fxt_revision fxt_validator_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT])
{
    memset(out, 0, FXT_REV_COUNT * sizeof out[0]);
    fxt_revision_verdict *c = &out[FXT_REV_CURRENT];
    c->checked = 1;
    c->complete = 1;
    c->errors = v->st.errors;
    c->warnings = v->st.warnings;
    c->conforms = v->st.errors == 0;
    return FXT_REV_CURRENT;
}

size_t fxt_validator_provider_count(const fxt_validator *v)
{
    size_t n = v->nprov - (v->prov[0].records == 0 ? 1 : 0);
    if (v->prov[v->o.max_providers + 1].untracked)
        n++;
    return n;
}

int fxt_validator_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out)
{
    size_t first = v->prov[0].records == 0 ? 1 : 0;
    const provider *p;
    if (first + i < v->nprov)
        p = &v->prov[first + i];
    else if (first + i == v->nprov && v->prov[v->o.max_providers + 1].untracked)
        p = &v->prov[v->o.max_providers + 1];
    else
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

void fxt_options_ignore(fxt_options *o, fxt_rule r, int on)
{
    uint64_t bit = (uint64_t)1 << ((unsigned)r & 63);
    if (on)
        o->ignore[(unsigned)r >> 6] |= bit;
    else
        o->ignore[(unsigned)r >> 6] &= ~bit;
}

long fxt_validate_buffer(const void *buf, size_t len, const fxt_options *o, fxt_stats *stats)
{
    fxt_validator *v = fxt_validator_new(o);
    if (v == NULL)
        return -1;
    fxt_validator_feed(v, buf, len);
    fxt_validator_finish(v);
    if (stats)
        *stats = v->st;
    long e = (long)v->st.errors;
    fxt_validator_free(v);
    return e;
}
