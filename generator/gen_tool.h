/* gen_tool.h - pieces shared by the fxt-gen subcommands (tool code, not
 * library). */
#ifndef FXT_GEN_TOOL_H
#define FXT_GEN_TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/** Open -o PATH for writing ("-" = stdout, refused on a terminal); prints
 *  the reason and returns NULL on failure. */
FILE *gen_open_out(const char *path);
/** Close what gen_open_out opened; 0, or 2 after printing a write error. */
int gen_close_out(FILE *f, const char *path);
/** Read a whole file ("-" = stdin) into malloc'd memory; 0 or 2 (printed). */
int gen_read_file(const char *path, uint8_t **data, size_t *len);

/** fxt-gen violate ARGS (argv[0] is "violate"); returns the exit status. */
int gen_cmd_violate(int argc, char **argv);
/** fxt-gen golden ARGS (argv[0] is "golden"); returns the exit status. */
int gen_cmd_golden(int argc, char **argv);

#endif
