/* SPDX-License-Identifier: MIT */
/*
 * fxt-mutate-inputs.c - the base traces of fxt-mutate: files and
 * directories (walked recursively, sorted), generated traces of the
 * selected revision, and the removal of record types a reader does not
 * support.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fxt-mutate.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "fxt/validate.h"
#include "growbuf.h"
#include "readfile.h"

unsigned fxtm_defined_types(const opts *o)
{
    if (o->revision >= 0)
        return fxt_layout_get((fxt_revision)o->revision)->record_types;
    unsigned all = 0;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        all |= fxt_layout_get((fxt_revision)r)->record_types;
    return all;
}

static int out_of_memory(void)
{
    fprintf(stderr, "%s: out of memory\n", fxtm_prog);
    return -1;
}

/* 0, or -1 after a message. */
static int push_base(bases *b, const char *name, const char *src, uint8_t *data, size_t len)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 32;
        base *nv = realloc(b->v, cap * sizeof *nv);
        if (nv == NULL)
            return out_of_memory();
        b->v = nv, b->cap = cap;
    }
    base *e = &b->v[b->n];
    e->name = strdup(name);
    e->src = strdup(src);
    e->data = data, e->len = len;
    if (e->name == NULL || e->src == NULL) {
        free(e->name), free(e->src);
        return out_of_memory();
    }
    b->n++;
    return 0;
}

void fxtm_free_bases(bases *b)
{
    for (size_t i = 0; i < b->n; i++)
        free(b->v[i].name), free(b->v[i].src), free(b->v[i].data);
    free(b->v);
    memset(b, 0, sizeof *b);
}

static int skip_name(const char *n)
{
    static const char *const k_skip[] = {".json", ".md", ".txt", ".tsv"};
    size_t ln = strlen(n);
    if (n[0] == '.')
        return 1;
    for (size_t i = 0; i < sizeof k_skip / sizeof *k_skip; i++) {
        size_t ls = strlen(k_skip[i]);
        if (ln >= ls && strcmp(n + ln - ls, k_skip[i]) == 0)
            return 1;
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A short file-name-safe name for PATH: its last component, minus .fxt. */
static void short_name(const char *path, char *out, size_t cap)
{
    const char *s = strrchr(path, '/');
    s = s ? s + 1 : path;
    size_t n = 0;
    for (; *s && n + 1 < cap; s++)
        out[n++] = (char)((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                                  (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.'
                              ? *s
                              : '_');
    out[n] = '\0';
    if (n > 4 && strcmp(out + n - 4, ".fxt") == 0)
        out[n - 4] = '\0';
}

/* The names in directory PATH that are not skipped, sorted, in *OUT. 0, or
 * -1 after a message. */
static int list_dir(const char *path, char ***out, size_t *count)
{
    DIR *d = opendir(path);
    if (d == NULL) {
        fprintf(stderr, "%s: %s: %s\n", fxtm_prog, path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (skip_name(e->d_name))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (nn == NULL) {
                rc = out_of_memory();
                break;
            }
            names = nn;
        }
        if ((names[n] = strdup(e->d_name)) == NULL) {
            rc = out_of_memory();
            break;
        }
        n++;
    }
    closedir(d);
    if (n > 1)
        qsort(names, n, sizeof *names, cmp_str);
    *out = names;
    *count = n;
    return rc;
}

int fxtm_add_path(bases *b, const char *path, int top)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s: %s\n", fxtm_prog, path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        char **names = NULL;
        size_t n = 0;
        int rc = list_dir(path, &names, &n);
        for (size_t i = 0; i < n; i++) {
            if (rc == 0) {
                size_t need = strlen(path) + strlen(names[i]) + 2;
                char *p = malloc(need);
                if (p == NULL) {
                    rc = out_of_memory();
                } else {
                    snprintf(p, need, "%s/%s", path, names[i]);
                    rc = fxtm_add_path(b, p, 0);
                    free(p);
                }
            }
            free(names[i]);
        }
        free(names);
        return rc;
    }
    if (!S_ISREG(st.st_mode)) {
        if (top)
            fprintf(stderr, "%s: %s: not a regular file\n", fxtm_prog, path);
        return top ? -1 : 0;
    }
    uint8_t *data;
    size_t len;
    char err[512];
    if (read_file(path, &data, &len, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", fxtm_prog, err);
        return -1;
    }
    char name[128];
    short_name(path, name, sizeof name);
    if (push_base(b, name, path, data, len) != 0) {
        free(data);
        return -1;
    }
    return 0;
}

int fxtm_add_generated(bases *b, const opts *o)
{
    fxt_revision rev = o->revision >= 0 ? (fxt_revision)o->revision : FXT_REV_CURRENT;
    int has_magic = fxt_layout_get(rev)->has_magic;
    for (unsigned long long s = 1; s <= o->gen; s++) {
        fxt_gen_options g = {s, o->gen_records, s % 2 ? FXT_GEN_REALISTIC : FXT_GEN_COVERAGE,
                             (int)(s % 4 == 0 || s % 4 == 3), rev, 0, 0};
        if (o->byte_order != BO_ANY)
            g.big_endian = o->byte_order == BO_BE;
        if (!has_magic)
            g.big_endian = 0; /* byte order is said by the magic record alone */
        growbuf gb = {0};
        if (fxt_gen_random(&g, growbuf_write, &gb) != 0) {
            fprintf(stderr, "%s: generating seed %llu failed\n", fxtm_prog, s);
            growbuf_free(&gb);
            return -1;
        }
        const char *prof = g.profile == FXT_GEN_COVERAGE ? "coverage" : "realistic";
        char name[96], src[200], revs[32] = "";
        if (o->revision >= 0)
            snprintf(revs, sizeof revs, " --revision %s", fxt_revision_name(rev));
        snprintf(name, sizeof name, "gen-%s-%s-s%llu", prof, g.big_endian ? "be" : "le", s);
        snprintf(src, sizeof src, "fxt-gen random --seed %llu --records %llu --profile %s%s%s",
                 s, o->gen_records, prof, g.big_endian ? " --big-endian" : "", revs);
        if (push_base(b, name, src, gb.data, gb.len) != 0) {
            growbuf_free(&gb);
            return -1;
        }
    }
    return 0;
}

/* ---- removing record types ---- */

typedef struct cut {
    uint64_t off, len;
} cut;

typedef struct strip_ctx {
    unsigned drop; /* bitset of record types to remove */
    cut *v;
    size_t n, cap;
    int oom;
} strip_ctx;

static void strip_visit(void *ctx, const fxt_record *r)
{
    strip_ctx *c = ctx;
    if (r->type >= 16 || !(c->drop & (1u << r->type)) || c->oom)
        return;
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        cut *nv = realloc(c->v, cap * sizeof *nv);
        if (nv == NULL) {
            c->oom = 1;
            return;
        }
        c->v = nv, c->cap = cap;
    }
    c->v[c->n].off = r->offset;
    c->v[c->n].len = r->size_words * 8;
    c->n++;
}

int fxtm_strip_types(base *e, unsigned drop, int revision)
{
    strip_ctx c = {drop, NULL, 0, 0, 0};
    fxt_options vo = fxt_options_default();
    vo.flags |= FXT_OPT_VISIT_ALL;
    vo.on_record = strip_visit;
    vo.ctx = &c;
    if (revision >= 0)
        vo.revision = (fxt_revision)revision;
    if (fxt_validate_buffer(e->data, e->len, &vo, NULL) < 0 || c.oom) {
        free(c.v);
        return out_of_memory();
    }
    size_t w = 0, r = 0;
    for (size_t i = 0; i < c.n; i++) {
        uint64_t off = c.v[i].off, end = off + c.v[i].len;
        if (off < r || end > e->len || end < off)
            continue; /* overlapping or cut short: leave it */
        memmove(e->data + w, e->data + r, (size_t)(off - r));
        w += (size_t)(off - r);
        r = (size_t)end;
    }
    memmove(e->data + w, e->data + r, e->len - r);
    e->len = w + (e->len - r);
    free(c.v);
    return 0;
}
