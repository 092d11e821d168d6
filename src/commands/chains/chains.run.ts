/**
 * The run of `scout chains [--refresh]`: the built-in chains plus the cached registry. `--refresh`
 * fetches the registry first (through the one HTTP layer: timeouts, retries, --verbose) and
 * replaces the cache only when the answer is usable.
 */
import { BUILTIN_CHAINS, type Chain } from '../../config/chains.js';
import { chainsCachePath } from '../../config/paths.js';
import { parseRegistry, readChainsCache, writeChainsCache } from '../../config/registry.js';
import { shown } from '../../config/url.js';
import { ResponseShapeError, UsageError } from '../../base/errors.js';
import { chainColumns } from '../../render/chains.js';
import { onePage } from '../../api/paginate.js';
import { printList } from '../../run/output.js';
import { silentProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import type { Session } from '../../run/session.js';

async function refresh(s: Session, url: URL, path: string): Promise<void> {
  const res = await s.http.get(url, {}, { what: 'chain registry' });
  let chains: Chain[];
  const skipped: string[] = [];
  try {
    chains = parseRegistry(res.body, (w) => skipped.push(w));
  } catch (e) {
    throw new ResponseShapeError(`unusable chain registry from ${url.origin}: ${(e as Error).message}`, { hint: 'the cache was left as it was' });
  }
  try {
    writeChainsCache(path, { version: 1, source: url.href, fetched_at: new Date(s.io.now()).toISOString(), chains });
  } catch (e) {
    throw new UsageError(`cannot write the chains cache ${shown(path, 200)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  for (const w of skipped) await s.io.err.write(`scout: warning: ${w}\n`);
  await s.io.err.write(`scout: cached ${chains.length} chains from ${url.origin} in ${shown(path, 200)}\n`);
}

export async function run(inv: Invocation, opts: { refresh: boolean; registryUrl: URL }): Promise<void> {
  const path = chainsCachePath(inv.env.io.env);
  const s = await inv.session();
  if (opts.refresh) await refresh(s, opts.registryUrl, path);
  const cache = readChainsCache(path, (w) => void s.io.err.write(`scout: warning: ${w}\n`));
  // Built-in entries win: registry entries for the same chain are left out of the list.
  const builtinIds = new Set(BUILTIN_CHAINS.map((c) => c.id));
  const chains = [...BUILTIN_CHAINS, ...(cache?.chains ?? []).filter((c) => c.id === null || !builtinIds.has(c.id))];
  // One local page through the shared output path: every mode prints as any list does.
  const page = { rawItems: chains.map((c) => JSON.stringify(c)), compact: true, next: null, items: () => chains };
  // No spinner: nothing is loading. No next page either, so no hint.
  await printList(s, onePage(async () => page), async () => ({ columns: chainColumns }), inv.output, { progress: async () => silentProgress });
}
