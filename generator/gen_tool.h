/* gen_tool.h - pieces shared by the fxt-gen subcommands (tool code, not
 * library). */
#ifndef FXT_GEN_TOOL_H
#define FXT_GEN_TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fxt/gen.h"

/** Open -o PATH for writing ("-" = stdout, refused on a terminal); prints
 *  the reason and returns NULL on failure. */
FILE *gen_open_out(const char *path);
/** Records of the setup every random trace starts with (magic, initialization,
 *  provider info, 65 strings, 8 threads): fewer --records still give these. */
#define GEN_SETUP_RECORDS 76u
/** Most --records accepted: refuses nonsense such as a wrapped negative
 *  number, which would write until the disk is full. */
#define GEN_MAX_RECORDS 1000000000000ull

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
/** Read a whole file ("-" = stdin) into malloc'd memory; 0 or 2 (printed). */
int gen_read_file(const char *path, uint8_t **data, size_t *len);

/** A random trace (fxt_gen_random) in malloc'd memory; 0, or -1 (nothing
 *  to free) when generation or allocation failed. */
int gen_random_trace(uint64_t seed, uint64_t records, fxt_gen_profile p, int be, uint8_t **out,
                     size_t *len);

/** fxt-gen violate ARGS (argv[0] is "violate"); returns the exit status. */
int gen_cmd_violate(int argc, char **argv);
/** fxt-gen golden ARGS (argv[0] is "golden"); returns the exit status. */
int gen_cmd_golden(int argc, char **argv);

#endif
