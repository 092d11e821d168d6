/**
 * The ABI layer: signatures in every spelling, entries resolved (overloads, selectors), calldata
 * encoded and decoded, tuples and arrays, reverts, logs with hashed indexed values, and values
 * shown as JSON (decimal strings, named tuples) and for a terminal (safe, indented).
 */
import { describe, expect, it } from 'vitest';
import { decodeInput, decodeLog, decodeResult, decodeRevert, DecodeError, encodeCall } from '../../src/abi/codec.js';
import { resolveEntry } from '../../src/abi/resolve.js';
import { entryId, signatureHash } from '../../src/abi/selector.js';
import { parseAbiJson, parseSignature, signatureOf } from '../../src/abi/signature.js';
import { jsonFields, plainText, terminalLines } from '../../src/abi/values.js';
import { UsageError } from '../../src/base/errors.js';
import { usage } from './usage.js';
import { keccak256 } from '../../src/base/keccak.js';
import { HOSTILE_ABI, VAULT_ABI } from '../support/fake/abi-data.js';

const vault = parseAbiJson(JSON.stringify(VAULT_ABI), (why) => new Error(why));
const A = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';


describe('signatures', () => {
  it('bare, declared, and cast\'s inputs-then-outputs notation', () => {
    expect(parseSignature('balanceOf(address)', 'function')).toEqual({ type: 'function', name: 'balanceOf', inputs: [{ type: 'address' }], outputs: [], stateMutability: 'nonpayable' });
    expect(parseSignature('function balanceOf(address owner) view returns (uint256)', 'function')).toMatchObject({ inputs: [{ type: 'address', name: 'owner' }], outputs: [{ type: 'uint256' }], stateMutability: 'view' });
    expect(parseSignature('getReserves()(uint112,uint112,uint32)', 'function').outputs).toEqual([{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }]);
    expect(parseSignature('event Transfer(address indexed from, address indexed to, uint256 value)', 'event').inputs!.map((p) => p.indexed ?? false)).toEqual([true, true, false]);
    expect(signatureOf(parseSignature('f((address a, uint256[] b)[] x, bytes32)', 'function'))).toBe('f((address,uint256[])[],bytes32)');
  });

  it('refuses what is no signature of the kind wanted, with the value echoed', () => {
    expect(usage(() => parseSignature('balanceOf', 'function', '--sig'))).toContain('invalid --sig "balanceOf": expected a function signature');
    expect(usage(() => parseSignature('f(uint7)', 'function'))).toMatch(/^invalid signature "f\(uint7\)": /);
    expect(usage(() => parseSignature('event T(uint256)', 'function'))).toContain('it is an event, and a function is wanted here');
  });

  it('selectors and topic0 are the Keccak-256 of the canonical signature', () => {
    const hex = (s: string) => '0x' + Buffer.from(keccak256(new TextEncoder().encode(s))).toString('hex');
    expect(entryId(parseSignature('transfer(address,uint256)', 'function') as never)).toBe('0xa9059cbb');
    expect(entryId(parseSignature('Transfer(address,address,uint256)', 'event') as never)).toBe(hex('Transfer(address,address,uint256)'));
    expect(signatureHash('Transfer(address,address,uint256)')).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
  });

  it('ABI files: an array, or an artifact with "abi"; anything else says why', () => {
    const fail = (why: string) => new UsageError(why);
    expect(parseAbiJson('{"abi":[{"type":"function","name":"f","inputs":[]}]}', fail)).toHaveLength(1);
    expect(parseAbiJson('[{"name":"old","inputs":[]}]', fail)[0]!.type).toBe('function');
    expect(usage(() => parseAbiJson('{"x":1}', fail))).toContain('expected a JSON array of ABI entries');
    expect(usage(() => parseAbiJson('[{"type":"function","inputs":[]}]', fail))).toBe('a function has no name');
    expect(usage(() => parseAbiJson('[{"type":"function","name":"f","inputs":[{"type":"tuple"}]}]', fail))).toBe('a tuple parameter has no components');
    expect(usage(() => parseAbiJson('[1', fail))).toMatch(/^not JSON/);
  });
});

describe('resolving an entry', () => {
  it('by name, by name and types for an overload, by selector', () => {
    expect(resolveEntry(vault, 'function', 'balanceOf', 'the ABI').entry.name).toBe('balanceOf');
    expect(resolveEntry(vault, 'function', 'deposit(uint256,address)', 'the ABI')).toMatchObject({ fromAbi: true, entry: { inputs: [{ name: 'amount' }, { name: 'receiver' }] } });
    expect(resolveEntry(vault, 'function', '0x70a08231', 'the ABI').entry.name).toBe('balanceOf');
  });

  it('an overloaded bare name is exit 2 listing both signatures with selectors', () => {
    const m = usage(() => resolveEntry(vault, 'function', 'deposit', 'the ABI of 0xV'));
    expect(m).toContain('function "deposit" is overloaded in the ABI of 0xV');
    expect(m).toContain('\n  function deposit(uint256 amount)  0xb6b55f25');
    expect(m).toContain('\n  function deposit(uint256 amount, address receiver)  0x6e553f65');
  });

  it('a name the ABI lacks is exit 2 with the closest; a typed signature it lacks is used as typed', () => {
    expect(usage(() => resolveEntry(vault, 'function', 'balanceof', 'the ABI'))).toContain('did you mean "balanceOf"?');
    expect(usage(() => resolveEntry(vault, 'function', '0x12345678', 'the ABI'))).toBe('no function with selector 0x12345678 in the ABI');
    expect(resolveEntry(vault, 'function', 'getReserves()(uint112,uint112,uint32)', 'the ABI')).toMatchObject({ fromAbi: false, entry: { name: 'getReserves' } });
    // The ABI's entry, with its names, when the typed signature is one of its own.
    expect(resolveEntry(vault, 'function', 'balanceOf(address)(uint256)', 'the ABI').fromAbi).toBe(true);
    expect(resolveEntry(vault, 'function', 'balanceOf(address)', 'the ABI').entry.inputs![0]!.name).toBe('owner');
  });

  it('a hostile name in the ABI is listed safe', () => {
    const twice = [...vault, vault.find((e) => e.name === HOSTILE_ABI.fn)!, { ...vault.find((e) => e.name === HOSTILE_ABI.fn)!, inputs: [] }];
    const m = usage(() => resolveEntry(twice, 'function', 'x', 'the ABI'));
    expect(m).not.toContain('\u001b');
    const listed = usage(() => resolveEntry([{ type: 'function', name: 'f', inputs: [{ type: 'string', name: HOSTILE_ABI.param }] }, { type: 'function', name: 'f', inputs: [] }], 'function', 'f', 'the ABI'));
    expect(listed).not.toContain('\u202e');
  });
});

describe('calldata and results', () => {
  const submit = vault.find((e) => e.name === 'submit')!;

  it('a tuple with an array and bytes goes and comes back with its names', () => {
    const data = encodeCall(submit, [[A, [1n, 2n ** 200n]], '0xdeadbeef']);
    expect(data.slice(0, 10)).toBe(signatureHash('submit((address,uint256[]),bytes)').slice(0, 10));
    const d = decodeInput(submit, data);
    expect(d.exact).toBe(true);
    expect(JSON.stringify(jsonFields(d.fields))).toBe(`{"order":{"maker":"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","amounts":["1","${2n ** 200n}"]},"data":"0xdeadbeef"}`);
  });

  it('small integer types come out as bigint too, and JSON integers are decimal strings', () => {
    const fn = parseSignature('f()(uint8,int24,uint48,bool)', 'function');
    const data = '0x' + ['ff', 'ff'.repeat(32), '2a', '01'].map((w) => w.padStart(64, w === 'ff'.repeat(32) ? 'f' : '0')).join('');
    const d = decodeResult(fn, data);
    expect(d.fields.map((f) => f.value.kind === 'int' && f.value.value)).toEqual([255n, -1n, 42n, false]);
    expect(jsonFields(d.fields)).toEqual(['255', '-1', '42', true]);
  });

  it('data too short is a DecodeError; dirty padding decodes, but not as exact', () => {
    const fn = parseSignature('f()(uint256,uint256)', 'function');
    expect(() => decodeResult(fn, '0x' + '00'.repeat(40))).toThrow(DecodeError);
    const addr = parseSignature('f()(address)', 'function');
    expect(decodeResult(addr, '0x' + 'ff'.repeat(32)).exact).toBe(false);
    expect(decodeResult(addr, '0x' + '00'.repeat(12) + 'ff'.repeat(20)).exact).toBe(true);
  });
});

describe('reverts', () => {
  it('a custom error of the ABI by name and arguments; an unknown selector as such', () => {
    const data = '0x' + signatureHash('InsufficientBalance(address,uint256,uint256)').slice(2, 10) + A.slice(2).padStart(64, '0') + '5'.padStart(64, '0') + '9'.padStart(64, '0');
    const r = decodeRevert(data, vault);
    expect(r.kind === 'custom' && [r.entry.name, jsonFields(r.decoded.fields)]).toEqual(['InsufficientBalance', { account: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', balance: '5', needed: '9' }]);
    expect(decodeRevert(data)).toMatchObject({ kind: 'unknown', selector: data.slice(0, 10) });
    expect(decodeRevert('0x')).toEqual({ kind: 'empty' });
    expect(decodeRevert('0x08c379a0')).toMatchObject({ kind: 'unknown', why: expect.stringContaining('Error(string)') });
  });

  it('every panic code Solidity uses has its meaning', () => {
    const meanings = [0x01, 0x11, 0x12, 0x21, 0x22, 0x31, 0x32, 0x41, 0x51].map((c) => {
      const r = decodeRevert('0x4e487b71' + c.toString(16).padStart(64, '0'));
      return r.kind === 'panic' ? r.meaning : undefined;
    });
    expect(meanings).toEqual(['assertion failed', 'arithmetic overflow or underflow', 'division or modulo by zero', 'invalid enum value', 'invalid storage byte array', 'pop on an empty array', 'array index out of bounds', 'out of memory', 'call to an uninitialised function']);
    expect(decodeRevert('0x4e487b71' + '99'.padStart(64, '0'))).toMatchObject({ kind: 'panic', code: 0x99n, meaning: undefined });
  });
});

describe('logs', () => {
  const note = vault.find((e) => e.name === 'Note')!;

  it('an indexed string is kept as its hash, and shown so', () => {
    const topic = signatureHash('hello');
    const data = '0x' + '20'.padStart(64, '0') + '2'.padStart(64, '0') + Buffer.from('hi').toString('hex').padEnd(64, '0');
    const d = decodeLog(note, [signatureHash('Note(string,string)'), topic], data);
    expect(jsonFields(d.fields)).toEqual({ topic: { keccak256: topic }, text: 'hi' });
    expect(terminalLines(d.fields[0]!.value)[0]).toContain('the Keccak-256 of the string');
  });

  it('a topic0 of another event, or topics that do not fit the indexed parameters, are DecodeErrors', () => {
    const transfer = vault.find((e) => e.name === 'Transfer')!;
    expect(() => decodeLog(transfer, [signatureHash('Approval(address,address,uint256)')], '0x')).toThrow('topic0 is not the hash of Transfer(address,address,uint256)');
    expect(() => decodeLog(transfer, [signatureHash('Transfer(address,address,uint256)')], '0x' + '00'.repeat(32))).toThrow('has 2 indexed parameters, and the log 0 topics for them');
  });
});

describe('values for people', () => {
  it('nested tuples and arrays indented, names and strings made safe', () => {
    const fn = parseSignature('f()((address who, string[] notes) x)', 'function');
    const data = encodeCall({ type: 'function', name: 'g', inputs: fn.outputs }, [[A, ['\u001b[2Jhi', '']]]).slice(10);
    const [field] = decodeResult(fn, data).fields;
    expect(terminalLines(field!.value)).toEqual(['(', '  who: 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '  notes: [', '    "\\u001b[2Jhi"', '    ""', '  ]', ')']);
    expect(plainText(field!.value)).toBe('{"who":"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","notes":["\\u001b[2Jhi",""]}');
  });

  it('unnamed or duplicate names make a list; a hostile name is a plain key', () => {
    expect(jsonFields([{ name: '', value: { kind: 'bool', type: 'bool', value: true } }])).toEqual([true]);
    const o = jsonFields([{ name: '__proto__', value: { kind: 'bool', type: 'bool', value: true } }]) as Record<string, unknown>;
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect(JSON.stringify(o)).toBe('{"__proto__":true}');
  });
});
