/**
 * Endless lists (issue 20, item 7): a hostile explorer serving a list that never ends, run against the
 * built command as a child process. A cursor past 8 KiB stops the list at once (exit 1, naming the
 * page); a page holding only items already given, with a new cursor, stops it as a cursor loop
 * (exit 1) without printing them again; and --cache keeps its directory within --cache-size however
 * many pages come.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { type Loopback, listenLoopback } from '../support/loopback.js';

type Handler = (page: number, req: IncomingMessage, res: ServerResponse) => void;

let handler: Handler;
let requests: number;
let server: Loopback;
let base: string;
let cacheHome: string;
/** Pages served before the server itself gives up, so a client that never stops still ends. */
const SERVER_LIMIT = 5_000;

beforeAll(async () => {
  server = await listenLoopback((req, res) => {
    requests++;
    const p = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('p') ?? 0);
    if (p >= SERVER_LIMIT) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[],"next_page_params":null}');
    handler(p, req, res);
  });
  base = server.url;
});
afterAll(() => server.close());
beforeEach(() => {
  requests = 0;
  cacheHome = mkdtempSync(join(tmpdir(), 'scout-endless-'));
});
afterEach(() => rmSync(cacheHome, { recursive: true, force: true }));

/** A page of `items` with the cursor `next` (null: the last page); no rate limit, so pages are not paced. */
function send(res: ServerResponse, items: unknown[], next: Record<string, unknown> | null): void {
  res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '-1' }).end(JSON.stringify({ items, next_page_params: next }));
}

/** `scout api <path> --all --ndjson` and more, against the server, with a cache home of its own; at most 8 s. */
function scout(args: string[], env: Record<string, string> = {}) {
  return runCli(['api', '/api/v2/addresses/0x0000000000000000000000000000000000000001/transactions', '--ndjson', '--base-url', base, ...args], {
    env: { XDG_CACHE_HOME: cacheHome, ...env },
    timeoutMs: 8_000,
  });
}

describe('a cursor past 8 KiB', () => {
  it.each([[[] as string[]], [['--limit', '2']], [['--json']]])('without --all (%j), the first page and no next-page hint repeating the cursor', async (extra) => {
    handler = (p, _req, res) => send(res, [{ n: p }, { n: p + 0.5 }], { p: p + 1, pad: 'x'.repeat(64 * 1024) });
    const r = await runCli(['api', '/api/v2/addresses/0x0000000000000000000000000000000000000001/transactions', '--base-url', base, ...extra], {
      env: { XDG_CACHE_HOME: cacheHome },
      timeoutMs: 8_000,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(requests).toBe(1);
    expect(r.stderr).not.toContain('xxxxxxxx');
    expect(r.stderr.length).toBeLessThan(400);
    expect(r.stderr).toMatch(/next_page_params is \d+ bytes, more than a cursor may be \(8 KiB\): no next-page hint\n$/);
  });

  it('--all stops after the page that brought it: exit 1, the page named, its items printed, nothing more asked', async () => {
    handler = (p, _req, res) => send(res, [{ n: p }], { p: p + 1, pad: 'x'.repeat(64 * 1024) });
    const started = Date.now();
    const r = await scout(['--all']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('{"n":0}\n');
    expect(r.stderr).toMatch(/^scout: unusable cursor after page 1 of \/api\/v2\/addresses\/0x0+1\/transactions: its next_page_params is \d+ bytes, more than a cursor may be \(8 KiB\); stopping\n/);
    expect(requests).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a cursor of 8 KiB or less is followed', async () => {
    handler = (p, _req, res) => send(res, [{ n: p }], p < 2 ? { p: p + 1, pad: 'x'.repeat(7 * 1024) } : null);
    const r = await scout(['--all']);
    expect([r.code, r.stderr, r.stdout]).toEqual([0, '', '{"n":0}\n{"n":1}\n{"n":2}\n']);
  });
});

describe('a page holding only items already given, with a new cursor', () => {
  it('the same page again and again: stops at the second, printing its items once, exit 1', async () => {
    handler = (p, _req, res) => send(res, [{ n: 1 }, { n: 2 }], { p: p + 1 });
    const r = await scout(['--all']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('{"n":1}\n{"n":2}\n');
    expect(r.stderr).toBe(
      'scout: the server returned a page holding only items it had already given, with a new cursor (page 2 of /api/v2/addresses/0x0000000000000000000000000000000000000001/transactions); stopping instead of looping\n' +
        'scout: the items printed so far are complete up to this point\n',
    );
    expect(requests).toBe(2);
  });

  it('two pages in turn, each with a new cursor: stops at the third', async () => {
    handler = (p, _req, res) => send(res, p % 2 ? [{ n: 'b' }] : [{ n: 'a' }], { p: p + 1 });
    const r = await scout(['--all']);
    expect([r.code, r.stdout]).toEqual([1, '{"n":"a"}\n{"n":"b"}\n']);
    expect(r.stderr).toMatch(/^scout: the server returned a page holding only items it had already given, with a new cursor \(page 3 of /);
    expect(requests).toBe(3);
  });

  it('pages that repeat some items but bring one new each are followed to the end', async () => {
    handler = (p, _req, res) => send(res, [{ n: 'same' }, { n: p }], p < 20 ? { p: p + 1 } : null);
    const r = await scout(['--all']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(42);
  });
});

/** The total size of the files in the cache's entry directory. */
function cacheBytes(): number {
  const dir = join(cacheHome, 'scout', 'http');
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    try {
      total += statSync(join(dir, name)).size;
    } catch {
      // removed between the listing and the stat
    }
  }
  return total;
}

describe('--cache-size', () => {
  // 20 items of about 100 bytes a page: about 2 KiB an entry, 120 KiB for 60 pages.
  const pages: Handler = (p, _req, res) => send(res, Array.from({ length: 20 }, (_, i) => ({ n: p * 20 + i, pad: 'y'.repeat(80) })), { p: p + 1 });

  it('a long --all with --cache never holds more than the cap on disk: the oldest entries go', async () => {
    handler = pages;
    const CAP = 16 * 1024;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, cacheBytes())), 2);
    const r = await scout(['--limit', '1200', '--cache', '1h', '--cache-size', '16KiB']);
    clearInterval(watch);
    most = Math.max(most, cacheBytes());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^1,200 items; more exist\. next page: /);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1200);
    expect(requests).toBe(60);
    // The cache was used (it holds the latest pages), and never passed the cap.
    expect(cacheBytes()).toBeGreaterThan(CAP / 2);
    expect(most).toBeLessThanOrEqual(CAP);
  });

  it('SCOUT_CACHE_SIZE sets it too; the latest pages are the ones kept and answer the next run', async () => {
    handler = pages;
    expect((await scout(['--limit', '400', '--cache', '1h'], { SCOUT_CACHE_SIZE: '8KiB' })).code).toBe(0);
    expect(cacheBytes()).toBeLessThanOrEqual(8 * 1024);
    // Starting again from the first page: it was evicted, so it is asked for again.
    requests = 0;
    expect((await scout(['--cache', '1h'], { SCOUT_CACHE_SIZE: '8KiB' })).code).toBe(0);
    expect(requests).toBe(1);
  });

  it('without --cache-size the default cap keeps everything of a short run', async () => {
    handler = pages;
    expect((await scout(['--limit', '200', '--cache', '1h'])).code).toBe(0);
    requests = 0;
    expect((await scout(['--limit', '200', '--cache', '1h'])).code).toBe(0);
    expect(requests).toBe(0);
  });

  it('a bad size is exit 2 before any request', async () => {
    handler = pages;
    const r = await scout(['--all', '--cache', '1h', '--cache-size', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scout: invalid --cache-size "lots": expected a size from 1 byte to 64 GiB, in bytes or with a unit (512KiB, 10MB, 64MiB)\nscout: see \'scout api --help\'\n');
    expect(requests).toBe(0);
  });
});
