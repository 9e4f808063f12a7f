/* SPDX-License-Identifier: MIT */
/* gen_cli.h - what the fxt-gen subcommands share (tool code, not library):
 * output files, number parsing, option errors, and the subcommands. */
#ifndef FXT_GEN_CLI_H
#define FXT_GEN_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "outfile.h"

/** Most --records accepted: refuses nonsense such as a wrapped negative
 *  number, which would write until the disk is full. */
#define GEN_MAX_RECORDS 1000000000000ull

/** Open -o PATH for writing through outfile.h ("-" = stdout, refused on a
 *  terminal; a regular file is replaced only when complete, a device or
 *  pipe is written as it is); prints the reason and returns -1 on failure,
 *  else 0. */
int gen_open_out(outfile *o, const char *path);
/** Finish what gen_open_out opened; 0, or 2 after printing the write error
 *  (a regular file then keeps its old content). FAILED: the content is
 *  incomplete, so it is not put in place (nothing printed, returns 0). */
int gen_close_out(outfile *o, int failed);
/** Parse plain decimal digits (no sign, space or prefix) into *OUT; 0 or -1
 *  (also on overflow). */
int gen_parse_u64(const char *s, uint64_t *out);
/** Parse --without LIST: comma-separated record type names (blob,
 *  userspace, kernel-object, scheduling, log: fxt_record_type_name's) into
 *  FXT_GEN_OMIT bits *OUT; 0, or -1 after printing why for subcommand CMD. */
int gen_parse_omit(const char *cmd, const char *s, unsigned *out);
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
