/* SPDX-License-Identifier: MIT */
/* cmd_violate.c - fxt-gen violate: a valid trace plus exactly one violation
 * of a rule (fxt_gen_violate), written to a file; prints the rule id and the
 * offsets of the offending record and field, in hex and by the names
 * fxt-validate --json gives them. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/rules.h"
#include "gen_cli.h"

static int list_rules(fxt_revision rev)
{
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if (fxt_gen_can_violate(ri->rule) && (fxt_rule_revisions(ri->rule) & FXT_REV_BIT(rev)))
            printf("%s %s\n", ri->id, ri->name);
    }
    return fflush(stdout) != 0 ? 2 : 0;
}

static void violate_usage(FILE *f)
{
    fprintf(f,
            "Usage: fxt-gen violate --rule RULE [--seed S] [--records N] [--big-endian]\n"
            "                       [--revision R] [--without TYPES] [--control] -o FILE\n"
            "  or:  fxt-gen violate --list [--revision R]\n"
            "\n"
            "Write a valid realistic trace (100 to 300 records, chosen by the seed) plus exactly\n"
            "one violation of RULE (an id like E0004 or a name like record-too-small), and\n"
            "print 'RULE-ID record_offset=0xR field_offset=0xF': the byte offsets, in hex\n"
            "as fxt-validate prints them, of the offending record and of the offending\n"
            "word or byte inside it (what fxt-validate --json reports as record_offset\n"
            "and field_offset), known from construction. The same arguments give the\n"
            "same bytes.\n"
            "\n"
            "  --rule RULE     the rule to violate (see --list)\n"
            "  --seed S        seed of the base trace and of the choices, decimal (default 1)\n"
            "  --records N     records of the base trace (default: 100 to 300, by the seed;\n"
            "                  the golden corpus's vectors use 100)\n"
            "  --big-endian    write a big-endian trace (not possible for W0012, E0014,\n"
            "                  E0015, E0016: byte order is recognised from the magic record)\n"
            "  --revision R    r1, r2, r3 or current (default): the base trace and the\n"
            "                  offending record in that revision's layout; only rules that\n"
            "                  apply to it (r1 and r2 traces are little-endian)\n"
            "  --without TYPES the base trace without these record types (comma-separated:\n"
            "                  blob, userspace, kernel-object, scheduling, log; instant\n"
            "                  events instead), for a reader that does not read them\n"
            "  --control       write the vector's control instead: the same trace with the\n"
            "                  offending record made valid (its twin: the same record kinds,\n"
            "                  the violating field set to a valid value), and print\n"
            "                  'RULE-ID control=twin: ...'; where the rule has no twin\n"
            "                  (empty input, a dropped or second magic record, an undefined\n"
            "                  type) the base trace, 'RULE-ID control=base: ...'\n"
            "  -o FILE         output file; - for standard output\n"
            "  --list          print the rules that can be violated (id and name)\n");
}

int gen_cmd_violate(int argc, char **argv)
{
    static const struct option opts[] = {{"rule", required_argument, 0, 'r'},
                                         {"seed", required_argument, 0, 's'},
                                         {"big-endian", no_argument, 0, 'b'},
                                         {"list", no_argument, 0, 'l'},
                                         {"revision", required_argument, 0, 'v'},
                                         {"records", required_argument, 0, 'n'},
                                         {"control", no_argument, 0, 'c'},
                                         {"without", required_argument, 0, 'W'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *rule_arg = NULL, *out = NULL;
    uint64_t seed = 1, records = 0;
    int be = 0, list = 0, control = 0, ch;
    unsigned omit = 0;
    fxt_revision rev = FXT_REV_CURRENT;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r':
            rule_arg = optarg;
            break;
        case 's':
            if (gen_parse_u64(optarg, &seed)) {
                fprintf(stderr, "fxt-gen violate: --seed: not a decimal number: '%s'\n", optarg);
                return 2;
            }
            break;
        case 'v':
            if (fxt_revision_parse(optarg, &rev) != 0 || fxt_layout_get(rev) == NULL) {
                fprintf(stderr,
                        "fxt-gen violate: --revision must be r1, r2, r3 or current, not '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 'n':
            if (gen_parse_u64(optarg, &records) || records == 0 || records > 1000000) {
                fprintf(stderr, "fxt-gen violate: --records: not a number from 1 to 1000000: '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 'c':
            control = 1;
            break;
        case 'W':
            if (gen_parse_omit("violate", optarg, &omit) != 0)
                return 2;
            break;
        case 'b':
            be = 1;
            break;
        case 'l':
            list = 1;
            break;
        case 'o':
            out = optarg;
            break;
        case 'h':
            violate_usage(stdout);
            return 0;
        default:
            return gen_opt_error("violate", ch, argv);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "fxt-gen violate: unexpected argument: %s\n", argv[optind]);
        return 2;
    }
    if (list)
        return list_rules(rev);
    if (rule_arg == NULL) {
        fprintf(stderr, "fxt-gen violate: missing --rule RULE (see --list)\n");
        return 2;
    }
    fxt_rule r = fxt_rule_find(rule_arg);
    if (r == FXT_R_NONE || !fxt_gen_can_violate(r)) {
        fprintf(stderr, "fxt-gen violate: unknown rule '%s' (see --list)\n", rule_arg);
        return 2;
    }
    fxt_gen_violation v;
    char err[300] = "";
    fxt_gen_options go = fxt_gen_options_default();
    go.seed = seed, go.big_endian = be, go.revision = rev, go.records = records, go.omit = omit;
    int rc = control ? fxt_gen_violate_control(r, &go, &v, err, sizeof err)
                     : fxt_gen_violate(r, &go, &v, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "fxt-gen violate: %s\n", err);
        return rc == FXT_GEN_UNSUPPORTED ? 2 : 1;
    }
    outfile of;
    if (gen_open_out(&of, out) != 0) {
        free(v.data);
        return 2;
    }
    if (v.len)
        outfile_write(&of, v.data, v.len);
    free(v.data);
    int crc = gen_close_out(&of, 0);
    if (crc)
        return crc;
    /* with -o - the trace is on standard output: the line goes to stderr */
    FILE *msg = out != NULL && strcmp(out, "-") == 0 ? stderr : stdout;
    if (control)
        fprintf(msg, "%s control=%s: %s\n", fxt_rule_get(r)->id, v.twin ? "twin" : "base", v.desc);
    else
        fprintf(msg, "%s record_offset=0x%llx field_offset=0x%llx\n", fxt_rule_get(r)->id,
                (unsigned long long)v.record_offset, (unsigned long long)v.field_offset);
    return fflush(msg) != 0 ? 2 : 0;
}
