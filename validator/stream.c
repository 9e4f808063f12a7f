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
#include "par.h"

#define UNLIKELY FXT__UNLIKELY

/* The header word at P of the record at v->off. Returns the record length,
 * 0 if the size is 0 (stop). */
static inline uint64_t header(fxt_validator *v, const uint8_t *p, uint64_t *h)
{
    if (UNLIKELY(!v->be_known)) { /* the first word tells (fxt/layout.h) */
        v->be_known = 1;
        v->be = v->st.big_endian = fxt_trace_is_big_endian(v->lay, p);
    }
    *h = fxt_load_word(p, v->be);
    uint64_t len = fxt__record_len(v, *h);
    if (UNLIKELY(len == 0)) {
        unsigned type = (unsigned)FXT_GET(*h, FXT_REC_TYPE);
        int large = type == FXT_RT_LARGE && v->large_framing;
        fxt__detail_size(v, *h);
        fxt__report(v, FXT_R_RECORD_SIZE_ZERO, v->off, v->rec_idx, type, v->off,
                    "%s record has size 0; validation stops here",
                    large ? "large" : fxt_record_type_name(type));
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
    if (UNLIKELY(v->stop_after)) /* FXT_OPT_STOP_AT_ERROR: the verdict is decided */
        v->stopped = v->st.stopped = 1;
}

/* Release the issues held back while a streamed head was decoded. */
static void release_deferred(fxt_validator *v)
{
    v->defer = 0;
    for (size_t i = 0; i < v->ndeferred; i++)
        fxt__emit(v, &v->deferred[i].is);
    if (v->deferred_lost)
        fxt__limit(v, FXT_UNCHECKED_ISSUES,
                   "%zu more issues of this record's head were not kept: the trace is not fully "
                   "reported",
                   v->deferred_lost);
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
                fxt__detail(v, 1, -1, -1);
                FXT__REPORT(v, FXT_R_PADDING_NONZERO, v->r_off + i,
                            "padding byte %llu after blob payload is 0x%02x",
                            (unsigned long long)(i - v->pad_lo), p[i - a]);
                break;
            }
    }
    if (done) {
        fxt__finish_record(v, &v->rec, v->tail == 1, v->implied, NULL, v->rec_len);
        next_record(v, v->rec_len);
    }
}

void fxt__one_feed(fxt_validator *v, const void *data, size_t len)
{
    const uint8_t *p = data;
    v->st.bytes += len;
    while (len > 0 && !v->stopped) {
        /* the hot loop: ordinary records that lie whole in the chunk */
        if (v->have == 0 && !v->tail && v->be_known && v->lean) {
            if (v->o.threads > 1) { /* several threads, where the chunk is large enough */
                size_t tb = v->o.task_bytes ? (v->o.task_bytes < 64 ? 64 : v->o.task_bytes)
                                            : FXT__TASK_BYTES;
                if (v->par == NULL && !v->par_tried && len >= tb) {
                    v->par_tried = 1;
                    v->par = fxt__par_new(v, v->o.threads, tb);
                }
                if (v->par != NULL) {
                    size_t n = fxt__par_run(v->par, p, len);
                    p += n, len -= n;
                    if (len == 0 || v->stopped)
                        break;
                }
            }
            size_t n = fxt__fast_run(v, p, len);
            p += n, len -= n;
            if (len == 0 || v->stopped)
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
        if (v->have == 0 && len >= 8) { /* whole record in the chunk */
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
        if (UNLIKELY(v->buf == NULL) && !fxt__need_buf(v)) {
            v->stopped = v->st.stopped = 1;
            return;
        }
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

void fxt__one_finish(fxt_validator *v)
{
    if (v->finished)
        return;
    v->finished = 1;
    if (v->stopped)
        return;
    v->r_off = ~(uint64_t)0; /* no current record */
    if (v->st.bytes == 0) {
        fxt__report(v, FXT_R_EMPTY_INPUT, 0, 0, FXT_NO_RECORD_TYPE, 0,
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
            fxt__report(v, FXT_R_TRUNCATED, v->off, v->rec_idx, FXT_NO_RECORD_TYPE, v->off,
                        "%zu trailing byte%s after the last record (input length %llu is not a "
                        "multiple of 8)",
                        v->have, fxt__plural(v->have), (unsigned long long)v->st.bytes);
        else
            fxt__report(v, FXT_R_TRUNCATED, v->off, v->rec_idx,
                        (unsigned)FXT_GET(fxt_load_word(v->buf, v->be), FXT_REC_TYPE), v->off,
                        "record of %llu bytes runs past the end of input: only %llu byte%s "
                        "remain%s",
                        (unsigned long long)v->rec_len, (unsigned long long)left,
                        fxt__plural(left), left == 1 ? "s" : "");
    }
    if (!v->seen_magic && v->lay->has_magic)
        fxt__report(v, FXT_R_MAGIC_MISSING, 0, 0, FXT_NO_RECORD_TYPE, 0,
                    "no magic number record (0x0016547846040010) in the trace");
    fxt__report_unended(v);
}
