/**
 * The one way a message repeats a user's value (an argument, an option, a variable, a config entry):
 * `invalid block "12x"`, `unknown chain "etherium"`. One helper, so every message quotes, cleans and
 * cuts alike (docs/style.md, "Errors echo a value one way").
 */
import { safeText } from './safe.js';

/** How many characters of a value a message repeats; a longer one is cut there and ends with `…`. */
export const ECHO_MAX = 80;

/**
 * `value` as a message repeats it: cut at ECHO_MAX characters (whole code points, never half a
 * pair), every unsafe character shown as its stand-in (safeText: no escape sequence reaches the
 * terminal), and in double quotes, a quote or backslash in it escaped as JSON writes them, so where
 * the value ends is never in doubt.
 */
export function echo(value: string): string {
  const points = [...value];
  const cut = points.length > ECHO_MAX ? points.slice(0, ECHO_MAX).join('') + '…' : value;
  return JSON.stringify(safeText(cut));
}
