/* SPDX-License-Identifier: MIT */
/*
 * internal.h - the validator's state and the pieces its files share.
 *
 *   validate.c  construction, options, counters, verdicts, the one report path
 *   stream.c    feeding: record framing, byte order, streamed large records, finish
 *   decode.c    the record and argument decoders (checks field by field)
 *   sequence.c  begin/end matching of durations, async operations and flows
 *   table.c     the open-addressing hash table sequence.c and fast.c use
 *               (table.h: its types and the lookups, inline)
 *   fast.c      the lean checking path (no record model without a visitor);
 *               fast_other.h its records other than events
 *   fast_build.c  the tables fast.c reads
 *   ahead.c     checking the next chunk ahead on a second thread (fxt_ahead)
 *   utf8.c      UTF-8 validation
 *
 * Revisions: the validator checks one revision, or all four at once
 * (FXT_REV_AUTO). Each is a "lane" (bit r of a lane mask). Records are
 * decoded once; a check whose outcome depends on the revision reports with
 * the mask of the lanes it holds for (v->rl, the lanes reading the current
 * record). Only blob and scheduling records, whose layouts differ, are
 * decoded once per group of lanes that read them alike.
 */
#ifndef FXT_VALIDATOR_INTERNAL_H
#define FXT_VALIDATOR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"
#include "fxt/word.h"

#if defined(__GNUC__) || defined(__clang__)
#define FXT__COLD __attribute__((cold, noinline))
#define FXT__UNLIKELY(x) __builtin_expect(!!(x), 0)
#define FXT__PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define FXT__COLD
#define FXT__UNLIKELY(x) (x)
#define FXT__PRINTF(a, b)
#endif

#define FXT__STR_WORDS ((FXT_MAX_STRING_INDEX + 1) / 64)
#define FXT__BUF_CAP ((size_t)1 << 20) /* > the largest possible large-blob head */
#define FXT__DUR_STACK 32              /* unended begins remembered per thread */
/* Stack words per thread: DUR_STACK (offset, index) pairs, and one more pair
 * for the first begin past them (where the tracking-limit summary points). */
#define FXT__DUR_WORDS (2 * (FXT__DUR_STACK + 1))
#define FXT__DEFER_CAP 64              /* issues of a streamed head held back */

#include "table.h"

/* ---- providers ---- */

typedef struct fxt__provider {
    uint32_t id;
    int implicit;
    int untracked; /* beyond max_providers: refs are not checked */
    uint64_t strbits[FXT__STR_WORDS];
    uint64_t thrbits[4];
    /* dense prefixes, for fast.c's one-compare ref checks: string refs
     * below str_lim and thread refs 1..thr_lim are registered (0 for an
     * untracked provider, whose refs fast.c leaves to decode.c) */
    uint32_t str_lim, thr_lim;
    uint32_t str_k; /* (0x8000 - str_lim) in both 16-bit halves (fast.c) */
    uint64_t thr_pid[256], thr_tid[256];
    void *thr_slot[256]; /* duration-tracking slot of each registered thread, or the
                            validator's no_slot until sequencing sets it */
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

/* ---- one lane's counters ---- */

typedef struct fxt__lane {
    uint64_t errors, warnings;
    uint64_t by_rule[FXT_R_END_];
    fxt_rule first_error;
    uint64_t first_error_offset;
    int frozen;           /* framing differs from here on: no more checks */
    uint64_t stop_offset;
} fxt__lane;

/* An issue of a streamed record's head, held until the record is complete. */
typedef struct fxt__deferred {
    fxt_issue is;
    int deliver;
} fxt__deferred;

/* Revision masks of every value of each type field: bit r set = revision r
 * defines it. Built from the layout table at init. */
typedef struct fxt__defs {
    uint8_t record[16], metadata[16], trace_info[16], event[16], arg[16], large[16],
        large_format[16], sched[16], blob[256];
} fxt__defs;

/* fast.c: lanes reading a scheduling record as a legacy context switch
 * with one header layout: its reserved fields (up to 4, zero-padded) */
/* An event checked ahead (ahead.c) whose sequencing the validator replays:
 * the record, its index, its header and data words (so that the replay
 * reads the log alone, not the other thread's chunk). */
typedef struct fxt__ahead_ent {
    const uint8_t *p;
    uint64_t idx, h, d;
} fxt__ahead_ent;

/* A look-ahead's duration begins and ends that match each other within
 * its chunk, per thread ref: such a pair leaves the thread's stack as it
 * was (depth and everything below the top), so neither is logged, as
 * long as both reach the same, already tracked, thread (ahead.c checks
 * the refs in REFS when the results are taken). */
#define FXT__SPEC_DEPTH 16
typedef struct fxt__spec_dur {
    uint8_t n[256]; /* open local begins per thread ref; SPEC_DEPTH + 1: no more matching */
    uint32_t at[256][FXT__SPEC_DEPTH]; /* their log entries */
    uint64_t refs[4];                  /* refs with a matched pair */
    fxt__ahead_ent *can; /* the begins taken out, in the order of their ends; d: the end's index */
    size_t ncan;
} fxt__spec_dur;

typedef struct fxt__lcsw_group {
    unsigned lanes;
    fxt_rule rule;
    unsigned nrsv;
    uint64_t rsv[4];
} fxt__lcsw_group;

struct fxt_validator {
    fxt__slot no_slot; /* a provider's thread slot not set yet (depth: never a real one) */
    fxt_options o;
    fxt_stats st;

    /* revisions */
    const fxt_layout *lay[FXT_REV_COUNT];
    fxt__defs defs;
    unsigned lanes;     /* lanes still checking */
    unsigned rl;        /* lanes reading the current record */
    unsigned visit;     /* the lane whose reading the visitor gets */
    unsigned reportable; /* lanes that may still be the reported revision */
    unsigned fam_lanes[2]; /* lanes of each event numbering family */
    fxt__lane lane[FXT_REV_COUNT];
    uint8_t rule_lanes[FXT_R_END_];  /* by rule: its revisions, 0 if ignored */
    uint64_t rule_error[(FXT_R_END_ + 63) / 64]; /* by rule: counts as an error */
    int large_framing;  /* type 15 has the 32-bit size (some lane defines it) */
    unsigned grouped_types; /* record types decoded once per layout group */
    uint16_t seq_raw;       /* event numbers sequencing looks at */
    const fxt_word_desc *hdesc[16]; /* header words alike in every revision (else NULL) */
    const char *ev_data[16];        /* by event number: name of its data word, or NULL */
    uint8_t kind[2][16];            /* by family and event number: its meaning */
    /* argument fast path, by argument type (from the layout table) */
    uint16_t arg_all[16];   /* by lane mask: types every lane in it defines */
    uint16_t ev_all[16];    /* by lane mask: event numbers every lane in it defines */
    int lean;               /* no visitor: event records may take fast.c's path */
    uint64_t arg_m[16], arg_e[16]; /* fast path: (arg header & m) == e for a plain argument */
    uint16_t ev_ok;                /* fast path: event numbers every lane checked defines */
    uint8_t arg_undef[16];         /* fast path: lanes that lack each argument type */
    uint8_t arg_words[16];
    uint32_t arg_hi_rsv[16]; /* bits of [32..63] that must be zero for the fast path */
    uint32_t arg_sref[16];   /* bits of [32..63] holding a string value ref */
    uint32_t arg_hi_bad[16]; /* bits of [32..63] that must be zero with inline refs too */
    uint16_t arg_some;       /* argument types some lane checked defines */
    int ev_fam, ev_one_fam;  /* the numbering family read; no lane reads the other */
    uint8_t ev_tail[16];     /* by event number: bytes after the arguments (data word) */
    uint8_t ev_seq[16];      /* by event number: (meaning + 1) << 4 in family
                                ev_fam if sequencing looks at it, else 0 */
    unsigned lean_types;     /* other record types fast.c checks (every lane alike) */
    uint64_t log_rsv, kobj_rsv, blob_rsv, csw_rsv; /* their reserved header bits */
    unsigned csw_legacy;     /* fast.c: lanes reading context switches as legacy ones,
                                counted only (auto mode) */
    fxt__lcsw_group lcsw_group[FXT_REV_COUNT]; /* them, by header layout */
    unsigned lcsw_groups;
    unsigned blob_size_lo;   /* blob payload size field (one lane checked) */
    uint64_t blob_size_m;
    uint64_t lean_other;     /* fast.c: lean records not yet counted that are not events */
    uint64_t lean_flushed;   /* fast.c: index of the first lean record not yet counted */
    uint64_t lean_base;      /* fast.c: stream offset minus address, in the chunk */
    const uint8_t *undef_rec;      /* fast.c: the record undef_n is of */
    unsigned undef_n;              /* fast.c: its undefined argument types, counted in acc */
    unsigned undef_acc_lanes;      /* fast.c: and of lean records before it, to count */
    uint64_t undef_acc_n;
    uint8_t arg_uinl[16];    /* fast.c: 1 for the types counted inline (auto mode): those
                                whose missing lanes are uinl_lanes, none reportable */
    unsigned uinl_lanes;     /* fast.c: the lanes that lack them */
    uint64_t uinl_n;         /* fast.c: such arguments in lean records, not yet counted */
    uint16_t ev_uinl;        /* fast.c: event numbers counted inline alike (auto mode) */
    unsigned ev_uinl_lanes;  /* fast.c: the lanes that lack them, none reportable */
    uint64_t ev_uinl_n;      /* fast.c: such events in lean records, not yet counted */
    int fast_switch;         /* fast.c: the loop stopped to go on in its other copy */
    uint64_t arg_pm[16], arg_pe[16]; /* arg_m/arg_e of a plain argument, whatever lanes lack */
    uint32_t arg_refm[16];   /* bits [16..47] holding string refs, shifted down by 16 */
    /* arg_m, arg_e, arg_refm, words * 8, arg_uinl by the header's low byte */
    uint64_t a8_m[256], a8_e[256];
    uint32_t a8_refm[256];
    uint8_t a8_len[256], a8_uinl[256];
    unsigned build_epoch;    /* fast_build calls so far: the tables above changed */
    /* a look-ahead's copy of the validator (ahead.c): fast.c logs the
     * events sequencing looks at here instead of matching them */
    fxt__ahead_ent *spec_log;
    size_t spec_n, spec_cap;
    fxt__spec_dur *spec_dur;

    /* stream position */
    uint64_t off;     /* offset of the record being assembled / next record */
    uint64_t rec_idx; /* index of that record */
    uint8_t *buf;     /* BUF_CAP bytes */
    size_t have;      /* bytes of the current record in buf */
    uint64_t rec_len; /* its length once the header is known, else 0 */
    int be, be_known, stopped, finished;

    /* streamed tail of a record larger than BUF_CAP */
    int tail;                /* streaming the tail (2: head had errors) */
    uint64_t consumed;       /* bytes of that record seen */
    uint64_t pad_lo, pad_hi; /* record-relative padding range still to check */
    uint64_t implied;        /* bytes its fields imply (for record-size-extra) */
    int pad_bad;             /* padding issue already reported */
    int defer;               /* hold issues back (decoding a streamed head) */
    size_t ndeferred, deferred_lost;
    fxt__deferred *deferred; /* DEFER_CAP entries */

    /* current record (for report()) */
    uint64_t r_off, r_idx;
    unsigned r_type;
    unsigned r_errors;
    /* detail of the next report: field length and bits (reset after each) */
    uint32_t f_len;
    int8_t f_lo, f_hi;

    /* providers */
    fxt__provider *prov; /* max_providers + 2 (implicit, untracked) */
    size_t nprov;        /* used (implicit is prov[0], always allocated) */
    fxt__provider *cur;
    int prov_overflow;   /* some provider was not tracked */
    int seen_magic;

    fxt__table threads, async[2], flows[2]; /* async/flows per numbering family */
    fxt__slot *last_thread;                 /* cache of the last thread looked up */

    fxt_record rec; /* visitor's record */
};

/* ---- reporting (validate.c) ---- */

/* The single report path. LANES: the revisions the issue holds for (masked
 * by the rule's revisions and the lanes still checking). */
void fxt__report(fxt_validator *v, unsigned lanes, fxt_rule r, uint64_t rec_off, uint64_t rec_idx,
                 unsigned rec_type, uint64_t field_off, const char *fmt, ...) FXT__PRINTF(8, 9);

/* Report for the lanes reading the current record (fxt__report counts,
 * with no message, what can never be reported). */
#define FXT__REPORT(v, rule, field_off, ...)                                                 \
    fxt__report((v), (v)->rl, (rule), (v)->r_off, (v)->r_idx, (v)->r_type, (field_off), \
                __VA_ARGS__)

/* Set the field length and bits of the next report. */
static inline void fxt__detail(fxt_validator *v, uint32_t len, int lo, int hi)
{
    v->f_len = len;
    v->f_lo = (int8_t)lo;
    v->f_hi = (int8_t)hi;
}

/* Count N issues of rule R for LANES, none of them reportable (the fast
 * path's undefined argument types in auto mode). */
void fxt__count_only(fxt_validator *v, unsigned lanes, fxt_rule r, uint64_t n);
/* Count an issue for its lanes and, if DELIVER, hand it to the caller. */
void fxt__emit(fxt_validator *v, const fxt_issue *is, int deliver);

/* "r1, r2" for a lane mask, into BUF. */
const char *fxt__lane_names(unsigned lanes, char *buf, size_t n);
/* Stop checking LANES from the current record on (their framing differs). */
void fxt__freeze(fxt_validator *v, unsigned lanes);

/* Provider context ID (validate.c): FRESH for provider info, which starts
 * the provider anew; NULL from find if never introduced (or untracked). */
fxt__provider *fxt__prov_find(fxt_validator *v, uint32_t id);
fxt__provider *fxt__prov_open(fxt_validator *v, uint32_t id, int fresh);

/* ---- decoding (decode.c) ---- */

/* Decode one record of LEN bytes whose first AVAIL bytes are at P.
 * Returns 1 if a streamed tail remains (AVAIL < LEN). */
int fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len, uint64_t h);
/* Report record-size-extra and hand the record to the visitor. */
void fxt__finish_record(fxt_validator *v, fxt_record *r, int decoded, uint64_t implied,
                        const uint8_t *raw, uint64_t len);
const char *fxt__record_type_name(unsigned t);

/* ---- the lean path (fast.c) ---- */

/* Check the whole records at the start of P[0..LEN): event records on the
 * lean path when ordinary and conforming, the rest through fxt__decode.
 * Stops before a large record, a size-0 record or one that does not fit;
 * returns the bytes consumed. Only without a visitor, byte order known. */
size_t fxt__fast_run(fxt_validator *v, const uint8_t *p, size_t len);
/* Build the fast path's masks for the lanes checked (again after a freeze). */
void fxt__fast_build(fxt_validator *v);
/* fast.c / fast_build.c: where an argument header's bits [32..63] start */
#define FXT__ARG_HI_SHIFT FXT_FIELD_LO(FXT_ARG_HI)
/* Count what fast.c counted inline (before the lanes change). */
void fxt__fast_flush(fxt_validator *v);
/* On a look-ahead's copy V of the validator (ahead.c): fxt__fast_run, but
 * stopping at the first record that is not lean (nothing is decoded or
 * reported) and logging in V->spec_log the events whose sequencing may
 * change state. Returns the bytes of the lean records checked. */
size_t fxt__fast_spec(fxt_validator *v, const uint8_t *p, size_t len);
/* The sequencing of N logged events, in order, on the real validator
 * (v->lean_base set for their chunk): returns how many were settled; at
 * the first that needs the slow path the tables are as before it. */
size_t fxt__fast_replay(fxt_validator *v, const fxt__ahead_ent *e, size_t n);

/* ---- sequencing (sequence.c) ---- */

/* Event E, whose meaning for the lanes of numbering family FAM is KIND. */
void fxt__sequence(fxt_validator *v, int fam, unsigned kind, const fxt_event *e, uint64_t data_off);
/* The async or flow event of meaning KIND in family FAM, process PID,
 * correlation or flow id ID (the lanes in v->rl). */
void fxt__sequence_id(fxt_validator *v, int fam, unsigned kind, uint64_t pid, uint64_t id);
/* Event E with number RAW for every lane in v->rl, family by family;
 * REGISTERED: its thread ref resolved (koids known). */
void fxt__sequence_lanes(fxt_validator *v, unsigned raw, const fxt_event *e, int registered,
                         uint64_t data_off);
/* Thread slot for duration tracking. */
fxt__slot *fxt__event_thread(fxt_validator *v, const fxt_thread *t);
/* End of input: unended begins, sorted by offset. */
void fxt__report_unended(fxt_validator *v);

/* ---- UTF-8 (utf8.c) ---- */

/* Offset of the first byte that starts an invalid sequence, or LEN. */
size_t fxt__utf8_check(const uint8_t *s, size_t len);

static inline uint64_t fxt__align8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

/* Length in bytes of the record with header H: a large record's size field
 * is 32 bits wide in the revisions that have large records. */
static inline uint64_t fxt__record_len(const fxt_validator *v, uint64_t h)
{
    if (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE && v->large_framing)
        return FXT_GET(h, FXT_LREC_SIZE) * 8;
    return FXT_GET(h, FXT_REC_SIZE) * 8;
}
/* "s" unless N is 1: "1 word", "2 words" in messages. */
static inline const char *fxt__plural(uint64_t n) { return n == 1 ? "" : "s"; }

#endif /* FXT_VALIDATOR_INTERNAL_H */
