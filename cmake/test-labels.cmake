# SPDX-License-Identifier: MIT
# cmake/test-labels.cmake - every ctest test's labels, in one table, so that
# the README's test section and scripts/test.sh's configurations can select
# tests by what they cost and what they need:
#
#   quick        cheap and in-process (unit tests, spec-tests, corpus verdicts,
#                the CLI's own tests): `ctest -L quick` for every edit, well
#                under a minute on two cores
#   slow         everything else; with what it needs or is:
#   shared-data  reads ../shared (spec, real traces, schemas); skipped, 77, without it
#   valgrind     runs under valgrind (not in a sanitized build)
#   package      cpack, lintian, dpkg (not in a sanitized or coverage build)
#   install      cmake --install into a prefix and builds consumers against it
#   fuzz         runs libFuzzer or AFL++ (by executions, never by seconds)
#   go           needs the Go toolchain
#   conform      fxt-conform end to end against readers
#   bench        the benchmarks' smoke runs (they print figures, assert none)
#   node         the npm package (WebAssembly under Node.js), the Action, the
#                pre-commit hook: they build the WebAssembly module themselves,
#                whatever the native build, so one configuration runs them
#   browser      the page in headless Chromium
#   once         a long check of what the tools print that no build type
#                changes (every dump line against its schema, every
#                control of fxt-gen violate): one configuration runs it
#   extended     a long check that a cheaper one samples (fxt-dump's and
#                fxt-gen's whole CLI suites and the format tests against the
#                npm package; npm-dump-corpus, npm-gen-same-as-native and
#                npm-cli-same-as-native run in CI), or a
#                second fresh build (the fuzz quick start's build and
#                install): not in scripts/test.sh, `ctest -L extended` runs it
#
# and, beside those:
#   threads      runs the validator's parallel path (validator/par.c) on
#                several threads: scripts/test.sh also runs these under
#                ThreadSanitizer, building only the targets they need
#
# Labels given where a test is added (set_tests_properties(... LABELS ...))
# win; every other test takes its labels from the first row below whose
# pattern matches its whole name. A test with no label, or a directory that
# adds tests without calling fxt_label_tests(), stops the configuration with a
# message naming this file: a new test must say what it costs.
set(FXT_TEST_LABELS
  # unit and spec tests (C, Check)
  "support|sha256|validator|encode|encode_revisions|gen_properties|roundtrip|body_order=quick"
  "par_equals_one=quick,threads"
  "rules_doc_fresh|rule-ids-fresh|cxx-headers|license-headers=quick"
  "spec_real_traces=quick,shared-data"
  "spec_.*=quick"
  "validator_real_traces|roundtrip_real_traces=quick,shared-data"
  # the corpus and the generator's command line
  "golden-regen|golden-check|violate|gen-cli|readme-example=quick"
  # fxt-validate and fxt-dump end to end
  "cli|cli-formats|cli-ci|cli-edges|ci-recipes|dump|dump-corpus|outputs-never-destroy=quick"
  "cli-threads=quick,threads"
  "cli_real_traces|cli_spec_headings|cli-formats-sarif-schema|cli-baseline-formats|cli-sarif-corpus|dump-real=quick,shared-data"
  "dump-corpus-schema=slow,once"
  "violate-controls=slow,once"
  "cli-valgrind=slow,valgrind"
  # the mutator, its glue, the harnesses' replays
  "fuzz_mutator|fuzz_mutator_revisions|fuzz_mutator_edges|fuzz_glue_.*=quick"
  "fuzz_fxt_mutate|fuzz_seed_sizes|fuzz_orders=quick"
  "fuzz_replay_.*_real_traces=quick,shared-data"
  "fuzz_replay_.*=quick"
  "fuzz_recipe_go=slow,go"
  "fuzz_recipe_python=slow"
  # the naive reader of fuzz/examples and fxt-conform
  "naive-reader-valid|naive-reader-bugs|bench-cpu-clock=slow"
  "conform-.*=slow,conform"
  # the benchmarks' smoke runs
  "bench_instructions_smoke=slow,bench,valgrind"
  "bench_.*=slow,bench"
  # installs and packages
  "install-fuzz-kit-afl|install-fuzz-kit-libfuzzer=slow,install,fuzz"
  "install-consumers|install-fuzz-kit|man-pages=slow,install"
  # README's and fuzz/README's recipes run in a fresh copy of the tree: two
  # builds of it, whatever this build is (one configuration runs them)
  "doc-recipes-fresh=slow,install,once"
  # README's WebAssembly build, which the npm package's tests pack from
  "doc-recipes-wasm=slow,node"
  "package-deb.*=slow,package"
)

# fxt_label_tests(): called once in every CMakeLists.txt that adds tests
# (anywhere in it); at the end of that directory it gives each of its tests
# without LABELS the labels of the first row that matches its whole name,
# and lifts Check's wall-clock limit from every test (below).
# Rows hold "a,b" for the labels a and b (a ; would split the row).
function(fxt_label_tests)
  set_property(GLOBAL APPEND PROPERTY FXT_LABELLED_DIRS ${CMAKE_CURRENT_SOURCE_DIR})
  cmake_language(DEFER CALL fxt__label_dir)
endfunction()

function(fxt__label_dir)
  get_property(_tests DIRECTORY PROPERTY TESTS)
  set(_unlabelled)
  foreach(_t IN LISTS _tests)
    # Check kills a unit test that runs past 4 s of wall time by default: on
    # a busy machine that fails tests at random. ctest's TIMEOUT still stops
    # a hung test; explicit tcase_set_timeout() values stay.
    set_property(TEST ${_t} APPEND PROPERTY ENVIRONMENT CK_DEFAULT_TIMEOUT=0)
    get_test_property(${_t} LABELS _have)
    if(_have)
      continue()
    endif()
    set(_labels)
    foreach(_row IN LISTS FXT_TEST_LABELS)
      string(FIND "${_row}" "=" _eq REVERSE)
      string(SUBSTRING "${_row}" 0 ${_eq} _pattern)
      if(_t MATCHES "^(${_pattern})$")
        math(EXPR _eq "${_eq} + 1")
        string(SUBSTRING "${_row}" ${_eq} -1 _labels)
        string(REPLACE "," ";" _labels "${_labels}")
        break()
      endif()
    endforeach()
    if(_labels)
      set_tests_properties(${_t} PROPERTIES LABELS "${_labels}")
    else()
      list(APPEND _unlabelled ${_t})
    endif()
  endforeach()
  if(_unlabelled)
    message(FATAL_ERROR "ctest tests without a label: ${_unlabelled}. Give each its labels "
                        "(quick, or slow and what it needs) in cmake/test-labels.cmake "
                        "or with set_tests_properties(NAME PROPERTIES LABELS ...).")
  endif()
endfunction()

# fxt_check_labelled_dirs(): at the end of the top CMakeLists.txt, every
# directory that adds tests has called fxt_label_tests().
function(fxt_check_labelled_dirs)
  get_property(_done GLOBAL PROPERTY FXT_LABELLED_DIRS)
  set(_dirs ${PROJECT_SOURCE_DIR})
  while(_dirs)
    list(POP_FRONT _dirs _d)
    get_property(_sub DIRECTORY ${_d} PROPERTY SUBDIRECTORIES)
    list(APPEND _dirs ${_sub})
    get_property(_tests DIRECTORY ${_d} PROPERTY TESTS)
    if(_tests AND NOT _d IN_LIST _done)
      file(RELATIVE_PATH _rel ${PROJECT_SOURCE_DIR} ${_d}/CMakeLists.txt)
      message(FATAL_ERROR "${_rel} adds tests (${_tests}) but does not call fxt_label_tests() "
                          "(cmake/test-labels.cmake): add the call, and labels for its tests.")
    endif()
  endwhile()
endfunction()
