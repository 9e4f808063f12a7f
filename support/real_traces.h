/* SPDX-License-Identifier: MIT */
/*
 * real_traces.h - the traces written by other people's software that the
 * tests read in place from FXT_SHARED_DIR/real-traces (never copied in):
 * one list for every test that runs over all of them.
 */
#ifndef FXT_SUPPORT_REAL_TRACES_H
#define FXT_SUPPORT_REAL_TRACES_H

/** Their file names under real-traces/. */
static const char *const fxt_real_trace_names[] = {
    "magic-trace.fxt", "fxt-cpp-writer.fxt", "fxt-go-writer-bad-blob.fxt", "ftfrs-writer.fxt"};

/** How many there are. */
#define FXT_REAL_TRACE_COUNT (sizeof fxt_real_trace_names / sizeof fxt_real_trace_names[0])

#endif /* FXT_SUPPORT_REAL_TRACES_H */
