/* SPDX-License-Identifier: MIT */
/*
 * fxt-mutate.h - what the two files of the fxt-mutate tool share: the
 * options and the base traces (fxt-mutate.c: options, judging, writing;
 * fxt-mutate-inputs.c: bases from files, directories and the generator,
 * and removing record types a reader does not support).
 */
#ifndef FXT_MUTATE_TOOL_H
#define FXT_MUTATE_TOOL_H

#include <stddef.h>
#include <stdint.h>

enum { FMT_RAW, FMT_GO };
enum { BO_ANY = -1, BO_LE = 0, BO_BE = 1 };
/* --order: the bases as they are; or (seeds) each also in another order,
 * the set covering every order. */
enum { ORDER_AS_IS = -1, ORDER_ALL = -2 };

typedef struct opts {
    int seeds_mode;
    const char *out;
    int format;
    int byte_order;
    unsigned types;       /* bitset of allowed defined record types; 0 = all */
    unsigned long long gen, gen_records, count, seed, max_size;
    int gen_set, quiet;
    int revision; /* fxt_revision, or -1: no revision filter (the mutator reads current) */
    int order;    /* of the leading records: FXT_GEN_ORDER_* bits, ORDER_AS_IS or ORDER_ALL */
    const char *list;
} opts;

typedef struct base {
    char *name; /* short name for output files */
    char *src;  /* path, or how it was generated */
    uint8_t *data;
    size_t len;
} base;

typedef struct bases {
    base *v;
    size_t n, cap;
} bases;

/* The tool's name, for messages. */
extern const char *const fxtm_prog;

/* Record types (bitset) that the selected revision defines, or that any
 * revision defines without --revision: the ones --record-types can name. */
unsigned fxtm_defined_types(const opts *o);

/* Adds PATH as a base (a directory: its files, recursively, sorted; TOP:
 * given on the command line). 0, or -1 after a message. */
int fxtm_add_path(bases *b, const char *path, int top);

/* Adds o->gen generated valid traces of the selected revision. 0, or -1
 * after a message. */
int fxtm_add_generated(bases *b, const opts *o);

/* Removes E's records of the defined types DROP (framing as the validator
 * reads it in REVISION, or current if negative). 0, or -1 after a message
 * (out of memory). */
int fxtm_strip_types(base *e, unsigned drop, int revision);

void fxtm_free_bases(bases *b);

#endif
