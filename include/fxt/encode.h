/* SPDX-License-Identifier: MIT */
/*
 * fxt/encode.h - the reference encoder.
 *
 * Writes any record of any revision (fxt/layout.h; the current one unless
 * fxt_writer_set_revision says otherwise), from the same fxt_record model
 * the validator's visitor produces, into a caller's buffer, in either byte
 * order. The model's event_type is the meaning in the current numbering
 * (FXT_ET_*); the encoder writes the selected revision's number for it. What
 * the revision cannot express is refused: a type it does not define (event
 * kind, record, metadata, argument, blob, large record, scheduling subtype)
 * with FXT_ENC_INVALID, a field it does not have (context-switch priorities
 * before r3) or a value too big for its layout (r1's 16-bit blob size, the
 * later 15-bit one) with FXT_ENC_RANGE. The record's size field is computed from its content (plus any
 * appended extension words in rec->extra / arg->extra), so decode -> encode
 * reproduces a conforming trace byte for byte.
 *
 * Values that do not fit their field are rejected (FXT_ENC_RANGE), never
 * truncated. For negative tests, fxt_patch_field() then sets any field of an
 * already written word to any value.
 */
#ifndef FXT_ENCODE_H
#define FXT_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/layout.h"
#include "fxt/record.h"
#include "fxt/word.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Encoder result codes. */
typedef enum fxt_enc_result {
    FXT_ENC_OK = 0,
    FXT_ENC_NOSPACE = -1, /**< the buffer is too small; nothing was written */
    FXT_ENC_RANGE = -2,   /**< a value does not fit its field */
    FXT_ENC_INVALID = -3  /**< undefined type, or inconsistent model (e.g. argc > 15) */
} fxt_enc_result;

/** Output buffer owned by the caller. */
typedef struct fxt_writer {
    uint8_t *buf;   /**< caller's buffer */
    size_t cap;     /**< its size in bytes */
    size_t len;     /**< bytes written so far (always a multiple of 8) */
    int big_endian; /**< write words byte-swapped (streams stay in order) */
    fxt_revision revision; /**< layout written (set by fxt_writer_init / _set_revision) */
} fxt_writer;

/** Start writing into BUF of CAP bytes, in the current revision. */
void fxt_writer_init(fxt_writer *w, void *buf, size_t cap, int big_endian);

/** Write revision REV's layout from now on. FXT_ENC_INVALID (and nothing
 *  changes) if REV is not one of the four revisions (FXT_REV_AUTO is not). */
fxt_enc_result fxt_writer_set_revision(fxt_writer *w, fxt_revision rev);

/** Append one word (in the writer's byte order). */
fxt_enc_result fxt_write_word(fxt_writer *w, uint64_t word);

/** Append a stream of LEN bytes, zero-padded to 8 bytes. */
fxt_enc_result fxt_write_stream(fxt_writer *w, const void *data, size_t len);

/** Append the magic number record (FXT_ENC_INVALID before r3, which has
 *  no magic number record). */
fxt_enc_result fxt_encode_magic(fxt_writer *w);

/** Append record R (type, subtype and fields from the model; size computed).
 *  On error nothing is appended: w->len is unchanged and nothing before it
 *  or past w->cap is touched, but the free space in between may have been
 *  used as scratch. */
fxt_enc_result fxt_encode_record(fxt_writer *w, const fxt_record *r);

/** Bytes record R will take when encoded in revision REV (a writer's
 *  revision field; FXT_REV_CURRENT unless fxt_writer_set_revision changed
 *  it), or 0 if it cannot be encoded there or REV is not a revision. */
size_t fxt_encoded_size(const fxt_record *r, fxt_revision rev);

/** Set bits [lo..hi] of the word at byte offset OFF of BUF to VALUE (which is
 *  truncated to the field width), in the given byte order. For negative
 *  tests: any field, any value. */
void fxt_patch_field(void *buf, size_t off, unsigned lo, unsigned hi, uint64_t value, int big_endian);

/* Reading a word: fxt_load_word (fxt/word.h), the one word loader. */

/** Name of an encoder result. */
const char *fxt_enc_strerror(fxt_enc_result r);

/* ---- small constructors for the model ---------------------------------- */

/** An indexed string ref (index 1..0x7fff). */
fxt_str fxt_str_indexed(uint16_t index);
/** An inline string ref over DATA[0..len) (len <= 0x7fff). */
fxt_str fxt_str_inline(const char *data, size_t len);
/** An inline string ref over a NUL-terminated string. */
fxt_str fxt_str_cstr(const char *s);
/** An indexed thread ref (index 1..255). */
fxt_thread fxt_thread_indexed(uint8_t index);
/** An inline thread ref with koids PID and TID. */
fxt_thread fxt_thread_inline(uint64_t pid, uint64_t tid);

#ifdef __cplusplus
}
#endif

#endif /* FXT_ENCODE_H */
