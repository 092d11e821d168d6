#!/usr/bin/env node
// The `scout` command: the bundled program built by `npm run build` (scripts/build.mjs).
import '../dist/cli/scout.js';
