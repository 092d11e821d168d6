/**
 * What --watch and --wait share: how long to wait between polls when --interval is not given (the
 * chain's average block time, from the explorer's stats), the wait itself (the Io's, so tests see it;
 * Ctrl-C ends it), and which failures of a poll are worth another try.
 */
import type { ExplorerClient } from '../api/client.js';
import { sleep } from '../api/http.js';
import { HttpError, InterruptedError, NetworkError, RateLimitError, ResponseEnvelopeError, ResponseShapeError, ScoutError, TimeoutError } from '../base/errors.js';
import type { Io } from '../base/io.js';

/** The interval when the explorer does not say its block time: Ethereum's 12-second slot. */
export const FALLBACK_INTERVAL_MS = 12_000;
/** The shortest default interval: a chain with 250 ms blocks is still polled at most every 2 s. */
export const MIN_DEFAULT_INTERVAL_MS = 2_000;
/** The longest default interval: a chain with slow or stalled blocks is still looked at every minute. */
export const MAX_DEFAULT_INTERVAL_MS = 60_000;

/**
 * The default time between polls: `average_block_time` (milliseconds) of `/api/v2/stats`, kept
 * between 2 s and 60 s. An explorer without stats, or whose stats have no usable block time, gets
 * 12 s; only Ctrl-C stops here, any other failure falls back (the list's own request reports it).
 */
export async function chainInterval(client: ExplorerClient): Promise<{ ms: number; from: 'stats' | 'fallback' }> {
  let body: string;
  try {
    body = await client.getRaw('/api/v2/stats', [], 'the explorer stats');
  } catch (e) {
    if (e instanceof InterruptedError || !(e instanceof ScoutError)) throw e;
    return { ms: FALLBACK_INTERVAL_MS, from: 'fallback' };
  }
  const stats: unknown = JSON.parse(body);
  const v = stats && typeof stats === 'object' ? (stats as Record<string, unknown>).average_block_time : undefined;
  const ms = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  if (!(ms > 0 && Number.isFinite(ms))) return { ms: FALLBACK_INTERVAL_MS, from: 'fallback' };
  return { ms: Math.min(MAX_DEFAULT_INTERVAL_MS, Math.max(MIN_DEFAULT_INTERVAL_MS, Math.ceil(ms))), from: 'stats' };
}

/** Waits `ms` between polls; Ctrl-C (`signal`) ends the wait with InterruptedError. */
export function pause(io: Io, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return (io.sleep ?? sleep)(ms, signal);
}

/**
 * A failure a later poll may not meet: the network, a timeout, a rate limit still spent after the
 * retries, a 5xx, a cut-off body. Refused credentials, a 4xx or an answer of the wrong shape would
 * come back the same, and end the run.
 */
export function transient(e: unknown): e is ScoutError {
  if (e instanceof ResponseEnvelopeError) return false;
  if (e instanceof HttpError) return e.status >= 500;
  return e instanceof NetworkError || e instanceof TimeoutError || e instanceof RateLimitError || e instanceof ResponseShapeError;
}
