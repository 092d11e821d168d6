import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { formatTimePoint, parseTimePoint, parseWindow } from '../../src/base/time.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0); // 2026-11-27T12:00:00Z
const at = (s: string) => {
  const p = parseTimePoint(s, '--since', NOW);
  if (p.kind !== 'time') throw new Error('not a time');
  return new Date(p.ms).toISOString();
};

describe('the time grammar', () => {
  it('reads dates as 00:00 UTC, months as their first day, date-times in UTC or with an offset', () => {
    expect(at('2024-01-01')).toBe('2024-01-01T00:00:00.000Z');
    expect(at('2024-03')).toBe('2024-03-01T00:00:00.000Z');
    expect(at('2024-01-01T12:00:00Z')).toBe('2024-01-01T12:00:00.000Z');
    expect(at('2024-01-01T12:00')).toBe('2024-01-01T12:00:00.000Z');
    expect(at('2024-01-01 12:00:30.25Z')).toBe('2024-01-01T12:00:30.250Z');
    expect(at('2024-01-01T12:00:00+02:00')).toBe('2024-01-01T10:00:00.000Z');
    expect(at('2024-01-01T12:00:00-0130')).toBe('2024-01-01T13:30:00.000Z');
    expect(at('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('reads ages back from now, Unix seconds, and now itself', () => {
    expect(at('30d')).toBe('2026-10-28T12:00:00.000Z');
    expect(at('12h')).toBe('2026-11-27T00:00:00.000Z');
    expect(at('2w')).toBe('2026-11-13T12:00:00.000Z');
    expect(at('90s')).toBe('2026-11-27T11:58:30.000Z');
    expect(at('6mo')).toBe('2026-05-27T12:00:00.000Z');
    expect(at('1y')).toBe('2025-11-27T12:00:00.000Z');
    expect(at('@1704067200')).toBe('2024-01-01T00:00:00.000Z');
    expect(at('now')).toBe('2026-11-27T12:00:00.000Z');
  });

  it('reads blocks as block:N or #N, with separators as block numbers print', () => {
    expect(parseTimePoint('block:19000000', '--since', NOW)).toMatchObject({ kind: 'block', block: 19000000n });
    expect(parseTimePoint('#19,000,000', '--since', NOW)).toMatchObject({ kind: 'block', block: 19000000n });
    expect(parseTimePoint('block:007', '--since', NOW)).toMatchObject({ kind: 'block', block: 7n });
    expect(formatTimePoint(parseTimePoint('block:5', '--since', NOW))).toBe('block 5');
    expect(formatTimePoint(parseTimePoint('2024-01-01', '--since', NOW))).toBe('2024-01-01T00:00:00Z');
  });

  it('refuses anything else naming the option and listing the forms', () => {
    for (const bad of ['', 'yesterday', '2024-13-01', '2024-02-30', '2024-01-01T25:00Z', '2024-1-1', '-5d', '5x', '@-1', '@1.5', 'block:', 'block:abc', 'block:99999999999999999999', '01/02/2024', '1e9']) {
      let err: unknown;
      try {
        parseTimePoint(bad, '--until', NOW);
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(UsageError);
      expect((err as Error).message).toMatch(/^invalid --until .*expected a date \(2024-01-01, 2024-03\).*@1704067200.*block:19000000/);
    }
  });

  it('takes a window only where since comes before until', () => {
    expect(parseWindow({}, NOW)).toBeUndefined();
    const w = parseWindow({ since: '2024-03', until: '2024-04' }, NOW)!;
    expect(w.since).toMatchObject({ kind: 'time', ms: Date.UTC(2024, 2, 1) });
    expect(w.until).toMatchObject({ kind: 'time', ms: Date.UTC(2024, 3, 1) });
    expect(() => parseWindow({ since: '2024-04', until: '2024-03' }, NOW)).toThrow('empty window: --since 2024-04-01T00:00:00Z is not before --until 2024-03-01T00:00:00Z (--since is inclusive, --until exclusive)');
    expect(() => parseWindow({ since: '2024-04', until: '2024-04' }, NOW)).toThrow(UsageError);
    expect(() => parseWindow({ since: 'block:10', until: 'block:10' }, NOW)).toThrow(/empty window/);
    // A block and a moment cannot be compared before asking the explorer: taken.
    expect(parseWindow({ since: 'block:10', until: '2024-01-01' }, NOW)).toBeDefined();
  });
});
