/**
 * The real Io: process streams with backpressure, terminal detection and the colour decision
 * (docs/cli-contract.md, Colour: colour only when stdout is a terminal; NO_COLOR and FORCE_COLOR
 * honoured, which chalk alone does not do for NO_COLOR).
 */
import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { descriptorKind } from './descriptor.js';
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

/** How much may be written straight to pipes: see `descriptorWriter`. */
export interface PipeBudget {
  bytes: number;
}

/**
 * Bytes written straight to the pipes behind stdout and stderr before their streams take over: half
 * of what a Linux pipe holds (64 KiB), one budget for both (`2>&1` makes them one pipe).
 */
const PIPE_BUDGET = 32 * 1024;

/**
 * A Writer straight to a descriptor that is not a terminal, with writeSync. Node makes a pipe's
 * process stream a net.Socket, whose set-up alone was a tenth of a `--cache` lookup's instructions
 * (stdout and stderr together), and writes a file synchronously anyway. A file (or /dev/null) is
 * written this way throughout. A pipe only for its first `budget` bytes: past them a full pipe would
 * hold the whole process, timers and requests too, until the reader reads, where the stream queues
 * and lets the program wait for it (the writer's backpressure); so what remains, and every write
 * after, goes to the stream (`stream()`, made then). So does a write the descriptor refuses to wait
 * for (EAGAIN: another process made it non-blocking). A closed pipe (EPIPE) ends quietly as
 * streamWriter's does; any other failure is an OutputError, kept for every later write.
 */
export function descriptorWriter(fd: number, pipe: PipeBudget | undefined, stream: () => Writable): Writer & { waiting(): boolean } {
  let handed: { stream: Writable; writer: Writer } | undefined;
  let failure: Error | undefined;
  const handOff = (rest: Uint8Array): Promise<void> => {
    if (!handed) {
      const s = stream();
      handed = { stream: s, writer: streamWriter(s) };
    }
    return handed.writer.writeBytes!(rest);
  };
  const send = (chunk: string | Uint8Array): Promise<void> => {
    if (handed) return typeof chunk === 'string' ? handed.writer.write(chunk) : handed.writer.writeBytes!(chunk);
    if (failure) return Promise.reject(failure);
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let done = 0;
    try {
      while (done < bytes.length) {
        if (pipe && pipe.bytes <= 0) return handOff(bytes.subarray(done));
        const n = writeSync(fd, bytes, done, pipe ? Math.min(bytes.length - done, pipe.bytes) : bytes.length - done);
        done += n;
        if (pipe) pipe.bytes -= n;
      }
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EAGAIN' || err.code === 'EINTR') return handOff(bytes.subarray(done));
      failure = err.code === 'EPIPE' ? new ClosedPipeError('output closed') : outputError(err);
      return Promise.reject(failure);
    }
    return Promise.resolve();
  };
  const quiet = (p: Promise<void>) => {
    // As streamWriter: a write nobody awaits must not become an unhandled rejection.
    p.catch(() => undefined);
    return p;
  };
  return {
    write: (chunk: string) => quiet(send(chunk)),
    writeBytes: (chunk: Uint8Array) => quiet(send(chunk)),
    waiting: () => (handed ? handed.stream.writableLength > 0 : false),
    // Every write so far went out with writeSync, its failure (if any) already given to its caller.
    settled: () => !handed,
  };
}

/** Decides colour from the environment and whether stdout is a terminal. */
export function colorWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/**
 * The Io of this process, and whether output still waits to be written (main.ts exits once none
 * does). A terminal is written through its process stream; a pipe or a file straight to the
 * descriptor (`descriptorWriter`), its stream made only if it is needed.
 */
export function nodeIo(): Io & { waiting(): boolean } {
  const env = process.env;
  const budget: PipeBudget = { bytes: PIPE_BUDGET };
  const kinds = [descriptorKind(1), descriptorKind(2)] as const;
  const writer = (fd: 1 | 2) => {
    const stream = () => (fd === 1 ? process.stdout : process.stderr);
    const kind = kinds[fd - 1];
    if (kind === 'pipe' || kind === 'file') return descriptorWriter(fd, kind === 'pipe' ? budget : undefined, stream);
    const s = stream();
    return Object.assign(streamWriter(s), { waiting: () => s.writableLength > 0 });
  };
  const [out, err] = [writer(1), writer(2)];
  const [stdoutIsTTY, stderrIsTTY] = kinds.map((k) => k === 'terminal') as [boolean, boolean];
  return {
    out,
    err,
    waiting: () => out.waiting() || err.waiting(),
    stdoutIsTTY,
    stderrIsTTY,
    color: colorWanted(env, stdoutIsTTY),
    // Piped (`--color always | less -R`), the terminal's width is stderr's, when that is one.
    width: (stdoutIsTTY ? process.stdout.columns : 0) || (stderrIsTTY ? process.stderr.columns : 0) || 80,
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
