/* SPDX-License-Identifier: MIT */
/*
 * fuzz_validate - the validator over the whole input, with a visitor that
 * touches every documented field of every record.
 *
 * Must never crash, leak or hit undefined behaviour, on any input. Beyond
 * memory safety it checks the contracts of fxt/validate.h: issue offsets
 * inside the input and in input order, severities as catalogued (or
 * downgraded by allow-unknown), ignored rules silent, stats consistent with
 * the issues and records seen, record models self-consistent (inline strings,
 * payloads and extra words inside the record's bytes, raw bytes equal to the
 * input), provider API consistent; and a second run without the visitor
 * (the lean path) gives the same issues, stats and providers, and so does a
 * third on two threads (validator/par.c) cut into pieces of 64 to 568 bytes
 * (on one input in four, chosen by its bytes: it starts a thread). Validator
 * options (table sizes,
 * allow-unknown, ignored rules) are derived from a hash of the input.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A run without the visitor on THREADS threads (pieces of TASK_BYTES; 0 and
 * 0: one thread) must give RUN's issues, stats and providers (WHAT names
 * the pair). */
static void same_without_visitor(const uint8_t *data, size_t size, fz_run *run, fxt_validator *v,
                                 unsigned threads, unsigned task_bytes, const char *what)
{
    fxt_options o = fz_options(data, size);
    fz_run r;
    fz_run_init(&r, data, size, &o);
    o.on_record = NULL;
    o.threads = threads;
    o.task_bytes = task_bytes;
    r.opt = o;
    fxt_validator *w = fz_validator_new(&o, 1);
    r.fed = size;
    FZ_CHECK(w != NULL, "fxt_validator_new failed");
    fxt_validator_feed(w, data, size);
    r.finishing = 1;
    fxt_validator_finish(w);
    r.records = run->records; /* no models to compare on this side */
    r.digest = run->digest;
    fz_compare_runs(run, v, &r, w, what);
    fz_validator_free(w, 1);
    fz_run_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fxt_options o = fz_options(data, size);
    fz_run run;
    fz_run_init(&run, data, size, &o);
    fxt_validator *v = fz_validator_new(&o, 0);
    FZ_CHECK(v != NULL, "fxt_validator_new failed");
    run.fed = size;
    fxt_validator_feed(v, data, size);
    run.finishing = 1;
    fxt_validator_finish(v);
    fz_run_check(&run, v);

    /* Without a visitor the validator takes its lean path (validator/fast.c)
     * for most records: it must give the same issues, stats and providers
     * as the field-by-field decoder did above. */
    same_without_visitor(data, size, &run, v, 0, 0, "visitor vs lean");

    /* The same on two threads: the parallel path must give one thread's
     * issues, stats and providers (the task size from the input's length,
     * so that the fuzzer explores where tasks are cut; one input in four,
     * by its bytes, for starting a thread costs more than most runs). */
    unsigned pick = (unsigned)size; /* (its length and last bytes: traces share their heads) */
    for (size_t i = size > 32 ? size - 32 : 0; i < size; i++)
        pick = pick * 31u + data[i];
    if (pick % 4u == 0)
        same_without_visitor(data, size, &run, v, 2, 64 + (unsigned)(size % 64) * 8,
                             "visitor vs two threads");

    fz_validator_free(v, 0);
    fz_run_free(&run);
    return 0;
}
