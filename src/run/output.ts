/**
 * Printing lists and single objects in the chosen mode. A list comes from a source of pages (the
 * paginator, or one page) and streams page by page through the writer of its mode (render/: the
 * JSON array, NDJSON, CSV, piped lines, the terminal table), so `--all` over thousands of items
 * holds one page at a time. While pages load, a spinner on stderr counts the items (progress.ts).
 * What the list leaves (the next cursor, the count) goes to the next-page hint.
 */
import type { ItemSink, JsonDocument, Page } from '../api/client.js';
import { type Cursor, encodeCursorFor } from '../api/cursor.js';
import { MAX_CURSOR_BYTES, oversizeCursor } from '../api/paginate.js';
import { JsonArrayWriter, jsonDocument, paintJson } from '../render/json.js';
import { StringDecoder } from 'node:string_decoder';
import { escapeUnsafe } from '../base/json/lossless.js';
import { InterruptedError } from '../base/errors.js';
import { formatSize } from '../base/validate.js';
import type { ListWriter } from '../render/list-writer.js';
import { NdjsonWriter } from '../render/ndjson.js';
import { isSafeText, safeText } from '../base/text/safe.js';
import type { Column } from '../render/table.js';
import type { ListView } from '../render/views.js';
import { groupDigits } from '../render/units.js';
import { type OutputMode, type PageOptions, pastFirstPage } from '../kit/page-options.js';
import { openProgress, type ProgressFactory } from './progress.js';
import type { ViewRef } from '../kit/view-ref.js';
import type { CommandLine, HintWord } from '../kit/invocation.js';
import type { Session } from './session.js';
import { checkShape } from '../api/shape.js';

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
function shellWord(word: HintWord): string {
  if (typeof word !== 'string') return word.shell;
  const w = word;
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

/** A command line as a hint prints it: each word quoted for a shell where it needs it. */
export function commandText(words: readonly HintWord[]): string {
  return words.map(shellWord).join(' ');
}

/**
 * The most items of one page decoded and drawn in one synchronous step (explorers send 50): a bigger
 * page goes to its writer in parts of this many, with a turn of the event loop between them.
 */
export const ROWS_AT_ONCE = 1000;

/**
 * Items for rendering, checked against their view's shape until one departs from it: that is a
 * warning on stderr (once a run), never lost data: the item is still shown as well as the renderer can.
 */
function decode<T>(values: readonly unknown[], view: ListView<T>, warned: { done: boolean }, s: Session): T[] {
  for (const v of values) {
    const issue = view.shape && !warned.done ? checkShape(view.shape, v) : undefined;
    if (!issue) continue;
    warned.done = true;
    const where = safeText(`${issue.path.join('.') || 'item'}: ${issue.message}`);
    void s.io.err.write(`scout: warning: an item has an unexpected shape (${where}); showing it as best we can\n`);
  }
  return values as T[];
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

/** The view's columns for a list whose first page holds `sample`; with `--columns`, those named, for where they print. */
function viewColumns<T>(view: ListView<T>, sample: readonly T[], chosen: Chosen | undefined): Column<T>[] {
  const all = guarded(typeof view.columns === 'function' ? view.columns(sample) : view.columns);
  return chosen ? chosen.pick(all, chosen.names, chosen.where) : all;
}

/** `--columns` and where the rows print (a terminal, piped lines, CSV), with the picker loaded. */
interface Chosen {
  names: readonly string[];
  where: 'tty' | 'data' | 'csv';
  pick: typeof import('../render/table.js').chosenColumns;
}

/**
 * The writer of one output mode, and the view it draws rows with. Tables and CSV load the view
 * (schemas, columns) and their drawer here; JSON and NDJSON load neither and never decode.
 */
async function openWriter<T>(s: Session, mode: OutputMode, viewRef: ViewRef<T>, empty?: ListOptions['empty']): Promise<{ writer: ListWriter<T>; view?: ListView<T> }> {
  const { io, render } = s;
  if (mode === 'json' || mode === 'ndjson') return { writer: jsonWriter(s, mode) };
  if (mode === 'csv') {
    const [view, { CsvWriter }] = await Promise.all([viewRef(), import('../render/csv.js')]);
    return { view, writer: new CsvWriter<T>(io.out, render) };
  }
  if (render.tty) {
    const [view, { TableWriter }] = await Promise.all([viewRef(), import('../render/table-writer.js')]);
    return { view, writer: new TableWriter<T>(io.out, io.err, render, empty) };
  }
  const [view, { TsvWriter }] = await Promise.all([viewRef(), import('../render/tsv.js')]);
  return { view, writer: new TsvWriter<T>(io.out, render) };
}

/** The writer of JSON or NDJSON items, or of what --jq makes of them. */
function jsonWriter(s: Pick<Session, 'io' | 'jq' | 'render'>, mode: 'json' | 'ndjson'): ListWriter<unknown> {
  if (s.jq) return s.jq.listWriter(s.io, mode === 'ndjson');
  return mode === 'json' ? new JsonArrayWriter(s.io.out, s.io.stdoutIsTTY, s.render) : new NdjsonWriter(s.io.out, s.render);
}

/** Items already in hand (the wrapped objects of `--chains`) as a list prints them in JSON or NDJSON. */
export async function printItems(s: Pick<Session, 'io' | 'jq' | 'render'>, mode: 'json' | 'ndjson', rawItems: readonly string[]): Promise<void> {
  const writer = jsonWriter(s, mode);
  writer.begin(undefined);
  // JSON writers never decode: they print the items' text.
  await writer.page({ rawItems, compact: false, items: () => rawItems.map((r) => JSON.parse(r) as unknown) }, false);
  await writer.end();
}

/**
 * A list's pages, made for a sink or none: given one, a big page's items go to it while the page
 * still arrives (JSON and NDJSON take it; row writers want whole pages and get none).
 */
export type PageSource<T> = (sink: ItemSink | undefined) => AsyncIterable<Page<T>>;

/** What printList needs besides the session; tests replace the spinner. */
export interface PrintDeps {
  progress?: ProgressFactory;
}

/** The options printList reads: the mode, and how far the list goes (see pastFirstPage). */
export type ListOptions = Pick<PageOptions, 'mode'> & Partial<Pick<PageOptions, 'all' | 'limit' | 'wide' | 'columns'>> & {
  /**
   * What a terminal is told of a list with no items (default "no items"); a function is asked once
   * the list has ended, and says nothing when it gives undefined.
   */
  empty?: string | (() => string | undefined) | undefined;
  /** The address the list is of: its table shows DIR and the other party (RenderContext.subject). */
  subject?: string | undefined;
};

/** What a printed list leaves for the next-page hint. */
export interface Printed {
  /** Items printed. */
  count: number;
  /** The cursor of the page after the last one printed; null when it was the last. */
  next: Cursor | null;
  /** `--limit` cut the last page short: the next page does not start where the output stopped. */
  cutMidPage: boolean;
}

/**
 * Prints a list from a source of pages (`paginate(...)`, or one page) in the chosen mode, each page
 * as it arrives, up to `--limit` items: a page that would pass it is cut, and no further page is
 * asked for. While pages load, a spinner on stderr counts the items; it is stopped before this
 * returns or throws. Returns what offerNextPage needs.
 */
export async function printList<T>(
  s: Session,
  source: AsyncIterable<Page<T>> | PageSource<T>,
  viewRef: ViewRef<T>,
  opts: ListOptions,
  deps: PrintDeps = {},
): Promise<Printed> {
  const limit = opts.limit ?? Infinity;
  const goesOn = pastFirstPage(opts);
  // What this list's table knows beyond the session: whole values (--wide), the address it is of.
  if (opts.wide || opts.subject !== undefined) {
    // The session's clock stays live: --watch moves it on at every poll (watch.ts).
    const base = s.render;
    s = { ...s, render: { ...base, wide: opts.wide, subject: opts.subject, get now() { return base.now; } } };
  }
  const { writer, view } = await openWriter(s, opts.mode, viewRef, opts.empty);
  const chosen: Chosen | undefined =
    opts.columns && view
      ? { names: opts.columns, where: opts.mode === 'csv' ? 'csv' : s.render.tty ? 'tty' : 'data', pick: (await import('../render/table.js')).chosenColumns }
      : undefined;
  const warned = { done: false };
  const label = s.commandPath.join(' ');
  const printed: Printed = { count: 0, next: null, cutMidPage: false };
  let begun = false;
  let n = 0;

  // Piped, only --all shows progress (on a terminal's stderr): a list of a few pages is soon done.
  const progress = await (deps.progress ?? openProgress)(s.io, opts.mode, `${label} · loading`, s.render.color, { waits: s.waits, long: Boolean(opts.all) });
  // Items of a big page as they arrive (JSON and NDJSON only: they never decode or lay out rows).
  const sink: ItemSink | undefined =
    opts.mode === 'json' || opts.mode === 'ndjson'
      ? async (raws, compact) => {
          if (printed.count + raws.length > limit) {
            raws = raws.slice(0, Math.max(limit - printed.count, 0));
            printed.cutMidPage = true;
          }
          if (raws.length === 0) return;
          printed.count += raws.length;
          if (!begun) writer.begin(undefined);
          begun = true;
          await writer.page({ rawItems: raws, compact, items: () => raws.map((r) => JSON.parse(r) as T) }, true);
          progress.update(`${label} · ${items(printed.count)} · page ${n + 1}`);
        }
      : undefined;
  const pages = typeof source === 'function' ? source(sink) : source;
  try {
    for await (const page of pages) {
      let raws = page.rawItems;
      if (printed.count + raws.length > limit) {
        raws = raws.slice(0, Math.max(limit - printed.count, 0));
        printed.cutMidPage = true;
      }
      printed.count += raws.length;
      printed.next = page.next;
      n++;
      const more = page.next !== null && printed.count < limit && goesOn;
      // Decoded only when a writer of rows asks, once per part. A page bigger than any explorer's
      // own goes in parts of ROWS_AT_ONCE, so Ctrl-C is heard between them instead of after seconds
      // of synchronous work.
      const whole = raws.length <= ROWS_AT_ONCE;
      for (let at = 0; at === 0 || at < raws.length; at += ROWS_AT_ONCE) {
        const part = whole ? raws : raws.slice(at, at + ROWS_AT_ONCE);
        const values = (): unknown[] => (whole ? page.items() : part.map((r) => JSON.parse(r) as unknown));
        let decoded: T[] | undefined;
        const decodedItems = () => (decoded ??= (view ? decode(values(), view, warned, s) : (values() as T[])).slice(0, part.length));
        if (!begun) writer.begin(view && viewColumns(view, decodedItems(), chosen), view?.layout?.());
        begun = true;
        const last = at + ROWS_AT_ONCE >= raws.length;
        await writer.page({ rawItems: part, compact: page.compact, items: decodedItems }, more || !last);
        if (!last) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (s.http.stopped) throw new InterruptedError('interrupted');
        }
      }
      if (printed.count >= limit) break;
      progress.update(`${label} · ${items(printed.count)} · page ${n}`);
    }
  } finally {
    progress.stop();
  }
  if (!begun) writer.begin(view && viewColumns(view, [], chosen));
  await writer.end();
  return printed;
}

/** What a next-page hint needs: the user's command line and the path of the list it resumes. */
export interface Resume {
  readonly line: CommandLine;
  readonly path: string;
}

/**
 * After a list: offers the way on when more exist and the next page starts exactly where the output
 * stopped (not after `--all`, not after a `--limit` that cut a page). `resume` is null for a command
 * that takes no --cursor, which gets a warning instead of a hint it could not use.
 */
export async function offerNextPage(s: Session, printed: Printed, opts: ListOptions, resume: Resume | null): Promise<void> {
  if (!printed.next) return;
  if (resume === null) {
    // Never silently dropped: the server says there is more than this command can fetch.
    const label = s.commandPath.join(' ');
    await s.io.err.write(`scout: warning: the server offers a next page, which scout ${label} cannot fetch; showing the first\n`);
  } else if (!opts.all && !printed.cutMidPage) await nextPageHint(s, printed.next, resume, printed.count);
}

/**
 * The stderr hint that resumes a list: `… next page: scout <the same command line> --cursor <token>`.
 * The token names the list it resumes, so given to another command it is refused before a request.
 */
export async function nextPageHint(s: Session, cursor: Cursor, resume: Resume, printed?: number): Promise<void> {
  const count = printed === undefined ? 'more items exist' : `${items(printed)}; more exist`;
  // A cursor no explorer sends (a hostile one may send megabytes) is not repeated on stderr.
  const bytes = oversizeCursor(cursor);
  if (bytes !== undefined) {
    await s.io.err.write(`${count}, but the server's next_page_params is ${formatSize(bytes)}, more than a cursor may be (${formatSize(MAX_CURSOR_BYTES)}): no next-page hint\n`);
    return;
  }
  const token = encodeCursorFor(cursor, { command: s.commandPath.join(' '), path: resume.path });
  const words = ['scout', ...resume.line.head, '--cursor', token, ...resume.line.tail].map(shellWord);
  await s.io.err.write(`${count}. next page: ${words.join(' ')}\n`);
}

/**
 * Prints one JSON document (an object, or a trace) in the chosen mode, or what --jq makes of it.
 * A document getJson found compact (no whitespace outside strings) and that goes out compact is
 * printed as it came, piece by piece with only unsafe characters escaped: a big body is neither
 * re-spaced nor joined into one string to print it.
 */
export async function printDocument(s: Session, doc: string | JsonDocument, mode: 'json' | 'ndjson'): Promise<void> {
  const pretty = mode === 'json' && s.io.stdoutIsTTY;
  if (typeof doc !== 'string' && doc.compact && !pretty && !s.jq && !s.render.color) {
    const out = s.io.out;
    if (doc.plain && out.writeBytes) {
      // Valid UTF-8 with nothing to escape: the bytes that came, less the whitespace around them.
      for (const bytes of trimmedBytes(doc.chunks)) await out.writeBytes(bytes);
      return out.write('\n');
    }
    if (doc.validUtf8) {
      for (const piece of compactPieces(doc.chunks)) await out.write(escapeUnsafe(piece));
      return out.write('\n');
    }
    // Bytes that are not UTF-8 are replaced as the whole text decodes them.
    return out.write(escapeUnsafe(doc.text.trim()) + '\n');
  }
  const raw = typeof doc === 'string' ? doc : doc.text;
  if (s.jq) return s.jq.apply(raw, s.io);
  await s.io.out.write(await paintJson(jsonDocument(raw, pretty), s.render));
}

const isJsonWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The chunks without the whitespace (or BOM) before and after the value. */
function* trimmedBytes(chunks: readonly Buffer[]): Generator<Buffer> {
  let first = 0;
  let from = 0;
  // Skip what comes before the value: whitespace, and a BOM at the very start.
  if (chunks[0] && chunks[0].length > 2 && chunks[0][0] === 0xef && chunks[0][1] === 0xbb && chunks[0][2] === 0xbf) from = 3;
  for (; first < chunks.length; first++, from = 0) {
    const c = chunks[first]!;
    while (from < c.length && isJsonWs(c[from]!)) from++;
    if (from < c.length) break;
  }
  let last = chunks.length - 1;
  let to = 0;
  for (; last >= first; last--) {
    const c = chunks[last]!;
    to = c.length;
    while (to > (last === first ? from : 0) && isJsonWs(c[to - 1]!)) to--;
    if (to > (last === first ? from : 0)) break;
  }
  // Chunk by chunk: joining them first would only copy the bytes once more.
  for (let i = first; i <= last; i++) yield chunks[i]!.subarray(i === first ? from : 0, i === last ? to : undefined);
}

/**
 * A compact document's text from its bytes, in pieces of about 1 MiB (a character split between
 * chunks is kept whole), without the whitespace (or BOM) before and after the value.
 */
function* compactPieces(chunks: readonly Buffer[]): Generator<string> {
  const decoder = new StringDecoder('utf8');
  let group: Buffer[] = [];
  let size = 0;
  let started = false;
  // Whitespace at the end of a piece: printed only if more of the value follows it.
  let pending = '';
  function* flush(text: string): Generator<string> {
    if (!started) {
      text = text.trimStart();
      if (!text) return;
      started = true;
    }
    let end = text.length;
    while (end > 0 && isJsonWs(text.charCodeAt(end - 1))) end--;
    if (end === 0) {
      pending += text;
      return;
    }
    yield pending + text.slice(0, end);
    pending = text.slice(end);
  }
  for (const chunk of chunks) {
    group.push(chunk);
    size += chunk.length;
    if (size >= 1 << 20) {
      yield* flush(decoder.write(group.length === 1 ? group[0]! : Buffer.concat(group, size)));
      group = [];
      size = 0;
    }
  }
  yield* flush(decoder.write(Buffer.concat(group, size)) + decoder.end());
}
