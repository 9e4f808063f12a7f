/* SPDX-License-Identifier: MIT */
/*
 * dump_strtab.h - fxt-dump's bounded cache of registered string texts.
 *
 * The validator checks that a string index is registered but keeps no
 * text. fxt-dump shows the text an indexed ref stands for, so it keeps its
 * own copy, bounded: a trace may register 32767 strings of up to 32767
 * bytes for each of any number of providers. Slots are direct-mapped and
 * texts share a byte budget; what does not fit is evicted, and the dump
 * then shows the index alone. Never a wrong text: each provider context (a
 * provider info record starts a new one) has its own generation number.
 */
#ifndef FXT_CLI_DUMP_STRTAB_H
#define FXT_CLI_DUMP_STRTAB_H

#include <stddef.h>
#include <stdint.h>

typedef struct strtab strtab;

/** A cache of SLOTS entries (a power of two) holding at most BUDGET bytes
 *  of text; NULL if out of memory. */
strtab *strtab_new(size_t slots, size_t budget);

void strtab_free(strtab *t);

/** A provider info record for PROVIDER: its string table starts empty. */
void strtab_provider_start(strtab *t, uint32_t provider);

/** A string record of PROVIDER registers TEXT (LEN bytes) at INDEX. */
void strtab_put(strtab *t, uint32_t provider, unsigned index, const char *text, size_t len);

/** Text registered at INDEX for PROVIDER: 1 and *TEXT, *LEN if cached,
 *  0 if never registered or evicted. */
int strtab_get(strtab *t, uint32_t provider, unsigned index, const char **text, size_t *len);

/** Texts evicted so far (to fit the slots or the budget). */
uint64_t strtab_evictions(const strtab *t);

#endif /* FXT_CLI_DUMP_STRTAB_H */
