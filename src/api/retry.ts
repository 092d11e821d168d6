/**
 * The retry policy: which failed attempts are tried again, how many times, and how long to wait
 * first. Decisions only; the retry layer (http.ts) asks them after each attempt and does the waiting.
 *
 * - Tried again: a connection fault or a timeout, a 2xx body the caller could not use (cut short,
 *   an HTML page served with 200), 429 and 502/503/504; never another status, a body past
 *   --max-body, or whole JSON of the wrong shape (the same request gets the same answer).
 * - Only a request that is safe to repeat (idempotent: GET, or a POST marked so: a JSON-RPC read) is
 *   tried again after it may have reached the server. Any other method is tried again only when it certainly did not: no connection was
 *   made, or the server refused it with a 429 before doing anything.
 * - ENOTFOUND (the name does not exist, or there is no network) is tried again once at most.
 * - The wait: a 429's own word (`x-ratelimit-reset` in milliseconds, else `Retry-After` in seconds
 *   or as an HTTP date), else exponential backoff with jitter; never longer than `maxWaitMs`.
 */
import type { Headers, Method } from './exchange.js';

/** Statuses that say "not now" rather than "no". */
export const RETRY_STATUS: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Retries after ENOTFOUND: the resolver answered that the name does not exist (or there is no
 * network at all); one more try covers a blip, more only make an offline machine wait.
 */
const NOT_FOUND_RETRIES = 1;

/** How an attempt failed, as the policy sees it. */
export type Outcome =
  /** An answer that is not 2xx. */
  | { status: number; headers: Headers }
  /** No answer: `message` is the error code for `unreachable`. */
  | { fault: 'timeout' | 'unreachable' | 'broken'; message: string }
  /** A 2xx answer whose body the caller could not use. */
  | { unusable: true };

export interface RetryOptions {
  /** Extra attempts after the first. */
  retries: number;
  /** First backoff step; doubles each retry, with jitter. */
  backoffMs: number;
  /** Longest single wait for a rate limit or backoff. */
  maxWaitMs: number;
  now: () => number;
  random: () => number;
}

/** A method whose request may be sent twice with the effect of once. */
export function idempotent(method: Method | string): boolean {
  return method === 'GET' || method === 'HEAD';
}

function header(h: Headers, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

export class RetryPolicy {
  constructor(private readonly opts: RetryOptions) {}

  get retries(): number {
    return this.opts.retries;
  }

  /**
   * Whether the attempt numbered `n` (0 for the first) that ended with `outcome` is tried again:
   * its kind may be retried for `method`, and the retries for it are not spent.
   */
  again(method: Method | string, outcome: Outcome, n: number, repeatable = idempotent(method)): boolean {
    return this.retryable(method, outcome, repeatable) && n < this.limit(outcome);
  }

  /**
   * Whether an attempt that ended so may be tried again at all. `repeatable`: the request may be
   * sent twice with the effect of once (by default, as its method says; a JSON-RPC read says so itself).
   */
  retryable(method: Method | string, outcome: Outcome, repeatable = idempotent(method)): boolean {
    const safe = repeatable;
    if ('status' in outcome) return safe ? RETRY_STATUS.has(outcome.status) : outcome.status === 429;
    if ('fault' in outcome) return safe || outcome.fault === 'unreachable';
    return safe;
  }

  /** How many retries an outcome of this kind gets. */
  limit(outcome: Outcome): number {
    const notFound = 'fault' in outcome && outcome.fault === 'unreachable' && outcome.message === 'ENOTFOUND';
    return notFound ? Math.min(NOT_FOUND_RETRIES, this.opts.retries) : this.opts.retries;
  }

  /**
   * How long to wait before retry number `n` (0-based) after `outcome`: a 429's own word, else
   * backoff, at most maxWaitMs.
   */
  wait(n: number, outcome: Outcome): number {
    if ('status' in outcome && outcome.status === 429) {
      const reset = Number(header(outcome.headers, 'x-ratelimit-reset'));
      if (Number.isFinite(reset) && reset > 0) return Math.min(reset, this.opts.maxWaitMs);
      const ra = header(outcome.headers, 'retry-after');
      if (ra !== undefined) {
        const secs = Number(ra);
        const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(ra) - this.opts.now();
        if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, this.opts.maxWaitMs);
      }
    }
    const base = this.opts.backoffMs * 2 ** n;
    // Jitter in [base/2, base) so parallel clients do not retry in step.
    return Math.min(base / 2 + (this.opts.random() * base) / 2, this.opts.maxWaitMs);
  }
}
