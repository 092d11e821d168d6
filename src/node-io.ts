/**
 * The real Io: process streams with backpressure, terminal detection and the colour decision
 * (CONTRACT.md, --no-color: colour only when stdout is a terminal; NO_COLOR and FORCE_COLOR honoured,
 * which chalk alone does not do for NO_COLOR).
 */
import type { Io, Writer } from './io.js';

/** Thrown by a write once the reader has gone away (`| head`): ends the program quietly. */
export class ClosedPipeError extends Error {}

/** A Writer over a process stream; exported for tests. */
export function streamWriter(stream: NodeJS.WritableStream): Writer {
  let closed = false;
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') closed = true;
    else throw e;
  });
  return {
    write(chunk: string): Promise<void> {
      const p = send(chunk);
      // Some writes are fire-and-forget (log lines, commander's help); a closed pipe must not turn
      // them into an unhandled rejection. Callers that await still see the rejection.
      p.catch(() => undefined);
      return p;
    },
  };

  function send(chunk: string): Promise<void> {
    if (closed) return Promise.reject(new ClosedPipeError('output closed'));
    if (chunk === '') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const ok = stream.write(chunk, (err) => {
        if (err && (closed || (err as NodeJS.ErrnoException).code === 'EPIPE')) {
          closed = true;
          reject(new ClosedPipeError('output closed'));
        }
      });
      if (ok) resolve();
      else stream.once('drain', resolve);
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
    width: process.stdout.columns || 80,
    env,
    now: () => Date.now(),
  };
}
