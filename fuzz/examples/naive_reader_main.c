/* SPDX-License-Identifier: MIT */
/*
 * naive_reader_main.c - the naive reader as a program (naive_reader.c is
 * the reader): prints a summary of the trace, or with --jsonl the records it
 * decoded as JSON lines in the schema of fxt-dump --jsonl (for fxt-conform
 * --compare).
 *
 * usage: naive_reader [--jsonl] FILE     exit 0 read, 1 malformed trace, 2 usage/I/O
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "naive_reader.h"

static const char *const k_types[16] = {
    "metadata", "init", "string", "thread", "event", "blob", "userspace", "kernel",
    "scheduling", "log", "type-10", "type-11", "type-12", "type-13", "type-14", "large"};
static const char *const k_events[16] = {
    "instant", "counter", "duration-begin", "duration-end", "duration-complete",
    "async-begin", "async-instant", "async-end", "flow-begin", "flow-step", "flow-end",
    "type-11", "type-12", "type-13", "type-14", "type-15"};

/* ---- --jsonl: the records as fxt-dump --jsonl names their fields ---- */

static void json_text(FILE *f, nr_text t)
{
    putc('"', f);
    for (size_t i = 0; i < t.n; i++) {
        unsigned c = t.p[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            putc((int)c, f);
    }
    putc('"', f);
}

static void emit_json(void *ctx, const nr_decoded *d, uint64_t index, size_t off, uint64_t h)
{
    FILE *f = ctx;
    fprintf(f, "{\"kind\":\"record\",\"index\":%llu,\"offset\":%zu,\"type\":%u,\"fields\":{",
            (unsigned long long)index, off, (unsigned)(h & 0xf));
    if (d->has_event) {
        fprintf(f, "\"event_type\":%u,\"timestamp\":%llu,\"thread\":{\"pid\":%llu,\"tid\":%llu}",
                d->etype, (unsigned long long)d->ts, (unsigned long long)d->pid,
                (unsigned long long)d->tid);
        fputs(",\"category\":", f);
        json_text(f, d->category);
        fputs(",\"name\":", f);
        json_text(f, d->name);
        const char *w = d->etype == 1 ? "counter_id" : d->etype == 4 ? "end_time"
                      : d->etype >= 5 && d->etype <= 10 ? "correlation_id" : NULL;
        if (w)
            fprintf(f, ",\"%s\":%llu", w, (unsigned long long)d->word);
    } else if (d->has_string) {
        fprintf(f, "\"index\":%u,\"text\":", d->index);
        json_text(f, d->text);
    } else if (d->has_thread) {
        fprintf(f, "\"index\":%u,\"pid\":%llu,\"tid\":%llu", d->index,
                (unsigned long long)d->pid, (unsigned long long)d->tid);
    } else if (d->has_init) {
        fprintf(f, "\"ticks_per_second\":%llu", (unsigned long long)d->tps);
    } else if (d->has_meta) {
        fprintf(f, "\"metadata_type\":%u", d->meta_type);
        if (d->meta_type >= 1 && d->meta_type <= 3)
            fprintf(f, ",\"provider_id\":%u", (unsigned)d->provider_id);
    }
    fputs("}}\n", f);
}

int main(int argc, char **argv)
{
    int jsonl = argc == 3 && !strcmp(argv[1], "--jsonl");
    if (jsonl) {
        argv++;
        argc--;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(argc == 2 && !strcmp(argv[1], "--help") ? stdout : stderr,
                "usage: naive_reader [--jsonl] FILE\n"
                "Reads an FXT trace and prints a summary. A deliberately naive reader\n"
                "with planted bugs (see fuzz/examples/README.md): do not trust it.\n"
                "--jsonl prints the records it decoded as JSON lines in the schema of\n"
                "fxt-dump --jsonl (for fxt-conform --compare), and an error as\n"
                "{\"kind\":\"error\",\"index\":N,\"message\":...}.\n"
                "exit status: 0 read, 1 malformed trace, 2 usage or I/O error\n");
        return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
    }
    uint8_t *data;
    size_t len;
    char why[256];
    if (nr_load_file(argv[1], &data, &len, why, sizeof why) != 0) {
        fprintf(stderr, "naive_reader: %s\n", why);
        return 2;
    }
    nr_summary s;
    char err[256];
    if (nr_read_emit(data, len, &s, err, sizeof err, jsonl ? emit_json : NULL, stdout) != 0) {
        if (jsonl) {
            nr_text t = {(const uint8_t *)err, strlen(err)};
            printf("{\"kind\":\"error\",\"index\":%llu,\"message\":",
                   (unsigned long long)s.records);
            json_text(stdout, t);
            puts("}");
        }
        fprintf(stderr, "naive_reader: %s: %s\n", argv[1], err);
        free(data);
        return 1;
    }
    if (jsonl) {
        free(data);
        return 0;
    }
    printf("%s: %zu bytes, %s\n", argv[1], len, s.big_endian ? "big-endian" : "little-endian");
    printf("  records: %llu (", (unsigned long long)s.records);
    for (int t = 0, first = 1; t < 16; t++)
        if (s.by_type[t]) {
            printf("%s%s %llu", first ? "" : ", ", k_types[t], (unsigned long long)s.by_type[t]);
            first = 0;
        }
    printf(")\n  providers: %llu", (unsigned long long)s.providers);
    for (uint64_t i = 0; i < s.providers && i < NR_MAX_PROVIDER_NAMES; i++)
        printf(" \"%s\"", s.provider_names[i]);
    printf("\n  strings: %llu string records, %llu thread records, %llu distinct event names\n",
           (unsigned long long)s.strings, (unsigned long long)s.threads,
           (unsigned long long)s.distinct_names);
    printf("  events:");
    uint64_t nev = 0;
    for (int t = 0; t < 16; t++)
        if (s.events_by_type[t]) {
            printf(" %s %llu", k_events[t], (unsigned long long)s.events_by_type[t]);
            nev += s.events_by_type[t];
        }
    printf("%s (%llu arguments)\n", nev ? "" : " none", (unsigned long long)s.args);
    printf("  ticks per second: %llu\n", (unsigned long long)s.ticks_per_second);
    printf("  durations: %llu (%llu begin/end pairs), total %.9f s\n",
           (unsigned long long)s.durations, (unsigned long long)s.duration_pairs, s.duration_s);
    if (s.have_time)
        printf("  events from %.9f s to %.9f s\n", s.first_s, s.last_s);
    printf("  blobs: %llu, %llu payload bytes, checksum 0x%016llx\n", (unsigned long long)s.blobs,
           (unsigned long long)s.blob_bytes, (unsigned long long)s.blob_checksum);
    free(data);
    return 0;
}

