/* SPDX-License-Identifier: MIT */
/*
 * mutator_walk.c - the mutator's record walk, over the layout table.
 *
 * Every described word of a record (its header, each argument header, a
 * large blob's format word) is read through its word description in the
 * selected revision (fxt_header_desc, fxt_arg_desc,
 * fxt_large_blob_format_desc): the description says which fields are
 * reserved, type selectors, sizes, argument counts, stream lengths and
 * refs, so the walk knows no field position or type number of its own and
 * follows every revision's layout (r1's 16-bit blob size, the priorities
 * that are reserved before r3, record type 15 undefined before r3...).
 * Argument sizes come from fxt_arg_words.
 *
 * The order of a record's body after its header word is the layout
 * table's too (fxt_body_items): data words, the inline forms of the refs a
 * described word names, arguments, streams.
 */
#include "mutator_impl.h"

/* Word kinds besides record types, for type_kind(). */
#define WORD_ARG 16u
#define WORD_FORMAT 17u

typedef struct walk {
    const fxt_layout *lay;
    fxt_revision rev;
    const uint8_t *p;
    size_t len;
    int be;
    mut_lay *L;
} walk;

static int has(const walk *w, size_t off) { return off <= w->len && w->len - off >= 8; }
static uint64_t word_at(const walk *w, size_t off) { return mut_rd(w->p + off, w->be); }

static void add_fld(mut_fld *a, unsigned *n, unsigned cap, size_t off, unsigned lo, unsigned hi,
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

#define CAP(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

static void add_stm(walk *w, size_t off, uint64_t len, int text)
{
    mut_lay *L = w->L;
    if (L->nstm >= MUT_MAX_STREAMS || off >= w->len || len == 0)
        return;
    uint64_t l = len < w->len - off ? len : w->len - off;
    L->st[L->nstm].off = (uint32_t)off;
    L->st[L->nstm].len = (uint32_t)l;
    L->st[L->nstm].full = (uint32_t)(len > 0xffffffffu ? 0xffffffffu : len);
    L->st[L->nstm].text = (uint8_t)text;
    L->nstm++;
}

/* The inline string of string ref REF at POS (if inline); the position after it. */
static size_t str_at(walk *w, size_t pos, uint64_t ref)
{
    if (!(ref & FXT_STRREF_INLINE_FLAG))
        return pos;
    size_t l = (size_t)(ref & FXT_STRREF_VALUE_MASK);
    add_stm(w, pos, l, 1);
    return pos + mut_align8(l);
}

/* Which of the layout's type sets the type field at bit LO of a word of
 * kind WK (a record type, WORD_ARG or WORD_FORMAT) takes its values from. */
static unsigned type_kind(unsigned wk, unsigned lo)
{
    if (wk == WORD_ARG)
        return MUT_T_ARG;
    if (lo == FXT_FIELD_LO(FXT_REC_TYPE))
        return MUT_T_REC;
    switch (wk) {
    case FXT_RT_METADATA:
        return lo == FXT_FIELD_LO(FXT_META_TYPE) ? MUT_T_META : MUT_T_TINFO;
    case FXT_RT_EVENT: return MUT_T_EVENT;
    case FXT_RT_BLOB: return MUT_T_BLOB;
    case FXT_RT_SCHEDULING: return MUT_T_SCHED;
    default: return lo == FXT_FIELD_LO(FXT_LREC_TYPE) ? MUT_T_LARGE : MUT_T_LBF;
    }
}

/* The fields of the word at OFF, as description D divides it; the string
 * refs among them, in field order, in STRS (an argument's name, then a
 * string value), their number in *NSTRS. */
static void read_word(walk *w, size_t off, const fxt_word_desc *d, unsigned wk, uint64_t strs[2],
                      unsigned *nstrs)
{
    mut_lay *L = w->L;
    uint64_t v = word_at(w, off);
    *nstrs = 0;
    for (unsigned i = 0; i < d->nfields; i++) {
        const fxt_field_desc *f = &d->fields[i];
        uint64_t x = mut_get(v, f->lo, f->hi);
        switch (f->kind) {
        case FXT_FK_RESERVED:
            add_fld(L->rsv, &L->nrsv, CAP(L->rsv), off, f->lo, f->hi, 0);
            break;
        case FXT_FK_TYPE:
            add_fld(L->typ, &L->ntyp, CAP(L->typ), off, f->lo, f->hi, type_kind(wk, f->lo));
            break;
        case FXT_FK_SIZE:
            add_fld(L->size, &L->nsize, CAP(L->size), off, f->lo, f->hi,
                    wk == WORD_ARG ? MUT_Z_ARG : MUT_Z_RECORD);
            break;
        case FXT_FK_LENGTH:
            add_fld(L->size, &L->nsize, CAP(L->size), off, f->lo, f->hi, MUT_Z_LENGTH);
            break;
        case FXT_FK_STRREF:
            add_fld(L->ref, &L->nref, CAP(L->ref), off, f->lo, f->hi, MUT_K_STR);
            if (*nstrs < 2)
                strs[(*nstrs)++] = x;
            break;
        case FXT_FK_THREADREF:
            add_fld(L->ref, &L->nref, CAP(L->ref), off, f->lo, f->hi, MUT_K_THR);
            break;
        default: /* values and counts: the body items read counts */
            break;
        }
    }
}

static size_t walk_args(walk *w, size_t pos, uint64_t argc)
{
    mut_lay *L = w->L;
    for (uint64_t i = 0; i < argc; i++) {
        if (!has(w, pos) || L->narg >= FXT_MAX_ARGS)
            return pos;
        uint64_t h = word_at(w, pos), strs[2];
        unsigned type = (unsigned)FXT_GET(h, FXT_ARG_TYPE), nstrs;
        read_word(w, pos, fxt_arg_desc(w->rev, type), WORD_ARG, strs, &nstrs);
        size_t q = pos + 8;
        for (unsigned k = 0; k < nstrs; k++) /* name, then a string value */
            q = str_at(w, q, strs[k]);
        /* what the type needs: its words plus the inline strings */
        size_t need = fxt_arg_words(type) + (q - pos - 8) / 8;
        L->arg[L->narg] = (uint32_t)pos;
        L->arg_words[L->narg++] = (uint8_t)(need > 255 ? 255 : need);
        if (type == FXT_AT_BOOL && fxt_layout_defines(w->lay->arg_types, type))
            /* a boolean above 1 is its own error: bits [33..63] of the value */
            add_fld(L->rsv, &L->nrsv, CAP(L->rsv), pos, FXT_FIELD_LO(FXT_ARG_HI) + 1,
                    FXT_FIELD_HI(FXT_ARG_HI), 0);
        uint64_t size = FXT_GET(h, FXT_ARG_SIZE);
        if (size == 0)
            return pos;
        pos += (size_t)size * 8;
    }
    return pos;
}

/* The thread ref field at bit LO of the word at OFF becomes a process ref. */
static void as_process(mut_lay *L, size_t off, unsigned lo)
{
    for (unsigned i = 0; i < L->nref; i++)
        if (L->ref[i].off == off && L->ref[i].lo == lo)
            L->ref[i].kind = MUT_K_PROC;
}

void fxt__mut_walk(const mut *m, const uint8_t *p, size_t len, int be, mut_lay *L)
{
    walk w = {m->lay, m->rev, p, len, be, L};
    L->nref = L->nrsv = L->ntyp = L->nsize = L->nstm = L->narg = L->nword = 0;
    if (len < 8)
        return;
    uint64_t h = word_at(&w, 0), strs[2];
    unsigned nstrs;
    read_word(&w, 0, fxt_header_desc(m->rev, h), (unsigned)FXT_GET(h, FXT_REC_TYPE), strs, &nstrs);
    size_t n, pos = 8, cur = 0; /* the current word: the header, then a format word */
    const fxt_body_item *it = fxt_body_items(m->rev, h, &n);
    for (size_t i = 0; i < n; i++, it++) {
        uint64_t x = mut_get(word_at(&w, cur), it->lo, it->hi);
        switch ((fxt_body_kind)it->kind) {
        case FXT_BI_WORD:
            if (has(&w, pos) && L->nword < CAP(L->word))
                L->word[L->nword++] = (uint32_t)pos;
            pos += 8;
            break;
        case FXT_BI_EVENT_WORD: /* last: not a data word to mutate (ids and times) */
            pos += 8;
            break;
        case FXT_BI_STRING:
            pos = str_at(&w, pos, x);
            break;
        case FXT_BI_PROCESS:
            as_process(L, cur, it->lo);
            pos += x == FXT_THREADREF_INLINE ? 8 : 0;
            break;
        case FXT_BI_THREAD:
            pos += x == FXT_THREADREF_INLINE ? 16 : 0;
            break;
        case FXT_BI_ARGS:
            pos = walk_args(&w, pos, x);
            break;
        case FXT_BI_TEXT:
        case FXT_BI_BYTES:
            add_stm(&w, pos, x, it->kind == FXT_BI_TEXT);
            pos += mut_align8((size_t)x);
            break;
        case FXT_BI_FORMAT: {
            const fxt_word_desc *d =
                fxt_large_blob_format_desc((unsigned)FXT_GET(h, FXT_LBLOB_FORMAT));
            if (!has(&w, pos) || d == NULL)
                return;
            read_word(&w, pos, d, WORD_FORMAT, strs, &nstrs);
            cur = pos;
            pos += 8;
            break;
        }
        case FXT_BI_SIZED:
            if (has(&w, pos)) {
                add_fld(L->size, &L->nsize, CAP(L->size), pos, 0, 63, MUT_Z_LENGTH);
                add_stm(&w, pos + 8, word_at(&w, pos), 0);
            }
            return; /* the payload ends every body that has one */
        }
    }
}
