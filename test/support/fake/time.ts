/**
 * The fake explorer's time endpoints (issue 23): the legacy API's block at a time,
 * `GET /api/legacy/block/get-block-number-by-time?timestamp=<unix s>&closest=before|after`, and the
 * indexing status, `GET /api/v2/main-page/indexing-status`.
 *
 * Block by time answers as the real controller does (BlockScoutWeb.API.RPC.BlockController
 * getblocknobytime, non-strict): the block whose time is nearest the given one, then the block before
 * it for `before` when that one is later, or after it for `after` when it is earlier, so a time before
 * the first block answers `-1` for `before` and a time after the newest block answers the next
 * number for `after`. Its errors are the API v1 envelope with HTTP 200 (`status` "0", `result` null,
 * the reason in `message`), worded as the real one words them. The answers are computed from the
 * fake chain's block times (blockTime in ../data.ts), the same the block endpoints serve.
 *
 * An explorer without the endpoint: `unrouted` is an older explorer, whose API v1 router takes any
 * path under /api it does not know and answers 400 "Params 'module' and 'action' are required
 * parameters"; `disabled` is one with the API v1 turned off, which answers 404 in the same envelope.
 */
import { blockTime, HEAD_BLOCK, type Json } from '../data.js';
import { anyString, json, type Reply, type Route } from './kit.js';

/** How the explorer answers the block-by-time endpoint: served, or as one without it. */
export type LegacyApi = 'served' | 'unrouted' | 'disabled';

/** The indexing status of an explorer that has indexed everything, as the real one sends it (ratios as decimal strings). */
export const INDEXING_FINISHED = {
  finished_indexing: true,
  finished_indexing_blocks: true,
  indexed_blocks_ratio: '1.00',
  indexed_internal_transactions_ratio: '1.00',
} as const;

/** The API v1 envelope of an error: HTTP 200 unless said. */
function rpcError(message: string, status = 200): Reply {
  return json(status, { message, result: null, status: '0' });
}

/** A block's time in Unix seconds. */
export function blockSeconds(n: number): number {
  return Math.floor(Date.parse(blockTime(n)) / 1000);
}

/** The first block in [0, HEAD_BLOCK] whose time passes `ok`, when there is one (`ok` turns true once, and stays). */
function firstWhere(ok: (seconds: number) => boolean): number | undefined {
  let lo = 0;
  let hi = HEAD_BLOCK + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(blockSeconds(mid))) hi = mid;
    else lo = mid + 1;
  }
  return lo <= HEAD_BLOCK ? lo : undefined;
}

/** What the real server answers for `timestamp` (Unix seconds) and `closest`. */
export function blockNumberByTime(t: number, closest: 'before' | 'after'): number {
  const after = firstWhere((s) => s >= t);
  const firstLater = firstWhere((s) => s > t);
  const before = firstLater === undefined ? HEAD_BLOCK : firstLater - 1;
  // The nearest of the last block at or before and the first at or after (the chain is never empty here).
  const candidates = [before, after].filter((n): n is number => n !== undefined && n >= 0);
  const nearest = candidates.reduce((a, b) => (Math.abs(blockSeconds(b) - t) < Math.abs(blockSeconds(a) - t) ? b : a));
  const s = blockSeconds(nearest);
  if (closest === 'before') return s <= t ? nearest : nearest - 1;
  return s >= t ? nearest : nearest + 1;
}

/** `/api/legacy/block/get-block-number-by-time`, as `mode` says. */
export function legacyBlockByTime(mode: LegacyApi): Route {
  if (mode !== 'served') {
    return {
      kind: 'plain',
      params: { timestamp: anyString, closest: anyString },
      handle: () => (mode === 'unrouted' ? rpcError("Params 'module' and 'action' are required parameters", 400) : rpcError('Not found', 404)),
    };
  }
  return {
    kind: 'plain',
    params: { timestamp: anyString, closest: anyString },
    handle: (req) => {
      const timestamp = req.query.get('timestamp');
      const closest = req.query.get('closest');
      if (timestamp === undefined) return rpcError("Query parameter 'timestamp' is required");
      if (closest === undefined) return rpcError("Query parameter 'closest' is required");
      // Elixir's Integer.parse with nothing left over.
      if (!/^[+-]?\d+$/.test(timestamp)) return rpcError('Invalid `timestamp` param');
      if (closest !== 'before' && closest !== 'after') return rpcError('Invalid `closest` param');
      const n = blockNumberByTime(Number(timestamp), closest);
      return json(200, { message: 'OK', result: { blockNumber: String(n) }, status: '1' });
    },
  };
}

/** `/api/v2/main-page/indexing-status`: `status` as the body, or a reply of its own (an explorer without it). */
export function indexingStatus(status: Json | Reply): Route {
  const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && 'status' in v && 'body' in v;
  return { kind: 'plain', params: {}, handle: () => (isReply(status) ? status : json(200, status)) };
}
