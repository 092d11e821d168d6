#!/usr/bin/env node
// Entry point: wires the real process (streams, Ctrl-C, exit code) to the CLI in dist/.
import { run } from '../dist/cli.js';
import { nodeIo } from '../dist/node-io.js';

const controller = new AbortController();
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort();
});

const code = await run(process.argv, nodeIo(), controller.signal);
process.exitCode = interrupted ? 130 : code;
