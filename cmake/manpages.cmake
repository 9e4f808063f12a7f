# SPDX-License-Identifier: MIT
# cmake/manpages.cmake - a man page per tool (FXT_TOOLS and fxt-conform),
# made at build time by help2man from the tool's own --help and --version, so
# that the pages cannot drift from the tools:
#   NAME            docs/man/TOOL.h2m
#   SYNOPSIS        the help's "Usage:" and "  or:" lines, one per form
#   DESCRIPTION     the help up to "Options:"
#   OPTIONS         the help from "Options:" on
#   EXIT STATUS     the help's "Exit status:" paragraph (docs/man/help2man-tool.sh)
#   EXAMPLES        the help's "Examples:" paragraph, if any, then docs/man/TOOL.h2m
#   SEE ALSO        docs/man/TOOL.h2m
# Installed gzip -9n compressed (share/man/man1/TOOL.1.gz); FXT_MAN_PAGES
# lists the uncompressed pages of the build tree for the tests.
find_program(HELP2MAN_EXECUTABLE help2man)
find_program(GZIP_EXECUTABLE gzip)
set(FXT_MAN_PAGES)
if(NOT HELP2MAN_EXECUTABLE OR NOT GZIP_EXECUTABLE)
  message(STATUS "help2man or gzip not found: no man pages (scripts/setup.sh installs them)")
  return()
endif()

set(_mandir ${PROJECT_BINARY_DIR}/man)
set(_h2m_dir ${PROJECT_SOURCE_DIR}/docs/man)
# help2man runs the wrapper, which must be executable whatever the checkout did.
configure_file(${_h2m_dir}/help2man-tool.sh ${_mandir}/help2man-tool.sh COPYONLY
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                   WORLD_READ WORLD_EXECUTE)
set(_progs)
foreach(t IN LISTS FXT_TOOLS)
  list(APPEND _progs "${t}|$<TARGET_FILE:${t}>|${t}")
endforeach()
if(FXT_CONFORM)
  list(APPEND _progs "fxt-conform|${FXT_CONFORM}|${FXT_CONFORM}")
endif()
set(_gz_pages)
foreach(p IN LISTS _progs)
  string(REPLACE "|" ";" p "${p}")
  list(GET p 0 name)
  list(GET p 1 exe)
  list(GET p 2 dep)
  set(page ${_mandir}/${name}.1)
  set(h2m ${_h2m_dir}/${name}.h2m)
  add_custom_command(OUTPUT ${page} ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E env FXT_MAN_TOOL=${exe}
            SOURCE_DATE_EPOCH=${FXT_SOURCE_DATE_EPOCH}
            ${HELP2MAN_EXECUTABLE} --no-info --section=1 "--source=fxtkit ${PROJECT_VERSION}"
            --include=${h2m} --output=${page} ${_mandir}/help2man-tool.sh
    COMMAND ${GZIP_EXECUTABLE} -9nkf ${page}
    DEPENDS ${dep} ${h2m} ${_h2m_dir}/help2man-tool.sh
    COMMENT "Man page ${name}.1 (help2man)"
    VERBATIM)
  list(APPEND FXT_MAN_PAGES ${page})
  list(APPEND _gz_pages ${page}.gz)
endforeach()
# libfxt(3): written by hand (the API is in the headers), compressed the same way.
set(_lib3 ${_mandir}/libfxt.3)
add_custom_command(OUTPUT ${_lib3} ${_lib3}.gz
  COMMAND ${CMAKE_COMMAND} -E copy ${_h2m_dir}/libfxt.3 ${_lib3}
  COMMAND ${GZIP_EXECUTABLE} -9nkf ${_lib3}
  DEPENDS ${_h2m_dir}/libfxt.3
  COMMENT "Man page libfxt.3"
  VERBATIM)
list(APPEND FXT_MAN_PAGES ${_lib3})
add_custom_target(fxt-man-pages ALL DEPENDS ${FXT_MAN_PAGES})
install(FILES ${_gz_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
install(FILES ${_lib3}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man3 COMPONENT dev)
