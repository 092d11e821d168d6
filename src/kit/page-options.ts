/** Parsing of the shared output and page flags into typed options, before any request. */
import type { Cursor, ReadCursor } from '../api/cursor.js';
import type { PaginateOptions } from '../api/paginate.js';
import { UsageError } from '../base/errors.js';
import type { TimeWindow } from '../base/time.js';
import type { JqLimits, JqProgram } from '../render/jq.js';
import { parsePositiveInt } from '../base/validate.js';
import { echo } from '../base/text/echo.js';

/** The output flags as given. */
export interface OutputFlags {
  json?: boolean;
  ndjson?: boolean;
  csv?: boolean;
}

/** The output and page flags of a list command as given. */
export interface PageFlags extends OutputFlags {
  all?: boolean;
  limit?: string | undefined;
  cursor?: string | undefined;
  /** `--jq <expr>`. */
  jq?: string | undefined;
  /** `--wide`. */
  wide?: boolean;
  /** `--columns <names>`, as given. */
  columns?: string | undefined;
}

export type OutputMode = 'table' | 'json' | 'ndjson' | 'csv';

/** The one output mode asked for; two at once is a usage error. */
export function outputMode(flags: OutputFlags): OutputMode {
  const chosen = (['json', 'ndjson', 'csv'] as const).filter((m) => flags[m]);
  if (chosen.length > 1) {
    throw new UsageError(`choose one output format: ${chosen.map((m) => '--' + m).join(' and ')} cannot be used together`);
  }
  return chosen[0] ?? 'table';
}

export interface PageOptions {
  mode: OutputMode;
  all: boolean;
  limit: number | undefined;
  cursor: Cursor | undefined;
  /** The --cursor as read, with the list that printed it when the token says (checkCursorOrigin). */
  cursorRead?: ReadCursor | undefined;
  /** `--jq`: the filter, compiled; the mode is then json (the array, or the document) or ndjson (each item). */
  jq?: JqProgram | undefined;
  /** `--wide`: terminal tables show every value whole. */
  wide?: boolean | undefined;
  /** `--columns`: the piped field names of the columns to print, in order (checked by checkColumns). */
  columns?: readonly string[] | undefined;
  /** `--since`/`--until` on a list whose items carry a time (window-options.ts). */
  window?: TimeWindow | undefined;
}

/**
 * Parses the page flags of a list command. The cursor decoder loads only for a --cursor, and jq
 * only for a --jq, whose expression is compiled here, before any request.
 */
export async function pageOptions(flags: PageFlags, jqLimits?: () => Promise<JqLimits>): Promise<PageOptions> {
  let mode = outputMode(flags);
  const limit = parsePositiveInt(flags.limit, '--limit');
  const cursorRead = flags.cursor === undefined ? undefined : (await import('../api/cursor.js')).readCursor(flags.cursor);
  let jq: JqProgram | undefined;
  if (flags.jq !== undefined) {
    if (mode === 'csv') throw new UsageError('--jq prints JSON values, not CSV: use --jq alone or with --ndjson');
    if (mode === 'table') mode = 'json';
    jq = await (await import('../render/jq.js')).JqProgram.compile(flags.jq, await jqLimits?.());
  }
  const columns = flags.columns === undefined ? undefined : parseColumns(flags.columns);
  return { mode, all: Boolean(flags.all), limit, cursor: cursorRead?.pairs, cursorRead, jq, wide: Boolean(flags.wide), columns };
}

/** `--columns a,b,c`: the names, spaces around them ignored; none at all is a usage error. */
function parseColumns(given: string): string[] {
  const names = given.split(',').map((n) => n.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError(`invalid --columns ${echo(given)}: expected field names, comma separated`);
  return names;
}

/** Each `--columns` name is one of the list's fields (`known`), else a usage error listing them. */
export function checkColumns(names: readonly string[] | undefined, known: readonly string[]): void {
  const unknown = names?.filter((n) => !known.includes(n)) ?? [];
  if (unknown.length === 0) return;
  const what = unknown.length === 1 ? 'column' : 'columns';
  throw new UsageError(`unknown ${what} ${unknown.map((n) => echo(n)).join(', ')} for --columns: expected ${known.join(', ')}`);
}

/** Whether a list goes on past its first page: with --all, or --limit however many pages it takes. */
export function pastFirstPage(opts: Partial<Pick<PageOptions, 'all' | 'limit'>>): boolean {
  return Boolean(opts.all) || opts.limit !== undefined;
}

/** What the paginator is asked for: from --cursor, one page, or as many as --all or --limit take. */
export function pagination(opts: PageOptions): PaginateOptions {
  return { cursor: opts.cursor, maxPages: pastFirstPage(opts) ? Infinity : 1, limit: opts.limit };
}
