/**
 * Display width of text on a terminal, for aligning and fitting columns: East Asian wide and
 * fullwidth characters and emoji take two cells, combining marks none. The rules follow the
 * `string-width` package (which cli-table3 and most terminals' users rely on) closely enough for
 * table layout; input has already been through safeText, so no control characters remain.
 */

const ASCII = /^[\x20-\x7e]*$/;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const ZERO = /^\p{M}+$/u;
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/g;

let segmenter: Intl.Segmenter | undefined;

function wide(code: number): boolean {
  return (
    code >= 0x1100 &&
    (code <= 0x115f ||
      code === 0x2329 ||
      code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
      (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) ||
      (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) ||
      (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) ||
      (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x20000 && code <= 0x3fffd))
  );
}

/** Code units segmented at a time: V8's segmenter slows down quadratically over one long string. */
const WINDOW = 128;

/**
 * The grapheme clusters of `s`. A long string is segmented a window at a time; the last clusters of
 * a window may go on past it, so the next window starts with them. (A cluster longer than a window, such as
 * hundreds of stacked combining marks, is split: a width a column off, never a hang.)
 */
function graphemes(s: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  if (s.length <= WINDOW) return Array.from(segmenter.segment(s), (g) => g.segment);
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    const window = s.slice(i, i + WINDOW);
    const segs = Array.from(segmenter.segment(window), (g) => g.segment);
    // The window's last two clusters may change with what follows it (half a surrogate pair cut off
    // behind a flag's first half or a ZWJ): they are segmented again at the start of the next window.
    const redo = i + window.length < s.length ? Math.min(2, segs.length - 1) : 0;
    const again = segs.splice(segs.length - redo, redo).join('');
    for (const g of segs) out.push(g);
    i += window.length - again.length;
  }
  return out;
}

function graphemeWidth(g: string): number {
  if (ZERO.test(g)) return 0;
  if (EMOJI.test(g)) return 2;
  return wide(g.codePointAt(0) ?? 0) ? 2 : 1;
}

const printable = (c: number) => c >= 0x20 && c <= 0x7e;
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;

/**
 * Walks the grapheme clusters of `s` in order, without segmenting what need not be: printable ASCII
 * goes to `ascii(from, to)` in stretches (one column and one cluster a character), the rest to
 * `cluster(g, at)` one cluster at a time. A stretch handed to the segmenter runs from the ASCII
 * character before a non-ASCII one (a combining mark joins it) to the first pair of printable ASCII
 * characters after it, which is always a cluster boundary. Either callback returns false to stop.
 */
function walk(s: string, ascii: (from: number, to: number) => boolean, cluster: (g: string, at: number) => boolean): void {
  let i = 0;
  while (i < s.length) {
    NOT_PRINTABLE_ASCII.lastIndex = i;
    const m = NOT_PRINTABLE_ASCII.exec(s);
    if (!m) {
      ascii(i, s.length);
      return;
    }
    const start = m.index > i ? m.index - 1 : m.index;
    if (start > i && !ascii(i, start)) return;
    let end = m.index + 1;
    while (end < s.length && !(printable(s.charCodeAt(end)) && (end + 1 >= s.length || printable(s.charCodeAt(end + 1))))) end++;
    end = Math.min(s.length, end + 1);
    let at = start;
    for (const g of graphemes(s.slice(start, end))) {
      if (!cluster(g, at)) return;
      at += g.length;
    }
    i = end;
  }
}

/** Columns `s` takes on a terminal (our own SGR colour codes count as nothing). */
export function displayWidth(s: string): number {
  if (ASCII.test(s)) return s.length;
  const plain = s.replace(SGR, '');
  if (ASCII.test(plain)) return plain.length;
  let w = 0;
  walk(
    plain,
    (from, to) => ((w += to - from), true),
    (g) => ((w += graphemeWidth(g)), true),
  );
  return w;
}

/**
 * `s` cut to at most `width` columns, ending in `…` when cut. Plain text only (no colour codes).
 * Reads no further into `s` than the cut: a long string costs what is kept.
 */
export function truncate(s: string, width: number): string {
  if (ASCII.test(s)) {
    if (s.length <= width) return s;
    return width <= 0 ? '' : width === 1 ? '…' : s.slice(0, width - 1) + '…';
  }
  let w = 0;
  // Where the longest start of `s` that leaves room for `…` ends; -1 while all of it does.
  let keep = -1;
  let over = false;
  walk(
    s,
    (from, to) => {
      if (keep < 0 && w + (to - from) > width - 1) keep = from + Math.max(0, width - 1 - w);
      w += to - from;
      return !(over = w > width);
    },
    (g, at) => {
      const gw = graphemeWidth(g);
      if (keep < 0 && w + gw > width - 1) keep = at;
      w += gw;
      return !(over = w > width);
    },
  );
  if (!over) return s;
  if (width <= 0) return '';
  if (width === 1) return '…';
  return s.slice(0, keep) + '…';
}

/** `s` padded with spaces to `width` columns, on the right (left-aligned) or the left. */
export function pad(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = width - displayWidth(s);
  if (gap <= 0) return s;
  return align === 'right' ? ' '.repeat(gap) + s : s + ' '.repeat(gap);
}
