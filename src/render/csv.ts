/**
 * CSV (RFC 4180): a header row, one row per item, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break. Rows carry the data columns (full hashes, ISO times, raw integers
 * beside scaled amounts) plus the CSV-only ones (names). Text from the chain that starts like a
 * spreadsheet formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading apostrophe so no spreadsheet
 * evaluates it; plain numbers such as `-1.5` are left alone. Control characters become visible.
 */
import type { Writer } from '../base/io.js';
import type { RenderContext } from './context.js';
import { safeText } from '../base/text/safe.js';
import { begun, type ListWriter, type PageOfItems } from './list-writer.js';
import { type Cell, type Column, csvColumns } from './table.js';

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

/** The CSV name of a column: its own, else its header in lower case with underscores. */
export function csvName<T>(c: Column<T>): string {
  return c.name ?? c.header.toLowerCase().replace(/\s+/g, '_');
}

/** The header row. */
export function csvHeader<T>(columns: readonly Column<T>[]): string {
  return csvColumns(columns).map((c) => csvField(csvName(c))).join(',') + '\r\n';
}

/** Rows for `items`. */
export function csvRows<T>(items: readonly T[], columns: readonly Column<T>[], ctx: RenderContext): string {
  const cols = csvColumns(columns);
  let s = '';
  for (const item of items) s += cols.map((c) => csvField(full(c.cell(item, ctx)))).join(',') + '\r\n';
  return s;
}

/**
 * CSV of a list, page by page: the header row goes out with the first page (an empty list is the
 * header alone), then each page's rows as one chunk.
 */
export class CsvWriter<T> implements ListWriter<T> {
  private columns: readonly Column<T>[] | undefined;
  private headed = false;

  constructor(
    private readonly out: Writer,
    private readonly ctx: RenderContext,
  ) {}

  begin(columns?: readonly Column<T>[]): void {
    this.columns = columns;
  }

  async page(page: PageOfItems<T>): Promise<void> {
    const columns = begun(this.columns, 'CsvWriter');
    const head = this.headed ? '' : csvHeader(columns);
    this.headed = true;
    await this.out.write(head + csvRows(page.items(), columns, this.ctx));
  }

  /** No page came: the header alone, so a reader still learns the columns. */
  async end(): Promise<void> {
    if (!this.headed) await this.out.write(csvHeader(begun(this.columns, 'CsvWriter')));
    this.headed = true;
  }
}
