/**
 * The run of `scout explorer`: the explorer's configuration endpoints asked at once (run/parts.ts);
 * a part the explorer does not serve is a note, never the end of the run, unless it serves none.
 */
import { EXPLORER_PARTS } from '../../api/endpoints.js';
import type { Invocation } from '../../kit/invocation.js';
import { printDocument } from '../../run/output.js';
import { askParts, splice } from '../../run/parts.js';

export async function run(inv: Invocation): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const served = await askParts(s, s.explorer(), EXPLORER_PARTS, 'explorer', mode);
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, splice(served), mode);
  const { renderExplorer } = await import('../../render/explorer-info.js');
  await s.io.out.write(renderExplorer(served, s.render));
}
