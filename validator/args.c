/* SPDX-License-Identifier: MIT */
/*
 * args.c - the argument decoder: a branch-light fast path for plain
 * arguments (one AND for type, size, inline flags and reserved bits) and
 * the general path that checks and reports field by field.
 */
#include <stdio.h>

#include "cursor.h"

static COLD void arg_refs_missing(fxt__cur *c, unsigned argn, unsigned type, uint16_t nref,
                                  uint16_t sref, uint64_t apos)
{
    const fxt__provider *pv = c->v->cur;
    c->argn = argn, c->argt = type;
    if (!((pv->strbits[nref >> 6] >> (nref & 63)) & 1))
        fxt__strref_missing(c, nref, apos, FXT_FIELD_LO(FXT_ARG_NAME), "name");
    if (!((pv->strbits[sref >> 6] >> (sref & 63)) & 1))
        fxt__strref_missing(c, sref, apos, FXT_FIELD_LO(FXT_ARG_STR_VALUE), "value");
    c->argn = 0;
}

/* The argument-count field of the record header, for arg-overrun. */
static COLD void point_at_argc(fxt_validator *v)
{
    const fxt_word_desc *d = fxt_header_desc(v->lay->revision, v->rec.header);
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].kind == FXT_FK_COUNT) {
            fxt__detail(v, 8, d->fields[i].lo, d->fields[i].hi);
            return;
        }
    fxt__detail(v, 8, -1, -1);
}

/* The general path of one argument of defined type TYPE: decode and check
 * field by field, reporting what is wrong. */
static int arg_slow(fxt__cur *c, fxt_arg *a, uint64_t h, unsigned i, uint64_t apos, uint64_t aend)
{
    fxt_validator *v = c->v;
    unsigned type = a->type;
    a->v.u64 = 0;
    a->name.ref = 0, a->name.data = NULL, a->name.len = 0;
    /* sub-cursor bounded by the argument's own size */
    fxt__cur ac = *c;
    ac.end = aend;
    ac.lim = aend < c->avail ? aend : c->avail;
    ac.base = apos;
    ac.pos = apos + 8;
    ac.small = FXT_R_ARG_TOO_SMALL;
    ac.argn = i + 1;
    ac.argt = type;
    ac.size_lo = FXT_FIELD_LO(FXT_ARG_SIZE), ac.size_hi = FXT_FIELD_HI(FXT_ARG_SIZE);
    rsv_word(&ac, v->arg_desc[type], h, apos);
    int ok = strref(&ac, (uint16_t)FXT_GET(h, FXT_ARG_NAME), apos, FXT_FIELD_LO(FXT_ARG_NAME),
                    "name", &a->name);
    if (ok) {
        switch (type) {
        case FXT_AT_INT32:
            a->v.i32 = (int32_t)(uint32_t)a->hi;
            break;
        case FXT_AT_UINT32:
            a->v.u32 = a->hi;
            break;
        case FXT_AT_BOOL:
            if (a->hi > 1) {
                fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_HI), FXT_FIELD_HI(FXT_ARG_HI));
                REPORT(v, FXT_R_BOOL_VALUE_INVALID, fieldoff(c, apos),
                       "argument %u: boolean value is 0x%x, not 0 or 1", i + 1, a->hi);
            }
            a->v.b = (int)(a->hi & 1);
            break;
        case FXT_AT_STRING:
            ok = strref(&ac, (uint16_t)FXT_GET(h, FXT_ARG_STR_VALUE), apos,
                        FXT_FIELD_LO(FXT_ARG_STR_VALUE), "value", &a->str);
            break;
        case FXT_AT_NULL:
            break;
        default: /* int64, uint64, double, pointer, koid: a value word */
            ok = word(&ac, "value word", &a->v.u64);
            break;
        }
    }
    if (ok && ac.pos < aend) {
        a->extra = c->p + ac.pos;
        a->extra_words = (size_t)((aend - ac.pos) / 8);
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_SIZE), FXT_FIELD_HI(FXT_ARG_SIZE));
        REPORT(v, FXT_R_ARG_SIZE_EXTRA, fieldoff(c, apos),
               "argument %u is %u word%s but its fields need %llu", i + 1, a->size_words,
               fxt__plural(a->size_words), (unsigned long long)((ac.pos - apos) / 8));
    }
    return ok;
}

/* Decode ARGC arguments at the cursor into rec->args. Returns 0 if the
 * record cannot be decoded further. */
int fxt__args(fxt__cur *c, unsigned argc, fxt_record *rec)
{
    fxt_validator *v = c->v;
    const uint16_t defined_types = (uint16_t)v->lay->arg_types;
    rec->argc = argc;
    for (unsigned i = 0; i < argc; i++) {
        fxt_arg *a = &rec->args[i];
        uint64_t apos = c->pos;
        if (c->pos + 8 > c->end) {
            point_at_argc(v);
            REPORT(v, FXT_R_ARG_OVERRUN, fieldoff(c, 0),
                   "the record holds %u arguments but ends before argument %u", argc, i + 1);
            return 0;
        }
        uint64_t h = fxt_load_word(c->p + apos, v->be);
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
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_SIZE), FXT_FIELD_HI(FXT_ARG_SIZE));
            REPORT(v, FXT_R_ARG_TOO_SMALL, fieldoff(c, apos),
                   "argument %u has size 0; the rest of the record cannot be read", i + 1);
            return 0;
        }
        if (aend > c->end) {
            uint64_t left = (c->end - apos) / 8;
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_SIZE), FXT_FIELD_HI(FXT_ARG_SIZE));
            REPORT(v, FXT_R_ARG_OVERRUN, fieldoff(c, apos),
                   "argument %u is %u word%s but only %llu word%s of the record remain%s", i + 1,
                   size, fxt__plural(size), (unsigned long long)left, fxt__plural(left),
                   left == 1 ? "s" : "");
            return 0;
        }
        /* Fast path: a type the revision defines, exactly the implied
         * size, indexed refs, no reserved bits: one branch for all of it
         * (random argument types make per-type branches mispredict). */
        uint16_t nref = (uint16_t)FXT_GET(h, FXT_ARG_NAME);
        if (((defined_types >> type) & 1) & (size == v->arg_words[type]) &
            !(nref & FXT_STRREF_INLINE_FLAG) & (aend <= c->lim) &
            ((a->hi & v->arg_hi_rsv[type]) == 0)) {
            const fxt__provider *pv = v->cur;
            uint16_t sref = (uint16_t)(a->hi & v->arg_sref[type]);
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
                    a->v.u64 = fxt_load_word(c->p + apos + 8, v->be);
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
        if (!fxt_layout_defines(v->lay->arg_types, type)) { /* skipped by its size */
            a->v.u64 = 0; /* the model: type, size and bits [32..63] only */
            a->name.ref = 0, a->name.data = NULL, a->name.len = 0;
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_TYPE), FXT_FIELD_HI(FXT_ARG_TYPE));
            REPORT(v, FXT_R_ARG_TYPE_UNKNOWN, fieldoff(c, apos),
                   "argument %u has type %u, which is not defined in this revision", i + 1, type);
            c->pos = aend;
            continue;
        }
        arg_slow(c, a, h, i, apos, aend);
        c->pos = aend; /* continue at the next argument boundary either way */
    }
    return 1;
}

