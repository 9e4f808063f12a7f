/* SPDX-License-Identifier: MIT */
/* fingerprint.c - fxtIssue/v1 fingerprints (fingerprint.h). */
#include "fingerprint.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

uint64_t fp_hash(const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    char key[160];
    if (issue_has_record(is)) {
        int n = snprintf(key, sizeof key, "%s|%s|+%" PRIx64 "|%" PRIu32 "|%d..%d|",
                         ri ? ri->id : "?", fxt_record_type_name(is->record_type),
                         is->field_offset - is->record_offset, is->field_len, is->bit_lo,
                         is->bit_hi);
        /* the record's header word where the file can be re-read */
        for (unsigned i = 0; i < ci->hdr_have && n > 0 && (size_t)n + 3 < sizeof key; i++)
            n += snprintf(key + n, sizeof key - (size_t)n, "%02x", ci->hdr[i]);
    } else {
        snprintf(key, sizeof key, "%s|trace", ri ? ri->id : "?");
    }
    return fnv1a(key);
}

void fp_text(uint64_t hash, uint32_t n, char buf[FP_TEXT_MAX])
{
    snprintf(buf, FP_TEXT_MAX, "%016" PRIx64 ":%" PRIu32, hash, n);
}

/* ---- counters: open addressing, doubled when half full ------------------------ */

typedef struct fp_slot {
    uint64_t key;
    uint32_t count; /**< 0 = empty */
    uint32_t rev;
} fp_slot;

struct fp_counter {
    fp_slot *t;
    size_t cap, used; /**< cap a power of two */
};

fp_counter *fp_counter_new(void)
{
    fp_counter *c = calloc(1, sizeof *c);
    if (c) {
        c->cap = 1024;
        c->t = calloc(c->cap, sizeof *c->t);
        if (!c->t) {
            free(c);
            c = NULL;
        }
    }
    return c;
}

void fp_counter_reset(fp_counter *c)
{
    if (c->used)
        memset(c->t, 0, c->cap * sizeof *c->t);
    c->used = 0;
}

static fp_slot *find(fp_slot *t, size_t cap, uint64_t key, unsigned rev)
{
    size_t i = (size_t)((key ^ (key >> 29)) + rev * 0x9e3779b9u) & (cap - 1);
    while (t[i].count && !(t[i].key == key && t[i].rev == rev))
        i = (i + 1) & (cap - 1);
    return &t[i];
}

uint32_t fp_counter_next(fp_counter *c, uint64_t hash, unsigned rev)
{
    if (2 * (c->used + 1) > c->cap) {
        size_t cap = 2 * c->cap;
        fp_slot *t = calloc(cap, sizeof *t);
        if (!t)
            return 0;
        for (size_t i = 0; i < c->cap; i++)
            if (c->t[i].count)
                *find(t, cap, c->t[i].key, c->t[i].rev) = c->t[i];
        free(c->t);
        c->t = t;
        c->cap = cap;
    }
    fp_slot *e = find(c->t, c->cap, hash, rev);
    if (!e->count) {
        *e = (fp_slot){hash, 0, rev};
        c->used++;
    }
    return ++e->count;
}

void fp_counter_free(fp_counter *c)
{
    if (c) {
        free(c->t);
        free(c);
    }
}
