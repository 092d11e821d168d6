/**
 * EIP-4844 blobs and beacon-chain deposits: the columns of `tx blobs` and of the deposit lists
 * (`tx deposits`, `block deposits`, `address deposits`), and what `tx show` reads of them (blob-size.ts). Sizes
 * and amounts are exact: a blob's bytes counted from its hex, deposits in wei scaled with BigInt.
 */
import type { BeaconDeposit, Blob } from '../api/schemas.js';
import { text } from '../base/text/safe.js';
import { addressCell, amountColumns, hashCell, NONE, nameCell, numberCell, timeCell } from './cells.js';
import { coin } from './columns.js';
import type { Cell, Column } from './table.js';
import { blobBytes } from './blob-size.js';
import { groupDigits } from './units.js';

/** A blob's size: the byte count piped, "131,072 bytes" on a terminal. */
function sizeCell(b: Blob): Cell {
  const n = blobBytes(b);
  return n === undefined ? NONE : { full: String(n), short: `${groupDigits(String(n))} bytes` };
}

export const blobColumns: Column<Blob>[] = [
  { header: 'VERSIONED HASH', name: 'hash', cell: (b) => hashCell(b.hash), min: 13 },
  { header: 'SIZE', name: 'size_bytes', cell: (b) => sizeCell(b), align: 'right', fixed: true },
  { header: 'KZG COMMITMENT', name: 'kzg_commitment', cell: (b) => hashCell(b.kzg_commitment), min: 13, drop: 1 },
  { header: 'KZG PROOF', name: 'kzg_proof', show: 'csv', cell: (b) => text(b.kzg_proof) },
];

/** A deposit's status, styled: completed, pending, invalid (as sent for anything else). */
function statusCell(status: unknown): Cell {
  const s = text(status);
  if (!s) return NONE;
  return { full: s, style: s === 'completed' ? 'ok' : s === 'invalid' ? 'error' : s === 'pending' ? 'warn' : undefined };
}

/** Where a deposit's validator withdraws to: its address when the credentials name one, else the credentials. */
function withdrawalCell(d: BeaconDeposit): Cell {
  return d.withdrawal_address ? addressCell(d.withdrawal_address) : hashCell(d.withdrawal_credentials);
}

export const depositColumns: Column<BeaconDeposit>[] = [
  { header: 'INDEX', name: 'index', cell: (d) => numberCell(d.index), align: 'right', fixed: true },
  { header: 'TX', name: 'transaction_hash', cell: (d) => hashCell(d.transaction_hash), fixed: true, drop: 4 },
  { header: 'BLOCK', name: 'block_number', cell: (d) => numberCell(d.block_number), align: 'right', fixed: true, drop: 3 },
  { header: 'AGE', name: 'block_timestamp', cell: (d, c) => timeCell(d.block_timestamp, c, NONE, d.block_number), fixed: true, time: true, drop: 2 },
  // The list of one address is of its own deposits: the sender is the address on every row.
  { header: 'FROM', name: 'from', cell: (d) => addressCell(d.from_address), min: 11, drop: 5, subject: 'without' },
  { header: 'VALIDATOR', name: 'pubkey', cell: (d) => hashCell(d.pubkey), min: 13 },
  ...amountColumns<BeaconDeposit>('AMOUNT', 'amount', (d, c) => coin(d.amount, c), 'amount_wei'),
  { header: 'STATUS', name: 'status', cell: (d) => statusCell(d.status), fixed: true },
  { header: 'WITHDRAWAL TO', show: 'tty', cell: (d) => withdrawalCell(d), min: 11, drop: 1 },
  { header: 'WITHDRAWAL CREDENTIALS', name: 'withdrawal_credentials', show: 'data', cell: (d) => text(d.withdrawal_credentials) },
  { header: 'WITHDRAWAL ADDRESS', name: 'withdrawal_address', show: 'csv', cell: (d) => text(d.withdrawal_address?.hash) },
  { header: 'FROM NAME', name: 'from_name', show: 'csv', cell: (d) => nameCell(d.from_address) },
  { header: 'BLOCK HASH', name: 'block_hash', show: 'csv', cell: (d) => text(d.block_hash) },
  { header: 'SIGNATURE', name: 'signature', show: 'csv', cell: (d) => text(d.signature) },
];

/**
 * The deposits of one block (`block deposits <n>`): on a terminal without the block and its age, the
 * same on every row and given on the command line; piped and in CSV the same columns as any list.
 */
export const blockDepositColumns: Column<BeaconDeposit>[] = depositColumns.map((c) =>
  c.name === 'block_number' || c.name === 'block_timestamp' ? { ...c, show: 'data' } : c,
);

/** The deposits of one transaction (`tx deposits <hash>`): without the transaction, block and age on a terminal. */
export const txDepositColumns: Column<BeaconDeposit>[] = depositColumns.map((c) =>
  c.name === 'block_number' || c.name === 'block_timestamp' || c.name === 'transaction_hash' ? { ...c, show: 'data' } : c,
);
