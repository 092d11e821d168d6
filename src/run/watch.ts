/**
 * `--watch`: a list followed as it grows. The first page is printed as it is (or, with --new-only,
 * only remembered), then polled every interval; each poll prints the items not printed before,
 * oldest first, through the same writers as any list (NDJSON lines, CSV rows, piped lines, table
 * rows with the widths of the first rows), each batch written before the next wait begins. Ctrl-C
 * ends it with 130.
 *
 * Items are told apart by their identity (the spec's `watch`: a hash, or a transaction hash with a
 * log index or position). An item printed once is never printed again, even if it leaves the page
 * (a reorganisation dropped it) and comes back; its replacement is a new item and prints once.
 *
 * When a whole polled page is new, more arrived since the last poll than one page holds: the pages
 * after it are fetched until one holds a known item, up to CATCH_UP_PAGES more; past that, a
 * warning says how many arrived and that the older ones were not fetched.
 *
 * Memory stays bounded over days: the identities are kept as digests of KEY_BYTES (never the
 * server's own strings, which may be megabytes long) in a set of at most SEEN_LIMIT, the least
 * recently seen forgotten first. Every poll refreshes the identities on the pages it fetched,
 * so what the first page shows is never forgotten; an identity is forgotten only after SEEN_LIMIT
 * newer ones were seen since it was last on a polled page, and to be printed again it would have
 * to come back to the top of the list from thousands of items down.
 */
import { createHash } from 'node:crypto';
import type { ExplorerClient, ListRequest, Page } from '../api/client.js';
import { formatDuration } from '../base/validate.js';
import type { WatchPlan } from '../kit/follow-options.js';
import { printList } from './output.js';
import { chainInterval, pause, transient } from './poll.js';
import { silentProgress } from './progress.js';
import type { Invocation } from '../kit/invocation.js';
import type { Session } from './session.js';
import type { Identity } from '../kit/spec.js';
import type { ViewRef } from '../kit/view-ref.js';
import { safeText } from '../base/text/safe.js';

/** How many identities are remembered (about 1 MB: a digest of KEY_BYTES each, and the set's own entries). */
export const SEEN_LIMIT = 10_000;

/**
 * The bytes of an identity's digest: SHA-256 cut to 128 bits. Two identities share one only by a
 * collision no server can aim for (2^64 tries), and then one item would not print: nothing a
 * hostile server could not do by not sending it.
 */
export const KEY_BYTES = 16;

/** Pages fetched beyond the first in one poll when everything on them is new. */
export const CATCH_UP_PAGES = 4;

/** A set of identities holding at most `limit`, forgetting the least recently seen first. */
export class SeenSet {
  /** Insertion order is recency: a Map iterates oldest first. */
  private readonly keys = new Map<string, true>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.keys.size;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Remembers `key` as seen now; returns whether it was new. */
  see(key: string): boolean {
    const known = this.keys.delete(key);
    this.keys.set(key, true);
    if (this.keys.size > this.limit) this.keys.delete(this.keys.keys().next().value!);
    return !known;
  }
}

/**
 * The identity of an item as a digest of KEY_BYTES (a string of as many characters, whatever the
 * item's size): of its identity fields, or (without any) of its whole text.
 */
export function identityKey(identity: Identity, item: unknown, raw: string): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const values = identity(item as Record<string, unknown>);
    if (values.some((v) => v !== undefined && v !== null)) {
      // 5 and "5" are the same log index; hashes in any case the same hash.
      return digest('id:' + values.map((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.toLowerCase() : typeof v === 'object' ? JSON.stringify(v) : String(v))).join('\u0000'));
    }
  }
  return digest('raw:' + raw);
}

/** SHA-256 of `text`, its first KEY_BYTES as a one-byte string. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest().toString('latin1', 0, KEY_BYTES);
}

/** One item of a fetched page. */
interface Entry<T> {
  readonly page: Page<T>;
  readonly index: number;
  readonly key: string;
}

function entriesOf<T>(page: Page<T>, identity: Identity): Entry<T>[] {
  const items = page.items();
  return page.rawItems.map((raw, index) => ({ page, index, key: identityKey(identity, items[index], raw) }));
}

/** The entries as one page for the writers, in the order given. */
function batch<T>(entries: readonly Entry<T>[]): Page<T> {
  return {
    rawItems: entries.map((e) => e.page.rawItems[e.index]!),
    compact: entries.every((e) => e.page.compact),
    next: null,
    items: () => entries.map((e) => e.page.items()[e.index]!),
  };
}

/**
 * One poll: the first page, and while every item on the last page fetched is new, the next one,
 * up to CATCH_UP_PAGES more. Returns the items newest first, as the server lists them, and whether
 * new items may remain unfetched.
 */
async function poll<T>(client: ExplorerClient, req: ListRequest<T>, seen: SeenSet, identity: Identity): Promise<{ entries: Entry<T>[]; gap: boolean }> {
  const entries: Entry<T>[] = [];
  let page = await client.page(req);
  for (let extra = 0; ; extra++) {
    const fetched = entriesOf(page, identity);
    entries.push(...fetched);
    if (page.next === null || fetched.length === 0 || fetched.some((e) => seen.has(e.key))) return { entries, gap: false };
    if (extra >= CATCH_UP_PAGES) return { entries, gap: true };
    page = await client.page(req, page.next);
  }
}

/**
 * Marks the entries seen, oldest first, and returns those not seen before (each once), oldest first.
 * `entries` come newest first, as the server lists them.
 */
function fresh<T>(entries: readonly Entry<T>[], seen: SeenSet): Entry<T>[] {
  const out: Entry<T>[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (seen.see(e.key)) out.push(e);
  }
  return out;
}

/** The batches to print, as pages: what exists (unless --new-only), then what each poll finds new. */
async function* follow<T>(s: Session, inv: Invocation, req: ListRequest<T>, plan: WatchPlan, identity: Identity): AsyncGenerator<Page<T>> {
  // Polls ask again because the answer changes: never from --cache.
  const client = s.explorer().uncached();
  const seen = new SeenSet(SEEN_LIMIT);
  const signal = inv.env.signal;
  const first = fresh(entriesOf(await client.page(req), identity), seen);
  const interval = plan.intervalMs ?? (await chainInterval(client)).ms;
  const label = safeText(inv.path.join(' '));
  if (s.settings.verbose) await s.io.err.write(`scout: ${label}: polling every ${formatDuration(interval)}\n`);
  else if (s.io.stderrIsTTY) await s.io.err.write(`scout: watching ${label} for new items every ${formatDuration(interval)}; Ctrl-C to stop\n`);
  if (!plan.newOnly && first.length > 0) yield now(s, batch(first));
  for (;;) {
    await pause(s.io, interval, signal);
    let found: { entries: Entry<T>[]; gap: boolean };
    try {
      found = await poll(client, req, seen, identity);
    } catch (e) {
      // A transient failure (the network, a 5xx after the retries) costs this poll, not the watch.
      if (!transient(e)) throw e;
      await s.io.err.write(`scout: warning: ${e.message}; polling again in ${formatDuration(interval)}\n`);
      continue;
    }
    if (found.gap) {
      const n = found.entries.length;
      await s.io.err.write(`scout: warning: all ${n} items on the ${CATCH_UP_PAGES + 1} newest pages are new since the last poll; older new items were not fetched (a shorter --interval polls more often)\n`);
    }
    const news = fresh(found.entries, seen);
    if (news.length > 0) yield now(s, batch(news));
  }
}

/** The page, with the render clock set to now: a table's relative times count from when the row prints. */
function now<T>(s: Session, page: Page<T>): Page<T> {
  s.render.now = s.io.now();
  return page;
}

/** Follows the list `req` asks for until Ctrl-C, printing each new item once. */
export async function runWatch<T>(inv: Invocation, req: ListRequest<T>, view: ViewRef<T>, plan: WatchPlan, identity: Identity, subject?: string): Promise<void> {
  const s = await inv.session();
  // No spinner: the run waits most of its time, and rows arrive one batch at a time.
  await printList(s, follow(s, inv, req, plan, identity), view, { mode: inv.output.mode, wide: inv.output.wide, columns: inv.output.columns, subject }, { progress: async () => silentProgress });
}
