/**
 * Rows of the key/value views (`tx show`, `block`, `address show`, `userop`), each worked out when
 * asked: a value whose shape nobody expected shows `?` instead of crashing the view (as list cells
 * do), and the other rows still show.
 */
import { text } from '../base/text/safe.js';
import type { KeyValueRow, Line } from './key-value.js';

/** Lines are arrays of lines; a line is a span or an array of spans (never an array of arrays). */
function isLines(v: Line | readonly Line[]): v is readonly Line[] {
  return Array.isArray(v) && v.some((x) => Array.isArray(x));
}

/** A terminal row: one line, or lines one under the other. */
export function lazyRow(label: string, value: () => Line | readonly Line[]): KeyValueRow {
  let v: Line | readonly Line[];
  try {
    v = value();
  } catch {
    v = '?';
  }
  return isLines(v) ? { label, lines: v } : { label, value: v };
}

/** A piped row of several lines, `Label<TAB>field…` each: one array of fields a line. */
export function dataRow(label: string, entries: () => unknown[][]): KeyValueRow {
  let d: string[][];
  try {
    d = entries().map((fields) => fields.map((f) => text(f)));
  } catch {
    d = [['?']];
  }
  return { label, data: d };
}

/** A piped row of one line: its fields, each worked out when asked. */
export function fieldsRow(label: string, ...fields: (() => unknown)[]): KeyValueRow {
  return dataRow(label, () => [fields.map((f) => f())]);
}
