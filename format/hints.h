/* SPDX-License-Identifier: MIT */
/*
 * hints.h - the compiler hints the libraries share (one definition for
 * the validator, the generator and the mutator): inlining, branch
 * expectations, cold paths, printf checking. Plain C fallbacks elsewhere.
 * Not installed: no public header uses it.
 */
#ifndef FXT_SUPPORT_HINTS_H
#define FXT_SUPPORT_HINTS_H

#if defined(__GNUC__) || defined(__clang__)
#define FXT__ALWAYS_INLINE inline __attribute__((always_inline))
#define FXT__NOINLINE __attribute__((noinline))
#define FXT__COLD __attribute__((cold, noinline))
#define FXT__LIKELY(x) __builtin_expect(!!(x), 1)
#define FXT__UNLIKELY(x) __builtin_expect(!!(x), 0)
#define FXT__PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define FXT__ALWAYS_INLINE inline
#define FXT__NOINLINE
#define FXT__COLD
#define FXT__LIKELY(x) (x)
#define FXT__UNLIKELY(x) (x)
#define FXT__PRINTF(a, b)
#endif

#if defined(__GNUC__) && __GNUC__ >= 7 || defined(__clang__)
#define FXT__FALLTHROUGH __attribute__((fallthrough))
#else
#define FXT__FALLTHROUGH ((void)0)
#endif

#endif /* FXT_SUPPORT_HINTS_H */
