/**
 * Several documents of one explorer asked at once, each a part of one answer (`scout explorer`,
 * `stats --day`): a part the explorer does not serve (an older version, a path turned off, a body
 * of no use) is a note, never the end of the run, unless it serves none; any other failure (rate
 * limit, timeout, a refused key, Ctrl-C) ends the run as for any command. `--json` splices the
 * bodies as sent into one object, a member per part served.
 */
import type { ExplorerClient } from '../api/client.js';
import { ScoutError } from '../base/errors.js';
import { partNotServed } from './object.js';
import type { Session } from '../kit/invocation.js';
import type { OutputMode } from '../kit/page-options.js';
import { openProgress } from './progress.js';

/** Asks every part of `paths` at once; gives the parts served, as `[name, body as sent]`, in the order of `paths`. */
export async function askParts<K extends string>(s: Session, explorer: ExplorerClient, paths: Readonly<Record<K, string>>, label: string, mode: OutputMode): Promise<[K, string][]> {
  const names = Object.keys(paths) as K[];
  const progress = await openProgress(s.io, mode, `${label} · loading`, s.render.color, { waits: s.waits });
  let settled: PromiseSettledResult<string>[];
  try {
    settled = await Promise.allSettled(names.map((p) => explorer.getRaw(paths[p], [], `the explorer's ${p.replace(/_/g, ' ')}`)));
  } finally {
    progress.stop();
  }
  for (const r of settled) if (r.status === 'rejected' && !partNotServed(r.reason)) throw r.reason;
  const served: [K, string][] = [];
  for (const [i, p] of names.entries()) {
    const r = settled[i]!;
    if (r.status === 'fulfilled') served.push([p, r.value]);
    else await s.io.err.write(`scout: note: no ${p.replace(/_/g, ' ')}: ${r.reason instanceof ScoutError ? r.reason.message : String(r.reason)}\n`);
  }
  if (served.length === 0) throw (settled[0] as PromiseRejectedResult).reason;
  return served;
}

/** The parts served as one JSON object, a member per part, each body as sent. */
export function splice(parts: readonly (readonly [string, string])[]): string {
  return `{${parts.map(([k, body]) => `${JSON.stringify(k)}:${body.trim()}`).join(',')}}`;
}
