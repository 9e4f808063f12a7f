# SPDX-License-Identifier: MIT
# Sourced by the bench scripts: sets $gen and $val (fxt-gen, fxt-validate)
# from the build directory $1, or exits 2 naming what is not built.
# usage: . bench/tools.sh BUILD_DIR SCRIPT_NAME
gen=$1/generator/fxt-gen
val=$1/validator/cli/fxt-validate
for t in "$gen" "$val"; do
  [ -x "$t" ] || { echo "$2: $t not built" >&2; exit 2; }
done
