/*
 * ahead_thread.c - the second checking thread of fxt-validate: one job at
 * a time. Each side spins a little before it sleeps: the two threads hand
 * over twice per pair of 1 MiB parts and both are usually busy for the
 * same time, so the other side is nearly always about to be ready, and
 * waking a sleeping thread took about 0.1 ms here (a third of the time
 * saved on a 1 GB trace went to wake-ups with a plain condition variable).
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

/* Wait until T->state is WANT (or T->stop, for the worker). */
static void await(ahead_thread *t, int want, int *sleeping)
{
    for (int i = 0; i < SPINS; i++) {
        if (atomic_load_explicit(&t->state, memory_order_acquire) == want ||
            atomic_load_explicit(&t->stop, memory_order_acquire))
            return;
        relax();
    }
    pthread_mutex_lock(&t->mu);
    *sleeping = 1;
    while (atomic_load(&t->state) != want && !atomic_load(&t->stop))
        pthread_cond_wait(&t->cv, &t->mu);
    *sleeping = 0;
    pthread_mutex_unlock(&t->mu);
}

/* Set T->state to S and wake the other side if it sleeps. */
static void post(ahead_thread *t, int s)
{
    atomic_store(&t->state, s);
    pthread_mutex_lock(&t->mu);
    if (t->main_sleeps || t->worker_sleeps)
        pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
}

static void *worker(void *arg)
{
    ahead_thread *t = arg;
    for (;;) {
        await(t, AHEAD_POSTED, &t->worker_sleeps);
        if (atomic_load(&t->stop))
            return NULL;
        fxt_ahead_run(t->job);
        post(t, AHEAD_DONE);
    }
}

int ahead_thread_start(ahead_thread *t)
{
    memset(t, 0, sizeof *t);
    atomic_init(&t->state, AHEAD_DONE);
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

void ahead_thread_go(ahead_thread *t, fxt_ahead *a)
{
    t->job = a;
    t->busy = 1;
    post(t, AHEAD_POSTED);
}

void ahead_thread_wait(ahead_thread *t)
{
    if (!t->busy)
        return;
    t->busy = 0;
    await(t, AHEAD_DONE, &t->main_sleeps);
}

void ahead_thread_end(ahead_thread *t)
{
    if (!t->started)
        return;
    atomic_store(&t->stop, 1);
    pthread_mutex_lock(&t->mu);
    pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
    pthread_join(t->th, NULL);
    pthread_cond_destroy(&t->cv);
    pthread_mutex_destroy(&t->mu);
    t->started = 0;
}
