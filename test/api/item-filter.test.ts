/** filterItems: a filter the server does not take, applied page by page without touching what is kept. */
import { describe, expect, it } from 'vitest';
import { parseListBody, type Page } from '../../src/api/client.js';
import { filterItems } from '../../src/api/item-filter.js';

async function collect<T>(pages: AsyncIterable<Page<T>>): Promise<Page<T>[]> {
  const out: Page<T>[] = [];
  for await (const p of pages) out.push(p);
  return out;
}

async function* source(...bodies: string[]): AsyncGenerator<Page> {
  for (const b of bodies) yield parseListBody(b, 'http://x');
}

const isToken = (v: unknown) => (v as { type?: unknown }).type === 'token';

describe('filterItems', () => {
  it('keeps the exact text of the items it keeps, in order, and the server’s cursor', async () => {
    const body = '{"items":[{"type":"token","v":1.0e3},{"type":"address"},{"type" : "token","n":12345678901234567890}],"next_page_params":{"q":"x","next_page_params_type":"token"}}';
    const [page] = await collect(filterItems(source(body), isToken));
    expect(page!.rawItems).toEqual(['{"type":"token","v":1.0e3}', '{"type" : "token","n":12345678901234567890}']);
    expect(page!.items().map((i) => (i as { type: string }).type)).toEqual(['token', 'token']);
    expect(page!.next).toEqual([['q', 'x'], ['next_page_params_type', 'token']]);
  });

  it('passes a page on as it is when every item stays, and yields an empty page when none does', async () => {
    const all = '{"items":[{"type":"token"}],"next_page_params":null}';
    const none = '{"items":[{"type":"block"}],"next_page_params":{"block":"1"}}';
    const pages = await collect(filterItems(source(all, none), isToken));
    expect(pages[0]!.rawItems).toEqual(['{"type":"token"}']);
    expect(pages[0]!.compact).toBe(true);
    expect(pages[1]!.rawItems).toEqual([]);
    expect(pages[1]!.items()).toEqual([]);
    // An emptied page still leads on: the next page may hold what is asked for.
    expect(pages[1]!.next).toEqual([['block', '1']]);
  });
});
