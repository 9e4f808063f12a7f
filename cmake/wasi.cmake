# SPDX-License-Identifier: MIT
# The WebAssembly build's own part (cmake/wasm32-wasi.cmake sets the
# compiler): tmpfile() (fxt-validate's --revision auto) and posix_madvise().
target_sources(fxt-validate PRIVATE ${CMAKE_CURRENT_LIST_DIR}/wasi/compat.c)
