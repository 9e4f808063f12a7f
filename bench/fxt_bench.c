/* SPDX-License-Identifier: MIT */
/*
 * fxt-bench - validation and generation throughput on a realistic trace.
 *
 * Builds a realistic trace in memory with the generator (mostly
 * duration/complete events with 0-4 arguments on indexed strings and
 * threads, some instants, counters, async, flow, logs, kernel objects,
 * blobs), then reports, best of several runs:
 *   - generation to a counting sink,
 *   - a plain pass that sums the buffer's 64-bit words (the memory-bound
 *     ceiling any reader has to pay),
 *   - validation of the whole buffer in one call,
 *   - validation fed in 64 KiB chunks,
 *   - from a temporary file holding the trace: a cat-equivalent pass
 *     (read() into a 1 MiB buffer, nothing else) and validation through
 *     fxt-validate's own input (validator/cli/input.c: a reader thread
 *     mapping 1 MiB windows ahead of the checking), as ratios to cat.
 * Beside MB/s it prints instructions and branch misses per record from
 * perf_event_open, or "n/a" where the kernel refuses (VMs without hardware
 * counters: use bench/instructions.sh, which counts with callgrind).
 * With --trace FILE it validates that trace instead (e.g. a real one),
 * over and over until about --mb megabytes, a fresh validator each time.
 * With --mix it prints the record, event and argument type mix; with
 * --drain it reads standard input as fxt-validate does and checks nothing.
 * Prints figures; asserts nothing about time.
 */
#ifdef __linux__
#define _DEFAULT_SOURCE /* syscall() for perf_event_open */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "input.h" /* fxt-validate's (validator/cli/input.c) */

/** Bytes per read(2) of the cat-equivalent pass. */
#define READ_CHUNK ((size_t)1 << 20)
/** fxt-validate's read buffer (its CHUNK_BYTES; input.c's parts). */
#define VAL_BUF ((size_t)4 << 20)

typedef struct buf {
    unsigned char *b;
    size_t n, cap;
} buf;

static int append(void *ctx, const void *d, size_t n)
{
    buf *b = ctx;
    if (b->n + n > b->cap) {
        size_t cap = (b->n + n) * 2;
        unsigned char *nb = realloc(b->b, cap);
        if (nb == NULL)
            return 1;
        b->b = nb, b->cap = cap;
    }
    memcpy(b->b + b->n, d, n);
    b->n += n;
    return 0;
}

/* A sink that only counts: generation speed without the cost of storing. */
static int count_only(void *ctx, const void *d, size_t n)
{
    (void)d;
    *(size_t *)ctx += n;
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- hardware counters ---------------------------------------------------- */

enum { CNT_INSTR, CNT_BMISS, CNT_N };

/** perf_event_open counters of this thread (user space only); fd -1 where
 *  the kernel refused. */
typedef struct counters {
    int fd[CNT_N];
    const char *why; /**< why the first counter is unavailable, or NULL */
} counters;

static void counters_open(counters *c)
{
    c->why = NULL;
    for (int i = 0; i < CNT_N; i++) {
        c->fd[i] = -1;
#ifdef __linux__
        struct perf_event_attr a;
        memset(&a, 0, sizeof a);
        a.size = sizeof a;
        a.type = PERF_TYPE_HARDWARE;
        a.config = i == CNT_INSTR ? PERF_COUNT_HW_INSTRUCTIONS : PERF_COUNT_HW_BRANCH_MISSES;
        a.disabled = 1;
        a.exclude_kernel = 1;
        a.exclude_hv = 1;
        c->fd[i] = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
        if (c->fd[i] < 0 && c->why == NULL)
            c->why = strerror(errno);
#else
        c->why = "perf_event_open is Linux-only";
#endif
    }
}

static void counters_close(counters *c)
{
    for (int i = 0; i < CNT_N; i++)
        if (c->fd[i] >= 0)
            close(c->fd[i]);
}

/** One measured figure, the best (lowest) over runs. */
typedef struct figure {
    double secs;         /**< best wall time */
    uint64_t cnt[CNT_N]; /**< lowest count; UINT64_MAX if n/a */
} figure;

static void figure_init(figure *f)
{
    f->secs = 1e30;
    for (int i = 0; i < CNT_N; i++)
        f->cnt[i] = UINT64_MAX;
}

/** Start timing and counting one run. */
static double run_start(const counters *c)
{
#ifdef __linux__
    for (int i = 0; i < CNT_N; i++)
        if (c->fd[i] >= 0) {
            ioctl(c->fd[i], PERF_EVENT_IOC_RESET, 0);
            ioctl(c->fd[i], PERF_EVENT_IOC_ENABLE, 0);
        }
#else
    (void)c;
#endif
    return now();
}

/** End a run started at T0 and keep its figures in *F if they are lower. */
static void run_end(const counters *c, double t0, figure *f)
{
    double t = now() - t0;
    if (t < f->secs)
        f->secs = t;
#ifdef __linux__
    for (int i = 0; i < CNT_N; i++) {
        uint64_t n;
        if (c->fd[i] < 0)
            continue;
        ioctl(c->fd[i], PERF_EVENT_IOC_DISABLE, 0);
        if (read(c->fd[i], &n, sizeof n) == (ssize_t)sizeof n && n < f->cnt[i])
            f->cnt[i] = n;
    }
#else
    (void)c;
#endif
}

/** Print one figure's line: LABEL, MB/s of BYTES, then per-record figures
 *  over RECORDS (0: no per-record columns) and a NOTE. */
static void print_figure(const char *label, const figure *f, double bytes, double records,
                         const char *note)
{
    printf("%-34s %9.1f", label, bytes / f->secs / 1e6);
    if (records > 0) {
        printf(" %9.1f", f->secs * 1e9 / records);
        for (int i = 0; i < CNT_N; i++) {
            if (f->cnt[i] == UINT64_MAX)
                printf(" %9s", "n/a");
            else
                printf(" %9.2f", (double)f->cnt[i] / records);
        }
    } else {
        printf(" %9s %9s %9s", "", "", "");
    }
    printf("  %s\n", note ? note : "");
}

static void print_header(const counters *c)
{
    if (c->why)
        printf("hardware counters: n/a (perf_event_open: %s; use bench/instructions.sh)\n",
               c->why);
    printf("%-34s %9s %9s %9s %9s\n", "", "MB/s", "ns/rec", "instr/rec", "bmiss/rec");
}

/* ---- passes ----------------------------------------------------------------- */

static volatile uint64_t g_sink; /* keeps the word sum from being optimised away */

static void wordsum(const unsigned char *p, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        s += w;
    }
    g_sink = s;
}

static long validate(const unsigned char *p, size_t n, size_t chunk, fxt_stats *st)
{
    fxt_options o = fxt_options_default();
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL)
        return -1;
    for (size_t at = 0; at < n; at += chunk)
        fxt_validator_feed(v, p + at, n - at < chunk ? n - at : chunk);
    fxt_validator_finish(v);
    fxt_validator_stats(v, st);
    fxt_validator_free(v);
    return (long)st->errors;
}

/** Read FD from its start to its end into BUF (READ_CHUNK bytes), nothing
 *  else (cat). Returns the bytes read, or -1 on an error. */
static long long read_loop(int fd, unsigned char *b)
{
    long long total = 0;
    if (lseek(fd, 0, SEEK_SET) != 0)
        return -1;
    for (;;) {
        ssize_t n = read(fd, b, READ_CHUNK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        total += n;
    }
    return total;
}

/** Validate FD from its start to its end with V, read as fxt-validate reads
 *  it (input.c, with BUF of VAL_BUF bytes; stats after each part, stop
 *  after a size-0 record). Returns the bytes read, or -1 on an error. */
static long long validate_loop(int fd, unsigned char *b, fxt_validator *v)
{
    long long total = 0;
    if (lseek(fd, 0, SEEK_SET) != 0)
        return -1;
    input in;
    input_open(&in, fd, b, VAL_BUF);
    const unsigned char *p;
    size_t n;
    int k;
    while ((k = input_next(&in, &p, &n)) > 0) {
        fxt_stats st;
        total += (long long)n;
        fxt_validator_feed(v, p, n);
        fxt_validator_stats(v, &st);
        if (st.stopped)
            break;
    }
    int saved = errno; /* input_next's, when k < 0 */
    input_close(&in);
    fxt_validator_finish(v);
    fxt_validator_free(v);
    errno = saved;
    return k < 0 ? -1 : total;
}

/** --drain: read standard input to its end as fxt-validate reads it
 *  (input.c: a reader thread, a pipe's buffer raised to 1 MiB, parts of a
 *  VAL_BUF buffer) and check nothing: what `... | fxt-validate -` costs
 *  before any checking. Prints the bytes read; 0, or 1 on a read error. */
static int drain_stdin(void)
{
    unsigned char *b = malloc(VAL_BUF);
    if (b == NULL) {
        fprintf(stderr, "fxt-bench: out of memory\n");
        return 1;
    }
    input in;
    input_open(&in, 0, b, VAL_BUF);
    const unsigned char *p;
    size_t n;
    long long total = 0;
    int k;
    while ((k = input_next(&in, &p, &n)) > 0)
        total += (long long)n;
    int err = errno;
    input_close(&in);
    free(b);
    if (k < 0) {
        fprintf(stderr, "fxt-bench: reading standard input: %s\n", strerror(err));
        return 1;
    }
    printf("drained %lld bytes\n", total);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "fxt-bench: writing standard output: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}

/** The file figures: cat-equivalent and fxt-validate's read loop over FD,
 *  REPEAT times a run, best of REPS. */
typedef struct file_figures {
    figure cat, val;
} file_figures;

static int bench_fd(int fd, size_t repeat, int reps, const counters *c, file_figures *ff)
{
    fxt_options o = fxt_options_default();
    unsigned char *b = malloc(VAL_BUF);
    int bad = b == NULL;
    figure_init(&ff->cat);
    figure_init(&ff->val);
    int err = bad ? ENOMEM : 0; /* errno of the first failure */
    for (int r = 0; r < reps && !bad; r++) {
        double t0 = run_start(c);
        for (size_t i = 0; i < repeat && !bad; i++)
            if ((bad = read_loop(fd, b) < 0))
                err = errno;
        run_end(c, t0, &ff->cat);
        t0 = run_start(c);
        for (size_t i = 0; i < repeat && !bad; i++) {
            fxt_validator *v = fxt_validator_new(&o);
            if ((bad = v == NULL || validate_loop(fd, b, v) < 0))
                err = v == NULL ? ENOMEM : errno;
        }
        run_end(c, t0, &ff->val);
    }
    free(b);
    if (bad)
        fprintf(stderr, "fxt-bench: reading the file failed: %s\n", strerror(err));
    return bad;
}

static void print_file_figures(const file_figures *ff, double bytes, double records,
                               const char *what)
{
    char note[160];
    snprintf(note, sizeof note, "(%s, page cache warm)", what);
    print_figure("cat-equivalent, read() 1 MiB:", &ff->cat, bytes, 0, note);
    snprintf(note, sizeof note, "= %.3fx cat", ff->cat.secs / ff->val.secs);
    print_figure("validate, as fxt-validate (file):", &ff->val, bytes, records, note);
}

/* ---- --mix: what the trace is made of --------------------------------------- */

typedef struct mix {
    uint64_t records, args, by_argc[FXT_MAX_ARGS + 1], by_arg[FXT_AT_COUNT];
    uint64_t str_refs[2], thr_refs[2]; /* [0] indexed, [1] inline */
} mix;

static void mix_str(mix *m, const fxt_str *s)
{
    if (s->ref != 0)
        m->str_refs[(s->ref & 0x8000u) != 0]++;
}

static void on_mix(void *ctx, const fxt_record *r)
{
    mix *m = ctx;
    m->records++;
    m->by_argc[r->argc < FXT_MAX_ARGS ? r->argc : FXT_MAX_ARGS]++;
    for (unsigned i = 0; i < r->argc; i++) {
        const fxt_arg *a = &r->args[i];
        m->args++;
        if (a->type < FXT_AT_COUNT)
            m->by_arg[a->type]++;
        mix_str(m, &a->name);
        if (a->type == FXT_AT_STRING)
            mix_str(m, &a->str);
    }
    if (r->type == FXT_RT_EVENT) {
        mix_str(m, &r->u.event.category);
        mix_str(m, &r->u.event.name);
        m->thr_refs[r->u.event.thread.ref == 0]++;
    }
}

static void pct_line(const char *name, uint64_t n, uint64_t of, const char *per)
{
    printf("    %-22s %10llu  %5.1f%% of %s\n", name, (unsigned long long)n,
           of ? 100.0 * (double)n / (double)of : 0.0, per);
}

static int print_mix(const unsigned char *p, size_t n)
{
    mix m;
    memset(&m, 0, sizeof m);
    fxt_options o = fxt_options_default();
    o.on_record = on_mix;
    o.ctx = &m;
    fxt_stats st;
    if (fxt_validate_buffer(p, n, &o, &st) != 0)
        return 1;
    printf("mix: %llu records, %llu arguments (%.2f per record)\n",
           (unsigned long long)st.records, (unsigned long long)m.args,
           (double)m.args / (double)st.records);
    printf("  records by type:\n");
    for (unsigned t = 0; t < 16; t++)
        if (st.by_type[t])
            pct_line(fxt_record_type_name(t), st.by_type[t], st.records, "records");
    printf("  events by type:\n");
    for (unsigned t = 0; t < 16; t++)
        if (st.events_by_type[t])
            pct_line(fxt_event_type_name(FXT_REV_CURRENT, t), st.events_by_type[t], st.records, "records");
    printf("  records by argument count:\n");
    for (unsigned k = 0; k <= FXT_MAX_ARGS; k++)
        if (m.by_argc[k]) {
            char name[32];
            snprintf(name, sizeof name, "%u%s", k, k == FXT_MAX_ARGS ? "+" : "");
            pct_line(name, m.by_argc[k], st.records, "records");
        }
    printf("  arguments by type:\n");
    for (unsigned t = 0; t < FXT_AT_COUNT; t++)
        if (m.by_arg[t])
            pct_line(fxt_arg_type_name(t), m.by_arg[t], m.args, "arguments");
    uint64_t refs = m.str_refs[0] + m.str_refs[1], thr = m.thr_refs[0] + m.thr_refs[1];
    printf("  string refs (event category/name, argument names and string values):\n");
    pct_line("indexed", m.str_refs[0], refs, "refs");
    pct_line("inline", m.str_refs[1], refs, "refs");
    printf("  event thread refs:\n");
    pct_line("indexed", m.thr_refs[0], thr, "refs");
    pct_line("inline", m.thr_refs[1], thr, "refs");
    return 0;
}

/* ---- the two modes ---------------------------------------------------------- */

static int read_file(const char *path, buf *b)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    unsigned char tmp[65536];
    size_t got;
    while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
        if (append(b, tmp, got) != 0) {
            fclose(f);
            fprintf(stderr, "fxt-bench: out of memory\n");
            return 1;
        }
    int bad = ferror(f);
    fclose(f);
    if (bad || b->n == 0) {
        fprintf(stderr, "fxt-bench: %s: %s\n", path, bad ? "read error" : "empty file");
        return 1;
    }
    return 0;
}

/* --trace FILE: validate FILE's bytes REPEAT times (fresh validator state
 * each time, a fresh validator), best of REPS; then the same through
 * fxt-validate's read loop on FILE, beside a cat-equivalent read of it. */
static int bench_trace(const char *path, double mb, int reps, int with_mix, const counters *c)
{
    buf b = {0};
    if (read_file(path, &b) != 0) {
        free(b.b);
        return 1;
    }
    size_t repeat = (size_t)(mb * 1e6 / (double)b.n) + 1;
    fxt_options o = fxt_options_default();
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "fxt-bench: %s: %s\n", path, strerror(errno));
        free(b.b);
        if (fd >= 0)
            close(fd);
        return 1;
    }
    fxt_stats st;
    figure mem_fig;
    figure_init(&mem_fig);
    for (int r = 0; r < reps; r++) {
        double t0 = run_start(c);
        for (size_t i = 0; i < repeat; i++) {
            fxt_validator *v = fxt_validator_new(&o);
            if (v == NULL) {
                fprintf(stderr, "fxt-bench: out of memory\n");
                free(b.b);
                close(fd);
                return 1;
            }
            fxt_validator_feed(v, b.b, b.n);
            fxt_validator_finish(v);
            if (i == 0)
                fxt_validator_stats(v, &st);
            fxt_validator_free(v);
        }
        run_end(c, t0, &mem_fig);
    }
    file_figures ff;
    int bad = bench_fd(fd, repeat, reps, c, &ff);
    close(fd);

    double total = (double)b.n * (double)repeat;
    double records = (double)st.records * (double)repeat;
    printf("trace: %s, %zu bytes, %llu records (%.1f bytes/record), %llu errors, %llu warnings\n",
           path, b.n, (unsigned long long)st.records, (double)b.n / (double)st.records,
           (unsigned long long)st.errors, (unsigned long long)st.warnings);
    print_header(c);
    char note[64];
    snprintf(note, sizeof note, "(%zu times, %.1f MB)", repeat, total / 1e6);
    print_figure("validate, in memory:", &mem_fig, total, records, note);
    if (!bad)
        print_file_figures(&ff, total, records, "the file");
    printf("(best of %d runs; in memory one thread, files as fxt-validate reads them)\n", reps);
    if (with_mix)
        bad |= print_mix(b.b, b.n);
    free(b.b);
    return bad;
}

/** Write B to a temporary file in $TMPDIR (or /tmp), already unlinked so
 *  that it goes away however the program ends. Returns its fd, or -1. */
static int temp_copy(const buf *b)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/fxt-bench-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        fprintf(stderr, "fxt-bench: %s: %s\n", path, strerror(errno));
        return -1;
    }
    unlink(path);
    for (size_t at = 0; at < b->n;) {
        ssize_t n = write(fd, b->b + at, b->n - at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            fprintf(stderr, "fxt-bench: writing %s: %s\n", path, strerror(errno));
            close(fd);
            return -1;
        }
        at += (size_t)n;
    }
    return fd;
}

static int bench_generated(uint64_t seed, double mb, int reps, int with_file, int with_mix,
                           const counters *c)
{
    buf b = {0};
    fxt_gen_options go = fxt_gen_options_default();
    go.seed = seed, go.records = (uint64_t)(mb * 1e6 / 44.0) + 100;
    double t0 = now();
    if (fxt_gen_random(&go, append, &b) != 0) {
        fprintf(stderr, "fxt-bench: generating the trace failed\n");
        free(b.b);
        return 1;
    }
    double tgen = now() - t0;
    figure gen, sum, whole, chunk;
    figure_init(&gen);
    figure_init(&sum);
    figure_init(&whole);
    figure_init(&chunk);
    size_t counted = 0;
    for (int r = 0; r < reps; r++) {
        counted = 0;
        t0 = run_start(c);
        fxt_gen_random(&go, count_only, &counted);
        run_end(c, t0, &gen);
    }

    fxt_stats st;
    for (int r = 0; r < reps; r++) {
        t0 = run_start(c);
        wordsum(b.b, b.n);
        run_end(c, t0, &sum);
        t0 = run_start(c);
        long errors = validate(b.b, b.n, b.n, &st);
        run_end(c, t0, &whole);
        if (errors != 0 || st.warnings != 0) {
            fprintf(stderr, "fxt-bench: the generated trace has issues (a bug)\n");
            free(b.b);
            return 1;
        }
        t0 = run_start(c);
        validate(b.b, b.n, 65536, &st);
        run_end(c, t0, &chunk);
    }
    file_figures ff;
    int bad = 0, fd = -1;
    if (with_file) {
        fd = temp_copy(&b);
        bad = fd < 0 || bench_fd(fd, 1, reps, c, &ff);
        if (fd >= 0)
            close(fd);
    }

    double n = (double)b.n, recs = (double)st.records;
    printf("trace: %.1f MB, %llu records (%.1f bytes/record), realistic profile, seed %llu\n",
           n / 1e6, (unsigned long long)st.records, n / recs, (unsigned long long)seed);
    print_header(c);
    char note[96];
    snprintf(note, sizeof note, "(fxt_gen_random, %zu bytes)", counted);
    print_figure("generate to a counting sink:", &gen, (double)counted, recs, note);
    figure once;
    figure_init(&once);
    once.secs = tgen;
    print_figure("generate into a growing buffer:", &once, n, 0,
                 "(incl. realloc and page faults, one run)");
    print_figure("word sum (memory ceiling):", &sum, n, 0, NULL);
    print_figure("validate, whole buffer:", &whole, n, recs, NULL);
    print_figure("validate, 64 KiB chunks:", &chunk, n, recs, NULL);
    if (with_file && !bad)
        print_file_figures(&ff, n, recs, "temp file");
    printf("(best of %d runs; in memory one thread, files as fxt-validate reads them)\n", reps);
    if (with_mix)
        bad |= print_mix(b.b, b.n);
    free(b.b);
    return bad;
}

int main(int argc, char **argv)
{
    const char *trace = NULL;
    double mb = 256;
    int reps = 5, with_file = 1, with_mix = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--mb") && i + 1 < argc)
            mb = atof(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc)
            trace = argv[++i];
        else if (!strcmp(argv[i], "--no-file"))
            with_file = 0;
        else if (!strcmp(argv[i], "--mix"))
            with_mix = 1;
        else if (!strcmp(argv[i], "--drain") && argc == 2)
            return drain_stdin();
        else {
            fprintf(stderr,
                    "usage: fxt-bench [--mb N] [--reps N] [--seed S] [--no-file] [--mix]\n"
                    "       fxt-bench --trace FILE [--mb N] [--reps N] [--mix]\n"
                    "       fxt-bench --drain < INPUT\n"
                    "  builds a realistic N MB trace (default 256) in memory and reports\n"
                    "  generation and validation throughput beside a plain word-summing\n"
                    "  pass, then, from a temporary copy in $TMPDIR (or /tmp; --no-file\n"
                    "  skips it), a cat-equivalent read() pass and validation through\n"
                    "  fxt-validate's input (a reader thread), with one checking thread\n"
                    "  and with fxt-validate's two, as ratios to it.\n"
                    "  With --trace, validates FILE repeatedly (about N MB), in memory\n"
                    "  and from the file. Instructions and branch misses per record come\n"
                    "  from perf_event_open (n/a where the kernel refuses). --mix prints\n"
                    "  the record, event and argument type mix. Best of --reps (5) runs.\n"
                    "  --drain reads standard input as fxt-validate does and checks\n"
                    "  nothing: the floor of `... | fxt-validate -` (validate_1g.sh).\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    if (!(mb > 0) || reps <= 0) {
        fprintf(stderr, "fxt-bench: --mb and --reps must be positive\n");
        return 2;
    }
    counters c;
    counters_open(&c);
    int rc = trace != NULL ? bench_trace(trace, mb, reps, with_mix, &c)
                           : bench_generated(seed, mb, reps, with_file, with_mix, &c);
    counters_close(&c);
    return rc;
}
