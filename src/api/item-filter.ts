/**
 * Filters the server does not take, applied as pages arrive: each page keeps the items the request's
 * `itemFilter` accepts and, under `--since`/`--until`, the items of its window (window.ts), their
 * exact texts, in order, and the server's cursor, so paging and resuming work as for any list. A
 * page may come out empty while more exist.
 */
import type { ListRequest, Page } from './client.js';
import type { Cursor } from './cursor.js';
import { paginate, type PageFetcher, type PaginateOptions } from './paginate.js';
import { Placer, untimed } from './window.js';

/**
 * `req` with its `itemFilter` counting the items it leaves out, and `note()`: the line `req.hidden`
 * makes of the count for stderr, or undefined when it left nothing out or the request says nothing.
 */
export function counting<T>(req: ListRequest<T>): { req: ListRequest<T>; note(): string | undefined } {
  const { itemFilter, hidden } = req;
  if (!itemFilter || !hidden) return { req, note: () => undefined };
  let n = 0;
  const counted = (item: unknown) => {
    const kept = itemFilter(item);
    if (!kept) n++;
    return kept;
  };
  return { req: { ...req, itemFilter: counted }, note: () => (n > 0 ? hidden(n) : undefined) };
}

/** The pages of `pages` with only the items `itemFilter` accepts. */
export function filterItems<P extends Page<T>, T>(pages: AsyncIterable<P>, itemFilter: (item: unknown) => boolean): AsyncGenerator<P, void, undefined> {
  return keepItems(pages, (page) => page.items().map(itemFilter), () => false);
}

async function* keepItems<P extends Page<T>, T>(pages: AsyncIterable<P>, keep: (page: P) => boolean[], ends: (page: P) => boolean): AsyncGenerator<P, void, undefined> {
  for await (const page of pages) {
    const verdicts = keep(page);
    const last = ends(page);
    if (!last && verdicts.every(Boolean)) {
      yield page;
      continue;
    }
    const all = page.items();
    const kept = verdicts.flatMap((k, i) => (k ? [i] : []));
    const items = kept.map((i) => all[i] as T);
    const rawItems = kept.map((i) => page.rawItems[i] as string);
    // A window that ends in this page leaves no next page to offer.
    yield { ...page, rawItems, items: () => items, ...(last ? { next: null } : {}) };
  }
}

/**
 * The pages of a list whose request filters items here (`itemFilter`, a `window`): fetched whole
 * (the filters read the items), `--limit` left to the consumer, which counts kept items. Under a
 * window, paging stops at the page that holds the window's oldest end, and without --all or
 * --limit (`maxPages` 1) at the first page that holds an item of it: the first page of the window,
 * whose cursor the next-page hint offers.
 */
export function filteredPages<T>(
  fetchPage: PageFetcher<T>,
  req: ListRequest<T>,
  paging: PaginateOptions,
  warn?: (line: string) => unknown,
): AsyncGenerator<Page<T> & { readonly cursor: Cursor | null }, void, undefined> {
  const window = req.window;
  const filter = req.itemFilter;
  if (!window) return filterItems(paginate(fetchPage, req, { ...paging, limit: undefined, sink: undefined }), filter ?? (() => true));
  const placer = new Placer(window);
  const firstOnly = paging.maxPages === 1;
  const pages = paginate(fetchPage, req, {
    ...paging,
    limit: undefined,
    sink: undefined,
    maxPages: Infinity,
    stopAfter: (page) => placer.ends(page) || (firstOnly && placer.holds(page)),
  });
  let warned = false;
  return keepItems(
    pages,
    (page) => {
      const items = page.items();
      // Never silently dropped: items the explorer sent without a time (an older server's logs) are said to be left out.
      if (!warned && warn && items.some((item) => untimed(item, window))) {
        warned = true;
        warn(`scout: warning: the explorer sent items with a block but no time, which a window in time leaves out; give --since/--until as block:N to keep them\n`);
      }
      return placer.places(page).map((place, i) => place === 'in' && (!filter || filter(items[i])));
    },
    (page) => placer.ends(page),
  );
}
