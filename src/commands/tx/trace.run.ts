/**
 * The run of `scout tx trace <hash>`: the call tree; `--json` prints the trace exactly as the node
 * returned it, `--ndjson` one call per line (render/trace-lines.ts). For the tree on a terminal,
 * the transaction is fetched alongside (best effort) to put names beside addresses; piped, only when
 * the trace is empty, to say why.
 */
import { rawTracePath, transactionPath } from '../../api/endpoints.js';
import type { DecodedCall, KnownAddress } from '../../render/trace.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import type { Session } from '../../run/session.js';

export async function run(inv: Invocation, hash: string, decode = false): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  if ((mode === 'json' || mode === 'ndjson') && !decode) {
    const body = await explorer.getRaw(rawTracePath(hash), [], `trace of transaction ${hash}`);
    return mode === 'json' ? printDocument(s, body, mode) : printTraceLines(s, body);
  }
  if (mode === 'json' || mode === 'ndjson') {
    const body = await explorer.getRaw(rawTracePath(hash), [], `trace of transaction ${hash}`);
    const { decodeTrace, decodedDocument, decodedLines } = await import('./trace-decode.run.js');
    const decoded = await decodeTrace(s, JSON.parse(body));
    if (mode === 'json') return printDocument(s, decodedDocument(body, decoded), mode);
    return printTraceLines(s, body, (lines) => decodedLines(lines, decoded));
  }
  const [progress, { knownAddresses }] = await Promise.all([
    openProgress(s.io, mode, 'tx trace · loading', s.render.color, { waits: s.waits }),
    import('../../render/trace.js'),
  ]);
  let body: string;
  let known = new Map<string, KnownAddress>();
  let decoded: ReadonlyMap<string, DecodedCall> | undefined;
  // The transaction, parsed; undefined when it could not be had. On a terminal it comes alongside
  // the trace (names beside addresses); piped, only when the trace is empty and must be explained.
  let tx: Promise<unknown> | undefined;
  const fetchTx = () =>
    explorer.getRaw(transactionPath(hash), [], `transaction ${hash}`).then(
      (t) => JSON.parse(t) as unknown,
      () => undefined,
    );
  try {
    // Names only help on a terminal; a failure here costs the names, not the tree.
    if (s.render.tty) tx = fetchTx();
    body = await explorer.getRaw(rawTracePath(hash), [], `trace of transaction ${hash}`);
    const parsed = tx && (await tx);
    // Read defensively: a body that is no object costs the names, not the tree.
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) known = knownAddresses(parsed as Parameters<typeof knownAddresses>[0]);
    if (decode) decoded = await (await import('./trace-decode.run.js')).decodeTrace(s, JSON.parse(body));
  } finally {
    progress.stop();
  }
  await printTrace(s, body, known, () => (tx ??= fetchTx()), decoded);
}

/** One call per line (a trace body already checked to be JSON): `{"depth":…,"path":[…],"call":{…}}`. */
export async function printTraceLines(s: Pick<Session, 'io' | 'jq'>, body: string, more: (lines: string) => string = (l) => l): Promise<void> {
  const { traceLines } = await import('../../render/trace-lines.js');
  const lines = more(traceLines(body));
  if (!s.jq) return s.io.out.write(lines);
  // --ndjson --jq: the filter runs on each call line, as it does on each item of a list.
  for (const line of lines.split('\n')) if (line) await s.jq.apply(line, s.io);
}

/**
 * Why a trace is empty, from the transaction (undefined when it could not be fetched): pending
 * only when the transaction is; a mined one simply has no trace recorded by the explorer.
 */
export function emptyTraceMessage(tx: unknown): string {
  const t = tx && typeof tx === 'object' && !Array.isArray(tx) ? (tx as Record<string, unknown>) : undefined;
  const block = t ? (t.block_number !== undefined ? t.block_number : t.block) : undefined;
  if (t && (t.result === 'pending' || block === null)) return 'the trace is empty: the transaction is pending, and a pending transaction has no trace yet';
  const mined = typeof block === 'number' || (typeof block === 'string' && /^\d{1,20}$/.test(block)) ? ` (mined in block ${block})` : '';
  return `the trace is empty: the explorer has no trace recorded for this transaction${mined}`;
}

/**
 * The call tree of a trace body (already checked to be JSON), names from `known` beside addresses.
 * An empty trace is explained on stderr from the transaction `tx` gives (fetched only then).
 */
export async function printTrace(
  s: Pick<Session, 'io' | 'render'>,
  body: string,
  known: ReadonlyMap<string, KnownAddress>,
  tx: () => Promise<unknown> = async () => undefined,
  decoded?: ReadonlyMap<string, DecodedCall>,
): Promise<void> {
  const { renderTrace } = await import('../../render/trace.js');
  const text = renderTrace(JSON.parse(body), s.render, { known, ...(decoded ? { decoded } : {}) });
  if (text) await s.io.out.write(text);
  else await s.io.err.write(emptyTraceMessage(await tx()) + '\n');
}
