/**
 * The columns of each kind of list. Each set has terminal columns (what a person looks for, short
 * forms), data columns (piped lines and CSV: full hashes, ISO times, raw integers beside scaled
 * amounts) and a few CSV-only columns (names beside addresses) that would leave holes in piped lines.
 */
import type {
  Block,
  InternalTransaction,
  Network,
  NftCollection,
  SearchResult,
  Token,
  TokenBalance,
  TokenTransfer,
  TopAddress,
  Transaction,
  Withdrawal,
} from '../api/schemas.js';
import { addressCell, amountColumns, counterpartyCell, directionCell, hashCell, nameCell, NONE, numberCell, PENDING, plainCell, statusCell, timeCell } from './cells.js';
import type { AddressParam } from '../api/schemas.js';
import { isRecord } from './fields.js';
import { shortAddress, shortHash, shortId } from './format.js';
import { safeText, text } from '../base/text/safe.js';
import { searchInfo } from './search.js';
import { coinLabel, type RenderContext } from './context.js';
import type { Cell, Column } from './table.js';
import { groupDigits, gwei, usd, valueAt } from './units.js';
import { percentOf } from './block.js';
import { displayWidth, truncate } from './width.js';

const tokenAddress = (t: Token | null | undefined): string => text(t?.address_hash ?? t?.address);

/**
 * A token: "USDC (0xA0b86a…eB48)" on a terminal (the whole address when the column has room), its
 * contract address piped; the label (its symbol) gives way first, then the address's 6+4 digits
 * become 4+4.
 */
export function tokenCell(t: Token | null | undefined, label = text(t?.symbol) || text(t?.name)): Cell {
  const addr = tokenAddress(t);
  if (!addr) return label ? { full: '', short: label } : NONE;
  const tailOf = (a: string) => (label ? ` (${a})` : a);
  const [long, short] = [shortAddress(addr), shortHash(addr)];
  return {
    full: addr,
    short: label + tailOf(long),
    wide: long === addr ? undefined : label ? `${label} (${addr})` : addr,
    fit: (w) => {
      for (const a of [long, short]) {
        const room = w - displayWidth(tailOf(a));
        if (label && room >= Math.min(6, displayWidth(label))) return truncate(label, room) + tailOf(a);
      }
      return displayWidth(long) <= w ? long : truncate(short, w);
    },
  };
}

/** An NFT token id: whole piped, `#id` on a terminal (long ids shortened in the middle, more so in a narrow column). */
export function tokenIdCell(id: unknown): Cell {
  const s = text(id);
  if (!s) return NONE;
  const short = '#' + shortId(s);
  return { full: s, short, wide: short === '#' + s ? undefined : '#' + s, fit: (w) => '#' + shortId(s, Math.max(9, w - 1)) };
}

/** An amount in the chain's coin (labelled `coin` when the chain is not known). */
export const coin = (v: unknown, ctx: RenderContext) => ({ raw: v, decimals: 18, unit: coinLabel(ctx) });

/** A function name: not a bare selector such as `0xa9059cbb`. */
const isName = (m: string) => m !== '' && !/^0x[0-9a-fA-F]*$/.test(m);

/**
 * The method of a transaction: piped as the server sent it; on a terminal its name, from
 * `decoded_input` when `method` is only a selector, else the selector.
 */
function methodCell(t: Transaction): Cell {
  const sent = text(t.method);
  const call = t.decoded_input?.method_call;
  const decoded = typeof call === 'string' ? safeText(call.replace(/\(.*$/s, '').trim()) : '';
  const shown = isName(sent) ? sent : decoded || sent;
  return shown ? { full: sent, short: shown } : NONE;
}

type Party = AddressParam | null | undefined;

/**
 * FROM and TO, and for the list of one address (RenderContext.subject) on a terminal in their place
 * DIR (IN, OUT, SELF) and the other party: the address itself is not repeated on every row. Piped
 * and CSV output keep FROM and TO.
 */
export function parties<T>(from: (t: T) => Party, to: (t: T) => Party, created: (t: T) => Party = () => null): Column<T>[] {
  return [
    { header: 'FROM', cell: (t) => addressCell(from(t)), min: 11, subject: 'without' },
    { header: 'TO', cell: (t) => addressCell(to(t), created(t), true), min: 11, subject: 'without' },
    { header: 'DIR', show: 'tty', cell: (t, c) => directionCell(from(t), to(t) ?? created(t), c.subject), fixed: true, subject: 'with' },
    { header: 'COUNTERPARTY', show: 'tty', cell: (t, c) => counterpartyCell(from(t), to(t), created(t), c.subject), min: 12, subject: 'with' },
  ];
}

export const transactionColumns: Column<Transaction>[] = [
  { header: 'HASH', cell: (t) => hashCell(t.hash), fixed: true },
  { header: 'BLOCK', name: 'block', show: 'data', cell: (t) => text(t.block_number ?? t.block) },
  // Some chains send `timestamp: null` for mined transactions: the block stands in for the age.
  { header: 'AGE', name: 'timestamp', cell: (t, c) => timeCell(t.timestamp, c, PENDING, t.block_number ?? t.block), fixed: true, time: true, drop: 3 },
  // The method gives way with the amounts, before the names do, and is the first left out.
  { header: 'METHOD', cell: (t) => methodCell(t), min: 10, yieldsFirst: true, drop: 1 },
  ...parties<Transaction>((t) => t.from, (t) => t.to, (t) => t.created_contract),
  ...amountColumns<Transaction>('VALUE', 'value', (t, c) => coin(t.value, c), 'value_wei'),
  ...dropping(2, amountColumns<Transaction>('FEE', 'fee', (t, c) => ({ ...coin(t.fee?.value, c), prefix: t.fee?.type === 'maximum' ? '≤' : '' }), 'fee_wei')),
  { header: 'STATUS', cell: (t) => statusCell(t.status, t.result), fixed: true, drop: 4 },
  { header: 'FEE TYPE', name: 'fee_type', show: 'csv', cell: (t) => text(t.fee?.type) },
  { header: 'RESULT', name: 'result', show: 'csv', cell: (t) => text(t.result) },
  { header: 'FROM NAME', name: 'from_name', show: 'csv', cell: (t) => nameCell(t.from) },
  { header: 'TO NAME', name: 'to_name', show: 'csv', cell: (t) => nameCell(t.to) },
  { header: 'CREATED', name: 'created_contract', show: 'csv', cell: (t) => text(t.created_contract?.hash) },
];

// A Map: a plain object would answer "constructor" or "__proto__" with what Object.prototype holds.
const TRANSFER_KIND: ReadonlyMap<unknown, string> = new Map([
  ['token_transfer', 'transfer'],
  ['token_minting', 'mint'],
  ['token_burning', 'burn'],
  ['token_spawning', 'spawn'],
]);

/** The terminal columns of `cols` with drop rank `rank` (the data columns never drop). */
function dropping<T>(rank: number, cols: Column<T>[]): Column<T>[] {
  return cols.map((c) => (c.show === 'tty' || c.show === undefined ? { ...c, drop: rank } : c));
}

export const tokenTransferColumns: Column<TokenTransfer>[] = [
  { header: 'TX', name: 'transaction_hash', cell: (t) => hashCell(t.transaction_hash ?? t.tx_hash), fixed: true, drop: 5 },
  { header: 'LOG', name: 'log_index', show: 'data', cell: (t) => text(t.log_index) },
  // The time stays longest: the token and its id give way first (the symbol is beside the amount).
  { header: 'AGE', name: 'timestamp', cell: (t, c) => timeCell(t.timestamp, c, PENDING, t.block_number), fixed: true, time: true, drop: 4 },
  { header: 'TYPE', cell: (t) => ({ full: text(t.type), short: TRANSFER_KIND.get(t.type) ?? (text(t.type) || '—') }), min: 8, drop: 1 },
  ...parties<TokenTransfer>((t) => t.from, (t) => t.to),
  ...amountColumns<TokenTransfer>('AMOUNT', 'amount', (t) =>
    t.total?.value === undefined || t.total?.value === null
      ? undefined
      : { raw: t.total.value, decimals: t.total.decimals ?? t.token?.decimals, unit: t.token?.symbol },
  ),
  { header: 'TOKEN', cell: (t) => tokenCell(t.token), min: 11, drop: 2 },
  { header: 'SYMBOL', name: 'token_symbol', show: 'data', cell: (t) => text(t.token?.symbol) },
  { header: 'TOKEN TYPE', name: 'token_type', show: 'data', cell: (t) => text(t.token_type ?? t.token?.type) },
  { header: 'TOKEN ID', cell: (t) => tokenIdCell(t.total?.token_id), min: 10, drop: 3 },
  { header: 'BLOCK', name: 'block_number', show: 'csv', cell: (t) => text(t.block_number) },
  { header: 'TOKEN NAME', name: 'token_name', show: 'csv', cell: (t) => text(t.token?.name) },
  { header: 'METHOD', name: 'method', show: 'csv', cell: (t) => text(t.method) },
  { header: 'FROM NAME', name: 'from_name', show: 'csv', cell: (t) => nameCell(t.from) },
  { header: 'TO NAME', name: 'to_name', show: 'csv', cell: (t) => nameCell(t.to) },
];

/**
 * The transfers of one transaction (`tx transfers <hash>`): on a terminal without the transaction and
 * its age, the same on every row and given on the command line; piped and in CSV the same columns as
 * any list of transfers.
 */
export const txTransferColumns: Column<TokenTransfer>[] = tokenTransferColumns.map((c) =>
  c.name === 'transaction_hash' || c.name === 'timestamp' ? { ...c, show: 'data' } : c,
);

export const tokenBalanceColumns: Column<TokenBalance>[] = [
  { header: 'TOKEN', cell: (b) => tokenCell(b.token), min: 13 },
  { header: 'SYMBOL', name: 'symbol', show: 'data', cell: (b) => text(b.token?.symbol) },
  { header: 'NAME', cell: (b) => plainCell(b.token?.name), min: 8, drop: 2 },
  { header: 'TYPE', cell: (b) => plainCell(b.token?.type), fixed: true, drop: 1 },
  // Fungible tokens have no id: the column shows only when the first page holds one that has.
  { header: 'TOKEN ID', cell: (b) => tokenIdCell(b.token_id), min: 10, optional: true },
  ...amountColumns<TokenBalance>('BALANCE', 'balance', (b) => ({ raw: b.value, decimals: b.token?.decimals })),
  {
    header: 'VALUE',
    name: 'value_usd',
    align: 'right',
    fixed: true,
    cell: (b) => {
      const rate = b.token?.exchange_rate;
      const full = valueAt(b.value, b.token?.decimals, rate);
      return full === undefined ? NONE : { full, short: usd(b.value, b.token?.decimals, rate) };
    },
  },
  { header: 'DECIMALS', name: 'decimals', show: 'csv', cell: (b) => text(b.token?.decimals) },
  { header: 'EXCHANGE RATE', name: 'exchange_rate', show: 'csv', cell: (b) => text(b.token?.exchange_rate) },
];

/** Token ids of a collection: all of them piped; on a terminal as many as fit, then "+n more". */
function tokenIdsCell(n: NftCollection): Cell {
  const ids = (Array.isArray(n.token_instances) ? n.token_instances : []).map((i) => text(i?.id ?? i?.token_id)).filter(Boolean);
  if (ids.length === 0) return NONE;
  const shortIds = ids.map((id) => '#' + shortId(id, 12));
  const list = (k: number) => shortIds.slice(0, k).join(' ') + (k < ids.length ? ` +${ids.length - k} more` : '');
  return {
    full: ids.join(','),
    short: list(ids.length),
    fit: (w) => {
      for (let k = ids.length - 1; k >= 1; k--) if (displayWidth(list(k)) <= w) return list(k);
      return `${ids.length} ids`;
    },
  };
}

export const nftCollectionColumns: Column<NftCollection>[] = [
  { header: 'COLLECTION', name: 'token', cell: (n) => tokenCell(n.token, text(n.token?.name ?? n.token?.symbol)), min: 13 },
  { header: 'NAME', name: 'name', show: 'data', cell: (n) => text(n.token?.name) },
  { header: 'SYMBOL', name: 'symbol', show: 'data', cell: (n) => text(n.token?.symbol) },
  { header: 'TYPE', cell: (n) => plainCell(n.token?.type), fixed: true, drop: 1 },
  { header: 'AMOUNT', cell: (n) => numberCell(n.amount), align: 'right', fixed: true },
  { header: 'TOKEN IDS', cell: (n) => tokenIdsCell(n), min: 12 },
];

export const internalTxColumns: Column<InternalTransaction>[] = [
  { header: 'TX', name: 'transaction_hash', cell: (t) => hashCell(t.transaction_hash), fixed: true, drop: 3 },
  { header: 'BLOCK', name: 'block_number', show: 'data', cell: (t) => text(t.block_number ?? t.block) },
  { header: 'INDEX', name: 'index', show: 'data', cell: (t) => text(t.index) },
  { header: 'AGE', name: 'timestamp', cell: (t, c) => timeCell(t.timestamp, c, NONE, t.block_number ?? t.block), fixed: true, time: true, drop: 2 },
  { header: 'TYPE', cell: (t) => plainCell(t.type), fixed: true, drop: 1 },
  ...parties<InternalTransaction>((t) => t.from, (t) => t.to, (t) => t.created_contract),
  ...amountColumns<InternalTransaction>('VALUE', 'value', (t, c) => coin(t.value, c), 'value_wei'),
  { header: 'GAS LIMIT', name: 'gas_limit', show: 'data', cell: (t) => text(t.gas_limit) },
  {
    header: 'STATUS',
    cell: (t) => (t.success === false || t.error ? { full: 'error', short: t.error ? `error: ${text(t.error)}` : 'error', style: 'error' } : { full: 'ok', style: 'ok' }),
    min: 8,
  },
  { header: 'ERROR', name: 'error', show: 'data', cell: (t) => text(t.error) },
  { header: 'FROM NAME', name: 'from_name', show: 'csv', cell: (t) => nameCell(t.from) },
  { header: 'TO NAME', name: 'to_name', show: 'csv', cell: (t) => nameCell(t.to) },
  { header: 'CREATED', name: 'created_contract', show: 'csv', cell: (t) => text(t.created_contract?.hash) },
];

/**
 * The internal transactions of one transaction (`tx internal-txs <hash>`): on a terminal without the
 * transaction and its age, the same on every row; piped and in CSV the same columns as any list.
 */
export const txInternalTxColumns: Column<InternalTransaction>[] = internalTxColumns.map((c) =>
  c.name === 'transaction_hash' || c.name === 'timestamp' ? { ...c, show: 'data' } : c,
);

/**
 * The internal transactions of one block (`block internal-txs <n>`): on a terminal without their age,
 * the same on every row; the transaction of each stays. Piped and in CSV the same columns as any list.
 */
export const blockInternalTxColumns: Column<InternalTransaction>[] = internalTxColumns.map((c) => (c.name === 'timestamp' ? { ...c, show: 'data' } : c));

export const withdrawalColumns: Column<Withdrawal>[] = [
  { header: 'INDEX', cell: (w) => numberCell(w.index), align: 'right', fixed: true },
  { header: 'VALIDATOR', name: 'validator_index', cell: (w) => numberCell(w.validator_index), align: 'right', fixed: true, drop: 2 },
  // A block's own withdrawals come without their block and time (the command names the block).
  { header: 'BLOCK', name: 'block_number', cell: (w) => numberCell(w.block_number), align: 'right', fixed: true, drop: 3, optional: true },
  { header: 'AGE', name: 'timestamp', cell: (w, c) => timeCell(w.timestamp, c, NONE), fixed: true, time: true, drop: 1, optional: true },
  // Older servers send no receiver on the address endpoint (it is the address itself).
  { header: 'RECEIVER', cell: (w) => (w.receiver ? addressCell(w.receiver) : NONE), min: 11, optional: true },
  ...amountColumns<Withdrawal>('AMOUNT', 'amount', (w, c) => coin(w.amount, c), 'amount_wei'),
];

/** Gas used with its share of the limit on a terminal: "12,345,678 (34.3%)"; the raw integer piped. */
function gasUsedCell(b: Block): Cell {
  const used = text(b.gas_used);
  if (!used) return NONE;
  const pct = percentOf(b.gas_used, b.gas_limit);
  return { full: used, short: /^\d+$/.test(used) ? `${groupDigits(used)}${pct ? ` (${pct})` : ''}` : used };
}

export const blockColumns: Column<Block>[] = [
  { header: 'BLOCK', name: 'height', cell: (b) => numberCell(b.height), align: 'right', fixed: true },
  { header: 'HASH', name: 'hash', show: 'data', cell: (b) => text(b.hash) },
  // An uncle or a block a reorganisation replaced shares its height with a block of the chain: only
  // its hash finds it (`scout block <hash>`), so on a terminal a page holding one shows the hashes.
  { header: 'HASH', show: 'tty', cell: (b) => (b.type === 'uncle' || b.type === 'reorg' ? hashCell(b.hash) : ''), fixed: true, optional: true },
  { header: 'TYPE', name: 'type', show: 'data', cell: (b) => text(b.type) },
  { header: 'AGE', name: 'timestamp', cell: (b, c) => timeCell(b.timestamp, c, NONE), fixed: true, time: true, drop: 3 },
  { header: 'TXS', name: 'transactions_count', cell: (b) => numberCell(b.transactions_count), align: 'right', fixed: true },
  { header: 'MINER', name: 'miner', cell: (b) => addressCell(b.miner), min: 11, drop: 2 },
  { header: 'GAS USED', name: 'gas_used', cell: (b) => gasUsedCell(b), align: 'right', fixed: true, drop: 4 },
  { header: 'GAS LIMIT', name: 'gas_limit', show: 'data', cell: (b) => text(b.gas_limit) },
  {
    header: 'BASE FEE',
    name: 'base_fee_per_gas',
    align: 'right',
    fixed: true,
    drop: 1,
    cell: (b) => {
      const wei = text(b.base_fee_per_gas);
      const g = gwei(b.base_fee_per_gas);
      return wei ? { full: wei, short: g === undefined ? wei : `${groupDigits(g)} gwei` } : NONE;
    },
  },
  ...dropping(5, amountColumns<Block>('BURNT FEES', 'burnt_fees', (b, c) => coin(b.burnt_fees, c), 'burnt_fees_wei')),
  { header: 'SIZE', name: 'size', show: 'data', cell: (b) => text(b.size) },
  { header: 'MINER NAME', name: 'miner_name', show: 'csv', cell: (b) => nameCell(b.miner) },
  { header: 'PARENT', name: 'parent_hash', show: 'csv', cell: (b) => text(b.parent_hash) },
];

export const searchColumns: Column<SearchResult>[] = [
  { header: 'TYPE', cell: (r) => plainCell(r.type), fixed: true },
  { header: 'NAME', cell: (r) => { const i = searchInfo(r); return i.name || i.symbol ? { full: i.name, short: i.label } : NONE; }, min: 12 },
  { header: 'SYMBOL', name: 'symbol', show: 'data', cell: (r) => searchInfo(r).symbol },
  // The id is what a user copies into the next command: whole while DETAIL can give way, shortened
  // only when it cannot fit even then (a transaction hash at 80 columns).
  { header: 'ID', cell: (r) => { const id = searchInfo(r).id; return id ? { full: id, fit: (w: number) => (displayWidth(id) <= w ? id : shortHash(id)) } : NONE; }, min: 13 },
  { header: 'DETAIL', cell: (r) => { const d = searchInfo(r).detail; return d ? { full: d } : NONE; }, min: 10, yieldsFirst: true, drop: 2 },
  { header: 'AGE', name: 'timestamp', cell: (r, c) => timeCell(r.timestamp, c, NONE), fixed: true, time: true, optional: true, drop: 1 },
];

export interface NetworkColumnOptions {
  /** Show the network's explorer API key (a secret): only when the user asked (`--show-secrets`). */
  showSecrets?: boolean;
}

const flag = (v: unknown) => (v === true ? 'true' : 'false');
// Older field tables call the secret `explorer_api_key`, the live service `blockscout_api_key`
// (docs/api-behaviour.md, Admin API).
const apiKey = (n: Network): unknown => n.blockscout_api_key ?? n.explorer_api_key;

/** Admin networks. The explorer API key never appears unless `showSecrets`; otherwise only whether one is set. */
export function networkColumns(opts: NetworkColumnOptions = {}): Column<Network>[] {
  const activity = (n: Network) =>
    [
      n.sent_transactions_activity_enabled === true ? 'sent' : '',
      n.verified_contracts_activity_enabled === true ? 'contracts' : '',
      n.blockscout_usage_activity_enabled === true ? 'usage' : '',
    ].filter(Boolean).join(', ');
  const hasKey = (n: Network) => typeof apiKey(n) === 'string' && apiKey(n) !== '';
  return [
    { header: 'CHAIN', name: 'chain_id', cell: (n) => text(n.chain_id), align: 'right', fixed: true },
    { header: 'NAME', cell: (n) => plainCell(n.name), min: 8 },
    { header: 'DOMAIN', cell: (n) => plainCell(n.domain), min: 12, drop: 4 },
    { header: 'ACTIVE', cell: (n) => (n.active === true ? { full: 'true', short: 'yes', style: 'ok' } : { full: 'false', short: 'no', style: 'dim' }), fixed: true },
    { header: 'RPC', name: 'rpc_url', cell: (n) => plainCell(n.rpc_url), min: 10, drop: 3 },
    // Proto3 JSON drops zero values: a missing skew is 0.
    { header: 'SKEW', name: 'block_timestamp_skew', cell: (n) => text(n.block_timestamp_skew ?? 0), align: 'right', fixed: true, drop: 1 },
    { header: 'ACTIVITY', show: 'tty', cell: (n) => activity(n) || NONE, min: 8, drop: 2 },
    { header: 'SENT', name: 'sent_transactions_activity_enabled', show: 'data', cell: (n) => flag(n.sent_transactions_activity_enabled) },
    { header: 'CONTRACTS', name: 'verified_contracts_activity_enabled', show: 'data', cell: (n) => flag(n.verified_contracts_activity_enabled) },
    { header: 'USAGE', name: 'blockscout_usage_activity_enabled', show: 'data', cell: (n) => flag(n.blockscout_usage_activity_enabled) },
    opts.showSecrets
      ? { header: 'API KEY', name: 'api_key', cell: (n) => plainCell(apiKey(n)), fixed: true }
      : { header: 'KEY', name: 'api_key_set', cell: (n) => (hasKey(n) ? { full: 'true', short: 'set' } : { full: 'false', short: '—', style: 'dim' }), fixed: true },
  ];
}

/** Any list of objects (`scout api`): the items' first keys, nested values as JSON, hashes shortened on a terminal. */
export function genericColumns(sample: readonly unknown[]): Column<unknown>[] {
  const keys: string[] = [];
  for (const item of sample) {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      for (const k of Object.keys(item)) if (!keys.includes(k) && keys.length < 8) keys.push(k);
    }
  }
  if (keys.length === 0) return [{ header: 'VALUE', cell: (v) => text(v) }];
  // The rightmost keys are the first left out when they cannot all fit.
  return keys.map((k, i) => ({
    header: safeText(k.toUpperCase()),
    name: safeText(k),
    min: 8,
    drop: i === 0 ? undefined : keys.length - i,
    cell: (v) => {
      const x = isRecord(v) ? v[k] : undefined;
      if (x && typeof x === 'object') {
        const h = isRecord(x) ? x.hash : undefined;
        return typeof h === 'string' ? hashCell(h) : text(x);
      }
      return typeof x === 'string' && /^0x[0-9a-fA-F]{40,64}$/.test(x) ? hashCell(x) : text(x);
    },
  }));
}

/** `scout accounts`: each top account, its coin balance and its transaction count. */
export const topAccountColumns: Column<TopAddress>[] = [
  { header: 'ADDRESS', name: 'address', cell: (a) => addressCell(a as AddressParam), min: 11 },
  ...amountColumns<TopAddress>('BALANCE', 'balance', (a, ctx) => coin(a.coin_balance, ctx)),
  { header: 'TXS', name: 'transactions_count', align: 'right', cell: (a) => numberCell(a.transactions_count) },
  { header: 'NAME', name: 'name', show: 'csv', cell: (a) => plainCell(a.name) },
];
