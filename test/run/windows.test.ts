/**
 * --since/--until on the histories the server does not filter by time, through the whole CLI
 * in-process against the strict local server: exactly the window in every output mode, paging
 * that stops one page past the window at most, the first page of the window and its hint by
 * default, --limit counting kept items, block bounds, and lists that take no window.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, PAGE_SIZE, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (...args: string[]) => runScout([...args, '--base-url', srv.url]);
const parseLines = (s: string) =>
  s
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const txPath = `/api/v2/addresses/${ADDR.rich}/transactions`;
const pagesAsked = (mark: number, path: string) => srv.requests.slice(mark).filter((r) => r.path.toLowerCase() === path.toLowerCase()).length;

/** Every transaction of the rich address, as the server sends them, newest first. */
let all: Record<string, unknown>[] = [];
beforeAll(async () => {
  const r = await scout('address', 'txs', ADDR.rich, '--all', '--ndjson');
  all = parseLines(r.stdout);
  expect(all.length).toBeGreaterThan(2 * PAGE_SIZE);
});
const mined = () => all.filter((t) => typeof t.timestamp === 'string');
const ms = (t: Record<string, unknown>) => Date.parse(t.timestamp as string);
/** A moment `back` items into the mined history, as scout takes it. */
const momentOf = (back: number) => new Date(ms(mined()[back]!)).toISOString();

describe('--since and --until on address txs', () => {
  it('print exactly the window, --since inclusive and --until exclusive, asking at most one page past it', async () => {
    const since = momentOf(80); // on page 2
    const until = momentOf(20); // on page 1
    const want = all.filter((t) => typeof t.timestamp === 'string' && ms(t) >= Date.parse(since) && ms(t) < Date.parse(until)).map((t) => t.hash);
    expect(want.length).toBe(60);
    const mark = srv.requests.length;
    const r = await scout('address', 'txs', ADDR.rich, '--since', since, '--until', until, '--all', '--ndjson');
    expect(r.code).toBe(0);
    expect(parseLines(r.stdout).map((t) => t.hash)).toEqual(want);
    // The item at --since is on page 2, the first one older than it too: page 3 is never asked for.
    expect(pagesAsked(mark, txPath)).toBe(2);
    expect(r.stderr).toBe('');
  });

  it('keep every field of the items in the window as sent (--json), and the same rows in CSV', async () => {
    const since = momentOf(60);
    const until = momentOf(55);
    const j = await scout('address', 'txs', ADDR.rich, '--since', since, '--until', until, '--json');
    const items = JSON.parse(j.stdout) as Record<string, unknown>[];
    expect(items).toEqual(all.filter((t) => typeof t.timestamp === 'string' && ms(t) >= Date.parse(since) && ms(t) < Date.parse(until)));
    const c = await scout('address', 'txs', ADDR.rich, '--since', since, '--until', until, '--csv');
    expect(c.stdout.trim().split('\n')).toHaveLength(items.length + 1);
  });

  it('without --all print the first page of the window, with a hint that keeps the window, and resume it', async () => {
    const since = momentOf(110);
    const until = momentOf(60); // the first page holds nothing of the window
    const first = await scout('address', 'txs', ADDR.rich, '--since', since, '--until', until, '--ndjson');
    expect(first.code).toBe(0);
    const got = parseLines(first.stdout);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((t) => ms(t) >= Date.parse(since) && ms(t) < Date.parse(until))).toBe(true);
    const hint = /next page: (.*)\n$/.exec(first.stderr)?.[1];
    expect(hint).toContain(`--since ${since}`);
    const token = /--cursor ([A-Za-z0-9_-]+)/.exec(hint!)![1]!;
    const rest = await scout('address', 'txs', ADDR.rich, '--since', since, '--until', until, '--ndjson', '--cursor', token);
    const want = all.filter((t) => typeof t.timestamp === 'string' && ms(t) >= Date.parse(since) && ms(t) < Date.parse(until)).map((t) => t.hash);
    expect([...got, ...parseLines(rest.stdout)].map((t) => t.hash)).toEqual(want);
    // The window ended on that page: no further hint.
    expect(rest.stderr).toBe('');
  });

  it('--limit counts items of the window', async () => {
    const r = await scout('address', 'txs', ADDR.rich, '--since', momentOf(100), '--until', momentOf(10), '--limit', '7', '--ndjson');
    const got = parseLines(r.stdout);
    // The item at --until is out (exclusive): the window starts with the next one.
    expect(got.map((t) => t.hash)).toEqual(mined().slice(11, 18).map((t) => t.hash));
  });

  it('keep pending transactions (no time yet) under --since alone, and leave them out of a window with --until', async () => {
    const pending = all.filter((t) => t.timestamp === null).map((t) => t.hash);
    expect(pending.length).toBeGreaterThan(0);
    const open = parseLines((await scout('address', 'txs', ADDR.rich, '--since', momentOf(52), '--all', '--ndjson')).stdout).map((t) => t.hash);
    expect(open).toEqual(expect.arrayContaining(pending));
    const closed = parseLines((await scout('address', 'txs', ADDR.rich, '--since', momentOf(52), '--until', 'now', '--all', '--ndjson')).stdout).map((t) => t.hash);
    expect(closed.some((h) => pending.includes(h))).toBe(false);
  });

  it('take blocks as bounds', async () => {
    const b = (t: Record<string, unknown>) => Number(t.block_number);
    const lo = b(mined()[70]!);
    const hi = b(mined()[30]!);
    const r = await scout('address', 'txs', ADDR.rich, '--since', `block:${lo}`, '--until', `#${hi}`, '--all', '--ndjson');
    expect(parseLines(r.stdout).map((t) => t.hash)).toEqual(mined().filter((t) => b(t) >= lo && b(t) < hi).map((t) => t.hash));
  });

  it('print nothing, exit 0, for a window before the history', async () => {
    const r = await scout('address', 'txs', ADDR.rich, '--until', '2015-01-01', '--all', '--json');
    expect(r).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
  });
});

describe('windows in a batch', () => {
  it('apply to each address read from stdin', async () => {
    const since = momentOf(40);
    const until = momentOf(30);
    const r = await runScout(['address', 'txs', '-', '--since', since, '--until', until, '--ndjson', '--base-url', srv.url], { stdin: `${ADDR.empty}\n${ADDR.rich}\n` });
    expect(r.code).toBe(0);
    const hashes = r.stdout.match(/"hash":"0x[0-9a-f]{64}"/g)!.map((h) => h.slice(8, -1));
    expect(hashes).toEqual(mined().slice(31, 41).map((t) => t.hash));
  });
});

describe('windows on the other histories', () => {
  it('blocks, token transfers and withdrawals keep only their window', async () => {
    for (const args of [['blocks'], ['address', 'transfers', ADDR.rich], ['address', 'withdrawals', ADDR.rich], ['address', 'internal-txs', ADDR.rich]]) {
      const every = parseLines((await scout(...args, '--limit', '120', '--ndjson')).stdout);
      const times = every.map((t) => Date.parse(t.timestamp as string));
      expect(times.every(Number.isFinite), args.join(' ')).toBe(true);
      const [lo, hi] = [every.length - 5, 10];
      const since = new Date(times[lo]!).toISOString();
      const until = new Date(times[hi]!).toISOString();
      const r = await scout(...args, '--since', since, '--until', until, '--all', '--ndjson');
      expect(r.code, args.join(' ')).toBe(0);
      const want = every.filter((_, i) => times[i]! >= times[lo]! && times[i]! < times[hi]!);
      expect(want.length, args.join(' ')).toBeGreaterThan(PAGE_SIZE / 2);
      expect(parseLines(r.stdout), args.join(' ')).toEqual(want);
    }
  });
});

describe('bad windows and lists without time', () => {
  it('refuse a bad time or an empty window before any request, exit 2', async () => {
    const mark = srv.requests.length;
    const bad = await scout('address', 'txs', ADDR.rich, '--since', 'last tuesday');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^scout: invalid --since "last tuesday": expected a date \(2024-01-01, 2024-03\)/);
    const empty = await scout('address', 'txs', ADDR.rich, '--since', '2024-04', '--until', '2024-03');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty window/);
    expect(srv.requests.length).toBe(mark);
  });

  it('refuse --since on a list whose items carry no time, and with --watch', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'tokens', ADDR.rich, '--since', '30d');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: scout address tokens takes no --since or --until: its items carry no time of their own/);
    const w = await scout('address', 'txs', ADDR.rich, '--since', '30d', '--watch');
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/--watch follows new items; it does not go with --since or --until/);
    expect(srv.requests.length).toBe(mark);
  });
});

describe('an explorer whose logs carry no time (older servers send no block_timestamp)', () => {
  const A = '0x' + '7'.repeat(40);
  const log = (block: number, time?: string) => JSON.stringify({ block_number: block, index: 0, transaction_hash: '0x' + String(block).padStart(64, '0'), ...(time ? { block_timestamp: time } : {}) });
  let old: http.Server;
  let url = '';
  beforeAll(async () => {
    old = http.createServer((req, res) => {
      const items = [log(30), log(20, '2025-01-02T00:00:00.000000Z'), log(10)];
      if (req.url?.startsWith(`/api/v2/addresses/${A}/logs`)) return void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"items":[${items.join(',')}],"next_page_params":null}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    });
    await new Promise<void>((r) => old.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(old.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => old.close(() => r())));

  it('a window in time leaves them out and says so once; a window in blocks keeps them', async () => {
    const t = await runScout(['address', 'logs', A, '--since', '2025-01-01', '--ndjson', '--base-url', url]);
    expect(t.code).toBe(0);
    expect(parseLines(t.stdout).map((l) => l.block_number)).toEqual([20]);
    expect(t.stderr).toBe('scout: warning: the explorer sent items with a block but no time, which a window in time leaves out; give --since/--until as block:N to keep them\n');
    const b = await runScout(['address', 'logs', A, '--since', 'block:15', '--ndjson', '--base-url', url]);
    expect(parseLines(b.stdout).map((l) => l.block_number)).toEqual([30, 20]);
    expect(b.stderr).toBe('');
  });
});
