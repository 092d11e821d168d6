/**
 * The process entry of the bundled CLI (bin/scout.js imports it). `--version` answers without
 * loading anything else; every other command line loads the program, wires the real process
 * (streams, Ctrl-C, exit code) and runs it.
 */
import { writeSync } from 'node:fs';

declare const __SCOUT_VERSION__: string;

/** How long Ctrl-C waits for pending output to settle before ending the process anyway. */
const INTERRUPT_GRACE_MS = 500;

const argv = process.argv;
if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V')) {
  // The fast path has no Io: a failed write is one line on stderr (if it still works) and exit 1;
  // a reader that went away (EPIPE) is a quiet end.
  process.stderr.on('error', () => undefined);
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') return;
    process.exitCode = 1;
    const words = /^[A-Z0-9_]+: (.+?)(?:, \w+)?$/.exec(e.message)?.[1];
    process.stderr.write(`scout: cannot write output: ${words && e.code ? `${words} (${e.code})` : (e.code ?? e.message)}\n`);
  });
  process.stdout.write(__SCOUT_VERSION__ + '\n');
} else {
  const [{ run }, { nodeIo }] = await Promise.all([import('./cli.js'), import('./node-io.js')]);
  const controller = new AbortController();
  let interrupted = false;
  let finished = false;
  process.on('SIGINT', () => {
    // A second Ctrl-C does not wait for anything.
    if (interrupted) process.exit(130);
    interrupted = true;
    controller.abort();
    // A reader that stopped reading leaves a write pending, and the process with it, forever: after
    // a short grace, end anyway. What the pipe already took stays as it is.
    setTimeout(() => {
      // Written synchronously: process.exit drops what a piped stderr still has queued.
      try {
        if (!finished) writeSync(2, 'scout: interrupted\n');
      } catch {
        // stderr is blocked or gone as well; the exit code still says it.
      }
      process.exit(130);
    }, INTERRUPT_GRACE_MS).unref();
  });
  const code = await run(argv, nodeIo(), controller.signal);
  finished = true;
  process.exitCode = interrupted ? 130 : code;
}
