/**
 * `--jq <expr>`: a jq filter over the JSON that --json would print, with jq's own semantics, like
 * `gh --jq`. The filter runs in jq itself (jq 1.7 compiled to WebAssembly and shipped inside the
 * jq-web package: nothing is downloaded or built at install time). This module, and jq with it, is
 * loaded only when --jq is given.
 *
 * Each result goes on a line of its own: a string as its text (made safe on a terminal, as sent
 * through a pipe), anything else as compact JSON, characters unsafe on a terminal written \uXXXX as
 * --json writes them. jq reads numbers as doubles: a number it passes through unchanged keeps its
 * digits (jq 1.7 keeps the literal), one it computes with is a double.
 *
 * A filter is held to limits (--jq-timeout on each input, default 60 s; --jq-max-memory, default
 * 1 GiB): past either, or when jq aborts, its thread is ended and the command fails with exit 1.
 */
import { Worker } from 'node:worker_threads';
import type { JqLimits } from '../config/settings.js';
import { ScoutError, UsageError } from '../base/errors.js';
import type { Writer } from '../base/io.js';
import { escapeUnsafe } from '../base/json/lossless.js';
import { safeText } from '../base/text/safe.js';
import { jqSource } from './jq-source.js';
import type { ListWriter, PageOfItems } from './list-writer.js';

/** The filter failed while it ran (an error it raised, a type it cannot handle): exit 1. */
export class JqRuntimeError extends ScoutError {}

/**
 * What one filter may spend (--jq-timeout, --jq-max-memory): the time on one input, and jq's memory
 * (its WebAssembly heap; the thread around it, which holds the text in and out, is held to twice that).
 */
export type { JqLimits };

/** The settings' defaults (a test holds them to the table): a minute, and 1 GiB (about 140 MiB of JSON). */
export const DEFAULT_JQ_LIMITS: JqLimits = { timeoutMs: 60_000, maxMemoryBytes: 1024 ** 3 };

/** Where a filter's output goes. */
export interface JqOutput {
  out: Writer;
  err: Writer;
  /** stdout is a terminal: strings are written as safe text. */
  stdoutIsTTY: boolean;
}

/** What jq said on stderr, from its first error line on, as one line of safe text. */
function errorLine(stderr: string, fallback: string): string {
  const at = stderr.search(/^jq: error/m);
  const text = (at < 0 ? stderr : stderr.slice(at))
    .replace(/^jq: error(?: \(at [^)\n]*\))?(?: \(not a string\))?: ?/, '')
    .replace(/ \(Unix shell quoting issues\?\)/, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const line = safeText(text || fallback);
  return line.length > 500 ? line.slice(0, 499) + '…' : line;
}

/** A string result as printed: its text; on a terminal, safe text (line breaks and tabs kept). */
function stringOut(s: string, tty: boolean): string {
  return tty ? s.replace(/[^\n\t]+/g, (part) => safeText(part)) : s;
}

/** jq's compact output (one JSON value a line) as scout prints it. */
function printed(stdout: string, tty: boolean): string {
  let s = '';
  if (stdout === '') return s;
  for (const line of stdout.split('\n')) s += (line.startsWith('"') ? stringOut(JSON.parse(line) as string, tty) : escapeUnsafe(line)) + '\n';
  return s;
}

/** One run of jq as the worker reports it. */
interface JqRun {
  stdout?: string;
  stderr: string;
  /** jq's exit status when it failed (3: does not compile, 5: failed at run time). */
  exitCode?: number;
  /** Why it failed when jq itself could not run (the module aborted). */
  crash?: string;
  /** jq wanted more memory than its limit allows (and then aborted). */
  outOfMemory?: boolean;
}

/**
 * The worker that runs jq. jq runs synchronously inside WebAssembly: on the main thread a filter
 * that never ends (`last(repeat(1))`) would leave Ctrl-C unheard, so it runs on a thread of its own
 * and the main thread stays free to end the process. Whatever the module prints (jq's `debug`
 * through console.warn on success, emscripten's "Aborted()") is collected here: nothing is written
 * to the thread's stdout or stderr, which would reach the terminal raw (or, piped and unread, hold
 * the process open after jq aborted). Its heap may grow to `maxMemory` and no further: past that
 * jq's allocation fails, jq aborts, and the report says it was memory. Plain script text: it runs
 * as it is, from the sources under test and from the bundle alike.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { source, maxMemory } = workerData;
let stderr = '';
console.log = console.warn = console.error = (...args) => { stderr += String(args[args.length - 1]) + '\\n'; };
// Not even a stray write reaches the terminal (nor, unread, holds the process open).
process.stdout.write = process.stderr.write = () => true;
let refused = false;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (this.buffer.byteLength + pages * 65536 > maxMemory) {
    refused = true;
    throw new RangeError('over the memory limit');
  }
  return grow.call(this, pages);
};
const loading = typeof source === 'string' ? require(source) : inline(source);
// jq inlined by the single-file build: its script run as a CommonJS module, its WebAssembly given.
function inline({ source, wasm }) {
  const wasmBinary = require('node:zlib').gunzipSync(Buffer.from(wasm, 'base64'));
  const module = { exports: {} };
  new Function('module', 'exports', 'require', '__filename', '__dirname', '__scoutJqArg', source)(module, module.exports, require, 'jq.js', '.', { wasmBinary });
  return module.exports;
}
parentPort.on('message', async ({ json, filter, flags }) => {
  stderr = '';
  refused = false;
  try {
    const jq = await loading;
    parentPort.postMessage({ stdout: jq.raw(json, filter, flags) ?? '', stderr });
  } catch (e) {
    const exitCode = typeof e?.exitCode === 'number' ? e.exitCode : undefined;
    const said = typeof e?.stderr === 'string' ? e.stderr : stderr;
    // Refused here, or at the build's own ceiling (2 GiB), where jq says so before it aborts.
    const outOfMemory = refused || said.includes('cannot allocate memory');
    parentPort.postMessage({ stderr: said, exitCode, crash: exitCode === undefined ? String(e?.message ?? e) : undefined, outOfMemory });
  }
});
`;

/** 2 GiB → "2 GiB", 1536 MiB → "1536 MiB", else bytes. */
function sizeText(bytes: number): string {
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) if (bytes % size === 0) return `${bytes / size} ${unit}`;
  return `${bytes} bytes`;
}

/** jq wanted more memory than `limits` give it. */
function outOfMemory(limits: JqLimits): JqRuntimeError {
  return new JqRuntimeError(`jq ran out of memory: a filter may use ${sizeText(limits.maxMemoryBytes)} (--jq-max-memory)`, {
    hint: 'raise --jq-max-memory (up to 2GiB), or filter each item with --ndjson --jq',
  });
}

/** 60000 → "60s", 1500 → "1.5s". */
const secondsText = (ms: number): string => `${ms / 1000}s`;

/**
 * jq on its own thread, started once per process (loading jq costs more than most runs) and shared
 * by every filter. Runs are answered in the order asked; the thread keeps the process alive only
 * while a run is on. Each run may take `timeoutMs` from when the thread starts it: past that the
 * thread is ended and the run fails. A thread that failed (timed out, jq aborted, out of memory) is
 * ended at once, never left holding the process, and replaced for the next filter.
 */
class JqThread {
  private readonly worker: Worker;
  private readonly pending: { resolve(r: JqRun): void; reject(e: Error): void; timed: boolean }[] = [];
  private timer: NodeJS.Timeout | undefined;
  failed: Error | undefined;

  constructor(readonly limits: JqLimits) {
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: { source: jqSource(), maxMemory: limits.maxMemoryBytes },
      resourceLimits: { maxOldGenerationSizeMb: Math.ceil((2 * limits.maxMemoryBytes) / 1024 ** 2) },
    });
    this.worker.unref();
    this.worker.on('message', (r: JqRun) => {
      this.stopClock();
      this.pending.shift()?.resolve(r);
      // jq aborted: the module is dead, and nothing more runs on this thread.
      if (r.crash !== undefined) this.fail(new JqRuntimeError(`jq failed: ${errorLine(r.crash, 'no reason given')}`));
      else if (this.pending.length) this.startClock();
      else this.worker.unref();
    });
    this.worker.on('error', (e: Error & { code?: string }) =>
      this.fail(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory(this.limits) : new JqRuntimeError(`jq failed: ${safeText(e.message)}`)),
    );
    this.worker.on('exit', () => this.fail(new JqRuntimeError('jq failed: its thread ended')));
  }

  /** The clock of the run the thread is on (none for the check that compiles a filter). */
  private startClock(): void {
    if (!this.pending[0]?.timed) return;
    this.timer = setTimeout(() => {
      this.fail(
        new JqRuntimeError(`jq ran longer than ${secondsText(this.limits.timeoutMs)} on one input (--jq-timeout)`, {
          hint: 'raise --jq-timeout if the filter is expected to take that long',
        }),
      );
    }, this.limits.timeoutMs);
    this.timer.unref();
  }

  private stopClock(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Fails every run asked, and ends the thread. */
  private fail(e: Error): void {
    this.stopClock();
    this.failed ??= e;
    for (const p of this.pending.splice(0)) p.reject(this.failed);
    this.worker.unref();
    void this.worker.terminate();
  }

  /**
   * Runs `filter` on `json`. `timed`: held to --jq-timeout. The check that compiles a filter is not:
   * it runs first, while the thread still loads jq, which on a loaded machine can take longer than a
   * small limit, and compiling never evaluates the filter.
   */
  run(json: string, filter: string, flags: string[], timed = true): Promise<JqRun> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject, timed });
      if (this.pending.length === 1) this.startClock();
      this.worker.ref();
      this.worker.postMessage({ json, filter, flags });
    });
  }

  /** Ends the thread when nothing is asked of it (a thread for other limits replaces it). */
  retire(): void {
    if (!this.pending.length) this.fail(new JqRuntimeError('jq failed: its thread was replaced'));
  }
}

let shared: JqThread | undefined;

/** The process's jq thread for `limits`, started when first wanted. */
function jqThread(limits: JqLimits): JqThread {
  if (shared && !shared.failed && (shared.limits.timeoutMs !== limits.timeoutMs || shared.limits.maxMemoryBytes !== limits.maxMemoryBytes)) shared.retire();
  if (!shared || shared.failed) shared = new JqThread(limits);
  return shared;
}

/** A jq filter, compiled (checked) before any request. */
export class JqProgram {
  private constructor(
    private readonly thread: JqThread,
    /** The expression as given. */
    readonly expr: string,
  ) {}

  /**
   * Loads jq and checks that `expr` compiles, without running it on anything: behind `empty |` the
   * filter is compiled but never evaluated (a pipe's right side takes everything after it, and
   * nothing flows into it), so even `last(repeat(1))` returns at once. A filter that does not
   * compile is a usage error. `limits`: what each run may spend.
   */
  static async compile(expr: string, limits: JqLimits = DEFAULT_JQ_LIMITS): Promise<JqProgram> {
    const thread = jqThread(limits);
    const r = await thread.run('null', `empty | ${expr}`, ['-n'], false);
    if (r.outOfMemory) throw outOfMemory(thread.limits);
    if (r.exitCode !== undefined || r.crash !== undefined) throw new UsageError(`invalid --jq expression: ${compileMessage(r, expr)}`);
    return new JqProgram(thread, expr);
  }

  /** Runs the filter on one JSON text and writes its results. */
  async apply(json: string, to: JqOutput): Promise<void> {
    const { out, err } = await this.results(json, to.stdoutIsTTY);
    if (err) await to.err.write(err);
    await to.out.write(out);
  }

  /**
   * The filter's results on `json` as printed (`out`), and what jq wrote to stderr (`debug`): for a
   * person, so always safe text.
   */
  async results(json: string, tty: boolean): Promise<{ out: string; err: string }> {
    const r = await this.thread.run(json, this.expr, ['-c']);
    // Compiled once already; should jq still refuse it, that is the filter's fault.
    if (r.exitCode === 3) throw new UsageError(`invalid --jq expression: ${compileMessage(r, this.expr)}`);
    if (r.outOfMemory) throw outOfMemory(this.thread.limits);
    if (r.crash !== undefined) throw new JqRuntimeError(`jq failed: ${errorLine(r.crash, 'no reason given')}`);
    if (r.exitCode !== undefined) throw new JqRuntimeError(`jq: ${errorLine(r.stderr, `exit status ${r.exitCode}`)}`);
    return { out: printed(r.stdout ?? '', tty), err: r.stderr && stringOut(r.stderr, true) };
  }

  /**
   * The writer of a list under --jq: with `perItem` (--ndjson), the filter runs on each item as its
   * page arrives, so memory stays flat however many pages; otherwise on the one array --json would
   * print, whole, at the end (every item held until then).
   */
  listWriter(to: JqOutput, perItem: boolean): ListWriter<unknown> {
    return perItem ? new JqItemWriter(this, to) : new JqArrayWriter(this, to);
  }
}

/** jq's compile error as one line: the message, and the line of the expression when it has several. */
function compileMessage(r: JqRun, expr: string): string {
  const text = errorLine(r.stderr.split('\n')[0] ?? '', r.crash ?? 'jq cannot compile it');
  const where = /\s+at <top-level>, line (\d+):?$/.exec(text);
  if (!where) return text;
  return text.slice(0, where.index) + (expr.includes('\n') ? ` (line ${where[1]})` : '');
}

/** --ndjson --jq: each item filtered as it arrives. */
class JqItemWriter implements ListWriter<unknown> {
  constructor(
    private readonly program: JqProgram,
    private readonly to: JqOutput,
  ) {}

  begin(): void {}

  /** The page's results as one chunk; those of items before a failing one are written first. */
  async page(page: PageOfItems<unknown>): Promise<void> {
    let out = '';
    let err = '';
    try {
      for (const raw of page.rawItems) {
        const r = await this.program.results(raw, this.to.stdoutIsTTY);
        out += r.out;
        err += r.err;
      }
    } finally {
      if (err) await this.to.err.write(err);
      if (out) await this.to.out.write(out);
    }
  }

  async end(): Promise<void> {}
}

/** --jq on a list: the filter sees the one array --json prints, so `length` or `.[0]` mean the list. */
class JqArrayWriter implements ListWriter<unknown> {
  private readonly items: string[] = [];
  constructor(
    private readonly program: JqProgram,
    private readonly to: JqOutput,
  ) {}

  begin(): void {}

  async page(page: PageOfItems<unknown>): Promise<void> {
    for (const raw of page.rawItems) this.items.push(raw);
  }

  async end(): Promise<void> {
    await this.program.apply(`[${this.items.join(',')}]`, this.to);
  }
}
