/**
 * `tx show <hash> --wait`: the transaction fetched every interval until it is mined and has the
 * confirmations asked for, then printed as `tx show` prints it.
 *
 * - Not found (404) before it was ever seen: the explorer has not seen it yet; keep waiting.
 * - Seen, then not found, or `result: "dropped/replaced"`: it left the mempool; exit 1.
 * - Pending (`block_number: null`): keep waiting; mined but short of the confirmations: keep waiting.
 * - `--wait-timeout` passed first: exit 1, saying what it was waiting for.
 * - MAX_FAILED_POLLS polls in a row failed (no network, the explorer down; each poll already retried
 *   as every request is): exit 1 with the last failure, instead of trying for ever.
 *
 * Confirmations are the transaction's own `confirmations` (1 in the block that mined it); from a
 * server that leaves them out, the head block of `/api/v2/blocks` minus the block number, plus 1.
 * A transaction mined and failed is still mined: it is printed, and the exit status is 0.
 */
import type { ExplorerClient } from '../api/client.js';
import { NotFoundError, ScoutError } from '../base/errors.js';
import { partsOf, printObject } from './object.js';
import { printDocument } from './output.js';
import { chainInterval, pause, transient } from './poll.js';
import { openProgress } from './progress.js';
import type { Invocation } from '../kit/invocation.js';
import type { ObjectParts, ObjectRequest, WaitPlan } from '../kit/spec.js';
import { formatDuration } from '../base/validate.js';
import type { ObjectViewRef } from '../kit/view-ref.js';

/** A transaction that left the mempool without being mined. */
export class DroppedError extends ScoutError {}

/** A wait that ran out of --wait-timeout. */
export class WaitTimeoutError extends ScoutError {}

/**
 * Polls that may fail in a row before --wait gives up. Each has had its retries (--retries, with
 * their back-off), so ten in a row is minutes of an unreachable explorer at the default pace.
 */
export const MAX_FAILED_POLLS = 10;

type Json = Record<string, unknown>;

/** The block number a transaction was mined in, or null while pending. */
function minedIn(tx: Json): bigint | null {
  const v = tx.block_number ?? tx.block;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  return null;
}

/** The head block of the chain: the height of the newest block `/api/v2/blocks` lists. */
async function headBlock(client: ExplorerClient): Promise<bigint | null> {
  const page = await client.page<Json>({ path: '/api/v2/blocks', params: [['type', 'block']], what: 'the latest blocks' });
  const h = page.items()[0]?.height;
  return typeof h === 'number' && Number.isSafeInteger(h) ? BigInt(h) : typeof h === 'string' && /^\d+$/.test(h) ? BigInt(h) : null;
}

/** How many confirmations a mined transaction has. */
async function confirmationsOf(tx: Json, block: bigint, client: ExplorerClient): Promise<bigint> {
  const c = tx.confirmations;
  if (typeof c === 'number' && Number.isSafeInteger(c) && c >= 0) return BigInt(c);
  const head = await headBlock(client);
  return head === null ? 1n : head >= block ? head - block + 1n : 1n;
}

/** Waits for the transaction `req` names as `plan` says, then prints it as `tx show` does. */
export async function runWait<T>(inv: Invocation, req: ObjectRequest<T>, viewRef: ObjectViewRef<T>, plan: WaitPlan, parts?: ObjectParts): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  // Polls ask again because the answer changes: never from --cache.
  const client = s.explorer().uncached();
  const { io } = s;
  const started = io.now();
  const deadline = plan.timeoutMs === undefined ? Infinity : started + plan.timeoutMs;
  const wanted = BigInt(plan.confirmations);
  const progress = await openProgress(io, mode, `${inv.path.join(' ')} · waiting`, s.render.color, { waits: s.waits });
  let interval = plan.intervalMs;
  let seen = false;
  let state = 'not yet seen by the explorer';
  let body: string | undefined;
  let failedInARow = 0;
  try {
    for (;;) {
      try {
        const got = await client.getRaw(req.path, req.params ?? [], req.what, req.headers);
        failedInARow = 0;
        const tx: unknown = JSON.parse(got);
        if (!tx || typeof tx !== 'object' || Array.isArray(tx)) {
          // Not a transaction: print it the way tx show would, which reports it.
          body = got;
          break;
        }
        seen = true;
        const t = tx as Json;
        if (t.result === 'dropped/replaced') throw new DroppedError(`${req.what} was dropped or replaced before it was mined`);
        const block = minedIn(t);
        if (block === null) state = 'pending';
        else {
          const have = await confirmationsOf(t, block, client);
          if (have >= wanted) {
            body = got;
            break;
          }
          state = `mined in block ${block}, ${have} of ${wanted} confirmations`;
        }
      } catch (e) {
        if (e instanceof NotFoundError) {
          failedInARow = 0;
          if (seen) throw new DroppedError(`${req.what} was dropped or replaced: the explorer no longer has it`);
        } else if (transient(e)) {
          // The network or a 5xx after the retries: the next poll may get through, up to a point.
          progress.stop();
          if (++failedInARow >= MAX_FAILED_POLLS) {
            throw new ScoutError(`gave up waiting for ${req.what} after ${MAX_FAILED_POLLS} failed polls in a row: ${e.message}`, { hint: `it was ${state}` });
          }
          await io.err.write(`scout: warning: ${e.message}; trying again\n`);
        } else throw e;
      }
      interval ??= (await chainInterval(client)).ms;
      const left = deadline - io.now();
      if (left <= 0) {
        throw new WaitTimeoutError(`timed out after ${formatDuration(plan.timeoutMs ?? 0)} waiting for ${req.what}: ${state}`);
      }
      progress.update(`${inv.path.join(' ')} · ${state}`);
      await pause(io, Math.min(interval, left), inv.env.signal);
    }
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
  // The parts of the object as it ended up (a blob transaction's blobs, once it is mined).
  const got = parts ? await partsOf(client, body, parts) : undefined;
  for (const note of got?.notes ?? []) await io.err.write(`scout: note: ${note}\n`);
  await printObject(s, body, new URL(client.baseUrl).origin, await viewRef(), got?.parts);
}
