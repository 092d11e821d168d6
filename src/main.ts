/**
 * The program's process side, loaded by the entry (launch.ts) for every command line it does not
 * answer itself: wires the real process (streams, Ctrl-C, exit code) and runs the program.
 */
import { writeSync } from 'node:fs';

/** How long Ctrl-C waits for pending output to settle before ending the process anyway. */
const INTERRUPT_GRACE_MS = 500;

async function main(): Promise<void> {
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
  const code = await run(process.argv, nodeIo(), controller.signal);
  finished = true;
  process.exitCode = interrupted ? 130 : code;
}

void main();
