/* SPDX-License-Identifier: MIT */
/*
 * ahead_thread.c - the second checking thread of fxt-validate: runs the
 * look-aheads handed to it in order. fxt-validate hands the next one over
 * before it waits for the current one, so the thread is rarely idle; each
 * side spins a little (a few microseconds) before it sleeps. Spinning
 * longer took the core from the reader thread (and, on a pipe, from the
 * writer) and was slower.
 */
#include "ahead_thread.h"

#include <string.h>

/** Spins before sleeping (each a pause instruction where there is one). */
#define SPINS 64

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Wait until *C is at least WANT (or T->stop, for the worker). */
static void await(ahead_thread *t, atomic_uint *c, unsigned want, int *sleeping)
{
    for (int i = 0; i < SPINS; i++) {
        if ((int)(atomic_load_explicit(c, memory_order_acquire) - want) >= 0 ||
            atomic_load_explicit(&t->stop, memory_order_acquire))
            return;
        relax();
    }
    pthread_mutex_lock(&t->mu);
    *sleeping = 1;
    while ((int)(atomic_load(c) - want) < 0 && !atomic_load(&t->stop))
        pthread_cond_wait(&t->cv, &t->mu);
    *sleeping = 0;
    pthread_mutex_unlock(&t->mu);
}

/* Wake the other side if it sleeps (after a counter changed). */
static void wake(ahead_thread *t)
{
    pthread_mutex_lock(&t->mu);
    if (t->main_sleeps || t->worker_sleeps)
        pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
}

static void *worker(void *arg)
{
    ahead_thread *t = arg;
    for (unsigned k = 0;; k++) {
        await(t, &t->posted, k + 1, &t->worker_sleeps);
        if ((int)(atomic_load(&t->posted) - (k + 1)) < 0) /* stopped with nothing to run */
            return NULL;
        fxt_ahead_run(t->job[k % AHEAD_QUEUE]);
        atomic_store(&t->done, k + 1);
        wake(t);
    }
}

int ahead_thread_start(ahead_thread *t)
{
    memset(t, 0, sizeof *t);
    atomic_init(&t->posted, 0);
    atomic_init(&t->done, 0);
    atomic_init(&t->stop, 0);
    if (pthread_mutex_init(&t->mu, NULL) != 0)
        return -1;
    if (pthread_cond_init(&t->cv, NULL) != 0) {
        pthread_mutex_destroy(&t->mu);
        return -1;
    }
    if (pthread_create(&t->th, NULL, worker, t) != 0) {
        pthread_cond_destroy(&t->cv);
        pthread_mutex_destroy(&t->mu);
        return -1;
    }
    t->started = 1;
    return 0;
}

unsigned ahead_thread_go(ahead_thread *t, fxt_ahead *a)
{
    unsigned k = atomic_load(&t->posted);
    t->job[k % AHEAD_QUEUE] = a;
    atomic_store(&t->posted, k + 1);
    wake(t);
    return k;
}

void ahead_thread_wait(ahead_thread *t, unsigned k)
{
    await(t, &t->done, k + 1, &t->main_sleeps);
}

void ahead_thread_end(ahead_thread *t)
{
    if (!t->started)
        return;
    ahead_thread_wait(t, atomic_load(&t->posted) - 1); /* (none posted: returns at once) */
    atomic_store(&t->stop, 1);
    wake(t);
    pthread_join(t->th, NULL);
    pthread_cond_destroy(&t->cv);
    pthread_mutex_destroy(&t->mu);
    t->started = 0;
}
