/* SPDX-License-Identifier: MIT */
/*
 * fuzz_seeds DIR - write the generated seed traces the fuzz targets start
 * from (smoke.sh, build.sh): small and medium fxt_gen_random traces in both
 * profiles and byte orders, a realistic trace in each other legal order of
 * the leading records (fxt_gen_options.order: no magic record, the
 * provider info first, a provider section), plus a bare magic record.
 * Deterministic. Each seed fits the recipes' -max_len (SEED_MAX_BYTES): a
 * trace that would not (the coverage profile's large blobs) is replaced by
 * the next seed's, as fxt-mutate skips bases larger than its --max-size.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fxt/encode.h"
#include "fxt/gen.h"
#include "outfile.h"

/* The recipes' -max_len (build.sh, smoke.sh, fuzz/README.md): libFuzzer
 * would cut a longer seed. */
#define SEED_MAX_BYTES 65536u
/* Seeds tried after the given one before giving up. */
#define SEED_TRIES 64u

static int write_out(void *ctx, const void *d, size_t n)
{
    return outfile_write(ctx, d, n) != n;
}

/* Puts the file written through O in place; 0, or 1 after a message. */
static int finish(outfile *o)
{
    char err[4400];
    if (outfile_close(o, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_seeds: %s\n", err);
        return 1;
    }
    return 0;
}

/* Writes N bytes at D to PATH through an outfile (a temporary file renamed
 * into place when complete); 0, or 1 after a message. */
static int write_whole(const char *path, const void *d, size_t n)
{
    char err[4400];
    outfile o;
    if (outfile_open(&o, path, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_seeds: %s\n", err);
        return 1;
    }
    outfile_write(&o, d, n); /* a failed write is reported by closing */
    return finish(&o);
}

int main(int argc, char **argv)
{
    static const fxt_gen_options k_specs[] = {
        /* the first ~80 records register strings and threads */
        {1, 100, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, 0, 0},
        {2, 150, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, 0, 0},
        {3, 400, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, 0, 0},
        {4, 1500, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, 0, 0},
        {5, 200, FXT_GEN_REALISTIC, 1, FXT_REV_CURRENT, 0, 0},
        {6, 110, FXT_GEN_COVERAGE, 0, FXT_REV_CURRENT, 0, 0},
        {7, 200, FXT_GEN_COVERAGE, 0, FXT_REV_CURRENT, 0, 0},
        {8, 140, FXT_GEN_COVERAGE, 1, FXT_REV_CURRENT, 0, 0},
    };
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: fuzz_seeds DIR   (DIR must exist)\n");
        return 2;
    }
    char path[4096];
    for (size_t i = 0; i < sizeof k_specs / sizeof *k_specs; i++) {
        fxt_gen_options o = k_specs[i];
        uint8_t *d = NULL;
        size_t n = 0;
        for (unsigned tries = 0;; tries++, o.seed++) {
            if (fxt_gen_random_mem(&o, &d, &n) != 0) {
                fprintf(stderr, "fuzz_seeds: generation failed (seed %llu)\n",
                        (unsigned long long)o.seed);
                return 1;
            }
            if (n <= SEED_MAX_BYTES)
                break;
            free(d);
            if (tries == SEED_TRIES) {
                fprintf(stderr, "fuzz_seeds: no trace of %llu records from seed %llu on fits in "
                        "%u bytes\n", (unsigned long long)o.records,
                        (unsigned long long)k_specs[i].seed, SEED_MAX_BYTES);
                return 1;
            }
        }
        snprintf(path, sizeof path, "%s/gen-%s-%s-s%llu-n%llu.fxt", argv[1],
                 o.profile == FXT_GEN_COVERAGE ? "coverage" : "realistic",
                 o.big_endian ? "be" : "le", (unsigned long long)o.seed,
                 (unsigned long long)o.records);
        int bad = write_whole(path, d, n);
        free(d);
        if (bad)
            return 1;
    }
    for (unsigned ord = 1; ord < FXT_GEN_ORDER_COUNT; ord++) {
        const fxt_gen_options o = {10 + ord, 150, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, ord, 0};
        char name[64];
        snprintf(name, sizeof name, "%s", fxt_gen_order_name(ord));
        for (char *p = name; *p; p++)
            if (*p == ',')
                *p = '-';
        snprintf(path, sizeof path, "%s/gen-realistic-le-s%llu-n150-%s.fxt", argv[1],
                 (unsigned long long)o.seed, name);
        char err[4400];
        outfile of;
        if (outfile_open(&of, path, err, sizeof err) != 0) {
            fprintf(stderr, "fuzz_seeds: %s\n", err);
            return 1;
        }
        if (fxt_gen_random(&o, write_out, &of) < 0) {
            outfile_discard(&of);
            fprintf(stderr, "fuzz_seeds: %s: generation failed\n", path);
            return 1;
        }
        if (finish(&of) != 0) /* a failed write is reported by closing */
            return 1;
    }
    uint8_t magic[8];
    fxt_writer w;
    fxt_writer_init(&w, magic, sizeof magic, 0);
    fxt_encode_magic(&w);
    snprintf(path, sizeof path, "%s/magic-only.fxt", argv[1]);
    return write_whole(path, magic, w.len);
}
