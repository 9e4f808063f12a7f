# SPDX-License-Identifier: MIT
# The WebAssembly build's own part (cmake/wasm32-wasi.cmake sets the
# compiler): tmpfile() (fxt-validate's --revision auto) and posix_madvise().
target_sources(fxt-validate PRIVATE ${CMAKE_CURRENT_LIST_DIR}/wasi/compat.c)
# fxttool's output files guard against signals, which WASI does not have:
# cmake/wasi/signal.h gives the calls as no-ops (fxt-validate writes
# baselines with it). fxt-dump and fxt-gen stay out of the WebAssembly
# build (not part of the npm package).
set_target_properties(fxt-dump fxt-gen PROPERTIES EXCLUDE_FROM_ALL ON)
