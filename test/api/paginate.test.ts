import { describe, expect, it } from 'vitest';
import { parseListBody, type ListRequest, type Page } from '../../src/api/client.js';
import type { Cursor } from '../../src/api/cursor.js';
import { collectRaw, MAX_EMPTY_PAGES, onePage, paginate } from '../../src/api/paginate.js';
import { CursorLoopError } from '../../src/base/errors.js';

const req: ListRequest = { path: '/x', params: [['filter', 'to']], what: 'test list' };

/** Serves bodies by cursor (undefined key = first page) and records the cursors asked for. */
function server(bodies: Record<string, string>) {
  const asked: (Cursor | null)[] = [];
  const fetch = async (_r: ListRequest, c: Cursor | null): Promise<Page> => {
    asked.push(c);
    const key = c ? JSON.stringify(c) : 'first';
    const body = bodies[key];
    if (body === undefined) throw new Error(`unexpected cursor ${key}`);
    return parseListBody(body, 'http://test');
  };
  return { fetch, asked };
}

describe('paginate', () => {
  const pages = {
    first: '{"items":[1,2],"next_page_params":{"block_number":null,"index":2}}',
    '[["block_number","null"],["index","2"]]': '{"items":[3,4],"next_page_params":{"index":4}}',
    '[["index","4"]]': '{"items":[5],"next_page_params":null}',
  };

  it('follows cursors to the last page, in order', async () => {
    const s = server(pages);
    expect(await collectRaw(s.fetch, req)).toEqual(['1', '2', '3', '4', '5']);
    expect(s.asked).toHaveLength(3);
  });

  it('stops after maxPages and after limit, without fetching more', async () => {
    const s = server(pages);
    expect(await collectRaw(s.fetch, req, { maxPages: 1 })).toEqual(['1', '2']);
    const t = server(pages);
    expect(await collectRaw(t.fetch, req, { limit: 3 })).toEqual(['1', '2', '3']);
    expect(t.asked).toHaveLength(2);
  });

  it('resumes from a given cursor', async () => {
    const s = server(pages);
    expect(await collectRaw(s.fetch, req, { cursor: [['index', '4']] })).toEqual(['5']);
  });

  it('stops with CursorLoopError when the server repeats a cursor', async () => {
    const s = server({
      first: '{"items":[1],"next_page_params":{"index":1}}',
      '[["index","1"]]': '{"items":[2],"next_page_params":{"index":1}}',
    });
    const seen: string[] = [];
    await expect(async () => {
      for await (const p of paginate(s.fetch, req)) seen.push(...p.rawItems);
    }).rejects.toThrow(CursorLoopError);
    expect(seen).toEqual(['1', '2']);
  });

  /** Pages whose contents `items(n)` decides (n counts from 0), each with a new cursor; at most 1,000 asked. */
  function endless(items: (n: number) => string) {
    let asked = 0;
    const fetch = async (_r: ListRequest, c: Cursor | null): Promise<Page> => {
      const n = c ? Number(c[0]![1]) : 0;
      if (++asked > 1000) throw new Error('asked too often');
      return parseListBody(`{"items":[${items(n)}],"next_page_params":{"p":${n + 1}}}`, 'http://test');
    };
    return { fetch, asked: () => asked };
  }

  it('stops with CursorLoopError after 5 empty pages in a row, each with a new cursor, keeping what came', async () => {
    const s = endless((n) => (n === 0 ? '1,2' : ''));
    const seen: string[] = [];
    const err = await (async () => {
      for await (const p of paginate(s.fetch, req, { limit: 5 })) seen.push(...p.rawItems);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CursorLoopError);
    expect((err as Error).message).toBe('the server returned 5 empty pages in a row, each with a new cursor (test list); stopping instead of asking forever');
    expect(seen).toEqual(['1', '2']);
    expect(s.asked()).toBe(1 + MAX_EMPTY_PAGES);
  });

  it('empty pages between full ones are followed: only a run of them stops the list', async () => {
    // Four empty pages, one item, four empty pages, ... to 30 items.
    const s = endless((n) => (n % 5 === 4 ? String(n) : ''));
    expect(await collectRaw(s.fetch, req, { limit: 30 })).toHaveLength(30);
  });

  it('treats {} as the last page', async () => {
    const s = server({ first: '{"items":[1],"next_page_params":{}}' });
    expect(await collectRaw(s.fetch, req)).toEqual(['1']);
  });
});

describe('read-ahead', () => {
  const pages = {
    first: '{"items":[1,2],"next_page_params":{"p":1}}',
    '[["p","1"]]': '{"items":[3,4],"next_page_params":{"p":2}}',
    '[["p","2"]]': '{"items":[5],"next_page_params":null}',
  };

  it('asks for the next page before the consumer is done with the current one', async () => {
    const s = server(pages);
    const seenWhenHandling: number[] = [];
    for await (const _page of paginate(s.fetch, req)) seenWhenHandling.push(s.asked.length);
    expect(seenWhenHandling).toEqual([2, 3, 3]);
  });

  it('does not read ahead past maxPages or once limit items have come', async () => {
    const a = server(pages);
    for await (const _p of paginate(a.fetch, req, { maxPages: 1 })) void _p;
    expect(a.asked).toHaveLength(1);
    const b = server(pages);
    expect(await collectRaw(b.fetch, req, { limit: 2 })).toEqual(['1', '2']);
    expect(b.asked).toHaveLength(1);
  });

  it('a read-ahead that fails surfaces when its page is asked for, after the earlier page', async () => {
    const seen: string[] = [];
    const fetch = async (_r: ListRequest, c: Cursor | null): Promise<Page> => {
      if (c) throw new Error('page 2 failed');
      return parseListBody('{"items":[1],"next_page_params":{"p":1}}', 'http://test');
    };
    await expect(async () => {
      for await (const p of paginate(fetch, req)) seen.push(...p.rawItems);
    }).rejects.toThrow('page 2 failed');
    expect(seen).toEqual(['1']);
  });
});

describe('onePage', () => {
  it('yields the one page, fetched only when first asked for; a failure surfaces there', async () => {
    const log: string[] = [];
    const page: Page = { rawItems: ['1'], next: [['p', '2']], items: () => [1] };
    const source = onePage(async () => (log.push('fetch'), page));
    expect(log).toEqual([]);
    const got: Page[] = [];
    for await (const p of source) got.push(p);
    expect(got).toEqual([page]);
    expect(log).toEqual(['fetch']);
    const failing = onePage(() => Promise.reject(new Error('down')));
    await expect(failing.next()).rejects.toThrow('down');
  });
});
