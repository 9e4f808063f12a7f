# SPDX-License-Identifier: MIT
# cmake/package.cmake - `cpack -G DEB` (run in the build directory) makes a
# Debian package of everything cmake/install.cmake installs, under /usr.
# Package from a plain (gcc, not sanitized) release build.
set(FXT_PACKAGE_CONTACT "fxtkit developers <fxtkit@example.org>"
    CACHE STRING "Maintainer field of the Debian package")

set(CPACK_PACKAGE_NAME fxtkit)
set(CPACK_PACKAGE_VENDOR fxtkit)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${FXT_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "strict validator, generator and golden corpus for the Fuchsia Trace Format")
set(CPACK_PACKAGE_DESCRIPTION
    "fxtkit checks Fuchsia Trace Format (FXT) traces against the spec, bit by bit \
(fxt-validate), generates valid and one-violation traces (fxt-gen), runs other FXT \
readers over a golden corpus (fxt-conform), and ships libfxt (static and shared), \
its headers, pkg-config and CMake files, the corpus and JSON schemas.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)           # fxtkit_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)            # libc6 (>= ...) via dpkg-shlibdeps
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3")       # fxt-conform
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)      # shlibs file + ldconfig trigger
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES OFF)
include(CPack)
