/**
 * The program's process side, loaded by the entry (launch.ts) for every command line it does not
 * answer itself: wires the real process (streams, Ctrl-C, exit code) and runs the program.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Io } from './base/io.js';

/** Set by the entry (launch.ts) for help on a terminal: where to store the help printed, and the width it is for. */
export interface HelpCacheEntry {
  readonly file: string;
  readonly width: number;
}
declare global {
  var __SCOUT_HELP_CACHE__: HelpCacheEntry | undefined;
}

/** How long Ctrl-C waits for pending output to settle before ending the process anyway. */
const INTERRUPT_GRACE_MS = 500;

async function main(): Promise<void> {
  const [{ run }, { nodeIo }] = await Promise.all([import('./cli.js'), import('./base/node-io.js')]);
  const controller = new AbortController();
  let interrupted = false;
  let finished = false;
  const interrupt = () => {
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
  };
  process.on('SIGINT', interrupt);
  // Run by the entry in a process of its own (launch.ts, `exportChild`), tied to it by an IPC channel
  // that keeps nothing waiting: when the entry's process is gone, stop as at Ctrl-C.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', interrupt);
  }
  const cacheEntry = globalThis.__SCOUT_HELP_CACHE__;
  const io = nodeIo();
  const shown = cacheEntry ? watchOut(io, cacheEntry) : undefined;
  const code = await run(process.argv, shown?.io ?? io, controller.signal, true);
  finished = true;
  process.exitCode = interrupted ? 130 : code;
  if (cacheEntry && shown && code === 0 && !interrupted) storeHelp(cacheEntry, shown.text());
  // Ends the process once nothing waits to be written (on Linux, pipes and files are written
  // synchronously: the usual case). A natural exit first tears the V8 heap down page by page and
  // waits for the collector's threads, which process.exit skips: 2-3 ms of the wait between the
  // last byte and the exit of an `--all` run. Otherwise the streams finish and the process ends
  // by itself. 'exit' handlers (the code cache) run either way.
  if (!io.waiting()) process.exit();
}

/** The Io with what it writes to stdout also collected, when stdout is the terminal the entry sized. */
function watchOut(io: Io, cacheEntry: HelpCacheEntry): { io: Io; text: () => string } | undefined {
  if (!io.stdoutIsTTY || io.width !== cacheEntry.width) return undefined;
  let text = '';
  const out = io.out;
  return {
    // Without writeBytes: every write goes through here, as text.
    io: { ...io, out: { write: (t: string) => ((text += t), out.write(t)) } },
    text: () => text,
  };
}

/**
 * Stores the help just printed on a terminal for the entry to print the next time at this width
 * (launch.ts `terminalHelp`): written whole to a temporary file, then renamed, so a reader never
 * sees part of it. Best effort: a cache that cannot be written only costs the saving.
 */
function storeHelp(cacheEntry: HelpCacheEntry, text: string): void {
  if (text.length === 0) return;
  const temp = `${cacheEntry.file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(cacheEntry.file), { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, cacheEntry.file);
  } catch {
    // No cache: the program answers the next time too.
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}

void main();
