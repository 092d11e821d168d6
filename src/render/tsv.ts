/**
 * Piped output of a list: tab-separated lines, no header, full values (render/table.ts renderTsv),
 * written page by page as each arrives.
 */
import type { Writer } from '../base/io.js';
import type { RenderContext } from './context.js';
import { begun, type ListWriter, type PageOfItems } from './list-writer.js';
import { type Column, renderTsv } from './table.js';

export class TsvWriter<T> implements ListWriter<T> {
  private columns: readonly Column<T>[] | undefined;

  constructor(
    private readonly out: Writer,
    private readonly ctx: RenderContext,
  ) {}

  begin(columns?: readonly Column<T>[]): void {
    this.columns = columns;
  }

  async page(page: PageOfItems<T>): Promise<void> {
    await this.out.write(renderTsv(page.items(), begun(this.columns, 'TsvWriter'), this.ctx));
  }

  /** Nothing to close: an empty list is no lines. */
  async end(): Promise<void> {}
}
