/**
 * Start-up: --version and piped --help are answered by the entry alone (src/launch.ts, CommonJS, the
 * help rendered at build time); every other command line runs the program, which evaluates commander
 * and our own wiring (the command specs among it), and --help there evaluates nothing more: never the
 * HTTP client, the schemas, the spinner or the table renderer (docs/style.md, "Lazy imports keep
 * start-up fast"). Measured by recording each module of the program as it is evaluated (every module
 * reports itself: scripts/build.mjs) and each file the process requires.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';
import { traceRun } from '../support/trace.js';

interface Meta {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

const meta = (): Meta => JSON.parse(readFileSync(join(ROOT, 'dist/cli/meta.json'), 'utf8')) as Meta;

/**
 * What a command line but --version may load to build its tree: src/cli.ts and what it imports
 * statically, and the spec modules the command catalog loads (with import(): a command line loads the
 * one it names) with what they import statically.
 */
function startupModules(): Set<string> {
  const { inputs } = meta();
  const seen = new Set<string>();
  const visit = (m: string) => {
    if (seen.has(m)) return;
    seen.add(m);
    const loads = (kind: string) => kind === 'import-statement' || (m === 'src/commands/catalog.ts' && kind === 'dynamic-import');
    for (const i of inputs[m]?.imports ?? []) if (loads(i.kind) && !i.external) visit(i.path);
  };
  visit('src/cli.ts');
  return seen;
}

/** What a run of the built CLI recorded (test/support/trace.ts), its exit status checked. */
async function trace(args: string[], options: { status?: number; noPipes?: boolean } = {}): Promise<string[]> {
  const r = await traceRun(args, {}, { noPipes: options.noPipes });
  expect(r.status, r.stderr).toBe(options.status ?? 0);
  return r.lines;
}

/** The source modules bundled into a file of the build (dist/cli/meta.json); outside it, the file itself. */
function sourcesOf(url: string): string[] {
  const c = relative(ROOT, fileURLToPath(url)).split(sep).join('/');
  const { outputs } = meta();
  return outputs[c] ? Object.keys(outputs[c].inputs) : [c];
}

/** The source modules a run of the built CLI loaded: the program's it evaluated, and those of the files it required. */
async function modulesLoadedBy(args: string[], options: { status?: number } = {}): Promise<string[]> {
  return modulesIn(await trace(args, options));
}

/** The source modules in a trace. */
function modulesIn(lines: readonly string[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.startsWith('module:') ? [l.slice(7)] : l.startsWith('file://') ? sourcesOf(l) : [])))];
}

/** What the entry (dist/cli/launch.cjs) is built from. */
const entryModules = (): string[] => Object.keys(meta().outputs['dist/cli/launch.cjs']!.inputs).sort();

const HEAVY = /^node_modules\/(undici|zod|ora|chalk|cli-table3|open|@adraffy\/ens-normalize|ox|hyparquet-writer|hyparquet)\//;

describe('start-up', () => {
  it.each([[['--version']], [['--help']], [['-h']], [['address', '--help']], [['tx', 'show', '--help']], [[]]])(
    '%j, piped, loads nothing but the entry',
    async (args) => {
      const mods = await modulesLoadedBy(args);
      expect(entryModules()).toContain('src/launch.ts');
      expect(mods.filter((m) => m !== 'bin/scout.js').sort()).toEqual(entryModules());
    },
  );

  it('a topic without a verb prints its help from the entry too (stderr, exit 2)', async () => {
    const mods = await modulesLoadedBy(['address'], { status: 2 });
    expect(mods.filter((m) => m !== 'bin/scout.js').sort()).toEqual(entryModules());
  });

  it('what start-up imports holds no HTTP client, schemas, spinner, renderer or command runner', () => {
    const startup = [...startupModules()];
    expect(startup).toContain('src/commands/address/txs.ts');
    expect(startup.filter((m) => HEAVY.test(m))).toEqual([]);
    // The specs take their request builders and value lists from api/endpoints.ts, which imports only types.
    expect(startup.filter((m) => /^src\/(api\/(?!endpoints\.ts)|render\/|abi\/)/.test(m))).toEqual([]);
    expect(startup.filter((m) => /^src\/run\/|\.run\.ts$/.test(m))).toEqual([]);
  });

  // Help the entry does not answer (on a terminal, or after an option) comes from the program.
  it.each([[['--verbose', '--help']], [['--verbose', 'address', '--help']], [['--verbose', 'tx', 'show', '--help']]])(
    '%j loads no more than start-up does',
    async (args) => {
      const mods = await modulesLoadedBy(args);
      expect(mods).toContain('src/cli.ts');
      const startup = startupModules();
      expect(mods.filter((m) => m.startsWith('src/') && !/^src\/(main|launch|code-cache)\.ts$/.test(m) && !startup.has(m))).toEqual([]);
      expect(mods.filter((m) => HEAVY.test(m))).toEqual([]);
    },
  );

  it('a command line loads the specs of the topic it names and no other; help without a topic loads them all', async () => {
    const specsOf = (mods: string[]) => new Set(mods.flatMap((m) => /^src\/commands\/([^/]+)\/[^/]+\.ts$/.exec(m)?.[1] ?? []));
    // `help` is the help command's own spec, which the tree's builder reads (its topics).
    expect([...specsOf(await modulesLoadedBy(['--verbose', 'tx', 'show', '--help']))].sort()).toEqual(['help', 'tx']);
    expect([...specsOf(await modulesLoadedBy(['--verbose', 'address', '--help']))].sort()).toEqual(['address', 'help']);
    expect(specsOf(await modulesLoadedBy(['--verbose', '--help'])).size).toBeGreaterThan(20);
  });

  it('commander does not load node:child_process (only executable subcommands need it; scout has none)', async () => {
    const lines = await trace(['--verbose', 'address', '--help']);
    expect(lines).toContain('builtin:fs');
    expect(lines).not.toContain('builtin:child_process');
  });

  it('completion bash loads no HTTP client, schemas, spinner or renderer either', async () => {
    const mods = await modulesLoadedBy(['completion', 'bash']);
    expect(mods).toContain('src/commands/completion/bash.ts');
    expect(mods.filter((m) => HEAVY.test(m))).toEqual([]);
    const startup = startupModules();
    // Besides start-up: the runner, the generators and the built-in chain table for --chain.
    expect(mods.filter((m) => !startup.has(m) && /^src\/(api|render|config\/(?!chain-table\.ts))/.test(m))).toEqual([]);
  });

  it('a lookup does load what runs it (the checks above can see modules)', async () => {
    const mods = await modulesLoadedBy(['address', 'txs', '0x1234'], { status: 2 });
    // Refused as bad input, yet the executor was imported to check it.
    expect(mods).toContain('src/run/execute.ts');
    expect(startupModules().has('src/run/execute.ts')).toBe(false);
  });
});

describe('output modes load only what they print with', () => {
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(() => srv.close());

  // On Node 20 V8 otherwise recompiles undici's WebAssembly on a thread the exit waits for after any
  // lookup; on Node 24 after a busy one (src/launch.ts, `startProgram`).
  it('a lookup sets its V8 flags once, before the program compiles: WebAssembly stays on its baseline compiler', async () => {
    const lines = await trace(['tx', 'show', TX.ok, '--json', '--base-url', srv.url]);
    const flags = lines.filter((l) => l.startsWith('flag:'));
    expect(flags).toEqual(['flag:--liftoff-only --wasm-tiering-budget=1000000000 --verify-snapshot-checksum']);
    const compiled = lines.findIndex((l) => l.startsWith('code-cache:'));
    const undici = lines.findIndex((l) => l.startsWith('module:node_modules/undici/'));
    expect(undici).toBeGreaterThan(-1);
    expect(lines.indexOf(flags[0]!)).toBeLessThan(compiled);
    expect(compiled).toBeLessThan(undici);
  });

  it('a lookup loads neither node:http2 (HTTP/1.1 only), node:http or node:assert (its uses of them are built in), nor, without --cache, the response cache and its crypto', async () => {
    const lines = await trace(['tx', 'show', TX.ok, '--json', '--base-url', srv.url]);
    expect(lines).toContain('builtin:net');
    expect(lines.filter((l) => /^builtin:(http2|http|assert|tls|crypto|fs\/promises)$/.test(l))).toEqual([]);
    expect(modulesIn(lines)).not.toContain('src/api/cache.ts');
    // The check can see it: with --cache the cache loads.
    const cached = await modulesLoadedBy(['tx', 'show', TX.ok, '--json', '--cache', '1m', '--base-url', srv.url]);
    expect(cached).toContain('src/api/cache.ts');
  });

  // node:net is loaded by the entry before the V8 flags in every run (launch.ts): undici needs it,
  // and loaded after a flag it compiles from source.
  it('a --cache hit loads no undici; the miss before it does', async () => {
    // A server of its own: its port is in the cache key, so the first run is a miss.
    const own = await startServer();
    try {
      const args = ['tx', 'show', TX.ok, '--json', '--cache', '1m', '--base-url', own.url];
      const undici = (lines: string[]) => modulesIn(lines).filter((m) => m.startsWith('node_modules/undici/'));
      const miss = await trace(args, { noPipes: true });
      expect(undici(miss)).not.toEqual([]);
      const hit = await trace(args, { noPipes: true });
      expect(own.requests).toHaveLength(1);
      expect(undici(hit)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('--json and --ndjson never load the schemas or the table drawer', async () => {
    for (const mode of ['--json', '--ndjson']) {
      const mods = await modulesLoadedBy(['address', 'txs', ADDR.rich, mode, '--base-url', srv.url]);
      expect(mods.some((m) => m.startsWith('node_modules/undici/'))).toBe(true);
      expect(mods.filter((m) => /^node_modules\/(zod|cli-table3|ora)\/|^src\/api\/(schemas|shapes)\.ts|^src\/render\/(table|table-writer|tsv|columns|csv)\.ts/.test(m))).toEqual([]);
    }
    const show = await modulesLoadedBy(['tx', 'show', TX.ok, '--json', '--base-url', srv.url]);
    expect(show.filter((m) => /^node_modules\/zod\/|^src\/render\/transaction\.ts/.test(m))).toEqual([]);
  });

  it('JSON piped (no colour) loads neither chalk nor the JSON colourer', async () => {
    for (const args of [['tx', 'show', TX.ok, '--json'], ['address', 'txs', ADDR.rich, '--ndjson'], ['address', 'txs', ADDR.rich, '--json']]) {
      const mods = await modulesLoadedBy([...args, '--base-url', srv.url]);
      expect(mods.some((m) => m.startsWith('node_modules/undici/')), args.join(' ')).toBe(true);
      expect(mods.filter((m) => /^node_modules\/chalk\/|^src\/render\/(paint|json-colour)\.ts$/.test(m)), args.join(' ')).toEqual([]);
    }
  });

  it('jq loads only for --jq', async () => {
    const JQ = 'src/render/jq.ts';
    expect(startupModules().has(JQ)).toBe(false);
    // (--help loads no more than start-up: checked above.)
    for (const mode of [[], ['--ndjson']]) {
      const mods = await modulesLoadedBy(['address', 'txs', ADDR.rich, ...mode, '--base-url', srv.url]);
      expect(mods).not.toContain(JQ);
    }
    // The check can see it: with --jq it loads (and jq runs on a thread of its own, from it).
    const mods = await modulesLoadedBy(['address', 'txs', ADDR.rich, '--jq', 'length', '--base-url', srv.url]);
    expect(mods).toContain(JQ);
  });

  it('a table does load them, but not zod: it checks shapes written from the schemas', async () => {
    const mods = await modulesLoadedBy(['address', 'txs', ADDR.rich, '--base-url', srv.url]);
    expect(mods).toContain('src/api/shapes.ts');
    expect(mods).toContain('src/render/table.ts');
    // Piped (stdout is not a terminal here): the table mode writes tab-separated lines.
    expect(mods).toContain('src/render/tsv.ts');
    expect(mods).not.toContain('src/api/schemas.ts');
    expect(mods.filter((m) => m.startsWith('node_modules/zod/'))).toEqual([]);
  });

  it('tx show as a table loads no zod either', async () => {
    const mods = await modulesLoadedBy(['tx', 'show', TX.ok, '--base-url', srv.url]);
    expect(mods).toContain('src/render/transaction.ts');
    expect(mods).toContain('src/api/shapes.ts');
    expect(mods.filter((m) => m.startsWith('node_modules/zod/') || m === 'src/api/schemas.ts')).toEqual([]);
  });

  it('tx show as a key/value view loads its own renderer only: no table drawer, no other view, no list columns', async () => {
    const mods = await modulesLoadedBy(['tx', 'show', TX.ok, '--base-url', srv.url]);
    expect(mods).toContain('src/render/key-value.ts');
    // (\b: in a worktree whose node_modules links elsewhere, its modules' paths start with ../.)
    expect(mods.filter((m) => /\bnode_modules\/(cli-table3|string-width)\//.test(m))).toEqual([]);
    expect(mods.filter((m) => /^src\/render\/(table|block|stats|token|columns|cells|beacon)\.ts$/.test(m))).toEqual([]);
  });

  it('tx show piped loads no chalk (no colour); with colour on, the session loads it and the view is painted', async () => {
    const chalk = (mods: string[]) => mods.filter((m) => /\bnode_modules\/chalk\//.test(m));
    const piped = await modulesLoadedBy(['tx', 'show', TX.ok, '--base-url', srv.url]);
    expect(piped).toContain('src/render/paint.ts');
    expect(chalk(piped)).toEqual([]);
    const r = await traceRun(['tx', 'show', TX.ok, '--color', 'always', '--base-url', srv.url]);
    expect(r.status, r.stderr).toBe(0);
    expect(chalk(modulesIn(r.lines))).not.toEqual([]);
    expect(r.stdout).toMatch(/\u001b\[1mTransaction/);
  });
});

describe('library entry', () => {
  it('the package exports the client, the paginator and the endpoints, typed', async () => {
    const lib = await import('scout-cli');
    expect(typeof lib.ExplorerClient).toBe('function');
    expect(typeof lib.paginate).toBe('function');
    expect(lib.addressTransactions('0x' + '1'.repeat(40), { filter: 'to' })).toEqual({
      path: `/api/v2/addresses/0x${'1'.repeat(40)}/transactions`,
      params: [['filter', 'to']],
      what: `address 0x${'1'.repeat(40)}`,
    });
  });
});
