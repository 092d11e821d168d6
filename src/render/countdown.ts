/**
 * `scout block countdown`: the block, the newest, the blocks to come and the estimated time, as a
 * key/value view on a terminal or one piped line; a block the explorer says is mined, as such.
 */
import { formatDuration } from '../base/validate.js';
import { safeText } from '../base/text/safe.js';
import type { RenderContext } from './context.js';
import { humanTime, isoOfMs } from './format.js';
import { type KeyValueRow, renderKeyValue } from './key-value.js';
import { groupDigits } from './units.js';

export type Countdown =
  | { readonly block: string; readonly newest: string; readonly remaining: string; readonly seconds: number }
  /** The explorer answered with a message instead (a block already mined: "Error! Block number already pass"). */
  | { readonly block: string; readonly message: string };

export function renderCountdown(c: Countdown, ctx: RenderContext): string {
  if ('message' in c) {
    const mined = /already pass/i.test(c.message);
    if (!ctx.tty) return `${c.block}\t${mined ? 'mined' : safeText(c.message).replace(/\t/g, ' ')}\n`;
    return mined ? `Block ${groupDigits(c.block)} is mined already: scout block ${c.block} shows it\n` : `No countdown to block ${groupDigits(c.block)}: ${c.message}\n`;
  }
  const at = Number.isFinite(c.seconds) ? isoOfMs(ctx.now + c.seconds * 1000) : undefined;
  if (!ctx.tty) return [c.block, c.newest, c.remaining, Number.isFinite(c.seconds) ? String(c.seconds) : '', at ?? ''].map((f) => safeText(f)).join('\t') + '\n';
  const rows: KeyValueRow[] = [
    { label: 'Block', value: groupDigits(c.block) },
    { label: 'Newest', value: groupDigits(safeText(c.newest)) },
    { label: 'To come', value: `${groupDigits(safeText(c.remaining))} blocks` },
  ];
  if (at !== undefined) rows.push({ label: 'Estimated', value: [`in ${formatDuration(Math.round(c.seconds) * 1000)}`, { text: `, about ${humanTime(at)}`, style: 'dim' }] });
  return renderKeyValue(rows, ctx);
}
