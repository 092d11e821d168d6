/**
 * Every list command against the strict local server, through the whole CLI run in-process: pages, cursors,
 * filters re-sent on every page, --all, --limit, --cursor, and the server's items unchanged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { ADDR, COUNTS, type FakeServer, PAGE_SIZE, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
// A request a test declared with srv.expect and that never came fails that test.
afterEach(() => srv.verify());

const scout = (...args: string[]) => runScout([...args, '--base-url', srv.url]);
const lines = (s: string) => s.split('\n').filter(Boolean);
const parseLines = (s: string) => lines(s).map((l) => JSON.parse(l) as Record<string, unknown>);
/** The requests sent since `mark`, by path suffix. */
const since = (mark: number) => srv.requests.slice(mark);
const hintToken = (stderr: string) => /--cursor ([A-Za-z0-9_-]+)\n?$/.exec(stderr.trim())?.[1];

describe('one page by default', () => {
  it('address txs prints the first 50 items and a --cursor hint on stderr', async () => {
    const r = await scout('address', 'txs', ADDR.rich, '--json');
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as { hash: string }[];
    expect(items).toHaveLength(PAGE_SIZE);
    expect(r.stderr).toMatch(/^50 items; more exist\. next page: scout --base-url http:\/\/127\.0\.0\.1:\d+ address txs 0x[0-9a-fA-F]{40} --json --cursor [A-Za-z0-9_-]+\n$/);
  });

  it('an empty list is success with [] and no hint', async () => {
    const r = await scout('address', 'txs', ADDR.empty, '--json');
    expect(r).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
    const n = await scout('address', 'tokens', ADDR.empty, '--ndjson');
    expect(n).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

describe('--cursor resumes exactly, nulls included', () => {
  it('the hint after page 1 carries block_number/index null back as the literal null', async () => {
    const first = await scout('address', 'txs', ADDR.rich, '--ndjson');
    const token = hintToken(first.stderr);
    expect(token).toBeDefined();
    const mark = srv.requests.length;
    const second = await scout('address', 'txs', ADDR.rich, '--ndjson', '--cursor', token!);
    expect(second.code).toBe(0);
    const req = since(mark)[0]!;
    expect(req.query).toEqual([
      ['block_number', 'null'],
      ['index', 'null'],
      ['items_count', '50'],
    ]);
    const a = parseLines(first.stdout).map((t) => t.hash);
    const b = parseLines(second.stdout).map((t) => t.hash);
    expect(b).toHaveLength(50);
    expect(new Set([...a, ...b]).size).toBe(100);
  });

  it('following hints page by page gives the same items as --all', async () => {
    const all = parseLines((await scout('address', 'txs', ADDR.rich, '--all', '--ndjson')).stdout).map((t) => t.hash);
    const walked: unknown[] = [];
    let args = ['address', 'txs', ADDR.rich, '--ndjson'];
    for (let i = 0; i < 5; i++) {
      const r = await scout(...args);
      walked.push(...parseLines(r.stdout).map((t) => t.hash));
      const token = hintToken(r.stderr);
      if (!token) break;
      args = ['address', 'txs', ADDR.rich, '--ndjson', '--cursor', token];
    }
    expect(walked).toEqual(all);
    expect(all).toHaveLength(COUNTS.richTxs);
  });

  it('accepts the next_page_params JSON object itself as --cursor', async () => {
    const mark = srv.requests.length;
    const first = await scout('address', 'withdrawals', ADDR.rich, '--json');
    expect(first.code).toBe(0);
    // The server issued this cursor to the first request; hand it back as raw JSON.
    const token = hintToken(first.stderr)!;
    // The token is ["<command>", "<list tag>", {next_page_params}]: the third is the server's object.
    const cursorJson = JSON.stringify((JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[])[2]);
    const r = await scout('address', 'withdrawals', ADDR.rich, '--ndjson', '--cursor', cursorJson);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(COUNTS.richWithdrawals - 50);
    expect(since(mark)).toHaveLength(2);
  });
});

describe('--all and --limit', () => {
  it.each([
    ['address', 'txs', 'richTxs'],
    ['address', 'transfers', 'richTransfers'],
    ['address', 'internal-txs', 'richInternalTxs'],
    ['address', 'withdrawals', 'richWithdrawals'],
    ['address', 'tokens', 'richTokens'],
    ['address', 'nfts', 'richNftCollections'],
  ] as const)('%s %s --all returns every item once, in order', async (topic, verb, count) => {
    const r = await scout(topic, verb, ADDR.rich, '--all', '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const items = JSON.parse(r.stdout) as unknown[];
    expect(items).toHaveLength(COUNTS[count] as number);
    expect(new Set(items.map((i) => JSON.stringify(i))).size).toBe(items.length);
  });

  it('--limit n prints exactly n items across pages and stops fetching', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'txs', ADDR.rich, '--limit', '73', '--ndjson');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(73);
    expect(since(mark)).toHaveLength(2);
    // Stopped in the middle of a page: no cursor would resume exactly there, so no hint.
    expect(r.stderr).toBe('');
  });

  it('--limit on a page boundary offers the cursor for the rest', async () => {
    const r = await scout('address', 'txs', ADDR.rich, '--limit', '50', '--ndjson');
    expect(lines(r.stdout)).toHaveLength(50);
    expect(hintToken(r.stderr)).toBeDefined();
  });

  it('--limit above the total prints everything', async () => {
    const r = await scout('address', 'withdrawals', ADDR.rich, '--limit', '1000', '--ndjson');
    expect(lines(r.stdout)).toHaveLength(COUNTS.richWithdrawals);
  });

  it('--json with --all streams one valid array across pages', async () => {
    const r = await scout('tx', 'transfers', TX.overflow, '--all', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(COUNTS.overflowTransfers);
  });

  it('a cursor of {} ends the list', async () => {
    const r = await scout('address', 'withdrawals', ADDR.emptyCursor, '--all', '--ndjson');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(3);
  });
});

describe('filters go to the server under their own names, on every page', () => {
  it('address txs --filter from --all re-sends filter=from with each cursor', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'txs', ADDR.rich, '--filter', 'from', '--all', '--ndjson');
    expect(r.code).toBe(0);
    const items = parseLines(r.stdout) as { from: { hash: string } }[];
    expect(items).toHaveLength(COUNTS.richTxsFrom);
    for (const t of items) expect(t.from.hash.toLowerCase()).toBe(ADDR.rich.toLowerCase());
    const reqs = since(mark);
    expect(reqs.length).toBeGreaterThan(1);
    for (const q of reqs) expect(q.query.filter(([k]) => k === 'filter')).toEqual([['filter', 'from']]);
  });

  it('address transfers sends type (upper-case list), filter and token', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'transfers', ADDR.rich, '--type', 'erc-20', '--filter', 'to', '--token', ADDR.usdc, '--all', '--ndjson');
    expect(r.code).toBe(0);
    const q = since(mark)[0]!;
    expect(q.path).toBe(`/api/v2/addresses/${ADDR.rich}/token-transfers`);
    expect(q.query).toEqual([
      ['type', 'ERC-20'],
      ['filter', 'to'],
      ['token', ADDR.usdc],
    ]);
    for (const t of parseLines(r.stdout) as { token: { address_hash?: string; address?: string } }[]) {
      expect((t.token.address_hash ?? t.token.address)!.toLowerCase()).toBe(ADDR.usdc.toLowerCase());
    }
  });

  it('--type ERC-20,erc-1155 filters token balances across pages', async () => {
    // The server filters: the same items filtered here after fetching every type would pass the rest.
    srv.expect('GET', `/api/v2/addresses/${ADDR.rich}/tokens`, { type: 'ERC-20,ERC-1155' });
    const r = await scout('address', 'tokens', ADDR.rich, '--type', 'ERC-20,erc-1155', '--all', '--ndjson');
    expect(r.code).toBe(0);
    const types = new Set((parseLines(r.stdout) as { token: { type: string } }[]).map((b) => b.token.type));
    expect([...types].sort()).toEqual(['ERC-1155', 'ERC-20']);
    expect(lines(r.stdout)).toHaveLength((COUNTS.richTokensByType["ERC-20"] ?? 0) + (COUNTS.richTokensByType["ERC-1155"] ?? 0));
  });

  it('address nfts --type and internal-txs --filter reach their endpoints', async () => {
    const mark = srv.requests.length;
    expect((await scout('address', 'nfts', ADDR.rich, '--type', 'erc-721', '--json')).code).toBe(0);
    expect((await scout('address', 'internal-txs', ADDR.rich, '--filter', 'to', '--all', '--json')).code).toBe(0);
    const [nft, ...internal] = since(mark);
    expect(nft!.path).toBe(`/api/v2/addresses/${ADDR.rich}/nft/collections`);
    expect(nft!.query).toEqual([['type', 'ERC-721']]);
    expect(internal[0]!.path).toBe(`/api/v2/addresses/${ADDR.rich}/internal-transactions`);
    for (const q of internal) expect(q.query[0]).toEqual(['filter', 'to']);
  });

  it('tx transfers --type reaches its endpoint', async () => {
    const mark = srv.requests.length;
    const r = await scout('tx', 'transfers', TX.overflow, '--type', 'ERC-721', '--all', '--json');
    expect(r.code).toBe(0);
    expect(since(mark)[0]!.query).toEqual([['type', 'ERC-721']]);
  });

  it('sends nothing the server does not know (it would answer 422)', async () => {
    const mark = srv.requests.length;
    await scout('address', 'txs', ADDR.rich, '--all', '--ndjson');
    const keys = new Set(since(mark).flatMap((r) => r.query.map(([k]) => k)));
    expect([...keys].sort()).toEqual(['block_number', 'index', 'items_count']);
  });
});

describe('search', () => {
  it('joins words with spaces into q', async () => {
    const mark = srv.requests.length;
    const r = await scout('search', 'usd', 'coin', '--json');
    expect(r.code).toBe(0);
    expect(since(mark)[0]!.query).toEqual([['q', 'usd coin']]);
  });

  it('follows the bracketed search cursor verbatim with --all', async () => {
    const mark = srv.requests.length;
    const r = await scout('search', 'USD', '--all', '--ndjson');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(COUNTS.searchUsd);
    const second = since(mark)[1]!;
    expect(second.query.some(([k]) => k === 'token[name]')).toBe(true);
    expect(second.query.filter(([k]) => k === 'q')).toEqual([['q', 'USD']]);
  });
});

describe('admin networks', () => {
  it('sends the key as a bearer token to the admin host and prints the items', async () => {
    const mark = srv.requests.length;
    const r = await runScout(['admin', 'networks', '--admin-url', srv.url, '--json'], { env: { SCOUT_ADMIN_KEY: 'admin-secret' } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(COUNTS.networks);
    const req = since(mark)[0]!;
    expect(req.path).toBe('/admin/api/v1/networks');
    expect(req.headers.authorization).toBe('Bearer admin-secret');
    expect(req.query).toEqual([]);
  });

  it('reads the key from --api-key and from --api-key-file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'scout-key-')), 'admin.key');
    writeFileSync(file, 'admin-secret\n', { mode: 0o600 });
    const a = await runScout(['admin', 'networks', '--admin-url', srv.url, '--api-key', 'admin-secret', '--ndjson']);
    const b = await runScout(['admin', 'networks', '--admin-url', srv.url, '--api-key-file', file, '--ndjson']);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(lines(a.stdout)).toHaveLength(COUNTS.networks);
  });
});

describe('explorer key', () => {
  it('travels in x-api-key from --explorer-key or SCOUT_EXPLORER_KEY, never in the URL', async () => {
    const keyed = await startServer({ explorerKey: 'explorer-secret' });
    try {
      const a = await runScout(['address', 'txs', ADDR.rich, '--base-url', keyed.url, '--explorer-key', 'explorer-secret', '--json']);
      const b = await runScout(['address', 'txs', ADDR.rich, '--base-url', keyed.url, '--json'], { env: { SCOUT_EXPLORER_KEY: 'explorer-secret' } });
      const c = await runScout(['address', 'txs', ADDR.rich, '--base-url', keyed.url, '--json']);
      expect(a.code).toBe(0);
      expect(b.code).toBe(0);
      expect(c.code).toBe(4);
      expect(c.stderr).toMatch(/^scout: .*HTTP 401.*Unauthorized/);
      for (const r of keyed.requests.slice(0, 2)) {
        expect(r.headers['x-api-key']).toBe('explorer-secret');
        expect(r.query).toEqual([]);
      }
      expect(a.stderr + b.stderr + c.stderr).not.toContain('explorer-secret');
    } finally {
      await keyed.close();
    }
  });
});
