/* SPDX-License-Identifier: MIT */
/* gen_cli.h - what the fxt-gen subcommands share (tool code, not library):
 * output files, number parsing, option errors, and the subcommands. */
#ifndef FXT_GEN_CLI_H
#define FXT_GEN_CLI_H

#include <stdint.h>
#include <stdio.h>

/** Most --records accepted: refuses nonsense such as a wrapped negative
 *  number, which would write until the disk is full. */
#define GEN_MAX_RECORDS 1000000000000ull

/** Open -o PATH for writing ("-" = stdout, refused on a terminal); prints
 *  the reason and returns NULL on failure. */
FILE *gen_open_out(const char *path);
/** Close what gen_open_out opened; 0, or 2 after printing a write error.
 *  On a write error, or when FAILED says the content is incomplete, an
 *  output file (not standard output) is removed, and that is said. */
int gen_close_out(FILE *f, const char *path, int failed);
/** Parse plain decimal digits (no sign, space or prefix) into *OUT; 0 or -1
 *  (also on overflow). */
int gen_parse_u64(const char *s, uint64_t *out);
/** Report a getopt_long error (opterr = 0, option string starting with ':')
 *  for subcommand CMD, given getopt's return C; returns 2. */
int gen_opt_error(const char *cmd, int c, char **argv);

/** fxt-gen random ARGS (argv[0] is "random"); returns the exit status. */
/** Print the usage of fxt-gen to F. */
void gen_usage(FILE *f);
int gen_cmd_random(int argc, char **argv);
/** fxt-gen roundtrip ARGS (argv[0] is "roundtrip"); returns the exit status. */
int gen_cmd_roundtrip(int argc, char **argv);
/** fxt-gen violate ARGS (argv[0] is "violate"); returns the exit status. */
int gen_cmd_violate(int argc, char **argv);
/** fxt-gen golden ARGS (argv[0] is "golden"); returns the exit status. */
int gen_cmd_golden(int argc, char **argv);

#endif
