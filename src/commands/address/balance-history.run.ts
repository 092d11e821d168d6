/**
 * The run of `address balance-history`: the changes of `/coin-balance-history` (or the days of
 * `/coin-balance-history-by-day` with `--daily`) through the list engine's output path, and with
 * `--chart` on a terminal a chart of them instead of the table.
 *
 * The window (`--since` inclusive, `--until` exclusive) is applied here, page by page, newest first:
 * with `--until` the list starts on the server at the block before it (`block_number=B+1`, the
 * server's own cursor key: one request for the block at a time where that is a time); pages wholly
 * after the window are passed over, and paging stops at the first page that holds a change before
 * `--since`, so at most one page past the window is fetched: the windows of every history
 * (api/item-filter.ts, filteredPages).
 */
import { coinBalanceByDayPath, coinBalanceHistory } from '../../api/endpoints.js';
import type { ExplorerClient, ListRequest, Page } from '../../api/client.js';
import type { Cursor } from '../../api/cursor.js';
import { filteredPages } from '../../api/item-filter.js';
import type { Dated } from '../../api/window.js';
import type { CoinBalanceDay } from '../../api/schemas.js';
import type { TimePoint, TimeWindow } from '../../base/time.js';
import { toBigInt } from '../../render/units.js';
import { offerNextPage, printList } from '../../run/output.js';
import { pastFirstPage } from '../../kit/page-options.js';
import { LOG_TIME } from '../../kit/window-options.js';
import type { Invocation, Session } from '../../kit/invocation.js';
import { view as namedView } from '../../kit/view-ref.js';
import { blockBefore } from './balance.run.js';

/** The explorer's daily balances: a `date` each, no block. */
const BY_DATE: Dated = { time: ['date'], block: [] };

const timeOf = (iso: unknown) => (typeof iso === 'string' ? Date.parse(iso) : NaN);

/** The server cursor the list starts at for `--until`: changes in blocks before it. */
async function startOf(s: Session, client: ExplorerClient, until: TimePoint | undefined): Promise<Cursor | null> {
  if (!until) return null;
  if (until.kind === 'block') return [['block_number', until.block.toString()]];
  const b = await blockBefore(s, client, until.ms);
  // No block that early: the window holds nothing; the first page (filtered) says so.
  if (b === null) return null;
  return [['block_number', (b + 1n).toString()]];
}

export async function balanceHistory(inv: Invocation, address: string, window: TimeWindow, o: { daily: boolean; chart: boolean }): Promise<void> {
  const s = await inv.session();
  const client = s.explorer();
  const { output } = inv;
  const charted = o.chart && output.mode === 'table' && s.render.tty;
  if (o.daily) {
    const req: ListRequest<CoinBalanceDay> = { path: coinBalanceByDayPath(address), params: [], what: `address ${address}` };
    const pages = filteredPages((r, c) => client.page(r, c), { ...req, window: { bounds: window, dated: BY_DATE } }, { maxPages: 1 });
    if (charted) return chartOf(s, pages, (d) => ({ x: timeOf(d.date), y: toBigInt(d.value) }), `${address} · balance by day`);
    await printList(s, pages, namedView('coinBalanceDays'), output);
    return;
  }
  const req = coinBalanceHistory(address);
  if (output.cursorRead) (await import('../../api/cursor.js')).checkCursorOrigin(output.cursorRead, { command: inv.path.join(' '), path: req.path });
  const start = output.cursor ?? (await startOf(s, client, window.until));
  const maxPages = pastFirstPage(output) ? Infinity : 1;
  const pages = filteredPages((r, c) => client.page(r, c), { ...req, window: { bounds: window, dated: LOG_TIME } }, { cursor: start, maxPages });
  if (charted) {
    const limited = limitPages(pages, output.limit);
    await chartOf(s, limited.pages, (c) => ({ x: timeOf(c.block_timestamp), y: toBigInt(c.value) }), `${address} · balance after each change`);
    return offerNextPage(s, limited.printed, output, { line: inv.hint, path: req.path });
  }
  const printed = await printList(s, pages, namedView('coinBalances'), output);
  await offerNextPage(s, printed, output, { line: inv.hint, path: req.path });
}

/** Pages cut at `limit` items, counting what was taken for the next-page hint. */
function limitPages<T>(pages: AsyncIterable<Page<T>>, limit: number | undefined) {
  const printed = { count: 0, next: null as Cursor | null, cutMidPage: false };
  async function* cut(): AsyncGenerator<Page<T>, void, undefined> {
    for await (const page of pages) {
      const room = (limit ?? Infinity) - printed.count;
      const n = Math.min(room, page.rawItems.length);
      printed.cutMidPage = n < page.rawItems.length;
      printed.count += n;
      printed.next = page.next;
      yield { ...page, rawItems: page.rawItems.slice(0, n), items: () => page.items().slice(0, n) };
      if (printed.count >= (limit ?? Infinity)) return;
    }
  }
  return { pages: cut(), printed };
}

/** Draws the items of `pages` as a step chart of the balance in the coin, under a title line. */
async function chartOf<T>(s: Session, pages: AsyncIterable<Page<T>>, point: (item: T) => { x: number; y: bigint | undefined }, title: string): Promise<void> {
  const points: { x: number; y: bigint }[] = [];
  for await (const page of pages) {
    for (const item of page.items()) {
      const p = point(item);
      if (Number.isFinite(p.x) && p.y !== undefined) points.push({ x: p.x, y: p.y });
    }
  }
  const [{ renderChart }, { coinLabel }, { COIN_DECIMALS }, { safeText }] = await Promise.all([
    import('../../render/chart.js'),
    import('../../render/context.js'),
    import('../../render/balance.js'),
    import('../../base/text/safe.js'),
  ]);
  const unit = safeText(coinLabel(s.render));
  const chart = renderChart(points, { width: Math.max(40, s.render.width), decimals: COIN_DECIMALS, unit, step: true, color: s.render.color });
  await s.io.out.write(`${safeText(title)} (${unit})\n${chart}`);
}
