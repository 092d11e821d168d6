/**
 * The one interface of a list's output modes: the JSON array, NDJSON lines, CSV, piped lines and
 * the terminal table are each a writer told the columns once, then each page as it arrives, then
 * the end. A writer keeps at most the page in hand, so `--all` over any number of pages holds one
 * page at a time. Writers never fetch: the printer (run/output.ts) drives them from a source
 * of pages.
 */
import type { Column } from './table.js';

/** One page as a writer gets it: the items to print of it (`--limit` may have cut it short). */
export interface PageOfItems<T> {
  /** Each item's exact JSON text as the server sent it. */
  readonly rawItems: readonly string[];
  /** The texts hold no whitespace outside strings: compact output needs no re-spacing. */
  readonly compact?: boolean | undefined;
  /** The same items decoded for rendering; only writers of rows call it (JSON never decodes). */
  items(): readonly T[];
}

/** Writes one output mode of a list. */
export interface ListWriter<T> {
  /**
   * Before the first page: the columns rows are drawn with (JSON and NDJSON need none), and rows a
   * terminal table decides its widths from besides the first page's (ListView.layout).
   */
  begin(columns?: readonly Column<T>[], layout?: readonly T[]): void;
  /** One page, written as it arrives; `more`: further pages will follow this one. */
  page(page: PageOfItems<T>, more: boolean): Promise<void>;
  /** After the last page: closes the output (`]`, an empty list's CSV header, "no items"). */
  end(): Promise<void>;
}

/** The columns a row writer was begun with; a writer of rows cannot draw without them. */
export function begun<T>(columns: readonly Column<T>[] | undefined, writer: string): readonly Column<T>[] {
  if (!columns) throw new Error(`${writer}: page() before begin(columns)`);
  return columns;
}
