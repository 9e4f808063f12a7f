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
 * The one thing the descriptions do not say is the order of a record's
 * body after its header word; that is kept here as a short recipe per
 * record kind (k_* below): data words, then the inline forms of the refs
 * the header names, arguments, streams.
 */
#include "mutator_impl.h"

/* Steps of a recipe. */
enum {
    S_END = 0,
    S_WORD,    /* one data word (timestamp, koid, pointer, ticks, thread id) */
    S_STRS,    /* inline forms of the described word's string refs, in field order */
    S_THREADS, /* inline forms of its thread refs: two koid words each */
    S_PROCESS, /* inline form of its thread ref as a process: one koid word */
    S_ARGS,    /* as many arguments as its argument count says */
    S_TEXT,    /* the text stream its length field gives */
    S_BYTES,   /* the binary stream its length field gives */
    S_FORMAT,  /* a large blob's format word: the described word from here on */
    S_SIZED    /* a 64-bit length word and that many bytes */
};

static const uint8_t k_none[] = {S_END};
static const uint8_t k_text[] = {S_TEXT, S_END}; /* metadata (provider name), string */
static const uint8_t k_init[] = {S_WORD, S_END};
static const uint8_t k_thread[] = {S_WORD, S_WORD, S_END};
static const uint8_t k_event[] = {S_WORD, S_THREADS, S_STRS, S_ARGS, S_END};
static const uint8_t k_blob[] = {S_STRS, S_BYTES, S_END};
static const uint8_t k_uobj[] = {S_WORD, S_PROCESS, S_STRS, S_ARGS, S_END};
static const uint8_t k_kobj[] = {S_WORD, S_STRS, S_ARGS, S_END};
static const uint8_t k_legacy_cswitch[] = {S_WORD, S_THREADS, S_END};
static const uint8_t k_cswitch[] = {S_WORD, S_WORD, S_WORD, S_ARGS, S_END};
static const uint8_t k_wakeup[] = {S_WORD, S_WORD, S_ARGS, S_END};
static const uint8_t k_log[] = {S_WORD, S_THREADS, S_TEXT, S_END};
static const uint8_t k_large_blob_meta[] = {S_FORMAT, S_STRS,   S_WORD, S_THREADS,
                                            S_ARGS,   S_SIZED, S_END};
static const uint8_t k_large_blob[] = {S_FORMAT, S_STRS, S_SIZED, S_END};

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

/* What the fields of one described word say about the bytes after it. */
typedef struct winfo {
    uint64_t strs[4], thrs[4]; /* ref values, in field order */
    unsigned nstrs, nthrs;
    unsigned thr_at[4];        /* their entries in L->ref */
    uint64_t count, length;
    int has_length;
} winfo;

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

/* The fields of the word at OFF, as description D divides it. */
static void read_word(walk *w, size_t off, const fxt_word_desc *d, unsigned wk, winfo *wi)
{
    mut_lay *L = w->L;
    uint64_t v = word_at(w, off);
    memset(wi, 0, sizeof *wi);
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
        case FXT_FK_COUNT:
            wi->count = x;
            break;
        case FXT_FK_LENGTH:
            add_fld(L->size, &L->nsize, CAP(L->size), off, f->lo, f->hi, MUT_Z_LENGTH);
            wi->length = x;
            wi->has_length = 1;
            break;
        case FXT_FK_STRREF:
            add_fld(L->ref, &L->nref, CAP(L->ref), off, f->lo, f->hi, MUT_K_STR);
            if (wi->nstrs < CAP(wi->strs))
                wi->strs[wi->nstrs++] = x;
            break;
        case FXT_FK_THREADREF:
            if (wi->nthrs < CAP(wi->thrs)) {
                wi->thr_at[wi->nthrs] = L->nref;
                wi->thrs[wi->nthrs++] = x;
            }
            add_fld(L->ref, &L->nref, CAP(L->ref), off, f->lo, f->hi, MUT_K_THR);
            break;
        default: /* values */
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
        uint64_t h = word_at(w, pos);
        unsigned type = (unsigned)FXT_GET(h, FXT_ARG_TYPE);
        winfo wi;
        read_word(w, pos, fxt_arg_desc(w->rev, type), WORD_ARG, &wi);
        size_t q = pos + 8;
        for (unsigned k = 0; k < wi.nstrs; k++) /* name, then a string value */
            q = str_at(w, q, wi.strs[k]);
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

/* The body recipe of the record with header H in the walk's revision. */
static const uint8_t *recipe(const walk *w, uint64_t h)
{
    const fxt_layout *l = w->lay;
    unsigned rt = (unsigned)FXT_GET(h, FXT_REC_TYPE);
    if (!fxt_layout_defines(l->record_types, rt))
        return k_none;
    switch (rt) {
    case FXT_RT_METADATA:
    case FXT_RT_STRING: return k_text;
    case FXT_RT_INIT: return k_init;
    case FXT_RT_THREAD: return k_thread;
    case FXT_RT_EVENT: return k_event;
    case FXT_RT_BLOB: return k_blob;
    case FXT_RT_USERSPACE: return k_uobj;
    case FXT_RT_KERNEL_OBJECT: return k_kobj;
    case FXT_RT_SCHEDULING:
        if (l->sched_types == 0) /* a context switch, no subtype */
            return k_legacy_cswitch;
        switch (FXT_GET(h, FXT_SCHED_TYPE)) {
        case FXT_ST_LEGACY_CONTEXT_SWITCH: return k_legacy_cswitch;
        case FXT_ST_CONTEXT_SWITCH: return k_cswitch;
        case FXT_ST_THREAD_WAKEUP: return k_wakeup;
        default: return k_none;
        }
    case FXT_RT_LOG: return k_log;
    default: { /* large records */
        unsigned fmt = (unsigned)FXT_GET(h, FXT_LBLOB_FORMAT);
        if (!fxt_layout_defines(l->large_types, (unsigned)FXT_GET(h, FXT_LREC_TYPE)) ||
            !fxt_layout_defines(l->large_blob_formats, fmt))
            return k_none;
        return fmt == FXT_LBF_METADATA ? k_large_blob_meta : k_large_blob;
    }
    }
}

void fxt__mut_walk(const mut *m, const uint8_t *p, size_t len, int be, mut_lay *L)
{
    walk w = {m->lay, m->rev, p, len, be, L};
    L->nref = L->nrsv = L->ntyp = L->nsize = L->nstm = L->narg = L->nword = 0;
    if (len < 8)
        return;
    uint64_t h = word_at(&w, 0);
    winfo wi;
    read_word(&w, 0, fxt_header_desc(m->rev, h), (unsigned)FXT_GET(h, FXT_REC_TYPE), &wi);
    size_t pos = 8;
    for (const uint8_t *s = recipe(&w, h); *s != S_END; s++) {
        switch (*s) {
        case S_WORD:
            if (has(&w, pos) && L->nword < CAP(L->word))
                L->word[L->nword++] = (uint32_t)pos;
            pos += 8;
            break;
        case S_STRS:
            for (unsigned k = 0; k < wi.nstrs; k++)
                pos = str_at(&w, pos, wi.strs[k]);
            break;
        case S_THREADS:
            for (unsigned k = 0; k < wi.nthrs; k++)
                pos += wi.thrs[k] == FXT_THREADREF_INLINE ? 16 : 0;
            break;
        case S_PROCESS:
            for (unsigned k = 0; k < wi.nthrs; k++) {
                L->ref[wi.thr_at[k]].kind = MUT_K_PROC;
                pos += wi.thrs[k] == FXT_THREADREF_INLINE ? 8 : 0;
            }
            break;
        case S_ARGS:
            pos = walk_args(&w, pos, wi.count);
            break;
        case S_TEXT:
        case S_BYTES:
            if (wi.has_length)
                add_stm(&w, pos, wi.length, *s == S_TEXT);
            break;
        case S_FORMAT: {
            const fxt_word_desc *d =
                fxt_large_blob_format_desc((unsigned)FXT_GET(h, FXT_LBLOB_FORMAT));
            if (!has(&w, pos) || d == NULL)
                return;
            read_word(&w, pos, d, WORD_FORMAT, &wi);
            pos += 8;
            break;
        }
        default: /* S_SIZED */
            if (has(&w, pos)) {
                add_fld(L->size, &L->nsize, CAP(L->size), pos, 0, 63, MUT_Z_LENGTH);
                add_stm(&w, pos + 8, word_at(&w, pos), 0);
            }
            break;
        }
    }
}
