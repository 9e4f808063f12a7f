#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// fxt-gen from the npm package: see lib/cli.js.
'use strict';
process.exitCode = require('../lib/cli.js').run(process.argv.slice(2), 'fxt-gen');
