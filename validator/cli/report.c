/* SPDX-License-Identifier: MIT */
/*
 * report.c - the output formats of fxt-validate: text and JSON here, the
 * dispatch to SARIF, GitHub annotations and JUnit XML (report_*.c), what
 * they share (report.h), and --list-rules.
 *
 *   text    compiler-style lines, a summary line per file (--explain adds the
 *           offending word under each issue; --color colours them)
 *   json    one document for all files (docs/fxt-validate.schema.json)
 *
 * Every format is streamed: issues are written as they arrive (with
 * --revision auto, after the file's verdict), nothing grows with the input.
 * Wall time appears only under --timing or --stats, so plain output is the
 * same bytes on every run.
 */
#include <errno.h>
#include <stdlib.h>
#include <inttypes.h>
#include <string.h>

#include "fxt/version.h"
#include "magic_hint.h"
#include "rcfile.h"
#include "baseline.h"
#include "report.h"

/** Version of the JSON document's shape ("schema" member; bumped when a
 *  member is renamed or its meaning changes). */
#define JSON_SCHEMA_VERSION 2

const char *sev_name(fxt_severity s)
{
    return s == FXT_SEV_WARNING ? "warning" : "error";
}

const char *plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/** Spec section issue IS cites under revision REV: its own, or its rule's
 *  (the catalogue's heading if the rule has none there). */
const char *issue_section(const fxt_issue *is, fxt_revision rev)
{
    if (is->section != NULL)
        return is->section;
    const fxt_rule rule = is->rule;
    const char *s = fxt_rule_section(rule, rev);
    if (s)
        return s;
    const fxt_rule_info *ri = fxt_rule_get(rule);
    return ri ? ri->section : "?";
}

/* ---- shared by the formats (report.h) ---------------------------------------- */

int issue_has_record(const fxt_issue *is)
{
    return is->record_type != FXT_NO_RECORD_TYPE;
}

void issue_parts_of(const fxt_issue *is, issue_parts *p)
{
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    p->id = ri ? ri->id : "?";
    p->name = ri ? ri->name : "unknown-rule";
    p->mlen = strnlen(is->message, sizeof is->message);
    p->msg = is->message;
    if (p->mlen == 0) {
        p->msg = ri ? ri->message : "";
        p->mlen = strlen(p->msg);
    }
    if (issue_has_record(is))
        snprintf(p->head, sizeof p->head, "record #%" PRIu64 " (%s): ", is->record_index,
                 fxt_record_type_name(is->record_type));
    else
        p->head[0] = '\0';
}

void issue_line(const run *r, const cli_issue *ci, char *buf, size_t size)
{
    const fxt_issue *is = &ci->is;
    issue_parts p;
    issue_parts_of(is, &p);
    snprintf(buf, size, "%s:0x%" PRIx64 ": %s: [%s %s] %s%.*s (spec: %s)", r->name,
             is->field_offset, sev_name(is->severity), p.id, p.name, p.head, (int)p.mlen, p.msg,
             issue_section(is, r->rev));
}

void put_counts_json(FILE *f, const char *key, const uint64_t c[16],
                     const char *(*name)(unsigned))
{
    int first = 1;
    fprintf(f, ",\"%s\":{", key);
    for (unsigned t = 0; t < 16; t++)
        if (c[t]) {
            fputs(first ? "" : ",", f);
            put_json(f, name(t));
            fprintf(f, ":%" PRIu64, c[t]);
            first = 0;
        }
    putc('}', f);
}

void put_revisions_json(FILE *f, unsigned mask)
{
    int first = 1;
    putc('[', f);
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        if (mask & FXT_REV_BIT(r)) {
            fprintf(f, "%s\"%s\"", first ? "" : ",", fxt_revision_name((fxt_revision)r));
            first = 0;
        }
    putc(']', f);
}

/* (Whether the first word carries the magic number in either byte order,
 * whatever the rest of the magic record says: then the validator's issues
 * about that record say what is wrong, not "this is not FXT".) */
size_t file_notes(const run *r, const fxt_stats *st, const char *notes[MAX_NOTES])
{
    size_t n = 0;
    if (st->bytes == 0) {
        if (st->errors > 0)
            notes[n++] = "the file is empty (0 bytes); an FXT trace holds at least one record";
    } else if (st->errors > 0 && !has_magic_number(r->head, r->head_len)) {
        notes[n++] = "this does not look like an FXT trace (no magic number at offset 0)";
    }
    if (st->stopped)
        notes[n++] = "validation stopped at a record of size 0 (a reader cannot "
                     "advance past it); the rest of the file was not checked";
    return n;
}

void hidden_note(const run *r, const fxt_rule_info *ri, char *buf, size_t size)
{
    uint64_t n = r->hidden[r->rev][ri->rule];
    snprintf(buf, size,
             "%" PRIu64 " more [%s %s] %s not shown (--max-issues %" PRIu64 " per rule; 0 shows all)",
             n, ri->id, ri->name, plural(n, "issue", "issues"), r->cfg->max_issues);
}

uint64_t hidden_total(const run *r)
{
    uint64_t n = 0;
    for (unsigned k = 0; k < FXT_R_END_; k++)
        n += r->hidden[r->rev][k];
    return n;
}

void verdict_text(const run *r, const fxt_revision_verdict vd[FXT_REV_COUNT], char *buf,
                  size_t size)
{
    (void)r;
    size_t n = (size_t)snprintf(buf, size, "conforms to ");
    int any = 0;
    /* conforming revisions can differ in warnings (an r1 trace read with
     * current's event numbering): then each gets its count, so the user
     * sees which revision the trace was written for */
    int differ = 0;
    uint64_t w0 = UINT64_MAX;
    for (unsigned k = 0; k < FXT_REV_COUNT; k++)
        if (vd[k].checked && vd[k].conforms) {
            differ |= w0 != UINT64_MAX && vd[k].warnings != w0;
            w0 = vd[k].warnings;
        }
    for (unsigned k = 0; k < FXT_REV_COUNT && n < size; k++)
        if (vd[k].checked && vd[k].conforms) {
            n += (size_t)snprintf(buf + n, size - n, "%s%s", any ? ", " : "",
                                  fxt_revision_name((fxt_revision)k));
            if (differ && n < size)
                n += (size_t)snprintf(buf + n, size - n, " (%" PRIu64 " %s)", vd[k].warnings,
                                      plural(vd[k].warnings, "warning", "warnings"));
            any = 1;
        }
    if (!any && n < size)
        n += (size_t)snprintf(buf + n, size - n, "no revision");
    int nots = 0;
    for (unsigned k = 0; k < FXT_REV_COUNT && n < size; k++) {
        if (!vd[k].checked || vd[k].conforms)
            continue;
        const fxt_rule_info *ri = fxt_rule_get(vd[k].first_error);
        n += (size_t)snprintf(buf + n, size - n, "%snot %s (", nots ? ", " : "; ",
                              fxt_revision_name((fxt_revision)k));
        if (n >= size)
            break;
        if (ri)
            n += (size_t)snprintf(buf + n, size - n, "%s %s at 0x%" PRIx64 ")", ri->id, ri->name,
                                  vd[k].first_error_offset);
        else
            n += (size_t)snprintf(buf + n, size - n, "%" PRIu64 " %s)", vd[k].errors,
                                  plural(vd[k].errors, "error", "errors"));
        nots = 1;
    }
}

const char *unchecked_text(unsigned u, char *buf, size_t size)
{
    static const char *const k_names[] = {"providers", "threads", "async operations", "flows",
                                          "memory", "issues of a streamed record"};
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < sizeof k_names / sizeof k_names[0] && n < size; i++)
        if (u & (1u << i))
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", k_names[i]);
    return buf;
}

uint64_t rule_count(const run *r, fxt_rule rule)
{
    if (r->v == NULL)
        return 0;
    uint64_t n = fxt_validator_rule_count(r->v, rule);
    uint64_t known = (unsigned)rule < FXT_R_END_ ? r->known_rule[r->rev][rule] : 0;
    return n > known ? n - known : 0; /* the baseline's known issues are not counted */
}

void top_rules(const run *r, unsigned n, char *buf, size_t size)
{
    unsigned char taken[FXT_R_END_] = {0};
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (unsigned done = 0; done < n && len < size; done++) {
        const fxt_rule_info *best = NULL; /* the most issues; ties in catalogue order */
        for (unsigned i = 0; i < fxt_rule_count(); i++) {
            const fxt_rule_info *ri = fxt_rule_at(i);
            if ((unsigned)ri->rule >= FXT_R_END_ || taken[ri->rule] || !rule_count(r, ri->rule))
                continue;
            if (!best || rule_count(r, ri->rule) > rule_count(r, best->rule))
                best = ri;
        }
        if (!best)
            break;
        taken[best->rule] = 1;
        len += (size_t)snprintf(buf + len, size - len, "%s%s %s (%" PRIu64 ")", done ? ", " : "",
                                best->id, best->name, rule_count(r, best->rule));
    }
}

void counts_text(const fxt_stats *st, char *buf, size_t size)
{
    snprintf(buf, size, "%" PRIu64 " %s, %" PRIu64 " %s, %" PRIu64 " %s", st->records,
             plural(st->records, "record", "records"), st->errors,
             plural(st->errors, "error", "errors"), st->warnings,
             plural(st->warnings, "warning", "warnings"));
}

const char *repo_path(const char *name)
{
    while (name[0] == '.' && name[1] == '/' && name[2] != '\0') {
        name += 2;
        while (*name == '/')
            name++;
    }
    return name;
}

const char *site_name(const session *s, const char *name, char *buf, size_t size)
{
    if (!s->srcroot) {
        snprintf(buf, size, "%s", repo_path(name));
        return buf;
    }
    char *abs = rc_abs_path(name);
    size_t n = strlen(s->srcroot);
    if (!abs)
        snprintf(buf, size, "%s", repo_path(name));
    else if (strcmp(s->srcroot, "/") == 0)
        snprintf(buf, size, "%s", abs + 1);
    else if (strncmp(abs, s->srcroot, n) == 0 && abs[n] == '/')
        snprintf(buf, size, "%s", abs + n + 1);
    else
        snprintf(buf, size, "%s", abs); /* outside: absolute (a file:// URI in SARIF) */
    free(abs);
    return buf;
}

void side_failure(session *s, const char *what, int err)
{
    if (s->side_error[0])
        return;
    if (err)
        snprintf(s->side_error, sizeof s->side_error, "%s: %s", what, strerror(err));
    else
        snprintf(s->side_error, sizeof s->side_error, "%s", what);
}

/* ---- start and end of the run -------------------------------------------------- */

int report_begin(session *s)
{
    switch (s->cfg->format) {
    case FMT_JSON:
        printf("{\"tool\":\"" PROG "\",\"schema\":%d,\"version\":\"%s\",\"revision\":\"%s\","
               "\"files\":[",
               JSON_SCHEMA_VERSION, FXT_VERSION, fxt_revision_name(s->cfg->base.revision));
        return 0;
    case FMT_SARIF: return sarif_begin(s);
    case FMT_GITHUB: return github_begin(s);
    case FMT_JUNIT: return junit_begin(s);
    case FMT_GITLAB: return gitlab_begin(s);
    case FMT_SHORT:
    case FMT_TEXT: return 0;
    }
    return 0;
}

/** The "total:" line of a run over several files. */
static void total_line(const session *s)
{
    const config *cfg = s->cfg;
    printf("total: %" PRIu64 " %s", s->files, plural(s->files, "file", "files"));
    if (s->unreadable) {
        fputs(" (", stdout);
        put_color(stdout, cfg, C_ERROR);
        printf("%" PRIu64 " could not be read", s->unreadable);
        put_color_end(stdout, cfg);
        putc(')', stdout);
    }
    printf(", ");
    put_color(stdout, cfg, s->errors ? C_ERROR : C_OK);
    printf("%" PRIu64 " %s", s->errors, plural(s->errors, "error", "errors"));
    put_color_end(stdout, cfg);
    printf(", %" PRIu64 " %s\n", s->warnings, plural(s->warnings, "warning", "warnings"));
}

void report_end(session *s, int rc)
{
    switch (s->cfg->format) {
    case FMT_JSON:
        printf("\n],\"errors\":%" PRIu64 ",\"warnings\":%" PRIu64 ",\"unreadable\":%" PRIu64
               "}\n",
               s->errors, s->warnings, s->unreadable);
        return;
    case FMT_SARIF: sarif_end(s, rc); return;
    case FMT_JUNIT: junit_end(s); return;
    case FMT_GITLAB: gitlab_end(s); return;
    case FMT_SHORT: return; /* each file said what it had to */
    case FMT_GITHUB: github_end(s); break;
    case FMT_TEXT: break;
    }
    if (s->files > 1)
        total_line(s);
}

void report_free(session *s)
{
    switch (s->cfg->format) {
    case FMT_SARIF: sarif_free(s); break;
    case FMT_GITHUB: github_free(s); break;
    case FMT_JUNIT: junit_free(s); break;
    default: break;
    }
}

/* ---- issues -------------------------------------------------------------------- */

static void issue_text(const run *r, const cli_issue *ci)
{
    const config *cfg = r->cfg;
    const fxt_issue *is = &ci->is;
    issue_parts p;
    issue_parts_of(is, &p);
    put_color(stdout, cfg, C_FILE);
    put_text_z(stdout, r->name);
    printf(":0x%" PRIx64 ":", is->field_offset);
    put_color_end(stdout, cfg);
    putc(' ', stdout);
    put_color(stdout, cfg, is->severity == FXT_SEV_WARNING ? C_WARNING : C_ERROR);
    printf("%s:", sev_name(is->severity));
    put_color_end(stdout, cfg);
    putc(' ', stdout);
    put_color(stdout, cfg, C_RULE);
    printf("[%s %s]", p.id, p.name);
    put_color_end(stdout, cfg);
    printf(" %s", p.head);
    put_text(stdout, p.msg, p.mlen);
    printf(" (spec: %s)\n", issue_section(is, r->rev));
    if (cfg->explain) {
        fxt_stats st;
        fxt_validator_stats(r->v, &st);
        explain_issue(stdout, ci, r->rev, st.big_endian);
    }
}

static void issue_json(run *r, const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    issue_parts p;
    issue_parts_of(is, &p);
    fputs(r->json_issues++ ? ",\n    " : "\n    ", stdout);
    fputs("{\"rule\":", stdout);
    put_json(stdout, p.id);
    fputs(",\"name\":", stdout);
    put_json(stdout, p.name);
    printf(",\"severity\":\"%s\",\"record_offset\":%" PRIu64 ",\"record_index\":",
           sev_name(is->severity), is->record_offset);
    if (issue_has_record(is))
        printf("%" PRIu64, is->record_index);
    else
        fputs("null", stdout);
    printf(",\"field_offset\":%" PRIu64 ",\"field_length\":%" PRIu32 ",\"bits\":",
           is->field_offset, is->field_len);
    if (is->bit_lo >= 0 && is->bit_hi >= is->bit_lo)
        printf("[%d,%d]", is->bit_lo, is->bit_hi);
    else
        fputs("null", stdout);
    fputs(",\"record_type\":", stdout);
    if (issue_has_record(is))
        put_json(stdout, fxt_record_type_name(is->record_type));
    else
        fputs("null", stdout);
    fputs(",\"message\":", stdout);
    put_json_n(stdout, p.msg, p.mlen);
    fputs(",\"spec\":", stdout);
    put_json(stdout, issue_section(is, r->rev));
    fputs(",\"revisions\":", stdout);
    put_revisions_json(stdout, is->revisions);
    if (r->s->bl)
        fputs(",\"baseline\":\"new\"", stdout); /* the known ones are not written */
    putc('}', stdout);
}

/** "N known issues not shown, M baseline entries no longer occur" of R
 *  into BUF ("" without --baseline or when both are 0). */
const char *known_text(const run *r, char *buf, size_t size)
{
    uint64_t known = r->known[r->rev][0] + r->known[r->rev][1];
    buf[0] = '\0';
    if (!r->s->bl || (!known && !r->absent))
        return buf;
    snprintf(buf, size, "%" PRIu64 " known %s not shown, %zu baseline %s no longer %s", known,
             plural(known, "issue", "issues"), r->absent, plural(r->absent, "entry", "entries"),
             plural(r->absent, "occurs", "occur"));
    return buf;
}

void report_issue(run *r, const cli_issue *ci)
{
    /* a --baseline known issue: only SARIF writes it ("unchanged") */
    if (!(ci->shown & FXT_REV_BIT(r->rev)) && r->cfg->format != FMT_SARIF)
        return;
    switch (r->cfg->format) {
    case FMT_TEXT:
        if (!r->cfg->quiet)
            issue_text(r, ci);
        break;
    case FMT_JSON: issue_json(r, ci); break;
    case FMT_SARIF: sarif_issue(r, ci); break;
    case FMT_GITHUB: github_issue(r, ci); break;
    case FMT_JUNIT: junit_issue(r, ci); break;
    case FMT_GITLAB: gitlab_issue(r, ci); break;
    case FMT_SHORT:
        if (r->json_issues++ == 0) /* the file's first issue only */
            issue_text(r, ci);
        break;
    }
}

/* ---- one file ------------------------------------------------------------------- */

void report_verdicts(run *r, const fxt_revision_verdict vd[FXT_REV_COUNT])
{
    /* the other formats carry the verdicts in their file summaries */
    if (r->cfg->format != FMT_TEXT)
        return;
    char buf[512];
    verdict_text(r, vd, buf, sizeof buf);
    put_color(stdout, r->cfg, C_FILE);
    put_text_z(stdout, r->name);
    putc(':', stdout);
    put_color_end(stdout, r->cfg);
    printf(" %s\n", buf);
}

static void summary_line(const run *r, const fxt_stats *st, double secs)
{
    const config *cfg = r->cfg;
    put_color(stdout, cfg, C_FILE);
    put_text_z(stdout, r->name);
    putc(':', stdout);
    put_color_end(stdout, cfg);
    printf(" %" PRIu64 " %s, ", st->records, plural(st->records, "record", "records"));
    put_color(stdout, cfg, st->errors ? C_ERROR : C_OK);
    printf("%" PRIu64 " %s", st->errors, plural(st->errors, "error", "errors"));
    put_color_end(stdout, cfg);
    putc(',', stdout);
    putc(' ', stdout);
    put_color(stdout, cfg, st->warnings ? C_WARNING : C_OK);
    printf("%" PRIu64 " %s", st->warnings, plural(st->warnings, "warning", "warnings"));
    put_color_end(stdout, cfg);
    if (st->unchecked) { /* no verdict of "conforms" for what was not checked */
        char what[128];
        put_color(stdout, cfg, C_WARNING);
        printf("; NOT FULLY CHECKED (a limit on %s: see W0055",
               unchecked_text(st->unchecked, what, sizeof what));
        /* the library names its options; here they are flags */
        static const char *const k_flags[] = {"--max-providers", "--max-threads",
                                              "--max-async", "--max-flows"};
        for (unsigned i = 0, n = 0; i < sizeof k_flags / sizeof k_flags[0]; i++)
            if (st->unchecked & (1u << i))
                printf("%s%s", n++ ? ", " : "; raise it with ", k_flags[i]);
        putc(')', stdout);
        put_color_end(stdout, cfg);
    }
    char kt[160];
    if (known_text(r, kt, sizeof kt)[0])
        printf(" (%s: --baseline)", kt);
    if (cfg->timing || cfg->stats) {
        printf(" (%.3f s", secs);
        if (secs > 0)
            printf(", %.1f MB/s", (double)st->bytes / 1e6 / secs);
        putc(')', stdout);
    }
    putc('\n', stdout);
}

const char *event_count_name(unsigned t) { return fxt_event_type_name(FXT_REV_CURRENT, t); }

static void print_counts_text(const char *title, const uint64_t c[16],
                              const char *(*name)(unsigned))
{
    int any = 0;
    for (unsigned t = 0; t < 16; t++)
        any |= c[t] != 0;
    if (!any)
        return;
    printf("  %s:\n", title);
    for (unsigned t = 0; t < 16; t++)
        if (c[t])
            printf("    %-24s %12" PRIu64 "\n", name(t), c[t]);
}

static void stats_text(const run *r, const fxt_stats *st)
{
    print_counts_text("records by type", st->by_type, fxt_record_type_name);
    print_counts_text("events by type", st->events_by_type, event_count_name);
    size_t np = fxt_validator_provider_count(r->v);
    if (np)
        printf("  providers:\n");
    for (size_t i = 0; i < np; i++) {
        fxt_provider_stats ps;
        if (fxt_validator_provider(r->v, i, &ps) != 0)
            continue;
        printf("    %-10" PRIu32 " ", ps.id);
        if (ps.implicit) {
            fputs("(implicit: records before any provider record)", stdout);
        } else {
            putc('"', stdout);
            put_text(stdout, ps.name, strnlen(ps.name, sizeof ps.name));
            putc('"', stdout);
        }
        printf(": %" PRIu64 " %s\n", ps.records, plural(ps.records, "record", "records"));
    }
}

/** A "NAME: note: TEXT" line. */
static void note_line(const run *r, const char *text)
{
    put_color(stdout, r->cfg, C_FILE);
    put_text_z(stdout, r->name);
    putc(':', stdout);
    put_color_end(stdout, r->cfg);
    putc(' ', stdout);
    put_color(stdout, r->cfg, C_NOTE);
    fputs("note:", stdout);
    put_color_end(stdout, r->cfg);
    printf(" %s\n", text);
}

static void file_end_text(const run *r, const fxt_stats *st, double secs)
{
    const config *cfg = r->cfg;
    if (!cfg->quiet) {
        char buf[256];
        const char *notes[MAX_NOTES];
        size_t nn = file_notes(r, st, notes);
        for (unsigned i = 0; i < fxt_rule_count(); i++) {
            const fxt_rule_info *ri = fxt_rule_at(i);
            if ((unsigned)ri->rule >= FXT_R_END_ || !r->hidden[r->rev][ri->rule])
                continue;
            hidden_note(r, ri, buf, sizeof buf);
            note_line(r, buf);
        }
        for (size_t i = 0; i < nn; i++)
            note_line(r, notes[i]);
    }
    summary_line(r, st, secs);
    if (cfg->stats)
        stats_text(r, st);
}

static void revisions_json(const run *r)
{
    fputs(",\"revisions\":{", stdout);
    int first = 1;
    for (unsigned k = 0; k < FXT_REV_COUNT; k++) {
        const fxt_revision_verdict *vd = &r->verdicts[k];
        if (!vd->checked)
            continue;
        printf("%s\"%s\":{\"verdict\":\"%s\",\"errors\":%" PRIu64 ",\"warnings\":%" PRIu64
               ",\"first_error\":",
               first ? "" : ",", fxt_revision_name((fxt_revision)k),
               vd->conforms ? "conforms" : "fails", vd->errors, vd->warnings);
        first = 0;
        const fxt_rule_info *ri = fxt_rule_get(vd->first_error);
        if (ri)
            printf("{\"rule\":\"%s\",\"name\":\"%s\",\"field_offset\":%" PRIu64 "}", ri->id,
                   ri->name, vd->first_error_offset);
        else
            fputs("null", stdout);
        printf(",\"complete\":%s,\"stop_offset\":", vd->complete ? "true" : "false");
        if (vd->complete)
            fputs("null", stdout);
        else
            printf("%" PRIu64, vd->stop_offset);
        putc('}', stdout);
    }
    putc('}', stdout);
}

void unchecked_json(FILE *f, unsigned u)
{
    static const char *const k_keys[] = {"providers", "threads", "async", "flows", "memory",
                                         "issues"};
    fputs(",\"unchecked\":[", f);
    int first = 1;
    for (unsigned i = 0; i < sizeof k_keys / sizeof k_keys[0]; i++)
        if (u & (1u << i)) {
            fprintf(f, "%s\"%s\"", first ? "" : ",", k_keys[i]);
            first = 0;
        }
    fputc(']', f);
}

typedef struct absent_ctx {
    FILE *f;
    const char *rule_key;
    int n;
} absent_ctx;

static void absent_one(void *ctx, const char *fp, const char *rule)
{
    absent_ctx *a = ctx;
    fprintf(a->f, "%s{\"%s\":", a->n++ ? "," : "", a->rule_key);
    put_json(a->f, rule);
    fputs(",\"fingerprint\":", a->f);
    put_json(a->f, fp);
    fputc('}', a->f);
}

void absent_json(const run *r, FILE *f, const char *rule_key)
{
    absent_ctx a = {f, rule_key, 0};
    fputc('[', f);
    if (r->absent)
        baseline_absent(r->s->bl, r->site, absent_one, &a);
    fputc(']', f);
}

/** ,"known_issues":N,"baseline_absent":[...] (--baseline). */
static void known_json(const run *r)
{
    printf(",\"known_issues\":%" PRIu64 ",\"baseline_absent\":",
           r->known[r->rev][0] + r->known[r->rev][1]);
    absent_json(r, stdout, "rule");
}

static void file_end_json(const run *r, const fxt_stats *st, const char *io_error, double secs)
{
    const char *notes[MAX_NOTES];
    size_t nn = io_error ? 0 : file_notes(r, st, notes);

    printf("%s],\"truncated_issues\":%" PRIu64, r->json_issues ? "\n  " : "", hidden_total(r));
    printf(",\"records\":%" PRIu64 ",\"bytes\":%" PRIu64 ",\"errors\":%" PRIu64
           ",\"warnings\":%" PRIu64 ",\"big_endian\":%s,\"stopped\":%s",
           st->records, st->bytes, st->errors, st->warnings,
           st->big_endian ? "true" : "false", st->stopped ? "true" : "false");
    if (r->s->bl)
        known_json(r);
    unchecked_json(stdout, io_error ? 0 : st->unchecked);
    printf(",\"revision\":\"%s\"", fxt_revision_name(r->rev));
    if (!io_error)
        revisions_json(r);
    put_counts_json(stdout, "record_types", st->by_type, fxt_record_type_name);
    put_counts_json(stdout, "event_types", st->events_by_type, event_count_name);

    fputs(",\"issues_by_rule\":{", stdout);
    int first = 1;
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        uint64_t n = !io_error ? rule_count(r, ri->rule) : 0;
        if (n == 0)
            continue;
        printf("%s\"%s\":%" PRIu64, first ? "" : ",", ri->id, n);
        first = 0;
    }
    putc('}', stdout);

    fputs(",\"providers\":[", stdout);
    size_t np = r->v ? fxt_validator_provider_count(r->v) : 0;
    first = 1;
    for (size_t i = 0; i < np; i++) {
        fxt_provider_stats ps;
        if (fxt_validator_provider(r->v, i, &ps) != 0)
            continue;
        printf("%s{\"id\":%" PRIu32 ",\"implicit\":%s,\"name\":", first ? "" : ",", ps.id,
               ps.implicit ? "true" : "false");
        first = 0;
        put_json_n(stdout, ps.name, strnlen(ps.name, sizeof ps.name));
        printf(",\"records\":%" PRIu64, ps.records);
        put_counts_json(stdout, "record_types", ps.by_type, fxt_record_type_name);
        putc('}', stdout);
    }
    fputs("],\"notes\":[", stdout);
    for (size_t i = 0; i < nn; i++) {
        if (i)
            putc(',', stdout);
        put_json(stdout, notes[i]);
    }
    putc(']', stdout);
    if (r->cfg->timing || r->cfg->stats)
        printf(",\"seconds\":%.6f", secs);
    if (io_error) {
        fputs(",\"io_error\":", stdout);
        put_json(stdout, io_error);
    }
    putc('}', stdout);
}

void report_file_begin(run *r)
{
    if (r->cfg->format == FMT_JSON) {
        fputs(r->first_file ? "\n  {\"file\":" : ",\n  {\"file\":", stdout);
        put_json(stdout, r->name);
        fputs(",\"issues\":[", stdout);
    } else if (r->cfg->format == FMT_JUNIT) {
        junit_file_begin(r);
    }
}

void report_file_end(run *r, const fxt_stats *st, const char *io_error, double secs)
{
    session *s = r->s;
    s->files++;
    s->unreadable += io_error != NULL;
    switch (r->cfg->format) {
    case FMT_JSON: file_end_json(r, st, io_error, secs); break;
    case FMT_SARIF: sarif_file_end(r, st, io_error, secs); break;
    case FMT_GITHUB: github_file_end(r, st, io_error); break;
    case FMT_JUNIT: junit_file_end(r, st, io_error, secs); break;
    case FMT_GITLAB: break; /* I/O errors are said on stderr */
    case FMT_SHORT:
        if (!io_error && (st->errors + st->warnings > r->json_issues || st->unchecked ||
                          r->known[r->rev][0] + r->known[r->rev][1] || r->absent))
            summary_line(r, st, secs); /* more than the line shown, or not fully checked */
        break;
    case FMT_TEXT:
        if (!io_error)
            file_end_text(r, st, secs);
        break;
    }
}

void report_io_error(const char *name, const char *what)
{
    fflush(stdout); /* keep stdout and stderr in order on a terminal */
    fputs(PROG ": ", stderr);
    put_text_z(stderr, name);
    fprintf(stderr, ": %s\n", what);
}

/* ---- --list-rules ---------------------------------------------------------------- */

/** "r1-current", "r3,current"...: the revisions of MASK, compactly. */
static void revisions_short(unsigned mask, char *buf, size_t size)
{
    if (mask == FXT_REV_ALL) {
        snprintf(buf, size, "all");
        return;
    }
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned r = 0; r < FXT_REV_COUNT && n < size; r++)
        if (mask & FXT_REV_BIT(r))
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "," : "",
                                  fxt_revision_name((fxt_revision)r));
}

int report_list_rules(int json)
{
    if (!json) {
        printf("%-5s  %-28s  %-8s  %-16s  %s\n", "ID", "NAME", "SEVERITY", "REVISIONS",
               "SPEC SECTION (current)");
        for (unsigned i = 0; i < fxt_rule_count(); i++) {
            const fxt_rule_info *ri = fxt_rule_at(i);
            char revs[64];
            revisions_short(ri->revisions, revs, sizeof revs);
            printf("%-5s  %-28s  %-8s  %-16s  %s\n", ri->id, ri->name, sev_name(ri->severity),
                   revs, ri->section);
        }
        return 0;
    }
    printf("{\"tool\":\"" PROG "\",\"version\":\"%s\",\"revisions\":", FXT_VERSION);
    put_revisions_json(stdout, FXT_REV_ALL);
    fputs(",\"rules\":[", stdout);
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        printf("%s\n  {\"id\":\"%s\",\"number\":%d,\"name\":", i ? "," : "", ri->id, (int)ri->rule);
        put_json(stdout, ri->name);
        printf(",\"severity\":\"%s\",\"allow_unknown\":%s,\"revisions\":", sev_name(ri->severity),
               (ri->flags & FXT_RF_UNKNOWN) ? "true" : "false");
        put_revisions_json(stdout, ri->revisions);
        fputs(",\"section\":", stdout);
        put_json(stdout, ri->section);
        fputs(",\"sections\":{", stdout);
        int first = 1;
        for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
            const char *sec = fxt_rule_section(ri->rule, (fxt_revision)r);
            if (!sec)
                continue;
            printf("%s\"%s\":", first ? "" : ",", fxt_revision_name((fxt_revision)r));
            put_json(stdout, sec);
            first = 0;
        }
        fputs("},\"message\":", stdout);
        put_json(stdout, ri->message);
        putc('}', stdout);
    }
    fputs("\n]}\n", stdout);
    return 0;
}
