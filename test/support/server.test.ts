/**
 * Tests of the fake Blockscout server itself (test/support/server.ts): it must be as strict as the
 * real API, or the CLI's integration tests would pass against a server more forgiving than reality.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toChecksumAddress } from './data.js';
import {
  ADDR,
  COUNTS,
  DEFAULT_ADMIN_KEY,
  NETWORK_API_KEYS,
  RAW,
  RICH_PENDING_POSITIONS,
  TX,
  cursorQuery,
  startServer,
  type FakeServer,
} from './server.js';

type Query = [string, string][];
type Obj = Record<string, unknown>;

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv.close();
});

async function get(path: string, query: Query = [], init: RequestInit = {}, server: FakeServer = srv) {
  const url = new URL(path, server.url);
  for (const [k, v] of query) url.searchParams.append(k, v);
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

interface Page {
  items: Obj[];
  next_page_params: Obj | null;
}

async function page(path: string, query: Query = []): Promise<Page> {
  const r = await get(path, query);
  expect(r.status, r.text).toBe(200);
  return r.body as Page;
}

/** Follows cursors to the end, re-sending `filters` on every page; returns the pages. */
async function walk(path: string, filters: Query = []): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: Obj | null = null;
  for (let n = 0; n < 20; n++) {
    const p = await page(path, [...filters, ...(cursor ? cursorQuery(cursor) : [])]);
    pages.push(p);
    cursor = p.next_page_params;
    if (!cursor) return pages;
  }
  throw new Error('too many pages');
}

const hashOf = (side: unknown): string | undefined => (side as { hash?: string } | null)?.hash?.toLowerCase();
const rich = ADDR.rich.toLowerCase();
const addr = (h: string, endpoint: string) => `/api/v2/addresses/${h}/${endpoint}`;

describe('well-known values', () => {
  it('addresses are EIP-55 checksummed and hashes are 32 bytes', () => {
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    for (const a of Object.values(ADDR)) {
      expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(toChecksumAddress(a)).toBe(a);
    }
    for (const h of Object.values(TX)) expect(h).toMatch(/^0x[0-9a-f]{64}$/);
    expect(COUNTS).toMatchObject({ richTxs: 120, richTransfers: 75, richInternalTxs: 60, richWithdrawals: 55, richTokens: 55, richNftCollections: 3, overflowTransfers: 65 });
    expect(COUNTS.searchUsd).toBeGreaterThanOrEqual(60);
  });
});

describe('pagination', () => {
  it('rich address transactions come in pages of 50/50/20 with real cursors', async () => {
    const pages = await walk(addr(ADDR.rich, 'transactions'));
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
    expect(pages.at(-1)?.next_page_params).toBeNull();
    expect(Object.keys(pages[1]?.next_page_params ?? {})).toEqual(['block_number', 'index', 'items_count']);
    expect(pages[1]?.next_page_params).toMatchObject({ items_count: 50 });
    const hashes = pages.flatMap((p) => p.items.map((t) => t['hash']));
    expect(new Set(hashes).size).toBe(120);
    // List items carry null token_transfers, like the real list endpoints.
    expect(pages[0]?.items[0]).toMatchObject({ token_transfers: null, token_transfers_overflow: null });
  });

  it('page 1 ends on pending transactions: the cursor holds nulls and round-trips as the string null', async () => {
    const p1 = await page(addr(ADDR.rich, 'transactions'));
    for (const i of RICH_PENDING_POSITIONS) {
      expect(p1.items[i]).toMatchObject({ block_number: null, status: null, timestamp: null, position: null, gas_used: null, result: 'pending' });
    }
    expect(p1.next_page_params).toEqual({ block_number: null, index: null, items_count: 50 });
    const ok = await get(addr(ADDR.rich, 'transactions'), [['block_number', 'null'], ['index', 'null'], ['items_count', '50']]);
    expect(ok.status).toBe(200);
    expect((ok.body as Page).items).toHaveLength(50);

    // Dropping the null keys (a JSON.stringify / URLSearchParams pitfall) is rejected.
    const dropped = await get(addr(ADDR.rich, 'transactions'), [['items_count', '50']]);
    expect(dropped.status).toBe(422);
    expect(dropped.body).toEqual({
      errors: [
        { title: 'Invalid value', source: { pointer: '/block_number' }, detail: 'Missing field: block_number' },
        { title: 'Invalid value', source: { pointer: '/index' }, detail: 'Missing field: index' },
      ],
    });
    const missingIndex = await get(addr(ADDR.rich, 'transactions'), [['block_number', 'null'], ['items_count', '50']]);
    expect(missingIndex.status).toBe(422);
    expect((missingIndex.body as { errors: { source: { pointer: string } }[] }).errors.map((e) => e.source.pointer)).toEqual(['/index']);
    const empty = await get(addr(ADDR.rich, 'transactions'), [['block_number', ''], ['index', ''], ['items_count', '50']]);
    expect(empty.status).toBe(422);
  });

  it('a cursor the server never issued, or from another list, is rejected', async () => {
    const p1 = await page(addr(ADDR.rich, 'withdrawals'));
    const cursor = p1.next_page_params ?? {};
    expect(Object.keys(cursor)).toEqual(['index', 'items_count']);
    const tampered = await get(addr(ADDR.rich, 'withdrawals'), cursorQuery({ ...cursor, index: Number(cursor['index']) - 1 }));
    expect(tampered.status).toBe(422);
    const elsewhere = await get(addr(ADDR.empty, 'withdrawals'), cursorQuery(cursor));
    expect(elsewhere.status).toBe(422);
    const good = await get(addr(ADDR.rich, 'withdrawals'), cursorQuery(cursor));
    expect((good.body as Page).items).toHaveLength(5);
    expect((good.body as Page).next_page_params).toBeNull();
  });

  it('every list has the documented size, and every filter combination pages cleanly', async () => {
    const count = async (endpoint: string, filters: Query = []) =>
      (await walk(addr(ADDR.rich, endpoint), filters)).reduce((n, p) => n + p.items.length, 0);
    expect(await count('token-transfers')).toBe(75);
    expect(await count('internal-transactions')).toBe(60);
    expect(await count('withdrawals')).toBe(55);
    expect(await count('tokens')).toBe(55);
    expect((await walk(addr(ADDR.rich, 'nft/collections'))).map((p) => p.items.length)).toEqual([3]);
    expect(await count('transactions', [['filter', 'from']])).toBe(COUNTS.richTxsFrom);
    expect(await count('transactions', [['filter', 'to']])).toBe(COUNTS.richTxsTo);
    expect(await count('token-transfers', [['filter', 'from']])).toBe(COUNTS.richTransfersFrom);
    expect(await count('token-transfers', [['filter', 'to']])).toBe(COUNTS.richTransfersTo);
    expect(await count('internal-transactions', [['filter', 'to']])).toBe(COUNTS.richInternalTo);
    expect(await count('internal-transactions', [['filter', 'from']])).toBe(COUNTS.richInternalFrom);
    for (const [type, n] of Object.entries(COUNTS.richTransfersByType)) {
      expect(await count('token-transfers', [['type', type]])).toBe(n);
    }
    for (const [type, n] of Object.entries(COUNTS.richTokensByType)) {
      expect(await count('tokens', [['type', type]])).toBe(n);
    }
  });

  it('filters are not echoed in cursors: page 2 follows the filters of its own request', async () => {
    const p1 = await page(addr(ADDR.rich, 'transactions'), [['filter', 'from']]);
    expect(p1.items).toHaveLength(50);
    expect(p1.items.every((t) => hashOf(t['from']) === rich)).toBe(true);
    const cursor = p1.next_page_params ?? {};
    expect(cursor).not.toHaveProperty('filter');

    const withFilter = await page(addr(ADDR.rich, 'transactions'), [['filter', 'from'], ...cursorQuery(cursor)]);
    expect(withFilter.items).toHaveLength(COUNTS.richTxsFrom - 50);
    expect(withFilter.items.every((t) => hashOf(t['from']) === rich)).toBe(true);
    expect(withFilter.next_page_params).toBeNull();

    const forgot = await page(addr(ADDR.rich, 'transactions'), cursorQuery(cursor));
    expect(forgot.items.some((t) => hashOf(t['from']) !== rich)).toBe(true);
    expect(forgot.items.map((t) => t['hash'])).not.toEqual(withFilter.items.map((t) => t['hash']));
  });

  it('tokens: type filter, null token_id for ERC-20, a cursor with a null fiat_value', async () => {
    const p1 = await page(addr(ADDR.rich, 'tokens'));
    expect(Object.keys(p1.next_page_params ?? {})).toEqual(['fiat_value', 'id', 'items_count', 'value']);
    expect(p1.next_page_params?.['fiat_value']).toBeNull();
    const erc20 = p1.items.filter((b) => (b['token'] as Obj)['type'] === 'ERC-20');
    expect(erc20.length).toBeGreaterThan(0);
    expect(erc20.every((b) => b['token_id'] === null && b['token_instance'] === null)).toBe(true);
    const nfts = await page(addr(ADDR.rich, 'tokens'), [['type', 'ERC-721,ERC-1155']]);
    expect(nfts.items).toHaveLength((COUNTS.richTokensByType['ERC-721'] ?? 0) + (COUNTS.richTokensByType['ERC-1155'] ?? 0));
    expect(nfts.items.every((b) => typeof b['token_id'] === 'string')).toBe(true);
  });

  it('token transfers: real total shapes and the token= filter', async () => {
    const all = (await walk(addr(ADDR.rich, 'token-transfers'))).flatMap((p) => p.items);
    const totals = (type: string) => all.filter((t) => t['token_type'] === type).map((t) => t['total'] as Obj | null);
    expect(totals('ERC-20').every((t) => t !== null && Object.keys(t).sort().join() === 'decimals,value')).toBe(true);
    expect(totals('ERC-721').some((t) => t === null)).toBe(true);
    expect(totals('ERC-721').filter((t) => t !== null).every((t) => 'token_id' in t && !('value' in t))).toBe(true);
    expect(totals('ERC-1155').every((t) => t !== null && t['decimals'] === null && typeof t['value'] === 'string')).toBe(true);
    expect(new Set(totals('ERC-404').map((t) => (t && 'value' in t ? 'fungible' : 'nft')))).toEqual(new Set(['fungible', 'nft']));
    const usdc = (await walk(addr(ADDR.rich, 'token-transfers'), [['token', ADDR.usdc]])).flatMap((p) => p.items);
    expect(usdc).toHaveLength(COUNTS.richTransfersUsdc);
    expect(usdc.every((t) => (t['token'] as Obj)['address_hash'] === ADDR.usdc)).toBe(true);
  });

  it('a valid unknown address has empty lists', async () => {
    for (const endpoint of ['transactions', 'tokens', 'token-transfers', 'internal-transactions', 'withdrawals', 'nft/collections']) {
      const r = await get(addr(ADDR.empty, endpoint));
      expect(r.status).toBe(200);
      expect(r.text).toBe('{"items":[],"next_page_params":null}');
    }
  });
});

describe('validation (OpenApiSpex)', () => {
  it('an unknown query key is 422 Unexpected field', async () => {
    const r = await get(addr(ADDR.rich, 'transactions'), [['limit', '10']]);
    expect(r.status).toBe(422);
    expect(r.text).toBe('{"errors":[{"title":"Invalid value","source":{"pointer":"/limit"},"detail":"Unexpected field: limit"}]}');
    expect((await get(addr(ADDR.rich, 'withdrawals'), [['filter', 'to']])).status).toBe(422);
    expect((await get(addr(ADDR.rich, 'transactions'), [['apikey', 'k'], ['key', 'k']])).status).toBe(200);
  });

  it('a bad enum value is 422 Invalid value for enum (type is upper case only)', async () => {
    const r = await get(addr(ADDR.rich, 'transactions'), [['filter', 'x']]);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ errors: [{ title: 'Invalid value', source: { pointer: '/filter' }, detail: 'Invalid value for enum' }] });
    const lower = await get(addr(ADDR.rich, 'token-transfers'), [['type', 'erc-20']]);
    expect(lower.status).toBe(422);
    expect(lower.body).toEqual({ errors: [{ title: 'Invalid value', source: { pointer: '/type' }, detail: 'Invalid value for enum' }] });
    expect((await get(addr(ADDR.rich, 'token-transfers'), [['type', 'ERC-20,ERC-1155']])).status).toBe(200);
  });

  it('a malformed hash in the path is 422 with the param pointer', async () => {
    const a = await get('/api/v2/addresses/0x123/transactions');
    expect(a.status).toBe(422);
    expect(a.text).toBe('{"errors":[{"title":"Invalid value","source":{"pointer":"/address_hash_param"},"detail":"Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/"}]}');
    const t = await get(`/api/v2/transactions/${TX.ok.slice(0, 40)}`);
    expect(t.status).toBe(422);
    expect(t.body).toEqual({ errors: [{ title: 'Invalid value', source: { pointer: '/transaction_hash_param' }, detail: 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/' }] });
    const token = await get(addr(ADDR.rich, 'token-transfers'), [['token', 'usdc']]);
    expect(token.status).toBe(422);
  });

  it('duplicate keys with different values are rejected; addresses match case-insensitively', async () => {
    expect((await get(addr(ADDR.rich, 'transactions'), [['filter', 'to'], ['filter', 'from']])).status).toBe(422);
    const lowerCase = await page(addr(ADDR.rich.toLowerCase(), 'transactions'), [['filter', 'to']]);
    expect(lowerCase.items).toHaveLength(COUNTS.richTxsTo);
  });
});

describe('errors and other endpoints', () => {
  it('an unknown transaction is 404 {"message":"Not found"}', async () => {
    for (const suffix of ['', '/token-transfers', '/raw-trace']) {
      const r = await get(`/api/v2/transactions/${TX.unknown}${suffix}`);
      expect(r.status).toBe(404);
      expect(r.text).toBe('{"message":"Not found"}');
    }
  });

  it('an unknown path is 400 Unknown API v2 action; non-GET is 405', async () => {
    const r = await get('/api/v2/nope');
    expect(r.status).toBe(400);
    expect(r.text).toBe('{"message":"Unknown API v2 action"}');
    const post = await get('/api/v2/stats', [], { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('stats is a plain object and blocks is a list with a cursor', async () => {
    const stats = await get('/api/v2/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).not.toHaveProperty('items');
    expect(stats.text).toContain('"average_block_time":12000.0');
    const blocks = await walk('/api/v2/blocks');
    expect(blocks.map((p) => p.items.length)).toEqual([50, COUNTS.blocks - 50]);
    expect(Object.keys(blocks[0]?.next_page_params ?? {})).toEqual(['block_number', 'items_count']);
  });

  it('every response carries the rate-limit headers', async () => {
    for (const path of ['/api/v2/stats', '/api/v2/nope', '/admin/api/v1/networks']) {
      const r = await get(path);
      expect(r.headers.get('x-ratelimit-limit')).toBe('600');
      expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeLessThan(600);
      expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    }
  });

  it('misbehaving addresses: 429 once, 429 forever, 502 HTML, cursor loop, {} cursor', async () => {
    const first = await get(addr(ADDR.flaky, 'transactions'));
    expect(first.status).toBe(429);
    expect(first.headers.get('x-ratelimit-reset')).toBe('200');
    expect((await get(addr(ADDR.flaky, 'transactions'))).status).toBe(200);
    expect((await get(addr(ADDR.limited, 'transactions'))).status).toBe(429);
    const broken = await get(addr(ADDR.broken, 'transactions'));
    expect(broken.status).toBe(502);
    expect(broken.headers.get('content-type')).toContain('text/html');
    const l1 = await page(addr(ADDR.loop, 'withdrawals'));
    const l2 = await page(addr(ADDR.loop, 'withdrawals'), cursorQuery(l1.next_page_params ?? {}));
    expect(l2.next_page_params).toEqual(l1.next_page_params);
    expect((await page(addr(ADDR.emptyCursor, 'withdrawals'))).next_page_params).toEqual({});
  });
});

describe('transactions', () => {
  it('ok, failed, pending, overflow and contract creation have the real shapes', async () => {
    const ok = (await get(`/api/v2/transactions/${TX.ok}`)).body as Obj;
    expect(ok).toMatchObject({ status: 'ok', result: 'success', token_transfers_overflow: false });
    expect(ok['decoded_input']).toMatchObject({ method_id: '38ed1739' });
    expect(ok['token_transfers']).toHaveLength(COUNTS.okInlineTransfers);
    const failed = (await get(`/api/v2/transactions/${TX.failed}`)).body as Obj;
    expect(failed).toMatchObject({ status: 'error', result: 'execution reverted' });
    expect((failed['revert_reason'] as Obj)['raw']).toMatch(/^0x08c379a0/);
    const pending = (await get(`/api/v2/transactions/${TX.pending}`)).body as Obj;
    expect(pending).toMatchObject({ block_number: null, status: null, timestamp: null, position: null, gas_used: null, result: 'pending', confirmation_duration: [] });
    const overflow = (await get(`/api/v2/transactions/${TX.overflow}`)).body as Obj;
    expect(overflow['token_transfers_overflow']).toBe(true);
    expect(overflow['token_transfers']).toHaveLength(10);
    const creation = (await get(`/api/v2/transactions/${TX.creation}`)).body as Obj;
    expect(creation['to']).toBeNull();
    expect(hashOf(creation['created_contract'])).toBe(ADDR.created.toLowerCase());
  });

  it('the overflow transaction has 65 transfers over 2 pages', async () => {
    const pages = await walk(`/api/v2/transactions/${TX.overflow}/token-transfers`);
    expect(pages.map((p) => p.items.length)).toEqual([50, 15]);
    const erc1155 = await walk(`/api/v2/transactions/${TX.overflow}/token-transfers`, [['type', 'ERC-1155']]);
    expect(erc1155.flatMap((p) => p.items).every((t) => t['token_type'] === 'ERC-1155')).toBe(true);
  });

  it('raw JSON number text and escapes are preserved in the body', async () => {
    const q = await get(`/api/v2/transactions/${TX.quirky}`);
    expect(q.text).toContain('"confirmation_duration":[0,2.0e3]');
    expect(q.text).toContain(`"l1_gas_used_raw":${RAW.bigInteger}`);
    expect(q.text).toContain('"l1_fee_scalar_raw":1.0');
    expect(q.text).toContain(RAW.evilNameJson);
    expect(q.text).toContain(RAW.evilSymbolJson);
    expect((await get(`/api/v2/transactions/${TX.ok}`)).text).toContain(RAW.exponent);
    const list = await get(addr(ADDR.rich, 'transactions'));
    expect(list.text).toContain(RAW.exponent);
    expect(list.text).toContain(RAW.bigInteger);
  });
});

describe('raw trace', () => {
  it('Parity: a flat array with nested traceAddress and an errored frame', async () => {
    const r = await get(`/api/v2/transactions/${TX.parityTrace}/raw-trace`);
    expect(r.status).toBe(200);
    const frames = r.body as { traceAddress: number[]; error?: string; result?: unknown }[];
    expect(Array.isArray(frames)).toBe(true);
    expect(Math.max(...frames.map((f) => f.traceAddress.length))).toBe(3);
    const errored = frames.filter((f) => f.error !== undefined);
    expect(errored).toHaveLength(1);
    expect(errored[0]).not.toHaveProperty('result');
  });

  it('Geth: one nested callTracer object with an error in a child', async () => {
    const r = await get(`/api/v2/transactions/${TX.gethTrace}/raw-trace`);
    const root = r.body as { type: string; calls: { error?: string }[] };
    expect(Array.isArray(root)).toBe(false);
    expect(Object.keys(root).slice(0, 8)).toEqual(['type', 'from', 'to', 'value', 'gas', 'gasUsed', 'input', 'output']);
    expect(root.calls.some((c) => c.error === 'execution reverted')).toBe(true);
  });

  it('pending is [] and a node failure is 500 with a bare JSON string', async () => {
    expect((await get(`/api/v2/transactions/${TX.pending}/raw-trace`)).text).toBe('[]');
    const e = await get(`/api/v2/transactions/${TX.traceError}/raw-trace`);
    expect(e.status).toBe(500);
    expect(e.text).toBe('"Error while raw trace fetching"');
  });
});

describe('search', () => {
  it('pages with the real bracketed cursor, q inside it, and matches case-insensitively', async () => {
    const p1 = await page('/api/v2/search', [['q', 'USD']]);
    expect(p1.items).toHaveLength(50);
    const npp = p1.next_page_params ?? {};
    expect(npp).toMatchObject({ next_page_params_type: 'search', q: 'USD', 'token[fiat_value]': null, 'token[is_verified_via_admin_panel]': 'false' });
    expect(Object.keys(npp)).toContain('token[name]');
    expect(Object.keys(npp)).toContain('token[holders_count]');
    expect(npp).not.toHaveProperty('items_count');
    const p2 = await page('/api/v2/search', cursorQuery(npp));
    expect(p2.items).toHaveLength(COUNTS.searchUsd - 50);
    expect(p2.next_page_params).toBeNull();
    // The bracket keys reach the server percent-encoded and are decoded back.
    expect(srv.requests.at(-1)?.query.map(([k]) => k)).toContain('token[name]');
    // A cursor sent with a different q is rejected (q is part of the search cursor).
    expect((await get('/api/v2/search', cursorQuery({ ...npp, q: 'usd' }))).status).toBe(422);
    const lower = await walk('/api/v2/search', [['q', 'usd']]);
    expect(lower.reduce((n, p) => n + p.items.length, 0)).toBe(COUNTS.searchUsd);
  });

  it('finds an address, a transaction and a block by exact value', async () => {
    expect((await page('/api/v2/search', [['q', ADDR.rich]])).items[0]).toMatchObject({ type: 'address', address_hash: ADDR.rich });
    expect((await page('/api/v2/search', [['q', TX.ok]])).items[0]).toMatchObject({ type: 'transaction', transaction_hash: TX.ok });
    expect((await page('/api/v2/search', [['q', 'nothing-matches']])).items).toEqual([]);
  });
});

describe('keys and admin', () => {
  it('admin networks: 401 without the key, 200 with Bearer or bare key', async () => {
    const none = await get('/admin/api/v1/networks');
    expect(none.status).toBe(401);
    expect(none.text).toBe('{"code":16,"message":"unauthenticated"}');
    expect((await get('/admin/api/v1/networks', [], { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const bearer = await get('/admin/api/v1/networks', [], { headers: { authorization: `Bearer ${DEFAULT_ADMIN_KEY}` } });
    expect(bearer.status).toBe(200);
    const body = bearer.body as { items: Obj[] };
    expect(Object.keys(body)).toEqual(['items']);
    expect(body.items).toHaveLength(4);
    const sparse = body.items.find((n) => n['details'] === null);
    expect(sparse).toBeDefined();
    expect(sparse).not.toHaveProperty('rpc_url');
    expect(sparse).not.toHaveProperty('blockscout_api_key');
    expect(sparse).not.toHaveProperty('block_timestamp_skew');
    for (const k of NETWORK_API_KEYS) expect(bearer.text).toContain(k);
    expect((await get('/admin/api/v1/networks', [], { headers: { authorization: DEFAULT_ADMIN_KEY } })).status).toBe(200);
  });

  it('a custom admin key and a required explorer key', async () => {
    const s = await startServer({ adminKey: 'k-admin', explorerKey: 'k-explorer' });
    try {
      const noKey = await get('/api/v2/stats', [], {}, s);
      expect(noKey.status).toBe(401);
      expect(noKey.text).toBe('{"message":"Unauthorized"}');
      expect((await get('/api/v2/stats', [], { headers: { 'x-api-key': 'k-explorer' } }, s)).status).toBe(200);
      expect((await get('/admin/api/v1/networks', [], { headers: { authorization: `Bearer ${DEFAULT_ADMIN_KEY}` } }, s)).status).toBe(401);
      expect((await get('/admin/api/v1/networks', [], { headers: { authorization: 'Bearer k-admin' } }, s)).status).toBe(200);
      expect(s.requests.map((r) => r.path)).toEqual(['/api/v2/stats', '/api/v2/stats', '/admin/api/v1/networks', '/admin/api/v1/networks']);
      expect(s.requests[1]?.headers['x-api-key']).toBe('k-explorer');
    } finally {
      await s.close();
    }
  });

  it('records each request with its query as ordered pairs, duplicates kept', async () => {
    const before = srv.requests.length;
    await get(addr(ADDR.rich, 'transactions'), [['filter', 'to'], ['apikey', 'x'], ['filter', 'to']]);
    const rec = srv.requests[before];
    expect(rec?.method).toBe('GET');
    expect(rec?.path).toBe(addr(ADDR.rich, 'transactions'));
    expect(rec?.query).toEqual([['filter', 'to'], ['apikey', 'x'], ['filter', 'to']]);
  });
});

describe('advanced filters (address activity)', () => {
  const PATH = '/api/v2/advanced-filters';
  it('an unknown key is 422; pages of 50 with the real keyset cursor and search_params', async () => {
    const bad = await get(PATH, [['address', ADDR.rich]]);
    expect(bad.status).toBe(422);
    expect(bad.text).toBe('{"errors":[{"title":"Invalid value","source":{"pointer":"/address"},"detail":"Unexpected field: address"}]}');
    const pages = await walk(PATH, [['methods', '0xa9059cbb']]);
    expect(pages[0]!.items).toHaveLength(50);
    expect(Object.keys(pages[0]!.next_page_params!)).toEqual(['block_number', 'internal_transaction_index', 'items_count', 'token_transfer_batch_index', 'token_transfer_index', 'transaction_index']);
    expect((pages[0] as unknown as Obj).search_params).toEqual({ methods: { '0xa9059cbb': 'transfer' }, tokens: {} });
    for (const p of pages) for (const item of p.items) expect(item.method).toBe('transfer');
  });

  it('drops what it cannot read, as the real server does: an unknown type filters nothing', async () => {
    const all = await page(PATH);
    const unknown = await page(PATH, [['transaction_types', 'NOPE']]);
    expect(unknown.items).toEqual(all.items);
  });

  it('the method lookup answers one method, [] for an unknown name; an explorer can lack both', async () => {
    expect((await get(`${PATH}/methods`, [['q', 'Transfer']])).body).toEqual([{ method_id: '0xa9059cbb', name: 'transfer' }]);
    expect((await get(`${PATH}/methods`, [['q', 'noSuchMethod']])).body).toEqual([]);
    const lacking = await startServer({ lacking: { [PATH]: 400 } });
    try {
      for (const p of [PATH, `${PATH}/methods`]) {
        const r = await get(p, [], {}, lacking);
        expect([r.status, r.text]).toEqual([400, '{"message":"Unknown API v2 action"}']);
      }
    } finally {
      await lacking.close();
    }
  });
});
