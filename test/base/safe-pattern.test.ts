/**
 * The unsafe-character pattern is built for regexes without the `u` flag (faster over two-byte
 * text): the BMP ranges as a class, astral ranges as surrogate pairs. It must match exactly the
 * code points UNSAFE_RANGES lists, every one of them, as a whole character.
 */
import { describe, expect, it } from 'vitest';
import { escapeUnsafe } from '../../src/base/json/lossless.js';
import { isUnsafeCodePoint, safeText, UNSAFE_CHAR_SOURCE } from '../../src/base/text/safe.js';

describe('UNSAFE_CHAR_SOURCE', () => {
  it('matches exactly the code points of UNSAFE_RANGES, each whole', () => {
    const whole = new RegExp(`^(?:${UNSAFE_CHAR_SOURCE})$`);
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (whole.test(String.fromCodePoint(cp)) !== isUnsafeCodePoint(cp)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('astral characters are replaced whole, lone surrogates left alone', () => {
    expect(safeText('a\u{e0041}b\u{1d173}c')).toBe('a<U+E0041>b<U+1D173>c');
    expect(escapeUnsafe('"\u{e0100}"')).toBe('"\\udb40\\udd00"');
    // A lone high surrogate of an unsafe pair, and a pair just outside a range, are not matched.
    expect(safeText('\udb40x\u{e1000}\udb43')).toBe('\udb40x\u{e1000}\udb43');
  });
});
