# SPDX-License-Identifier: MIT
# cmake/package.cmake - `cpack -G DEB` (run in the build directory) makes three
# Debian packages of what cmake/install.cmake installs, under /usr, one per
# install component:
#
#   libfxt0.1   lib    (libs)     libfxt.so.0.1 and libfxtmut.so.0.1. Both
#                                 SONAMEs are FXT_SOVERSION and change together,
#                                 so one package named after libfxt's holds
#                                 both (Debian policy 8.1).
#   libfxt-dev  dev    (libdevel) headers, static libraries, the .so links,
#                                 pkg-config and CMake files; and the fuzzing
#                                 kit's build-time parts: the libFuzzer glue
#                                 (a static library, linked into a harness)
#                                 and the AFL++ module (loaded by afl-fuzz
#                                 beside a harness built from the same
#                                 headers): what a reader's author installs to
#                                 fuzz it, in one package, like the headers.
#   fxtkit      tools  (devel)    the tools, their man pages, the corpus, the
#                                 JSON schemas and the documentation.
#
# Each has /usr/share/doc/PACKAGE/copyright (DEP-5, made from LICENSE),
# changelog.Debian.gz and its lintian overrides (one, with its reason),
# installed only into the packages (EXCLUDE_FROM_ALL); fxtkit also has
# CHANGELOG.md as changelog.gz. Shared libraries get dpkg's ldconfig trigger
# (cmake/deb-fixup.cmake), and the library package a symbols file of every
# exported symbol (cmake/deb-fixup.cmake). FXT_HOMEPAGE gives the packages a
# Homepage field, FXT_PACKAGE_CONTACT their Maintainer.
# Depends come from dpkg-shlibdeps; binaries and shared objects are stripped.
# Package a plain (not sanitized, not coverage) build: Release, as README's
# Install section does, or the default RelWithDebInfo.
# fxtkit has no published home page or maintainer address yet. None is
# made up: without FXT_PACKAGE_CONTACT the Maintainer field is a placeholder
# in the reserved .invalid domain (RFC 2606: never routable, never someone's
# address), and without FXT_HOMEPAGE there is no Homepage field; the
# copyright file says so, and configuring says so.
set(FXT_CONTACT_UNSET "fxtkit maintainer not set <maintainer-not-set@fxtkit.invalid>")
set(FXT_PACKAGE_CONTACT "${FXT_CONTACT_UNSET}" CACHE STRING
    "Maintainer field of the Debian packages: \"Name <address>\"")
if(FXT_PACKAGE_CONTACT MATCHES "^fxtkit (developers|maintainers) <fxtkit@(example\\.org|users\\.noreply\\.github\\.com)>$")
  set_property(CACHE FXT_PACKAGE_CONTACT PROPERTY VALUE "${FXT_CONTACT_UNSET}")  # old defaults
endif()
set(FXT_HOMEPAGE "" CACHE STRING "Homepage field of the Debian packages (the project's URL)")
if(FXT_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${FXT_HOMEPAGE}")
else()
  message(STATUS "FXT_HOMEPAGE is not set: the Debian packages have no Homepage field")
endif()
if(FXT_PACKAGE_CONTACT STREQUAL FXT_CONTACT_UNSET)
  message(STATUS "FXT_PACKAGE_CONTACT is not set: the Debian packages' Maintainer is the "
                 "placeholder '${FXT_CONTACT_UNSET}'")
  set(_unset_note "
 fxtkit has no published maintainer address or home page yet: the Maintainer
 field is a placeholder (configure with -DFXT_PACKAGE_CONTACT=\"Name <address>\"
 and -DFXT_HOMEPAGE=URL to set them).")
else()
  set(_unset_note "")
endif()
set(FXT_DEB_REVISION 1 CACHE STRING "Debian revision of the packages (VERSION-REVISION)")
set(FXT_DEB_VERSION ${PROJECT_VERSION}-${FXT_DEB_REVISION})
set(FXT_DEB_LIB libfxt${FXT_SOVERSION})
set(FXT_DEB_DEV libfxt-dev)
set(FXT_DEB_TOOLS fxtkit)

# ---- copyright and changelog.Debian.gz --------------------------------------------------------
set(_deb ${PROJECT_BINARY_DIR}/debian)
# copyright: machine-readable (DEP-5), the license text taken from LICENSE.
file(READ ${PROJECT_SOURCE_DIR}/LICENSE _license)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/LICENSE)
if(NOT _license MATCHES "^MIT License\n\nCopyright \\(c\\) ([^\n]+)\n\n(.*[^\n])\n*$")
  message(FATAL_ERROR "LICENSE: not the MIT license text this file expects")
endif()
set(_holder "${CMAKE_MATCH_1}")
string(REGEX REPLACE "\n\n" "\n.\n" _text "${CMAKE_MATCH_2}")
string(REGEX REPLACE "\n" "\n " _text " ${_text}")
file(WRITE ${_deb}/copyright
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: fxtkit
Upstream-Contact: ${FXT_PACKAGE_CONTACT}

Files: *
Copyright: ${_holder}
License: Expat
Comment: The MIT license (SPDX-License-Identifier: MIT), in the LICENSE file of
 the source tree and in /usr/share/doc/${FXT_DEB_TOOLS}/LICENSE.${_unset_note}

License: Expat
${_text}
")
# changelog.Debian.gz, compressed as policy 12.7 asks (gzip -9n).
set(_date_env "$ENV{SOURCE_DATE_EPOCH}")
set(ENV{SOURCE_DATE_EPOCH} ${FXT_SOURCE_DATE_EPOCH})
string(TIMESTAMP _date "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(ENV{SOURCE_DATE_EPOCH} "${_date_env}")
file(WRITE ${_deb}/changelog.Debian
"fxtkit (${FXT_DEB_VERSION}) unstable; urgency=medium

  * fxtkit ${PROJECT_VERSION}, packaged with cpack from fxtkit's source tree.
    What changed: CHANGELOG.md in /usr/share/doc/${FXT_DEB_TOOLS}.

 -- ${FXT_PACKAGE_CONTACT}  ${_date}
")
# The upstream changelog as Debian names it: /usr/share/doc/fxtkit/changelog.gz.
configure_file(${PROJECT_SOURCE_DIR}/CHANGELOG.md ${_deb}/changelog COPYONLY)
find_program(GZIP_EXECUTABLE gzip REQUIRED)
foreach(f changelog.Debian changelog)
  execute_process(COMMAND ${GZIP_EXECUTABLE} -9nf ${_deb}/${f} RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n ${_deb}/${f} failed")
  endif()
endforeach()
# Lintian overrides, each with its reason (a comment line before it).
file(WRITE ${_deb}/lintian-overrides
"# fxtkit's packages are made by cpack from fxtkit's own source tree, not
# uploaded to Debian: their first changelog entry has no ITP bug to close.
initial-upload-closes-no-bugs
")
foreach(c lib dev tools)
  if(c STREQUAL lib)
    set(_pkg ${FXT_DEB_LIB})
  elseif(c STREQUAL dev)
    set(_pkg ${FXT_DEB_DEV})
  else()
    set(_pkg ${FXT_DEB_TOOLS})
  endif()
  install(FILES ${_deb}/copyright ${_deb}/changelog.Debian.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${_pkg} COMPONENT ${c} EXCLUDE_FROM_ALL)
  install(FILES ${_deb}/lintian-overrides RENAME ${_pkg}
          DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides COMPONENT ${c} EXCLUDE_FROM_ALL)
endforeach()
install(FILES ${_deb}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR}
        COMPONENT tools EXCLUDE_FROM_ALL)

# ---- CPack -------------------------------------------------------------------------------------
set(CPACK_PACKAGE_NAME fxtkit)
set(CPACK_PACKAGE_VENDOR fxtkit)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${FXT_PACKAGE_CONTACT}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL lib dev tools)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)           # NAME_VERSION-REVISION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE ${FXT_DEB_REVISION})
set(CPACK_DEBIAN_PACKAGE_SOURCE fxtkit)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)            # Depends: libc6 (>= ...) via dpkg-shlibdeps
# libfxtmut.so needs libfxt.so, of the same package: found in the build tree
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR}/lib)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)      # shlibs file + ldconfig trigger
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# the ldconfig trigger instead of CPack's ldconfig calls in postinst/postrm
# and the symbols file of the library package
set(CPACK_POST_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/deb-fixup.cmake)

set(CPACK_DEBIAN_LIB_PACKAGE_NAME ${FXT_DEB_LIB})
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_LIB_DESCRIPTION
"strict Fuchsia Trace Format validator and generator library
libfxt checks Fuchsia Trace Format (FXT) traces against the spec, bit by bit:
every reserved bit, size field, index, padding byte, UTF-8 string and magic
word, each violation with a stable rule id, a byte offset and the spec
section. It also encodes records and generates valid and one-violation
traces. libfxtmut is a structure-aware FXT mutator for fuzzing FXT readers.
This package holds the shared libraries.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME ${FXT_DEB_DEV})
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${FXT_DEB_LIB} (= ${FXT_DEB_VERSION})")
set(CPACK_DEBIAN_DEV_DESCRIPTION
"strict Fuchsia Trace Format validator library - development files
libfxt checks Fuchsia Trace Format (FXT) traces against the spec, bit by bit,
encodes records and generates valid and one-violation traces; libfxtmut is a
structure-aware FXT mutator for fuzzing FXT readers.
This package holds the headers, the static libraries, the pkg-config files
(fxt, fxtmut, fxtmut-libfuzzer) and the CMake package (find_package(fxtkit)),
and the fuzzing kit: the mutator as libFuzzer's custom mutator (a static
library to link into a harness) and as an AFL++ custom mutator module.")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME ${FXT_DEB_TOOLS})
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "python3")  # fxt-conform
set(CPACK_DEBIAN_TOOLS_DESCRIPTION
"strict validator, generator and golden corpus for the Fuchsia Trace Format
fxtkit makes Fuchsia Trace Format (FXT) traces trustworthy:
fxt-validate checks traces against the spec, bit by bit, with text, JSON,
SARIF and GitHub annotation output for CI; fxt-dump prints a trace record by
record; fxt-gen generates valid and one-violation traces and the golden
corpus; fxt-mutate writes mutated traces and seed sets for fuzzing other
readers; fxt-conform runs another FXT reader over the corpus and classifies
what it does. The golden corpus and the JSON schemas are in /usr/share/fxtkit.")
include(CPack)
