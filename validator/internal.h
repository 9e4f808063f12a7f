/* SPDX-License-Identifier: MIT */
/*
 * internal.h - the validator's state and the pieces its files share.
 *
 *   one.c       construction from the options, the end, counters and verdicts
 *               (one.h: what api.c and auto.c see)
 *   report.c    memory, capacity limits and the one report path
 *   provider.c  provider contexts: their string and thread tables
 *   auto.c      FXT_REV_AUTO: one validator per revision over the same
 *               input, their issues merged into revision masks
 *   stream.c    feeding: record framing, byte order, streamed large records, finish
 *   decode.c    the record decoders (checks field by field); args.c the
 *               arguments; cursor.h / cursor.c the cursor both use
 *   sequence.c  begin/end matching of durations, async operations and flows
 *   table.c     the growable open-addressing hash table (table.h: lookups)
 *   fast.c      the lean checking path (no record model without a visitor);
 *               fast_other.h its records other than events; fast_build.c
 *               the tables it reads
 *   par.c       checking on several threads: rounds of pieces, workers
 *   shadow.c    the shadow validators that check pieces ahead, and the
 *               merge of their summaries in trace order
 *   utf8.c      UTF-8 validation
 *
 * A validator checks exactly one revision (v->lay). --revision auto is a
 * composition of four of them (auto.c), each self-contained.
 */
#ifndef FXT_VALIDATOR_INTERNAL_H
#define FXT_VALIDATOR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"
#include "one.h"
#include "fxt/word.h"
#include "hints.h"

#define FXT__STR_WORDS ((FXT_MAX_STRING_INDEX + 1) / 64)
#define FXT__BUF_CAP ((size_t)1 << 20) /* > the largest possible large-blob head */
#define FXT__DUR_STACK 32              /* unended begins remembered per thread */
#define FXT__DEFER_CAP 256             /* issues of a streamed head held back */
/* v->buf's block: the buffer, then the deferred issues */
#define FXT__BUF_BLOCK (FXT__BUF_CAP + FXT__DEFER_CAP * sizeof(fxt__deferred))

#include "table.h"

/* ---- threads and providers ---- */

/* A thread (process and thread koid) seen by an event: its duration
 * nesting. Threads live in blocks that never move, so providers' thread
 * tables and the lookup cache point at them. */
typedef struct fxt__thread {
    uint64_t pid, tid;
    uint32_t depth; /* open duration begins; the validator's no_thread: never a real depth */
    uint32_t borrow; /* a shadow (par.c): ends of begins before its chunk */
    /* the record offsets and indexes of the outermost DUR_STACK unended
     * begins, and of the first begin past them (the summary points there) */
    uint64_t stack[2 * (FXT__DUR_STACK + 1)];
} fxt__thread;

typedef struct fxt__provider {
    uint32_t id;
    int implicit;  /* records before any provider record */
    int untracked; /* past max_providers: refs are not checked */
    /* dense prefixes, for fast.c's one-compare ref checks: string refs
     * below str_lim and thread refs 1..thr_lim are registered (0 for an
     * untracked provider, whose refs fast.c leaves to decode.c) */
    uint32_t str_lim, thr_lim;
    uint32_t str_k; /* (0x8000 - str_lim) in both 16-bit halves (fast.c) */
    uint64_t strbits[FXT__STR_WORDS];
    uint64_t thrbits[4];
    uint64_t thr_pid[256], thr_tid[256];
    fxt__thread *thr[256]; /* each registered index's thread once an event has
                              used it, else the validator's no_thread */
    uint64_t restarted_at; /* offset of a provider info that started it afresh + 1, or 0 */
    uint64_t thr_new[4];  /* a shadow's copy (par.c): the thread indexes it registered, */
    uint64_t thr_used[4]; /* those whose koids it used before it did (sequencing), */
    uint64_t thr_base_pid[256], thr_base_tid[256]; /* and the copy's koids of those it
                                                     registered */
    char name[256];
    uint64_t records;
    uint64_t by_type[16];
} fxt__provider;

/* Register string / thread index IDX (not 0) in P. */
static inline void fxt__reg_string(fxt__provider *p, unsigned idx)
{
    p->strbits[idx >> 6] |= (uint64_t)1 << (idx & 63);
    while (p->str_lim == idx && !p->untracked && idx < FXT_MAX_STRING_INDEX + 1 &&
           ((p->strbits[idx >> 6] >> (idx & 63)) & 1))
        p->str_lim = ++idx;
    p->str_k = (0x8000u - p->str_lim) * 0x10001u;
}

static inline void fxt__reg_thread(fxt__provider *p, unsigned idx)
{
    p->thrbits[idx >> 6] |= (uint64_t)1 << (idx & 63);
    while (p->thr_lim + 1 == idx && !p->untracked && idx < 256 &&
           ((p->thrbits[idx >> 6] >> (idx & 63)) & 1))
        p->thr_lim = idx++;
}

/* An issue of a streamed record's head, held until the record is complete. */
typedef struct fxt__deferred {
    fxt_issue is;
} fxt__deferred;

struct fxt_validator {
    struct fxt__auto *multi; /* FXT_REV_AUTO: the composition (auto.c), for api.c */
    fxt_options o;
    fxt_allocator al;
    fxt_stats st;
    uint64_t by_rule[FXT_R_END_];

    /* the revision */
    const fxt_layout *lay;
    uint64_t rule_on[(FXT_R_END_ + 63) / 64];    /* applies to it, not ignored */
    uint64_t rule_error[(FXT_R_END_ + 63) / 64]; /* counts as an error */
    fxt_rule first_error;
    uint64_t first_error_offset;
    int large_framing;   /* type 15 has the 32-bit size */
    /* the size field of a record, read once from the layout table
     * (fxt_record_size_field): [0] of other types, [1] of type 15 */
    uint8_t size_lo[2], size_hi[2];
    uint64_t size_mask[2]; /* its width */
    uint16_t seq_events; /* event numbers sequencing looks at */
    const char *ev_data[16]; /* by event number: name of its data word, or NULL */
    /* descriptions read once from the layout table (one.c): by argument
     * type, its header word; by large blob format, its format word (NULL
     * where undefined) */
    const fxt_word_desc *arg_desc[16];
    const fxt_word_desc *lblob_desc[1u << (FXT_FIELD_HI(FXT_LBLOB_FORMAT) - FXT_FIELD_LO(FXT_LBLOB_FORMAT) + 1)];
    const char *flow_dup_section; /* duplicate-begin's section for flows (sequence.c) */

    /* the lean path's tables (fast_build.c), indexed by an argument
     * header's low byte (its type and the low bits of its size): a plain
     * argument's header AND plain_mask is plain_want; plain_refs marks the
     * bits of [16..47] that hold string refs; plain_len is its length */
    /* (read by par.c's workers while the validator's thread writes the
     * counters: kept off their cache lines) */
    char pad_tables_[64];
    int lean;                /* no visitor: records may take fast.c's path */
    uint64_t plain_mask[256], plain_want[256];
    uint32_t plain_refs[256];
    uint8_t plain_len[256];
    uint8_t arg_words[16];   /* words of a plain argument of each type */
    uint32_t arg_hi_rsv[16]; /* bits of [32..63] that must be zero for a plain one */
    uint32_t arg_sref[16];   /* bits of [32..63] holding a string value ref */
    uint32_t arg_hi_bad[16]; /* bits of [32..63] that must be zero with inline refs too */
    uint16_t ev_ok;          /* event numbers the revision defines */
    uint8_t ev_tail[16];     /* by event number: bytes after the arguments (data word) */
    uint8_t ev_seq[16];      /* by event number: (meaning + 1) << 4 if sequencing
                                looks at it, else 0 */
    unsigned lean_types;     /* other record types fast.c checks */
    uint64_t log_rsv, kobj_rsv, uobj_rsv, blob_rsv, csw_rsv, wake_rsv, psect_rsv; /* their
                             reserved header bits */
    unsigned blob_size_lo;
    uint64_t blob_size_m;
    char pad_counts_[64];
    uint64_t lean_other;   /* lean records not yet counted that are not events */
    uint64_t lean_flushed; /* index of the first lean record not yet counted */
    uint64_t lean_base;    /* stream offset minus address, in the chunk */
    struct fxt__par *par;  /* threads > 1: the workers (par.c), once started */
    int par_tried;         /* fxt__par_new was called */
    unsigned par_test;     /* tests only: FXT__PAR_* (par.h) */
    /* par.c: a shadow checks a chunk ahead and never reports (an issue
     * sets shadow_fail and stops it); it logs the string refs its tables
     * lacked. The validator counts what would make a shadow's copy of its
     * tables stale. */
    int shadow, shadow_fail; /* shadow_fail: an FXT__STOP_* (0: none) */
    fxt_rule shadow_rule;    /* the issue that stopped it (FXT__STOP_ISSUE) */
    uint32_t *pend; /* (provider copy + 1, or 0: the implicit one) << 16 | ref */
    size_t npend;
    uint64_t prov_epoch; /* providers introduced or started afresh */
    uint64_t thr_epoch;  /* thread indexes registered */
    uint64_t thr_changed_at; /* thr_epoch when this validator's own checks last registered
                                an index again with other koids (par.c: doomed copies) */

    /* stream position */
    uint64_t off;     /* offset of the record being assembled / next record */
    uint64_t rec_idx; /* index of that record */
    uint8_t *buf;     /* BUF_CAP bytes, then DEFER_CAP deferred issues: allocated for
                         the first record that does not lie whole in a chunk */
    size_t have;      /* bytes of the current record in buf */
    uint64_t rec_len; /* its length once the header is known, else 0 */
    int be, be_known, stopped, finished;
    int stop_after;   /* FXT_OPT_STOP_AT_ERROR: stop after the current record */

    /* streamed tail of a record larger than BUF_CAP */
    int tail;                /* streaming the tail (2: head had errors) */
    uint64_t consumed;       /* bytes of that record seen */
    uint64_t pad_lo, pad_hi; /* record-relative padding range still to check */
    uint64_t implied;        /* bytes its fields imply (for record-size-extra) */
    int pad_bad;             /* padding issue already reported */
    int defer;               /* hold issues back (decoding a streamed head) */
    size_t ndeferred, deferred_lost;
    fxt__deferred *deferred; /* DEFER_CAP entries (in buf's block) */

    /* current record (for fxt__report) */
    uint64_t r_off, r_idx;
    unsigned r_type;
    unsigned r_errors;
    /* detail of the next report: field length, bits and spec section
     * (reset after each) */
    uint32_t f_len;
    int8_t f_lo, f_hi;
    const char *f_section;

    /* providers: prov[0] is the implicit one; the rest are allocated as
     * they are introduced, found by id through prov_ids */
    fxt__provider **prov;
    size_t nprov, prov_cap;
    fxt__table prov_ids; /* id -> index in prov */
    fxt__provider *cur;
    fxt__provider *untracked; /* further providers past max_providers, or NULL */
    int seen_magic;

    /* sequencing */
    fxt__thread no_thread;     /* a provider's thread not looked up yet */
    fxt__table threads;        /* (pid, tid) -> fxt__thread */
    fxt__thread **thr_blocks;  /* the threads, in blocks of FXT__THR_BLOCK */
    size_t nthr_blocks;
    fxt__thread *last_thread;  /* cache of the last inline thread looked up */
    fxt__table async, flows;

    fxt_record rec; /* visitor's record */
    fxt__provider implicit; /* prov[0] */
};

#define FXT__THR_BLOCK 256

/* ---- memory (report.c) ---- */

void *fxt__alloc(fxt_validator *v, size_t n);
void *fxt__realloc(fxt_validator *v, void *p, size_t old, size_t n);
void fxt__free(fxt_validator *v, void *p, size_t n);
/* v->buf and v->deferred, allocated on first need: 1, or 0 if there is
 * no memory for them (the limit is said). */
int fxt__need_buf(fxt_validator *v);
/* A capacity limit of the validator (FXT_UNCHECKED_*) stopped a check:
 * say what and how to raise it, once per limit. */
void fxt__limit(fxt_validator *v, unsigned which, const char *fmt, ...) FXT__PRINTF(3, 4);

/* ---- reporting (report.c) ---- */

/* The single report path: an issue of rule R about the record at REC_OFF
 * (index REC_IDX, type REC_TYPE), at FIELD_OFF. */
void fxt__report(fxt_validator *v, fxt_rule r, uint64_t rec_off, uint64_t rec_idx,
                 unsigned rec_type, uint64_t field_off, const char *fmt, ...) FXT__PRINTF(7, 8);

/* Report about the current record. */
#define FXT__REPORT(v, rule, field_off, ...)                                                 \
    fxt__report((v), (rule), (v)->r_off, (v)->r_idx, (v)->r_type, (field_off), __VA_ARGS__)

/* Set the field length and bits of the next report. */
static inline void fxt__detail(fxt_validator *v, uint32_t len, int lo, int hi)
{
    v->f_len = len;
    v->f_lo = (int8_t)lo;
    v->f_hi = (int8_t)hi;
}

/* The row of v->size_lo/hi/mask for header word H: 1 if of type 15. */
#define FXT__SIZE_ROW(h) (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE)

/* fxt__detail for the size field of header word H, as the revision frames
 * the record (the layout table's fxt_record_size_field). */
static inline void fxt__detail_size(fxt_validator *v, uint64_t h)
{
    const int l = FXT__SIZE_ROW(h);
    fxt__detail(v, 8, v->size_lo[l], v->size_hi[l]);
}

/* Count an issue and hand it to the caller. */
void fxt__emit(fxt_validator *v, const fxt_issue *is);

/* ---- providers (provider.c) ---- */

/* Provider context ID: FRESH for provider info, which starts the
 * provider anew; NULL from find if never introduced (or past the limit). */
fxt__provider *fxt__prov_find(fxt_validator *v, uint32_t id);
fxt__provider *fxt__prov_open(fxt_validator *v, uint32_t id, int fresh);
void fxt__prov_init(fxt_validator *v, fxt__provider *p, uint32_t id);
void fxt__prov_free(fxt_validator *v);

/* ---- decoding (decode.c) ---- */

/* Decode one record of LEN bytes whose first AVAIL bytes are at P.
 * Returns 1 if a streamed tail remains (AVAIL < LEN). */
int fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len, uint64_t h);
/* Report record-size-extra and hand the record to the visitor. */
void fxt__finish_record(fxt_validator *v, fxt_record *r, int decoded, uint64_t implied,
                        const uint8_t *raw, uint64_t len);

/* ---- the lean path (fast.c) ---- */

/* Check the whole records at the start of P[0..LEN): ordinary conforming
 * records on the lean path, the rest through fxt__decode. Stops before a
 * large record, a size-0 record or one that does not fit; returns the
 * bytes consumed. Only without a visitor, byte order known. */
size_t fxt__fast_run(fxt_validator *v, const uint8_t *p, size_t len);
/* Build the lean path's tables for the revision. */
void fxt__fast_build(fxt_validator *v);
/* Check the whole records of P[0..LEN) as the one-thread path does: the
 * lean path, and large records that lie whole in it through decode.c;
 * stops at a record of size 0, one that does not fit, or a stop. The bytes
 * checked. */
size_t fxt__run_whole(fxt_validator *v, const uint8_t *p, size_t len);
#define FXT__PEND_CAP 4096 /* string refs a shadow may leave to the merge */
/* A shadow: string ref REF of the current provider is not in its copy. */
void fxt__shadow_pending(fxt_validator *v, unsigned ref);
/* Why a shadow stopped (bench/fxt-threads counts them). */
enum {
    FXT__STOP_ISSUE = 1, /* an issue or a limit (shadow_rule) */
    FXT__STOP_PROVIDER,  /* a provider introduced or started afresh */
    FXT__STOP_PENDING,   /* more refs left to the merge than it keeps */
    FXT__STOP_ABORT      /* the validator's thread checks its piece itself */
};
/* A shadow met what it cannot summarise (WHY: FXT__STOP_*): it stops,
 * its chunk is redone. */
static inline void fxt__shadow_stop(fxt_validator *v, int why)
{
    v->shadow_fail = why;
    v->stop_after = 1;
}

/* where an argument header's bits [32..63] start */
#define FXT__ARG_HI_SHIFT FXT_FIELD_LO(FXT_ARG_HI)

/* ---- sequencing (sequence.c) ---- */

/* Event E (its meaning in e->event_type); REGISTERED: its thread ref was
 * resolved (koids known). */
void fxt__sequence(fxt_validator *v, const fxt_event *e, int registered, uint64_t data_off);
/* The async or flow event of meaning KIND, process PID, correlation or
 * flow id ID. */
void fxt__sequence_id(fxt_validator *v, unsigned kind, uint64_t pid, uint64_t id);
/* The thread of (PID, TID): found or added; NULL past the thread limit. */
fxt__thread *fxt__thread_get(fxt_validator *v, uint64_t pid, uint64_t tid);
/* The thread of registered thread index REF of the current provider. */
fxt__thread *fxt__ref_thread(fxt_validator *v, unsigned ref);
/* End of input: unended begins, sorted by offset. */
void fxt__report_unended(fxt_validator *v);
void fxt__sequence_free(fxt_validator *v);

/* ---- UTF-8 (utf8.c) ---- */

/* Offset of the first byte that starts an invalid sequence, or LEN. */
size_t fxt__utf8_check(const uint8_t *s, size_t len);

static inline uint64_t fxt__align8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

/* Length in bytes of the record with header H (fxt_record_bytes, by the
 * size field read at construction). */
static inline uint64_t fxt__record_len(const fxt_validator *v, uint64_t h)
{
    const int l = FXT__SIZE_ROW(h);
    return ((h >> v->size_lo[l]) & v->size_mask[l]) * 8;
}

/* "s" unless N is 1: "1 word", "2 words" in messages. */
static inline const char *fxt__plural(uint64_t n) { return n == 1 ? "" : "s"; }

#endif /* FXT_VALIDATOR_INTERNAL_H */
