/* SPDX-License-Identifier: MIT */
/* baseline.c - known issues by file and fingerprint (baseline.h). */
#define _GNU_SOURCE /* getline */
#include "baseline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    char *file, *fp, *rule;
    int taken, checked;
} entry;

struct baseline {
    entry *e;
    size_t n;
};

static int cmp(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : strcmp(x->fp, y->fp);
}

/** Undo the escapes of S in place; -1 on a bad escape. */
static int unescape(char *s)
{
    char *o = s;
    for (; *s; s++) {
        if (*s != '\\') {
            *o++ = *s;
            continue;
        }
        s++;
        if (*s == '\\')
            *o++ = '\\';
        else if (*s == 't')
            *o++ = '\t';
        else if (*s == 'n')
            *o++ = '\n';
        else
            return -1;
    }
    *o = '\0';
    return 0;
}

void baseline_free(baseline *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++)
        free(b->e[i].file); /* one allocation holds the three strings */
    free(b->e);
    free(b);
}

int baseline_load(baseline **out, const char *path, char *err, size_t errlen)
{
    *out = NULL;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    baseline *b = calloc(1, sizeof *b);
    char *line = NULL;
    size_t cap = 0, ecap = 0;
    unsigned no = 0;
    ssize_t len;
    const char *why = b ? NULL : strerror(ENOMEM);
    while (!why && (len = getline(&line, &cap, f)) >= 0) {
        no++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if (!t2 || t1 == line) {
            why = "expected FINGERPRINT<TAB>RULE<TAB>FILE";
            break;
        }
        if (b->n == ecap) {
            ecap = ecap ? 2 * ecap : 64;
            entry *ne = realloc(b->e, ecap * sizeof *ne);
            if (!ne) {
                why = strerror(ENOMEM);
                break;
            }
            b->e = ne;
        }
        *t1 = *t2 = '\0';
        const char *file = t2 + 1, *fp = line, *rule = t1 + 1;
        if (unescape(t2 + 1) != 0) {
            why = "bad escape in the file name (\\\\, \\t, \\n)";
            break;
        }
        /* one block per entry, ordered file, fp, rule (freed by its file) */
        size_t lf = strlen(file), lp = strlen(fp), lr = strlen(rule);
        char *blk = malloc(lf + lp + lr + 3);
        if (!blk) {
            why = strerror(ENOMEM);
            break;
        }
        memcpy(blk, file, lf + 1);
        memcpy(blk + lf + 1, fp, lp + 1);
        memcpy(blk + lf + lp + 2, rule, lr + 1);
        b->e[b->n++] = (entry){blk, blk + lf + 1, blk + lf + lp + 2, 0, 0};
    }
    if (!why && ferror(f))
        why = strerror(errno ? errno : EIO);
    free(line);
    fclose(f);
    if (why) {
        snprintf(err, errlen, "%s:%u: %s", path, no, why);
        baseline_free(b);
        return -1;
    }
    qsort(b->e, b->n, sizeof *b->e, cmp);
    *out = b;
    return 0;
}

/** The first entry of FILE (index), or b->n. */
static size_t first_of(const baseline *b, const char *file)
{
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(b->e[mid].file, file) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void baseline_checking(baseline *b, const char *file)
{
    for (size_t i = first_of(b, file); i < b->n && strcmp(b->e[i].file, file) == 0; i++)
        b->e[i].checked = 1;
}

int baseline_take(baseline *b, const char *file, const char *fp)
{
    entry key = {(char *)file, (char *)fp, NULL, 0, 0};
    entry *e = bsearch(&key, b->e, b->n, sizeof *b->e, cmp);
    if (!e)
        return 0;
    e->taken = 1; /* known each time: a file named twice is checked twice */
    return 1;
}

size_t baseline_absent(const baseline *b, const char *file,
                       void (*fn)(void *ctx, const char *fp, const char *rule), void *ctx)
{
    size_t n = 0;
    for (size_t i = first_of(b, file); i < b->n && strcmp(b->e[i].file, file) == 0; i++)
        if (!b->e[i].taken) {
            if (fn)
                fn(ctx, b->e[i].fp, b->e[i].rule);
            n++;
        }
    return n;
}

size_t baseline_gone(const baseline *b, FILE *f)
{
    size_t n = 0;
    for (size_t i = 0; i < b->n; i++)
        if (b->e[i].checked && !b->e[i].taken) {
            if (f)
                fprintf(f, "  %s: %s %s\n", b->e[i].file, b->e[i].rule, b->e[i].fp);
            n++;
        }
    return n;
}

void baseline_write_header(FILE *f)
{
    fputs("# fxt-validate baseline v1: FINGERPRINT<TAB>RULE<TAB>FILE (fxtIssue/v1, as in SARIF)\n",
          f);
}

void baseline_write_entry(FILE *f, const char *fp, const char *rule, const char *file)
{
    fprintf(f, "%s\t%s\t", fp, rule);
    for (const char *p = file; *p; p++) {
        if (*p == '\\')
            fputs("\\\\", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p == '\n')
            fputs("\\n", f);
        else
            putc(*p, f);
    }
    putc('\n', f);
}
