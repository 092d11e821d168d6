/** One page of items as a terminal table with its header: what a list prints when it has one page. */
import type { RenderContext } from '../../src/render/context.js';
import { type Column, TerminalTable } from '../../src/render/table.js';

export function renderTable<T>(items: readonly T[], columns: readonly Column<T>[], ctx: RenderContext): string {
  return new TerminalTable(columns, ctx).page(items);
}
