#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What action.yml runs: fxt-validate from the npm package (npx) on the
# files INPUT_PATHS names (globs expanded here, ** included), GitHub's
# annotations and step summary (--format github), then the SARIF file when
# INPUT_SARIF names one. Exit status: fxt-validate's (also in the step's
# output exit-code); 2 when no file matches.
set -uo pipefail
shopt -s globstar nullglob
fxt=(npx --yes --package "${INPUT_PACKAGE:-fxtkit@0.1.0}" fxt-validate)
opts=(--revision "${INPUT_REVISION:-current}")
read -r -a extra <<<"${INPUT_ARGS:-}"
opts+=("${extra[@]}")

set -f # split the patterns on blanks and new lines, expand each below
patterns=(${INPUT_PATHS:-**/*.fxt})
set +f
files=()
for pattern in "${patterns[@]}"; do
  matched=($pattern)
  if [ ${#matched[@]} -eq 0 ]; then
    echo "::warning::fxt-validate: no file matches '$pattern'"
  fi
  files+=("${matched[@]}")
done
if [ ${#files[@]} -eq 0 ]; then
  echo "::error::fxt-validate: no trace to check (paths: ${INPUT_PATHS:-**/*.fxt})"
  rc=2
else
  "${fxt[@]}" --format github "${opts[@]}" "${files[@]}"
  rc=$?
  if [ -n "${INPUT_SARIF:-}" ] && [ $rc -ne 2 ]; then
    "${fxt[@]}" --format sarif "${opts[@]}" "${files[@]}" >"$INPUT_SARIF"
    src=$?
    [ $src -eq 2 ] && rc=2
  fi
fi
[ -n "${GITHUB_OUTPUT:-}" ] && echo "exit-code=$rc" >>"$GITHUB_OUTPUT"
exit $rc
