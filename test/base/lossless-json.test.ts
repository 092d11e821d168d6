import { describe, expect, it } from 'vitest';
import { arrayElements, assertJson, escapeUnsafe, formatRaw, MAX_INDENT_DEPTH, objectMembers, RawJsonError } from '../../src/base/json/lossless.js';
import { isSafeText } from '../../src/base/text/safe.js';

describe('lossless JSON', () => {
  const body =
    '{"items":[{"a":2.0e3,"b":123456789012345678901234567890,"c":"x\\"y"},{"d":[1,{"e":null}]}],"next_page_params":{"block_number":null,"index":7}}';

  it('objectMembers slices each member exactly as sent', () => {
    const m = objectMembers(body);
    expect([...m.keys()]).toEqual(['items', 'next_page_params']);
    expect(m.get('next_page_params')).toBe('{"block_number":null,"index":7}');
  });

  it('arrayElements keeps number text that JSON.parse would change', () => {
    const items = arrayElements(objectMembers(body).get('items')!);
    expect(items).toEqual(['{"a":2.0e3,"b":123456789012345678901234567890,"c":"x\\"y"}', '{"d":[1,{"e":null}]}']);
    expect(JSON.stringify(JSON.parse(items[0]!))).not.toBe(items[0]);
  });

  it('handles whitespace, escaped backslashes before quotes and empty containers', () => {
    const text = ' { "k" : [ "a\\\\" , { } , [ ] ] , "z" : "}" } ';
    const m = objectMembers(text);
    expect(arrayElements(m.get('k')!)).toEqual(['"a\\\\"', '{ }', '[ ]']);
    expect(m.get('z')).toBe('"}"');
  });

  it.each([
    ['truncated object', '{"items":[{"a":1}'],
    ['truncated string', '{"items":["abc'],
    ['html page', '<html><body>502 Bad Gateway</body></html>'],
    ['trailing data', '{"a":1} x'],
    ['mismatched bracket', '{"a":[1}'],
    ['empty', ''],
  ])('rejects a %s', (_name, text) => {
    expect(() => assertJson(text)).toThrow(RawJsonError);
  });

  it('formatRaw compacts without touching scalars', () => {
    expect(formatRaw('{ "a" : 2.0e3 , "b" : [ 1 , 1.50 ] }')).toBe('{"a":2.0e3,"b":[1,1.50]}');
  });

  it('formatRaw indents like JSON.stringify(…, 2) for ordinary values', () => {
    const v = { a: 1, b: [1, { c: 'x' }], d: {}, e: [], f: null, g: 'a b' };
    expect(formatRaw(JSON.stringify(v), 2)).toBe(JSON.stringify(v, null, 2));
  });

  it('formatRaw escapes C1, DEL and bidi characters inside strings, keeping the value equal', () => {
    const raw = '{"name":"a\u202eb\u009bc\u007fd\\u001b"}';
    const out = formatRaw(raw);
    expect(out).toBe('{"name":"a\\u202eb\\u009bc\\u007fd\\u001b"}');
    expect(JSON.parse(out)).toEqual(JSON.parse(raw));
  });
});

describe('assertJson', () => {
  it('rejects a body whose brackets balance but whose syntax is wrong', () => {
    expect(() => assertJson('{"a" 1}')).toThrow(RawJsonError);
    expect(() => assertJson('{"items":[1,,2]}')).toThrow(RawJsonError);
    expect(() => assertJson('{"items":[1,2]}')).not.toThrow();
  });
});

describe('escapeUnsafe: JSON escapes what the terminal sanitiser covers', () => {
  it('escapes exactly the characters safeText changes, every code point checked', () => {
    const missed: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if ((escapeUnsafe(ch) !== ch) === isSafeText(ch)) missed.push(cp.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it('as \\uXXXX (a surrogate pair for a tag character), the value unchanged', () => {
    const raw = '{"s":"soft\u00adhy\u180e\ufff9a\ufffb tag\u{e0041}\u{e007f}"}';
    const out = formatRaw(raw);
    expect(out).toBe('{"s":"soft\\u00adhy\\u180e\\ufff9a\\ufffb tag\\udb40\\udc41\\udb40\\udc7f"}');
    expect(JSON.parse(out)).toEqual(JSON.parse(raw));
    expect(isSafeText(out)).toBe(true);
  });
});

describe('formatRaw on a value nested 100,000 levels deep', () => {
  const depth = 100_000;
  // Numbers and strings written as JSON.parse would not write them back, at the bottom.
  const deep = '{"a":['.repeat(depth) + '2.0e3,"\\u00e9\u202e",-0.0' + ']}'.repeat(depth);

  it('indents to a bounded depth, then prints compact: output linear in the input, equal in value, scalars byte for byte', () => {
    const out = formatRaw(deep, 2);
    // Each of the first levels on its own line; below, one line.
    expect(out.length).toBeLessThan(deep.length + MAX_INDENT_DEPTH * MAX_INDENT_DEPTH * 2 * 2);
    expect(out.split('\n').length).toBeLessThanOrEqual(2 * MAX_INDENT_DEPTH + 1);
    expect(out.startsWith('{\n  "a": [\n    {\n      "a": [')).toBe(true);
    // Compacting it again gives the compact form of the input: same tokens, same text for each.
    expect(formatRaw(out, 0)).toBe(formatRaw(deep, 0));
    expect(formatRaw(out, 0)).toContain('2.0e3,"\\u00e9\\u202e",-0.0');
    expect(() => JSON.parse(out)).not.toThrow();
  });

  it('stays exactly like JSON.stringify(…, 2) down to that depth', () => {
    const nested = '['.repeat(MAX_INDENT_DEPTH - 1) + '1' + ']'.repeat(MAX_INDENT_DEPTH - 1);
    expect(formatRaw(nested, 2)).toBe(JSON.stringify(JSON.parse(nested), null, 2));
  });
});
