/**
 * The run of `scout block at <time>`: the block at a time, found the cheapest way the explorer allows.
 *
 * 1. A time still to come (after the clock's now): an estimate from the newest block and the average
 *    block time (`/api/v2/stats`), in the figures of `/api/v2/blocks/{n}/countdown`.
 * 2. Otherwise one request to the legacy API's block by time. Its answer is the block (`-1` means no
 *    block is that early; the number after the newest means the next block, not mined yet).
 * 3. Where the explorer lacks that endpoint (404, 400 from an API v1 router that does not know the
 *    path, 405, 410, 501, or an answer of another shape), said on stderr, and where it says the time
 *    is outside its blocks: a binary search over `/api/v2/blocks/{n}` times between block 0 and the
 *    newest, one request per halving (about log2 of the newest block), or the estimate when the time
 *    is after the newest block.
 */
import type { ExplorerClient } from '../../api/client.js';
import { BLOCK_BY_TIME_PATH, blockByTimeParams, blockPath, type Closest, STATS_PATH } from '../../api/endpoints.js';
import { HttpError, NotFoundError, ResponseShapeError, ScoutError } from '../../base/errors.js';
import { objectMembers } from '../../base/json/lossless.js';
import { safeText } from '../../base/text/safe.js';
import type { ChainObject } from '../../kit/spec.js';
import type { Invocation, Session } from '../../kit/invocation.js';
import { askedIso, type BlockAt, renderBlockAt } from '../../render/block-at.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import { newestBlock } from './block.run.js';

/** A time as `block at` takes it: milliseconds since 1970, UTC. */
interface Moment {
  readonly ms: number;
}

/** A found block and the JSON `--json` prints for it. */
interface Found {
  readonly at: BlockAt;
  readonly doc: string;
}

/** What the search may say as it goes (a spinner's text), and where its notes go. */
interface Tell {
  step(text: string): void;
  note(line: string): Promise<void>;
}

/** The most halvings a search makes: block numbers below 2^63 need no more. */
const MAX_HALVINGS = 64;

/** Statuses that mean the explorer has no such endpoint (an older one, or its API v1 turned off). */
const NO_ENDPOINT = new Set([400, 404, 405, 410, 501]);

/** A block's number and time, from a block object as sent. */
interface Stamp {
  readonly height: number;
  readonly ms: number;
  /** The time as sent. */
  readonly text: string;
}

function stampOf(b: { height?: unknown; timestamp?: unknown }, origin: string, what: string): Stamp {
  const ms = typeof b.timestamp === 'string' ? Date.parse(b.timestamp) : NaN;
  if (typeof b.height !== 'number' || !Number.isSafeInteger(b.height) || b.height < 0 || !Number.isFinite(ms)) {
    throw new ResponseShapeError(`unusable response from ${origin}: ${what} has no number and time`);
  }
  return { height: b.height, ms, text: b.timestamp as string };
}

/** A block's number and time, by number. */
async function stampAt(client: ExplorerClient, n: number): Promise<Stamp> {
  const origin = new URL(client.baseUrl).origin;
  const body: unknown = JSON.parse(await client.getRaw(blockPath(String(n)), [], `block ${n}`));
  return stampOf(body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, origin, `block ${n}`);
}

async function newest(client: ExplorerClient): Promise<Stamp> {
  return stampOf(await newestBlock(client), new URL(client.baseUrl).origin, 'the newest block');
}

/** JSON text of an object, in this order; `raw`: members whose value is JSON text as sent, put last. */
function jsonText(o: Record<string, unknown>, raw: Readonly<Record<string, string>> = {}): string {
  const own = JSON.stringify(o);
  const more = Object.entries(raw).map(([k, v]) => `${JSON.stringify(k)}:${v}`);
  return more.length === 0 ? own : `${own.slice(0, -1)},${more.join(',')}}`;
}

/** The estimate for a time after the newest block; undefined when the newest block is at or after it (a clock behind the chain's). */
async function estimate(client: ExplorerClient, t: Moment, side: Closest, known?: Stamp): Promise<Found | undefined> {
  const origin = new URL(client.baseUrl).origin;
  const [head, statsBody] = await Promise.all([known ?? newest(client), client.getRaw(STATS_PATH, [], 'stats')]);
  if (t.ms <= head.ms) return undefined;
  const stats: unknown = JSON.parse(statsBody);
  const raw = stats && typeof stats === 'object' && !Array.isArray(stats) ? (stats as Record<string, unknown>).average_block_time : undefined;
  const averageMs = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(Number.isFinite(averageMs) && averageMs > 0)) {
    throw new ScoutError(`${origin} gives no average block time, so the block at ${askedIso(BigInt(Math.floor(t.ms / 1000)))}, after its newest block (${head.height}), cannot be estimated`);
  }
  const span = (t.ms - head.ms) / averageMs;
  const blocks = BigInt(side === 'before' ? Math.floor(span) : Math.ceil(span));
  const block = String(BigInt(head.height) + blocks);
  const seconds = BigInt(Math.floor(t.ms / 1000));
  // The countdown's own figures, as strings as it sends them; the average as the stats sent it.
  const doc = jsonText({
    found_by: 'estimate',
    timestamp: String(seconds),
    closest: side,
    result: { blockNumber: block },
    countdown_block_number: block,
    current_block_number: String(head.height),
    remaining_blocks_count: String(blocks),
    estimated_time_in_seconds: ((Number(blocks) * averageMs) / 1000).toFixed(1),
  }, { average_block_time: objectMembers(statsBody.trim()).get('average_block_time') ?? 'null' });
  return { doc, at: { block, side, seconds, foundBy: 'estimate', estimate: { newest: String(head.height), newestMs: head.ms, blocks, averageMs } } };
}

/**
 * The search over block times: the newest block first, then halvings of [0, newest] on the first
 * block later than the time (`before`: the block before it) or not earlier (`after`: that block).
 */
async function search(client: ExplorerClient, t: Moment, side: Closest, tell: Tell): Promise<Found> {
  const origin = new URL(client.baseUrl).origin;
  const seconds = BigInt(Math.floor(t.ms / 1000));
  // Block times are whole seconds: compared with the time asked, to the second.
  const ts = seconds * 1000n;
  const head = await newest(client);
  let requests = 1;
  const known = new Map<number, Stamp>([[head.height, head]]);
  const found = (s: Stamp): Found => ({
    at: { block: String(s.height), side, seconds, foundBy: 'search', blockTime: s.text, requests },
    doc: jsonText({ found_by: 'search', timestamp: String(seconds), closest: side, result: { blockNumber: String(s.height) }, block_timestamp: s.text, requests }),
  });
  if (BigInt(head.ms) <= ts) {
    if (side === 'before' || BigInt(head.ms) === ts) return found(head);
    const e = await estimate(client, t, side, head);
    if (e) return e;
  }
  // The first block past the time: later than it (before), or not earlier (after). The newest is.
  const past = (s: Stamp) => (side === 'before' ? BigInt(s.ms) > ts : BigInt(s.ms) >= ts);
  let lo = 0;
  let hi = head.height;
  const total = Math.ceil(Math.log2(head.height + 1));
  for (let n = 0; lo < hi && n < MAX_HALVINGS; n++) {
    const mid = Math.floor((lo + hi) / 2);
    tell.step(`searching block times · ${requests} of about ${total + 1} requests`);
    const s = await stampAt(client, mid);
    requests++;
    known.set(mid, s);
    if (past(s)) hi = mid;
    else lo = mid + 1;
  }
  const answer = side === 'before' ? lo - 1 : lo;
  if (answer < 0) {
    const first = known.get(0);
    throw new NotFoundError(`no block at or before ${askedIso(seconds)} on ${origin}: its first block is later${first ? ` (${first.text})` : ''}`);
  }
  return found(known.get(answer) ?? (await stampAt(client, answer)));
}

/** Whether `e` says the explorer has no block-by-time endpoint. */
function noEndpoint(e: unknown): e is ScoutError {
  return e instanceof NotFoundError || (e instanceof HttpError && NO_ENDPOINT.has(e.status)) || e instanceof ResponseShapeError;
}

/**
 * The block at `t` on the explorer of `client`: one request where the explorer has the endpoint (its
 * answer holds no time: a terminal shows the time asked, and `scout block N` shows the block).
 */
export async function findBlock(client: ExplorerClient, t: Moment, side: Closest, now: number, tell: Tell): Promise<Found> {
  const origin = new URL(client.baseUrl).origin;
  const seconds = BigInt(Math.floor(t.ms / 1000));
  if (t.ms > now) {
    const e = await estimate(client, t, side);
    if (e) return e;
  }
  const asked = `the block ${side} ${askedIso(seconds)}`;
  let body: string;
  try {
    body = await client.getRaw(BLOCK_BY_TIME_PATH, blockByTimeParams(seconds, side), asked);
  } catch (e) {
    if (!noEndpoint(e)) throw e;
    const why = e instanceof HttpError ? `HTTP ${e.status}` : e instanceof NotFoundError ? 'HTTP 404' : 'an answer of another shape';
    await tell.note(`${origin} has no block-by-time endpoint (${why}); searching block times instead`);
    return search(client, t, side, tell);
  }
  const envelope: unknown = JSON.parse(body);
  const o = envelope && typeof envelope === 'object' && !Array.isArray(envelope) ? (envelope as Record<string, unknown>) : undefined;
  const result = o?.result && typeof o.result === 'object' ? (o.result as Record<string, unknown>) : undefined;
  const number = typeof result?.blockNumber === 'string' ? result.blockNumber : typeof result?.blockNumber === 'number' ? String(result.blockNumber) : undefined;
  if (o?.status === '1' && number !== undefined && /^-?\d+$/.test(number)) {
    if (number.startsWith('-')) throw new NotFoundError(`no block at or before ${askedIso(seconds)} on ${origin}: its first block is later`);
    const at: BlockAt = { block: number.replace(/^0+(?=\d)/, ''), side, seconds, foundBy: 'endpoint' };
    return { doc: body, at };
  }
  if (o?.status === '0' && typeof o.message === 'string') {
    // The time is outside the explorer's blocks (after the newest, or before the first): the search says which.
    if (/^block does not exist$/i.test(o.message.trim())) return search(client, t, side, tell);
    throw new ScoutError(`${origin} could not give ${asked}: ${safeText(o.message)}`);
  }
  await tell.note(`${origin} answered the block-by-time endpoint with something else; searching block times instead`);
  return search(client, t, side, tell);
}

/** `scout block at <time>` on the session's explorer. */
export async function blockAt(inv: Invocation, t: Moment, side: Closest): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const client = s.explorer();
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let found: Found;
  try {
    found = await findBlock(client, t, side, s.io.now(), tellOn(s, progress));
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, found.doc, mode);
  await s.io.out.write(renderBlockAt(found.at, s.render));
}

function tellOn(s: Session, progress: { update(text: string): void; clear?: () => void }): Tell {
  return {
    step: (text) => progress.update(`block at · ${text}`),
    note: async (line) => {
      progress.clear?.();
      await s.io.err.write(`scout: ${line}\n`);
    },
  };
}

/** `scout block at <time> --chains …`: each chain's block at the time. */
export function blockAtOnChain(t: Moment, side: Closest): ChainObject {
  return {
    noun: 'block',
    fetch: async (client, s) => {
      const tell: Tell = { step: () => undefined, note: (line) => s.io.err.write(`scout: ${line}\n`) };
      const found = await findBlock(client, t, side, s.io.now(), tell);
      return { doc: found.doc, show: async (_io, render) => renderBlockAt(found.at, render) };
    },
  };
}
