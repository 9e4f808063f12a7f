/* SPDX-License-Identifier: MIT */
/*
 * mutator_fields.c - mutations of one field or a few bytes of a record, in
 * place (on the record's arena copy): reserved bits, record and argument
 * sizes, stream lengths, sizes that wrap, refs, type values, UTF-8 and
 * padding. Which fields a record has comes from the walk (mutator_walk.c).
 */
#include "mutator_impl.h"

int fxt__mut_pick_rec(mut *m, size_t *out, int avoid_reg, int any_len)
{
    mut_trace *t = &m->t;
    if (t->n == 0)
        return 0;
    for (int k = 0; k < 16; k++) {
        size_t i = (size_t)mut_rnd(m, t->n);
        mut_span *s = &t->r[i];
        if (!any_len && s->len < 8)
            continue;
        if (fxt__mut_is_magic(s) && mut_chance(m, 95))
            continue;
        if (avoid_reg && fxt__mut_is_registration(s, t->be) && mut_chance(m, 90))
            continue;
        *out = i;
        return 1;
    }
    return 0;
}

/* What a mutation looks for in a record. */
enum { W_RSV, W_TYP, W_REF, W_LEN, W_STM, W_ARG };

static unsigned count_size(const mut_lay *L, unsigned kind)
{
    unsigned n = 0;
    for (unsigned i = 0; i < L->nsize; i++)
        n += L->size[i].kind == kind;
    return n;
}

/* The K-th size field of KIND (K < count_size(L, KIND)). */
static const mut_fld *nth_size(const mut_lay *L, unsigned kind, unsigned k)
{
    unsigned i = 0;
    while (L->size[i].kind != kind || k-- != 0)
        i++;
    return &L->size[i];
}

static unsigned lay_count(const mut_lay *L, int want)
{
    switch (want) {
    case W_RSV: return L->nrsv;
    case W_TYP: return L->ntyp;
    case W_REF: return L->nref;
    case W_LEN: return count_size(L, MUT_Z_LENGTH);
    case W_STM: return L->nstm;
    default: return L->narg;
    }
}

/* Whether record S may carry arguments, from its header alone: records
 * without are not walked when looking for one (most traces have few
 * arguments, and 24 blind walks cost more than the mutation). */
static int may_have_args(const mut *m, const mut_span *s)
{
    uint64_t h = mut_rd(s->p, m->t.be);
    if (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE)
        return 1; /* the count is in the format word */
    const fxt_word_desc *d = fxt_header_desc(m->rev, h);
    for (unsigned k = 0; d != NULL && k < d->nfields; k++)
        if (d->fields[k].kind == FXT_FK_COUNT)
            return mut_get(h, d->fields[k].lo, d->fields[k].hi) != 0;
    return 0;
}

/* A record whose walk has something of WANT. */
static int pick_with(mut *m, int want, size_t *out, mut_lay *L)
{
    for (int k = 0, walks = 0; k < 64 && walks < 24; k++) {
        size_t i;
        if (!fxt__mut_pick_rec(m, &i, 0, 0))
            return 0;
        if (want == W_ARG && !may_have_args(m, &m->t.r[i]))
            continue;
        walks++;
        fxt__mut_walk(m, m->t.r[i].p, m->t.r[i].len, m->t.be, L);
        if (lay_count(L, want)) {
            *out = i;
            return 1;
        }
    }
    return 0;
}

static uint64_t get_field(const uint8_t *p, const mut_fld *f, int be)
{
    return mut_get(mut_rd(p + f->off, be), f->lo, f->hi);
}

static void set_field(uint8_t *p, const mut_fld *f, int be, uint64_t v)
{
    mut_wr(p + f->off, mut_set(mut_rd(p + f->off, be), f->lo, f->hi, v), be);
}

int fxt__mut_op_flip_reserved(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_with(m, W_RSV, &i, &L))
        return 0;
    const mut_fld *f = &L.rsv[mut_rnd(m, L.nrsv)];
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    unsigned bit = f->lo + (unsigned)mut_rnd(m, (uint64_t)(f->hi - f->lo + 1));
    uint64_t w = mut_rd(p + f->off, m->t.be);
    if (mut_chance(m, 15))
        w |= FXT_WIDTH_MASK_(f->lo, f->hi) << f->lo; /* all of them */
    else
        w ^= (uint64_t)1 << bit;
    mut_wr(p + f->off, w, m->t.be);
    return 1;
}

int fxt__mut_op_record_size(mut *m)
{
    size_t i;
    if (!fxt__mut_pick_rec(m, &i, 0, 0))
        return 0;
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    uint64_t h = mut_rd(p, m->t.be);
    unsigned lo, hi;
    mut_size_field(m, h, &lo, &hi);
    uint64_t cur = mut_get(h, lo, hi), v;
    if (hi - lo >= 16 && mut_chance(m, 30))
        v = fxt__mut_wrap_value(m, hi - lo + 1);
    else
        v = fxt__mut_size_value(m, cur, hi - lo + 1);
    if (v == cur)
        v = cur ^ 1;
    mut_wr(p, mut_set(h, lo, hi, v), m->t.be);
    return 1;
}

/* The size field of the record at P set to WORDS (which fits it). */
static void set_record_words(mut *m, uint8_t *p, uint64_t words)
{
    uint64_t h = mut_rd(p, m->t.be);
    unsigned lo, hi;
    mut_size_field(m, h, &lo, &hi);
    mut_wr(p, mut_set(h, lo, hi, words), m->t.be);
}

/* Append 1-3 words to a record (zero, or random) and update its size. */
int fxt__mut_op_record_extend(mut *m)
{
    size_t i;
    if (!fxt__mut_pick_rec(m, &i, 0, 0))
        return 0;
    mut_span *s = &m->t.r[i];
    size_t k = 1 + (size_t)mut_rnd(m, 3), old = s->len;
    unsigned lo, hi;
    mut_size_field(m, mut_rd(s->p, m->t.be), &lo, &hi);
    if (s->len % 8 || s->len / 8 + k > FXT_WIDTH_MASK_(lo, hi))
        return 0;
    uint8_t *p = fxt__mut_own(m, i, k * 8);
    if (p == NULL)
        return 0;
    int junk = mut_chance(m, 20);
    for (size_t b = 0; b < k * 8; b++)
        p[old + b] = junk ? (uint8_t)fxt_rng_next(&m->rng) : 0;
    set_record_words(m, p, old / 8 + k);
    s->len = old + k * 8;
    return 1;
}

int fxt__mut_op_arg_size(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_with(m, W_ARG, &i, &L))
        return 0;
    unsigned k = (unsigned)mut_rnd(m, L.narg);
    uint32_t a = L.arg[k];
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    uint64_t h = mut_rd(p + a, m->t.be);
    uint64_t cur = FXT_GET(h, FXT_ARG_SIZE), v;
    if (mut_chance(m, 30)) /* one word short of what its type needs, or just enough */
        v = L.arg_words[k] - (uint64_t)mut_rnd(m, 2);
    else
        v = fxt__mut_size_value(m, cur, FXT_FIELD_HI(FXT_ARG_SIZE) - FXT_FIELD_LO(FXT_ARG_SIZE) + 1);
    if (v == cur)
        v = cur ^ 1;
    mut_wr(p + a, FXT_SET(h, FXT_ARG_SIZE, v), m->t.be);
    return 1;
}

/* Append zero words to one argument: argument and record sizes grow. */
int fxt__mut_op_arg_extend(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_with(m, W_ARG, &i, &L))
        return 0;
    mut_span *s = &m->t.r[i];
    int be = m->t.be;
    uint32_t a = L.arg[mut_rnd(m, L.narg)];
    uint64_t ah = mut_rd(s->p + a, be);
    uint64_t asz = FXT_GET(ah, FXT_ARG_SIZE);
    size_t end = a + (size_t)asz * 8, k = 1 + (size_t)mut_rnd(m, 2);
    unsigned lo, hi;
    mut_size_field(m, mut_rd(s->p, be), &lo, &hi);
    if (s->len % 8 || asz == 0 || end > s->len || asz + k > FXT_FIELD_MAX(FXT_ARG_SIZE) ||
        s->len / 8 + k > FXT_WIDTH_MASK_(lo, hi))
        return 0;
    uint8_t *p = fxt__mut_alloc(m, s->len + k * 8);
    if (p == NULL)
        return 0;
    memcpy(p, s->p, end);
    memset(p + end, 0, k * 8);
    memcpy(p + end + k * 8, s->p + end, s->len - end);
    mut_wr(p + a, FXT_SET(ah, FXT_ARG_SIZE, asz + k), be);
    set_record_words(m, p, s->len / 8 + k);
    s->p = p;
    s->len += k * 8;
    return 1;
}

int fxt__mut_op_length_field(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_with(m, W_LEN, &i, &L))
        return 0;
    const mut_fld *f = nth_size(&L, MUT_Z_LENGTH, (unsigned)mut_rnd(m, count_size(&L, MUT_Z_LENGTH)));
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    uint64_t cur = get_field(p, f, m->t.be);
    uint64_t v = fxt__mut_size_value(m, cur, (unsigned)(f->hi - f->lo + 1));
    if (v == cur)
        v = cur + 8;
    set_field(p, f, m->t.be, v);
    return 1;
}

/* The widest size or length field of record I (a large blob's 64-bit size
 * word before a large record's 32-bit size), in *F; its width, 0 if none. */
static unsigned widest_size(mut *m, size_t i, mut_lay *L, const mut_fld **f)
{
    unsigned best = 0;
    fxt__mut_walk(m, m->t.r[i].p, m->t.r[i].len, m->t.be, L);
    for (unsigned k = 0; k < L->nsize; k++) {
        unsigned w = (unsigned)(L->size[k].hi - L->size[k].lo + 1);
        if (w > best || (w == best && mut_chance(m, 50))) {
            best = w;
            *f = &L->size[k];
        }
    }
    return best;
}

/* Sizes that wrap a reader's bounds arithmetic ("offset + size > end",
 * size rounded up to 8) or that no allocation can honour, in the widest
 * size fields of the trace: the 64-bit size words of large blobs (a large
 * blob is inserted when the trace has none and the revision has them), or
 * where a revision has no large records, its widest length fields. */
int fxt__mut_op_size_wrap(mut *m)
{
    mut_trace *t = &m->t;
    mut_lay L;
    const mut_fld *f = NULL;
    size_t i = 0, n = t->n;
    unsigned width = 0;
    if (n == 0)
        return 0;
    size_t start = (size_t)mut_rnd(m, n);
    for (size_t k = 0; k < n && width < 32; k++) { /* a record with a wide size field */
        i = (start + k) % n;
        if (m->large && mut_rec_type(&t->r[i], t->be) == FXT_RT_LARGE)
            width = widest_size(m, i, &L, &f);
    }
    if (width < 32 && m->large) { /* none: a large blob, inserted */
        fxt_record r;
        mut_regs R;
        memset(&R, 0, sizeof R);
        i = 1 + (size_t)mut_rnd(m, n);
        if (!fxt__mut_rand_large_blob(m, &R, &r) || !fxt__mut_insert_model(m, i, &r))
            return 0;
        width = widest_size(m, i, &L, &f);
    } else if (width < 32) { /* no large records in this revision */
        for (int k = 0; k < 8 && width < 15; k++)
            if (fxt__mut_pick_rec(m, &i, 0, 0))
                width = widest_size(m, i, &L, &f);
    }
    if (f == NULL || width <= FXT_FIELD_HI(FXT_REC_SIZE) - FXT_FIELD_LO(FXT_REC_SIZE) + 1)
        return 0;
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    set_field(p, f, t->be, fxt__mut_wrap_value(m, width));
    return 1;
}

int fxt__mut_op_retarget_ref(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_with(m, W_REF, &i, &L))
        return 0;
    int be = m->t.be;
    /* prefer refs whose form does not change the layout: indexed or empty
     * string refs, indexed thread refs */
    unsigned cand[MUT_MAX_FIELDS], nc = 0;
    for (unsigned k = 0; k < L.nref; k++) {
        uint64_t v = get_field(m->t.r[i].p, &L.ref[k], be);
        if (L.ref[k].kind == MUT_K_STR ? !(v & FXT_STRREF_INLINE_FLAG) : v != 0)
            cand[nc++] = k;
    }
    const mut_fld *f;
    if (nc && mut_chance(m, 90))
        f = &L.ref[cand[mut_rnd(m, nc)]];
    else
        f = &L.ref[mut_rnd(m, L.nref)];
    if (f->kind == MUT_K_STR && mut_chance(m, 25)) {
        /* an inline string running past its record: a reader that trusts
         * the 15-bit length reads the next records, or past the trace */
        uint64_t len = m->t.r[i].len;
        uint64_t l = mut_chance(m, 50) ? FXT_STRREF_VALUE_MASK : len + 1 + mut_rnd(m, len + 1);
        uint8_t *p = fxt__mut_own(m, i, 0);
        if (p == NULL)
            return 0;
        l = l < FXT_STRREF_VALUE_MASK ? l : FXT_STRREF_VALUE_MASK;
        set_field(p, f, be, FXT_STRREF_INLINE_FLAG | l);
        return 1;
    }
    if (!fxt__mut_compute_ctx(m))
        return 0;
    mut_regs R;
    fxt__mut_regs_at(m, i, &R);
    R.ctx = fxt__mut_ctx_of(m, i);
    unsigned idx = f->kind == MUT_K_STR ? fxt__mut_unreg_str(m, &R) : fxt__mut_unreg_thr(m, &R);
    if (idx == 0)
        return 0;
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    set_field(p, f, be, idx);
    return 1;
}

static const uint8_t k_bad_utf8[][4] = {
    {0xff, 0, 0, 0},          {0xc0, 0xaf, 0, 0},       {0xe0, 0x80, 0xaf, 0},
    {0xed, 0xa0, 0x80, 0},    {0xf4, 0x90, 0x80, 0x80}, {0x80, 0, 0, 0},
    {0xf8, 0x88, 0x80, 0x80}, {0xc2, 0x41, 0, 0},       {0xe2, 0x82, 0x41, 0},
};
static const uint8_t k_bad_utf8_len[] = {1, 2, 3, 3, 4, 1, 4, 2, 3};

int fxt__mut_op_corrupt_utf8(mut *m)
{
    for (int k = 0; k < 8; k++) {
        mut_lay L;
        size_t i;
        if (!pick_with(m, W_STM, &i, &L))
            return 0;
        unsigned ts[MUT_MAX_STREAMS], nt = 0;
        for (unsigned j = 0; j < L.nstm; j++)
            if (L.st[j].text && L.st[j].len)
                ts[nt++] = j;
        if (nt == 0)
            continue;
        const mut_stm *s = &L.st[ts[mut_rnd(m, nt)]];
        uint8_t *p = fxt__mut_own(m, i, 0);
        if (p == NULL)
            return 0;
        if (mut_chance(m, 20)) { /* a multi-byte sequence cut by the end of the string */
            static const uint8_t k_lead[] = {0xc3, 0xe2, 0xf0};
            p[s->off + s->len - 1] = k_lead[mut_rnd(m, 3)];
            return 1;
        }
        unsigned b = (unsigned)mut_rnd(m, sizeof k_bad_utf8_len);
        size_t l = k_bad_utf8_len[b] < s->len ? k_bad_utf8_len[b] : s->len;
        size_t at = s->off + (size_t)mut_rnd(m, s->len - l + 1);
        memcpy(p + at, k_bad_utf8[b], l);
        return 1;
    }
    return 0;
}

int fxt__mut_op_corrupt_padding(mut *m)
{
    for (int k = 0; k < 8; k++) {
        mut_lay L;
        size_t i;
        if (!pick_with(m, W_STM, &i, &L))
            return 0;
        unsigned ps[MUT_MAX_STREAMS], np = 0;
        for (unsigned j = 0; j < L.nstm; j++) {
            size_t end = (size_t)L.st[j].off + L.st[j].len;
            if (L.st[j].len == L.st[j].full && end % 8 && end < m->t.r[i].len)
                ps[np++] = j;
        }
        if (np == 0)
            continue;
        const mut_stm *s = &L.st[ps[mut_rnd(m, np)]];
        size_t a = (size_t)s->off + s->len, b = mut_align8(a);
        if (b > m->t.r[i].len)
            b = m->t.r[i].len;
        uint8_t *p = fxt__mut_own(m, i, 0);
        if (p == NULL)
            return 0;
        p[a + (size_t)mut_rnd(m, b - a)] = (uint8_t)(1 + mut_rnd(m, 255));
        return 1;
    }
    return 0;
}

int fxt__mut_op_undefined_type(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_with(m, W_TYP, &i, &L))
        return 0;
    /* the record type itself is typ[0]; give the other type fields the larger share */
    const mut_fld *f = L.ntyp > 1 && mut_chance(m, 70) ? &L.typ[1 + mut_rnd(m, L.ntyp - 1)] : &L.typ[0];
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    set_field(p, f, m->t.be, fxt__mut_undefined_value(m, f));
    return 1;
}

int fxt__mut_pick_by_type(mut *m, size_t *out, unsigned types)
{
    const mut_trace *t = &m->t;
    size_t count[16] = {0};
    unsigned present = 0;
    for (size_t i = 0; i < t->n; i++)
        if (t->r[i].len >= 8 && !fxt__mut_is_magic(&t->r[i])) {
            unsigned ty = mut_rec_type(&t->r[i], t->be);
            count[ty]++;
            present |= 1u << ty;
        }
    present &= types;
    if (present == 0)
        return 0;
    unsigned k = (unsigned)mut_rnd(m, (uint64_t)__builtin_popcount(present)), ty = 0;
    while (!((present >> ty) & 1) || k-- != 0)
        ty++;
    size_t nth = (size_t)mut_rnd(m, count[ty]), i = 0;
    for (;; i++)
        if (t->r[i].len >= 8 && !fxt__mut_is_magic(&t->r[i]) &&
            mut_rec_type(&t->r[i], t->be) == ty && nth-- == 0)
            break;
    *out = i;
    return 1;
}

/* A record with data words, in *OUT and walked into L; its type drawn
 * evenly among the trace's (fxt__mut_pick_by_type). */
static int pick_word_rec(mut *m, size_t *out, mut_lay *L)
{
    unsigned types = 1u << FXT_RT_INIT | 1u << FXT_RT_THREAD | 1u << FXT_RT_EVENT |
                     1u << FXT_RT_USERSPACE | 1u << FXT_RT_KERNEL_OBJECT |
                     1u << FXT_RT_SCHEDULING | 1u << FXT_RT_LOG | 1u << FXT_RT_LARGE;
    for (int tries = 0; tries < 4 && fxt__mut_pick_by_type(m, out, types); tries++) {
        fxt__mut_walk(m, m->t.r[*out].p, m->t.r[*out].len, m->t.be, L);
        if (L->nword)
            return 1;
        /* e.g. large records that are not blobs */
        types &= ~(1u << mut_rec_type(&m->t.r[*out], m->t.be));
    }
    return 0;
}

/* A data word of a record to 0 (a divisor: ticks per second), 1, +-1, the
 * top of the range or another interesting value, in place. */
int fxt__mut_op_data_word(mut *m)
{
    mut_lay L;
    size_t i;
    if (!pick_word_rec(m, &i, &L))
        return 0;
    uint8_t *p = fxt__mut_own(m, i, 0);
    if (p == NULL)
        return 0;
    uint8_t *w = p + L.word[mut_rnd(m, L.nword)];
    uint64_t cur = mut_rd(w, m->t.be), v;
    switch (mut_rnd(m, 8)) {
    case 0:
    case 1: v = 0; break;
    case 2: v = 1; break;
    case 3: v = mut_chance(m, 50) ? cur + 1 : cur - 1; break;
    default: v = fxt__mut_interesting(m, 64); break;
    }
    mut_wr(w, v == cur ? ~cur : v, m->t.be);
    return 1;
}
