/**
 * Freshness (issue 23, item 6): a command whose answer depends on what the explorer has indexed asks
 * `/api/v2/main-page/indexing-status` once per run and warns once on stderr while that part is
 * unfinished; never on stdout, never when the status cannot be had, never for a command that does
 * not depend on it. The fake explorer reports everything indexed unless told otherwise.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESHNESS_GRACE_MS, indexingWarning } from '../../src/run/freshness.js';
import { NOT_FOUND } from '../support/fake/kit.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

const BLOCKS_PARTIAL = { finished_indexing: false, finished_indexing_blocks: false, indexed_blocks_ratio: '0.87', indexed_internal_transactions_ratio: null };
const INTERNAL_PARTIAL = { finished_indexing: false, finished_indexing_blocks: true, indexed_blocks_ratio: '1.00', indexed_internal_transactions_ratio: '0.42' };
const BLOCKS_WARNING = 'scout: warning: this explorer has indexed 87% of blocks; results may be incomplete\n';
const INTERNAL_WARNING = 'scout: warning: this explorer has indexed 42% of internal transactions; results may be incomplete\n';

let done: FakeServer;
let blocks: FakeServer;
let internal: FakeServer;
let absent: FakeServer;
let failing: FakeServer;
beforeAll(async () => {
  [done, blocks, internal, absent, failing] = await Promise.all([
    startServer(),
    startServer({ indexing: BLOCKS_PARTIAL }),
    startServer({ indexing: INTERNAL_PARTIAL }),
    startServer({ indexing: NOT_FOUND }),
    startServer({ indexing: { status: 500, body: '{"message":"Internal server error"}' } }),
  ]);
});
afterAll(() => Promise.all([done, blocks, internal, absent, failing].map((s) => s.close())));

const on = (s: FakeServer, args: string[], stdin?: string) => runScout([...args, '--base-url', s.url], { stdin });
/** The warning lines of stderr (a list also says there how to get its next page). */
const warnings = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('scout: warning:')).map((l) => l + '\n');

describe('indexing status: the warning', () => {
  it('a history on an explorer still indexing blocks: one warning on stderr, stdout unchanged', async () => {
    const want = await on(done, ['address', 'txs', ADDR.rich, '--json']);
    expect(warnings(want.stderr)).toEqual([]);
    const mark = blocks.statusRequests.length;
    const r = await on(blocks, ['address', 'txs', ADDR.rich, '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(want.stdout);
    expect(warnings(r.stderr)).toEqual([BLOCKS_WARNING]);
    expect(blocks.statusRequests.length - mark).toBe(1);
  });

  it.each([
    ['address txs', ['address', 'txs', ADDR.rich]],
    ['address transfers', ['address', 'transfers', ADDR.rich]],
    ['address internal-txs', ['address', 'internal-txs', ADDR.rich]],
    ['address logs', ['address', 'logs', ADDR.rich]],
    ['address withdrawals', ['address', 'withdrawals', ADDR.rich]],
    ['address show (its counters)', ['address', ADDR.rich]],
    ['token transfers', ['token', 'transfers', ADDR.usdc]],
    ['blocks', ['blocks']],
    ['block at', ['block', 'at', '2025-01-01']],
    ['address activity', ['address', 'activity', ADDR.rich]],
    ['address balance', ['address', 'balance', ADDR.rich, '--at', '2025-01-01']],
    ['address balance-history', ['address', 'balance-history', ADDR.rich]],
  ])('%s warns', async (_name, args) => {
    const r = await on(blocks, args);
    expect(r.code, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([BLOCKS_WARNING]);
  });

  it('internal transactions are named where blocks are done and they are not, for the command that shows them', async () => {
    const r = await on(internal, ['address', 'internal-txs', ADDR.rich]);
    expect(warnings(r.stderr)).toEqual([INTERNAL_WARNING]);
    const activity = await on(internal, ['address', 'activity', ADDR.rich]);
    expect(warnings(activity.stderr)).toEqual([INTERNAL_WARNING]);
    const txs = await on(internal, ['address', 'txs', ADDR.rich]);
    expect(warnings(txs.stderr)).toEqual([]);
  });

  it('once per run: a batch of values warns once, after the last', async () => {
    const mark = blocks.statusRequests.length;
    const r = await on(blocks, ['address', 'txs', '-', '--limit', '2'], `${ADDR.rich}\n${ADDR.counterparty}\n${ADDR.empty}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([BLOCKS_WARNING]);
    expect(blocks.statusRequests.length - mark).toBe(1);
  });

  it('a command that does not depend on indexing never asks', async () => {
    const mark = blocks.statusRequests.length;
    const r = await on(blocks, ['tx', 'show', TX.ok]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(blocks.statusRequests.length).toBe(mark);
  });

  it('--help asks nothing; a refused input asks nothing', async () => {
    const mark = blocks.statusRequests.length;
    expect((await on(blocks, ['address', 'txs', '--help'])).code).toBe(0);
    expect((await on(blocks, ['address', 'txs', '0x12'])).code).toBe(2);
    expect(blocks.statusRequests.length).toBe(mark);
  });

  it('a failed command still warns before its error: what it could not find may not be indexed yet', async () => {
    const r = await on(blocks, ['block', 'at', '@1']);
    expect(r.code).toBe(3);
    expect(r.stderr.startsWith(BLOCKS_WARNING)).toBe(true);
  });
});

describe('indexing status: silence when it cannot be had', () => {
  it('an explorer without the endpoint (404): nothing said', async () => {
    const r = await on(absent, ['address', 'txs', ADDR.rich]);
    expect(r.code).toBe(0);
    expect(warnings(r.stderr)).toEqual([]);
    expect(absent.statusRequests.length).toBeGreaterThan(0);
  });

  it('a failing status (500) is asked once, never tried again, and nothing is said', async () => {
    const mark = failing.statusRequests.length;
    const r = await runScout(['address', 'txs', ADDR.rich, '--base-url', failing.url]);
    expect(r.code).toBe(0);
    expect(warnings(r.stderr)).toEqual([]);
    expect(failing.statusRequests.length - mark).toBe(1);
    expect(r.sleeps).toEqual([]);
  });

  it('a status body past 64 KiB is not read to its end nor believed', async () => {
    const huge = await startServer({ indexing: { ...BLOCKS_PARTIAL, padding: 'x'.repeat(70 * 1024) } });
    try {
      const r = await on(huge, ['address', 'txs', ADDR.rich]);
      expect(r.code).toBe(0);
      expect(warnings(r.stderr)).toEqual([]);
      expect(huge.statusRequests).toHaveLength(1);
    } finally {
      await huge.close();
    }
  });

  it('a status slower than the command: the run ends within a moment, saying nothing', async () => {
    const upstream = blocks.url;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const server: Server = createServer((req, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/api/v2/main-page/indexing-status')) {
        void held.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(BLOCKS_PARTIAL)));
        return;
      }
      void fetch(upstream + url).then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const started = Date.now();
      const r = await runScout(['address', 'txs', ADDR.rich, '--base-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`]);
      expect(r.code).toBe(0);
      expect(warnings(r.stderr)).toEqual([]);
      expect(Date.now() - started).toBeLessThan(FRESHNESS_GRACE_MS + 5000);
    } finally {
      release();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('indexingWarning: what the status says', () => {
  const status = (o: Record<string, unknown>) => JSON.stringify(o);
  it.each([
    [{ finished_indexing: true, finished_indexing_blocks: true, indexed_blocks_ratio: '1.00', indexed_internal_transactions_ratio: '1.00' }, 'blocks', undefined],
    [{ finished_indexing_blocks: false, indexed_blocks_ratio: 0.999 }, 'blocks', 'this explorer has indexed 99% of blocks; results may be incomplete'],
    [{ finished_indexing_blocks: false, indexed_blocks_ratio: '1.00' }, 'blocks', 'this explorer is still indexing blocks; results may be incomplete'],
    [{ finished_indexing_blocks: false, indexed_blocks_ratio: null }, 'blocks', 'this explorer is still indexing blocks; results may be incomplete'],
    [{ indexed_blocks_ratio: '0.5' }, 'blocks', 'this explorer has indexed 50% of blocks; results may be incomplete'],
    [{ finished_indexing: false, finished_indexing_blocks: true, indexed_internal_transactions_ratio: '0.1' }, 'blocks', undefined],
    [{ finished_indexing: false, finished_indexing_blocks: true, indexed_internal_transactions_ratio: null }, 'internal-transactions', 'this explorer is still indexing internal transactions; results may be incomplete'],
    [{ finished_indexing: false, finished_indexing_blocks: false, indexed_blocks_ratio: '0.3' }, 'internal-transactions', 'this explorer has indexed 30% of blocks; results may be incomplete'],
    [{}, 'internal-transactions', undefined],
  ] as const)('%j for %s', (body, needs, warning) => {
    expect(indexingWarning(status(body), needs)).toBe(warning);
  });

  it('a body of another shape says nothing', () => {
    for (const body of ['', 'null', '[]', '"indexing"', '{"finished_indexing_blocks":"no"}', '<html>']) expect(indexingWarning(body, 'blocks')).toBeUndefined();
  });
});
