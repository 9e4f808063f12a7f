/* SPDX-License-Identifier: MIT */
/*
 * fuzz_seeds DIR - write the generated seed traces the fuzz targets start
 * from (smoke.sh, build.sh): small and medium fxt_gen_random traces in both
 * profiles and byte orders, plus a bare magic record. Deterministic.
 */
#include <stdio.h>

#include "fxt/encode.h"
#include "fxt/gen.h"
#include "outfile.h"

static int write_file(void *ctx, const void *d, size_t n)
{
    return outfile_write(ctx, d, n) != n;
}

/* Puts the file written through O in place; 0, or 1 after a message.
 * GEN_RC: the generator's result (a write failure is reported by closing). */
static int finish(outfile *o, int gen_rc)
{
    char err[4400];
    if (gen_rc < 0) {
        outfile_discard(o);
        fprintf(stderr, "fuzz_seeds: %s: generation failed\n", o->name);
        return 1;
    }
    if (outfile_close(o, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_seeds: %s\n", err);
        return 1;
    }
    return 0;
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
    char path[4096], err[4400];
    outfile o;
    for (size_t i = 0; i < sizeof k_specs / sizeof *k_specs; i++) {
        const fxt_gen_options *spec = &k_specs[i];
        snprintf(path, sizeof path, "%s/gen-%s-%s-s%llu-n%llu.fxt", argv[1],
                 spec->profile == FXT_GEN_COVERAGE ? "coverage" : "realistic",
                 spec->big_endian ? "be" : "le", (unsigned long long)spec->seed,
                 (unsigned long long)spec->records);
        if (outfile_open(&o, path, err, sizeof err) != 0) {
            fprintf(stderr, "fuzz_seeds: %s\n", err);
            return 1;
        }
        if (finish(&o, fxt_gen_random(spec, write_file, &o)) != 0)
            return 1;
    }
    uint8_t magic[8];
    fxt_writer w;
    fxt_writer_init(&w, magic, sizeof magic, 0);
    fxt_encode_magic(&w);
    snprintf(path, sizeof path, "%s/magic-only.fxt", argv[1]);
    if (outfile_open(&o, path, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_seeds: %s\n", err);
        return 1;
    }
    outfile_write(&o, magic, w.len);
    return finish(&o, 0);
}
