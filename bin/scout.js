#!/usr/bin/env node
// The `scout` command: the entry built by `npm run build` (scripts/build.mjs). CommonJS (see
// bin/package.json): a CommonJS entry starts faster than an ES module one.
require('../dist/cli/launch.cjs');
