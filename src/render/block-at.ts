/**
 * `scout block at`: the block at a time, as a short key/value view on a terminal (the block, its
 * time and age, the time asked and the side, how it was found), or one piped line:
 * `block<TAB>side<TAB>time asked<TAB>how`.
 */
import { formatDuration } from '../base/validate.js';
import type { RenderContext } from './context.js';
import { age, humanTime, isoOfMs } from './format.js';
import { type KeyValueRow, renderKeyValue } from './key-value.js';
import { groupDigits } from './units.js';

/** How the block was found. */
export type FoundBy = 'endpoint' | 'search' | 'estimate';

/** A block at a time, whichever way it was found. */
export interface BlockAt {
  /** The block number, decimal. */
  readonly block: string;
  readonly side: 'before' | 'after';
  /** The time asked, in Unix seconds. */
  readonly seconds: bigint;
  readonly foundBy: FoundBy;
  /** The block's time as the explorer sent it (a search finds it); undefined from the endpoint, which sends only the number. */
  readonly blockTime?: string | undefined;
  /** Requests a search made. */
  readonly requests?: number | undefined;
  /** An estimate's figures. */
  readonly estimate?:
    | {
        readonly newest: string;
        /** The newest block's time, in ms. */
        readonly newestMs: number;
        readonly blocks: bigint;
        /** Milliseconds per block. */
        readonly averageMs: number;
      }
    | undefined;
}

/** "in 3h 20m" for a time to come, "3h ago" for one past. */
function relative(ms: number, now: number): string {
  if (ms > now) return `in ${formatDuration(Math.round((ms - now) / 1000) * 1000)}`;
  return age(isoOfMs(ms), now) ?? '';
}

/** The asked time as ISO 8601 UTC, to the second. */
export function askedIso(seconds: bigint): string {
  return isoOfMs(Number(seconds) * 1000) ?? String(seconds);
}

/** The view of `b`. */
export function renderBlockAt(b: BlockAt, ctx: RenderContext): string {
  if (!ctx.tty) return [b.block, b.side, askedIso(b.seconds), b.foundBy].join('\t') + '\n';
  const side = b.side === 'before' ? 'the last block at or before it' : 'the first block at or after it';
  const rows: KeyValueRow[] = [];
  const e = b.estimate;
  if (e) {
    const ms = e.newestMs + Number(e.blocks) * e.averageMs;
    rows.push({ label: 'Block', value: [`~${groupDigits(b.block)}`, { text: ' (estimate)', style: 'dim' }] });
    rows.push({ label: 'Time', value: [`~${humanTime(isoOfMs(ms))}`, { text: ` (${relative(ms, ctx.now)})`, style: 'dim' }] });
  } else {
    rows.push({ label: 'Block', value: groupDigits(b.block) });
    if (b.blockTime !== undefined) {
      const ms = Date.parse(b.blockTime);
      rows.push({ label: 'Time', value: [humanTime(b.blockTime), { text: Number.isFinite(ms) ? ` (${relative(ms, ctx.now)})` : '', style: 'dim' }] });
    }
  }
  rows.push({ label: 'Asked', value: [humanTime(askedIso(b.seconds)), { text: `, ${side}`, style: 'dim' }] });
  const how =
    b.foundBy === 'endpoint'
      ? "the explorer's block-by-time endpoint"
      : b.foundBy === 'search'
        ? `a search over block times (${b.requests ?? 0} requests)`
        : e
          ? `estimated: ${groupDigits(String(e.blocks))} blocks after the newest (${groupDigits(e.newest)}) at ${formatDuration(Math.round(e.averageMs))} a block`
          : 'estimated';
  rows.push({ label: 'Found by', value: how });
  // The endpoint answers a number only: the block itself is one command away.
  if (!e && b.blockTime === undefined) rows.push({ label: 'Details', value: `scout block ${b.block}` });
  return renderKeyValue(rows, ctx);
}
