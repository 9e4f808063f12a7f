# SPDX-License-Identifier: MIT
# cmake/install.cmake - what `cmake --install build --prefix P` puts where
# (LIBDIR is lib/<multiarch>, e.g. lib/x86_64-linux-gnu, where the system has
# one, else lib; -DCMAKE_INSTALL_LIBDIR=lib to choose):
#
#   LIBDIR/libfxt.a, libfxt.so.*      libfxt: rules, validator, encoder, generator
#   include/fxt/*.h                   the public headers, fxt/version.h included
#   LIBDIR/pkgconfig/fxt.pc           pkg-config --cflags --libs fxt
#   LIBDIR/cmake/fxtkit/              find_package(fxtkit): fxtkit::fxt (shared),
#                                     fxtkit::fxt_static, and the fuzzing kit's
#   the fuzzing kit                   libfxtmut, <fxt/mutator.h>, the libFuzzer
#                                     glue, the AFL++ module in LIBDIR/fxtkit/,
#                                     fxtmut.pc, fxtmut-libfuzzer.pc
#                                     (cmake/fuzzkit.cmake)
#   bin/                              fxt-validate, fxt-gen, fxt-conform, fxt-dump,
#                                     fxt-mutate
#   share/fxtkit/                     the golden corpus (corpus/) and the JSON schemas
#   share/man/man1/                   a man page per tool (cmake/manpages.cmake)
#   share/doc/fxtkit/                 README.md, LICENSE, CHANGELOG.md, docs/*.md,
#                                     fuzz/README.md
#   share/fxtkit/go-fuzz-loop.sh      the Go fuzzing loop of fuzz/README.md
#   share/man/man3/libfxt.3           the library (dev)
#
# Every rule names its Debian package's component (cmake/package.cmake):
#   lib    the shared libraries (libfxt0.1)
#   dev    headers, static libraries, .so links, pkg-config and CMake files,
#          the libFuzzer glue and the AFL++ module (libfxt-dev)
#   tools  the programs, man pages, corpus, schemas, docs (fxtkit)
# Included from the top CMakeLists.txt after every target is defined.

# Libraries go to the multiarch directory where the toolchain names one, for
# every prefix: Debian's place under /usr, searched by ld.so and pkg-config
# under /usr/local as well. GNUInstallDirs picks it only when the prefix is
# /usr at configure time; the Debian package (prefix /usr) is made from a
# tree configured for any prefix.
if(NOT DEFINED CMAKE_INSTALL_LIBDIR AND CMAKE_LIBRARY_ARCHITECTURE)
  set(CMAKE_INSTALL_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE} CACHE PATH
      "Object code libraries (LIBDIR)")
endif()
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Shared objects are not executable (Debian policy 8.1; lintian).
set(FXT_SHLIB_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)

# ---- libfxt ------------------------------------------------------------------------------------
# The tree builds three internal static libraries: fxt (rules, validator),
# fxtenc (encoder) and fxtgen (generator), on fxtformat (the format's facts),
# compiled as position-independent code (the top CMakeLists.txt). The
# installed libfxt is their union, linked from the same objects: a file added
# to one of them is in the installed library too, and nothing is compiled
# twice.
set(FXT_LIB_PARTS fxtformat fxt fxtenc fxtgen)
set(_fxt_objects)
foreach(t IN LISTS FXT_LIB_PARTS)
  list(APPEND _fxt_objects $<TARGET_OBJECTS:${t}>)
endforeach()

# While the major version is 0 every minor release may change the ABI
# (fxt_stats grows with the rule catalogue), so the SONAME carries it.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(FXT_SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  set(FXT_PACKAGE_COMPATIBILITY SameMinorVersion)
else()
  set(FXT_SOVERSION ${PROJECT_VERSION_MAJOR})
  set(FXT_PACKAGE_COMPATIBILITY SameMajorVersion)
endif()

# fxt_library_pair(NAME MAP SOURCES...): NAME_shared (libNAME.so.VERSION with
# the SONAME libNAME.so.FXT_SOVERSION, exporting only what cmake/MAP lets
# out) and NAME_static (libNAME.a), exported as fxtkit::NAME and
# fxtkit::NAME_static, built in <build>/lib.
function(fxt_library_pair name map)
  add_library(${name}_shared SHARED ${ARGN})
  add_library(${name}_static STATIC ${ARGN})
  set_target_properties(${name}_shared PROPERTIES
    OUTPUT_NAME ${name} EXPORT_NAME ${name}
    VERSION ${PROJECT_VERSION} SOVERSION ${FXT_SOVERSION}
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
    LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/${map})
  set_target_properties(${name}_static PROPERTIES
    OUTPUT_NAME ${name} EXPORT_NAME ${name}_static
    ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
  target_link_options(${name}_shared PRIVATE
    -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/${map})
endfunction()

# Only the public fxt_* names are exported (not fxt__* internals).
fxt_library_pair(fxt libfxt.map ${_fxt_objects})
foreach(t fxt_shared fxt_static)
  target_include_directories(${t} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${FXT_GENERATED_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

install(TARGETS fxt_shared fxt_static EXPORT fxtkitTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lib NAMELINK_COMPONENT dev
          PERMISSIONS ${FXT_SHLIB_PERMISSIONS}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# (fxt/mutator.h comes with the fuzzing kit: cmake/fuzzkit.cmake)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/fxt DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT dev FILES_MATCHING PATTERN "*.h" PATTERN "mutator.h" EXCLUDE)
install(FILES ${FXT_GENERATED_INCLUDE_DIR}/fxt/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fxt COMPONENT dev)

# ---- pkg-config --------------------------------------------------------------------------------
# A .pc file names the prefix given at install time (cmake --install --prefix
# P, /usr in the Debian package), so it is written by the install step itself.
set(FXT_PKGCONFIGDIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
foreach(d LIBDIR INCLUDEDIR DATADIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(FXT_PC_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(FXT_PC_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
  endif()
endforeach()
set(FXT_PC_PREFIX "@FXT_PC_PREFIX@")  # kept for the install step
# Installs <build>/NAME.pc, made at install time from <build>/NAME.pc.in (a
# configured cmake/NAME.pc.in that still holds @FXT_PC_PREFIX@).
function(fxt_install_pc name)
  install(CODE "
    set(FXT_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(${PROJECT_BINARY_DIR}/${name}.pc.in ${PROJECT_BINARY_DIR}/${name}.pc @ONLY)"
    COMPONENT dev)
  install(FILES ${PROJECT_BINARY_DIR}/${name}.pc DESTINATION ${FXT_PKGCONFIGDIR} COMPONENT dev)
endfunction()
configure_file(${PROJECT_SOURCE_DIR}/cmake/fxt.pc.in ${PROJECT_BINARY_DIR}/fxt.pc.in @ONLY)
fxt_install_pc(fxt)

# ---- the fuzzing kit: libfxtmut, the libFuzzer glue, the AFL++ module --------------------------
include(${CMAKE_CURRENT_LIST_DIR}/fuzzkit.cmake)

# ---- the CMake package -------------------------------------------------------------------------
set(FXT_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/fxtkit)
install(EXPORT fxtkitTargets NAMESPACE fxtkit:: FILE fxtkit-targets.cmake
  DESTINATION ${FXT_CMAKEDIR} COMPONENT dev)
set(FXT_AFL_MUTATOR_PATH ${FXT_FUZZ_LIBDIR}/${FXT_AFL_MUTATOR_NAME})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fxtkit-config.cmake.in
  ${PROJECT_BINARY_DIR}/fxtkit-config.cmake INSTALL_DESTINATION ${FXT_CMAKEDIR}
  PATH_VARS FXT_AFL_MUTATOR_PATH)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fxtkit-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${FXT_PACKAGE_COMPATIBILITY})
install(FILES ${PROJECT_BINARY_DIR}/fxtkit-config.cmake
              ${PROJECT_BINARY_DIR}/fxtkit-config-version.cmake
  DESTINATION ${FXT_CMAKEDIR} COMPONENT dev)

# ---- tools -------------------------------------------------------------------------------------
# The tools link the internal static libraries: no run-time search path needed.
set(FXT_TOOLS fxt-validate fxt-gen)
if(TARGET fxt-dump)
  list(APPEND FXT_TOOLS fxt-dump)
endif()
if(TARGET fxt-mutate)  # fuzz/: mutated traces and seed sets on disk
  list(APPEND FXT_TOOLS fxt-mutate)
endif()
install(TARGETS ${FXT_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)

# fxt-conform (Python) gets the version written in: fxt-conform from the
# source tree reads it from CMakeLists.txt, which is not installed. The
# installed copy runs /usr/bin/python3 (Debian policy: no /usr/bin/env in
# the #! line of a packaged script).
set(_conform_src ${PROJECT_SOURCE_DIR}/fuzz/conform/fxt-conform)
set(FXT_CONFORM)
if(EXISTS ${_conform_src})
  set(FXT_CONFORM ${PROJECT_BINARY_DIR}/fxt-conform)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_conform_src})
  file(READ ${_conform_src} _text)
  string(REPLACE "\"@PROJECT_VERSION@\"" "\"${PROJECT_VERSION}\"" _text "${_text}")
  string(REGEX REPLACE "^#![^\n]*" "#!/usr/bin/python3" _text "${_text}")
  file(WRITE ${FXT_CONFORM}.tmp "${_text}")
  configure_file(${FXT_CONFORM}.tmp ${FXT_CONFORM} COPYONLY FILE_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  install(PROGRAMS ${FXT_CONFORM} DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
  # its modules: beside the build tree's copy and in share/fxtkit/conform
  file(GLOB _conform_mods ${PROJECT_SOURCE_DIR}/fuzz/conform/*.py)
  foreach(_m IN LISTS _conform_mods)
    get_filename_component(_mn ${_m} NAME)
    configure_file(${_m} ${PROJECT_BINARY_DIR}/share/fxtkit/conform/${_mn} COPYONLY)
  endforeach()
  install(FILES ${_conform_mods} DESTINATION ${CMAKE_INSTALL_DATADIR}/fxtkit/conform
          COMPONENT tools)
endif()

# ---- data and documentation --------------------------------------------------------------------
set(FXT_DATADIR ${CMAKE_INSTALL_DATADIR}/fxtkit)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/corpus/ DESTINATION ${FXT_DATADIR}/corpus COMPONENT tools
  PATTERN tests EXCLUDE PATTERN ".git*" EXCLUDE)
file(GLOB FXT_SCHEMAS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.schema.json)
install(FILES ${FXT_SCHEMAS} ${PROJECT_SOURCE_DIR}/corpus/manifest.schema.json
  DESTINATION ${FXT_DATADIR} COMPONENT tools)
file(GLOB FXT_DOCS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE ${FXT_DOCS}
  DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT tools)
# The fuzzing guide (its recipes name installed paths) and the Go fuzzing
# loop it runs.
install(FILES ${PROJECT_SOURCE_DIR}/fuzz/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/fuzz
  COMPONENT tools)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/fuzz/go-fuzz-loop.sh DESTINATION ${FXT_DATADIR}
  COMPONENT tools)
# The Debian package has it as changelog.gz (cmake/package.cmake), so it is a
# component of its own, which cpack leaves out.
install(FILES ${PROJECT_SOURCE_DIR}/CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT changelog)

include(${CMAKE_CURRENT_LIST_DIR}/manpages.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/package.cmake)
