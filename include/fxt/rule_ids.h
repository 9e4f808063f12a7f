/* SPDX-License-Identifier: MIT */
/*
 * fxt/rule_ids.h - the id of every rule of the catalogue (fxt/rules.h
 * describes each; docs/RULES.md lists them). Generated from
 * format/rule_table.h by `cmake -P format/rule_ids.cmake`: do not edit.
 */
#ifndef FXT_RULE_IDS_H
#define FXT_RULE_IDS_H

/** Rule identifiers: each is its rule's stable number. */
typedef enum fxt_rule {
    FXT_R_NONE = 0, /**< no rule */
    FXT_R_EMPTY_INPUT = 1,                 /**< E0001 empty-input */
    FXT_R_TRUNCATED = 2,                   /**< E0002 truncated */
    FXT_R_RECORD_SIZE_ZERO = 3,            /**< E0003 record-size-zero */
    FXT_R_RECORD_TOO_SMALL = 4,            /**< E0004 record-too-small */
    FXT_R_RECORD_SIZE_EXTRA = 5,           /**< W0005 record-size-extra */
    FXT_R_RECORD_TYPE_UNKNOWN = 6,         /**< E0006 record-type-unknown */
    FXT_R_PADDING_NONZERO = 7,             /**< E0007 padding-nonzero */
    FXT_R_UTF8_INVALID = 8,                /**< E0008 utf8-invalid */
    FXT_R_STRING_TOO_LONG = 9,             /**< W0009 string-too-long */
    FXT_R_STRING_REF_UNREGISTERED = 10,    /**< E0010 string-ref-unregistered */
    FXT_R_THREAD_REF_UNREGISTERED = 11,    /**< E0011 thread-ref-unregistered */
    FXT_R_MAGIC_MISSING = 12,              /**< W0012 magic-missing */
    FXT_R_MAGIC_NOT_FIRST = 13,            /**< W0013 magic-not-first */
    FXT_R_MAGIC_BAD_NUMBER = 14,           /**< E0014 magic-bad-number */
    FXT_R_MAGIC_BAD_SIZE = 15,             /**< E0015 magic-bad-size */
    FXT_R_MAGIC_RESERVED_BITS = 16,        /**< E0016 magic-reserved-bits */
    FXT_R_METADATA_TYPE_UNKNOWN = 17,      /**< E0017 metadata-type-unknown */
    FXT_R_METADATA_RESERVED_BITS = 18,     /**< E0018 metadata-reserved-bits */
    FXT_R_PROVIDER_EVENT_UNKNOWN = 19,     /**< W0019 provider-event-unknown */
    FXT_R_PROVIDER_SECTION_UNKNOWN = 20,   /**< W0020 provider-section-unknown */
    FXT_R_TRACE_INFO_TYPE_UNKNOWN = 21,    /**< E0021 trace-info-type-unknown */
    FXT_R_INIT_RESERVED_BITS = 22,         /**< E0022 init-reserved-bits */
    FXT_R_INIT_ZERO_TICKS = 23,            /**< E0023 init-zero-ticks */
    FXT_R_STRING_RECORD_RESERVED_BITS = 24, /**< E0024 string-record-reserved-bits */
    FXT_R_STRING_INDEX_ZERO = 25,          /**< W0025 string-index-zero */
    FXT_R_STRING_EMPTY = 26,               /**< W0026 string-empty */
    FXT_R_THREAD_RECORD_RESERVED_BITS = 27, /**< E0027 thread-record-reserved-bits */
    FXT_R_THREAD_INDEX_ZERO = 28,          /**< W0028 thread-index-zero */
    FXT_R_EVENT_TYPE_UNKNOWN = 29,         /**< E0029 event-type-unknown */
    FXT_R_DURATION_END_UNMATCHED = 30,     /**< W0030 duration-end-unmatched */
    FXT_R_DURATION_BEGIN_UNENDED = 31,     /**< W0031 duration-begin-unended */
    FXT_R_DURATION_COMPLETE_NEGATIVE = 32, /**< W0032 duration-complete-negative */
    FXT_R_ASYNC_UNMATCHED = 33,            /**< W0033 async-unmatched */
    FXT_R_ASYNC_BEGIN_UNENDED = 34,        /**< W0034 async-begin-unended */
    FXT_R_FLOW_UNMATCHED = 35,             /**< W0035 flow-unmatched */
    FXT_R_FLOW_BEGIN_UNENDED = 36,         /**< W0036 flow-begin-unended */
    FXT_R_BLOB_RESERVED_BITS = 37,         /**< E0037 blob-reserved-bits */
    FXT_R_BLOB_TYPE_UNKNOWN = 38,          /**< E0038 blob-type-unknown */
    FXT_R_LARGE_RECORD_TYPE_UNKNOWN = 39,  /**< E0039 large-record-type-unknown */
    FXT_R_LARGE_BLOB_FORMAT_UNKNOWN = 40,  /**< E0040 large-blob-format-unknown */
    FXT_R_LARGE_BLOB_RESERVED_BITS = 41,   /**< E0041 large-blob-reserved-bits */
    FXT_R_USERSPACE_RESERVED_BITS = 42,    /**< E0042 userspace-reserved-bits */
    FXT_R_KERNEL_OBJECT_RESERVED_BITS = 43, /**< E0043 kernel-object-reserved-bits */
    FXT_R_SCHEDULING_TYPE_UNKNOWN = 44,    /**< E0044 scheduling-type-unknown */
    FXT_R_SCHEDULING_RESERVED_BITS = 45,   /**< E0045 scheduling-reserved-bits */
    FXT_R_LEGACY_STATE_INVALID = 46,       /**< E0046 legacy-state-invalid */
    FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN = 47, /**< W0047 context-switch-state-unknown */
    FXT_R_LOG_RESERVED_BITS = 48,          /**< E0048 log-reserved-bits */
    FXT_R_ARG_TYPE_UNKNOWN = 49,           /**< E0049 arg-type-unknown */
    FXT_R_ARG_TOO_SMALL = 50,              /**< E0050 arg-too-small */
    FXT_R_ARG_SIZE_EXTRA = 51,             /**< W0051 arg-size-extra */
    FXT_R_ARG_OVERRUN = 52,                /**< E0052 arg-overrun */
    FXT_R_ARG_RESERVED_BITS = 53,          /**< E0053 arg-reserved-bits */
    FXT_R_BOOL_VALUE_INVALID = 54,         /**< E0054 bool-value-invalid */
    FXT_R_TRACKING_LIMIT = 55,             /**< W0055 tracking-limit */
    FXT_R_DUPLICATE_BEGIN = 56,            /**< W0056 duplicate-begin */
    FXT_R_PROVIDER_RESTARTED = 57,         /**< W0057 provider-restarted */
    FXT_R_END_ /**< one past the largest rule number */
} fxt_rule;

#endif /* FXT_RULE_IDS_H */
