/* SPDX-License-Identifier: MIT */
/*
 * cases_events.c - Event record (all 11 event types, sequencing) and
 * Argument (all 10 argument types) cases. Every word is a hand-made
 * literal; see spec_cases.h. All cases start with PRE (8 words), so the
 * first record under test is at offset 64.
 *
 * Event header words used below (thread 1, cat 1, name 2, 0 args):
 *   type 4 | size<<4 | et<<16 | 1<<24 | 1<<32 | 2<<48
 */
#include "spec_cases.h"

#define TS(x) (x)

/* event headers, size 2 (no event-specific word) */
#define EV_INSTANT   0x0002000101000024 /* event: size 2, et 0 instant, thread 1, cat 1, name 2 */
#define EV_DUR_BEGIN 0x0002000101020024 /* event: size 2, et 2 duration begin */
#define EV_DUR_END   0x0002000101030024 /* event: size 2, et 3 duration end */
/* event headers, size 3 (one event-specific word) */
#define EV_COUNTER   0x0002000101010034 /* event: size 3, et 1 counter */
#define EV_COMPLETE  0x0002000101040034 /* event: size 3, et 4 duration complete */
#define EV_ASYNC_B   0x0002000101050034 /* event: size 3, et 5 async begin */
#define EV_ASYNC_I   0x0002000101060034 /* event: size 3, et 6 async instant */
#define EV_ASYNC_E   0x0002000101070034 /* event: size 3, et 7 async end */
#define EV_FLOW_B    0x0002000101080034 /* event: size 3, et 8 flow begin */
#define EV_FLOW_S    0x0002000101090034 /* event: size 3, et 9 flow step */
#define EV_FLOW_E    0x00020001010A0034 /* event: size 3, et 10 flow end */
/* instant event with 1 argument, sizes 3/4/5 (argument of 1/2/3 words) */
#define EV_ARG1W     0x0002000101100034 /* event: size 3, et 0, 1 arg, thread 1, cat 1, name 2 */
#define EV_ARG2W     0x0002000101100044 /* event: size 4, et 0, 1 arg */
#define EV_ARG3W     0x0002000101100054 /* event: size 5, et 0, 1 arg */

const spec_case spec_cases_events[] = {

/* ===================== Event record: the 11 types ======================== */
{ .name = "event-0-instant", .suite = S_EVENT,
  WORDS(PRE, EV_INSTANT, TS(1000)) },
{ .name = "event-1-counter", .suite = S_EVENT,
  WORDS(PRE, EV_COUNTER, TS(1000), 0x000000000000002A /* counter id */) },
{ .name = "event-2-3-duration-begin-end", .suite = S_EVENT,
  WORDS(PRE, EV_DUR_BEGIN, TS(1000), EV_DUR_END, TS(2000)) },
{ .name = "event-4-duration-complete", .suite = S_EVENT,
  WORDS(PRE, EV_COMPLETE, TS(1000), 0x00000000000007D0 /* end 2000 */) },
{ .name = "event-4-duration-complete-zero-length", .suite = S_EVENT,
  WORDS(PRE, EV_COMPLETE, TS(1000), 0x00000000000003E8 /* end 1000 */) },
{ .name = "event-5-6-7-async-begin-instant-end", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B, TS(1000), 7, EV_ASYNC_I, TS(1500), 7, EV_ASYNC_E, TS(2000), 7) },
{ .name = "event-8-9-10-flow-begin-step-end", .suite = S_EVENT,
  WORDS(PRE, EV_FLOW_B, TS(1000), 9, EV_FLOW_S, TS(1500), 9, EV_FLOW_E, TS(2000), 9) },
{ .name = "event-inline-thread-and-strings", .suite = S_EVENT,
  WORDS(MAGIC,
        0x8004800300000064, /* @8 event: size 6, et 0, thread 0, cat 0x8003, name 0x8004 */
        0x00000000000003E8, /* ts */
        0x0000000000001234, /* pid */
        0x0000000000005678, /* tid */
        0x0000000000746163, /* "cat" */
        0x00000000656D616E  /* "name" */) },
{ .name = "event-counter-arg-before-counter-word", .suite = S_EVENT,
  WORDS(PRE,
        0x0002000101110044, /* @64 event: size 4, et 1 counter, 1 arg, thread 1, cat 1, name 2 */
        0x00000000000003E8, /* ts */
        0x0000000700020012, /* arg uint32: size 1, name 2, value 7 */
        0x000000000000002A  /* counter id (as an argument header it would be type 10) */) },
{ .name = "event-complete-arg-before-end-time", .suite = S_EVENT,
  WORDS(PRE,
        0x0002000101140044, /* @64 event: size 4, et 4 complete, 1 arg */
        0x00000000000003E8, /* ts 1000 */
        0x0000000700020012, /* arg uint32 */
        0x00000000000007D0  /* end 2000 */) },
{ .name = "event-15-arguments", .suite = S_EVENT,
  WORDS(PRE,
        0x0002000101F00114, /* @64 event: size 17, et 0, 15 args, thread 1, cat 1, name 2 */
        0x00000000000003E8,
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010, /* 15 x arg null: size 1, name 2 */
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010,
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010,
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010,
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010) },
{ .name = "event-type-11-unknown", .suite = S_EVENT,
  WORDS(PRE, 0x00020001010B0024 /* @64 event: size 2, et 11 */, TS(1000), EV_INSTANT /* @80 */, TS(1000)),
  EXPECT(ISSUE(EVENT_TYPE_UNKNOWN, 64)) },
{ .name = "event-type-15-unknown", .suite = S_EVENT,
  WORDS(PRE, 0x00020001010F0034 /* @64 event: size 3, et 15 */, TS(1000), 0xFFFFFFFFFFFFFFFF),
  EXPECT(ISSUE(EVENT_TYPE_UNKNOWN, 64)) },
{ .name = "event-type-11-allow-unknown-is-warning", .suite = S_EVENT, ALLOW_UNKNOWN,
  WORDS(PRE, 0x00020001010B0024 /* @64 event: size 2, et 11 */, TS(1000)),
  EXPECT(ISSUE(EVENT_TYPE_UNKNOWN, 64)) },
{ .name = "event-too-small-inline-thread", .suite = S_EVENT,
  WORDS(PRE,
        0x0002000100000024, /* @64 event: size 2, et 0, thread 0 (inline: needs 4), cat 1, name 2 */
        TS(1000),
        INIT                /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "event-too-small-counter-word", .suite = S_EVENT,
  WORDS(PRE, 0x0002000101010024 /* @64 event: size 2, et 1 counter (needs 3) */, TS(1000), INIT /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "event-too-small-inline-name", .suite = S_EVENT,
  WORDS(PRE, 0x8004000101000024 /* @64 event: size 2, et 0, thread 1, cat 1, name 0x8004 (needs 3) */,
        TS(1000), INIT /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "event-size-extra", .suite = S_EVENT,
  WORDS(PRE, 0x0002000101000034 /* @64 event: size 3, et 0 */, TS(1000), 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 64)) },
{ .name = "event-size-extra-after-args", .suite = S_EVENT,
  WORDS(PRE, 0x0002000101100044 /* @64 event: size 4, et 0, 1 arg */, TS(1000),
        0x0000000700020012 /* arg uint32: size 1 */, 0x0000000000000000 /* appended */),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 64)) },

/* ===================== Event record: sequencing ========================== */
{ .name = "seq-duration-end-unmatched", .suite = S_EVENT,
  WORDS(PRE, EV_DUR_END, TS(1000)),
  EXPECT(ISSUE(DURATION_END_UNMATCHED, 64)) },
{ .name = "seq-duration-begin-unended", .suite = S_EVENT,
  WORDS(PRE, EV_DUR_BEGIN, TS(1000)),
  EXPECT(ISSUE(DURATION_BEGIN_UNENDED, 64)) },
{ .name = "seq-duration-nested", .suite = S_EVENT,
  WORDS(PRE, EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(2), EV_DUR_END, TS(3), EV_DUR_END, TS(4)) },
{ .name = "seq-duration-nested-outer-unended", .suite = S_EVENT,
  WORDS(PRE, EV_DUR_BEGIN /* @64 */, TS(1), EV_DUR_BEGIN /* @80 */, TS(2), EV_DUR_END /* @96 */, TS(3)),
  EXPECT(ISSUE(DURATION_BEGIN_UNENDED, 64)) },
{ .name = "seq-duration-end-other-thread", .suite = S_EVENT,
  WORDS(PRE,
        EV_DUR_BEGIN, TS(1),   /* @64 thread 1 = 0x1234/0x5678 */
        0x0002000100030044,    /* @80 event: size 4, et 3, thread 0, cat 1, name 2 */
        TS(2), 0x0000000000001234, 0x0000000000009999 /* pid, tid: other thread */),
  EXPECT(ISSUE(DURATION_END_UNMATCHED, 80), ISSUE(DURATION_BEGIN_UNENDED, 64)) },
{ .name = "seq-duration-end-inline-same-koids", .suite = S_EVENT,
  WORDS(PRE,
        EV_DUR_BEGIN, TS(1),   /* @64 thread 1 = 0x1234/0x5678 */
        0x0002000100030044,    /* @80 event: size 4, et 3, thread 0 */
        TS(2), 0x0000000000001234, 0x0000000000005678 /* same koids, inline */) },
{ .name = "seq-duration-nested-20-all-ended", .suite = S_EVENT,
  /* 20 begins (@64, @80, ... @368) then 20 ends on the same thread */
  WORDS(PRE,
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2),
        EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2),
        EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2),
        EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2),
        EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2), EV_DUR_END, TS(2)) },
{ .name = "seq-duration-nested-20-unended", .suite = S_EVENT,
  /* 20 nested begins on thread 1 at @64 + 16*k, none ended: 20 warnings */
  WORDS(PRE,
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1),
        EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1)),
  EXPECT(ISSUE(DURATION_BEGIN_UNENDED, 64), ISSUE(DURATION_BEGIN_UNENDED, 80), ISSUE(DURATION_BEGIN_UNENDED, 96), ISSUE(DURATION_BEGIN_UNENDED, 112),
         ISSUE(DURATION_BEGIN_UNENDED, 128), ISSUE(DURATION_BEGIN_UNENDED, 144), ISSUE(DURATION_BEGIN_UNENDED, 160), ISSUE(DURATION_BEGIN_UNENDED, 176),
         ISSUE(DURATION_BEGIN_UNENDED, 192), ISSUE(DURATION_BEGIN_UNENDED, 208), ISSUE(DURATION_BEGIN_UNENDED, 224), ISSUE(DURATION_BEGIN_UNENDED, 240),
         ISSUE(DURATION_BEGIN_UNENDED, 256), ISSUE(DURATION_BEGIN_UNENDED, 272), ISSUE(DURATION_BEGIN_UNENDED, 288), ISSUE(DURATION_BEGIN_UNENDED, 304),
         ISSUE(DURATION_BEGIN_UNENDED, 320), ISSUE(DURATION_BEGIN_UNENDED, 336), ISSUE(DURATION_BEGIN_UNENDED, 352), ISSUE(DURATION_BEGIN_UNENDED, 368)) },
{ .name = "seq-duration-nested-33-unended", .suite = S_EVENT,
  /* 33 nested begins on thread 1 at @64 + 16*k, none ended: the outermost
   * 32 are remembered and reported one by one, the 33rd (@576) with those
   * past it in one duration-begin-unended summary ("1 more ... is never
   * ended"): every begin is checked, only their offsets are not kept, so
   * this is no warning about the validator's capacity */
  WORDS(PRE, EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1), EV_DUR_BEGIN, TS(1)),
  EXPECT(ISSUE(DURATION_BEGIN_UNENDED, 64), ISSUE(DURATION_BEGIN_UNENDED, 80), ISSUE(DURATION_BEGIN_UNENDED, 96), ISSUE(DURATION_BEGIN_UNENDED, 112), ISSUE(DURATION_BEGIN_UNENDED, 128), ISSUE(DURATION_BEGIN_UNENDED, 144), ISSUE(DURATION_BEGIN_UNENDED, 160), ISSUE(DURATION_BEGIN_UNENDED, 176), ISSUE(DURATION_BEGIN_UNENDED, 192), ISSUE(DURATION_BEGIN_UNENDED, 208), ISSUE(DURATION_BEGIN_UNENDED, 224), ISSUE(DURATION_BEGIN_UNENDED, 240), ISSUE(DURATION_BEGIN_UNENDED, 256), ISSUE(DURATION_BEGIN_UNENDED, 272), ISSUE(DURATION_BEGIN_UNENDED, 288), ISSUE(DURATION_BEGIN_UNENDED, 304), ISSUE(DURATION_BEGIN_UNENDED, 320), ISSUE(DURATION_BEGIN_UNENDED, 336), ISSUE(DURATION_BEGIN_UNENDED, 352), ISSUE(DURATION_BEGIN_UNENDED, 368), ISSUE(DURATION_BEGIN_UNENDED, 384), ISSUE(DURATION_BEGIN_UNENDED, 400), ISSUE(DURATION_BEGIN_UNENDED, 416), ISSUE(DURATION_BEGIN_UNENDED, 432), ISSUE(DURATION_BEGIN_UNENDED, 448), ISSUE(DURATION_BEGIN_UNENDED, 464), ISSUE(DURATION_BEGIN_UNENDED, 480), ISSUE(DURATION_BEGIN_UNENDED, 496), ISSUE(DURATION_BEGIN_UNENDED, 512), ISSUE(DURATION_BEGIN_UNENDED, 528), ISSUE(DURATION_BEGIN_UNENDED, 544), ISSUE(DURATION_BEGIN_UNENDED, 560),
         ISSUE(DURATION_BEGIN_UNENDED, 576)),
  .msg_has = "1 more duration begin on thread 4660/22136 is never ended" },
{ .name = "seq-duration-complete-negative", .suite = S_EVENT,
  WORDS(PRE, EV_COMPLETE, TS(2000), 0x00000000000003E8 /* end 1000 < start 2000 */),
  EXPECT(ISSUE_AT(DURATION_COMPLETE_NEGATIVE, 64, 80)) },
{ .name = "seq-async-instant-without-begin", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_I, TS(1000), 7),
  EXPECT(ISSUE(ASYNC_UNMATCHED, 64)) },
{ .name = "seq-async-end-without-begin", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_E, TS(1000), 7),
  EXPECT(ISSUE(ASYNC_UNMATCHED, 64)) },
{ .name = "seq-async-id-mismatch", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B /* @64 */, TS(1), 7, EV_ASYNC_E /* @88 */, TS(2), 8),
  EXPECT(ISSUE(ASYNC_UNMATCHED, 88), ISSUE(ASYNC_BEGIN_UNENDED, 64)) },
{ .name = "seq-async-instant-after-end", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B /* @64 */, TS(1), 7, EV_ASYNC_E /* @88 */, TS(2), 7, EV_ASYNC_I /* @112 */, TS(3), 7),
  EXPECT(ISSUE(ASYNC_UNMATCHED, 112)) },
{ .name = "seq-async-end-other-process", .suite = S_EVENT,
  WORDS(PRE,
        EV_ASYNC_B, TS(1), 7,  /* @64 thread 1: pid 0x1234 */
        0x0002000100070054,    /* @88 event: size 5, et 7 async end, thread 0, cat 1, name 2 */
        TS(2), 0x0000000000009999, 0x0000000000005678, /* pid 0x9999 */
        7),
  EXPECT(ISSUE(ASYNC_UNMATCHED, 88), ISSUE(ASYNC_BEGIN_UNENDED, 64)) },
{ .name = "seq-async-end-same-process-other-thread", .suite = S_EVENT,
  WORDS(PRE,
        EV_ASYNC_B, TS(1), 7,  /* @64 thread 1: pid 0x1234 */
        0x0002000100070054,    /* @88 event: size 5, et 7, thread 0 */
        TS(2), 0x0000000000001234, 0x0000000000009999, /* same pid, other tid */
        7) },
{ .name = "seq-async-id-reused-after-end", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B, TS(1), 7, EV_ASYNC_E, TS(2), 7, EV_ASYNC_B, TS(3), 7, EV_ASYNC_E, TS(4), 7) },
{ .name = "seq-async-begin-unended", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B, TS(1000), 7),
  EXPECT(ISSUE(ASYNC_BEGIN_UNENDED, 64)) },
{ .name = "seq-flow-step-without-begin", .suite = S_EVENT,
  WORDS(PRE, EV_FLOW_S, TS(1000), 9),
  EXPECT(ISSUE(FLOW_UNMATCHED, 64)) },
{ .name = "seq-flow-end-without-begin", .suite = S_EVENT,
  WORDS(PRE, EV_FLOW_E, TS(1000), 9),
  EXPECT(ISSUE(FLOW_UNMATCHED, 64)) },
{ .name = "seq-flow-step-after-end", .suite = S_EVENT,
  WORDS(PRE, EV_FLOW_B /* @64 */, TS(1), 9, EV_FLOW_E /* @88 */, TS(2), 9, EV_FLOW_S /* @112 */, TS(3), 9),
  EXPECT(ISSUE(FLOW_UNMATCHED, 112)) },
{ .name = "seq-flow-begin-unended", .suite = S_EVENT,
  WORDS(PRE, EV_FLOW_B, TS(1000), 9),
  EXPECT(ISSUE(FLOW_BEGIN_UNENDED, 64)) },
{ .name = "seq-flow-across-processes", .suite = S_EVENT,
  WORDS(PRE,
        EV_FLOW_B, TS(1), 9,   /* @64 thread 1: pid 0x1234 */
        0x00020001000A0054,    /* @88 event: size 5, et 10 flow end, thread 0, cat 1, name 2 */
        TS(2), 0x0000000000009999, 0x0000000000001111, /* another process */
        9) },
/* Issue 11 defect 1 (NOTES.md "Sequencing"): a begin whose id is already
 * open in the same scope is a duplicate begin (a warning), and every begin
 * needs its own end: begin(7), begin(7), end(7) leaves one begin unended
 * (the first: the end closes the newer one). */
{ .name = "seq-async-duplicate-begin", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B /* @64 */, TS(1), 7, EV_ASYNC_B /* @88 */, TS(2), 7,
        EV_ASYNC_E /* @112 */, TS(3), 7),
  EXPECT(ISSUE(DUPLICATE_BEGIN, 88), ISSUE(ASYNC_BEGIN_UNENDED, 64)) },
{ .name = "seq-async-duplicate-begin-both-ended", .suite = S_EVENT,
  WORDS(PRE, EV_ASYNC_B /* @64 */, TS(1), 7, EV_ASYNC_B /* @88 */, TS(2), 7,
        EV_ASYNC_E /* @112 */, TS(3), 7, EV_ASYNC_E /* @136 */, TS(4), 7),
  EXPECT(ISSUE(DUPLICATE_BEGIN, 88)) },
{ .name = "seq-flow-duplicate-begin", .suite = S_EVENT,
  WORDS(PRE, EV_FLOW_B /* @64 */, TS(1), 9, EV_FLOW_B /* @88 */, TS(2), 9,
        EV_FLOW_E /* @112 */, TS(3), 9),
  EXPECT(ISSUE(DUPLICATE_BEGIN, 88), ISSUE(FLOW_BEGIN_UNENDED, 64)) },
{ .name = "seq-async-same-id-other-process-not-duplicate", .suite = S_EVENT,
  WORDS(PRE,
        EV_ASYNC_B, TS(1), 7,  /* @64 thread 1: pid 0x1234 */
        0x0002000100050054,    /* @88 event: size 5, et 5 async begin, thread 0, cat 1, name 2 */
        TS(2), 0x0000000000009999, 0x0000000000005678, /* pid 0x9999: another scope */
        7),
  EXPECT(ISSUE(ASYNC_BEGIN_UNENDED, 64), ISSUE(ASYNC_BEGIN_UNENDED, 88)) },
/* Issue 11 defect 3: W0032 needs no thread, so an unregistered thread ref
 * does not hide it; its field is the end-time word (defect 4). */
{ .name = "seq-duration-complete-negative-thread-unregistered", .suite = S_EVENT,
  WORDS(PRE,
        0x0002000102040034, /* @64 event: size 3, et 4 complete, thread 2 (unregistered), cat 1, name 2 */
        TS(2000),
        0x00000000000003E8  /* @80 end 1000 < start 2000 */),
  EXPECT(ISSUE(THREAD_REF_UNREGISTERED, 64), ISSUE_AT(DURATION_COMPLETE_NEGATIVE, 64, 80)) },
{ .name = "seq-tracking-limit-async", .suite = S_EVENT, .max_async = 1,
  WORDS(PRE, EV_ASYNC_B /* @64 */, TS(1), 1, EV_ASYNC_B /* @88: table full */, TS(2), 2),
  EXPECT(ISSUE(TRACKING_LIMIT, 88), ISSUE(ASYNC_BEGIN_UNENDED, 64)) },
{ .name = "seq-tracking-limit-flow", .suite = S_EVENT, .max_flows = 1,
  WORDS(PRE, EV_FLOW_B /* @64 */, TS(1), 1, EV_FLOW_B /* @88: table full */, TS(2), 2,
        EV_FLOW_E /* @112 */, TS(3), 1),
  EXPECT(ISSUE(TRACKING_LIMIT, 88)) },

{ .name = "seq-tracking-limit-threads", .suite = S_EVENT, .max_threads = 1,
  WORDS(PRE,
        EV_DUR_BEGIN, TS(1),   /* @64 thread 1 = 0x1234/0x5678 */
        0x0002000100020044,    /* @80 event: size 4, et 2 begin, thread 0, cat 1, name 2 */
        TS(2), 0x0000000000001234, 0x0000000000009999 /* a second thread: table full */),
  EXPECT(ISSUE(TRACKING_LIMIT, 80), ISSUE(DURATION_BEGIN_UNENDED, 64)) },
{ .name = "seq-truncated-after-begin", .suite = S_EVENT,
  WORDS(PRE,
        EV_DUR_BEGIN, TS(1),   /* @64 */
        0x0000000000000021     /* @80 init: size 2, second word missing */),
  EXPECT(ISSUE(TRUNCATED, 80), ISSUE(DURATION_BEGIN_UNENDED, 64)) },
{ .name = "event-category-and-name-unregistered", .suite = S_EVENT,
  WORDS(PRE, 0x0003000301000024 /* @64 event: size 2, et 0, thread 1, cat 3, name 3 */, TS(1)),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 64), ISSUE(STRING_REF_UNREGISTERED, 64)) },
{ .name = "event-inline-name-too-long", .suite = S_EVENT,
  WORDS(PRE,
        0xFD0100010100FA34, /* @64 event: size 4003, et 0, thread 1, cat 1, name 0xfd01 (inline, 32001) */
        TS(1)),
  .fill_len = 32001, .fill_byte = 'b',
  EXPECT(ISSUE_AT(STRING_TOO_LONG, 64, 80)) },

/* ===================== Arguments: the 10 types =========================== */
{ .name = "arg-0-null", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000000020010 /* arg null: size 1, name 2 */) },
{ .name = "arg-1-int32", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0xFFFFFFFF00020011 /* arg int32: size 1, name 2, value -1 */) },
{ .name = "arg-2-uint32", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0xFFFFFFFF00020012 /* arg uint32: size 1, name 2, value 0xffffffff */) },
{ .name = "arg-3-int64", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000000020023 /* arg int64: size 2, name 2 */, 0xFFFFFFFFFFFFFFFE /* -2 */) },
{ .name = "arg-4-uint64", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000000020024 /* arg uint64: size 2, name 2 */, 0x123456789ABCDEF0) },
{ .name = "arg-5-double", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000000020025 /* arg double: size 2, name 2 */, 0x3FF0000000000000 /* 1.0 */) },
{ .name = "arg-5-double-nan", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000000020025 /* arg double */, 0x7FF8000000000001 /* NaN */) },
{ .name = "arg-6-string-indexed", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000100020016 /* arg string: size 1, name 2, value 1 */) },
{ .name = "arg-6-string-empty-value", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000000020016 /* arg string: size 1, name 2, value 0 */) },
{ .name = "arg-6-string-inline-name-and-value", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG3W, TS(1),
        0x0000800280010036, /* arg string: size 3, name 0x8001, value 0x8002 */
        0x000000000000006B, /* "k" */
        0x0000000000007676  /* "vv" */) },
{ .name = "arg-7-pointer", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000000020027 /* arg pointer: size 2, name 2 */, 0x00007FFF12345678) },
{ .name = "arg-8-koid", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000000020028 /* arg koid: size 2, name 2 */, 0x0000000000001234) },
{ .name = "arg-9-bool-true", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000100020019 /* arg bool: size 1, name 2, value 1 */) },
{ .name = "arg-9-bool-false", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000000020019 /* arg bool: size 1, name 2, value 0 */) },
{ .name = "arg-all-ten-types", .suite = S_ARGUMENTS,
  WORDS(PRE,
        0x0002000101A00114, /* @64 event: size 17, et 0, 10 args, thread 1, cat 1, name 2 */
        TS(1),
        0x0000000000020010, /* null */
        0xFFFFFFFF00020011, /* int32 -1 */
        0x0000000700020012, /* uint32 7 */
        0x0000000000020023, 0xFFFFFFFFFFFFFFFE, /* int64 -2 */
        0x0000000000020024, 0x123456789ABCDEF0, /* uint64 */
        0x0000000000020025, 0x3FF0000000000000, /* double 1.0 */
        0x0000000100020016, /* string: value 1 */
        0x0000000000020027, 0x00007FFF12345678, /* pointer */
        0x0000000000020028, 0x0000000000001234, /* koid */
        0x0000000100020019  /* bool true */) },
{ .name = "arg-inline-name-int64", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG3W, TS(1),
        0x0000000080010033, /* arg int64: size 3, name 0x8001 */
        0x000000000000006B, /* "k" */
        0x0000000000000005) },

{ .name = "arg-inline-name-utf8-invalid", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1),
        0x0000000080010020, /* arg null: size 2, name 0x8001 */
        0x00000000000000FF  /* ff */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 64, 88)) },
{ .name = "arg-inline-string-value-padding", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1),
        0x0000800100020026, /* arg string: size 2, name 2, value 0x8001 */
        0x000000000000FF78  /* "x", pad byte 1 = ff */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 64, 89)) },

/* ===================== Arguments: violations ============================= */
{ .name = "arg-type-10-unknown", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x000000000002001A /* arg type 10: size 1, name 2 */),
  EXPECT(ISSUE_AT(ARG_TYPE_UNKNOWN, 64, 80)) },
{ .name = "arg-type-15-unknown", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x000000000002002F /* arg type 15: size 2, name 2 */, 0xFFFFFFFFFFFFFFFF),
  EXPECT(ISSUE_AT(ARG_TYPE_UNKNOWN, 64, 80)) },
{ .name = "arg-type-12-allow-unknown-skipped-then-checked", .suite = S_ARGUMENTS, ALLOW_UNKNOWN,
  WORDS(PRE,
        0x0002000101200044, /* @64 event: size 4, et 0, 2 args */
        TS(1),
        0x000000000002001C, /* arg type 12: size 1 (skipped) */
        0x0000000200020019  /* arg bool: value 2 */),
  EXPECT(ISSUE_AT(ARG_TYPE_UNKNOWN, 64, 80), ISSUE_AT(BOOL_VALUE_INVALID, 64, 88)) },
{ .name = "arg-too-small-int64-size-1", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000000020013 /* arg int64: size 1 (needs 2) */),
  EXPECT(ISSUE_AT(ARG_TOO_SMALL, 64, 80)) },
{ .name = "arg-too-small-inline-name", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000780010012 /* arg uint32: size 1, name 0x8001 (needs 2) */),
  EXPECT(ISSUE_AT(ARG_TOO_SMALL, 64, 80)) },
{ .name = "arg-too-small-inline-string-value", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000800300020016 /* arg string: size 1, name 2, value 0x8003 (needs 2) */),
  EXPECT(ISSUE_AT(ARG_TOO_SMALL, 64, 80)) },
{ .name = "arg-size-zero", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000000020000 /* arg null: size 0, name 2 */),
  EXPECT(ISSUE_AT(ARG_TOO_SMALL, 64, 80)) },
{ .name = "arg-size-extra", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000700020022 /* arg uint32: size 2, name 2, value 7 */, 0x0000000000000000),
  EXPECT(ISSUE_AT(ARG_SIZE_EXTRA, 64, 80)) },
{ .name = "arg-overrun-record", .suite = S_ARGUMENTS,
  WORDS(PRE,
        EV_ARG1W,           /* @64 event: size 3, 1 arg */
        TS(1),
        0x0000000000020023, /* arg int64: size 2: its value word would be outside the record */
        INIT                /* @88 */),
  EXPECT(ISSUE_AT(ARG_OVERRUN, 64, 80)) },
{ .name = "arg-count-beyond-record", .suite = S_ARGUMENTS,
  WORDS(PRE,
        0x0002000101200034, /* @64 event: size 3, et 0, 2 args: only 1 fits */
        TS(1),
        0x0000000000020010, /* arg null: size 1 */
        INIT                /* @88 */),
  EXPECT(ISSUE(ARG_OVERRUN, 64)) },
{ .name = "arg-reserved-null-bit-32", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000100020010 /* arg null: bit 32 */),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-reserved-int64-bit-63", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x8000000000020023 /* arg int64: bit 63 */, 0x0000000000000001),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-reserved-uint64-bit-40", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000010000020024 /* arg uint64: bit 40 */, 0x0000000000000001),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-reserved-double-bit-33", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000200020025 /* arg double: bit 33 */, 0x3FF0000000000000),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-reserved-string-bit-48", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0001000100020016 /* arg string: value 1, bit 48 */),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-reserved-pointer-bit-32", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x0000000100020027 /* arg pointer: bit 32 */, 0x00007FFF12345678),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-reserved-koid-bit-63", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG2W, TS(1), 0x8000000000020028 /* arg koid: bit 63 */, 0x0000000000001234),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
{ .name = "arg-bool-value-2", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000200020019 /* arg bool: value 2 */),
  EXPECT(ISSUE_AT(BOOL_VALUE_INVALID, 64, 80)) },
{ .name = "arg-bool-bit-63", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x8000000000020019 /* arg bool: bits [32..63] = 0x80000000 */),
  EXPECT(ISSUE_AT(BOOL_VALUE_INVALID, 64, 80)) },
{ .name = "arg-name-unregistered", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000000030010 /* arg null: name 3 */),
  EXPECT(ISSUE_AT(STRING_REF_UNREGISTERED, 64, 80)) },
{ .name = "arg-string-value-unregistered", .suite = S_ARGUMENTS,
  WORDS(PRE, EV_ARG1W, TS(1), 0x0000000300020016 /* arg string: name 2, value 3 */),
  EXPECT(ISSUE_AT(STRING_REF_UNREGISTERED, 64, 80)) },
{ .name = "arg-on-thread-wakeup-unknown-type", .suite = S_ARGUMENTS,
  WORDS(PRE,
        0x2000000000110048, /* @64 sched: size 4, 1 arg, cpu 1, type 2 */
        TS(1), 0x0000000000005678,
        0x000000000002001D  /* arg type 13: size 1 */),
  EXPECT(ISSUE_AT(ARG_TYPE_UNKNOWN, 64, 88)) },
{ .name = "arg-on-kernel-object-reserved", .suite = S_ARGUMENTS,
  WORDS(PRE,
        0x0000010002020037, /* @64 kernel object: size 3, obj type 2, name 2, 1 arg */
        0x0000000000005678,
        0x0000000100010010  /* arg null: name 1, bit 32 */),
  EXPECT(ISSUE_AT(ARG_RESERVED_BITS, 64, 80)) },
};

const size_t spec_cases_events_count = sizeof spec_cases_events / sizeof spec_cases_events[0];
