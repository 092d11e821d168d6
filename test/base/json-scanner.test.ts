import { describe, expect, it } from 'vitest';
import { arrayElements, escapeUnsafe, objectMembers, RawJsonError } from '../../src/base/json/lossless.js';
import { JsonStreamScanner, scanDocument } from '../../src/base/json/scanner.js';

/** The items and cursor text as the whole-body scanner cuts them: the reference. */
function reference(body: string): { items: string[]; next: string | undefined } {
  const members = objectMembers(body);
  return { items: arrayElements(members.get('items')!), next: members.get('next_page_params') };
}

/** Feeds `bytes` in the given pieces; returns what the scanner made of them. */
function feed(bytes: Buffer, cuts: number[]) {
  const s = new JsonStreamScanner(true);
  const items: string[] = [];
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    items.push(...s.push(bytes.subarray(from, to)));
    from = to;
  }
  const tail = s.end();
  return { items, tail, scanner: s };
}

// Strings with escaped quotes, backslashes before quotes and braces, escapes written as \u, text in
// two, three and four bytes, nested arrays, numbers of every form, whitespace, and the cursor before
// the items.
const TRICKY = [
  '{"items":[{"a":"say \\"}{][\\"","b":"\\\\","c":"\\\\\\"x"},{"d":[[1,[2,[]]],{}],"e":"Ünï ✓ 😀 \\u00e9\\ud83d\\ude00"},-0.5e+10,2.0e3,123456789012345678901,true,false,null,"{",[]],"next_page_params":{"k":"}]","n":1E-2}}',
  '{ "next_page_params" : { "block_number" : 123 , "index" : 5 } ,\n  "items" : [ { "a" : 1 } ,\t{ "b" : [ "x" , "y\\"" ] } , 0 ]\r\n}\n',
  '{"x":{"items":[1]},"items":[],"next_page_params":null}',
  '{"items":[1,22,333],"y":[{"items":["no"]}]}',
];

describe('JsonStreamScanner, list mode', () => {
  it.each(TRICKY.map((b, i) => [i, b] as const))('body %i: every cut into two pieces gives the same items and cursor text', (_n, body) => {
    const bytes = Buffer.from(body);
    const ref = reference(body);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { items, tail } = feed(bytes, [cut]);
      expect(items, `cut at ${cut}`).toEqual(ref.items);
      expect(tail.nextRaw, `cut at ${cut}`).toBe(ref.next);
    }
  });

  it('gives the same items fed one byte at a time (multi-byte characters split every way)', () => {
    for (const body of TRICKY) {
      const bytes = Buffer.from(body);
      const { items } = feed(bytes, [...bytes.keys()].slice(1));
      expect(items).toEqual(reference(body).items);
    }
  });

  it('says which items hold whitespace outside strings', () => {
    const s = new JsonStreamScanner(true);
    expect(s.push(Buffer.from('{"items":[{"a":" b "},{"c":1}'))).toEqual(['{"a":" b "}', '{"c":1}']);
    expect(s.batchCompact).toBe(true);
    expect(s.push(Buffer.from(',{"d": 1}]}'))).toEqual(['{"d": 1}']);
    expect(s.batchCompact).toBe(false);
  });

  it('returns each item from the chunk that completes it, not at the end', () => {
    const s = new JsonStreamScanner(true);
    expect(s.push(Buffer.from('{"items":[{"a":1},{"b"'))).toEqual(['{"a":1}']);
    expect(s.push(Buffer.from(':2}'))).toEqual(['{"b":2}']);
    expect(s.push(Buffer.from(']}'))).toEqual([]);
    expect(s.end().itemsArray).toBe(true);
  });

  it('holds at most the item being read between chunks, never the page', () => {
    const item = (i: number) => JSON.stringify({ i, pad: 'x'.repeat(100 + (i % 7) * 50), deep: [[[{ s: '"}' }]]] });
    const items = Array.from({ length: 600 }, (_, i) => item(i));
    const body = Buffer.from(`{"items":[${items.join(',')}],"next_page_params":{"i":600}}`);
    const largest = Math.max(...items.map((x) => Buffer.byteLength(x)));
    for (const size of [3, 64, 1000, 4096]) {
      const cuts: number[] = [];
      for (let at = size; at < body.length; at += size) cuts.push(at);
      const { items: got, scanner } = feed(body, cuts);
      expect(got).toEqual(items);
      expect(scanner.maxHeld).toBeGreaterThan(0);
      expect(scanner.maxHeld).toBeLessThanOrEqual(largest);
    }
  });

  it('takes an item nested 100,000 levels deep', () => {
    const deep = '['.repeat(100_000) + '"\u202e"' + ']'.repeat(100_000);
    const body = Buffer.from(`{"items":[{"a":1},{"d":${deep}}],"next_page_params":{"k":${deep}}}`);
    const { items, tail } = feed(body, [1000, 150_000]);
    expect(items).toEqual(['{"a":1}', `{"d":${deep}}`]);
    expect(tail.nextRaw).toBe(`{"k":${deep}}`);
  });

  it('reports the shape: no object, no items, items not an array, items twice', () => {
    expect(feed(Buffer.from('[1,2]'), []).tail).toMatchObject({ object: false, itemsMembers: 0 });
    expect(feed(Buffer.from('{"a":1}'), []).tail).toMatchObject({ object: true, itemsMembers: 0 });
    expect(feed(Buffer.from('{"items":{"a":1}}'), []).tail).toMatchObject({ itemsMembers: 1, itemsArray: false });
    expect(feed(Buffer.from('{"items":[],"items":[]}'), []).tail).toMatchObject({ itemsMembers: 2 });
    expect(feed(Buffer.from('\ufeff{"items":[1]}'), []).items).toEqual(['1']);
  });

  it.each([
    '',
    '{"items":[{"a":1}',
    '{"items":[{"a":1}]',
    '{"items":[{"a":01}]}',
    '{"items":[{"a":1.}]}',
    '{"items":[{"a":-}]}',
    '{"items":[{"a":1e}]}',
    '{"items":[{"a":tru}]}',
    '{"items":[{"a":nul}]}',
    '{"items":[{"a" 1}]}',
    '{"items":[{"a":1,}]}',
    '{"items":[1,]}',
    '{"items":[1 2]}',
    '{"items":["a\\x"]}',
    '{"items":["\\u12G4"]}',
    '{"items":["tab\there"]}',
    '{"items":[}]}',
    '{"items":[]}x',
    '{"items":[]}{}',
    '{items:[]}',
    '<html>',
  ])('rejects %j as JSON.parse does, whatever the cut', (body) => {
    expect(() => JSON.parse(body)).toThrow();
    const bytes = Buffer.from(body);
    for (let cut = 0; cut <= bytes.length; cut++) expect(() => feed(bytes, [cut])).toThrow(RawJsonError);
  });
});

describe('scanDocument', () => {
  it.each([
    ['{"a":[1,{"b":"c d"}],"e":2.0e3}', true],
    ['  {"a":1}\n', true],
    ['"just a string"', true],
    ['12', true],
    ['{"a": 1}', false],
    ['[1,\n2]', false],
    ['{"a":[ ]}', false],
  ])('%j is compact: %s', (body, compact) => {
    expect(scanDocument(Buffer.from(body)).compact).toBe(compact);
  });

  it('says whether the strings are plain (valid UTF-8, nothing to escape) at every cut', () => {
    const str = (...bytes: (number[] | string)[]) => Buffer.concat([Buffer.from('["'), ...bytes.map((b) => Buffer.from(b as never)), Buffer.from('",1]')]);
    const cases = [
      str('plain ascii \\u202e'),
      str('Ünï ✓ 😀'),
      str('\u202e'),
      str('\u00ad'),
      str('\u0085'),
      str('\u007f'),
      str('\u{e0041}'),
      str('\u{e0080}'),
      str([0xff]),
      str([0xe2, 0x80]),
      str([0xc0, 0xaf]),
      str([0xed, 0xa0, 0x80]),
      str([0xf4, 0x90, 0x80, 0x80]),
      str([0xe2, 0x80], 'x'),
    ];
    for (const bytes of cases) {
      const text = bytes.toString('utf8');
      const valid = Buffer.from(text).equals(bytes);
      const plain = valid && escapeUnsafe(text) === text;
      for (let cut = 0; cut <= bytes.length; cut++) {
        const s = new JsonStreamScanner(false);
        s.push(bytes.subarray(0, cut));
        s.push(bytes.subarray(cut));
        s.end();
        expect([s.validUtf8, s.plain], `${bytes.toString('hex')} cut at ${cut}`).toEqual([valid, plain]);
      }
    }
  });

  it('rejects what is not one JSON value', () => {
    for (const body of ['', '{"a":1', '{"a":1}}', '1 2', 'nul']) expect(() => scanDocument(Buffer.from(body)), body).toThrow(RawJsonError);
  });
});
