/**
 * JSON and NDJSON output: the server's items unchanged (docs/cli-contract.md, Output). Items arrive as
 * the server's exact text and are only re-spaced (indented on a terminal, compact when piped), with
 * characters unsafe on a terminal written as \uXXXX, which decodes to the same value. When the
 * output is coloured (a terminal, not NO_COLOR or --color never) keys, strings, numbers and
 * true/false/null are painted; piped, the text is left byte for byte.
 */
import type { Writer } from '../base/io.js';
import { escapeUnsafe, formatRaw } from '../base/json/lossless.js';
import type { RenderContext } from './context.js';
import type { ListWriter, PageOfItems } from './list-writer.js';

/**
 * JSON text as it is printed: coloured when colour is on (json-colour.ts, loaded only then, so piped
 * JSON never loads chalk), else unchanged byte for byte.
 */
export async function paintJson(text: string, ctx: Pick<RenderContext, 'color'>): Promise<string> {
  if (!ctx.color) return text;
  return (await import('./json-colour.js')).colourJson(text, ctx);
}

/** One JSON document: indented (2 spaces) or compact, ending in a newline. */
export function jsonDocument(raw: string, pretty: boolean): string {
  return formatRaw(raw, pretty ? 2 : 0) + '\n';
}

/** One item compact: already-compact text only needs its unsafe characters escaped. */
function compactItem(raw: string, compact: boolean): string {
  return compact ? escapeUnsafe(raw) : formatRaw(raw, 0);
}

/** NDJSON lines for a page of items, as one chunk. `compact`: the texts have no spacing to remove. */
export function ndjsonLines(rawItems: readonly string[], compact = false): string {
  if (compact) return rawItems.length ? rawItems.map(escapeUnsafe).join('\n') + '\n' : '';
  let s = '';
  for (const r of rawItems) s += formatRaw(r, 0) + '\n';
  return s;
}

/**
 * Streams a JSON array page by page: `[` before the first item, `]` at the end. Each item is the
 * server's text: compact text piped goes out as sent (only unsafe characters escaped), anything
 * else is re-spaced losslessly (big numbers, key order and duplicate keys kept).
 */
export class JsonArrayWriter implements ListWriter<unknown> {
  private count = 0;
  constructor(
    private readonly out: Writer,
    private readonly pretty: boolean,
    private readonly ctx: Pick<RenderContext, 'color'> = { color: false },
  ) {}

  /** Nothing to do: `[` goes out with the first item, so an empty list is `[]`. */
  begin(): void {}

  /** Writes a page of items as one chunk; never decodes them. */
  async page(page: PageOfItems<unknown>): Promise<void> {
    await this.write(page.rawItems, page.compact);
  }

  /** Writes a page of items as one chunk. */
  async write(rawItems: readonly string[], compact = false): Promise<void> {
    if (rawItems.length === 0) return;
    let s = '';
    for (const r of rawItems) {
      s += this.count === 0 ? '[' : ',';
      s += this.pretty ? '\n  ' + formatRaw(r, 2, 1) : compactItem(r, compact);
      this.count++;
    }
    await this.out.write(await paintJson(s, this.ctx));
  }

  /** Closes the array (an empty list prints `[]`). */
  async end(): Promise<void> {
    await this.out.write(this.count === 0 ? '[]\n' : this.pretty ? '\n]\n' : ']\n');
  }
}
