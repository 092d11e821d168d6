/**
 * Issue 20, item 9: a time no JavaScript Date holds (past ±275,760 years from 1970) is shown as the
 * server sent it, in every view; it never ends in "Invalid time value". The sweep over every view
 * and mode is in test/conformance/response-fuzz.test.ts ("times out of range").
 */
import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../../src/render/context.js';
import { timeCell } from '../../src/render/cells.js';
import { age, humanTime, isoOfMs, isoTime } from '../../src/render/format.js';
import { summaryLines } from '../../src/render/summary.js';

const TTY: RenderContext = { tty: true, color: false, width: 100, now: Date.UTC(2025, 7, 11, 10), coin: 'ETH' };
const PIPED: RenderContext = { ...TTY, tty: false };

const summary = (value: unknown) => JSON.stringify({ data: { summaries: [{ summary_template: 'on {t}', summary_template_variables: { t: { type: 'timestamp', value } } }] }, success: true });

describe('a summary timestamp (Unix seconds) out of range', () => {
  it.each([
    [1e20, 'on 100000000000000000000'],
    [-1e20, 'on -100000000000000000000'],
    [8.64e12 + 1, 'on 8640000000001'],
    [1e300, 'on 1e+300'],
  ])('%s is shown as sent, on a terminal and piped', (value, want) => {
    expect(summaryLines(summary(value), TTY)).toEqual({ lines: [want] });
    expect(summaryLines(summary(value), PIPED)).toEqual({ lines: [want] });
  });

  it('the last second a Date holds is still a time', () => {
    expect(summaryLines(summary(8.64e12), PIPED)).toEqual({ lines: ['on +275760-09-13T00:00:00Z'] });
    expect(summaryLines(summary('1754904779'), TTY)).toEqual({ lines: ['on 2025-08-11 09:32:59 UTC'] });
  });
});

describe('ISO times out of range', () => {
  const far = '+275760-09-13T00:00:01Z';

  it('isoTime, humanTime, age and a list cell show the text as sent', () => {
    expect(isoTime(far)).toBe(far);
    expect(humanTime(far)).toBe(far);
    expect(age(far, TTY.now)).toBeUndefined();
    expect(timeCell(far, TTY)).toEqual({ full: far, short: far });
  });

  it('isoOfMs: undefined for what no Date holds, the time otherwise', () => {
    for (const ms of [8.64e15 + 1, -8.64e15 - 1, Infinity, NaN, 1e23]) expect(isoOfMs(ms)).toBeUndefined();
    expect(isoOfMs(0)).toBe('1970-01-01T00:00:00Z');
    expect(isoOfMs(8.64e15)).toBe('+275760-09-13T00:00:00Z');
  });
});
