/* SPDX-License-Identifier: MIT */
/* rules.c - the catalogue table, generated from FXT_RULES (rule_table.h). */
#include <stddef.h>

#include "fxt/rules.h"
#include "rule_table.h"

/* fxt/rule_ids.h is generated from the table: every row's id must have
 * the row's number, and FXT_R_END_ must follow the largest. */
#define STALE "include/fxt/rule_ids.h is stale: regenerate it with cmake -P format/rule_ids.cmake"
#define X(num, sev, en, ...) _Static_assert(FXT_R_##en == (num) && (num) < FXT_R_END_, STALE);
FXT_RULES(X)
#undef X
#define X(num, sev, en, ...) +((num) == FXT_R_END_ - 1)
_Static_assert((0 FXT_RULES(X)) == 1, STALE);
#undef X

#define SEVCH_E 'E'
#define SEVCH_W 'W'
#define SEV_E FXT_SEV_ERROR
#define SEV_W FXT_SEV_WARNING

/* Indexed by rule number; ids are built digit by digit so that the number
 * is written once, in rule_table.h. */
#define X(num, sev, en, nm, sec, fl, revs, kinds, msg, ...)                      \
    [num] = {FXT_R_##en,                                                         \
             {SEVCH_##sev, (char)('0' + (num) / 1000 % 10),                      \
              (char)('0' + (num) / 100 % 10), (char)('0' + (num) / 10 % 10),     \
              (char)('0' + (num) % 10), 0},                                      \
             nm, SEV_##sev, sec, fl, revs, msg, kinds},
static const fxt_rule_info k_rules[FXT_R_END_] = {FXT_RULES(X)};
#undef X

/* Listing order = catalogue order. */
#define X(num, sev, en, ...) num,
static const unsigned char k_order[] = {FXT_RULES(X)};
#undef X

const fxt_rule_info *fxt_rule_get(fxt_rule r)
{
    if ((unsigned)r >= FXT_R_END_ || k_rules[r].name == NULL)
        return NULL;
    return &k_rules[r];
}

unsigned fxt_rule_count(void) { return (unsigned)sizeof k_order; }

const fxt_rule_info *fxt_rule_at(unsigned i)
{
    return i < sizeof k_order ? &k_rules[k_order[i]] : NULL;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static int same_nocase(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
        a++, b++;
    return *a == 0 && *b == 0;
}

fxt_rule fxt_rule_find(const char *s)
{
    if (s == NULL)
        return FXT_R_NONE;
    for (unsigned i = 0; i < sizeof k_order; i++) {
        const fxt_rule_info *ri = &k_rules[k_order[i]];
        if (same_nocase(s, ri->id) || same_nocase(s, ri->name))
            return ri->rule;
    }
    return FXT_R_NONE;
}
