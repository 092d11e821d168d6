/**
 * Key/value blocks, the view of one object (`tx show`, `block`, `address show`): on a terminal labels
 * aligned and values wrapped to the width; piped, `Label<TAB>field…` lines. Kept apart from the
 * tables (table.ts) so that a key/value view loads no table layout (cli-table3, string-width).
 */
import type { RenderContext } from './context.js';
import { paint, type Style } from './paint.js';
import { safeText } from '../base/text/safe.js';
import { displayWidth, pad } from './width.js';
import { widestWord, wrapLine } from './wrap.js';

/** What separates columns: of a table (table.ts), and a label from its value. */
export const GAP = '  ';

/** A value as one field of a piped line: safe, without tabs or line breaks. */
export function flat(s: string): string {
  return safeText(s.replace(/[\t\r\n]+/g, ' '));
}

/** A piece of a key/value line: text, coloured or not. Raw: renderKeyValue makes it safe. */
export type Span = string | { readonly text: string; readonly style?: Style | undefined };

/** One line of a key/value value: a span, or spans side by side. */
export type Line = Span | readonly Span[];

/** One labelled value of a key/value view. */
export interface KeyValueRow {
  label: string;
  /** Terminal: the value on one line; with `lines`, the first line. */
  value?: Line;
  /** Terminal: (more) lines of the value, each below the one before. */
  lines?: readonly Line[];
  /** Piped: one line per entry, the fields after the label; default one line holding `value`. */
  data?: string[][];
}

/**
 * A line for the terminal. Every piece goes through safeText here, the one place key/value text
 * leaves for the terminal, and is coloured after: chain text that a view forgot to sanitise still
 * arrives as visible stand-ins, and the only escapes out are our own colours. Line breaks and tabs
 * inside a piece are made visible too (a value's lines are separate Lines).
 */
function terminalLine(line: Line, ctx: RenderContext): string {
  const spans: readonly Span[] = Array.isArray(line) ? line : [line as Span];
  let s = '';
  for (const span of spans) s += typeof span === 'string' ? safeText(span) : paint(safeText(span.text), span.style, ctx);
  return s;
}

/** The plain text of a line (no colour, not yet safe), for piped output. */
function plainLine(line: Line): string {
  const spans: readonly Span[] = Array.isArray(line) ? line : [line as Span];
  return spans.map((span) => (typeof span === 'string' ? span : span.text)).join('');
}

/**
 * Key/value block for one object: on a terminal labels aligned and values wrapped to the width under
 * the value column (wrap.ts), piped `label<TAB>field…` lines.
 */
export function renderKeyValue(rows: readonly KeyValueRow[], ctx: RenderContext): string {
  if (!ctx.tty) {
    let s = '';
    for (const r of rows) {
      const entries = r.data ?? [[[r.value, ...(r.lines ?? [])].filter((l) => l !== undefined).map(plainLine).join(' ')]];
      if (!entries.some((d) => d.some((f) => f !== ''))) continue;
      for (const fields of entries) s += [r.label, ...fields].map(flat).join('\t') + '\n';
    }
    return s;
  }
  const shown = rows
    .map((r) => ({ label: r.label, lines: [r.value, ...(r.lines ?? [])].filter((l) => l !== undefined).map((l) => terminalLine(l, ctx)).filter((l) => l !== '') }))
    .filter((r) => r.lines.length > 0);
  const w = Math.max(0, ...shown.map((r) => displayWidth(r.label)));
  const indent = ' '.repeat(w + GAP.length);
  const room = ctx.width - indent.length;
  const row = (r: (typeof shown)[number]) => {
    // A value holding a word wider than the value column (a whole hash beside a long label) starts
    // on the line below its label, indented by the gap when the word still fits the width so.
    const widest = Math.max(...r.lines.map(widestWord));
    if (widest > room) {
      const own = widest + GAP.length <= ctx.width ? GAP : '';
      return paint(r.label, 'bold', ctx) + '\n' + r.lines.map((l) => wrapLine(l, ctx.width, own, own)).join('\n');
    }
    const label = paint(pad(r.label, w), 'bold', ctx) + GAP;
    return r.lines.map((l, i) => wrapLine(l, ctx.width, i === 0 ? label : indent, indent)).join('\n');
  };
  return shown.map(row).join('\n') + (shown.length ? '\n' : '');
}
