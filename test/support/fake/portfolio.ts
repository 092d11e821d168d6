/**
 * The routes of one chain of `scout portfolio`'s tests (FakeServerOptions.portfolio): for the
 * wallets of portfolio-data.ts, `/addresses/{h}`, `/token-balances` and `/tabs-counters`, strict as
 * the real ones (a malformed hash 422, only `apikey`/`key` as parameters); `down` answers the token
 * balances with the real 500.
 */
import { addressHash, json, NOT_FOUND, type Route } from './kit.js';
import { portfolioAddress, portfolioCounters, portfolioTokens, type PortfolioChain } from './portfolio-data.js';

export function portfolioRoute(chain: PortfolioChain, segments: readonly string[]): Route | null {
  const [a, b, c, d, e, f] = segments;
  if (a !== 'api' || b !== 'v2' || c !== 'addresses' || d === undefined || f !== undefined) return null;
  if (e !== undefined && e !== 'token-balances' && e !== 'tabs-counters') return null;
  // Wallets of other tests are not this area's.
  if (!/^0x[0-9a-fA-F]{40}$/.test(d) || (portfolioAddress('main', d) === null && e === undefined)) return null;
  return {
    kind: 'plain',
    params: {},
    hashParam: { pointer: 'address_hash_param', value: d, check: addressHash },
    handle: () => {
      if (e === 'tabs-counters') return json(200, portfolioCounters(chain, d));
      if (e === 'token-balances') return chain === 'down' ? { status: 500, body: '{"message":"Internal server error"}' } : json(200, portfolioTokens(chain, d));
      const doc = portfolioAddress(chain, d);
      return doc === null ? NOT_FOUND : json(200, doc);
    },
  };
}
