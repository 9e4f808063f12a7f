# SPDX-License-Identifier: MIT
# cmake/hardening.cmake - optimized builds (Release, RelWithDebInfo,
# MinSizeRel; not sanitized) get the hardening flags Debian builds its
# packages with, as dpkg-buildflags gives them with
# DEB_BUILD_MAINT_OPTIONS=hardening=+all: _FORTIFY_SOURCE, the stack
# protector, format-security, and relro + bindnow at link time (lintian's
# hardening-no-fortify-functions, hardening-no-bindnow). Only those flags are
# taken (not -O2 -g: the build type decides). Without dpkg-buildflags, the
# same flags as Debian 12 gives them. FXT_HARDENING=OFF turns them off.
option(FXT_HARDENING "Build optimized builds with dpkg-buildflags' hardening flags" ON)
set(FXT_HARDENING_FLAGS)
# (not in the WebAssembly build: no stack protector runtime, no ELF linker)
if(FXT_HARDENING AND NOT FXT_SANITIZE AND NOT CMAKE_SYSTEM_NAME STREQUAL "WASI"
   AND CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo|MinSizeRel)$")
  find_program(DPKG_BUILDFLAGS_EXECUTABLE dpkg-buildflags)
  set(_cpp "-D_FORTIFY_SOURCE=2")
  set(_c "-fstack-protector-strong -Wformat -Werror=format-security")
  set(_ld "-Wl,-z,relro -Wl,-z,now")
  if(DPKG_BUILDFLAGS_EXECUTABLE)
    foreach(v CPPFLAGS CFLAGS LDFLAGS)
      execute_process(
        COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=+all
                ${DPKG_BUILDFLAGS_EXECUTABLE} --get ${v}
        OUTPUT_VARIABLE _out OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc ERROR_QUIET)
      if(_rc EQUAL 0)
        set(_got_${v} "${_out}")
      endif()
    endforeach()
    if(DEFINED _got_CPPFLAGS AND DEFINED _got_CFLAGS AND DEFINED _got_LDFLAGS)
      set(_cpp "${_got_CPPFLAGS}")
      set(_c "${_got_CFLAGS}")
      set(_ld "${_got_LDFLAGS}")
    endif()
  endif()
  separate_arguments(_cpp UNIX_COMMAND "${_cpp}")
  separate_arguments(_c UNIX_COMMAND "${_c}")
  separate_arguments(_ld UNIX_COMMAND "${_ld}")
  set(_compile ${_cpp} ${_c})
  list(FILTER _compile INCLUDE REGEX
       "^(-D_FORTIFY_SOURCE=|-f(stack-protector|stack-clash-protection|cf-protection)|-W(format|error=format-security))")
  set(_link ${_ld})
  list(FILTER _link INCLUDE REGEX "^-Wl,-z,")
  # a toolchain that defines _FORTIFY_SOURCE itself would warn on a redefinition
  add_compile_options(-U_FORTIFY_SOURCE ${_compile})
  add_link_options(${_link})
  set(FXT_HARDENING_FLAGS ${_compile} ${_link})
  message(STATUS "Hardening (dpkg-buildflags): ${FXT_HARDENING_FLAGS}")
endif()
