/** echo: the one way a message repeats a user's value (issue 21, item 4): quoted, made safe, cut at one length. */
import { describe, expect, it } from 'vitest';
import { ECHO_MAX, echo } from '../../src/base/text/echo.js';

describe('echo', () => {
  it('quotes, escaping a quote or backslash inside as JSON writes them', () => {
    expect(echo('12x')).toBe('"12x"');
    expect(echo('')).toBe('""');
    expect(echo('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  it('shows controls, escape introducers, bidi and invisible characters as stand-ins, never raw', () => {
    expect(echo('x\u001b[2J\u0007')).toBe('"x␛[2J␇"');
    expect(echo('a\r\nb')).toBe('"a␍␊b"');
    expect(echo('\u009b31m')).toBe('"<U+009B>31m"');
    expect(echo('abc\u202edef')).toBe('"abc<U+202E>def"');
    expect(echo('usdc\u{e0041}')).toBe('"usdc<U+E0041>"');
    // A lone surrogate cannot reach a terminal raw either: JSON writes it as an escape.
    expect(echo('a\ud800b')).toBe('"a\\ud800b"');
    for (const cp of [0x00, 0x1b, 0x7f, 0x85, 0x9b, 0x200b, 0x2066, 0xfeff]) {
      expect(echo(`v${String.fromCodePoint(cp)}`)).not.toContain(String.fromCodePoint(cp));
    }
  });

  it(`cuts at ${ECHO_MAX} characters with an ellipsis, whole code points, before the stand-ins are counted`, () => {
    expect(ECHO_MAX).toBe(80);
    expect(echo('a'.repeat(80))).toBe(`"${'a'.repeat(80)}"`);
    expect(echo('a'.repeat(81))).toBe(`"${'a'.repeat(80)}…"`);
    expect(echo('🪶'.repeat(100))).toBe(`"${'🪶'.repeat(80)}…"`);
    expect(echo('\u001b'.repeat(100))).toBe(`"${'␛'.repeat(80)}…"`);
  });
});
