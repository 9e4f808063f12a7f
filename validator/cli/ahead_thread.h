/*
 * ahead_thread.h - the second checking thread of fxt-validate
 * (ahead_thread.c): it runs fxt_ahead_run on the part after the one the
 * main thread feeds (libfxt's look-ahead, include/fxt/validate.h).
 */
#ifndef FXT_CLI_AHEAD_THREAD_H
#define FXT_CLI_AHEAD_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "fxt/validate.h"

/** States of the one job. */
enum { AHEAD_POSTED = 1, AHEAD_DONE = 2 };

/** The thread and its one job at a time. */
typedef struct ahead_thread {
    pthread_t th;
    pthread_mutex_t mu; /**< guards the sleeping flags and the condition */
    pthread_cond_t cv;
    fxt_ahead *job;     /**< the look-ahead to run (set before it is posted) */
    atomic_int state;   /**< AHEAD_POSTED or AHEAD_DONE */
    atomic_int stop;
    int main_sleeps, worker_sleeps; /**< a side waits on cv */
    int busy;           /**< a job was handed over and has not been waited for */
    int started;        /**< the thread runs */
} ahead_thread;

/** Start the thread; 0, or -1 if it cannot be started (then check
 *  without it). */
int ahead_thread_start(ahead_thread *t);

/** Hand A over (the thread started): the thread calls fxt_ahead_run(A). */
void ahead_thread_go(ahead_thread *t, fxt_ahead *a);

/** Wait until the job handed over has run. */
void ahead_thread_wait(ahead_thread *t);

/** Stop and join the thread (no job may be running). */
void ahead_thread_end(ahead_thread *t);

#endif /* FXT_CLI_AHEAD_THREAD_H */
