/* SPDX-License-Identifier: MIT */
/*
 * cmd_golden.c - fxt-gen golden DIR: writes the golden corpus built by
 * fxt_gen_golden() into DIR (valid/, invalid/, warn/, sample.fxt) and its
 * manifest.json: path, sha256, size, records, verdict, expected issues
 * (rule, record offset and field offset), spec section, byte order and description of
 * every vector.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "fxt/gen.h"
#include "fxt/rules.h"
#include "gen_cli.h"
#include "sha256.h"

static const char *const k_verdict[] = {"valid", "invalid", "warn"};

/* Opens DIR/REL (named in PATH, which O refers to until closed) through
 * outfile.h: a regular file is replaced only when complete. 0, or 2 after a
 * message. */
static int open_out(outfile *o, char *path, size_t cap, const char *dir, const char *rel)
{
    char err[4400];
    snprintf(path, cap, "%s/%s", dir, rel);
    if (outfile_open(o, path, err, sizeof err) != 0) {
        fprintf(stderr, "fxt-gen golden: %s\n", err);
        return 2;
    }
    return 0;
}

static int close_out(outfile *o)
{
    char err[4400];
    if (outfile_close(o, err, sizeof err) != 0) {
        fprintf(stderr, "fxt-gen golden: %s\n", err);
        return 2;
    }
    return 0;
}

static int write_bytes(const char *dir, const char *rel, const uint8_t *data, size_t len)
{
    char path[4096];
    outfile o;
    if (open_out(&o, path, sizeof path, dir, rel) != 0)
        return 2;
    if (len)
        outfile_write(&o, data, len);
    return close_out(&o);
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST) {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            return 0;
        fprintf(stderr, "fxt-gen golden: %s: not a directory\n", path);
        return 2;
    }
    fprintf(stderr, "fxt-gen golden: %s: %s\n", path, strerror(errno));
    return 2;
}

/* JSON string (the texts are ASCII; anything else is escaped). */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7f)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static int write_manifest(const char *dir, const fxt_gen_corpus *c)
{
    char path[4096];
    outfile o;
    if (open_out(&o, path, sizeof path, dir, "manifest.json") != 0)
        return 2;
    FILE *f = o.f;
    fprintf(f, "{\n  \"format\": \"fxtkit-golden-corpus\",\n  \"format_version\": 3,\n"
               "  \"spec\": \"Fuchsia trace format, current revision (trace-format.md), and "
               "revisions r1, r2, r3 (revisions/)\",\n"
               "  \"generator\": \"fxt-gen golden\",\n  \"vectors\": [");
    for (size_t i = 0; i < c->count; i++) {
        const fxt_gen_vector *v = &c->vectors[i];
        char hex[65];
        sha256_hex(v->data, v->len, hex);
        fprintf(f, "%s\n    {\n      \"path\": ", i ? "," : "");
        json_str(f, v->path);
        fprintf(f, ",\n      \"sha256\": \"%s\",\n      \"bytes\": %zu,", hex, v->len);
        if (v->records >= 0)
            fprintf(f, "\n      \"records\": %lld,", (long long)v->records);
        fprintf(f, "\n      \"verdict\": \"%s\",\n      \"issues\": [", k_verdict[v->verdict]);
        for (unsigned k = 0; k < v->nissues; k++) {
            const fxt_rule_info *ri = fxt_rule_get(v->rules[k]);
            fprintf(f,
                    "%s{\"rule\": \"%s\", \"name\": \"%s\", \"record_offset\": %llu, "
                    "\"field_offset\": %llu}",
                    k ? ", " : "", ri->id, ri->name, (unsigned long long)v->offsets[k],
                    (unsigned long long)v->field_offsets[k]);
        }
        fprintf(f, "],\n      \"spec_section\": ");
        json_str(f, v->section);
        fprintf(f, ",\n      \"byte_order\": \"%s\",\n      \"revision\": \"%s\",",
                v->big_endian ? "big" : "little", fxt_revision_name(v->revision));
        if (v->rev_known) {
            fprintf(f, "\n      \"revisions\": {");
            const char *sep = "";
            for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
                if (!((v->rev_known >> r) & 1))
                    continue;
                fprintf(f, "%s\n        \"%s\": {\"verdict\": \"%s\", \"issues\": [", sep,
                        fxt_revision_name((fxt_revision)r), k_verdict[v->rev_verdict[r]]);
                for (unsigned k = 0; k < v->rev_nissues[r]; k++) {
                    const fxt_rule_info *ri = fxt_rule_get(v->rev_rules[r][k]);
                    fprintf(f,
                            "%s{\"rule\": \"%s\", \"name\": \"%s\", \"record_offset\": "
                            "%llu, \"field_offset\": %llu}",
                            k ? ", " : "", ri->id, ri->name,
                            (unsigned long long)v->rev_offsets[r][k],
                            (unsigned long long)v->rev_field_offsets[r][k]);
                }
                fprintf(f, "]}");
                sep = ",";
            }
            fprintf(f, "\n      },");
        }
        fprintf(f, "\n      \"description\": ");
        json_str(f, v->desc);
        fprintf(f, "\n    }");
    }
    fprintf(f, "\n  ]\n}\n");
    return close_out(&o);
}
int gen_cmd_golden(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        printf("Usage: fxt-gen golden DIR\n"
               "\n"
               "Write the golden corpus into DIR (created if needed): valid/, invalid/, warn/,\n"
               "revisions/ (verdicts that differ between revisions r1, r2, r3, current)\n"
               "vectors, manifest.json (path, sha256, verdict, expected issues with record and\n"
               "field offsets, spec section, byte order, description of each vector) and\n"
               "sample.fxt.\n"
               "Existing files of the same names are overwritten; other files are left alone.\n"
               "The output is deterministic.\n");
        return 0;
    }
    if (argc == 2 && argv[1][0] == 0) {
        fprintf(stderr, "fxt-gen golden: the directory name is empty\n");
        return 2;
    }
    if (argc != 2 || (argv[1][0] == '-' && argv[1][1] != 0)) {
        fprintf(stderr, "Usage: fxt-gen golden DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    fxt_gen_corpus c;
    char err[400];
    int rc = 0;
    if (fxt_gen_golden(&c, err, sizeof err) != 0) {
        fprintf(stderr, "fxt-gen golden: %s\n", err);
        fprintf(stderr, "fxt-gen golden: internal error: the corpus could not be built\n");
        return 1;
    }
    char sub[4096];
    static const char *const k_dirs[] = {"valid", "invalid", "warn", "revisions"};
    if (!rc)
        rc = make_dir(dir);
    for (unsigned i = 0; i < sizeof k_dirs / sizeof k_dirs[0] && !rc; i++) {
        snprintf(sub, sizeof sub, "%s/%s", dir, k_dirs[i]);
        rc = make_dir(sub);
    }
    size_t total = 0;
    for (size_t i = 0; i < c.count && !rc; i++) {
        rc = write_bytes(dir, c.vectors[i].path, c.vectors[i].data, c.vectors[i].len);
        total += c.vectors[i].len;
    }
    if (!rc)
        rc = write_bytes(dir, "sample.fxt", c.sample, c.sample_len);
    if (!rc)
        rc = write_manifest(dir, &c);
    if (!rc)
        printf("fxt-gen golden: %zu vectors (%zu bytes) and sample.fxt (%zu bytes) in %s\n",
               c.count, total, c.sample_len, dir);
    else
        fprintf(stderr, "fxt-gen golden: the corpus in %s is incomplete (no manifest.json "
                        "written after the error)\n", dir);
    fxt_gen_corpus_free(&c);
    return rc;
}
