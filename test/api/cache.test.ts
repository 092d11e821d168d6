/**
 * --cache: answers kept on disk and served byte for byte, by age; broken entries refetched; keys
 * never on disk; an unusable cache directory harmless; `scout cache clear` and `scout cache path`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checksum } from '../../src/api/cache.js';
import { serveBodies } from '../support/bodies.js';
import { runScout, type ScoutOptions } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
let cacheHome: string;

beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
beforeEach(() => {
  cacheHome = mkdtempSync(join(tmpdir(), 'scout-cache-'));
});
afterEach(() => rmSync(cacheHome, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

function scout(args: string[], options: ScoutOptions = {}, server = srv) {
  return runScout([...args, '--base-url', server.url], { now: () => T0, ...options, env: { XDG_CACHE_HOME: cacheHome, ...options.env } });
}

/** Requests the server saw while `fn` ran. */
async function sent(fn: () => Promise<unknown>, server = srv): Promise<number> {
  const before = server.requests.length;
  await fn();
  return server.requests.length - before;
}

/** Every file the cache holds, with its bytes. */
function entries(): { name: string; path: string; data: Buffer }[] {
  const dir = join(cacheHome, 'scout', 'http');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((name) => ({ name, path: join(dir, name), data: readFileSync(join(dir, name)) }));
}

/** `hex` with its first digit changed. */
function flipped(hex: string): string {
  return (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);
}

describe('the checksum of a kept body', () => {
  it('is FNV-1a, 32 bits: the published vectors', () => {
    const hex = (s: string) => checksum(Buffer.from(s, 'latin1'));
    expect([hex(''), hex('a'), hex('foobar')]).toEqual(['811c9dc5', 'e40c292c', 'bf9cf968']);
  });

  it('tells any one changed byte of a body', () => {
    const body = Buffer.from(JSON.stringify({ hash: '0x' + 'ab'.repeat(32), value: '1000' }));
    const whole = checksum(body);
    for (let i = 0; i < body.length; i++) {
      const changed = Buffer.from(body);
      changed[i] = changed[i]! ^ 0x20;
      expect(checksum(changed), `byte ${i}`).not.toBe(whole);
    }
  });
});

describe('--cache', () => {
  it('a second run is answered from the cache: no request, the same bytes', async () => {
    let first = '';
    expect(await sent(async () => (first = (await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'])).stdout))).toBe(1);
    expect(entries()).toHaveLength(1);
    let second = '';
    expect(await sent(async () => (second = (await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'])).stdout))).toBe(0);
    expect(second).toBe(first);
    // The entry holds the body exactly as the server sent it.
    const body = await (await fetch(`${srv.url}/api/v2/transactions/${TX.ok}`)).text();
    expect(entries()[0]!.data.toString('utf8').endsWith('\n' + body)).toBe(true);
  });

  it('without --cache nothing is kept and nothing is read', async () => {
    await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h']);
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json']))).toBe(1);
  });

  it('SCOUT_CACHE sets it as --cache does', async () => {
    await scout(['tx', 'show', TX.ok, '--json'], { env: { SCOUT_CACHE: '5m' } });
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json'], { env: { SCOUT_CACHE: '5m' } }))).toBe(0);
  });

  it('an entry older than the ttl is fetched again; forever never expires', async () => {
    await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h']);
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'], { now: () => T0 + 3_599_000 }))).toBe(0);
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'], { now: () => T0 + 3_600_000 }))).toBe(1);
    // Refetched, it is kept again with the new time.
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'], { now: () => T0 + 3_601_000 }))).toBe(0);
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', 'forever'], { now: () => T0 + 10 * 365 * 86_400_000 }))).toBe(0);
  });

  it.each([
    // Still valid JSON of the same length: only the checksum tells.
    ['a changed byte in the body', (d: Buffer) => Buffer.from(d.toString('latin1').replace(TX.ok.slice(2), flipped(TX.ok.slice(2))), 'latin1')],
    ['a flipped bit that breaks the JSON', (d: Buffer) => Buffer.from(d.map((b, i) => (i === d.length - 1 ? b ^ 0x01 : b)))],
    ['a body cut short', (d: Buffer) => d.subarray(0, d.length - 10)],
    ['a broken envelope', (d: Buffer) => Buffer.concat([Buffer.from('{"v":2,'), d.subarray(d.indexOf(0x0a))])],
    ['no envelope at all', (d: Buffer) => d.subarray(d.indexOf(0x0a) + 1)],
    ['an empty file', () => Buffer.alloc(0)],
  ])('%s: the entry is ignored and fetched again, never printed', async (_what, damage) => {
    const good = (await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'])).stdout;
    const [entry] = entries();
    writeFileSync(entry!.path, damage(entry!.data));
    let again = { code: -1, stdout: '', stderr: '' };
    expect(await sent(async () => (again = await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'])))).toBe(1);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(good);
    expect(again.stderr).toBe('');
    // Kept whole again: the next run is a hit.
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', '1h']))).toBe(0);
  });

  it('lists: every page is kept by its full URL, cursor included', async () => {
    let first = '';
    const pages = await sent(async () => (first = (await scout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--cache', '1h'])).stdout));
    expect(pages).toBeGreaterThan(1);
    expect(entries()).toHaveLength(pages);
    let second = '';
    expect(await sent(async () => (second = (await scout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--cache', '1h'])).stdout))).toBe(0);
    expect(second).toBe(first);
    // Another filter is another request.
    expect(await sent(() => scout(['address', 'txs', ADDR.rich, '--filter', 'to', '--ndjson', '--cache', '1h']))).toBe(1);
  });

  it('a page that streams (past the 1 MiB hold) is kept whole, even when --limit printed part of it', async () => {
    const bodies = await serveBodies();
    try {
      const A = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
      const items = Array.from({ length: 800 }, (_, i) => `{"hash":"0x${i.toString(16).padStart(64, '0')}","fee":123456789012345678901234567890,"pad":"${'x'.repeat(2000)}"}`);
      bodies.bodies.set(`/api/v2/addresses/${A}/transactions`, `{"items":[${items.join(',')}],"next_page_params":null}`);
      const run = (extra: string[]) => runScout(['address', 'txs', A, '--ndjson', '--cache', '1h', '--base-url', bodies.url, ...extra], { now: () => T0, env: { XDG_CACHE_HOME: cacheHome } });
      const cut = await run(['--limit', '2']);
      expect(cut.stdout.split('\n').filter(Boolean)).toHaveLength(2);
      const body = bodies.bodies.get(`/api/v2/addresses/${A}/transactions`)!;
      // Kept only as the whole body: a part kept would answer the next run with too few items.
      for (const e of entries()) expect(e.data.toString('utf8').endsWith('\n' + body)).toBe(true);
      const whole = await run([]);
      expect(whole.stdout).toBe(items.join('\n') + '\n');
      expect(entries()).toHaveLength(1);
      expect(entries()[0]!.data.toString('utf8').endsWith('\n' + body)).toBe(true);
      // Answered from the cache now: the server is gone and the same lines come out.
      bodies.bodies.clear();
      expect((await run([])).stdout).toBe(whole.stdout);
    } finally {
      await bodies.close();
    }
  });

  it('the explorer key never reaches the disk, and an answer given with a key is kept apart', async () => {
    const KEY = 'sk_cache_SECRET_4242';
    const keyed = await startServer({ explorerKey: KEY });
    try {
      const r = await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h', '--explorer-key', KEY], {}, keyed);
      expect(r.code).toBe(0);
      const files = entries();
      expect(files).toHaveLength(1);
      for (const f of files) {
        expect(f.name).not.toContain(KEY);
        expect(f.data.includes(KEY)).toBe(false);
        expect(f.data.toString('utf8')).not.toMatch(/"(x-api-key|authorization)"/i);
      }
      // The same request without the key is not served the keyed answer.
      expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'], {}, keyed), keyed)).toBe(1);
    } finally {
      await keyed.close();
    }
  });

  it('admin answers, which list network keys, are never kept', async () => {
    const r = await runScout(['admin', 'networks', '--admin-url', srv.url, '--api-key', 'admin-secret', '--json', '--cache', '1h'], { env: { XDG_CACHE_HOME: cacheHome } });
    expect(r.code).toBe(0);
    expect(entries()).toEqual([]);
  });

  it('a cache directory that cannot be written is harmless: the answer is printed, --verbose says why once', async () => {
    const blocked = join(cacheHome, 'not-a-dir');
    writeFileSync(blocked, 'a file where the cache directory would be');
    const env = { XDG_CACHE_HOME: blocked };
    const r = await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h', '--verbose'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(TX.ok);
    expect(r.stderr.split('\n').filter((l) => l.includes('cache: cannot'))).toHaveLength(1);
    const quiet = await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h'], { env });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('a bad --cache value is a usage error before any request', async () => {
    for (const bad of ['1y', 'soon', '0s', '-5m', '']) {
      let r = { code: -1, stderr: '' };
      expect(await sent(async () => (r = await scout(['tx', 'show', TX.ok, '--cache', bad])))).toBe(0);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^scout: invalid --cache .*expected a duration of at least 1s, in whole seconds or a whole number with a unit ms, s, m, h or d \(30, 5m, 1d\), or forever\n/);
    }
    const set = await runScout(['config', 'set', 'cache', '1y']);
    expect(set.code).toBe(2);
    expect(set.stderr).toMatch(/^scout: invalid cache "1y": expected a duration/);
  });
});

describe('scout cache', () => {
  it('clear removes every kept answer: the next run fetches again', async () => {
    await scout(['tx', 'show', TX.ok, '--json', '--cache', '1h']);
    expect(entries()).toHaveLength(1);
    const r = await runScout(['cache', 'clear'], { env: { XDG_CACHE_HOME: cacheHome } });
    expect(r.code).toBe(0);
    expect(entries()).toHaveLength(0);
    expect(await sent(() => scout(['tx', 'show', TX.ok, '--json', '--cache', '1h']))).toBe(1);
    // Clearing an empty cache is fine too.
    rmSync(join(cacheHome, 'scout'), { recursive: true, force: true });
    expect((await runScout(['cache', 'clear'], { env: { XDG_CACHE_HOME: cacheHome } })).code).toBe(0);
  });

  it('path prints $XDG_CACHE_HOME/scout, else ~/.cache/scout', async () => {
    expect((await runScout(['cache', 'path'], { env: { XDG_CACHE_HOME: cacheHome } })).stdout).toBe(join(cacheHome, 'scout') + '\n');
    const r = await runScout(['cache', 'path'], { env: { XDG_CACHE_HOME: undefined, HOME: '/home/someone' } });
    expect(r.stdout).toBe('/home/someone/.cache/scout\n');
  });
});
