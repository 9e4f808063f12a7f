/* SPDX-License-Identifier: MIT */
/*
 * spec_layout_guard.c - every difference between adjacent revisions in the
 * layout table (fxt/layout.h) has a spec-test that shows it.
 *
 * This file checks coverage, not behaviour: it is the one spec-tests file
 * allowed to read the layout table (check_independence.py keeps the cases
 * free of it). For each pair of adjacent revisions it lists what differs:
 * every value of every type mask one defines and the other does not
 * ("record_types-15"), every event number whose meaning changes
 * ("event_kind-4"), the blob size field ("blob_size") and the flags
 * ("has_priorities", "has_magic", "numbering"). Each needs a revision case
 * carrying that tag and run under both revisions of the pair.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/layout.h"
#include "spec_cases.h"

/* The spec-tests' revision of an API revision (the order is the same). */
static int spec_rev(fxt_revision r)
{
    switch (r) {
    case FXT_REV_R1: return SR_R1;
    case FXT_REV_R2: return SR_R2;
    case FXT_REV_R3: return SR_R3;
    default: return SR_CUR;
    }
}

/* Do the case's expected issues under revisions A and B differ (as
 * multisets of rule, record offset and field offset)? */
static int differs(const spec_case *c, int a, int b)
{
    const spec_expect *x = c->rexp[a], *y = c->rexp[b];
    size_t nx = 0, ny = 0;
    while (nx < SPEC_MAX_REV_EXPECT && x[nx].rule != FXT_R_NONE)
        nx++;
    while (ny < SPEC_MAX_REV_EXPECT && y[ny].rule != FXT_R_NONE)
        ny++;
    if (nx != ny)
        return 1;
    int used[SPEC_MAX_REV_EXPECT] = {0};
    for (size_t i = 0; i < nx; i++) {
        size_t k;
        for (k = 0; k < ny; k++)
            if (!used[k] && x[i].rule == y[k].rule && x[i].offset == y[k].offset &&
                x[i].field == y[k].field)
                break;
        if (k == ny)
            return 1;
        used[k] = 1;
    }
    return 0;
}

/* Is there a case tagged TAG that runs under both revisions and expects
 * different issues under them (so it shows the difference)? */
static int has_case(const char *tag, int ra, int rb)
{
    size_t tl = strlen(tag);
    for (size_t t = 0; t < spec_table_count; t++)
        for (size_t i = 0; i < *spec_tables[t].count; i++) {
            const spec_case *c = &spec_tables[t].cases[i];
            if (!c->tags || !(c->revs & RV(ra)) || !(c->revs & RV(rb)) || !differs(c, ra, rb))
                continue;
            for (const char *p = c->tags; (p = strstr(p, tag)) != NULL; p += tl)
                if ((p == c->tags || p[-1] == ' ') && (p[tl] == 0 || p[tl] == ' '))
                    return 1;
        }
    return 0;
}

/* Every difference of every adjacent pair of revisions. */
#define MAX_DIFFS 256
typedef struct diff {
    char tag[40];
    const fxt_layout *a, *b;
} diff;
typedef struct diff_list {
    diff v[MAX_DIFFS];
    unsigned n;
} diff_list;

static void add(diff_list *d, const fxt_layout *a, const fxt_layout *b, const char *tag)
{
    ck_assert_uint_lt(d->n, MAX_DIFFS);
    snprintf(d->v[d->n].tag, sizeof d->v[d->n].tag, "%s", tag);
    d->v[d->n].a = a;
    d->v[d->n].b = b;
    d->n++;
}

static void add_mask(diff_list *d, const fxt_layout *a, const fxt_layout *b, const char *name,
                     uint64_t ma, uint64_t mb)
{
    for (unsigned v = 0; v < 64; v++)
        if (((ma ^ mb) >> v) & 1u) {
            char tag[40];
            snprintf(tag, sizeof tag, "%s-%u", name, v);
            add(d, a, b, tag);
        }
}

static void walk(diff_list *d)
{
    d->n = 0;
    for (int r = 0; r + 1 < FXT_REV_COUNT; r++) {
        const fxt_layout *a = fxt_layout_get((fxt_revision)r);
        const fxt_layout *b = fxt_layout_get((fxt_revision)(r + 1));
        ck_assert_ptr_nonnull(a);
        ck_assert_ptr_nonnull(b);
#define MASK(f) add_mask(d, a, b, #f, a->f, b->f)
        MASK(record_types);
        MASK(metadata_types);
        MASK(trace_info_types);
        MASK(event_types);
        MASK(arg_types);
        MASK(large_types);
        MASK(large_blob_formats);
        MASK(sched_types);
        MASK(blob_types);
#undef MASK
        for (unsigned n = 0; n < 16; n++)
            if (a->event_kind[n] != b->event_kind[n]) {
                char tag[40];
                snprintf(tag, sizeof tag, "event_kind-%u", n);
                add(d, a, b, tag);
            }
        if (a->blob_size_lo != b->blob_size_lo || a->blob_size_hi != b->blob_size_hi)
            add(d, a, b, "blob_size");
        if (!a->has_priorities != !b->has_priorities)
            add(d, a, b, "has_priorities");
        if (!a->has_magic != !b->has_magic)
            add(d, a, b, "has_magic");
        if (a->numbering != b->numbering)
            add(d, a, b, "numbering");
    }
}

static diff_list diffs;

START_TEST(every_difference_has_a_case)
{
    char missing[8192] = "";
    unsigned n = 0;
    walk(&diffs);
    for (unsigned i = 0; i < diffs.n; i++) {
        const diff *x = &diffs.v[i];
        if (has_case(x->tag, spec_rev(x->a->revision), spec_rev(x->b->revision)))
            continue;
        n++;
        size_t l = strlen(missing);
        snprintf(missing + l, sizeof missing - l, " %s (%s -> %s);", x->tag, x->a->name, x->b->name);
    }
    ck_assert_msg(n == 0, "%u of %u revision differences have no spec-test:%s", n, diffs.n, missing);
}
END_TEST

/* The walk sees differences at all (four equal rows would make the test
 * above pass trivially), and event_number is event_kind's inverse in every
 * row, so tags on event_kind cover both. */
START_TEST(the_table_differs_and_is_consistent)
{
    walk(&diffs);
    ck_assert_uint_ge(diffs.n, 20);
    for (int r = 0; r < FXT_REV_COUNT; r++) {
        const fxt_layout *l = fxt_layout_get((fxt_revision)r);
        for (unsigned n = 0; n < 16; n++) {
            unsigned k = l->event_kind[n];
            int defined = (l->event_types >> n) & 1u;
            ck_assert_msg(defined == (k != FXT_ET_NONE), "%s: event %u defined %d, kind %u", l->name,
                          n, defined, k);
            if (k != FXT_ET_NONE)
                ck_assert_msg(k < 16 && l->event_number[k] == n, "%s: event %u -> kind %u -> %u",
                              l->name, n, k, k < 16 ? l->event_number[k] : 0);
        }
    }
}
END_TEST

/* Every tag names a difference of the table (a misspelt tag covers
 * nothing); free-form tags start with "x-". */
START_TEST(every_tag_is_a_difference)
{
    char bad[4096] = "";
    walk(&diffs);
    for (size_t t = 0; t < spec_table_count; t++)
        for (size_t i = 0; i < *spec_tables[t].count; i++) {
            const spec_case *c = &spec_tables[t].cases[i];
            if (!c->tags)
                continue;
            char buf[256];
            snprintf(buf, sizeof buf, "%s", c->tags);
            for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
                int known = strncmp(tok, "x-", 2) == 0;
                for (unsigned k = 0; k < diffs.n && !known; k++)
                    known = strcmp(diffs.v[k].tag, tok) == 0;
                if (!known) {
                    size_t l = strlen(bad);
                    snprintf(bad + l, sizeof bad - l, " %s: %s;", c->name, tok);
                }
            }
        }
    ck_assert_msg(bad[0] == 0, "tags that are no difference of the layout table:%s", bad);
}
END_TEST

/* The word descriptions the layout table gives (what fxt-dump and the
 * messages show) cover bits 0..63 once each, from bit 0 up, and their
 * reserved mask is exactly their reserved fields. A field moved in format.h
 * without its neighbours shows up here. */
static void check_word(const fxt_word_desc *w, const char *what, unsigned a, unsigned b)
{
    ck_assert_msg(w && w->nfields > 0, "%s %u/%u: no description", what, a, b);
    uint64_t rsv = 0;
    unsigned next = 0;
    for (unsigned i = 0; i < w->nfields; i++) {
        const fxt_field_desc *f = &w->fields[i];
        ck_assert_msg(f->lo == next && f->hi >= f->lo && f->hi <= 63,
                      "%s (%s %u/%u): field '%s' is [%u..%u], expected to start at %u", w->name, what,
                      a, b, f->name, f->lo, f->hi, next);
        if (f->kind == FXT_FK_RESERVED)
            rsv |= (f->hi == 63 ? ~0ull : ((1ull << (f->hi + 1)) - 1)) & ~((1ull << f->lo) - 1);
        next = f->hi + 1u;
    }
    ck_assert_msg(next == 64, "%s (%s %u/%u): fields end at bit %u", w->name, what, a, b, next - 1);
    ck_assert_msg(rsv == w->reserved_mask, "%s (%s %u/%u): reserved mask %#llx, fields say %#llx",
                  w->name, what, a, b, (unsigned long long)w->reserved_mask,
                  (unsigned long long)rsv);
    ck_assert_msg(!rsv || w->reserved_rule != FXT_R_NONE, "%s: reserved bits without a rule",
                  w->name);
}

START_TEST(word_descriptions_tile)
{
    for (int r = 0; r < FXT_REV_COUNT; r++) {
        /* record type t; s in the 4-bit subtype fields (metadata [16..19],
         * large [36..39], scheduling [60..63]), u in trace info [20..23] and
         * large blob format [40..43] */
        for (uint64_t t = 0; t < 16; t++)
            for (uint64_t sub = 0; sub < 16; sub++)
                for (uint64_t u = 0; u < 16; u++) {
                    uint64_t h = t | sub << 16 | u << 20 | sub << 36 | u << 40 | sub << 60;
                    check_word(fxt_header_desc((fxt_revision)r, h), "header", (unsigned)t,
                               (unsigned)sub);
                }
        for (unsigned t = 0; t < 16; t++)
            check_word(fxt_arg_desc((fxt_revision)r, t), "argument", t, 0);
    }
    for (unsigned f = 0; f < 2; f++)
        check_word(fxt_large_blob_format_desc(f), "large blob format", f, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("layout-guard");
    TCase *tc = tcase_create("revisions");
    tcase_add_test(tc, every_difference_has_a_case);
    tcase_add_test(tc, the_table_differs_and_is_consistent);
    tcase_add_test(tc, every_tag_is_a_difference);
    tcase_add_test(tc, word_descriptions_tile);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
