# SPDX-License-Identifier: MIT
# Fails when docs/RULES.md differs from fxt-rules-doc's output.
execute_process(COMMAND ${GEN} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fxt-rules-doc failed: ${rc}")
endif()
file(READ ${DOC} committed)
if(NOT out STREQUAL committed)
  message(FATAL_ERROR "docs/RULES.md is stale: regenerate it with\n  build/validator/cli/fxt-rules-doc > docs/RULES.md")
endif()
message(STATUS "docs/RULES.md is up to date")
