# SPDX-License-Identifier: MIT
# The WebAssembly build's own part (cmake/wasm32-wasi.cmake sets the
# compiler): tmpfile() (fxt-validate's --revision auto), posix_madvise() and
# the host's working directory (cmake/wasi/compat.c), for fxt-validate,
# fxt-dump and fxt-gen.
foreach(_tool fxt-validate fxt-dump fxt-gen)
  target_sources(${_tool} PRIVATE ${CMAKE_CURRENT_LIST_DIR}/wasi/compat.c)
endforeach()
# fxttool's output files guard against signals, which WASI does not have:
# cmake/wasi/signal.h gives the calls as no-ops (fxt-validate writes
# baselines with it, fxt-gen its traces).
