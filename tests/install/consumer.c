/* SPDX-License-Identifier: MIT */
/* consumer.c - a C program built against an installed fxtkit with
 * `pkg-config --cflags --libs fxt` (tests/install/test_install.sh).
 *
 *   consumer FILE valid            FILE has no errors and no warnings
 *   consumer FILE RULE OFFSET      FILE has exactly one issue: RULE (an id such
 *                                  as E0004) in the record at byte OFFSET
 *
 * Reads FILE in small chunks through the streaming API. Exit 0 when the
 * expectation holds, 1 when not, 2 on usage or I/O errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fxt/validate.h>
#include <fxt/version.h>

typedef struct seen {
    unsigned long count;
    fxt_issue first;
} seen;

static void on_issue(void *ctx, const fxt_issue *is)
{
    seen *s = ctx;
    if (s->count++ == 0)
        s->first = *is;
    printf("  %s %s at %llu: %s\n", fxt_rule_get(is->rule)->id, fxt_rule_get(is->rule)->name,
           (unsigned long long)is->record_offset, is->message);
}

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[2], "valid") != 0 && argc != 4)) {
        fprintf(stderr, "usage: consumer FILE valid | consumer FILE RULE OFFSET\n");
        return 2;
    }
    if (strcmp(fxt_version(), FXT_VERSION) != 0) {
        fprintf(stderr, "library %s, headers %s\n", fxt_version(), FXT_VERSION);
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    seen s = {0};
    fxt_options o = fxt_options_default();
    o.on_issue = on_issue;
    o.ctx = &s;
    fxt_validator *v = fxt_validator_new(&o);
    if (!v) {
        fclose(f);
        return 2;
    }
    unsigned char buf[100]; /* not a multiple of 8: records straddle chunks */
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fxt_validator_feed(v, buf, n);
    int io_error = ferror(f);
    fclose(f);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    fxt_validator_free(v);
    if (io_error) {
        fprintf(stderr, "%s: read error\n", argv[1]);
        return 2;
    }
    printf("C consumer (fxt %s): %s: %llu records, %lu issues\n", fxt_version(), argv[1],
           (unsigned long long)st.records, s.count);
    if (strcmp(argv[2], "valid") == 0)
        return s.count == 0 && st.records > 0 ? 0 : 1;
    return s.count == 1 && strcmp(fxt_rule_get(s.first.rule)->id, argv[2]) == 0 &&
                   s.first.record_offset == strtoull(argv[3], NULL, 10)
               ? 0
               : 1;
}
