/**
 * The run of `scout tx explain <hash>`: the transaction and its parts (summary, the user operations
 * of a bundle, token transfers, state changes, logs, raw trace) asked for at once through the session's one HTTP layer, which
 * keeps to the explorer's rate limit. The transaction decides the outcome (its 404 is exit 3); a
 * part that fails is a note, never the end of the run. `--json` splices the bodies as sent into one
 * object, a member per part served.
 */
import { lacksEndpoint, type Params } from '../../api/client.js';
import { rawTracePath, transactionPath, transactionSummaryPath, transactionUserOps } from '../../api/endpoints.js';
import { AuthError, HttpError, NotFoundError, ResponseShapeError, ResponseTooLargeError, ScoutError } from '../../base/errors.js';
import { blocking } from '../../base/io.js';
import type { ExplainPart, PartResult } from '../../render/explain.js';
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
  };
}

/**
 * Whether a part's error means the explorer lacks that part (an answer it gave: 404, 403, 5xx, a
 * body of no use) rather than a failure of the run (rate limit, timeout, network, a refused key,
 * Ctrl-C), which ends it with its own exit code like any command.
 */
function lacking(e: unknown): boolean {
  return (
    e instanceof NotFoundError ||
    e instanceof HttpError ||
    (e instanceof AuthError && e.status === 403) ||
    e instanceof ResponseShapeError ||
    e instanceof ResponseTooLargeError
  );
}

/** Why a part is missing, from its error: the server's status and words, or what went wrong. */
function missing(part: Part, e: unknown): string {
  if (part === 'summary' && noSummaryService(e)) return noSummaryReason(e);
  if (part === 'user_operations' && lacksEndpoint(e)) return `this explorer has no account abstraction service (${e instanceof HttpError ? e.answer : 'HTTP 404'})`;
  return e instanceof ScoutError ? e.message : String(e);
}

export async function run(inv: Invocation, hash: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, 'tx explain · loading', s.render.color, { waits: s.waits });
  const requests = partRequests(hash);
  const names = Object.keys(requests) as Part[];
  let txBody: string;
  const parts: Partial<Record<Part, PartResult>> = {};
  try {
    // Every request starts before any answer is awaited.
    const tx = explorer.getRaw(transactionPath(hash), [], `transaction ${hash}`);
    const asked = names.map((p) => explorer.getRaw(requests[p].path, requests[p].params ?? [], `${p.replace(/_/g, ' ')} of transaction ${hash}`));
    const settled = await Promise.allSettled([tx, ...asked]);
    const [txResult, ...partResults] = settled;
    if (txResult!.status === 'rejected') throw txResult!.reason;
    for (const r of partResults) if (r.status === 'rejected' && !lacking(r.reason)) throw r.reason;
    txBody = txResult!.value;
    names.forEach((p, i) => {
      const r = partResults[i]!;
      parts[p] = r.status === 'fulfilled' ? { body: r.value } : { missing: missing(p, r.reason) };
    });
  } finally {
    progress.stop();
  }
  const value: unknown = JSON.parse(txBody);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ResponseShapeError(`unusable response from ${new URL(explorer.baseUrl).origin}: expected a transaction object`);
  }
  if (mode === 'json' || mode === 'ndjson') {
    for (const p of names) {
      const r = parts[p]!;
      if ('missing' in r) await s.io.err.write(`scout: note: no ${p.replace(/_/g, ' ')}: ${r.missing}\n`);
    }
    // The bodies as sent, spliced: a member per part served, in the order of the view.
    const members = [['transaction', txBody] as const, ...names.flatMap((p) => {
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
