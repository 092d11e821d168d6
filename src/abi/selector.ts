/**
 * Selectors and event topics from signatures, with the project's own Keccak-256 (no ABI library):
 * `transfer(address,uint256)` → `0xa9059cbb`, `Transfer(address,address,uint256)` → its topic0.
 */
import { keccak256 } from '../base/keccak.js';
import { canonicalSignature } from './human.js';

const hex = (b: Uint8Array): string => '0x' + Buffer.from(b).toString('hex');

/** Keccak-256 of a canonical signature's text, 0x and 64 hex digits: an event's topic0. */
export function signatureHash(canonical: string): string {
  return hex(keccak256(new TextEncoder().encode(canonical)));
}

/** The 4-byte selector of a canonical signature, 0x and 8 hex digits. */
export function selectorOfSignature(canonical: string): string {
  return signatureHash(canonical).slice(0, 10);
}

/**
 * What identifies an ABI entry on chain: a function's or an error's 4-byte selector, an event's
 * topic0 (an anonymous event has none: ''); '' for a constructor, fallback or receive.
 */
export function entryId(entry: Readonly<Record<string, unknown>>): string {
  const kind = entry.type ?? 'function';
  if (kind === 'event') return entry.anonymous === true ? '' : signatureHash(canonicalSignature(entry));
  if (kind === 'function' || kind === 'error') return selectorOfSignature(canonicalSignature(entry));
  return '';
}
