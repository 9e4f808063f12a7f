# SPDX-License-Identifier: MIT
# The WebAssembly build's own part (cmake/wasm32-wasi.cmake sets the
# compiler): tmpfile() (fxt-validate's --revision auto) and posix_madvise().
target_sources(fxt-validate PRIVATE ${CMAKE_CURRENT_LIST_DIR}/wasi/compat.c)
# What does not port without contortions stays out of the WebAssembly
# build: fxttool's output files guard against signals (sigaction,
# sigprocmask: WASI has none), and fxt-dump and fxt-gen use it.
set_target_properties(fxttool fxt-dump fxt-gen PROPERTIES EXCLUDE_FROM_ALL ON)
