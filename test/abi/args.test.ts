/** Arguments by type: every refusal is a UsageError (exit 2) naming the parameter, before any request. */
import { describe, expect, it } from 'vitest';
import { namesIn, parseArg, parseArgs } from '../../src/abi/args.js';
import { usage } from './usage.js';
import { parseSignature } from '../../src/abi/signature.js';


describe('integers', () => {
  it('decimal and 0x, exact beyond 2^53, within the bits of the type', () => {
    expect(parseArg('uint256', '115792089237316195423570985008687907853269984665640564039457584007913129639935')).toBe(2n ** 256n - 1n);
    expect(parseArg('uint8', '0xff')).toBe(255n);
    expect(parseArg('int8', '-128')).toBe(-128n);
    expect(parseArg('uint256', '1_000_000')).toBe(1000000n);
    expect(usage(() => parseArg('uint8', '256'))).toBe('invalid value "256" for uint8: 256 is out of range for uint8 (0 to 255)');
    expect(usage(() => parseArg('int8', '128'))).toContain('out of range for int8 (-128 to 127)');
    expect(usage(() => parseArg('uint256', '-1'))).toContain('out of range');
    expect(usage(() => parseArg('uint256', '2'.repeat(80)))).toContain('out of range');
    expect(usage(() => parseArg('uint256', 'ten'))).toContain('expected an integer');
  });

  it('1.5e18 and fractions only with a unit, and only when whole in the smallest unit', () => {
    expect(usage(() => parseArg('uint256', '1.5e18', { unitFlag: '--unit' }))).toContain('needs a unit (--unit)');
    expect(usage(() => parseArg('uint256', '0.5'))).toContain('needs a unit');
    expect(parseArg('uint256', '1.5e18', { unit: 0 })).toBe(1500000000000000000n);
    expect(parseArg('uint256', '1.5', { unit: 18 })).toBe(1500000000000000000n);
    expect(parseArg('uint256', '2', { unit: 6 })).toBe(2000000n);
    expect(parseArg('uint256', '0x10', { unit: 18 })).toBe(16n);
    expect(parseArg('int256', '-2.5e-3', { unit: 6 })).toBe(-2500n);
    expect(usage(() => parseArg('uint256', '0.0000001', { unit: 6 }))).toContain('not a whole number of the smallest unit');
  });
});

describe('scalars', () => {
  it('addresses by checksum, bools, bytes of the right length, strings as typed', () => {
    expect(parseArg('address', '0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe('0xd8da6bf26964af9d7eed9e03e53415d37aa96045');
    expect(usage(() => parseArg('address', '0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96046'))).toMatch(/checksum/);
    expect(usage(() => parseArg('address', 'vitalik.eth'))).toContain('expected an address');
    expect(parseArg('bool', 'TRUE')).toBe(true);
    expect(usage(() => parseArg('bool', '1'))).toContain('expected true or false');
    expect(parseArg('bytes4', '0xA9059CBB')).toBe('0xa9059cbb');
    expect(usage(() => parseArg('bytes4', '0xa9059c'))).toBe('invalid value "0xa9059c" for bytes4: expected 4 bytes: 0x followed by 8 hex digits; 3 were given');
    expect(usage(() => parseArg('bytes', '0xabc'))).toContain('even number of hex digits');
    expect(parseArg('string', 'a, [b] (c)')).toBe('a, [b] (c)');
  });

  it('names are the caller\'s to resolve: collected first, then answered', () => {
    const fn = parseSignature('function transfer(address to, uint256 amount)', 'function');
    expect(namesIn(fn.inputs!, ['vitalik.eth', '5'], 'transfer(address,uint256)')).toEqual(['vitalik.eth']);
    const values = parseArgs(fn.inputs!, ['vitalik.eth', '5'], 'transfer(address,uint256)', { name: () => '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' });
    expect(values).toEqual(['0xd8da6bf26964af9d7eed9e03e53415d37aa96045', 5n]);
  });
});

describe('arrays and tuples', () => {
  const order = { type: 'tuple', name: 'order', components: [{ type: 'address', name: 'maker' }, { type: 'uint256[]', name: 'amounts' }] };

  it('JSON and cast\'s brackets, nested', () => {
    const a = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
    expect(parseArg(order, `["${a}",[1,"0x2"]]`)).toEqual([a, [1n, 2n]]);
    expect(parseArg(order, `(${a}, [1, 2])`)).toEqual([a, [1n, 2n]]);
    expect(parseArg('uint8[2][]', '[[1,2],[3,4]]')).toEqual([[1n, 2n], [3n, 4n]]);
    expect(parseArg('string[]', '["a, b", c]')).toEqual(['a, b', 'c']);
    expect(parseArg('uint256[]', '[]')).toEqual([]);
  });

  it('says where in the value it is wrong', () => {
    expect(usage(() => parseArg(order, '[0x12, [1]]'))).toMatch(/^invalid value "\[0x12, \[1\]\]" for order, \(address,uint256\[\]\): component 1 \(maker\): /);
    expect(usage(() => parseArg(order, '[0xd8da6bf26964af9d7eed9e03e53415d37aa96045, [1, x]]'))).toContain('component 2 (amounts): element 2: expected an integer');
    expect(usage(() => parseArg('uint8[2]', '[1]'))).toContain('expected 2 elements for uint8[2], got 1');
    expect(usage(() => parseArg('uint8[]', '(1,2)'))).toContain('expected a list in [ ]');
    expect(usage(() => parseArg('uint8[]', '[1,2'))).toContain('missing "]"');
    expect(usage(() => parseArg('uint8[]', '[1,,2]'))).toContain('a value is missing');
    expect(usage(() => parseArg('uint8[]', '[1] x'))).toContain('after the value');
    expect(usage(() => parseArg('uint8[]', '['.repeat(40) + ']'.repeat(40)))).toContain('nested deeper than 32 levels');
  });
});

describe('the arguments of a function', () => {
  const fn = parseSignature('function submit(address to, uint256 amount)', 'function');

  it('a wrong count names the parameters; a bad value names its argument', () => {
    expect(usage(() => parseArgs(fn.inputs!, ['0xd8da6bf26964af9d7eed9e03e53415d37aa96045'], 'submit(address,uint256)'))).toBe(
      'submit(address,uint256) takes 2 arguments, and 1 was given: to, address; amount, uint256',
    );
    expect(usage(() => parseArgs(fn.inputs!, ['0xd8da6bf26964af9d7eed9e03e53415d37aa96045', '-5'], 'submit(address,uint256)'))).toBe(
      'invalid argument 2 (amount, uint256): -5 is out of range for uint256 (0 to 115792089237316195423570985008687907853269984665640564039457584007913129639935)',
    );
  });

  it('a hostile parameter name is shown safe in the message', () => {
    const evil = { type: 'uint8', name: 'x\u001b[2J' };
    const m = usage(() => parseArgs([evil], ['300'], 'f(uint8)'));
    expect(m).not.toContain('\u001b');
    expect(m).toMatch(/^invalid argument 1 \(x.*\[2J, uint8\)/);
  });
});
