/**
 * A strict local fake of the Blockscout API v2 and the Merits admin API, for integration tests.
 *
 * It behaves like the real server where that matters to a client (see the project's notes on the
 * real API): 50-item pages with keyset cursors in `next_page_params`, filters that are NOT echoed
 * in cursors (a client that forgets to re-send them gets the wrong page 2), OpenApiSpex-style 422s
 * for unknown query keys / bad enums / malformed hashes, 404/400/500 bodies as the real ones,
 * rate-limit headers on every response, and bodies written as JSON text that keeps `2.0e3` and big
 * integers byte-exact. `POST /api/eth-rpc` is its JSON-RPC (fake/rpc.ts: the real methods over the
 * fake's data, `eth_call` against the contracts of fake/evm.ts); every other path answers POST 405.
 *
 * It is stricter than the real server in one way on purpose: a request that carries cursor keys
 * must carry exactly the keys and values of a cursor this server issued for the same list, else
 * 422. So a client that drops a `null` value, renames a key or mangles a timestamp fails loudly.
 *
 * Usage: `const srv = await startServer(); ... fetch(`${srv.url}/api/v2/...`) ...; await srv.close();`
 */
import http from 'node:http';
import type { AddressInfo as NetAddressInfo } from 'node:net';
import {
  ADDR,
  PAGE_SIZE,
  RawJson,
  getDataset,
  knownAddress,
  listsFor,
  toJsonText,
  type Cursor,
  type CursorValue,
  type Json,
  type ListEntry,
} from './data.js';
import {
  ADDRESS_RE,
  COMMON_PARAMS,
  HASH_FORMAT,
  HASH_RE,
  NOT_FOUND,
  SERVICE_DISABLED,
  UNKNOWN_ACTION,
  addressHash,
  anyString,
  byDirection,
  byTypes,
  enumOf,
  json,
  parseTypes,
  tokenTypes,
  unprocessable,
  type Check,
  type FieldError,
  type IssuedCursor,
  type ListRoute,
  type Reply,
  type Req,
  type Route,
  type State,
} from './fake/kit.js';
import { nameItems } from './fake/address-data.js';
import { type ExpectedRequest, Expectations } from './fake/expect.js';
import { AREA_ROUTES } from './fake/routes.js';
import { balanceRoutes } from './fake/balance.js';
import { INDEXING_FINISHED, indexingStatus, legacyBlockByTime, type LegacyApi } from './fake/time.js';
import { rpcReply } from './fake/rpc.js';
import { portfolioRoute } from './fake/portfolio.js';
import type { PortfolioChain } from './fake/portfolio-data.js';
import { type CsvExportOptions, CsvStore, csvRoute, downloadReply } from './fake/csv.js';

export { ADDR, TX, COUNTS, RAW, EVIL, NETWORK_API_KEYS, PAGE_SIZE, RICH_PENDING_POSITIONS, HEAD_BLOCK } from './data.js';
export type { ExpectedRequest } from './fake/expect.js';

// ───────────────────────────────────────────────────────────────────────── public API

export interface RecordedRequest {
  method: string;
  /** The path without the query string, as sent. */
  path: string;
  /** Query pairs in the order sent (percent-decoded), duplicates kept. */
  query: [string, string][];
  headers: Record<string, string | string[] | undefined>;
  /** What a POST sent (the JSON-RPC request). */
  body?: string;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>` (no trailing slash); the explorer and the admin API share it. */
  url: string;
  /**
   * Every request, in order, but the indexing status: the commands that depend on indexing ask it
   * beside their own first request (src/run/freshness.ts), so it stays out of what a test compares.
   */
  requests: RecordedRequest[];
  /** The requests for the indexing status (`/api/v2/main-page/indexing-status`). */
  statusRequests: RecordedRequest[];
  /**
   * Declares a request the test expects from now on (method, exact path, at least these query
   * pairs); `verify` fails if it never came (see fake/expect.ts).
   */
  expect(method: string, path: string, query?: Record<string, string>): ExpectedRequest;
  /** Fails listing every declared request that never arrived, and forgets the declarations. */
  verify(): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** Admin key for `/admin/api/v1/networks`; default `admin-secret`. */
  adminKey?: string;
  /** When set, every explorer request must carry header `x-api-key` equal to it, else 401. */
  explorerKey?: string;
  /**
   * Paths (and everything under them) this explorer lacks, as an older or trimmed Blockscout: 400
   * `{"message":"Unknown API v2 action"}`, or 404 `{"message":"Not found"}` behind a proxy that
   * answers so, or 501 `{"message":"Service is disabled"}` where a proxied service is off.
   * `{'/api/v2/advanced-filters': 400}` is an explorer without address activity,
   * `{'/api/v2/proxy/account-abstraction': 501}` one without its account abstraction service.
   */
  lacking?: Readonly<Record<string, 400 | 404 | 501>>;
  /**
   * The legacy API's block by time (fake/time.ts): served (the default), or answered as an explorer
   * without it answers (`unrouted`: an older explorer, 400; `disabled`: the API v1 turned off, 404).
   */
  legacy?: LegacyApi;
  /**
   * What `/api/v2/main-page/indexing-status` answers: everything indexed by default (so no command
   * warns); a partial status to make commands warn, or a reply of its own (`NOT_FOUND`).
   */
  indexing?: Json | Reply;
  /**
   * How the explorer exports CSV (fake/csv.ts): synchronously by default; asynchronously (202, a
   * request id to poll, the file at `/downloadFile`), failing, or asking for a reCAPTCHA.
   */
  csv?: CsvExportOptions;
  /** The holdings of `scout portfolio`'s wallets this explorer serves, as one chain of several (fake/portfolio.ts). */
  portfolio?: PortfolioChain;
}

/** The indexing status's path (fake/time.ts). */
const INDEXING_STATUS = '/api/v2/main-page/indexing-status';

/** The admin key used when `FakeServerOptions.adminKey` is not given. */
export const DEFAULT_ADMIN_KEY = 'admin-secret';

// Replies, checks and route shapes live in fake/kit.ts; routes beyond these in fake/routes.ts.

// ───────────────────────────────────────────────────────────────────────── routing

const ADDRESS_CURSOR_KEYS = {
  tokens: ['fiat_value', 'id', 'items_count', 'value'],
  'nft/collections': ['items_count', 'token_contract_address_hash', 'token_type'],
  'token-transfers': ['block_number', 'index', 'items_count', 'batch_log_index', 'batch_block_hash', 'batch_transaction_hash', 'index_in_batch'],
  transactions: ['block_number', 'index', 'items_count', 'inserted_at', 'hash', 'value', 'fee'],
  'internal-transactions': ['block_number', 'index', 'items_count', 'transaction_index'],
  withdrawals: ['index', 'items_count'],
} as const;

const SEARCH_CURSOR_KEYS = [
  'next_page_params_type',
  'token[circulating_market_cap]',
  'token[fiat_value]',
  'token[holder_count]',
  'token[holders_count]',
  'token[inserted_at]',
  'token[is_verified_via_admin_panel]',
  'token[name]',
];

function addressRoute(endpoint: string, address: string): Route | null {
  const hashParam = { pointer: 'address_hash_param', value: address, check: addressHash };
  const registry = `address:${address.toLowerCase()}:${endpoint}`;
  const lists = () => listsFor(address);
  const special = (req: Req, state: State) => addressSpecial(address, endpoint, req, state);
  const base = { kind: 'list' as const, registry, hashParam, itemsCount: true, special };
  switch (endpoint) {
    case 'tokens':
      return { ...base, params: { type: tokenTypes }, cursorKeys: ADDRESS_CURSOR_KEYS.tokens, select: (req) => ({ entries: lists().tokens, keep: byTypes(parseTypes(req.query.get('type'))) }) };
    case 'nft/collections':
      return { ...base, params: { type: tokenTypes }, cursorKeys: ADDRESS_CURSOR_KEYS['nft/collections'], select: (req) => ({ entries: lists().nftCollections, keep: byTypes(parseTypes(req.query.get('type'))) }) };
    case 'token-transfers':
      return {
        ...base,
        params: { type: tokenTypes, filter: enumOf('to', 'from'), token: addressHash },
        cursorKeys: ADDRESS_CURSOR_KEYS['token-transfers'],
        select: (req) => {
          const types = byTypes(parseTypes(req.query.get('type')));
          const dir = byDirection(address, req.query.get('filter'));
          const token = req.query.get('token')?.toLowerCase();
          return { entries: lists().tokenTransfers, keep: (e) => types(e) && dir(e) && (token === undefined || e.token === token) };
        },
      };
    case 'transactions':
      return { ...base, params: { filter: enumOf('to', 'from') }, cursorKeys: ADDRESS_CURSOR_KEYS.transactions, select: (req) => ({ entries: lists().transactions, keep: byDirection(address, req.query.get('filter')) }) };
    case 'internal-transactions':
      return { ...base, params: { filter: enumOf('to', 'from') }, cursorKeys: ADDRESS_CURSOR_KEYS['internal-transactions'], select: (req) => ({ entries: lists().internalTransactions, keep: byDirection(address, req.query.get('filter')) }) };
    case 'withdrawals':
      return { ...base, params: {}, cursorKeys: ADDRESS_CURSOR_KEYS.withdrawals, select: () => ({ entries: lists().withdrawals, keep: () => true }) };
    default:
      return null;
  }
}

/** Behaviour of the deliberately misbehaving addresses (see ADDR in data.ts). */
function addressSpecial(address: string, endpoint: string, req: Req, state: State): Reply | 'loop' | 'empty-cursor' | null {
  const a = address.toLowerCase();
  if (a === ADDR.limited.toLowerCase()) return tooManyRequests(50);
  if (a === ADDR.flaky.toLowerCase()) {
    const key = req.path.toLowerCase();
    if (!state.flakySeen.has(key)) {
      state.flakySeen.add(key);
      return tooManyRequests(200);
    }
  }
  if (a === ADDR.broken.toLowerCase()) {
    return {
      status: 502,
      contentType: 'text/html',
      body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
    };
  }
  if (endpoint === 'withdrawals' && a === ADDR.loop.toLowerCase()) return 'loop';
  if (endpoint === 'withdrawals' && a === ADDR.emptyCursor.toLowerCase()) return 'empty-cursor';
  return null;
}

function tooManyRequests(resetMs: number): Reply {
  // Blockscout sends no Retry-After; the reset header is in milliseconds.
  return { status: 429, body: '{"message":"Too many requests"}', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetMs) } };
}

function transactionRoute(hash: string, sub: string | undefined): Route | null {
  const hashParam = { pointer: 'transaction_hash_param', value: hash, check: (v: string) => (HASH_RE.test(v) ? null : HASH_FORMAT) };
  const record = () => getDataset().transactions.get(hash.toLowerCase());
  if (sub === undefined) {
    return { kind: 'plain', params: {}, hashParam, handle: () => { const r = record(); return r ? json(200, r.json) : NOT_FOUND; } };
  }
  if (sub === 'raw-trace') {
    return {
      kind: 'plain',
      params: {},
      hashParam,
      handle: () => {
        const r = record();
        if (!r) return NOT_FOUND;
        // The real failure body is a bare JSON string, with status 500.
        if (r.trace.kind === 'error') return { status: 500, body: '"Error while raw trace fetching"' };
        return json(200, r.trace.body);
      },
    };
  }
  if (sub === 'token-transfers') {
    return {
      kind: 'list',
      registry: `transaction:${hash.toLowerCase()}:token-transfers`,
      hashParam,
      params: { type: tokenTypes },
      cursorKeys: ['block_number', 'index', 'items_count'],
      itemsCount: true,
      select: (req) => ({ entries: record()?.tokenTransfers ?? [], keep: byTypes(parseTypes(req.query.get('type'))) }),
      // Unknown transaction: 404 (the real controller loads the transaction first).
      special: () => (record() ? null : NOT_FOUND),
    };
  }
  return null;
}

function searchRoute(): ListRoute {
  return {
    kind: 'list',
    registry: 'search',
    params: { q: anyString },
    cursorKeys: SEARCH_CURSOR_KEYS,
    itemsCount: false,
    select: (req) => {
      const q = (req.query.get('q') ?? '').trim();
      const ql = q.toLowerCase();
      const ds = getDataset();
      // Exact matches first, like the real search: an address, a transaction, a block number.
      const exact: ListEntry[] = [];
      if (ADDRESS_RE.test(q)) {
        const k = knownAddress(q);
        if (k && !ds.searchTokens.some((t) => t.token === ql)) {
          exact.push({
            json: { address_hash: k.hash, certified: false, ens_info: null, is_smart_contract_verified: k.isVerified, name: k.name, priority: 0, type: k.isContract ? 'contract' : 'address', url: `/address/${k.hash}` },
            cursor: {},
          });
        }
      } else if (HASH_RE.test(q)) {
        const t = ds.transactions.get(ql);
        if (t) exact.push({ json: { priority: 0, timestamp: t.json['timestamp'] ?? null, transaction_hash: ql, type: 'transaction', url: `/tx/${ql}` }, cursor: {} });
      } else if (/^\d+$/.test(q)) {
        const b = ds.blocks.find((x) => String(x.json['height']) === q);
        if (b) exact.push({ json: { block_hash: b.json['hash'] ?? null, block_number: Number(q), block_type: 'block', priority: 3, timestamp: b.json['timestamp'] ?? null, type: 'block', url: `/block/${String(b.json['hash'])}` }, cursor: {} });
      } else {
        // Names (ENS, Basenames, ...): the name services' items come first.
        exact.push(...nameItems(q));
      }
      const keep = (e: ListEntry) =>
        ql !== '' && (exact.includes(e) || (e.searchText ?? []).some((s) => s.includes(ql)) || e.token === ql);
      // The real search cursor carries `q` itself (as sent), so page 2 must repeat it exactly.
      return { entries: [...exact, ...ds.searchTokens], keep, extraCursor: { q: req.query.get('q') ?? '' } };
    },
  };
}

function resolveRoute(segments: string[]): Route | 'unknown' {
  const [a, b, c, d, e, f, g] = segments;
  // The legacy API's few routes live with their areas (fake/balance.ts).
  if (a === 'api' && b === 'legacy') return balanceRoutes(segments) ?? 'unknown';
  if (a !== 'api' || b !== 'v2') return 'unknown';
  for (const area of AREA_ROUTES) {
    const r = area(segments);
    if (r) return r;
  }
  if (c === 'addresses' && d !== undefined && e !== undefined) {
    const endpoint = f === undefined ? e : g === undefined ? `${e}/${f}` : undefined;
    const r = endpoint === undefined ? null : addressRoute(endpoint, d);
    return r ?? 'unknown';
  }
  if (c === 'transactions' && d !== undefined && f === undefined) return transactionRoute(d, e) ?? 'unknown';
  if (c === 'search' && d === undefined) return searchRoute();
  // /stats and /blocks/...: fake/blocks.ts.
  return 'unknown';
}

// ───────────────────────────────────────────────────────────────────────── cursors

/** How a cursor value goes into a query string: null as `null`, numbers as JSON text, strings as is. */
function cursorText(v: CursorValue): string {
  if (v instanceof RawJson) return v.text;
  return v === null ? 'null' : String(v);
}

function sortedCursor(c: Cursor): Cursor {
  // Jason encodes small Elixir maps with sorted keys: the real cursors are alphabetical.
  return Object.fromEntries(Object.entries(c).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

function issue(state: State, registry: string, params: Cursor, position: number): void {
  const list = state.issued.get(registry) ?? [];
  const text = JSON.stringify(params);
  const same = list.find((c) => JSON.stringify(c.params) === text);
  if (same && same.position !== position) {
    // A data bug in the fake, not a client error: two positions would share one cursor.
    throw new Error(`fake server: ambiguous cursor ${text} for ${registry}`);
  }
  if (!same) list.push({ params, position });
  state.issued.set(registry, list);
}

/**
 * Finds the issued cursor the request carries. Returns the canonical position after which the
 * page starts (-1 for page 1), or a 422 reply that says what differs from the closest cursor.
 */
function resolveCursor(state: State, route: ListRoute, req: Req): number | Reply {
  const sentKeys = [...req.query.keys()].filter((k) => route.cursorKeys.includes(k));
  if (sentKeys.length === 0) return -1;
  const candidates = state.issued.get(route.registry) ?? [];
  let best: { c: IssuedCursor; errors: FieldError[] } | undefined;
  for (const c of candidates) {
    const errors: FieldError[] = [];
    for (const [k, v] of Object.entries(c.params)) {
      const got = req.query.get(k);
      if (got === undefined) errors.push({ pointer: k, detail: `Missing field: ${k}` });
      else if (got !== cursorText(v)) {
        const expected = cursorText(v);
        const notInt = typeof v === 'number' && !/^-?\d+$/.test(got) && got !== 'null' && got !== '';
        errors.push({
          pointer: k,
          detail: notInt ? 'Invalid integer. Got: string' : `Invalid value ${JSON.stringify(got)}: the cursor this server issued has ${JSON.stringify(expected)}${v === null ? ' (JSON null is sent as the string null)' : ''}`,
        });
      }
    }
    for (const k of sentKeys) if (!(k in c.params)) errors.push({ pointer: k, detail: `Unexpected field: ${k}` });
    if (errors.length === 0) return c.position;
    if (!best || errors.length < best.errors.length) best = { c, errors };
  }
  if (best) return unprocessable(best.errors);
  return unprocessable(sentKeys.map((k) => ({ pointer: k, detail: `Invalid value: no cursor with ${k} was issued for this list` })));
}

function listReply(state: State, route: ListRoute, req: Req): Reply {
  const special = route.special?.(req, state) ?? null;
  if (special !== null && special !== 'loop' && special !== 'empty-cursor') return special;
  const after = resolveCursor(state, route, req);
  if (typeof after !== 'number') return after;
  const { entries, keep, extraCursor } = route.select(req);
  const indexed = entries.map((e, i) => ({ e, i })).filter(({ e, i }) => i > after && keep(e));
  if (special === 'loop') {
    // A broken server that hands out the same cursor forever: the client must notice and stop.
    const page = entries.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    const params = sortedCursor({ ...(last?.cursor ?? {}), items_count: PAGE_SIZE });
    issue(state, route.registry, params, -1);
    return json(200, { items: page.map((e) => e.json), next_page_params: params });
  }
  const page = indexed.slice(0, PAGE_SIZE);
  let next: Json = null;
  const last = page[page.length - 1];
  if (indexed.length > PAGE_SIZE && last) {
    const params = sortedCursor({ ...last.e.cursor, ...(extraCursor ?? {}), ...(route.itemsCount ? { items_count: PAGE_SIZE } : {}) });
    issue(state, route.registry, params, last.i);
    next = params;
  }
  if (special === 'empty-cursor') next = {}; // some servers send {} on the last page
  return json(200, { items: page.map(({ e }) => e.json), next_page_params: next, ...(route.body?.(req) ?? {}) });
}

// ───────────────────────────────────────────────────────────────────────── request handling

function parseRequest(req: http.IncomingMessage): Req {
  const raw = req.url ?? '/';
  const qi = raw.indexOf('?');
  const path = qi === -1 ? raw : raw.slice(0, qi);
  const pairs = [...new URLSearchParams(qi === -1 ? '' : raw.slice(qi + 1))] as [string, string][];
  // Phoenix splits on "/" and ignores empty segments, so a trailing slash routes the same.
  const segments = path.split('/').filter((s) => s !== '').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  return { method: req.method ?? 'GET', path, segments, pairs, query: new Map(pairs), headers: req.headers };
}

/** Validates the path hash and every query key against the route (OpenApiSpex strict mode). */
function validate(route: Route, req: Req): Reply | null {
  const errors: FieldError[] = [];
  if (route.hashParam) {
    const d = route.hashParam.check(route.hashParam.value);
    if (d) errors.push({ pointer: route.hashParam.pointer, detail: d });
  }
  const params: Record<string, Check> = { ...COMMON_PARAMS, ...route.params };
  const cursorKeys: readonly string[] = route.kind === 'list' ? route.cursorKeys : [];
  const seen = new Map<string, string>();
  for (const [k, v] of req.pairs) {
    const prev = seen.get(k);
    if (prev !== undefined) {
      // Plug would silently keep the last value; two different values are always a client bug.
      if (prev !== v) errors.push({ pointer: k, detail: `Duplicate field with different values: ${k}` });
      continue;
    }
    seen.set(k, v);
    const check = params[k];
    if (check) {
      const d = check(v);
      if (d) errors.push({ pointer: k, detail: d });
    } else if (!cursorKeys.includes(k)) {
      errors.push({ pointer: k, detail: `Unexpected field: ${k}` });
    }
  }
  return errors.length > 0 ? unprocessable(errors) : null;
}

function adminReply(state: State, req: Req): Reply {
  const unauthenticated: Reply = { status: 401, body: '{"code":16,"message":"unauthenticated"}' };
  const auth = req.headers.authorization;
  if (auth !== `Bearer ${state.adminKey}` && auth !== state.adminKey) return unauthenticated;
  const unknown = req.pairs[0];
  if (unknown) {
    // grpc-gateway rejects query parameters that map to no request field.
    return { status: 400, body: toJsonText({ code: 3, message: `failed to populate field: unknown field "${unknown[0]}"`, details: [] }) };
  }
  return json(200, { items: getDataset().networks as Json[] });
}

/** The routes a server's options shape (fake/time.ts, fake/csv.ts), or null when not theirs. */
function optionRoute(opts: FakeServerOptions, state: State, segments: readonly string[]): Route | null {
  const [a, b, c, d, e, f] = segments;
  if (a !== 'api') return null;
  const csv = csvRoute(state.csv, segments);
  if (csv) return csv;
  if (b === 'legacy' && c === 'block' && d === 'get-block-number-by-time' && e === undefined) return legacyBlockByTime(opts.legacy ?? 'served');
  const held = opts.portfolio && portfolioRoute(opts.portfolio, segments);
  if (held) return held;
  if (b === 'v2' && c === 'main-page' && d === 'indexing-status' && e === undefined && f === undefined) return indexingStatus(opts.indexing ?? INDEXING_FINISHED);
  return null;
}

/** The one path that takes POST: the JSON-RPC endpoint (fake/rpc.ts). */
const RPC_PATH = '/api/eth-rpc';

function handle(state: State, req: Req, body: string, opts: FakeServerOptions = {}): Reply {
  const rpc = req.path === RPC_PATH;
  if (req.method !== (rpc ? 'POST' : 'GET')) {
    return { status: 405, body: '{"message":"Method not allowed"}', headers: { allow: rpc ? 'POST' : 'GET' } };
  }
  const [s0, s1, s2, s3, s4] = req.segments;
  if (s0 === 'admin') {
    if (s1 === 'api' && s2 === 'v1' && s3 === 'networks' && s4 === undefined) return adminReply(state, req);
    return { status: 404, body: '{"code":5,"message":"Not Found","details":[]}' };
  }
  // The file of an asynchronous CSV export, on the explorer's own host (fake/csv.ts).
  if (s0 === 'downloadFile' && s1 === undefined) return downloadReply(state.csv, req);
  if (s0 !== 'api') return { status: 404, body: 'Not Found', contentType: 'text/plain' };
  if (state.explorerKey !== undefined && req.headers['x-api-key'] !== state.explorerKey) {
    return { status: 401, body: '{"message":"Unauthorized"}' };
  }
  for (const [prefix, status] of Object.entries(state.lacking)) {
    if (req.path === prefix || req.path.startsWith(`${prefix}/`)) return status === 404 ? NOT_FOUND : status === 501 ? SERVICE_DISABLED : UNKNOWN_ACTION;
  }
  if (rpc) return rpcReply(body);
  const route = optionRoute(opts, state, req.segments) ?? resolveRoute(req.segments);
  if (route === 'unknown') return UNKNOWN_ACTION;
  const invalid = validate(route, req);
  if (invalid) return invalid;
  return route.kind === 'list' ? listReply(state, route, req) : route.handle(req);
}

/** Starts the fake on 127.0.0.1 and an ephemeral port. */
export async function startServer(opts: FakeServerOptions = {}): Promise<FakeServer> {
  getDataset(); // build the data before the first request, not during it
  const requests: RecordedRequest[] = [];
  const statusRequests: RecordedRequest[] = [];
  const expectations = new Expectations();
  const state: State = {
    adminKey: opts.adminKey ?? DEFAULT_ADMIN_KEY,
    explorerKey: opts.explorerKey,
    issued: new Map(),
    flakySeen: new Set(),
    windowStart: Date.now(),
    windowCount: 0,
    lacking: opts.lacking ?? {},
    csv: new CsvStore(opts.csv),
  };
  const server = http.createServer(async (req, res) => {
    const parsed = parseRequest(req);
    // A request's body is read only for the one path that takes POST (at most 1 MiB).
    const chunks: Buffer[] = [];
    if (req.method === 'POST' && parsed.path === RPC_PATH) {
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) if ((size += chunk.length) <= 1 << 20) chunks.push(chunk);
    } else req.resume();
    const body = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = { method: parsed.method, path: parsed.path, query: parsed.pairs.map(([k, v]) => [k, v]), headers: { ...req.headers }, ...(parsed.method === 'GET' ? {} : { body }) };
    (parsed.path.replace(/\/+$/, '') === INDEXING_STATUS ? statusRequests : requests).push(recorded);
    expectations.saw(recorded);
    let reply: Reply;
    try {
      reply = handle(state, parsed, body, opts);
    } catch (err) {
      reply = { status: 500, body: toJsonText({ message: `fake server bug: ${(err as Error).message}` }) };
    }
    // Rate-limit headers on every response: a 600/minute window; reset is in milliseconds.
    const now = Date.now();
    if (now - state.windowStart >= 60_000) {
      state.windowStart = now;
      state.windowCount = 0;
    }
    state.windowCount++;
    res.writeHead(reply.status, {
      'content-type': reply.contentType ?? 'application/json; charset=utf-8',
      'cache-control': 'max-age=0, private, must-revalidate',
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': String(Math.max(0, 600 - state.windowCount)),
      'x-ratelimit-reset': String(60_000 - (now - state.windowStart)),
      ...reply.headers,
    });
    if (reply.headers?.['transfer-encoding'] === 'chunked') {
      // A streamed body (a CSV export) goes in pieces, as the real server sends rows as it reads them.
      for (let at = 0; at < reply.body.length; at += 16 * 1024) {
        if (at > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        res.write(reply.body.slice(at, at + 16 * 1024));
      }
      res.end();
    } else res.end(reply.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as NetAddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    statusRequests,
    expect: (method, path, query) => expectations.expect(method, path, query),
    verify: () => expectations.verify(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections(); // keep-alive clients (undici) would hold close() open
      }),
  };
}

/** For tests: the string form a cursor value takes in a query string. */
export function cursorQuery(params: Record<string, unknown>): [string, string][] {
  return Object.entries(params).map(([k, v]) => [k, v === null ? 'null' : String(v)]);
}

