/**
 * Text from the chain is hostile (STYLE.md, habit 9): token names, tags, ENS names, revert reasons
 * and error bodies are written by anyone. Before any of it reaches a terminal or a CSV cell, every
 * control character, escape sequence introducer, bidi override and invisible character becomes a
 * visible stand-in, so `Evil\e]0;pwned\aToken` shows as `Evil␛]0;pwned␇Token` and nothing is
 * executed: no CSI (colours, cursor moves, screen clears), no OSC (window title 0, hyperlink 8,
 * clipboard 52), no 8-bit CSI (0x9b), no text reordered by a bidi override.
 */

// C0 controls, DEL, C1 controls (0x9b is an 8-bit CSI), soft hyphen, Arabic letter mark, Mongolian
// vowel separator, zero-width and directional marks, line/paragraph separators, bidi embeddings,
// overrides and isolates, word joiner and invisible operators, BOM, interlinear annotation
// controls, and the invisible "tag" characters (used to smuggle hidden ASCII).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

function visible(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␀..␟ control pictures
  if (code === 0x7f) return '\u2421'; // ␡
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** `s` with every unsafe character replaced by a visible form; safe to print on a terminal. */
export function safeText(s: string): string {
  return s.replace(UNSAFE, visible);
}

/** True when `s` holds nothing that safeText would change. */
export function isSafeText(s: string): boolean {
  UNSAFE.lastIndex = 0;
  const found = UNSAFE.test(s);
  UNSAFE.lastIndex = 0;
  return !found;
}

/** Any value from the chain as safe text: '' for null and undefined. */
export function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  return safeText(typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
}
