/* SPDX-License-Identifier: MIT */
/*
 * pairs.c - checking one input with two threads: the parts in pairs, this
 * thread checking the first of each pair while the other checks the
 * second ahead. Each pair's look-ahead is chained after the one before (it
 * starts where that one's framing ended) and handed over before this
 * thread waits for the one before, so the other thread goes from pair to
 * pair without waiting; a chain that breaks starts again from the
 * validator's position. The input keeps four parts handed out (two pairs).
 */
#include "pairs.h"

#include <errno.h>
#include <string.h>

/** Two parts (X then Y) and the look-ahead that checks Y, if one was
 *  handed over (JOB) and whether it can only do nothing (DOOMED: the one
 *  it is chained after did not frame its part to the end). */
typedef struct pair {
    const unsigned char *x, *y;
    size_t xn, yn;
    int ky, ey;     /**< input_next's result for Y, and its errno */
    fxt_ahead *ah;
    unsigned job;
    int posted, doomed;
} pair;

const char *pairs_check(const pairs *pp, input *in, fxt_validator *v, pairs_feed feed, void *ctx)
{
    pair c, nx;
    unsigned slot = 0;
    const char *err = NULL;
    input_hold(in, 4);
    memset(&c, 0, sizeof c);
    int k = input_next(in, &c.x, &c.xn);
    if (k <= 0)
        return k < 0 ? strerror(errno) : NULL;
    c.ky = input_next(in, &c.y, &c.yn);
    c.ey = errno;
    for (;;) {
        if (c.doomed) { /* its job does nothing: start again */
            ahead_thread_wait(pp->th, c.job);
            c.posted = c.doomed = 0;
        }
        if (!c.posted && c.ky > 0 &&
            fxt_ahead_prepare(pp->ahead[slot], v, NULL, c.x, c.xn, c.y, c.yn)) {
            c.ah = pp->ahead[slot];
            slot = (slot + 1) % 3;
            c.job = ahead_thread_go(pp->th, c.ah);
            c.posted = 1;
        }
        int stop = feed(ctx, c.x, c.xn, NULL);
        /* the next pair, handed over before this one's is waited for */
        memset(&nx, 0, sizeof nx);
        int kx = 0, ex = 0;
        if (!stop && c.ky > 0) {
            kx = input_next(in, &nx.x, &nx.xn);
            ex = errno;
            if (kx > 0) {
                nx.ky = input_next(in, &nx.y, &nx.yn);
                nx.ey = errno;
            }
            if (kx > 0 && nx.ky > 0 && c.posted &&
                fxt_ahead_prepare(pp->ahead[slot], v, c.ah, nx.x, nx.xn, nx.y, nx.yn)) {
                nx.ah = pp->ahead[slot];
                slot = (slot + 1) % 3;
                nx.job = ahead_thread_go(pp->th, nx.ah);
                nx.posted = 1;
            }
        }
        if (c.posted) {
            ahead_thread_wait(pp->th, c.job);
            nx.doomed = nx.posted && !fxt_ahead_framed(c.ah);
        }
        if (!stop) {
            if (c.ky < 0)
                err = strerror(c.ey);
            else if (c.ky > 0)
                stop = feed(ctx, c.y, c.yn, c.posted ? c.ah : NULL);
        }
        if (stop || c.ky <= 0 || kx <= 0) {
            if (!stop && !err && kx < 0)
                err = strerror(ex);
            if (nx.posted) /* it reads parts that are about to go */
                ahead_thread_wait(pp->th, nx.job);
            return err;
        }
        c = nx;
    }
}
