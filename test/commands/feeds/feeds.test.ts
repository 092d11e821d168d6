/**
 * The chain-wide feeds, `scout txs`, `transfers`, `internal-txs`, `withdrawals` and `deposits`,
 * against the test explorer: every page in the server's order with its own cursor keys, items as
 * sent, the filters the endpoints take sent on every page, windows of time, the indexing warning,
 * a chain without beacon deposits said in one line, and bad input refused before any request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toJsonText, type ListEntry } from '../../support/data.js';
import { discoveryData, FEED_SIZE } from '../../support/fake/discovery-data.js';
import { runScout } from '../../support/scout.js';
import { type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
afterEach(() => srv.verify());

const scout = (args: string[], o: { tty?: boolean; on?: FakeServer } = {}) => runScout(['--base-url', (o.on ?? srv).url, ...args], { stdoutIsTTY: o.tty ?? false, width: 160, color: false });

async function seen<T>(f: () => Promise<T>): Promise<{ result: T; requests: Record<string, string>[] }> {
  const before = srv.requests.length;
  const result = await f();
  return { result, requests: srv.requests.slice(before).map((r) => Object.fromEntries(r.query)) };
}

const lines = (s: string) => s.trimEnd().split('\n').filter(Boolean);
const sent = (entries: readonly ListEntry[]) => entries.map((e) => JSON.stringify(JSON.parse(toJsonText(e.json))));

describe('every feed, page by page', () => {
  const d = () => discoveryData();
  it.each([
    ['txs', () => d().transactions.validated, ['block_number', 'index', 'items_count']],
    ['transfers', () => d().transfers, ['block_number', 'index']],
    ['internal-txs', () => d().internal, ['block_number', 'index', 'items_count', 'transaction_index']],
    ['withdrawals', () => d().withdrawals, ['index', 'items_count']],
    ['deposits', () => d().deposits, ['index', 'items_count']],
  ] as const)('scout %s --all --ndjson: every item as sent, newest first, the server’s cursor sent back', async (command, entries, cursor) => {
    const { result: r, requests } = await seen(() => scout([command, '--all', '--ndjson']));
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.stringify(JSON.parse(l)))).toEqual(sent(entries()));
    expect(requests).toHaveLength(Math.ceil(entries().length / 50));
    expect(Object.keys(requests[1]!).sort()).toEqual([...cursor].sort());
  });

  it('the sizes the feeds are built with cover more than two pages each', () => {
    expect(Math.min(FEED_SIZE.transactions, FEED_SIZE.transfers, FEED_SIZE.internal, FEED_SIZE.withdrawals)).toBeGreaterThan(100);
  });
});

describe('scout txs', () => {
  it('--filter pending: the transactions waiting, paged by when they were seen; pending on a terminal', async () => {
    srv.expect('GET', '/api/v2/transactions', { filter: 'pending' });
    const r = await scout(['txs', '--filter', 'pending'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).slice(1);
    expect(rows).toHaveLength(FEED_SIZE.pending);
    for (const row of rows) expect(row).toMatch(/^0x\w{4}…\w{4} +pending /);
  });

  it('--type blob_transaction: the blob transactions alone, the type sent on every page', async () => {
    const { result: r, requests } = await seen(() => scout(['txs', '--type', 'blob_transaction', '--all', '--json']));
    const items = JSON.parse(r.stdout) as { type: number }[];
    expect(items).toHaveLength(d3().length);
    expect(items.every((t) => t.type === 3)).toBe(true);
    for (const q of requests) expect(q['type']).toBe('blob_transaction');
  });
  const d3 = () => discoveryData().transactions.validated.filter((e) => e.json['type'] === 3);

  it('--since/--until: exactly the transactions of the window, stopping past its start', async () => {
    const all = discoveryData().transactions.validated.map((e) => e.json as { hash: string; timestamp: string });
    const [since, until] = [all[70]!.timestamp, all[10]!.timestamp];
    const { result: r, requests } = await seen(() => scout(['txs', '--since', since, '--until', until, '--all', '--ndjson']));
    expect(r.code, r.stderr).toBe(0);
    const want = all.filter((t) => t.timestamp >= since && t.timestamp < until).map((t) => t.hash);
    expect(lines(r.stdout).map((l) => (JSON.parse(l) as { hash: string }).hash)).toEqual(want);
    expect(requests.length).toBeLessThanOrEqual(2);
  });

  it('a terminal: no subject address, so FROM and TO rather than DIR', async () => {
    const r = await scout(['txs', '--limit', '2'], { tty: true });
    expect(lines(r.stdout)[0]).toMatch(/^HASH +AGE +METHOD +FROM +TO +VALUE/);
    expect(r.stdout).not.toContain('DIR');
  });

  it('an explorer still indexing blocks: one warning on stderr', async () => {
    const partial = await startServer({ indexing: { finished_indexing: false, finished_indexing_blocks: false, indexed_blocks_ratio: '0.5', indexed_internal_transactions_ratio: null } });
    try {
      const r = await scout(['txs', '--limit', '1'], { on: partial });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('this explorer has indexed 50% of blocks; results may be incomplete');
    } finally {
      await partial.close();
    }
  });
});

describe('scout transfers', () => {
  it('--type goes as type on every page: only those kinds', async () => {
    const { result: r, requests } = await seen(() => scout(['transfers', '--type', 'erc-721,erc-1155', '--all', '--json']));
    const items = JSON.parse(r.stdout) as { token_type: string }[];
    expect(new Set(items.map((t) => t.token_type))).toEqual(new Set(['ERC-721', 'ERC-1155']));
    expect(items).toHaveLength(discoveryData().transfers.filter((e) => e.tokenType === 'ERC-721' || e.tokenType === 'ERC-1155').length);
    for (const q of requests) expect(q['type']).toBe('ERC-721,ERC-1155');
  });

  it('hostile token text is made safe on a terminal; CSV neutralises it', async () => {
    const tty = await scout(['transfers', '--limit', '10'], { tty: true });
    expect(tty.stdout).not.toMatch(/[\u001b\u202e]/);
    const csv = await scout(['transfers', '--limit', '10', '--csv']);
    expect(csv.stdout).not.toMatch(/[\u001b\u202e]/);
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^transaction_hash,log_index,timestamp,type,from,to,amount_raw,amount,token,/);
  });
});

describe('scout internal-txs and withdrawals', () => {
  it('internal transactions on a chain still indexing them: the warning names them', async () => {
    const partial = await startServer({ indexing: { finished_indexing: false, finished_indexing_blocks: true, indexed_blocks_ratio: '1.00', indexed_internal_transactions_ratio: '0.42' } });
    try {
      const r = await scout(['internal-txs', '--limit', '1'], { on: partial });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('internal transactions');
    } finally {
      await partial.close();
    }
  });

  it('withdrawals piped: index, validator, block, time, receiver, amount in wei and in the coin, exact', async () => {
    const [first] = lines((await scout(['withdrawals', '--limit', '1'])).stdout);
    const w = discoveryData().withdrawals[0]!.json as { amount: string; index: number };
    expect(first!.split('\t')).toEqual([String(w.index), expect.any(String), expect.any(String), expect.stringMatching(/Z$/), expect.stringMatching(/^0x/), w.amount, '0.017']);
  });
});

describe('scout deposits', () => {
  it('a terminal: index, block, age, depositor, key, amount in the coin, status', async () => {
    const r = await scout(['deposits', '--limit', '3'], { tty: true });
    const [header, first] = lines(r.stdout);
    expect(header).toMatch(/^ +INDEX +BLOCK +AGE +FROM +PUBKEY +AMOUNT +STATUS$/);
    expect(first).toMatch(/2,100,000 .* 0x\w{4}…\w{4} +1 coin +pending$/);
  });

  it.each([400, 404] as const)('an explorer without beacon deposits (%i): one line, exit 3', async (status) => {
    const other = await startServer({ lacking: { '/api/v2/beacon': status } });
    try {
      const r = await scout(['deposits'], { on: other });
      expect(r.code).toBe(3);
      expect(lines(r.stderr)).toEqual([`scout: ${other.url} has no beacon deposits (/api/v2/beacon/deposits): only explorers of Ethereum and its testnets list them ${status === 400 ? '(HTTP 400: Unknown API v2 action)' : '(HTTP 404)'}`]);
    } finally {
      await other.close();
    }
  });
});

describe('bad input, before any request (exit 2)', () => {
  it.each([
    [['txs', '--filter', 'mined']],
    [['txs', '--type', 'blob']],
    [['transfers', '--type', 'ERC-9']],
    [['withdrawals', '--since', '2025-02-30']],
    [['deposits', '--watch', '--since', '7d']],
  ])('%j', async (args) => {
    const { result: r, requests } = await seen(() => scout(args));
    expect(r.code).toBe(2);
    expect(lines(r.stderr)[0]).toMatch(/^scout: /);
    expect(requests).toEqual([]);
  });
});
