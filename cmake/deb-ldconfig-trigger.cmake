# SPDX-License-Identifier: MIT
# cmake/deb-ldconfig-trigger.cmake - run by cpack after it made the packages
# (CPACK_POST_BUILD_SCRIPTS, cmake/package.cmake).
#
# CPack (3.25 at least) gives a package that ships shared libraries under
# /usr/lib a postinst and a postrm that call ldconfig. Debian replaced those
# calls by dpkg's ldconfig trigger (policy 8.1.1; lintian: lacks-ldconfig-
# trigger, maintscript-calls-ldconfig), and CPack has no switch for it. So each
# package whose maintainer scripts are exactly the ones CPack writes for
# ldconfig is rebuilt by dpkg-deb with a `triggers` file ("activate-noawait
# ldconfig") instead of them; its files and other control files are kept as
# they are. A package with any other postinst or postrm is left alone.
set(_postinst "#!/bin/sh\n\nset -e\n\nif [ \"$1\" = \"configure\" ]; then\n\tldconfig\nfi\n")
set(_postrm "#!/bin/sh\n\nset -e\n\nif [ \"$1\" = \"remove\" ]; then\n\tldconfig\nfi\n")
find_program(_dpkg_deb dpkg-deb REQUIRED)
foreach(deb IN LISTS CPACK_PACKAGE_FILES)
  if(NOT deb MATCHES "\\.deb$")
    continue()
  endif()
  get_filename_component(_name ${deb} NAME)
  set(_tree ${CPACK_TOPLEVEL_DIRECTORY}/ldconfig-trigger/${_name})
  file(REMOVE_RECURSE ${_tree})
  file(MAKE_DIRECTORY ${_tree}/..)
  execute_process(COMMAND ${_dpkg_deb} --raw-extract ${deb} ${_tree} RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "dpkg-deb --raw-extract ${deb} failed")
  endif()
  set(_c ${_tree}/DEBIAN)
  if(NOT EXISTS ${_c}/postinst OR NOT EXISTS ${_c}/postrm)
    file(REMOVE_RECURSE ${_tree})
    continue()
  endif()
  file(READ ${_c}/postinst _pi)
  file(READ ${_c}/postrm _pr)
  if(NOT _pi STREQUAL _postinst OR NOT _pr STREQUAL _postrm)
    message(STATUS "${_name}: maintainer scripts of its own, left as they are")
    file(REMOVE_RECURSE ${_tree})
    continue()
  endif()
  file(REMOVE ${_c}/postinst ${_c}/postrm)
  file(WRITE ${_c}/triggers "activate-noawait ldconfig\n")
  execute_process(COMMAND ${_dpkg_deb} --root-owner-group --build ${_tree} ${deb}
                  OUTPUT_QUIET RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "dpkg-deb --build ${deb} failed")
  endif()
  message(STATUS "${_name}: ldconfig trigger instead of ldconfig in postinst/postrm")
  file(REMOVE_RECURSE ${_tree})
endforeach()
