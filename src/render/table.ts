/**
 * Tables (CONTRACT.md, Output): on a terminal aligned columns with a header; piped, tab-separated
 * lines with no header, no colour and no truncation, so `cut` and `while read` work (the gh
 * convention). Every cell is sanitised here, the one place text leaves for the terminal.
 */
import Table from 'cli-table3';
import type { RenderContext } from './context.js';
import { safeText } from './safe.js';

export type Style = 'ok' | 'error' | 'warn' | 'dim' | 'bold';

/** A cell: `full` piped, `short` (when given) on a terminal. */
export interface Cell {
  full: string;
  short?: string | undefined;
  style?: Style | undefined;
}

export interface Column<T> {
  header: string;
  cell(item: T, ctx: RenderContext): Cell | string | undefined;
  align?: 'left' | 'right';
}

const ANSI: Record<Style, [string, string]> = {
  ok: ['\u001b[32m', '\u001b[39m'],
  error: ['\u001b[31m', '\u001b[39m'],
  warn: ['\u001b[33m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

/** Wraps `text` in the colour of `style` when colour is on. */
export function paint(text: string, style: Style | undefined, ctx: RenderContext): string {
  if (!style || !ctx.color || !text) return text;
  const [open, close] = ANSI[style];
  return open + text + close;
}

function toCell(c: Cell | string | undefined): Cell {
  if (c === undefined) return { full: '' };
  return typeof c === 'string' ? { full: c } : c;
}

/** One piped line: tab-separated; tabs and newlines inside values become spaces. */
function tsvLine(cells: Cell[]): string {
  return cells.map((c) => safeText(c.full.replace(/[\t\r\n]+/g, ' '))).join('\t') + '\n';
}

/** Piped rows for `items` (no header), one line each. */
export function renderTsv<T>(items: readonly T[], columns: readonly Column<T>[], ctx: RenderContext): string {
  let s = '';
  for (const item of items) s += tsvLine(columns.map((c) => toCell(c.cell(item, ctx))));
  return s;
}

/** A terminal table with a header row, fitted to the width by the widest columns giving way. */
export function renderTable<T>(items: readonly T[], columns: readonly Column<T>[], ctx: RenderContext): string {
  const table = new Table({
    head: columns.map((c) => paint(c.header, 'bold', ctx)),
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '',
      right: '', 'right-mid': '', middle: '  ',
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colAligns: columns.map((c) => c.align ?? 'left'),
    wordWrap: false,
  });
  for (const item of items) {
    table.push(
      columns.map((c) => {
        const cell = toCell(c.cell(item, ctx));
        return paint(safeText((cell.short ?? cell.full).replace(/[\t\r\n]+/g, ' ')), cell.style, ctx);
      }),
    );
  }
  return table
    .toString()
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n') + '\n';
}

/** Key/value block for one object: labels aligned, values as given (already safe). */
export function renderKeyValue(rows: ReadonlyArray<readonly [string, string]>, ctx: RenderContext): string {
  const w = Math.max(0, ...rows.map(([k]) => k.length));
  return rows
    .filter(([, v]) => v !== '')
    .map(([k, v]) => (ctx.tty ? paint(k.padEnd(w), 'bold', ctx) + '  ' + v : `${k}\t${v}`))
    .join('\n') + '\n';
}
