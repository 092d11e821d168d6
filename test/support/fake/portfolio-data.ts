/**
 * Data of `scout portfolio`: one wallet's holdings on each chain of a multi-chain test (each chain
 * its own fake explorer, started with `portfolio: <chain>`): priced tokens, one priced past a float's
 * digits, dust, tokens without a price, an NFT, tokens flagged as scams (by reputation, by is_scam),
 * a zero balance, and hostile symbols and names.
 */
import { makeAddress, RawJson, type JsonObject } from '../data.js';

export const PORTFOLIO = {
  /** The wallet with holdings on `main` and `side`, nothing on `idle`. */
  wallet: makeAddress('portfolio:wallet'),
  /** A second wallet, for batches: coin only. */
  second: makeAddress('portfolio:second'),
  /** Tokens of `main`. */
  usdc: makeAddress('portfolio:usdc'),
  precise: makeAddress('portfolio:precise'),
  dust: makeAddress('portfolio:dust'),
  unpriced: makeAddress('portfolio:unpriced'),
  nft: makeAddress('portfolio:nft'),
  scam: makeAddress('portfolio:scam'),
  flagged: makeAddress('portfolio:is-scam'),
  zero: makeAddress('portfolio:zero'),
  hostile: makeAddress('portfolio:hostile'),
  /** The token of `side`. */
  sideToken: makeAddress('portfolio:side-token'),
} as const;

/** Which chain's holdings a fake explorer serves; `down` answers the token balances with a 500. */
export type PortfolioChain = 'main' | 'side' | 'idle' | 'down';

/** A hostile symbol: a terminal escape, a bidi override and a formula. */
export const HOSTILE_SYMBOL = '=HYPERLINK("http://evil.invalid")\u001b[31m\u202e';

function token(address: string, o: { symbol: string | null; name: string | null; type?: string; decimals: string | null; rate: string | RawJson | null; reputation?: string | null; isScam?: boolean }): JsonObject {
  return {
    address_hash: address,
    circulating_market_cap: null,
    decimals: o.decimals,
    exchange_rate: o.rate,
    holders_count: '10',
    icon_url: null,
    name: o.name,
    reputation: o.reputation === undefined ? 'ok' : o.reputation,
    symbol: o.symbol,
    total_supply: '1000000000000000000000000',
    type: o.type ?? 'ERC-20',
    volume_24h: null,
    ...(o.isScam === undefined ? {} : { is_scam: o.isScam }),
  };
}

const balance = (t: JsonObject, value: string, id: string | null = null): JsonObject => ({ token: t, token_id: id, token_instance: null, value });

/** `main`'s token balances of the wallet. */
function mainTokens(): JsonObject[] {
  const P = PORTFOLIO;
  return [
    balance(token(P.usdc, { symbol: 'USDC', name: 'USD Coin', decimals: '6', rate: '0.999878' }), '2500000123'),
    // A rate with more digits than a double holds, sent as a JSON number: summed exactly.
    balance(token(P.precise, { symbol: 'PRC', name: 'Precise', decimals: '18', rate: new RawJson('0.100000000000000000000000000001') }), '3000000000000000000000'),
    balance(token(P.dust, { symbol: 'DUST', name: 'Dust', decimals: '18', rate: '0.5' }), '1000000000000000'),
    balance(token(P.unpriced, { symbol: 'NOPE', name: 'No Price', decimals: '18', rate: null }), '5000000000000000000'),
    balance(token(P.nft, { symbol: 'PNFT', name: 'Portfolio NFT', type: 'ERC-721', decimals: null, rate: null }), '1', '7'),
    balance(token(P.scam, { symbol: 'FREE', name: 'Claim at evil.invalid', decimals: '18', rate: '1000000', reputation: 'scam' }), '9000000000000000000000'),
    balance(token(P.flagged, { symbol: 'AIRDROP', name: 'Airdrop', decimals: '18', rate: '3', reputation: null, isScam: true }), '1000000000000000000'),
    balance(token(P.zero, { symbol: 'ZERO', name: 'Zero', decimals: '18', rate: '1' }), '0'),
    balance(token(P.hostile, { symbol: HOSTILE_SYMBOL, name: '=cmd|\' /C calc\'!A0', decimals: '18', rate: '2' }), '3000000000000000000'),
  ];
}

/** `/addresses/{h}` of a wallet on a chain: its coin balance and the coin's exchange rate. */
export function portfolioAddress(chain: PortfolioChain, address: string): JsonObject | null {
  const a = address.toLowerCase();
  const coin =
    a === PORTFOLIO.wallet.toLowerCase() ? (chain === 'main' ? '1500000000000000000' : chain === 'side' ? '2000000000000000000' : '0')
    : a === PORTFOLIO.second.toLowerCase() ? (chain === 'main' ? '1000000000000000000' : '0')
    : null;
  if (coin === null) return null;
  return { hash: address, coin_balance: coin, exchange_rate: chain === 'side' ? '1.01' : '4273.59', is_contract: false, is_scam: false, reputation: 'ok', name: null };
}

/** `/addresses/{h}/token-balances`. */
export function portfolioTokens(chain: PortfolioChain, address: string): JsonObject[] {
  if (address.toLowerCase() !== PORTFOLIO.wallet.toLowerCase()) return [];
  if (chain === 'main') return mainTokens();
  if (chain === 'side') return [balance(token(PORTFOLIO.sideToken, { symbol: 'SIDE', name: 'Side Token', decimals: '2', rate: '10' }), '12345')];
  return [];
}

/** `/addresses/{h}/tabs-counters`: all 0 on `idle` and for an address the chain never saw. */
export function portfolioCounters(chain: PortfolioChain, address: string): JsonObject {
  const seen = chain !== 'idle' && portfolioAddress(chain, address) !== null;
  const n = seen ? 3 : 0;
  return {
    internal_transactions_count: 0,
    logs_count: 0,
    token_balances_count: seen && chain !== 'down' ? portfolioTokens(chain, address).length : 0,
    token_transfers_count: n,
    transactions_count: n,
    validations_count: 0,
    withdrawals_count: 0,
  };
}
