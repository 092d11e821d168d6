/**
 * `scout stats --day`: the last day on the chain (`/transactions/stats`) and the beacon withdrawals
 * so far (`/withdrawals/counters`), from the parts the explorer served: a key/value view on a
 * terminal, `key<TAB>value` lines piped (amounts in wei, then in the coin). Fees and sums are wei.
 */
import { safeText, text } from '../base/text/safe.js';
import { coinLabel, type RenderContext } from './context.js';
import { type KeyValueRow, renderKeyValue } from './key-value.js';
import { formatUnits, groupDigits } from './units.js';

type Doc = Record<string, unknown>;

export function renderDay(parts: readonly (readonly [string, string])[], ctx: RenderContext): string {
  const doc = (name: string): Doc | undefined => {
    const body = parts.find(([p]) => p === name)?.[1];
    const v: unknown = body === undefined ? undefined : JSON.parse(body);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : undefined;
  };
  const tx = doc('transactions');
  const w = doc('withdrawals');
  const coin = safeText(coinLabel(ctx));
  const count = (v: unknown) => {
    const s = safeText(text(v));
    return /^\d+$/.test(s) ? groupDigits(s) : s;
  };
  const wei = (v: unknown) => {
    const units = formatUnits(v, 18);
    return units === undefined ? safeText(text(v)) : `${groupDigits(units)} ${coin}`;
  };
  const rows: [label: string, value: unknown, shown: (v: unknown) => string][] = [];
  if (tx) {
    rows.push(['Transactions (24h)', tx.transactions_count_24h, count]);
    rows.push(['Fees (24h)', tx.transaction_fees_sum_24h, wei]);
    rows.push(['Average fee (24h)', tx.transaction_fees_avg_24h, wei]);
    rows.push(['Pending', tx.pending_transactions_count, count]);
  }
  if (w) {
    rows.push(['Withdrawals', w.withdrawals_count, count]);
    rows.push(['Withdrawn', w.withdrawals_sum, wei]);
  }
  const present = rows.filter(([, v]) => v !== undefined && v !== null);
  if (!ctx.tty) return present.map(([label, v, shown]) => [label, safeText(text(v)), shown === wei ? formatUnits(v, 18) ?? '' : ''].filter((f, i) => i < 2 || f !== '').join('\t') + '\n').join('');
  const kv: KeyValueRow[] = present.map(([label, v, shown]) => ({ label, value: shown(v) }));
  return renderKeyValue(kv, ctx);
}
