# SPDX-License-Identifier: MIT
# cmake/fuzzkit.cmake - the installed fuzzing kit, for authors of other FXT
# readers (fuzz/README.md, "Fuzzing your own FXT reader"):
#
#   include/fxt/mutator.h               the mutator's API
#   LIBDIR/libfxtmut.so.*, libfxtmut.a  the structure-aware mutator (needs libfxt)
#   LIBDIR/libfxtmut_libfuzzer.a        LLVMFuzzerCustomMutator/CustomCrossOver
#                                       (fuzz/libfuzzer_mutator.c), for a harness
#                                       linked with -fsanitize=fuzzer
#   LIBDIR/fxtkit/libfxt_afl_mutator.so the AFL++ custom mutator module
#   LIBDIR/pkgconfig/fxtmut.pc          pkg-config fxtmut (variable afl_mutator:
#                                       the module's path)
#   LIBDIR/pkgconfig/fxtmut-libfuzzer.pc  pkg-config fxtmut-libfuzzer: the glue
#   share/fxtkit/fxt.dict               the fuzzers' dictionary (fuzz/fxt.dict)
#   CMake: fxtkit::fxtmut, fxtkit::fxtmut_static, fxtkit::fxtmut_libfuzzer,
#          fxtkit_AFL_MUTATOR (cmake/fxtkit-config.cmake.in)
#
# Included from cmake/install.cmake after libfxt (fxt_shared, fxt_static) is
# defined. The installed mutator is linked from the objects of the in-tree
# target fxtmut (fuzz/CMakeLists.txt; position-independent code), which is
# never instrumented for fuzzing: the mutator's branches say nothing about the
# reader under test. An afl-clang-fast tree installs the AFL++ module only.

# fxt/mutator.h is include/fxt's; a build tree configured before it moved
# there holds a stale copy that would shadow it.
file(REMOVE ${FXT_GENERATED_INCLUDE_DIR}/fxt/mutator.h)

# The AFL++ module (fuzz/CMakeLists.txt): loaded by afl-fuzz, never linked;
# an afl-clang-fast tree builds it by a custom command.
set(FXT_FUZZ_LIBDIR ${CMAKE_INSTALL_LIBDIR}/fxtkit)
set(FXT_AFL_MUTATOR_NAME libfxt_afl_mutator.so)
set(FXT_FUZZKIT OFF)
if(NOT TARGET fxt_afl_mutator)
  return()
endif()
get_target_property(_type fxt_afl_mutator TYPE)
if(_type STREQUAL "UTILITY")
  install(FILES ${PROJECT_BINARY_DIR}/fuzz/${FXT_AFL_MUTATOR_NAME} DESTINATION ${FXT_FUZZ_LIBDIR}
          PERMISSIONS ${FXT_SHLIB_PERMISSIONS} COMPONENT dev)
  return()  # everything else in this tree is instrumented for AFL++
endif()
install(TARGETS fxt_afl_mutator LIBRARY DESTINATION ${FXT_FUZZ_LIBDIR}
        PERMISSIONS ${FXT_SHLIB_PERMISSIONS} COMPONENT dev)
set(FXT_FUZZKIT ON)
set(FXT_FUZZ_SOURCE_DIR ${PROJECT_SOURCE_DIR}/fuzz)

# Only the mutator's public names (fxt_mut*, fxt_crossover*), not fxt__mut_*.
fxt_library_pair(fxtmut libfxtmut.map $<TARGET_OBJECTS:fxtmut>)
target_link_libraries(fxtmut_shared PUBLIC fxt_shared)
target_link_libraries(fxtmut_static PUBLIC fxt_static)

# The libFuzzer glue. A harness never names LLVMFuzzerCustomMutator (libFuzzer
# looks it up as a weak symbol), so the linker would not take the glue out of
# the archive: the link options (and fxtmut-libfuzzer.pc) ask for it by name.
add_library(fxtmut_libfuzzer STATIC ${FXT_FUZZ_SOURCE_DIR}/libfuzzer_mutator.c)
set_target_properties(fxtmut_libfuzzer PROPERTIES
  POSITION_INDEPENDENT_CODE ON EXPORT_NAME fxtmut_libfuzzer
  ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
target_include_directories(fxtmut_libfuzzer PRIVATE ${FXT_FUZZ_SOURCE_DIR})
target_link_libraries(fxtmut_libfuzzer PUBLIC fxtmut_shared)
set(FXT_GLUE_SYMBOLS LLVMFuzzerCustomMutator LLVMFuzzerCustomCrossOver)
set(FXT_GLUE_LDFLAGS)
foreach(s IN LISTS FXT_GLUE_SYMBOLS)
  target_link_options(fxtmut_libfuzzer INTERFACE "LINKER:--undefined=${s}")
  string(APPEND FXT_GLUE_LDFLAGS " -Wl,--undefined=${s}")
endforeach()

foreach(t fxtmut_shared fxtmut_static)
  target_include_directories(${t} PUBLIC
    $<BUILD_INTERFACE:${FXT_GENERATED_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

install(TARGETS fxtmut_shared EXPORT fxtkitTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lib NAMELINK_COMPONENT dev
          PERMISSIONS ${FXT_SHLIB_PERMISSIONS})
install(TARGETS fxtmut_static fxtmut_libfuzzer EXPORT fxtkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/include/fxt/mutator.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fxt COMPONENT dev)
# libFuzzer's and AFL++'s dictionary of FXT tokens, beside the corpus
install(FILES ${FXT_FUZZ_SOURCE_DIR}/fxt.dict DESTINATION ${CMAKE_INSTALL_DATADIR}/fxtkit
  COMPONENT tools)

# pkg-config: written at install time, like fxt.pc (cmake/install.cmake).
foreach(pc fxtmut fxtmut-libfuzzer)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc.in @ONLY)
  fxt_install_pc(${pc})
endforeach()
