/* SPDX-License-Identifier: MIT */
/*
 * fxt/layout.h - the layout table: what every revision of the format
 * defines, and how every header word is divided into fields.
 *
 * The format has four public revisions (../shared/spec/REVISIONS.md): r1,
 * r2, r3 and current. Field positions are written once, in format.h; this
 * table says, per revision, which type values exist, what each event type
 * means, which fields move or are reserved, which named fields make up
 * each header word, and in what order a record's body follows it. The
 * validator, encoder, generator, mutator, fxt-dump and the generated docs
 * read it (the encoder and the generator's direct path are held to the
 * body order by a test); adding a revision means adding a row here
 * (format/layout.c), not editing five files.
 *
 * Spec-tests do not use this header: they are anchored on hand-worked words.
 */
#ifndef FXT_LAYOUT_H
#define FXT_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/format.h"
#include "fxt/revision.h"
#include "fxt/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Sentinel of fxt_layout.event_kind: the event type is not defined. */
#define FXT_ET_NONE 0xffu

/** What a field of a word holds. */
typedef enum fxt_field_kind {
    FXT_FK_VALUE = 0,  /**< a number (koid, cpu, priority, id...) */
    FXT_FK_TYPE,       /**< a type selector (record type, subtype...) */
    FXT_FK_SIZE,       /**< a size in words */
    FXT_FK_COUNT,      /**< a number of arguments */
    FXT_FK_LENGTH,     /**< a stream length in bytes */
    FXT_FK_STRREF,     /**< a string ref */
    FXT_FK_THREADREF,  /**< a thread ref */
    FXT_FK_RESERVED    /**< must be zero */
} fxt_field_kind;

/** One named field of a word: bits [lo..hi]. */
typedef struct fxt_field_desc {
    const char *name; /**< "string index", "reserved"... */
    uint8_t lo, hi;   /**< inclusive bit numbers, as the spec writes them */
    uint8_t kind;     /**< fxt_field_kind */
} fxt_field_desc;

/** How one word (a record header, an argument header, a large blob's
 *  format header) is divided. Fields are listed from bit 0 up and cover
 *  all 64 bits. */
typedef struct fxt_word_desc {
    const char *name;             /**< "string record header" */
    const char *prefix;           /**< message prefix naming the variant ("" or "provider info: ") */
    fxt_rule reserved_rule;       /**< rule for set reserved bits */
    uint64_t reserved_mask;       /**< union of its FXT_FK_RESERVED fields */
    unsigned nfields;             /**< entries of fields */
    const fxt_field_desc *fields; /**< the fields, lowest bits first */
} fxt_word_desc;

/** One revision's row of the layout table. */
typedef struct fxt_layout {
    fxt_revision revision; /**< its enum value */
    const char *name;      /**< "r1", "r2", "r3", "current" */
    const char *era;       /**< "Magenta era"... */
    const char *spec_file; /**< its text under ../shared/spec/ */

    /* Which values of each type field are defined: bit t set = value t
     * exists in this revision. Anything else is an undefined type value. */
    uint16_t record_types;
    uint16_t metadata_types;
    uint16_t trace_info_types;
    uint16_t event_types;
    uint16_t arg_types;
    uint16_t large_types;
    uint16_t large_blob_formats;
    uint16_t sched_types;  /**< 0: record type 8 is a context switch with no subtype */
    uint64_t blob_types;   /**< blob types 0..63 (none above is defined anywhere) */

    /** What each event type number means, as FXT_ET_* of the current
     *  numbering (the model's meaning), or FXT_ET_NONE. */
    uint8_t event_kind[16];
    /** The inverse: the number of event kind K in this revision, or FXT_ET_NONE. */
    uint8_t event_number[16];

    /* Fields that move between revisions. */
    uint8_t blob_size_lo, blob_size_hi; /**< blob payload size: [32..47] in r1, [32..46] after */
    int has_priorities;    /**< context switch priorities [44..51]/[52..59] (r3 on) */
    int has_magic;         /**< the magic number record exists; byte order is recognisable */
    /** Event numbering family: revisions with equal values read event
     *  types alike (r1 and r2: 0; r3 and current: 1). */
    int numbering;
} fxt_layout;

/** Row of revision R, or NULL if R is not a revision (FXT_REV_AUTO included). */
const fxt_layout *fxt_layout_get(fxt_revision r);

/** Mask of the revisions in which rule R can be reported (e.g. the magic
 *  rules from r3 on, the boolean rule in current only). */
unsigned fxt_rule_revisions(fxt_rule r);

/** Spec section of rule R in revision REV: the heading of that revision's
 *  text the rule comes from (headings differ between revisions), or NULL
 *  if the rule does not apply to REV. */
const char *fxt_rule_section(fxt_rule r, fxt_revision rev);

/** How the header word H of a record is divided under revision REV, after
 *  its record type and subtype (metadata, trace info, scheduling, large
 *  record and large blob format). Never NULL: an undefined type or subtype
 *  gives the generic description up to the undefined selector. */
const fxt_word_desc *fxt_header_desc(fxt_revision rev, uint64_t h);

/** How the header word of an argument of type T is divided under REV (an
 *  undefined T gives the generic argument header). */
const fxt_word_desc *fxt_arg_desc(fxt_revision rev, unsigned t);

/** The format header word (second word) of a large blob of FORMAT, or
 *  NULL if FORMAT is not defined. */
const fxt_word_desc *fxt_large_blob_format_desc(unsigned format);

/** Words of an argument of type T with indexed refs and nothing appended
 *  (the same in every revision that defines T): 1 + fxt_arg_value_words[T];
 *  0 if no revision defines T. */
unsigned fxt_arg_words(unsigned t);

/* Per-type word counts (current numbering) from the table, for direct
 * writers such as the encoder and the generator: arrays rather than
 * switches, since a branch on a random type mispredicts. */

/** Per argument type (FXT_AT_*): 1 if a 64-bit value word follows the
 *  argument header (int64, uint64, double, pointer, koid), else 0. */
extern const uint8_t fxt_arg_value_words[FXT_AT_COUNT];
/** Per argument type: mask of the 32-bit value held in header bits
 *  [32..63] (all ones for int32, uint32 and bool, else 0). */
extern const uint32_t fxt_arg_hi_value[FXT_AT_COUNT];
/** Per event meaning (FXT_ET_*): 1 if an event-type specific word (counter
 *  id, end time, correlation id; fxt_event_data_name) ends the record, else
 *  0: the body order's FXT_BI_EVENT_WORD. */
extern const uint8_t fxt_event_data_words[FXT_ET_COUNT];

/** Name of the event-type specific word that follows the arguments of an
 *  event of meaning KIND (FXT_ET_*: "counter id", "end time", "correlation
 *  id"), or NULL if it has none. */
const char *fxt_event_data_name(unsigned kind);

/* ---- body order ---------------------------------------------------------- */

/** What one item of a record's body is (fxt_body_item.kind). An item's
 *  field (lo, hi) is a field of the current word: the record's header
 *  word, or from an FXT_BI_FORMAT item on, the word that item is. */
typedef enum fxt_body_kind {
    FXT_BI_WORD = 0,   /**< one data word: timestamp, koid, pointer, ticks per second */
    FXT_BI_EVENT_WORD, /**< one event-type specific word after the arguments: counter
                            id, end time or correlation id */
    FXT_BI_THREAD,     /**< the thread ref in the field: two koid words (process, then
                            thread) when it is FXT_THREADREF_INLINE, none otherwise */
    FXT_BI_PROCESS,    /**< the thread ref in the field standing for a process: one
                            koid word when it is FXT_THREADREF_INLINE */
    FXT_BI_STRING,     /**< the string ref in the field: its text, padded to whole
                            words, when it has FXT_STRREF_INLINE_FLAG */
    FXT_BI_TEXT,       /**< text whose byte length is the field, padded to whole words */
    FXT_BI_BYTES,      /**< a payload whose byte length is the field, padded */
    FXT_BI_ARGS,       /**< as many arguments as the field counts, each framed by its
                            own size field */
    FXT_BI_FORMAT,     /**< a large blob's format header word: the current word from
                            here on (fxt_large_blob_format_desc divides it) */
    FXT_BI_SIZED       /**< a word giving a byte length, then that many bytes, padded */
} fxt_body_kind;

/** One item of a record's body: what comes next after the header word. */
typedef struct fxt_body_item {
    uint8_t kind;       /**< fxt_body_kind */
    uint8_t lo, hi;     /**< the field of the current word it reads (a ref, length or
                             count; 0, 0 for the kinds that read none) */
    const char *label;  /**< what its (first) word holds, as fxt-dump --hex names it:
                             "timestamp", "process koid", "name (inline)"... */
    const char *label2; /**< FXT_BI_THREAD: its second word ("thread koid");
                             FXT_BI_SIZED: its bytes ("payload"); NULL otherwise */
} fxt_body_item;

/** The body of the record whose header word is H, as revision REV lays it
 *  out: *N items in order after the header word (appended extension words
 *  may follow them up to the record's size). The one statement of body
 *  order: the mutator and fxt-dump walk it. The code that reads or writes
 *  bodies by hand is held to it by tests: the decoder (validator/decode.c)
 *  and the encoder by ctest body_order; the lean path's bodies
 *  (validator/fast_contract.h) by lean_equals_decoder; the generator's
 *  direct path (gen_direct.c) and the violation builders (violate_*.c)
 *  through the records they write, which body_order walks, gen_properties
 *  compares with the encoder's and violate decodes. NULL with *N = 0 when REV defines no such record
 *  (record type, metadata or trace info type, event type, scheduling
 *  subtype, large record type or blob format undefined in REV); an empty
 *  list (non-NULL, *N = 0) for a record that is its header word alone.
 *  Type values that only name what a payload holds (blob types) do not
 *  change the body. */
const fxt_body_item *fxt_body_items(fxt_revision rev, uint64_t h, size_t *n);

/** Words that item IT occupies when W is its current word: 1 for
 *  FXT_BI_WORD, FXT_BI_EVENT_WORD, FXT_BI_FORMAT and FXT_BI_SIZED (its
 *  length word; the bytes it gives follow), by the field for the refs and
 *  streams, 0 for FXT_BI_ARGS (each argument's size field frames it). */
uint64_t fxt_body_item_words(const fxt_body_item *it, uint64_t w);

/** Bytes of the record whose header word is H, framed as LAYOUT frames
 *  it: a type-15 (large) record's size is bits [4..35] in the revisions
 *  that have large records (r3 on), bits [4..15] like any other record in
 *  those that do not. 0 for a record of size 0 (a reader cannot advance).
 *  The one framing rule: the validator, the mutator and the tools use it. */
uint64_t fxt_record_bytes(const fxt_layout *layout, uint64_t h);

/** The field of header word H that holds the record's size in words, as
 *  LAYOUT frames it (the field fxt_record_bytes reads): *LO, *HI = 4, 35
 *  for a large record where the revision has them, else 4, 15. */
void fxt_record_size_field(const fxt_layout *layout, uint64_t h, unsigned *lo, unsigned *hi);

/** fxt_record_bytes of a record whose type is not 15 (large), in any
 *  revision: its 12-bit size field [4..15], in bytes. Inline, for the
 *  loops that hand type-15 records elsewhere (validator/fast.c). */
static inline uint64_t fxt_record_bytes_small(uint64_t h)
{
    return FXT_GET(h, FXT_REC_SIZE) * 8;
}

/** Is a trace that starts with the 8 bytes at FIRST big-endian, as LAYOUT
 *  reads it? Only revisions with the magic record can tell (r1/r2 traces
 *  are little-endian): the first word reads as a magic record only
 *  byte-swapped, by its magic number or by the fields before it (a
 *  one-word trace info record of type 0), so that a damaged magic record
 *  (wrong number, size or reserved bits) still tells the byte order. The
 *  one byte-order rule: the validator and the mutator use it. */
int fxt_trace_is_big_endian(const fxt_layout *layout, const void *first);

/** Name of record type T ("event", "large", "type-12"...; "trace" for 16,
 *  the record type of issues about the whole input). Never NULL. */
const char *fxt_record_type_name(unsigned t);

/** Name of event number T as revision REV reads it ("async-begin" for 4 in
 *  r1, "duration-complete" for 4 in current; "event-type-N" if undefined;
 *  "?" if REV is not a revision or T > 15). With FXT_REV_CURRENT it names
 *  an event meaning (FXT_ET_*), the numbering of the record model. */
const char *fxt_event_type_name(fxt_revision rev, unsigned t);

/** Name of argument type T ("int32", "string", "bool"...; "type-N" for the
 *  values no revision defines). Never NULL. */
const char *fxt_arg_type_name(unsigned t);

/** Does revision REV define value V of the type field that TYPE_MASK
 *  (a member of fxt_layout such as record_types) describes? */
static inline int fxt_layout_defines(uint64_t type_mask, unsigned v)
{
    return v < 64 && ((type_mask >> v) & 1u);
}

#ifdef __cplusplus
}
#endif

#endif /* FXT_LAYOUT_H */
