/**
 * A line chart for a terminal, drawn with braille dots (each character cell holds 2×4 dots), as wide
 * as it is given: the y axis labelled with exact values in their unit at the top, middle and bottom
 * rows, the x axis with the dates of the first, middle and last points. Values are BigInt scaled by
 * `decimals` (an amount in base units, a price with its decimals): only the dots' positions are
 * rounded, never a label. Colour only through paint (none under NO_COLOR or piped).
 */
import { paint } from './paint.js';
import { displayUnits } from './units.js';
import { displayWidth } from './width.js';

/** One point: `x` in milliseconds since 1970, `y` an integer scaled by the chart's decimals. */
export interface ChartPoint {
  readonly x: number;
  readonly y: bigint;
}

export interface ChartOptions {
  /** Columns the chart may take (every line fits). */
  readonly width: number;
  /** Rows of the plot (default 12). */
  readonly height?: number | undefined;
  /** The decimals of `y`: labels show y / 10^decimals. */
  readonly decimals: number;
  /** The unit after each y label ('' for a count). */
  readonly unit: string;
  /** Each value holds until the next point (a balance), instead of a straight line between them. */
  readonly step?: boolean | undefined;
  readonly color: boolean;
}

/** Braille dot bits by [column][row] within a cell. */
const DOT = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A y label: the exact value rounded for a terminal, with its unit. */
function label(v: bigint, o: ChartOptions): string {
  const s = displayUnits(v, o.decimals) ?? v.toString();
  return o.unit ? `${s} ${o.unit}` : s;
}

/** The chart's lines, ending in a newline; a line saying so when there is nothing to draw. */
export function renderChart(points: readonly ChartPoint[], o: ChartOptions): string {
  if (points.length === 0) return 'nothing to chart\n';
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const height = Math.max(3, o.height ?? 12);
  let ymin = sorted[0]!.y;
  let ymax = ymin;
  for (const p of sorted) {
    if (p.y < ymin) ymin = p.y;
    if (p.y > ymax) ymax = p.y;
  }
  const span = ymax - ymin;
  const mid = Math.floor((height - 1) / 2);
  // The value at the top of row r, exact: labels never come from floats.
  const rowValue = (r: number) => ymax - (span * BigInt(r)) / BigInt(height - 1);
  const labels = new Map<number, string>([
    [0, label(ymax, o)],
    [mid, label(rowValue(mid), o)],
    [height - 1, label(ymin, o)],
  ]);
  const labelWidth = Math.max(...[...labels.values()].map(displayWidth));
  const plotWidth = Math.max(4, o.width - labelWidth - 2);
  const cols = plotWidth * 2;
  const rows = height * 4;
  const grid: number[][] = Array.from({ length: height }, () => new Array<number>(plotWidth).fill(0));
  const xmin = sorted[0]!.x;
  const xmax = sorted[sorted.length - 1]!.x;
  const px = (x: number) => (xmax === xmin ? 0 : Math.round(((x - xmin) / (xmax - xmin)) * (cols - 1)));
  // Rows of dots from the top; the ratio is taken in BigInt first so a long value keeps its place.
  const py = (y: bigint) => (span === 0n ? Math.floor(rows / 2) : rows - 1 - Math.round((Number(((y - ymin) * 1_000_000n) / span) / 1_000_000) * (rows - 1)));
  const set = (x: number, y: number) => {
    grid[Math.floor(y / 4)]![Math.floor(x / 2)]! |= DOT[x % 2]![y % 4]!;
  };
  const line = (x0: number, y0: number, x1: number, y1: number) => {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let i = 0; i <= steps; i++) set(Math.round(x0 + ((x1 - x0) * i) / steps), Math.round(y0 + ((y1 - y0) * i) / steps));
  };
  let prev: { x: number; y: number } | undefined;
  for (const p of sorted) {
    const at = { x: px(p.x), y: py(p.y) };
    if (!prev) set(at.x, at.y);
    else if (o.step) {
      line(prev.x, prev.y, at.x, prev.y);
      line(at.x, prev.y, at.x, at.y);
    } else line(prev.x, prev.y, at.x, at.y);
    prev = at;
  }
  const dim = (s: string) => paint(s, 'dim', o);
  const out: string[] = [];
  grid.forEach((cells, r) => {
    const text = cells.map((b) => (b === 0 ? ' ' : String.fromCodePoint(0x2800 + b))).join('').trimEnd();
    const l = labels.get(r);
    const axis = l === undefined ? `${' '.repeat(labelWidth)} │` : `${' '.repeat(labelWidth - displayWidth(l))}${l} ┤`;
    out.push(dim(axis) + paint(text, 'accent', o));
  });
  out.push(dim(`${' '.repeat(labelWidth)} └${'─'.repeat(plotWidth)}`));
  out.push(' '.repeat(labelWidth + 2) + dateAxis(xmin, xmax, plotWidth));
  return out.join('\n') + '\n';
}

/** The dates under the plot: the first at its left edge, the last at its right, the middle one between when there is room. */
function dateAxis(xmin: number, xmax: number, width: number): string {
  const first = day(xmin);
  const last = day(xmax);
  if (first === last || width < first.length + last.length + 1) return first;
  const middle = day(xmin + (xmax - xmin) / 2);
  const room = width - first.length - last.length;
  if (middle !== first && middle !== last && room >= middle.length + 2) {
    const left = Math.floor((width - middle.length) / 2) - first.length;
    const right = room - middle.length - left;
    return first + ' '.repeat(left) + middle + ' '.repeat(right) + last;
  }
  return first + ' '.repeat(room) + last;
}
