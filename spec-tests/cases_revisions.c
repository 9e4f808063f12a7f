#include "spec_cases.h"
const spec_case spec_cases_revisions[] = {
{ .name = "placeholder", .suite = S_EVENT, WORDS(MAGIC) },
};
const size_t spec_cases_revisions_count = sizeof spec_cases_revisions / sizeof spec_cases_revisions[0];
