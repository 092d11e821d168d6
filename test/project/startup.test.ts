/**
 * Start-up: --version and piped --help are answered by the entry alone (src/launch.ts, CommonJS, the
 * help rendered at build time); every other command line loads commander and our own wiring (the
 * command specs among it), and --help there loads nothing more: never the HTTP client, the schemas, the
 * spinner or the table renderer (docs/style.md, "Lazy imports keep start-up fast"). Measured by
 * recording every file of the build the process loads and what the build put in each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT, runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

interface Meta {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

const meta = (): Meta => JSON.parse(readFileSync(join(ROOT, 'dist/cli/meta.json'), 'utf8')) as Meta;

/** What every command line but --version loads: src/cli.ts and what it imports statically. */
function startupModules(): Set<string> {
  const { inputs } = meta();
  const seen = new Set<string>();
  const visit = (m: string) => {
    if (seen.has(m)) return;
    seen.add(m);
    for (const i of inputs[m]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit('src/cli.ts');
  return seen;
}

/**
 * What a run of the built CLI recorded (test/support/trace-imports.mjs): each file of the build it
 * loaded as a file:// URL, and each V8 flag it set (`flag:--name`), in order.
 */
async function trace(args: string[], options: { status?: number } = {}): Promise<string[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'scout-trace-')), 'imports.txt');
  // Spawned asynchronously: the fake server answering it lives in this process.
  const r = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', join(ROOT, 'test/support/trace-imports.mjs'), BIN, ...args], {
      env: cleanEnv({ SCOUT_TRACE_IMPORTS: file }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
  expect(r.status, r.stderr).toBe(options.status ?? 0);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

/** The source modules bundled into a file of the build (dist/cli/meta.json); outside it, the file itself. */
function sourcesOf(url: string): string[] {
  const c = relative(ROOT, fileURLToPath(url)).split(sep).join('/');
  const { outputs } = meta();
  return outputs[c] ? Object.keys(outputs[c].inputs) : [c];
}

/** The source modules a run of the bundled CLI loaded. */
async function modulesLoadedBy(args: string[], options: { status?: number } = {}): Promise<string[]> {
  const files = (await trace(args, options)).filter((u) => u.startsWith('file://'));
  return [...new Set(files.flatMap(sourcesOf))];
}

const HEAVY = /^node_modules\/(undici|zod|ora|chalk|cli-table3|open|@adraffy\/ens-normalize|ox|hyparquet-writer|hyparquet)\//;

describe('start-up', () => {
  it.each([[['--version']], [['--help']], [['-h']], [['address', '--help']], [['tx', 'show', '--help']], [[]]])(
    '%j, piped, loads nothing but the entry',
    async (args) => {
      const mods = await modulesLoadedBy(args);
      expect(mods.filter((m) => m !== 'bin/scout.js')).toEqual(['src/launch.ts']);
    },
  );

  it('a topic without a verb prints its help from the entry too (stderr, exit 2)', async () => {
    const mods = await modulesLoadedBy(['address'], { status: 2 });
    expect(mods.filter((m) => m !== 'bin/scout.js')).toEqual(['src/launch.ts']);
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
      expect(mods.filter((m) => m.startsWith('src/') && !/^src\/(main|launch)\.ts$/.test(m) && !startup.has(m))).toEqual([]);
      expect(mods.filter((m) => HEAVY.test(m))).toEqual([]);
    },
  );

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

  it('a lookup keeps WebAssembly on its baseline compiler, set before undici loads (no wait at exit)', async () => {
    const lines = await trace(['tx', 'show', TX.ok, '--json', '--base-url', srv.url]);
    const flag = lines.indexOf('flag:--liftoff-only');
    const undici = lines.findIndex((u) => u.startsWith('file://') && sourcesOf(u).some((m) => m.startsWith('node_modules/undici/')));
    expect(undici).toBeGreaterThan(-1);
    expect(flag).toBeGreaterThan(-1);
    expect(flag).toBeLessThan(undici);
  });

  it('a lookup loads neither node:http2 (HTTP/1.1 only) nor, without --cache, the response cache and its crypto', async () => {
    const lines = await trace(['tx', 'show', TX.ok, '--json', '--base-url', srv.url]);
    expect(lines).toContain('builtin:net');
    expect(lines.filter((l) => /^builtin:(http2|tls|crypto|fs\/promises)$/.test(l))).toEqual([]);
    expect(lines.flatMap((u) => (u.startsWith('file://') ? sourcesOf(u) : []))).not.toContain('src/api/cache.ts');
    // The check can see it: with --cache the cache loads.
    const cached = await modulesLoadedBy(['tx', 'show', TX.ok, '--json', '--cache', '1m', '--base-url', srv.url]);
    expect(cached).toContain('src/api/cache.ts');
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
});

describe('compile cache', () => {
  const cacheable = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

  it.skipIf(!cacheable)('the program keeps its compiled code under $XDG_CACHE_HOME/scout (Node 22.1 and later)', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'scout-cache-'));
    const r = await runCli(['chains'], { env: { XDG_CACHE_HOME: cache } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const dir = join(cache, 'scout', 'compile-cache');
    expect(readdirSync(dir, { recursive: true }).length).toBeGreaterThan(1);
  });

  it('a cache directory that cannot be made changes nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'scout-cache-')), 'a-file');
    writeFileSync(file, '');
    const [cli, live] = await Promise.all([runCli(['chains'], { env: { XDG_CACHE_HOME: file } }), runScout(['chains'])]);
    expect(cli).toMatchObject({ code: 0, stdout: live.stdout, stderr: '' });
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
