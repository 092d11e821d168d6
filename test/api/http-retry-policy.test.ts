/**
 * The retry policy alone (src/api/retry.ts): which failed attempts go again, how many times, and how
 * long to wait first. No network, no clock but the one passed in.
 */
import { describe, expect, it } from 'vitest';
import { idempotent, type Outcome, RetryPolicy } from '../../src/api/retry.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

function policy(over: Partial<ConstructorParameters<typeof RetryPolicy>[0]> = {}): RetryPolicy {
  return new RetryPolicy({ retries: 3, backoffMs: 100, maxWaitMs: 60_000, now: () => NOW, random: () => 0, ...over });
}

const status = (s: number, headers: Record<string, string | string[]> = {}): Outcome => ({ status: s, headers });
const fault = (kind: 'timeout' | 'unreachable' | 'broken', message = 'x'): Outcome => ({ fault: kind, message });
const UNUSABLE: Outcome = { unusable: true };

describe('what is tried again', () => {
  it.each([429, 502, 503, 504])('a GET answered %i goes again', (s) => {
    expect(policy().retryable('GET', status(s))).toBe(true);
  });

  it.each([400, 401, 402, 403, 404, 422, 500, 501, 505])('a GET answered %i does not', (s) => {
    expect(policy().retryable('GET', status(s))).toBe(false);
  });

  it.each(['timeout', 'unreachable', 'broken'] as const)('a GET whose attempt ended in a %s fault goes again', (kind) => {
    expect(policy().retryable('GET', fault(kind))).toBe(true);
  });

  it('a GET whose 2xx body could not be used goes again', () => {
    expect(policy().retryable('GET', UNUSABLE)).toBe(true);
  });

  it('only GET (and HEAD) are idempotent', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => idempotent(m))).toEqual(['GET', 'HEAD']);
  });

  it('a request that is not safe to repeat goes again only when it certainly did not reach the server', () => {
    const p = policy();
    expect(p.retryable('POST', fault('unreachable', 'ECONNREFUSED'))).toBe(true);
    expect(p.retryable('POST', status(429))).toBe(true);
    for (const o of [fault('timeout'), fault('broken'), UNUSABLE, status(502), status(503), status(504)]) {
      expect(p.retryable('POST', o)).toBe(false);
    }
  });

  it('a POST marked safe to repeat (a JSON-RPC read) goes again as a GET does', () => {
    const p = policy();
    for (const o of [fault('timeout'), fault('broken'), UNUSABLE, status(502), status(503), status(504), status(429)]) {
      expect(p.retryable('POST', o, true)).toBe(true);
    }
    expect(p.retryable('POST', status(500), true)).toBe(false);
    expect([2, 3].map((n) => p.again('POST', status(502), n, true))).toEqual([true, false]);
  });
});

describe('how many times', () => {
  it('each attempt up to `retries` goes again, the last does not', () => {
    const p = policy({ retries: 2 });
    expect([0, 1, 2].map((n) => p.again('GET', status(503), n))).toEqual([true, true, false]);
  });

  it('retries 0: one attempt', () => {
    expect(policy({ retries: 0 }).again('GET', status(503), 0)).toBe(false);
  });

  it('ENOTFOUND goes again once at most, EAI_AGAIN as often as any fault', () => {
    const p = policy({ retries: 3 });
    expect(p.limit(fault('unreachable', 'ENOTFOUND'))).toBe(1);
    expect(p.limit(fault('unreachable', 'EAI_AGAIN'))).toBe(3);
    expect(p.limit(fault('broken', 'ENOTFOUND'))).toBe(3);
    expect(policy({ retries: 0 }).limit(fault('unreachable', 'ENOTFOUND'))).toBe(0);
  });

  it('a status that is not retried stops at once, whatever is left', () => {
    expect(policy({ retries: 5 }).again('GET', status(404), 0)).toBe(false);
  });
});

describe('how long to wait', () => {
  it('a 429 waits x-ratelimit-reset milliseconds', () => {
    expect(policy().wait(0, status(429, { 'x-ratelimit-reset': '1234', 'retry-after': '9' }))).toBe(1234);
  });

  it('a 429 without a reset waits Retry-After: seconds, or until an HTTP date', () => {
    expect(policy().wait(0, status(429, { 'retry-after': '3' }))).toBe(3000);
    expect(policy().wait(0, status(429, { 'retry-after': new Date(NOW + 7_000).toUTCString() }))).toBe(7000);
  });

  it('a -1 reset (no limit applied) falls back to Retry-After; a repeated header counts by its first value', () => {
    expect(policy().wait(0, status(429, { 'x-ratelimit-reset': '-1', 'retry-after': '2' }))).toBe(2000);
    expect(policy().wait(0, status(429, { 'retry-after': ['4', '8'] }))).toBe(4000);
  });

  it("a 429's own word is capped by maxWaitMs", () => {
    expect(policy({ maxWaitMs: 5000 }).wait(0, status(429, { 'x-ratelimit-reset': '600000' }))).toBe(5000);
    expect(policy({ maxWaitMs: 5000 }).wait(0, status(429, { 'retry-after': '3600' }))).toBe(5000);
  });

  it('a Retry-After that is neither seconds nor a date, or in the past, gives way to backoff', () => {
    expect(policy().wait(1, status(429, { 'retry-after': 'soon' }))).toBe(100);
    expect(policy().wait(1, status(429, { 'retry-after': new Date(NOW - 60_000).toUTCString() }))).toBe(100);
  });

  it('anything else backs off exponentially, jittered within [base/2, base), capped', () => {
    expect([0, 1, 2, 3].map((n) => policy().wait(n, status(503, { 'retry-after': '30' })))).toEqual([50, 100, 200, 400]);
    const high = policy({ random: () => 0.999 });
    expect(high.wait(0, fault('broken'))).toBeGreaterThanOrEqual(50);
    expect(high.wait(0, fault('broken'))).toBeLessThan(100);
    expect(policy({ maxWaitMs: 300 }).wait(5, UNUSABLE)).toBe(300);
  });
});
