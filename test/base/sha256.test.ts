import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/base/sha256.js';

const native = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

describe('sha256Hex', () => {
  it('gives the published digests of the standard test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with node:crypto at every length around the block and padding edges, and on random data', () => {
    for (let n = 0; n <= 300; n++) {
      const bytes = randomBytes(n);
      expect(sha256Hex(bytes), `${n} bytes`).toBe(native(bytes));
    }
    for (const n of [1000, 4096, 65_535, 65_536, 100_001]) {
      const bytes = randomBytes(n);
      expect(sha256Hex(bytes), `${n} bytes`).toBe(native(bytes));
    }
  });

  it('hashes a string as its UTF-8 bytes', () => {
    for (const s of ['Ünïcödé ✓ 😀', 'x'.repeat(200), '{"a":"\u0000"}']) expect(sha256Hex(s)).toBe(native(Buffer.from(s, 'utf8')));
  });
});
