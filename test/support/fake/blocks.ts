/**
 * The fake explorer's block and network endpoints: `/blocks` (with `type`), `/blocks/{number|hash}`
 * and its `/transactions` and `/withdrawals`, and `/stats`, served as the real server serves them:
 * 50-item pages with the real cursor keys, 404 `{"message":"Not found"}` for an unknown block and
 * `{"message":"Block lost consensus","hash":…}` for a number only a reorganised-away block has, 422
 * for a malformed number or hash, and every block's withdrawals (an empty list where it has none,
 * which is also what a chain without withdrawals answers for every block). Its `/internal-transactions`
 * (filters `internal_type` and `call_type`, cursor `index, transaction_index` and items_count) and
 * `/beacon/deposits` (cursor `index`, items_count): empty lists for a block without any.
 */
import { HASH_RE, json, NOT_FOUND, enumOf, type Check, type Reply, type Req, type Route, type RouteResolver } from './kit.js';
import type { JsonObject, ListEntry } from '../data.js';
import { beaconDeposits, blockInternalTransactions, blocksData, blockTransactions, blockWithdrawals, findBlock, internalKind, statsFor } from './blocks-data.js';
import { HEAD_BLOCK } from '../data.js';

/** The path parameter: a non-negative integer or a full hash (the controller's own words when neither). */
const blockId: Check = (v) => {
  if (/^0x/i.test(v)) return HASH_RE.test(v) ? null : 'Invalid hash';
  return /^\d+$/.test(v) && BigInt(v) <= (1n << 63n) - 1n ? null : 'Invalid number';
};

function lookup(id: string): Reply | { json: Record<string, unknown> } {
  const b = findBlock(id);
  if (!b) return NOT_FOUND;
  if ('lost' in b) return json(404, { message: 'Block lost consensus', hash: b.lost });
  return b as { json: Record<string, unknown> };
}

const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && 'status' in v;

function blockRoute(id: string, sub: string | undefined): Route | null {
  const hashParam = { pointer: 'block_hash_or_number_param', value: id, check: blockId };
  if (sub === undefined) {
    return {
      kind: 'plain',
      params: {},
      hashParam,
      handle: () => {
        const b = lookup(id);
        return isReply(b) ? b : json(200, b.json as never);
      },
    };
  }
  const block = () => {
    const b = lookup(id);
    return isReply(b) ? null : b.json;
  };
  // Keyed by the block itself, so its number and its hash page the same list.
  const registry = (what: string) => `block:${String(block()?.['hash'] ?? id).toLowerCase()}:${what}`;
  // A list of the block's own: its parameters, cursor keys (items_count beside them) and items; an unknown block is 404.
  const list = (what: string, params: Record<string, Check>, cursorKeys: string[], items: (b: JsonObject, req: Req) => { entries: ListEntry[]; keep: (e: ListEntry) => boolean }): Route => ({
    kind: 'list',
    registry: registry(what),
    hashParam,
    params,
    cursorKeys: [...cursorKeys, 'items_count'],
    itemsCount: true,
    select: (req) => {
      const b = block();
      return b ? items(b as JsonObject, req) : { entries: [], keep: () => true };
    },
    special: () => {
      const b = lookup(id);
      return isReply(b) ? b : null;
    },
  });
  const all = () => true;
  if (sub === 'transactions') {
    return list('transactions', { type: enumOf('coin_transfer', 'contract_call', 'contract_creation', 'token_transfer', 'token_creation') }, ['block_number', 'index'], (b) => ({ entries: blockTransactions(b), keep: all }));
  }
  if (sub === 'internal-transactions') {
    const params = { internal_type: enumOf('call', 'create', 'create2', 'reward', 'selfdestruct', 'stop'), call_type: enumOf('call', 'callcode', 'delegatecall', 'staticcall') };
    return list('internal-transactions', params, ['index', 'transaction_index'], (b, req) => ({
      entries: blockInternalTransactions(b),
      keep: (e) => internalKind(e, req.query.get('internal_type'), req.query.get('call_type')),
    }));
  }
  if (sub === 'beacon/deposits') {
    return list('beacon-deposits', {}, ['index'], (b) => ({ entries: beaconDeposits().filter((e) => e.json['block_number'] === b['height']), keep: all }));
  }
  if (sub === 'withdrawals') return list('withdrawals', {}, ['index'], (b) => ({ entries: blockWithdrawals(b), keep: all }));
  return null;
}

function blocksRoute(): Route {
  return {
    kind: 'list',
    registry: 'blocks',
    params: { type: enumOf('block', 'uncle', 'reorg') },
    cursorKeys: ['block_number', 'items_count'],
    itemsCount: true,
    select: (req) => {
      const d = blocksData();
      const type = req.query.get('type') ?? 'block';
      return { entries: type === 'uncle' ? d.uncles : type === 'reorg' ? d.reorgs : d.main, keep: () => true };
    },
  };
}

export const blockRoutes: RouteResolver = (segments) => {
  const [, , c, d, e, f] = segments;
  if (c === 'stats' && d === undefined) {
    // Without `updated-gas-oracle: true` the real server sends each gas price as a bare number.
    return { kind: 'plain', params: {}, handle: (req) => json(200, statsFor(req.headers['updated-gas-oracle'] === 'true')) };
  }
  if (c !== 'blocks') return null;
  if (d === undefined) return blocksRoute();
  if (e === 'countdown' && f === undefined) return countdownRoute(d);
  if (f === undefined) return blockRoute(d, e);
  if (e === 'beacon' && f === 'deposits' && segments.length === 6) return blockRoute(d, 'beacon/deposits');
  return null;
};

/**
 * `/blocks/{n}/countdown`, as the real controller answers: a block to come, its countdown at 12 s a
 * block; a block mined already, 200 with only a message; not a number, the real 422.
 */
function countdownRoute(n: string): Route {
  return {
    kind: 'plain',
    params: {},
    handle: () => {
      if (!/^\d+$/.test(n)) return json(422, { errors: [{ title: 'Invalid value', source: { pointer: '/block_number_param' }, detail: 'Invalid integer' }] });
      const remaining = BigInt(n) - BigInt(HEAD_BLOCK);
      if (remaining <= 0n) return json(200, { message: 'Error! Block number already pass' });
      return json(200, {
        countdown_block_number: n,
        current_block_number: String(HEAD_BLOCK),
        estimated_time_in_seconds: `${remaining * 12n}.0`,
        remaining_blocks_count: String(remaining),
      });
    },
  };
}
