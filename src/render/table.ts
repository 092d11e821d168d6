/**
 * Tables (docs/cli-contract.md, Output). On a terminal: a header, aligned columns fitted to the width,
 * never wider: the widest columns give way first (amounts and short hashes never do), and when even
 * that is not enough the least needed columns are left out (Column.drop); spare width shows whole
 * hashes and addresses (Cell.wide). Colour. Piped: tab-separated lines with no header, no colour and no
 * truncation, full values (the gh convention), so `cut` and `while read` work. Every cell of a table or
 * piped line is made safe here.
 */
import Table from 'cli-table3';
import stringWidth from 'string-width';
import type { RenderContext } from './context.js';
import { paint, type Style } from './paint.js';
import { safeText } from '../base/text/safe.js';
import { displayWidth, truncate } from './width.js';
import { flat, GAP } from './key-value.js';

export { paint, type Style };

/** A cell: `full` piped and in CSV, `short` (when given) on a terminal. */
export interface Cell {
  full: string;
  short?: string | undefined;
  /** Terminal: a longer form (a whole hash or address) shown when every cell of its column fits whole in the spare width. */
  wide?: string | undefined;
  style?: Style | undefined;
  /** Terminal: `short` fitted into `width` columns when plain cutting would lose the point (an address beside its name). */
  fit?: ((width: number) => string) | undefined;
  /** Terminal: the narrowest `fit` can make this cell (an amount's integer part and unit). */
  minWidth?: number | undefined;
}

export interface Column<T> {
  /** Terminal header. */
  header: string;
  /** CSV header; default: the terminal header in lower case, spaces as underscores. */
  name?: string;
  cell(item: T, ctx: RenderContext): Cell | string | undefined;
  align?: 'left' | 'right';
  /** Where the column appears: 'tty' on a terminal only, 'data' piped and in CSV, 'csv' in CSV only; default everywhere. */
  show?: 'tty' | 'data' | 'csv';
  /** Terminal: never cut this column (short hashes, ages, statuses). */
  fixed?: boolean;
  /**
   * Terminal: give way before the other columns do (a method name). An amount never gives way below
   * its cells' minWidth: every digit shown (amountCell).
   */
  yieldsFirst?: boolean;
  /** Terminal: the narrowest this column gives way to (default 10). */
  min?: number;
  /** Terminal: leave the column out when it is empty on the first page (a field older servers do not send). */
  optional?: boolean;
  /**
   * Terminal: when the columns cannot all fit the width even at their narrowest, the columns with a
   * rank are left out, the lowest rank first (a method name or an age before hashes and amounts).
   * Columns without one always stay. Piped and CSV output keep every column.
   */
  drop?: number;
  /**
   * Terminal: shown only for the list of one address (RenderContext.subject: DIR and the other party),
   * or only for any other list (FROM and TO).
   */
  subject?: 'with' | 'without';
  /** `--columns` keeps the column whatever names it is given (the chain of `--chains`). */
  keep?: boolean;
  /** A time (AGE): headed `TIME (UTC)` when times are absolute (`--time absolute`). */
  time?: boolean;
}

function toCell(c: Cell | string | undefined): Cell {
  if (c === undefined) return { full: '' };
  return typeof c === 'string' ? { full: c } : c;
}

/** The columns shown on a terminal, for the list of one address or not (`ctx.subject`). */
export function ttyColumns<T>(columns: readonly Column<T>[], ctx?: Pick<RenderContext, 'subject' | 'time'>): Column<T>[] {
  const scoped = ctx?.subject !== undefined;
  return columns
    .filter((c) => (c.show === undefined || c.show === 'tty') && (c.subject === undefined || (c.subject === 'with') === scoped))
    .map((c) => (c.time && ctx?.time === 'absolute' ? { ...c, header: 'TIME (UTC)' } : c));
}

/**
 * `--columns`: the columns named (piped and CSV names), in the order given, for output `where`. A
 * terminal shows a column's terminal form when it has one (AGE for `timestamp`), else its data form
 * (`block`); a named column is never left out for room. Columns marked `keep` (the chain of
 * `--chains`) stay in front.
 */
export function chosenColumns<T>(columns: readonly Column<T>[], names: readonly string[], where: 'tty' | 'data' | 'csv'): Column<T>[] {
  const nameOf = (c: Column<T>) => c.name ?? c.header.toLowerCase().replace(/ /g, '_');
  const shows = (c: Column<T>, w: 'tty' | 'data' | 'csv') => (w === 'tty' ? ttyColumns([c]) : w === 'data' ? pipeColumns([c]) : csvColumns([c])).length > 0;
  const picked = names.flatMap((n) => {
    const own = columns.find((c) => nameOf(c) === n && c.subject !== 'with' && shows(c, where));
    const data = where === 'tty' ? columns.find((c) => nameOf(c) === n && shows(c, 'data')) : undefined;
    const c = own ?? data;
    return c ? [{ ...c, show: undefined, subject: undefined, drop: undefined, optional: undefined }] : [];
  });
  return [...columns.filter((c) => c.keep), ...picked];
}

/** The columns of piped lines. */
export function pipeColumns<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.filter((c) => c.show === undefined || c.show === 'data');
}

/** The columns of CSV. */
export function csvColumns<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.filter((c) => c.show !== 'tty');
}

/** Piped rows for `items` (no header), one line each, fields in the order of the data columns. */
export function renderTsv<T>(items: readonly T[], columns: readonly Column<T>[], ctx: RenderContext): string {
  const cols = pipeColumns(columns);
  let s = '';
  for (const item of items) s += cols.map((c) => flat(toCell(c.cell(item, ctx)).full)).join('\t') + '\n';
  return s;
}

/**
 * Column widths for `natural` widths in `total` columns. When they do not fit, the columns of tier 1
 * give way first, then those of tier 2 (tier 0 never does): within a tier every column is capped at
 * one level, as high as fits (the widest give way first), never below its minimum. What still does
 * not fit overflows (the terminal wraps) rather than lose an address or a digit before the point.
 */
export function fitWidths(natural: readonly number[], mins: readonly number[], tiers: readonly number[], total: number): number[] {
  const avail = total - GAP.length * Math.max(0, natural.length - 1);
  const sum = (ws: readonly number[]) => ws.reduce((a, b) => a + b, 0);
  let widths = [...natural];
  for (const tier of [1, 2]) {
    if (sum(widths) <= avail) break;
    const base = widths;
    const at = (cap: number) => base.map((n, i) => (tiers[i] === tier ? Math.min(n, Math.max(mins[i] ?? 0, cap)) : n));
    let lo = 0;
    let hi = Math.max(0, ...base);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (sum(at(mid)) <= avail) lo = mid;
      else hi = mid - 1;
    }
    widths = at(lo);
    // Hand out what the cap left over, one column of this tier at a time, left to right.
    let spare = avail - sum(widths);
    for (let i = 0; i < widths.length && spare > 0; i++) {
      const grow = Math.min(spare, (base[i] ?? 0) - (widths[i] ?? 0));
      if (grow > 0 && tiers[i] === tier) {
        widths[i] = (widths[i] ?? 0) + grow;
        spare -= grow;
      }
    }
  }
  return widths;
}

interface Shown {
  text: string;
  wide?: string | undefined;
  style: Style | undefined;
  fit: ((width: number) => string) | undefined;
  min?: number | undefined;
}

/** A cell as the terminal shows it: made safe, on one line. */
function shownCell(cell: Cell): Shown {
  return {
    text: flat(cell.short ?? cell.full),
    wide: cell.wide === undefined ? undefined : flat(cell.wide),
    style: cell.style,
    fit: cell.fit,
    min: cell.minWidth,
  };
}

/** A cell's text in `w` columns: its wide form (in a `wide` column), as it is, its own narrower form, or cut with `…`. */
function fitText(cell: Shown | undefined, w: number, wide = false): string {
  if (wide && cell?.wide !== undefined && displayWidth(cell.wide) <= w) return cell.wide;
  const t = cell?.text ?? '';
  if (displayWidth(t) <= w) return t;
  return truncate(cell?.fit ? safeText(cell.fit(w)) : t, w);
}

/**
 * A terminal table printed page by page (for --all): the first page sets the header, the columns
 * and their widths; later pages keep them, so the columns stay aligned down the whole list. A cell
 * wider than its column is fitted (its `fit`) or cut with `…`. A fixed column, or a cell that cannot
 * be made that narrow (an amount's integer part), widens its column on a later page, taking the room
 * from the other columns: no line is ever wider than the terminal.
 */
export class TerminalTable<T> {
  private columns: Column<T>[];
  private widths: number[] | undefined;
  /** Columns showing their cells' wide forms (whole hashes). */
  private wide: boolean[] = [];
  /** The narrowest each column was allowed on the first page. */
  private mins: number[] = [];

  constructor(
    columns: readonly Column<T>[],
    private readonly ctx: RenderContext,
  ) {
    this.columns = ttyColumns(columns, ctx);
  }

  /** The header has been drawn. */
  private headed = false;

  private cellsOf(items: readonly T[]): Cell[][] {
    return items.map((item) => this.columns.map((c) => toCell(c.cell(item, this.ctx))));
  }

  /**
   * Decides the columns and their widths from `items` without drawing them, when rows beyond the
   * first page's are known to come (the first page of every chain of `--chains`): the pages drawn
   * after keep what this decides, so rows that come later line up with the first.
   */
  plan(items: readonly T[]): void {
    if (this.widths === undefined && items.length > 0) this.decide(this.cellsOf(items));
  }

  /**
   * The columns and their widths from the first rows: optional columns that are empty in them, and
   * columns left out for room, stay out for the whole table. Returns the rows of the columns kept.
   */
  private decide(cells: readonly Cell[][]): Shown[][] {
    const allowed = this.columns.map((c, i) => !c.optional || cells.some((r) => r[i]?.full !== ''));
    const rows = cells.map((r) => r.map(shownCell));
    const fits = this.leaveOut(rows, allowed);
    this.columns = this.columns.filter((_, i) => fits[i]);
    const kept = rows.map((r) => r.filter((_, i) => fits[i]));
    this.widths = this.firstWidths(kept);
    return kept;
  }

  /** The lines for one page of items; the first drawn includes the header. */
  page(items: readonly T[]): string {
    const { ctx } = this;
    const head = () => this.columns.map((c) => ({ text: c.header, style: 'bold' as const, fit: undefined }));
    if (ctx.wide) {
      const cells = this.cellsOf(items);
      return this.wholePage(cells.map((r) => r.map(shownCell)), cells);
    }
    if (this.widths === undefined) {
      const rows = this.decide(this.cellsOf(items));
      this.headed = true;
      return this.draw([head(), ...rows]);
    }
    const rows = this.cellsOf(items).map((r) => r.map(shownCell));
    const { columns } = this;
    const natural = columns.map((c, i) => Math.max(displayWidth(c.header), ...rows.map((r) => displayWidth(r[i]?.text ?? ''))));
    const cellMins = columns.map((_, i) => Math.max(0, ...rows.map((r) => r[i]?.min ?? 0)));
    const widened = this.widths.map((w, i) => (columns[i]?.fixed ? Math.max(w, natural[i] ?? 0) : Math.max(w, cellMins[i] ?? 0)));
    const floors = widened.map((_, i) => Math.max(this.mins[i] ?? 0, cellMins[i] ?? 0));
    this.widths = squeeze(widened, floors, cellMins, columns.map((c) => c.fixed === true), ctx.width);
    if (this.headed) return this.draw(rows);
    this.headed = true;
    return this.draw([head(), ...rows]);
  }

  /**
   * `--wide`: every cell whole (whole hashes and addresses, whole names), no column left out for room
   * and none narrowed; columns widen on later pages. The terminal may wrap the lines.
   */
  private wholePage(rows: Shown[][], cells: readonly Cell[][]): string {
    const first = this.widths === undefined;
    if (first) {
      const keep = this.columns.map((c, i) => !c.optional || cells.some((r) => r[i]?.full !== ''));
      this.columns = this.columns.filter((_, i) => keep[i]);
      rows = rows.map((r) => r.filter((_, i) => keep[i]));
    }
    rows = rows.map((r) => r.map((cell) => ({ ...cell, text: cell.wide ?? cell.text, fit: undefined })));
    this.wide = this.columns.map(() => false);
    this.widths = this.columns.map((c, i) => Math.max(this.widths?.[i] ?? 0, displayWidth(c.header), ...rows.map((r) => displayWidth(r[i]?.text ?? ''))));
    if (this.headed) return this.draw(rows);
    this.headed = true;
    const head = this.columns.map((c) => ({ text: c.header, style: 'bold' as const, fit: undefined }));
    return this.draw([head, ...rows]);
  }

  /** The narrowest each column can be: a fixed column its natural width, others their minimum. */
  private floors(rows: readonly Shown[][], columns: readonly Column<T>[]): { natural: number[]; mins: number[]; floors: number[] } {
    const natural = columns.map((c, i) => Math.max(displayWidth(c.header), ...rows.map((r) => Math.max(displayWidth(r[i]?.text ?? ''), r[i]?.min ?? 0))));
    const mins = columns.map((c, i) => {
      const cellMin = Math.max(0, ...rows.map((r) => r[i]?.min ?? 0));
      return Math.min(natural[i] ?? 0, Math.max(c.min ?? (c.yieldsFirst ? 0 : 10), displayWidth(c.header), cellMin));
    });
    return { natural, mins, floors: columns.map((c, i) => (c.fixed ? (natural[i] ?? 0) : (mins[i] ?? 0))) };
  }

  /**
   * Which columns to show: those `allowed` allows, less the columns with a drop rank, lowest rank first
   * (the rightmost of equal ranks first), until the rest fit the width at their narrowest.
   */
  private leaveOut(rows: readonly Shown[][], allowed: readonly boolean[]): boolean[] {
    const shown = [...allowed];
    // The width each column needs decided by its typical cell, not its widest: one long value (a
    // long status, a huge amount) does not change which columns a view shows at a width.
    const { floors, natural } = this.floors(withoutOutliers(rows), this.columns);
    // Columns that say nothing row to row go first: empty on every row (a TOKEN ID of `—`), or the
    // same on every row (the token of `token transfers`). A time stays even when every row reads
    // the same age (`1y 3mo`): it is what a list is read by.
    const texts = (i: number) => new Set(rows.map((r) => r[i]?.text ?? ''));
    const idle = this.columns.map((c, i) => {
      const t = texts(i);
      return [...t].every((x) => x === '' || x === '—') || (rows.length > 1 && t.size === 1 && !c.time);
    });
    const need = (widths: readonly number[]) => {
      const at = shown.flatMap((s, i) => (s ? [i] : []));
      return at.reduce((a, i) => a + (widths[i] ?? 0), 0) + GAP.length * Math.max(0, at.length - 1);
    };
    // They go before anything is cut: as soon as the columns do not fit whole.
    if (need(natural) > this.ctx.width) idle.forEach((x, i) => x && this.columns[i]?.drop !== undefined && (shown[i] = false));
    for (;;) {
      if (need(floors) <= this.ctx.width) return shown;
      let victim = -1;
      for (const i of shown.flatMap((s, i) => (s ? [i] : []))) {
        const rank = this.columns[i]?.drop;
        if (rank !== undefined && (victim < 0 || rank <= (this.columns[victim]?.drop ?? Infinity))) victim = i;
      }
      if (victim < 0) return shown;
      shown[victim] = false;
    }
  }

  /** The first page's widths: fitted to the terminal, then spare width spent on whole hashes. */
  private firstWidths(rows: readonly Shown[][]): number[] {
    const { ctx, columns } = this;
    const { natural, mins } = this.floors(rows, columns);
    this.mins = mins;
    const tiers = columns.map((c) => (c.fixed ? 0 : c.yieldsFirst ? 1 : 2));
    const fitted = fitWidths(natural, mins, tiers, ctx.width);
    // A column keeps only what its cells use at its share (a name dropped, the address kept), and
    // the width that frees goes to the columns that can show more with it, the first tier first,
    // left to right: a name that fits after all, an arrow beside an address.
    const usedAt = (i: number, w: number) => Math.max(displayWidth(columns[i]?.header ?? ''), ...rows.map((r) => displayWidth(fitText(r[i], w))));
    const widths = fitted.map((w, i) => usedAt(i, w));
    let spare = ctx.width - GAP.length * Math.max(0, widths.length - 1) - widths.reduce((a, b) => a + b, 0);
    for (const tier of [1, 2]) {
      widths.forEach((w, i) => {
        if (spare <= 0 || tiers[i] !== tier) return;
        const more = usedAt(i, w + spare);
        if (more > w) {
          spare -= more - w;
          widths[i] = more;
        }
      });
    }
    // Room left over shows whole hashes and addresses, column by column from the left, where every
    // cell of the column fits whole. Nothing else widens: spare width is not spent on padding.
    let room = ctx.width - GAP.length * Math.max(0, widths.length - 1) - widths.reduce((a, b) => a + b, 0);
    this.wide = widths.map(() => false);
    widths.forEach((w, i) => {
      if (w < (natural[i] ?? 0) || !rows.some((r) => r[i]?.wide !== undefined)) return;
      const whole = Math.max(w, ...rows.map((r) => displayWidth(r[i]?.wide ?? r[i]?.text ?? '')));
      if (whole - w <= room) {
        room -= whole - w;
        widths[i] = whole;
        this.wide[i] = true;
      }
    });
    const cellMins = columns.map((_, i) => Math.max(0, ...rows.map((r) => r[i]?.min ?? 0)));
    // A fixed column widened by one long value (a status not yet final) gives that back first.
    const typical = this.floors(withoutOutliers(rows), columns).natural;
    return squeeze(widths, mins, cellMins, columns.map((c) => c.fixed === true), ctx.width, typical);
  }

  /**
   * Draws rows at the widths decided above: no borders, two spaces between columns. Every cell is
   * fitted here by displayWidth, the measure the widths were decided by, and painted; cli-table3 lays
   * the fitted cells out, pads them and joins them. It pads by its own measure, string-width 4, which
   * disagrees with ours on thousands of code points (`🪶` one column to it, `©` two), and it has no
   * option for the width function: so each column's width is given to it in its own measure, the
   * column's width plus what it counts beyond ours in the cell (see drawnWidth). Rows that need the
   * same widths are drawn by one table: all of them, unless a row holds such text.
   */
  private draw(rows: Shown[][]): string {
    if (rows.length === 0) return '';
    const widths = this.widths ?? [];
    const colAligns = this.columns.map((c) => c.align ?? 'left');
    const groups = new Map<string, { at: number[]; cells: string[][]; colWidths: number[] }>();
    rows.forEach((r, k) => {
      const cells = r.map((cell, i) => paint(fitText(cell, widths[i] ?? 0, this.wide[i]), cell.style, this.ctx));
      const colWidths = cells.map((c, i) => drawnWidth(c, widths[i] ?? 0));
      const key = colWidths.join(',');
      const group = groups.get(key) ?? { at: [], cells: [], colWidths };
      groups.set(key, group);
      group.at.push(k);
      group.cells.push(cells);
    });
    const lines: string[] = [];
    for (const { at, cells, colWidths } of groups.values()) {
      const table = new Table({ chars: NO_BORDERS, style: NO_STYLE, colWidths, colAligns, wordWrap: false });
      table.push(...cells);
      const drawn = table.toString().split('\n');
      // A table of nothing but empty cells at width 0 draws no lines at all.
      at.forEach((k, j) => (lines[k] = drawn.length === at.length ? trimSpacesEnd(drawn[j] ?? '') : ''));
    }
    return lines.join('\n') + '\n';
  }
}

/**
 * A row standing for `rows` less the one widest text of each column: in each column the cell of the
 * second greatest display width, so that one long value on a page (a long status or type, a long
 * name) does not decide which columns show. What a cell cannot lose (an amount's whole part, a scam
 * mark) counts in full: it is never cut.
 */
function withoutOutliers(rows: readonly Shown[][]): Shown[][] {
  if (rows.length < 3) return [...rows];
  const n = rows[0]?.length ?? 0;
  const second = <V>(vals: V[], key: (v: V) => number): V | undefined => vals.sort((a, b) => key(b) - key(a))[1];
  const row: Shown[] = [];
  for (let i = 0; i < n; i++) {
    const cells = rows.map((r) => r[i]).filter((c): c is Shown => c !== undefined);
    const byText = second([...cells], (c) => displayWidth(c.text));
    row.push({ text: byText?.text ?? '', style: undefined, fit: undefined, min: Math.max(0, ...cells.map((c) => c.min ?? 0)) });
  }
  return [row];
}

/** cli-table3's characters for a table of bare columns: no borders, two spaces between columns. */
const NO_BORDERS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '',
  right: '', 'right-mid': '', middle: GAP,
};

/** No padding inside the cells, no colours of cli-table3's own (cells come painted), a line per row. */
const NO_STYLE = { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true };

// eslint-disable-next-line no-control-regex
const PRINTABLE_ASCII = /^(?:[\x20-\x7e]|\u001b\[[0-9;]*m)*$/;

/**
 * The width of a column of `width` columns (by displayWidth) in cli-table3's measure, for a row
 * whose cell in it is `cell` (fitted to `width`, maybe painted): cli-table3 pads the cell to the
 * column's width by string-width 4, so the column is given as wide as the cell is to that measure
 * plus the padding the cell needs by ours. Printable ASCII is one column a character to both.
 */
function drawnWidth(cell: string, width: number): number {
  if (PRINTABLE_ASCII.test(cell)) return width;
  return width + stringWidth(cell) - displayWidth(cell);
}

/**
 * `widths` made to fit `total` columns with the gaps between them, for what fitting could not do
 * (columns that cannot be left out, a later page's wider cells). The widest column gives way first,
 * in rounds that each go further: a fixed column widened by one long value down to its `typical`
 * width, flexible columns down to their floors, then down to what their
 * cells cannot lose (`cellMins`: a scam mark, an amount's whole part), then any column down to its
 * cells' minimum, then to one column. Cells are then cut with `…`, never wrapped.
 */
export function squeeze(
  widths: readonly number[],
  floors: readonly number[],
  cellMins: readonly number[],
  fixed: readonly boolean[],
  total: number,
  typical?: readonly number[],
): number[] {
  const w = [...widths];
  let over = w.reduce((a, b) => a + b, 0) + GAP.length * Math.max(0, w.length - 1) - total;
  const rounds: ((k: number) => number)[] = [
    // First a fixed column wider than its typical cell (one long value), down to that.
    (k) => (fixed[k] && typical ? Math.max(typical[k] ?? 0, cellMins[k] ?? 0, 1) : Infinity),
    (k) => (fixed[k] ? Infinity : (floors[k] ?? 0)),
    (k) => (fixed[k] ? Infinity : Math.max(1, cellMins[k] ?? 0)),
    (k) => Math.max(1, cellMins[k] ?? 0),
    () => 1,
  ];
  for (const floor of rounds) {
    while (over > 0) {
      let i = -1;
      w.forEach((x, k) => {
        if (x > floor(k) && (i < 0 || x > (w[i] ?? 0))) i = k;
      });
      if (i < 0) break;
      const wi = w[i] ?? 0;
      const next = Math.max(0, ...w.filter((x, k) => k !== i && x > floor(k)));
      const step = Math.min(over, wi - floor(i), Math.max(1, wi - next));
      w[i] = wi - step;
      over -= step;
    }
  }
  return w;
}

/** `l` without trailing spaces. A loop: / +$/ backtracks quadratically over a long run of inner spaces. */
function trimSpacesEnd(l: string): string {
  let end = l.length;
  while (end > 0 && l.charCodeAt(end - 1) === 0x20) end--;
  return end === l.length ? l : l.slice(0, end);
}
