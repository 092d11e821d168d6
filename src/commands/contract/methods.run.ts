/**
 * The run of `contract methods`: the verified ABI (through a proxy, its implementations' too, after
 * its own), one row per function, event and error. Rows print as any list does; as JSON each is
 * `{"kind","selector","signature","contract","item"}`, `item` the ABI entry's text as sent.
 */
import { onePage } from '../../api/paginate.js';
import type { Invocation } from '../../kit/invocation.js';
import { contractAbi } from '../../run/contract-abi.js';
import { printList } from '../../run/output.js';
import type { MethodRow } from '../../render/methods.js';
import { silentProgress, openProgress } from '../../run/progress.js';

const KINDS = new Set(['function', 'event', 'error']);

export async function methods(inv: Invocation, address: string): Promise<void> {
  const s = await inv.session();
  const progress = await openProgress(s.io, inv.output.mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let abi;
  try {
    abi = await contractAbi(s, address);
  } finally {
    progress.stop();
  }
  const [{ abiSignature }, { entryId }, { methodColumns }] = await Promise.all([import('../../abi/human.js'), import('../../abi/selector.js'), import('../../render/methods.js')]);
  const rows: MethodRow[] = [];
  const rawItems: string[] = [];
  for (const src of abi.sources) {
    src.entries.forEach((entry, i) => {
      if (!KINDS.has(entry.type)) return;
      const e = entry as unknown as Record<string, unknown>;
      const row = { kind: entry.type, selector: entryId(e), signature: abiSignature(e), contract: src.address };
      rows.push(row);
      rawItems.push(`{"kind":${JSON.stringify(row.kind)},"selector":${JSON.stringify(row.selector)},"signature":${JSON.stringify(row.signature)},"contract":${JSON.stringify(row.contract)},"item":${src.rawEntries[i]!.trim()}}`);
    });
  }
  const page = { rawItems, compact: true, next: null, items: () => rows };
  await printList(s, onePage(async () => page), async () => ({ columns: methodColumns }), inv.output, { progress: async () => silentProgress });
}
