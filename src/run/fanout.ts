/**
 * `--chains`: one command over several chains at once (README, Many chains). Each chain's requests
 * go to its own explorer (or the PRO API with --pro), through the session's one HTTP layer, so
 * every host keeps one rate budget; at most MAX_HOSTS chains are asked at a time.
 *
 * Output order: chains print in the order given (a set in registry order), through the ordered
 * runner (many.ts): the first chain streams as its pages arrive; the others are fetched at the same
 * time and wait for their turn within the runner's budget of waiting output (then they wait too), so
 * --all over many chains keeps each host busy and memory flat. A terminal table waits for the first
 * page of every chain asked at once (the first MAX_HOSTS) and takes its widths from all of them, so
 * a later chain's rows line up with the first's (ListView.layout). Every row carries its chain: a CHAIN
 * column (first) in tables, CSV and piped lines; in JSON and NDJSON each item is
 * `{"chain_id":"8453","chain":"base","item":<the item as sent>}`, the item's text spliced in byte for
 * byte. `--limit` counts per chain, `--all` follows each chain's cursors to its end.
 *
 * With `-` (values from stdin) each value runs over every chain (batch.ts) and its results carry the
 * value too: `{"chain_id","chain","input","item"}`, and an INPUT field after CHAIN in CSV and piped
 * lines (a terminal shows the value as the batch's heading instead). A batch on one chain puts the
 * value first the same way (batch.ts).
 *
 * A chain that fails (server error, timeout, refused key) does not stop the others: they print, and
 * the failures are listed on stderr at the end, exit the worst code (many.ts). A 404 is "not there"
 * (said on stderr), not a failure. `tx show` stops at the first chain that has the transaction and
 * cancels the rest.
 */
import { ExplorerClient, type ListRequest, type Page } from '../api/client.js';
import type { Cursor } from '../api/cursor.js';
import { counting, filteredPages } from '../api/item-filter.js';
import { paginate } from '../api/paginate.js';
import type { ExplorerTarget } from '../config/settings.js';
import { InterruptedError, LacksEndpointError, NotFoundError, ScoutError, UsageError } from '../base/errors.js';
import type { RenderContext } from '../render/context.js';
import type { Column } from '../render/table.js';
import type { ListView } from '../render/views.js';
import { safeText } from '../base/text/safe.js';
import { printItems, printList } from './output.js';
import { pagination } from '../kit/page-options.js';
import { windowed } from '../kit/window-options.js';
import { type Invocation, MAX_HOSTS, type Session } from '../kit/invocation.js';
import type { ChainObject, CommandSpec, ObjectParts } from '../kit/spec.js';
import { objectView, view as listView, type ViewRef } from '../kit/view-ref.js';
import { blockHeading, exitCodeOf, inOrder, limiter, runFailed, WAITING_OUTPUT_BYTES, WaitingOutput, worse } from './many.js';
import { checkShape } from '../api/shape.js';

export { MAX_HOSTS };

/** What one waiting page costs beside its text: its objects and array. */
const PAGE_COST = 1024;

/** One chain of the run. */
export interface Lane {
  readonly target: ExplorerTarget;
  /** The chain's canonical short name (`base`), as rows and wrapped items name it. */
  readonly label: string;
  /** The chain id, or null when the registry gives none. */
  readonly id: string | null;
  readonly client: ExplorerClient;
}

/** An item with its chain (and, in a batch, its input), as table and CSV rows get it. */
export interface OnChain<T> {
  readonly chain: string;
  readonly coin: string;
  readonly input?: string | undefined;
  readonly item: T;
}

/** The value of a batch a run over the chains is for, and where its chains' failures are gathered. */
export interface ForValue {
  readonly line: number;
  readonly text: string;
  readonly failures: ChainFailures;
  /** The batch's budget of waiting output, which the chains of its values share. */
  readonly budget: WaitingOutput;
}

/**
 * The chains `queries` names, each with its client, from the run's one Settings. What cannot fan out
 * is refused here, before any request (a name is resolved after): `--cursor` (it resumes one list on
 * one explorer), `--chain`/`--base-url` beside `--chains`, an unknown chain (all of them named),
 * --pro without a key.
 */
export async function planChains(inv: Invocation, queries: readonly string[]): Promise<Lane[]> {
  if (inv.output.cursor !== undefined) throw new UsageError('--cursor resumes one list on one explorer; it does not go with --chains', { hint: 'use --all or --limit N (per chain) instead' });
  const s = await inv.session();
  const told = s.settings.warnings.length;
  const targets = s.settings.targetsFor(queries);
  for (const w of s.settings.warnings.slice(told)) await s.io.err.write(`scout: warning: ${w}\n`);
  return targets.map((target) => ({
    target,
    // The cache is a file on disk: its names are shown as safe text wherever they go.
    label: safeText(target.chain?.names[0] ?? target.chain?.id ?? 'chain'),
    id: target.chain?.id ?? null,
    client: new ExplorerClient({ baseUrl: target.baseUrl, http: s.http, explorerKey: target.key, bearer: target.pro }),
  }));
}

/**
 * The wrapped text of an item: `{"chain_id":…,"chain":…,"item":<raw>}`, the raw text unchanged; in a
 * batch, `"input":…` (the value as given) before the item.
 */
export function wrapRaw(lane: Pick<Lane, 'id' | 'label'>, raw: string, input?: string): string {
  const given = input === undefined ? '' : `"input":${JSON.stringify(input)},`;
  return `{"chain_id":${JSON.stringify(lane.id)},"chain":${JSON.stringify(lane.label)},${given}"item":${raw.trim()}}`;
}

/** A chain's failure, kept for the summary. */
interface Failure {
  readonly lane: Lane;
  readonly error: unknown;
}

/** What a page costs the budget of waiting output. */
function pageCost(p: Page): number {
  let n = PAGE_COST;
  for (const r of p.rawItems) n += r.length;
  return n;
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

/**
 * The chains' failures of a batch over chains, told once at its end (before the batch's summary): a
 * chain that failed alike on several values is one line naming them, any other failure a line of its
 * own with its value's line.
 */
export class ChainFailures {
  private readonly seen: { readonly line: number; readonly failure: Failure }[] = [];

  add(line: number, failures: readonly Failure[]): void {
    for (const failure of failures) this.seen.push({ line, failure });
  }

  async tell(err: { write(text: string): Promise<void> }, values: number): Promise<void> {
    const lanes = [...new Set(this.seen.map((f) => f.failure.lane))];
    for (const lane of lanes) {
      const mine = this.seen.filter((f) => f.failure.lane === lane).sort((a, b) => a.line - b.line);
      const reasons = new Set(mine.map((f) => reason(f.failure.error)));
      if (mine.length > 1 && reasons.size === 1) {
        const lines = mine.length === values ? 'every value' : `lines ${mine.map((f) => f.line).join(', ')}`;
        await err.write(`scout: ${laneName(lane)}: ${[...reasons][0]!} (${lines})\n`);
        continue;
      }
      for (const f of mine) await err.write(`scout: line ${f.line}: ${laneName(lane)}: ${reason(f.failure.error)}\n`);
    }
  }
}

/**
 * The end of a run: chains not there (a 404) said as a note, failures listed (in a batch, gathered to
 * be told at its end), and the exit they make: the worst code.
 */
async function finish(s: Session, lanes: readonly Lane[], failures: readonly Failure[], missing: readonly Lane[], noun: string, value: ForValue | undefined): Promise<void> {
  const tag = value ? `line ${value.line}: ` : '';
  if (missing.length > 0) await s.io.err.write(`scout: ${tag}no ${noun} on ${missing.map(laneName).join(', ')} (404)\n`);
  if (failures.length === 0) return;
  const code = failures.reduce((c, f) => worse(c, exitCodeOf(f.error)), 0);
  const failed = runFailed(failures.length, lanes.length, ['chain', 'chains'], `: ${failures.map((f) => f.lane.label).join(', ')}`, code, value !== undefined);
  if (value) value.failures.add(value.line, failures);
  else for (const f of failures) await s.io.err.write(`scout: ${laneName(f.lane)}: ${reason(f.error)}\n`);
  throw failed;
}

/**
 * Runs `spec` over `lanes` (planChains), in the run's one session; for one value of a batch when
 * `value` is given.
 */
export async function runFanout(spec: CommandSpec, inv: Invocation, input: Record<string, unknown>, lanes: readonly Lane[], value?: ForValue): Promise<void> {
  const s = await inv.session();
  // Rows and objects carry the value in a batch, unless a terminal shows it as the value's heading.
  const given = value && !(inv.output.mode === 'table' && s.render.tty) ? value.text : undefined;
  if (spec.kind === 'list') {
    const ready = spec.prepare ? await spec.prepare(input, s, inv.output) : input;
    // Items the request's filter leaves out on every chain are counted, for the line its `hidden` says of them.
    const { req, note } = counting(windowed(spec.request(ready), spec.dated, inv.output.window));
    await fanList(s, inv, lanes, listPages(inv, req, (line) => s.io.err.write(line)), listView(spec.view) as ViewRef<unknown>, given, value, spec.subject?.(input));
    const left = note();
    if (left) await s.io.err.write(`scout: note: ${left}\n`);
    return;
  }
  // A command whose answer is rows of its own (`address balance`): each chain's rows print as a list does.
  if (spec.kind === 'run' && spec.perChainRows) {
    const rows = await spec.perChainRows(input);
    return fanList(s, inv, lanes, (lane) => rows.pages(lane.client, s, lane.target.coin), rows.view, given, value, undefined);
  }
  const one: ChainObject | undefined =
    spec.kind === 'object'
      ? objectFetch(spec.request(input), spec.view, spec.parts)
      : spec.perChain
        ? await spec.perChain(input)
        : undefined;
  if (!one) throw new UsageError(`scout ${inv.path.join(' ')} does not take --chains`);
  // One object by its id (a transaction) is on one chain at most: the first that has it ends the run.
  return fanObject(s, inv, lanes, one, spec.kind === 'object', given, value);
}

/** An object command's object on one chain: its body, shown with its view. */
function objectFetch(
  req: { path: string; params?: readonly (readonly [string, string])[] | undefined; what: string; headers?: Readonly<Record<string, string>> | undefined },
  name: Parameters<typeof objectView>[0],
  parts?: ObjectParts,
): ChainObject {
  return {
    noun: req.what.split(' ')[0] ?? 'object',
    fetch: async (client) => {
      const doc = await client.getRaw(req.path, (req.params ?? []) as [string, string][], req.what, req.headers);
      return {
        doc,
        show: async (io, render) => {
          const { objectText, partsOf } = await import('./object.js');
          // The parts its view shows, from the same chain's explorer.
          const got = parts ? await partsOf(client, doc, parts) : undefined;
          for (const note of got?.notes ?? []) await io.err.write(`scout: note: ${note}\n`);
          return objectText(io, render, doc, new URL(client.baseUrl).origin, await objectView(name)(), got?.parts);
        },
      };
    },
  };
}

// ---- lists

/** The pages of one list request on a chain: the server's pages from its cursors, filtered when the request says. */
function listPages(inv: Invocation, req: ListRequest<unknown>, warn?: (line: string) => unknown): (lane: Lane) => AsyncIterable<Page> {
  const paging = pagination(inv.output);
  return (lane) => {
    const fetchPage = (r: ListRequest<unknown>, c: Cursor | null) => lane.client.page(r, c);
    return req.itemFilter || req.window ? filteredPages(fetchPage, req, paging, warn) : paginate(fetchPage, req, paging);
  };
}

async function fanList(
  s: Session,
  inv: Invocation,
  lanes: readonly Lane[],
  pagesOf: (lane: Lane) => AsyncIterable<Page>,
  viewRef: ViewRef<unknown>,
  given: string | undefined,
  value: ForValue | undefined,
  subject: string | undefined,
): Promise<void> {
  const { output } = inv;
  const limit = output.limit ?? Infinity;
  const failures: Failure[] = [];
  const missing: Lane[] = [];
  const lacking: [Lane, string][] = [];
  const more = new Set<Lane>();
  // On a terminal the table's widths come from every chain's first page (of the chains asked at
  // once), so a later chain's rows line up with the first's: a longer coin (XDAI after ETH), other
  // names. Each chain says what its first page was (undefined: none) as soon as it knows.
  const plan = output.mode === 'table' && s.render.tty ? lanes.slice(0, MAX_HOSTS).map(() => settles<Page | undefined>()) : [];

  // Every chain starts now (up to MAX_HOSTS at once) and fills its queue; printing drains them in order.
  const work = async (lane: Lane, out: { push(page: Page, cost: number): Promise<void> }, index: number): Promise<void> => {
    try {
      await fill(lane, out, (first) => plan[index]?.settle(first));
    } finally {
      plan[index]?.settle(undefined);
    }
  };
  const fill = async (lane: Lane, out: { push(page: Page, cost: number): Promise<void> }, first: (page: Page) => void): Promise<void> => {
    const pages = pagesOf(lane);
    let count = 0;
    let cut = false;
    let next: unknown = null;
    for await (const page of pages) {
      let { rawItems } = page;
      if (count + rawItems.length > limit) [rawItems, cut] = [rawItems.slice(0, limit - count), true];
      count += rawItems.length;
      next = page.next;
      const n = rawItems.length;
      const part: Page = { ...page, rawItems, items: () => page.items().slice(0, n) };
      await out.push(part, pageCost(part));
      first(part);
      if (count >= limit) break;
    }
    // Without --all, a chain whose list goes on past what was printed is named at the end.
    if (!output.all && (cut || next !== null)) more.add(lane);
  };
  const budget = value?.budget ?? new WaitingOutput(s.io.waitingOutputBytes ?? WAITING_OUTPUT_BYTES);

  let inner: ListView<unknown> | undefined;
  const warned = { done: false };
  const wrappedView: ViewRef<OnChain<unknown>> = async () => {
    inner = await viewRef();
    return {
      columns: (sample) => chainColumns(inner!, sample as readonly OnChain<unknown>[], given !== undefined),
      layout: () => firsts.flatMap((page, i) => (page ? decodeOnChain(s, page, lanes[i]!, inner, warned, given) : [])),
    };
  };

  let firsts: readonly (Page | undefined)[] = [];
  async function* wrapped(): AsyncGenerator<Page<OnChain<unknown>>, void, undefined> {
    for await (const { task: lane, out } of inOrder({ tasks: lanes, concurrency: MAX_HOSTS, budget, work })) {
      // The chains have started: the first is printed once every chain planned for has its first page.
      if (firsts.length < plan.length) firsts = await Promise.all(plan.map((p) => p.settled));
      for await (const page of out.drain()) {
        yield {
          rawItems: page.rawItems.map((r) => wrapRaw(lane, r, given)),
          compact: page.compact,
          next: null,
          items: () => decodeOnChain(s, page, lane, inner, warned, given),
        };
      }
      const e = out.error;
      if (e === undefined) continue;
      if (fatal(e)) throw e;
      if (e instanceof LacksEndpointError) lacking.push([lane, e.message]);
      if (e instanceof NotFoundError) missing.push(lane);
      else failures.push({ lane, error: e });
    }
  }

  // No items: said of the chains that answered; when none did, the failures below say so.
  const empty = () => {
    const answered = lanes.filter((l) => !missing.includes(l) && !failures.some((f) => f.lane === l));
    if (answered.length === 0) return undefined;
    return answered.length === lanes.length ? 'no items on any chain' : `no items on ${answered.map((l) => l.label).join(', ')}`;
  };
  await printList(s, wrapped(), wrappedView, { mode: output.mode, all: output.all, wide: output.wide, columns: output.columns, subject, empty });
  // `--limit N` asked for at most N items per chain: that more exist is no news.
  if (more.size > 0 && output.limit === undefined) {
    const tag = value ? `line ${value.line}: ` : '';
    await s.io.err.write(`scout: ${tag}more items exist on ${lanes.filter((l) => more.has(l)).map((l) => l.label).join(', ')}: --all fetches every page, --limit N up to N items per chain\n`);
  }
  // A chain whose explorer lacks the list (a service it runs without) is told why, not merely "404".
  for (const [lane, why] of lacking) await s.io.err.write(`scout: ${value ? `line ${value.line}: ` : ''}${laneName(lane)}: ${why}\n`);
  await finish(s, lanes, failures, missing.filter((l) => !lacking.some(([x]) => x === l)), 'such list', value);
}

/** A value settled once, by the first call of `settle`; later calls change nothing. */
function settles<V>(): { settle(v: V): void; readonly settled: Promise<V> } {
  let resolve: (v: V) => void = () => undefined;
  const settled = new Promise<V>((r) => (resolve = r));
  let done = false;
  return {
    settled,
    settle: (v) => {
      if (done) return;
      done = true;
      resolve(v);
    },
  };
}

/** A page's items with their chain, checked against the inner view's shape (a mismatch is a warning, never lost data). */
function decodeOnChain(s: Session, page: Page, lane: Lane, inner: ListView<unknown> | undefined, warned: { done: boolean }, given: string | undefined): OnChain<unknown>[] {
  return page.items().map((item) => {
    if (inner?.shape && checkShape(inner.shape, item) && !warned.done) {
      warned.done = true;
      void s.io.err.write(`scout: warning: an item from ${lane.label} has an unexpected shape; showing it as best we can\n`);
    }
    return { chain: lane.label, coin: lane.target.coin, input: given, item };
  });
}

/** The inner view's columns after a CHAIN column (and an INPUT column in a batch), each cell drawn with its chain's coin. */
export function chainColumns<T>(inner: ListView<T>, sample: readonly OnChain<T>[], withInput = false): Column<OnChain<T>>[] {
  const cols = typeof inner.columns === 'function' ? inner.columns(sample.map((w) => w.item)) : inner.columns;
  const ctxOf = (w: OnChain<T>, ctx: RenderContext): RenderContext => (w.coin ? { ...ctx, coin: w.coin } : ctx);
  return [
    { header: 'CHAIN', name: 'chain', fixed: true, keep: true, cell: (w) => w.chain },
    ...(withInput ? [{ header: 'INPUT', name: 'input', fixed: true, keep: true, cell: (w: OnChain<T>) => safeText(w.input ?? '') }] : []),
    ...cols.map((c) => ({ ...c, cell: (w: OnChain<T>, ctx: RenderContext) => c.cell(w.item, ctxOf(w, ctx)) })),
  ];
}

// ---- objects

type Found = { readonly lane: Lane; readonly got: Awaited<ReturnType<ChainObject['fetch']>> };

async function fanObject(s: Session, inv: Invocation, lanes: readonly Lane[], one: ChainObject, firstFound: boolean, given: string | undefined, value: ForValue | undefined): Promise<void> {
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
      return printObjects(s, mode, [{ lane: lanes[found]!, got: got! }], given);
    }
  }
  const settled = await all;
  const ok: Found[] = [];
  settled.forEach((r, i) => {
    const lane = lanes[i]!;
    if (r.status === 'fulfilled') {
      if (r.value) ok.push({ lane, got: r.value });
    } else if (fatal(r.reason)) throw r.reason;
    else if (r.reason instanceof NotFoundError) missing.push(lane);
    else failures.push({ lane, error: r.reason });
  });
  if (ok.length > 0 || mode !== 'table') await printObjects(s, mode, ok, given);
  if (ok.length === 0 && failures.length === 0) {
    throw new NotFoundError(`${one.noun} not found on any of ${lanes.length} ${lanes.length === 1 ? 'chain' : 'chains'}: ${lanes.map((l) => l.label).join(', ')}`);
  }
  await finish(s, lanes, failures, missing, one.noun, value);
}

/**
 * Objects with their chains: JSON and NDJSON as wrapped objects (an array for --json); on a
 * terminal a heading per chain above its block; piped, each line of the block after its chain (and
 * its input, in a batch) and a tab.
 */
async function printObjects(s: Session, mode: string, found: readonly Found[], given: string | undefined): Promise<void> {
  if (mode === 'json' || mode === 'ndjson') return printItems(s, mode, found.map((f) => wrapRaw(f.lane, f.got.doc, given)));
  const tty = s.render.tty;
  for (const [n, f] of found.entries()) {
    const render = f.lane.target.coin ? { ...s.render, coin: f.lane.target.coin } : s.render;
    const text = await f.got.show(s.io, render);
    if (tty) {
      await s.io.out.write(blockHeading(`${laneName(f.lane)} · ${new URL(f.lane.client.baseUrl).host}`, n === 0, s.render) + text);
    } else {
      const fields = given === undefined ? f.lane.label : `${f.lane.label}\t${safeText(given)}`;
      const lines = text.replace(/\n$/, '').split('\n');
      await s.io.out.write(lines.map((l) => `${fields}\t${l}`).join('\n') + '\n');
    }
  }
}
