# SPDX-License-Identifier: MIT
# Toolchain file: fxtkit for WebAssembly (wasm32-wasi) with Debian's clang,
# wasi-libc and lld (packages clang-14, wasi-libc, libclang-rt-14-dev-wasm32,
# lld-14). The same sources as the native build:
#   cmake -S . -B build-wasm -DCMAKE_TOOLCHAIN_FILE=cmake/wasm32-wasi.cmake
# builds libfxt, fxt-validate.wasm, fxt-dump.wasm and fxt-gen.wasm (run them
# with npm/bin/*.js or any WASI runtime).
set(CMAKE_SYSTEM_NAME WASI)
set(CMAKE_SYSTEM_VERSION 1)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
# cmake/Platform/WASI.cmake (CMake has no platform file of its own for it)
list(APPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_LIST_DIR})

find_program(FXT_WASI_CLANG NAMES clang-14 clang REQUIRED)
set(CMAKE_C_COMPILER ${FXT_WASI_CLANG})
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_SYSROOT_COMPILE "")
set(CMAKE_FIND_ROOT_PATH /usr/lib/wasm32-wasi /usr/include/wasm32-wasi)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# No tests, fuzzers or packages in this build (they run natively); nothing
# here is installed.
set(BUILD_TESTING OFF CACHE BOOL "" FORCE)

# wasi-libc's mmap emulation (input.c maps regular files in windows: the
# emulation reads each window into memory), and cmake/wasi/ for what WASI
# lacks: pthread.h (no threads: input.c reads in turn), signal.h (no
# signals), tmpfile() (--revision auto's spool) and the POSIX calls of
# cmake/wasi/posix.h (support/outfile.c's temporary files; cmake/wasi/compat.c).
set(CMAKE_C_FLAGS_INIT "-D_WASI_EMULATED_MMAN -isystem ${CMAKE_CURRENT_LIST_DIR}/wasi -include ${CMAKE_CURRENT_LIST_DIR}/wasi/posix.h -Wno-deprecated-declarations")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-lwasi-emulated-mman -Wl,-z,stack-size=1048576")
