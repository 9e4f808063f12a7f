/* SPDX-License-Identifier: MIT */
/*
 * fxt-gen - random valid traces, one-violation traces, the golden corpus and
 * byte-exact round trips. The work is done by the generator library
 * (fxt/gen.h) and the encoder; the subcommands (cmd_*.c) parse options,
 * write files and print.
 *
 *   fxt-gen random --seed S --records N [--profile P] [--big-endian] [--revision R]
 *                  [--order ORDER] -o FILE
 *   fxt-gen roundtrip [--revision R] FILE
 *   fxt-gen violate --rule RULE [--seed S] [--big-endian] [--revision R] -o FILE
 *   fxt-gen golden DIR
 */
#include <stdio.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/version.h"
#include "gen_cli.h"

static const char *prog = "fxt-gen";

void gen_usage(FILE *f)
{
    fprintf(f,
            "usage: fxt-gen COMMAND [options]\n"
            "\n"
            "commands:\n"
            "  random --records N [--seed S] [--profile realistic|coverage] [--big-endian]\n"
            "         [--revision r1|r2|r3|current] [--order ORDER] -o FILE\n"
            "      write a random conforming, warning-free trace of N records (at least the\n"
            "      %u setup records: magic, initialization, a provider and its string and\n"
            "      thread tables; a few more when open begins must be ended). N and S are\n"
            "      decimal; S defaults to 0, N is at most %llu.\n"
            "      --revision writes that revision of the format (default current): what it\n"
            "      lacks is replaced (no duration complete or magic record in r1/r2, no\n"
            "      boolean argument or scheduling subtype before current...); r1 and r2\n"
            "      traces are little-endian.\n"
            "      --order sets the order of the leading records, every one legal: the\n"
            "      records in order, from magic (leave it out for none), init and provider\n"
            "      (either first) and section (a provider section record right after the\n"
            "      provider info): magic,init,provider (the default, also init-first),\n"
            "      magic,provider,init (also provider-first), provider,section,init...\n"
            "      The same arguments give the same bytes on every platform.\n"
            "  violate --rule RULE [--seed S] [--big-endian] [--revision R] -o FILE\n"
            "      write a valid trace plus exactly one violation of RULE (id like E0004 or\n"
            "      name like record-too-small); prints the rule id and the byte offsets of\n"
            "      the offending record and of the offending field in it. --list shows the\n"
            "      rules it can violate.\n"
            "  golden DIR\n"
            "      write the golden corpus (valid/, invalid/, warn/, manifest.json) into DIR.\n"
            "  roundtrip [--revision R] FILE\n"
            "      decode FILE (- for standard input) with the validator, re-encode every\n"
            "      record with the reference encoder; exit 0 only if the bytes are identical,\n"
            "      else print the first differing offset and exit 1.\n"
            "\n"
            "  -o FILE   output file; - for standard output (refused if it is a terminal).\n"
            "            A file left incomplete by a write error is removed.\n"
            "  -h, --help     this help (also: fxt-gen COMMAND --help)\n"
            "  --version      print the version\n"
            "\n"
            "exit status: 0 success, 1 round trip differs / generation failed, 2 usage or I/O error\n",
            FXT_GEN_SETUP_RECORDS, (unsigned long long)GEN_MAX_RECORDS);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        gen_usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        gen_usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("fxt-gen %s (FXT spec revisions: %s)\n", fxt_version(), FXT_SPEC_REVISIONS);
        return 0;
    }
    if (!strcmp(cmd, "random"))
        return gen_cmd_random(argc - 1, argv + 1);
    if (!strcmp(cmd, "roundtrip"))
        return gen_cmd_roundtrip(argc - 1, argv + 1);
    if (!strcmp(cmd, "violate"))
        return gen_cmd_violate(argc - 1, argv + 1);
    if (!strcmp(cmd, "golden"))
        return gen_cmd_golden(argc - 1, argv + 1);
    fprintf(stderr, "%s: unknown command '%s' (try --help)\n", prog, cmd);
    return 2;
}
