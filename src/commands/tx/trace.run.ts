/**
 * The run of `scout tx trace <hash>`: the call tree; `--json` prints the trace exactly as the node
 * returned it. For the tree, the transaction is fetched alongside (best effort) to put names beside
 * addresses.
 */
import { rawTracePath, transactionPath } from '../../api/endpoints.js';
import type { KnownAddress } from '../../render/trace.js';
import { printDocument } from '../output.js';
import { openProgress } from '../progress.js';
import type { Invocation } from '../runtime.js';
import { type Session, withSession } from '../session.js';

export async function run(inv: Invocation, hash: string): Promise<void> {
  const { mode } = inv.output;
  await withSession(inv, async (s) => {
    const explorer = s.explorer();
    if (mode === 'json' || mode === 'ndjson') {
      const body = await explorer.getRaw(rawTracePath(hash), [], `trace of transaction ${hash}`);
      return printDocument(s, body, mode);
    }
    const [progress, { knownAddresses }] = await Promise.all([
      openProgress(s.io, mode, 'tx trace · loading'),
      import('../../render/trace.js'),
    ]);
    let body: string;
    let known = new Map<string, KnownAddress>();
    try {
      // Names only help on a terminal; a failure here costs the names, not the tree.
      const tx = s.render.tty
        ? explorer.getRaw(transactionPath(hash), [], `transaction ${hash}`).then(
            (t) => knownAddresses(JSON.parse(t)),
            () => known,
          )
        : Promise.resolve(known);
      body = await explorer.getRaw(rawTracePath(hash), [], `trace of transaction ${hash}`);
      known = await tx;
    } finally {
      progress.stop();
    }
    await printTrace(s, body, known);
  });
}

/** The call tree of a trace body (already checked to be JSON), names from `known` beside addresses. */
export async function printTrace(s: Pick<Session, 'io' | 'render'>, body: string, known: ReadonlyMap<string, KnownAddress>): Promise<void> {
  const { renderTrace } = await import('../../render/trace.js');
  const text = renderTrace(JSON.parse(body), s.render, { known });
  if (text) await s.io.out.write(text);
  else await s.io.err.write('the trace is empty (a pending transaction has no trace yet)\n');
}
