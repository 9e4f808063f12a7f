/* SPDX-License-Identifier: MIT */
/*
 * par_guess.c - part of test_par_equals: pieces that start where the
 * worker guessed (validator/bound.c), and guesses that are wrong.
 *
 * On two threads, after a feed's first cycle, the worker guesses where its
 * piece starts by framing only a short way back from its target; the
 * validator's thread merges the piece only if it stands exactly there.
 * These traces make the guess wrong: blob and large blob payloads made of
 * words that frame as records (a chain of one-word records that all the
 * candidate starts agree on, inside a record that spans the target), and
 * a record of size 0 swept across the pieces. Each run must give one
 * thread's output, and the counters must show wrong guesses (redone) and
 * pieces merged, so that both the redo and the merge are held.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/format.h"
#include "fxt/validate.h"
#include "par_equals.h"

/* A word that frames as a clean record of one word (a provider section
 * of provider 1 or 2): what the payloads below are made of, so that a
 * shadow started among them checks them without an issue, and only the
 * validator's thread, not standing there, keeps its piece from merging. */
static uint64_t fake_word(unsigned k)
{
    return FXT_SET(FXT_SET(hdr(FXT_RT_METADATA, 1), FXT_META_TYPE, FXT_MT_PROVIDER_SECTION),
                   FXT_META_PROVIDER_ID, 1 + k % 2);
}

/* Payload words: fake_word()s (FAKE), else a random-looking pattern. */
static void payload(trace *t, size_t words, int fake)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < words; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        put(t, fake ? fake_word((unsigned)i) : x);
    }
}

/* A blob record (type 5) of WORDS words named by string 1. */
static void blob(trace *t, size_t words, int fake)
{
    put(t, FXT_SET(FXT_SET(FXT_SET(hdr(FXT_RT_BLOB, words), FXT_BLOB_NAME, 1), FXT_BLOB_SIZE,
                           8 * (words - 1)),
                   FXT_BLOB_TYPE, 1));
    payload(t, words - 1, fake);
}

/* A large blob record (type 15, format 1) of WORDS words. */
static void large_blob(trace *t, size_t words, int fake)
{
    put(t, FXT_SET(FXT_SET(FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE), FXT_LREC_SIZE, words),
                           FXT_LREC_TYPE, FXT_LT_BLOB),
                   FXT_LBLOB_FORMAT, FXT_LBF_NO_METADATA));
    put(t, FXT_SET(FXT_SET(0, FXT_LBLOB_CATEGORY, 1), FXT_LBLOB_NAME, 1));
    put(t, 8 * (words - 3));
    payload(t, words - 3, fake);
}

static void section(trace *t, unsigned id)
{
    put(t, FXT_SET(FXT_SET(hdr(FXT_RT_METADATA, 1), FXT_META_TYPE, FXT_MT_PROVIDER_SECTION),
                   FXT_META_PROVIDER_ID, id));
}

/* About BYTES of units: a provider switch (two providers in turn), EVENTS
 * instant events, then a record of BIG words: 0 none, > 0 a blob (at most
 * 4095 words), < 0 a large blob; with a payload of fake_word()s if FAKE.
 * Ends with an error (thread index 9 unregistered). */
static void units(trace *t, size_t bytes, unsigned events, long big, int fake)
{
    start(t);
    for (unsigned id = 1; id <= 2; id++) {
        put(t, FXT_SET(FXT_SET(FXT_SET(hdr(FXT_RT_METADATA, 2), FXT_META_TYPE,
                                       FXT_MT_PROVIDER_INFO),
                               FXT_META_PROVIDER_ID, id),
                       FXT_PINFO_NAME_LEN, 1));
        put(t, 'p');
        str_rec(t, 1, 16);
        thr_rec(t, 1, 5, 7);
    }
    for (unsigned u = 0; t->n * 8 < bytes; u++) {
        section(t, 1 + u % 2);
        for (unsigned e = 0; e < events; e++)
            ev_ref(t, FXT_ET_INSTANT, 1);
        if (big > 0)
            blob(t, (size_t)big, fake);
        else if (big < 0)
            large_blob(t, (size_t)-big, fake);
    }
    ev_ref(t, FXT_ET_INSTANT, 9);
}

/* T on two threads, pieces of 32 KiB (guessed from the second cycle on:
 * piece 0 is 34 KiB, twice FXT__GUESS_BACK and more), waiting for the
 * worker, and as they come fed in chunks: one thread's output; the
 * waiting run's counters into *PC. */
static void both(const trace *t, const char *what, fxt__par_counts *pc)
{
    fxt__par_counts other;
    same_as_one(t, &(config){2, 32768, 1u << 20, 0, NULL}, &defaults, what, &other);
    same_as_one(t, &(config){2, 32768, 0, FXT__PAR_WAIT, NULL}, &defaults, what, pc);
}

void guesses(void)
{
    trace t = {0};
    fxt__par_counts pc;
    const char *w;

    /* records whose payload frames as one-word records, spanning most
     * targets: the candidates agree on a boundary inside them */
    static const struct {
        long big;
        const char *what;
    } kinds[] = {{4095, "blobs (32 KiB) whose payload frames as records"},
                 {-5120, "large blobs (40 KiB) whose payload frames as records"}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        units(&t, 3u << 20, 100, kinds[k].big, 1);
        w = kinds[k].what;
        both(&t, w, &pc);
        printf("%s: %llu pieces, %llu started at a guess, %llu wrong, %llu merged records\n", w,
               (unsigned long long)pc.pieces, (unsigned long long)pc.guessed,
               (unsigned long long)pc.misguesses, (unsigned long long)pc.merged_records);
        demand(w, "wrong guesses", pc.misguesses, pc.misguesses >= 2);
        demand(w, "records merged", pc.merged_records, pc.merged_records > 0);
        /* (two wrong in turn: the next cycles framed, not guessed) */
        demand(w, "guesses", pc.guessed, pc.guessed < pc.rounds - pc.segments);
    }

    /* the same with payloads that frame as nothing: no agreement, framed */
    units(&t, 3u << 20, 100, 4095, 0);
    w = "blobs (32 KiB) whose payload frames as nothing";
    both(&t, w, &pc);
    demand(w, "records merged", pc.merged_records, pc.merged_records > 0);

    /* events only: the guesses right */
    units(&t, 3u << 20, 1000, 0, 0);
    w = "events only";
    both(&t, w, &pc);
    printf("%s: %llu pieces, %llu started at a guess, %llu wrong\n", w,
           (unsigned long long)pc.pieces, (unsigned long long)pc.guessed,
           (unsigned long long)pc.misguesses);
    demand(w, "right guesses", pc.guessed - pc.misguesses,
           pc.guessed >= 4 && pc.misguesses == 0 && pc.merged_records > 0);

    /* a record of size 0 swept across the first pieces: where it falls in
     * a guessed piece 0, the validator stops short of the guess */
    units(&t, 256u << 10, 1000, 0, 0);
    uint64_t wrong = 0;
    w = "a record of size 0 before a guessed start";
    for (size_t z = 64u << 10; z < (192u << 10); z += 2048) {
        size_t i = z / 8;
        while (FXT_GET(t.w[i], FXT_REC_TYPE) != FXT_RT_EVENT ||
               FXT_GET(t.w[i], FXT_REC_SIZE) != 2)
            i++; /* (an event's header: events are 2 words, sections 1) */
        const uint64_t keep = t.w[i];
        t.w[i] = FXT_SET(keep, FXT_REC_SIZE, 0);
        same_as_one(&t, &(config){2, 32768, 0, FXT__PAR_WAIT, NULL}, &defaults, w, &pc);
        wrong += pc.misguesses;
        t.w[i] = keep;
    }
    printf("%s: %llu wrong guesses in 64 runs\n", w, (unsigned long long)wrong);
    demand(w, "wrong guesses", wrong, wrong >= 1);
    free(t.w);
}
