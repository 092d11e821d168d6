/**
 * `tx show` as a key/value block: what a person looks for first, in that order (UX.md). On a
 * terminal several facts share a line ("ok · block 19,999,999 · 1,204 confirmations · …") and
 * amounts carry units; piped, each fact is its own `Label<TAB>field…` line with full values and ISO
 * times, so `awk -F'\t' '$1 == "Block"'` works.
 */
import type { AddressParam, TokenTransfer, Transaction } from '../api/schemas.js';
import { decodeRevert, selectorOf } from './abi.js';
import type { RenderContext } from './context.js';
import { addressHash, addressName, age, humanTime, isoTime, shortHash, shortId } from './format.js';
import { safeText, text } from '../text/safe.js';
import { type KeyValueRow, paint, renderKeyValue } from './table.js';
import { formatUnits, groupDigits, gwei, toBigInt, usd } from './units.js';
import { displayWidth, truncate } from './width.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

const TX_TYPES: Record<string, string> = {
  '0': 'legacy',
  '1': 'EIP-2930',
  '2': 'EIP-1559',
  '3': 'EIP-4844, blob',
  '4': 'EIP-7702, set code',
  '126': 'deposit',
};

/** ok, error or pending, from `status` (null while pending). */
export function txStatus(tx: Transaction): 'ok' | 'error' | 'pending' {
  return tx.status === 'ok' ? 'ok' : tx.status === null || tx.status === undefined ? 'pending' : 'error';
}

/** Why a transaction failed, readable: "execution reverted: Too little received". Safe text. */
export function revertText(tx: Transaction): string {
  const result = typeof tx.result === 'string' && !['success', 'pending'].includes(tx.result) ? safeText(tx.result) : '';
  const r = obj(tx.revert_reason);
  let reason = '';
  if (r && typeof r.raw === 'string') reason = safeText(decodeRevert(r.raw) ?? r.raw);
  else if (r && typeof r.method_call === 'string') {
    const params = Array.isArray(r.parameters) ? r.parameters.map(obj).filter((p): p is Obj => p !== undefined) : [];
    const name = safeText(r.method_call.replace(/\(.*$/s, ''));
    reason = params.length ? `${name}(${params.map((p) => `${text(p.name)}: ${paramValue(p.value, true)}`).join(', ')})` : safeText(r.method_call);
  }
  if (result && reason && reason.toLowerCase() !== result.toLowerCase()) return `${result}: ${reason}`;
  return result || reason;
}

/** A decoded parameter value: arrays as [a, b], long byte strings shortened on a terminal. Safe text. */
export function paramValue(v: unknown, tty: boolean): string {
  if (Array.isArray(v)) return tty ? `[${v.map((x) => paramValue(x, tty)).join(', ')}]` : text(v);
  if (typeof v === 'string' && tty && /^0x[0-9a-fA-F]{66,}$/.test(v)) return `${v.slice(0, 10)}…(${(v.length - 2) / 2} bytes)`;
  return text(v);
}

/** An address for a person: "name  0xfull…" (the address always beside the name). */
function party(a: AddressParam | null | undefined, ctx: RenderContext, note = ''): string {
  const hash = addressHash(a);
  if (!hash) return '';
  const name = addressName(a);
  const scam = a?.is_scam === true || a?.reputation === 'scam' ? paint('[scam] ', 'warn', ctx) : '';
  const verified = a?.is_contract === true && a?.is_verified === true ? '  [verified]' : '';
  return scam + (name ? `${name}  ${hash}` : hash) + note + verified;
}

/** A short party for one-line summaries: "name (0xd8dA…6045)". */
function shortParty(a: AddressParam | null | undefined): string {
  const hash = addressHash(a);
  if (!hash) return '?';
  const name = addressName(a);
  return name ? `${name} (${shortHash(hash)})` : shortHash(hash);
}

function coinAmount(v: unknown, ctx: RenderContext): string {
  const s = formatUnits(v, 18);
  return s === undefined ? text(v) : `${groupDigits(s)} ${ctx.coin}`;
}

/**
 * One token transfer on one line: "0.5 WETH (0xC02a…6Cc2)  vitalik.eth (0xd8dA…6045) → Router (0xE592…1564)".
 * When that is wider than `width`, the names go before anything is cut (the addresses stay).
 */
function transferLine(t: TokenTransfer, width: number): string {
  const symbol = text(t.token?.symbol) || text(t.token?.name) || 'tokens';
  const token = text(t.token?.address_hash ?? t.token?.address);
  const id = text(t.total?.token_id);
  const value = t.total?.value;
  let amount = '';
  if (present(value)) amount = groupDigits(formatUnits(value, t.total?.decimals ?? t.token?.decimals) ?? text(value));
  if (id) amount = amount ? `${amount} × #${shortId(id)}` : `#${shortId(id)}`;
  const kind = t.type === 'token_minting' ? 'mint ' : t.type === 'token_burning' ? 'burn ' : '';
  const what = `${kind}${amount || '?'} ${symbol}${token ? ` (${shortHash(token)})` : ''}`;
  const named = `${what}  ${shortParty(t.from)} → ${shortParty(t.to)}`;
  if (displayWidth(named) <= width) return named;
  const bare = (a: AddressParam | null | undefined) => (addressHash(a) ? shortHash(addressHash(a)) : '?');
  return truncate(`${what}  ${bare(t.from)} → ${bare(t.to)}`, width);
}

function actionLine(a: Obj): string {
  const data = obj(a.data) ?? {};
  const facts = Object.entries(data)
    .filter(([, v]) => present(v))
    .map(([k, v]) => `${safeText(k)}=${paramValue(v, true).replace(/0x[0-9a-fA-F]{40}\b/g, (a) => shortHash(a))}`)
    .join(', ');
  return [text(a.protocol), text(a.type)].filter(Boolean).join(' ') + (facts ? `: ${facts}` : '');
}

function gasPercent(used: bigint, limit: bigint): string {
  if (limit === 0n) return '';
  const tenths = (used * 1000n + limit / 2n) / limit;
  return ` (${tenths / 10n}.${tenths % 10n}%)`;
}

/** Terminal rows. */
function ttyRows(tx: Transaction, ctx: RenderContext): KeyValueRow[] {
  const o = tx as Obj;
  const status = txStatus(tx);
  const style = status === 'ok' ? 'ok' : status === 'error' ? 'error' : 'warn';
  const block = tx.block_number ?? tx.block;
  const fit = (s: string, used: number) => truncate(s, Math.max(20, ctx.width - used));
  const statusWord = status === 'pending' && typeof tx.result === 'string' && tx.result && tx.result !== 'pending' ? safeText(tx.result) : status;
  const statusLine = [
    paint(statusWord, style, ctx),
    present(block) ? `block ${groupDigits(text(block))}` : 'not yet in a block',
    present(tx.confirmations) && status !== 'pending' ? `${groupDigits(text(tx.confirmations))} confirmations` : '',
    tx.timestamp ? `${humanTime(tx.timestamp)}${age(tx.timestamp, ctx.now) ? ` (${age(tx.timestamp, ctx.now)})` : ''}` : '',
  ].filter(Boolean).join(' · ');
  const revert = status === 'error' ? revertText(tx) : '';

  const to = tx.to ? party(tx.to, ctx) : tx.created_contract ? party(tx.created_contract, ctx, '  (created)') : '';
  const rate = o.exchange_rate;
  const valueUsd = toBigInt(tx.value) ? usd(tx.value, 18, rate) : undefined;
  const fee = tx.fee;
  const maximum = fee?.type === 'maximum';
  const feeUsd = present(fee?.value) ? usd(fee?.value, 18, rate) : undefined;
  const burnt = o.transaction_burnt_fee ?? o.tx_burnt_fee;
  const feeLine = present(fee?.value)
    ? `${maximum ? '≤ ' : ''}${coinAmount(fee?.value, ctx)} (${maximum ? 'maximum' : 'actual'})${feeUsd ? `  (${feeUsd})` : ''}` +
      (present(burnt) && toBigInt(burnt) ? ` · burnt ${coinAmount(burnt, ctx)}` : '')
    : '';

  const used = toBigInt(tx.gas_used);
  const limit = toBigInt(tx.gas_limit);
  const gasLine =
    used !== undefined && limit !== undefined
      ? `${groupDigits(used.toString())} / ${groupDigits(limit.toString())}${gasPercent(used, limit)}`
      : limit !== undefined
        ? `— / ${groupDigits(limit.toString())} (limit)`
        : '';
  const priceParts = [
    present(o.base_fee_per_gas) ? `base ${gwei(o.base_fee_per_gas)}` : '',
    present(o.max_fee_per_gas) ? `max ${gwei(o.max_fee_per_gas)}` : '',
    present(o.max_priority_fee_per_gas) ? `max priority ${gwei(o.max_priority_fee_per_gas)}` : '',
  ].filter(Boolean);
  const priceLine = present(tx.gas_price) ? `${gwei(tx.gas_price)} gwei${priceParts.length ? ` (${priceParts.join(' · ')})` : ''}` : '';

  const decoded = obj(tx.decoded_input);
  const input = typeof o.raw_input === 'string' ? o.raw_input : '';
  const creation = !tx.to && Boolean(tx.created_contract);
  // A creation's input is init code: its first bytes are no selector.
  const method = typeof decoded?.method_call === 'string' ? safeText(decoded.method_call) : tx.method ? safeText(tx.method) : creation ? '' : selectorOf(input);
  const params = Array.isArray(decoded?.parameters) ? decoded.parameters.map(obj).filter((p): p is Obj => p !== undefined) : [];
  const nameWidth = Math.max(0, ...params.map((p) => text(p.name).length));
  const paramLines = params.map((p) => fit(`${text(p.name).padEnd(nameWidth)}  ${paramValue(p.value, true)}`, 13));

  const type = present(tx.type) ? `${text(tx.type)}${TX_TYPES[text(tx.type)] ? ` (${TX_TYPES[text(tx.type)]})` : ''}` : '';
  const types = (tx.transaction_types ?? tx.tx_types ?? []).map((t) => safeText(String(t))).join(', ');
  const actions = (Array.isArray(o.actions) ? o.actions : []).map(obj).filter((a): a is Obj => a !== undefined).map((a) => fit(actionLine(a), 13));
  const transfers = (tx.token_transfers ?? []).map((t) => transferLine(t, Math.max(40, ctx.width - 13)));
  if (tx.token_transfers_overflow === true) transfers.push(`… and more: scout tx transfers ${tx.hash}`);

  return [
    { label: 'Transaction', value: safeText(tx.hash) },
    { label: 'Status', value: statusLine },
    { label: 'Revert', value: revert ? paint(revert, 'error', ctx) : '' },
    { label: 'From', value: party(tx.from, ctx) },
    { label: 'To', value: to },
    { label: 'Value', value: present(tx.value) ? coinAmount(tx.value, ctx) + (valueUsd ? `  (${valueUsd})` : '') : '' },
    { label: 'Fee', value: feeLine },
    { label: 'L1 fee', value: present(o.l1_fee) ? coinAmount(o.l1_fee, ctx) : '' },
    { label: 'Gas', value: gasLine },
    { label: 'Gas price', value: priceLine },
    { label: 'Method', value: method ? fit(method, 13) : '' },
    { label: 'Parameters', value: paramLines.join('\n') },
    {
      label: 'Input',
      value: creation
        ? `contract creation code (${Math.floor((input.length - 2) / 2)} bytes)`
        : !decoded && input.length > 10
          ? `${selectorOf(input) || input.slice(0, 10)}… (${Math.floor((input.length - 2) / 2)} bytes)`
          : '',
    },
    { label: 'Nonce', value: present(tx.nonce) ? text(tx.nonce) + (present(tx.position) ? ` · position ${text(tx.position)} in the block` : '') : '' },
    { label: 'Type', value: type },
    { label: 'Types', value: types },
    { label: 'Actions', value: actions.join('\n') },
    { label: 'Transfers', value: transfers.join('\n') },
  ];
}

/** Piped rows: one fact per line, full values. */
function pipeRows(tx: Transaction): KeyValueRow[] {
  const o = tx as Obj;
  const row = (label: string, ...fields: unknown[]): KeyValueRow => ({ label, value: '', data: [fields.map((f) => text(f))] });
  const decoded = obj(tx.decoded_input);
  const params = Array.isArray(decoded?.parameters) ? decoded.parameters.map(obj).filter((p): p is Obj => p !== undefined) : [];
  const fee = tx.fee;
  const to = tx.to ?? tx.created_contract;
  return [
    row('Transaction', tx.hash),
    row('Status', txStatus(tx)),
    row('Result', tx.result),
    row('Revert', txStatus(tx) === 'error' ? revertText(tx) : ''),
    row('Block', tx.block_number ?? tx.block),
    row('Confirmations', txStatus(tx) === 'pending' ? '' : tx.confirmations),
    row('Timestamp', isoTime(tx.timestamp)),
    { label: 'From', value: '', data: [[addressHash(tx.from), addressName(tx.from) ?? '']] },
    { label: tx.to ? 'To' : 'Created', value: '', data: [[addressHash(to), addressName(to) ?? '']] },
    row('Value', tx.value, formatUnits(tx.value, 18) ?? ''),
    row('Fee', fee?.value, formatUnits(fee?.value, 18) ?? '', present(fee?.value) ? fee?.type : ''),
    row('L1 fee', o.l1_fee, formatUnits(o.l1_fee, 18) ?? ''),
    row('Gas used', tx.gas_used),
    row('Gas limit', tx.gas_limit),
    row('Gas price', tx.gas_price),
    row('Base fee', o.base_fee_per_gas),
    row('Max fee', o.max_fee_per_gas),
    row('Max priority fee', o.max_priority_fee_per_gas),
    row('Method', typeof decoded?.method_call === 'string' ? decoded.method_call : tx.method),
    { label: 'Parameter', value: '', data: params.map((p) => [text(p.name), text(p.type), paramValue(p.value, false)]) },
    row('Input', o.raw_input),
    row('Nonce', tx.nonce),
    row('Position', tx.position),
    row('Type', tx.type),
    row('Types', (tx.transaction_types ?? tx.tx_types ?? []).join(',')),
    {
      label: 'Action',
      value: '',
      data: (Array.isArray(o.actions) ? o.actions : []).map(obj).filter((a): a is Obj => a !== undefined).map((a) => [text(a.protocol), text(a.type), text(a.data)]),
    },
    {
      label: 'Transfer',
      value: '',
      data: (tx.token_transfers ?? []).map((t) => [
        addressHash(t.from),
        addressHash(t.to),
        text(t.token?.address_hash ?? t.token?.address),
        text(t.token?.symbol),
        text(t.total?.value),
        present(t.total?.value) ? (formatUnits(t.total?.value, t.total?.decimals ?? t.token?.decimals) ?? '') : '',
        text(t.total?.token_id),
      ]),
    },
    row('Transfers overflow', tx.token_transfers_overflow === true ? 'true' : ''),
  ];
}

/** The key/value view of one transaction. */
export function renderTransaction(tx: Transaction, ctx: RenderContext): string {
  return renderKeyValue(ctx.tty ? ttyRows(tx, ctx) : pipeRows(tx), ctx);
}
