/**
 * ERC-4337 account abstraction as text: one user operation as a key/value block read like `tx show`
 * (who sent it, whether it succeeded, what the account called, who bundled and paid, gas and fees),
 * the columns of user operation lists and of the service's top bundlers, paymasters and factories,
 * and a smart account's facts for `address show`.
 *
 * The service's answers name addresses as the explorer's address objects where the explorer knows
 * the address, else as the bare hash: both show. Fees are the coin's, exact (BigInt from wei);
 * gas prices in gwei.
 */
import type { AaAccount, AaBundle, AaBundler, AaFactory, AaParty, AaPaymaster, AaStatus, AddressParam, UserOp, UserOpInList } from '../api/schemas.js';
import { safeText, text } from '../base/text/safe.js';
import { SELECTORS, decodeRevert } from './abi.js';
import { addressCell, amountColumns, hashCell, nameCell, NONE, numberCell, plainCell, timeCell } from './cells.js';
import { coin } from './columns.js';
import { coinLabel, type RenderContext } from './context.js';
import { isRecord, objects } from './fields.js';
import { addressHash, addressName, age, humanTime, isoTime } from './format.js';
import type { Cell, Column } from './table.js';
import { type KeyValueRow, type Line, renderKeyValue, type Span } from './key-value.js';
import { paramValue } from './transaction.js';
import { displayUnits, formatUnits, groupDigits, gwei, toBigInt } from './units.js';
import { dataRow, fieldsRow, lazyRow } from './kv-rows.js';

/** One call the account made (abi/smart-account.ts's InnerCall). */
export interface OpCall {
  readonly target: string;
  readonly value: bigint | string;
  readonly data: string;
}

/** What the run worked out beside the operation: its calls unrolled, its summary's lines. */
export interface UserOpExtras {
  /** The account method and its calls, when the callData is one of the standard account methods. */
  readonly unrolled?: { readonly signature: string; readonly source: 'explorer' | 'calldata'; readonly calls: readonly OpCall[] } | undefined;
  /** The summary's lines (render/summary.ts), when the explorer has one. */
  readonly summary?: readonly string[] | undefined;
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** An address as the service sends it: an address object, or a bare hash the explorer did not know. */
export function partyOf(v: AaParty): AddressParam | null {
  if (typeof v === 'string') return v ? { hash: v } : null;
  return v ?? null;
}

/** An address for a person: "name  0xfull…", "[scam]" first when flagged. */
function party(v: AaParty, note = ''): Span[] {
  const a = partyOf(v);
  const hash = addressHash(a);
  if (!hash) return [];
  const name = addressName(a);
  const scam: Span[] = a?.is_scam === true || a?.reputation === 'scam' ? [{ text: '[scam] ', style: 'warn' }] : [];
  return [...scam, (name ? `${name}  ${hash}` : hash) + note];
}

/** ok or failed, from the boolean the service sends. */
export function opStatus(op: { status?: boolean | null | undefined }): 'ok' | 'failed' | '' {
  return op.status === true ? 'ok' : op.status === false ? 'failed' : '';
}

/** An amount of the chain's coin, rounded for a terminal, with its symbol. */
function coinAmount(v: unknown, ctx: RenderContext): string {
  const s = displayUnits(v, 18);
  return s === undefined ? text(v) : `${s} ${coinLabel(ctx)}`;
}

const gweiText = (v: unknown) => gwei(v) ?? text(v);
const count = (v: unknown) => (/^\d+$/.test(text(v)) ? groupDigits(text(v)) : text(v));

/** The method of calldata for a person: a known selector's name, else the selector. */
function methodOf(data: string): string {
  if (!/^0x[0-9a-fA-F]{8}/.test(data)) return data === '0x' || data === '' ? '' : 'calldata';
  const selector = data.slice(0, 10).toLowerCase();
  const name = SELECTORS[selector];
  return name ? `${name} (${selector})` : selector;
}

/** One inner call on one line: "→ 0xTarget  1.5 ETH  transfer (0xa9059cbb), 68 bytes". */
function callLine(c: OpCall, ctx: RenderContext, decoded?: string): string {
  const value = toBigInt(c.value);
  const parts = [
    `→ ${safeText(c.target)}`,
    value ? coinAmount(c.value, ctx) : '',
    decoded ?? methodOf(c.data),
    c.data.length > 2 ? `${(c.data.length - 2) / 2} bytes` : '',
  ].filter(Boolean);
  return parts.join('  ');
}

/** The explorer's decoding of the inner call of an `execute` (`decoded_execute_call_data`), as a method call. */
function decodedMethod(d: UserOp['decoded_execute_call_data']): string | undefined {
  return typeof d?.method_call === 'string' && d.method_call ? safeText(d.method_call) : undefined;
}


function ttyRows(op: UserOp, x: UserOpExtras, ctx: RenderContext): KeyValueRow[] {
  const status = opStatus(op);
  const unrolled = x.unrolled;
  const decoded = op.decoded_call_data;
  return [
    // "Operation": a label short enough that the whole hash fits beside it at 80 columns.
    lazyRow('Operation', () => text(op.hash)),
    lazyRow('Status', () => {
      const when = humanTime(op.timestamp);
      const ago = age(op.timestamp, ctx.now);
      const rest = [
        present(op.block_number) ? `block ${count(op.block_number)}` : '',
        op.consensus === false ? 'not in the main chain (its block was replaced)' : '',
        when ? `${when}${ago ? ` (${ago})` : ''}` : '',
      ].filter(Boolean);
      const head: Span[] = status ? [{ text: status, style: status === 'ok' ? 'ok' : 'error' }] : [];
      return [...head, ...rest.map((r, i) => (i === 0 && !head.length ? r : ` · ${r}`))];
    }),
    lazyRow('Revert', () => {
      if (status !== 'failed' || !present(op.revert_reason)) return '';
      const raw = text(op.revert_reason);
      return { text: safeText(decodeRevert(raw) ?? raw), style: 'error' };
    }),
    lazyRow('Sender', () => party(op.sender)),
    lazyRow('Call', () => {
      if (unrolled) return `${unrolled.signature}, ${unrolled.calls.length} call${unrolled.calls.length === 1 ? '' : 's'}`;
      if (typeof decoded?.method_call === 'string' && decoded.method_call) return safeText(decoded.method_call);
      return typeof op.call_data === 'string' ? methodOf(op.call_data) : '';
    }),
    lazyRow('Calls', () => {
      if (unrolled) {
        const one = unrolled.calls.length === 1 ? decodedMethod(op.decoded_execute_call_data) : undefined;
        return unrolled.calls.map((c, i): Line => [`${i + 1}. ${callLine(c, ctx, one)}`]);
      }
      // Not an account method scout unrolls: the explorer's decoded parameters, when it has them.
      return objects(decoded?.parameters).map((p): Line => [`${text(p.name)}  ${paramValue(p.value, true)}`]);
    }),
    lazyRow('Entry point', () => party(op.entry_point, present(op.entry_point_version) ? `  (${text(op.entry_point_version)})` : '')),
    lazyRow('Bundler', () => party(op.bundler)),
    lazyRow('Bundle', () => {
      if (!present(op.transaction_hash)) return '';
      // The transaction, then where in it: its handleOps call (bundle) and the operation's place there.
      const where = [present(op.index) ? `operation ${text(op.index)}` : '', present(op.bundle_index) ? `of bundle ${text(op.bundle_index)} in the transaction` : ''].filter(Boolean).join(' ');
      return where ? [[text(op.transaction_hash)], [where]] : text(op.transaction_hash);
    }),
    lazyRow('Paymaster', () => {
      const sponsor = present(op.sponsor_type) ? `  (${text(op.sponsor_type).replace(/_/g, ' ')})` : '';
      const p = party(op.paymaster, sponsor);
      return p.length ? p : present(op.sponsor_type) ? `none${sponsor}` : '';
    }),
    lazyRow('Factory', () => party(op.factory, '  (created the account)')),
    lazyRow('Fee', () => (present(op.fee) ? `${coinAmount(op.fee, ctx)} (actual)` : '')),
    lazyRow('Gas', () => {
      const used = toBigInt(op.gas_used);
      const limit = toBigInt(op.gas);
      if (used !== undefined && limit !== undefined) return `${groupDigits(used.toString())} / ${groupDigits(limit.toString())}`;
      return [present(op.gas_used) ? `used ${text(op.gas_used)}` : '', present(op.gas) ? `limit ${text(op.gas)}` : ''].filter(Boolean).join(' · ');
    }),
    lazyRow('Gas limits', () =>
      [
        present(op.call_gas_limit) ? `call ${count(op.call_gas_limit)}` : '',
        present(op.verification_gas_limit) ? `verification ${count(op.verification_gas_limit)}` : '',
        present(op.pre_verification_gas) ? `pre-verification ${count(op.pre_verification_gas)}` : '',
      ].filter(Boolean).join(' · '),
    ),
    lazyRow('Gas price', () => {
      if (!present(op.gas_price)) return '';
      const caps = [
        present(op.max_fee_per_gas) ? `max ${gweiText(op.max_fee_per_gas)}` : '',
        present(op.max_priority_fee_per_gas) ? `max priority ${gweiText(op.max_priority_fee_per_gas)}` : '',
      ].filter(Boolean);
      return `${gweiText(op.gas_price)} gwei${caps.length ? ` (${caps.join(' · ')})` : ''}`;
    }),
    lazyRow('Nonce', () => text(op.nonce)),
    lazyRow('Aggregator', () => party(op.aggregator)),
    lazyRow('Logs', () => (present(op.user_logs_count) && text(op.user_logs_count) !== '0' ? `${text(op.user_logs_count)} emitted by the operation` : '')),
    lazyRow('Summary', () => (x.summary ?? []).map((l): Line => [l])),
  ];
}

function pipeRows(op: UserOp, x: UserOpExtras): KeyValueRow[] {
  const [data, row] = [dataRow, fieldsRow];
  const named = (v: AaParty) => {
    const a = partyOf(v);
    return a ? [addressHash(a), addressName(a) ?? ''] : [];
  };
  const decoded = x.unrolled ? undefined : op.decoded_call_data;
  return [
    row('User operation', () => op.hash),
    row('Status', () => opStatus(op)),
    row('Revert', () => (opStatus(op) === 'failed' && present(op.revert_reason) ? (decodeRevert(text(op.revert_reason)) ?? op.revert_reason) : '')),
    row('Block', () => op.block_number),
    row('Block hash', () => op.block_hash),
    row('Consensus', () => (typeof op.consensus === 'boolean' ? String(op.consensus) : '')),
    row('Timestamp', () => isoTime(op.timestamp)),
    data('Sender', () => [named(op.sender)]),
    row('Call', () => x.unrolled?.signature ?? (typeof op.decoded_call_data?.method_call === 'string' ? op.decoded_call_data.method_call : '')),
    // One line per inner call: target, value in wei, value in the coin, calldata.
    data('Inner call', () => (x.unrolled?.calls ?? []).map((c) => [c.target, String(c.value), formatUnits(String(c.value), 18) ?? '', c.data])),
    data('Parameter', () => objects(decoded?.parameters).map((p) => [p.name, p.type, paramValue(p.value, false)])),
    row('Call data', () => op.call_data),
    data('Entry point', () => [named(op.entry_point)]),
    row('Entry point version', () => op.entry_point_version),
    data('Bundler', () => [named(op.bundler)]),
    row('Bundle transaction', () => op.transaction_hash),
    row('Bundle index', () => op.bundle_index),
    row('Index', () => op.index),
    data('Paymaster', () => [named(op.paymaster)]),
    row('Sponsor type', () => op.sponsor_type),
    data('Factory', () => [named(op.factory)]),
    row('Fee', () => op.fee, () => formatUnits(op.fee, 18) ?? ''),
    row('Gas used', () => op.gas_used),
    row('Gas limit', () => op.gas),
    row('Call gas limit', () => op.call_gas_limit),
    row('Verification gas limit', () => op.verification_gas_limit),
    row('Pre-verification gas', () => op.pre_verification_gas),
    row('Gas price', () => op.gas_price),
    row('Max fee', () => op.max_fee_per_gas),
    row('Max priority fee', () => op.max_priority_fee_per_gas),
    row('Nonce', () => op.nonce),
    data('Aggregator', () => [named(op.aggregator)]),
    row('Logs', () => op.user_logs_count),
    data('Summary', () => (x.summary ?? []).map((l) => [l])),
  ];
}

/** The key/value view of one user operation: any object the service sent, whatever its fields hold. */
export function renderUserOp(op: UserOp, extras: UserOpExtras, ctx: RenderContext): string {
  return renderKeyValue(ctx.tty ? ttyRows(op, extras, ctx) : pipeRows(op, extras), ctx);
}

// ───────────────────────────────────────────────────────────────────────── lists

/** ok or failed in words and colour. */
function opStatusCell(status: unknown): Cell {
  if (status === true) return { full: 'ok', style: 'ok' };
  if (status === false) return { full: 'failed', style: 'error' };
  return NONE;
}

/** An address the service sent: an object or a bare hash. */
const partyCell = (v: AaParty): Cell => addressCell(partyOf(v));

/**
 * User operations (`address userops`, `tx userops`): the operation, its time, its sender (left out on
 * a terminal for the list of one sender), the bundle transaction, the fee and the status.
 */
export const userOpColumns: Column<UserOpInList>[] = [
  { header: 'HASH', name: 'hash', cell: (o) => hashCell(o.hash), fixed: true },
  { header: 'BLOCK', name: 'block_number', show: 'data', cell: (o) => text(o.block_number) },
  { header: 'AGE', name: 'timestamp', cell: (o, c) => timeCell(o.timestamp, c, NONE, o.block_number), fixed: true, time: true, drop: 3 },
  { header: 'SENDER', name: 'sender', cell: (o) => partyCell(o.address), min: 11, subject: 'without' },
  { header: 'ENTRY POINT', name: 'entry_point', cell: (o) => partyCell(o.entry_point), min: 11, drop: 1 },
  { header: 'VERSION', name: 'entry_point_version', cell: (o) => plainCell(o.entry_point_version), fixed: true, drop: 2 },
  { header: 'BUNDLE TX', name: 'transaction_hash', cell: (o) => hashCell(o.transaction_hash), fixed: true, drop: 4 },
  ...amountColumns<UserOpInList>('FEE', 'fee', (o, c) => coin(o.fee, c), 'fee_wei'),
  { header: 'STATUS', name: 'status', cell: (o) => opStatusCell(o.status), fixed: true },
  { header: 'SENDER NAME', name: 'sender_name', show: 'csv', cell: (o) => nameCell(partyOf(o.address)) },
];

/** The operations of one bundle (`tx userops <hash>`): on a terminal without the bundle and its age, the same on every row. */
export const txUserOpColumns: Column<UserOpInList>[] = userOpColumns.map((c) =>
  c.name === 'transaction_hash' || c.name === 'timestamp' ? { ...c, show: 'data' } : c,
);

/** A top list: the address, its counts, and in CSV the address's name. */
function topColumns<T extends { address?: AaParty }>(counts: [header: string, name: string, get: (r: T) => unknown][]): Column<T>[] {
  return [
    { header: 'ADDRESS', name: 'address', cell: (r) => partyCell(r.address), min: 13 },
    ...counts.map(([header, name, get]): Column<T> => ({ header, name, cell: (r) => numberCell(get(r)), align: 'right', fixed: true })),
    { header: 'NAME', name: 'name', show: 'csv', cell: (r) => nameCell(partyOf(r.address)) },
  ];
}

export const aaBundlerColumns: Column<AaBundler>[] = topColumns<AaBundler>([
  ['BUNDLES', 'total_bundles', (r) => r.total_bundles],
  ['OPERATIONS', 'total_ops', (r) => r.total_ops],
]);

export const aaPaymasterColumns: Column<AaPaymaster>[] = topColumns<AaPaymaster>([['OPERATIONS', 'total_ops', (r) => r.total_ops]]);

export const aaFactoryColumns: Column<AaFactory>[] = topColumns<AaFactory>([['ACCOUNTS', 'total_accounts', (r) => r.total_accounts]]);

/** `aa accounts`: each smart account, its factory, its operations and when it was created. */
export const aaAccountColumns: Column<AaAccount>[] = [
  { header: 'ACCOUNT', name: 'address', cell: (a) => partyCell(a.address), min: 13 },
  { header: 'FACTORY', name: 'factory', cell: (a) => partyCell(a.factory), min: 11, drop: 1 },
  { header: 'OPERATIONS', name: 'total_ops', cell: (a) => numberCell(a.total_ops), align: 'right', fixed: true },
  { header: 'CREATED', name: 'creation_timestamp', cell: (a, c) => timeCell(a.creation_timestamp, c, NONE), fixed: true, time: true, drop: 2 },
  { header: 'CREATION OP', name: 'creation_op_hash', show: 'data', cell: (a) => hashCell(a.creation_op_hash) },
];

/** `aa bundles`: each bundle transaction, its bundler, its operations, when. */
export const aaBundleColumns: Column<AaBundle>[] = [
  { header: 'BUNDLE TX', name: 'transaction_hash', cell: (b) => hashCell(b.transaction_hash), fixed: true },
  { header: 'BLOCK', name: 'block_number', cell: (b) => numberCell(b.block_number), align: 'right', fixed: true },
  { header: 'AGE', name: 'timestamp', cell: (b, c) => timeCell(b.timestamp, c, NONE, b.block_number), fixed: true, time: true, drop: 2 },
  { header: 'BUNDLER', name: 'bundler', cell: (b) => partyCell(b.bundler), min: 11, drop: 1 },
  { header: 'OPERATIONS', name: 'total_ops', cell: (b) => numberCell(b.total_ops), align: 'right', fixed: true },
  { header: 'INDEX', name: 'bundle_index', show: 'data', cell: (b) => numberCell(b.bundle_index) },
];

// ───────────────────────────────────────────────────────────────────────── address show

/** A smart account's rows for a terminal (`address show`): its factory, the operation that created it, its operation count. */
export function accountTtyRows(a: AaAccount): KeyValueRow[] {
  return [
    lazyRow('Smart account', () => `ERC-4337${present(a.total_ops) ? ` · ${count(a.total_ops)} user operation${text(a.total_ops) === '1' ? '' : 's'}` : ''}`),
    lazyRow('Factory', () => party(a.factory)),
    lazyRow('Created by op', () => {
      if (!present(a.creation_op_hash)) return '';
      const when = humanTime(a.creation_timestamp);
      return when ? [[text(a.creation_op_hash)], [when]] : text(a.creation_op_hash);
    }),
  ];
}

/** The same piped: one fact a line, full values. */
export function accountPipeRows(a: AaAccount): KeyValueRow[] {
  const f = partyOf(a.factory);
  const line = (label: string, ...fields: unknown[]): KeyValueRow => ({ label, data: [fields.map((v) => text(v))] });
  return [
    line('User operations', a.total_ops),
    line('Factory', f ? addressHash(f) : '', f ? (addressName(f) ?? '') : ''),
    line('Creation operation', a.creation_op_hash),
    line('Creation op transaction', a.creation_transaction_hash),
    line('Creation op timestamp', isoTime(a.creation_timestamp)),
  ];
}

// ───────────────────────────────────────────────────────────────────────── aa status

/** `v07` → `v0.7`: the entry point version as people write it. */
const versionName = (key: string) => (/^v0\d$/.test(key) ? `v0.${key.slice(2)}` : key);

/** Whether a version's past logs are indexed, from the database and from the node: undefined when the service does not say. */
function pastLogs(v: Readonly<Record<string, unknown>>): boolean | undefined {
  const said = [v.past_db_logs_indexing_finished, v.past_rpc_logs_indexing_finished].filter((x) => typeof x === 'boolean');
  return said.length === 0 ? undefined : said.every((x) => x === true);
}

/** The service's status: overall, then a line per entry point version. */
export function renderAaStatus(status: AaStatus, ctx: RenderContext): string {
  const versions = Object.entries(status as Record<string, unknown>).filter(([, v]) => isRecord(v)) as [string, Record<string, unknown>][];
  const flag = (v: unknown) => (v === true ? 'true' : v === false ? 'false' : text(v));
  if (!ctx.tty) {
    return renderKeyValue(
      [
        { label: 'Finished past indexing', data: [[flag(status.finished_past_indexing)]] },
        ...versions.map(([k, v]): KeyValueRow => ({
          label: safeText(k),
          data: [[flag(v.enabled), flag(v.live), flag(v.past_db_logs_indexing_finished), flag(v.past_rpc_logs_indexing_finished)]],
        })),
      ],
      ctx,
    );
  }
  const past = status.finished_past_indexing;
  const said = (v: unknown, yes: string, no: string): Span[] => (v === true ? [yes] : v === false ? [{ text: no, style: 'warn' }] : []);
  const joined = (spans: Span[]): Span[] => spans.flatMap((sp, i) => (i === 0 ? [sp] : [' · ', sp]));
  return renderKeyValue(
    [
      { label: 'Indexer', value: joined([{ text: 'up', style: 'ok' }, ...said(past, 'past operations indexed', 'still indexing past operations')]) },
      ...versions.map(([k, v]): KeyValueRow => {
        const off = v.enabled === false;
        const spans: Span[] = off
          ? [{ text: 'disabled', style: 'dim' }]
          : [
              ...said(v.enabled, 'enabled', 'disabled'),
              ...said(v.live, 'live', 'not live'),
              ...said(pastLogs(v), 'past logs indexed', 'past logs still indexing'),
            ];
        return { label: `Entry point ${safeText(versionName(k))}`, value: joined(spans) };
      }),
    ],
    ctx,
  );
}
