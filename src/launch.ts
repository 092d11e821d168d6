/**
 * The process entry: bin/scout.js requires it, built as CommonJS (dist/cli/launch.cjs) because a
 * CommonJS entry starts faster than an ES module one. It answers `--version`, and `--help` when the
 * help goes to a pipe or a file, from text the build rendered with the program itself
 * (dist/cli/help.json, test/project/help-text.test.ts holds it to the live output), loading
 * nothing else. Every other command line runs the program (main.ts, built into dist/cli/program.cjs)
 * from its code cache (see `startProgram`).
 */
import { readFileSync, writeSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { descriptorKind } from './base/descriptor.js';
import { runProgram, topicOf } from './code-cache.js';

declare const __SCOUT_VERSION__: string;
/** The help texts inlined by the single-file build (scripts/build.mjs); undefined: read help.json. */
declare const __SCOUT_HELP__: string | undefined;
/** True in the single-file build: the program is bundled into this file. */
declare const __SCOUT_SINGLE__: boolean;
/** What help on a terminal depends on, from the build: a hash of the help texts and of the built program. */
declare const __SCOUT_HELP_ID__: string;
/** The build of dist/cli/program.cjs (a hash of it): which code cache is its own. */
declare const __SCOUT_PROGRAM_ID__: string;

/** The help texts the build rendered: the words naming a command ('' for scout itself) to its --help. */
export interface HelpTexts {
  /** `scout <words> --help` as printed to a pipe. */
  help: Record<string, string>;
  /** The words naming a topic: run without a verb, it prints its help on stderr and exits 2. */
  topics: string[];
}

/**
 * Writes `text` to stdout (1) or stderr (2) and sets the exit code. Written with writeSync, not
 * through process.stdout, whose set-up alone costs more than the rest of this file; a non-blocking
 * pipe that is full hands the rest to the stream, which waits for it. A failed write is reported
 * as the program reports it (exit 1); a reader that went away (EPIPE) is a quiet end.
 */
function answer(fd: 1 | 2, text: string, code: number): void {
  process.exitCode = code;
  const fail = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') return;
    process.exitCode = 1;
    if (fd === 2) return;
    const words = /^[A-Z0-9_]+: (.+?)(?:, \w+)?$/.exec(e.message)?.[1];
    try {
      writeSync(2, `scout: cannot write output: ${words && e.code ? `${words} (${e.code})` : (e.code ?? e.message)}\n`);
    } catch {
      // stderr is gone too: the exit code still says it.
    }
  };
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return fail(e as NodeJS.ErrnoException);
    const stream = fd === 1 ? process.stdout : process.stderr;
    stream.on('error', fail);
    stream.write(bytes.subarray(done));
  }
}

/** Whether `fd` is a terminal, without loading node:tty (and the streams with it) for a pipe or a file. */
const terminal = (fd: number): boolean => descriptorKind(fd) === 'terminal';

function helpTexts(): HelpTexts {
  const json = typeof __SCOUT_HELP__ === 'string' ? __SCOUT_HELP__ : readFileSync(join(__dirname, 'help.json'), 'utf8');
  return JSON.parse(json) as HelpTexts;
}

/**
 * Answers a help request from the prebuilt texts when it can: `scout [words] --help` (or -h), and
 * `scout` or `scout <topic>` alone, the words naming a command exactly, the help going to a pipe or
 * a file. On a terminal commander wraps help to its width: see `terminalHelp`.
 */
function prebuiltHelp(args: readonly string[]): boolean {
  const last = args[args.length - 1];
  const asked = last === '--help' || last === '-h';
  const words = asked ? args.slice(0, -1) : args;
  // Without --help only `scout` and `scout <topic>` print help.
  if (!asked && words.length > 1) return false;
  // Only command words: an option or a value before --help is the program's to judge.
  if (words.some((w) => w.startsWith('-') || w.includes(' '))) return false;
  const toStderr = !asked && words.length > 0;
  if (terminal(toStderr ? 2 : 1)) return !toStderr && terminalHelp(words);
  const texts = helpTexts();
  const key = words.join(' ');
  const text = Object.hasOwn(texts.help, key) ? texts.help[key] : undefined;
  if (text === undefined) return false;
  if (!toStderr) answer(1, text, 0);
  else if (texts.topics.includes(key)) answer(2, text, 2);
  else return false;
  return true;
}

/**
 * Help on a terminal, wrapped to its width: at 80 columns the text the build rendered (a pipe's
 * width); at another width, what the program printed the last time at this width
 * (`$XDG_CACHE_HOME/scout/help/<build>/<width>/`), else left to the program, which keeps what it
 * prints there (main.ts). The build's id names what the texts depend on, so a new build never
 * prints an old text. Best effort: without a cache the program answers every time.
 */
function terminalHelp(words: readonly string[]): boolean {
  // Words that name a command (they make the file name); anything else is the program's to judge.
  const texts = helpTexts().help;
  const key = words.join(' ');
  if (!words.every((w) => /^[a-z][a-z0-9-]*$/.test(w)) || !Object.hasOwn(texts, key)) return false;
  // As the program sizes help (node-io.ts).
  const width = process.stdout.columns || process.stderr.columns || 80;
  // At 80 columns commander wraps as it does for a pipe: the text the build rendered.
  if (width === 80) {
    answer(1, texts[key]!, 0);
    return true;
  }
  const root = cacheRoot();
  if (!root) return false;
  const file = join(root, 'help', __SCOUT_HELP_ID__, String(width), `${words.length ? words.join('.') : 'scout'}.txt`);
  try {
    const text = readFileSync(file, 'utf8');
    if (text.length > 0) {
      answer(1, text, 0);
      return true;
    }
  } catch {
    // Not kept yet (or unreadable): the program prints it, and keeps it.
  }
  globalThis.__SCOUT_HELP_CACHE__ = { file, width };
  return false;
}

/** scout's own directory under the XDG cache directory. */
function cacheRoot(): string | undefined {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && xdg.startsWith('/')) return join(xdg, 'scout');
  const home = process.env.HOME || (require('node:os') as typeof import('node:os')).homedir();
  return home ? join(home, '.cache', 'scout') : undefined;
}

/**
 * The Node built-ins every run of the program loads, node:net (undici's), and the process streams
 * of its standard descriptors that are terminals (node-io.ts writes through those, and straight to
 * a pipe or a file): loaded just before the V8 flags are set (code-cache.ts). Node compiles a
 * built-in from the code cache it ships only while the flags are those the cache was made with;
 * one loaded after a flag is set compiles from source, and so do its functions as they first run.
 * Loaded first, these cost what they would anyway: a `--cache` hit went from 226M to 211M
 * instructions (Node 20), and node:net loaded after the flags cost a lookup 10-13M. What only some
 * runs load (node:crypto, node:fs/promises) is left to them. test/project/code-cache.test.ts holds
 * that a lookup loads no built-in after the flags but undici's own, and a hit sets no flag.
 */
function loadBuiltinsBeforeFlags(): void {
  for (const name of ['node:vm', 'node:events', 'node:url', 'node:string_decoder', 'node:os', 'node:process', 'node:net']) require(name);
  if (terminal(1)) void process.stdout;
  if (terminal(2)) void process.stderr;
}

/**
 * Whether the command line or the environment turns --cache on (the config file is the program's to
 * read): such a run is most often answered from the disk cache and sends nothing, so the V8 flags,
 * and the built-ins loaded before them, wait for its first request (code-cache.ts, `late`): a hit
 * neither loads node:v8 and Node's streams with it nor node:net.
 */
function cacheAsked(args: readonly string[]): boolean {
  return (process.env.SCOUT_CACHE ?? '') !== '' || args.some((a) => a === '--cache' || a.startsWith('--cache='));
}

/**
 * Loads and runs the program:
 * - WebAssembly stays on V8's baseline compiler. undici parses HTTP with a WebAssembly module, and
 *   V8 otherwise recompiles it with its optimising compiler on a background thread that the process
 *   waits for at exit: on Node 20 140-220 ms after the last byte of any lookup; on Node 24 once the
 *   parser is busy, 70 ms after a lookup of two requests (`tx show` of a deposit) and after any
 *   longer run. Set before the program compiles (the code cache holds the flags it was made with)
 *   and before undici loads, as flags must be; for a --cache command line, only when undici loads
 *   (`cacheAsked`). It costs about 3% of a one-request lookup on Node 24, where every Node built-in
 *   loaded after a flag is set compiles from source.
 * - the program (dist/cli/program.cjs) runs from scout's own V8 code cache (code-cache.ts, which
 *   sets the flags), under the cache directory; the single-file build carries the program inside
 *   and uses Node's compile cache (Node 22.1 and later) instead. Best effort both: a cache directory
 *   that cannot be written leaves the cache off, silently.
 */
function startProgram(): void {
  // --liftoff-only holds it on Node 20; Node 24's V8 takes it at run time but tiers up all the same,
  // and holds it with a tiering budget no run spends.
  const flags = ['--liftoff-only', '--wasm-tiering-budget=1000000000'];
  const root = cacheRoot();
  const dir = root && join(root, 'compile-cache');
  if (!__SCOUT_SINGLE__) {
    runProgram(join(__dirname, 'program.cjs'), __SCOUT_PROGRAM_ID__, dir, require, flags, loadBuiltinsBeforeFlags, cacheAsked(args));
  } else {
    loadBuiltinsBeforeFlags();
    (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flags.join(' '));
    const enable = (nodeModule as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
    if (enable && dir) {
      try {
        enable(dir);
      } catch {
        // No cache: the program only starts a little slower.
      }
    }
    void import('./main.js');
  }
}

/**
 * The V8 flags `scout export` runs with. An export allocates fast (every row parsed, encoded,
 * written) while it holds one row group, and V8 sizes a long run's heap by what it allocates, not by
 * what it holds: the young generation grows to its largest (on Node 24 a 1,000,000-row export
 * peaked at 2.13x the memory of a 10,000-row one) and the old one's limit rises by up to 4x after
 * each collection (Node 20: 1.55x at 100,000 rows). These flags hold both, and take effect only when
 * the process starts (on Node 24 both; Node 20 took the second at run time): hence a process of its
 * own (`exportChild`). On Node 24 `--expose-gc` lets the Parquet writer collect after each row
 * group (export.run.ts, `collectRowGroup`): with the other two alone its old generation still ran
 * past its limit in bursts while a row group was encoded, and kept the pages (1,000,000 rows 1.52x
 * of 10,000: 168 against 110 MiB; with it 1.08x, 123 against 114 MiB).
 */
const EXPORT_FLAGS =
  Number(process.versions.node.split('.')[0]) < 22
    ? // Node 20's young generation stays small enough; holding it too made the 10,000-row run
      // smaller still, not the long one (100,000 rows 1.26x of 10,000, against 1.11x without).
      // Collecting after each row group did not lower its peaks (writing 1,000,000 rows: 125-129 MiB
      // with and without), so it gets no --expose-gc.
      ['--heap-growing-percent=10']
    : ['--max-semi-space-size=1', '--heap-growing-percent=10', '--expose-gc'];

/**
 * Runs `scout export` in a child process started with EXPORT_FLAGS, its standard streams this
 * process's own (a terminal stays a terminal), and ends with its exit code or signal. Ctrl-C reaches
 * both (one process group): the child stops the export as it would alone, and this one waits for it.
 * SIGTERM and SIGHUP are passed on. The child is tied to this process by an IPC channel: if this one
 * dies, the child stops the export as at Ctrl-C (main.ts), so no export is ever left writing alone.
 * False (nothing done) when this process is that child, or the command is not an export.
 */
function exportChild(args: readonly string[]): boolean {
  if (topicOf(args) !== 'export' || EXPORT_FLAGS.every((f) => process.execArgv.includes(f))) return false;
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  // glibc gives each thread that allocates an arena of its own and keeps what they free: two arenas
  // keep an export's resident memory near what it holds (Node 24, 1,000,000 rows: 182 MiB with the
  // default, 152 MiB with two). A value the user set stands.
  const env = { MALLOC_ARENA_MAX: '2', ...process.env };
  const child = spawn(process.execPath, [...process.execArgv, ...EXPORT_FLAGS, process.argv[1]!, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
  process.on('SIGINT', () => undefined);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('error', (e) => answer(2, `scout: cannot start the export: ${e.message}\n`, 1));
  child.on('exit', (code, signal) => {
    if (signal === null) {
      process.exitCode = code ?? 1;
      return;
    }
    // Ended by a signal: this process ends by the same one.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
  return true;
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) answer(1, __SCOUT_VERSION__ + '\n', 0);
else if (!prebuiltHelp(args) && !exportChild(args)) startProgram();
