/** NDJSON output of a list: one line per item, the server's text compacted, written page by page. */
import type { Writer } from '../base/io.js';
import type { RenderContext } from './context.js';
import { ndjsonLines, paintJson } from './json.js';
import type { ListWriter, PageOfItems } from './list-writer.js';

export class NdjsonWriter implements ListWriter<unknown> {
  constructor(
    private readonly out: Writer,
    private readonly ctx: Pick<RenderContext, 'color'> = { color: false },
  ) {}

  /** Nothing to do: NDJSON has no header and no brackets. */
  begin(): void {}

  /** The page's lines as one chunk; never decodes the items. */
  async page(page: PageOfItems<unknown>): Promise<void> {
    await this.out.write(await paintJson(ndjsonLines(page.rawItems, page.compact), this.ctx));
  }

  /** Nothing to close: an empty list is no lines. */
  async end(): Promise<void> {}
}
