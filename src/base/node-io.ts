/**
 * The real Io: process streams with backpressure, terminal detection and the colour decision
 * (docs/cli-contract.md, Colour: colour only when stdout is a terminal; NO_COLOR and FORCE_COLOR
 * honoured, which chalk alone does not do for NO_COLOR).
 */
import { ScoutError } from './errors.js';
import type { Io, Writer } from './io.js';

/** Thrown by a write once the reader has gone away (`| head`): ends the program quietly. */
export class ClosedPipeError extends Error {}

/** Thrown by a write the system refused for any other reason (disk full, I/O error): exit 1. */
export class OutputError extends ScoutError {}

/** "cannot write output: no space left on device (ENOSPC)" from a system error. */
function outputError(e: NodeJS.ErrnoException): OutputError {
  const code = typeof e.code === 'string' ? e.code : undefined;
  // fs errors read "ENOSPC: no space left on device, write": keep the words between the two.
  const words = /^[A-Z0-9_]+: (.+?)(?:, \w+)?$/.exec(e.message ?? '')?.[1];
  const what = code && words ? `${words} (${code})` : (code ?? e.message ?? 'unknown error');
  return new OutputError(`cannot write output: ${what}`, { cause: e });
}

/** A Writer over a process stream; exported for tests. */
export function streamWriter(stream: NodeJS.WritableStream): Writer {
  let closed = false;
  let failed: OutputError | undefined;
  // Remembers the first failure. Never throws: an 'error' listener that throws crashes the process.
  const fail = (e: NodeJS.ErrnoException) => {
    if (closed || failed) return;
    // A stream destroyed by a failure reports ERR_STREAM_DESTROYED afterwards; only a clean
    // close (the reader went away) is quiet.
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') closed = true;
    else failed = outputError(e);
  };
  stream.on('error', fail);
  return {
    writeBytes(chunk: Uint8Array): Promise<void> {
      const p = send(chunk);
      p.catch(() => undefined);
      return p;
    },
    write(chunk: string): Promise<void> {
      const p = send(chunk);
      // Some writes are fire-and-forget (log lines, commander's help); a closed pipe must not turn
      // them into an unhandled rejection. Callers that await still see the rejection; a failure
      // stays on the writer, so the next write (or run()'s final check) reports it.
      p.catch(() => undefined);
      return p;
    },
  };

  function state(): Error | undefined {
    if (failed) return failed;
    if (closed) return new ClosedPipeError('output closed');
    return undefined;
  }

  function send(chunk: string | Uint8Array): Promise<void> {
    const before = state();
    if (before) return Promise.reject(before);
    if (chunk.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const drained = () => resolve();
      const ok = stream.write(chunk, (err) => {
        if (!err) return;
        fail(err as NodeJS.ErrnoException);
        stream.removeListener('drain', drained);
        reject(state() ?? outputError(err as NodeJS.ErrnoException));
      });
      if (ok) resolve();
      else stream.once('drain', drained);
    });
  }
}

/** Decides colour from the environment and whether stdout is a terminal. */
export function colorWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/** The Io of this process. */
export function nodeIo(): Io {
  const env = process.env;
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  return {
    out: streamWriter(process.stdout),
    err: streamWriter(process.stderr),
    stdoutIsTTY,
    stderrIsTTY: Boolean(process.stderr.isTTY),
    color: colorWanted(env, stdoutIsTTY),
    // Piped (`--color always | less -R`), the terminal's width is stderr's, when that is one.
    width: process.stdout.columns || process.stderr.columns || 80,
    env,
    now: () => Date.now(),
    // Touched only when read: process.stdin opens the descriptor.
    stdin: () => process.stdin,
    blocking: signalDefaultDuring,
  };
}

/**
 * Runs `work` with the process's Ctrl-C listeners taken off: with none, the signal has its default
 * action and ends the process at once (status 130 in the shell), where a listener would wait for the
 * work to return before it hears anything. They are put back afterwards, in their order.
 */
export function signalDefaultDuring<T>(work: () => T): T {
  const listeners = process.listeners('SIGINT');
  for (const l of listeners) process.removeListener('SIGINT', l);
  try {
    return work();
  } finally {
    for (const l of listeners) process.on('SIGINT', l);
  }
}
