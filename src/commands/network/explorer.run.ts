/**
 * The run of `scout explorer`: the explorer's configuration endpoints asked at once through the
 * session's one HTTP layer; a part the explorer does not serve (an older version, a path turned off)
 * is a note, never the end of the run, unless it serves none of them.
 */
import { EXPLORER_PARTS, type ExplorerPart } from '../../api/endpoints.js';
import { AuthError, HttpError, NotFoundError, ResponseShapeError, ScoutError } from '../../base/errors.js';
import type { Invocation } from '../../kit/invocation.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';

/** An answer that says the explorer lacks the part, rather than a failure of the run. */
function lacking(e: unknown): boolean {
  return e instanceof NotFoundError || e instanceof HttpError || (e instanceof AuthError && e.status === 403) || e instanceof ResponseShapeError;
}

export async function run(inv: Invocation): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const names = Object.keys(EXPLORER_PARTS) as ExplorerPart[];
  const progress = await openProgress(s.io, mode, 'explorer · loading', s.render.color, { waits: s.waits });
  let settled: PromiseSettledResult<string>[];
  try {
    settled = await Promise.allSettled(names.map((p) => explorer.getRaw(EXPLORER_PARTS[p], [], `the explorer's ${p.replace(/_/g, ' ')}`)));
  } finally {
    progress.stop();
  }
  for (const r of settled) if (r.status === 'rejected' && !lacking(r.reason)) throw r.reason;
  const served: [ExplorerPart, string][] = [];
  for (const [i, p] of names.entries()) {
    const r = settled[i]!;
    if (r.status === 'fulfilled') served.push([p, r.value]);
    else await s.io.err.write(`scout: note: no ${p.replace(/_/g, ' ')}: ${r.reason instanceof ScoutError ? r.reason.message : String(r.reason)}\n`);
  }
  if (served.length === 0) throw (settled[0] as PromiseRejectedResult).reason;
  if (mode === 'json' || mode === 'ndjson') {
    // The bodies as sent, spliced: a member per part served.
    return printDocument(s, `{${served.map(([k, body]) => `${JSON.stringify(k)}:${body.trim()}`).join(',')}}`, mode);
  }
  const { renderExplorer } = await import('../../render/explorer-info.js');
  await s.io.out.write(renderExplorer(served, s.render));
}
