/* SPDX-License-Identifier: MIT */
/*
 * violate.c - traces with exactly one violation of one rule of the catalogue
 * (fxt_gen_violate in fxt/gen.h), with the offending record's offset known
 * from construction (the validator is never consulted).
 *
 * The base is a realistic fxt_gen_random trace (warning-free). Its record
 * headers are walked to find record boundaries; the offending record, built
 * by the rule's generator (violate_records.c, violate_events.c), is inserted
 * at a seed-chosen boundary after the base's setup records (magic,
 * initialization, provider info, string and thread tables) and outside the
 * tables of a provider introduced later. A few rules need
 * another placement: the magic rules replace or drop the first record,
 * truncation and the provider rules append at the end, the empty-input rule
 * writes nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "violate_blocks.h"

/* Rules that leave no magic record at offset 0: a big-endian trace is
 * recognised only by it, so such a trace reads as little-endian. */
static int needs_intact_magic_absent(fxt_rule rule)
{
    /* a bad number, size or reserved bits leave enough of the magic record
     * to recognise the byte order by */
    return rule == FXT_R_MAGIC_MISSING;
}

/* ---- the base trace ------------------------------------------------------------------ */

/* A record boundary of the base where a record may be inserted, and the
 * provider current there. */
typedef struct spot {
    size_t at;
    uint32_t prov_id;
} spot;

/* The boundaries of the base where a record may be inserted (after the
 * setup records and never inside a provider's tables: the realistic
 * profile introduces its second provider mid-trace), the end included. */
typedef struct walk {
    spot *spots;
    size_t n;
    unsigned nprov; /* distinct providers introduced */
} walk;

static int add_spot(walk *wk, size_t *cap, size_t at, uint32_t prov_id)
{
    if (wk->n == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        spot *s = realloc(wk->spots, *cap * sizeof *s);
        if (s == NULL)
            return -1;
        wk->spots = s;
    }
    wk->spots[wk->n++] = (spot){at, prov_id};
    return 0;
}

static int walk_base(const fxt_layout *l, const uint8_t *b, size_t len, int be, walk *wk)
{
    size_t cap = 0, at = 0;
    wk->spots = NULL;
    wk->n = 0;
    wk->nprov = 0;
    uint32_t seen[16], prov_id = 0;
    int started = 0; /* a record past the setup records seen */
    int tables = 0;  /* a provider info record of mid-trace, then only its tables */
    for (;;) {
        if (at == len)
            return started && !tables && add_spot(wk, &cap, at, prov_id) == 0 ? 0 : -1;
        if (len - at < 8)
            return -1;
        uint64_t h = fxt_load_word(b + at, be);
        unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        uint64_t words = fxt_record_bytes(l, h) / 8;
        if (words == 0 || words > (len - at) / 8)
            return -1;
        unsigned mt = type == FXT_RT_METADATA ? (unsigned)FXT_GET(h, FXT_META_TYPE) : 0;
        int info = type == FXT_RT_METADATA && mt == FXT_MT_PROVIDER_INFO;
        started |= type > FXT_RT_THREAD;
        if (!info && type != FXT_RT_STRING && type != FXT_RT_THREAD)
            tables = 0;
        if (started && !tables && add_spot(wk, &cap, at, prov_id) != 0)
            return -1;
        if (info || (type == FXT_RT_METADATA && mt == FXT_MT_PROVIDER_SECTION)) {
            prov_id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
            int known = 0;
            for (unsigned i = 0; i < wk->nprov; i++)
                known |= seen[i] == prov_id;
            if (!known && info) {
                if (wk->nprov == 16)
                    return -1;
                seen[wk->nprov++] = prov_id;
            }
            tables |= info && started;
        }
        at += (size_t)words * 8;
    }
}

/* ---- building a violation trace ---------------------------------------------------------- */

static fxt__vgen_fn find_gen(fxt_rule rule)
{
    for (const fxt__vgen *g = fxt__violate_records; g->fn != NULL; g++)
        if (g->rule == rule)
            return g->fn;
    for (const fxt__vgen *g = fxt__violate_events; g->fn != NULL; g++)
        if (g->rule == rule)
            return g->fn;
    return NULL;
}

int fxt_gen_can_violate(fxt_rule rule) { return find_gen(rule) != NULL; }

/* The vector of RULE, or with TWIN its control: the same trace with the
 * offending record made valid (its twin), or the base where the rule's
 * generator knows no twin. */
static int build(fxt_rule rule, const fxt_gen_options *o, fxt_gen_violation *out, char *err,
                 size_t errlen, int twin)
{
    const uint64_t seed = o->seed;
    const int big_endian = o->big_endian;
    const fxt_revision rev = o->revision;
    const fxt_rule_info *ri = fxt_rule_get(rule);
    const fxt_layout *l = fxt_layout_get(rev);
    fxt__vgen_fn gen = find_gen(rule);
    if (errlen)
        err[0] = 0;
    if (ri == NULL || gen == NULL || l == NULL) {
        snprintf(err, errlen, "no generator for rule %u in revision %s", (unsigned)rule,
                 fxt_revision_name(rev));
        return FXT_GEN_UNSUPPORTED;
    }
    if (o->profile != FXT_GEN_REALISTIC || o->order != 0) {
        snprintf(err, errlen, "the base of a violation is a realistic trace in the default order");
        return FXT_GEN_UNSUPPORTED;
    }
    if (!(fxt_rule_revisions(rule) & FXT_REV_BIT(rev))) {
        snprintf(err, errlen, "%s (%s) does not apply to revision %s", ri->id, ri->name, l->name);
        return FXT_GEN_UNSUPPORTED;
    }
    if (big_endian && !l->has_magic) {
        snprintf(err, errlen,
                 "revision %s has no magic record, by which alone byte order is recognised: "
                 "its traces are little-endian",
                 l->name);
        return FXT_GEN_UNSUPPORTED;
    }
    if (big_endian && needs_intact_magic_absent(rule)) {
        snprintf(err, errlen,
                 "%s (%s) cannot be violated in a big-endian trace: byte order is recognised "
                 "only by a magic record at offset 0, so without one the trace reads as "
                 "little-endian garbage",
                 ri->id, ri->name);
        return FXT_GEN_UNSUPPORTED;
    }

    vctx *c = calloc(1, sizeof *c);
    uint8_t *ins = malloc(INS_CAP);
    uint8_t *base = NULL;
    size_t base_len = 0;
    walk wk = {NULL, 0, 0};
    int rc = FXT_GEN_FAILED;
    if (c == NULL || ins == NULL)
        goto done;
    c->r.s = seed * 0x9e3779b97f4a7c15ull ^ (0x51a7e0000ull + (unsigned)rule);
    c->be = big_endian;
    c->l = l;
    fxt_writer_init(&c->w, ins, INS_CAP, big_endian);
    fxt_writer_set_revision(&c->w, rev);

    /* the base */
    /* the base size depends on the seed only (same base for every rule) */
    fxt_rng rb = {seed ^ 0xba5eba5eba5eba5eull};
    fxt_gen_options bo = *o;
    if (bo.records == 0)
        bo.records = 100 + fxt_rng_below(&rb, 201);
    if (fxt_gen_random_mem(&bo, &base, &base_len) != 0 ||
        walk_base(l, base, base_len, big_endian, &wk) != 0) {
        snprintf(err, errlen, "could not build the base trace");
        goto done;
    }
    spot sp = wk.spots[rnd(c, wk.n)];
    size_t at = sp.at;
    c->prov_id = sp.prov_id;
    c->nprov = wk.nprov;

    c->where = P_INSERT;
    c->field = FIELD_AT_HEADER;
    c->twin = twin;
    gen(c);
    if (c->werr) {
        snprintf(err, errlen, "internal error building the violation");
        goto done;
    }

    size_t cut_lo, cut_hi, ins_len = c->w.len; /* base[cut_lo..cut_hi) is replaced */
    const int base_only = twin && !c->twin_ok; /* the base stands in: nothing changed */
    switch (base_only ? P_DROP_MAGIC : c->where) {
    case P_INSERT: cut_lo = cut_hi = at; break;
    case P_APPEND: cut_lo = cut_hi = base_len; break;
    case P_REPLACE_MAGIC: cut_lo = 0, cut_hi = 8; break;
    case P_DROP_MAGIC: cut_lo = 0, cut_hi = base_only ? 0 : 8, ins_len = 0; break;
    case P_EMPTY: cut_lo = 0, cut_hi = base_len, ins_len = 0; break;
    default: /* P_TRUNCATE (the twin: the record whole) */
        cut_lo = cut_hi = base_len;
        ins_len = twin ? c->w.len : c->keep;
        break;
    }
    size_t total = cut_lo + ins_len + (base_len - cut_hi);
    uint8_t *b = malloc(total ? total : 1);
    if (b == NULL)
        goto done;
    memcpy(b, base, cut_lo);
    memcpy(b + cut_lo, ins, ins_len);
    memcpy(b + cut_lo + ins_len, base + cut_hi, base_len - cut_hi);
    out->data = b;
    out->len = total;
    out->record_offset = c->where == P_DROP_MAGIC || c->where == P_EMPTY ? 0 : cut_lo + c->mark;
    out->field_offset = c->where == P_DROP_MAGIC || c->where == P_EMPTY ? 0
                        : c->field == FIELD_AT_HEADER          ? out->record_offset
                                                               : cut_lo + c->field;
    out->twin = c->twin_ok;
    if (twin && !c->twin_ok)
        snprintf(out->desc, sizeof out->desc, "the base trace (no twin of: %.160s)", c->desc);
    else if (twin) /* (the description's values are the valid ones now) */
        snprintf(out->desc, sizeof out->desc, "the twin of the %s (%s) vector: the same records, "
                 "the offending one made valid", ri->id, ri->name);
    else
        snprintf(out->desc, sizeof out->desc, "%s", c->desc);
    rc = 0;
done:
    if (rc < 0 && errlen && err[0] == 0)
        snprintf(err, errlen, "out of memory");
    free(wk.spots);
    free(base);
    free(ins);
    free(c);
    return rc;
}

int fxt_gen_violate(fxt_rule rule, const fxt_gen_options *o, fxt_gen_violation *out, char *err,
                    size_t errlen)
{
    return build(rule, o, out, err, errlen, 0);
}

int fxt_gen_violate_control(fxt_rule rule, const fxt_gen_options *o, fxt_gen_violation *out,
                            char *err, size_t errlen)
{
    return build(rule, o, out, err, errlen, 1);
}
