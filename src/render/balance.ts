/**
 * Columns of balances through time: the rows `address balance` computes (one per point in time),
 * the changes of `address balance-history`, its daily balances (`--daily`), and the days of the
 * explorer's charts (`stats --chart`). Amounts are exact (BigInt), in the coin's units with the raw
 * integer beside them piped and in CSV.
 */
import type { ChartDay, CoinBalance, CoinBalanceDay } from '../api/schemas.js';
import { text } from '../base/text/safe.js';
import { amountColumns, hashCell, NONE, numberCell, plainCell, timeCell } from './cells.js';
import { coinLabel, type RenderContext } from './context.js';
import { humanTime, isoTime } from './format.js';
import type { Cell, Column } from './table.js';
import { groupDigits, usd, valueAt } from './units.js';

/** The decimals of a chain's native coin (every EVM chain's coin has 18). */
export const COIN_DECIMALS = 18;

/**
 * One row of `address balance` as `--json` prints it: scout's answer under its own keys, and the
 * server's objects it was read from, as sent.
 */
export interface BalanceRow {
  /** The address the balance is of. */
  readonly address: string;
  /** The token (its contract address) with `--token`; null for the native coin. */
  readonly token: string | null;
  /** An NFT's id, for a token balance of one; else null. */
  readonly token_id: string | null;
  /** The moment asked for, ISO UTC (the clock's for now); null for a block. */
  readonly at: string | null;
  /** The last block the balance counts, when known: the block asked for, the last block before the moment, or the block the balance now was read at. */
  readonly block: string | null;
  /** The balance in base units (wei), a decimal integer. */
  readonly balance_raw: string;
  /** The balance in the coin's (token's) units, exact. */
  readonly balance: string;
  readonly unit: string;
  readonly decimals: number | null;
  /** USD per unit, as the explorer sent it; null when it has none. */
  readonly price_usd: string | null;
  /** The UTC day of a past price (the market chart's closing price); null for a price now. */
  readonly price_date: string | null;
  /** Where the price came from: `exchange_rate` (now) or `market_chart` (that day's close). */
  readonly price_source: string | null;
  /** balance × price, rounded half up to cents. */
  readonly value_usd: string | null;
  /** The server's object the balance was read from, as sent: a coin-balance-history item, the address, a token balance; null when there was none (a balance of 0). */
  readonly sent: unknown;
  /** The market chart's day the price was read from, as sent. */
  readonly price_sent: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** "$1,234.56" on a terminal, the cents piped; an em dash without a price. */
function usdCell(value: string | null, raw: string, decimals: number | null, price: string | null): Cell {
  if (value === null || price === null) return NONE;
  return { full: value, short: usd(raw, decimals, price) ?? value };
}

export const balanceRowColumns: Column<BalanceRow>[] = [
  { header: 'ADDRESS', name: 'address', show: 'data', cell: (r) => text(r.address) },
  {
    header: 'AT (UTC)',
    name: 'at',
    fixed: true,
    cell: (r) => (r.at === null ? NONE : { full: isoTime(r.at), short: humanTime(r.at).replace(/ UTC$/, '') }),
  },
  { header: 'BLOCK', name: 'block', align: 'right', fixed: true, drop: 2, cell: (r) => numberCell(r.block) },
  ...amountColumns<BalanceRow>('BALANCE', 'balance', (r) => ({ raw: r.balance_raw, decimals: r.decimals, unit: r.unit })),
  { header: 'UNIT', name: 'unit', show: 'data', cell: (r) => text(r.unit) },
  { header: 'VALUE', name: 'value_usd', align: 'right', fixed: true, cell: (r) => usdCell(r.value_usd, r.balance_raw, r.decimals, r.price_usd) },
  {
    header: 'PRICE',
    name: 'price_usd',
    align: 'right',
    fixed: true,
    drop: 1,
    cell: (r) => (r.price_usd === null ? NONE : { full: text(r.price_usd), short: `$${groupDigits(text(r.price_usd))}` }),
  },
  { header: 'PRICE DATE', name: 'price_date', show: 'data', cell: (r) => text(r.price_date) },
  { header: 'PRICE SOURCE', name: 'price_source', show: 'csv', cell: (r) => text(r.price_source) },
  { header: 'TOKEN', name: 'token', show: 'csv', cell: (r) => text(r.token) },
  { header: 'TOKEN ID', name: 'token_id', show: 'csv', cell: (r) => text(r.token_id) },
];

const coin = (v: unknown, ctx: RenderContext) => ({ raw: v, decimals: COIN_DECIMALS, unit: coinLabel(ctx) });

/** A change: `+` before a gain on a terminal (a loss has its minus). */
function delta(v: unknown, ctx: RenderContext) {
  const s = str(v);
  return { ...coin(v, ctx), prefix: /^\d/.test(s) && !/^0+$/.test(s) ? '+' : '' };
}

export const coinBalanceColumns: Column<CoinBalance>[] = [
  { header: 'AGE', name: 'timestamp', cell: (c, ctx) => timeCell(c.block_timestamp, ctx, NONE), fixed: true, time: true },
  { header: 'BLOCK', name: 'block_number', cell: (c) => numberCell(c.block_number), align: 'right', fixed: true },
  ...amountColumns<CoinBalance>('CHANGE', 'delta', (c, ctx) => delta(c.delta, ctx), 'delta_wei'),
  ...amountColumns<CoinBalance>('BALANCE', 'balance', (c, ctx) => coin(c.value, ctx), 'balance_wei'),
  { header: 'TRANSACTION', name: 'transaction_hash', cell: (c) => hashCell(c.transaction_hash), min: 13, drop: 1 },
];

export const coinBalanceDayColumns: Column<CoinBalanceDay>[] = [
  { header: 'DATE', name: 'date', cell: (d) => plainCell(d.date), fixed: true },
  ...amountColumns<CoinBalanceDay>('BALANCE', 'balance', (d, ctx) => coin(d.value, ctx), 'balance_wei'),
];

/** Transactions a day, whichever name the server gives the count. */
export function transactionsOfDay(d: ChartDay): unknown {
  return d.transaction_count ?? d.transactions_count ?? d.tx_count;
}

export const chartTransactionColumns: Column<ChartDay>[] = [
  { header: 'DATE', name: 'date', cell: (d) => plainCell(d.date), fixed: true },
  { header: 'TRANSACTIONS', name: 'transactions', cell: (d) => numberCell(transactionsOfDay(d)), align: 'right', fixed: true },
];

export const chartMarketColumns: Column<ChartDay>[] = [
  { header: 'DATE', name: 'date', cell: (d) => plainCell(d.date), fixed: true },
  {
    header: 'CLOSING PRICE',
    name: 'closing_price',
    align: 'right',
    fixed: true,
    cell: (d) => (d.closing_price === null || d.closing_price === undefined ? NONE : { full: text(d.closing_price), short: usd(1, 0, d.closing_price) ?? text(d.closing_price) }),
  },
  {
    header: 'MARKET CAP',
    name: 'market_cap',
    align: 'right',
    fixed: true,
    cell: (d) => {
      const exact = valueAt(1, 0, d.market_cap, 0);
      return exact === undefined ? (d.market_cap === null || d.market_cap === undefined ? NONE : text(d.market_cap)) : { full: text(d.market_cap), short: `$${groupDigits(exact)}` };
    },
  },
];
