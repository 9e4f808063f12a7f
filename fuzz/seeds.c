/* SPDX-License-Identifier: MIT */
/*
 * fuzz_seeds DIR - write the generated seed traces the fuzz targets start
 * from (smoke.sh, build.sh): small and medium fxt_gen_random traces in both
 * profiles and byte orders, a realistic trace in each other legal order of
 * the leading records (fxt_gen_random_order: no magic record, the
 * provider info first, a provider section), plus a bare magic record.
 * Deterministic.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/gen.h"

static int write_file(void *ctx, const void *d, size_t n)
{
    return fwrite(d, 1, n, (FILE *)ctx) != n;
}

int main(int argc, char **argv)
{
    static const fxt_gen_options k_specs[] = {
        /* the first ~80 records register strings and threads */
        {1, 100, FXT_GEN_REALISTIC, 0}, {2, 150, FXT_GEN_REALISTIC, 0},
        {3, 400, FXT_GEN_REALISTIC, 0}, {4, 1500, FXT_GEN_REALISTIC, 0},
        {5, 200, FXT_GEN_REALISTIC, 1}, {6, 110, FXT_GEN_COVERAGE, 0},
        {7, 200, FXT_GEN_COVERAGE, 0},  {8, 140, FXT_GEN_COVERAGE, 1},
    };
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: fuzz_seeds DIR   (DIR must exist)\n");
        return 2;
    }
    char path[4096];
    for (size_t i = 0; i < sizeof k_specs / sizeof *k_specs; i++) {
        const fxt_gen_options *o = &k_specs[i];
        snprintf(path, sizeof path, "%s/gen-%s-%s-s%llu-n%llu.fxt", argv[1],
                 o->profile == FXT_GEN_COVERAGE ? "coverage" : "realistic",
                 o->big_endian ? "be" : "le", (unsigned long long)o->seed,
                 (unsigned long long)o->records);
        FILE *f = fopen(path, "wb");
        if (f == NULL) {
            fprintf(stderr, "fuzz_seeds: %s: %s\n", path, strerror(errno));
            return 1;
        }
        int rc = fxt_gen_random(o, write_file, f);
        if (fclose(f) != 0 || rc != 0) {
            fprintf(stderr, "fuzz_seeds: %s: generation or write failed\n", path);
            return 1;
        }
    }
    for (unsigned ord = 1; ord < FXT_GEN_ORDER_COUNT; ord++) {
        const fxt_gen_options o = {10 + ord, 150, FXT_GEN_REALISTIC, 0};
        char name[64];
        snprintf(name, sizeof name, "%s", fxt_gen_order_name(ord));
        for (char *p = name; *p; p++)
            if (*p == ',')
                *p = '-';
        snprintf(path, sizeof path, "%s/gen-realistic-le-s%llu-n150-%s.fxt", argv[1],
                 (unsigned long long)o.seed, name);
        FILE *f = fopen(path, "wb");
        if (f == NULL) {
            fprintf(stderr, "fuzz_seeds: %s: %s\n", path, strerror(errno));
            return 1;
        }
        int rc = fxt_gen_random_order(&o, FXT_REV_CURRENT, ord, write_file, f);
        if (fclose(f) != 0 || rc != 0) {
            fprintf(stderr, "fuzz_seeds: %s: generation or write failed\n", path);
            return 1;
        }
    }
    uint8_t magic[8];
    fxt_writer w;
    fxt_writer_init(&w, magic, sizeof magic, 0);
    fxt_encode_magic(&w);
    snprintf(path, sizeof path, "%s/magic-only.fxt", argv[1]);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(magic, 1, w.len, f) != w.len || fclose(f) != 0) {
        fprintf(stderr, "fuzz_seeds: %s: write failed\n", path);
        return 1;
    }
    return 0;
}
