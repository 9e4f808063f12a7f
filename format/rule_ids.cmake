# SPDX-License-Identifier: MIT
# Writes include/fxt/rule_ids.h, the public enum of rule ids, from the
# rows of format/rule_table.h (the catalogue):
#   cmake -P format/rule_ids.cmake
# With -DCHECK=ON it writes nothing and fails, naming that command, when
# the committed file differs from what the table gives (the build runs it,
# format/CMakeLists.txt, and so does ctest rule-ids-fresh). format/rules.c
# holds every enum value to the table's number at compile time.
cmake_minimum_required(VERSION 3.16)
get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(table "${root}/format/rule_table.h")
set(out "${root}/include/fxt/rule_ids.h")
set(regen "cmake -P format/rule_ids.cmake")

file(READ "${table}" text)
string(FIND "${text}" "#define FXT_RULES(X)" at)
if(at LESS 0)
  message(FATAL_ERROR "${table}: no #define FXT_RULES(X)")
endif()
string(SUBSTRING "${text}" ${at} -1 text)
# X(num, sev, ENUM, "name", ...
string(REGEX MATCHALL "X\\([0-9]+,[ ]*[EW],[ ]*[A-Z0-9_]+,[ ]*\"[a-z0-9-]+\"" rows "${text}")
set(body "")
set(count 0)
foreach(row IN LISTS rows)
  string(REGEX MATCH "X\\(([0-9]+),[ ]*([EW]),[ ]*([A-Z0-9_]+),[ ]*\"([a-z0-9-]+)\"" _ "${row}")
  set(num ${CMAKE_MATCH_1})
  set(id "${CMAKE_MATCH_2}000${num}")
  string(LENGTH "${id}" n)
  math(EXPR from "${n} - 4")
  string(SUBSTRING "${id}" ${from} 4 digits)
  set(item "    FXT_R_${CMAKE_MATCH_3} = ${num},")
  string(LENGTH "${item}" n)
  while(n LESS 42)
    string(APPEND item " ")
    math(EXPR n "${n} + 1")
  endwhile()
  string(APPEND body "${item} /**< ${CMAKE_MATCH_2}${digits} ${CMAKE_MATCH_4} */\n")
  math(EXPR count "${count} + 1")
endforeach()
if(count LESS 1)
  message(FATAL_ERROR "${table}: no rows found")
endif()

set(new "/* SPDX-License-Identifier: MIT */
/*
 * fxt/rule_ids.h - the id of every rule of the catalogue (fxt/rules.h
 * describes each; docs/RULES.md lists them). Generated from
 * format/rule_table.h by `${regen}`: do not edit.
 */
#ifndef FXT_RULE_IDS_H
#define FXT_RULE_IDS_H

/** Rule identifiers: each is its rule's stable number. */
typedef enum fxt_rule {
    FXT_R_NONE = 0, /**< no rule */
${body}    FXT_R_END_ /**< one past the largest rule number */
} fxt_rule;

#endif /* FXT_RULE_IDS_H */
")

if(CHECK)
  set(old "")
  if(EXISTS "${out}")
    file(READ "${out}" old)
  endif()
  if(NOT old STREQUAL new)
    message(FATAL_ERROR "include/fxt/rule_ids.h is stale: format/rule_table.h's rows give "
                        "other rule ids. Regenerate it (from the source directory) with\n  ${regen}")
  endif()
  message(STATUS "include/fxt/rule_ids.h is up to date (${count} rules)")
else()
  file(WRITE "${out}" "${new}")
  message(STATUS "wrote include/fxt/rule_ids.h (${count} rules)")
endif()
