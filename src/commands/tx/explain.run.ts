/**
 * The run of `scout tx explain <hash>`: the transaction and its parts (summary, the user operations
 * of a bundle, token transfers, state changes, logs, raw trace, beacon deposits) asked for at once
 * through the session's one HTTP layer, which keeps to the explorer's rate limit; a blob
 * transaction's blobs once it says it is one. The transaction decides the outcome (its 404 is exit
 * 3); a part that fails is a note, never the end of the run. `--json` splices the bodies as sent
 * into one object, a member per part served.
 */
import { lacksEndpoint, type Params } from '../../api/client.js';
import { rawTracePath, transactionBeaconDeposits, transactionBlobs, transactionPath, transactionSummaryPath, transactionUserOps } from '../../api/endpoints.js';
import { HttpError, ResponseShapeError, ScoutError } from '../../base/errors.js';
import { blocking } from '../../base/io.js';
import type { ExplainPart, PartResult } from '../../render/explain.js';
import { partNotServed } from '../../run/object.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import { noSummaryReason, noSummaryService } from './summary.run.js';
import { emptyTraceMessage } from './trace.run.js';

type Part = Exclude<ExplainPart, 'transaction'>;

/** Each part's request: a path, and its query where it has one; lists as their first page. */
function partRequests(hash: string): Record<Part, { path: string; params?: Params }> {
  const tx = transactionPath(hash);
  const ops = transactionUserOps(hash);
  return {
    summary: { path: transactionSummaryPath(hash) },
    user_operations: { path: ops.path, params: ops.params },
    token_transfers: { path: `${tx}/token-transfers` },
    state_changes: { path: `${tx}/state-changes` },
    logs: { path: `${tx}/logs` },
    raw_trace: { path: rawTracePath(hash) },
    blobs: { path: transactionBlobs(hash).path },
    beacon_deposits: { path: transactionBeaconDeposits(hash).path },
  };
}

/**
 * Parts a chain may simply not have: an explorer without blobs or beacon deposits (any chain but
 * Ethereum's kind) lacks their endpoints, which says only that: the part is left out without a note.
 */
const CHAIN_SPECIFIC: ReadonlySet<Part> = new Set(['blobs', 'beacon_deposits']);

/** Why a part is missing, from its error: the server's status and words, or what went wrong. */
function missing(part: Part, e: unknown): string {
  if (part === 'summary' && noSummaryService(e)) return noSummaryReason(e);
  if (part === 'user_operations' && lacksEndpoint(e)) return `this explorer has no account abstraction service (${e instanceof HttpError ? e.answer : 'HTTP 404'})`;
  return e instanceof ScoutError ? e.message : String(e);
}

/** Whether the transaction as sent is a blob transaction (type 3). */
function isBlobTransaction(tx: unknown): boolean {
  return !!tx && typeof tx === 'object' && String((tx as { type?: unknown }).type) === '3';
}

export async function run(inv: Invocation, hash: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, 'tx explain · loading', s.render.color, { waits: s.waits });
  const requests = partRequests(hash);
  const ask = (p: Part) => explorer.getRaw(requests[p].path, requests[p].params ?? [], `${p.replace(/_/g, ' ')} of transaction ${hash}`);
  // Blobs are asked once the transaction says it has some (type 3): any other costs no request.
  const names: Part[] = (Object.keys(requests) as Part[]).filter((p) => p !== 'blobs');
  let txBody: string;
  let value: unknown;
  const parts: Partial<Record<Part, PartResult>> = {};
  try {
    // Every request starts before any answer is awaited.
    const tx = explorer.getRaw(transactionPath(hash), [], `transaction ${hash}`);
    const asked = names.map(ask);
    const settled = await Promise.allSettled([tx, ...asked]);
    const [txResult, ...partResults] = settled;
    if (txResult!.status === 'rejected') throw txResult!.reason;
    txBody = txResult!.value;
    value = JSON.parse(txBody);
    const blobs = isBlobTransaction(value) ? await Promise.allSettled([ask('blobs')]) : [];
    if (blobs.length > 0) names.push('blobs');
    const results = [...partResults, ...blobs];
    for (const r of results) if (r.status === 'rejected' && !partNotServed(r.reason)) throw r.reason;
    names.forEach((p, i) => {
      const r = results[i]!;
      if (r.status === 'fulfilled') parts[p] = { body: r.value };
      // A chain without blobs or deposits lacks their endpoints: nothing to say.
      else if (!(CHAIN_SPECIFIC.has(p) && lacksEndpoint(r.reason))) parts[p] = { missing: missing(p, r.reason) };
    });
  } finally {
    progress.stop();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ResponseShapeError(`unusable response from ${new URL(explorer.baseUrl).origin}: expected a transaction object`);
  }
  if (mode === 'json' || mode === 'ndjson') {
    const order = (Object.keys(requests) as Part[]).filter((p) => parts[p] !== undefined);
    for (const p of order) {
      const r = parts[p]!;
      if ('missing' in r) await s.io.err.write(`scout: note: no ${p.replace(/_/g, ' ')}: ${r.missing}\n`);
    }
    // The bodies as sent, spliced: a member per part served, in the order of the view.
    const members = [['transaction', txBody] as const, ...order.flatMap((p) => {
      const r = parts[p]!;
      return 'body' in r ? [[p, r.body] as const] : [];
    })];
    const doc = `{${members.map(([k, body]) => `${JSON.stringify(k)}:${body.trim()}`).join(',')}}`;
    return printDocument(s, doc, mode);
  }
  const { renderExplain } = await import('../../render/explain.js');
  const blocks = blocking(s.io, () => renderExplain(hash, txBody, parts, s.render, emptyTraceMessage(value)));
  for (const b of blocks) {
    if ('out' in b) await s.io.out.write(b.out);
    else await s.io.err.write(`scout: note: ${b.note}\n`);
  }
}
