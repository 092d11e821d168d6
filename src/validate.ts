/**
 * Parsing of user input into typed values. Everything here runs before any request: bad input is a
 * UsageError (exit 2) with one line saying what was expected.
 */
import { UsageError } from './errors.js';
import { safeText } from './render/safe.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Input as echoed in an error: quoted, cut short, and as safe text (no escape reaches the terminal). */
function quote(s: string): string {
  return JSON.stringify(safeText(s.length > 80 ? s.slice(0, 80) + '…' : s));
}

/** An address: 0x and 40 hex digits (any case; the server accepts mixed case). */
export function parseAddress(input: string, what = 'address'): string {
  const s = input.trim();
  if (!ADDRESS.test(s)) throw new UsageError(`invalid ${what} ${quote(input)}: expected 0x followed by 40 hex digits`);
  return s;
}

/** A transaction hash: 0x and 64 hex digits. */
export function parseHash(input: string): string {
  const s = input.trim();
  if (!HASH.test(s)) throw new UsageError(`invalid transaction hash ${quote(input)}: expected 0x followed by 64 hex digits`);
  return s;
}

/** A `--type` list: comma separated, case-insensitive, sent upper-case, each one of `allowed`. */
export function parseTypes<T extends string>(input: string | undefined, allowed: readonly T[]): T[] | undefined {
  if (input === undefined) return undefined;
  const out: T[] = [];
  for (const part of input.split(',')) {
    const v = part.trim().toUpperCase();
    if (!v) continue;
    const hit = allowed.find((a) => a === v || a.replace('-', '') === v);
    if (!hit) throw new UsageError(`invalid --type ${quote(part.trim())}: expected one of ${allowed.join(', ')}`);
    if (!out.includes(hit)) out.push(hit);
  }
  if (out.length === 0) throw new UsageError(`invalid --type ${quote(input)}: expected one of ${allowed.join(', ')}`);
  return out;
}

/** `--filter to|from`. */
export function parseFilter(input: string | undefined): 'to' | 'from' | undefined {
  if (input === undefined) return undefined;
  const v = input.trim().toLowerCase();
  if (v === 'to' || v === 'from') return v;
  throw new UsageError(`invalid --filter ${quote(input)}: expected to or from`);
}

/** A positive whole number for `name`. */
export function parsePositiveInt(input: string | undefined, name: string): number | undefined {
  if (input === undefined) return undefined;
  const s = input.trim();
  if (!/^\d+$/.test(s) || Number(s) < 1 || !Number.isSafeInteger(Number(s))) {
    throw new UsageError(`invalid ${name} ${quote(input)}: expected a whole number of at least 1`);
  }
  return Number(s);
}
