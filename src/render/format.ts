/** Small formatters shared by the table renderers. Chain text always goes through safeText. */
import type { AddressParam } from '../api/schemas.js';
import { safeText } from './safe.js';

/** 0xd8dA6BF2…6045 → 0xd8dA…6045. */
export function shortHash(h: string, keep = 4): string {
  return h.length > 2 + keep * 2 + 1 ? `${h.slice(0, 2 + keep)}…${h.slice(-keep)}` : h;
}

/** Relative age: "12s ago", "5m ago", "3h ago", "4d ago", "2y ago". */
export function age(iso: string | null | undefined, now: number): string | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return undefined;
  const s = Math.round((now - t) / 1000);
  if (s < 0) return 'in future';
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  if (s < 86400 * 365) return `${Math.floor(s / 86400)}d ago`;
  return `${Math.floor(s / (86400 * 365))}y ago`;
}

/** ISO time without sub-second noise: 2025-08-11T09:32:59.000000Z → 2025-08-11T09:32:59Z. */
export function isoTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return safeText(iso);
  return new Date(t).toISOString().replace(/\.000Z$/, 'Z');
}

/** The best human name for an address: ENS, its name, a public tag. Sanitised. */
export function addressName(a: AddressParam | null | undefined): string | undefined {
  if (!a) return undefined;
  const tag = a.metadata?.tags?.find((t) => t?.tagType === 'name')?.name ?? a.public_tags?.[0]?.label ?? a.public_tags?.[0]?.display_name;
  const name = a.ens_domain_name || a.name || tag;
  return name ? safeText(name) : undefined;
}
