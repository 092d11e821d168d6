/**
 * CSV (RFC 4180): a header row, one row per item, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break. Text from the chain that starts like a spreadsheet formula (`=`, `+`,
 * `-`, `@`, tab, CR) gets a leading apostrophe so no spreadsheet evaluates it; plain numbers such as
 * `-1.5` are left alone.
 */
import type { RenderContext } from './context.js';
import { safeText } from './safe.js';
import type { Cell, Column } from './table.js';

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV field, sanitised, formula-neutralised and quoted as needed. */
export function csvField(value: string): string {
  let v = safeText(value);
  if (/^[=+\-@\t\r]/.test(v) && !NUMBER.test(v)) v = "'" + v;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function full(c: Cell | string | undefined): string {
  return c === undefined ? '' : typeof c === 'string' ? c : c.full;
}

/** The header row. */
export function csvHeader<T>(columns: readonly Column<T>[]): string {
  return columns.map((c) => csvField(c.header.toLowerCase().replace(/\s+/g, '_'))).join(',') + '\r\n';
}

/** Rows for `items`. */
export function csvRows<T>(items: readonly T[], columns: readonly Column<T>[], ctx: RenderContext): string {
  let s = '';
  for (const item of items) {
    s += columns.map((c) => csvField(full(c.cell(item, ctx)))).join(',') + '\r\n';
  }
  return s;
}
