/* SPDX-License-Identifier: MIT */
/*
 * test_glue - the revision setting of the libFuzzer and AFL++ glue (ctest
 * fuzz_glue_*): FXT_MUTATE_REVISION for both, --fxt-revision=R for
 * libFuzzer. The glue's output for a seed must be exactly
 * fxt_mutate()'s in that revision (and, for some seeds, differ from the
 * current revision's: otherwise the check could not tell).
 *
 *   test_glue env  AFL_MODULE   FXT_MUTATE_REVISION=r1 in the environment
 *   test_glue flag              --fxt-revision=r2 through LLVMFuzzerInitialize
 *   test_glue bad  AFL_MODULE   FXT_MUTATE_REVISION=r9: AFL++'s init fails, the
 *                               libFuzzer glue exits 2
 *   test_glue mix               FXT_MUTATE_RAW_PCT and FXT_MUTATE_SIZE_WRAP: a
 *                               bad value exits 2; RAW_PCT=100 hands every
 *                               call to LLVMFuzzerMutate; size_wrap_weight
 *                               draws size-wrap more often
 *
 * libfuzzer_mutator.c is compiled into this test; LLVMFuzzerMutate, which
 * libFuzzer would provide, is a stub that reverses the bytes. The AFL++
 * module's deterministic steps on a new queue entry (its state records
 * dropped, its leading records in each other order, the partner's drops)
 * are checked too.
 */
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/mutator.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed);
int LLVMFuzzerInitialize(int *argc, char ***argv);

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
{
    (void)max_size;
    for (size_t i = 0; i < size / 2; i++) {
        uint8_t t = data[i];
        data[i] = data[size - 1 - i];
        data[size - 1 - i] = t;
    }
    return size;
}

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            printf("FAIL: " __VA_ARGS__);                                                          \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

typedef struct trace_buf {
    uint8_t *p;
    size_t n;
} trace_buf;

static trace_buf gen(fxt_revision rev, uint64_t seed)
{
    trace_buf t = {NULL, 0};
    fxt_gen_options o = {seed, 200, FXT_GEN_COVERAGE, 0, rev, 0, 0};
    if (fxt_gen_random_mem(&o, &t.p, &t.n) != 0) {
        printf("FAIL: cannot generate a trace\n");
        exit(1);
    }
    return t;
}

/* fxt_mutate in REV, as the libFuzzer glue seeds it. */
static size_t expected(fxt_revision rev, const trace_buf *t, uint8_t *out, size_t max,
                       unsigned seed)
{
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = rev;
    memcpy(out, t->p, t->n);
    return fxt_mutate(out, t->n, max, (uint64_t)seed * 0x9e3779b97f4a7c15ull, &o, NULL);
}

#ifndef FXT_RAW_PCT
#define FXT_RAW_PCT 50 /* libfuzzer_mutator.c's default: the test checks the shipped mix */
#endif

/* What the glue makes of T for SEED: libFuzzer's own mutation (the stub:
 * T reversed) for FXT_RAW_PCT % of the seeds (by the bits above the low 8),
 * else fxtmut's in REV. */
static size_t expected_mix(fxt_revision rev, const trace_buf *t, uint8_t *out, size_t max,
                           unsigned seed, unsigned *raw)
{
    if ((seed >> 8) % 100 < FXT_RAW_PCT) {
        ++*raw;
        memcpy(out, t->p, t->n);
        return LLVMFuzzerMutate(out, t->n, max);
    }
    return expected(rev, t, out, max, seed);
}

static void check_libfuzzer(fxt_revision rev)
{
    trace_buf t = gen(rev, 3), u = gen(rev, 4);
    size_t max = t.n + 8192;
    uint8_t *a = malloc(max), *b = malloc(max), *c = malloc(max);
    unsigned same = 0, differ = 0, tried = 0, raw = 0, reversed = 0;
    for (unsigned k = 1; k < 400; k++) {
        unsigned seed = k * 0x9e3779b1u;
        memcpy(a, t.p, t.n);
        size_t na = LLVMFuzzerCustomMutator(a, t.n, max, seed);
        size_t nb = expected_mix(rev, &t, b, max, seed, &raw);
        size_t nc = expected(FXT_REV_CURRENT, &t, c, max, seed);
        tried++;
        same += na == nb && memcmp(a, b, na) == 0;
        differ += na != nc || memcmp(a, c, na) != 0;
        memcpy(c, t.p, t.n);
        LLVMFuzzerMutate(c, t.n, max);
        reversed += na == t.n && memcmp(a, c, na) == 0;
    }
    CHECK(same == tried, "libFuzzer glue: %u of %u outputs are as expected (%s)", same, tried,
          fxt_revision_name(rev));
    CHECK(raw > tried * FXT_RAW_PCT / 100 * 2 / 3 && raw < tried * FXT_RAW_PCT / 100 * 4 / 3 &&
              reversed == raw,
          "libFuzzer glue: %u of %u calls handed to LLVMFuzzerMutate (%u seen), want about "
          "%d %%", raw, tried, reversed, FXT_RAW_PCT);
    CHECK(differ > 20, "libFuzzer glue: only %u outputs differ from current's", differ);
    /* crossover: one call in four combines the inputs, the others mutate the
     * first as the mutator does (libFuzzer calls the crossover as often as
     * the mutator) */
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = rev;
    same = raw = 0;
    for (unsigned k = 1; k < 100; k++) {
        unsigned seed = k * 0x9e3779b1u;
        size_t na = LLVMFuzzerCustomCrossOver(t.p, t.n, u.p, u.n, a, max, seed), nb;
        if (seed % 4 == 0)
            nb = fxt_crossover(t.p, t.n, u.p, u.n, b, max,
                                   (uint64_t)seed * 0xbf58476d1ce4e5b9ull, &o);
        else
            nb = expected_mix(rev, &t, b, max, seed, &raw);
        same += na == nb && memcmp(a, b, na) == 0;
    }
    CHECK(same == 99 && raw > 20, "libFuzzer crossover: %u of 99 outputs as expected (%s), "
          "%u by LLVMFuzzerMutate", same, fxt_revision_name(rev), raw);
    free(a), free(b), free(c), free(t.p), free(u.p);
}

typedef void *(*afl_init_fn)(void *, unsigned int);
typedef size_t (*afl_fuzz_fn)(void *, uint8_t *, size_t, uint8_t **, uint8_t *, size_t, size_t);
typedef void (*afl_deinit_fn)(void *);
typedef int32_t (*afl_init_trim_fn)(void *, uint8_t *, size_t);
typedef size_t (*afl_trim_fn)(void *, uint8_t **);
typedef int32_t (*afl_post_trim_fn)(void *, unsigned char);

static void *afl_sym(void *so, const char *name)
{
    void *f = dlsym(so, name);
    if (f == NULL) {
        printf("FAIL: %s not in the AFL++ module\n", name);
        exit(1);
    }
    return f;
}

/* What the test's stand-in for coverage keeps (AFL++ keeps a trim step
 * whose coverage is unchanged). */
enum { KEEP_ALL, KEEP_NONE, KEEP_VALID, KEEP_SINGLE };

static int keeps(int oracle, const uint8_t *p, size_t n, const uint8_t *cur, size_t cur_n,
                 fxt_revision rev)
{
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = rev;
    if (oracle == KEEP_SINGLE) /* one record less */
        return fxt_mut_record_count(p, n, &o) + 1 == fxt_mut_record_count(cur, cur_n, &o);
    if (oracle != KEEP_VALID)
        return oracle == KEEP_ALL;
    fxt_options vo = fxt_options_default();
    vo.revision = rev;
    fxt_stats stats;
    return fxt_validate_buffer(p, n, &vo, &stats) == 0 && stats.by_type[FXT_RT_EVENT] > 0;
}

/* AFL++'s trim loop (trim_case_custom) over T with ORACLE: every candidate
 * is the entry with one run of whole records taken away, never the first
 * record; at most 32 steps. Returns the steps; *LEN: the trimmed size. */
static unsigned trim_loop(void *so, void *st, const trace_buf *t, int oracle, fxt_revision rev,
                          size_t *len)
{
    afl_init_trim_fn init_trim = (afl_init_trim_fn)afl_sym(so, "afl_custom_init_trim");
    afl_trim_fn trim = (afl_trim_fn)afl_sym(so, "afl_custom_trim");
    afl_post_trim_fn post_trim = (afl_post_trim_fn)afl_sym(so, "afl_custom_post_trim");
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = rev;
    uint8_t *cur = malloc(t->n), *want = malloc(t->n);
    memcpy(cur, t->p, t->n);
    size_t n = t->n;
    int32_t stage_max = init_trim(st, cur, n), stage = 0;
    CHECK(stage_max == 32, "AFL++ trim: init_trim gives %d steps, not 32", stage_max);
    unsigned steps = 0;
    while (stage < stage_max && steps <= 32) {
        uint8_t *out = NULL;
        size_t k = trim(st, &out);
        CHECK(out != NULL && k < n, "AFL++ trim: step %u: no smaller candidate", steps);
        if (out == NULL)
            break;
        /* the records before the cut are the entry's, the rest its tail */
        size_t nc = fxt_mut_record_count(cur, n, &o), nk = fxt_mut_record_count(out, k, &o);
        size_t first = 0;
        for (; first < nk; first++) {
            memcpy(want, cur, n);
            size_t w = fxt_mut_delete_records(want, n, first + 1, nc - nk, &o);
            if (w == k && memcmp(want, out, k) == 0)
                break;
        }
        CHECK(first + 1 < nc && first < nk,
              "AFL++ trim: step %u is not the entry less a run of records after the first", steps);
        int ok = keeps(oracle, out, k, cur, n, rev);
        if (ok)
            memcpy(cur, out, k), n = k;
        stage = post_trim(st, (unsigned char)ok);
        steps++;
    }
    CHECK(steps <= 32, "AFL++ trim: more than 32 steps");
    *len = n;
    free(cur), free(want);
    return steps;
}

static void check_afl_trim(void *so, void *st, fxt_revision rev)
{
    trace_buf t = gen(rev, 7);
    size_t len;
    /* every step kept: spans of a quarter from the end; the first record
     * is all that is left */
    unsigned steps = trim_loop(so, st, &t, KEEP_ALL, rev, &len);
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = rev;
    uint8_t *b = malloc(t.n);
    memcpy(b, t.p, t.n);
    size_t first_len = fxt_mut_delete_records(b, t.n, 1, fxt_mut_record_count(t.p, t.n, &o) - 1, &o);
    CHECK(len == first_len && steps <= 8, "AFL++ trim, all kept: %zu bytes in %u steps (want %zu)",
          len, steps, first_len);
    /* none kept: the budget spent, the entry whole */
    steps = trim_loop(so, st, &t, KEEP_NONE, rev, &len);
    CHECK(steps == 32 && len == t.n, "AFL++ trim, none kept: %zu bytes in %u steps", len, steps);
    /* kept while it validates: smaller, and still valid */
    steps = trim_loop(so, st, &t, KEEP_VALID, rev, &len);
    CHECK(len < t.n / 2, "AFL++ trim, kept while valid: %zu of %zu bytes", len, t.n);
    /* the spans halve down to single records (the first 20 records: spans
     * of 4, 2, then 1 from the 16th step) */
    trace_buf s20 = gen(rev, 8);
    size_t n20 = fxt_mut_record_count(s20.p, s20.n, &o);
    s20.n = fxt_mut_delete_records(s20.p, s20.n, 20, n20 - 20, &o);
    CHECK(s20.n > 0 && fxt_mut_record_count(s20.p, s20.n, &o) == 20, "AFL++ trim: no 20 records");
    steps = trim_loop(so, st, &s20, KEEP_SINGLE, rev, &len);
    CHECK(len < s20.n, "AFL++ trim: no single record taken away in %u steps", steps);
    free(s20.p);
    /* nothing to take from a single record */
    afl_init_trim_fn init_trim = (afl_init_trim_fn)afl_sym(so, "afl_custom_init_trim");
    CHECK(init_trim(st, b, first_len) == 0, "AFL++ trim: steps offered on one record");
    free(b), free(t.p);
}

/* The AFL++ module: its seeds come from its own PRNG (afl_mutator.c), the
 * same sequence as this one. */
static void check_afl(const char *path, fxt_revision rev, int refuse)
{
    void *so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (so == NULL) {
        printf("FAIL: dlopen %s: %s\n", path, dlerror());
        failures++;
        return;
    }
    afl_init_fn init = (afl_init_fn)afl_sym(so, "afl_custom_init");
    afl_fuzz_fn fuzz = (afl_fuzz_fn)afl_sym(so, "afl_custom_fuzz");
    afl_deinit_fn deinit = (afl_deinit_fn)afl_sym(so, "afl_custom_deinit");
    void *st = init(NULL, 77);
    if (refuse) {
        CHECK(st == NULL, "AFL++ module: a bad FXT_MUTATE_REVISION is accepted");
        if (st)
            deinit(st);
        dlclose(so);
        return;
    }
    CHECK(st != NULL, "AFL++ module: init failed");
    if (st == NULL)
        return;
    trace_buf t = gen(rev, 5), u = gen(rev, 6);
    size_t max = (t.n > u.n ? t.n : u.n) + 8192;
    uint8_t *b = malloc(max);
    fxt_rng rng = {0x5eedf00du ^ (uint64_t)77 << 17};
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = rev;
    /* on each new entry the drop steps come first: its state records taken
     * away one a call (fxt_mut_drop_state), the PRNG untouched */
    unsigned drops = 0;
    for (unsigned k = 0; k < 8; k++) {
        memcpy(b, t.p, t.n);
        size_t nb = fxt_mut_drop_state(b, t.n, max, k, &o);
        if (nb == 0)
            break;
        uint8_t *out = NULL;
        size_t na = fuzz(st, t.p, t.n, &out, NULL, 0, max);
        CHECK(out != NULL && na == nb && memcmp(out, b, na) == 0,
              "AFL++ module: call %u is not drop step %u", k, k);
        drops++;
    }
    CHECK(drops >= 2, "AFL++ module: %u drop steps (initialization, provider)", drops);
    /* then its leading records in each other legal order, one a call */
    const int has_magic = fxt_layout_get(rev)->has_magic;
    unsigned orders = 0;
    for (unsigned ord = 0; ord < FXT_GEN_ORDER_COUNT; ord++) {
        if (!has_magic && (ord & FXT_GEN_ORDER_NO_MAGIC))
            continue;
        memcpy(b, t.p, t.n);
        size_t nb = fxt_mut_set_order(b, t.n, max, ord, &o);
        if (nb == 0 || (nb == t.n && memcmp(b, t.p, t.n) == 0))
            continue; /* the order it is in */
        uint8_t *out = NULL;
        size_t na = fuzz(st, t.p, t.n, &out, NULL, 0, max);
        CHECK(out != NULL && na == nb && memcmp(out, b, na) == 0,
              "AFL++ module: the call after the drops is not order step %u", ord);
        orders++;
    }
    CHECK(orders == (has_magic ? FXT_GEN_ORDER_COUNT - 1 : FXT_GEN_ORDER_COUNT / 2 - 1),
          "AFL++ module: %u order steps", orders);
    unsigned same = 0;
    for (unsigned k = 0; k < 100; k++) {
        uint8_t *out = NULL;
        size_t na = fuzz(st, t.p, t.n, &out, NULL, 0, max);
        memcpy(b, t.p, t.n);
        size_t nb = fxt_mutate(b, t.n, max, fxt_rng_next(&rng), &o, NULL);
        same += out != NULL && na == nb && memcmp(out, b, na) == 0;
    }
    CHECK(same == 100, "AFL++ module: %u of 100 outputs are %s's", same, fxt_revision_name(rev));
    /* with a second entry passed along (add_buf), its first and second
     * state records in turn, PARTNER_STEPS (8) times */
    unsigned partner_drops = 0;
    for (unsigned j = 0; j < 9; j++) {
        uint8_t *out = NULL;
        memcpy(b, u.p, u.n);
        size_t nb = fxt_mut_drop_state(b, u.n, max, j & 1, &o);
        size_t na = fuzz(st, t.p, t.n, &out, u.p, u.n, max);
        int is_drop = nb > 0 && out != NULL && na == nb && memcmp(out, b, na) == 0;
        partner_drops += (unsigned)is_drop;
        CHECK(j < 8 ? is_drop : !is_drop, "AFL++ module: call %u with a partner: %s", j,
              j < 8 ? "not its drop step" : "a ninth drop step");
    }
    CHECK(partner_drops == 8, "AFL++ module: %u partner drop steps", partner_drops);
    /* afl_custom_fuzz_count starts an entry's custom stage: its
     * deterministic steps again, then 64 random mutations (FXT_AFL_RANDOM_STEPS),
     * then calls that run nothing (size 0, the input handed back) */
    typedef uint32_t (*afl_count_fn)(void *, const uint8_t *, size_t);
    afl_count_fn count = (afl_count_fn)afl_sym(so, "afl_custom_fuzz_count");
    uint32_t calls = count(st, t.p, t.n);
    unsigned ran = 0, skipped = 0, first_is_drop = 0;
    for (uint32_t k = 0; k < calls; k++) {
        uint8_t *out = NULL;
        size_t na = fuzz(st, t.p, t.n, &out, NULL, 0, max);
        CHECK(out != NULL, "AFL++ module: call %u of a counted stage gives no buffer", k);
        if (k == 0) {
            memcpy(b, t.p, t.n);
            size_t nb = fxt_mut_drop_state(b, t.n, max, 0, &o);
            first_is_drop = out != NULL && na == nb && memcmp(out, b, na) == 0;
        }
        ran += na > 0;
        skipped += na == 0 && out == t.p;
    }
    CHECK(first_is_drop, "AFL++ module: a counted stage does not start with drop step 0");
    CHECK(ran == drops + orders + 64 && ran + skipped == calls,
          "AFL++ module: a counted stage ran %u of %u calls (want %u deterministic + 64), "
          "skipped %u", ran, calls, drops + orders, skipped);
    check_afl_trim(so, st, rev);
    /* another entry starts its drop steps; so does the first one again */
    for (int i = 0; i < 2; i++) {
        const trace_buf *e = i ? &t : &u;
        uint8_t *out = NULL;
        memcpy(b, e->p, e->n);
        size_t nb = fxt_mut_drop_state(b, e->n, max, 0, &o);
        size_t na = fuzz(st, e->p, e->n, &out, NULL, 0, max);
        CHECK(nb > 0 && out != NULL && na == nb && memcmp(out, b, na) == 0,
              "AFL++ module: a new entry does not start with drop step 0");
    }
    free(u.p);
    deinit(st);
    dlclose(so);
    free(b), free(t.p);
}

/* The libFuzzer glue's set-up, in a child (with NAME=VALUE set first when
 * NAME is not NULL), must exit 2: a bad setting. */
static void check_exits_2(char **argv, const char *name, const char *value, const char *what)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        if (name != NULL)
            setenv(name, value, 1);
        int ac = 1;
        char **av = argv;
        LLVMFuzzerInitialize(&ac, &av); /* exits 2 with a message */
        _exit(0);
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
              WEXITSTATUS(status) == 2,
          "libFuzzer glue: %s does not exit 2 (status 0x%x)", what, status);
}

/* The mix knobs of the libFuzzer glue and size_wrap_weight (run before
 * any other call of the glue: it reads the environment once). */
static void check_mix(char **argv)
{
    check_exits_2(argv, "FXT_MUTATE_RAW_PCT", "101", "FXT_MUTATE_RAW_PCT=101");
    check_exits_2(argv, "FXT_MUTATE_SIZE_WRAP", "x", "FXT_MUTATE_SIZE_WRAP=x");
    setenv("FXT_MUTATE_RAW_PCT", "100", 1);
    trace_buf t = gen(FXT_REV_CURRENT, 3);
    size_t max = t.n + 8192;
    uint8_t *a = malloc(max), *c = malloc(max);
    unsigned reversed = 0, tried = 0;
    memcpy(c, t.p, t.n);
    LLVMFuzzerMutate(c, t.n, max);
    for (unsigned k = 1; k < 200; k++, tried++) {
        memcpy(a, t.p, t.n);
        size_t na = LLVMFuzzerCustomMutator(a, t.n, max, k * 0x9e3779b1u);
        reversed += na == t.n && memcmp(a, c, na) == 0;
    }
    CHECK(reversed == tried, "libFuzzer glue: FXT_MUTATE_RAW_PCT=100 handed %u of %u calls to "
          "LLVMFuzzerMutate", reversed, tried);
    /* size-wrap drawn: its default weight against 100 */
    unsigned drawn[2] = {0, 0};
    for (int heavy = 0; heavy < 2; heavy++) {
        fxt_mut_options o = fxt_mut_options_default();
        o.size_wrap_weight = heavy ? 100 : 0;
        for (uint64_t seed = 1; seed <= 300; seed++) {
            fxt_mut_info info;
            memcpy(a, t.p, t.n);
            fxt_mutate(a, t.n, max, seed, &o, &info);
            for (unsigned i = 0; i < info.nops; i++)
                if (info.ops[i] == FXT_MUT_SIZE_WRAP) {
                    drawn[heavy]++;
                    break;
                }
        }
    }
    CHECK(drawn[1] > 3 * drawn[0] && drawn[1] > 100,
          "size_wrap_weight: size-wrap in %u of 300 calls at weight 100, %u at the default",
          drawn[1], drawn[0]);
    free(a), free(c), free(t.p);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "env") == 0 && argc == 3) {
        check_libfuzzer(FXT_REV_R1);
        check_afl(argv[2], FXT_REV_R1, 0);
    } else if (strcmp(mode, "flag") == 0) {
        char *args[] = {argv[0], "-runs=10", "--fxt-revision=r2", NULL};
        char **av = args;
        int ac = 3;
        LLVMFuzzerInitialize(&ac, &av);
        check_libfuzzer(FXT_REV_R2);
    } else if (strcmp(mode, "bad") == 0 && argc == 3) {
        check_afl(argv[2], FXT_REV_CURRENT, 1);
        check_exits_2(argv, NULL, NULL, "a bad FXT_MUTATE_REVISION");
    } else if (strcmp(mode, "mix") == 0) {
        check_mix(argv);
    } else {
        fprintf(stderr, "usage: test_glue env|bad AFL_MODULE | test_glue flag|mix\n");
        return 2;
    }
    fxt_mutator_release();
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
