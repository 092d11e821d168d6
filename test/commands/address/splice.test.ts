/** `address show --json`: the counters' text spliced into the address object's text, both kept as sent. */
import { describe, expect, it } from 'vitest';
import { withMember } from '../../../src/commands/address/show.run.js';

describe('withMember', () => {
  it('adds the member last, keeping both texts byte for byte', () => {
    expect(withMember('{"a":1.50,"b":[1e3]}', 'counters', '{"n":"12","x":2.0e3}')).toBe('{"a":1.50,"b":[1e3],"counters":{"n":"12","x":2.0e3}}');
  });

  it('an empty object gets no leading comma; surrounding whitespace goes', () => {
    expect(withMember(' {  }\n', 'counters', ' {} ')).toBe('{  "counters":{}}');
    expect(withMember('{\n  "a": 1\n}\n', 'counters', 'null')).toBe('{\n  "a": 1\n,"counters":null}');
  });

  it('is undefined for what is no object', () => {
    expect(withMember('[1]', 'counters', '{}')).toBeUndefined();
    expect(withMember('"x"', 'counters', '{}')).toBeUndefined();
  });
});
