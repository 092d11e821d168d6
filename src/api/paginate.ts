/**
 * Pagination as an async iterator of pages (STYLE.md, habit 6): `--limit` is a break, `--all` a loop
 * to the end. A server that hands back a cursor it already gave would loop forever, and so would one
 * that hands out empty pages with ever-new cursors: both stop with CursorLoopError.
 */
import { CursorLoopError } from '../errors.js';
import type { ItemSink, ListRequest, Page } from './client.js';
import { type Cursor, cursorKey } from './cursor.js';

/** Empty pages in a row, each with a next cursor, after which the list is taken to be endless. */
export const MAX_EMPTY_PAGES = 5;

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
  const seen = new Set<string>();
  if (cursor) seen.add(cursorKey(cursor));
  const maxPages = options.maxPages ?? Infinity;
  const limit = options.limit ?? Infinity;
  let items = 0;
  let empty = 0;
  const sink = options.sink;
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
      empty = count === 0 && page.next ? empty + 1 : 0;
      if (empty >= MAX_EMPTY_PAGES) {
        yield Object.assign(page, { cursor: used });
        throw new CursorLoopError(`the server returned ${MAX_EMPTY_PAGES} empty pages in a row, each with a new cursor (${req.what}); stopping instead of asking forever`, {
          hint: 'the items printed so far are complete up to this point',
        });
      }
      if (page.next) {
        const key = cursorKey(page.next);
        if (seen.has(key)) {
          yield Object.assign(page, { cursor: used });
          throw new CursorLoopError(`the server returned a cursor it had already given (${req.what}); stopping instead of looping`, {
            hint: 'the items printed so far are complete up to this point',
          });
        }
        seen.add(key);
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
