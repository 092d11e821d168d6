/**
 * A filter the server does not take, applied as pages arrive: each page keeps the items `itemFilter`
 * accepts, their exact texts, in order, and the server's cursor, so paging and resuming work as
 * for any list. A page may come out empty while more exist.
 */
import type { Page } from './client.js';

/** The pages of `pages` with only the items `itemFilter` accepts. */
export async function* filterItems<P extends Page<T>, T>(pages: AsyncIterable<P>, itemFilter: (item: unknown) => boolean): AsyncGenerator<P, void, undefined> {
  for await (const page of pages) {
    const all = page.items();
    const kept = all.flatMap((item, i) => (itemFilter(item) ? [i] : []));
    if (kept.length === all.length) {
      yield page;
      continue;
    }
    const items = kept.map((i) => all[i] as T);
    const rawItems = kept.map((i) => page.rawItems[i] as string);
    yield { ...page, rawItems, items: () => items };
  }
}
