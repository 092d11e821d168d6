/**
 * Issue 21, item 4: one unsafe-character table (UNSAFE_RANGES in base/text/safe.ts). The terminal
 * sanitiser, the JSON escaper, the name check and the contract sources' file-name check all read it;
 * before, the name check had its own narrower table and the file-name check its own regex, so a
 * character only one of them knew passed the other (`vitalik` + U+180B + `.eth` went to the explorer
 * as `vitalik.eth`, ENS normalisation dropping the invisible character).
 */
import { describe, expect, it } from 'vitest';
import { escapeUnsafe } from '../../src/base/json/lossless.js';
import { isSafeText, isUnsafeCodePoint, mayHoldUnsafe, safeText, UNSAFE_RANGES } from '../../src/base/text/safe.js';
import { NameRef, parseAddressOrName } from '../../src/base/validate.js';
import { nameProblem } from '../../src/commands/contract/source-files.js';

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

describe('the one unsafe table', () => {
  it('is every control, format, line or paragraph separator and default-ignorable code point, and U+2800', () => {
    const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (invisible.test(String.fromCodePoint(cp)) !== isUnsafeCodePoint(cp)) wrong.push(hex(cp));
    }
    expect(wrong).toEqual([]);
  });

  it('shows the prepended format marks and the unassigned default-ignorables, which the file-name check refused alone', () => {
    for (const cp of [0x0600, 0x06dd, 0x070f, 0x0890, 0x08e2, 0xfff0, 0x110bd, 0xe0080, 0xe0fff]) {
      const s = `a${String.fromCodePoint(cp)}b`;
      expect(safeText(s), hex(cp)).toBe(`a<U+${hex(cp)}>b`);
      expect(escapeUnsafe(JSON.stringify(s)), hex(cp)).not.toContain(String.fromCodePoint(cp));
      expect(nameProblem(s), hex(cp)).toBe(`holds control or invisible characters (U+${hex(cp)})`);
    }
  });

  it('refuses a name holding a character the old name table did not list, before any request', () => {
    for (const cp of [0x180b, 0xfe00, 0x1bca0, 0xe0100, 0x3164, 0x0600]) {
      const typed = `vitalik${String.fromCodePoint(cp)}.eth`;
      expect(() => parseAddressOrName(typed), hex(cp)).toThrow(`invalid address "vitalik<U+${hex(cp)}>.eth": expected 0x followed by 40 hex digits, or a name such as vitalik.eth`);
    }
    // A presentation selector after a letter hides nothing a reader could see: refused too.
    expect(() => parseAddressOrName('usdc\ufe0f.eth')).toThrow('invalid address "usdc<U+FE0F>.eth"');
  });

  it('still takes a plain name, and an emoji with its one presentation selector (what safeText keeps)', () => {
    for (const typed of ['vitalik.eth', '❤\ufe0f.eth', 'café.eth', '日本.eth']) {
      expect(isSafeText(typed), typed).toBe(true);
      expect(parseAddressOrName(typed), typed).toBeInstanceOf(NameRef);
    }
  });
});

describe('the printable-ASCII pre-check', () => {
  it('can skip no unsafe character: every unsafe range lies outside U+0020-U+007E', () => {
    for (const [a, b] of UNSAFE_RANGES) expect(b < 0x20 || a > 0x7e, `${a.toString(16)}-${b.toString(16)}`).toBe(true);
    // And text it passes is what the full pattern leaves alone; text it flags still goes through it.
    let ascii = '';
    for (let c = 0x20; c <= 0x7e; c++) ascii += String.fromCharCode(c);
    expect(mayHoldUnsafe(ascii)).toBe(false);
    expect(safeText(ascii)).toBe(ascii);
    expect(mayHoldUnsafe('a\u202eb')).toBe(true);
    expect(isSafeText('a\u202eb')).toBe(false);
    expect(safeText('é\u001b[31m')).toBe('é\u241b[31m');
  });
});
