/**
 * Exact amounts (STYLE.md, habit 8): wei and token values are integers scaled by their decimals with
 * BigInt arithmetic, never floats, so 2^256-1 with 18 decimals keeps every digit.
 */

/** Parses a decimal integer string or a 0x hex quantity; undefined when it is neither. */
export function toBigInt(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^-?\d+$/.test(s) || /^0x[0-9a-fA-F]+$/.test(s)) return BigInt(s);
  return undefined;
}

/** `value` scaled down by `decimals`, trailing zeros trimmed: formatUnits("1500000000000000000", 18) = "1.5". */
export function formatUnits(value: unknown, decimals: unknown): string | undefined {
  const v = toBigInt(value);
  if (v === undefined) return undefined;
  const d = decimals === null || decimals === undefined ? 0 : Number(decimals);
  if (!Number.isInteger(d) || d < 0 || d > 255) return v.toString();
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const s = abs.toString().padStart(d + 1, '0');
  const whole = s.slice(0, s.length - d);
  const frac = s.slice(s.length - d).replace(/0+$/, '');
  return (neg ? '-' : '') + whole + (frac ? '.' + frac : '');
}

/** Groups the whole part with commas: 1234567.5 → 1,234,567.5 (for terminals only). */
export function groupDigits(s: string): string {
  const [whole = '', frac] = s.split('.');
  const g = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? g : `${g}.${frac}`;
}
