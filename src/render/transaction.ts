/** `tx show` as a key/value block: what a person looks for first, in that order. */
import type { AddressParam, Transaction } from '../api/schemas.js';
import type { RenderContext } from './context.js';
import { addressName, age, isoTime } from './format.js';
import { safeText } from './safe.js';
import { paint, renderKeyValue } from './table.js';
import { formatUnits, groupDigits } from './units.js';

function party(a: AddressParam | null | undefined): string {
  if (!a) return '';
  const name = addressName(a);
  return name ? `${name}  ${a.hash}` : a.hash;
}

function coin(v: unknown, ctx: RenderContext): string {
  const s = formatUnits(v, 18);
  if (s === undefined) return v === null || v === undefined ? '' : safeText(String(v));
  return ctx.tty ? `${groupDigits(s)} ${ctx.coin}` : s;
}

function revertText(r: unknown): string {
  if (!r || typeof r !== 'object') return '';
  const o = r as Record<string, unknown>;
  if (typeof o.raw === 'string') return o.raw;
  if (typeof o.method_call === 'string') return o.method_call;
  return '';
}

/** The key/value view of one transaction. */
export function renderTransaction(tx: Transaction, ctx: RenderContext): string {
  const status = !tx.status ? 'pending' : tx.status === 'ok' ? 'ok' : 'error';
  const style = status === 'ok' ? 'ok' : status === 'error' ? 'error' : 'warn';
  const block = tx.block_number ?? tx.block;
  const when = tx.timestamp ? `${isoTime(tx.timestamp)}${ctx.tty ? ` (${age(tx.timestamp, ctx.now)})` : ''}` : '';
  const statusLine = [
    paint(status, style, ctx),
    block !== null && block !== undefined ? `block ${block}` : '',
    tx.confirmations !== null && tx.confirmations !== undefined ? `${tx.confirmations} confirmations` : '',
    when,
  ].filter(Boolean).join(ctx.tty ? ' · ' : ' ');
  const result = tx.result && tx.result !== 'success' && tx.result !== 'pending' ? safeText(tx.result) : '';
  const revert = safeText(revertText(tx.revert_reason));
  const to = tx.to ? party(tx.to) : tx.created_contract ? `${party(tx.created_contract)} (created)` : '';
  const feeKind = tx.fee?.type === 'maximum' ? ' (maximum)' : '';
  const transfers = tx.token_transfers ?? [];
  const rows: [string, string][] = [
    ['Transaction', tx.hash],
    ['Status', statusLine],
    ['Result', result ? paint(result + (revert ? `: ${revert}` : ''), 'error', ctx) : ''],
    ['From', party(tx.from)],
    ['To', to],
    ['Value', coin(tx.value, ctx)],
    ['Fee', tx.fee?.value !== null && tx.fee?.value !== undefined ? coin(tx.fee.value, ctx) + feeKind : ''],
    ['Gas', tx.gas_used !== null && tx.gas_used !== undefined ? `${tx.gas_used} / ${tx.gas_limit ?? '?'}` : ''],
    ['Method', tx.method ? safeText(tx.method) : ''],
    ['Types', safeText((tx.transaction_types ?? tx.tx_types ?? []).join(', '))],
    ['Nonce', tx.nonce === null || tx.nonce === undefined ? '' : String(tx.nonce)],
    [
      'Transfers',
      transfers.length === 0
        ? ''
        : `${transfers.length}${tx.token_transfers_overflow ? '+ (more: scout tx transfers ' + tx.hash + ')' : ''}`,
    ],
  ];
  return renderKeyValue(rows, ctx);
}
