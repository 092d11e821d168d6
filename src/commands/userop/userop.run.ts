/**
 * The run of `scout userop <hash>`: `/proxy/account-abstraction/operations/{h}` and its `/summary`
 * asked for at once. The operation decides: its 404 is exit 3, and so is an explorer without the
 * account abstraction service (501 "Service is disabled", or 404 where it has no such path). The
 * summary is extra: when the explorer has none (its interpretation service off, 403; failed, 5xx) a
 * note says so and the rest shows. --json splices the summary's text under `summary` into the
 * operation's, both as sent.
 */
import { lacksEndpoint } from '../../api/client.js';
import { userOpPath, userOpSummaryPath } from '../../api/endpoints.js';
import type { UserOp } from '../../api/schemas.js';
import { HttpError, InterruptedError, NotFoundError, ResponseShapeError } from '../../base/errors.js';
import { blocking } from '../../base/io.js';
import type { Invocation } from '../../kit/invocation.js';
import { objectText } from '../../run/object.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import { withMember } from '../address/show.run.js';
import { noSummaryReason, noSummaryService } from '../tx/summary.run.js';

/** The operation's error, told as the explorer meant it: an unknown operation, or no service at all (both exit 3). */
function opError(e: unknown, hash: string, origin: string): unknown {
  if (e instanceof HttpError && lacksEndpoint(e)) return new NotFoundError(`${origin} has no account abstraction service (${e.answer})`, { cause: e });
  if (e instanceof NotFoundError) {
    return new NotFoundError(e.message, { cause: e, hint: `is it on this chain, and does its explorer index ERC-4337? scout aa status says whether the service is up` });
  }
  return e;
}

/** The calls unrolled, or none when something in the answer defeats the decoding: the rest still shows. */
function calls<T>(unroll: () => T): T | undefined {
  try {
    return unroll();
  } catch {
    return undefined;
  }
}

export async function run(inv: Invocation, hash: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  const progress = await openProgress(s.io, mode, 'userop · loading', s.render.color, { waits: s.waits });
  let body: string;
  let summary: string | undefined;
  let none: string | undefined;
  try {
    const [op, sum] = await Promise.allSettled([
      explorer.getRaw(userOpPath(hash), [], `user operation ${hash}`),
      explorer.getRaw(userOpSummaryPath(hash), [], `summary of user operation ${hash}`),
    ]);
    if (op.status === 'rejected') throw opError(op.reason, hash, origin);
    body = op.value;
    if (sum.status === 'fulfilled') summary = sum.value;
    else if (noSummaryService(sum.reason)) none = noSummaryReason(sum.reason);
    else if (sum.reason instanceof InterruptedError || !(sum.reason instanceof Error)) throw sum.reason;
    else none = sum.reason.message;
  } finally {
    progress.stop();
  }
  if (none !== undefined) await s.io.err.write(`scout: note: no summary: ${none}\n`);
  if (mode === 'json' || mode === 'ndjson') {
    const doc = summary === undefined ? body : withMember(body, 'summary', summary);
    if (doc === undefined) throw new ResponseShapeError(`unusable response from ${origin}: expected a user operation object`);
    return printDocument(s, doc, mode);
  }
  const [{ UserOp: shape }, { renderUserOp }, { summaryLines }, { unrollUserOp }] = await Promise.all([
    import('../../api/shapes.js'),
    import('../../render/userop.js'),
    import('../../render/summary.js'),
    import('../../abi/smart-account.js'),
  ]);
  let lines: readonly string[] | undefined;
  if (summary !== undefined) {
    const outcome = blocking(s.io, () => summaryLines(summary, s.render));
    if ('lines' in outcome) lines = outcome.lines;
    else await s.io.err.write(`scout: note: no summary: ${outcome.none}\n`);
  }
  const text = await objectText(s.io, s.render, body, origin, {
    noun: 'user operation',
    shape,
    render: (op: UserOp, ctx) => renderUserOp(op, { unrolled: calls(() => unrollUserOp(op)), summary: lines }, ctx),
  });
  await s.io.out.write(text);
}
