/**
 * Lines of views that are not tables (key/value blocks, summaries, the call tree) wrapped to the
 * terminal's width, so the terminal never breaks a word (`[ve` / `rified]`): at a ` · ` between the
 * parts of a value first, then at any space, a continuation line indented as its caller says. A
 * word wider than the room (a whole hash) is never split: it gets a line of its own. Works on
 * painted text: our colour codes hold no spaces and count as nothing (displayWidth), and a colour
 * running on over a break stays on, as the terminal keeps it.
 */
import { displayWidth } from './width.js';

/** Where a line may break, the preferred first: after a ` · ` separator, then at any run of spaces. */
// (\u00b7 is the dot: the built program is kept to ASCII, scripts/build.mjs.)
const BREAKS = [/(?<= \u00b7)( +)/, /( +)/];

/**
 * `line` as lines of at most `room` columns, the first at most `firstRoom` (a word wider than its
 * line alone on it). The spaces where a line breaks are dropped; those inside a line are kept (two
 * spaces between parts).
 */
export function wrapWords(line: string, room: number, firstRoom = room, level = 0): string[] {
  const at = BREAKS[level];
  if (displayWidth(line) <= firstRoom || at === undefined) return [line];
  // [unit, spaces, unit, spaces, …, unit]
  const parts = line.split(at);
  const lines: string[] = [];
  const roomOf = () => (lines.length === 0 ? firstRoom : room);
  let cur: string | undefined;
  for (let i = 0; i < parts.length; i += 2) {
    const unit = parts[i] ?? '';
    if (cur !== undefined && displayWidth(cur + (parts[i - 1] ?? '') + unit) <= roomOf()) {
      cur += (parts[i - 1] ?? '') + unit;
      continue;
    }
    if (cur !== undefined) lines.push(cur);
    // A unit too wide for a line of its own breaks at the next kind of place.
    const finer = displayWidth(unit) <= roomOf() ? [unit] : wrapWords(unit, room, roomOf(), level + 1);
    lines.push(...finer.slice(0, -1));
    cur = finer[finer.length - 1];
  }
  if (cur !== undefined) lines.push(cur);
  return lines;
}

/** The widest word of `line` (what no wrapping can make narrower). */
export function widestWord(line: string): number {
  return Math.max(0, ...line.split(/ +/).map(displayWidth));
}

/**
 * `line` wrapped to `width` columns: the first line after `first` (already on the line: a label,
 * a tree's branches), later ones after `next` (as wide, or wider for a hanging indent).
 */
export function wrapLine(line: string, width: number, first: string, next: string): string {
  const lines = wrapWords(line, Math.max(1, width - displayWidth(next)), Math.max(1, width - displayWidth(first)));
  return lines.map((l, i) => (i === 0 ? first : next) + l).join('\n');
}
