/**
 * Column sets for each kind of list. Piped cells carry full values (hashes, ISO times, raw integers
 * next to formatted amounts); terminal cells carry the short forms.
 */
import type {
  AddressParam,
  InternalTransaction,
  Network,
  NftCollection,
  SearchResult,
  TokenBalance,
  TokenTransfer,
  Transaction,
  Withdrawal,
} from '../api/schemas.js';
import type { RenderContext } from './context.js';
import { addressName, age, isoTime, shortHash } from './format.js';
import { safeText } from './safe.js';
import type { Cell, Column } from './table.js';
import { formatUnits, groupDigits } from './units.js';

const text = (v: unknown): string => (v === null || v === undefined ? '' : safeText(String(v)));

function addressCell(a: AddressParam | null | undefined, ctx: RenderContext, created?: AddressParam | null): Cell {
  const target = a ?? created;
  if (!target) return { full: '', short: '—', style: 'dim' };
  const name = addressName(target);
  const hash = target.hash;
  const suffix = !a && created ? ' (new)' : '';
  return {
    full: hash,
    short: (name ? `${name} (${shortHash(hash)})` : shortHash(hash)) + suffix,
  };
}

function hashCell(h: string | null | undefined): Cell {
  return h ? { full: h, short: shortHash(h) } : { full: '' };
}

function timeCell(iso: string | null | undefined, ctx: RenderContext): Cell {
  if (!iso) return { full: '', short: 'pending', style: 'warn' };
  return { full: isoTime(iso), short: age(iso, ctx.now) ?? isoTime(iso) };
}

/** An amount: piped, the raw integer and the scaled value; on a terminal, the scaled value. */
function amountCell(raw: unknown, decimals: unknown, unit?: string | null): Cell {
  if (raw === null || raw === undefined) return { full: '' };
  const scaled = formatUnits(raw, decimals ?? 0);
  if (scaled === undefined) return { full: text(raw) };
  const label = unit ? ` ${safeText(unit)}` : '';
  return { full: scaled, short: groupDigits(scaled) + label };
}

function statusCell(status: string | null | undefined, result: string | null | undefined): Cell {
  if (!status) return { full: result === 'pending' || !result ? 'pending' : text(result), style: 'warn' };
  if (status === 'ok') return { full: 'ok', style: 'ok' };
  return { full: status === 'error' ? 'error' : text(status), style: 'error' };
}

export const transactionColumns: Column<Transaction>[] = [
  { header: 'HASH', cell: (t) => hashCell(t.hash) },
  { header: 'BLOCK', cell: (t) => text(t.block_number ?? t.block), align: 'right' },
  { header: 'AGE', cell: (t, c) => timeCell(t.timestamp, c) },
  { header: 'METHOD', cell: (t) => text(t.method) },
  { header: 'FROM', cell: (t, c) => addressCell(t.from, c) },
  { header: 'TO', cell: (t, c) => addressCell(t.to, c, t.created_contract) },
  { header: 'VALUE', cell: (t) => ({ ...amountCell(t.value, 18), full: text(t.value) }), align: 'right' },
  { header: 'FEE', cell: (t) => ({ ...amountCell(t.fee?.value, 18), full: text(t.fee?.value) }), align: 'right' },
  { header: 'STATUS', cell: (t) => statusCell(t.status, t.result) },
];

export const tokenBalanceColumns: Column<TokenBalance>[] = [
  { header: 'TOKEN', cell: (b) => ({ full: text(b.token?.address_hash ?? b.token?.address), short: text(b.token?.symbol ?? b.token?.name) || shortHash(text(b.token?.address_hash ?? b.token?.address)) }) },
  { header: 'NAME', cell: (b) => text(b.token?.name) },
  { header: 'TYPE', cell: (b) => text(b.token?.type) },
  { header: 'TOKEN ID', cell: (b) => ({ full: text(b.token_id), short: b.token_id && b.token_id.length > 16 ? b.token_id.slice(0, 15) + '…' : text(b.token_id) }) },
  { header: 'BALANCE', cell: (b) => amountCell(b.value, b.token?.decimals), align: 'right' },
];

export const nftCollectionColumns: Column<NftCollection>[] = [
  { header: 'COLLECTION', cell: (n) => ({ full: text(n.token?.address_hash ?? n.token?.address), short: text(n.token?.name) || shortHash(text(n.token?.address_hash ?? n.token?.address)) }) },
  { header: 'TYPE', cell: (n) => text(n.token?.type) },
  { header: 'AMOUNT', cell: (n) => text(n.amount), align: 'right' },
  { header: 'TOKEN IDS', cell: (n) => (n.token_instances ?? []).map((i) => text(i.id ?? i.token_id)).join(',') },
];

export const tokenTransferColumns: Column<TokenTransfer>[] = [
  { header: 'TX', cell: (t) => hashCell(t.transaction_hash ?? t.tx_hash) },
  { header: 'AGE', cell: (t, c) => timeCell(t.timestamp, c) },
  { header: 'TYPE', cell: (t) => text(t.type) },
  { header: 'FROM', cell: (t, c) => addressCell(t.from, c) },
  { header: 'TO', cell: (t, c) => addressCell(t.to, c) },
  { header: 'TOKEN', cell: (t) => ({ full: text(t.token?.address_hash ?? t.token?.address), short: text(t.token?.symbol ?? t.token?.name) }) },
  { header: 'TOKEN ID', cell: (t) => text(t.total?.token_id) },
  { header: 'AMOUNT', cell: (t) => amountCell(t.total?.value, t.total?.decimals ?? t.token?.decimals), align: 'right' },
];

export const internalTxColumns: Column<InternalTransaction>[] = [
  { header: 'TX', cell: (t) => hashCell(t.transaction_hash) },
  { header: 'BLOCK', cell: (t) => text(t.block_number ?? t.block), align: 'right' },
  { header: 'TYPE', cell: (t) => text(t.type) },
  { header: 'FROM', cell: (t, c) => addressCell(t.from, c) },
  { header: 'TO', cell: (t, c) => addressCell(t.to, c, t.created_contract) },
  { header: 'VALUE', cell: (t) => ({ ...amountCell(t.value, 18), full: text(t.value) }), align: 'right' },
  { header: 'STATUS', cell: (t) => (t.success === false || t.error ? { full: text(t.error) || 'error', style: 'error' } : { full: 'ok', style: 'ok' }) },
];

export const withdrawalColumns: Column<Withdrawal>[] = [
  { header: 'INDEX', cell: (w) => text(w.index), align: 'right' },
  { header: 'VALIDATOR', cell: (w) => text(w.validator_index), align: 'right' },
  { header: 'BLOCK', cell: (w) => text(w.block_number), align: 'right' },
  { header: 'AGE', cell: (w, c) => timeCell(w.timestamp, c) },
  { header: 'AMOUNT', cell: (w) => ({ ...amountCell(w.amount, 18), full: text(w.amount) }), align: 'right' },
];

export const searchColumns: Column<SearchResult>[] = [
  { header: 'TYPE', cell: (r) => text(r.type) },
  { header: 'NAME', cell: (r) => text(r.name ?? (typeof r.ens_info === 'object' && r.ens_info ? (r.ens_info as { name?: unknown }).name : undefined)) },
  { header: 'SYMBOL', cell: (r) => text(r.symbol) },
  {
    header: 'ID',
    cell: (r) => {
      const id = r.address_hash ?? r.address ?? r.transaction_hash ?? r.block_hash ?? '';
      return { full: text(id), short: id.length > 20 ? shortHash(text(id)) : text(id) };
    },
  },
  { header: 'BLOCK', cell: (r) => text(r.block_number), align: 'right' },
];

export const networkColumns: Column<Network>[] = [
  { header: 'CHAIN', cell: (n) => text(n.chain_id), align: 'right' },
  { header: 'NAME', cell: (n) => text(n.name) },
  { header: 'DOMAIN', cell: (n) => text(n.domain) },
  { header: 'ACTIVE', cell: (n) => (n.active ? { full: 'yes', style: 'ok' } : { full: 'no', style: 'dim' }) },
  { header: 'RPC', cell: (n) => text(n.rpc_url) },
  { header: 'SKEW', cell: (n) => text(n.block_timestamp_skew ?? 0), align: 'right' },
];

/** Any list of objects (`scout api`): the item's scalar fields, as JSON text for anything nested. */
export function genericColumns(sample: readonly unknown[]): Column<unknown>[] {
  const keys: string[] = [];
  for (const item of sample) {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      for (const k of Object.keys(item)) if (!keys.includes(k) && keys.length < 8) keys.push(k);
    }
  }
  if (keys.length === 0) return [{ header: 'VALUE', cell: (v) => text(typeof v === 'object' ? JSON.stringify(v) : v) }];
  return keys.map((k) => ({
    header: k.toUpperCase(),
    cell: (v) => {
      const x = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
      if (x && typeof x === 'object') {
        const h = (x as { hash?: unknown }).hash;
        return typeof h === 'string' ? hashCell(h) : text(JSON.stringify(x));
      }
      return typeof x === 'string' && /^0x[0-9a-fA-F]{40,64}$/.test(x) ? hashCell(x) : text(x);
    },
  }));
}
