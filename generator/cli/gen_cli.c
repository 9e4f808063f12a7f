/* SPDX-License-Identifier: MIT */
/* gen_cli.c - output files, number parsing and option errors shared by the
 * fxt-gen subcommands (gen_cli.h). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gen_cli.h"

#include "fxt/gen.h"
#include "fxt/layout.h"

static const char *prog = "fxt-gen";

int gen_open_out(outfile *o, const char *path)
{
    char err[700];
    if (path == NULL) {
        fprintf(stderr, "%s: missing -o FILE (use -o - for standard output)\n", prog);
        return -1;
    }
    if (strcmp(path, "-") == 0 && isatty(STDOUT_FILENO)) {
        fprintf(stderr, "%s: refusing to write a binary trace to a terminal; use -o FILE\n", prog);
        return -1;
    }
    if (outfile_open(o, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return -1;
    }
    return 0;
}

int gen_close_out(outfile *o, int failed)
{
    char err[700];
    if (failed) {
        /* an incomplete trace must not pass for a whole one: a regular file
         * keeps its old content (outfile.h); a device or pipe has what was
         * written */
        outfile_discard(o);
        return 0;
    }
    if (outfile_close(o, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return 2;
    }
    return 0;
}

int gen_parse_u64(const char *s, uint64_t *out)
{
    /* plain decimal digits: no sign, no space, no octal or hex prefix */
    uint64_t v = 0;
    if (s == NULL || *s == 0)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int gen_parse_omit(const char *cmd, const char *s, unsigned *out)
{
    *out = 0;
    while (*s) {
        size_t n = strcspn(s, ",");
        unsigned t = 0;
        while (t < 16 && !((FXT_GEN_OMIT >> t & 1u) && strlen(fxt_record_type_name(t)) == n &&
                           strncmp(s, fxt_record_type_name(t), n) == 0))
            t++;
        if (t == 16) {
            fprintf(stderr,
                    "fxt-gen %s: --without: '%.*s' is not one of blob, userspace, "
                    "kernel-object, scheduling, log\n",
                    cmd, (int)n, s);
            return -1;
        }
        *out |= 1u << t;
        s += n + (s[n] == ',');
    }
    return 0;
}

int gen_opt_error(const char *cmd, int c, char **argv)
{
    /* getopt_long with opterr = 0 and a leading ':' in the option string */
    const char *tok = argv[optind - 1];
    char shortopt[3] = {'-', (char)optopt, '\0'};
    int is_long = strncmp(tok, "--", 2) == 0;
    if (c == ':')
        fprintf(stderr, "%s %s: option '%s' needs a value\n", prog, cmd,
                is_long ? tok : shortopt);
    else if (is_long && optopt != 0)
        fprintf(stderr, "%s %s: option '%s' takes no value\n", prog, cmd, tok);
    else
        fprintf(stderr, "%s %s: unknown option '%s'\n", prog, cmd,
                is_long || optopt == 0 ? tok : shortopt);
    fprintf(stderr, "Try '%s %s --help' for more information.\n", prog, cmd);
    return 2;
}
