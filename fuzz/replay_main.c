/* SPDX-License-Identifier: MIT */
/*
 * replay_main.c - a plain main() for any LLVMFuzzerTestOneInput harness, so
 * every harness also builds and runs without clang or libFuzzer.
 *
 *   replay_<name> [--allow-missing] [--gen N] [--mutate K] [PATH...]
 *
 * Replays every file named, and every regular file under every directory
 * named (recursively, in sorted order). --gen N also runs N traces from
 * fxt_gen_random (both profiles, both byte orders; each must validate
 * without errors or warnings, as fxt/gen.h promises); --mutate K runs K
 * structure-aware mutations (fxt_mutate, chained) of each generated trace.
 * --allow-missing treats a missing PATH as empty (for corpus/ before it
 * exists); --skip-missing too, but then exits 77 (skipped) after the run. Exits 0 after printing counts; a harness invariant failure
 * aborts the process (the file being replayed is printed first).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define FXT_HAVE_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define FXT_HAVE_SANITIZER 1
#endif
#endif
#ifdef FXT_HAVE_SANITIZER
#include <sanitizer/common_interface_defs.h>
#endif

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/mutator.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long long n_files, n_bytes, n_gen, n_mut;
static int verbose;

/* What is being replayed, for the crash message; generated inputs are
 * saved to replay-crash.fxt in the working directory. */
static char current[1024];
static const uint8_t *cur_data;
static size_t cur_len;

static void say(const char *s)
{
    if (write(2, s, strlen(s)) < 0)
        return;
}

static void say_current(void)
{
    say("\n==replay== crashed while replaying: ");
    say(current);
    say("\n");
    if (cur_data != NULL) {
        int fd = open("replay-crash.fxt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            if (write(fd, cur_data, cur_len) == (ssize_t)cur_len)
                say("==replay== input saved as replay-crash.fxt\n");
            close(fd);
        }
    }
}

static void on_abort(int sig)
{
    say_current();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void set_current(const char *what, unsigned long long a, unsigned long long b)
{
    if (a == ~0ull)
        snprintf(current, sizeof current, "%s", what);
    else
        snprintf(current, sizeof current, "%s %llu, mutation %llu", what, a, b);
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *b = malloc(cap);
    while (b != NULL) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *nb = realloc(b, cap * 2);
        if (nb == NULL)
            free(b);
        b = nb;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (b == NULL || err) {
        fprintf(stderr, "replay: %s: %s\n", path, b ? "read error" : "out of memory");
        free(b);
        return 1;
    }
    if (verbose)
        fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
    set_current(path, ~0ull, 0);
    {
        /* a copy of exactly n bytes: ASan sees overreads past the input */
        uint8_t *exact = malloc(n ? n : 1);
        if (exact == NULL) {
            free(b);
            return 1;
        }
        memcpy(exact, b, n);
        free(b);
        LLVMFuzzerTestOneInput(exact, n);
        free(exact);
    }
    n_files++;
    n_bytes += n;
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* paths not present under --allow-missing or --skip-missing */
static unsigned long n_missing;

static int run_path(const char *path, int allow_missing)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (allow_missing && errno == ENOENT) {
            printf("replay: %s: not present, skipped\n", path);
            n_missing++;
            return 0;
        }
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return S_ISREG(st.st_mode) ? run_file(path) : 0;
    DIR *d = opendir(path);
    if (d == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (nn == NULL)
                break;
            names = nn;
        }
        size_t l = strlen(path) + strlen(e->d_name) + 2;
        names[n] = malloc(l);
        if (names[n] == NULL)
            break;
        snprintf(names[n], l, "%s/%s", path, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        rc |= run_path(names[i], 0);
        free(names[i]);
    }
    free(names);
    return rc;
}

typedef struct gbuf {
    uint8_t *p;
    size_t n, cap;
} gbuf;

static int gwrite(void *ctx, const void *d, size_t n)
{
    gbuf *g = ctx;
    if (g->n + n > g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 65536;
        while (cap < g->n + n)
            cap *= 2;
        uint8_t *p = realloc(g->p, cap);
        if (p == NULL)
            return 1;
        g->p = p;
        g->cap = cap;
    }
    memcpy(g->p + g->n, d, n);
    g->n += n;
    return 0;
}

static int run_generated(unsigned long count, unsigned long mutations)
{
    for (unsigned long i = 0; i < count; i++) {
        fxt_gen_options o = fxt_gen_options_default();
        o.seed = 0xf022u + i;
        o.records = 90 + (i * 37) % 400; /* ~80 set up the tables */
        o.profile = (i & 1) ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC;
        o.big_endian = (int)((i >> 1) & 1);
        gbuf g = {NULL, 0, 0};
        if (fxt_gen_random(&o, gwrite, &g) != 0) {
            fprintf(stderr, "replay: fxt_gen_random failed for seed %llu\n",
                    (unsigned long long)o.seed);
            free(g.p);
            return 1;
        }
        set_current("generated trace", i, 0);
        cur_data = g.p, cur_len = g.n;
        /* fxt/gen.h promises conforming, warning-free traces */
        fxt_stats st;
        fxt_options vo = fxt_options_default();
        long errors = fxt_validate_buffer(g.p, g.n, &vo, &st);
        if (errors != 0 || st.warnings != 0) {
            fprintf(stderr,
                    "replay: fxt_gen_random(seed %llu, %llu records, %s, %s) wrote a trace "
                    "with %ld errors and %llu warnings\n",
                    (unsigned long long)o.seed, (unsigned long long)o.records,
                    o.profile == FXT_GEN_COVERAGE ? "coverage" : "realistic",
                    o.big_endian ? "big-endian" : "little-endian", errors,
                    (unsigned long long)st.warnings);
            abort();
        }
        LLVMFuzzerTestOneInput(g.p, g.n);
        n_gen++;
        /* mutation chains: each output feeds the next, restarting now and then */
        size_t max = g.n + 4096;
        uint8_t *cur = malloc(max);
        if (cur == NULL) {
            free(g.p);
            return 1;
        }
        size_t len = 0;
        for (unsigned long k = 0; k < mutations; k++) {
            if (k % 16 == 0) {
                memcpy(cur, g.p, g.n);
                len = g.n;
            }
            len = fxt_mutate(cur, len, max, (uint64_t)i << 32 | k, NULL, NULL);
            uint8_t *exact = malloc(len ? len : 1);
            if (exact == NULL)
                break;
            memcpy(exact, cur, len);
            set_current("generated trace", i, k + 1);
            cur_data = exact, cur_len = len;
            LLVMFuzzerTestOneInput(exact, len);
            free(exact);
            n_mut++;
        }
        free(cur);
        free(g.p);
        cur_data = NULL;
    }
    fxt_mutator_release();
    return 0;
}

int main(int argc, char **argv)
{
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    int allow_missing = 0, skip_missing = 0, rc = 0;
    unsigned long gen = 0, mut = 0;
    signal(SIGABRT, on_abort);
    signal(SIGSEGV, on_abort);
#ifdef FXT_HAVE_SANITIZER
    __sanitizer_set_death_callback(say_current);
#endif
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--allow-missing"))
            allow_missing = 1;
        else if (!strcmp(argv[i], "--skip-missing"))
            allow_missing = skip_missing = 1;
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--gen") && i + 1 < argc)
            gen = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--mutate") && i + 1 < argc)
            mut = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: %s [--allow-missing|--skip-missing] [-v] [--gen N] [--mutate K] [PATH...]\n", prog);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1] != 0) {
            /* libFuzzer-style flags (-runs=, -max_len=...) are ignored */
            continue;
        } else
            rc |= run_path(argv[i], allow_missing);
    }
    if (gen)
        rc |= run_generated(gen, mut);
    printf("%s: %llu files (%llu bytes), %llu generated traces, %llu mutations: %s\n", prog,
           n_files, n_bytes, n_gen, n_mut, rc ? "I/O ERRORS" : "ok");
    if (!rc && skip_missing && n_missing)
        return 77; /* ctest: skipped (SKIP_RETURN_CODE) */
    return rc ? 1 : 0;
}
