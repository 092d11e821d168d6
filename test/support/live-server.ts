/**
 * A small explorer whose data a test changes while scout runs: lists that grow, items that vanish
 * (a reorganisation), a transaction that goes from unknown to pending to mined. For --watch and
 * --wait, whose runs poll the same endpoints again and again; the test changes `state` between
 * polls (in the `sleep` it hands scout), and each answer is made from `state` as it is then.
 *
 * It answers like the real server where a client can tell: lists are `{"items", "next_page_params"}`
 * pages newest first with a keyset-like cursor the client sends back whole, an unknown query key is
 * a 422 naming it, an unknown transaction a 404 with the real body, and any other path the 400
 * "Unknown API v2 action". Items are built from the shapes in the OpenAPI document (data.ts helpers).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressObject, blockTime, HEAD_BLOCK, makeAddress, makeHash, toJsonText, txObject, txSpec, type Json, type JsonObject } from './data.js';
import { blocksData } from './fake/blocks-data.js';

export interface LiveRequest {
  path: string;
  query: [string, string][];
}

export interface LiveState {
  /** Each list by its path, newest item first. */
  lists: Map<string, JsonObject[]>;
  /** `/api/v2/stats`; null: the explorer has no stats (400, as an unknown path). */
  stats: JsonObject | null;
  /** Transactions by lower-case hash; absent: 404. */
  transactions: Map<string, JsonObject>;
  /** Statuses the next requests get instead of their answer, one each (`503` for a passing fault). */
  failures: number[];
  /**
   * The rate-limit headers of the next answers (`x-ratelimit-remaining`, `x-ratelimit-reset` in ms);
   * none when null. By default a budget nothing here spends, as the real server sends on every answer.
   */
  rateLimit: { remaining: number; resetMs: number } | null;
}

export interface LiveServer {
  url: string;
  state: LiveState;
  requests: LiveRequest[];
  close(): Promise<void>;
}

/** Query keys each list takes besides its cursor keys (`block_number`, `index`, `items_count`). */
const LIST_PARAMS: Record<string, readonly string[]> = {
  transactions: ['filter'],
  'token-transfers': ['type', 'filter', 'token'],
  'internal-transactions': ['filter'],
  logs: ['topic'],
  blocks: ['type'],
};
const CURSOR_KEYS = ['block_number', 'index', 'items_count'];

/** The list paths of an address. */
export function addressList(address: string, list: 'transactions' | 'token-transfers' | 'internal-transactions' | 'logs'): string {
  return `/api/v2/addresses/${address}/${list}`;
}
export const BLOCKS_PATH = '/api/v2/blocks';
/** The chain-wide feeds it serves beside the blocks, by path (each with the query keys of its kind). */
export const FEEDS: Readonly<Record<string, string>> = { '/api/v2/transactions': 'transactions', '/api/v2/withdrawals': 'withdrawals', '/api/v2/beacon/deposits': 'deposits' };

/** A rate-limit budget no test spends: with it, the only waits are scout's own between polls. */
export const AMPLE = { remaining: 100_000, resetMs: 60_000 } as const;

let limit: LiveState['rateLimit'] = null;

function reply(res: http.ServerResponse, status: number, body: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (limit) Object.assign(headers, { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': String(limit.remaining), 'x-ratelimit-reset': String(limit.resetMs) });
  res.writeHead(status, headers);
  res.end(body);
}

function unexpected(res: http.ServerResponse, key: string): void {
  reply(res, 422, toJsonText({ errors: [{ title: 'Invalid value', source: { pointer: `/${key}` }, detail: `Unexpected field: ${key}` }] }));
}

/** Starts the server on 127.0.0.1; `pageSize` items a page (50, as the real server, by default). */
export async function startLiveServer(options: { pageSize?: number } = {}): Promise<LiveServer> {
  const pageSize = options.pageSize ?? 50;
  const state: LiveState = { lists: new Map(), stats: null, transactions: new Map(), failures: [], rateLimit: AMPLE };
  const requests: LiveRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams.entries()];
    requests.push({ path: url.pathname, query });
    limit = state.rateLimit;
    const failure = state.failures.shift();
    if (failure !== undefined) return reply(res, failure, toJsonText({ error: 'upstream failure', source: 'upstream' }));
    const segments = url.pathname.split('/').filter(Boolean);
    const list = state.lists.get(url.pathname);
    const kind = url.pathname === BLOCKS_PATH ? 'blocks' : segments[2] === 'addresses' ? segments.slice(4).join('/') : FEEDS[url.pathname];
    if (list && kind !== undefined) {
      const allowed = [...(LIST_PARAMS[kind] ?? []), ...CURSOR_KEYS, 'apikey'];
      const bad = query.find(([k]) => !allowed.includes(k));
      if (bad) return unexpected(res, bad[0]);
      const offset = Number(url.searchParams.get('items_count') ?? 0);
      const items = list.slice(offset, offset + pageSize);
      const last = items[items.length - 1];
      const more = offset + pageSize < list.length && last !== undefined;
      const next = more ? { block_number: (last['block_number'] ?? last['height'] ?? null) as Json, index: (last['index'] ?? last['log_index'] ?? null) as Json, items_count: offset + pageSize } : null;
      return reply(res, 200, toJsonText({ items, next_page_params: next }));
    }
    if (url.pathname === '/api/v2/stats' && state.stats) {
      if (query.length) return unexpected(res, query[0]![0]);
      return reply(res, 200, toJsonText(state.stats));
    }
    if (segments[2] === 'transactions' && segments.length === 4) {
      if (query.length) return unexpected(res, query[0]![0]);
      const tx = state.transactions.get(segments[3]!.toLowerCase());
      return tx ? reply(res, 200, toJsonText(tx)) : reply(res, 404, '{"message":"Not found"}');
    }
    reply(res, 400, '{"message":"Unknown API v2 action"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ───────────────────────────────────────────────────────────────────────── items

/** The address whose lists the tests follow. */
export const WATCHED = makeAddress('watched');
const OTHER = makeAddress('watched-counterparty');
const TOKEN = makeAddress('watched-token');

/** A transaction as the lists send it (`pending`: not yet in a block). */
export function txItem(label: string, block: number | null = HEAD_BLOCK): JsonObject {
  return txObject(txSpec({ hash: makeHash(`tx:${label}`), block, from: WATCHED, to: OTHER, value: '1000000000000000000' }), 'list');
}

/** The hash of `txItem(label)`. */
export const txHash = (label: string): string => makeHash(`tx:${label}`);

/** A transaction as `/transactions/{hash}` sends it: pending, mined with `confirmations`, or dropped. */
export function txDetail(label: string, how: { block: number | null; confirmations?: number | null; dropped?: boolean }): JsonObject {
  const t = txObject(txSpec({ hash: txHash(label), block: how.block, from: WATCHED, to: OTHER, value: '1000000000000000000' }), 'full');
  if (how.dropped) t['result'] = 'dropped/replaced';
  if (how.confirmations === null) delete t['confirmations'];
  else if (how.confirmations !== undefined) t['confirmations'] = how.confirmations;
  return t;
}

/** An ERC-1155 transfer (`tokenId`) or an ERC-20 one (no id) of transaction `label`, at log `logIndex`. */
export function transferItem(label: string, logIndex: number, tokenId?: string): JsonObject {
  const token = { address_hash: TOKEN, name: 'Watched', symbol: 'WTC', decimals: tokenId ? null : '6', type: tokenId ? 'ERC-1155' : 'ERC-20', holders_count: '12', exchange_rate: null, total_supply: '1000000', icon_url: null, circulating_market_cap: null, volume_24h: null };
  return {
    block_hash: makeHash(`block:${HEAD_BLOCK}`),
    block_number: HEAD_BLOCK,
    from: addressObject(OTHER),
    log_index: logIndex,
    method: 'transfer',
    timestamp: blockTime(HEAD_BLOCK),
    to: addressObject(WATCHED),
    token,
    token_type: token.type,
    total: tokenId ? { decimals: null, token_id: tokenId, token_instance: null, value: '1' } : { decimals: '6', value: '2500000' },
    transaction_hash: txHash(label),
    type: 'token_transfer',
  };
}

/** An internal transaction of transaction `label` at `index`. */
export function internalItem(label: string, index: number): JsonObject {
  return {
    block_number: HEAD_BLOCK,
    created_contract: null,
    error: null,
    from: addressObject(OTHER),
    gas_limit: '2300',
    index,
    success: true,
    timestamp: blockTime(HEAD_BLOCK),
    to: addressObject(WATCHED),
    transaction_hash: txHash(label),
    transaction_index: 3,
    type: 'call',
    value: '5000000000000000',
  };
}

/** A log of transaction `label` at `index`, emitted by the watched address. */
export function logItem(label: string, index: number): JsonObject {
  return {
    address: addressObject(WATCHED),
    block_hash: makeHash(`block:${HEAD_BLOCK}`),
    block_number: HEAD_BLOCK,
    block_timestamp: blockTime(HEAD_BLOCK),
    data: '0x00000000000000000000000000000000000000000000000000000000000f4240',
    decoded: null,
    index,
    smart_contract: null,
    topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', null, null, null],
    transaction_hash: txHash(label),
  };
}

/** A main-chain block at `height` with a hash of its own (`label` tells two blocks at one height apart). */
export function blockItem(height: number, label = ''): JsonObject {
  const like = blocksData().main[0]!.json;
  return { ...like, height, hash: makeHash(`watch-block:${height}:${label}`), parent_hash: makeHash(`watch-block:${height - 1}:`), timestamp: blockTime(height) };
}
