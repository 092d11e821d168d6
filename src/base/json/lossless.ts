/**
 * Lossless handling of JSON text.
 *
 * JSON.parse turns `2.0e3` into 2000 and 123456789012345678901 into 123456789012345680000, and the
 * real explorer sends both kinds (confirmation_duration floats, big integers from chain-specific
 * fields). The contract promises that --json and --ndjson carry the server's values exactly, so the
 * output path prints the server's own text, sliced out of the body, re-spaced, and with characters
 * unsafe on a terminal written as \uXXXX. (parseListBody in client.ts takes JSON.stringify's text
 * instead only when that is byte for byte the body.) These scanners are strict enough to reject a
 * truncated or malformed body. What a code means (whitespace, a string's end, a number's next
 * step, a literal, a closer) and how an error is worded are grammar.ts's rules, which the stream
 * scanner (scanner.ts) follows too.
 */
import { mayHoldUnsafe, UNSAFE_CHAR_SOURCE } from '../text/safe.js';
import {
  BAD_LITERAL,
  closerOf,
  isWs,
  jsonError,
  literalOf,
  N_BAD,
  numberCanEnd,
  numberError,
  numberStart,
  numberStep,
  quoteCloses,
  RawJsonError,
  TRAILING,
  WANT_COLON,
  WANT_KEY,
  WANT_MORE_ELEMENTS,
  WANT_MORE_MEMBERS,
  WANT_VALUE,
} from './grammar.js';

export { RawJsonError };

export function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

function fail(text: string, i: number, what: string): never {
  throw jsonError(what, i >= text.length ? undefined : i);
}

/**
 * Index just past the string starting at `i` (which holds the opening quote). Only its end is found
 * (the first quote no backslash escapes): its escapes are checked by whoever checked the text.
 */
export function skipString(text: string, i: number): number {
  i++;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) fail(text, text.length, 'unterminated string');
    if (quoteCloses(text, i, q)) return q + 1;
    i = q + 1;
  }
}

/** Index just past the number or literal that starts at `i`, by the grammar's rules. */
function skipScalar(text: string, i: number): number {
  const c = text.charCodeAt(i);
  let s = numberStart(c);
  if (s !== N_BAD) {
    for (;;) {
      const next = numberStep(s, text.charCodeAt(++i));
      if (next < 0) {
        if (next === N_BAD || !numberCanEnd(s)) fail(text, i, numberError(next));
        return i;
      }
      s = next;
    }
  }
  const lit = literalOf(c);
  if (lit === undefined) fail(text, i, WANT_VALUE);
  for (let k = 1; k < lit.length; k++) if (text.charCodeAt(i + k) !== lit.charCodeAt(k)) fail(text, i + k, BAD_LITERAL);
  return i + lit.length;
}

/** Index just past the JSON value that starts at `i` (after whitespace). */
export function skipValue(text: string, i: number): number {
  i = skipWs(text, i);
  const c = text.charCodeAt(i);
  if (c === 0x22) return skipString(text, i);
  if (closerOf(c)) {
    // Walk nested containers with an explicit stack of closers.
    const stack: number[] = [];
    for (;;) {
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i = skipString(text, i);
        continue;
      }
      // Codes tested as numbers here, closerOf called only on an opener: a call for every code
      // costs this loop some 10%.
      if (ch === 0x7b || ch === 0x5b) stack.push(closerOf(ch));
      else if (ch === 0x7d || ch === 0x5d) {
        if (stack.pop() !== ch) fail(text, i, 'mismatched bracket');
        if (stack.length === 0) return i + 1;
      } else if (Number.isNaN(ch)) fail(text, i, 'unclosed container');
      i++;
    }
  }
  return skipScalar(text, i);
}

/** The members of a JSON object as raw text slices, in order. Throws unless `text` is one object. */
export function objectMembers(text: string): Map<string, string> {
  const members = new Map<string, string>();
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 0x7b) fail(text, i, 'expected an object');
  i = skipWs(text, i + 1);
  if (text.charCodeAt(i) === 0x7d) {
    assertEnd(text, i + 1);
    return members;
  }
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) fail(text, i, WANT_KEY);
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) fail(text, i, WANT_COLON);
    const start = skipWs(text, i + 1);
    const end = skipValue(text, start);
    members.set(key, text.slice(start, end));
    i = skipWs(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      i = skipWs(text, i + 1);
      continue;
    }
    if (c === 0x7d) {
      assertEnd(text, i + 1);
      return members;
    }
    fail(text, i, WANT_MORE_MEMBERS);
  }
}

/** The elements of a JSON array as raw text slices. Throws unless `text` is one array. */
export function arrayElements(text: string): string[] {
  const items: string[] = [];
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 0x5b) fail(text, i, 'expected an array');
  i = skipWs(text, i + 1);
  if (text.charCodeAt(i) === 0x5d) {
    assertEnd(text, i + 1);
    return items;
  }
  for (;;) {
    const start = skipWs(text, i);
    const end = skipValue(text, start);
    items.push(text.slice(start, end));
    i = skipWs(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      i++;
      continue;
    }
    if (c === 0x5d) {
      assertEnd(text, i + 1);
      return items;
    }
    fail(text, i, WANT_MORE_ELEMENTS);
  }
}

function assertEnd(text: string, i: number): void {
  i = skipWs(text, i);
  if (i !== text.length) fail(text, i, TRAILING);
}

/** Checks that `text` is exactly one well-formed JSON value (the scanners above only match brackets). */
export function assertJson(text: string): void {
  try {
    JSON.parse(text);
  } catch (e) {
    throw new RawJsonError((e as Error).message);
  }
}

/**
 * Characters that are legal raw inside a JSON string but dangerous on a terminal: the set the
 * terminal sanitiser (text/safe.ts, UNSAFE_RANGES) makes visible, controls, bidi controls and
 * invisible characters. Writing them as \uXXXX (astral ones as a surrogate pair) keeps the decoded
 * value identical (the contract allows it).
 */
const UNSAFE_IN_STRING = new RegExp(UNSAFE_CHAR_SOURCE, 'g');

function escapeUnits(ch: string): string {
  let s = '';
  for (let i = 0; i < ch.length; i++) s += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
  return s;
}

/** `s` with every unsafe character written as \\uXXXX (astral ones as a surrogate pair); only strings can hold them in valid JSON. */
export function escapeUnsafe(s: string): string {
  return mayHoldUnsafe(s) ? s.replace(UNSAFE_IN_STRING, escapeUnits) : s;
}

/**
 * Indentation stops at this depth: deeper containers are printed compact, so a body nested
 * 100,000 levels deep costs output linear in its size, not a line of 200,000 spaces per level.
 */
export const MAX_INDENT_DEPTH = 64;

/**
 * Re-spaces a JSON value without touching any scalar: compact when `indent` is 0, else indented by
 * `indent` spaces starting at `level`, down to MAX_INDENT_DEPTH. Number text, key order and string
 * escapes stay as sent (only unsafe characters inside strings are escaped).
 */
export function formatRaw(text: string, indent = 0, level = 0): string {
  let out = '';
  let depth = level;
  const nl = (d: number) => '\n' + ' '.repeat(indent * d);
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWs(c)) {
      i++;
      continue;
    }
    if (c === 0x22) {
      const end = skipString(text, i);
      out += escapeUnsafe(text.slice(i, end));
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (indent && depth >= MAX_INDENT_DEPTH) {
        // Too deep to indent: the whole container on one line (compacting never recurses).
        const end = skipValue(text, i);
        out += formatRaw(text.slice(i, end), 0);
        i = end;
        continue;
      }
      const j = skipWs(text, i + 1);
      const close = c === 0x7b ? 0x7d : 0x5d;
      if (text.charCodeAt(j) === close) {
        out += c === 0x7b ? '{}' : '[]';
        i = j + 1;
        continue;
      }
      out += text[i];
      depth++;
      if (indent) out += nl(depth);
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      depth--;
      if (indent) out += nl(depth);
      out += text[i];
      i++;
      continue;
    }
    if (c === 0x2c) {
      out += ',';
      if (indent) out += nl(depth);
      i++;
      continue;
    }
    if (c === 0x3a) {
      out += indent ? ': ' : ':';
      i++;
      continue;
    }
    // A number or literal: copy its text as is.
    const end = skipValue(text, i);
    out += text.slice(i, end);
    i = end;
  }
  return out;
}
