/**
 * The one place text is styled. Whether colour is on is the session's decision (node-io.ts:
 * the terminal, --color, NO_COLOR, FORCE_COLOR, TERM=dumb), carried in the render context; chalk
 * runs at a fixed basic level and only spells the styles, so it never guesses on its own. Every
 * bold heading, coloured cell and spinner frame goes through `paint`: no raw escape sequences
 * elsewhere. chalk loads only when colour is on (loadPaint, which the session awaits then): output
 * without colour, anything piped, never evaluates it.
 */
import type { ChalkInstance } from 'chalk';
import type { RenderContext } from './context.js';

/**
 * A style: `accent` is the spinner's frame; `key`, `string`, `number` and `literal` (true, false,
 * null) are JSON's on a terminal, as jq colours them; the rest colour cells, lines and headings.
 */
export type Style = 'ok' | 'error' | 'warn' | 'dim' | 'bold' | 'accent' | 'key' | 'string' | 'number' | 'literal';

/** What each style is in chalk's words. */
const LOOK = {
  ok: 'green',
  error: 'red',
  warn: 'yellow',
  dim: 'dim',
  bold: 'bold',
  accent: 'cyan',
  key: 'blue',
  string: 'green',
  number: 'cyan',
  literal: 'yellow',
} as const satisfies Record<Style, keyof ChalkInstance>;

let chalk: ChalkInstance | undefined;

/** Loads chalk for paint. Whoever turns colour on awaits it first: the session (run/session.ts). */
export async function loadPaint(): Promise<void> {
  chalk ??= new (await import('chalk')).Chalk({ level: 1 });
}

/** Wraps `text` in the style when colour is on; plain `text` when it is off, or with no style. */
export function paint(text: string, style: Style | undefined, ctx: Pick<RenderContext, 'color'>): string {
  if (!style || !ctx.color || !text) return text;
  if (!chalk) throw new Error('colour is on but chalk is not loaded: await loadPaint() first');
  return chalk[LOOK[style]](text);
}
