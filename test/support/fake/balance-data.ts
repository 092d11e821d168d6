/**
 * Data of the fake's balance-through-time endpoints, built on test/support/data.ts: the coin
 * balance changes of a few addresses (block, time, delta, value, transaction), their daily balances,
 * the block at a time on the fake chain (12-second blocks up to HEAD_BLOCK), and the stats charts.
 * Shapes as the OpenAPI document's CoinBalance / CoinBalanceByDay and the real chart bodies.
 */
import { ADDR, blockTime, HEAD_BLOCK, makeAddress, makeHash, tokenJson, type JsonObject } from '../data.js';
import { AREA, RICH_BALANCE } from './address-data.js';

/** Addresses of this area beyond data.ts's. */
export const BALANCE = {
  /** Three changes: 1 ETH in, 0.25 out, 2 in (every one with its transaction). */
  small: makeAddress('balance:small'),
} as const;

/** The fake chain's head time, in ms. */
export const HEAD_MS = Date.parse(blockTime(HEAD_BLOCK));
/** Blocks between two changes of the rich address: 20,000 blocks, 2 days 18 h 40 m. */
export const RICH_STEP = 20_000;
/** Changes of the rich address: enough for three pages. */
export const RICH_CHANGES = 130;

export interface Change {
  readonly block: number;
  readonly delta: bigint;
  readonly value: bigint;
  readonly tx: string | null;
}

const WEI = 10n ** 18n;

function richChanges(): Change[] {
  const out: Change[] = [];
  let value = 0n;
  for (let i = 0; i < RICH_CHANGES; i++) {
    const block = HEAD_BLOCK - 5 - (RICH_CHANGES - 1 - i) * RICH_STEP;
    // Gains and losses with every digit significant; the last change lands on the overview's balance.
    let delta = i === RICH_CHANGES - 1 ? BigInt(RICH_BALANCE) - value : (BigInt(((i * 7919) % 997) + 1) * WEI) / 7n + BigInt(i);
    if (i % 3 === 2 && i !== RICH_CHANGES - 1) delta = -(value / 3n);
    value += delta;
    out.push({ block, delta, value, tx: i % 10 === 0 ? null : makeHash(`coin-balance:${i}`) });
  }
  return out;
}

function smallChanges(): Change[] {
  const blocks = [HEAD_BLOCK - 300_000, HEAD_BLOCK - 200_000, HEAD_BLOCK - 100_000];
  const deltas = [WEI, -WEI / 4n, 2n * WEI];
  let value = 0n;
  return blocks.map((block, i) => {
    value += deltas[i]!;
    return { block, delta: deltas[i]!, value, tx: makeHash(`coin-balance-small:${i}`) };
  });
}

const CHANGES = new Map<string, Change[]>([
  [ADDR.rich.toLowerCase(), richChanges()],
  [BALANCE.small.toLowerCase(), smallChanges()],
]);

/** The changes of `address`, oldest first (none for an address without any). */
export function changesOf(address: string): readonly Change[] {
  return CHANGES.get(address.toLowerCase()) ?? [];
}

/** A change as the server sends it (field order as eth.blockscout.com); the hostile address's transaction carries escapes. */
export function changeJson(address: string, c: Change): JsonObject {
  const tx = address.toLowerCase() === AREA.hostile.toLowerCase() ? `\u001b[2J${c.tx ?? ''}` : c.tx;
  return { block_number: c.block, block_timestamp: blockTime(c.block), delta: c.delta.toString(), transaction_hash: tx, value: c.value.toString() };
}

CHANGES.set(AREA.hostile.toLowerCase(), smallChanges());

/** The balance of `address` at the end of each of the last `days` days before the head, oldest first. */
export function daysOf(address: string, days = 10): JsonObject[] {
  const changes = changesOf(address);
  const out: JsonObject[] = [];
  const headDay = Math.floor(HEAD_MS / 86_400_000);
  for (let d = headDay - days + 1; d <= headDay; d++) {
    const end = (d + 1) * 86_400_000;
    let value = 0n;
    for (const c of changes) if (Date.parse(blockTime(c.block)) < end) value = c.value;
    out.push({ date: new Date(d * 86_400_000).toISOString().slice(0, 10), value: value.toString() });
  }
  return out;
}

/** The block at Unix second `ts`: the last at or before it (`before`) or the first at or after it; null when none. */
export function blockAt(ts: number, closest: 'before' | 'after'): number | null {
  const behind = (HEAD_MS - ts * 1000) / 12_000;
  const b = closest === 'before' ? HEAD_BLOCK - Math.ceil(Math.max(0, behind)) : HEAD_BLOCK - Math.floor(behind);
  if (b < 0 || b > HEAD_BLOCK) return null;
  return b;
}

/** The token balances of `address` now, as `/token-balances` sends them. */
export function tokenBalancesOf(address: string): JsonObject[] {
  if (address.toLowerCase() !== ADDR.rich.toLowerCase()) return [];
  return [
    { token: tokenJson(ADDR.usdc), token_id: null, token_instance: null, value: '2500000123' },
    { token: tokenJson(ADDR.weth), token_id: null, token_instance: null, value: '1000000000000000001' },
  ];
}

/** The first day of the market chart, and its last (newest first as sent). */
export const MARKET_FROM = Date.UTC(2024, 11, 10);
export const MARKET_DAYS = 40;

/** The closing price of day `i` of the market chart: cents that never repeat. */
export const closingPrice = (i: number) => `${3000 + i * 7}.${String((i * 37) % 100).padStart(2, '0')}`;

export function marketChart(): JsonObject {
  const chart: JsonObject[] = [];
  for (let i = MARKET_DAYS - 1; i >= 0; i--) {
    const date = new Date(MARKET_FROM + i * 86_400_000).toISOString().slice(0, 10);
    chart.push({ closing_price: closingPrice(i), date, market_cap: `${(3000 + i * 7) * 120_000_000}.5`, tvl: null });
  }
  return { available_supply: '120450000.25', chart_data: chart };
}

export function transactionsChart(): JsonObject {
  const chart: JsonObject[] = [];
  const headDay = Math.floor(HEAD_MS / 86_400_000);
  for (let i = 0; i < 30; i++) chart.push({ date: new Date((headDay - i) * 86_400_000).toISOString().slice(0, 10), transaction_count: 1_100_000 + ((i * 7919) % 250_000) });
  return { chart_data: chart };
}
