#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// fxt-validate from the npm package: see lib/cli.js.
'use strict';
process.exitCode = require('../lib/cli.js').run(process.argv.slice(2));
