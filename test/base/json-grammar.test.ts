import { describe, expect, it } from 'vitest';
import { ESC_BACKSLASH, ESC_BAD, escapeStep, stopsString } from '../../src/base/json/grammar.js';
import { arrayElements, objectMembers, RawJsonError } from '../../src/base/json/lossless.js';
import { scanDocument } from '../../src/base/json/scanner.js';

/** What a reader made of `text`: its answer, or its error's message. */
function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof RawJsonError)) throw e;
    return `error: ${e.message}`;
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The slicer's and the stream scanner's verdicts on one ASCII text (offsets then agree). */
function both(text: string, slice: (t: string) => unknown) {
  const sliced = outcome(() => slice(text));
  const scanned = outcome(() => scanDocument(Buffer.from(text)));
  return { sliced: typeof sliced === 'string' ? sliced : 'ok', scanned: typeof scanned === 'string' ? scanned : 'ok' };
}

// Numbers and literals as the grammar takes them, and as it does not: each rejected one is one
// JSON.parse rejects too.
const SCALARS = ['0', '-0', '12', '-0.5', '2.0e3', '1E-2', '1e+9', '123456789012345678901234567890', 'true', 'false', 'null'];
const BROKEN = ['01', '-01', '00', '1.', '1.e5', '.5', '-', '-a', '1e', '1e+', '1E-', '+1', 'tru', 'nul', 'fals', 'trUe', 'nulll', 'True', 'x', '1x'];

describe('one set of JSON rules: the slicer and the stream scanner agree', () => {
  it.each(SCALARS)('both take %j', (v) => {
    expect(arrayElements(`[${v}]`)).toEqual([v]);
    expect(objectMembers(`{"k":${v}}`).get('k')).toBe(v);
    expect(() => scanDocument(Buffer.from(`[${v}]`))).not.toThrow();
  });

  it.each(BROKEN)('both reject %j, with the same words at the same offset', (v) => {
    expect(() => JSON.parse(`[${v}]`)).toThrow();
    for (const [text, slice] of [
      [`[${v}]`, arrayElements],
      [`[1,${v},2]`, arrayElements],
      [`{"k":${v}}`, objectMembers],
      [`{"a":1, "k" : ${v} }`, objectMembers],
    ] as const) {
      const { sliced, scanned } = both(text, slice);
      expect(sliced, text).toMatch(/^error: /);
      expect(sliced, text).toBe(scanned);
    }
  });

  it.each([
    ['{"a" 1}', objectMembers],
    ['{"a":1,}', objectMembers],
    ['{"a":1 "b":2}', objectMembers],
    ['{1:2}', objectMembers],
    ['{"a":1} x', objectMembers],
    ['[1 2]', arrayElements],
    ['[1,]', arrayElements],
    ['[,1]', arrayElements],
    ['[1]]', arrayElements],
  ] as const)('both reject %j the same way', (text, slice) => {
    const { sliced, scanned } = both(text, slice);
    expect(sliced).toMatch(/^error: /);
    expect(sliced).toBe(scanned);
  });

  it.each([
    ['{"a":1', objectMembers],
    ['{"a":', objectMembers],
    ['{', objectMembers],
    ['[1', arrayElements],
    ['[-', arrayElements],
    ['[', arrayElements],
  ] as const)('both find %j cut short (the scanner, reading in pieces, cannot say what it wanted)', (text, slice) => {
    const { sliced, scanned } = both(text, slice);
    expect(sliced).toMatch(/^error: unexpected end of JSON \(/);
    expect(scanned).toBe('error: unexpected end of JSON (a truncated body)');
  });

  it('a string holds what stopsString lets pass, as JSON.parse says; a control is an error at its offset', () => {
    for (let c = 0; c < 0x80; c++) {
      if (c === 0x22 || c === 0x5c) continue;
      const text = `["a${String.fromCharCode(c)}b"]`;
      expect(parses(text), `code ${c}`).toBe(!stopsString(c));
      expect(outcome(() => scanDocument(Buffer.from(text)).object), `code ${c}`).toBe(parses(text) ? false : 'error: invalid JSON at offset 3 (a control character in a string)');
    }
  });

  it('an escape is what escapeStep allows, as JSON.parse says, in both readers', () => {
    for (let c = 0x20; c < 0x80; c++) {
      const text = `["\\${String.fromCharCode(c)}0000"]`;
      const allowed = escapeStep(ESC_BACKSLASH, c) !== ESC_BAD;
      expect(parses(text), `code ${c}`).toBe(allowed);
      expect(outcome(() => scanDocument(Buffer.from(text)).object), `code ${c}`).toBe(allowed ? false : 'error: invalid JSON at offset 3 (a bad escape)');
      // The slicer only finds the string's end (the text was checked before it is sliced).
      if (c !== 0x22) expect(arrayElements(text)).toEqual([text.slice(1, -1)]);
    }
    expect(outcome(() => scanDocument(Buffer.from('["\\u12G4"]')))).toBe('error: invalid JSON at offset 6 (a bad \\u escape)');
  });
});
