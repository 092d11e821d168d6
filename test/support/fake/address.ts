/**
 * Routes of the address overview: `/api/v2/addresses/{h}` and `/api/v2/addresses/{h}/counters`,
 * strict as the real ones (422 for a malformed hash, only `apikey`/`key` as parameters). An address
 * the server never saw is 404 `{"message":"Not found"}` on both, as older servers answer (newer ones
 * send a bare object instead, which needs nothing special). Search items for names: address-data.ts.
 */
import { json, NOT_FOUND, addressHash, type RouteResolver } from './kit.js';
import { AREA, addressCounters, addressDetails, knownToOverview } from './address-data.js';

export const addressRoutes: RouteResolver = (segments) => {
  const [a, b, c, d, e, f] = segments;
  if (a !== 'api' || b !== 'v2' || c !== 'addresses' || d === undefined || f !== undefined) return null;
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
