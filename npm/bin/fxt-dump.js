#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// fxt-dump from the npm package: see lib/cli.js.
'use strict';
process.exitCode = require('../lib/cli.js').run(process.argv.slice(2), 'fxt-dump');
