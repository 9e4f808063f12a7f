# SPDX-License-Identifier: MIT
# The WebAssembly build's own part (cmake/wasm32-wasi.cmake sets the
# compiler): tmpfile() (fxt-validate's --revision auto), posix_madvise() and
# the host's working directory (cmake/wasi/compat.c), for fxt-validate and
# fxt-dump.
target_sources(fxt-validate PRIVATE ${CMAKE_CURRENT_LIST_DIR}/wasi/compat.c)
target_sources(fxt-dump PRIVATE ${CMAKE_CURRENT_LIST_DIR}/wasi/compat.c)
# fxttool's output files guard against signals, which WASI does not have:
# cmake/wasi/signal.h gives the calls as no-ops (fxt-validate writes
# baselines with it). fxt-gen stays out of the WebAssembly build (not part
# of the npm package).
set_target_properties(fxt-gen PROPERTIES EXCLUDE_FROM_ALL ON)
