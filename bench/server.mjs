// The benchmark's explorer: a node:http server on 127.0.0.1 that serves generated address
// transactions in 50-item pages with real-looking cursors, all bodies built before timing starts
// (or, for histories too long to hold, each when it is asked: `lazy`).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const PAGE = 50;
const INDEXED = JSON.stringify({ finished_indexing: true, finished_indexing_blocks: true, indexed_blocks_ratio: '1.00', indexed_internal_transactions_ratio: '1.00' });

function hex(n, width) {
  return n.toString(16).padStart(width, '0').slice(-width);
}

/** The time of the `i`-th transaction, newest first, one every 4 seconds (real ones carry microseconds). */
export function itemTime(i) {
  return new Date(Date.UTC(2025, 7, 11) - i * 4000).toISOString().replace('Z', '000Z');
}

/** One transaction item shaped like the real address endpoint's (about 2 KB of JSON). */
function item(i, address) {
  const block = 23_000_000 - Math.floor(i / 3);
  const other = '0x' + hex(0xabcdef + i * 7919, 40);
  const party = (hash, name) => ({
    ens_domain_name: null,
    hash,
    implementations: [],
    is_contract: false,
    is_scam: false,
    is_verified: false,
    metadata: name ? { tags: [{ meta: {}, name, ordinal: 0, slug: name.toLowerCase().replace(/\W+/g, '-'), tagType: 'name' }] } : null,
    name,
    private_tags: [],
    proxy_type: null,
    public_tags: [],
    watchlist_names: [],
  });
  return {
    priority_fee: '1000000000',
    raw_input: '0xa9059cbb' + hex(i, 64) + hex(i * 3, 64),
    result: 'success',
    hash: '0x' + hex(i * 2654435761 + 12345, 64),
    max_fee_per_gas: '392347649',
    revert_reason: null,
    confirmation_duration: [0, 12000],
    transaction_burnt_fee: '8239300629000',
    type: 2,
    token_transfers_overflow: null,
    confirmations: 1 + Math.floor(i / 3),
    position: i % 200,
    max_priority_fee_per_gas: '1000000000',
    transaction_tag: null,
    created_contract: null,
    value: String(BigInt(i) * 10n ** 15n),
    from: party(i % 2 ? address : other, i % 5 === 0 ? 'Bench Sender' : null),
    gas_used: '21000',
    status: 'ok',
    to: party(i % 2 ? other : address, null),
    authorization_list: [],
    method: 'transfer',
    fee: { type: 'actual', value: '8239300629000' },
    actions: [],
    gas_limit: '21000',
    gas_price: '392347649',
    decoded_input: null,
    token_transfers: null,
    base_fee_per_gas: '392347649',
    timestamp: itemTime(i),
    nonce: 640381 + i,
    historic_exchange_rate: '4272.89',
    transaction_types: ['coin_transfer'],
    exchange_rate: '4273.59',
    block_number: block,
    has_error_in_internal_transactions: false,
  };
}

/**
 * Starts the server with `count` transactions for `address`. Pages are keyed by the cursor query
 * string the client must send back; anything else is a 422, like the real server.
 *
 * `latencyMs` delays every answer; `limit` (requests a second) enforces fixed one-second windows,
 * the first opening with the first request, as Blockscout does: x-ratelimit-* headers on every
 * answer, 429 past the limit (`limited()` counts them). Without a limit the headers say -1, no
 * limit; with `headers: false` the limit is enforced and never said, in windows fixed to the clock's
 * seconds rather than opened by the first request (a proxy, another server); `firstMs` delays the
 * first request more (a new connection's handshake). `span()` is the time from the first request's arrival to the last answer; `bounds()` gives
 * both as performance.now() times, to time several servers of one process together.
 */
export async function startBenchServer({ count, address, latencyMs = 0, limit = 0, headers: said = true, firstMs = 0, lazy = false }) {
  const tx = JSON.stringify(item(0, address));
  const pageCount = Math.ceil(count / PAGE);
  /** Page `p`: the cursor query string that asks for it, and its body. */
  const keyOf = (p) => (p === 0 ? '' : `block_number=${23_000_000 - Math.floor((p * PAGE - 1) / 3)}&index=${p * PAGE}&items_count=${PAGE}`);
  const bodyOf = (p) => {
    const items = [];
    for (let i = p * PAGE; i < Math.min(count, (p + 1) * PAGE); i++) items.push(item(i, address));
    const last = items[items.length - 1];
    const next = p + 1 < pageCount ? { block_number: last.block_number, index: p * PAGE + PAGE, items_count: PAGE } : null;
    return JSON.stringify({ items, next_page_params: next });
  };
  // Eager: every body built before timing starts. Lazy (`lazy: true`, histories too long to hold):
  // each page built when asked, the same bytes, from the index its cursor carries.
  const pages = new Map();
  if (!lazy) for (let p = 0; p < pageCount; p++) pages.set(keyOf(p), bodyOf(p));
  const pageBody = (search) => {
    if (!lazy) return pages.get(search);
    const p = search === '' ? 0 : Number(new URLSearchParams(search).get('index')) / PAGE;
    return Number.isInteger(p) && p < pageCount && keyOf(p) === search ? bodyOf(p) : undefined;
  };
  const base = `/api/v2/addresses/${address}/transactions`;
  const txPath = '/api/v2/transactions/0x' + 'ab'.repeat(32);
  let requests = 0;
  let listed = 0;
  let counted = 0;
  let limited = 0;
  let started;
  let last = 0;
  const windows = new Map();
  const server = http.createServer((req, res) => {
    started ??= performance.now();
    res.on('finish', () => (last = performance.now()));
    // `firstMs` more for the first request: a new connection's handshake, which the server counts after.
    const delay = latencyMs + (requests === 0 && !counted++ ? firstMs : 0);
    if (delay) setTimeout(answer, delay, req, res);
    else answer(req, res);
  });
  function answer(req, res) {
    requests++;
    const url = new URL(req.url, 'http://x');
    const headers = { 'content-type': 'application/json; charset=utf-8', ...(said ? { 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '-1' } : {}) };
    if (limit) {
      // Said: windows from the first request. Unsaid: the clock's own seconds, wherever they fall.
      const elapsed = said ? performance.now() - started : performance.timeOrigin + performance.now();
      const w = Math.floor(elapsed / 1000);
      const used = windows.get(w) ?? 0;
      if (said) Object.assign(headers, { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - used - 1)), 'x-ratelimit-reset': String(Math.ceil((w + 1) * 1000 - elapsed)) });
      if (used >= limit) {
        limited++;
        return res.writeHead(429, headers).end('{"message":"Too many requests"}');
      }
      windows.set(w, used + 1);
    }
    // The indexing status a history asks beside its first page (issue 23): everything indexed.
    if (url.pathname === '/api/v2/main-page/indexing-status') return res.writeHead(200, headers).end(INDEXED);
    // Any transaction hash answers with the one transaction: lookups of many hashes need no table.
    if (url.pathname === txPath || /^\/api\/v2\/transactions\/0x[0-9a-f]{64}$/.test(url.pathname)) return res.writeHead(200, headers).end(tx);
    // The parts `tx explain` asks beside the transaction: an empty list each, an empty raw trace, no summary.
    const part = /^\/api\/v2\/transactions\/0x[0-9a-f]{64}\/(.+)$/.exec(url.pathname)?.[1];
    if (part === 'raw-trace') return res.writeHead(200, headers).end('[]');
    if (part === 'summary') return res.writeHead(200, headers).end('{"success":true,"data":{"summaries":[]}}');
    if (part !== undefined || url.pathname.startsWith('/api/v2/proxy/account-abstraction/')) return res.writeHead(200, headers).end('{"items":[],"next_page_params":null}');
    if (url.pathname === base) listed++;
    const body = url.pathname === base ? pageBody(url.search.slice(1)) : undefined;
    if (body === undefined) return res.writeHead(422, headers).end('{"errors":[{"title":"Invalid value","source":{"pointer":"/"},"detail":"Unexpected cursor"}]}');
    res.writeHead(200, headers).end(body);
  }
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    listUrl: url + base,
    txUrl: url + txPath,
    requests: () => requests,
    /** Requests for pages of the address's transactions. */
    listRequests: () => listed,
    limited: () => limited,
    span: () => (started === undefined ? 0 : last - started),
    bounds: () => ({ first: started, last }),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
