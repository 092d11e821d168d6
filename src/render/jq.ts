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
 */
import { Worker } from 'node:worker_threads';
import { ScoutError, UsageError } from '../errors.js';
import type { Writer } from '../io.js';
import { escapeUnsafe } from '../rawjson.js';
import { safeText } from '../text/safe.js';
import { jqSource } from './jq-source.js';
import type { ListWriter, PageOfItems } from './list-writer.js';

/** The filter failed while it ran (an error it raised, a type it cannot handle): exit 1. */
export class JqRuntimeError extends ScoutError {}

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
}

/**
 * The worker that runs jq. jq runs synchronously inside WebAssembly: on the main thread a filter
 * that never ends (`last(repeat(1))`) would leave Ctrl-C unheard, so it runs on a thread of its own
 * and the main thread stays free to end the process. jq-web reports what jq wrote to stderr on
 * success (`debug`) through console.warn, caught here. Plain script text: it runs as it is, from the
 * sources under test and from the bundle alike.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = typeof workerData === 'string' ? require(workerData) : inline(workerData);
// jq inlined by the single-file build: its script run as a CommonJS module, its WebAssembly given.
function inline({ source, wasm }) {
  const wasmBinary = require('node:zlib').gunzipSync(Buffer.from(wasm, 'base64'));
  const module = { exports: {} };
  new Function('module', 'exports', 'require', '__filename', '__dirname', '__scoutJqArg', source)(module, module.exports, require, 'jq.js', '.', { wasmBinary });
  return module.exports;
}
parentPort.on('message', async ({ json, filter, flags }) => {
  let stderr = '';
  console.warn = (...args) => { stderr += String(args[args.length - 1]) + '\\n'; };
  try {
    const jq = await loading;
    parentPort.postMessage({ stdout: jq.raw(json, filter, flags) ?? '', stderr });
  } catch (e) {
    const exitCode = typeof e?.exitCode === 'number' ? e.exitCode : undefined;
    parentPort.postMessage({ stderr: typeof e?.stderr === 'string' ? e.stderr : stderr, exitCode, crash: exitCode === undefined ? String(e?.message ?? e) : undefined });
  }
});
`;

/**
 * jq on its own thread, started once per process (loading jq costs more than most runs) and shared
 * by every filter. Runs are answered in the order asked; the thread keeps the process alive only
 * while a run is on. A thread that failed (jq aborted, out of memory) is replaced for the next
 * filter.
 */
class JqThread {
  private readonly worker: Worker;
  private readonly pending: { resolve(r: JqRun): void; reject(e: Error): void }[] = [];
  failed: Error | undefined;

  constructor() {
    this.worker = new Worker(WORKER, { eval: true, workerData: jqSource(), stdout: true, stderr: true });
    this.worker.unref();
    this.worker.on('message', (r: JqRun) => {
      this.pending.shift()?.resolve(r);
      if (!this.pending.length) this.worker.unref();
    });
    this.worker.on('error', (e) => this.fail(new JqRuntimeError(`jq failed: ${safeText(e.message)}`)));
    this.worker.on('exit', () => this.fail(new JqRuntimeError('jq failed: its thread ended')));
  }

  private fail(e: Error): void {
    this.failed ??= e;
    for (const p of this.pending.splice(0)) p.reject(e);
    this.worker.unref();
  }

  run(json: string, filter: string, flags: string[]): Promise<JqRun> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ json, filter, flags });
    });
  }
}

let shared: JqThread | undefined;

/** The process's jq thread, started when first wanted. */
function jqThread(): JqThread {
  if (!shared || shared.failed) shared = new JqThread();
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
   * compile is a usage error.
   */
  static async compile(expr: string): Promise<JqProgram> {
    const thread = jqThread();
    const r = await thread.run('null', `empty | ${expr}`, ['-n']);
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
