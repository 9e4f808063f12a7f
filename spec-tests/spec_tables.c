/* SPDX-License-Identifier: MIT */
/*
 * spec_tables.c - the list of case tables, shared by the harness
 * (spec_main.c) and the guards (spec_layout_guard.c).
 */
#include "spec_cases.h"

const spec_table spec_tables[] = {
    {spec_cases_framing, &spec_cases_framing_count},
    {spec_cases_records, &spec_cases_records_count},
    {spec_cases_events, &spec_cases_events_count},
    {spec_cases_reserved, &spec_cases_reserved_count},
    {spec_cases_revisions, &spec_cases_revisions_count},
};
const size_t spec_table_count = sizeof spec_tables / sizeof spec_tables[0];
