/* SPDX-License-Identifier: MIT */
/*
 * pthread.h for wasm32-wasi (cmake/wasm32-wasi.cmake): WASI preview 1 has
 * no threads. Creating one fails (ENOSYS), so callers take their
 * single-threaded path (validator/cli/input.c reads in turn); the rest
 * are no-ops that are never reached with a thread running.
 */
#ifndef FXT_WASI_PTHREAD_H
#define FXT_WASI_PTHREAD_H

#include <errno.h>
#include <sys/types.h> /* wasi-libc defines the pthread types */

#define PTHREAD_CANCEL_ENABLE 0
#define PTHREAD_CANCEL_DISABLE 1

static inline int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*f)(void *), void *arg)
{
    (void)t, (void)a, (void)f, (void)arg;
    return ENOSYS;
}
static inline int pthread_join(pthread_t t, void **r) { (void)t, (void)r; return ENOSYS; }
static inline int pthread_cancel(pthread_t t) { (void)t; return ENOSYS; }
static inline int pthread_setcancelstate(int s, int *old) { (void)s; if (old) *old = 0; return 0; }
static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a) { (void)m, (void)a; return 0; }
static inline int pthread_mutex_destroy(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_mutex_lock(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_mutex_unlock(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a) { (void)c, (void)a; return 0; }
static inline int pthread_cond_destroy(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) { (void)c, (void)m; return 0; }
static inline int pthread_cond_broadcast(pthread_cond_t *c) { (void)c; return 0; }

#endif /* FXT_WASI_PTHREAD_H */
