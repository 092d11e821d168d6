/**
 * The explorer's network stats (`scout stats`) and their gas price part (`scout gas`). Gas prices
 * come in two shapes: a number of gwei per speed (what the server sends unless asked for more, and
 * what older servers send), or `{price, time, fiat_price, ...}` per speed; either may be null, as
 * may the whole `gas_prices` (no estimate yet).
 */
import type { GasPrice, GasPrices, Stats } from '../api/schemas.js';
import { text } from '../base/text/safe.js';
import type { RenderContext } from './context.js';
import { obj } from './fields.js';
import { age, isoTime } from './format.js';
import { type KeyValueRow, renderKeyValue } from './key-value.js';
import { groupDigits, usd } from './units.js';
import { displayWidth, pad } from './width.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The speeds, in the order people read them. */
export const SPEEDS = ['slow', 'average', 'fast'] as const;

/**
 * A number as plain decimal text, never in exponent form (1e-7 → 0.0000001): a JSON number as
 * JavaScript holds it, or a decimal string as sent. '' for anything else.
 */
export function decimalText(v: unknown): string {
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v.trim()) ? v.trim() : '';
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  if (Number.isInteger(v)) return BigInt(v).toString();
  const s = String(v);
  if (!/e/i.test(s)) return s;
  return v.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** One speed of the oracle, read from either shape. */
export interface Speed {
  /** Gwei, plain decimal text; '' when not given. */
  gwei: string;
  /** Expected wait in milliseconds, when given. */
  timeMs: number | undefined;
  /** Fee of a plain transfer in the explorer's fiat currency (USD), decimal text; '' when not given. */
  fiat: string;
}

export function speedOf(v: GasPrice | undefined): Speed {
  const o = obj(v);
  if (!o) return { gwei: decimalText(v), timeMs: undefined, fiat: '' };
  const time = typeof o.time === 'number' ? o.time : typeof o.time === 'string' ? Number(o.time) : NaN;
  return { gwei: decimalText(o.price), timeMs: Number.isFinite(time) ? time : undefined, fiat: decimalText(o.fiat_price) };
}

/** Whether the oracle gave any price at all. */
export function hasGasPrices(g: GasPrices | null | undefined): boolean {
  const o = obj(g);
  return Boolean(o) && SPEEDS.some((k) => speedOf(o?.[k]).gwei !== '');
}

/** A wait for a person: "~12s", "~2m". */
function wait(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 90 ? `~${s}s` : `~${Math.round(s / 60)}m`;
}

/** "$1.39"; "" for no price. */
function fiat(v: string): string {
  return v ? (usd(1, 0, v) ?? '') : '';
}

/** `scout gas`: on a terminal one line per speed; piped one line `slow<TAB>average<TAB>fast` in gwei. */
export function renderGas(g: GasPrices, ctx: RenderContext, updatedAt?: unknown): string {
  const speeds = SPEEDS.map((k) => speedOf(g[k]));
  if (!ctx.tty) return speeds.map((s) => s.gwei).join('\t') + '\n';
  // Three aligned columns: the price, the expected wait, the fee of a plain transfer.
  const cells = speeds.map((s) => [s.gwei ? `${groupDigits(s.gwei)} gwei` : '—', s.timeMs !== undefined ? wait(s.timeMs) : '', fiat(s.fiat) ? `${fiat(s.fiat)} a transfer` : '']);
  const widths = [0, 1].map((c) => Math.max(...cells.map((r) => displayWidth(r[c]!))));
  const rows: KeyValueRow[] = SPEEDS.map((k, i) => {
    const [price = '', time = '', fee = ''] = cells[i]!;
    return { label: k, value: [pad(price, widths[0]!), pad(time, widths[1]!), fee].join('  ').trimEnd() };
  });
  const ago = age(updatedAt, ctx.now);
  if (ago) rows.push({ label: 'updated', value: { text: ago, style: 'dim' } });
  return renderKeyValue(rows, ctx);
}

/** "slow 0.45 · average 0.52 · fast 0.61 gwei". */
function gasLine(g: GasPrices | null | undefined): string {
  const o = obj(g);
  if (!o || !hasGasPrices(o)) return '';
  return SPEEDS.map((k) => `${k} ${groupDigits(speedOf(o[k]).gwei) || '—'}`).join(' · ') + ' gwei';
}

/** A percentage as sent, rounded to two places for a terminal. */
function percent(v: unknown): string {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? `${Math.round(n * 100) / 100}%` : '';
}

function ttyRows(st: Stats, ctx: RenderContext): KeyValueRow[] {
  const money = (v: unknown) => (present(v) ? (usd(1, 0, v) ?? text(v)) : '');
  const count = (v: unknown) => (present(v) ? groupDigits(text(v)) : '');
  const price = decimalText(st.coin_price);
  const change = percent(st.coin_price_change_percentage);
  const blockTime = typeof st.average_block_time === 'number' ? `${Math.round(st.average_block_time / 100) / 10} s` : text(st.average_block_time);
  const updated = age(st.gas_price_updated_at, ctx.now);
  const gas = gasLine(st.gas_prices);
  return [
    // The price as sent: a coin worth $0.0019 is not "<$0.01".
    { label: 'Coin price', value: price ? `$${groupDigits(price)}${change ? ` (${change.startsWith('-') ? '' : '+'}${change} in 24h)` : ''}` : text(st.coin_price) },
    { label: 'Market cap', value: money(st.market_cap) },
    { label: 'TVL', value: money(st.tvl) },
    { label: 'Gas prices', value: gas ? `${gas}${updated ? ` (updated ${updated})` : ''}` : present(st.gas_prices) || st.gas_prices === null ? { text: 'no estimate', style: 'dim' } : '' },
    { label: 'Block time', value: blockTime ? `${blockTime} on average` : '' },
    { label: 'Blocks', value: count(st.total_blocks) },
    { label: 'Transactions', value: count(st.total_transactions) + (present(st.transactions_today) ? ` (${count(st.transactions_today)} today)` : '') },
    { label: 'Addresses', value: count(st.total_addresses) },
    { label: 'Gas used today', value: count(st.gas_used_today) },
    { label: 'Utilization', value: percent(st.network_utilization_percentage) },
  ];
}

function pipeRows(st: Stats): KeyValueRow[] {
  const one = (label: string, v: unknown): KeyValueRow => ({ label, data: [[text(v)]] });
  const g = obj(st.gas_prices);
  return [
    one('Coin price', st.coin_price),
    one('Coin price change', st.coin_price_change_percentage),
    one('Market cap', st.market_cap),
    one('TVL', st.tvl),
    { label: 'Gas prices', data: [g && hasGasPrices(g) ? SPEEDS.map((k) => speedOf(g[k]).gwei) : ['']] },
    one('Gas prices updated', isoTime(st.gas_price_updated_at)),
    one('Average block time', st.average_block_time),
    one('Blocks', st.total_blocks),
    one('Transactions', st.total_transactions),
    one('Transactions today', st.transactions_today),
    one('Addresses', st.total_addresses),
    one('Gas used today', st.gas_used_today),
    one('Utilization', st.network_utilization_percentage),
  ];
}

/** The key/value view of the stats. */
export function renderStats(st: Stats, ctx: RenderContext): string {
  return renderKeyValue(ctx.tty ? ttyRows(st, ctx) : pipeRows(st), ctx);
}
