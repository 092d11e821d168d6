/**
 * The JSON tokenizing rules (RFC 8259), defined once for both lossless readers: the string slicer
 * (lossless.ts, on text) and the stream scanner (scanner.ts, on bytes). Each walks its own input, a
 * code unit or a byte at a time, and asks these rules what a code means: whitespace, a string's end or
 * escape, a step of a number, a literal's next letter, a closing bracket. JSON's structure is all
 * ASCII, so a byte and a UTF-16 code unit below 0x80 are the same number and one rule serves both.
 * Their errors are worded here too, with the offset of the code that broke a rule.
 */

/** JSON that is malformed, truncated, or not of the shape asked for. */
export class RawJsonError extends Error {}

/**
 * The error for a code that breaks a rule at `at` (a byte offset for the scanner, a code unit offset
 * for the slicer), or for the input ending first (`at` undefined).
 */
export function jsonError(what: string, at?: number): RawJsonError {
  return new RawJsonError(at === undefined ? `unexpected end of JSON (${what})` : `invalid JSON at offset ${at} (${what})`);
}

// Codes are written as numbers, not named constants: a bundle turns a constant into a variable that
// each test in a hot loop would load. 0x22 " 0x5c \ 0x7b { 0x7d } 0x5b [ 0x5d ] 0x2c , 0x3a :

/** JSON whitespace: space, line feed, carriage return, tab. */
export function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The closer of the container `c` opens, or 0 when `c` opens none. */
export function closerOf(c: number): number {
  return c === 0x7b ? 0x7d : c === 0x5b ? 0x5d : 0;
}

// ---- Strings ----

/**
 * A code inside a string that is not plain text: the closing quote, a backslash, or a control
 * character (which must be escaped). Everything else (at or past 0x20) stands for itself.
 */
export function stopsString(c: number): boolean {
  return c === 0x22 || c === 0x5c || c < 0x20;
}

/**
 * Inside a string, the escape being read: ESC_NONE, ESC_BACKSLASH after a backslash, then
 * ESC_HEX..ESC_HEX+3 while reading the four hex digits of a \u escape.
 */
export const ESC_NONE = 0;
export const ESC_BACKSLASH = 1;
const ESC_HEX = 2;
/** escapeStep's answer for a code that no escape allows. */
export const ESC_BAD = -1;

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** After a backslash: " \ / b f n r t, or u and four hex digits. */
const ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74, 0x75]);

/** The escape state after code `c`, read in escape state `esc` (not ESC_NONE); ESC_BAD if `c` breaks it. */
export function escapeStep(esc: number, c: number): number {
  if (esc === ESC_BACKSLASH) return !ESCAPES.has(c) ? ESC_BAD : c === 0x75 ? ESC_HEX : ESC_NONE;
  if (!isHex(c)) return ESC_BAD;
  return esc === ESC_HEX + 3 ? ESC_NONE : esc + 1;
}

/** What breaking an escape is called: after the backslash, or in a \u's digits. */
export function escapeError(esc: number): string {
  return esc === ESC_BACKSLASH ? 'a bad escape' : 'a bad \\u escape';
}

/**
 * Whether the quote at `q` of `text` closes the string whose contents start at `from`: it does unless
 * an odd number of backslashes stands right before it. (Enough to find a string's end in text already
 * checked; escapeStep is what checks.)
 */
export function quoteCloses(text: string, from: number, q: number): boolean {
  let b = q - 1;
  while (b >= from && text.charCodeAt(b) === 0x5c) b--;
  return (q - 1 - b) % 2 === 0;
}

// ---- Numbers: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? ----

/** Number states. */
const N_MINUS = 0;
const N_ZERO = 1;
const N_INT = 2;
const N_DOT = 3;
const N_FRAC = 4;
const N_E = 5;
const N_ESIGN = 6;
const N_EXP = 7;
/** numberStep's answers below 0: the number ended before this code; the code makes it malformed. */
const N_END = -1;
export const N_BAD = -2;

/** The number state after its first code `c`, or N_BAD when no number starts with `c`. */
export function numberStart(c: number): number {
  return c === 0x2d ? N_MINUS : c === 0x30 ? N_ZERO : c >= 0x31 && c <= 0x39 ? N_INT : N_BAD;
}

/** A number may end in state `s`. */
export function numberCanEnd(s: number): boolean {
  return s === N_ZERO || s === N_INT || s === N_FRAC || s === N_EXP;
}

/**
 * The number state after code `c` read in state `s`; N_END when `c` is not part of the number (it
 * ended before `c` if numberCanEnd(s), else it is malformed), N_BAD when `c` makes it malformed (a
 * digit after a leading zero).
 */
export function numberStep(s: number, c: number): number {
  if (isDigit(c)) {
    if (s === N_MINUS) return c === 0x30 ? N_ZERO : N_INT;
    if (s === N_ZERO) return N_BAD;
    if (s === N_DOT) return N_FRAC;
    if (s === N_E || s === N_ESIGN) return N_EXP;
    return s;
  }
  if (c === 0x2e) return s === N_ZERO || s === N_INT ? N_DOT : N_END;
  if (c === 0x65 || c === 0x45) return s === N_ZERO || s === N_INT || s === N_FRAC ? N_E : N_END;
  if (c === 0x2b || c === 0x2d) return s === N_E ? N_ESIGN : N_END;
  return N_END;
}

/** What a broken number is called: N_BAD (a leading zero), or ending where it may not. */
export function numberError(step: number): string {
  return step === N_BAD ? 'a leading zero' : 'a malformed number';
}

// ---- Literals ----

const LITERALS = ['true', 'false', 'null'];

/** The literal that starts with code `c` (t, f, n), or undefined. */
export function literalOf(c: number): string | undefined {
  return c === 0x74 ? LITERALS[0] : c === 0x66 ? LITERALS[1] : c === 0x6e ? LITERALS[2] : undefined;
}

// ---- What each place wants, in words ----

export const WANT_VALUE = 'expected a value';
export const WANT_KEY = 'expected a key';
export const WANT_COLON = 'expected ":"';
export const WANT_MORE_MEMBERS = 'expected "," or "}"';
export const WANT_MORE_ELEMENTS = 'expected "," or "]"';
export const TRAILING = 'trailing data';
export const BAD_LITERAL = 'a malformed literal';
export const CONTROL_IN_STRING = 'a control character in a string';
