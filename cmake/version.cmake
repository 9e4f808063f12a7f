# SPDX-License-Identifier: MIT
# The one version source is project(fxtkit VERSION ...) in CMakeLists.txt.
# Generates <build>/include/fxt/version.h (FXT_VERSION_MAJOR/MINOR/PATCH,
# FXT_VERSION, FXT_SPEC_REVISIONS, fxt_version()) from include/fxt/version.h.in.
# The library headers do not include it (they stay usable straight from the
# source tree, as fuzz/build.sh compiles them); fxt_version() is in libfxt
# (validator/version.c) and the tools include fxt/version.h for --version.

# Spec revisions the validator reads (../shared/spec/REVISIONS.md names).
set(FXT_SPEC_REVISIONS "r1 r2 r3 current")
set(FXT_GENERATED_INCLUDE_DIR ${PROJECT_BINARY_DIR}/include)
configure_file(${PROJECT_SOURCE_DIR}/include/fxt/version.h.in
               ${FXT_GENERATED_INCLUDE_DIR}/fxt/version.h @ONLY)

# The release date written into the man pages and the Debian changelog:
# SOURCE_DATE_EPOCH when set (reproducible builds), else the time of the
# commit built, else now.
if(DEFINED ENV{SOURCE_DATE_EPOCH})
  set(FXT_SOURCE_DATE_EPOCH $ENV{SOURCE_DATE_EPOCH})
else()
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} log -1 --format=%ct
                    OUTPUT_VARIABLE FXT_SOURCE_DATE_EPOCH OUTPUT_STRIP_TRAILING_WHITESPACE
                    ERROR_QUIET)
  endif()
  if(NOT FXT_SOURCE_DATE_EPOCH MATCHES "^[0-9]+$")
    string(TIMESTAMP FXT_SOURCE_DATE_EPOCH "%s" UTC)
  endif()
endif()
