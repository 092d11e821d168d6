/** Small formatters shared by the renderers. Chain text always goes through safeText. */
import type { AddressParam } from '../api/schemas.js';
import { safeText, text } from '../base/text/safe.js';

/** 0xd8dA6BF2…6045 → 0xd8dA…6045; `head` hex digits kept after 0x (default `keep`) and `keep` at the end. */
export function shortHash(h: string, keep = 4, head = keep): string {
  return h.length > 2 + head + keep + 1 ? `${h.slice(0, 2 + head)}…${h.slice(-keep)}` : h;
}

/**
 * An address on a terminal where there is room: 6+4 hex digits, 0xd8dA6B…6045. Lookalike addresses
 * are ground to match the first and last four digits, so four alone would show them the same.
 */
export function shortAddress(h: string): string {
  return shortHash(h, 4, 6);
}

/** A long number (a 78-digit token id) shortened in the middle for a terminal: 8015096408…874122. */
export function shortId(id: string, max = 16): string {
  return id.length > max ? `${id.slice(0, max - 7)}…${id.slice(-6)}` : id;
}

/** Whole seconds from the time `iso` to `now` (rounded by `whole`); undefined unless `iso` is a time. */
function secondsSince(iso: unknown, now: number, whole: (x: number) => number): number | undefined {
  if (typeof iso !== 'string' || !iso) return undefined;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? whole((now - t) / 1000) : undefined;
}

/** Relative age: "12s ago", "5m ago", "3h ago", "4d ago", "2y ago"; undefined unless `iso` is a time. */
export function age(iso: unknown, now: number): string | undefined {
  const s = secondsSince(iso, now, Math.round);
  if (s === undefined) return undefined;
  if (s < 0) return 'in future';
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  if (s < 86400 * 365) return `${Math.floor(s / 86400)}d ago`;
  return `${Math.floor(s / (86400 * 365))}y ago`;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const YEAR = 365 * DAY;
/** A month as a year's twelfth (30.4 days), so that twelve of them make the year above. */
const MONTH = YEAR / 12;

/**
 * How long ago, in two units for a table's AGE: "12s", "5m 20s", "3h 4m", "3d 4h", "2mo 5d",
 * "1y 3mo" (the second unit left out when it is zero); undefined unless `iso` is a time.
 */
export function elapsed(iso: unknown, now: number): string | undefined {
  const s = secondsSince(iso, now, Math.floor);
  if (s === undefined) return undefined;
  if (s < 0) return 'in future';
  const two = (a: number, ua: string, b: number, ub: string) => (b > 0 ? `${a}${ua} ${b}${ub}` : `${a}${ua}`);
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return two(Math.floor(s / MINUTE), 'm', s % MINUTE, 's');
  if (s < DAY) return two(Math.floor(s / HOUR), 'h', Math.floor((s % HOUR) / MINUTE), 'm');
  if (s < 30 * DAY) return two(Math.floor(s / DAY), 'd', Math.floor((s % DAY) / HOUR), 'h');
  if (s < YEAR) {
    const months = Math.floor(s / MONTH);
    return two(months, 'mo', Math.floor((s - months * MONTH) / DAY), 'd');
  }
  const years = Math.floor(s / YEAR);
  return two(years, 'y', Math.floor((s - years * YEAR) / MONTH), 'mo');
}

/**
 * ISO time without sub-second noise: 2025-08-11T09:32:59.000000Z → 2025-08-11T09:32:59Z. Anything
 * that is no time is shown as it came (safe text), not dropped.
 */
export function isoTime(iso: unknown): string {
  if (typeof iso !== 'string') return text(iso);
  if (!iso) return '';
  return isoOfMs(Date.parse(iso)) ?? safeText(iso);
}

/** The largest distance from 1970 a Date holds, in ms (±275,760 years): past it toISOString throws. */
const DATE_RANGE_MS = 8.64e15;

/**
 * Milliseconds since 1970 as ISO time without sub-second noise; undefined when they are no time a
 * Date can hold (NaN, Infinity, past ±275,760 years), for the caller to show the value as sent.
 * Every time scout prints goes through here, so a hostile timestamp never throws.
 */
export function isoOfMs(ms: number): string | undefined {
  if (!Number.isFinite(ms) || Math.abs(ms) > DATE_RANGE_MS) return undefined;
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** A time for people: "2025-08-11 09:32:59 UTC". */
export function humanTime(iso: unknown): string {
  const s = isoTime(iso);
  return /^\d{4}-\d\d-\d\dT/.test(s) ? s.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : s;
}

/**
 * The best human name for an address, sanitised: the explorer's curated name tag (as "Uniswap V3:
 * Router"), else the ENS name, else the contract name, else a public tag. Names are chosen by
 * whoever deployed the contract, so callers always show the address beside them.
 */
export function addressName(a: AddressParam | null | undefined): string | undefined {
  if (!a) return undefined;
  const tags = Array.isArray(a.metadata?.tags) ? a.metadata.tags : [];
  const curated = tags.find((t) => t?.tagType === 'name')?.name;
  const publicTags = Array.isArray(a.public_tags) ? a.public_tags : [];
  const tag = publicTags[0]?.display_name ?? publicTags[0]?.label;
  const name = [curated, a.ens_domain_name, a.name, tag].find((n) => typeof n === 'string' && n.trim() !== '');
  return name ? safeText(name) : undefined;
}

/** An address object's hash, or '' when the object is missing or odd. */
export function addressHash(a: AddressParam | null | undefined): string {
  return typeof a?.hash === 'string' ? safeText(a.hash) : '';
}
