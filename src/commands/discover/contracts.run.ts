/**
 * The line `contracts` says beside its table on a terminal: the explorer's counts of contracts and
 * verified contracts (`/smart-contracts/counters`). An explorer without the counters says nothing;
 * one that fails says so in a warning, and the list stands.
 */
import { lacksEndpoint } from '../../api/client.js';
import { SMART_CONTRACT_COUNTERS_PATH } from '../../api/endpoints.js';
import { InterruptedError } from '../../base/errors.js';
import { safeText, text } from '../../base/text/safe.js';
import { groupDigits } from '../../render/units.js';
import type { Session } from '../../kit/invocation.js';

/** A count as a person reads it: digits grouped; anything else as sent, made safe. */
const count = (v: unknown): string => {
  const s = text(v);
  return /^\d+$/.test(s) ? groupDigits(s) : safeText(s);
};

/** "812,345 verified contracts of 71,234,567; in the last 24 hours 87 verified, 4,512 new", as far as the counters say. */
export function countsLine(c: Record<string, unknown>): string | undefined {
  const has = (k: string) => c[k] !== undefined && c[k] !== null && c[k] !== '';
  const head = has('verified_smart_contracts') ? `${count(c.verified_smart_contracts)} verified contracts${has('smart_contracts') ? ` of ${count(c.smart_contracts)}` : ''}` : '';
  const day = [has('new_verified_smart_contracts_24h') && `${count(c.new_verified_smart_contracts_24h)} verified`, has('new_smart_contracts_24h') && `${count(c.new_smart_contracts_24h)} new`].filter(Boolean).join(', ');
  const parts = [head, day && `in the last 24 hours ${day}`].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

export async function verifiedCounts(s: Session): Promise<string | undefined> {
  let body: string;
  try {
    body = await s.explorer().getRaw(SMART_CONTRACT_COUNTERS_PATH, [], 'contract counters');
  } catch (e) {
    if (e instanceof InterruptedError || lacksEndpoint(e)) return undefined;
    const why = e instanceof Error ? e.message : String(e);
    return `scout: warning: the explorer's contract counts could not be had (${safeText(why)})`;
  }
  const v: unknown = JSON.parse(body);
  return v && typeof v === 'object' && !Array.isArray(v) ? countsLine(v as Record<string, unknown>) : undefined;
}
