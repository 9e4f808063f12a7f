/* SPDX-License-Identifier: MIT */
/*
 * api.c - the public entry points of the validator (fxt/validate.h), and
 * the one place that tells a validator of one revision (one.h: one.c,
 * stream.c, provider.c) from the FXT_REV_AUTO validator (auto.h), which
 * composes one of them per revision. Neither knows which it is part of.
 *
 * An auto validator's handle is a struct fxt_validator whose multi is set
 * (nothing else of it is used), followed by auto.c's object.
 */
#include <stdlib.h>
#include <string.h>

#include "auto.h"
#include "internal.h"

#define SHELL ((sizeof(fxt_validator) + 63) & ~(size_t)63)

static fxt_options sane(const fxt_options *o)
{
    fxt_options s = *o;
    if (s.max_providers == 0) s.max_providers = 1;
    if (s.max_threads == 0) s.max_threads = 1;
    if (s.max_async == 0) s.max_async = 1;
    if (s.max_flows == 0) s.max_flows = 1;
    if ((unsigned)s.revision > FXT_REV_AUTO) s.revision = FXT_REV_CURRENT;
    return s;
}

/* Bytes of a validator with options S (sane). */
static size_t size_of(const fxt_options *s)
{
    return s->revision == FXT_REV_AUTO ? SHELL + fxt__auto_size() : fxt__one_size();
}

/* The caller's allocator, or the C library's (fxt_options.alloc). */
static void *take(const fxt_allocator *al, size_t n)
{
    return al != NULL ? al->malloc(al->ctx, n) : malloc(n);
}

fxt_validator *fxt_validator_new(const fxt_options *o)
{
    fxt_options s = sane(o);
    size_t n = size_of(&s);
    void *mem = take(s.alloc, n);
    if (mem == NULL)
        return NULL;
    if (s.revision != FXT_REV_AUTO)
        return fxt__one_init(mem, &s); /* which keeps the allocator in al */
    fxt_validator *v = mem;
    memset(v, 0, sizeof *v);
    if (s.alloc != NULL)
        v->al = *s.alloc;
    v->multi = fxt__auto_init((char *)mem + SHELL, &s);
    return v;
}

void fxt_validator_free(fxt_validator *v)
{
    if (v == NULL)
        return;
    size_t n = v->multi ? SHELL + fxt__auto_size() : fxt__one_size();
    fxt_allocator al = v->al; /* the auto shell's: zero for malloc */
    if (v->multi)
        fxt__auto_fini(v->multi);
    else
        fxt__one_fini(v);
    if (al.free != NULL)
        al.free(al.ctx, v, n);
    else
        free(v);
}

void fxt_validator_feed(fxt_validator *v, const void *data, size_t len)
{
    if (v->multi)
        fxt__auto_feed(v->multi, data, len);
    else
        fxt__one_feed(v, data, len);
}

void fxt_validator_finish(fxt_validator *v)
{
    if (v->multi)
        fxt__auto_finish(v->multi);
    else
        fxt__one_finish(v);
}

fxt_revision fxt_validator_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT])
{
    return v->multi ? fxt__auto_verdicts(v->multi, out) : fxt__one_verdicts(v, out);
}

void fxt_validator_stats(const fxt_validator *v, fxt_stats *out)
{
    if (v->multi)
        fxt__auto_stats(v->multi, out);
    else
        fxt__one_stats(v, out);
}

/* The validator whose counts a caller of auto sees: the reported revision's. */
static const fxt_validator *counted(const fxt_validator *v)
{
    return v->multi ? fxt__auto_reported(v->multi) : v;
}

uint64_t fxt_validator_rule_count(const fxt_validator *v, fxt_rule r)
{
    return fxt__one_rule_count(counted(v), r);
}

size_t fxt_validator_provider_count(const fxt_validator *v)
{
    return fxt__one_provider_count(counted(v));
}

int fxt_validator_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out)
{
    return fxt__one_provider(counted(v), i, out);
}

long fxt_validate_buffer(const void *buf, size_t len, const fxt_options *o, fxt_stats *stats)
{
    fxt_validator *v = fxt_validator_new(o);
    if (v == NULL)
        return -1;
    fxt_validator_feed(v, buf, len);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    if (stats)
        *stats = st;
    long e = (long)st.errors;
    fxt_validator_free(v);
    return e;
}
