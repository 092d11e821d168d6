/**
 * A list as a table on a terminal, page by page: the first page that has items sets the header and
 * the column widths (TerminalTable), or the rows the view says will come (`--chains`: every chain's
 * first page), and later pages keep them, so the columns stay aligned down the whole list. A list with no items at all says so on stderr, leaving stdout empty.
 */
import type { Writer } from '../base/io.js';
import type { RenderContext } from './context.js';
import { begun, type ListWriter, type PageOfItems } from './list-writer.js';
import { type Column, TerminalTable } from './table.js';

export class TableWriter<T> implements ListWriter<T> {
  private table: TerminalTable<T> | undefined;
  private rows = 0;

  constructor(
    private readonly out: Writer,
    private readonly err: Writer,
    private readonly ctx: RenderContext,
    /** What stderr says of a list with no items; asked at the end, nothing said when it gives undefined. */
    private readonly empty: string | (() => string | undefined) = 'no items',
  ) {}

  begin(columns?: readonly Column<T>[], layout?: readonly T[]): void {
    this.table = new TerminalTable(begun(columns, 'TableWriter'), this.ctx);
    if (layout) this.table.plan(layout);
  }

  /** Later pages keep the first page's widths, so whether more follow (the second argument) changes nothing here. */
  async page(page: PageOfItems<T>, _more?: boolean): Promise<void> {
    const table = this.table;
    if (!table) throw new Error('TableWriter: page() before begin(columns)');
    const items = page.items();
    // An empty page draws nothing, not even the header: the first page with items sets the widths.
    if (items.length === 0) return;
    this.rows += items.length;
    await this.out.write(table.page(items));
  }

  async end(): Promise<void> {
    if (this.rows > 0) return;
    const said = typeof this.empty === 'string' ? this.empty : this.empty();
    if (said !== undefined) await this.err.write(`${said}\n`);
  }
}
