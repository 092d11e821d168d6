/**
 * `--chains`: one command over several chains at once (README, Many chains). Each chain's requests
 * go to its own explorer (or the PRO API with --pro), through the session's one HTTP layer, so
 * every host keeps one rate budget; at most MAX_HOSTS chains are asked at a time.
 *
 * Output order: chains print in the order given (a set in registry order). The first chain streams
 * as its pages arrive; the others are fetched at the same time and held until their turn, up to
 * FANOUT_HELD_BYTES of page text between them (then they wait), so --all over many chains keeps
 * each host busy and memory flat. Every row carries its chain: a CHAIN column (first) in tables, CSV and
 * piped lines; in JSON and NDJSON each
 * item is `{"chain_id":"8453","chain":"base","item":<the item as sent>}`, the item's text spliced in
 * byte for byte. `--limit` counts per chain, `--all` follows each chain's cursors to its end.
 *
 * A chain that fails (server error, timeout, refused key) does not stop the others: they print, and
 * the failures are listed on stderr at the end, exit non-zero. A 404 is "not there" (said on
 * stderr), not a failure. `tx show` stops at the first chain that has the transaction and cancels
 * the rest.
 */
import { ExplorerClient, type ListRequest, type Page } from '../api/client.js';
import { filterItems } from '../api/item-filter.js';
import { paginate } from '../api/paginate.js';
import { type ExplorerTarget, resolveSettings } from '../config/settings.js';
import { InterruptedError, NotFoundError, ScoutError, UsageError } from '../base/errors.js';
import type { RenderContext } from '../render/context.js';
import { paint } from '../render/paint.js';
import type { Column } from '../render/table.js';
import type { ListView } from '../render/views.js';
import { safeText } from '../base/text/safe.js';
import { printList } from './output.js';
import { pagination } from '../kit/page-options.js';
import type { Invocation } from '../kit/invocation.js';
import { type Session, withSession } from './session.js';
import type { ChainObject, CommandSpec } from '../kit/spec.js';
import { objectView, view as listView, type ViewRef } from '../kit/view-ref.js';

/** Chains asked at the same time, at most. */
export const MAX_HOSTS = 8;

/**
 * Page text the chains may hold between them before their turn to print, in bytes (a page also counts
 * PAGE_COST for itself). Enough for every page of a usual `--all` run, so a chain behind others keeps
 * its explorer busy at its rate limit; a run past it waits, so memory stays flat whatever its length.
 * A run takes a smaller one from its Io (`Io.heldBytes`), as tests do.
 */
export const FANOUT_HELD_BYTES = 16 * 1024 * 1024;

/** What one held page costs beside its text: its objects and array. */
const PAGE_COST = 1024;

/** One chain of the run. */
interface Lane {
  readonly target: ExplorerTarget;
  /** The chain's canonical short name (`base`), as rows and wrapped items name it. */
  readonly label: string;
  /** The chain id, or null when the registry gives none. */
  readonly id: string | null;
  readonly client: ExplorerClient;
}

/** An item with its chain, as table and CSV rows get it. */
export interface OnChain<T> {
  readonly chain: string;
  readonly coin: string;
  readonly item: T;
}

/**
 * Refuses, before any request (a name is resolved first), what cannot fan out: `--cursor` (it
 * resumes one list on one explorer), `--chain`/`--base-url` beside `--chains`, an unknown chain (all
 * of them named), --pro without a key.
 */
export function checkFanout(inv: Invocation, queries: readonly string[]): void {
  if (inv.output.cursor !== undefined) throw new UsageError('--cursor resumes one list on one explorer; it does not go with --chains', { hint: 'use --all or --limit N (per chain) instead' });
  resolveSettings(inv.globals, inv.env.io.env).targetsFor(queries);
}

/** The wrapped text of an item: `{"chain_id":…,"chain":…,"item":<raw>}`, the raw text unchanged. */
export function wrapRaw(lane: Pick<Lane, 'id' | 'label'>, raw: string): string {
  return `{"chain_id":${JSON.stringify(lane.id)},"chain":${JSON.stringify(lane.label)},"item":${raw.trim()}}`;
}

/** A counting semaphore: `run` waits for a free slot. */
function limiter(max: number): <R>(fn: () => Promise<R>) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** A chain's failure, kept for the summary. */
interface Failure {
  readonly lane: Lane;
  readonly error: unknown;
}

/**
 * The bytes the chains' queues hold between them, against the run's budget (FANOUT_HELD_BYTES unless
 * the Io gives one); a release wakes every waiter.
 */
class Budget {
  held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Waits until `n` more bytes fit, unless `first` (a queue's first page always fits: no deadlock). */
  async take(n: number, first: () => boolean): Promise<void> {
    while (!first() && this.held + n > this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held += n;
  }

  give(n: number): void {
    this.held -= n;
    for (const w of this.waiting.splice(0)) w();
  }
}

/** What a page costs the budget. */
function pageCost(p: Page): number {
  let n = PAGE_COST;
  for (const r of p.rawItems) n += r.length;
  return n;
}

/**
 * Pages of one chain, filled by its fetch while earlier chains print; drained in order. Every queue
 * takes from one budget: a chain further back fetches while the budget allows, then stops until pages
 * are printed, so `--all` over many chains keeps flat memory, not every page of every chain.
 */
class Queue {
  private readonly items: { page: Page; cost: number }[] = [];
  private closed = false;
  private wake: (() => void) | undefined;
  error: unknown;

  constructor(private readonly budget: Budget) {}

  /** Adds a page, first waiting while the budget is spent (an empty queue always takes one). */
  async push(page: Page): Promise<void> {
    const cost = pageCost(page);
    await this.budget.take(cost, () => this.items.length === 0);
    this.items.push({ page, cost });
    this.wake?.();
  }

  close(error?: unknown): void {
    this.closed = true;
    this.error = error;
    this.wake?.();
  }

  async *drain(): AsyncGenerator<Page, void, undefined> {
    for (;;) {
      const head = this.items.shift();
      if (head) {
        this.budget.give(head.cost);
        yield head.page;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

function laneName(lane: Lane): string {
  return lane.id && lane.id !== lane.label ? `${lane.label} (${lane.id})` : lane.label;
}

/** The error a chain's failure is told with: its message, on one safe line. */
function reason(e: unknown): string {
  return safeText(e instanceof Error ? e.message : String(e));
}

/** A failure that ends the whole run rather than one chain's part (Ctrl-C, a bug). */
function fatal(e: unknown): boolean {
  return e instanceof InterruptedError || !(e instanceof ScoutError);
}

/** The end of a run: chains not there (a 404) said as a note, failures listed, and the exit they make. */
async function finish(s: Session, lanes: readonly Lane[], failures: readonly Failure[], missing: readonly Lane[], noun: string): Promise<void> {
  if (missing.length > 0) await s.io.err.write(`scout: no ${noun} on ${missing.map(laneName).join(', ')} (404)\n`);
  if (failures.length === 0) return;
  for (const f of failures) await s.io.err.write(`scout: ${laneName(f.lane)}: ${reason(f.error)}\n`);
  const codes = new Set(failures.map((f) => (f.error instanceof ScoutError ? f.error.exitCode : 1)));
  const code = codes.size === 1 ? [...codes][0]! : 1;
  throw new ChainsFailedError(`${failures.length} of ${lanes.length} chains failed: ${failures.map((f) => f.lane.label).join(', ')}`, code);
}

/** Some chains failed (each listed on stderr before this): the exit is theirs when they agree, else 1. */
export class ChainsFailedError extends ScoutError {
  override readonly exitCode: number;
  constructor(message: string, code: number) {
    super(message);
    this.exitCode = code;
  }
}

/** Runs `spec` over the chains `queries` names, in one session. */
export async function runFanout(spec: CommandSpec, inv: Invocation, input: Record<string, unknown>, queries: readonly string[]): Promise<void> {
  await withSession(inv, async (s) => {
    const told = s.settings.warnings.length;
    const targets = s.settings.targetsFor(queries);
    for (const w of s.settings.warnings.slice(told)) await s.io.err.write(`scout: warning: ${w}\n`);
    const lanes: Lane[] = targets.map((target) => ({
      target,
      // The cache is a file on disk: its names are shown as safe text wherever they go.
      label: safeText(target.chain?.names[0] ?? target.chain?.id ?? 'chain'),
      id: target.chain?.id ?? null,
      client: new ExplorerClient({ baseUrl: target.baseUrl, http: s.http, explorerKey: target.key, bearer: target.pro }),
    }));
    if (spec.kind === 'list') return fanList(s, inv, lanes, spec.request(input), listView(spec.view) as ViewRef<unknown>);
    const one: ChainObject | undefined =
      spec.kind === 'object'
        ? objectFetch(spec.request(input), spec.view)
        : spec.perChain
          ? await spec.perChain(input)
          : undefined;
    if (!one) throw new UsageError(`scout ${inv.path.join(' ')} does not take --chains`);
    // One object by its id (a transaction) is on one chain at most: the first that has it ends the run.
    return fanObject(s, inv, lanes, one, spec.kind === 'object');
  });
}

/** An object command's object on one chain: its body, shown with its view. */
function objectFetch(req: { path: string; params?: readonly (readonly [string, string])[] | undefined; what: string; headers?: Readonly<Record<string, string>> | undefined }, name: Parameters<typeof objectView>[0]): ChainObject {
  return {
    noun: req.what.split(' ')[0] ?? 'object',
    fetch: async (client) => {
      const doc = await client.getRaw(req.path, (req.params ?? []) as [string, string][], req.what, req.headers);
      return {
        doc,
        show: async (s) => {
          const { printObject } = await import('./object.js');
          await printObject(s, doc, new URL(client.baseUrl).origin, await objectView(name)());
        },
      };
    },
  };
}

// ---- lists

async function fanList(s: Session, inv: Invocation, lanes: readonly Lane[], req: ListRequest<unknown>, viewRef: ViewRef<unknown>): Promise<void> {
  const { output } = inv;
  const paging = pagination(output);
  const limit = output.limit ?? Infinity;
  const run = limiter(MAX_HOSTS);
  const failures: Failure[] = [];
  const missing: Lane[] = [];
  const more = new Set<Lane>();

  // Every chain starts now (up to MAX_HOSTS at once) and fills its queue; printing drains them in order.
  const budget = new Budget(s.io.heldBytes ?? FANOUT_HELD_BYTES);
  const queues = lanes.map((lane) => {
    const q = new Queue(budget);
    void run(async () => {
      try {
        let pages: AsyncIterable<Page> = paginate((r, c) => lane.client.page(r, c), req, req.itemFilter ? { ...paging, limit: undefined } : paging);
        if (req.itemFilter) pages = filterItems(pages, req.itemFilter);
        let count = 0;
        let cut = false;
        let next: unknown = null;
        for await (const page of pages) {
          let { rawItems } = page;
          if (count + rawItems.length > limit) [rawItems, cut] = [rawItems.slice(0, limit - count), true];
          count += rawItems.length;
          next = page.next;
          const n = rawItems.length;
          await q.push({ ...page, rawItems, items: () => page.items().slice(0, n) });
          if (count >= limit) break;
        }
        // Without --all, a chain whose list goes on past what was printed is named at the end.
        if (!output.all && (cut || next !== null)) more.add(lane);
        q.close();
      } catch (e) {
        q.close(e ?? new Error('failed'));
      }
    });
    return q;
  });

  let inner: ListView<unknown> | undefined;
  const warned = { done: false };
  const wrappedView: ViewRef<OnChain<unknown>> = async () => {
    inner = await viewRef();
    return { columns: (sample) => chainColumns(inner!, sample as readonly OnChain<unknown>[]) };
  };

  async function* wrapped(): AsyncGenerator<Page<OnChain<unknown>>, void, undefined> {
    for (const [i, lane] of lanes.entries()) {
      const q = queues[i]!;
      for await (const page of q.drain()) {
        yield {
          rawItems: page.rawItems.map((r) => wrapRaw(lane, r)),
          compact: page.compact,
          next: null,
          items: () => decodeOnChain(s, page, lane, inner, warned),
        };
      }
      if (q.error === undefined) continue;
      if (fatal(q.error)) throw q.error;
      if (q.error instanceof NotFoundError) missing.push(lane);
      else failures.push({ lane, error: q.error });
    }
  }

  await printList(s, wrapped(), wrappedView, { mode: output.mode, all: output.all, empty: 'no items on any chain' });
  if (more.size > 0) {
    await s.io.err.write(`scout: more items exist on ${lanes.filter((l) => more.has(l)).map((l) => l.label).join(', ')}: --all fetches every page, --limit N up to N items per chain\n`);
  }
  await finish(s, lanes, failures, missing, 'such list');
}

/** A page's items with their chain, decoded by the inner view's schema (a mismatch is a warning, never lost data). */
function decodeOnChain(s: Session, page: Page, lane: Lane, inner: ListView<unknown> | undefined, warned: { done: boolean }): OnChain<unknown>[] {
  return page.items().map((v) => {
    let item = v;
    const r = inner?.schema?.safeParse(v);
    if (r?.success) item = r.data;
    else if (r && !warned.done) {
      warned.done = true;
      void s.io.err.write(`scout: warning: an item from ${lane.label} has an unexpected shape; showing it as best we can\n`);
    }
    return { chain: lane.label, coin: lane.target.coin, item };
  });
}

/** The inner view's columns after a CHAIN column, each cell drawn with its chain's coin. */
export function chainColumns<T>(inner: ListView<T>, sample: readonly OnChain<T>[]): Column<OnChain<T>>[] {
  const cols = typeof inner.columns === 'function' ? inner.columns(sample.map((w) => w.item)) : inner.columns;
  const ctxOf = (w: OnChain<T>, ctx: RenderContext): RenderContext => (w.coin ? { ...ctx, coin: w.coin } : ctx);
  return [
    { header: 'CHAIN', name: 'chain', fixed: true, cell: (w) => w.chain },
    ...cols.map((c) => ({ ...c, cell: (w: OnChain<T>, ctx: RenderContext) => c.cell(w.item, ctxOf(w, ctx)) })),
  ];
}

// ---- objects

async function fanObject(s: Session, inv: Invocation, lanes: readonly Lane[], one: ChainObject, firstFound: boolean): Promise<void> {
  const { mode } = inv.output;
  const run = limiter(MAX_HOSTS);
  const failures: Failure[] = [];
  const missing: Lane[] = [];
  let found: number | undefined;
  let announce: (() => void) | undefined;
  const anyFound = new Promise<void>((resolve) => (announce = resolve));

  const results = lanes.map((lane, i) =>
    run(async () => {
      // A chain not yet asked when another has the transaction is never asked.
      if (firstFound && found !== undefined) return undefined;
      const got = await one.fetch(lane.client, s);
      if (firstFound && found === undefined) {
        found = i;
        announce!();
      }
      return got;
    }),
  );
  for (const r of results) r.catch(() => undefined);
  const all = Promise.allSettled(results);

  if (firstFound) {
    await Promise.race([anyFound, all]);
    if (found !== undefined) {
      // The others are cancelled: the session's end closes their connections.
      const got = await results[found]!;
      return printObjects(s, mode, [{ lane: lanes[found]!, got: got! }]);
    }
  }
  const settled = await all;
  const ok: { lane: Lane; got: { doc: string; show: ObjectShow } }[] = [];
  settled.forEach((r, i) => {
    const lane = lanes[i]!;
    if (r.status === 'fulfilled') {
      if (r.value) ok.push({ lane, got: r.value });
    } else if (fatal(r.reason)) throw r.reason;
    else if (r.reason instanceof NotFoundError) missing.push(lane);
    else failures.push({ lane, error: r.reason });
  });
  if (ok.length > 0 || mode !== 'table') await printObjects(s, mode, ok);
  if (ok.length === 0 && failures.length === 0) {
    throw new NotFoundError(`${one.noun} not found on any of ${lanes.length} ${lanes.length === 1 ? 'chain' : 'chains'}: ${lanes.map((l) => l.label).join(', ')}`);
  }
  await finish(s, lanes, failures, missing, one.noun);
}

type ObjectShow = (s: Pick<Session, 'io' | 'render'>) => Promise<void>;

/**
 * Objects with their chains: JSON and NDJSON as wrapped objects (an array for --json); on a
 * terminal a heading per chain above its block; piped, each line of the block after its chain and
 * a tab.
 */
async function printObjects(s: Session, mode: string, found: readonly { lane: Lane; got: { doc: string; show: ObjectShow } }[]): Promise<void> {
  if (mode === 'json' || mode === 'ndjson') {
    const page: Page = { rawItems: found.map((f) => wrapRaw(f.lane, f.got.doc)), compact: false, next: null, items: () => [] };
    async function* one(): AsyncGenerator<Page, void, undefined> {
      yield page;
    }
    const { silentProgress } = await import('./progress.js');
    await printList(s, one(), async () => ({ columns: [] }), { mode }, { progress: async () => silentProgress });
    return;
  }
  const tty = s.render.tty;
  for (const [n, f] of found.entries()) {
    let text = '';
    const render = f.lane.target.coin ? { ...s.render, coin: f.lane.target.coin } : s.render;
    await f.got.show({ io: { ...s.io, out: { write: async (t: string) => void (text += t) } }, render });
    if (tty) {
      const heading = `${laneName(f.lane)} · ${new URL(f.lane.client.baseUrl).host}`;
      await s.io.out.write(`${n > 0 ? '\n' : ''}${paint(heading, 'bold', s.render)}\n${text}`);
    } else {
      const lines = text.replace(/\n$/, '').split('\n');
      await s.io.out.write(lines.map((l) => `${f.lane.label}\t${l}`).join('\n') + '\n');
    }
  }
}
