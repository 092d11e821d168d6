/**
 * The fake explorer's configuration endpoints (`scout explorer`) and top accounts (`scout accounts`), strict as the real ones (no
 * parameter but the key): `/api/v2/config/backend-version`, `/backend`, `/indexer`, `/csv-export`,
 * `/public-metrics`, `/smart-contracts/languages`, `/db-background-migrations`. The backend's chain
 * type carries hostile text, as anything the explorer sends may. (The indexing status is
 * ../server.ts's, shaped by its options.)
 */
import { enumOf, json, type Route, type RouteResolver } from './kit.js';
import { addressObject, type Json, type JsonObject, type ListEntry, makeAddress } from '../data.js';

/** What each endpoint answers, as the real server shapes it. */
export const CONFIG: Readonly<Record<string, Json>> = {
  'backend-version': { backend_version: 'v9.1.0-beta.+commit.1a2b3c4d' },
  backend: { chain_type: 'ethereum\u001b]0;pwned\u0007', openapi_spec_folder_name: 'ethereum' },
  indexer: {
    block_reward_fetcher_enabled: true,
    indexer_enabled: true,
    internal_transactions_fetcher_enabled: true,
    pending_transactions_fetcher_enabled: false,
    token_instance_retry_fetcher_enabled: true,
    token_instance_sanitize_fetcher_enabled: true,
  },
  'csv-export': { async_enabled: false, limit: 10000 },
  'public-metrics': { update_period_hours: 24 },
  'smart-contracts/languages': { languages: ['solidity', 'vyper', 'yul', 'stylus_rust'] },
  'db-background-migrations': { migrations_finished: true },
};

const plain = (value: Json): Route => ({ kind: 'plain', params: {}, handle: () => json(200, value) });

export const configRoutes: RouteResolver = (segments) => {
  const [a, b, c, ...rest] = segments;
  if (a !== 'api' || b !== 'v2' || c !== 'config') return null;
  const value = CONFIG[rest.join('/')];
  return value === undefined ? null : plain(value);
};

/** Top accounts: 120 addresses, richest first, the last few with hostile names; `/addresses` pages them. */
export function topAccounts(sort: 'balance' | 'transactions_count', order: 'asc' | 'desc'): ListEntry[] {
  const all = Array.from({ length: 120 }, (_, i) => {
    const hash = makeAddress(`top:${i}`);
    const balance = (10n ** 24n * BigInt(1000 - i * 7)) / 3n;
    const txs = (i * 37) % 500;
    const json: JsonObject = { ...addressObject(hash), coin_balance: balance.toString(), transactions_count: String(txs) };
    if (i === 117) json.name = 'Evil\u001b[2J\u202eWhale';
    return { json, balance, txs, hash: hash.toLowerCase() };
  });
  const key = (a: (typeof all)[number]) => (sort === 'balance' ? a.balance : BigInt(a.txs));
  all.sort((a, b) => (key(a) === key(b) ? (a.hash < b.hash ? 1 : -1) : key(a) > key(b) ? -1 : 1));
  if (order === 'asc') all.reverse();
  return all.map((a) => ({ json: a.json, cursor: { fetched_coin_balance: a.balance.toString(), hash: a.hash, transactions_count: String(a.txs) } }));
}

function accountsRoute(): Route {
  return {
    kind: 'list',
    registry: 'top-accounts',
    params: { sort: enumOf('balance', 'transactions_count'), order: enumOf('asc', 'desc') },
    cursorKeys: ['fetched_coin_balance', 'hash', 'items_count', 'transactions_count'],
    itemsCount: true,
    select: (req) => ({
      entries: topAccounts((req.query.get('sort') as 'balance' | 'transactions_count' | undefined) ?? 'balance', (req.query.get('order') as 'asc' | 'desc' | undefined) ?? 'desc'),
      keep: () => true,
    }),
  };
}

/** `/api/v2/addresses` (top accounts). */
export const accountRoutes: RouteResolver = (segments) => {
  const [a, b, c, d] = segments;
  return a === 'api' && b === 'v2' && c === 'addresses' && d === undefined ? accountsRoute() : null;
};

/** `/transactions/stats` and `/withdrawals/counters` (`scout stats --day`): wei as decimal strings. */
export const DAY: Readonly<Record<'transactions' | 'withdrawals', Json>> = {
  transactions: { pending_transactions_count: '157', transaction_fees_avg_24h: '412345678901234', transaction_fees_sum_24h: '512345678901234567890', transactions_count_24h: '1242519' },
  withdrawals: { withdrawals_count: '98765432', withdrawals_sum: '1234567890123456789012345' },
};

export const dayRoutes: RouteResolver = (segments) => {
  const [a, b, c, d, e] = segments;
  if (a !== 'api' || b !== 'v2' || e !== undefined) return null;
  if (c === 'transactions' && d === 'stats') return plain(DAY.transactions);
  if (c === 'withdrawals' && d === 'counters') return plain(DAY.withdrawals);
  return null;
};
