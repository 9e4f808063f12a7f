/* gen_internal.h - facts about the random traces of gen.c that the rest of
 * the generator library builds on (violate*.c inserts records that refer to
 * what the realistic base registered). Internal: not installed. */
#ifndef FXT_GEN_INTERNAL_H
#define FXT_GEN_INTERNAL_H

/* Every provider of a random trace registers strings 1..FXT__GEN_STRINGS
 * and FXT__GEN_LAST_STRING_INDEX (text FXT__GEN_LAST_STRING), and threads
 * 1..FXT__GEN_THREADS. The realistic profile stays in its first provider. */
#define FXT__GEN_STRINGS 64u
#define FXT__GEN_LAST_STRING_INDEX 0x7fffu
#define FXT__GEN_LAST_STRING "last-index"
#define FXT__GEN_THREADS 8u

#endif
