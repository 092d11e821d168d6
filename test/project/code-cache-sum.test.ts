/**
 * The checksum scout puts in a code cache V8 does not check itself (src/code-cache.ts `sumOf`: the
 * program's cache of a --cache command line, compiled under no V8 flag): 64-bit FNV-1a over 8-byte
 * little-endian words, the last one padded with zeros, computed by a small WebAssembly function.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sumOf } from '../../src/code-cache.js';

const BASIS = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;

/** The same sum, written plainly with BigInt: the reference the WebAssembly is held to. */
function reference(data: Uint8Array): string {
  const padded = new Uint8Array(Math.ceil(data.length / 8) * 8);
  padded.set(data);
  const words = new DataView(padded.buffer);
  let h = BASIS;
  for (let i = 0; i < padded.length; i += 8) h = BigInt.asUintN(64, (h ^ words.getBigUint64(i, true)) * PRIME);
  return h.toString(16).padStart(16, '0');
}

describe('sumOf, the checksum of a code cache scout checks itself', () => {
  it('is FNV-1a over 64-bit words: the offset basis for nothing, and the reference for any length', () => {
    expect(sumOf(new Uint8Array(0))).toBe('cbf29ce484222325');
    expect(sumOf(Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0))).toBe(BigInt.asUintN(64, (BASIS ^ 1n) * PRIME).toString(16).padStart(16, '0'));
    for (const n of [1, 7, 8, 9, 63, 64, 65, 1000, 65_536, 200_003]) {
      const data = randomBytes(n);
      expect(sumOf(data)).toBe(reference(data));
    }
  });

  it('changes with any single bit changed, wherever it is', () => {
    const data = randomBytes(515);
    const sum = sumOf(data);
    for (let i = 0; i < data.length; i++) {
      for (const bit of [0x01, 0x80]) {
        data[i]! ^= bit;
        expect(sumOf(data)).not.toBe(sum);
        data[i]! ^= bit;
      }
    }
    expect(sumOf(data)).toBe(sum);
  });
});
