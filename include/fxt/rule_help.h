/* SPDX-License-Identifier: MIT */
/*
 * fxt/rule_help.h - each rule's help (its row of the catalogue,
 * format/rule_table.h; rules_help.c serves it): what it means,
 * how to fix a trace that breaks it, a minimal trace that does, and its
 * spec section's link. fxt-validate --explain, the SARIF report and
 * docs/RULES.md are made from it. fxt/validate.h includes it.
 */
#ifndef FXT_RULE_HELP_H
#define FXT_RULE_HELP_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The published spec (the current revision's text); a rule's section is
 *  FXT_SPEC_URL "#" fxt_rule_spec_anchor(rule). */
#define FXT_SPEC_URL "https://fuchsia.dev/fuchsia-src/reference/tracing/trace-format"

/** Help for one rule: what it means, how to fix it, a trace that breaks it.
 *  Every rule of the catalogue has one. */
typedef struct fxt_rule_help {
    fxt_rule rule;           /**< the rule */
    const char *explanation; /**< what the rule means and why it matters (sentences) */
    const char *fix;         /**< how to mend a trace that breaks it (no final period) */
    const char *example;     /**< a minimal trace that breaks it under the current
                                  revision and no other rule: little-endian words as 16
                                  hex digits, separated by spaces, "N*WORD" for N copies
                                  ("" is the empty input); NULL when no short trace can
                                  (tracking-limit). fxt_rule_example() decodes it. */
} fxt_rule_help;

/** Help for rule R, or NULL if R is not in the catalogue. */
const fxt_rule_help *fxt_rule_help_get(fxt_rule r);

/** The bytes of H's example into OUT (SIZE bytes; what does not fit is not
 *  written, OUT may be NULL with SIZE 0). Returns the example's length in
 *  bytes (0 without an example). */
size_t fxt_rule_example(const fxt_rule_help *h, void *out, size_t size);

/** One line of an example as people read it: a record's header word, or a
 *  run of equal words inside a record. */
typedef struct fxt_example_line {
    uint64_t offset;   /**< byte offset of the first word */
    uint64_t word;     /**< its value */
    uint64_t count;    /**< words in the run (1 for a header) */
    const char *label; /**< a header word's name from the layout table
                            ("initialization record header"), else NULL */
} fxt_example_line;

/** The lines of H's example into LINES (at most MAX are written); returns
 *  how many lines there are. */
size_t fxt_rule_example_lines(const fxt_rule_help *h, fxt_example_line *lines, size_t max);

/** Anchor of rule R's section in the published spec ("string-record"), or
 *  NULL if R is not in the catalogue. */
const char *fxt_rule_spec_anchor(fxt_rule r);

/** Rule R's help as one document: its demand, what it means, the fix, the
 *  example's lines and the spec section with its link; plain text, or
 *  Markdown if MARKDOWN. Writes at most SIZE bytes into BUF, NUL-terminated
 *  (snprintf's contract); returns the length of the whole document, 0 if R
 *  is not in the catalogue. */
size_t fxt_rule_help_format(fxt_rule r, int markdown, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* FXT_RULE_HELP_H */
