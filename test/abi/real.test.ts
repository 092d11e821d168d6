/**
 * Real calldata, logs and revert data recorded from public chains (test/fixtures/abi/real.json, whose
 * `_sources` say where each came from), decoded against known answers: the explorer's own decoding
 * for calldata, and for logs and reverts the words read independently (two's complement by hand) and
 * cross-checked with other logs of the same receipts. Selectors and topic0 are checked against the
 * project's own Keccak-256 of the signatures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeInput, decodeLog, decodeRevert } from '../../src/abi/codec.js';
import { signatureHash } from '../../src/abi/selector.js';
import { parseSignature, signatureOf } from '../../src/abi/signature.js';
import { jsonFields, type JsonValue } from '../../src/abi/values.js';
import { ROOT } from '../support/cli.js';

interface Real {
  _sources: Record<string, string>;
  calldata: { what: string; source: string; input: string; method_call: string; method_id: string; parameters: { name: string; type: string; value: JsonValue }[] }[];
  logs: { what: string; source: string; topics: string[]; data: string; event: string; args: Record<string, string> }[];
  reverts: ({ what: string; source: string; data: string } & ({ kind: 'message'; message: string } | { kind: 'panic'; code: string; meaning: string } | { kind: 'custom'; error: string; args: Record<string, string> }))[];
}

const real = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/abi/real.json'), 'utf8')) as Real;

/** Addresses in any case (the explorer sends some checksummed, some not), the rest as is. */
function lower(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(lower);
  if (typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v)) return v.toLowerCase();
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, lower(x)]));
  return v;
}

describe('real data from public chains', () => {
  it('every record names a source that _sources describes', () => {
    for (const r of [...real.calldata, ...real.logs, ...real.reverts]) expect(real._sources[r.source], r.what).toBeTruthy();
    expect(real.calldata.length).toBeGreaterThanOrEqual(5);
  });

  it.each(real.calldata.map((c) => [c.what, c] as const))('calldata: %s decodes as the explorer decoded it', (_what, c) => {
    // The explorer writes `transfer(address to, uint256 value)`: a signature scout reads as typed.
    const fn = parseSignature(c.method_call, 'function');
    expect(signatureHash(signatureOf(fn)).slice(2, 10)).toBe(c.method_id.replace(/^0x/, ''));
    expect(c.input.slice(0, 10)).toBe('0x' + c.method_id.replace(/^0x/, ''));
    const d = decodeInput(fn, c.input);
    // Two of them end with a tag their app appended (1 byte, 4 bytes): said, not hidden.
    if (!d.exact) expect(d.trailing?.length, 'the arguments and then a short tag').toBeLessThanOrEqual(2 + 8);
    else expect(d.trailing).toBeUndefined();
    expect(d.fields.map((f) => f.name)).toEqual(c.parameters.map((p) => p.name));
    expect(lower(d.fields.map((f) => jsonFields([{ name: 'x', value: f.value }]) as Record<string, JsonValue>).map((o) => o.x))).toEqual(lower(c.parameters.map((p) => p.value)));
  });

  it('what apps append after the arguments is told apart', () => {
    const tails = real.calldata.map((c) => decodeInput(parseSignature(c.method_call, 'function'), c.input).trailing).filter(Boolean);
    expect(tails).toEqual(['0x0c', '0x9a635db5']);
  });

  it('the USDC transfer is 2 units to 0xaea6…7a00, exactly', () => {
    const usdc = real.calldata.find((c) => c.what === 'USDC transfer')!;
    const d = decodeInput(parseSignature('transfer(address,uint256)', 'function'), usdc.input);
    expect(d.fields.map((f) => f.value)).toEqual([
      { kind: 'address', type: 'address', value: '0xAeA6291CB48d9675B120F74E2F0b0De01dB47a00' },
      { kind: 'int', type: 'uint256', value: 2n },
    ]);
  });

  it.each(real.logs.map((l) => [l.what, l] as const))('log: %s decodes to the known answer', (_what, l) => {
    const event = parseSignature(l.event, 'event');
    expect(l.topics[0]).toBe(signatureHash(signatureOf(event)));
    const d = decodeLog(event, l.topics, l.data);
    expect(d.exact).toBe(true);
    expect(lower(jsonFields(d.fields))).toEqual(lower(l.args));
  });

  it('the V3 swap keeps its negative int256 and int24 exact', () => {
    const swap = real.logs.find((l) => l.what.startsWith('Uniswap V3'))!;
    const d = decodeLog(parseSignature(swap.event, 'event'), swap.topics, swap.data);
    expect(d.fields.find((f) => f.name === 'amount0')!.value).toEqual({ kind: 'int', type: 'int256', value: -2780431904511285232400653n });
    expect(d.fields.find((f) => f.name === 'tick')!.value).toEqual({ kind: 'int', type: 'int24', value: -168108n });
  });

  it.each(real.reverts.map((r) => [r.what, r] as const))('revert: %s', (_what, r) => {
    const abi = r.kind === 'custom' ? [parseSignature(r.error, 'error')] : [];
    if (r.kind === 'custom') expect(r.data.slice(0, 10)).toBe(signatureHash(signatureOf(abi[0]!)).slice(0, 10));
    const got = decodeRevert(r.data, abi);
    expect(got.kind).toBe(r.kind);
    if (r.kind === 'message' && got.kind === 'message') expect(got.message).toBe(r.message);
    if (r.kind === 'panic' && got.kind === 'panic') expect([got.code.toString(), got.meaning]).toEqual([r.code, r.meaning]);
    if (r.kind === 'custom' && got.kind === 'custom') expect(lower(jsonFields(got.decoded.fields))).toEqual(lower(r.args));
  });

  it('Error(string) and Panic(uint256) are recognised by their keccak selectors', () => {
    expect(signatureHash('Error(string)').slice(0, 10)).toBe('0x08c379a0');
    expect(signatureHash('Panic(uint256)').slice(0, 10)).toBe('0x4e487b71');
  });
});
