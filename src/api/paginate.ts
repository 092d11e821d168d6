/**
 * Pagination as an async iterator of pages (docs/style.md, "Pagination is an iterator"): `--limit` is a
 * break, `--all` a loop to the end. A server that hands back a cursor it already gave would loop
 * forever, and so would one that hands out empty pages with ever-new cursors, or pages of items it
 * already gave with ever-new cursors: all three stop with CursorLoopError. A cursor past
 * MAX_CURSOR_BYTES is no cursor (real ones are tens of bytes) and stops the list as an unusable answer.
 *
 * Memory stays flat however long the list: cursors are remembered as fixed-size digests, up to
 * MAX_CURSORS_KEPT of them, and items only those of the last STALE_WINDOW pages, within a cap each.
 */
import { CursorLoopError, ResponseEnvelopeError } from '../base/errors.js';
import { formatSize } from '../base/validate.js';
import type { ItemSink, ListRequest, Page } from './client.js';
import { type Cursor, cursorKey } from './cursor.js';

/** Empty pages in a row, each with a next cursor, after which the list is taken to be endless. */
export const MAX_EMPTY_PAGES = 5;
/** The largest cursor followed: its query pairs as JSON text, in bytes (Blockscout's are under 300). */
export const MAX_CURSOR_BYTES = 8 * 1024;
/** The size of `cursor` in bytes when it is past MAX_CURSOR_BYTES (no explorer sends one), else undefined. */
export function oversizeCursor(cursor: Cursor): number | undefined {
  const bytes = Buffer.byteLength(cursorKey(cursor));
  return bytes > MAX_CURSOR_BYTES ? bytes : undefined;
}

/** The hint of every error that stops a list midway. */
const SO_FAR = 'the items printed so far are complete up to this point';

/** Digests of the cursors given so far kept for loop detection; the oldest are forgotten past it. */
export const MAX_CURSORS_KEPT = 10_000;
/** A page holding only items of the last this many pages (and a next cursor) is a loop. */
export const STALE_WINDOW = 3;
/** Items kept per page for that comparison (a real page holds 50); items past it are only checked. */
export const MAX_ITEMS_KEPT = 10_000;
/** Characters of item text kept per page for that comparison; items past it are only checked. */
export const MAX_ITEM_CHARS_KEPT = 1024 * 1024;
/** Items longer than this are compared by digest rather than by their text. */
const LONG_ITEM = 16 * 1024;

/** A fixed-size digest of a text (SHA-256, base64); node:crypto loaded when a list is first read. */
function digest(text: string): string {
  return process.getBuiltinModule('node:crypto').hash('sha256', text, 'base64');
}

/**
 * What an item is compared by: its own text, or for a long one `#` and its digest (no JSON text
 * starts with `#`). Hashing every item cost a long `--all` about a tenth of its time; a Set of the
 * texts of three pages is as exact, and V8 hashes a string of this size once, in native code.
 */
function itemKey(raw: string): string {
  return raw.length > LONG_ITEM ? '#' + digest(raw) : raw;
}

/**
 * A copy of a text that holds nothing else alive: an item may be a slice of its page's whole body,
 * which a kept slice would keep in memory. Concatenating and slicing makes V8 write a flat copy.
 */
function detached(text: string): string {
  return (text + ' ').slice(0, -1);
}

/**
 * The items of the last STALE_WINDOW pages, to tell a page that brings nothing new: every item of
 * the current page goes through `add`, then `endPage` says whether it was stale. Each page keeps at
 * most MAX_ITEMS_KEPT items and MAX_ITEM_CHARS_KEPT characters of them, so memory stays flat.
 */
class RecentItems {
  private readonly pages: Set<string>[] = [];
  private current = new Set<string>();
  private chars = 0;
  private count = 0;
  private fresh = false;

  add(raw: string): void {
    const key = itemKey(raw);
    this.count++;
    if (!this.fresh && !this.pages.some((p) => p.has(key))) this.fresh = true;
    if (this.current.size < MAX_ITEMS_KEPT && this.chars + key.length <= MAX_ITEM_CHARS_KEPT) {
      this.chars += key.length;
      this.current.add(detached(key));
    }
  }

  /** Closes the current page: true when it held items and every one was on a recent page. */
  endPage(): boolean {
    const stale = this.count > 0 && !this.fresh;
    if (this.count > 0) {
      this.pages.push(this.current);
      if (this.pages.length > STALE_WINDOW) this.pages.shift();
    }
    this.current = new Set();
    this.chars = 0;
    this.count = 0;
    this.fresh = false;
    return stale;
  }
}

/** Cursor digests in the order given, the oldest forgotten past MAX_CURSORS_KEPT. */
class SeenCursors {
  private readonly set = new Set<string>();

  /** Adds the cursor; false when it was already there. */
  add(key: string): boolean {
    const d = digest(key);
    if (this.set.has(d)) return false;
    this.set.add(d);
    if (this.set.size > MAX_CURSORS_KEPT) this.set.delete(this.set.values().next().value!);
    return true;
  }
}

/**
 * Fetches one page of a request from a cursor (the first page for null). Given a sink, it may hand
 * a big page's items to it while the page arrives (Page.streamed counts them).
 */
export type PageFetcher<T> = (req: ListRequest<T>, cursor: Cursor | null, sink?: ItemSink) => Promise<Page<T>>;

export interface PaginateOptions {
  /** Resume here instead of the first page. */
  cursor?: Cursor | null | undefined;
  /** Stop after this many pages (1 without --all). */
  maxPages?: number | undefined;
  /** Stop asking for pages once this many items have come (the consumer's --limit). */
  limit?: number | undefined;
  /**
   * Where a big page's items go while it arrives, before the page itself is yielded. A page fetched
   * ahead hands nothing on until the consumer is done with the page before it.
   */
  sink?: ItemSink | undefined;
  /** True for a page after which no page is wanted (a window that ends in it): nothing past it is asked for. */
  stopAfter?: ((page: Page<unknown>) => boolean) | undefined;
}

/** Stops the sink of a page fetched ahead that the consumer never asked for. */
class NotWanted extends Error {}

/**
 * Yields pages in order, following `next` until the last page, `maxPages`, `limit`, or a break.
 * While the consumer handles one page, the next is already being fetched (when one is wanted), so
 * writing and the network overlap; a consumer that stops early leaves at most that one request.
 */
export async function* paginate<T>(
  fetchPage: PageFetcher<T>,
  req: ListRequest<T>,
  options: PaginateOptions = {},
): AsyncGenerator<Page<T> & { readonly cursor: Cursor | null }, void, undefined> {
  let cursor = options.cursor ?? null;
  const seen = new SeenCursors();
  if (cursor) seen.add(cursorKey(cursor));
  const recent = new RecentItems();
  const maxPages = options.maxPages ?? Infinity;
  const limit = options.limit ?? Infinity;
  let items = 0;
  let empty = 0;
  const given = options.sink;
  // Items handed on while a page arrives count among its items for the stale-page check.
  const sink: ItemSink | undefined = given && ((raws, compact) => {
    for (const r of raws) recent.add(r);
    return given(raws, compact);
  });
  // The page fetched ahead hands items to the sink only once the consumer has taken the page before.
  let opened: { open(): void; close(): void } | undefined;
  const gated = (): ItemSink | undefined => {
    if (!sink) return undefined;
    let open!: () => void;
    let close!: (e: Error) => void;
    const ready = new Promise<void>((res, rej) => ((open = res), (close = rej)));
    ready.catch(() => undefined);
    opened = { open, close: () => close(new NotWanted('the list ended before this page')) };
    return async (raws, compact) => {
      await ready;
      await sink(raws, compact);
    };
  };
  let pending: Promise<Page<T>> | undefined = fetchPage(req, cursor, sink);
  try {
    for (let n = 0; pending && n < maxPages; n++) {
      const page = await pending;
      pending = undefined;
      const count = (page.streamed ?? 0) + page.rawItems.length;
      items += count;
      const used = cursor;
      for (const r of page.rawItems) recent.add(r);
      // A page of items all printed already is not printed again, whichever loop it belongs to.
      const stale = recent.endPage() && page.next !== null;
      const loop = (message: string) => new CursorLoopError(message, { hint: SO_FAR });
      empty = count === 0 && page.next ? empty + 1 : 0;
      if (empty >= MAX_EMPTY_PAGES) {
        yield Object.assign(page, { cursor: used });
        throw loop(`the server returned ${MAX_EMPTY_PAGES} empty pages in a row, each with a new cursor (${req.what}); stopping instead of asking forever`);
      }
      if (page.next && options.stopAfter?.(page)) {
        yield Object.assign(page, { cursor: used });
        return;
      }
      if (page.next) {
        const bytes = oversizeCursor(page.next);
        if (bytes !== undefined) {
          if (!stale) yield Object.assign(page, { cursor: used });
          throw new ResponseEnvelopeError(
            `unusable cursor after page ${n + 1} of ${req.what}: its next_page_params is ${formatSize(bytes)}, more than a cursor may be (${formatSize(MAX_CURSOR_BYTES)}); stopping`,
            { hint: SO_FAR },
          );
        }
        if (!seen.add(cursorKey(page.next))) {
          if (!stale) yield Object.assign(page, { cursor: used });
          throw loop(`the server returned a cursor it had already given (${req.what}); stopping instead of looping`);
        }
        if (stale) throw loop(`the server returned a page holding only items it had already given, with a new cursor (page ${n + 1} of ${req.what}); stopping instead of looping`);
        cursor = page.next;
        if (n + 1 < maxPages && items < limit) {
          pending = fetchPage(req, cursor, gated());
          // Its failure surfaces when the consumer asks for that page; never as an unhandled rejection.
          pending.catch(() => undefined);
        }
      }
      yield Object.assign(page, { cursor: used });
      opened?.open();
      opened = undefined;
    }
  } finally {
    // The consumer stopped (or the list failed): a page fetched ahead hands nothing on.
    opened?.close();
  }
}

/**
 * A source of exactly one page, for lists that come whole (a local list, a service without
 * cursors). The page is fetched when the consumer first asks, as paginate does, so a failure
 * surfaces there and never as an unhandled rejection.
 */
export async function* onePage<T>(fetchPage: () => Promise<Page<T>>): AsyncGenerator<Page<T>, void, undefined> {
  yield await fetchPage();
}

/** Every item of every page, as raw JSON text, up to `limit` items. */
export async function collectRaw<T>(
  fetchPage: PageFetcher<T>,
  req: ListRequest<T>,
  options: PaginateOptions & { limit?: number } = {},
): Promise<string[]> {
  const out: string[] = [];
  const limit = options.limit ?? Infinity;
  for await (const page of paginate(fetchPage, req, { ...options, limit, sink: undefined })) {
    for (const item of page.rawItems) {
      if (out.length >= limit) return out;
      out.push(item);
    }
    if (out.length >= limit) return out;
  }
  return out;
}
