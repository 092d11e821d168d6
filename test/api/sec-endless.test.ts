/**
 * paginate against endless lists (issue 20, item 7): items handed to a sink while a big page
 * arrives count for the stale-page check as items of the page do, and a page cut into items already
 * printed is never printed again; the cursor cap is on the cursor's bytes.
 */
import { describe, expect, it } from 'vitest';
import type { ItemSink, ListRequest, Page } from '../../src/api/client.js';
import type { Cursor } from '../../src/api/cursor.js';
import { MAX_CURSOR_BYTES, paginate } from '../../src/api/paginate.js';
import { CursorLoopError, ResponseEnvelopeError } from '../../src/base/errors.js';

const req: ListRequest = { path: '/x', params: [], what: 'test list' };

/** Runs the list to its end or error; what was printed (sink and pages) and the error. */
async function drain(fetch: (r: ListRequest, c: Cursor | null, sink?: ItemSink) => Promise<Page>) {
  const printed: string[] = [];
  const sink: ItemSink = async (raws) => void printed.push(...raws);
  const error = await (async () => {
    for await (const p of paginate(fetch, req, { sink })) printed.push(...p.rawItems);
  })().catch((e: unknown) => e);
  return { printed, error };
}

describe('paginate: stale pages', () => {
  it('a page whose items all went to the sink while it arrived, repeated with a new cursor, stops the list', async () => {
    let asked = 0;
    const fetch = async (_r: ListRequest, c: Cursor | null, sink?: ItemSink): Promise<Page> => {
      if (++asked > 50) throw new Error('asked too often');
      const n = c ? Number(c[0]![1]) : 0;
      // The whole page streamed: nothing left in rawItems.
      await sink!(['{"a":1}', '{"a":2}'], true);
      return { streamed: 2, rawItems: [], next: [['p', String(n + 1)]], items: () => [] };
    };
    const { printed, error } = await drain(fetch);
    expect(error).toBeInstanceOf(CursorLoopError);
    expect((error as Error).message).toMatch(/^the server returned a page holding only items it had already given, with a new cursor \(page 2 of test list\)/);
    expect(asked).toBe(2);
    // The streamed page went out as it came; the list stopped there.
    expect(printed).toEqual(['{"a":1}', '{"a":2}', '{"a":1}', '{"a":2}']);
  });

  it('items of the last three pages count; a page repeating an older one is new', async () => {
    const cycle = (len: number) => {
      let asked = 0;
      const fetch = async (_r: ListRequest, c: Cursor | null): Promise<Page> => {
        const n = c ? Number(c[0]![1]) : 0;
        if (++asked > 12) return { rawItems: [], next: null, items: () => [] };
        return { rawItems: [`{"i":${n % len}}`], next: [['p', String(n + 1)]], items: () => [] };
      };
      return { fetch, asked: () => asked };
    };
    const three = cycle(3);
    expect((await drain(three.fetch)).error).toBeInstanceOf(CursorLoopError);
    expect(three.asked()).toBe(4);
    // A period longer than the window is followed (the list here ends by itself).
    const four = cycle(4);
    expect((await drain(four.fetch)).error).toBeUndefined();
    expect(four.asked()).toBe(13);
  });
});

describe('paginate: cursor size', () => {
  const withCursor = (value: string) => async (_r: ListRequest, c: Cursor | null): Promise<Page> =>
    c ? { rawItems: ['2'], next: null, items: () => [] } : { rawItems: ['1'], next: [['k', value]], items: () => [] };
  // [["k","…"]] is 10 bytes besides the value.
  const room = MAX_CURSOR_BYTES - 10;

  it('a cursor of MAX_CURSOR_BYTES is followed; one byte more stops the list after its page', async () => {
    expect(await drain(withCursor('x'.repeat(room)))).toEqual({ printed: ['1', '2'], error: undefined });
    const over = await drain(withCursor('x'.repeat(room + 1)));
    expect(over.printed).toEqual(['1']);
    expect(over.error).toBeInstanceOf(ResponseEnvelopeError);
    expect((over.error as Error).message).toBe('unusable cursor after page 1 of test list: its next_page_params is 8193 bytes, more than a cursor may be (8 KiB); stopping');
  });

  it('counts bytes, not characters', async () => {
    const over = await drain(withCursor('é'.repeat(Math.ceil(room / 2) + 1)));
    expect(over.error).toBeInstanceOf(ResponseEnvelopeError);
  });
});
