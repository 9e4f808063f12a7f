/* SPDX-License-Identifier: MIT */
/*
 * fxt/rules.h - the rule catalogue: every check fxtkit makes, by id
 * (fxt/rule_ids.h), with its severity, spec section, revisions and
 * demand. docs/RULES.md lists it; each rule's help is fxt/rule_help.h's.
 */
#ifndef FXT_RULES_H
#define FXT_RULES_H

#include "fxt/rule_ids.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Severity of an issue. */
typedef enum fxt_severity {
    FXT_SEV_ERROR = 0,
    FXT_SEV_WARNING = 1
} fxt_severity;

/** fxt_rule_info.flags: an undefined value in a field that decides how a
 *  record is read (FXT_OPT_ALLOW_UNKNOWN makes it a warning). */
#define FXT_RF_UNKNOWN 1u

/** Static description of one rule of the catalogue. */
typedef struct fxt_rule_info {
    fxt_rule rule;         /**< its enum value (== its stable number) */
    char id[6];            /**< "E0004" / "W0007" */
    const char *name;      /**< short kebab-case name */
    fxt_severity severity; /**< catalogue severity */
    const char *section;   /**< spec section heading */
    unsigned flags;        /**< FXT_RF_* */
    unsigned revisions;    /**< revisions it applies to (FXT_REV_BIT mask) */
    const char *message;   /**< what the rule demands */
    unsigned kinds;        /**< record types it can fire on: bit t for type t,
                                bit 16 for the whole input (FXT_NO_RECORD_TYPE) */
} fxt_rule_info;

/** Description of rule R, or NULL if R is not in the catalogue. */
const fxt_rule_info *fxt_rule_get(fxt_rule r);

/** Rule whose id ("E0004", case-insensitive) or name ("record-too-small")
 *  is S; FXT_R_NONE if none. */
fxt_rule fxt_rule_find(const char *s);

/** Number of rules in the catalogue. */
unsigned fxt_rule_count(void);

/** The I-th rule of the catalogue in listing order (0 <= i < count). */
const fxt_rule_info *fxt_rule_at(unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* FXT_RULES_H */
