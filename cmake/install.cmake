# SPDX-License-Identifier: MIT
# cmake/install.cmake - what `cmake --install build --prefix P` puts where:
#
#   lib/libfxt.a, lib/libfxt.so.*     libfxt: rules, validator, encoder, generator
#   include/fxt/*.h                   the public headers, fxt/version.h included
#   lib/pkgconfig/fxt.pc              pkg-config --cflags --libs fxt
#   lib/cmake/fxtkit/                 find_package(fxtkit): fxtkit::fxt (shared),
#                                     fxtkit::fxt_static
#   bin/                              fxt-validate, fxt-gen, fxt-conform, fxt-dump
#   lib/fxtkit/                       the AFL++ custom mutator module (and the
#                                     libFuzzer mutator library when built)
#   share/fxtkit/                     the golden corpus (corpus/) and the JSON schemas
#   share/man/man1/                   a man page per tool, made by help2man from
#                                     --help and --version at build time
#   share/doc/fxtkit/                 README.md, docs/*.md
#
# Included from the top CMakeLists.txt after every target is defined; the
# Debian package (cpack -G DEB) is configured in cmake/package.cmake.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# ---- libfxt ------------------------------------------------------------------------------------
# The tree builds three internal static libraries: fxt (rules, validator),
# fxtenc (encoder) and fxtgen (generator). The installed libfxt is their union,
# compiled once more as position-independent code. Sources, include
# directories, definitions and options are read from those targets, so a file
# added to one of them is in the installed library too.
set(FXT_LIB_PARTS fxt fxtenc fxtgen)

# The sources of target T, as absolute paths, in OUT.
function(fxt_target_sources t out)
  get_target_property(_src ${t} SOURCES)
  get_target_property(_dir ${t} SOURCE_DIR)
  set(_abs)
  foreach(s IN LISTS _src)
    if(s MATCHES "^\\$<" OR IS_ABSOLUTE "${s}")
      list(APPEND _abs "${s}")
    else()
      list(APPEND _abs "${_dir}/${s}")
    endif()
  endforeach()
  set(${out} ${_abs} PARENT_SCOPE)
endfunction()

# Calls between the library's own functions stay direct (and inlinable) in
# the shared library: nobody is meant to interpose fxt_* symbols.
include(CheckCCompilerFlag)
check_c_compiler_flag(-fno-semantic-interposition FXT_HAVE_NO_INTERPOSITION)
set(_fxt_objects)
foreach(t IN LISTS FXT_LIB_PARTS)
  fxt_target_sources(${t} _src)
  add_library(${t}_pic OBJECT ${_src})
  set_target_properties(${t}_pic PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${t}_pic PRIVATE $<TARGET_PROPERTY:${t},INCLUDE_DIRECTORIES>)
  target_compile_definitions(${t}_pic PRIVATE $<TARGET_PROPERTY:${t},COMPILE_DEFINITIONS>)
  target_compile_options(${t}_pic PRIVATE $<TARGET_PROPERTY:${t},COMPILE_OPTIONS>
    $<$<BOOL:${FXT_HAVE_NO_INTERPOSITION}>:-fno-semantic-interposition>)
  list(APPEND _fxt_objects $<TARGET_OBJECTS:${t}_pic>)
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

add_library(fxt_shared SHARED ${_fxt_objects})
add_library(fxt_static STATIC ${_fxt_objects})
set_target_properties(fxt_shared PROPERTIES
  OUTPUT_NAME fxt EXPORT_NAME fxt
  VERSION ${PROJECT_VERSION} SOVERSION ${FXT_SOVERSION}
  LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
  LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/libfxt.map)
set_target_properties(fxt_static PROPERTIES
  OUTPUT_NAME fxt EXPORT_NAME fxt_static
  ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
# Only the public fxt_* names are exported (not fxt__* internals).
target_link_options(fxt_shared PRIVATE
  -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/libfxt.map)
foreach(t fxt_shared fxt_static)
  target_include_directories(${t} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${FXT_GENERATED_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

install(TARGETS fxt_shared fxt_static EXPORT fxtkitTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/fxt DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(FILES ${FXT_GENERATED_INCLUDE_DIR}/fxt/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fxt)

# ---- pkg-config and the CMake package ----------------------------------------------------------
# fxt.pc names the prefix given at install time (cmake --install --prefix P,
# /usr in the Debian package), so it is written by the install step itself.
set(FXT_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/fxtkit)
set(FXT_PKGCONFIGDIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
foreach(d LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(FXT_PC_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(FXT_PC_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
  endif()
endforeach()
set(FXT_PC_PREFIX "@FXT_PC_PREFIX@")  # kept for the install step
configure_file(${PROJECT_SOURCE_DIR}/cmake/fxt.pc.in ${PROJECT_BINARY_DIR}/fxt.pc.in @ONLY)
install(CODE "
  set(FXT_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(${PROJECT_BINARY_DIR}/fxt.pc.in ${PROJECT_BINARY_DIR}/fxt.pc @ONLY)")
install(FILES ${PROJECT_BINARY_DIR}/fxt.pc DESTINATION ${FXT_PKGCONFIGDIR})

install(EXPORT fxtkitTargets NAMESPACE fxtkit:: FILE fxtkit-targets.cmake
  DESTINATION ${FXT_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fxtkit-config.cmake.in
  ${PROJECT_BINARY_DIR}/fxtkit-config.cmake INSTALL_DESTINATION ${FXT_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fxtkit-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${FXT_PACKAGE_COMPATIBILITY})
install(FILES ${PROJECT_BINARY_DIR}/fxtkit-config.cmake
              ${PROJECT_BINARY_DIR}/fxtkit-config-version.cmake
  DESTINATION ${FXT_CMAKEDIR})

# ---- tools -------------------------------------------------------------------------------------
# The tools link the internal static libraries: no run-time search path needed.
set(FXT_TOOLS fxt-validate fxt-gen)
if(TARGET fxt-dump)
  list(APPEND FXT_TOOLS fxt-dump)
endif()
if(TARGET fxt-mutate)  # fuzz/: mutated traces and seed sets on disk
  list(APPEND FXT_TOOLS fxt-mutate)
endif()
install(TARGETS ${FXT_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# fxt-conform (Python) gets the version written in: fxt-conform from the
# source tree reads it from CMakeLists.txt, which is not installed.
set(_conform_src ${PROJECT_SOURCE_DIR}/fuzz/conform/fxt-conform)
set(FXT_CONFORM)
if(EXISTS ${_conform_src})
  set(FXT_CONFORM ${PROJECT_BINARY_DIR}/fxt-conform)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_conform_src})
  file(READ ${_conform_src} _text)
  string(REPLACE "\"@PROJECT_VERSION@\"" "\"${PROJECT_VERSION}\"" _text "${_text}")
  file(WRITE ${FXT_CONFORM}.tmp "${_text}")
  configure_file(${FXT_CONFORM}.tmp ${FXT_CONFORM} COPYONLY FILE_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  install(PROGRAMS ${FXT_CONFORM} DESTINATION ${CMAKE_INSTALL_BINDIR})
  # its modules: beside the build tree's copy and in share/fxtkit/conform
  file(GLOB _conform_mods ${PROJECT_SOURCE_DIR}/fuzz/conform/*.py)
  foreach(_m IN LISTS _conform_mods)
    get_filename_component(_mn ${_m} NAME)
    configure_file(${_m} ${PROJECT_BINARY_DIR}/share/fxtkit/conform/${_mn} COPYONLY)
  endforeach()
  install(FILES ${_conform_mods} DESTINATION ${CMAKE_INSTALL_DATADIR}/fxtkit/conform)
endif()

# ---- fuzzing mutators (when this tree builds them) ---------------------------------------------
set(FXT_FUZZ_LIBDIR ${CMAKE_INSTALL_LIBDIR}/fxtkit)
if(TARGET fxt_afl_mutator)
  get_target_property(_type fxt_afl_mutator TYPE)
  if(_type STREQUAL "UTILITY")  # afl-clang-fast trees build it by a custom command
    install(FILES ${PROJECT_BINARY_DIR}/fuzz/libfxt_afl_mutator.so
            DESTINATION ${FXT_FUZZ_LIBDIR})
  else()
    install(TARGETS fxt_afl_mutator LIBRARY DESTINATION ${FXT_FUZZ_LIBDIR})
  endif()
endif()
if(TARGET fxt_libfuzzer_mutator)
  install(TARGETS fxt_libfuzzer_mutator
          LIBRARY DESTINATION ${FXT_FUZZ_LIBDIR} ARCHIVE DESTINATION ${FXT_FUZZ_LIBDIR})
endif()

# ---- data and documentation --------------------------------------------------------------------
set(FXT_DATADIR ${CMAKE_INSTALL_DATADIR}/fxtkit)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/corpus/ DESTINATION ${FXT_DATADIR}/corpus
  PATTERN tests EXCLUDE PATTERN ".git*" EXCLUDE)
file(GLOB FXT_SCHEMAS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.schema.json)
install(FILES ${FXT_SCHEMAS} ${PROJECT_SOURCE_DIR}/corpus/manifest.schema.json
  DESTINATION ${FXT_DATADIR})
file(GLOB FXT_DOCS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE ${FXT_DOCS} DESTINATION ${CMAKE_INSTALL_DOCDIR})

# ---- man pages ---------------------------------------------------------------------------------
# help2man turns each tool's --help and --version into a man page at build
# time, so the pages cannot drift from the tools.
find_program(HELP2MAN_EXECUTABLE help2man)
set(FXT_MAN_PAGES)
if(HELP2MAN_EXECUTABLE)
  set(_mandir ${PROJECT_BINARY_DIR}/man)
  set(_man_fxt-validate "strict validator for Fuchsia Trace Format (FXT) traces")
  set(_man_fxt-gen "generate valid and one-violation Fuchsia Trace Format traces")
  set(_man_fxt-dump "print a Fuchsia Trace Format trace record by record")
  set(_man_fxt-conform "run an FXT reader over the golden corpus and classify what it does")
  set(_man_fxt-mutate "write mutated FXT traces and filtered seed sets for fuzzing other readers")
  set(_progs)
  foreach(t IN LISTS FXT_TOOLS)
    list(APPEND _progs "${t}|$<TARGET_FILE:${t}>|${t}")
  endforeach()
  if(FXT_CONFORM)
    list(APPEND _progs "fxt-conform|${FXT_CONFORM}|${FXT_CONFORM}")
  endif()
  foreach(p IN LISTS _progs)
    string(REPLACE "|" ";" p "${p}")
    list(GET p 0 name)
    list(GET p 1 exe)
    list(GET p 2 dep)
    set(page ${_mandir}/${name}.1)
    # fxt-validate, fxt-gen and fxt-conform print "NAME VERSION (...)" for
    # --version; other tools are given the version rather than asked.
    set(_ver)
    if(NOT name MATCHES "^fxt-(validate|gen|conform)$")
      set(_ver "--version-string=${PROJECT_VERSION}")
    endif()
    add_custom_command(OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${_mandir}
      COMMAND ${HELP2MAN_EXECUTABLE} --no-info --section=1 "--source=fxtkit ${PROJECT_VERSION}"
              "--name=${_man_${name}}" ${_ver} --output=${page} ${exe}
      DEPENDS ${dep}
      COMMENT "Man page ${name}.1 (help2man)"
      VERBATIM)
    list(APPEND FXT_MAN_PAGES ${page})
  endforeach()
  add_custom_target(fxt-man-pages ALL DEPENDS ${FXT_MAN_PAGES})
  install(FILES ${FXT_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man not found: no man pages (scripts/setup.sh installs it)")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/package.cmake)
