/**
 * `scout stats --chart <name>`: one of the explorer's daily charts (`/api/v2/stats/charts/*`, its
 * days in `chart_data`). On a terminal a chart across the width; piped its days as lines (date and
 * value); `--json` the body as sent.
 */
import { CHART_PATHS, type ChartName, DAY_PARTS } from '../../api/endpoints.js';
import { askParts, splice } from '../../run/parts.js';
import type { ChartDay } from '../../api/schemas.js';
import { ResponseShapeError } from '../../base/errors.js';
import { arrayElements, objectMembers } from '../../base/json/lossless.js';
import { printDocument, printList } from '../../run/output.js';
import { silentProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import { view } from '../../kit/view-ref.js';

/** A decimal text as an integer at `decimals` places ("3340.12" at 2 → 334012n); undefined when it is no plain decimal. */
export function scaledDecimal(v: unknown, decimals: number): bigint | undefined {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{1,40})(?:\.(\d{1,40}))?$/.exec(s);
  if (!m) return undefined;
  const frac = (m[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(m[1]! + frac);
}

export async function statsChart(inv: Invocation, name: ChartName): Promise<void> {
  const s = await inv.session();
  const client = s.explorer();
  const origin = new URL(client.baseUrl).origin;
  const doc = await client.getJson(CHART_PATHS[name], [], `${name} chart`);
  // The market charts are prices (the coin's, a secondary coin's); the other, counts.
  const price = name !== 'transactions';
  const { mode } = inv.output;
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, doc, mode);
  const data = doc.text.trim().startsWith('{') ? objectMembers(doc.text.trim()).get('chart_data') : undefined;
  if (data === undefined || !data.trim().startsWith('[')) throw new ResponseShapeError(`unusable response from ${origin}: expected {"chart_data":[…]}`);
  const raws = arrayElements(data.trim());
  const [{ ChartDay: shape }, { checkShape }, { transactionsOfDay }] = await Promise.all([import('../../api/shapes.js'), import('../../api/shape.js'), import('../../render/balance.js')]);
  const days = raws.map((r) => {
    const day: unknown = JSON.parse(r);
    return (checkShape(shape, day) ? {} : day) as ChartDay;
  });
  if (!s.render.tty) {
    const page = { rawItems: raws, compact: false, next: null, items: () => days };
    await printList(s, (async function* () { yield page; })(), view(price ? 'chartMarket' : 'chartTransactions'), inv.output, { progress: async () => silentProgress });
    return;
  }
  const { renderChart } = await import('../../render/chart.js');
  const value = (d: ChartDay) => (price ? d.closing_price : transactionsOfDay(d));
  // Prices keep every decimal the server sent (up to 18); counts are whole.
  const decimals = price ? Math.min(18, Math.max(0, ...days.map((d) => /\.(\d+)$/.exec(String(value(d) ?? ''))?.[1]?.length ?? 0))) : 0;
  const points = days.flatMap((d) => {
    const x = typeof d.date === 'string' ? Date.parse(d.date) : NaN;
    const y = scaledDecimal(value(d), decimals);
    return Number.isFinite(x) && y !== undefined ? [{ x, y }] : [];
  });
  const title = name === 'market' ? 'closing price of the coin, USD' : price ? 'closing price of the secondary coin, USD' : 'transactions a day';
  await s.io.out.write(`${title}\n${renderChart(points, { width: Math.max(40, s.render.width), decimals, unit: price ? 'USD' : '', color: s.render.color })}`);
}

/** `scout stats --day`: the last day's transactions and the withdrawals so far, asked at once (run/parts.ts). */
export async function statsDay(inv: Invocation): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const served = await askParts(s, s.explorer(), DAY_PARTS, 'stats', mode);
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, splice(served), mode);
  const { renderDay } = await import('../../render/day.js');
  await s.io.out.write(renderDay(served, s.render));
}
