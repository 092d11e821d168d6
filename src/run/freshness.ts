/**
 * Freshness. A command whose answer depends on what the explorer has indexed (its spec says
 * `indexed`: a history, a window, a counter) asks `/api/v2/main-page/indexing-status` once per run,
 * beside its own first request (the executor starts it when the session opens), and once its output
 * is printed warns on stderr while that part is unfinished:
 *
 *     scout: warning: this explorer has indexed 87% of blocks; results may be incomplete
 *
 * Internal transactions are named when blocks are done and they are not, for a command that uses
 * them. Nothing is said, and nothing waits, when the status cannot be had: an explorer without the
 * endpoint, a failure (the request is never tried again), a body of another shape, or an answer that
 * has not come within a moment of the command's own end.
 */
import { INDEXING_STATUS_PATH } from '../api/endpoints.js';
import type { Io } from '../base/io.js';
import type { Session } from '../kit/invocation.js';
import type { Indexed } from '../kit/spec.js';

/** How long the end of a run waits for a status still on its way, in milliseconds: never longer. */
export const FRESHNESS_GRACE_MS = 300;

/**
 * The body of the indexing status, or undefined when it cannot be had; never rejects. Not asked of
 * the hosted PRO API, where every request spends credits (the explorers behind it are kept indexed).
 */
export function probeIndexing(s: Session): Promise<string | undefined> {
  try {
    if (s.settings.explorer().pro) return Promise.resolve(undefined);
    return s
      .explorer()
      .getOnce(INDEXING_STATUS_PATH, 'indexing status')
      .catch(() => undefined);
  } catch {
    return Promise.resolve(undefined);
  }
}

/** A ratio as sent (`"0.87"`, `0.87`), when it is one. */
function ratioOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** "indexed 87% of blocks", or "still indexing blocks" when the ratio says nothing useful. */
function progress(what: string, ratio: number | undefined): string {
  const percent = ratio === undefined ? undefined : Math.floor(ratio * 100);
  return percent === undefined || percent >= 100 ? `is still indexing ${what}` : `has indexed ${percent}% of ${what}`;
}

/**
 * The warning the status `body` calls for, for a command that depends on `needs`; undefined when the
 * explorer has finished that part, or the body does not say.
 */
export function indexingWarning(body: string, needs: Indexed): string | undefined {
  let status: unknown;
  try {
    status = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!status || typeof status !== 'object' || Array.isArray(status)) return undefined;
  const o = status as Record<string, unknown>;
  const tail = '; results may be incomplete';
  const blocksRatio = ratioOf(o.indexed_blocks_ratio);
  const blocksDone = typeof o.finished_indexing_blocks === 'boolean' ? o.finished_indexing_blocks : blocksRatio === undefined ? undefined : blocksRatio >= 1;
  if (blocksDone === false) return `this explorer ${progress('blocks', blocksRatio)}${tail}`;
  if (needs !== 'internal-transactions' || blocksDone === undefined) return undefined;
  // `finished_indexing` is the whole of it: with blocks done, what is left is internal transactions.
  const internalRatio = ratioOf(o.indexed_internal_transactions_ratio);
  const internalDone = typeof o.finished_indexing === 'boolean' ? o.finished_indexing : internalRatio === undefined ? undefined : internalRatio >= 1;
  return internalDone === false ? `this explorer ${progress('internal transactions', internalRatio)}${tail}` : undefined;
}

/**
 * At the end of a run: the warning, if the status has come (or comes within FRESHNESS_GRACE_MS) and
 * calls for one. Never fails.
 */
export async function tellIndexing(io: Pick<Io, 'err'>, probe: Promise<string | undefined>, needs: Indexed): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), FRESHNESS_GRACE_MS);
    timer.unref?.();
  });
  try {
    const body = await Promise.race([probe, late]);
    const warning = body === undefined ? undefined : indexingWarning(body, needs);
    if (warning) await io.err.write(`scout: warning: ${warning}\n`);
  } catch {
    // Told or not, the run's own outcome stands.
  } finally {
    clearTimeout(timer);
  }
}
