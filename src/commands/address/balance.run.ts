/**
 * The run of `address balance`: the balance at each point asked for, as rows printed by the one
 * output path (every mode; `--chains` through fanout.ts).
 *
 * A past balance is read from `/addresses/{h}/coin-balance-history` (changes newest first, each with
 * the balance after it). The balance at a time T is the balance after every block whose timestamp is
 * before T: the first change (newest first) in a block before T, or 0 when there is none. To get
 * there in one request, the time is turned into its block once (`/api/legacy/block/get-block-number-by-time`,
 * `closest=before` at T − 1 s: the last block at or before it) and the history asked for from the
 * server's own cursor key, `block_number=B+1` (changes in blocks below B+1): its first item is the
 * answer. Many points are answered from as few pages as may be: points are taken from the latest
 * down, a page already read answers every point it reaches, and a point far below it is jumped to
 * the same way (a point one page further is read from the next page instead). Where the explorer
 * cannot tell the block at a time, the history is read from its newest page down by timestamps.
 *
 * The block at a time and the market chart are asked for once per explorer in a run, whatever the
 * number of addresses (a batch's values share them).
 */
import { addressPath, addressTokenBalancesPath, CHART_PATHS, coinBalanceHistory, tokenPath } from '../../api/endpoints.js';
import { findBlock } from '../block/at.run.js';
import type { ExplorerClient, Page } from '../../api/client.js';
import { type Cursor, cursorKey } from '../../api/cursor.js';
import { onePage } from '../../api/paginate.js';
import type { CoinBalance } from '../../api/schemas.js';
import { CursorLoopError, HttpError, NotFoundError, ResponseShapeError } from '../../base/errors.js';
import { arrayElements, objectMembers, RawJsonError } from '../../base/json/lossless.js';
import type { TimePoint } from '../../base/time.js';
import type { BalanceRow } from '../../render/balance.js';
import { COIN_DECIMALS } from '../../render/balance.js';
import { coinLabel } from '../../render/context.js';
import { formatUnits, toBigInt, toDecimals, valueAt } from '../../render/units.js';
import { printList } from '../../run/output.js';
import type { Invocation, Session } from '../../kit/invocation.js';
import type { ChainRows } from '../../kit/spec.js';

/** A point asked for: now, or a moment or block in the past (as balance.ts's Want). */
type Want = { readonly kind: 'now' } | TimePoint;

// ---- what one explorer is asked once for a whole run

const SHARED = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `make()` once per explorer and key for the run (keyed on its one HTTP layer, which a batch's values share). */
function once<T>(s: Pick<Session, 'http'>, client: ExplorerClient, key: string, make: () => Promise<T>): Promise<T> {
  let m = SHARED.get(s.http);
  if (!m) SHARED.set(s.http, (m = new Map()));
  const k = `${client.baseUrl} ${key}`;
  let p = m.get(k) as Promise<T> | undefined;
  if (!p) {
    p = make();
    p.catch(() => undefined);
    m.set(k, p);
  }
  return p;
}

/** The explorer has no such endpoint: an older server, or one without the service. */
export function lacking(e: unknown): boolean {
  return e instanceof NotFoundError || (e instanceof HttpError && (e.status === 400 || e.status === 501));
}

/** A JSON object's members (raw texts), or undefined when `text` is no object. */
function members(text: string): Map<string, string> | undefined {
  try {
    return text.trim().startsWith('{') ? objectMembers(text.trim()) : undefined;
  } catch (e) {
    if (e instanceof RawJsonError) return undefined;
    throw e;
  }
}

const plain = (raw: string | undefined): unknown => (raw === undefined ? undefined : JSON.parse(raw));

/**
 * The last block before the moment `ms` (its timestamp earlier), found as `block at --before` finds
 * it (the legacy endpoint, else a search of block times); null when no block is that old.
 */
export function blockBefore(s: Pick<Session, 'http' | 'io'>, client: ExplorerClient, ms: number): Promise<bigint | null> {
  // Block timestamps are whole seconds: before T is at or before the last whole second under T.
  const seconds = Math.ceil(ms / 1000) - 1;
  return once(s, client, `block-before ${seconds}`, async () => {
    if (seconds < 0) return null;
    const tell = { step: () => undefined, note: (line: string) => s.io.err.write(`scout: ${line}\n`) };
    try {
      // `now` Infinity: a past moment is never estimated.
      return BigInt((await findBlock(client, { ms: seconds * 1000 }, 'before', Infinity, tell)).at.block);
    } catch (e) {
      if (e instanceof NotFoundError) return null;
      throw e;
    }
  });
}

/** One day's closing price of the market chart, and that day as sent. */
interface PriceDay {
  readonly price: string;
  readonly raw: string;
}

/** The market chart's closing prices by UTC day (`2024-12-31`); undefined when the explorer has none. */
export function marketDays(s: Pick<Session, 'http'>, client: ExplorerClient): Promise<Map<string, PriceDay> | undefined> {
  return once(s, client, 'market', async () => {
    let body: string;
    try {
      body = await client.getRaw(CHART_PATHS.market, [], 'market chart');
    } catch (e) {
      if (lacking(e)) return undefined;
      throw e;
    }
    const data = members(body)?.get('chart_data');
    const days = new Map<string, PriceDay>();
    if (data === undefined || !data.trim().startsWith('[')) return days;
    for (const raw of arrayElements(data.trim())) {
      const m = members(raw);
      const date = plain(m?.get('date'));
      const price = plain(m?.get('closing_price'));
      if (typeof date === 'string' && (typeof price === 'string' || typeof price === 'number') && /^\d+(\.\d+)?$/.test(String(price))) days.set(date, { price: String(price), raw: raw.trim() });
    }
    return days;
  });
}

// ---- the balance at points in time, from the history

/** A change of the balance as read: its item, as sent and decoded, with its block and time. */
interface Change {
  readonly raw: string;
  readonly item: CoinBalance;
  readonly block: bigint | undefined;
  readonly ms: number;
}

/** How the history is read: a page from a cursor (the newest with null), and the block before a moment. */
export interface HistoryPort {
  page(cursor: Cursor | null): Promise<Page<CoinBalance>>;
  blockBefore(ms: number): Promise<bigint | null>;
}

/** The balance in force at a point: the change that made it (null: none, the balance is 0), and the block it is after when known. */
export interface Found {
  readonly change: { readonly raw: string; readonly item: CoinBalance } | null;
  readonly block: bigint | null;
}

/** A run of pages read down from a top: every change at or below it, in order, as far as read. */
interface Run {
  readonly changes: Change[];
  next: Cursor | null;
  /** The newest page: it covers every point. */
  readonly newest: boolean;
  /** Every change before this moment is in the run (as far as read). */
  readonly topMs?: number | undefined;
  /** Every change at or below this block is in the run (as far as read). */
  readonly topBlock?: bigint | undefined;
}

function changesOf(page: Page<CoinBalance>, origin: string): Change[] {
  const items = page.items();
  return page.rawItems.map((raw, i) => {
    const item = items[i]!;
    const ms = typeof item.block_timestamp === 'string' ? Date.parse(item.block_timestamp) : NaN;
    if (!Number.isFinite(ms)) throw new ResponseShapeError(`unusable response from ${origin}: a coin-balance-history item without a usable block_timestamp`);
    const b = toBigInt(item.block_number);
    return { raw: raw.trim(), item, block: b, ms };
  });
}

/** The later of two points first: times from the latest down, then blocks from the highest down. */
function later(a: TimePoint, b: TimePoint): number {
  if (a.kind === 'time' && b.kind === 'time') return b.ms - a.ms;
  if (a.kind === 'block' && b.kind === 'block') return b.block > a.block ? 1 : b.block < a.block ? -1 : 0;
  return a.kind === 'time' ? -1 : 1;
}

/** The balance at each of `points` (in their order), from as few pages of the history as it takes. */
export async function balancesAt(port: HistoryPort, points: readonly TimePoint[], origin: string): Promise<Found[]> {
  const found: Found[] = new Array<Found>(points.length);
  const order = points.map((_, i) => i).sort((i, j) => later(points[i]!, points[j]!));
  const seen = new Set<string>();
  const read = async (cursor: Cursor | null): Promise<Page<CoinBalance>> => {
    if (cursor) {
      const key = cursorKey(cursor);
      if (seen.has(key)) throw new CursorLoopError(`the server gave a cursor it had given before (coin balance history); stopping instead of asking forever`);
      seen.add(key);
    }
    return port.page(cursor);
  };
  let run: Run | undefined;
  for (const i of order) {
    const p = points[i]!;
    let block: bigint | null | undefined = p.kind === 'block' ? p.block : undefined;
    let asked = p.kind === 'block';
    const lookup = async () => {
      if (!asked && p.kind === 'time') block = await port.blockBefore(p.ms);
      asked = true;
      return block;
    };
    const match = (c: Change) => (p.kind === 'time' ? c.ms < p.ms : c.block !== undefined && c.block <= p.block);
    const covers = (r: Run) =>
      r.newest ||
      (p.kind === 'time' && r.topMs !== undefined && p.ms <= r.topMs) ||
      (typeof block === 'bigint' && r.topBlock !== undefined && block <= r.topBlock);
    // The point is further below the run's last change than the run's own pages span: jump to it.
    const far = (r: Run) => {
      const first = r.changes[0];
      const last = r.changes[r.changes.length - 1];
      if (!first || !last) return true;
      if (p.kind === 'time') return last.ms - p.ms > first.ms - last.ms;
      return first.block === undefined || last.block === undefined || last.block - p.block > first.block - last.block;
    };
    const jump = async (b: bigint) => {
      const page = await read([['block_number', String(b + 1n)]]);
      run = { changes: changesOf(page, origin), next: page.next, newest: false, topMs: p.kind === 'time' ? p.ms : undefined, topBlock: b };
    };
    // To the point's block, when the explorer tells it; 'none' (answered: 0) when no block is that old.
    const jumpTo = async (): Promise<'jumped' | 'none'> => {
      const b = (await lookup())!;
      if (b === null) {
        found[i] = { change: null, block: null };
        return 'none';
      }
      await jump(b);
      return 'jumped';
    };
    for (;;) {
      if (run && covers(run)) {
        const hit = run.changes.find(match);
        if (hit) {
          found[i] = { change: { raw: hit.raw, item: hit.item }, block: typeof block === 'bigint' ? block : null };
          break;
        }
        if (run.next === null) {
          found[i] = { change: null, block: typeof block === 'bigint' ? block : null };
          break;
        }
        const to = far(run) ? await jumpTo() : 'cannot';
        if (to === 'none') break;
        if (to === 'jumped') continue;
        const page = await read(run.next);
        run.changes.push(...changesOf(page, origin));
        run.next = page.next;
        continue;
      }
      const to = await jumpTo();
      if (to === 'none') break;
      if (to === 'jumped') continue;
      // The explorer cannot say which block: read the history from its newest page down.
      const page = await read(null);
      run = { changes: changesOf(page, origin), next: page.next, newest: true };
    }
  }
  return found;
}

// ---- rows

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

/** A row's JSON text: scout's keys, then the server's objects spliced in as sent. */
function rowText(row: BalanceRow, sent: string | null, priceSent: string | null): string {
  const { sent: _s, price_sent: _p, ...own } = row;
  const head = JSON.stringify(own);
  return `${head.slice(0, -1)},"sent":${sent ?? 'null'},"price_sent":${priceSent ?? 'null'}}`;
}

interface Made {
  readonly rows: BalanceRow[];
  readonly texts: string[];
}

/** A row from its parts, with its USD value worked out exactly. */
function made(out: Made, base: Omit<BalanceRow, 'value_usd' | 'sent' | 'price_sent'>, sent: string | null, priceSent: string | null): void {
  const value = base.price_usd === null ? null : (valueAt(base.balance_raw, base.decimals ?? 0, base.price_usd) ?? null);
  const row: BalanceRow = { ...base, value_usd: value, sent: sent === null ? null : JSON.parse(sent), price_sent: priceSent === null ? null : JSON.parse(priceSent) };
  out.rows.push(row);
  out.texts.push(rowText(row, sent, priceSent));
}

const textOf = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/** The balances of `address` at `wants` on one explorer, as rows. */
export async function balanceRows(s: Pick<Session, 'http' | 'io'>, client: ExplorerClient, coin: string, address: string, wants: readonly Want[], token: string | undefined): Promise<Made> {
  const out: Made = { rows: [], texts: [] };
  const origin = new URL(client.baseUrl).origin;
  const unit = coinLabel({ coin });
  const nowIso = iso(s.io.now());
  if (token !== undefined) {
    await tokenRows(out, client, address, token, nowIso);
    return out;
  }
  const past = wants.filter((w): w is TimePoint => w.kind !== 'now');
  const nows = wants.some((w) => w.kind === 'now') ? client.getRaw(addressPath(address), [], `address ${address}`) : undefined;
  nows?.catch(() => undefined);
  const prices = past.some((p) => p.kind === 'time') ? marketDays(s, client) : undefined;
  prices?.catch(() => undefined);
  const req = coinBalanceHistory(address);
  const found = await balancesAt({ page: (cursor) => client.page(req, cursor), blockBefore: (ms) => blockBefore(s, client, ms) }, past, origin);
  const days = await prices;
  const nowBody = await nows;
  let k = 0;
  for (const w of wants) {
    if (w.kind === 'now') {
      const m = members(nowBody!);
      if (!m) throw new ResponseShapeError(`unusable response from ${origin}: expected an address object`);
      const balance = textOf(plain(m.get('coin_balance'))) ?? '0';
      const rate = textOf(plain(m.get('exchange_rate')));
      made(
        out,
        {
          address, token: null, token_id: null, at: nowIso, block: textOf(plain(m.get('block_number_balance_updated_at'))),
          balance_raw: balance, balance: formatUnits(balance, COIN_DECIMALS) ?? balance, unit, decimals: COIN_DECIMALS,
          price_usd: rate, price_date: null, price_source: rate === null ? null : 'exchange_rate',
        },
        nowBody!.trim(),
        null,
      );
      continue;
    }
    const f = found[k++]!;
    const raw = f.change ? (textOf(f.change.item.value) ?? '0') : '0';
    // The price of the last day the balance covers: the UTC day before the moment's.
    const priceDay = w.kind === 'time' ? days?.get(day(w.ms - 1)) : undefined;
    made(
      out,
      {
        address, token: null, token_id: null, at: w.kind === 'time' ? iso(w.ms) : null, block: f.block === null ? null : f.block.toString(),
        balance_raw: raw, balance: formatUnits(raw, COIN_DECIMALS) ?? raw, unit, decimals: COIN_DECIMALS,
        price_usd: priceDay?.price ?? null, price_date: priceDay && w.kind === 'time' ? day(w.ms - 1) : null, price_source: priceDay ? 'market_chart' : null,
      },
      f.change?.raw ?? null,
      priceDay?.raw ?? null,
    );
  }
  return out;
}

/** A token's balance now: its entries of `/token-balances` (one per NFT id), or 0 with the token's own facts. */
async function tokenRows(out: Made, client: ExplorerClient, address: string, token: string, at: string): Promise<void> {
  const origin = new URL(client.baseUrl).origin;
  const body = (await client.getRaw(addressTokenBalancesPath(address), [], `token balances of address ${address}`)).trim();
  if (!body.startsWith('[')) throw new ResponseShapeError(`unusable response from ${origin}: expected an array of token balances`);
  const want = token.toLowerCase();
  const row = (t: Map<string, string> | undefined, value: string, id: string | null, sent: string | null) => {
    const decimals = toDecimals(plain(t?.get('decimals')));
    const rate = textOf(plain(t?.get('exchange_rate')));
    made(
      out,
      {
        address, token, token_id: id, at, block: null,
        balance_raw: value, balance: formatUnits(value, decimals ?? 0) ?? value, unit: textOf(plain(t?.get('symbol'))) ?? '', decimals: decimals ?? null,
        price_usd: rate, price_date: null, price_source: rate === null ? null : 'exchange_rate',
      },
      sent,
      null,
    );
  };
  for (const raw of arrayElements(body)) {
    const m = members(raw);
    const t = members(m?.get('token') ?? 'null');
    const hash = plain(t?.get('address_hash') ?? t?.get('address'));
    if (typeof hash !== 'string' || hash.toLowerCase() !== want) continue;
    row(t, textOf(plain(m?.get('value'))) ?? '0', textOf(plain(m?.get('token_id'))), raw.trim());
  }
  if (out.rows.length > 0) return;
  // Not held: a balance of 0, in the token's units (its decimals and symbol from the token itself).
  row(members(await client.getRaw(tokenPath(token), [], `token ${token}`)), '0', null, null);
}

/** The rows as one page of a list. */
function pageOf(m: Made): Page<BalanceRow> {
  return { rawItems: m.texts, compact: false, next: null, items: () => m.rows };
}

const view = async () => ({ columns: (await import('../../render/balance.js')).balanceRowColumns });

export async function balance(inv: Invocation, address: string, wants: readonly Want[], token: string | undefined): Promise<void> {
  const s = await inv.session();
  const client = s.explorer();
  await printList(s, onePage(async () => pageOf(await balanceRows(s, client, s.render.coin, address, wants, token))), view, inv.output);
}

/** `--chains`: each chain's rows, printed by fanout.ts as a list's items. */
export function balanceOnChain(address: string, wants: readonly Want[], token: string | undefined): ChainRows {
  return {
    view: view as ChainRows['view'],
    pages: (client, s, coin) => onePage(async () => pageOf(await balanceRows(s, client, coin, address, wants, token))),
  };
}
