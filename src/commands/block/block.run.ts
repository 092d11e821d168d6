/**
 * The runs of `scout block`: `latest` is the first item of `/blocks` (the newest block of the main
 * chain), looked up first and then asked for by number like any other block, so `scout block latest`
 * prints what `scout block <its number>` prints.
 */
import type { ExplorerClient, ListRequest } from '../../api/client.js';
import { blockBeaconDeposits, blockInternalTransactions, blockPath, blocks, blockTransactions, blockWithdrawals, type CallType, type InternalType } from '../../api/endpoints.js';
import { paginate } from '../../api/paginate.js';
import { NotFoundError, ResponseShapeError, UsageError } from '../../base/errors.js';
import { printObject } from '../../run/object.js';
import { offerNextPage, printDocument, printList } from '../../run/output.js';
import { pagination } from '../../kit/page-options.js';
import { openProgress } from '../../run/progress.js';
import type { CommandLine, Invocation } from '../../kit/invocation.js';
import type { Session } from '../../run/session.js';
import { objectView, view, type ViewRef } from '../../kit/view-ref.js';

/** The newest block of the main chain, the first item of `/blocks`, as sent (its fields unchecked). */
export async function newestBlock(client: ExplorerClient): Promise<{ height?: unknown; hash?: unknown; timestamp?: unknown }> {
  const page = await client.page(blocks(), null);
  const first = page.items()[0];
  if (first === undefined) throw new NotFoundError(`${new URL(client.baseUrl).origin} lists no blocks yet`);
  return first && typeof first === 'object' && !Array.isArray(first) ? (first as { height?: unknown; hash?: unknown; timestamp?: unknown }) : {};
}

/** The number (else the hash) of the newest block, from the first item of `/blocks`. */
async function latest(s: Session): Promise<string> {
  const client = s.explorer();
  const origin = new URL(client.baseUrl).origin;
  const b = await newestBlock(client);
  if (typeof b.height === 'number' && Number.isSafeInteger(b.height) && b.height >= 0) return String(b.height);
  if (typeof b.hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(b.hash)) return b.hash;
  throw new ResponseShapeError(`unusable response from ${origin}: the latest block has neither a number nor a hash`);
}

/** `scout block show <block>`. */
export async function show(inv: Invocation, block: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let body: string;
  try {
    const id = block === 'latest' ? await latest(s) : block;
    body = await explorer.getRaw(blockPath(id), [], `block ${id}`);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
  await printObject(s, body, new URL(explorer.baseUrl).origin, await objectView('block')());
}

/** The command line with `latest` (the block argument as typed) replaced by the block it was. */
function resolvedLine(line: CommandLine, typed: string, id: string): CommandLine {
  const i = line.head.lastIndexOf(typed);
  return i < 0 ? line : { ...line, head: line.head.map((w, k) => (k === i ? id : w)) };
}

/** A list of one block, printed as any list; `latest` resolved first, and in the next-page hint. */
async function blockList<T>(inv: Invocation, block: string, request: (id: string) => ListRequest<T>, viewRef: ViewRef<T>, empty?: (id: string) => string): Promise<void> {
  const output = inv.output;
  if (block === 'latest' && output.cursor) {
    throw new UsageError('--cursor resumes the list of one block: give its number, not latest', { hint: 'the next-page hint names the block' });
  }
  if (block !== 'latest' && output.cursorRead) {
    (await import('../../api/cursor.js')).checkCursorOrigin(output.cursorRead, { command: inv.path.join(' '), path: request(block).path });
  }
  const s = await inv.session();
  const client = s.explorer();
  const id = block === 'latest' ? await latest(s) : block;
  const req = request(id);
  const printed = await printList(s, paginate((r, c) => client.page(r, c), req, pagination(output)), viewRef, { ...output, empty: empty?.(id) });
  const typed = inv.hint.head.find((w) => typeof w === 'string' && w.toLowerCase() === 'latest');
  const line = block === 'latest' && typeof typed === 'string' ? resolvedLine(inv.hint, typed, id) : inv.hint;
  await offerNextPage(s, printed, output, { line, path: req.path });
}

/** `scout block txs <block>`. */
export function transactions(inv: Invocation, block: string): Promise<void> {
  return blockList(inv, block, blockTransactions, view('transactions'));
}

/**
 * `scout block withdrawals <block>`. The explorer answers every block of a chain without beacon
 * withdrawals (and every block before they began) with an empty list, as for a block that paid none.
 */
export function withdrawals(inv: Invocation, block: string): Promise<void> {
  return blockList(inv, block, blockWithdrawals, view('withdrawals'), (id) =>
    `no withdrawals in block ${id}: it paid none, or the chain has no beacon-chain withdrawals (or had none yet then)`,
  );
}

/** `scout block internal-txs <block>`: the calls between contracts in a block, as the server filters them by type. */
export function internalTransactions(inv: Invocation, block: string, o: { type?: InternalType | undefined; callType?: CallType | undefined }): Promise<void> {
  return blockList(inv, block, (id) => blockInternalTransactions(id, o), view('blockInternalTransactions'), (id) =>
    `no internal transactions in block ${id}${o.type || o.callType ? ' of that type' : ''}: its transactions called no other contract, or the explorer has not indexed them yet`,
  );
}

/**
 * `scout block deposits <block>`. An explorer without beacon deposits (any chain but Ethereum's kind)
 * lacks the endpoint: a not-found error that says so (exit 3).
 */
export function deposits(inv: Invocation, block: string): Promise<void> {
  return blockList(inv, block, blockBeaconDeposits, view('blockDeposits'), (id) => `no beacon deposits in block ${id}`);
}
