/** The terminal chart (render/chart.ts): its exact lines at 80 columns, exact labels, colour only when asked. */
import { describe, expect, it } from 'vitest';
import { renderChart } from '../../src/render/chart.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);
const ETH = 10n ** 18n;

describe('renderChart', () => {
  it('draws a step chart of a balance at 80 columns: labels in the unit at the top, middle and bottom, dates under it', () => {
    const points = [
      { x: T0, y: 0n },
      { x: T0 + 30 * DAY, y: 2n * ETH },
      { x: T0 + 60 * DAY, y: ETH / 2n },
      { x: T0 + 90 * DAY, y: 4n * ETH + 1n },
    ];
    const out = renderChart(points, { width: 80, height: 6, decimals: 18, unit: 'ETH', step: true, color: false });
    expect(out).toBe(EXPECTED_STEP);
    for (const line of out.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('draws a line between points, labels exact past 2^53', () => {
    const big = 2n ** 70n;
    const out = renderChart([{ x: T0, y: big }, { x: T0 + DAY, y: big + 3n }], { width: 80, height: 3, decimals: 0, unit: '', color: false });
    expect(out.split('\n')[0]).toMatch(/^1\.1805e21 ┤/);
    expect(out).toBe(EXPECTED_LINE);
  });

  it('paints only when colour is on; says so when there is nothing to draw', () => {
    const points = [{ x: T0, y: 1n }, { x: T0 + DAY, y: 2n }];
    expect(renderChart(points, { width: 80, decimals: 0, unit: '', color: false })).not.toContain('\u001b');
    expect(renderChart(points, { width: 80, decimals: 0, unit: '', color: true })).toContain('\u001b[');
    expect(renderChart([], { width: 80, decimals: 0, unit: '', color: false })).toBe('nothing to chart\n');
  });
});

const EXPECTED_STEP = [
  '  4 ETH ┤                                                                      ⢸',
  '        │                                                                      ⢸',
  '2.4 ETH ┤                                                                      ⢸',
  '        │                       ⢸⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⡇                      ⢸',
  '        │                       ⢸                       ⡇                      ⢸',
  '  0 ETH ┤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣸                       ⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉',
  '        └───────────────────────────────────────────────────────────────────────',
  '         2024-01-01                    2024-02-15                     2024-03-31',
  '',
].join('\n');

const EXPECTED_LINE = [
  '1.1805e21 ┤                                               ⣀⣀⣀⣀⣀⣀⠤⠤⠤⠤⠤⠤⠔⠒⠒⠒⠒⠒⠊⠉⠉⠉',
  '1.1805e21 ┤                      ⣀⣀⣀⣀⣀⣀⡠⠤⠤⠤⠤⠤⠔⠒⠒⠒⠒⠒⠊⠉⠉⠉⠉⠉⠉',
  '1.1805e21 ┤⣀⣀⣀⡠⠤⠤⠤⠤⠤⠔⠒⠒⠒⠒⠒⠒⠉⠉⠉⠉⠉⠉',
  '          └─────────────────────────────────────────────────────────────────────',
  '           2024-01-01                                                 2024-01-02',
  '',
].join('\n');
