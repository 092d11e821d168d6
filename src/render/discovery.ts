/**
 * The columns of the chain-wide lists of things rather than events: the explorer's tokens, its
 * verified contracts, its hot contracts, and beacon deposits. Prices and market caps are the
 * server's decimal strings (a dollar sign and grouping on a terminal, as sent piped); balances and
 * amounts in wei are exact (units.ts). Names and symbols are anyone's text: the cells and the table
 * make them safe.
 */
import type { BeaconDeposit, HotContract, SmartContractItem, TokenDetail } from '../api/schemas.js';
import { addressCell, amountColumns, hashCell, nameCell, NONE, numberCell, plainCell, timeCell } from './cells.js';
import { coin, tokenCell } from './columns.js';
import { text } from '../base/text/safe.js';
import type { Cell, Column } from './table.js';
import { dollars, price } from './token.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** A figure in dollars on a terminal (`fmt` of it), the server's text piped; an em dash when not sent. */
function usdCell(v: unknown, fmt: (v: unknown) => string): Cell {
  return present(v) ? { full: text(v), short: fmt(v) } : NONE;
}

/** `scout tokens`: the explorer's tokens, in its order, with holders and, where it has them, price and market cap. */
export const tokenListColumns: Column<TokenDetail>[] = [
  // A token flagged as scam says so before its symbol; its address is what a user copies on.
  { header: 'TOKEN', name: 'address', cell: (t) => tokenCell(t, (t.reputation === 'scam' ? '[scam] ' : '') + (text(t.symbol) || text(t.name))), min: 13 },
  { header: 'SYMBOL', name: 'symbol', show: 'data', cell: (t) => text(t.symbol) },
  { header: 'NAME', name: 'name', cell: (t) => plainCell(t.name), min: 8, drop: 3 },
  { header: 'TYPE', name: 'type', cell: (t) => plainCell(t.type), fixed: true, drop: 2 },
  { header: 'HOLDERS', name: 'holders_count', cell: (t) => numberCell(t.holders_count ?? t.holders), align: 'right', fixed: true },
  { header: 'PRICE', name: 'exchange_rate', cell: (t) => usdCell(t.exchange_rate, price), align: 'right', fixed: true, drop: 1 },
  { header: 'MARKET CAP', name: 'circulating_market_cap', cell: (t) => usdCell(t.circulating_market_cap, dollars), align: 'right', fixed: true, drop: 1 },
  { header: 'DECIMALS', name: 'decimals', show: 'csv', cell: (t) => text(t.decimals) },
  { header: 'TOTAL SUPPLY', name: 'total_supply', show: 'csv', cell: (t) => text(t.total_supply) },
  { header: 'VOLUME 24H', name: 'volume_24h', show: 'csv', cell: (t) => text(t.volume_24h) },
  { header: 'REPUTATION', name: 'reputation', show: 'csv', cell: (t) => text(t.reputation) },
];

/** `scout contracts`: verified contracts, the most recently verified first. */
export const contractListColumns: Column<SmartContractItem>[] = [
  { header: 'CONTRACT', name: 'address', cell: (c) => addressCell(c.address), min: 13 },
  { header: 'LANGUAGE', name: 'language', cell: (c) => plainCell(c.language), fixed: true, drop: 2 },
  { header: 'COMPILER', name: 'compiler_version', cell: (c) => plainCell(c.compiler_version), min: 8, drop: 1 },
  { header: 'VERIFIED', name: 'verified_at', cell: (c, ctx) => timeCell(c.verified_at, ctx, NONE), fixed: true, drop: 3 },
  { header: 'TXS', name: 'transactions_count', cell: (c) => numberCell(c.transactions_count), align: 'right', fixed: true },
  ...amountColumns<SmartContractItem>('BALANCE', 'balance', (c, ctx) => coin(c.coin_balance, ctx), 'balance_wei'),
  { header: 'LICENSE', name: 'license_type', show: 'csv', cell: (c) => text(c.license_type) },
  { header: 'OPTIMIZED', name: 'optimization_enabled', show: 'csv', cell: (c) => text(c.optimization_enabled) },
  { header: 'NAME', name: 'name', show: 'csv', cell: (c) => nameCell(c.address) },
];

/** `scout hot`: the contracts called most in a period, with the gas they burnt and their balance. */
export const hotContractColumns: Column<HotContract>[] = [
  { header: 'CONTRACT', name: 'address', cell: (h) => addressCell(h.contract_address), min: 13 },
  { header: 'TXS', name: 'transactions_count', cell: (h) => numberCell(h.transactions_count), align: 'right', fixed: true },
  { header: 'GAS USED', name: 'total_gas_used', cell: (h) => numberCell(h.total_gas_used), align: 'right', fixed: true, drop: 2 },
  ...amountColumns<HotContract>('BALANCE', 'balance', (h, ctx) => coin(h.balance, ctx), 'balance_wei').map((c) => (c.show === 'tty' ? { ...c, drop: 1 } : c)),
  { header: 'NAME', name: 'name', show: 'csv', cell: (h) => nameCell(h.contract_address) },
];

/** A deposit's status in words and colour: completed, pending, invalid. */
function depositStatus(d: BeaconDeposit): Cell {
  const s = text(d.status);
  if (!s) return NONE;
  return { full: s, style: s === 'completed' ? 'ok' : s === 'invalid' ? 'error' : s === 'pending' ? 'warn' : undefined };
}

/** `scout deposits`: beacon deposits, the newest first; the validator's key shortened on a terminal. */
export const depositColumns: Column<BeaconDeposit>[] = [
  { header: 'INDEX', name: 'index', cell: (d) => numberCell(d.index), align: 'right', fixed: true },
  { header: 'BLOCK', name: 'block_number', cell: (d) => numberCell(d.block_number), align: 'right', fixed: true, drop: 3 },
  { header: 'AGE', name: 'timestamp', cell: (d, ctx) => timeCell(d.block_timestamp, ctx, NONE, d.block_number), fixed: true, time: true, drop: 1 },
  { header: 'FROM', name: 'from', cell: (d) => addressCell(d.from_address), min: 11 },
  { header: 'PUBKEY', name: 'pubkey', cell: (d) => hashCell(d.pubkey), fixed: true, drop: 2 },
  ...amountColumns<BeaconDeposit>('AMOUNT', 'amount', (d, ctx) => coin(d.amount, ctx), 'amount_wei'),
  { header: 'STATUS', name: 'status', cell: (d) => depositStatus(d), fixed: true },
  { header: 'TX', name: 'transaction_hash', show: 'data', cell: (d) => text(d.transaction_hash) },
  { header: 'WITHDRAWAL ADDRESS', name: 'withdrawal_address', show: 'csv', cell: (d) => text(d.withdrawal_address?.hash) },
  { header: 'CREDENTIALS', name: 'withdrawal_credentials', show: 'csv', cell: (d) => text(d.withdrawal_credentials) },
];
