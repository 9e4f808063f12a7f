/* SPDX-License-Identifier: MIT */
/*
 * report.c - the output formats of fxt-validate.
 *
 *   text    compiler-style lines, a summary line per file (--explain adds the
 *           offending word under each issue)
 *   json    one document for all files (docs/fxt-validate.schema.json)
 *   sarif   one SARIF 2.1.0 log: one run, the catalogue as the driver's rules
 *   github  GitHub Actions workflow commands (::error / ::warning), then the
 *           summary lines
 *
 * Every format is streamed: issues are written as they arrive (with
 * --revision auto, after the file's verdict), nothing grows with the input.
 * Wall time appears only under --timing or --stats, so plain output is the
 * same bytes on every run.
 */
#include <inttypes.h>
#include <string.h>

#include "magic_hint.h"
#include "cli.h"
#include "fxt/version.h"

/** Notes a file can get (see file_notes). */
#define MAX_NOTES 4

const char *sev_name(fxt_severity s)
{
    return s == FXT_SEV_WARNING ? "warning" : "error";
}

const char *plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/** Spec section of RULE under revision REV (the catalogue's heading if the
 *  rule has none there). */
const char *rule_section(fxt_rule rule, fxt_revision rev)
{
    const char *s = fxt_rule_section(rule, rev);
    if (s)
        return s;
    const fxt_rule_info *ri = fxt_rule_get(rule);
    return ri ? ri->section : "?";
}

/** Position of RULE in the catalogue listing (SARIF ruleIndex), or -1. */
static int rule_index(fxt_rule rule)
{
    for (unsigned i = 0; i < fxt_rule_count(); i++)
        if (fxt_rule_at(i)->rule == rule)
            return (int)i;
    return -1;
}

/** Whether the issue is about one record (not the whole input). */
static int issue_has_record(const fxt_issue *is)
{
    return is->record_type != FXT_NO_RECORD_TYPE;
}

/** The issue's specific message, or the rule's text if it has none. */
static void issue_message(const fxt_issue *is, const char **msg, size_t *len)
{
    *len = strnlen(is->message, sizeof is->message);
    *msg = is->message;
    if (*len == 0) {
        const fxt_rule_info *ri = fxt_rule_get(is->rule);
        *msg = ri ? ri->message : "";
        *len = strlen(*msg);
    }
}

/** Write MASK as a JSON array of revision names. */
static void put_revisions_json(FILE *f, unsigned mask)
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

/* ---- start and end of the run -------------------------------------------------- */

static void sarif_rule(const fxt_rule_info *ri)
{
    FILE *o = stdout;
    fputs("{\"id\":", o);
    put_json(o, ri->id);
    fputs(",\"name\":", o);
    put_json(o, ri->name);
    fputs(",\"shortDescription\":{\"text\":", o);
    put_json(o, ri->message);
    fputs("},\"fullDescription\":{\"text\":", o);
    /* the text with its spec section, per revision when the headings differ */
    char buf[1024];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s. Spec section:", ri->message);
    for (unsigned r = 0; r < FXT_REV_COUNT && n < sizeof buf; r++) {
        const char *sec = fxt_rule_section(ri->rule, (fxt_revision)r);
        if (sec)
            n += (size_t)snprintf(buf + n, sizeof buf - n, " %s \"%s\";",
                                  fxt_revision_name((fxt_revision)r), sec);
    }
    if (n < sizeof buf && n > 0 && buf[n - 1] == ';')
        buf[n - 1] = '.';
    put_json(o, buf);
    fputs("},\"help\":{\"text\":", o);
    put_json(o, buf);
    fprintf(o, "},\"defaultConfiguration\":{\"level\":\"%s\"},\"properties\":{\"revisions\":",
            sev_name(ri->severity));
    put_revisions_json(o, ri->revisions);
    fputs(",\"tags\":[\"fxt\"]}}", o);
}

void report_begin(session *s)
{
    const config *cfg = s->cfg;
    if (cfg->format == FMT_JSON) {
        printf("{\"tool\":\"" PROG "\",\"version\":\"%s\",\"revision\":\"%s\",\"files\":[",
               FXT_VERSION, fxt_revision_name(cfg->base.revision));
    } else if (cfg->format == FMT_SARIF) {
        printf("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
               "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"" PROG "\","
               "\"version\":\"%s\",\"semanticVersion\":\"%s\",\"rules\":[",
               FXT_VERSION, FXT_VERSION);
        for (unsigned i = 0; i < fxt_rule_count(); i++) {
            fputs(i ? ",\n" : "\n", stdout);
            sarif_rule(fxt_rule_at(i));
        }
        printf("]}},\"properties\":{\"revision\":\"%s\"},\"results\":[",
               fxt_revision_name(cfg->base.revision));
    }
}

void report_end(session *s, int nfiles, int rc)
{
    const config *cfg = s->cfg;
    if (cfg->format == FMT_JSON) {
        printf("\n],\"errors\":%" PRIu64 ",\"warnings\":%" PRIu64 "}\n", s->errors, s->warnings);
    } else if (cfg->format == FMT_SARIF) {
        printf("\n],\"invocations\":[{\"executionSuccessful\":%s,\"exitCode\":%d,"
               "\"toolExecutionNotifications\":[",
               rc == 2 ? "false" : "true", rc);
        if (s->notes) {
            rewind(s->notes);
            char buf[4096];
            size_t k;
            while ((k = fread(buf, 1, sizeof buf, s->notes)) > 0)
                fwrite(buf, 1, k, stdout);
        }
        fputs("]}]}]}\n", stdout);
    } else if (nfiles > 1) {
        printf("total: %d files, %" PRIu64 " %s, %" PRIu64 " %s\n", nfiles, s->errors,
               plural(s->errors, "error", "errors"), s->warnings,
               plural(s->warnings, "warning", "warnings"));
    }
}

/* ---- issues -------------------------------------------------------------------- */

static void issue_text(const run *r, const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    const char *msg;
    size_t mlen;
    issue_message(is, &msg, &mlen);
    put_text_z(stdout, r->name);
    printf(":0x%" PRIx64 ": %s: [%s %s] ", is->field_offset, sev_name(is->severity),
           ri ? ri->id : "?", ri ? ri->name : "unknown-rule");
    if (issue_has_record(is))
        printf("record #%" PRIu64 " (%s): ", is->record_index,
               fxt_record_type_name(is->record_type));
    put_text(stdout, msg, mlen);
    printf(" (spec: %s)\n", rule_section(is->rule, r->rev));
    if (r->cfg->explain) {
        fxt_stats st;
        fxt_validator_stats(r->v, &st);
        explain_issue(stdout, ci, r->rev, st.big_endian);
    }
}

static void issue_json(run *r, const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    const char *msg;
    size_t mlen;
    issue_message(is, &msg, &mlen);
    fputs(r->json_issues++ ? ",\n    " : "\n    ", stdout);
    fputs("{\"rule\":", stdout);
    put_json(stdout, ri ? ri->id : "?");
    fputs(",\"name\":", stdout);
    put_json(stdout, ri ? ri->name : "unknown-rule");
    printf(",\"severity\":\"%s\",\"record_offset\":%" PRIu64 ",\"record_index\":%" PRIu64
           ",\"field_offset\":%" PRIu64 ",\"field_length\":%" PRIu32 ",\"bits\":",
           sev_name(is->severity), is->record_offset, is->record_index, is->field_offset,
           is->field_len);
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
    put_json_n(stdout, msg, mlen);
    fputs(",\"spec\":", stdout);
    put_json(stdout, rule_section(is->rule, r->rev));
    fputs(",\"revisions\":", stdout);
    put_revisions_json(stdout, is->revisions);
    putc('}', stdout);
}

/** Bytes of the offending field inside the input (the end of what was fed
 *  bounds it: an issue may be about bytes that are missing). */
static void field_extent(const run *r, const fxt_issue *is, uint64_t *off, uint64_t *len)
{
    *off = is->field_offset;
    *len = is->field_len;
    if (*off > r->fed)
        *off = r->fed;
    if (*len > r->fed - *off)
        *len = r->fed - *off;
}

static void issue_sarif(run *r, const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    const char *msg;
    size_t mlen;
    uint64_t off, len;
    issue_message(is, &msg, &mlen);
    field_extent(r, is, &off, &len);
    fputs(r->s->results_out++ ? ",\n" : "\n", stdout);
    fputs("{\"ruleId\":", stdout);
    put_json(stdout, ri ? ri->id : "?");
    int idx = rule_index(is->rule);
    if (idx >= 0)
        printf(",\"ruleIndex\":%d", idx);
    printf(",\"level\":\"%s\",\"message\":{\"text\":", sev_name(is->severity));
    /* the text line without the file name, which the location carries */
    char head[96] = "";
    if (issue_has_record(is))
        snprintf(head, sizeof head, "record #%" PRIu64 " (%s): ", is->record_index,
                 fxt_record_type_name(is->record_type));
    char text[sizeof head + sizeof is->message + 160];
    snprintf(text, sizeof text, "%s%.*s (spec: %s)", head, (int)mlen, msg,
             rule_section(is->rule, r->rev));
    put_json(stdout, text);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"", stdout);
    put_uri(stdout, r->name);
    printf("\"},\"region\":{\"byteOffset\":%" PRIu64 ",\"byteLength\":%" PRIu64 "}}}]", off, len);
    printf(",\"properties\":{\"recordOffset\":%" PRIu64 ",\"recordIndex\":%" PRIu64
           ",\"fieldOffset\":%" PRIu64 ",\"recordType\":",
           is->record_offset, is->record_index, is->field_offset);
    if (issue_has_record(is))
        put_json(stdout, fxt_record_type_name(is->record_type));
    else
        fputs("null", stdout);
    fputs(",\"revisions\":", stdout);
    put_revisions_json(stdout, is->revisions);
    fputs("}}", stdout);
}

static void issue_github(const run *r, const cli_issue *ci)
{
    const fxt_issue *is = &ci->is;
    const fxt_rule_info *ri = fxt_rule_get(is->rule);
    const char *msg;
    size_t mlen;
    issue_message(is, &msg, &mlen);
    printf("::%s file=", sev_name(is->severity));
    put_workflow(stdout, r->name, strlen(r->name), 1);
    char title[96];
    snprintf(title, sizeof title, "%s %s", ri ? ri->id : "?", ri ? ri->name : "unknown-rule");
    fputs(",title=", stdout);
    put_workflow(stdout, title, strlen(title), 1);
    fputs("::", stdout);
    if (issue_has_record(is))
        printf("record #%" PRIu64 " (%s): ", is->record_index,
               fxt_record_type_name(is->record_type));
    put_workflow(stdout, msg, mlen, 0);
    printf(" at 0x%" PRIx64 "\n", is->field_offset);
}

void report_issue(run *r, const cli_issue *ci)
{
    switch (r->cfg->format) {
    case FMT_TEXT:
        if (!r->cfg->quiet)
            issue_text(r, ci);
        break;
    case FMT_JSON: issue_json(r, ci); break;
    case FMT_SARIF: issue_sarif(r, ci); break;
    case FMT_GITHUB: issue_github(r, ci); break;
    }
}

/* ---- one file ------------------------------------------------------------------- */

/** Hints for a human about what went wrong as a whole; returns how many.
 *  (Whether the first word carries the magic number in either byte order,
 *  whatever the rest of the magic record says: then the validator's issues
 *  about that record say what is wrong, not "this is not FXT".) */
static size_t file_notes(const run *r, const fxt_stats *st, const char *notes[MAX_NOTES])
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

/** The "N more [ID name] issues not shown" note of rule RI into BUF. */
static void hidden_note(const run *r, const fxt_rule_info *ri, char *buf, size_t size)
{
    uint64_t n = r->hidden[r->rev][ri->rule];
    snprintf(buf, size,
             "%" PRIu64 " more [%s %s] %s not shown (--max-issues %" PRIu64 " per rule; 0 shows all)",
             n, ri->id, ri->name, plural(n, "issue", "issues"), r->cfg->max_issues);
}

/** Write the verdict line of --revision auto (text and github formats):
 *  "NAME: conforms to r3, current; not r1 (E0006 at 0x1a8), not r2 (...)". */
static void verdict_line(const run *r, const fxt_revision_verdict vd[FXT_REV_COUNT])
{
    put_text_z(stdout, r->name);
    fputs(": conforms to ", stdout);
    int any = 0;
    for (unsigned k = 0; k < FXT_REV_COUNT; k++)
        if (vd[k].checked && vd[k].conforms) {
            printf("%s%s", any ? ", " : "", fxt_revision_name((fxt_revision)k));
            any = 1;
        }
    if (!any)
        fputs("no revision", stdout);
    int nots = 0;
    for (unsigned k = 0; k < FXT_REV_COUNT; k++) {
        if (!vd[k].checked || vd[k].conforms)
            continue;
        const fxt_rule_info *ri = fxt_rule_get(vd[k].first_error);
        printf("%snot %s (", nots ? ", " : "; ", fxt_revision_name((fxt_revision)k));
        if (ri)
            printf("%s at 0x%" PRIx64 ")", ri->id, vd[k].first_error_offset);
        else
            printf("%" PRIu64 " %s)", vd[k].errors, plural(vd[k].errors, "error", "errors"));
        nots = 1;
    }
    putc('\n', stdout);
}

void report_verdicts(run *r, const fxt_revision_verdict vd[FXT_REV_COUNT])
{
    if (r->cfg->format == FMT_TEXT || r->cfg->format == FMT_GITHUB)
        verdict_line(r, vd);
}

static void summary_line(const run *r, const fxt_stats *st, double secs)
{
    put_text_z(stdout, r->name);
    printf(": %" PRIu64 " %s, %" PRIu64 " %s, %" PRIu64 " %s", st->records,
           plural(st->records, "record", "records"), st->errors,
           plural(st->errors, "error", "errors"), st->warnings,
           plural(st->warnings, "warning", "warnings"));
    if (r->cfg->timing || r->cfg->stats) {
        printf(" (%.3f s", secs);
        if (secs > 0)
            printf(", %.1f MB/s", (double)st->bytes / 1e6 / secs);
        putc(')', stdout);
    }
    putc('\n', stdout);
}

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
    print_counts_text("events by type", st->events_by_type, fxt_event_type_name);
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

static void file_end_text(const run *r, const fxt_stats *st, double secs)
{
    const config *cfg = r->cfg;
    int gh = cfg->format == FMT_GITHUB;
    if (!cfg->quiet || gh) {
        char buf[256];
        const char *notes[MAX_NOTES];
        size_t nn = file_notes(r, st, notes);
        for (unsigned i = 0; i < fxt_rule_count(); i++) {
            const fxt_rule_info *ri = fxt_rule_at(i);
            if ((unsigned)ri->rule >= FXT_R_END_ || !r->hidden[r->rev][ri->rule])
                continue;
            hidden_note(r, ri, buf, sizeof buf);
            if (gh) {
                fputs("::notice file=", stdout);
                put_workflow(stdout, r->name, strlen(r->name), 1);
                fputs("::", stdout);
                put_workflow(stdout, buf, strlen(buf), 0);
            } else {
                put_text_z(stdout, r->name);
                printf(": note: %s", buf);
            }
            putc('\n', stdout);
        }
        for (size_t i = 0; i < nn; i++) {
            if (gh) {
                fputs("::notice file=", stdout);
                put_workflow(stdout, r->name, strlen(r->name), 1);
                printf("::%s\n", notes[i]);
            } else {
                put_text_z(stdout, r->name);
                printf(": note: %s\n", notes[i]);
            }
        }
    }
    summary_line(r, st, secs);
    if (cfg->stats)
        stats_text(r, st);
}

static void print_counts_json(const char *key, const uint64_t c[16],
                              const char *(*name)(unsigned))
{
    int first = 1;
    printf(",\"%s\":{", key);
    for (unsigned t = 0; t < 16; t++) {
        if (!c[t])
            continue;
        if (!first)
            putc(',', stdout);
        first = 0;
        put_json(stdout, name(t));
        printf(":%" PRIu64, c[t]);
    }
    putc('}', stdout);
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

static void file_end_json(const run *r, const fxt_stats *st, const char *io_error, double secs)
{
    const char *notes[MAX_NOTES];
    size_t nn = io_error ? 0 : file_notes(r, st, notes);
    uint64_t hidden = 0;
    for (unsigned k = 0; k < FXT_R_END_; k++)
        hidden += r->hidden[r->rev][k];

    printf("%s],\"truncated_issues\":%" PRIu64, r->json_issues ? "\n  " : "", hidden);
    printf(",\"records\":%" PRIu64 ",\"bytes\":%" PRIu64 ",\"errors\":%" PRIu64
           ",\"warnings\":%" PRIu64 ",\"big_endian\":%s,\"stopped\":%s",
           st->records, st->bytes, st->errors, st->warnings,
           st->big_endian ? "true" : "false", st->stopped ? "true" : "false");
    printf(",\"revision\":\"%s\"", fxt_revision_name(r->rev));
    if (!io_error)
        revisions_json(r);
    print_counts_json("record_types", st->by_type, fxt_record_type_name);
    print_counts_json("event_types", st->events_by_type, fxt_event_type_name);

    fputs(",\"issues_by_rule\":{", stdout);
    int first = 1;
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        uint64_t n = r->v && !io_error ? fxt_validator_rule_count(r->v, ri->rule) : 0;
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
        print_counts_json("record_types", ps.by_type, fxt_record_type_name);
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

/** A SARIF tool notification about file R into the session's notes spool. */
static void sarif_note(const run *r, const char *level, const char *text)
{
    FILE *f = r->s->notes;
    if (!f)
        return;
    fprintf(f, "%s{\"level\":\"%s\",\"message\":{\"text\":", r->s->notes_out++ ? ",\n" : "\n",
            level);
    put_json(f, text);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"", f);
    put_uri(f, r->name);
    fputs("\"}}}]}", f);
}

static void file_end_sarif(const run *r, const fxt_stats *st, const char *io_error)
{
    char buf[256];
    if (io_error) {
        sarif_note(r, "error", io_error);
        return;
    }
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if ((unsigned)ri->rule < FXT_R_END_ && r->hidden[r->rev][ri->rule]) {
            hidden_note(r, ri, buf, sizeof buf);
            sarif_note(r, "note", buf);
        }
    }
    const char *notes[MAX_NOTES];
    size_t nn = file_notes(r, st, notes);
    for (size_t i = 0; i < nn; i++)
        sarif_note(r, "note", notes[i]);
}

void report_file_begin(run *r)
{
    if (r->cfg->format == FMT_JSON) {
        fputs(r->first_file ? "\n  {\"file\":" : ",\n  {\"file\":", stdout);
        put_json(stdout, r->name);
        fputs(",\"issues\":[", stdout);
    }
}

void report_file_end(run *r, const fxt_stats *st, const char *io_error, double secs)
{
    switch (r->cfg->format) {
    case FMT_JSON: file_end_json(r, st, io_error, secs); break;
    case FMT_SARIF: file_end_sarif(r, st, io_error); break;
    case FMT_TEXT:
    case FMT_GITHUB:
        if (io_error && r->cfg->format == FMT_GITHUB) {
            fputs("::error file=", stdout);
            put_workflow(stdout, r->name, strlen(r->name), 1);
            fputs(",title=I/O error::", stdout);
            put_workflow(stdout, io_error, strlen(io_error), 0);
            putc('\n', stdout);
        } else if (!io_error) {
            file_end_text(r, st, secs);
        }
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
