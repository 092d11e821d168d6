/**
 * Printing lists and single objects in the chosen mode. Lists stream page by page: JSON arrays,
 * NDJSON lines, CSV rows, piped lines and terminal tables are written as each page arrives. A
 * terminal table takes its header and column widths from the first page and keeps them for the
 * rest (TerminalTable), so `--all` over thousands of items holds one page at a time and stays
 * aligned. While pages load, a spinner on stderr counts the items (progress.ts).
 */
import type { ListRequest, Page } from '../api/client.js';
import { type Cursor, encodeCursor } from '../api/cursor.js';
import { paginate } from '../api/paginate.js';
import { JsonArrayWriter, jsonDocument, ndjsonLines } from '../render/json.js';
import { isSafeText, safeText } from '../render/safe.js';
import type { Column, TerminalTable } from '../render/table.js';
import type { ListView } from '../render/views.js';
import { groupDigits } from '../render/units.js';
import type { PageOptions } from './page-options.js';
import { openProgress, type ProgressFactory } from './progress.js';
import type { ViewRef } from './view-ref.js';
import type { Session } from './session.js';

/** "1 item", "12,350 items". */
function items(n: number): string {
  return `${groupDigits(String(n))} ${n === 1 ? 'item' : 'items'}`;
}

/**
 * Quotes a word for a shell when it needs it (for the next-page hint). A word holding a control or
 * invisible character (typed into an option) is written in ANSI-C quoting, `$'a\x1b[2J'`, which
 * bash, zsh and ksh read back as the same word: the hint stays pasteable and nothing raw reaches
 * the terminal.
 */
function shellWord(w: string): string {
  if (/^[\w@%+=:,./-]+$/.test(w)) return w;
  if (isSafeText(w)) return `'${w.replace(/'/g, `'\\''`)}'`;
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const esc = (ch: string) => {
    if (ch === '\\' || ch === "'") return '\\' + ch;
    if (isSafeText(ch)) return ch;
    const cp = ch.codePointAt(0)!;
    return cp < 0x100 ? `\\x${hex(cp, 2)}` : cp <= 0xffff ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
  };
  return `$'${[...w].map(esc).join('')}'`;
}

/**
 * Items decoded for rendering. A schema mismatch is a warning on stderr, never lost data: the item
 * is still shown as well as the renderer can.
 */
function decode<T>(page: Page, view: ListView<T>, warned: { done: boolean }, s: Session): T[] {
  const values = page.items();
  if (!view.schema) return values as T[];
  return values.map((v) => {
    const r = view.schema!.safeParse(v);
    if (r.success) return r.data;
    if (!warned.done) {
      warned.done = true;
      const issue = r.error.issues[0];
      const where = safeText(`${issue?.path.join('.') || 'item'}: ${issue?.message ?? 'invalid'}`);
      void s.io.err.write(`scout: warning: an item has an unexpected shape (${where}); showing it as best we can\n`);
    }
    return v as T;
  });
}

/** Cells that throw (a shape nobody expected) show `?` instead of crashing the table. */
function guarded<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.map((c) => ({
    ...c,
    cell: (item, ctx) => {
      try {
        return c.cell(item, ctx);
      } catch {
        return '?';
      }
    },
  }));
}

/** The view and the drawers for tables and CSV, loaded together when one is printed. */
async function loadRows<T>(viewRef: ViewRef<T>) {
  const [view, csv, tables] = await Promise.all([viewRef(), import('../render/csv.js'), import('../render/table.js')]);
  return { view, csv, tables };
}

/** What printList needs besides the session; tests replace the spinner. */
export interface PrintDeps {
  progress?: ProgressFactory;
}

/**
 * Fetches and prints a list according to the page options. `hintArgs` are the command's words for
 * the next-page hint; null for a command that takes no --cursor, which gets no hint it could not use.
 */
export async function printList<T>(
  s: Session,
  req: ListRequest<T>,
  viewRef: ViewRef<T>,
  opts: PageOptions,
  fetchPage: (req: ListRequest<T>, cursor: Cursor | null) => Promise<Page<T>>,
  hintArgs: readonly string[] | null,
  deps: PrintDeps = {},
): Promise<void> {
  const { io } = s;
  const limit = opts.limit ?? Infinity;
  const maxPages = opts.all || opts.limit !== undefined ? Infinity : 1;
  const json = opts.mode === 'json' ? new JsonArrayWriter(io.out, io.stdoutIsTTY) : undefined;
  const warned = { done: false };
  const label = s.commandPath.join(' ');
  let columns: readonly Column<T>[] | undefined;
  let table: TerminalTable<T> | undefined;
  let printed = 0;
  let pages = 0;
  let next: Cursor | null = null;
  let cutMidPage = false;
  // Tables and CSV only: the view (schemas, columns) and the drawers load here, never for JSON.
  const rows = opts.mode === 'table' || opts.mode === 'csv' ? await loadRows(viewRef) : undefined;

  const progress = await (deps.progress ?? openProgress)(io, opts.mode, `${label} · loading`);
  try {
    for await (const page of paginate(fetchPage, req, { cursor: opts.cursor, maxPages, limit })) {
      let raws = page.rawItems;
      if (printed + raws.length > limit) {
        raws = raws.slice(0, limit - printed);
        cutMidPage = true;
      }
      printed += raws.length;
      pages++;
      next = page.next;
      if (opts.mode === 'json') await json!.write(raws, page.compact);
      else if (opts.mode === 'ndjson') await io.out.write(ndjsonLines(raws, page.compact));
      else if (rows) {
        const { view, csv, tables } = rows;
        const items = decode(page, view, warned, s).slice(0, raws.length);
        columns ??= guarded(typeof view.columns === 'function' ? view.columns(items) : view.columns);
        if (opts.mode === 'csv') {
          await io.out.write((printed === raws.length ? csv.csvHeader(columns) : '') + csv.csvRows(items, columns, s.render));
        } else if (s.render.tty) {
          table ??= new tables.TerminalTable(columns, s.render);
          const more = page.next !== null && printed < limit && maxPages > pages;
          if (items.length > 0) await io.out.write(table.page(items, more));
        } else await io.out.write(tables.renderTsv(items, columns, s.render));
      }
      if (printed >= limit) break;
      progress.update(`${label} · ${items(printed)} · page ${pages}`);
    }
  } finally {
    progress.stop();
  }

  if (json) await json.end();
  if (rows && opts.mode === 'csv' && printed === 0 && columns === undefined) {
    const cols = typeof rows.view.columns === 'function' ? rows.view.columns([]) : rows.view.columns;
    await io.out.write(rows.csv.csvHeader(cols));
  }
  if (opts.mode === 'table' && s.render.tty && printed === 0) await io.err.write('no items\n');
  // Offer the way on when more exist and the next page starts exactly where we stopped.
  if (next && hintArgs === null) {
    // Never silently dropped: the server says there is more than this command can fetch.
    await io.err.write(`scout: warning: the server offers a next page, which scout ${label} cannot fetch; showing the first\n`);
  } else if (next && hintArgs && !opts.all && !cutMidPage) await nextPageHint(s, next, hintArgs, printed);
}

/** The stderr hint that resumes a list: `… next page: scout <same command> --cursor <token>`. */
export async function nextPageHint(s: Session, next: Cursor, hintArgs: readonly string[], printed?: number): Promise<void> {
  const words = ['scout', ...s.commandPath, ...hintArgs, '--cursor', encodeCursor(next)].map(shellWord);
  const count = printed === undefined ? 'more items exist' : `${items(printed)}; more exist`;
  await s.io.err.write(`${count}. next page: ${words.join(' ')}\n`);
}

/** Prints one JSON document (an object, or a trace) in the chosen mode. */
export async function printDocument(s: Session, raw: string, mode: 'json' | 'ndjson'): Promise<void> {
  await s.io.out.write(jsonDocument(raw, mode === 'json' && s.io.stdoutIsTTY));
}
