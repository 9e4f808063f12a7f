/* SPDX-License-Identifier: MIT */
/*
 * stream.c - feeding: framing records in chunks of any size (the same
 * issues for any chunking), byte order, large records streamed through a
 * fixed buffer, and the end of input.
 *
 * Records are decoded in place from the caller's chunk when the chunk holds
 * them whole, else from an internal buffer; records larger than that buffer
 * (only large records can be) have their head decoded from the buffer and
 * their payload streamed. The head's issues are held back until the record
 * is complete, so a record cut by the end of input gives the same issues
 * (truncated, nothing else) whatever its size.
 */
#include <string.h>

#include "internal.h"

#define UNLIKELY FXT__UNLIKELY

/* The byte order, from the first word: a big-endian trace starts with a
 * magic record that reads right only byte-swapped (NOTES.md). Only
 * revisions with the magic record can recognise it; in auto mode r1 and
 * r2 read the trace little-endian, which frames it differently: they stop. */
/* The word reads as a magic record by its magic number field, or by the
 * fields before it (a one-word trace info record of type 0): either is
 * enough, so that a wrong number (E0014), a wrong size (E0015) or reserved
 * bits (E0016) still tell the byte order. */
static int looks_magic(uint64_t w)
{
    const uint64_t head = FXT_FIELD_MASK(FXT_REC_TYPE) | FXT_FIELD_MASK(FXT_REC_SIZE) |
                          FXT_FIELD_MASK(FXT_META_TYPE) | FXT_FIELD_MASK(FXT_TINFO_TYPE);
    return FXT_GET(w, FXT_MAGIC_VALUE_FIELD) == FXT_MAGIC_NUMBER ||
           (w & head) == (FXT_MAGIC_RECORD & head);
}

static void byte_order(fxt_validator *v, const uint8_t *p)
{
    v->be_known = 1;
    uint64_t le = fxt_load_le64(p), be = fxt_bswap64(le);
    unsigned magic_lanes = 0;
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((v->lanes >> l) & 1 && v->lay[l]->has_magic)
            magic_lanes |= FXT_REV_BIT(l);
    v->be = magic_lanes != 0 && !looks_magic(le) && looks_magic(be);
    v->st.big_endian = v->be;
    unsigned le_only = v->lanes & ~magic_lanes;
    if (v->be && le_only) {
        char names[40];
        fxt__detail(v, 8, -1, -1);
        fxt__report(v, le_only, FXT_R_METADATA_TYPE_UNKNOWN, 0, 0, FXT_RT_METADATA, 0,
                    "the trace is big-endian (its first word is the byte-swapped magic record); "
                    "%s traces are little-endian and have no magic record, so read that way it "
                    "starts with metadata type %u, which %s does not define: checking stops here",
                    fxt__lane_names(le_only, names, sizeof names),
                    (unsigned)FXT_GET(le, FXT_META_TYPE), names);
        fxt__freeze(v, le_only);
    }
}

/* In auto mode, revisions without large records frame a type-15 record by
 * its 12-bit size and so read the rest of the trace differently: report
 * the record for them and stop checking them. */
static void large_in_old_lanes(fxt_validator *v, uint64_t h)
{
    unsigned old = v->lanes & ~v->defs.record[FXT_RT_LARGE];
    if (old == 0)
        return;
    char names[40];
    fxt__detail(v, 8, FXT_FIELD_LO(FXT_REC_TYPE), FXT_FIELD_HI(FXT_REC_TYPE));
    fxt__report(v, old, FXT_R_RECORD_TYPE_UNKNOWN, v->off, v->rec_idx, FXT_RT_LARGE, v->off,
                "record type 15 is not defined in %s, which frame it by bits [4..15] (%llu words, "
                "not %llu): checking of %s stops here",
                fxt__lane_names(old, names, sizeof names),
                (unsigned long long)FXT_GET(h, FXT_REC_SIZE),
                (unsigned long long)FXT_GET(h, FXT_LREC_SIZE), names);
    fxt__freeze(v, old);
}

/* The header word at P of the record at v->off. Returns the record length,
 * 0 if the size is 0 (stop). */
static inline uint64_t header(fxt_validator *v, const uint8_t *p, uint64_t *h)
{
    if (UNLIKELY(!v->be_known))
        byte_order(v, p);
    *h = fxt_load_word(p, v->be);
    if (UNLIKELY(FXT_GET(*h, FXT_REC_TYPE) == FXT_RT_LARGE) && v->large_framing)
        large_in_old_lanes(v, *h);
    uint64_t len = fxt__record_len(v, *h);
    if (UNLIKELY(len == 0)) {
        unsigned type = (unsigned)FXT_GET(*h, FXT_REC_TYPE);
        int large = type == FXT_RT_LARGE && v->large_framing;
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_REC_SIZE),
                    large ? FXT_FIELD_HI(FXT_LREC_SIZE) : FXT_FIELD_HI(FXT_REC_SIZE));
        fxt__report(v, v->lanes, FXT_R_RECORD_SIZE_ZERO, v->off, v->rec_idx, type, v->off,
                    "%s record has size 0; validation stops here",
                    large ? "large" : fxt__record_type_name(type));
        v->stopped = 1;
        v->st.stopped = 1;
    }
    return len;
}

static void next_record(fxt_validator *v, uint64_t len)
{
    v->off += len;
    v->rec_idx++;
    v->have = 0;
    v->rec_len = 0;
    v->tail = 0;
}

/* Release the issues held back while a streamed head was decoded. */
static void release_deferred(fxt_validator *v)
{
    v->defer = 0;
    for (size_t i = 0; i < v->ndeferred; i++)
        fxt__emit(v, &v->deferred[i].is, v->deferred[i].deliver);
    if (v->deferred_lost)
        fxt__report(v, v->lanes, FXT_R_TRACKING_LIMIT, v->r_off, v->r_idx, v->r_type, v->r_off,
                    "%zu more issues of this record's head were not kept", v->deferred_lost);
    v->ndeferred = v->deferred_lost = 0;
}

/* Bytes of the streamed tail: check the padding range, skip the rest. */
static void tail_bytes(fxt_validator *v, const uint8_t *p, uint64_t n)
{
    uint64_t a = v->consumed, b = v->consumed + n;
    v->consumed = b;
    int done = v->consumed == v->rec_len;
    if (done) {
        v->st.records++; /* held back while streaming */
        release_deferred(v);
    }
    if (v->tail == 1 && !v->pad_bad && b > v->pad_lo && a < v->pad_hi) {
        uint64_t lo = a > v->pad_lo ? a : v->pad_lo, hi = b < v->pad_hi ? b : v->pad_hi;
        for (uint64_t i = lo; i < hi; i++)
            if (p[i - a]) {
                v->pad_bad = 1;
                v->rl = v->lanes;
                fxt__detail(v, 1, -1, -1);
                FXT__REPORT(v, FXT_R_PADDING_NONZERO, v->r_off + i,
                            "padding byte %llu after blob payload is 0x%02x",
                            (unsigned long long)(i - v->pad_lo), p[i - a]);
                break;
            }
    }
    if (done) {
        v->rl = v->lanes;
        fxt__finish_record(v, &v->rec, v->tail == 1, v->implied, NULL, v->rec_len);
        next_record(v, v->rec_len);
    }
}

void fxt_validator_feed(fxt_validator *v, const void *data, size_t len)
{
    const uint8_t *p = data;
    v->st.bytes += len;
    while (len > 0 && !v->stopped) {
        /* the hot loop: ordinary records that lie whole in the chunk */
        if (v->have == 0 && !v->tail && v->be_known && v->lean) {
            size_t n = fxt__fast_run(v, p, len);
            p += n, len -= n;
            if (len == 0)
                break;
        }
        if (v->tail) {
            uint64_t n = v->rec_len - v->consumed;
            if (n > len)
                n = len;
            tail_bytes(v, p, n);
            p += n, len -= (size_t)n;
            continue;
        }
        if (v->have == 0 && len >= 8) { /* fast path: whole record in the chunk */
            uint64_t h, rl = header(v, p, &h);
            if (rl == 0)
                return;
            if (rl <= len) {
                fxt__decode(v, p, rl, rl, h);
                next_record(v, rl);
                p += rl, len -= (size_t)rl;
                continue;
            }
            v->rec_len = rl;
        }
        /* assemble the header, then up to BUF_CAP bytes of the record */
        uint64_t want = v->rec_len ? (v->rec_len < FXT__BUF_CAP ? v->rec_len : FXT__BUF_CAP) : 8;
        size_t n = (size_t)(want - v->have) < len ? (size_t)(want - v->have) : len;
        memcpy(v->buf + v->have, p, n);
        v->have += n, p += n, len -= n;
        if (v->have < want)
            return;
        uint64_t h;
        if (v->rec_len == 0) {
            v->rec_len = header(v, v->buf, &h);
            if (v->rec_len == 0)
                return;
            if (v->rec_len > 8)
                continue;
        }
        h = fxt_load_word(v->buf, v->be);
        if (v->have < v->rec_len) { /* a streamed head: its issues wait for the tail */
            v->defer = 1;
            v->st.records--; /* counted when complete */
        }
        if (fxt__decode(v, v->buf, v->have, v->rec_len, h)) {
            v->consumed = v->have;
            continue;
        }
        next_record(v, v->rec_len);
    }
}

void fxt_validator_finish(fxt_validator *v)
{
    if (v->finished)
        return;
    v->finished = 1;
    if (v->stopped)
        return;
    v->r_off = ~(uint64_t)0; /* no current record */
    if (v->st.bytes == 0) {
        fxt__report(v, v->lanes, FXT_R_EMPTY_INPUT, 0, 0, FXT_NO_RECORD_TYPE, 0,
                    "the input is empty (0 bytes)");
        return;
    }
    if (v->tail || v->have > 0) {
        uint64_t left = v->st.bytes - v->off;
        if (v->tail) { /* a streamed record cut short: drop its head's issues */
            v->ndeferred = v->deferred_lost = 0;
            v->defer = 0;
            v->st.by_type[v->r_type]--; /* not a record: undo decode's counts */
            v->cur->records--;
            v->cur->by_type[v->r_type]--;
        }
        fxt__detail(v, (uint32_t)(left < 8 ? left : 8), -1, -1);
        if (v->rec_len == 0)
            fxt__report(v, v->lanes, FXT_R_TRUNCATED, v->off, v->rec_idx, FXT_NO_RECORD_TYPE,
                        v->off,
                        "%zu trailing byte%s after the last record (input length %llu is not a "
                        "multiple of 8)",
                        v->have, fxt__plural(v->have), (unsigned long long)v->st.bytes);
        else
            fxt__report(v, v->lanes, FXT_R_TRUNCATED, v->off, v->rec_idx,
                        (unsigned)FXT_GET(fxt_load_word(v->buf, v->be), FXT_REC_TYPE), v->off,
                        "record of %llu bytes runs past the end of input: only %llu byte%s "
                        "remain%s",
                        (unsigned long long)v->rec_len, (unsigned long long)left,
                        fxt__plural(left), left == 1 ? "s" : "");
    }
    unsigned magic_lanes = 0;
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if (v->lay[l] && v->lay[l]->has_magic)
            magic_lanes |= FXT_REV_BIT(l);
    if (!v->seen_magic && (v->lanes & magic_lanes))
        fxt__report(v, v->lanes & magic_lanes, FXT_R_MAGIC_MISSING, 0, 0, FXT_NO_RECORD_TYPE, 0,
                    "no magic number record (0x0016547846040010) in the trace");
    fxt__report_unended(v);
}
