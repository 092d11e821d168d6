import { describe, expect, it } from 'vitest';
import { parseListBody } from '../../src/api/client.js';
import { ResponseShapeError } from '../../src/base/errors.js';
import { arrayElements, objectMembers } from '../../src/base/json/lossless.js';
import { JsonArrayWriter, ndjsonLines } from '../../src/render/json.js';

/** The items as the lossless scanner cuts them: the reference both paths must match. */
const scanned = (body: string) => arrayElements(objectMembers(body).get('items')!);

describe('parseListBody', () => {
  const compact = '{"items":[{"a":1,"b":"x y","c":[null,true]},{"d":{"e":"Ünï \\u001b"}}],"next_page_params":{"block_number":null,"index":5}}';

  it('takes the native fast path for a body JSON.stringify reproduces, with the same texts', () => {
    const page = parseListBody(compact, 'http://x');
    expect(page.compact).toBe(true);
    expect(page.rawItems).toEqual(scanned(compact));
    expect(page.next).toEqual([
      ['block_number', 'null'],
      ['index', '5'],
    ]);
  });

  it.each([
    ['an exponent', '{"items":[{"d":[0,2.0e3]}],"next_page_params":null}'],
    ['a float written with a trailing zero', '{"items":[{"x":1.50}],"next_page_params":null}'],
    ['an integer beyond 2^53', '{"items":[{"n":123456789012345678901234567890}],"next_page_params":{"fee":123456789012345678901}}'],
    ['an escape written another way', '{"items":[{"s":"\\u00e9\\/"}],"next_page_params":null}'],
    ['an integer-like key JSON.parse would move', '{"items":[{"b":1,"10":2}],"next_page_params":null}'],
    ['spacing', '{ "items": [ {"a": 1} ], "next_page_params": null }'],
  ])('keeps the exact text of a body with %s', (_name, body) => {
    const page = parseListBody(body, 'http://x');
    expect(page.compact).toBeFalsy();
    expect(page.rawItems).toEqual(scanned(body));
  });

  it('keeps a big cursor number exactly', () => {
    const page = parseListBody('{"items":[],"next_page_params":{"fee":123456789012345678901}}', 'http://x');
    expect(page.next).toEqual([['fee', '123456789012345678901']]);
  });

  it('takes an item nested 100,000 levels deep (JSON.stringify would overflow the stack), every character kept', () => {
    const deep = '['.repeat(100_000) + '"\u202e"' + ']'.repeat(100_000);
    for (const body of [`{"items":[{"a":1},{"d":${deep}}],"next_page_params":{"k":1}}`, `{"items": [ {"d": ${deep}} ], "next_page_params": null}`]) {
      const page = parseListBody(body, 'http://x');
      expect(page.rawItems).toEqual(scanned(body));
      expect(page.items()).toHaveLength(page.rawItems.length);
    }
    expect(parseListBody(`{"items":[],"next_page_params":{"k":${deep}}}`, 'http://x').next).toEqual([['k', deep]]);
  });

  it.each([
    ['a string', '"abc"'],
    ['a number', '5'],
    ['an array', '[1,2]'],
    ['an empty array', '[]'],
    ['a boolean', 'true'],
  ])('refuses a next_page_params that is %s, compact or spaced alike', (kind, cursor) => {
    const message = `unusable response from http://x: "next_page_params" is ${kind.replace('an empty', 'an')}, not an object`;
    for (const body of [`{"items":[{"a":1}],"next_page_params":${cursor}}`, `{ "items": [ {"a": 1} ], "next_page_params": ${cursor} }`]) {
      expect(() => parseListBody(body, 'http://x'), body).toThrow(ResponseShapeError);
      expect(() => parseListBody(body, 'http://x'), body).toThrow(message);
    }
  });

  it('refuses what is not a list body', () => {
    expect(() => parseListBody('{"items":{}}', 'http://x')).toThrow(ResponseShapeError);
    expect(() => parseListBody('[1,2]', 'http://x')).toThrow(ResponseShapeError);
    expect(() => parseListBody('{"items":[1,', 'http://x')).toThrow(/not JSON/);
  });
});

describe('compact output of compact items', () => {
  const items = ['{"a":"x\u202ey"}', '{"b":"\u009b31m","c":[1,2]}'];

  it('ndjson: the same lines as the general path', () => {
    expect(ndjsonLines(items, true)).toBe(ndjsonLines(items, false));
    expect(ndjsonLines(items, true)).toBe('{"a":"x\\u202ey"}\n{"b":"\\u009b31m","c":[1,2]}\n');
    expect(ndjsonLines([], true)).toBe('');
  });

  it('json array: the same text as the general path', async () => {
    const out = async (compact: boolean) => {
      let s = '';
      const w = new JsonArrayWriter({ write: async (c) => void (s += c) }, false);
      await w.write(items, compact);
      await w.end();
      return s;
    };
    expect(await out(true)).toBe(await out(false));
  });
});
