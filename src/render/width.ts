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

function graphemes(s: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(s), (g) => g.segment);
}

function graphemeWidth(g: string): number {
  if (ZERO.test(g)) return 0;
  if (EMOJI.test(g)) return 2;
  return wide(g.codePointAt(0) ?? 0) ? 2 : 1;
}

/** Columns `s` takes on a terminal (our own SGR colour codes count as nothing). */
export function displayWidth(s: string): number {
  if (ASCII.test(s)) return s.length;
  const plain = s.replace(SGR, '');
  if (ASCII.test(plain)) return plain.length;
  let w = 0;
  for (const g of graphemes(plain)) w += graphemeWidth(g);
  return w;
}

/** `s` cut to at most `width` columns, ending in `…` when cut. Plain text only (no colour codes). */
export function truncate(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  if (width <= 0) return '';
  if (width === 1) return '…';
  let out = '';
  let w = 0;
  for (const g of ASCII.test(s) ? s.split('') : graphemes(s)) {
    const gw = graphemeWidth(g);
    if (w + gw > width - 1) break;
    out += g;
    w += gw;
  }
  return out + '…';
}

/** `s` padded with spaces to `width` columns, on the right (left-aligned) or the left. */
export function pad(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = width - displayWidth(s);
  if (gap <= 0) return s;
  return align === 'right' ? ' '.repeat(gap) + s : s + ' '.repeat(gap);
}
