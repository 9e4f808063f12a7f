/* SPDX-License-Identifier: MIT */
/*
 * fxt/revision.h - the revisions of the format, by name: what a validating
 * user chooses (fxt_options.revision) and reads back (verdicts, issue
 * masks). What each revision defines is fxt/layout.h's.
 */
#ifndef FXT_REVISION_H
#define FXT_REVISION_H

#ifdef __cplusplus
extern "C" {
#endif

/** The public revisions of the format, oldest first. */
typedef enum fxt_revision {
    FXT_REV_R1 = 0,      /**< Magenta era (revisions/r1-oldest.md) */
    FXT_REV_R2 = 1,      /**< Zircon era (revisions/r2.md) */
    FXT_REV_R3 = 2,      /**< large records, magic, duration complete (revisions/r3*) */
    FXT_REV_CURRENT = 3, /**< trace-format.md: scheduling subtypes, boolean args */
    /** fxt_options.revision only: check every revision in one pass. */
    FXT_REV_AUTO = 4
} fxt_revision;
/** Number of revisions (FXT_REV_AUTO excluded). */
#define FXT_REV_COUNT 4
/** Bit of revision R in a revision mask. */
#define FXT_REV_BIT(r) (1u << (unsigned)(r))
/** Mask of every revision. */
#define FXT_REV_ALL 0xfu

/** "r1", "r2", "r3", "current", "auto"; "?" otherwise. */
const char *fxt_revision_name(fxt_revision r);

/** Parse "r1".."r3", "current", "auto" (case-insensitive) into *OUT; 0 or -1. */
int fxt_revision_parse(const char *s, fxt_revision *out);

#ifdef __cplusplus
}
#endif

#endif /* FXT_REVISION_H */
