/*
 * mutator.c - structure-aware FXT mutator (see mutator.h).
 *
 * Shape: the input is copied and split into records (a list of byte spans);
 * every mutation edits that list (new or changed records live in an arena
 * that is freed at the end of the call) and the list is written back.
 * Record layouts come from fxt/format.h through a tolerant walker (layout()),
 * which finds reserved fields, type fields, refs, length fields, streams and
 * argument headers of a record even when the record is broken. Mutations
 * that need a whole record model decode the record with the validator's
 * visitor (FXT_OPT_VISIT_ALL) and write it back with the reference encoder.
 */
#include "mutator.h"

#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "fxt/validate.h"

#define MAX_RECS 4096u   /* records tracked; the rest of a bigger input is one span */
#define POOL_MAX_REC 1024u /* largest generated record kept for insertion */

/* ---- words ------------------------------------------------------------------------ */

static uint64_t bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    x = ((x & 0x00ff00ff00ff00ffull) << 8) | ((x >> 8) & 0x00ff00ff00ff00ffull);
    x = ((x & 0x0000ffff0000ffffull) << 16) | ((x >> 16) & 0x0000ffff0000ffffull);
    return (x << 32) | (x >> 32);
#endif
}

/* Words are read and written with memcpy (one load or store where the host
 * is little-endian; the mutator reads every header of every input). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FXTMUT_HOST_LE 1
#else
#define FXTMUT_HOST_LE 0
#endif

static uint64_t rd(const uint8_t *p, int be)
{
    uint64_t v = 0;
    if (FXTMUT_HOST_LE) {
        memcpy(&v, p, 8);
    } else {
        for (unsigned i = 0; i < 8; i++)
            v |= (uint64_t)p[i] << (8 * i);
    }
    return be ? bswap64(v) : v;
}

static void wr(uint8_t *p, uint64_t v, int be)
{
    if (be)
        v = bswap64(v);
    if (FXTMUT_HOST_LE) {
        memcpy(p, &v, 8);
    } else {
        for (unsigned i = 0; i < 8; i++)
            p[i] = (uint8_t)(v >> (8 * i));
    }
}

static uint64_t get_bits(uint64_t w, unsigned lo, unsigned hi)
{
    return (w >> lo) & FXT_WIDTH_MASK_(lo, hi);
}

static uint64_t set_bits(uint64_t w, unsigned lo, unsigned hi, uint64_t v)
{
    uint64_t m = FXT_WIDTH_MASK_(lo, hi);
    return (w & ~(m << lo)) | ((v & m) << lo);
}

#define GETF(w, F) get_bits_(w, F)
#define get_bits_(w, lo, hi) get_bits(w, lo, hi)
#define LO_(lo, hi) (lo)
#define HI_(lo, hi) (hi)
#define LO(F) LO_(F)
#define HI(F) HI_(F)

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

/* Bytes a record with header word H says it has (0 for a size-0 header). */
static uint64_t record_len(uint64_t h)
{
    if (GETF(h, FXT_REC_TYPE) == FXT_RT_LARGE)
        return GETF(h, FXT_LREC_SIZE) * 8;
    return GETF(h, FXT_REC_SIZE) * 8;
}

/* ---- working state ------------------------------------------------------------------ */

typedef struct span {
    const uint8_t *p;
    size_t len;
} span;

typedef struct trace {
    int be;
    size_t n, cap;
    span *r;
} trace;

typedef struct block {
    struct block *next;
    size_t cap, used;
    uint8_t data[];
} block;

#define STRBITS ((FXT_MAX_STRING_INDEX + 1) / 64)

/* String and thread indexes registered in one provider context. */
typedef struct regs {
    uint64_t ctx;
    uint64_t str[STRBITS];
    uint64_t thr[4];
    unsigned nstr, nthr; /* registered indexes other than 0 */
} regs;

/* Per-thread buffers kept from one call to the next, so that a mutation
 * costs no malloc: the record list, the context array, one arena block and
 * the output scratch buffer. */
typedef struct scratch {
    span *spans;
    size_t spans_cap;
    uint64_t *cb;
    size_t cb_cap;
    block *spare; /* an arena block of ARENA_BLOCK bytes */
    uint8_t *out;
    size_t out_cap;
} scratch;

static _Thread_local scratch tl_scratch;
#define ARENA_BLOCK 65536u

typedef struct mut {
    fxt_rng rng;
    trace t;
    block *arena;
    uint64_t *cb; /* context in effect before each record (n + 1 entries) */
    size_t cbcap;
    int oom;
} mut;

static uint64_t rnd(mut *m, uint64_t n) { return n ? fxt_rng_below(&m->rng, n) : 0; }
static int chance(mut *m, unsigned pct) { return rnd(m, 100) < pct; }

static void *aalloc(mut *m, size_t n)
{
    n = align8(n ? n : 1);
    if (m->arena == NULL || m->arena->cap - m->arena->used < n) {
        size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        block *b = NULL;
        if (cap == ARENA_BLOCK && tl_scratch.spare != NULL) {
            b = tl_scratch.spare;
            tl_scratch.spare = NULL;
        } else {
            b = malloc(sizeof *b + cap);
        }
        if (b == NULL) {
            m->oom = 1;
            return NULL;
        }
        b->next = m->arena;
        b->cap = cap;
        b->used = 0;
        m->arena = b;
    }
    void *p = m->arena->data + m->arena->used;
    m->arena->used += n;
    return p;
}

/* Hands the buffers back to the thread's scratch (see mut_init). */
static void mut_free(mut *m)
{
    scratch *sc = &tl_scratch;
    while (m->arena) {
        block *b = m->arena;
        m->arena = b->next;
        if (b->cap == ARENA_BLOCK && sc->spare == NULL)
            sc->spare = b;
        else
            free(b);
    }
    free(sc->spans);
    sc->spans = m->t.r;
    sc->spans_cap = m->t.cap;
    free(sc->cb);
    sc->cb = m->cb;
    sc->cb_cap = m->cbcap;
    m->t.r = NULL;
    m->cb = NULL;
}

static int reserve(mut *m, trace *t, size_t n)
{
    if (n <= t->cap)
        return 1;
    size_t cap = t->cap ? t->cap : 16;
    while (cap < n)
        cap *= 2;
    span *r = realloc(t->r, cap * sizeof *r);
    if (r == NULL) {
        m->oom = 1;
        return 0;
    }
    t->r = r;
    t->cap = cap;
    return 1;
}

static int ins(mut *m, trace *t, size_t at, const uint8_t *p, size_t len)
{
    if (t->n >= MAX_RECS || at > t->n || !reserve(m, t, t->n + 1))
        return 0;
    memmove(&t->r[at + 1], &t->r[at], (t->n - at) * sizeof *t->r);
    t->r[at].p = p;
    t->r[at].len = len;
    t->n++;
    return 1;
}

static void del(trace *t, size_t at, size_t k)
{
    if (at >= t->n)
        return;
    if (k > t->n - at)
        k = t->n - at;
    memmove(&t->r[at], &t->r[at + k], (t->n - at - k) * sizeof *t->r);
    t->n -= k;
}

static size_t total(const trace *t)
{
    size_t s = 0;
    for (size_t i = 0; i < t->n; i++)
        s += t->r[i].len;
    return s;
}

/* Split D (which must stay alive) into records. */
static int parse(mut *m, trace *t, const uint8_t *d, size_t n)
{
    t->n = 0;
    t->be = n >= 8 && rd(d, 0) == bswap64(FXT_MAGIC_RECORD);
    size_t off = 0;
    while (off < n) {
        size_t left = n - off, len;
        if (left < 8 || t->n == MAX_RECS - 1)
            len = left;
        else {
            uint64_t l = record_len(rd(d + off, t->be));
            if (l == 0)
                l = 8;
            len = l > left ? left : (size_t)l;
        }
        if (!reserve(m, t, t->n + 1))
            return 0;
        t->r[t->n].p = d + off;
        t->r[t->n].len = len;
        t->n++;
        off += len;
    }
    return 1;
}

static size_t write_out(const trace *t, uint8_t *out, size_t max)
{
    size_t o = 0;
    for (size_t i = 0; i < t->n && o < max; i++) {
        size_t k = t->r[i].len < max - o ? t->r[i].len : max - o;
        memcpy(out + o, t->r[i].p, k);
        o += k;
    }
    return o;
}

/* A writable copy of record I. */
static uint8_t *own(mut *m, size_t i, size_t extra)
{
    span *s = &m->t.r[i];
    uint8_t *c = aalloc(m, s->len + extra);
    if (c == NULL)
        return NULL;
    memcpy(c, s->p, s->len);
    s->p = c;
    return c;
}

static unsigned rec_type(const span *s, int be)
{
    return s->len >= 8 ? (unsigned)GETF(rd(s->p, be), FXT_REC_TYPE) : 16u;
}

static int is_magic(const span *s)
{
    return s->len == 8 && (rd(s->p, 0) == FXT_MAGIC_RECORD || rd(s->p, 1) == FXT_MAGIC_RECORD);
}

/* Metadata record switching provider context: 1 provider info, 2 section. */
static unsigned prov_switch(const span *s, int be, uint32_t *id)
{
    if (s->len < 8)
        return 0;
    uint64_t h = rd(s->p, be);
    if (GETF(h, FXT_REC_TYPE) != FXT_RT_METADATA)
        return 0;
    unsigned mt = (unsigned)GETF(h, FXT_META_TYPE);
    if (mt != FXT_MT_PROVIDER_INFO && mt != FXT_MT_PROVIDER_SECTION)
        return 0;
    *id = (uint32_t)GETF(h, FXT_META_PROVIDER_ID);
    return mt;
}

static int is_registration(const span *s, int be)
{
    uint32_t id;
    unsigned t = rec_type(s, be);
    return t == FXT_RT_STRING || t == FXT_RT_THREAD || prov_switch(s, be, &id);
}

/* ---- provider contexts and registrations ----------------------------------------------- */

#define IMPLICIT_CTX ((uint64_t)1 << 32)

static int compute_ctx(mut *m)
{
    trace *t = &m->t;
    if (m->cbcap < t->n + 1) {
        uint64_t *c = realloc(m->cb, (t->n + 1) * sizeof *c);
        if (c == NULL) {
            m->oom = 1;
            return 0;
        }
        m->cb = c;
        m->cbcap = t->n + 1;
    }
    uint64_t cur = IMPLICIT_CTX;
    for (size_t j = 0; j < t->n; j++) {
        uint32_t id;
        m->cb[j] = cur;
        if (prov_switch(&t->r[j], t->be, &id))
            cur = id;
    }
    m->cb[t->n] = cur;
    return 1;
}

/* Context that record J is read in (its own id for provider switches). */
static uint64_t ctx_of(mut *m, size_t j)
{
    uint32_t id;
    if (j < m->t.n && prov_switch(&m->t.r[j], m->t.be, &id))
        return id;
    return m->cb[j];
}

static int str_record_index(const span *s, int be, unsigned *idx, const uint8_t **d, size_t *len)
{
    if (rec_type(s, be) != FXT_RT_STRING)
        return 0;
    uint64_t h = rd(s->p, be);
    size_t l = (size_t)GETF(h, FXT_STR_LEN);
    if (8 + align8(l) > s->len)
        return 0;
    *idx = (unsigned)GETF(h, FXT_STR_INDEX);
    if (d) {
        *d = s->p + 8;
        *len = l;
    }
    return *idx != 0;
}

static int thr_record_index(const span *s, int be, unsigned *idx, uint64_t *pid, uint64_t *tid)
{
    if (rec_type(s, be) != FXT_RT_THREAD || s->len < 24)
        return 0;
    *idx = (unsigned)GETF(rd(s->p, be), FXT_THR_INDEX);
    if (pid) {
        *pid = rd(s->p + 8, be);
        *tid = rd(s->p + 16, be);
    }
    return *idx != 0;
}

/* Registrations in effect for a record inserted at POS (needs compute_ctx). */
static void regs_at(mut *m, size_t pos, regs *R)
{
    trace *t = &m->t;
    uint64_t c = m->cb[pos];
    memset(R, 0, sizeof *R);
    R->ctx = c;
    for (size_t j = 0; j < pos; j++) {
        uint32_t id;
        unsigned idx, sw = prov_switch(&t->r[j], t->be, &id);
        if (sw == FXT_MT_PROVIDER_INFO && id == c) {
            memset(R->str, 0, sizeof R->str);
            memset(R->thr, 0, sizeof R->thr);
            continue;
        }
        if (m->cb[j] != c)
            continue;
        if (str_record_index(&t->r[j], t->be, &idx, NULL, NULL))
            R->str[idx >> 6] |= (uint64_t)1 << (idx & 63);
        else if (thr_record_index(&t->r[j], t->be, &idx, NULL, NULL))
            R->thr[idx >> 6] |= (uint64_t)1 << (idx & 63);
    }
    for (unsigned i = 0; i < STRBITS; i++)
        R->nstr += (unsigned)__builtin_popcountll(R->str[i]);
    for (unsigned i = 0; i < 4; i++)
        R->nthr += (unsigned)__builtin_popcountll(R->thr[i]);
}

static int has_bit(const uint64_t *b, unsigned i) { return (b[i >> 6] >> (i & 63)) & 1; }

/* The K-th set bit of B (NWORDS words). */
static unsigned nth_bit(const uint64_t *b, unsigned nwords, unsigned k)
{
    for (unsigned w = 0; w < nwords; w++) {
        unsigned c = (unsigned)__builtin_popcountll(b[w]);
        if (k < c) {
            uint64_t x = b[w];
            while (k--)
                x &= x - 1;
            return w * 64 + (unsigned)__builtin_ctzll(x);
        }
        k -= c;
    }
    return 0;
}

static unsigned pick_str(mut *m, const regs *R) { return nth_bit(R->str, STRBITS, (unsigned)rnd(m, R->nstr)); }
static unsigned pick_thr(mut *m, const regs *R) { return nth_bit(R->thr, 4, (unsigned)rnd(m, R->nthr)); }

static unsigned unreg_str(mut *m, const regs *R)
{
    for (int k = 0; k < 64; k++) {
        unsigned i = chance(m, 50) ? 1 + (unsigned)rnd(m, 96) : 1 + (unsigned)rnd(m, FXT_MAX_STRING_INDEX);
        if (!has_bit(R->str, i))
            return i;
    }
    return 0;
}

static unsigned unreg_thr(mut *m, const regs *R)
{
    for (int k = 0; k < 64; k++) {
        unsigned i = 1 + (unsigned)rnd(m, FXT_MAX_THREAD_INDEX);
        if (!has_bit(R->thr, i))
            return i;
    }
    return 0;
}

/* Latest content of string index IDX registered before POS in its context. */
static int find_string(mut *m, size_t pos, unsigned idx, const uint8_t **d, size_t *len)
{
    uint64_t c = m->cb[pos];
    for (size_t j = pos; j-- > 0;) {
        uint32_t id;
        unsigned k;
        if (prov_switch(&m->t.r[j], m->t.be, &id) == FXT_MT_PROVIDER_INFO && id == c)
            return 0;
        if (m->cb[j] == c && str_record_index(&m->t.r[j], m->t.be, &k, d, len) && k == idx)
            return 1;
    }
    return 0;
}

static int find_thread(mut *m, size_t pos, unsigned idx, uint64_t *pid, uint64_t *tid)
{
    uint64_t c = m->cb[pos];
    for (size_t j = pos; j-- > 0;) {
        uint32_t id;
        unsigned k;
        if (prov_switch(&m->t.r[j], m->t.be, &id) == FXT_MT_PROVIDER_INFO && id == c)
            return 0;
        if (m->cb[j] == c && thr_record_index(&m->t.r[j], m->t.be, &k, pid, tid) && k == idx)
            return 1;
    }
    return 0;
}

/* ---- record layout walker ------------------------------------------------------------- */

enum { K_STR = 0, K_THR = 1, K_PROC = 2 };
enum { T_REC, T_EVENT, T_ARG, T_META, T_TINFO, T_SCHED, T_LARGE, T_LBF, T_BLOB };

typedef struct fld {
    uint32_t off; /* byte offset of the word in the record */
    uint8_t lo, hi, kind;
} fld;

typedef struct stm {
    uint32_t off, len; /* content bytes [off, off+len) (clamped to the record) */
    uint32_t full;     /* declared length */
    uint8_t text;      /* UTF-8 text (not a binary payload) */
} stm;

typedef struct lay {
    unsigned nref, nrsv, ntyp, nlen, nstm, narg;
    fld ref[48], rsv[48], typ[24], lenf[8];
    stm st[40];
    uint32_t arg[FXT_MAX_ARGS];
} lay;

typedef struct walk {
    const uint8_t *p;
    size_t len;
    int be;
    lay *L;
} walk;

static int has(const walk *w, size_t off) { return off <= w->len && w->len - off >= 8; }
static uint64_t W(const walk *w, size_t off) { return rd(w->p + off, w->be); }

static void add_fld(fld *a, unsigned *n, unsigned cap, size_t off, unsigned lo, unsigned hi,
                    unsigned kind)
{
    if (*n < cap) {
        a[*n].off = (uint32_t)off;
        a[*n].lo = (uint8_t)lo;
        a[*n].hi = (uint8_t)hi;
        a[*n].kind = (uint8_t)kind;
        (*n)++;
    }
}

/* F is a "lo, hi" pair from format.h: one more expansion level splits it */
#define ADD_REF(w, off, F, k) ADD_REF_(w, off, F, k)
#define ADD_REF_(w, off, lo, hi, k) add_fld((w)->L->ref, &(w)->L->nref, 48, off, lo, hi, k)
#define ADD_TYP(w, off, F, k) ADD_TYP_(w, off, F, k)
#define ADD_TYP_(w, off, lo, hi, k) add_fld((w)->L->typ, &(w)->L->ntyp, 24, off, lo, hi, k)
#define ADD_LEN(w, off, F) ADD_LEN_(w, off, F)
#define ADD_LEN_(w, off, lo, hi) add_fld((w)->L->lenf, &(w)->L->nlen, 8, off, lo, hi, 0)

static void add_stm(walk *w, size_t off, uint64_t len, int text)
{
    lay *L = w->L;
    if (L->nstm >= 40 || off >= w->len || len == 0)
        return;
    uint64_t l = len < w->len - off ? len : w->len - off;
    L->st[L->nstm].off = (uint32_t)off;
    L->st[L->nstm].len = (uint32_t)l;
    L->st[L->nstm].full = (uint32_t)(len > 0xffffffffu ? 0xffffffffu : len);
    L->st[L->nstm].text = (uint8_t)text;
    L->nstm++;
}

static size_t str_at(walk *w, size_t pos, uint64_t ref)
{
    if (!(ref & FXT_STRREF_INLINE_FLAG))
        return pos;
    size_t l = (size_t)(ref & FXT_STRREF_VALUE_MASK);
    add_stm(w, pos, l, 1);
    return pos + align8(l);
}

/* The reserved fields of the word at OFF described by D (layout table). */
static void add_rsv_desc(walk *w, size_t off, const fxt_word_desc *d)
{
    for (unsigned i = 0; d != NULL && i < d->nfields; i++)
        if (d->fields[i].kind == FXT_FK_RESERVED)
            add_fld(w->L->rsv, &w->L->nrsv, 48, off, d->fields[i].lo, d->fields[i].hi, 0);
}

static size_t walk_args(walk *w, size_t pos, unsigned argc)
{
    for (unsigned i = 0; i < argc; i++) {
        if (!has(w, pos) || w->L->narg >= FXT_MAX_ARGS)
            return pos;
        uint64_t h = W(w, pos);
        w->L->arg[w->L->narg++] = (uint32_t)pos;
        unsigned type = (unsigned)GETF(h, FXT_ARG_TYPE), size = (unsigned)GETF(h, FXT_ARG_SIZE);
        ADD_TYP(w, pos, FXT_ARG_TYPE, T_ARG);
        ADD_REF(w, pos, FXT_ARG_NAME, K_STR);
        size_t q = str_at(w, pos + 8, GETF(h, FXT_ARG_NAME));
        add_rsv_desc(w, pos, fxt_arg_desc(FXT_REV_CURRENT, type));
        if (type == FXT_AT_STRING) {
            ADD_REF(w, pos, FXT_ARG_STR_VALUE, K_STR);
            str_at(w, q, GETF(h, FXT_ARG_STR_VALUE));
        } else if (type == FXT_AT_BOOL) /* a value above 1: bits [33..63] */
            add_fld(w->L->rsv, &w->L->nrsv, 48, pos, FXT_FIELD_LO(FXT_ARG_HI) + 1,
                    FXT_FIELD_HI(FXT_ARG_HI), 0);
        if (size == 0)
            return pos;
        pos += (size_t)size * 8;
    }
    return pos;
}

static void layout(const uint8_t *p, size_t len, int be, lay *L)
{
    walk w = {p, len, be, L};
    L->nref = L->nrsv = L->ntyp = L->nlen = L->nstm = L->narg = 0;
    if (len < 8)
        return;
    uint64_t h = W(&w, 0);
    add_rsv_desc(&w, 0, fxt_header_desc(FXT_REV_CURRENT, h));
    unsigned type = (unsigned)GETF(h, FXT_REC_TYPE);
    ADD_TYP(&w, 0, FXT_REC_TYPE, T_REC);
    size_t pos;
    switch (type) {
    case FXT_RT_METADATA: {
        unsigned mt = (unsigned)GETF(h, FXT_META_TYPE);
        ADD_TYP(&w, 0, FXT_META_TYPE, T_META);
        if (mt == FXT_MT_PROVIDER_INFO) {
            ADD_LEN(&w, 0, FXT_PINFO_NAME_LEN);
            add_stm(&w, 8, GETF(h, FXT_PINFO_NAME_LEN), 1);
        } else if (mt == FXT_MT_TRACE_INFO)
            ADD_TYP(&w, 0, FXT_TINFO_TYPE, T_TINFO);
        break;
    }
    case FXT_RT_INIT:
        break;
    case FXT_RT_STRING:
        ADD_LEN(&w, 0, FXT_STR_LEN);
        add_stm(&w, 8, GETF(h, FXT_STR_LEN), 1);
        break;
    case FXT_RT_THREAD:
        break;
    case FXT_RT_EVENT:
        ADD_TYP(&w, 0, FXT_EV_TYPE, T_EVENT);
        ADD_REF(&w, 0, FXT_EV_THREAD, K_THR);
        ADD_REF(&w, 0, FXT_EV_CATEGORY, K_STR);
        ADD_REF(&w, 0, FXT_EV_NAME, K_STR);
        pos = 16 + (GETF(h, FXT_EV_THREAD) == 0 ? 16 : 0);
        pos = str_at(&w, pos, GETF(h, FXT_EV_CATEGORY));
        pos = str_at(&w, pos, GETF(h, FXT_EV_NAME));
        walk_args(&w, pos, (unsigned)GETF(h, FXT_EV_ARGC));
        break;
    case FXT_RT_BLOB:
        ADD_TYP(&w, 0, FXT_BLOB_TYPE, T_BLOB);
        ADD_REF(&w, 0, FXT_BLOB_NAME, K_STR);
        ADD_LEN(&w, 0, FXT_BLOB_SIZE);
        pos = str_at(&w, 8, GETF(h, FXT_BLOB_NAME));
        add_stm(&w, pos, GETF(h, FXT_BLOB_SIZE), 0);
        break;
    case FXT_RT_USERSPACE:
        ADD_REF(&w, 0, FXT_UOBJ_PROCESS, K_PROC);
        ADD_REF(&w, 0, FXT_UOBJ_NAME, K_STR);
        pos = 16 + (GETF(h, FXT_UOBJ_PROCESS) == 0 ? 8 : 0);
        pos = str_at(&w, pos, GETF(h, FXT_UOBJ_NAME));
        walk_args(&w, pos, (unsigned)GETF(h, FXT_UOBJ_ARGC));
        break;
    case FXT_RT_KERNEL_OBJECT:
        ADD_REF(&w, 0, FXT_KOBJ_NAME, K_STR);
        pos = str_at(&w, 16, GETF(h, FXT_KOBJ_NAME));
        walk_args(&w, pos, (unsigned)GETF(h, FXT_KOBJ_ARGC));
        break;
    case FXT_RT_SCHEDULING: {
        unsigned st = (unsigned)GETF(h, FXT_SCHED_TYPE);
        ADD_TYP(&w, 0, FXT_SCHED_TYPE, T_SCHED);
        if (st == FXT_ST_LEGACY_CONTEXT_SWITCH) {
            ADD_REF(&w, 0, FXT_LCSW_OUT_THREAD, K_THR);
            ADD_REF(&w, 0, FXT_LCSW_IN_THREAD, K_THR);
        } else if (st == FXT_ST_CONTEXT_SWITCH) {
            walk_args(&w, 32, (unsigned)GETF(h, FXT_CSW_ARGC));
        } else if (st == FXT_ST_THREAD_WAKEUP) {
            walk_args(&w, 24, (unsigned)GETF(h, FXT_WAKE_ARGC));
        }
        break;
    }
    case FXT_RT_LOG:
        ADD_REF(&w, 0, FXT_LOG_THREAD, K_THR);
        ADD_LEN(&w, 0, FXT_LOG_LEN);
        pos = 16 + (GETF(h, FXT_LOG_THREAD) == 0 ? 16 : 0);
        add_stm(&w, pos, GETF(h, FXT_LOG_LEN), 1);
        break;
    case FXT_RT_LARGE: {
        ADD_TYP(&w, 0, FXT_LREC_TYPE, T_LARGE);
        if (GETF(h, FXT_LREC_TYPE) != FXT_LT_BLOB)
            break;
        ADD_TYP(&w, 0, FXT_LBLOB_FORMAT, T_LBF);
        unsigned fmt = (unsigned)GETF(h, FXT_LBLOB_FORMAT);
        if (!has(&w, 8) || fmt > FXT_LBF_NO_METADATA)
            break;
        uint64_t f = W(&w, 8);
        add_rsv_desc(&w, 8, fxt_large_blob_format_desc(fmt));
        ADD_REF(&w, 8, FXT_LBLOB_CATEGORY, K_STR);
        ADD_REF(&w, 8, FXT_LBLOB_NAME, K_STR);
        pos = str_at(&w, 16, GETF(f, FXT_LBLOB_CATEGORY));
        pos = str_at(&w, pos, GETF(f, FXT_LBLOB_NAME));
        if (fmt == FXT_LBF_METADATA) {
            ADD_REF(&w, 8, FXT_LBLOB0_THREAD, K_THR);
            pos += 8 + (GETF(f, FXT_LBLOB0_THREAD) == 0 ? 16 : 0);
            pos = walk_args(&w, pos, (unsigned)GETF(f, FXT_LBLOB0_ARGC));
        }
        if (has(&w, pos)) {
            add_fld(L->lenf, &L->nlen, 8, pos, 0, 63, 0);
            add_stm(&w, pos + 8, W(&w, pos), 0);
        }
        break;
    }
    default:
        break;
    }
}

/* ---- interesting values ----------------------------------------------------------------- */

static uint64_t interesting(mut *m, unsigned bits)
{
    uint64_t max = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    switch (rnd(m, 10)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return max;
    case 3: return max - 1;
    case 4: return max >> 1;
    case 5: return (max >> 1) + 1;
    case 6: return rnd(m, 256) & max;
    case 7: return bits > 8 ? ((uint64_t)1 << rnd(m, bits)) : 0x80 & max;
    default: return fxt_rng_next(&m->rng) & max;
    }
}

/* A value for a size-like field of BITS bits currently holding CUR. */
static uint64_t size_value(mut *m, uint64_t cur, unsigned bits)
{
    uint64_t max = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    switch (rnd(m, 8)) {
    case 0: return 0;
    case 1: return cur - 1;
    case 2: return cur + 1;
    case 3: return max;
    case 4: return max - rnd(m, 4);
    case 5: return cur + 2 + rnd(m, 16);
    case 6: return cur > 1 ? cur / 2 : 2;
    default: return interesting(m, bits);
    }
}

/* An undefined value for a type field of kind K. */
/* A value of type field K that the revision does not define, from the
 * layout table (the mutator checks traces of the current revision). */
static uint64_t undefined_value(mut *m, unsigned k)
{
    const fxt_layout *l = fxt_layout_get(FXT_REV_CURRENT);
    uint64_t defined;
    unsigned width = 16;
    switch (k) {
    case T_REC: defined = l->record_types; break;
    case T_EVENT: defined = l->event_types; break;
    case T_ARG: defined = l->arg_types; break;
    case T_META: defined = l->metadata_types; break;
    case T_TINFO: defined = l->trace_info_types; break;
    case T_SCHED: defined = l->sched_types; break;
    case T_LARGE: defined = l->large_types; break;
    case T_LBF: defined = l->large_blob_formats; break;
    default: /* blob type: 8 bits, none above 63 defined */
        defined = l->blob_types;
        width = 256;
        break;
    }
    unsigned n = 0;
    for (unsigned v = 0; v < width; v++)
        n += !fxt_layout_defines(defined, v);
    unsigned pick = (unsigned)rnd(m, n);
    for (unsigned v = 0; v < width; v++)
        if (!fxt_layout_defines(defined, v) && pick-- == 0)
            return v;
    return 0; /* not reached: every field has undefined values */
}

typedef struct text {
    const char *s;
    size_t len;
} text;

static const text k_texts[] = {
    {"", 0},
    {"a", 1},
    {"frame", 5},
    {"abcdefgh", 8},
    {"render::Draw", 12},
    {"h\xc3\xa9llo w\xc3\xb6rld", 13},
    {"\xe2\x9c\x93 ok", 6},
    {"clef \xf0\x9d\x84\x9e", 9},
    {"nul\0inside", 10},
    {"a-sixteen-bytes!", 16},
    {"\xef\xbf\xbf\xf4\x8f\xbf\xbf max", 11},
    {"category:gfx,input,sched,vm,ipc,kernel,sys", 42},
};
#define NTEXTS (sizeof k_texts / sizeof *k_texts)

static text rand_text(mut *m)
{
    return k_texts[rnd(m, NTEXTS)];
}

/* ---- decoding one record with the validator --------------------------------------------- */

typedef struct cache {
    void *vmem;
    size_t vsize;
    uint8_t *pool;      /* generated records, back to back */
    size_t npool;
    uint32_t *pool_off; /* offsets; pool_be bit in the top bit */
    size_t pool_bytes, pool_cap;
    int pool_done;
} cache;

static _Thread_local cache tl_cache;

typedef struct capture_ctx {
    fxt_record *out;
    int got;
} capture_ctx;

static void capture(void *ctx, const fxt_record *r)
{
    capture_ctx *c = ctx;
    if (r->index == 1 && r->known && r->raw != NULL) {
        *c->out = *r;
        c->got = 1;
    }
}

static fxt_options dec_options(void)
{
    fxt_options o = fxt_options_default();
    o.flags = FXT_OPT_VISIT_ALL;
    o.max_providers = 1;
    o.max_threads = 1;
    o.max_async = 1;
    o.max_flows = 1;
    o.on_record = capture;
    return o;
}

/* Decode record bytes P/LEN (byte order BE) into OUT. The model's pointers
 * point into an arena copy that lives until the end of the call. */
static int decode_one(mut *m, const uint8_t *p, size_t len, int be, fxt_record *out)
{
    if (len < 8 || len % 8 || record_len(rd(p, be)) != len)
        return 0;
    cache *c = &tl_cache;
    fxt_options o = dec_options();
    if (c->vmem == NULL) {
        c->vsize = fxt_validator_size(&o);
        c->vmem = malloc(c->vsize);
        if (c->vmem == NULL) {
            m->oom = 1;
            return 0;
        }
    }
    uint8_t *buf = aalloc(m, len + 8);
    if (buf == NULL)
        return 0;
    wr(buf, FXT_MAGIC_RECORD, be);
    memcpy(buf + 8, p, len);
    capture_ctx k = {out, 0};
    o.ctx = &k;
    fxt_validator *v = fxt_validator_init(c->vmem, c->vsize, &o);
    if (v == NULL)
        return 0;
    fxt_validator_feed(v, buf, len + 8);
    return k.got;
}

static const uint8_t *encode(mut *m, const fxt_record *r, int be, size_t *len)
{
    size_t n = fxt_encoded_size(r);
    if (n == 0 || n > ((size_t)1 << 26))
        return NULL;
    uint8_t *b = aalloc(m, n);
    if (b == NULL)
        return NULL;
    fxt_writer w;
    fxt_writer_init(&w, b, n, be);
    if (fxt_encode_record(&w, r) != FXT_ENC_OK)
        return NULL;
    *len = w.len;
    return b;
}

/* ---- the generated record pool ------------------------------------------------------------ */

typedef struct gbuf {
    uint8_t *p;
    size_t n, cap;
} gbuf;

static int gwrite(void *ctx, const void *d, size_t n)
{
    gbuf *g = ctx;
    if (g->n + n > g->cap) {
        size_t cap = g->cap ? g->cap : 65536;
        while (cap < g->n + n)
            cap *= 2;
        uint8_t *p = realloc(g->p, cap);
        if (p == NULL)
            return 1;
        g->p = p;
        g->cap = cap;
    }
    memcpy(g->p + g->n, d, n);
    g->n += n;
    return 0;
}

static void build_pool(void)
{
    cache *c = &tl_cache;
    if (c->pool_done)
        return;
    c->pool_done = 1;
    static const fxt_gen_options specs[] = {
        /* about 80 records set up the tables: counts are beyond that */
        {0x5eed0001u, 400, FXT_GEN_REALISTIC, 0},
        {0x5eed0002u, 180, FXT_GEN_COVERAGE, 0},
        {0x5eed0003u, 300, FXT_GEN_REALISTIC, 1},
        {0x5eed0004u, 180, FXT_GEN_COVERAGE, 1},
    };
    size_t cap_off = 0;
    for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
        gbuf g = {NULL, 0, 0};
        if (fxt_gen_random(&specs[s], gwrite, &g) != 0) {
            free(g.p);
            continue;
        }
        int be = specs[s].big_endian;
        size_t off = 0;
        while (off + 8 <= g.n) {
            uint64_t l = record_len(rd(g.p + off, be));
            if (l == 0 || l > g.n - off)
                break;
            span sp = {g.p + off, (size_t)l};
            uint32_t id;
            if (l <= POOL_MAX_REC && !is_magic(&sp) && !prov_switch(&sp, be, &id)) {
                if (c->npool == cap_off) {
                    size_t nc = cap_off ? cap_off * 2 : 256;
                    uint32_t *no = realloc(c->pool_off, nc * sizeof *no);
                    if (no == NULL)
                        break;
                    c->pool_off = no;
                    cap_off = nc;
                }
                gbuf pb = {c->pool, c->pool_bytes, c->pool_cap};
                if (gwrite(&pb, sp.p, sp.len))
                    break;
                c->pool = pb.p;
                c->pool_cap = pb.cap;
                c->pool_off[c->npool++] = (uint32_t)c->pool_bytes | ((uint32_t)be << 31);
                c->pool_bytes = pb.n;
            }
            off += (size_t)l;
        }
        free(g.p);
    }
}

static int pool_get(mut *m, const uint8_t **p, size_t *len, int *be)
{
    build_pool();
    cache *c = &tl_cache;
    if (c->npool == 0)
        return 0;
    size_t i = (size_t)rnd(m, c->npool);
    uint32_t o = c->pool_off[i] & 0x7fffffffu;
    *be = (int)(c->pool_off[i] >> 31);
    *p = c->pool + o;
    *len = (size_t)record_len(rd(*p, *be));
    return 1;
}

void fxt_mutator_release(void)
{
    scratch *sc = &tl_scratch;
    free(sc->spans);
    free(sc->cb);
    free(sc->spare);
    free(sc->out);
    memset(sc, 0, sizeof *sc);
    cache *c = &tl_cache;
    free(c->vmem);
    free(c->pool);
    free(c->pool_off);
    memset(c, 0, sizeof *c);
}

/* ---- refs of a record model ------------------------------------------------------------- */

typedef struct rslot {
    fxt_str *s;
    fxt_thread *t;
    int proc; /* userspace process ref: one inline koid */
} rslot;

static unsigned model_slots(fxt_record *r, rslot *out)
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

static void set_inline(fxt_str *s, const char *d, size_t len)
{
    *s = fxt_str_inline(d, len);
}

static void rand_str(mut *m, const regs *R, fxt_str *s)
{
    unsigned x = (unsigned)rnd(m, 100);
    if (x < 65 && R->nstr) {
        *s = fxt_str_indexed((uint16_t)pick_str(m, R));
        return;
    }
    if (x < 72) {
        *s = fxt_str_indexed(0);
        return;
    }
    text t = rand_text(m);
    set_inline(s, t.s, t.len);
}

static void rand_thread(mut *m, const regs *R, fxt_thread *t)
{
    if (R->nthr && chance(m, 70))
        *t = fxt_thread_indexed((uint8_t)pick_thr(m, R));
    else
        *t = fxt_thread_inline(1000 + rnd(m, 8), 5000 + rnd(m, 64));
}

/* Point indexed refs that are not registered at POS at registered indexes
 * (or make them inline), so the record stays valid where it goes. */
static void fix_refs(mut *m, const regs *R, fxt_record *r)
{
    rslot sl[64];
    unsigned n = model_slots(r, sl);
    for (unsigned i = 0; i < n; i++) {
        if (sl[i].s) {
            fxt_str *s = sl[i].s;
            if ((s->ref & FXT_STRREF_INLINE_FLAG) || s->ref == 0 || has_bit(R->str, s->ref))
                continue;
            if (R->nstr && chance(m, 80))
                *s = fxt_str_indexed((uint16_t)pick_str(m, R));
            else {
                text t = rand_text(m);
                set_inline(s, t.s, t.len);
            }
        } else {
            fxt_thread *t = sl[i].t;
            if (t->ref == 0 || has_bit(R->thr, t->ref))
                continue;
            if (R->nthr && chance(m, 80))
                *t = fxt_thread_indexed((uint8_t)pick_thr(m, R));
            else
                *t = fxt_thread_inline(1000 + rnd(m, 8), sl[i].proc ? 0 : 5000 + rnd(m, 64));
        }
    }
}

static void rand_arg(mut *m, const regs *R, fxt_arg *a)
{
    memset(a, 0, sizeof *a);
    a->type = (unsigned)rnd(m, FXT_AT_COUNT);
    rand_str(m, R, &a->name);
    switch (a->type) {
    case FXT_AT_INT32:
        a->v.i32 = (int32_t)(uint32_t)interesting(m, 32);
        break;
    case FXT_AT_UINT32:
        a->v.u32 = (uint32_t)interesting(m, 32);
        break;
    case FXT_AT_BOOL:
        a->v.b = (int)rnd(m, 2);
        break;
    case FXT_AT_STRING:
        rand_str(m, R, &a->str);
        break;
    case FXT_AT_NULL:
        break;
    default:
        a->v.u64 = interesting(m, 64);
        break;
    }
}

static uint8_t *rand_bytes(mut *m, size_t n)
{
    uint8_t *b = aalloc(m, n);
    if (b)
        for (size_t i = 0; i < n; i++)
            b[i] = (uint8_t)fxt_rng_next(&m->rng);
    return b;
}

static void rec_init(fxt_record *r, unsigned type)
{
    memset(r, 0, sizeof *r);
    r->type = type;
    r->known = 1;
}

/* A random valid record model whose refs are registered per R. */
static int rand_model(mut *m, const regs *R, fxt_record *r)
{
    unsigned x = (unsigned)rnd(m, 100);
    uint64_t ts = 1000000 + rnd(m, 1000000000);
    if (x < 50) {
        rec_init(r, FXT_RT_EVENT);
        fxt_event *e = &r->u.event;
        e->event_type = (unsigned)rnd(m, FXT_ET_COUNT);
        rand_thread(m, R, &e->thread);
        rand_str(m, R, &e->category);
        rand_str(m, R, &e->name);
        e->timestamp = ts;
        e->data = e->event_type == FXT_ET_DURATION_COMPLETE ? ts + rnd(m, 1000) : rnd(m, 64);
        r->argc = chance(m, 50) ? (unsigned)rnd(m, 5) : 0;
        if (chance(m, 3))
            r->argc = FXT_MAX_ARGS;
    } else if (x < 56) {
        rec_init(r, FXT_RT_KERNEL_OBJECT);
        r->u.object.koid_type = (unsigned)rnd(m, 40);
        r->u.object.id = interesting(m, 64);
        rand_str(m, R, &r->u.object.name);
        r->argc = (unsigned)rnd(m, 3);
    } else if (x < 61) {
        rec_init(r, FXT_RT_USERSPACE);
        r->u.object.id = interesting(m, 64);
        rand_thread(m, R, &r->u.object.process);
        r->u.object.process.tid = 0;
        rand_str(m, R, &r->u.object.name);
        r->argc = (unsigned)rnd(m, 3);
    } else if (x < 68) {
        rec_init(r, FXT_RT_LOG);
        r->u.log.timestamp = ts;
        rand_thread(m, R, &r->u.log.thread);
        text t = rand_text(m);
        r->u.log.msg = t.s;
        r->u.log.msg_len = t.len;
    } else if (x < 72) {
        rec_init(r, FXT_RT_BLOB);
        r->u.blob.blob_type = 1 + (unsigned)rnd(m, 3);
        rand_str(m, R, &r->u.blob.name);
        r->u.blob.payload_size = rnd(m, 64);
        r->u.blob.payload = rand_bytes(m, (size_t)r->u.blob.payload_size);
        if (r->u.blob.payload == NULL)
            return 0;
    } else if (x < 81) {
        rec_init(r, FXT_RT_SCHEDULING);
        fxt_sched *s = &r->u.sched;
        s->sched_type = (unsigned)rnd(m, 3);
        s->timestamp = ts;
        if (s->sched_type == FXT_ST_LEGACY_CONTEXT_SWITCH) {
            static const unsigned k_states[] = {0, 2, 3, 4, 5};
            s->cpu = (unsigned)rnd(m, 256);
            s->state = k_states[rnd(m, 5)];
            rand_thread(m, R, &s->out);
            rand_thread(m, R, &s->in);
            s->out_prio = (unsigned)rnd(m, 256);
            s->in_prio = (unsigned)rnd(m, 256);
        } else {
            s->cpu = (unsigned)rnd(m, 65536);
            s->state = s->sched_type == FXT_ST_CONTEXT_SWITCH ? (unsigned)rnd(m, 6) : 0;
            s->out.tid = 5000 + rnd(m, 64);
            s->in.tid = 5000 + rnd(m, 64);
            r->argc = (unsigned)rnd(m, 3);
        }
    } else if (x < 83) {
        rec_init(r, FXT_RT_INIT);
        r->u.ticks_per_second = chance(m, 50) ? 1000000000u : 1 + rnd(m, 0xffffffffu);
    } else if (x < 89) {
        rec_init(r, FXT_RT_STRING);
        unsigned idx = R->nstr && chance(m, 30) ? pick_str(m, R) : unreg_str(m, R);
        if (idx == 0)
            idx = 1;
        text t = rand_text(m);
        if (t.len == 0)
            t = k_texts[2];
        r->u.string.index = idx;
        r->u.string.data = t.s;
        r->u.string.len = t.len;
    } else if (x < 93) {
        rec_init(r, FXT_RT_THREAD);
        unsigned idx = R->nthr && chance(m, 30) ? pick_thr(m, R) : unreg_thr(m, R);
        r->u.thread.index = idx ? idx : 1;
        r->u.thread.pid = 1000 + rnd(m, 8);
        r->u.thread.tid = 5000 + rnd(m, 64);
    } else if (x < 95) {
        rec_init(r, FXT_RT_METADATA);
        r->u.meta.meta_type = FXT_MT_PROVIDER_EVENT;
        r->u.meta.provider_id = (uint32_t)(R->ctx & 0xffffffffu);
        r->u.meta.event_id = FXT_PEVENT_BUFFER_FULL;
    } else {
        rec_init(r, FXT_RT_LARGE);
        fxt_blob *b = &r->u.blob;
        b->format = (unsigned)rnd(m, 2);
        rand_str(m, R, &b->category);
        rand_str(m, R, &b->name);
        if (b->format == FXT_LBF_METADATA) {
            b->timestamp = ts;
            rand_thread(m, R, &b->thread);
            r->argc = (unsigned)rnd(m, 3);
        }
        b->payload_size = rnd(m, 200);
        b->payload = rand_bytes(m, (size_t)b->payload_size);
        if (b->payload == NULL)
            return 0;
    }
    for (unsigned i = 0; i < r->argc; i++)
        rand_arg(m, R, &r->args[i]);
    return 1;
}

/* ---- picking records -------------------------------------------------------------------- */

/* A record index for a mutation: mostly not the magic record, and (if
 * AVOID_REG) mostly not a registration. Records shorter than a word only if
 * ANY_LEN. */
static int pick_rec(mut *m, size_t *out, int avoid_reg, int any_len)
{
    trace *t = &m->t;
    if (t->n == 0)
        return 0;
    for (int k = 0; k < 16; k++) {
        size_t i = (size_t)rnd(m, t->n);
        span *s = &t->r[i];
        if (!any_len && s->len < 8)
            continue;
        if (is_magic(s) && chance(m, 95))
            continue;
        if (avoid_reg && is_registration(s, t->be) && chance(m, 90))
            continue;
        *out = i;
        return 1;
    }
    return 0;
}

/* A record whose layout has something of interest (per WANT). */
enum { W_RSV, W_TYP, W_REF, W_LEN, W_STM, W_ARG };

static unsigned lay_count(const lay *L, int want)
{
    switch (want) {
    case W_RSV: return L->nrsv;
    case W_TYP: return L->ntyp;
    case W_REF: return L->nref;
    case W_LEN: return L->nlen;
    case W_STM: return L->nstm;
    default: return L->narg;
    }
}

static int pick_with(mut *m, int want, size_t *out, lay *L)
{
    for (int k = 0; k < 24; k++) {
        size_t i;
        if (!pick_rec(m, &i, 0, 0))
            return 0;
        layout(m->t.r[i].p, m->t.r[i].len, m->t.be, L);
        if (lay_count(L, want)) {
            *out = i;
            return 1;
        }
    }
    return 0;
}

static void set_field(uint8_t *p, const fld *f, int be, uint64_t v)
{
    wr(p + f->off, set_bits(rd(p + f->off, be), f->lo, f->hi, v), be);
}

/* ---- the mutations ---------------------------------------------------------------------- */

static int op_flip_reserved(mut *m)
{
    lay L;
    size_t i;
    if (!pick_with(m, W_RSV, &i, &L))
        return 0;
    const fld *f = &L.rsv[rnd(m, L.nrsv)];
    uint8_t *p = own(m, i, 0);
    if (p == NULL)
        return 0;
    unsigned bit = f->lo + (unsigned)rnd(m, (uint64_t)(f->hi - f->lo + 1));
    uint64_t w = rd(p + f->off, m->t.be);
    if (chance(m, 15))
        w |= FXT_WIDTH_MASK_(f->lo, f->hi) << f->lo; /* all of them */
    else
        w ^= (uint64_t)1 << bit;
    wr(p + f->off, w, m->t.be);
    return 1;
}

static int op_record_size(mut *m)
{
    size_t i;
    if (!pick_rec(m, &i, 0, 0))
        return 0;
    uint8_t *p = own(m, i, 0);
    if (p == NULL)
        return 0;
    uint64_t h = rd(p, m->t.be);
    int large = GETF(h, FXT_REC_TYPE) == FXT_RT_LARGE;
    unsigned lo = large ? LO(FXT_LREC_SIZE) : LO(FXT_REC_SIZE);
    unsigned hi = large ? HI(FXT_LREC_SIZE) : HI(FXT_REC_SIZE);
    uint64_t cur = get_bits(h, lo, hi), v;
    if (large && chance(m, 30)) {
        static const uint64_t k_big[] = {0xffffffffu, 0xfffffffeu, 0x80000000u, 0x7fffffffu,
                                         0x20000000u, 0x00100001u};
        v = k_big[rnd(m, 6)];
    } else
        v = size_value(m, cur, hi - lo + 1);
    if (v == cur)
        v = cur ^ 1;
    wr(p, set_bits(h, lo, hi, v), m->t.be);
    return 1;
}

/* Append K words to record I (zero, or random) and update its size. */
static int op_record_extend(mut *m)
{
    size_t i;
    if (!pick_rec(m, &i, 0, 0))
        return 0;
    span *s = &m->t.r[i];
    if (s->len % 8)
        return 0;
    uint64_t h = rd(s->p, m->t.be);
    int large = GETF(h, FXT_REC_TYPE) == FXT_RT_LARGE;
    size_t k = 1 + (size_t)rnd(m, 3);
    uint64_t words = s->len / 8 + k;
    if (words > (large ? FXT_MAX_LARGE_RECORD_WORDS : FXT_MAX_RECORD_WORDS))
        return 0;
    size_t old = s->len;
    uint8_t *p = own(m, i, k * 8);
    if (p == NULL)
        return 0;
    int junk = chance(m, 20);
    for (size_t b = 0; b < k * 8; b++)
        p[old + b] = junk ? (uint8_t)fxt_rng_next(&m->rng) : 0;
    h = large ? FXT_SET(h, FXT_LREC_SIZE, words) : FXT_SET(h, FXT_REC_SIZE, words);
    wr(p, h, m->t.be);
    s->len = old + k * 8;
    return 1;
}

static int op_arg_size(mut *m)
{
    lay L;
    size_t i;
    if (!pick_with(m, W_ARG, &i, &L))
        return 0;
    uint32_t a = L.arg[rnd(m, L.narg)];
    uint8_t *p = own(m, i, 0);
    if (p == NULL)
        return 0;
    uint64_t h = rd(p + a, m->t.be);
    uint64_t cur = GETF(h, FXT_ARG_SIZE), v = size_value(m, cur, 12);
    if (v == cur)
        v = cur ^ 1;
    wr(p + a, FXT_SET(h, FXT_ARG_SIZE, v), m->t.be);
    return 1;
}

/* Append zero words to one argument: argument and record sizes grow. */
static int op_arg_extend(mut *m)
{
    lay L;
    size_t i;
    if (!pick_with(m, W_ARG, &i, &L))
        return 0;
    span *s = &m->t.r[i];
    if (s->len % 8)
        return 0;
    int be = m->t.be;
    uint32_t a = L.arg[rnd(m, L.narg)];
    uint64_t ah = rd(s->p + a, be), rh = rd(s->p, be);
    uint64_t asz = GETF(ah, FXT_ARG_SIZE);
    size_t end = a + (size_t)asz * 8;
    int large = GETF(rh, FXT_REC_TYPE) == FXT_RT_LARGE;
    size_t k = 1 + (size_t)rnd(m, 2);
    if (asz == 0 || end > s->len || asz + k > FXT_FIELD_MAX(FXT_ARG_SIZE) ||
        s->len / 8 + k > (large ? FXT_MAX_LARGE_RECORD_WORDS : FXT_MAX_RECORD_WORDS))
        return 0;
    uint8_t *p = aalloc(m, s->len + k * 8);
    if (p == NULL)
        return 0;
    memcpy(p, s->p, end);
    memset(p + end, 0, k * 8);
    memcpy(p + end + k * 8, s->p + end, s->len - end);
    wr(p + a, FXT_SET(ah, FXT_ARG_SIZE, asz + k), be);
    uint64_t words = s->len / 8 + k;
    wr(p, large ? FXT_SET(rh, FXT_LREC_SIZE, words) : FXT_SET(rh, FXT_REC_SIZE, words), be);
    s->p = p;
    s->len += k * 8;
    return 1;
}

/* A large record with a length field (its 64-bit blob size word), if any. */
static int pick_large(mut *m, size_t *out, lay *L)
{
    size_t n = m->t.n;
    if (n == 0)
        return 0;
    size_t start = (size_t)rnd(m, n);
    for (size_t k = 0; k < n; k++) {
        size_t j = (start + k) % n;
        if (rec_type(&m->t.r[j], m->t.be) != FXT_RT_LARGE)
            continue;
        layout(m->t.r[j].p, m->t.r[j].len, m->t.be, L);
        if (L->nlen) {
            *out = j;
            return 1;
        }
    }
    return 0;
}

static int op_length_field(mut *m)
{
    lay L;
    size_t i;
    /* 64-bit sizes near 2^64 wrap readers' "offset + size > end" checks, a
     * classic bug, but large blob records are rare: favour them. */
    int large = chance(m, 40) && pick_large(m, &i, &L);
    if (!large && !pick_with(m, W_LEN, &i, &L))
        return 0;
    const fld *f = &L.lenf[rnd(m, L.nlen)];
    for (unsigned k = 0; large && k < L.nlen; k++)
        if (L.lenf[k].hi - L.lenf[k].lo == 63)
            f = &L.lenf[k];
    uint8_t *p = own(m, i, 0);
    if (p == NULL)
        return 0;
    uint64_t cur = get_bits(rd(p + f->off, m->t.be), f->lo, f->hi);
    uint64_t v = size_value(m, cur, (unsigned)(f->hi - f->lo + 1));
    if (f->hi - f->lo == 63 && chance(m, large ? 60 : 30)) {
        static const uint64_t k_huge[] = {~(uint64_t)0, ~(uint64_t)0 - 7, (uint64_t)1 << 63,
                                          (uint64_t)1 << 32, 0xfffffff8u};
        v = k_huge[rnd(m, 5)];
    }
    if (v == cur)
        v = cur + 8;
    set_field(p, f, m->t.be, v);
    return 1;
}

static int op_truncate(mut *m)
{
    trace *t = &m->t;
    if (t->n == 0)
        return 0;
    switch (rnd(m, 4)) {
    case 0: /* at a record boundary */
        if (t->n < 2)
            return 0;
        t->n = 1 + (size_t)rnd(m, t->n - 1);
        return 1;
    case 1: { /* anywhere: the trace ends inside a record */
        size_t i = (size_t)rnd(m, t->n);
        size_t keep = (size_t)rnd(m, t->r[i].len);
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
        if (!pick_rec(m, &i, 1, 0) || t->r[i].len < 16)
            return 0;
        t->r[i].len -= 8 * (1 + (size_t)rnd(m, (t->r[i].len / 8) - 1));
        return 1;
    }
    default: { /* a record loses words and its size says so */
        size_t i;
        if (!pick_rec(m, &i, 1, 0) || t->r[i].len < 16 || t->r[i].len % 8)
            return 0;
        size_t words = t->r[i].len / 8 - 1 - (size_t)rnd(m, t->r[i].len / 8 - 1);
        uint8_t *p = own(m, i, 0);
        if (p == NULL)
            return 0;
        uint64_t h = rd(p, t->be);
        h = GETF(h, FXT_REC_TYPE) == FXT_RT_LARGE ? FXT_SET(h, FXT_LREC_SIZE, words)
                                                   : FXT_SET(h, FXT_REC_SIZE, words);
        wr(p, h, t->be);
        t->r[i].len = words * 8;
        return 1;
    }
    }
}

static int op_duplicate(mut *m)
{
    size_t i;
    if (!pick_rec(m, &i, 0, 1))
        return 0;
    span s = m->t.r[i];
    size_t at = chance(m, 70) ? i + 1 : 1 + (size_t)rnd(m, m->t.n);
    if (at > m->t.n)
        at = m->t.n;
    unsigned k = chance(m, 85) ? 1 : 2 + (unsigned)rnd(m, 6);
    for (unsigned j = 0; j < k; j++)
        if (!ins(m, &m->t, at, s.p, s.len))
            return j > 0;
    return 1;
}

static int op_delete(mut *m)
{
    size_t i;
    if (m->t.n < 2 || !pick_rec(m, &i, 1, 1))
        return 0;
    size_t k = chance(m, 80) ? 1 : 2 + (size_t)rnd(m, 3);
    del(&m->t, i, k);
    return 1;
}

static int op_swap(mut *m)
{
    size_t i, j;
    trace *t = &m->t;
    if (t->n < 2 || !pick_rec(m, &i, 0, 1))
        return 0;
    if (chance(m, 60))
        j = i + 1 < t->n ? i + 1 : i - 1;
    else if (!pick_rec(m, &j, 0, 1) || j == i)
        return 0;
    span x = t->r[i];
    t->r[i] = t->r[j];
    t->r[j] = x;
    return 1;
}

static int op_retarget_ref(mut *m)
{
    lay L;
    size_t i;
    if (!pick_with(m, W_REF, &i, &L) || !compute_ctx(m))
        return 0;
    int be = m->t.be;
    /* prefer refs whose form does not change the layout: indexed or empty
     * string refs, indexed thread refs */
    unsigned cand[48], nc = 0;
    for (unsigned k = 0; k < L.nref; k++) {
        uint64_t v = get_bits(rd(m->t.r[i].p + L.ref[k].off, be), L.ref[k].lo, L.ref[k].hi);
        if (L.ref[k].kind == K_STR ? !(v & FXT_STRREF_INLINE_FLAG) : v != 0)
            cand[nc++] = k;
    }
    const fld *f;
    if (nc && chance(m, 90))
        f = &L.ref[cand[rnd(m, nc)]];
    else
        f = &L.ref[rnd(m, L.nref)];
    regs R;
    regs_at(m, i, &R);
    R.ctx = ctx_of(m, i);
    unsigned idx = f->kind == K_STR ? unreg_str(m, &R) : unreg_thr(m, &R);
    if (idx == 0)
        return 0;
    uint8_t *p = own(m, i, 0);
    if (p == NULL)
        return 0;
    set_field(p, f, be, idx);
    return 1;
}

/* Pick a record of a type that has refs and decode it. */
static int pick_decoded(mut *m, size_t *out, fxt_record *r, int need_refs)
{
    for (int k = 0; k < 16; k++) {
        size_t i;
        if (!pick_rec(m, &i, 0, 0))
            return 0;
        unsigned t = rec_type(&m->t.r[i], m->t.be);
        if (need_refs && !((t >= FXT_RT_EVENT && t <= FXT_RT_LOG) || t == FXT_RT_LARGE))
            continue;
        if (decode_one(m, m->t.r[i].p, m->t.r[i].len, m->t.be, r)) {
            *out = i;
            return 1;
        }
    }
    return 0;
}

/* Replace record I by model R (encoded in the trace's byte order). */
static int replace(mut *m, size_t i, const fxt_record *r)
{
    size_t len;
    const uint8_t *p = encode(m, r, m->t.be, &len);
    if (p == NULL)
        return 0;
    m->t.r[i].p = p;
    m->t.r[i].len = len;
    return 1;
}

static int insert_model(mut *m, size_t at, const fxt_record *r)
{
    size_t len;
    const uint8_t *p = encode(m, r, m->t.be, &len);
    return p != NULL && ins(m, &m->t, at, p, len);
}

static int op_switch_ref(mut *m)
{
    fxt_record r;
    size_t i = 0; /* set by pick_decoded(); gcc -O3 cannot tell */
    if (!pick_decoded(m, &i, &r, 1) || !compute_ctx(m))
        return 0;
    rslot sl[64];
    unsigned n = model_slots(&r, sl);
    if (n == 0)
        return 0;
    rslot *s = &sl[rnd(m, n)];
    regs R;
    regs_at(m, i, &R);
    fxt_record extra; /* a registration to insert before the record */
    int have_extra = 0;
    if (s->s) {
        fxt_str *x = s->s;
        if (x->ref & FXT_STRREF_INLINE_FLAG) {
            /* inline -> indexed: a registered index, or register one */
            if (x->len == 0 && chance(m, 50)) {
                *x = fxt_str_indexed(0);
            } else if (R.nstr && chance(m, 50)) {
                *x = fxt_str_indexed((uint16_t)pick_str(m, &R));
            } else {
                unsigned idx = unreg_str(m, &R);
                if (idx == 0 || x->len == 0)
                    return 0;
                rec_init(&extra, FXT_RT_STRING);
                extra.u.string.index = idx;
                extra.u.string.data = x->data;
                extra.u.string.len = x->len;
                have_extra = 1;
                *x = fxt_str_indexed((uint16_t)idx);
            }
        } else {
            /* indexed or empty -> inline, with the registered content if known */
            const uint8_t *d;
            size_t len;
            if (x->ref != 0 && find_string(m, i, x->ref, &d, &len))
                set_inline(x, (const char *)d, len);
            else {
                text t = rand_text(m);
                set_inline(x, t.s, t.len);
            }
        }
    } else {
        fxt_thread *t = s->t;
        if (t->ref == FXT_THREADREF_INLINE) {
            if (R.nthr && chance(m, 50)) {
                *t = fxt_thread_indexed((uint8_t)pick_thr(m, &R));
            } else {
                unsigned idx = unreg_thr(m, &R);
                if (idx == 0)
                    return 0;
                rec_init(&extra, FXT_RT_THREAD);
                extra.u.thread.index = idx;
                extra.u.thread.pid = t->pid;
                extra.u.thread.tid = s->proc ? 5000 + rnd(m, 64) : t->tid;
                have_extra = 1;
                *t = fxt_thread_indexed((uint8_t)idx);
            }
        } else {
            uint64_t pid, tid;
            if (!find_thread(m, i, t->ref, &pid, &tid))
                pid = 1000 + rnd(m, 8), tid = 5000 + rnd(m, 64);
            *t = fxt_thread_inline(pid, s->proc ? 0 : tid);
        }
    }
    if (!replace(m, i, &r))
        return 0;
    if (have_extra && !insert_model(m, i, &extra))
        return 0;
    return 1;
}

static const uint8_t k_bad_utf8[][4] = {
    {0xff, 0, 0, 0},          {0xc0, 0xaf, 0, 0},       {0xe0, 0x80, 0xaf, 0},
    {0xed, 0xa0, 0x80, 0},    {0xf4, 0x90, 0x80, 0x80}, {0x80, 0, 0, 0},
    {0xf8, 0x88, 0x80, 0x80}, {0xc2, 0x41, 0, 0},       {0xe2, 0x82, 0x41, 0},
};
static const uint8_t k_bad_utf8_len[] = {1, 2, 3, 3, 4, 1, 4, 2, 3};

static int op_corrupt_utf8(mut *m)
{
    for (int k = 0; k < 8; k++) {
        lay L;
        size_t i;
        if (!pick_with(m, W_STM, &i, &L))
            return 0;
        unsigned ts[40], nt = 0;
        for (unsigned j = 0; j < L.nstm; j++)
            if (L.st[j].text && L.st[j].len)
                ts[nt++] = j;
        if (nt == 0)
            continue;
        const stm *s = &L.st[ts[rnd(m, nt)]];
        uint8_t *p = own(m, i, 0);
        if (p == NULL)
            return 0;
        if (chance(m, 20)) { /* a multi-byte sequence cut by the end of the string */
            static const uint8_t k_lead[] = {0xc3, 0xe2, 0xf0};
            p[s->off + s->len - 1] = k_lead[rnd(m, 3)];
            return 1;
        }
        unsigned b = (unsigned)rnd(m, sizeof k_bad_utf8_len);
        size_t l = k_bad_utf8_len[b] < s->len ? k_bad_utf8_len[b] : s->len;
        size_t at = s->off + (size_t)rnd(m, s->len - l + 1);
        memcpy(p + at, k_bad_utf8[b], l);
        return 1;
    }
    return 0;
}

static int op_corrupt_padding(mut *m)
{
    for (int k = 0; k < 8; k++) {
        lay L;
        size_t i;
        if (!pick_with(m, W_STM, &i, &L))
            return 0;
        unsigned ps[40], np = 0;
        for (unsigned j = 0; j < L.nstm; j++) {
            size_t end = (size_t)L.st[j].off + L.st[j].len;
            if (L.st[j].len == L.st[j].full && end % 8 && end < m->t.r[i].len)
                ps[np++] = j;
        }
        if (np == 0)
            continue;
        const stm *s = &L.st[ps[rnd(m, np)]];
        size_t a = (size_t)s->off + s->len, b = align8(a);
        if (b > m->t.r[i].len)
            b = m->t.r[i].len;
        uint8_t *p = own(m, i, 0);
        if (p == NULL)
            return 0;
        p[a + (size_t)rnd(m, b - a)] = (uint8_t)(1 + rnd(m, 255));
        return 1;
    }
    return 0;
}

static int op_undefined_type(mut *m)
{
    lay L;
    size_t i;
    if (!pick_with(m, W_TYP, &i, &L))
        return 0;
    /* the record type itself is typ[0]; give sub-type fields the larger share */
    const fld *f = L.ntyp > 1 && chance(m, 70) ? &L.typ[1 + rnd(m, L.ntyp - 1)] : &L.typ[0];
    uint8_t *p = own(m, i, 0);
    if (p == NULL)
        return 0;
    set_field(p, f, m->t.be, undefined_value(m, f->kind));
    return 1;
}

static size_t insert_pos(mut *m)
{
    trace *t = &m->t;
    if (t->n == 0)
        return 0;
    return 1 + (size_t)rnd(m, t->n); /* after the first record (the magic, usually) */
}

static int op_insert_generated(mut *m)
{
    if (!compute_ctx(m))
        return 0;
    unsigned k = chance(m, 70) ? 1 : 2 + (unsigned)rnd(m, 3), done = 0;
    size_t at = insert_pos(m);
    regs R;
    regs_at(m, at, &R);
    for (unsigned j = 0; j < k; j++) {
        const uint8_t *p;
        size_t len;
        int be;
        fxt_record r;
        if (!pool_get(m, &p, &len, &be) || !decode_one(m, p, len, be, &r))
            continue;
        if (chance(m, 90))
            fix_refs(m, &R, &r);
        if (r.type == FXT_RT_METADATA)
            r.u.meta.provider_id = (uint32_t)(R.ctx & 0xffffffffu);
        if (insert_model(m, at + done, &r))
            done++;
    }
    return done > 0;
}

static int op_insert_model(mut *m)
{
    if (!compute_ctx(m))
        return 0;
    size_t at = insert_pos(m);
    regs R;
    regs_at(m, at, &R);
    fxt_record r;
    if (!rand_model(m, &R, &r))
        return 0;
    return insert_model(m, at, &r);
}

static void tweak_args(mut *m, const regs *R, fxt_record *r)
{
    unsigned x = (unsigned)rnd(m, 4);
    if (x == 0 && r->argc < FXT_MAX_ARGS) {
        unsigned at = (unsigned)rnd(m, r->argc + 1);
        memmove(&r->args[at + 1], &r->args[at], (r->argc - at) * sizeof r->args[0]);
        rand_arg(m, R, &r->args[at]);
        r->argc++;
    } else if (x == 1 && r->argc > 0) {
        unsigned at = (unsigned)rnd(m, r->argc);
        memmove(&r->args[at], &r->args[at + 1], (r->argc - at - 1) * sizeof r->args[0]);
        r->argc--;
    } else if (r->argc > 0) {
        fxt_arg *a = &r->args[rnd(m, r->argc)];
        if (x == 2) {
            fxt_str name = a->name;
            const uint8_t *extra = a->extra;
            size_t ew = a->extra_words;
            rand_arg(m, R, a);
            a->name = name;
            a->extra = extra; /* keep appended words */
            a->extra_words = ew;
        } else if (a->type == FXT_AT_BOOL)
            a->v.b = !a->v.b;
        else
            a->v.u64 = interesting(m, a->type == FXT_AT_INT32 || a->type == FXT_AT_UINT32 ? 32 : 64);
    } else {
        r->argc = 1;
        rand_arg(m, R, &r->args[0]);
    }
}

static int op_tweak_model(mut *m)
{
    fxt_record r;
    size_t i = 0; /* set by pick_decoded(); gcc -O3 cannot tell */
    if (!pick_decoded(m, &i, &r, 0) || !compute_ctx(m))
        return 0;
    regs R;
    regs_at(m, i, &R);
    R.ctx = ctx_of(m, i);
    switch (r.type) {
    case FXT_RT_EVENT: {
        fxt_event *e = &r.u.event;
        switch (rnd(m, 6)) {
        case 0:
            e->event_type = (unsigned)rnd(m, FXT_ET_COUNT);
            break;
        case 1:
            e->timestamp = chance(m, 50) ? interesting(m, 64) : e->timestamp + rnd(m, 3) - 1;
            break;
        case 2:
            e->data = chance(m, 50) ? interesting(m, 64) : e->data ^ (1u + rnd(m, 3));
            break;
        case 3:
            rand_str(m, &R, chance(m, 50) ? &e->name : &e->category);
            break;
        case 4:
            rand_thread(m, &R, &e->thread);
            break;
        default:
            tweak_args(m, &R, &r);
            break;
        }
        break;
    }
    case FXT_RT_STRING: {
        text t = rand_text(m);
        if (t.len == 0 && chance(m, 80))
            t = k_texts[3];
        r.u.string.data = t.s;
        r.u.string.len = t.len;
        break;
    }
    case FXT_RT_THREAD:
        r.u.thread.pid = chance(m, 50) ? 1000 + rnd(m, 8) : interesting(m, 64);
        r.u.thread.tid = chance(m, 50) ? 5000 + rnd(m, 64) : interesting(m, 64);
        break;
    case FXT_RT_INIT:
        r.u.ticks_per_second = chance(m, 90) ? 1 + rnd(m, 0xffffffffffull) : 0;
        break;
    case FXT_RT_LOG: {
        text t = rand_text(m);
        if (chance(m, 50)) {
            r.u.log.msg = t.s;
            r.u.log.msg_len = t.len;
        } else
            r.u.log.timestamp = interesting(m, 64);
        break;
    }
    case FXT_RT_BLOB:
        if (chance(m, 50))
            r.u.blob.blob_type = 1 + (unsigned)rnd(m, 3);
        else {
            r.u.blob.payload_size = rnd(m, 100);
            r.u.blob.payload = rand_bytes(m, (size_t)r.u.blob.payload_size);
            if (r.u.blob.payload == NULL)
                return 0;
        }
        break;
    case FXT_RT_USERSPACE:
    case FXT_RT_KERNEL_OBJECT:
        if (chance(m, 50))
            tweak_args(m, &R, &r);
        else if (chance(m, 50))
            r.u.object.id = interesting(m, 64);
        else
            r.u.object.koid_type = (unsigned)rnd(m, 256);
        break;
    case FXT_RT_SCHEDULING: {
        fxt_sched *s = &r.u.sched;
        if (s->sched_type != FXT_ST_LEGACY_CONTEXT_SWITCH && chance(m, 40))
            tweak_args(m, &R, &r);
        else if (chance(m, 50))
            s->timestamp = interesting(m, 64);
        else if (s->sched_type == FXT_ST_CONTEXT_SWITCH)
            s->state = (unsigned)rnd(m, 16); /* above 5: a warning */
        else if (s->sched_type == FXT_ST_LEGACY_CONTEXT_SWITCH)
            s->cpu = (unsigned)rnd(m, 256);
        else
            s->cpu = (unsigned)rnd(m, 65536);
        break;
    }
    case FXT_RT_LARGE: {
        fxt_blob *b = &r.u.blob;
        if (chance(m, 40) && b->format == FXT_LBF_METADATA)
            tweak_args(m, &R, &r);
        else if (chance(m, 30)) {
            b->format = FXT_LBF_NO_METADATA;
            r.argc = 0;
        } else {
            b->payload_size = rnd(m, 300);
            b->payload = rand_bytes(m, (size_t)b->payload_size);
            if (b->payload == NULL)
                return 0;
        }
        break;
    }
    case FXT_RT_METADATA:
        if (r.u.meta.meta_type == FXT_MT_PROVIDER_EVENT)
            r.u.meta.event_id = chance(m, 50) ? 0 : (unsigned)rnd(m, 16);
        else if (r.u.meta.meta_type == FXT_MT_PROVIDER_INFO) {
            text t = rand_text(m);
            r.u.meta.name.data = t.s;
            r.u.meta.name.len = t.len;
        } else
            return 0;
        break;
    default:
        return 0;
    }
    return replace(m, i, &r);
}

/* Every record re-encoded in the other byte order (records that do not
 * decode have their words swapped blindly). */
/* Record P/LEN (byte order BE) in the other byte order without decoding
 * it: every word is swapped except the words of its byte streams (strings,
 * payloads), which read the same in either order. NULL when the walk may
 * have missed a stream (too many of them): then decode and re-encode. */
static const uint8_t *fast_swap(mut *m, const uint8_t *p, size_t len, int be)
{
    lay L;
    if (len < 8 || len % 8)
        return NULL;
    layout(p, len, be, &L);
    if (L.nstm >= sizeof L.st / sizeof L.st[0])
        return NULL;
    uint8_t *q = aalloc(m, len);
    if (q == NULL)
        return NULL;
    memcpy(q, p, len);
    for (size_t o = 0; o < len; o += 8) {
        int bytes = 0;
        for (unsigned k = 0; k < L.nstm && !bytes; k++)
            bytes = o >= L.st[k].off && o < (size_t)L.st[k].off + align8(L.st[k].len);
        if (!bytes)
            wr(q + o, rd(q + o, be), !be);
    }
    return q;
}

/* Re-encodes records [FROM, TO) of T in the other byte order (T's flag is
 * left alone: the caller knows which records it converted). */
static int swap_range(mut *m, trace *t, size_t from, size_t to)
{
    int be = t->be;
    for (size_t i = from; i < to && i < t->n; i++) {
        span *s = &t->r[i];
        fxt_record r;
        size_t len = s->len;
        const uint8_t *p = fast_swap(m, s->p, s->len, be);
        if (p == NULL && decode_one(m, s->p, s->len, be, &r))
            p = encode(m, &r, !be, &len);
        if (p == NULL) {
            uint8_t *q = aalloc(m, s->len);
            if (q == NULL)
                return 0;
            memcpy(q, s->p, s->len);
            for (size_t o = 0; o + 8 <= s->len; o += 8)
                wr(q + o, rd(q + o, be), !be);
            p = q;
            len = s->len;
        }
        s->p = p;
        s->len = len;
    }
    return 1;
}

static int swap_order(mut *m, trace *t)
{
    if (!swap_range(m, t, 0, t->n))
        return 0;
    t->be = !t->be;
    return 1;
}

/* The end of the run of T's records from J on that fits in BUDGET bytes
 * (one record more, which write_out cuts). */
static size_t run_end(const trace *t, size_t j, size_t budget)
{
    size_t sum = 0;
    while (j < t->n && sum < budget)
        sum += t->r[j++].len;
    return j;
}

static int op_byte_swap(mut *m)
{
    return m->t.n > 0 && swap_order(m, &m->t);
}

typedef int (*op_fn)(mut *);

static const struct {
    const char *name;
    op_fn fn;
    unsigned weight;
} k_ops[FXT_MUT_OP_COUNT] = {
    [FXT_MUT_FLIP_RESERVED] = {"flip-reserved", op_flip_reserved, 6},
    [FXT_MUT_RECORD_SIZE] = {"record-size", op_record_size, 4},
    [FXT_MUT_RECORD_EXTEND] = {"record-extend", op_record_extend, 3},
    [FXT_MUT_ARG_SIZE] = {"arg-size", op_arg_size, 4},
    [FXT_MUT_ARG_EXTEND] = {"arg-extend", op_arg_extend, 2},
    [FXT_MUT_LENGTH_FIELD] = {"length-field", op_length_field, 4},
    [FXT_MUT_TRUNCATE] = {"truncate", op_truncate, 3},
    [FXT_MUT_DUPLICATE] = {"duplicate", op_duplicate, 7},
    [FXT_MUT_DELETE] = {"delete", op_delete, 5},
    [FXT_MUT_SWAP] = {"swap", op_swap, 4},
    [FXT_MUT_RETARGET_REF] = {"retarget-ref", op_retarget_ref, 5},
    [FXT_MUT_SWITCH_REF] = {"switch-ref", op_switch_ref, 8},
    [FXT_MUT_CORRUPT_UTF8] = {"corrupt-utf8", op_corrupt_utf8, 3},
    [FXT_MUT_CORRUPT_PADDING] = {"corrupt-padding", op_corrupt_padding, 3},
    [FXT_MUT_UNDEFINED_TYPE] = {"undefined-type", op_undefined_type, 5},
    [FXT_MUT_INSERT_GENERATED] = {"insert-generated", op_insert_generated, 10},
    [FXT_MUT_INSERT_MODEL] = {"insert-model", op_insert_model, 12},
    [FXT_MUT_TWEAK_MODEL] = {"tweak-model", op_tweak_model, 12},
    [FXT_MUT_BYTE_SWAP] = {"byte-swap", op_byte_swap, 1},
};

const char *fxt_mut_op_name(int op)
{
    return op >= 0 && op < FXT_MUT_OP_COUNT ? k_ops[op].name : "?";
}

static int pick_op(mut *m)
{
    unsigned sum = 0;
    for (int i = 0; i < FXT_MUT_OP_COUNT; i++)
        sum += k_ops[i].weight;
    unsigned x = (unsigned)rnd(m, sum);
    for (int i = 0; i < FXT_MUT_OP_COUNT; i++) {
        if (x < k_ops[i].weight)
            return i;
        x -= k_ops[i].weight;
    }
    return 0;
}

/* Drop trailing records until the trace fits MAX; 0 if nothing is left. */
static int fit(trace *t, size_t max)
{
    size_t s = total(t);
    while (s > max && t->n > 1) {
        s -= t->r[t->n - 1].len;
        t->n--;
    }
    return s <= max || t->n == 1; /* one record: write_out cuts it */
}

/* A minimal valid trace, for empty inputs: magic + a generated record. */
static int seed_trace(mut *m)
{
    uint8_t *p = aalloc(m, 8);
    if (p == NULL)
        return 0;
    int be = chance(m, 10);
    wr(p, FXT_MAGIC_RECORD, be);
    m->t.be = be;
    if (!ins(m, &m->t, 0, p, 8))
        return 0;
    (void)op_insert_model(m); /* a bare magic record will do if this fails */
    return 1;
}

/* Raw change for inputs no structured mutation applies to. */
static size_t raw_mutate(mut *m, uint8_t *data, size_t size, size_t max)
{
    if (size > max)
        size = max;
    if (size == 0) {
        size_t n = 1 + (size_t)rnd(m, max < 16 ? max : 16);
        for (size_t i = 0; i < n; i++)
            data[i] = (uint8_t)fxt_rng_next(&m->rng);
        return n;
    }
    if (size < max && chance(m, 30)) {
        data[size] = (uint8_t)fxt_rng_next(&m->rng);
        return size + 1;
    }
    size_t at = (size_t)rnd(m, size);
    data[at] ^= (uint8_t)(1u << rnd(m, 8));
    return size;
}

/* Takes the thread's scratch buffers over until mut_free. */
static void mut_init(mut *m, uint64_t seed)
{
    scratch *sc = &tl_scratch;
    memset(m, 0, sizeof *m);
    m->rng.s = seed ^ 0x6a09e667f3bcc908ull;
    (void)fxt_rng_next(&m->rng);
    m->t.r = sc->spans;
    m->t.cap = sc->spans_cap;
    m->cb = sc->cb;
    m->cbcap = sc->cb_cap;
    sc->spans = NULL, sc->spans_cap = 0;
    sc->cb = NULL, sc->cb_cap = 0;
}

/* Writes the mutated trace back into DATA (MAX bytes; the records still
 * point into DATA or into the arena). Records that sit where they came
 * from are not copied: when the mutation only changed records in place
 * (the usual case), only those records are written. Otherwise the trace
 * is assembled in the scratch buffer first, since records may point at
 * bytes the output overwrites. Returns the size, 0 on failure. */
static size_t write_back(mut *m, uint8_t *data, size_t max)
{
    const trace *t = &m->t;
    size_t o = 0;
    int in_place = 1;
    for (size_t i = 0; i < t->n && in_place; i++) {
        const span *s = &t->r[i];
        int in_data = s->p >= data && s->p < data + max;
        if (in_data && s->p != data + o)
            in_place = 0;
        o += s->len;
    }
    if (in_place) {
        o = 0;
        for (size_t i = 0; i < t->n && o < max; i++) {
            const span *s = &t->r[i];
            size_t k = s->len < max - o ? s->len : max - o;
            if (s->p != data + o)
                memcpy(data + o, s->p, k);
            o += k;
        }
        return o;
    }
    scratch *sc = &tl_scratch;
    if (sc->out_cap < max) {
        uint8_t *b = realloc(sc->out, max);
        if (b == NULL)
            return 0;
        sc->out = b;
        sc->out_cap = max;
    }
    o = write_out(t, sc->out, max);
    memcpy(data, sc->out, o);
    return o;
}

size_t fxt_mutate_ex(uint8_t *data, size_t size, size_t max_size, uint64_t seed, int force_op,
                     fxt_mut_info *info)
{
    fxt_mut_info dummy;
    if (info == NULL)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (max_size == 0 || data == NULL)
        return 0;
    if (size > max_size)
        size = max_size;
    mut m;
    mut_init(&m, seed);
    size_t out = 0;
    /* The records point into DATA itself, read-only: operations change
     * arena copies (own()), and only write_back touches DATA. */
    if (!parse(&m, &m.t, data, size))
        goto raw;
    if (m.t.n == 0) {
        if (max_size >= 8 && force_op < 0 && seed_trace(&m) && fit(&m.t, max_size)) {
            info->nops = 1;
            info->ops[0] = FXT_MUT_INSERT_MODEL;
            out = write_back(&m, data, max_size);
            goto done;
        }
        goto raw;
    }
    {
        unsigned x = (unsigned)rnd(&m, 100);
        unsigned nops = force_op >= 0 ? 1 : x < 75 ? 1 : x < 90 ? 2 : 3 + (unsigned)rnd(&m, 2);
        for (unsigned k = 0; k < nops; k++) {
            for (int attempt = 0; attempt < 8; attempt++) {
                int op = force_op >= 0 ? force_op % FXT_MUT_OP_COUNT : pick_op(&m);
                if (k_ops[op].fn(&m)) {
                    info->ops[info->nops++] = op;
                    break;
                }
                if (m.oom)
                    goto raw;
            }
        }
    }
    if (info->nops == 0 || !fit(&m.t, max_size) || m.t.n == 0)
        goto raw;
    out = write_back(&m, data, max_size);
    if (out == 0)
        goto raw;
    goto done;
raw:
    /* the input is intact in DATA unless write_back ran, which only happens
     * on the success paths above (and fails before writing) */
    info->fallback = 1;
    out = raw_mutate(&m, data, size, max_size);
done:
    mut_free(&m);
    return out;
}

size_t fxt_mutate(uint8_t *data, size_t size, size_t max_size, uint64_t seed)
{
    return fxt_mutate_ex(data, size, max_size, seed, -1, NULL);
}

size_t fxt_crossover(const uint8_t *a, size_t na, const uint8_t *b, size_t nb, uint8_t *out,
                     size_t max_out, uint64_t seed)
{
    if (max_out == 0 || out == NULL)
        return 0;
    if (a == NULL)
        na = 0;
    if (b == NULL)
        nb = 0;
    mut m;
    mut_init(&m, seed ^ 0xc0ffee);
    trace tb = {0, 0, 0, NULL};
    size_t n = 0;
    if (!parse(&m, &m.t, a, na) || !parse(&m, &tb, b, nb))
        goto copy;
    if (m.t.n == 0 || tb.n == 0)
        goto copy;
    /* B's records in A's byte order: only the ones used are converted (a
     * decode and an encode each; converting all of B cost more than the
     * rest of a crossover) */
    int conv = tb.be != m.t.be;
    size_t b0 = tb.n > 1 && is_magic(&tb.r[0]) ? 1 : 0; /* skip B's magic */
    switch (rnd(&m, 3)) {
    case 0: { /* a run of B spliced into A */
        size_t j = b0 + (size_t)rnd(&m, tb.n - b0);
        size_t k = 1 + (size_t)rnd(&m, tb.n - j < 8 ? tb.n - j : 8);
        size_t at = 1 + (size_t)rnd(&m, m.t.n);
        if (at > m.t.n)
            at = m.t.n;
        if (conv && !swap_range(&m, &tb, j, j + k))
            goto copy;
        for (size_t q = 0; q < k; q++)
            if (!ins(&m, &m.t, at + q, tb.r[j + q].p, tb.r[j + q].len))
                break;
        break;
    }
    case 1: { /* A's head, B's tail */
        size_t i = 1 + (size_t)rnd(&m, m.t.n);
        size_t j = b0 + (size_t)rnd(&m, tb.n - b0);
        m.t.n = i < m.t.n ? i : m.t.n;
        size_t head = total(&m.t);
        tb.n = run_end(&tb, j, head < max_out ? max_out - head : 1);
        if (conv && !swap_range(&m, &tb, j, tb.n))
            goto copy;
        for (size_t q = j; q < tb.n; q++)
            if (!ins(&m, &m.t, m.t.n, tb.r[q].p, tb.r[q].len))
                break;
        break;
    }
    default: { /* interleaved */
        tb.n = run_end(&tb, b0, max_out);
        if (conv && !swap_range(&m, &tb, b0, tb.n))
            goto copy;
        trace ta = m.t;
        span *ra = malloc((ta.n + tb.n) * sizeof *ra);
        if (ra == NULL)
            goto copy;
        size_t k = 0, x = 0, y = b0;
        while ((x < ta.n || y < tb.n) && k < MAX_RECS) {
            if (x < ta.n && (y >= tb.n || rnd(&m, 2)))
                ra[k++] = ta.r[x++];
            else
                ra[k++] = tb.r[y++];
        }
        free(m.t.r);
        m.t.r = ra;
        m.t.n = k;
        m.t.cap = ta.n + tb.n;
        break;
    }
    }
    if (!fit(&m.t, max_out))
        goto copy;
    n = write_out(&m.t, out, max_out);
    if (n)
        goto done;
copy:
    n = na ? (na < max_out ? na : max_out) : (nb < max_out ? nb : max_out);
    if (n)
        memcpy(out, na ? a : b, n);
done:
    free(tb.r);
    mut_free(&m);
    return n;
}
