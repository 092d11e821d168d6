/**
 * Routes of the address overview: `/api/v2/addresses/{h}` and `/api/v2/addresses/{h}/counters`,
 * strict as the real ones (422 for a malformed hash, only `apikey`/`key` as parameters). An address
 * the server never saw is 404 `{"message":"Not found"}` on both, as older servers answer (newer ones
 * send a bare object instead, which needs nothing special). Search items for names: address-data.ts.
 *
 * Beside them the lists of an address's blocks and deposits: `/blocks-validated` (the main chain's
 * blocks it mined, cursor `block_number` and items_count) and `/beacon/deposits` (the deposits it
 * sent, cursor `index` and items_count); an address with none has empty lists. And the token
 * balances of AREA.airdropped, where the explorer marks some tokens as scam.
 */
import { json, NOT_FOUND, addressHash, tokenTypes, parseTypes, byTypes, type Route, type RouteResolver } from './kit.js';
import { AREA, addressCounters, addressDetails, airdroppedTokens, knownToOverview } from './address-data.js';
import { beaconDeposits, blocksData } from './blocks-data.js';

/** The lists of an address this module serves, or null when the path is another's. */
function addressList(d: string, endpoint: string): Route | null {
  const hashParam = { pointer: 'address_hash_param', value: d, check: addressHash };
  const low = d.toLowerCase();
  const registry = `address:${low}:${endpoint}`;
  if (endpoint === 'blocks-validated') {
    return {
      kind: 'list', registry, hashParam, params: {}, cursorKeys: ['block_number', 'items_count'], itemsCount: true,
      select: () => ({ entries: blocksData().main, keep: (e) => String((e.json['miner'] as { hash?: string } | null)?.hash ?? '').toLowerCase() === low }),
    };
  }
  if (endpoint === 'beacon/deposits') {
    return {
      kind: 'list', registry, hashParam, params: {}, cursorKeys: ['index', 'items_count'], itemsCount: true,
      select: () => ({ entries: beaconDeposits(), keep: (e) => e.from === low }),
    };
  }
  if (endpoint === 'tokens' && low === AREA.airdropped.toLowerCase()) {
    // The real cursor of token balances: fiat_value, id, value (and items_count).
    return {
      kind: 'list', registry, hashParam, params: { type: tokenTypes }, cursorKeys: ['fiat_value', 'id', 'items_count', 'value'], itemsCount: true,
      select: (req) => ({ entries: airdroppedTokens(), keep: byTypes(parseTypes(req.query.get('type'))) }),
    };
  }
  return null;
}

export const addressRoutes: RouteResolver = (segments) => {
  const [a, b, c, d, e, f, g] = segments;
  if (a !== 'api' || b !== 'v2' || c !== 'addresses' || d === undefined || g !== undefined) return null;
  if (e !== undefined) {
    const list = addressList(d, f === undefined ? e : `${e}/${f}`);
    if (list) return list;
  }
  if (f !== undefined) return null;
  if (e !== undefined && e !== 'counters') return null;
  const hashParam = { pointer: 'address_hash_param', value: d, check: addressHash };
  return {
    kind: 'plain',
    params: {},
    hashParam,
    handle: () => {
      if (!knownToOverview(d)) return NOT_FOUND;
      if (e === undefined) return json(200, addressDetails(d));
      if (d.toLowerCase() === AREA.countersDown.toLowerCase()) return { status: 500, body: '{"message":"Internal server error"}' };
      return json(200, addressCounters(d));
    },
  };
};
