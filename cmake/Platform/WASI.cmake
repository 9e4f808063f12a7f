# SPDX-License-Identifier: MIT
# The WASI platform (wasm32-wasi), for cmake/wasm32-wasi.cmake: executables
# are .wasm modules; no shared libraries.
set(CMAKE_EXECUTABLE_SUFFIX ".wasm")
set(CMAKE_STATIC_LIBRARY_PREFIX "lib")
set(CMAKE_STATIC_LIBRARY_SUFFIX ".a")
set_property(GLOBAL PROPERTY TARGET_SUPPORTS_SHARED_LIBS FALSE)
set(UNIX 1)
