/* SPDX-License-Identifier: MIT */
/*
 * golden_truncated.c - the golden corpus's word-aligned truncations: a
 * record whose size field runs past the end of a file that is a whole
 * number of words, by one word and by many, for a normal record (12-bit
 * size) and a large record (type 15, 32-bit size). A reader that checks
 * only that the length is a multiple of 8 and then trusts every size
 * field reads past the end on these (the cut-mid-word truncation of
 * fxt_gen_violate does not show it). Built with the reference encoder
 * (golden_tb.h) and cut short; listed in golden.c.
 */
#include <stdlib.h>

#include "golden_tb.h"

/* N bytes from malloc, filled with text (letters) or binary bytes. */
/* The prologue and a few ordinary events before the record cut short. */
static void before(tb *t)
{
    prologue(t);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_INSTANT, 2, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_END, 1, S_FRAME, 0);
}

/* An instant event of 7 words (inline thread, two arguments), the last
 * record: *AT is where it starts, *WORDS its size field. */
static void instant_last(tb *t, size_t *at, size_t *words)
{
    before(t);
    *at = t->w.len;
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(T3_PID, T3_TID),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_PRESENT), 0);
    r.args[0] = a_i32(S_COUNT, 3);
    r.args[1] = a_str(fxt_str_indexed(S_LABEL), fxt_str_inline("cut", 3));
    r.argc = 2;
    put(t, &r);
    *words = (t->w.len - *at) / 8;
}

/* A log record with a 3000-byte message (377 words), the last record. */
static void log_last(tb *t, size_t *at, size_t *words)
{
    char *msg = (char *)filled(t, 3000, 1);
    if (msg == NULL)
        return;
    before(t);
    *at = t->w.len;
    fxt_record r;
    rec(&r, FXT_RT_LOG);
    r.u.log.thread = fxt_thread_indexed(2);
    r.u.log.timestamp = tick(t);
    r.u.log.msg = msg;
    r.u.log.msg_len = 3000;
    put(t, &r);
    free(msg);
    *words = (t->w.len - *at) / 8;
}

/* A large blob without metadata (format 1) of 33000 payload bytes: 4128
 * words, more than a 12-bit size field holds; the last record. */
static void large_last(tb *t, size_t *at, size_t *words)
{
    uint8_t *p = filled(t, 33000, 0);
    if (p == NULL)
        return;
    before(t);
    *at = t->w.len;
    large_nometa(t, p, 33000);
    free(p);
    *words = (t->w.len - *at) / 8;
}

static void cut(size_t at, size_t words, size_t keep, const char *what, size_t *len,
                char *desc, size_t desclen)
{
    *len = at + keep * 8;
    snprintf(desc, desclen,
             "E0002: %s of %zu words (its size field) whose last %zu word%s past the end of "
             "a file of %zu bytes, a whole number of words",
             what, words, words - keep, words - keep == 1 ? " is" : "s are", *len);
}

static void one_word(tb *t, size_t *at, size_t *len, char *desc, size_t desclen)
{
    size_t words = 0;
    instant_last(t, at, &words);
    if (!t->err)
        cut(*at, words, words - 1, "an instant event", len, desc, desclen);
}

static void many_words(tb *t, size_t *at, size_t *len, char *desc, size_t desclen)
{
    size_t words = 0;
    log_last(t, at, &words);
    if (!t->err)
        cut(*at, words, 2, "a log record", len, desc, desclen);
}

static void large_one_word(tb *t, size_t *at, size_t *len, char *desc, size_t desclen)
{
    size_t words = 0;
    large_last(t, at, &words);
    if (!t->err)
        cut(*at, words, words - 1, "a large blob record (type 15, 32-bit size)", len, desc,
            desclen);
}

static void large_many_words(tb *t, size_t *at, size_t *len, char *desc, size_t desclen)
{
    size_t words = 0;
    large_last(t, at, &words);
    if (!t->err)
        cut(*at, words, 4, "a large blob record (type 15, 32-bit size)", len, desc, desclen);
}

const fxt__trunc_def fxt__k_truncated[] = {
    {"truncated-one-word", one_word},
    {"truncated-many-words", many_words},
    {"truncated-large-one-word", large_one_word},
    {"truncated-large-many-words", large_many_words},
};
const size_t fxt__n_truncated = sizeof fxt__k_truncated / sizeof *fxt__k_truncated;
