/* SPDX-License-Identifier: MIT */
/* rcfile.c - the .fxtkitrc configuration file (rcfile.h). */
#define _GNU_SOURCE /* getline, strdup, fnmatch on older libcs */
#include "rcfile.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/** The largest value of a max-* limit (as fxt-validate's command line). */
#define RC_LIMIT_MAX ((uint64_t)1 << 30)

static const char *const key_names[RC_KEYS] = {
    "revision", "allow-unknown", "max-issues", "max-providers", "max-threads",
    "max-async", "max-flows",    "Werror",     "srcroot",       "ignore",
};

const char *rc_key_name(unsigned bit)
{
    for (unsigned i = 0; i < RC_KEYS; i++)
        if (bit == 1u << i)
            return key_names[i];
    return "?";
}

/* ---- paths ------------------------------------------------------------------- */

char *rc_abs_path(const char *trace)
{
    char *cwd = getcwd(NULL, 0);
    if (!cwd)
        return NULL;
    if (!trace || strcmp(trace, "-") == 0)
        return cwd;
    size_t n = strlen(cwd) + strlen(trace) + 2;
    char *joined = malloc(n);
    char *out = malloc(n);
    if (!joined || !out) {
        free(cwd), free(joined), free(out);
        return NULL;
    }
    if (trace[0] == '/')
        snprintf(joined, n, "%s", trace);
    else
        snprintf(joined, n, "%s/%s", cwd, trace);
    free(cwd);
    /* resolve "." and ".." component by component */
    size_t o = 0;
    char *save = NULL;
    for (char *c = strtok_r(joined, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (strcmp(c, ".") == 0)
            continue;
        if (strcmp(c, "..") == 0) {
            while (o > 0 && out[o - 1] != '/')
                o--;
            if (o > 0)
                o--;
            continue;
        }
        out[o++] = '/';
        size_t k = strlen(c);
        memcpy(out + o, c, k);
        o += k;
    }
    if (o == 0)
        out[o++] = '/';
    out[o] = '\0';
    free(joined);
    return out;
}

int rc_find(const char *trace, char **out)
{
    *out = NULL;
    char *p = rc_abs_path(trace);
    if (!p)
        return -1;
    size_t cap = strlen(p) + sizeof RC_NAME + 2;
    char *cand = malloc(cap);
    if (!cand) {
        free(p);
        return -1;
    }
    /* a trace names a file: start at its directory (a directory given as
     * the trace, or the current directory for stdin, is itself the start) */
    struct stat sb;
    int is_file = trace && strcmp(trace, "-") != 0;
    if (is_file && !(stat(p, &sb) == 0 && S_ISDIR(sb.st_mode))) {
        char *slash = strrchr(p, '/');
        slash[slash == p ? 1 : 0] = '\0';
    }
    for (;;) {
        snprintf(cand, cap, "%s%s%s", p, strcmp(p, "/") == 0 ? "" : "/", RC_NAME);
        if (stat(cand, &sb) == 0 && S_ISREG(sb.st_mode)) {
            free(p);
            *out = cand;
            return 1;
        }
        if (strcmp(p, "/") == 0)
            break;
        char *slash = strrchr(p, '/');
        slash[slash == p ? 1 : 0] = '\0';
    }
    free(p);
    free(cand);
    return 0;
}

/* ---- values ------------------------------------------------------------------ */

int rc_parse_count(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

static int parse_bool(const char *s, int *out)
{
    if (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on") || !strcmp(s, "1"))
        *out = 1;
    else if (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off") || !strcmp(s, "0"))
        *out = 0;
    else
        return -1;
    return 0;
}

int rc_parse_ignores(const char *list, fxt_options *o, char *err, size_t errlen)
{
    for (const char *p = list;;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        while (n > 0 && (*p == ' ' || *p == '\t'))
            p++, n--;
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        if (n == 0) {
            snprintf(err, errlen, "empty rule name in '%.*s'",
                     (int)(strlen(list) < 100 ? strlen(list) : 100), list);
            return -1;
        }
        char name[64];
        fxt_rule r = FXT_R_NONE;
        if (n < sizeof name) {
            memcpy(name, p, n);
            name[n] = '\0';
            r = fxt_rule_find(name);
        }
        if (r == FXT_R_NONE) {
            snprintf(err, errlen, "unknown rule '%.*s'", (int)(n < 100 ? n : 100), p);
            return -1;
        }
        fxt_options_ignore(o, r, 1);
        if (!end)
            return 0;
        p = end + 1;
    }
}

/** Add the comma-separated rules of LIST to BITS; -1 with the reason in ERR. */
static int parse_ignores(const char *list, uint64_t bits[FXT_IGNORE_WORDS], char *err,
                         size_t errlen)
{
    fxt_options o;
    memcpy(o.ignore, bits, sizeof o.ignore);
    char why[200];
    if (rc_parse_ignores(list, &o, why, sizeof why) != 0) {
        snprintf(err, errlen, "ignore: %s", why);
        return -1;
    }
    memcpy(bits, o.ignore, sizeof o.ignore);
    return 0;
}

/** Apply entry E of RC to S; -1 with the reason in ERR. */
static int apply(const rcfile *rc, const rc_entry *e, rc_settings *s, char *err, size_t errlen)
{
    unsigned bit = 0;
    for (unsigned i = 0; i < RC_KEYS; i++)
        if (strcmp(e->key, key_names[i]) == 0)
            bit = 1u << i;
    if (!bit) {
        snprintf(err, errlen, "unknown key '%.60s' (keys: revision, ignore, allow-unknown, "
                              "max-issues, max-providers, max-threads, max-async, max-flows, "
                              "Werror, srcroot)", e->key);
        return -1;
    }
    uint64_t v = 0;
    int bad = 0;
    switch (bit) {
    case RC_REVISION: bad = fxt_revision_parse(e->value, &s->revision) != 0; break;
    case RC_ALLOW_UNKNOWN: bad = parse_bool(e->value, &s->allow_unknown) != 0; break;
    case RC_WERROR: bad = parse_bool(e->value, &s->werror) != 0; break;
    case RC_MAX_ISSUES: bad = rc_parse_count(e->value, &s->max_issues) != 0; break;
    case RC_IGNORE:
        if (parse_ignores(e->value, s->ignore, err, errlen) != 0)
            return -1;
        break;
    case RC_SRCROOT: {
        free(s->srcroot);
        size_t n = strlen(rc->dir) + strlen(e->value) + 2;
        char *j = malloc(n);
        if (!j) {
            snprintf(err, errlen, "%s", strerror(ENOMEM));
            return -1;
        }
        if (e->value[0] == '/')
            snprintf(j, n, "%s", e->value);
        else
            snprintf(j, n, "%s/%s", rc->dir, e->value);
        s->srcroot = rc_abs_path(j);
        free(j);
        if (!s->srcroot) {
            snprintf(err, errlen, "%s", strerror(ENOMEM));
            return -1;
        }
        break;
    }
    default: /* the max-* limits */
        bad = rc_parse_count(e->value, &v) != 0 || v == 0 || v > RC_LIMIT_MAX;
        *(bit == RC_MAX_PROVIDERS ? &s->max_providers
          : bit == RC_MAX_THREADS ? &s->max_threads
          : bit == RC_MAX_ASYNC   ? &s->max_async
                                  : &s->max_flows) = (size_t)v;
        break;
    }
    if (bad) {
        snprintf(err, errlen, "%s: bad value '%.60s' (%s)", e->key, e->value,
                 bit == RC_REVISION                           ? "r1, r2, r3, current or auto"
                 : bit == RC_ALLOW_UNKNOWN || bit == RC_WERROR ? "true or false"
                 : bit == RC_MAX_ISSUES                        ? "a count, 0 = no limit"
                                                               : "a whole number from 1 to 2^30");
        return -1;
    }
    s->set |= bit;
    for (unsigned i = 0; i < RC_KEYS; i++)
        if (bit == 1u << i)
            s->line[i] = e->line;
    return 0;
}

/* ---- loading ------------------------------------------------------------------ */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

void rc_free(rcfile *rc)
{
    for (size_t i = 0; i < rc->n; i++) {
        free(rc->e[i].key);
        free(rc->e[i].value);
    }
    for (size_t i = 0; i < rc->nglobs; i++)
        free(rc->globs[i]);
    free(rc->globs);
    free(rc->e);
    free(rc->path);
    free(rc->dir);
    memset(rc, 0, sizeof *rc);
}

/** Parse the lines of F into RC; -1 with "LINE: reason" in ERR. */
static int load_lines(rcfile *rc, FILE *f, char *err, size_t errlen)
{
    char *line = NULL, *glob = NULL;
    size_t cap = 0, ecap = 0;
    unsigned no = 0;
    int rc_ = 0;
    rc_settings scratch;
    memset(&scratch, 0, sizeof scratch);
    while (getline(&line, &cap, f) >= 0) {
        no++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *s = trim(line);
        if (!*s)
            continue;
        char reason[320] = "";
        if (*s == '[') {
            size_t n = strlen(s);
            char **ng = n >= 3 && s[n - 1] == ']'
                            ? realloc(rc->globs, (rc->nglobs + 1) * sizeof *ng)
                            : NULL;
            if (n < 3 || s[n - 1] != ']') {
                snprintf(reason, sizeof reason, "a section is [GLOB]");
            } else if (!ng) {
                snprintf(reason, sizeof reason, "%s", strerror(ENOMEM));
            } else {
                rc->globs = ng;
                s[n - 1] = '\0';
                glob = rc->globs[rc->nglobs] = strdup(trim(s + 1));
                if (!glob)
                    snprintf(reason, sizeof reason, "%s", strerror(ENOMEM));
                else
                    rc->nglobs++;
            }
        } else {
            char *eq = strchr(s, '=');
            if (!eq) {
                snprintf(reason, sizeof reason, "expected 'key = value' or '[GLOB]'");
            } else {
                *eq = '\0';
                rc_entry e = {strdup(trim(s)), strdup(trim(eq + 1)), glob, no};
                if (!e.key || !e.value) {
                    free(e.key), free(e.value);
                    snprintf(reason, sizeof reason, "%s", strerror(ENOMEM));
                } else if (apply(rc, &e, &scratch, reason, sizeof reason) != 0) {
                    free(e.key), free(e.value);
                } else {
                    if (rc->n == ecap) {
                        ecap = ecap ? 2 * ecap : 16;
                        rc_entry *ne = realloc(rc->e, ecap * sizeof *ne);
                        if (!ne) {
                            free(e.key), free(e.value);
                            snprintf(reason, sizeof reason, "%s", strerror(ENOMEM));
                        }
                        rc->e = ne ? ne : rc->e;
                    }
                    if (!reason[0])
                        rc->e[rc->n++] = e;
                }
            }
        }
        if (reason[0]) {
            snprintf(err, errlen, "%u: %s", no, reason);
            rc_ = -1;
            break;
        }
    }
    if (!rc_ && ferror(f)) {
        snprintf(err, errlen, "%s", strerror(errno ? errno : EIO));
        rc_ = -1;
    }
    free(scratch.srcroot);
    free(line);
    return rc_;
}

int rc_load(rcfile *rc, const char *path, char *err, size_t errlen)
{
    memset(rc, 0, sizeof *rc);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    rc->path = strdup(path);
    char *abs = rc_abs_path(path);
    if (abs) {
        char *slash = strrchr(abs, '/');
        slash[slash == abs ? 1 : 0] = '\0';
    }
    rc->dir = abs;
    char why[400];
    int r = -1;
    if (!rc->path || !rc->dir)
        snprintf(why, sizeof why, "%s", strerror(ENOMEM));
    else
        r = load_lines(rc, f, why, sizeof why);
    fclose(f);
    if (r != 0) {
        snprintf(err, errlen, "%s:%s", path, why);
        rc_free(rc);
        return -1;
    }
    return 0;
}

/* ---- what applies ------------------------------------------------------------- */

/** Whether section GLOB of RC matches the trace at absolute path ABS. */
static int matches(const rcfile *rc, const char *glob, const char *abs)
{
    if (!strchr(glob, '/')) {
        const char *base = strrchr(abs, '/');
        return fnmatch(glob, base ? base + 1 : abs, FNM_PERIOD) == 0;
    }
    size_t d = strlen(rc->dir);
    const char *rel = abs;
    if (strcmp(rc->dir, "/") == 0)
        rel = abs + 1;
    else if (strncmp(abs, rc->dir, d) == 0 && abs[d] == '/')
        rel = abs + d + 1;
    else
        return 0;
    while (glob[0] == '.' && glob[1] == '/')
        glob += 2;
    return fnmatch(glob, rel, 0) == 0;
}

int rc_settings_for(const rcfile *rc, const char *trace, rc_settings *s)
{
    memset(s, 0, sizeof *s);
    char *abs = rc_abs_path(trace);
    if (!abs)
        return -1;
    char err[400];
    for (size_t i = 0; i < rc->n; i++) {
        const rc_entry *e = &rc->e[i];
        if (e->glob && !matches(rc, e->glob, abs))
            continue;
        if (apply(rc, e, s, err, sizeof err) != 0) { /* only ENOMEM: checked at load */
            free(abs);
            rc_settings_free(s);
            return -1;
        }
    }
    free(abs);
    return 0;
}

void rc_settings_free(rc_settings *s)
{
    free(s->srcroot);
    s->srcroot = NULL;
}

void rc_apply_options(const rc_settings *s, unsigned keep, fxt_options *o)
{
    unsigned set = s->set & ~keep;
    if (set & RC_REVISION)
        o->revision = s->revision;
    if (set & RC_ALLOW_UNKNOWN) {
        if (s->allow_unknown)
            o->flags |= FXT_OPT_ALLOW_UNKNOWN;
        else
            o->flags &= ~(unsigned)FXT_OPT_ALLOW_UNKNOWN;
    }
    if (set & RC_MAX_PROVIDERS)
        o->max_providers = s->max_providers;
    if (set & RC_MAX_THREADS)
        o->max_threads = s->max_threads;
    if (set & RC_MAX_ASYNC)
        o->max_async = s->max_async;
    if (set & RC_MAX_FLOWS)
        o->max_flows = s->max_flows;
    if (s->set & RC_IGNORE)
        for (unsigned i = 0; i < FXT_IGNORE_WORDS; i++)
            o->ignore[i] |= s->ignore[i];
}

int rc_settings_of_trace(const char *trace, rc_settings *s, char *err, size_t errlen)
{
    return rc_settings_of(NULL, trace, s, err, errlen);
}

int rc_settings_of(const char *config, const char *trace, rc_settings *s, char *err,
                   size_t errlen)
{
    memset(s, 0, sizeof *s);
    char *path = NULL;
    int k = config ? (path = strdup(config)) ? 1 : -1 : rc_find(trace, &path);
    if (k <= 0) {
        if (k < 0)
            snprintf(err, errlen, "%s", strerror(ENOMEM));
        return k;
    }
    rcfile rc;
    int bad = rc_load(&rc, path, err, errlen);
    free(path);
    if (bad)
        return -1;
    bad = rc_settings_for(&rc, trace, s);
    if (bad)
        snprintf(err, errlen, "%s", strerror(ENOMEM));
    rc_free(&rc);
    return bad ? -1 : 1;
}
