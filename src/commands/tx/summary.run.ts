/**
 * The run of `scout tx summary <hash>`. The summary comes from an optional service behind the
 * explorer: an explorer without it answers 403 `{"message":"Transaction Interpretation Service is
 * disabled"}`, one whose service failed 500 `{"error":"Error while sending request to Transaction
 * Interpretation Service"}` (or the service's own status), an older one 404; a transaction that did
 * not succeed gets 200 `null`. None of that is an error of the command: it is one line on stderr
 * and exit 0, once the transaction itself is known to exist (a 404 for it is still exit 3).
 */
import { transactionPath, transactionSummaryPath } from '../../api/endpoints.js';
import { AuthError, HttpError, NotFoundError } from '../../base/errors.js';
import { blocking } from '../../base/io.js';
import { safeText } from '../../base/text/safe.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import type { Session } from '../../run/session.js';

/**
 * Whether an error answer to a summary request means "no summary here" rather than a failure of
 * the request: any status the HTTP layer does not retry or report as a refused key (404, 403, 5xx).
 */
export function noSummaryService(e: unknown): e is NotFoundError | HttpError | AuthError {
  return e instanceof NotFoundError || e instanceof HttpError || (e instanceof AuthError && e.status === 403);
}

/** The line for a summary the explorer could not give, from its error answer. */
export function noSummaryReason(e: NotFoundError | HttpError | AuthError): string {
  const status = e instanceof NotFoundError ? 404 : e.status;
  // The server's words, as the HTTP layer already made them safe: "…(HTTP 403): <words>", "HTTP 500: <words>".
  const words = (e instanceof HttpError ? e.answer : e.message).match(/HTTP \d{3}\)?:? (.*)$/s)?.[1]?.trim();
  const said = `HTTP ${status}${words ? `: ${safeText(words)}` : ''}`;
  return status >= 500 ? `the explorer's summary service failed (${said})` : `this explorer has no summary service (${said})`;
}

export async function run(inv: Invocation, hash: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, 'tx summary · loading', s.render.color, { waits: s.waits });
  let body: string | undefined;
  let none: string | undefined;
  try {
    body = await explorer.getRaw(transactionSummaryPath(hash), [], `summary of transaction ${hash}`);
  } catch (e) {
    if (!noSummaryService(e)) throw e;
    // No summary, or no such transaction: the transaction says which (its 404 is exit 3).
    await explorer.getRaw(transactionPath(hash), [], `transaction ${hash}`);
    none = noSummaryReason(e);
  } finally {
    progress.stop();
  }
  if (body === undefined) return s.io.err.write(`no summary: ${none}\n`);
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
  await printSummary(s, body);
}

/** A summary body (already checked to be JSON) as lines, or the one line saying why it has none. */
export async function printSummary(s: Pick<Session, 'io' | 'render'>, body: string): Promise<void> {
  const { summaryLines } = await import('../../render/summary.js');
  const { wrapLine } = await import('../../render/wrap.js');
  const outcome = blocking(s.io, () => summaryLines(body, s.render));
  // On a terminal a long summary wraps at the width, later lines indented under the first.
  const line = (l: string) => (s.render.tty ? wrapLine(l, s.render.width, '', '  ') : l);
  if ('lines' in outcome) await s.io.out.write(outcome.lines.map((l) => line(l) + '\n').join(''));
  else await s.io.err.write(`no summary: ${outcome.none}\n`);
}
