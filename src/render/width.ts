/**
 * Display width of text on a terminal: the one measure every table, key/value block and fitted
 * cell is laid out and padded by, so columns line up. A grapheme cluster (what the terminal draws
 * as one character) takes:
 * - 0 columns when nothing in it is visible: controls, format characters (zero-width space and
 *   joiners, BOM), combining and enclosing marks, variation selectors;
 * - 2 for an emoji: anything drawn as emoji by default (its East Asian Width is Wide: 🪶, 🐸, ⌚),
 *   a text-style pictograph asking for emoji style (`©️`, `❤️`), a skin-tone modifier sequence,
 *   a ZWJ sequence, a flag (two regional indicators) and a keycap (`1️⃣`);
 * - otherwise the East Asian Width of its first visible character (2 for Wide and Fullwidth,
 *   such as CJK and Hangul syllables; 1 for the rest, ambiguous ones included, so `©`, `®`, `…`
 *   and `→` take 1), plus the width of any spacing mark or halfwidth form drawn after it.
 * These are the rules of the `string-width` package (v8) and of terminals' wcwidth; the East Asian
 * Width data comes from `get-east-asian-width` (kept up to date with Unicode), so no table of
 * ranges is kept here. Input has already been through safeText, so no control characters remain.
 */
import { eastAsianWidth } from 'get-east-asian-width';

const ASCII = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/g;
/**
 * The Unicode classes a cluster's width is read by, made when first needed: V8 builds the character
 * sets of a regular expression's Unicode properties when the expression is created (about 4M
 * instructions for these three), which text of printable ASCII alone, all a piped view holds as a
 * rule, never needs.
 */
interface Classes {
  /**
   * A character that shows: not a control, format character, combining or enclosing mark, lone
   * surrogate, Hangul vowel or final jamo (drawn into the syllable before it), nor a code point kept
   * for future invisible characters.
   */
  readonly visible: RegExp;
  /** Emoji drawn two columns wide whatever the East Asian Width of their first character. */
  readonly emoji: RegExp;
  /** What adds columns after a cluster's first character: spacing marks and halfwidth and fullwidth forms (`ｶﾞ`). */
  readonly trailing: RegExp;
}

let classes: Classes | undefined;

function unicodeClasses(): Classes {
  return (classes ??= {
    visible: /[^\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Cs}\u1160-\u11ff\ud7b0-\ud7ff\u2065\ufff0-\ufff8\u{e0000}-\u{e0fff}]/u,
    emoji: /^(?:\p{Regional_Indicator}{2}|[#*0-9]\ufe0f?\u20e3|\p{Emoji_Modifier_Base}\p{Emoji_Modifier}|\p{Extended_Pictographic}(?:\ufe0f|[^]*\u200d\p{Extended_Pictographic}))/u,
    trailing: /[\p{Mc}\uff00-\uffef]/gu,
  });
}

let segmenter: Intl.Segmenter | undefined;

/** Code units segmented at a time: V8's segmenter slows down quadratically over one long string. */
const WINDOW = 128;

/**
 * The grapheme clusters of `s`, in order, a window at a time (so a caller that stops early has
 * segmented no further than a window past where it stopped). The last clusters of a window may go
 * on past it, so the next window starts with them. (A cluster longer than a window, such as hundreds
 * of stacked combining marks, is split: a width a column off, never a hang.)
 */
function* graphemes(s: string): Generator<string> {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (let i = 0; i < s.length; ) {
    const window = s.slice(i, i + WINDOW);
    const segs = Array.from(segmenter.segment(window), (g) => g.segment);
    // The window's last two clusters may change with what follows it (half a surrogate pair cut off
    // behind a flag's first half or a ZWJ): they are segmented again at the start of the next window.
    const redo = i + window.length < s.length ? Math.min(2, segs.length - 1) : 0;
    const again = segs.splice(segs.length - redo, redo).join('');
    yield* segs;
    i += window.length - again.length;
  }
}

function graphemeWidth(g: string): number {
  const first = g.codePointAt(0) ?? 0;
  const { visible, emoji, trailing } = unicodeClasses();
  // One code point (most clusters): no emoji sequence, no trailing marks.
  if (g.length === (first > 0xffff ? 2 : 1)) return visible.test(g) ? eastAsianWidth(first) : 0;
  const at = g.search(visible);
  if (at < 0) return 0;
  const seen = at === 0 ? g : g.slice(at);
  if (emoji.test(seen)) return 2;
  const base = seen.codePointAt(0) ?? 0;
  let w = eastAsianWidth(base);
  trailing.lastIndex = base > 0xffff ? 2 : 1;
  for (let m = trailing.exec(seen); m; m = trailing.exec(seen)) w += eastAsianWidth(m[0].codePointAt(0) ?? 0);
  return w;
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
