/** Options `contract call` and `contract read` share: the block they call at, and the unit of integer arguments. */
import { UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { parseTimePoint, type TimePoint, TIME_FORMS } from '../../base/time.js';
import { option } from '../../kit/spec.js';

/** `--at`: a block number (bare digits too), or a past moment of the time grammar. */
export function parseCallAt(raw: string, from: string, now = Date.now()): TimePoint {
  const t = raw.trim();
  if (/^\d{1,19}$/.test(t)) return parseTimePoint(`block:${t}`, from, now);
  const p = parseTimePoint(t, from, now);
  if (p.kind === 'time' && p.ms > now) throw new UsageError(`invalid ${from} ${echo(raw)}: it is in the future; a call runs at a block that exists`);
  return p;
}

export const atOption = option(
  '<block|time>',
  `call at a past block: a block number (19000000 or block:19000000), or a time, which means the last block at or before it: ${TIME_FORMS.replace(/ or a block \(.*\)$/, '')}`,
  parseCallAt,
);

/** What `--unit` says integer arguments are written in: a number of decimals, or the token's own. */
export type ArgUnit = { readonly kind: 'decimals'; readonly decimals: number } | { readonly kind: 'token' };

export const UNITS = ['ether', 'gwei', 'wei', 'token'] as const;
const NAMED: Readonly<Record<string, number>> = { ether: 18, gwei: 9, wei: 0 };

export function parseArgUnit(raw: string, from: string): ArgUnit {
  const t = raw.trim().toLowerCase();
  if (t === 'token') return { kind: 'token' };
  if (NAMED[t] !== undefined) return { kind: 'decimals', decimals: NAMED[t] };
  if (/^\d{1,2}$/.test(t) && Number(t) <= 77) return { kind: 'decimals', decimals: Number(t) };
  throw new UsageError(`invalid ${from} ${echo(raw)}: expected ether, gwei, wei, token (the contract's own decimals()) or a number of decimals from 0 to 77`);
}

export const unitOption = option(
  '<unit>',
  "the unit integer arguments are written in, so they may be 1.5 or 2e6: ether, gwei, wei, token (the contract's own decimals()) or a number of decimals; 0x integers are never scaled",
  parseArgUnit,
  { complete: { values: UNITS } },
);

/** `--value <wei>`: whole wei, decimal or 0x, within a uint256. */
export function parseWei(raw: string, from: string): bigint {
  const t = raw.trim().replace(/_/g, '');
  if (!/^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(t) || BigInt(t) >= 1n << 256n) throw new UsageError(`invalid ${from} ${echo(raw)}: expected whole wei, decimal digits or 0x hex, below 2^256`);
  return BigInt(t);
}

export const valueOption = option('<wei>', 'wei sent with the call, for simulating a payable function: decimal or 0x', parseWei);
