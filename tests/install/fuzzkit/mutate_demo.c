/* SPDX-License-Identifier: MIT */
/*
 * mutate_demo.c - a program built against an installed fxtkit's mutator
 * (<fxt/mutator.h>, libfxtmut): pkg-config fxtmut, or the CMake targets
 * fxtkit::fxtmut and fxtkit::fxtmut_static (tests/install/test_fuzz_kit.sh).
 *
 *   mutate_demo FILE    FILE is a valid trace
 *
 * Mutates FILE with 200 seeds and checks what fxt/mutator.h promises: every
 * output is non-empty and fits the buffer; the same seed gives the same
 * bytes; the outputs differ from FILE; and, checked with libfxt's validator,
 * some stay valid while others break a rule. Exit 0 when all hold, 1 when not,
 * 2 on usage or I/O errors.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fxt/mutator.h>
#include <fxt/validate.h>

#define MAX_SIZE 65536u
#define SEEDS 200u

int main(int argc, char **argv)
{
    static uint8_t in[MAX_SIZE], a[MAX_SIZE], b[MAX_SIZE];
    if (argc != 2) {
        fprintf(stderr, "usage: mutate_demo FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    size_t n = fread(in, 1, sizeof in, f);
    fclose(f);
    fxt_options vo = fxt_options_default();
    if (n == 0 || fxt_validate_buffer(in, n, &vo, NULL) != 0) {
        fprintf(stderr, "%s: not a valid trace\n", argv[1]);
        return 2;
    }
    unsigned changed = 0, valid = 0, invalid = 0, bad = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        fxt_mut_info info;
        memcpy(a, in, n);
        fxt_mut_options mo = fxt_mut_options_default(); /* the defaults, explicitly */
        size_t na = fxt_mutate(a, n, MAX_SIZE, seed, &mo, &info);
        memcpy(b, in, n);
        size_t nb = fxt_mutate(b, n, MAX_SIZE, seed, NULL, NULL);
        if (na == 0 || na > MAX_SIZE || nb != na || memcmp(a, b, na) != 0) {
            fprintf(stderr, "seed %llu: size %zu / %zu, or not deterministic\n",
                    (unsigned long long)seed, na, nb);
            bad++;
            continue;
        }
        if (na != n || memcmp(a, in, n) != 0)
            changed++;
        if (fxt_validate_buffer(a, na, &vo, NULL) == 0)
            valid++;
        else
            invalid++;
        if (seed == 1)
            printf("seed 1: %s, %zu -> %zu bytes\n",
                   info.nops > 0 ? fxt_mut_op_name(info.ops[0]) : "raw", n, na);
    }
    fxt_mutator_release();
    printf("%u mutations: %u changed the trace, %u valid, %u invalid, %u bad\n", SEEDS, changed,
           valid, invalid, bad);
    return bad == 0 && changed > SEEDS / 2 && valid > 0 && invalid > 0 ? 0 : 1;
}
