/**
 * State changes of a transaction: per address and asset, the balance before, after and the signed
 * change, exact. The coin has 18 decimals, a token its own; an ERC-721 change is the list of NFTs
 * that moved (`direction` "to": received, "from": sent), an ERC-1155 change an amount of `token_id`.
 */
import type { StateChange } from '../api/schemas.js';
import { addressCell, amountCell, amountColumns, nameCell, NONE } from './cells.js';
import { tokenCell, tokenIdCell } from './columns.js';
import { coinLabel, type RenderContext } from './context.js';
import { obj, objects } from './fields.js';
import { shortId } from './format.js';
import { text } from '../base/text/safe.js';
import type { Cell, Column } from './table.js';
import { displayUnits, formatUnits, toBigInt } from './units.js';
import { truncate } from './width.js';

/** The decimals of the chain's coin. */
const COIN_DECIMALS = 18;

/** A change of the chain's coin (the API sends `token: null` with it). */
export function isCoinChange(s: Pick<StateChange, 'type' | 'token'>): boolean {
  return s.type === 'coin' || (s.type !== 'token' && !obj(s.token));
}

/** The decimals that scale this change's amounts: 18 for the coin, the token's own (none for NFTs: counts). */
export function changeDecimals(s: Pick<StateChange, 'type' | 'token'>): unknown {
  return isCoinChange(s) ? COIN_DECIMALS : obj(s.token)?.decimals;
}

/**
 * The NFTs an ERC-721 change moved, as sent: `+` received (direction "to"), `-` sent ("from"), ''
 * for a direction we do not know (kept in `direction`, safe text).
 */
export function nftMoves(s: Pick<StateChange, 'change'>): { sign: '+' | '-' | ''; direction: string; id: string }[] {
  if (!Array.isArray(s.change)) return [];
  return objects(s.change).map((m) => ({
    sign: m.direction === 'to' ? '+' : m.direction === 'from' ? '-' : '',
    direction: text(m.direction),
    id: text(obj(m.total)?.token_id),
  }));
}

/**
 * The signed change as an integer string: as sent, or for a list of NFTs the count received less
 * the count sent (the ids are in the token id column).
 */
export function changeAmount(s: Pick<StateChange, 'change'>): string {
  if (!Array.isArray(s.change)) return text(s.change);
  const moves = nftMoves(s);
  return String(moves.filter((m) => m.sign === '+').length - moves.filter((m) => m.sign === '-').length);
}

/**
 * A signed change for a person: `+1.5 ETH`, `−0.003844 ETH` (a minus sign, not a hyphen), rounded as
 * every amount on a terminal; `0` when nothing changed.
 */
export function signedChangeCell(raw: unknown, decimals: unknown, unit: string): Cell {
  const v = toBigInt(raw);
  if (v === undefined) return text(raw) ? { full: text(raw) } : NONE;
  const digits = displayUnits(v < 0n ? -v : v, decimals) ?? '';
  const u = unit ? ` ${unit}` : '';
  const cell = amountCell(v > 0n ? '+' : v < 0n ? '\u2212' : '', digits, u);
  return { ...cell, style: v > 0n ? 'ok' : v < 0n ? 'error' : 'dim' };
}

/** The unit of this change's amounts: the coin's symbol, or the token's. */
function unit(s: StateChange, ctx: RenderContext): string {
  return isCoinChange(s) ? coinLabel(ctx) : text(obj(s.token)?.symbol);
}

/**
 * Token ids: the ERC-1155 id alone; for ERC-721 moves piped `in:id,out:id` (a leading `+` would read
 * as a formula in a spreadsheet), on a terminal `+#id −#id`.
 */
function tokenIdsCell(s: StateChange): Cell {
  const moves = nftMoves(s);
  if (moves.length === 0) return tokenIdCell(s.token_id);
  const full = moves.map((m) => (m.sign === '+' ? 'in' : m.sign === '-' ? 'out' : m.direction || '?') + ':' + m.id).join(',');
  const ids = (max: number) => moves.map((m) => (m.sign === '-' ? '\u2212' : m.sign) + '#' + shortId(m.id, max)).join(' ');
  // In a narrow column each id is shortened more in the middle before the list is cut.
  return { full, short: ids(16), fit: (w) => truncate(ids(Math.max(9, Math.floor(w / moves.length) - 3)), w) };
}

export const stateChangeColumns: Column<StateChange>[] = [
  { header: 'ADDRESS', cell: (s) => addressCell(s.address), min: 11 },
  // Only the block's miner (or validator) is marked; the column shows when the page has one.
  { header: 'ROLE', show: 'tty', cell: (s) => (s.is_miner === true ? { full: 'miner', style: 'dim' } : NONE), fixed: true, optional: true, drop: 2 },
  { header: 'MINER', name: 'is_miner', show: 'data', cell: (s) => (s.is_miner === true ? 'true' : 'false') },
  { header: 'TYPE', name: 'type', show: 'data', cell: (s) => text(s.type) },
  {
    header: 'ASSET',
    show: 'tty',
    cell: (s, c) => (isCoinChange(s) ? { full: coinLabel(c) } : tokenCell(s.token)),
    min: 11,
  },
  { header: 'TOKEN', name: 'token', show: 'data', cell: (s) => text(obj(s.token)?.address_hash ?? obj(s.token)?.address) },
  { header: 'SYMBOL', name: 'symbol', show: 'data', cell: (s, c) => unit(s, c) },
  { header: 'TOKEN TYPE', name: 'token_type', show: 'data', cell: (s) => text(obj(s.token)?.type) },
  { header: 'TOKEN ID', name: 'token_id', cell: (s) => tokenIdsCell(s), min: 10, optional: true, drop: 1 },
  // In a narrow table the balance before is left out first: after and change say what happened.
  ...amountColumns<StateChange>('BEFORE', 'balance_before', (s, c) => ({ raw: s.balance_before, decimals: changeDecimals(s), unit: unit(s, c) })).map((c) =>
    c.show === 'tty' ? { ...c, drop: 3 } : c,
  ),
  ...amountColumns<StateChange>('AFTER', 'balance_after', (s, c) => ({ raw: s.balance_after, decimals: changeDecimals(s), unit: unit(s, c) })),
  { header: 'CHANGE', show: 'tty', align: 'right', min: 0, cell: (s, c) => signedChangeCell(changeAmount(s), changeDecimals(s), unit(s, c)) },
  { header: 'CHANGE_RAW', name: 'change_raw', show: 'data', cell: (s) => changeAmount(s) },
  { header: 'CHANGE', name: 'change', show: 'data', cell: (s) => { const a = changeAmount(s); return formatUnits(a, changeDecimals(s)) ?? a; } },
  { header: 'ADDRESS NAME', name: 'address_name', show: 'csv', cell: (s) => nameCell(s.address) },
  { header: 'TOKEN NAME', name: 'token_name', show: 'csv', cell: (s) => text(obj(s.token)?.name) },
  { header: 'DECIMALS', name: 'decimals', show: 'csv', cell: (s) => text(changeDecimals(s)) },
];
