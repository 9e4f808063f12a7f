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

/* Is there a case tagged TAG that runs under both revisions? */
static int has_case(const char *tag, int ra, int rb)
{
    size_t tl = strlen(tag);
    for (size_t t = 0; t < spec_table_count; t++)
        for (size_t i = 0; i < *spec_tables[t].count; i++) {
            const spec_case *c = &spec_tables[t].cases[i];
            if (!c->tags || !(c->revs & RV(ra)) || !(c->revs & RV(rb)))
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

int main(void)
{
    Suite *s = suite_create("layout-guard");
    TCase *tc = tcase_create("revisions");
    tcase_add_test(tc, every_difference_has_a_case);
    tcase_add_test(tc, the_table_differs_and_is_consistent);
    tcase_add_test(tc, every_tag_is_a_difference);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
