/**
 * A user operation's call unrolled (src/abi/smart-account.ts): each standard account method from its
 * callData, the explorer's own decoding where it has one, and nothing where neither fits.
 */
import * as AbiParameters from 'ox/AbiParameters';
import { describe, expect, it } from 'vitest';
import { unrollCallData, unrollDecoded, unrollUserOp } from '../../src/abi/smart-account.js';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const TRANSFER = '0xa9059cbb' + '00'.repeat(64);
const call = (selector: string, types: string, values: readonly unknown[]) => selector + AbiParameters.encode(AbiParameters.from(types) as never, values as never).slice(2);

describe('unrollCallData: the standard account methods', () => {
  it('execute(address,uint256,bytes): one call, the value exact past 2^53', () => {
    const u = unrollCallData(call('0xb61d27f6', 'address, uint256, bytes', [A, 10n ** 30n + 1n, TRANSFER]));
    expect(u).toEqual({ signature: 'execute(address,uint256,bytes)', source: 'calldata', calls: [{ target: A, value: 10n ** 30n + 1n, data: TRANSFER }] });
  });

  it('executeBatch with parallel arrays, with an array of tuples, and without values', () => {
    const arrays = unrollCallData(call('0x47e1da2a', 'address[], uint256[], bytes[]', [[A, B], [1n, 2n], [TRANSFER, '0x']]));
    expect(arrays?.calls).toEqual([{ target: A, value: 1n, data: TRANSFER }, { target: B, value: 2n, data: '0x' }]);
    // SimpleAccount's "no value anywhere": an empty value array.
    const noValues = unrollCallData(call('0x47e1da2a', 'address[], uint256[], bytes[]', [[A, B], [], [TRANSFER, '0x']]));
    expect(noValues?.calls.map((c) => c.value)).toEqual([0n, 0n]);
    const tuples = unrollCallData(call('0x34fcd5be', '(address, uint256, bytes)[]', [[[A, 5n, '0x'], [B, 0n, TRANSFER]]]));
    expect(tuples?.signature).toBe('executeBatch((address,uint256,bytes)[])');
    expect(tuples?.calls).toEqual([{ target: A, value: 5n, data: '0x' }, { target: B, value: 0n, data: TRANSFER }]);
    const v06 = unrollCallData(call('0x18dfb3c7', 'address[], bytes[]', [[A], [TRANSFER]]));
    expect(v06).toEqual({ signature: 'executeBatch(address[],bytes[])', source: 'calldata', calls: [{ target: A, value: 0n, data: TRANSFER }] });
  });

  it('nothing for another method, arrays of different lengths, bytes that do not decode, or no hex', () => {
    expect(unrollCallData(TRANSFER)).toBeUndefined();
    expect(unrollCallData(call('0x47e1da2a', 'address[], uint256[], bytes[]', [[A, B], [1n], [TRANSFER, '0x']]))).toBeUndefined();
    expect(unrollCallData('0xb61d27f6' + '00'.repeat(10))).toBeUndefined();
    expect(unrollCallData('0xb61d27f6zz')).toBeUndefined();
    expect(unrollCallData(null)).toBeUndefined();
  });
});

describe("unrollDecoded: the explorer's decoding", () => {
  const decoded = (id: string, values: unknown[]) => ({ method_call: 'x', method_id: id, parameters: values.map((value, i) => ({ name: `p${i}`, type: 't', value })) });

  it('reads the parameters as sent: digits kept as text, tuples as arrays or objects', () => {
    expect(unrollDecoded(decoded('b61d27f6', [A, '1000000000000000000000000000001', TRANSFER]))).toEqual({
      signature: 'execute(address,uint256,bytes)',
      source: 'explorer',
      calls: [{ target: A, value: '1000000000000000000000000000001', data: TRANSFER }],
    });
    const tuples = unrollDecoded(decoded('0x34fcd5be', [[[A, '1', '0x'], { target: B, value: '0', data: TRANSFER }]]));
    expect(tuples?.calls).toEqual([{ target: A, value: '1', data: '0x' }, { target: B, value: '0', data: TRANSFER }]);
  });

  it('nothing for another method or values of the wrong kind', () => {
    expect(unrollDecoded(decoded('a9059cbb', [A, '1']))).toBeUndefined();
    expect(unrollDecoded(decoded('b61d27f6', ['not an address', '1', '0x']))).toBeUndefined();
    expect(unrollDecoded(decoded('b61d27f6', [A, '-1', '0x']))).toBeUndefined();
    expect(unrollDecoded(null)).toBeUndefined();
  });

  it("a user operation: the explorer's decoding first, else its callData", () => {
    const callData = call('0xb61d27f6', 'address, uint256, bytes', [A, 7n, '0x']);
    expect(unrollUserOp({ call_data: callData, decoded_call_data: null })?.source).toBe('calldata');
    expect(unrollUserOp({ call_data: callData, decoded_call_data: decoded('b61d27f6', [B, '7', '0x']) })?.calls[0]?.target).toBe(B);
    expect(unrollUserOp({ call_data: '0x', decoded_call_data: null })).toBeUndefined();
  });
});
