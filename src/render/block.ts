/**
 * `block show` as a key/value block: what the explorer's block page leads with. On a terminal the
 * facts are grouped ("12,345,678 / 36,000,000 (34.3%)"), amounts carry units and times their age;
 * piped, each fact is its own `Label<TAB>field…` line with full values and ISO times.
 */
import type { AddressParam, Block } from '../api/schemas.js';
import { text } from '../base/text/safe.js';
import { coinLabel, type RenderContext } from './context.js';
import { list, obj, objects } from './fields.js';
import { addressHash, addressName, age, humanTime, isoTime } from './format.js';
import { type KeyValueRow, renderKeyValue, type Span } from './key-value.js';
import { displayUnits, formatUnits, groupDigits, gwei, toBigInt } from './units.js';
import { dataRow, fieldsRow, lazyRow } from './kv-rows.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** `used / limit` as a percentage with one decimal, exact (BigInt); '' when the limit is 0 or not a number. */
export function percentOf(used: unknown, limit: unknown): string {
  const u = toBigInt(used);
  const l = toBigInt(limit);
  if (u === undefined || l === undefined || l <= 0n || u < 0n) return '';
  const tenths = (u * 1000n + l / 2n) / l;
  return `${tenths / 10n}.${tenths % 10n}%`;
}

/** An amount of the chain's coin for a terminal, with its symbol; the value as sent when it is no integer. */
function coinAmount(v: unknown, ctx: RenderContext): string {
  const s = displayUnits(v, 18);
  return s === undefined ? text(v) : `${s} ${coinLabel(ctx)}`;
}

/** A count for a terminal, digits grouped. */
const count = (v: unknown) => groupDigits(text(v));

const row = lazyRow;

/** The block producer for a person: "name  0xfull" (the address always beside the name). */
function producer(a: AddressParam | null | undefined): Span[] {
  const hash = addressHash(obj(a));
  if (!hash) return [];
  const name = addressName(obj(a));
  return [name ? `${name}  ${hash}` : hash];
}

function ttyRows(b: Block, ctx: RenderContext): KeyValueRow[] {
  return [
    row('Block', () => {
      const kind = present(b.type) && b.type !== 'block' ? [{ text: ` (${text(b.type)})`, style: 'warn' as const }] : [];
      const pending = b.is_pending_update === true ? [{ text: ' · being re-fetched, may change', style: 'warn' as const }] : [];
      return [groupDigits(text(b.height)), ...kind, ...pending];
    }),
    row('Hash', () => text(b.hash)),
    row('Time', () => {
      const when = humanTime(b.timestamp);
      const ago = age(b.timestamp, ctx.now);
      return when ? `${when}${ago ? ` (${ago})` : ''}` : '';
    }),
    row('Miner', () => producer(b.miner)),
    row('Transactions', () => {
      if (!present(b.transactions_count)) return '';
      const more = [
        present(b.internal_transactions_count) ? `${count(b.internal_transactions_count)} internal` : '',
        present(b.blob_transactions_count) && b.blob_transactions_count !== 0 ? `${count(b.blob_transactions_count)} blob` : '',
        present(b.withdrawals_count) ? `${count(b.withdrawals_count)} withdrawals` : '',
      ].filter(Boolean);
      return `${count(b.transactions_count)}${more.length ? ` (${more.join(', ')})` : ''}`;
    }),
    row('Gas used', () => {
      if (!present(b.gas_used) && !present(b.gas_limit)) return '';
      const pct = percentOf(b.gas_used, b.gas_limit);
      const target = typeof b.gas_target_percentage === 'number' ? ` · ${b.gas_target_percentage > 0 ? '+' : ''}${b.gas_target_percentage}% vs target` : '';
      return `${count(b.gas_used)} / ${count(b.gas_limit)}${pct ? ` (${pct})` : ''}${target}`;
    }),
    row('Base fee', () => (present(b.base_fee_per_gas) ? `${gwei(b.base_fee_per_gas) ?? text(b.base_fee_per_gas)} gwei` : '')),
    row('Burnt fees', () => {
      if (!present(b.burnt_fees)) return '';
      const pct = typeof b.burnt_fees_percentage === 'number' ? ` (${Math.round(b.burnt_fees_percentage * 100) / 100}% of fees)` : '';
      return coinAmount(b.burnt_fees, ctx) + pct;
    }),
    row('Priority fees', () => (present(b.priority_fee) ? coinAmount(b.priority_fee, ctx) : '')),
    row('Fees', () => (present(b.transaction_fees) ? coinAmount(b.transaction_fees, ctx) : '')),
    row('Blob gas', () => (present(b.blob_gas_used) && toBigInt(b.blob_gas_used) !== 0n ? `${count(b.blob_gas_used)}${present(b.burnt_blob_fees) ? ` · burnt ${coinAmount(b.burnt_blob_fees, ctx)}` : ''}` : '')),
    row('Size', () => (present(b.size) ? `${count(b.size)} bytes` : '')),
    row('Parent', () => text(b.parent_hash)),
    row('Uncles', () => objects(b.uncles_hashes).map((u) => [text(u.hash)])),
    row('Rewards', () => objects(b.rewards).map((r) => [`${text(r.type)}: ${coinAmount(r.reward, ctx)}`])),
  ];
}

function pipeRows(b: Block): KeyValueRow[] {
  const [data, line] = [dataRow, fieldsRow];
  const coin = (v: unknown) => (present(v) ? (formatUnits(v, 18) ?? '') : '');
  const miner = obj(b.miner);
  return [
    line('Block', () => b.height),
    line('Hash', () => b.hash),
    line('Type', () => b.type),
    line('Timestamp', () => isoTime(b.timestamp)),
    line('Miner', () => addressHash(miner), () => addressName(miner) ?? ''),
    line('Transactions', () => b.transactions_count),
    line('Internal transactions', () => b.internal_transactions_count),
    line('Blob transactions', () => b.blob_transactions_count),
    line('Withdrawals', () => b.withdrawals_count),
    line('Gas used', () => b.gas_used),
    line('Gas limit', () => b.gas_limit),
    line('Gas used percentage', () => b.gas_used_percentage ?? percentOf(b.gas_used, b.gas_limit).replace('%', '')),
    line('Base fee', () => b.base_fee_per_gas),
    line('Burnt fees', () => b.burnt_fees, () => coin(b.burnt_fees)),
    line('Priority fees', () => b.priority_fee, () => coin(b.priority_fee)),
    line('Fees', () => b.transaction_fees, () => coin(b.transaction_fees)),
    line('Blob gas used', () => b.blob_gas_used),
    line('Size', () => b.size),
    line('Parent', () => b.parent_hash),
    data('Uncle', () => objects(b.uncles_hashes).map((u) => [u.hash])),
    data('Reward', () => list(b.rewards).map((x) => {
      const r = obj(x);
      return r ? [r.type, r.reward, coin(r.reward)] : [x];
    })),
    line('Pending update', () => (b.is_pending_update === true ? 'true' : '')),
  ];
}

/** The key/value view of one block: any object the server sent, whatever the types of its fields. */
export function renderBlock(b: Block, ctx: RenderContext): string {
  return renderKeyValue(ctx.tty ? ttyRows(b, ctx) : pipeRows(b), ctx);
}
