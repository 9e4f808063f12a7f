/* SPDX-License-Identifier: MIT */
/*
 * fxt-gen - random valid traces, one-violation traces, the golden corpus and
 * byte-exact round trips. The work is done by the generator library
 * (fxt/gen.h) and the encoder; the subcommands (cmd_*.c) parse options,
 * write files and print.
 *
 *   fxt-gen random --seed S --records N [--profile P] [--big-endian] [--revision R]
 *                  [--order ORDER]
 *                  [--order ORDER] -o FILE
 *   fxt-gen roundtrip [--revision R] [--no-config | --config F] FILE
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
            "Usage: fxt-gen random --records N [OPTION]... -o FILE\n"
            "  or:  fxt-gen violate --rule RULE [OPTION]... -o FILE\n"
            "  or:  fxt-gen violate --list [--revision REV]\n"
            "  or:  fxt-gen golden DIR\n"
            "  or:  fxt-gen roundtrip [--revision REV] [--no-config | --config F] FILE\n"
            "  or:  fxt-gen COMMAND --help\n"
            "Generate Fuchsia Trace Format (FXT) traces: random conforming traces, traces\n"
            "with exactly one violation of a rule, the golden corpus; check byte-exact\n"
            "round trips.\n"
            "\n"
            "Commands:\n"
            "  random     write a random conforming, warning-free trace of N records (at\n"
            "             least the %u setup records: magic, initialization, a provider\n"
            "             and its string and thread tables, one fewer in r1 and r2; a\n"
            "             smaller N writes these and says so on stderr; a few more when\n"
            "             open begins must be ended). N is at most %llu.\n"
            "             The same arguments give the same bytes on every platform.\n"
            "  violate    write a valid trace plus exactly one violation of RULE (id like\n"
            "             E0004 or name like record-too-small); prints the rule id and the\n"
            "             byte offsets of the offending record and of the offending field\n"
            "             in it, in hex: 'E0004 record_offset=0x808 field_offset=0x808'.\n"
            "             --list shows the rules it can violate.\n"
            "  golden     write the golden corpus (valid/, invalid/, warn/, manifest.json)\n"
            "             into DIR.\n"
            "  roundtrip  decode FILE (- for standard input) with the validator, re-encode\n"
            "             every record with the reference encoder; exit 0 only if the bytes\n"
            "             are identical, else print the first differing offset, the record,\n"
            "             word and field there, the word as in the file and as re-encoded,\n"
            "             and exit 1.\n"
            "\n"
            "Options:\n"
            "  --records N        (random) records to write, decimal\n"
            "  --seed S           (random, violate) seed, decimal; default 0 (random),\n"
            "                     1 (violate)\n"
            "  --profile P        (random) realistic (the default) or coverage\n"
            "  --big-endian       (random, violate) write a big-endian trace\n"
            "  --revision REV     write (read, for roundtrip) that revision of the format:\n"
            "                     r1, r2, r3 or current (the default); what it lacks is\n"
            "                     replaced (no duration complete or magic record in r1/r2,\n"
            "                     no boolean argument or scheduling subtype before\n"
            "                     current...); r1 and r2 traces are little-endian\n"
            "  --without TYPES    (random, violate) no records of these types (comma-\n"
            "                     separated: blob, userspace, kernel-object, scheduling,\n"
            "                     log; instant events instead): for a reader that does not\n"
            "                     read them; the realistic profile only\n"
            "  --order ORDER      (random) the order of the leading records, every one\n"
            "                     legal: from magic (leave it out for none), init and\n"
            "                     provider (either first) and section (a provider section\n"
            "                     record right after the provider info), comma-separated:\n"
            "                     magic,init,provider (the default, also init-first),\n"
            "                     magic,provider,init (also provider-first),\n"
            "                     provider,section,init...\n"
            "  --rule RULE        (violate) the rule to violate\n"
            "  --list             (violate) print the rules that can be violated\n"
            "  -o FILE            output file; - for standard output (refused if it is a\n"
            "                     terminal). A regular file is replaced only when complete\n"
            "                     (a write error leaves it as it was); a device, FIFO or\n"
            "                     symlink to one is written as it is and never removed.\n"
            "  -h, --help         this help (also: fxt-gen COMMAND --help)\n"
            "      --version      print the version\n"
            "\n"
            "Exit status:\n"
            "  0  success\n"
            "  1  round trip differs, or generation failed\n"
            "  2  usage or I/O error\n",
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
