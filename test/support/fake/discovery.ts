/**
 * The fake explorer's chain-wide endpoints: `/tokens`, `/smart-contracts` and its `/counters`,
 * `/stats/hot-smart-contracts`, and the feeds `/transactions` (validated or pending, blob
 * transactions with `type`), `/token-transfers`, `/internal-transactions`, `/withdrawals` and
 * `/beacon/deposits` (an Ethereum build's; an explorer without it is `lacking` in server.ts). Each
 * takes exactly the parameters of the OpenAPI document (422 otherwise), pages 50 items with the
 * real cursor keys, and does not echo its filters in cursors.
 */
import { anyString, byTypes, enumOf, json, parseTypes, tokenTypes, transactionHash, unprocessable, type Check, type ListRoute, type RouteResolver } from './kit.js';
import type { ListEntry } from '../data.js';
import { CONTRACT_COUNTERS, discoveryData, HOT_SCALES, hotContracts, LANGUAGES } from './discovery-data.js';

/** The `limit` the list endpoints accept beside their cursors (an integer). */
const integer: Check = (v) => (/^-?\d+$/.test(v) ? null : 'Invalid integer. Got: string');
const order = enumOf('asc', 'desc');

/** A list of one path whose entries do not depend on the request. */
function feed(registry: string, entries: () => ListEntry[], cursorKeys: readonly string[], params: Record<string, Check> = {}): ListRoute {
  return { kind: 'list', registry, params, cursorKeys, itemsCount: true, select: () => ({ entries: entries(), keep: () => true }) };
}

function tokensRoute(): ListRoute {
  return {
    kind: 'list',
    registry: 'tokens',
    params: { type: tokenTypes, q: anyString, limit: integer, sort: enumOf('fiat_value', 'holders_count', 'circulating_market_cap'), order },
    cursorKeys: ['contract_address_hash', 'fiat_value', 'holders_count', 'is_name_null', 'market_cap', 'name', 'items_count'],
    itemsCount: true,
    select: (req) => {
      const types = byTypes(parseTypes(req.query.get('type')));
      const q = (req.query.get('q') ?? '').trim().toLowerCase();
      return { entries: discoveryData().tokens, keep: (e) => types(e) && (q === '' || (e.searchText ?? []).some((s) => s.includes(q))) };
    },
  };
}

function contractsRoute(): ListRoute {
  return {
    kind: 'list',
    registry: 'smart-contracts',
    params: { q: anyString, filter: enumOf(...LANGUAGES), sort: enumOf('balance', 'transactions_count'), order },
    cursorKeys: ['smart_contract_id', 'coin_balance', 'hash', 'transactions_count', 'items_count'],
    itemsCount: true,
    select: (req) => {
      const language = req.query.get('filter');
      const q = (req.query.get('q') ?? '').trim().toLowerCase();
      return {
        entries: discoveryData().contracts,
        keep: (e) => (language === undefined || e.json['language'] === language) && (q === '' || (e.searchText ?? []).some((s) => s.includes(q))),
      };
    },
  };
}

function hotRoute(): ListRoute {
  return {
    kind: 'list',
    registry: 'hot-smart-contracts',
    params: { scale: enumOf(...Object.keys(HOT_SCALES)), sort: enumOf('transactions_count', 'total_gas_used'), order },
    cursorKeys: ['transactions_count', 'total_gas_used', 'contract_address_hash', 'items_count'],
    itemsCount: true,
    select: (req) => ({ entries: hotContracts(req.query.get('scale') ?? '', req.query.get('sort') ?? 'transactions_count', req.query.get('order') ?? 'desc'), keep: () => true }),
    // `scale` is required: OpenApiSpex names it when it is missing.
    special: (req) => (req.query.has('scale') ? null : unprocessable([{ pointer: 'scale', detail: 'Missing field: scale' }])),
  };
}

function transactionsRoute(): ListRoute {
  return {
    kind: 'list',
    registry: 'transactions',
    params: { filter: enumOf('validated', 'pending'), type: enumOf('blob_transaction') },
    // Validated transactions page by block and index; pending ones by when they were seen.
    cursorKeys: ['block_number', 'index', 'items_count', 'hash', 'inserted_at'],
    itemsCount: true,
    select: (req) => {
      const d = discoveryData().transactions;
      const blobs = req.query.get('type') === 'blob_transaction';
      return { entries: req.query.get('filter') === 'pending' ? d.pending : d.validated, keep: (e) => !blobs || e.json['type'] === 3 };
    },
  };
}

function transfersRoute(): ListRoute {
  return {
    kind: 'list',
    registry: 'token-transfers',
    params: { type: tokenTypes, limit: integer },
    // The document's cursor has no items_count (nor a parameter for it).
    cursorKeys: ['block_number', 'index', 'batch_log_index', 'batch_block_hash', 'batch_transaction_hash', 'index_in_batch'],
    itemsCount: false,
    select: (req) => ({ entries: discoveryData().transfers, keep: byTypes(parseTypes(req.query.get('type'))) }),
  };
}

export const discoveryRoutes: RouteResolver = (segments) => {
  const [, , c, d, e] = segments;
  if (e !== undefined) return null;
  const data = discoveryData;
  switch (c) {
    case 'tokens':
      return d === undefined ? tokensRoute() : null;
    case 'smart-contracts':
      if (d === 'counters') return { kind: 'plain', params: {}, handle: () => json(200, CONTRACT_COUNTERS) };
      return d === undefined ? contractsRoute() : null;
    case 'stats':
      return d === 'hot-smart-contracts' ? hotRoute() : null;
    case 'transactions':
      return d === undefined ? transactionsRoute() : null;
    case 'token-transfers':
      return d === undefined ? transfersRoute() : null;
    case 'internal-transactions':
      return d === undefined ? feed('internal-transactions', () => data().internal, ['block_number', 'index', 'transaction_index', 'items_count'], { transaction_hash: transactionHash, limit: integer }) : null;
    case 'withdrawals':
      return d === undefined ? feed('withdrawals', () => data().withdrawals, ['index', 'items_count']) : null;
    case 'beacon':
      return d === 'deposits' ? feed('beacon-deposits', () => data().deposits, ['index', 'items_count']) : null;
    default:
      return null;
  }
};
