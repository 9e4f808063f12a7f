/* SPDX-License-Identifier: MIT */
/*
 * ahead_thread.h - the second checking thread of fxt-validate
 * (ahead_thread.c): it runs fxt_ahead_run on the look-aheads handed to it,
 * in order (libfxt's look-ahead, include/fxt/validate.h).
 */
#ifndef FXT_CLI_AHEAD_THREAD_H
#define FXT_CLI_AHEAD_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "fxt/validate.h"

/** Look-aheads handed over and not yet waited for, at most. */
#define AHEAD_QUEUE 4

/** The thread and its queue of jobs. */
typedef struct ahead_thread {
    pthread_t th;
    pthread_mutex_t mu;  /**< guards the sleeping flags and the condition */
    pthread_cond_t cv;
    fxt_ahead *job[AHEAD_QUEUE]; /**< job k is job[k % AHEAD_QUEUE] */
    atomic_uint posted;  /**< jobs handed over so far */
    atomic_uint done;    /**< jobs run so far */
    atomic_int stop;
    int main_sleeps, worker_sleeps; /**< a side waits on cv */
    int started;         /**< the thread runs */
} ahead_thread;

/** Start the thread; 0, or -1 if it cannot be started (then check
 *  without it). */
int ahead_thread_start(ahead_thread *t);

/** Hand A over (the thread started; fewer than AHEAD_QUEUE jobs not yet
 *  waited for): the thread calls fxt_ahead_run(A) after the jobs before
 *  it. Returns the job's number for ahead_thread_wait. */
unsigned ahead_thread_go(ahead_thread *t, fxt_ahead *a);

/** Wait until job K has run. */
void ahead_thread_wait(ahead_thread *t, unsigned k);

/** Stop and join the thread once the jobs handed over have run. */
void ahead_thread_end(ahead_thread *t);

#endif /* FXT_CLI_AHEAD_THREAD_H */
