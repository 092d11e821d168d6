/**
 * The fake explorer's balance-through-time endpoints, strict as the real ones:
 * `/addresses/{h}/coin-balance-history` (50 changes a page, newest first, keyset on `block_number`:
 * a page holds the changes in blocks below it, and any block number is a valid start, as on the real
 * server; `items_count` 1 to 50), `/coin-balance-history-by-day` (`{days, items}`, no parameters),
 * `/token-balances` (one array), `/stats/charts/market` and `/transactions` (the block at a time is
 * fake/time.ts's). An explorer started with
 * `lacking` answers as an older server for the paths it names (see server.ts).
 */
import { PAGE_SIZE } from '../data.js';
import { addressHash, json, type Check, type PlainRoute, type Route, type RouteResolver } from './kit.js';
import { changeJson, changesOf, daysOf, marketChart, tokenBalancesOf, transactionsChart } from './balance-data.js';

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Check =>
  (v) => (!/^\d+$/.test(v) ? 'Invalid integer. Got: string' : Number(v) < min || Number(v) > max ? `Invalid value: expected an integer from ${min} to ${max}` : null);

function history(address: string): Route {
  return {
    kind: 'plain',
    params: { block_number: integer(0), items_count: integer(1, 50) },
    hashParam: { pointer: 'address_hash_param', value: address, check: addressHash },
    handle: (req) => {
      const below = req.query.get('block_number');
      const all = [...changesOf(address)].reverse().filter((c) => below === undefined || c.block < Number(below));
      const page = all.slice(0, PAGE_SIZE);
      const last = page[page.length - 1];
      const next = all.length > PAGE_SIZE && last ? { block_number: last.block, items_count: PAGE_SIZE } : null;
      return json(200, { items: page.map((c) => changeJson(address, c)), next_page_params: next });
    },
  };
}

const hashed = (address: string, handle: PlainRoute['handle']): Route => ({
  kind: 'plain',
  params: {},
  hashParam: { pointer: 'address_hash_param', value: address, check: addressHash },
  handle,
});

export const balanceRoutes: RouteResolver = (segments) => {
  const [a, b, c, d, e, f] = segments;
  if (a !== 'api') return null;
  if (b !== 'v2') return null;
  if (c === 'stats' && d === 'charts' && f === undefined) {
    if (e === 'market') return { kind: 'plain', params: {}, handle: () => json(200, marketChart()) };
    if (e === 'secondary-coin-market') return { kind: 'plain', params: {}, handle: () => json(200, marketChart()) };
    if (e === 'transactions') return { kind: 'plain', params: {}, handle: () => json(200, transactionsChart()) };
    return null;
  }
  if (c !== 'addresses' || d === undefined || f !== undefined) return null;
  if (e === 'coin-balance-history') return history(d);
  if (e === 'coin-balance-history-by-day') return hashed(d, () => json(200, { days: 10, items: daysOf(d) }));
  if (e === 'token-balances') return hashed(d, () => json(200, tokenBalancesOf(d)));
  return null;
};

