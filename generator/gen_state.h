/* SPDX-License-Identifier: MIT */
/* gen_state.h - the state of a random trace being generated, shared by the
 * files that make one: gen.c (entry points, setup, the main loop, closing
 * what is open), gen_records.c (records through the model and the
 * encoder), gen_coverage.c (the coverage profile's menu) and gen_direct.c
 * (the realistic profile's events, written straight into the buffer).
 * Internal: not installed. */
#ifndef FXT_GEN_STATE_H
#define FXT_GEN_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/encode.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "gen_internal.h"
#include "gen_rng.h"

#define NTHREADS FXT__GEN_THREADS /* registered threads per provider (and 0xff) */
#define NSTRINGS FXT__GEN_STRINGS /* registered strings per provider (and 0x7fff) */
#define MAXDEPTH 6                /* duration nesting per thread */
#define MAXOPEN 16                /* open async operations / flows */
#define NPROV 3                   /* providers in the coverage profile */
#define NPROV_REAL 2              /* providers in the realistic profile */
/* The realistic profile makes new records while more than REAL_MARGIN
 * records beyond the ends of what is open are left: a record may open one
 * more thing, and ending what is open may take a provider section first. */
#define REAL_MARGIN 2u
/* Records that introduce a provider: provider info, its strings and threads. */
#define PROV_SETUP (1u + NSTRINGS + 1u + NTHREADS)
#define BUFSZ (1u << 18)          /* output buffer */
#define LONGSTR 32000u            /* bytes of long text */
#define PAYLOAD 80000u            /* bytes of random blob payload */
#define NTEXTS 9u                 /* texts of inline strings (fxt__gen_texts) */
#define TEXT_MAX 16u              /* the longest of them */
#define NREAL_ARGS 8u             /* argument types of the realistic profile */

/* The realistic profile's mix: a draw X in [0, 100) per record picks the
 * first kind whose bound is above X (so each kind's share is its bound
 * minus the one before, in percent). Events come first, up to REAL_FLOW
 * (88%); then logs, kernel and userspace objects, blobs, context switches,
 * thread wakeups and a switch to the other provider (2%: every 50 records
 * on average). */
enum real_bound {
    REAL_DURATION = 43, /* duration begin or end */
    REAL_COMPLETE = 67,
    REAL_INSTANT = 75,
    REAL_COUNTER = 80,
    REAL_ASYNC = 84, /* async begin, instant or end */
    REAL_FLOW = 88,  /* flow begin, step or end */
    REAL_LOG = 91,
    REAL_KOBJ = 92,
    REAL_UOBJ = 93,
    REAL_BLOB = 94,
    REAL_CSW = 96,
    REAL_WAKEUP = 98,
    REAL_SWITCH = 100
};

/* The draw X of the realistic mix, or the instant event's when the record
 * type X picks is one of OMIT (fxt_gen_options.omit); both paths (gen.c,
 * gen_direct.c) draw through it, so their bytes stay the same. */
static inline unsigned fxt__gen_real_pick(unsigned omit, unsigned x)
{
    if (omit == 0 || x < REAL_FLOW || x >= REAL_WAKEUP)
        return x;
    unsigned type = x < REAL_LOG    ? 9u  /* log */
                    : x < REAL_KOBJ ? 7u  /* kernel object */
                    : x < REAL_UOBJ ? 6u  /* userspace object */
                    : x < REAL_BLOB ? 5u  /* blob */
                                    : 8u; /* scheduling */
    return omit >> type & 1u ? REAL_INSTANT - 1u : x;
}

/* Texts for inline strings: ASCII, exactly 8 bytes, multi-byte UTF-8. */
extern const char *const fxt__gen_texts[NTEXTS];
/* Argument types of the realistic profile (drawn uniformly). */
extern const unsigned fxt__gen_real_args[NREAL_ARGS];
/* How an argument value is made from 64 random bits X, per profile and
 * argument type: (X & mask) | set. */
extern const uint64_t fxt__gen_val_mask[2][FXT_AT_COUNT];
extern const uint64_t fxt__gen_val_set[2][FXT_AT_COUNT];

typedef struct open_async {
    unsigned prov, thread;
    uint64_t id;
} open_async;

/* An argument type of the realistic profile as the direct path writes it. */
typedef struct direct_arg {
    uint64_t mask, set; /* value = (x & mask) | set */
    uint64_t header;    /* type and size in words, without inline streams */
    uint32_t hi;        /* bits of the value kept in the header's [32..63] */
    uint32_t bytes;     /* header and value word, bytes */
    uint32_t is_string; /* a string ref follows the name */
} direct_arg;

typedef struct gen {
    rng r; /* cursor on rb: the random source */
    fxt_gen_profile profile;
    /* The revision written. The current one is written exactly as before
     * revisions existed (same bytes); for the others, what the revision
     * lacks is replaced where the record is made (see adapt() in gen.c). */
    const fxt_layout *l;
    int current;
    int direct; /* the realistic profile in the current revision: gen_direct.c */
    unsigned order; /* of the leading records: FXT_GEN_ORDER_* bits */
    unsigned omit;  /* fxt_gen_options.omit */
    fxt_writer w;
    uint8_t *buf;
    fxt_gen_write_fn write;
    void *ctx;
    int err;
    uint64_t left; /* records still to write */
    uint64_t ts;
    unsigned prov, nprov; /* current provider (index), providers introduced */
    unsigned depth[NPROV][NTHREADS];
    unsigned ndur; /* sum of depth[][]: open durations */
    open_async async[MAXOPEN];
    unsigned nasync;
    uint64_t flows[MAXOPEN];
    unsigned nflows;
    uint64_t next_id;
    unsigned step;     /* coverage: position in the menu */
    int has_ff[NPROV]; /* thread index 0xff registered (as thread 0) */
    char *longstr;     /* LONGSTR bytes of text */
    uint8_t *payload;  /* PAYLOAD random bytes */
    /* fxt__gen_texts as inline streams for the direct path: bytes
     * zero-padded to TEXT_MAX, length and words */
    uint8_t text_pad[NTEXTS][TEXT_MAX];
    uint8_t text_len[NTEXTS];
    uint8_t text_words[NTEXTS];
    direct_arg dargs[NREAL_ARGS];
    rng_block rb;
} gen;

/* A draw for the model path, which checks the block before every draw
 * (its records can take hundreds of draws). */
static inline uint64_t rnd(gen *g, uint64_t n)
{
    rng_reserve(&g->r);
    return rng_any(&g->r, n);
}

/* Durations, async operations and flows open: the records needed to end them. */
static inline unsigned open_count(const gen *g) { return g->nasync + g->nflows + g->ndur; }

/* The provider id of provider index P. */
static inline uint32_t provider_id_of(unsigned p) { return 1 + p * 7; }

static inline uint64_t pid_of(unsigned prov, unsigned t) { return 1000 + prov * 10 + t / 4; }
static inline uint64_t tid_of(unsigned prov, unsigned t) { return 5000 + prov * 100 + t; }

/* ---- gen.c ---- */

/* Hand the buffer to the write function. */
void fxt__gen_flush(gen *g);
/* Encode REC (adapted to the revision) and count it. */
void fxt__gen_emit(gen *g, fxt_record *rec);

/* ---- gen_records.c: records through the model ---- */

/* An event of type TYPE on thread T with data word DATA (where the type
 * has one) and up to MAXARGS arguments: the direct path's writer or the
 * model and encoder. */
void fxt__gen_event(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs);
void fxt__gen_duration(gen *g);
void fxt__gen_complete(gen *g);
void fxt__gen_async(gen *g);
void fxt__gen_flow(gen *g);
void fxt__gen_counter(gen *g);
void fxt__gen_log(gen *g, size_t len);
void fxt__gen_kobj(gen *g);
void fxt__gen_uobj(gen *g);
void fxt__gen_blob(gen *g, uint64_t size);
void fxt__gen_large_blob(gen *g, unsigned format, uint64_t size);
void fxt__gen_sched(gen *g, unsigned type);
/* An instant event of exactly 4095 words: inline thread (4 words) and three
 * string arguments with inline values of 16000, 16000 and 704 bytes. */
void fxt__gen_max_record(gen *g);
void fxt__gen_string_rec(gen *g, unsigned index, const char *s, size_t len);
void fxt__gen_thread_rec(gen *g, unsigned index, uint64_t pid, uint64_t tid);
void fxt__gen_init_rec(gen *g, uint64_t ticks);
void fxt__gen_provider_info(gen *g, unsigned p);
void fxt__gen_provider_section(gen *g, unsigned p);
void fxt__gen_provider_event(gen *g);
/* Register the string and thread tables of the current provider. */
void fxt__gen_tables(gen *g);
/* The realistic profile's records other than events and provider switches
 * (X in [REAL_FLOW, REAL_WAKEUP) of its draw in [0, 100)). */
void fxt__gen_realistic_other(gen *g, unsigned x);
/* The realistic profile's provider switch: the other provider's section,
 * or, the first time, the second provider's info record and tables (when
 * the budget leaves room for them and for ending what is open; else
 * nothing). */
void fxt__gen_switch_provider(gen *g);
/* A text of fxt__gen_texts, drawn. */
const char *fxt__gen_text(gen *g, size_t *len);

/* ---- gen_coverage.c ---- */

/* One step of the coverage profile's menu. */
void fxt__gen_coverage_step(gen *g);

/* ---- gen_direct.c ---- */

/* Fill g->text_* and g->dargs. */
void fxt__gen_direct_init(gen *g);
/* The realistic profile while more than the open things' ends are left. */
void fxt__gen_direct_run(gen *g);
/* One event (fxt__gen_event) on the direct path. */
void fxt__gen_direct_event(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs);

#endif
