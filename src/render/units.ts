/**
 * Exact amounts (docs/style.md, "Money is exact"): wei and token values are integers scaled by their
 * decimals with BigInt arithmetic, never floats, so 2^256-1 with 18 decimals keeps every digit. Prices
 * (decimal strings such as "4273.59") multiply exactly too; only the final USD figure is rounded, to
 * cents.
 */

/**
 * Longest number text taken as a number. uint256 is 78 decimal digits; a hostile server can send a
 * million, and BigInt parses and prints those in superlinear time. Longer text stays text.
 */
const MAX_NUMBER_TEXT = 1024;

/** Parses a decimal integer string or a 0x hex quantity; undefined when it is neither. */
export function toBigInt(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : undefined;
  if (typeof v !== 'string' || v.length > MAX_NUMBER_TEXT) return undefined;
  const s = v.trim();
  if (/^-?\d+$/.test(s) || /^0x[0-9a-fA-F]+$/.test(s)) return BigInt(s);
  return undefined;
}

/** Decimals as a small integer, or undefined when absent or not usable (then amounts stay raw). */
export function toDecimals(decimals: unknown): number | undefined {
  if (decimals === null || decimals === undefined || decimals === '') return undefined;
  const d = Number(decimals);
  return Number.isInteger(d) && d >= 0 && d <= 255 ? d : undefined;
}

/** `value` scaled down by `decimals`, trailing zeros trimmed: formatUnits("1500000000000000000", 18) = "1.5". */
export function formatUnits(value: unknown, decimals: unknown): string | undefined {
  const v = toBigInt(value);
  if (v === undefined) return undefined;
  const d = toDecimals(decimals) ?? 0;
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const s = abs.toString().padStart(d + 1, '0');
  const whole = s.slice(0, s.length - d);
  const frac = s.slice(s.length - d).replace(/0+$/, '');
  return (neg ? '-' : '') + whole + (frac ? '.' + frac : '');
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isWord = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/**
 * Groups the whole part with commas: 1234567.5 → 1,234,567.5 (for terminals only). Every run of
 * digits before the first `.` is grouped from its end; the rest is left as it is. One pass: a
 * lookahead regex here took seconds on a 100,000-digit "number" from a hostile server.
 */
export function groupDigits(s: string): string {
  const dot = s.indexOf('.');
  const whole = dot < 0 ? s : s.slice(0, dot);
  let out = '';
  let i = 0;
  while (i < whole.length) {
    if (!isDigit(whole.charCodeAt(i))) {
      out += whole[i++];
      continue;
    }
    let j = i;
    while (j < whole.length && isDigit(whole.charCodeAt(j))) j++;
    // A run right after a letter gets a comma before it too when its length is a multiple of 3 (as \B did).
    const afterWord = i > 0 && isWord(whole.charCodeAt(i - 1));
    const first = (j - i) % 3 || 3;
    out += (afterWord && first === 3 ? ',' : '') + whole.slice(i, i + first);
    for (let k = i + first; k < j; k += 3) out += ',' + whole.slice(k, k + 3);
    i = j;
  }
  return dot < 0 ? out : out + s.slice(dot);
}

/** An exact decimal number: `int` × 10^-`scale`. Sums and comparisons of these are exact. */
export interface Exact {
  readonly int: bigint;
  readonly scale: number;
}

/** A plain decimal string ("12", "-0.5", "4273.59") as an exact number; undefined otherwise. */
export function parseExact(v: unknown): Exact | undefined {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' && v.length <= MAX_NUMBER_TEXT ? v.trim() : undefined;
  const m = s === undefined ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return undefined;
  const frac = m[3] ?? '';
  return { int: BigInt(`${m[1]}${m[2]}${frac}`), scale: frac.length };
}

/** `amount` (an integer in base units with `decimals`) times `price` (a decimal string), exact; undefined when either is not a number. */
export function exactValue(amount: unknown, decimals: unknown, price: unknown): Exact | undefined {
  const a = toBigInt(amount);
  const d = toDecimals(decimals);
  const p = parseExact(price);
  if (a === undefined || d === undefined || p === undefined) return undefined;
  return { int: a * p.int, scale: d + p.scale };
}

/** `v` at `scale` decimals (at least its own), exactly. */
function atScale(v: Exact, scale: number): bigint {
  return v.int * 10n ** BigInt(scale - v.scale);
}

/** The exact sum of `values` (0 for none), at the largest scale among them. */
export function sumExact(values: Iterable<Exact>): Exact {
  let total: Exact = { int: 0n, scale: 0 };
  for (const v of values) {
    const scale = Math.max(total.scale, v.scale);
    total = { int: atScale(total, scale) + atScale(v, scale), scale };
  }
  return total;
}

/** Negative, zero or positive as `a` is below, equal to or above `b`, exactly. */
export function compareExact(a: Exact, b: Exact): number {
  const scale = Math.max(a.scale, b.scale);
  const x = atScale(a, scale);
  const y = atScale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `v` rounded half up (away from zero) to `places` decimals, as a plain decimal string. */
export function roundExact(v: Exact, places = 2): string {
  let product = v.int;
  const neg = product < 0n;
  if (neg) product = -product;
  if (v.scale > places) {
    const div = 10n ** BigInt(v.scale - places);
    product = (product + div / 2n) / div;
  } else {
    product *= 10n ** BigInt(places - v.scale);
  }
  const s = product.toString().padStart(places + 1, '0');
  const whole = s.slice(0, s.length - places);
  const frac = s.slice(s.length - places);
  return (neg && product !== 0n ? '-' : '') + whole + (places > 0 ? '.' + frac : '');
}

/**
 * `amount` (an integer in base units with `decimals`) times `price` (a decimal string), rounded half
 * up to `places` decimals, as a plain decimal string; undefined when either is not a number.
 */
export function valueAt(amount: unknown, decimals: unknown, price: unknown, places = 2): string | undefined {
  const v = exactValue(amount, decimals, price);
  return v === undefined ? undefined : roundExact(v, places);
}

/** A USD figure for a terminal: "$1,506.27"; "<$0.01" for a dust amount that rounds to zero. */
export function usd(amount: unknown, decimals: unknown, price: unknown): string | undefined {
  const v = exactValue(amount, decimals, price);
  return v === undefined ? undefined : usdOf(v);
}

/** An exact USD figure for a terminal, rounded to cents: "$1,506.27"; "<$0.01" for a non-zero one that rounds to zero. */
export function usdOf(value: Exact): string {
  const v = roundExact(value);
  if (/^0\.00$/.test(v) && value.int !== 0n) return '<$0.01';
  const neg = v.startsWith('-');
  const whole = v.slice(neg ? 1 : 0, v.indexOf('.'));
  if (whole.length > MAX_WHOLE_DIGITS) return (neg ? '-$' : '$') + compact(whole);
  return '$' + groupDigits(v);
}

/** 2^256-1: the largest uint256, the usual "no limit" approval. */
const MAX_UINT256 = (1n << 256n) - 1n;

/** Decimal places an amount is rounded to on a terminal. */
export const DISPLAY_PLACES = 6;

/** Digits of a whole part beyond which a terminal shows an amount in compact form (a trillion and up). */
export const MAX_WHOLE_DIGITS = 12;

/**
 * The first five significant digits of a whole number too long to show, as `1.1579e59`: a prefix of
 * the exact digits (cut, never rounded up), so it never claims more than the value holds.
 */
function compact(digits: string): string {
  const mantissa = `${digits[0]}.${digits.slice(1, 5)}`.replace(/\.?0+$/, '');
  return `${mantissa}e${digits.length - 1}`;
}

/**
 * An amount for a terminal (piped and CSV output keep every digit): `value` scaled by `decimals`,
 * rounded half up to DISPLAY_PLACES decimals, trailing zeros trimmed and the whole part grouped
 * (`1,234.567891`). A non-zero amount that would round to 0 shows as `<0.000001`; a whole part of
 * more than MAX_WHOLE_DIGITS digits as its exact prefix (`1.1579e59`); 2^256-1 in base units as
 * `unlimited`. Undefined when `value` is no integer.
 */
export function displayUnits(value: unknown, decimals: unknown): string | undefined {
  const v = toBigInt(value);
  if (v === undefined) return undefined;
  if (v === MAX_UINT256) return 'unlimited';
  const d = toDecimals(decimals) ?? 0;
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const sign = neg ? '-' : '';
  const whole = (abs / 10n ** BigInt(d)).toString();
  if (whole.length > MAX_WHOLE_DIGITS) return sign + compact(whole);
  if (d <= DISPLAY_PLACES) return sign + groupDigits(formatUnits(abs, d) ?? '');
  const step = 10n ** BigInt(d - DISPLAY_PLACES);
  const rounded = (abs + step / 2n) / step;
  if (rounded === 0n && abs !== 0n) return neg ? `>-0.${'0'.repeat(DISPLAY_PLACES - 1)}1` : `<0.${'0'.repeat(DISPLAY_PLACES - 1)}1`;
  return (rounded === 0n ? '' : sign) + groupDigits(formatUnits(rounded, DISPLAY_PLACES) ?? '');
}

/** Wei per gas as gwei, exact: 3100000000 → "3.1". */
export function gwei(v: unknown): string | undefined {
  return formatUnits(v, 9);
}
