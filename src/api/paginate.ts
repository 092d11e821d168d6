/**
 * Pagination as an async iterator of pages (STYLE.md, habit 6): `--limit` is a break, `--all` a loop
 * to the end. A server that hands back a cursor it already gave would loop forever: that stops with
 * CursorLoopError.
 */
import { CursorLoopError } from '../errors.js';
import type { ListRequest, Page } from './client.js';
import { type Cursor, cursorKey } from './cursor.js';

/** Fetches one page of a request from a cursor (the first page for null). */
export type PageFetcher<T> = (req: ListRequest<T>, cursor: Cursor | null) => Promise<Page<T>>;

export interface PaginateOptions {
  /** Resume here instead of the first page. */
  cursor?: Cursor | null | undefined;
  /** Stop after this many pages (1 without --all). */
  maxPages?: number | undefined;
}

/** Yields pages in order, following `next` until the last page, `maxPages`, or a break. */
export async function* paginate<T>(
  fetchPage: PageFetcher<T>,
  req: ListRequest<T>,
  options: PaginateOptions = {},
): AsyncGenerator<Page<T> & { readonly cursor: Cursor | null }, void, undefined> {
  let cursor = options.cursor ?? null;
  const seen = new Set<string>();
  if (cursor) seen.add(cursorKey(cursor));
  const maxPages = options.maxPages ?? Infinity;
  for (let n = 0; n < maxPages; n++) {
    const page = await fetchPage(req, cursor);
    yield Object.assign(page, { cursor });
    if (!page.next) return;
    const key = cursorKey(page.next);
    if (seen.has(key)) {
      throw new CursorLoopError(`the server returned a cursor it had already given (${req.what}); stopping instead of looping`, {
        hint: 'the items printed so far are complete up to this point',
      });
    }
    seen.add(key);
    cursor = page.next;
  }
}

/** Every item of every page, as raw JSON text, up to `limit` items. */
export async function collectRaw<T>(
  fetchPage: PageFetcher<T>,
  req: ListRequest<T>,
  options: PaginateOptions & { limit?: number } = {},
): Promise<string[]> {
  const out: string[] = [];
  const limit = options.limit ?? Infinity;
  for await (const page of paginate(fetchPage, req, options)) {
    for (const item of page.rawItems) {
      if (out.length >= limit) return out;
      out.push(item);
    }
    if (out.length >= limit) return out;
  }
  return out;
}
