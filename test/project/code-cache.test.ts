/**
 * The program's own V8 code cache (src/code-cache.ts): kept per Node, build, topic and output under
 * $XDG_CACHE_HOME/scout/compile-cache, used by the next run, and never a cause of different output
 * or a failure, whatever is on disk: missing, stale, corrupt, from another Node or build, or in a
 * place that cannot be written. What V8 made of the cache is recorded by the trace preload.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';
import { traceRun, type Traced } from '../support/trace.js';

const NODE_DIR = `${process.version}-${process.arch}`;

/** A fresh cache home and the directory this Node keeps the cache in under it. */
function freshHome(): { home: string; dir: string } {
  const home = mkdtempSync(join(tmpdir(), 'scout-code-cache-'));
  return { home, dir: join(home, 'scout', 'compile-cache', NODE_DIR) };
}

const run = (args: string[], home: string): Promise<Traced> => traceRun(args, { XDG_CACHE_HOME: home });

/** What V8 made of the cache in a run: none given, accepted or rejected. */
const verdict = (r: Traced): string | undefined => r.lines.find((l) => l.startsWith('code-cache:'))?.slice(11);

/** The one cache file of `kind` (`<topic>.<output>`) in `dir`. */
function cacheOf(dir: string, kind: string): string {
  const files = readdirSync(dir).filter((f) => f.endsWith(`.${kind}.bin`));
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

interface Header {
  build: string;
  node: string;
  key: string;
  bytes: number;
  sum?: string;
  partial?: boolean;
  modules: string[];
}

const header = (file: string): Header => {
  const bytes = readFileSync(file);
  return JSON.parse(bytes.toString('utf8', 0, bytes.indexOf(10))) as Header;
};

let reference: Traced;
beforeAll(async () => {
  // The output with no cache at all: the cache home is a file, so nothing is read or written.
  const file = join(mkdtempSync(join(tmpdir(), 'scout-code-cache-')), 'a-file');
  writeFileSync(file, '');
  reference = await run(['chains'], file);
  expect(reference).toMatchObject({ status: 0, stderr: '' });
  expect(verdict(reference)).toBe('none');
  expect(reference.stdout).toContain('Ethereum');
});

/** Runs `scout chains` and checks it printed what a run without a cache prints. */
async function sameOutput(home: string): Promise<Traced> {
  const r = await run(['chains'], home);
  expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 0, stdout: reference.stdout, stderr: '' });
  return r;
}

describe('the code cache', () => {
  it('is written by the first run, used by the next, and not written again', async () => {
    const { home, dir } = freshHome();
    expect(verdict(await sameOutput(home))).toBe('none');
    const file = cacheOf(dir, 'chains.table');
    expect(header(file)).toMatchObject({ node: NODE_DIR, key: 'chains.table' });
    expect(header(file).modules).toContain('src/cli.ts');
    const written = statSync(file).mtimeMs;
    const bytes = readFileSync(file);
    expect(verdict(await sameOutput(home))).toBe('accepted');
    expect(statSync(file).mtimeMs).toBe(written);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('is kept per topic and output, and grows when a run goes where the kept one had not', async () => {
    const { home, dir } = freshHome();
    expect((await run(['completion', 'bash'], home)).status).toBe(0);
    expect((await run(['chains', '--json'], home)).status).toBe(0);
    expect(readdirSync(dir).sort().map((f) => f.split('.').slice(1).join('.'))).toEqual(['chains.data.bin', 'completion.table.bin']);
    const json = header(cacheOf(dir, 'chains.data')).modules;
    expect(json).toContain('src/render/json.ts');
    // A table is kept apart: a --json run never deserialises what only tables run.
    expect(verdict(await sameOutput(home))).toBe('none');
    expect(header(cacheOf(dir, 'chains.table')).modules).toContain('src/render/tsv.ts');
    expect(json).not.toContain('src/render/tsv.ts');
    expect(header(cacheOf(dir, 'chains.data')).modules).toEqual(json);
    // CSV is data too, and goes further than --json did: the cache takes what it compiled too.
    const csv = await run(['chains', '--csv'], home);
    expect(csv.status).toBe(0);
    expect(verdict(csv)).toBe('accepted');
    const grown = header(cacheOf(dir, 'chains.data')).modules;
    expect(grown).toContain('src/render/csv.ts');
    expect(grown.length).toBeGreaterThan(json.length);
    expect(grown).toEqual(expect.arrayContaining(json));
    // Both ran: the next --json run takes the grown cache as it is.
    const again = await run(['chains', '--json'], home);
    expect(verdict(again)).toBe('accepted');
    expect(header(cacheOf(dir, 'chains.data')).modules).toEqual(grown);
  });

  it('a lookup runs from it with the same output, and undici from a cache of its own', async () => {
    const srv: FakeServer = await startServer();
    try {
      const { home, dir } = freshHome();
      const args = ['tx', 'show', TX.ok, '--json', '--base-url', srv.url];
      const first = await run(args, home);
      const second = await run(args, home);
      expect(first).toMatchObject({ status: 0, stderr: '' });
      expect(verdict(second)).toBe('accepted');
      expect(second.stdout).toBe(first.stdout);
      expect(JSON.parse(second.stdout)).toHaveProperty('hash');
      // undici is a part with a cache of its own, shared by every kind of command line.
      const part = (r: Traced) => r.lines.filter((l) => l.startsWith('part-cache:'));
      expect([part(first), part(second)]).toEqual([['part-cache:undici:none'], ['part-cache:undici:accepted']]);
      const undici = header(cacheOf(dir, 'undici'));
      expect(undici.modules).toContain('node_modules/undici/lib/dispatcher/pool.js');
      expect(undici.modules.filter((m) => m.startsWith('src/'))).toEqual(['src/api/undici.ts']);
      expect(header(cacheOf(dir, 'tx.data')).modules.filter((m) => m.includes('undici'))).toEqual([]);
      const table = await run(['tx', 'show', TX.ok, '--base-url', srv.url], home);
      expect([verdict(table), part(table)]).toEqual(['none', ['part-cache:undici:accepted']]);
      // A part's cache damaged on disk is refused like the program's, and replaced.
      const file = cacheOf(dir, 'undici');
      const bytes = readFileSync(file);
      const at = bytes.indexOf(10) + 1 + Math.floor((bytes.length - bytes.indexOf(10)) / 2);
      bytes[at] = bytes[at]! ^ 0x01;
      writeFileSync(file, bytes);
      const damaged = await run(args, home);
      expect([damaged.status, damaged.stdout, damaged.stderr, part(damaged)]).toEqual([0, first.stdout, '', ['part-cache:undici:rejected']]);
      expect(part(await run(args, home))).toEqual(['part-cache:undici:accepted']);
    } finally {
      await srv.close();
    }
  });

  it('a library only some commands load is a part of its own too: ox, for decoding, with its cache', async () => {
    const { home, dir } = freshHome();
    const args = ['decode', 'calldata', `0xa9059cbb${'0'.repeat(24)}d8da6bf26964af9d7eed9e03e53415d37aa96045${'0'.repeat(48)}0de0b6b3a7640000`, '--sig', 'transfer(address,uint256)', '--json'];
    const first = await run(args, home);
    const second = await run(args, home);
    expect(first).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(first.stdout)).toMatchObject({ name: 'transfer', args: ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '1000000000000000000'] });
    expect(second.stdout).toBe(first.stdout);
    const part = (r: Traced) => r.lines.filter((l) => l.startsWith('part-cache:'));
    expect([part(first), part(second)]).toEqual([['part-cache:ox:none'], ['part-cache:ox:accepted']]);
    expect(header(cacheOf(dir, 'ox')).modules.some((m) => m.startsWith('node_modules/ox/'))).toBe(true);
    expect(header(cacheOf(dir, 'decode.data')).modules.filter((m) => m.startsWith('node_modules/ox/'))).toEqual([]);
  });

  it('a --cache command line sets no V8 flag until a request goes out: a hit sets none, from a cache of its own that scout checks', async () => {
    const srv: FakeServer = await startServer();
    try {
      const { home, dir } = freshHome();
      const args = ['tx', 'show', TX.ok, '--json', '--cache', '1h', '--base-url', srv.url];
      // The miss: the flags come with the request, node:net loaded before them, and undici after.
      const miss = await run(args, home);
      expect(miss).toMatchObject({ status: 0, stderr: '' });
      const flagAt = miss.lines.findIndex((l) => l.startsWith('flag:'));
      expect(flagAt).toBeGreaterThan(miss.lines.indexOf('code-cache:none'));
      expect(flagAt).toBeLessThan(miss.lines.findIndex((l) => l.startsWith('module:node_modules/undici/')));
      expect(miss.lines.filter((l) => l.startsWith('after-flags:net'))).toEqual([]);
      // The program's cache, made just before the flags: what ran until the request, marked partial.
      const file = cacheOf(dir, 'tx.data.hit');
      const held = header(file);
      expect(held).toMatchObject({ partial: true });
      expect(held.modules).toContain('src/api/transport.ts');
      // Another miss takes it as it is and does not make it again: that would cost every miss before its request.
      const heldAt = statSync(file).mtimeMs;
      const other = await run(['tx', 'show', TX.failed, '--json', '--cache', '1h', '--base-url', srv.url], home);
      expect([other.status, verdict(other), statSync(file).mtimeMs]).toEqual([0, 'accepted', heldAt]);
      // Hits: no flag, neither node:net nor undici. The first takes the partial cache and keeps it
      // whole; the next takes that one as it is, and keeps nothing.
      // Output to pipes (stdout a socket: node:net and the streams) and to files.
      const verdicts: (string | undefined)[] = [];
      for (const noPipes of [false, true, true]) {
        const hit = await traceRun(args, { XDG_CACHE_HOME: home }, { noPipes });
        expect(hit).toMatchObject({ status: 0, stderr: '', stdout: miss.stdout });
        expect(hit.lines.filter((l) => l.startsWith('flag:'))).toEqual([]);
        expect(hit.lines.filter((l) => l.startsWith('part-cache:') || l.includes('undici'))).toEqual([]);
        if (noPipes) expect(hit.lines).not.toContain('builtin:net');
        verdicts.push(verdict(hit));
      }
      expect(verdicts).toEqual(['accepted', 'accepted', 'accepted']);
      expect(header(file).partial).toBeUndefined();
      expect(header(file).modules).toEqual(expect.arrayContaining(held.modules));
      expect(header(file).bytes).toBeGreaterThan(held.bytes);
      const whole = statSync(file).mtimeMs;
      expect(verdict(await run(args, home))).toBe('accepted');
      expect(statSync(file).mtimeMs).toBe(whole);
      expect(header(file)).toMatchObject({ key: 'tx.data.hit', sum: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(srv.requests.filter((r) => r.path.includes(`/transactions/${TX.ok}`))).toHaveLength(1);
      // V8 does not check this one (no flag): scout does, and refuses a changed byte before V8 sees it.
      const bytes = readFileSync(file);
      const start = bytes.indexOf(10) + 1;
      const at = start + Math.floor((bytes.length - start) / 2);
      bytes[at] = bytes[at]! ^ 0x01;
      writeFileSync(file, bytes);
      const damaged = await run(args, home);
      expect([damaged.status, damaged.stdout, damaged.stderr, verdict(damaged)]).toEqual([0, miss.stdout, '', 'none']);
      expect(verdict(await run(args, home))).toBe('accepted');
    } finally {
      await srv.close();
    }
  });
});

describe('flags a command starts with', () => {
  it('export runs in a process started with its heap flags (and two malloc arenas), which keeps a cache of its own: the next export takes it', async () => {
    const srv: FakeServer = await startServer();
    try {
      const { home } = freshHome();
      const out = mkdtempSync(join(tmpdir(), 'scout-code-cache-export-'));
      const exportTo = (dir: string) =>
        traceRun(['export', ADDR.rich, '--what', 'txs', '--format', 'ndjson', '--out', join(out, dir), '--base-url', srv.url], { XDG_CACHE_HOME: home, MALLOC_ARENA_MAX: undefined });
      const first = await exportTo('a');
      expect(first).toMatchObject({ status: 0 });
      const processes = first.lines.filter((l) => l.startsWith('process:'));
      expect(processes).toHaveLength(2);
      const node20 = Number(process.versions.node.split('.')[0]) < 22;
      // The heap's flags, and on Node 24 a collection the Parquet writer can ask after each row group.
      expect(processes[1]).toMatch(node20 ? /:--heap-growing-percent=10$/ : /:--max-semi-space-size=1 --heap-growing-percent=10 --expose-gc$/);
      // glibc's arenas held to two in the child (and left as they were in the parent).
      expect(first.lines.filter((l) => l.startsWith('malloc-arenas:'))).toEqual(['malloc-arenas:', 'malloc-arenas:2']);
      // Only the child runs the program.
      expect(first.lines.filter((l) => l.startsWith('code-cache:'))).toEqual(['code-cache:none']);
      const second = await exportTo('b');
      expect(second.status).toBe(0);
      expect(verdict(second)).toBe('accepted');
      expect(readFileSync(join(out, 'b', 'txs.ndjson'), 'utf8')).toBe(readFileSync(join(out, 'a', 'txs.ndjson'), 'utf8'));
    } finally {
      await srv.close();
    }
  });
});

describe('a cache that cannot be used changes nothing, and is replaced', () => {
  /** A cache home whose chains cache was written by a run, and that file. */
  async function kept(): Promise<{ home: string; dir: string; file: string }> {
    const { home, dir } = freshHome();
    await sameOutput(home);
    return { home, dir, file: cacheOf(dir, 'chains.table') };
  }

  /** After `spoil`, a run prints as before, V8 was given `expected`, and the next run uses the rewritten cache. */
  async function survives(spoil: (file: string, dir: string) => void, expected: 'none' | 'rejected'): Promise<void> {
    const { home, dir, file } = await kept();
    spoil(file, dir);
    expect(verdict(await sameOutput(home))).toBe(expected);
    expect(verdict(await sameOutput(home))).toBe('accepted');
  }

  it('corrupt: bytes of V8 data changed (V8 checks its checksum and rejects it; unchecked, it crashes)', async () => {
    await survives((file) => {
      const bytes = readFileSync(file);
      const start = bytes.indexOf(10) + 1;
      // A byte past V8's own header, in the middle of the data.
      const at = start + Math.floor((bytes.length - start) / 2);
      bytes[at] = bytes[at]! ^ 0x01;
      writeFileSync(file, bytes);
    }, 'rejected');
  });

  it.each([
    ['cut short', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['empty', () => Buffer.alloc(0)],
    ['not a cache', () => Buffer.from('\u0000garbage\n'.repeat(1000))],
    ['a header that is not JSON', (b: Buffer) => Buffer.concat([Buffer.from('{"magic":'), b.subarray(b.indexOf(10))])],
  ])('corrupt: %s', async (_what, spoil) => {
    await survives((file) => writeFileSync(file, spoil(readFileSync(file))), 'none');
  });

  it.each([
    ['another Node', { node: 'v0.0.0-x64' }],
    ['another build', { build: '0000000000000000' }],
    ['another topic', { key: 'tx.table' }],
    ['another output', { key: 'chains.data' }],
    ['another format', { magic: 'scout-code-cache-0' }],
  ])('stale: the header names %s', async (_what, change) => {
    await survives((file) => {
      const bytes = readFileSync(file);
      const end = bytes.indexOf(10);
      const head = { ...(JSON.parse(bytes.toString('utf8', 0, end)) as object), ...change };
      writeFileSync(file, Buffer.concat([Buffer.from(JSON.stringify(head)), bytes.subarray(end)]));
    }, 'none');
  });

  it("stale: another build's cache is ignored, and removed when this build writes its own; another Node's stays", async () => {
    const { home, dir } = freshHome();
    mkdirSync(dir, { recursive: true });
    const old = join(dir, '0000000000000000.chains.table.bin');
    writeFileSync(old, readFileSync((await kept()).file));
    const otherNode = join(dir, '..', 'v0.0.0-x64');
    mkdirSync(otherNode);
    writeFileSync(join(otherNode, '0000000000000000.chains.table.bin'), 'kept');
    expect(verdict(await sameOutput(home))).toBe('none');
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(dir)[0]).not.toBe('0000000000000000.chains.table.bin');
    expect(readdirSync(otherNode)).toEqual(['0000000000000000.chains.table.bin']);
  });

  it('a cache directory that cannot be made (under a file): no cache, same output, no error', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'scout-code-cache-')), 'a-file');
    writeFileSync(file, '');
    expect(verdict(await sameOutput(file))).toBe('none');
    expect(verdict(await sameOutput(file))).toBe('none');
    expect(statSync(file).size).toBe(0);
  });

  it('a cache file that cannot be read (a directory in its place): same output, no error', async () => {
    const { home, dir, file } = await kept();
    rmSync(file);
    mkdirSync(file);
    expect(verdict(await sameOutput(home))).toBe('none');
    expect(readdirSync(dir)).toContain(file.split('/').pop());
  });
});

