/**
 * Runs the program (dist/cli/program.cjs, one CommonJS file) with scout's own V8 code cache: the
 * program's code compiled once and kept, so that a later run deserialises it instead of parsing and
 * compiling about a megabyte of JavaScript again. Node's own compile cache (Node 22.1 and later)
 * does the same for modules, but not on Node 20, and it keeps what a module compiled while it
 * loaded, not what the run compiled afterwards; this one keeps both, on every Node.
 *
 * The cache is a file per Node version, build and kind of command line
 * (`<dir>/<node version>-<arch>/<build id>.<topic>.<output>.bin`), its topic the first word and its
 * output `data` when it asks for --json, --ndjson, --csv or --jq, else `table`; a command line that
 * asks for --cache has one of its own (`….<output>.hit.bin`, see `runProgram`). V8 deserialises a
 * whole cache before the program starts, so a cache holds what that kind of command line runs, not
 * what every other did: one for every topic was about 15% more work for a lookup, and a `--json`
 * lookup's cache that tables had grown as well cost a `--cache` hit 8M more instructions (Node 20;
 * about 5%).
 *
 * A part of the program that only some runs load and every command loads alike is a file of its own
 * beside it, compiled the first time the program asks for it (`part`), with a cache of its own,
 * shared by every kind (`<build id>.<part>.bin`): undici, which only a request loads, so that a
 * `--cache` hit never deserialises it (6M instructions of a hit, Node 20).
 *
 * A cache is written at exit by a run that found none it could use, or that ran parts of its file
 * (modules) the kept one had not (V8 writes what was deserialised with what was compiled since, so a
 * rewrite only ever adds). A cache that is missing, from another build or Node, cut short, corrupt or
 * unreadable is ignored, and one that cannot be written is not written: neither changes what the
 * program does (test/project/code-cache.test.ts covers each).
 *
 * Loaded by the process entry (launch.ts) and bundled into it; it must not import the program.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Script } from 'node:vm';

declare global {
  /**
   * Told of every module of the program as it is evaluated, when a trace (the start-up and code-cache
   * tests) sets it: its path in the repository ('src/api/http.ts', 'node_modules/undici/…').
   */
  var __scoutModule: ((path: string) => void) | undefined;
}

/** What the file starts with: the format, so that another one is never taken for this. */
const MAGIC = 'scout-code-cache-2';

/** The header of a cache file, a line of JSON before V8's data. */
interface Header {
  magic: string;
  /** process.version and process.arch of the Node that wrote it. */
  node: string;
  /** The build of the program it was compiled from. */
  build: string;
  /** What it is kept for: `<topic>.<output>` (see `kindOf`) for the program, a part's name for a part. */
  key: string;
  /** The byte length of V8's data after the header. */
  bytes: number;
  /** A cache checked by scout rather than V8 (`late` flags, see `runProgram`): the checksum of V8's data (`sumOf`). */
  sum?: string;
  /** Made before a run's V8 flags changed (`hold`): it lacks what ran after, and the next run that can makes it whole. */
  partial?: boolean;
  /** The modules the runs that compiled it evaluated. */
  modules: string[];
}

/** The cache this Node and build would use. */
interface Kept {
  data: Buffer;
  modules: ReadonlySet<string>;
  partial: boolean;
}

const nodeId = (): string => `${process.version}-${process.arch}`;

/** What `sumOf` takes of WebAssembly. */
interface Wasm {
  Memory: new (d: { initial: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/**
 * A checksum of `data` (64-bit FNV-1a over 8-byte words, hex), for a cache V8 does not check itself:
 * any single word changed changes it (each step, an xor with the word and a multiplication by an
 * odd number, is a bijection), and V8 would crash on changed bytes. Computed by a WebAssembly
 * function of 101 bytes: 0.2-0.3 ms for a 600 KB cache, where the same loop in JavaScript took 3-4
 * ms and loading node:v8 to have V8 check it (`--verify-snapshot-checksum`) 1.4-2.0 ms.
 */
export function sumOf(data: Uint8Array): string {
  // (module (import "m" "m" (memory 0)) (func (export "h") (param $n i32) (result i64) (local $i i32) (local $h i64)
  //   h = 0xcbf29ce484222325; while (i < n) { h = (h ^ i64.load(i)) * 0x100000001b3; i += 8 } return h))
  const wasm = 'AGFzbQEAAAABBgFgAX8BfgIIAQFtAW0CAAADAgEABwUBAWgAAAo+ATwCAX8BfkKlxoihyJyn+UshAgJAA0AgASAATw0BIAIgASkDAIVCs4OAgIAgfiECIAFBCGohAQwACwsgAgs=';
  // The global as far as this needs it (the project's type libraries declare WebAssembly's types only).
  const wa = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
  const memory = new wa.Memory({ initial: Math.ceil((data.length + 8) / 65536) });
  // The words past the end are the memory's zeros.
  new Uint8Array(memory.buffer).set(data);
  const { h } = new wa.Instance(new wa.Module(Buffer.from(wasm, 'base64')), { m: { m: memory } }).exports as { h: (n: number) => bigint };
  return BigInt.asUintN(64, h(data.length)).toString(16).padStart(16, '0');
}

/** The kept cache if it is whole and for this Node and build (and, `own`, its checksum `sum` holds); otherwise undefined. */
function readKept(file: string, build: string, key: string, own: boolean): Kept | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(10);
  if (end < 0) return undefined;
  let header: Partial<Header>;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, end)) as Partial<Header>;
  } catch {
    return undefined;
  }
  const data = bytes.subarray(end + 1);
  if (header.magic !== MAGIC || header.node !== nodeId() || header.build !== build || header.key !== key || header.bytes !== data.length) return undefined;
  if (!Array.isArray(header.modules) || !header.modules.every((m) => typeof m === 'string')) return undefined;
  if (own && header.sum !== sumOf(data)) return undefined;
  return { data, modules: new Set(header.modules), partial: header.partial === true };
}

/**
 * Writes the cache whole to a temporary file and renames it into place, so that a reader never sees
 * part of one; removes the caches of other builds for this Node. Best effort: any failure leaves the
 * cache unwritten and the run as it was.
 */
function keep(file: string, build: string, key: string, data: Buffer, modules: Iterable<string>, own: boolean, partial = false): void {
  const header: Header = { magic: MAGIC, node: nodeId(), build, key, bytes: data.length, ...(own ? { sum: sumOf(data) } : {}), ...(partial ? { partial } : {}), modules: [...modules].sort() };
  const dir = dirname(file);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), data]));
    renameSync(temp, file);
    for (const other of readdirSync(dir)) {
      if (other.endsWith('.bin') && !other.startsWith(`${build}.`)) rmSync(join(dir, other), { force: true });
    }
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}

/** Where this Node keeps the cache of `build` for `key` under `dir` (scout's compile-cache directory). */
function cacheFile(dir: string, build: string, key: string): string {
  return join(dir, nodeId(), `${build}.${key}.bin`);
}

/** What a command line prints, as far as its words tell (a setting from elsewhere can change it). */
type Output = 'data' | 'table';

/** The kind of command line a cache is kept for. */
interface Kind {
  topic: string;
  output: Output;
}

/** The options that make the output data instead of a table. */
const DATA_OPTIONS: ReadonlySet<string> = new Set(['--json', '-j', '--ndjson', '--csv', '--jq', '-q']);

/**
 * The kind of `args` (the command line after the program): its topic, and whether it asks for data
 * (an option of DATA_OPTIONS, or `--jq=<expr>`, before any `--`). Only which cache a run takes
 * depends on it: a guess that is wrong (the output set in the config file) costs only a cache that
 * holds more than the run needs.
 */
export function kindOf(args: readonly string[]): Kind {
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  const data = options.some((a) => DATA_OPTIONS.has(a) || a.startsWith('--jq='));
  return { topic: topicOf(args), output: data ? 'data' : 'table' };
}

/** The topic of a command line: its first word when that is a word, else `-`. */
export function topicOf(args: readonly string[]): string {
  const first = args[0] ?? '';
  return /^[a-z][a-z0-9-]{0,39}$/.test(first) ? first : '-';
}

/**
 * The function in `file` (a file of the build: `(function (exports, require, module, __filename,
 * __dirname, __scoutReport, __scoutPart) {…})`), compiled from the code cache kept for `key` in
 * `dir` when there is a usable one; a new one is kept at exit when this run had none or went further
 * than the kept one. `dir` undefined: no cache.
 */
function compileCached(
  file: string,
  build: string,
  dir: string | undefined,
  key: string,
  req: NodeJS.Require,
  own: boolean,
): { run: (...a: unknown[]) => void; seen: Set<string>; hold: () => void } {
  // The file is ASCII and holds the function itself (scripts/build.mjs).
  const source = readFileSync(file, 'latin1');
  const where = dir === undefined ? undefined : cacheFile(dir, build, key);
  const kept = where === undefined ? undefined : readKept(where, build, key, own);
  const { Script: VmScript } = req('node:vm') as typeof import('node:vm');
  const script: Script = new VmScript(source, { filename: file, cachedData: kept?.data });
  const accepted = kept !== undefined && script.cachedDataRejected === false;
  const seen = new Set<string>();
  /** Whether this run went where the kept cache had not (or there was none): a new one is kept. */
  const further = () => !accepted || ![...seen].every((m) => kept.modules.has(m));
  const modules = () => (accepted ? new Set([...kept.modules, ...seen]) : new Set(seen));
  /** The cache as made by `hold`: kept at exit instead of one made then. */
  let held: { data: Buffer; modules: Set<string> } | undefined;
  let frozen = false;
  if (where !== undefined) {
    process.once('exit', () => {
      if (held) return keep(where, build, key, held.data, held.modules, own, true);
      // A partial cache is made whole by the first run that keeps its flags to the end.
      if (frozen || !(further() || kept?.partial === true)) return;
      let data: Buffer;
      try {
        data = script.createCachedData();
      } catch {
        return;
      }
      keep(where, build, key, data, modules(), own);
    });
  }
  /**
   * Makes the cache now, if this run went further than the kept one, for keeping at exit; nothing
   * made after this is kept (the V8 flags are about to change: see `runProgram`). A kept partial
   * cache is not made again for that alone: every miss would pay for it before its request.
   */
  const hold = () => {
    if (frozen || where === undefined) return;
    frozen = true;
    if (!further()) return;
    try {
      held = { data: script.createCachedData(), modules: modules() };
    } catch {
      // Nothing is kept.
    }
  };
  return { run: script.runInThisContext() as (...a: unknown[]) => void, seen, hold };
}

/**
 * Compiles and runs the program in `file` as CommonJS (with the entry's `require`), each from its
 * code cache (`compileCached`), and the parts it asks for from the files beside it. `dir` undefined:
 * no cache. `flags`: V8 flags the program runs with, set right after `beforeFlags`, which loads what
 * must load before them (launch.ts); a code cache holds the flags it was made with, and is used
 * only with the same.
 *
 * V8 takes a cache whose header matches its version, flags and the source's length, and reads the
 * rest as it is: bytes changed on disk crash the process. `--verify-snapshot-checksum` makes V8
 * put a checksum in the caches it writes and check it before reading one, rejecting a changed one
 * as it does a stale one, at nearly no cost beside --liftoff-only (launch.ts), which the program
 * sets anyway.
 *
 * `late`: the flags wait for the first part (undici, with the first request), for a command line
 * that is most often answered without one (--cache: a hit). Setting a flag takes node:v8, which
 * loads Node's streams: 1.4-2.0 ms of a hit that never needed them. The program is then compiled
 * under no flag at all, from a cache of its own kind (`<topic>.<output>.hit`) that scout checks
 * itself (`sumOf`). A cache holds the flags in force when it is made, so a run that sets them (a
 * miss) makes the program's cache, when it needs a new one, just before it sets them, and keeps it
 * marked partial: it holds what ran until the first request. The next run that sets no flag (a
 * hit, which renders) makes it whole. Parts are always compiled under the flags, from the caches
 * every run shares.
 */
export function runProgram(
  file: string,
  build: string,
  dir: string | undefined,
  req: NodeJS.Require,
  flags: readonly string[],
  beforeFlags: () => void,
  late: boolean,
): void {
  const v8Flags = dir === undefined ? flags : [...flags, '--verify-snapshot-checksum'];
  let flagged = false;
  /** Set by the program's compile in late mode: makes its cache before the flags change. */
  let beforeChange = (): void => undefined;
  const setFlags = () => {
    if (flagged) return;
    flagged = true;
    beforeChange();
    beforeFlags();
    if (v8Flags.length > 0) (req('node:v8') as typeof import('node:v8')).setFlagsFromString(v8Flags.join(' '));
  };
  if (!late) setFlags();
  const kind = kindOf(process.argv.slice(2));
  const parts = new Map<string, unknown>();
  /** Runs `path` of the build as a module, reporting its modules into `seen` (and to a trace). */
  const evaluate = (path: string, key: string, own: boolean, compiled?: (hold: () => void) => void): unknown => {
    const { run, seen, hold } = compileCached(path, build, dir, key, req, own);
    compiled?.(hold);
    const report = (m: string) => {
      seen.add(m);
      globalThis.__scoutModule?.(m);
    };
    const module = { exports: {} };
    run(module.exports, req, module, path, dirname(path), report, part);
    return module.exports;
  };
  const part = (name: string): unknown => {
    if (!parts.has(name)) {
      setFlags();
      parts.set(name, evaluate(join(dirname(file), `${name}.cjs`), name, false));
    }
    return parts.get(name);
  };
  const key = `${kind.topic}.${kind.output}${late ? '.hit' : ''}`;
  evaluate(file, key, late, late ? (hold) => (beforeChange = hold) : undefined);
}
