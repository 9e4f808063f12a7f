#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// The pre-commit hook's fxt-validate (.pre-commit-hooks.yaml, language
// node): pre-commit installs this folder's package.json, whose dependency
// fxtkit (npm/) brings the WebAssembly fxt-validate.
'use strict';
process.exitCode = require('fxtkit/lib/cli.js').run(process.argv.slice(2));
