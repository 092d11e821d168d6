import { describe, expect, it } from 'vitest';
import { arrayElements, assertJson, formatRaw, objectMembers, RawJsonError } from '../../src/rawjson.js';

describe('rawjson', () => {
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
