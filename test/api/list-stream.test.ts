import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ItemSink, type ListRequest, type Page, readListBody } from '../../src/api/client.js';
import type { Cursor } from '../../src/api/cursor.js';
import { paginate } from '../../src/api/paginate.js';
import { ResponseEnvelopeError, ResponseShapeError } from '../../src/base/errors.js';

const HEADERS = { 'content-type': 'application/json' };
const items = Array.from({ length: 40 }, (_, i) => `{"i":${i},"pad":"${'y'.repeat(90)}"}`);
const body = Buffer.from(`{"items":[${items.join(',')}],"next_page_params":{"index":40}}`);

/** The body in chunks of `size` bytes, recording when each is taken; `breakAt`: the stream fails there. */
function chunks(bytes: Buffer, size: number, log: string[], breakAt = Infinity): AsyncIterable<Buffer> {
  return (async function* () {
    for (let at = 0; at < bytes.length; at += size) {
      if (at >= breakAt) throw new Error('socket hang up');
      log.push(`chunk ${at}`);
      yield bytes.subarray(at, at + size);
    }
  })();
}

function sinkTo(log: string[], got: string[]): ItemSink {
  return async (raws) => {
    log.push(`sink ${raws.length}`);
    got.push(...raws);
  };
}

const fresh = () => ({ count: 0, hash: createHash('sha256') });

describe('readListBody', () => {
  it('without a sink, holds the whole page', async () => {
    const page = await readListBody(chunks(body, 100, []), HEADERS, 'http://x', fresh());
    expect(page.rawItems).toEqual(items);
    expect(page.streamed).toBe(0);
    expect(page.next).toEqual([['index', '40']]);
    expect(page.items()).toEqual(items.map((r) => JSON.parse(r)));
  });

  it('a page smaller than the hold comes whole even to a sink: nothing goes out before it proved to be a list', async () => {
    const log: string[] = [];
    const page = await readListBody(chunks(body, 100, log), HEADERS, 'http://x', fresh(), sinkTo(log, []));
    expect(log.filter((l) => l.startsWith('sink'))).toEqual([]);
    expect(page.rawItems).toEqual(items);
  });

  it('past the hold, hands items to the sink as chunks complete them, before the body ends', async () => {
    const log: string[] = [];
    const got: string[] = [];
    const page = await readListBody(chunks(body, 300, log), HEADERS, 'http://x', fresh(), sinkTo(log, got), 1000);
    expect([...got, ...page.rawItems]).toEqual(items);
    expect(page.streamed).toBe(got.length);
    // The first items went out while chunks were still to come, and then after each chunk.
    const firstSink = log.findIndex((l) => l.startsWith('sink'));
    expect(firstSink).toBeGreaterThan(0);
    expect(log.slice(firstSink + 1).filter((l) => l.startsWith('chunk')).length).toBeGreaterThan(5);
    expect(page.rawItems).toEqual([]);
  });

  it('a retry after items went out hands on only the rest, checked to match', async () => {
    const log: string[] = [];
    const got: string[] = [];
    const done = fresh();
    const sink = sinkTo(log, got);
    await expect(readListBody(chunks(body, 300, log, 2400), HEADERS, 'http://x', done, sink, 1000)).rejects.toThrow('socket hang up');
    const first = got.length;
    expect(first).toBeGreaterThan(0);
    expect(done.count).toBe(first);
    const page = await readListBody(chunks(body, 300, log), HEADERS, 'http://x', done, sink, 1000);
    expect(got).toEqual(items);
    expect(page.streamed).toBe(40);
  });

  it('a retry whose first items differ from those printed is refused, not mixed in', async () => {
    const done = fresh();
    const got: string[] = [];
    await expect(readListBody(chunks(body, 300, [], 2400), HEADERS, 'http://x', done, sinkTo([], got), 1000)).rejects.toThrow();
    const changed = Buffer.from(body.toString().replace('"i":1,', '"i":-1,'));
    const e = await readListBody(chunks(changed, 300, []), HEADERS, 'http://x', done, sinkTo([], got), 1000).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ResponseEnvelopeError);
    expect(got).toEqual(items.slice(0, done.count));
    // A retry with fewer items than were printed is refused too.
    const fewer = Buffer.from(`{"items":[${items[0]}],"next_page_params":null}`);
    await expect(readListBody(chunks(fewer, 300, []), HEADERS, 'http://x', done, sinkTo([], got), 1000)).rejects.toThrow(ResponseEnvelopeError);
  });

  it('says what a body that is not a list is, as parseListBody does', async () => {
    const read = (text: string) => readListBody(chunks(Buffer.from(text), 7, []), HEADERS, 'http://x', fresh());
    await expect(read('<html>oops</html>')).rejects.toThrow(new ResponseShapeError('unusable response from http://x: not JSON (content-type application/json, 17 bytes)'));
    await expect(read('{"items":[1],')).rejects.toThrow(ResponseShapeError);
    await expect(read('{"hash":"0x1"}')).rejects.toThrow('expected a list with "items"');
    await expect(read('{"items":{}}')).rejects.toThrow('expected a list with "items"');
    await expect(read('{"items":[],"next_page_params":[1]}')).rejects.toThrow('"next_page_params" is an array, not an object');
    await expect(read('{"items":[1],"items":[2]}')).rejects.toThrow('two "items" members');
  });
});

describe('paginate with a sink', () => {
  const req: ListRequest = { path: '/x', params: [], what: 'test list' };

  it('a page fetched ahead hands nothing to the sink until the consumer is done with the page before', async () => {
    const log: string[] = [];
    // Each page hands one item to the sink while it "arrives" and keeps one for the page itself.
    const fetch = async (_r: ListRequest, c: Cursor | null, sink?: ItemSink): Promise<Page> => {
      const n = c ? Number(c[0]![1]) : 1;
      await sink?.([`"streamed ${n}"`], true);
      return { streamed: 1, rawItems: [`"held ${n}"`], next: n < 3 ? [['page', String(n + 1)]] : null, items: () => [] };
    };
    const sink: ItemSink = async (raws) => void log.push(...raws);
    for await (const page of paginate(fetch, req, { sink })) {
      // The next page is already being fetched; let it run as far as it can before this one is used.
      await new Promise((r) => setTimeout(r, 5));
      log.push(...page.rawItems);
    }
    expect(log).toEqual(['"streamed 1"', '"held 1"', '"streamed 2"', '"held 2"', '"streamed 3"', '"held 3"']);
  });

  it('a consumer that stops leaves the page fetched ahead unable to print', async () => {
    const log: string[] = [];
    let ahead: Promise<unknown> | undefined;
    const fetch = (_r: ListRequest, c: Cursor | null, sink?: ItemSink): Promise<Page> => {
      const p = (async () => {
        await sink?.([c ? '"ahead"' : '"first"'], true);
        return { streamed: 1, rawItems: [], next: [['page', '2']] as Cursor, items: () => [] };
      })();
      if (c) ahead = p;
      return p;
    };
    for await (const _ of paginate(fetch, req, { sink: async (raws) => void log.push(...raws) })) break;
    await expect(ahead).rejects.toThrow('the list ended before this page');
    expect(log).toEqual(['"first"']);
  });
});
