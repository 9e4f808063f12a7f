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
 * third on two threads (validator/par.c) cut into tasks of 64 to 568 bytes
 * (on one input in four, chosen by its bytes: it starts a thread). Validator
 * options (table sizes,
 * allow-unknown, ignored rules) are derived from a hash of the input.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    fxt_options lo = fz_options(data, size);
    fz_run lean;
    fz_run_init(&lean, data, size, &lo);
    lo.on_record = NULL;
    lean.opt = lo;
    fxt_validator *lv = fz_validator_new(&lo, 1);
    lean.fed = size;
    FZ_CHECK(lv != NULL, "fxt_validator_new failed");
    fxt_validator_feed(lv, data, size);
    lean.finishing = 1;
    fxt_validator_finish(lv);
    lean.records = run.records; /* no models to compare on this side */
    lean.digest = run.digest;
    fz_compare_runs(&run, v, &lean, lv, "visitor vs lean");
    fz_validator_free(lv, 1);
    fz_run_free(&lean);

    /* The same on two threads: the parallel path must give one thread's
     * issues, stats and providers (the task size from the input's length,
     * so that the fuzzer explores where tasks are cut; one input in four,
     * by its bytes, for starting a thread costs more than most runs). */
    unsigned pick = (unsigned)size; /* (its length and last bytes: traces share their heads) */
    for (size_t i = size > 32 ? size - 32 : 0; i < size; i++)
        pick = pick * 31u + data[i];
    if (pick % 4u != 0) {
        fz_validator_free(v, 0);
        fz_run_free(&run);
        return 0;
    }
    fxt_options po = fz_options(data, size);
    fz_run par;
    fz_run_init(&par, data, size, &po);
    po.on_record = NULL;
    po.threads = 2;
    po.task_bytes = 64 + (unsigned)(size % 64) * 8;
    par.opt = po;
    fxt_validator *pv = fz_validator_new(&po, 1);
    par.fed = size;
    FZ_CHECK(pv != NULL, "fxt_validator_new failed");
    fxt_validator_feed(pv, data, size);
    par.finishing = 1;
    fxt_validator_finish(pv);
    par.records = run.records;
    par.digest = run.digest;
    fz_compare_runs(&run, v, &par, pv, "visitor vs two threads");
    fz_validator_free(pv, 1);
    fz_run_free(&par);

    fz_validator_free(v, 0);
    fz_run_free(&run);
    return 0;
}
