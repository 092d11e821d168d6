/**
 * The one duration grammar (validate.ts, parseDuration), table-driven: a bare number is seconds,
 * units ms, s, m, h, d in any case, fractions and `forever` only where the option's spec takes them,
 * every value within the spec's range; anything else a UsageError naming the option, the forms and the range.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { type DurationSpec, formatDuration, parseDuration, TIMER_MAX_MS } from '../../src/base/validate.js';

const TIMER: DurationSpec = { minMs: 1, maxMs: TIMER_MAX_MS, fractions: true };
const FOLLOW: DurationSpec = { minMs: 1000, maxMs: TIMER_MAX_MS, fractions: true };
const CACHE: DurationSpec = { minMs: 1000, forever: true };

const DAY = 86_400_000;

describe('parseDuration: what it takes', () => {
  const ok: [string, DurationSpec, number][] = [
    ['30', TIMER, 30_000],
    [' 30 ', TIMER, 30_000],
    ['1.5', TIMER, 1500],
    ['0.5', TIMER, 500],
    ['500ms', TIMER, 500],
    ['1ms', TIMER, 1],
    ['30s', TIMER, 30_000],
    ['30S', TIMER, 30_000],
    ['2.5m', TIMER, 150_000],
    ['1h', TIMER, 3_600_000],
    ['1d', TIMER, DAY],
    ['24d', TIMER, 24 * DAY],
    ['2147483', TIMER, TIMER_MAX_MS],
    ['1d', FOLLOW, DAY],
    ['1', FOLLOW, 1000],
    ['1000ms', FOLLOW, 1000],
    ['30', CACHE, 30_000],
    ['30s', CACHE, 30_000],
    ['1500ms', CACHE, 1500],
    ['1d', CACHE, DAY],
    ['365d', CACHE, 365 * DAY],
    ['forever', CACHE, Infinity],
    ['Forever', CACHE, Infinity],
  ];
  it.each(ok)('%j (%j) is %d ms', (input, spec, ms) => {
    expect(parseDuration(input, '--x', spec)).toBe(ms);
  });
});

describe('parseDuration: what it refuses', () => {
  const bad: [string, DurationSpec][] = [
    ['', TIMER],
    ['0', TIMER],
    ['0ms', TIMER],
    ['0.0001', TIMER],
    ['-5', TIMER],
    ['+5', TIMER],
    ['1e3', TIMER],
    ['.5', TIMER],
    ['5.', TIMER],
    ['30x', TIMER],
    ['1w', TIMER],
    ['1 d', TIMER],
    ['1d2h', TIMER],
    ['forever', TIMER],
    ['25d', TIMER],
    ['2147484', TIMER],
    ['0.5', FOLLOW],
    ['999ms', FOLLOW],
    ['forever', FOLLOW],
    ['25d', FOLLOW],
    ['1.5h', CACHE],
    ['0.5', CACHE],
    ['500ms', CACHE],
    ['0', CACHE],
    ['9'.repeat(400), CACHE],
    ['infinity', CACHE],
  ];
  it.each(bad)('%j (%j)', (input, spec) => {
    expect(() => parseDuration(input, '--x', spec)).toThrow(UsageError);
  });

  it('the message names the option, the forms and the range, on one line', () => {
    const message = (input: string, spec: DurationSpec) => {
      try {
        parseDuration(input, '--interval', spec);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    expect(message('soon', FOLLOW)).toBe('invalid --interval "soon": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)');
    expect(message('soon', CACHE)).toBe('invalid --interval "soon": expected a duration of at least 1s, in whole seconds or a whole number with a unit ms, s, m, h or d (30, 5m, 1d), or forever');
    expect(message('\u001b[2J\n', TIMER)).toBe('invalid --interval "\u241b[2J\u240a": expected a duration from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)');
  });
});

describe('formatDuration', () => {
  it.each([
    [500, '500ms'],
    [1000, '1s'],
    [90_000, '1m30s'],
    [3_600_000, '1h'],
    [DAY, '1d'],
    [2 * DAY + 90_000, '2d1m30s'],
  ] as const)('%d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
