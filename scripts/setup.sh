#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs fxtkit's build and test dependencies from Debian packages.
# Safe to re-run: does nothing when everything is already installed.
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config check
      clang llvm libclang-rt-14-dev afl++
      python3 python3-jsonschema hyperfine valgrind help2man time
      lintian file man-db  # package-deb-lintian; cpack and package-deb read files with
                           # file; man-pages renders the pages with man --warnings
      golang-go)  # golang-go: fuzz_recipe_go, the Go fuzzing recipe of fuzz/README.md
pkgs+=(python3-yaml git)  # ctest ci-recipes: docs/ci.md's YAML recipes and Git hook
# The WebAssembly build (cmake/wasm32-wasi.cmake) and the npm package's and
# page's tests (npm-*, action-hook, web-*: Node.js >= 18 with npm, Chromium).
pkgs+=(clang-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32 nodejs chromium)
pkgs+=(pre-commit)  # ctest pre-commit-try-repo: the hook under pre-commit itself
missing=()
# npm: its own package with Debian's nodejs, inside nodejs from NodeSource
command -v npm >/dev/null 2>&1 || pkgs+=(npm)
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
