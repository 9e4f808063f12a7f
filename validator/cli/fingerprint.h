/* SPDX-License-Identifier: MIT */
/*
 * fingerprint.h - the stable identity of an issue, fxtIssue/v1 "HASH:N"
 * (docs/ci.md): SARIF's partialFingerprints, GitLab's fingerprint and the
 * baseline's key. HASH covers what the issue is and where inside its
 * record; N numbers the issues of a file with the same HASH (per revision),
 * counted over every issue in the order found (before --max-issues).
 */
#ifndef FXT_CLI_FINGERPRINT_H
#define FXT_CLI_FINGERPRINT_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/** Room for "HASH:N" and its NUL. */
#define FP_TEXT_MAX 32

/** HASH of issue CI (CI->hdr as far as CI->hdr_have says). */
uint64_t fp_hash(const cli_issue *ci);

/** Per-file occurrence counters, by (HASH, revision). */
typedef struct fp_counter fp_counter;

/** A new, empty counter; NULL on ENOMEM. */
fp_counter *fp_counter_new(void);
/** Forget every count (a new file). */
void fp_counter_reset(fp_counter *c);
/** The occurrence number (1, 2...) of HASH under revision REV in the file;
 *  0 when memory ran out (the caller then says the fingerprints stopped). */
uint32_t fp_counter_next(fp_counter *c, uint64_t hash, unsigned rev);
void fp_counter_free(fp_counter *c);

/** "HASH:N" into BUF (FP_TEXT_MAX bytes). */
void fp_text(uint64_t hash, uint32_t n, char buf[FP_TEXT_MAX]);

#endif /* FXT_CLI_FINGERPRINT_H */
