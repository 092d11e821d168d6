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
