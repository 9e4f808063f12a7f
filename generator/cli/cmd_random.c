/* SPDX-License-Identifier: MIT */
/* cmd_random.c - fxt-gen random: a random conforming trace to a file. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "fxt/gen.h"
#include "gen_cli.h"

static const char *prog = "fxt-gen";

static int write_file(void *ctx, const void *d, size_t n)
{
    return outfile_write(ctx, d, n) != n;
}

int gen_cmd_random(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"records", required_argument, 0, 'n'},
                                         {"profile", required_argument, 0, 'p'},
                                         {"big-endian", no_argument, 0, 'b'},
                                         {"revision", required_argument, 0, 'r'},
                                         {"order", required_argument, 0, 'O'},
                                         {"without", required_argument, 0, 'W'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    fxt_gen_options o = fxt_gen_options_default();
    const char *out = NULL;
    int have_records = 0, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            if (gen_parse_u64(optarg, &o.seed)) {
                fprintf(stderr, "%s random: --seed: not a decimal number: '%s'\n", prog, optarg);
                return 2;
            }
            break;
        case 'n':
            if (gen_parse_u64(optarg, &o.records) || o.records > GEN_MAX_RECORDS) {
                fprintf(stderr, "%s random: --records: not a decimal number up to %llu: '%s'\n",
                        prog, (unsigned long long)GEN_MAX_RECORDS, optarg);
                return 2;
            }
            have_records = 1;
            break;
        case 'p':
            if (!strcmp(optarg, "realistic"))
                o.profile = FXT_GEN_REALISTIC;
            else if (!strcmp(optarg, "coverage"))
                o.profile = FXT_GEN_COVERAGE;
            else {
                fprintf(stderr, "%s: --profile must be realistic or coverage, not %s\n", prog,
                        optarg);
                return 2;
            }
            break;
        case 'b':
            o.big_endian = 1;
            break;
        case 'r':
            if (fxt_revision_parse(optarg, &o.revision) != 0 || fxt_layout_get(o.revision) == NULL) {
                fprintf(stderr, "%s random: --revision must be r1, r2, r3 or current, not '%s'\n",
                        prog, optarg);
                return 2;
            }
            break;
        case 'O':
            if (fxt_gen_order_parse(optarg, &o.order) != 0) {
                fprintf(stderr,
                        "%s random: --order must be init-first, provider-first or the leading "
                        "records in order (magic,init,provider; provider,section,init; ...), "
                        "not '%s'\n",
                        prog, optarg);
                return 2;
            }
            break;
        case 'W':
            if (gen_parse_omit("random", optarg, &o.omit) != 0)
                return 2;
            break;
        case 'o':
            out = optarg;
            break;
        case 'h':
            gen_usage(stdout);
            return 0;
        default:
            return gen_opt_error("random", c, argv);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s random: unexpected argument: %s\n", prog, argv[optind]);
        return 2;
    }
    if (!have_records) {
        fprintf(stderr, "%s random: missing --records N\n", prog);
        return 2;
    }
    const fxt_layout *l = fxt_layout_get(o.revision);
    if (o.big_endian && !l->has_magic) {
        fprintf(stderr,
                "%s random: --big-endian needs r3 or current: %s has no magic record, by which "
                "alone byte order is recognised\n",
                prog, fxt_revision_name(o.revision));
        return 2;
    }
    if (o.omit && o.profile != FXT_GEN_REALISTIC) {
        fprintf(stderr, "%s random: --without is for the realistic profile (the coverage profile "
                "writes every record type)\n", prog);
        return 2;
    }
    if (o.big_endian && (o.order & FXT_GEN_ORDER_NO_MAGIC)) {
        fprintf(stderr,
                "%s random: --big-endian needs the magic record, by which alone byte order "
                "is recognised: --order %s has none\n",
                prog, fxt_gen_order_name(o.order));
        return 2;
    }
    outfile of;
    if (gen_open_out(&of, out) != 0)
        return 2;
    /* rc > 0: a write failed, which closing reports */
    int rc = fxt_gen_random(&o, write_file, &of);
    int crc = gen_close_out(&of, rc < 0);
    if (rc < 0) {
        fprintf(stderr, "%s: internal error: the generator produced an unencodable record\n",
                prog);
        return 1;
    }
    /* every trace starts with its setup records (no magic record in r1 and
     * r2): fewer asked for are more written, and that is said */
    unsigned setup = FXT_GEN_SETUP_RECORDS - !l->has_magic;
    if (rc == 0 && crc == 0 && o.records < setup)
        fprintf(stderr,
                "%s random: note: --records %llu is fewer than the %u setup records every "
                "random %s trace starts with (%sinitialization, provider, strings, threads): "
                "wrote %u records\n",
                prog, (unsigned long long)o.records, setup, fxt_revision_name(o.revision),
                l->has_magic ? "magic number, " : "", setup);
    return rc ? 2 : crc;
}
