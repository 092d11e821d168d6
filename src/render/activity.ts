/**
 * The columns of `address activity`: one stream of coin transfers, internal transactions and token
 * transfers (`/advanced-filters`). On a terminal what a person reads a history for: when, what kind,
 * in or out and with whom, how much of what, and the method; piped and in CSV the columns a
 * spreadsheet or a tax tool takes: the ISO time, the transaction, the kind, both parties, the amount
 * exact in its units beside the raw integer, the unit's symbol and contract, the method, the status
 * and the transaction's fee.
 */
import type { ActivityItem } from '../api/schemas.js';
import { amountColumns, hashCell, nameCell, NONE, plainCell, timeCell } from './cells.js';
import { coin, parties, tokenCell, tokenIdCell } from './columns.js';
import { coinLabel } from './context.js';
import { text } from '../base/text/safe.js';
import type { Cell, Column } from './table.js';

/** An item of a token: the server sends `total` (amount or token id) and `token` for those only. */
const isToken = (t: ActivityItem): boolean => (t.total !== null && t.total !== undefined) || (t.token !== null && t.token !== undefined);

/** Whether `v` is an index the server sent (`null` for items of another kind). */
const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** What the item is: a token transfer, an internal transaction, or the transaction itself. */
function kind(t: ActivityItem): string {
  if (isToken(t) || present(t.token_transfer_index)) return 'token_transfer';
  return present(t.internal_transaction_index) ? 'internal' : 'transaction';
}

/** The server's type words, shorter on a terminal. A Map: a plain object answers `constructor`. */
const TYPE_WORD: ReadonlyMap<unknown, string> = new Map([
  ['coin_transfer', 'coin'],
  ['contract_interaction', 'call'],
  ['contract_creation', 'create'],
]);

/** The type as sent piped; on a terminal its short word, `internal` for a call inside a transaction. */
function typeCell(t: ActivityItem): Cell {
  const sent = text(t.type);
  if (!sent) return NONE;
  const word = TYPE_WORD.get(t.type) ?? sent;
  return { full: sent, short: kind(t) === 'internal' ? `internal ${word}` : word };
}

export const activityColumns: Column<ActivityItem>[] = [
  { header: 'AGE', name: 'timestamp', cell: (t, c) => timeCell(t.timestamp, c, NONE, t.block_number), fixed: true, time: true, drop: 6 },
  { header: 'TYPE', name: 'type', cell: (t) => typeCell(t), min: 6, drop: 5 },
  { header: 'KIND', name: 'kind', show: 'data', cell: (t) => kind(t) },
  ...parties<ActivityItem>((t) => t.from, (t) => t.to, (t) => t.created_contract),
  ...amountColumns<ActivityItem>('AMOUNT', 'amount', (t, c) =>
    isToken(t)
      ? t.total?.value === null || t.total?.value === undefined
        ? undefined
        : { raw: t.total.value, decimals: t.total.decimals ?? t.token?.decimals, unit: t.token?.symbol }
      : coin(t.value, c),
  ),
  { header: 'SYMBOL', name: 'symbol', show: 'data', cell: (t, c) => (isToken(t) ? text(t.token?.symbol) : coinLabel(c)) },
  { header: 'TOKEN', show: 'tty', cell: (t) => (isToken(t) ? tokenCell(t.token) : NONE), min: 11, drop: 1 },
  { header: 'TOKEN ADDRESS', name: 'token_address', show: 'data', cell: (t) => text(t.token?.address_hash ?? t.token?.address) },
  { header: 'TOKEN ID', name: 'token_id', cell: (t) => tokenIdCell(t.total?.token_id), min: 10, optional: true, drop: 2 },
  { header: 'METHOD', name: 'method', cell: (t) => plainCell(t.method), min: 10, yieldsFirst: true, drop: 4 },
  { header: 'TX', name: 'transaction_hash', cell: (t) => hashCell(t.hash), fixed: true, drop: 3 },
  { header: 'BLOCK', name: 'block_number', show: 'data', cell: (t) => text(t.block_number) },
  { header: 'STATUS', name: 'status', show: 'data', cell: (t) => text(t.status) },
  // The transaction's fee, on each of its items: a sum over items counts it once per item.
  ...amountColumns<ActivityItem>('TX FEE', 'tx_fee', (t, c) => coin(t.fee, c), 'tx_fee_wei').filter((c) => c.show !== 'tty'),
  { header: 'TOKEN NAME', name: 'token_name', show: 'csv', cell: (t) => text(t.token?.name) },
  { header: 'FROM NAME', name: 'from_name', show: 'csv', cell: (t) => nameCell(t.from) },
  { header: 'TO NAME', name: 'to_name', show: 'csv', cell: (t) => nameCell(t.to) },
  { header: 'CREATED', name: 'created_contract', show: 'csv', cell: (t) => text(t.created_contract?.hash) },
];
