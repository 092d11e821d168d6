/**
 * Text from the chain is hostile (docs/style.md, "Remote text is hostile"): token names, tags, ENS
 * names, revert reasons and error bodies are written by anyone. Before any of it reaches a terminal or
 * a CSV cell, every control character, escape sequence introducer, bidi override and invisible
 * character becomes a visible stand-in, so `Evil\e]0;pwned\aToken` shows as `Evil␛]0;pwned␇Token` and
 * nothing is executed: no CSI (colours, cursor moves, screen clears), no OSC (window title 0, hyperlink
 * 8, clipboard 52), no 8-bit CSI (0x9b), no text reordered by a bidi override.
 */

/**
 * The one table of unsafe characters: code points that never reach a terminal, stderr or a file
 * name raw, as inclusive ranges. C0 controls, DEL, C1 controls (0x9b is an 8-bit CSI), soft hyphen,
 * combining grapheme joiner, the Arabic, Syriac and Kaithi prepended format marks (U+0600-0605,
 * U+06DD, U+070F, U+0890-0891, U+08E2, U+110BD, U+110CD: they reach over the digits after them),
 * Arabic letter mark, Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), Khmer inherent vowels,
 * Mongolian free variation selectors and vowel separator, zero-width and directional marks,
 * line/paragraph separators, bidi embeddings, overrides and isolates, word joiner, invisible
 * operators and the deprecated format characters U+206A-206F, the blank braille pattern, variation
 * selectors (U+FE00-FE0F and U+E0100-E01EF), BOM, the default-ignorable U+FFF0-FFF8 and interlinear
 * annotation controls, Egyptian hieroglyph and shorthand format controls, musical symbol format
 * characters (U+1D173-1D17A), and the invisible "tag" characters (used to smuggle hidden ASCII) with
 * the rest of plane 14's default-ignorable block. Together: every control, format (Cf), line or
 * paragraph separator and default-ignorable code point, and U+2800. Each is shown, never obeyed or
 * hidden; the name check (base/validate.ts) and the file-name check (contract sources) refuse them.
 */
export const UNSAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

const unit = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
const span = (a: number, b: number) => (a === b ? unit(a) : `${unit(a)}-${unit(b)}`);

/** Ranges per character class: V8 tests a class of more than 16 ranges several times slower. */
const RANGES_PER_CLASS = 8;

/**
 * One unsafe character, as a pattern for a regex WITHOUT the `u` flag: the BMP ranges as classes of
 * at most RANGES_PER_CLASS ranges, each astral range as its surrogate pairs. A `u` regex over astral
 * ranges, or one class of all 17 BMP ranges, ran five times slower over two-byte text (escaping a
 * 50 MB page of accented names took 0.45 s against 0.08 s). A match is a whole character: one
 * unit, or a pair.
 */
export const UNSAFE_CHAR_SOURCE = ((): string => {
  const bmp = UNSAFE_RANGES.filter(([a]) => a <= 0xffff).map(([a, b]) => span(a, b));
  const classes: string[] = [];
  for (let i = 0; i < bmp.length; i += RANGES_PER_CLASS) classes.push(`[${bmp.slice(i, i + RANGES_PER_CLASS).join('')}]`);
  const lows = new Map<number, string[]>();
  for (const [a, b] of UNSAFE_RANGES.filter(([x]) => x > 0xffff)) {
    for (let hi = 0xd800 + ((a - 0x10000) >> 10); hi <= 0xd800 + ((b - 0x10000) >> 10); hi++) {
      const first = Math.max(a, 0x10000 + ((hi - 0xd800) << 10));
      const last = Math.min(b, 0x10000 + ((hi - 0xd800) << 10) + 0x3ff);
      const low = span(0xdc00 + ((first - 0x10000) & 0x3ff), 0xdc00 + ((last - 0x10000) & 0x3ff));
      lows.set(hi, [...(lows.get(hi) ?? []), low]);
    }
  }
  // Consecutive high surrogates with the same low ranges share one alternative (plane 14's block).
  const pairs: { from: number; to: number; lows: string }[] = [];
  for (const [hi, ranges] of lows) {
    const last = pairs[pairs.length - 1];
    const low = `[${ranges.join('')}]`;
    if (last && last.to === hi - 1 && last.lows === low) last.to = hi;
    else pairs.push({ from: hi, to: hi, lows: low });
  }
  return [...classes, ...pairs.map((p) => (p.from === p.to ? unit(p.from) : `[${span(p.from, p.to)}]`) + p.lows)].join('|');
})();

/** Every unsafe character; safeText keeps one of them in one place (kept, below). */
const UNSAFE = new RegExp(UNSAFE_CHAR_SOURCE, 'g');

/**
 * Any character outside printable ASCII. Every unsafe range lies outside U+0020-U+007E (a test holds
 * the table to that), so text this does not match holds nothing unsafe: one scan of a single class
 * spares the long pattern for the common case (--all over ASCII items: about a third of the time).
 */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** False when `s` certainly holds no unsafe character; true when the full pattern must look. */
export function mayHoldUnsafe(s: string): boolean {
  return NOT_PRINTABLE_ASCII.test(s);
}
/**
 * Made when first asked, as render/width.ts's classes are: V8 builds a Unicode property's character
 * set when the expression is made, which every run that loads this module would pay for.
 */
let pictograph: RegExp | undefined;
const SELECTOR = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;

/**
 * One text or emoji presentation selector (U+FE0E, U+FE0F) right after a pictograph, and not before
 * another selector: it only picks how the pictograph is drawn ("❤️"), so it stays. Anywhere else (after
 * a letter, where "USDC\uFE0F" would look like "USDC", or in a run that smuggles data) it is shown.
 * Asked only of a character the class matched, so plain text costs one scan of a character class
 * (a lookaround in the pattern itself ran at every position and tripled the time of a table).
 */
function kept(ch: string, at: number, s: string): boolean {
  if (ch !== '\ufe0e' && ch !== '\ufe0f') return false;
  return (pictograph ??= /\p{Extended_Pictographic}$/u).test(s.slice(Math.max(0, at - 2), at)) && !SELECTOR.test(s.slice(at + 1, at + 3));
}

/**
 * True for a code point of UNSAFE_RANGES: a control, escape introducer, bidi control or invisible
 * character, which safeText shows as a stand-in (save an emoji's presentation selector).
 */
export function isUnsafeCodePoint(cp: number): boolean {
  for (const [a, b] of UNSAFE_RANGES) {
    if (cp < a) return false;
    if (cp <= b) return true;
  }
  return false;
}

function visible(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␀..␟ control pictures
  if (code === 0x7f) return '\u2421'; // ␡
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** `s` with every unsafe character replaced by a visible form; safe to print on a terminal. */
export function safeText(s: string): string {
  if (!mayHoldUnsafe(s)) return s;
  return s.replace(UNSAFE, (ch: string, at: number) => (kept(ch, at, s) ? ch : visible(ch)));
}

/**
 * True when `s` holds nothing that safeText would change: no control, escape introducer, bidi
 * control or invisible character (an emoji's presentation selector is allowed, as safeText keeps it).
 */
export function isSafeText(s: string): boolean {
  if (!mayHoldUnsafe(s)) return true;
  for (const m of s.matchAll(UNSAFE)) if (!kept(m[0], m.index, s)) return false;
  return true;
}

/**
 * A decoded JSON value as compact JSON text, at any depth: JSON.stringify recurses and overflows the
 * stack on a value nested some thousands of levels deep (a server can send 100,000), so such a value
 * is written by a loop with its own stack instead. Same text as JSON.stringify for JSON data.
 */
export function jsonText(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return deepJsonText(v);
  }
}

type Open = { keys: string[]; obj: Record<string, unknown>; i: number; written: number } | { arr: unknown[]; i: number };

function deepJsonText(root: unknown): string {
  let out = '';
  const stack: Open[] = [];
  const value = (v: unknown) => {
    if (Array.isArray(v)) {
      out += '[';
      stack.push({ arr: v, i: 0 });
    } else if (v !== null && typeof v === 'object') {
      out += '{';
      stack.push({ keys: Object.keys(v), obj: v as Record<string, unknown>, i: 0, written: 0 });
    } else out += JSON.stringify(v) ?? 'null';
  };
  value(root);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if ('arr' in top) {
      if (top.i === top.arr.length) {
        out += ']';
        stack.pop();
        continue;
      }
      if (top.i > 0) out += ',';
      value(top.arr[top.i++]);
    } else {
      if (top.i === top.keys.length) {
        out += '}';
        stack.pop();
        continue;
      }
      const k = top.keys[top.i++]!;
      const v = top.obj[k];
      // As JSON.stringify: a member without a JSON value is left out.
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      out += (top.written++ > 0 ? ',' : '') + JSON.stringify(k) + ':';
      value(v);
    }
  }
  return out;
}

/** Any value from the chain as safe text: '' for null and undefined, objects and arrays as JSON. */
export function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  return safeText(typeof v === 'string' ? v : typeof v === 'object' ? jsonText(v) : String(v));
}
