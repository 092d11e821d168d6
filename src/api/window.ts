/**
 * `--since`/`--until` on a history the server does not filter by time: its pages come newest first,
 * so items newer than the window are skipped, items in it kept (their exact texts, in order), and
 * the first item older than the window ends the list. No page past the one holding that item is
 * asked for: a window costs the pages down to its start plus at most one.
 */
import type { TimePoint, TimeWindow } from '../base/time.js';

/** Where an item of a list keeps its time and its block: the first of each field present is read. */
export interface Dated {
  /** Fields holding an ISO 8601 time (`timestamp`, `block_timestamp`). */
  readonly time: readonly string[];
  /** Fields holding a block number (`block_number`, `height`). */
  readonly block: readonly string[];
}

/** A window over a list whose items are `dated`. */
export interface ItemWindow {
  readonly bounds: TimeWindow;
  readonly dated: Dated;
}

/** An item's place against a window: older than `since`, in it, or after it (newer than `until`, or of no known time). */
export type Place = 'older' | 'in' | 'newer';

function field(item: Record<string, unknown>, names: readonly string[]): unknown {
  for (const n of names) if (item[n] !== undefined && item[n] !== null) return item[n];
  return undefined;
}

/** The item's time in milliseconds, when it has one that parses. */
function timeOf(item: Record<string, unknown>, dated: Dated): number | undefined {
  const t = field(item, dated.time);
  const ms = typeof t === 'string' ? Date.parse(t) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** The item's block number, when it has one. */
function blockOf(item: Record<string, unknown>, dated: Dated): bigint | undefined {
  const b = field(item, dated.block);
  if (typeof b === 'number' && Number.isSafeInteger(b) && b >= 0) return BigInt(b);
  if (typeof b === 'string' && /^\d{1,20}$/.test(b)) return BigInt(b);
  return undefined;
}

/** -1 before the point, 0 at or after it, undefined when the item does not say. */
function against(item: Record<string, unknown>, p: TimePoint, dated: Dated): -1 | 0 | undefined {
  if (p.kind === 'block') {
    const b = blockOf(item, dated);
    return b === undefined ? undefined : b < p.block ? -1 : 0;
  }
  const t = timeOf(item, dated);
  return t === undefined ? undefined : t < p.ms ? -1 : 0;
}

/** The item has a block but no time, and the window has a bound in time: it cannot be placed by time. */
export function untimed(item: unknown, w: ItemWindow): boolean {
  const { since, until } = w.bounds;
  if (since?.kind !== 'time' && until?.kind !== 'time') return false;
  const rec = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
  return timeOf(rec, w.dated) === undefined && blockOf(rec, w.dated) !== undefined;
}

/**
 * Where `item` falls: `since` inclusive, `until` exclusive. An item that does not say when it happened
 * (a pending transaction) is in a window open at the newer end and outside one that has an `until`;
 * one that names its block but not its time is outside any window bounded by a time. Neither ends
 * the list.
 */
export function placeOf(item: unknown, w: ItemWindow): Place {
  // An item with a block but no time cannot be placed in a window of times: left out (and said, item-filter.ts).
  if (untimed(item, w)) return 'newer';
  const rec = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
  const { since, until } = w.bounds;
  if (until) {
    const u = against(rec, until, w.dated);
    if (u !== -1) return 'newer';
  }
  if (since && against(rec, since, w.dated) === -1) return 'older';
  return 'in';
}

/** A page, as far as a window reads it. */
interface Items {
  items(): readonly unknown[];
}

/** Reads each page's places once: the paginator asks whether to go on, the filter what to keep. */
export class Placer {
  private readonly seen = new WeakMap<object, Place[]>();
  constructor(readonly window: ItemWindow) {}

  places(page: Items): Place[] {
    let p = this.seen.get(page);
    if (!p) this.seen.set(page, (p = page.items().map((item) => placeOf(item, this.window))));
    return p;
  }

  /** The page holds an item older than the window: nothing after it can be in it. */
  ends(page: Items): boolean {
    return this.places(page).includes('older');
  }

  /** The page holds an item of the window. */
  holds(page: Items): boolean {
    return this.places(page).includes('in');
  }
}
