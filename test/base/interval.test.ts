/** `--every`: the interval grammar beside the point-in-time grammar, and the points it steps through. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { everyPoint, parseInterval, stepFrom } from '../../src/base/time.js';

describe('parseInterval', () => {
  it('takes days, weeks, calendar months and years', () => {
    expect(parseInterval('1mo', '--every')).toMatchObject({ count: 1, unit: 'mo' });
    expect(parseInterval(' 2W ', '--every')).toMatchObject({ count: 2, unit: 'w' });
    expect(parseInterval('7d', '--every')).toMatchObject({ count: 7, unit: 'd' });
    expect(parseInterval('1y', '--every')).toMatchObject({ count: 1, unit: 'y' });
  });

  it.each(['0d', '1h', 'mo', '1.5d', '-1d', '12345d'])('refuses %j, listing the forms', (v) => {
    expect(() => parseInterval(v, '--every')).toThrow(UsageError);
    expect(() => parseInterval(v, '--every')).toThrow(/d \(days\), w \(weeks\), mo \(calendar months\), y \(calendar years\)/);
  });
});

describe('everyPoint', () => {
  it('steps calendar months from the start, keeping the day where the month has it', () => {
    const jan31 = Date.UTC(2024, 0, 31);
    expect([1, 2, 3].map((n) => new Date(stepFrom(jan31, parseInterval('1mo', 'x'), n)).toISOString().slice(0, 10))).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
  });

  it('gives the points from since up to until, exclusive, and refuses too many', () => {
    const pts = everyPoint(Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1), parseInterval('3mo', 'x'), 100);
    expect(pts.map((p) => p.text)).toEqual(['2024-01-01T00:00:00Z', '2024-04-01T00:00:00Z', '2024-07-01T00:00:00Z', '2024-10-01T00:00:00Z']);
    expect(() => everyPoint(Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1), parseInterval('1d', 'x'), 100)).toThrow(/more than 100 points/);
  });
});
