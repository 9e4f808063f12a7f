/* SPDX-License-Identifier: MIT */
/*
 * naive_reader.c - a small FXT trace reader written the way real readers
 * are: it walks the records, resolves string and thread refs per provider,
 * and prints a summary (records and events by type, strings, durations in
 * seconds using the initialization record's ticks per second, blobs).
 *
 * It carries thirteen PLANTED BUGS, each marked "PLANTED BUG n", modelled on
 * what real readers get wrong (../../../shared/real-traces/README.md and the
 * public trackers of FXT readers):
 *
 *   1  divide by zero when the initialization record says 0 ticks per second
 *   2  an inline string is copied with its 15-bit length, unchecked against
 *      the record (or the file): reading past a record's end
 *   3  large records (type 15) are framed with the 12-bit size field
 *   4  a record of size 0 is read again and again, forever
 *   5  a large blob's 64-bit size wraps the payload bounds check
 *   6  NULL dereference on an event before any provider metadata record
 *   7  a large blob's 64-bit size wraps the padding arithmetic
 *   8  an undefined event type loaded into an enum and used as an index
 *   9  NULL dereference on an event before any initialization record
 *  10  a buffer allocated with the size an untrusted field asks for
 *  11  a size-limit assert that every short valid big-endian trace hits
 *  12  a re-registered string index keeps its first string (wrong text,
 *      no crash: only a differential comparison sees it)
 *  13  the same for a re-registered thread index (wrong process and thread
 *      koids on the events after it)
 *  14  (only with -DNAIVE_READER_META_ENUM) an undefined trace-info type
 *      loaded into an enum and used as an index: in the magic record, the
 *      first record of a trace, one byte away from a seed
 *
 * Each bug fires in its own named, non-inlined function so that a crash
 * stack names the bug (bench_bugs.sh relies on it):
 *   1 nr_ticks_to_seconds   2 nr_read_inline_string   5 nr_blob_checksum
 *   6 nr_count_event        7 nr_blob_copy            8 nr_event_kind_name
 *   9 nr_event_time        10 nr_blob_alloc          11 nr_check_size_limit
 *   4 hangs in nr_walk      3 is a silent misframing (found by fxt-conform,
 *   and by the fuzz harness's framing oracle), 12 a wrong string and 13 a
 *   wrong thread (found by fxt-conform --compare on the records printed
 *   with --jsonl).
 *
 * Apart from those, it reads conforming traces correctly, in either byte
 * order. Everything else it checks against the end of the file only, like
 * most readers: it is tolerant, not strict.
 *
 * Built with -DNAIVE_READER_FIXED, every planted bug is its fixed variant
 * (NR_FIX below): a reader of the same shape and cost that does not crash
 * within seconds, for measuring a fuzzer's executions per second.
 *
 * The program around it (naive_reader FILE, --jsonl) is naive_reader_main.c.
 */
#include "naive_reader.h"

#undef NDEBUG /* planted bug 11 is an assert: keep it in every build */
#include <assert.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define NR_NOINLINE __attribute__((noinline))
#else
#define NR_NOINLINE
#endif

#define NR_MAGIC 0x0016547846040010ull
#define NR_STRING_MAX 0x7fff /* an inline string's length is 15 bits */
#define NR_OPEN_MAX 256      /* open duration begins remembered */

/* NR_FIX(n): 1 selects the fixed variant of planted bug n. Every bug with
 * NAIVE_READER_FIXED; those whose bit n is set in NAIVE_READER_FIX_MASK
 * otherwise (bench_bugs.sh -P cxx: a reader that keeps only its deep size
 * wraps and its shallow enum loads, as Fuchsia's C++ reader did). */
#ifdef NAIVE_READER_FIXED
#define NR_FIX_MASK 0xffffffffu
#elif defined(NAIVE_READER_FIX_MASK)
#define NR_FIX_MASK ((unsigned)(NAIVE_READER_FIX_MASK))
#else
#define NR_FIX_MASK 0u
#endif
#define NR_FIX(n) ((NR_FIX_MASK >> (n)) & 1u)

/* ---- a small hash map: 64-bit key -> two 64-bit values ---- */

typedef struct nr_slot {
    uint64_t key; /* key + 1; 0 = empty */
    uint64_t a, b;
} nr_slot;

typedef struct nr_map {
    nr_slot *s;
    size_t cap, n;
} nr_map;

typedef struct nr_provider {
    uint32_t id;
    uint32_t ord; /* 1, 2, ...; 0 is the implicit provider of the tables */
    uint64_t records;
    uint64_t events;
} nr_provider;

typedef struct nr_open {
    uint32_t ord;
    uint64_t tid, ts;
} nr_open;

typedef struct nr_clock {
    uint64_t tps; /* ticks per second */
} nr_clock;

typedef struct nr_reader nr_reader;

struct nr_reader {
    const uint8_t *buf;
    size_t len;
    int be;
    jmp_buf fail;
    char *err;
    size_t errlen;
    nr_summary *sum;
    nr_record_hook hook;
    void *hook_ctx;
    nr_clock *clock;   /* set by the first initialization record */
    nr_provider *cur;  /* set by provider metadata records */
    nr_provider **provs;
    size_t nprovs, provcap;
    nr_map provids;    /* provider id -> index in provs */
    nr_map strings;    /* (provider ord << 16 | index) -> (offset, length) */
    nr_map threadtab;  /* (provider ord << 8 | index) -> (pid, tid) */
    nr_map names;      /* event name hash -> count */
    nr_open open[NR_OPEN_MAX];
    size_t nopen;
    nr_decoded dec;  /* the record being read */
    nr_emit_fn emit; /* --jsonl: called after each record */
    void *emit_ctx;
};

static void nr_fail(nr_reader *r, size_t off, const char *fmt, ...)
{
    if (r->errlen) {
        int n = snprintf(r->err, r->errlen, "offset 0x%zx: ", off);
        if (n < 0 || (size_t)n >= r->errlen)
            n = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    longjmp(r->fail, 1);
}

static uint64_t map_hash(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

static nr_slot *map_find(nr_map *m, uint64_t key)
{
    if (m->cap == 0)
        return NULL;
    for (size_t i = map_hash(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->s[i].key == 0)
            return NULL;
        if (m->s[i].key == key + 1)
            return &m->s[i];
    }
}

static nr_slot *map_put(nr_reader *r, nr_map *m, uint64_t key)
{
    nr_slot *e = map_find(m, key);
    if (e)
        return e;
    if ((m->n + 1) * 2 > m->cap) {
        size_t ncap = m->cap ? m->cap * 2 : 64;
        nr_slot *ns = calloc(ncap, sizeof *ns);
        if (ns == NULL)
            nr_fail(r, 0, "out of memory");
        for (size_t i = 0; i < m->cap; i++)
            if (m->s[i].key) {
                size_t j = map_hash(m->s[i].key - 1) & (ncap - 1);
                while (ns[j].key)
                    j = (j + 1) & (ncap - 1);
                ns[j] = m->s[i];
            }
        free(m->s);
        m->s = ns;
        m->cap = ncap;
    }
    size_t i = map_hash(key) & (m->cap - 1);
    while (m->s[i].key)
        i = (i + 1) & (m->cap - 1);
    m->s[i].key = key + 1;
    m->s[i].a = m->s[i].b = 0;
    m->n++;
    return &m->s[i];
}

/* ---- reading words ---- */

static uint64_t bswap64(uint64_t x)
{
    x = (x & 0x00000000ffffffffull) << 32 | (x & 0xffffffff00000000ull) >> 32;
    x = (x & 0x0000ffff0000ffffull) << 16 | (x & 0xffff0000ffff0000ull) >> 16;
    return (x & 0x00ff00ff00ff00ffull) << 8 | (x & 0xff00ff00ff00ff00ull) >> 8;
}

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--)
        w = w << 8 | p[i];
    return w;
}

/* The word at byte offset OFF; the file must hold it. */
static uint64_t rd64(nr_reader *r, size_t off)
{
    if (off > r->len || r->len - off < 8)
        nr_fail(r, off, "trace ends inside a record");
    uint64_t w = load_le64(r->buf + off);
    return r->be ? bswap64(w) : w;
}

/* The file must hold N bytes at OFF. */
static void need(nr_reader *r, size_t off, uint64_t n)
{
    if (off > r->len || n > r->len - off)
        nr_fail(r, off, "trace ends inside a record");
}

static size_t pad8(uint64_t n)
{
    return (size_t)((n + 7) & ~(uint64_t)7);
}

static uint64_t fnv1a(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* ---- providers ---- */

static uint32_t prov_ord(const nr_reader *r)
{
    return r->cur ? r->cur->ord : 0; /* tables before any provider: ord 0 */
}

static nr_provider *find_provider(nr_reader *r, uint32_t id)
{
    nr_slot *e = map_find(&r->provids, id);
    if (e)
        return r->provs[e->a];
    if (r->nprovs == r->provcap) {
        size_t ncap = r->provcap ? r->provcap * 2 : 8;
        nr_provider **np = realloc(r->provs, ncap * sizeof *np);
        if (np == NULL)
            nr_fail(r, 0, "out of memory");
        r->provs = np;
        r->provcap = ncap;
    }
    nr_provider *p = calloc(1, sizeof *p);
    if (p == NULL)
        nr_fail(r, 0, "out of memory");
    p->id = id;
    p->ord = (uint32_t)r->nprovs + 1;
    r->provs[r->nprovs++] = p;
    map_put(r, &r->provids, id)->a = r->nprovs - 1;
    r->sum->providers++;
    return p;
}

/* ---- the planted bugs' functions ---- */

/* Timestamps are ticks; seconds = ticks / ticks-per-second, done in integers
 * first so that large tick counts keep their precision. */
NR_NOINLINE static double nr_ticks_to_seconds(uint64_t ticks, uint64_t tps)
{
    /* PLANTED BUG 1: ticks per second comes straight from the initialization
     * record and is never checked; an initialization record saying 0 makes
     * this an integer division by zero (SIGFPE; UBSan "division by zero"). */
    if (NR_FIX(1) && tps == 0)
        tps = 1000000000u; /* fixed: as if 1 tick were 1 ns */
    uint64_t whole = ticks / tps;
    uint64_t rest = ticks % tps;
    return (double)whole + (double)rest / (double)tps;
}

/* Seconds of a tick count, at the clock of the initialization record. */
NR_NOINLINE static double nr_event_time(const nr_reader *r, uint64_t ticks)
{
    /* PLANTED BUG 9: the clock exists once an initialization record was
     * read. The record is optional (without it 1 tick is 1 ns), so an event
     * before any initialization record, which is legal, dereferences NULL. */
    if (NR_FIX(9) && r->clock == NULL)
        return nr_ticks_to_seconds(ticks, 1000000000u); /* fixed: 1 tick = 1 ns */
    return nr_ticks_to_seconds(ticks, r->clock->tps);
}

/* An inline string at *CUR of LEN bytes: copy it out, step over it. */
NR_NOINLINE static nr_text nr_read_inline_string(nr_reader *r, size_t *cur, unsigned len)
{
    char text[NR_STRING_MAX + 1];
    /* PLANTED BUG 2: the 15-bit inline length is trusted. Nothing checks that
     * the string lies inside its record, or even inside the file: a length
     * running past the record reads the next records' bytes, and one running
     * past the end of the file reads beyond the buffer (ASan:
     * heap-buffer-overflow in memcpy). The cursor then walks on past the
     * record's end too. */
    if (NR_FIX(2))
        need(r, *cur, len); /* fixed: checked against the file, at least */
    memcpy(text, r->buf + *cur, len);
    text[len] = 0;
    nr_text t = {r->buf + *cur, len};
    *cur += pad8(len);
    return t;
}

/* Every event is counted against the provider it came from. */
NR_NOINLINE static void nr_count_event(nr_reader *r, unsigned etype)
{
    /* PLANTED BUG 6: r->cur is set only by provider metadata records. The
     * table code copes with "no provider yet" (prov_ord), this does not: an
     * event before any provider info or provider section record (legal: the
     * records then belong to an implicit provider) dereferences NULL. */
    if (!NR_FIX(6) || r->cur != NULL) { /* fixed: the implicit provider counts nothing */
        r->cur->events++;
        r->cur->records++;
    }
    r->sum->events_by_type[etype]++;
}

/* A running checksum of blob payloads, printed in the summary. */
NR_NOINLINE static uint64_t nr_blob_checksum(uint64_t sum, const uint8_t *p, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        sum = (sum ^ p[i]) * 0x100000001b3ull;
    return sum;
}

/* Event types, as the spec numbers them. */
typedef enum nr_event_kind {
    NR_EV_INSTANT, NR_EV_COUNTER, NR_EV_DURATION_BEGIN, NR_EV_DURATION_END,
    NR_EV_DURATION_COMPLETE, NR_EV_ASYNC_BEGIN, NR_EV_ASYNC_INSTANT, NR_EV_ASYNC_END,
    NR_EV_FLOW_BEGIN, NR_EV_FLOW_STEP, NR_EV_FLOW_END, NR_EV_COUNT
} nr_event_kind;

static const char *const k_event_kind_names[NR_EV_COUNT] = {
    "instant", "counter", "duration-begin", "duration-end", "duration-complete",
    "async-begin", "async-instant", "async-end", "flow-begin", "flow-step", "flow-end"};

/* Name of an event's type. */
NR_NOINLINE static const char *nr_event_kind_name(nr_event_kind kind)
{
    /* PLANTED BUG 8: the 4-bit event type field was loaded into the enum
     * unchecked; types 11-15 are not defined, so the table is read past its
     * end (ASan: global-buffer-overflow; plain builds get a stray pointer). */
    if (NR_FIX(8) && (unsigned)kind >= NR_EV_COUNT)
        return "unknown";
    return k_event_kind_names[kind];
}

#ifdef NAIVE_READER_META_ENUM
/* Trace-info types, as the spec numbers them: 0 is the magic record. */
typedef enum nr_trace_info_kind { NR_TI_MAGIC, NR_TI_COUNT } nr_trace_info_kind;

static const char *const k_trace_info_names[NR_TI_COUNT] = {"magic"};

/* Name of a trace-info metadata record's type. */
NR_NOINLINE static const char *nr_trace_info_name(nr_trace_info_kind kind)
{
    /* PLANTED BUG 14: as bug 8, for the 4-bit trace-info type: types 1-15
     * read past the table (UBSan: index out of bounds). A trace that starts
     * with a magic record is one byte from it. */
    if (NR_FIX(14) && (unsigned)kind >= NR_TI_COUNT)
        return "unknown";
    return k_trace_info_names[kind];
}
#endif

/* The payload buffer of a large blob with metadata (format 0). */
NR_NOINLINE static uint8_t *nr_blob_alloc(nr_reader *r, uint64_t bytes)
{
    /* PLANTED BUG 10: the buffer is allocated with the size the record
     * asks for, before that size is checked against the record: a 26-byte
     * trace can ask for 2^62 bytes (ASan: allocation-size-too-big; libFuzzer
     * -malloc_limit_mb; plain builds: malloc returns NULL, written to). */
    uint8_t *p = malloc((size_t)bytes);
    (void)r;
    if (bytes) {
        p[0] = 0;
        p[bytes - 1] = 0;
    }
    return p;
}

/* Copy a large blob's payload out of the trace. */
NR_NOINLINE static void nr_blob_copy(uint8_t *dst, const uint8_t *src, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        dst[i] = src[i];
}

/* A quick sanity check of a record's size before it is read. */
NR_NOINLINE static void nr_check_size_limit(const nr_reader *r, size_t off)
{
    /* PLANTED BUG 11: the check reads the size from the header word as it is
     * stored, before the trace's byte order is applied: right for
     * little-endian traces (where the size was just checked the right way),
     * but in a big-endian trace bits [4..15] of the stored bytes are another
     * field (352 for the magic record itself), so short, valid big-endian
     * traces hit the assert. */
    uint64_t stored = load_le64(r->buf + off);
    if (NR_FIX(11) && r->be) /* fixed: in the trace's byte order */
        stored = bswap64(stored);
    assert(((stored >> 4) & 0xfff) <= (r->len - off) / 8);
}

/* Size of the record with header H, in words. */
static uint64_t nr_record_words(uint64_t h)
{
    /* PLANTED BUG 3: the size is bits [4..15] for every record type, but
     * large records (type 15) have a 32-bit size in bits [4..35]. A large
     * record of 4096 words or more is cut short (its payload is then read
     * as records, or a valid large blob is rejected as overrunning its
     * record), and a truncated large record whose low 12 size bits happen
     * to fit is accepted. */
    if (NR_FIX(3) && (h & 0xf) == 15)
        return (h >> 4) & 0xffffffffu;
    return (h >> 4) & 0xfff;
}

/* ---- strings, threads, arguments ---- */

/* Resolve string ref REF whose inline stream (if any) is at *CUR.
 * Unregistered indexes read as the empty string. */
static nr_text read_string(nr_reader *r, size_t *cur, unsigned ref)
{
    nr_text empty = {(const uint8_t *)"", 0};
    if (ref == 0)
        return empty;
    if (ref & 0x8000)
        return nr_read_inline_string(r, cur, ref & 0x7fff);
    nr_slot *e = map_find(&r->strings, (uint64_t)prov_ord(r) << 16 | ref);
    if (e == NULL)
        return empty;
    nr_text t = {r->buf + e->a, (size_t)e->b};
    return t;
}

/* Thread ref REF: an index, or (0) two koid words at *CUR. Returns the
 * tid; *PID gets the process koid. */
static uint64_t read_thread(nr_reader *r, size_t *cur, unsigned ref, uint64_t *pid)
{
    if (ref == 0) {
        *pid = rd64(r, *cur); /* process koid */
        uint64_t tid = rd64(r, *cur + 8);
        *cur += 16;
        return tid;
    }
    nr_slot *e = map_find(&r->threadtab, (uint64_t)prov_ord(r) << 8 | ref);
    *pid = e ? e->a : 0;
    return e ? e->b : 0;
}

static void read_args(nr_reader *r, size_t *cur, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        size_t at = *cur;
        uint64_t ah = rd64(r, at);
        unsigned type = ah & 0xf;
        uint64_t words = (ah >> 4) & 0xfff;
        size_t c = at + 8;
        (void)read_string(r, &c, (ah >> 16) & 0xffff); /* name */
        switch (type) {
        case 3: case 4: case 5: case 7: case 8:
            (void)rd64(r, c); /* 64-bit value */
            break;
        case 6:
            (void)read_string(r, &c, (ah >> 32) & 0xffff);
            break;
        default: /* 0-2, 9: value in the header; unknown types: skip */
            break;
        }
        r->sum->args++;
        *cur = at + (size_t)words * 8;
    }
}

/* ---- records ---- */

static void add_duration(nr_reader *r, uint64_t begin, uint64_t end)
{
    uint64_t d = end >= begin ? end - begin : 0; /* negative: count as 0 */
    r->sum->durations++;
    r->sum->duration_s += nr_event_time(r, d);
}

static void read_event(nr_reader *r, size_t off, uint64_t h)
{
    unsigned etype = (h >> 16) & 0xf;
    unsigned nargs = (h >> 20) & 0xf;
    nr_count_event(r, etype);
    uint64_t ts = rd64(r, off + 8), pid;
    size_t cur = off + 16;
    uint64_t tid = read_thread(r, &cur, (h >> 24) & 0xff, &pid);
    nr_text cat = read_string(r, &cur, (h >> 32) & 0xffff);
    nr_text name = read_string(r, &cur, (h >> 48) & 0xffff);
    read_args(r, &cur, nargs);
    const char *kind = nr_event_kind_name((nr_event_kind)etype);
    r->sum->kind_letters += (unsigned char)kind[0];

    nr_slot *n = map_put(r, &r->names, fnv1a(name.p, name.n));
    if (n->a++ == 0)
        r->sum->distinct_names++;
    nr_decoded *dc = &r->dec;
    dc->has_event = 1, dc->etype = etype, dc->ts = ts, dc->pid = pid, dc->tid = tid;
    dc->category = cat, dc->name = name;

    double t = nr_event_time(r, ts);
    if (!r->sum->have_time)
        r->sum->first_s = t, r->sum->have_time = 1;
    r->sum->last_s = t;

    uint32_t ord = prov_ord(r);
    switch (etype) {
    case 2: /* duration begin */
        if (r->nopen < NR_OPEN_MAX)
            r->open[r->nopen++] = (nr_open){ord, tid, ts};
        break;
    case 3: /* duration end: the latest open begin on this thread */
        for (size_t i = r->nopen; i-- > 0;)
            if (r->open[i].ord == ord && r->open[i].tid == tid) {
                add_duration(r, r->open[i].ts, ts);
                r->sum->duration_pairs++;
                memmove(&r->open[i], &r->open[i + 1], (r->nopen - i - 1) * sizeof r->open[0]);
                r->nopen--;
                break;
            }
        break;
    case 4: /* duration complete */
        dc->word = rd64(r, cur);
        add_duration(r, ts, dc->word);
        break;
    case 1: case 5: case 6: case 7: case 8: case 9: case 10:
        dc->word = rd64(r, cur); /* counter / correlation id */
        break;
    default: /* instant, or an event type this reader does not know */
        break;
    }
}

static void read_metadata(nr_reader *r, size_t off, uint64_t h)
{
    unsigned mtype = (h >> 16) & 0xf;
    r->dec.has_meta = 1, r->dec.meta_type = mtype;
    r->dec.provider_id = (uint32_t)((h >> 20) & 0xffffffffu);
#ifdef NAIVE_READER_META_ENUM
    if (mtype == 4) /* trace info */
        r->sum->kind_letters +=
            (unsigned char)nr_trace_info_name((nr_trace_info_kind)((h >> 20) & 0xf))[0];
#endif
    if (mtype == 1) { /* provider info */
        uint32_t id = (uint32_t)((h >> 20) & 0xffffffffu);
        size_t nlen = (h >> 52) & 0xff;
        need(r, off + 8, nlen);
        nr_provider *p = find_provider(r, id);
        size_t k = p->ord - 1;
        if (k < NR_MAX_PROVIDER_NAMES) {
            size_t n = nlen < 63 ? nlen : 63;
            memcpy(r->sum->provider_names[k], r->buf + off + 8, n);
            r->sum->provider_names[k][n] = 0;
        }
        r->cur = p;
    } else if (mtype == 2) { /* provider section */
        r->cur = find_provider(r, (uint32_t)((h >> 20) & 0xffffffffu));
    }
    /* provider event, trace info (the magic record), unknown: nothing to do */
}

static void read_blob(nr_reader *r, size_t off, uint64_t h)
{
    size_t cur = off + 8;
    (void)read_string(r, &cur, (h >> 16) & 0xffff);
    uint64_t size = (h >> 32) & 0x7fff;
    need(r, cur, size);
    r->sum->blobs++;
    r->sum->blob_bytes += size;
    r->sum->blob_checksum = nr_blob_checksum(r->sum->blob_checksum, r->buf + cur, size);
}

static void read_large(nr_reader *r, size_t off, uint64_t h, uint64_t words)
{
    if (((h >> 36) & 0xf) != 0)
        return; /* not a large blob: skip */
    unsigned format = (h >> 40) & 0xf;
    if (format > 1)
        return;
    size_t end = off + (size_t)words * 8;
    uint64_t fh = rd64(r, off + 8);
    size_t cur = off + 16;
    (void)read_string(r, &cur, fh & 0xffff);         /* category */
    (void)read_string(r, &cur, (fh >> 16) & 0xffff); /* name */
    if (format == 0) {
        uint64_t pid;
        (void)rd64(r, cur); /* timestamp */
        cur += 8;
        (void)read_thread(r, &cur, (fh >> 36) & 0xff, &pid);
        read_args(r, &cur, (fh >> 32) & 0xf);
    }
    uint64_t size = rd64(r, cur);
    cur += 8;
    if (format == 0) {
        /* keeps a copy of the payloads that come with metadata */
        uint64_t padded = (size + 7) & ~(uint64_t)7;
        if (NR_FIX(7) && padded < size) /* fixed: the padding wrapped */
            nr_fail(r, cur - 8, "large blob size %llu wraps", (unsigned long long)size);
        if (NR_FIX(10) && (cur > end || padded > end - cur)) /* fixed: before allocating */
            nr_fail(r, cur - 8, "large blob payload of %llu bytes overruns its record",
                    (unsigned long long)size);
        uint8_t *copy = nr_blob_alloc(r, padded);
        /* PLANTED BUG 7: the padded size is checked, but for a size within 7
         * of 2^64 the padding arithmetic wraps it to 0, the check passes and
         * SIZE bytes are copied into the 0-byte buffer (ASan:
         * heap-buffer-overflow in nr_blob_copy). */
        if (padded > end - cur) {
            free(copy);
            nr_fail(r, cur - 8, "large blob payload of %llu bytes overruns its record",
                    (unsigned long long)size);
        }
        nr_blob_copy(copy, r->buf + cur, size);
        r->sum->blobs++;
        r->sum->blob_bytes += size;
        r->sum->blob_checksum = nr_blob_checksum(r->sum->blob_checksum, copy, size);
        free(copy);
        return;
    }
    /* PLANTED BUG 5: the payload must lie inside the record, but with SIZE
     * near 2^64 "cur + size" wraps around and the check passes; the checksum
     * then reads far past the buffer. (It should be size > end - cur.) */
    if (NR_FIX(5) ? cur > end || size > end - cur : cur + size > end)
        nr_fail(r, cur - 8, "large blob payload of %llu bytes overruns its record",
                (unsigned long long)size);
    r->sum->blobs++;
    r->sum->blob_bytes += size;
    r->sum->blob_checksum = nr_blob_checksum(r->sum->blob_checksum, r->buf + cur, size);
}

static void read_scheduling(nr_reader *r, size_t off, uint64_t h)
{
    unsigned stype = (unsigned)(h >> 60);
    size_t cur = off + 8;
    (void)rd64(r, cur); /* timestamp */
    cur += 8;
    if (stype == 0) { /* legacy context switch: two thread refs */
        uint64_t pid;
        (void)read_thread(r, &cur, (h >> 28) & 0xff, &pid);
        (void)read_thread(r, &cur, (h >> 36) & 0xff, &pid);
    } else if (stype == 1) { /* context switch */
        (void)rd64(r, cur);
        (void)rd64(r, cur + 8);
        cur += 16;
        read_args(r, &cur, (h >> 16) & 0xf);
    } else if (stype == 2) { /* thread wakeup */
        (void)rd64(r, cur);
        cur += 8;
        read_args(r, &cur, (h >> 16) & 0xf);
    }
}

static void read_record(nr_reader *r, size_t off, uint64_t h, uint64_t words)
{
    unsigned type = h & 0xf;
    size_t cur;
    r->sum->by_type[type]++;
    switch (type) {
    case 0:
        read_metadata(r, off, h);
        break;
    case 1: /* initialization */
        if (r->clock == NULL && (r->clock = calloc(1, sizeof *r->clock)) == NULL)
            nr_fail(r, off, "out of memory");
        r->clock->tps = rd64(r, off + 8);
        r->sum->ticks_per_second = r->clock->tps;
        r->dec.has_init = 1, r->dec.tps = r->clock->tps;
        break;
    case 2: { /* string */
        unsigned idx = (h >> 16) & 0x7fff;
        uint64_t slen = (h >> 32) & 0x7fff;
        need(r, off + 8, slen);
        r->sum->strings++;
        r->dec.has_string = 1, r->dec.index = idx;
        r->dec.text.p = r->buf + off + 8, r->dec.text.n = (size_t)slen;
        uint64_t key = (uint64_t)prov_ord(r) << 16 | idx;
        /* PLANTED BUG 12: an index registered again keeps its first string
         * (the spec: the new registration replaces it). Nothing crashes; the
         * events after it just carry the wrong name. */
        if (idx != 0 && (NR_FIX(12) || map_find(&r->strings, key) == NULL)) {
            nr_slot *e = map_put(r, &r->strings, key);
            e->a = off + 8;
            e->b = slen;
        }
        break;
    }
    case 3: { /* thread */
        unsigned idx = (h >> 16) & 0xff;
        uint64_t pid = rd64(r, off + 8), tid = rd64(r, off + 16);
        r->sum->threads++;
        r->dec.has_thread = 1, r->dec.index = idx, r->dec.pid = pid, r->dec.tid = tid;
        uint64_t key = (uint64_t)prov_ord(r) << 8 | idx;
        /* PLANTED BUG 13: as bug 12, for threads: an index registered again
         * keeps its first process and thread koids (Fuchsia's C++ reader did
         * both), so the events after it name the wrong thread. */
        if (idx != 0 && (NR_FIX(13) || map_find(&r->threadtab, key) == NULL)) {
            nr_slot *e = map_put(r, &r->threadtab, key);
            e->a = pid;
            e->b = tid;
        }
        break;
    }
    case 4:
        read_event(r, off, h);
        break;
    case 5:
        read_blob(r, off, h);
        break;
    case 6: /* userspace object */
        (void)rd64(r, off + 8); /* pointer */
        cur = off + 16;
        if (((h >> 16) & 0xff) == 0)
            cur += 8; /* inline process koid */
        (void)read_string(r, &cur, (h >> 24) & 0xffff);
        read_args(r, &cur, (h >> 40) & 0xf);
        break;
    case 7: /* kernel object */
        (void)rd64(r, off + 8); /* koid */
        cur = off + 16;
        (void)read_string(r, &cur, (h >> 24) & 0xffff);
        read_args(r, &cur, (h >> 40) & 0xf);
        break;
    case 8:
        read_scheduling(r, off, h);
        break;
    case 9: { /* log */
        uint64_t pid;
        cur = off + 16;
        (void)rd64(r, off + 8); /* timestamp */
        (void)read_thread(r, &cur, (h >> 32) & 0xff, &pid);
        need(r, cur, (h >> 16) & 0x7fff);
        break;
    }
    case 15:
        read_large(r, off, h, words);
        break;
    default: /* types 10-14: unknown, skipped */
        break;
    }
}

/* The record loop. */
NR_NOINLINE static void nr_walk(nr_reader *r)
{
    if (r->len == 0)
        nr_fail(r, 0, "empty trace");
    r->be = r->len >= 8 && load_le64(r->buf) == bswap64(NR_MAGIC);
    r->sum->big_endian = r->be;
    size_t off = 0;
    while (off < r->len) {
        if (r->len - off < 8)
            nr_fail(r, off, "%zu trailing bytes", r->len - off);
        uint64_t h = rd64(r, off);
        uint64_t words = nr_record_words(h);
        if (r->hook)
            r->hook(r->hook_ctx, off, h, words);
        if (words > (r->len - off) / 8)
            nr_fail(r, off, "record of %llu words runs past the end of the trace",
                    (unsigned long long)words);
        nr_check_size_limit(r, off);
        memset(&r->dec, 0, sizeof r->dec);
        read_record(r, off, h, words);
        if (r->emit)
            r->emit(r->emit_ctx, &r->dec, r->sum->records, off, h);
        r->sum->records++;
        /* PLANTED BUG 4: a record of size 0 is not refused, so this does not
         * advance and the same record is read forever (a hang; Fuchsia's
         * reader stops for good at a size-0 header instead). */
        if (NR_FIX(4) && words == 0)
            nr_fail(r, off, "record of size 0");
        off += (size_t)words * 8;
    }
}

static int nr_run(const uint8_t *data, size_t len, nr_summary *sum, nr_record_hook hook,
                  void *ctx, char *err, size_t errlen, nr_emit_fn emit, void *emit_ctx)
{
    nr_reader *r = calloc(1, sizeof *r);
    if (r == NULL) {
        if (errlen)
            snprintf(err, errlen, "out of memory");
        return -1;
    }
    memset(sum, 0, sizeof *sum);
    r->buf = data;
    r->len = len;
    r->err = err;
    r->errlen = errlen;
    r->sum = sum;
    r->hook = hook;
    r->hook_ctx = ctx;
    r->emit = emit;
    r->emit_ctx = emit_ctx;
    int rc = 0;
    if (setjmp(r->fail) == 0)
        nr_walk(r);
    else
        rc = -1;
    for (size_t i = 0; i < r->nprovs; i++)
        free(r->provs[i]);
    free(r->provs);
    free(r->provids.s);
    free(r->strings.s);
    free(r->threadtab.s);
    free(r->names.s);
    free(r->clock);
    free(r);
    return rc;
}

int nr_read(const uint8_t *data, size_t len, nr_summary *sum, nr_record_hook hook, void *ctx,
            char *err, size_t errlen)
{
    return nr_run(data, len, sum, hook, ctx, err, errlen, NULL, NULL);
}

int nr_read_emit(const uint8_t *data, size_t len, nr_summary *sum, char *err, size_t errlen,
                 nr_emit_fn emit, void *ctx)
{
    return nr_run(data, len, sum, NULL, NULL, err, errlen, emit, ctx);
}
