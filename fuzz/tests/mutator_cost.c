/* SPDX-License-Identifier: MIT */
/*
 * mutator_cost.c - what one mutation costs next to one harness execution
 * (a measuring driver for fuzz/README.md, not a test):
 *
 *   mutator_cost DIR N mut|val|none
 *
 * runs fxt_mutate (mut) or LLVMFuzzerTestOneInput (val) N times over the
 * files of DIR (at most 256, 64 KiB each), each time on a fresh copy; none
 * only copies, for the baseline. Count instructions with
 * valgrind --tool=callgrind and divide the difference by N. Build, from the
 * repository (for the naive reader, link its harness instead):
 *
 *   S=$(ls validator/*.c generator/*.c | grep -v -e rules_doc.c -e /version.c)
 *   gcc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -Ifuzz fuzz/tests/mutator_cost.c \
 *       fuzz/mutator.c fuzz/fuzz_validate.c fuzz/fuzz_common.c $S -o mutator_cost
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/mutator.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: mutator_cost DIR N mut|val|none\n");
        return 2;
    }
    long iters = atol(argv[2]);
    const char *mode = argv[3];
    static uint8_t *bufs[256];
    static size_t lens[256];
    int n = 0;
    DIR *d = opendir(argv[1]);
    if (d == NULL) {
        perror(argv[1]);
        return 2;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL && n < 256;) {
        char p[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", argv[1], e->d_name);
        FILE *f = fopen(p, "rb");
        if (f == NULL || (bufs[n] = malloc(65536)) == NULL)
            return 2;
        lens[n] = fread(bufs[n], 1, 65536, f);
        fclose(f);
        n++;
    }
    closedir(d);
    if (n == 0)
        return 2;
    uint8_t *w = malloc(65536);
    unsigned long long bytes = 0;
    for (long i = 0; i < iters; i++) {
        int k = (int)(i % n);
        size_t m = lens[k];
        memcpy(w, bufs[k], m);
        if (strcmp(mode, "mut") == 0)
            m = fxt_mutate(w, m, 65536, (uint64_t)i * 7919u, NULL, NULL);
        else if (strcmp(mode, "val") == 0)
            LLVMFuzzerTestOneInput(w, m);
        bytes += m;
    }
    printf("%s: %ld calls, %llu bytes on average\n", mode, iters, bytes / (unsigned long long)iters);
    fxt_mutator_release();
    free(w);
    for (int i = 0; i < n; i++)
        free(bufs[i]);
    return 0;
}
