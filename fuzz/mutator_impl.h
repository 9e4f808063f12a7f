/* SPDX-License-Identifier: MIT */
/*
 * mutator_impl.h - internals of the structure-aware mutator (fxtmut), shared
 * by its files; not installed (the API is mutator.h).
 *
 *   mutator.c          the API: one call's mutation loop, the table of
 *                      mutations, writing the result back, crossover
 *   mutator_trace.c    one call's working state: arena, the record list,
 *                      framing and byte order by the revision's layout
 *   mutator_regs.c     provider contexts and string/thread registrations
 *   mutator_walk.c     the record walk: reserved, type, size, length and ref
 *                      fields, streams and arguments of a record, from the
 *                      layout table's word descriptions
 *   mutator_values.c   values: interesting numbers, sizes that wrap, type
 *                      values a revision does not define, texts
 *   mutator_model.c    records through the validator's model and the
 *                      reference encoder; the generated record pool
 *   mutator_random.c   random record models and refs valid where they land
 *   mutator_fields.c   mutations of fields in place (reserved bits, sizes,
 *                      lengths, refs, types, UTF-8, padding)
 *   mutator_records.c  mutations of the record list and of decoded records
 *   mutator_order.c    the other byte order (byte-swap, crossover)
 *   mutator_lead.c     the leading records in another legal order (reorder)
 *
 * One call works on a list of records (spans) that point into the caller's
 * input, read-only; a mutation copies a record into the call's arena before
 * it changes it (fxt__mut_own) and mutator.c writes back only what changed.
 */
#ifndef FXT_MUTATOR_IMPL_H
#define FXT_MUTATOR_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "fxt/record.h"
#include "fxt/word.h"
#include "fxt/mutator.h"

#define MUT_MAX_RECS 4096u /* records tracked; the rest of a bigger input is one span */

/* ---- words ------------------------------------------------------------------------------- */

static inline uint64_t mut_rd(const uint8_t *p, int be) { return fxt_load_word(p, be); }
static inline void mut_wr(uint8_t *p, uint64_t v, int be) { fxt_store_word(p, v, be); }

static inline uint64_t mut_get(uint64_t w, unsigned lo, unsigned hi)
{
    return (w >> lo) & FXT_WIDTH_MASK_(lo, hi);
}

static inline uint64_t mut_set(uint64_t w, unsigned lo, unsigned hi, uint64_t v)
{
    uint64_t m = FXT_WIDTH_MASK_(lo, hi);
    return (w & ~(m << lo)) | ((v & m) << lo);
}

static inline size_t mut_align8(size_t n) { return (n + 7) & ~(size_t)7; }

/* ---- one call's state -------------------------------------------------------------------- */

typedef struct mut_span {
    const uint8_t *p;
    size_t len;
} mut_span;

typedef struct mut_trace {
    int be;
    size_t n, cap;
    mut_span *r;
} mut_trace;

typedef struct mut_block mut_block;

typedef struct mut {
    fxt_rng rng;
    fxt_revision rev;
    const fxt_layout *lay; /* the row of rev */
    int large;             /* rev frames record type 15 by its 32-bit size */
    mut_trace t;
    mut_block *arena;
    uint64_t *cb; /* provider context in effect before each record (n + 1 entries) */
    size_t cbcap;
    int oom;
} mut;

static inline uint64_t mut_rnd(mut *m, uint64_t n) { return n ? fxt_rng_below(&m->rng, n) : 0; }
static inline int mut_chance(mut *m, unsigned pct) { return mut_rnd(m, 100) < pct; }

/* Takes the thread's scratch buffers over (until fxt__mut_free) and reads
 * revision REV (anything but r1..current reads as current). */
void fxt__mut_init(mut *m, uint64_t seed, fxt_revision rev);
void fxt__mut_free(mut *m);
/* fxt__mut_init for the revision of O (NULL: the defaults) and, unless
 * DATA is NULL, its SIZE bytes parsed into m->t: 0 if DATA is NULL or
 * parsing failed (fxt__mut_free it either way). For the API calls that
 * take a trace apart without the random choices. */
int fxt__mut_open(mut *m, const uint8_t *data, size_t size, const fxt_mut_options *o);
/* Frees the thread's scratch buffers (fxt_mutator_release). */
void fxt__mut_release_scratch(void);
/* The thread's output scratch buffer of at least N bytes, or NULL. */
uint8_t *fxt__mut_out_buffer(size_t n);

void *fxt__mut_alloc(mut *m, size_t n);
/* Split D (which must stay alive) into records, framed as m->rev does. */
int fxt__mut_parse(mut *m, mut_trace *t, const uint8_t *d, size_t n);
/* Insert a record at AT (<= t->n); 0 when the list is full or out of memory. */
int fxt__mut_insert(mut *m, mut_trace *t, size_t at, const uint8_t *p, size_t len);
/* Delete up to K records from AT (< t->n) on. */
void fxt__mut_delete(mut_trace *t, size_t at, size_t k);
size_t fxt__mut_total(const mut_trace *t);
size_t fxt__mut_write_out(const mut_trace *t, uint8_t *out, size_t max);
/* The trace written back into DATA (MAX bytes), which its records may point
 * into (mutator.c); the size, 0 on failure. */
size_t fxt__mut_write_back(mut *m, uint8_t *data, size_t max);
/* A writable copy of record I (with EXTRA bytes of room), which it now is. */
uint8_t *fxt__mut_own(mut *m, size_t i, size_t extra);

/* The record size field of header H in m's revision (the field
 * fxt_record_bytes reads, for the mutations that change it). */
static inline void mut_size_field(const mut *m, uint64_t h, unsigned *lo, unsigned *hi)
{
    fxt_record_size_field(m->lay, h, lo, hi);
}

/* Record type of S (16 when it has no header word). */
static inline unsigned mut_rec_type(const mut_span *s, int be)
{
    return s->len >= 8 ? (unsigned)FXT_GET(mut_rd(s->p, be), FXT_REC_TYPE) : 16u;
}

int fxt__mut_is_magic(const mut_span *s);
/* Metadata record switching provider context: FXT_MT_PROVIDER_INFO or
 * FXT_MT_PROVIDER_SECTION (and its id in *ID), else 0. */
static inline unsigned fxt__mut_prov_switch(const mut_span *s, int be, uint32_t *id)
{
    if (s->len < 8)
        return 0;
    uint64_t h = mut_rd(s->p, be);
    if (FXT_GET(h, FXT_REC_TYPE) != FXT_RT_METADATA)
        return 0;
    unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
    if (mt != FXT_MT_PROVIDER_INFO && mt != FXT_MT_PROVIDER_SECTION)
        return 0;
    *id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
    return mt;
}
int fxt__mut_is_registration(const mut_span *s, int be);

/* ---- provider contexts and registrations (mutator_regs.c) ---------------------------------- */

#define MUT_STRBITS ((FXT_MAX_STRING_INDEX + 1) / 64)

/* String and thread indexes registered in one provider context. */
typedef struct mut_regs {
    uint64_t ctx;
    uint64_t str[MUT_STRBITS];
    uint64_t thr[4];
    unsigned nstr, nthr; /* registered indexes other than 0 */
} mut_regs;

static inline int mut_has_bit(const uint64_t *b, unsigned i) { return (b[i >> 6] >> (i & 63)) & 1; }

int fxt__mut_compute_ctx(mut *m);
/* Context that record J is read in (its own id for provider switches). */
uint64_t fxt__mut_ctx_of(mut *m, size_t j);
/* Registrations in effect for a record inserted at POS (needs compute_ctx). */
void fxt__mut_regs_at(mut *m, size_t pos, mut_regs *R);
unsigned fxt__mut_pick_str(mut *m, const mut_regs *R);
unsigned fxt__mut_pick_thr(mut *m, const mut_regs *R);
unsigned fxt__mut_unreg_str(mut *m, const mut_regs *R);
unsigned fxt__mut_unreg_thr(mut *m, const mut_regs *R);
/* Latest content of string index IDX / thread index IDX registered before
 * POS in its context. */
int fxt__mut_find_string(mut *m, size_t pos, unsigned idx, const uint8_t **d, size_t *len);
int fxt__mut_find_thread(mut *m, size_t pos, unsigned idx, uint64_t *pid, uint64_t *tid);

/* ---- the record walk (mutator_walk.c) -------------------------------------------------------- */

/* Ref fields: what they refer to. */
enum { MUT_K_STR = 0, MUT_K_THR = 1, MUT_K_PROC = 2 };
/* Type fields: which of the layout's type sets they take values from. */
enum {
    MUT_T_REC, MUT_T_EVENT, MUT_T_ARG, MUT_T_META, MUT_T_TINFO, MUT_T_SCHED, MUT_T_LARGE,
    MUT_T_LBF, MUT_T_BLOB
};
/* Size and length fields: what their value counts. */
enum { MUT_Z_RECORD = 0, MUT_Z_ARG = 1, MUT_Z_LENGTH = 2 };

/* A field of a word of a record: bits [lo..hi] of the word at byte OFF. */
typedef struct mut_fld {
    uint32_t off;
    uint8_t lo, hi, kind;
} mut_fld;

/* A byte stream of a record: content [off, off+len), clamped to the record. */
typedef struct mut_stm {
    uint32_t off, len;
    uint32_t full; /* declared length */
    uint8_t text;  /* UTF-8 text (not a binary payload) */
} mut_stm;

#define MUT_MAX_STREAMS 40
#define MUT_MAX_FIELDS 48

/* What the walk found in one record. */
typedef struct mut_lay {
    unsigned nref, nrsv, ntyp, nsize, nstm, narg;
    mut_fld ref[MUT_MAX_FIELDS], rsv[MUT_MAX_FIELDS], typ[24];
    mut_fld size[24];  /* record size, argument sizes, lengths (kind MUT_Z_*) */
    mut_stm st[MUT_MAX_STREAMS];
    uint32_t arg[FXT_MAX_ARGS];     /* offsets of the argument headers */
    uint8_t arg_words[FXT_MAX_ARGS]; /* words each argument's type and inline refs need */
    unsigned nword;
    uint32_t word[4]; /* offsets of the data words (ticks, timestamps, koids, ids) */
} mut_lay;

/* Walk record P/LEN (byte order BE) as m's revision lays it out. Tolerant:
 * a broken record gives what can be found inside its bytes. */
void fxt__mut_walk(const mut *m, const uint8_t *p, size_t len, int be, mut_lay *L);

/* ---- values (mutator_values.c) ---------------------------------------------------------------- */

typedef struct mut_text {
    const char *s;
    size_t len;
} mut_text;

extern const mut_text fxt__mut_texts[];
mut_text fxt__mut_rand_text(mut *m);
uint64_t fxt__mut_interesting(mut *m, unsigned bits);
/* A value for a size-like field of BITS bits currently holding CUR. */
uint64_t fxt__mut_size_value(mut *m, uint64_t cur, unsigned bits);
/* A value for a size field of BITS bits that lands at the top of its range,
 * where "offset + size" wraps (or a size no allocation can honour). */
uint64_t fxt__mut_wrap_value(mut *m, unsigned bits);
/* A value of type field F (kind MUT_T_*) that m's revision does not define. */
uint64_t fxt__mut_undefined_value(mut *m, const mut_fld *f);
/* The type set (fxt_layout member) of type kind K in m's revision. */
uint64_t fxt__mut_type_set(const mut *m, unsigned k);
/* A value of type set K that m's revision defines, below LIMIT; FALLBACK if none. */
unsigned fxt__mut_defined_value(mut *m, unsigned k, unsigned limit, unsigned fallback);
uint8_t *fxt__mut_rand_bytes(mut *m, size_t n);

/* ---- records through the model (mutator_model.c) ---------------------------------------------- */

/* Decode record bytes P/LEN (byte order BE) with the validator in m's
 * revision into OUT; its pointers point into the arena. */
int fxt__mut_decode(mut *m, const uint8_t *p, size_t len, int be, fxt_record *out);
/* Encode R in m's revision and byte order BE into the arena. */
const uint8_t *fxt__mut_encode(mut *m, const fxt_record *r, int be, size_t *len);
/* A decoded record of a generated trace of m's revision, in *OUT. */
int fxt__mut_pool_get(mut *m, fxt_record *out);
void fxt__mut_release_cache(void);
/* Record I replaced by model R / model R inserted at AT (trace's byte order). */
int fxt__mut_replace(mut *m, size_t i, const fxt_record *r);
int fxt__mut_insert_model(mut *m, size_t at, const fxt_record *r);

/* ---- random models (mutator_random.c) --------------------------------------------------------- */

typedef struct mut_rslot {
    fxt_str *s;
    fxt_thread *t;
    int proc; /* userspace process ref: one inline koid */
} mut_rslot;

unsigned fxt__mut_model_slots(fxt_record *r, mut_rslot *out);
void fxt__mut_rec_init(fxt_record *r, unsigned type);
void fxt__mut_rand_str(mut *m, const mut_regs *R, fxt_str *s);
void fxt__mut_rand_thread(mut *m, const mut_regs *R, fxt_thread *t);
void fxt__mut_rand_arg(mut *m, const mut_regs *R, fxt_arg *a);
/* Point indexed refs not registered per R at registered ones (or inline). */
void fxt__mut_fix_refs(mut *m, const mut_regs *R, fxt_record *r);
/* A random valid record model of m's revision whose refs are registered per R. */
int fxt__mut_rand_model(mut *m, const mut_regs *R, fxt_record *r);
/* A random large blob (m's revision must have them), refs per R. */
int fxt__mut_rand_large_blob(mut *m, const mut_regs *R, fxt_record *r);
/* An event meaning (FXT_ET_*) that m's revision has. */
unsigned fxt__mut_rand_event_kind(mut *m);

/* ---- picking records (mutator_fields.c) ------------------------------------------------------- */

/* A record index for a mutation: mostly not the magic record, and (if
 * AVOID_REG) mostly not a registration; shorter than a word only if ANY_LEN. */
int fxt__mut_pick_rec(mut *m, size_t *out, int avoid_reg, int any_len);
/* A record (not the magic record) whose type is in the mask TYPES, the type
 * drawn evenly among those the trace holds, then a record of it: a trace has
 * one initialization record among hundreds of events, and the records that
 * set a reader's state (initialization, provider info) deserve as many
 * tries as the events. 0 if the trace has none. */
int fxt__mut_pick_by_type(mut *m, size_t *out, unsigned types);

/* ---- the mutations ----------------------------------------------------------------------------- */

/* Each returns 1 if it changed the trace, 0 if it did not apply. */
int fxt__mut_op_flip_reserved(mut *m);
int fxt__mut_op_record_size(mut *m);
int fxt__mut_op_record_extend(mut *m);
int fxt__mut_op_arg_size(mut *m);
int fxt__mut_op_arg_extend(mut *m);
int fxt__mut_op_length_field(mut *m);
int fxt__mut_op_size_wrap(mut *m);
int fxt__mut_op_data_word(mut *m);
int fxt__mut_op_retarget_ref(mut *m);
int fxt__mut_op_corrupt_utf8(mut *m);
int fxt__mut_op_corrupt_padding(mut *m);
int fxt__mut_op_undefined_type(mut *m);
int fxt__mut_op_truncate(mut *m);
int fxt__mut_op_duplicate(mut *m);
int fxt__mut_op_delete(mut *m);
int fxt__mut_op_swap(mut *m);
int fxt__mut_op_switch_ref(mut *m);
int fxt__mut_op_insert_generated(mut *m);
int fxt__mut_op_insert_model(mut *m);
int fxt__mut_op_tweak_model(mut *m);
int fxt__mut_op_byte_swap(mut *m);
int fxt__mut_op_reorder(mut *m);

/* ---- the leading records' order (mutator_lead.c) --------------------------------------------- */

/* The order (FXT_GEN_ORDER_* bits) of the trace's leading records, -1 if
 * they are not in one (several initialization or provider records). */
int fxt__mut_order_of(const mut *m);
/* The leading records put in order ORDER where they can be; 1 if the
 * trace changed. */
int fxt__mut_set_order(mut *m, unsigned order);

/* Records [FROM, TO) of T in the other byte order (T's flag is left
 * alone: the caller knows which records it converted). */
int fxt__mut_swap_range(mut *m, mut_trace *t, size_t from, size_t to);

#endif /* FXT_MUTATOR_IMPL_H */
