/**
 * Response-shape fuzz: every shape a server can send gives either output with no raw control
 * character, or one `scout: …` line and exit 1; never `unexpected error`, never a thrown exception.
 *
 * Seeded (the same shapes every run). Real-looking items from the fake explorer's data set are
 * mutated: wrong types, nulls, huge numbers, number text JSON.parse would change, strings of
 * 100,000 characters, values nested 100,000 levels deep, hostile strings and keys, missing fields,
 * arrays where objects belong, odd `next_page_params`, spaced bodies (the lossless scanner's path).
 *
 * Two passes, both in-process:
 *  - every shape through the command's output code after the request (printList with the list's
 *    view, the key/value view of `tx show`, the call tree, the chain table), in every mode: tables
 *    wide with colour and narrow without, piped lines, CSV, JSON on a terminal and piped, NDJSON;
 *  - a smaller pass of whole commands (`run(argv, memoryIo(…))`) against a local server answering
 *    with the fuzzed bodies, for what lies between: the HTTP client, the error report, exit codes.
 * JSON and NDJSON must carry the items byte for byte (re-spaced, unsafe characters escaped).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListBody } from '../../src/api/client.js';
import { onePage } from '../../src/api/paginate.js';
import { run } from '../../src/cli.js';
import { BUILTIN_CHAINS } from '../../src/config/chains.js';
import { parseRegistry } from '../../src/config/registry.js';
import { ScoutError } from '../../src/base/errors.js';
import { memoryIo } from '../../src/base/io.js';
import { arrayElements, formatRaw, objectMembers } from '../../src/base/json/lossless.js';
import { chainColumns } from '../../src/render/chains.js';
import type { RenderContext } from '../../src/render/context.js';
import { isSafeText } from '../../src/base/text/safe.js';
import { knownAddresses } from '../../src/render/trace.js';
import { objectViews } from '../../src/render/object-views.js';
import { type ListView, networkView } from '../../src/render/views.js';
import { printObject } from '../../src/run/object.js';
import { offerNextPage, printDocument, printList } from '../../src/run/output.js';
import type { OutputMode } from '../../src/kit/page-options.js';
import { silentProgress } from '../../src/run/progress.js';
import type { Session } from '../../src/run/session.js';
import { printSummary } from '../../src/commands/tx/summary.run.js';
import { printTrace, printTraceLines } from '../../src/commands/tx/trace.run.js';
import { view } from '../../src/kit/view-ref.js';
import { ADDR, getDataset, type Json, listsFor, toJsonText, TX } from '../support/data.js';
import { HOSTILE_SUMMARY, OK_SUMMARY } from '../support/fake/summary-data.js';
import { addressLogs, txDepth } from '../support/fake/txdepth-data.js';
import { type BodyServer, serveBodies } from '../support/bodies.js';
import { seeded } from '../support/faults.js';
import { instancesOf, transfersOf } from '../support/fake/tokens-data.js';
import { ATTACKS, FORMULAS } from './hostile.js';

const SEED = 0x5c09;
const SHAPES_PER_KIND = 20;
/** Deeper than JSON.stringify or any recursion goes (hostile-shapes.test.ts goes to 100,000 in every mode). */
const DEEP = 20_000;
const NOW = Date.UTC(2025, 7, 11, 10);
const ORIGIN = 'http://127.0.0.1:1';

// ───────────────────────────────────────────────────────────── what counts as clean

// Everything the terminal sanitiser covers (base/text/safe.ts), raw.
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u206a-\u206f\u2800\u3164\ufe00-\ufe0f\uffa0\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0100}-\u{e01ef}]/u;
// eslint-disable-next-line no-control-regex
const OUR_SGR = /\u001b\[(?:1|2|22|31|32|33|39)m/g;

function cleanProblem(out: string): string | undefined {
  const stripped = out.replace(OUR_SGR, '');
  const m = RAW.exec(stripped);
  if (!m) return undefined;
  return `raw U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')} near ${JSON.stringify(stripped.slice(Math.max(0, m.index - 20), m.index + 20))}`;
}

// ───────────────────────────────────────────────────────────── the random source and its values

const rnd = seeded(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const chance = (p: number) => rnd() < p;

const HOSTILE: readonly string[] = [
  ...Object.values(ATTACKS),
  ...Object.values(FORMULAS),
  'soft\u00adhyphen',
  'mongolian\u180evowel',
  'anno\ufff9tat\ufffaed\ufffb',
  'tag\u{e0041}\u{e0042}\u{e007f}s',
  '\u{1F600}\u0301\u200d\u{1F469}',
  'constructor',
  '__proto__',
  'toString',
  '',
  ' ',
  '0x',
  '0xzz',
];
/** Long enough that anything quadratic in a string's length takes seconds. */
const LONG: readonly string[] = [' '.repeat(20_000) + 'x', 'w'.repeat(30_000), '\u{1F600}'.repeat(10_000), '\u001b[2J'.repeat(5_000), '9'.repeat(30_000)];

/**
 * Times no Date holds (past ±275,760 years, or not finite once scaled), as Unix seconds and as ISO
 * text: every time field must show them as sent, never throw "Invalid time value".
 */
const OUT_OF_RANGE_TIMES: readonly (number | string)[] = [1e20, -1e20, 8.64e12 + 1, -8.64e12 - 1, 1e300, '+275760-09-13T00:00:01Z', '-271821-04-19T23:59:59Z', '275760-09-13T00:00:01Z', '99999999999999999999', '1e20'];

/** Text spliced into the body where a placeholder string stands: JSON.stringify cannot write it. */
const raws: string[] = [];
const rawText = (text: string): string => `\u0000RAW${raws.push(text) - 1}\u0000`;
const PLACEHOLDER = /"\\u0000RAW(\d+)\\u0000"/g;

/** A value nested `depth` levels deep, as text; `calls` makes it a Geth-like call tree. */
function deepText(depth: number, calls = false): string {
  if (calls) return '{"type":"CALL","calls":['.repeat(depth) + '{}' + ']}'.repeat(depth);
  return chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + JSON.stringify(pick(HOSTILE)) + '}'.repeat(depth);
}

/** A value of some other type than `orig`, or an odd one of the same. */
function oddValue(orig: unknown): unknown {
  switch (Math.floor(rnd() * 15)) {
    case 0:
      return null;
    case 1:
      return pick([0, -1, 1.5, 1e308, -0, 5e-324, 2 ** 53 + 2, 126, ...OUT_OF_RANGE_TIMES]);
    case 2:
      return pick([true, false]);
    case 3:
    case 4:
      return pick(HOSTILE);
    case 5:
      return chance(0.3) ? pick(LONG) : pick(HOSTILE);
    case 6:
      return [];
    case 7:
      return {};
    case 8:
      return [orig];
    case 9:
      return { value: orig, hash: pick(HOSTILE) };
    case 10:
      return rawText(pick(['123456789012345678901234567890', '2.0e3', '-0.0', '1E+400', '1e-400', '9'.repeat(5000), '"\\ud800"', '"\\u001b]0;t\\u0007"']));
    case 11:
      return pick(['9'.repeat(100), '9'.repeat(2000), '0x' + 'f'.repeat(3000), '-' + '1'.repeat(80), '1.' + '0'.repeat(3000) + '1']);
    case 12:
      return rawText(deepText(pick([40, 40, 3000, DEEP])));
    case 13:
      return pick([[1, 'a', null], [{}], [[[]]], { a: [pick(HOSTILE)] }]);
    default:
      return undefined; // the member goes
  }
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Sets an own property, even `__proto__`. */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** Every string below `v` replaced by a hostile one. */
function poison(v: unknown): unknown {
  if (typeof v === 'string') return pick(HOSTILE);
  if (Array.isArray(v)) return v.map(poison);
  if (isContainer(v)) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) put(o, k, poison(x));
    return o;
  }
  return v;
}

/** One random change somewhere in `root` (a container). */
function mutateOnce(root: Container): void {
  let parent: Container = root;
  for (;;) {
    const keys = Object.keys(parent);
    if (keys.length === 0) {
      if (Array.isArray(parent)) parent.push(oddValue(null));
      else put(parent, pick(HOSTILE) || 'k', oddValue(null));
      return;
    }
    const key = pick(keys);
    const child = (parent as Record<string, unknown>)[key];
    if (isContainer(child) && chance(0.55)) {
      parent = child;
      continue;
    }
    const op = Math.floor(rnd() * 10);
    if (Array.isArray(parent)) {
      if (op === 0) parent.splice(Number(key), 1);
      else parent[Number(key)] = op === 1 ? poison(child) : oddValue(child) ?? null;
      return;
    }
    const o = parent as Record<string, unknown>;
    if (op === 0) delete o[key];
    else if (op === 1) put(o, key, poison(child));
    else if (op === 2) {
      // The same value under a hostile key.
      delete o[key];
      put(o, pick(HOSTILE), child);
    } else if (op === 3) put(o, pick(HOSTILE) || 'x', pick(HOSTILE));
    else {
      const v = oddValue(child);
      if (v === undefined) delete o[key];
      else put(o, key, v);
    }
    return;
  }
}

function mutated<T>(base: T): T {
  const v = structuredClone(base) as unknown;
  if (!isContainer(v)) return v as T;
  const n = pick([0, 1, 1, 2, 3, 5, 8]);
  for (let i = 0; i < n; i++) mutateOnce(v);
  return (chance(0.05) ? poison(v) : v) as T;
}

/** The body text: compact or spaced, placeholders replaced by their raw text. */
function bodyText(v: unknown): string {
  const text = JSON.stringify(v, null, chance(0.3) ? 1 : undefined) ?? 'null';
  return text.replace(PLACEHOLDER, (_, i: string) => raws[Number(i)]!);
}

// ───────────────────────────────────────────────────────────── real-looking items

const plain = (j: Json): Record<string, unknown> => JSON.parse(toJsonText(j)) as Record<string, unknown>;
const ds = getDataset();
const rich = listsFor(ADDR.rich);
const sample = <T>(xs: readonly T[], n: number): T[] => Array.from({ length: n }, () => pick(xs));
const txRecords = [...ds.transactions.values()];
const traces = txRecords.flatMap((r) => (r.trace.kind === 'body' ? [JSON.parse(toJsonText(r.trace.body)) as unknown] : [])).filter((t) => isContainer(t) && Object.keys(t).length > 0);
const REGISTRY = {
  '1': { name: 'Ethereum', isTestnet: false, native_currency: 'ETH', explorers: [{ url: 'https://eth.blockscout.com/', hostedBy: 'blockscout' }] },
  '0x414e': { name: 'AirDAO', isTestnet: false, native_currency: 'AMB', explorers: [{ url: 'https://air.example/', hostedBy: 'self' }] },
  chiliz: { name: 'Chiliz', isTestnet: false, native_currency: null, explorers: [{ url: 'explorer.chiliz.example', hostedBy: 'self' }] },
  '777': { name: 'Some Chain', isTestnet: true, native_currency: 'SOME', explorers: [{ url: 'https://some.example', hostedBy: 'self' }] },
};

// ───────────────────────────────────────────────────────────── kinds of response

interface Mode {
  name: string;
  mode: OutputMode;
  tty: boolean;
  color?: boolean;
  width?: number;
}
const MODES: readonly Mode[] = [
  { name: 'table, wide, colour', mode: 'table', tty: true, color: true, width: 200 },
  { name: 'table, narrow', mode: 'table', tty: true, width: 40 },
  { name: 'piped', mode: 'table', tty: false },
  { name: 'csv', mode: 'csv', tty: false },
  { name: 'json on a terminal', mode: 'json', tty: true },
  { name: 'json piped', mode: 'json', tty: false },
  { name: 'ndjson', mode: 'ndjson', tty: false },
];
const DOC_MODES = MODES.filter((m) => m.mode !== 'csv');

const A = ADDR.rich;
const H = '0x' + '2'.repeat(64);

interface Kind {
  name: string;
  /** The command line (without base URLs; `{base}` stands for the server's). */
  argv: string[];
  /** Where the command reads the fuzzed body. */
  path: string;
  shape(): unknown;
  /** A list (printList) with this view; else a document (tx show, tx trace) or the chain registry. */
  view?: () => Promise<ListView<unknown>>;
  doc?: 'transaction' | 'block' | 'stats' | 'trace' | 'registry' | 'summary';
  modes: readonly Mode[];
  /** Modes for the whole command, when fewer (`scout api` prints a body as sent unless CSV or NDJSON). */
  cliModes?: readonly Mode[];
}

/** A list body around mutated items; now and then the envelope itself is odd. */
function listShape(items: readonly unknown[]): () => unknown {
  return () => {
    const body: Record<string, unknown> = {
      items: sample(items, pick([0, 1, 2, 3, 6])).map((i) => (chance(0.04) ? oddValue(i) ?? null : mutated(i))),
      next_page_params: chance(0.5) ? null : { block_number: 23_000_000, index: 7, items_count: 50 },
    };
    if (chance(0.15)) body.next_page_params = oddValue(body.next_page_params);
    if (chance(0.05)) body.items = oddValue(body.items);
    if (chance(0.05)) put(body, pick(HOSTILE), pick(HOSTILE));
    if (chance(0.03)) return oddValue(body);
    return body;
  };
}

const viewOf = (name: Parameters<typeof view>[0]) => view(name) as unknown as () => Promise<ListView<unknown>>;

const KINDS: readonly Kind[] = [
  { name: 'address txs', argv: ['address', 'txs', A], path: `/api/v2/addresses/${A}/transactions`, shape: listShape(rich.transactions.map((e) => plain(e.json))), view: viewOf('transactions'), modes: MODES },
  { name: 'address transfers', argv: ['address', 'transfers', A], path: `/api/v2/addresses/${A}/token-transfers`, shape: listShape(rich.tokenTransfers.map((e) => plain(e.json))), view: viewOf('tokenTransfers'), modes: MODES },
  { name: 'address tokens', argv: ['address', 'tokens', A], path: `/api/v2/addresses/${A}/tokens`, shape: listShape(rich.tokens.map((e) => plain(e.json))), view: viewOf('tokenBalances'), modes: MODES },
  { name: 'address nfts', argv: ['address', 'nfts', A], path: `/api/v2/addresses/${A}/nft/collections`, shape: listShape(rich.nftCollections.map((e) => plain(e.json))), view: viewOf('nftCollections'), modes: MODES },
  { name: 'address internal-txs', argv: ['address', 'internal-txs', A], path: `/api/v2/addresses/${A}/internal-transactions`, shape: listShape(rich.internalTransactions.map((e) => plain(e.json))), view: viewOf('internalTransactions'), modes: MODES },
  { name: 'address withdrawals', argv: ['address', 'withdrawals', A], path: `/api/v2/addresses/${A}/withdrawals`, shape: listShape(rich.withdrawals.map((e) => plain(e.json))), view: viewOf('withdrawals'), modes: MODES },
  { name: 'tx transfers', argv: ['tx', 'transfers', H], path: `/api/v2/transactions/${H}/token-transfers`, shape: listShape(rich.tokenTransfers.map((e) => plain(e.json))), view: viewOf('tokenTransfers'), modes: MODES },
  { name: 'token transfers', argv: ['token', 'transfers', A], path: `/api/v2/tokens/${A}/transfers`, shape: listShape(transfersOf(ADDR.usdc).map((e) => plain(e.json))), view: viewOf('tokenTransfers'), modes: MODES },
  { name: 'token nfts', argv: ['token', 'nfts', A], path: `/api/v2/tokens/${A}/instances`, shape: listShape([...instancesOf(ADDR.nft1155).slice(0, 5), ...instancesOf(ADDR.nft721)].map((e) => plain(e.json))), view: viewOf('tokenInstances'), modes: MODES },
  { name: 'search', argv: ['search', 'usd'], path: '/api/v2/search', shape: listShape([...ds.searchTokens, ...ds.blocks].map((e) => plain(e.json))), view: viewOf('search'), modes: MODES },
  { name: 'admin networks', argv: ['admin', 'networks', '--api-key', 'k'], path: '/admin/api/v1/networks', shape: listShape(ds.networks.map(plain)), view: async () => networkView({ showSecrets: chance(0.5) }) as ListView<unknown>, modes: MODES },
  { name: 'api (any list)', argv: ['api', 'fuzz'], path: '/api/v2/fuzz', shape: listShape([...rich.transactions.slice(0, 5), ...rich.tokens.slice(0, 5)].map((e) => plain(e.json))), view: viewOf('generic'), modes: MODES, cliModes: MODES.filter((m) => m.mode === 'ndjson') },
  { name: 'blocks', argv: ['blocks'], path: '/api/v2/blocks', shape: listShape(ds.blocks.map((e) => plain(e.json))), view: viewOf('blocks'), modes: MODES },
  { name: 'block txs', argv: ['block', 'txs', '100'], path: '/api/v2/blocks/100/transactions', shape: listShape(rich.transactions.map((e) => plain(e.json))), view: viewOf('transactions'), modes: MODES },
  { name: 'block show', argv: ['block', '100'], path: '/api/v2/blocks/100', shape: () => (chance(0.03) ? oddValue(null) ?? null : mutated(plain(pick(ds.blocks).json))), doc: 'block', modes: DOC_MODES },
  { name: 'stats', argv: ['stats'], path: '/api/v2/stats', shape: () => (chance(0.03) ? oddValue(null) ?? null : mutated(plain(ds.stats))), doc: 'stats', modes: DOC_MODES },
  { name: 'tx show', argv: ['tx', 'show', H], path: `/api/v2/transactions/${H}`, shape: () => (chance(0.03) ? oddValue(null) ?? null : mutated(pick(txRecords).json as unknown)), doc: 'transaction', modes: DOC_MODES },
  {
    name: 'tx trace',
    argv: ['tx', 'trace', H],
    path: `/api/v2/transactions/${H}/raw-trace`,
    shape: () => (chance(0.05) ? oddValue(null) ?? null : chance(0.1) ? rawText(deepText(pick([2000, DEEP]), true)) : mutated(pick(traces))),
    doc: 'trace',
    modes: DOC_MODES,
  },
  { name: 'chains', argv: ['chains', '--refresh', '--registry-url', '{base}/registry'], path: '/registry', shape: () => mutated(REGISTRY), doc: 'registry', modes: MODES },
  { name: 'address logs', argv: ['address', 'logs', A], path: `/api/v2/addresses/${A}/logs`, shape: listShape(addressLogs(ADDR.rich).map((e) => plain(e.json))), view: viewOf('logs'), modes: MODES },
  {
    name: 'tx summary',
    argv: ['tx', 'summary', H],
    path: `/api/v2/transactions/${H}/summary`,
    shape: () => (chance(0.05) ? oddValue(null) ?? null : mutated(JSON.parse(toJsonText(pick([OK_SUMMARY, HOSTILE_SUMMARY]))) as unknown)),
    doc: 'summary',
    modes: DOC_MODES,
  },
  { name: 'tx state-changes', argv: ['tx', 'state-changes', H], path: `/api/v2/transactions/${H}/state-changes`, shape: listShape(txDepth(TX.ok)!.stateChanges.map((e) => plain(e.json))), view: viewOf('stateChanges'), modes: MODES },
];

interface Shape {
  kind: Kind;
  n: number;
  body: string;
}

const SHAPES: Shape[] = KINDS.flatMap((kind) => Array.from({ length: SHAPES_PER_KIND }, (_, n) => ({ kind, n, body: bodyText(kind.shape()) })));
/** A transaction for the names beside the call tree. */
const TX_FOR_TRACE = bodyText(mutated(pick(txRecords).json as unknown));

// ───────────────────────────────────────────────────────────── checks

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  /** The thrown error's message and hint (direct pass). */
  error?: string[];
}

/** The exact items of a list body, or undefined when it is none. */
function itemsOf(body: string): string[] | undefined {
  try {
    return arrayElements(objectMembers(body).get('items') ?? '');
  } catch {
    return undefined;
  }
}

const compact = (s: string) => formatRaw(s, 0);

function check(shape: Shape, mode: Mode, o: Outcome): void {
  const what = `${shape.kind.name} #${shape.n} (${mode.name}): ${shape.body.length > 300 ? shape.body.slice(0, 300) + '…' : shape.body}`;
  expect(o.stderr, what).not.toContain('unexpected error');
  // CSV ends its records in CRLF (RFC 4180); no other CR may appear.
  expect(cleanProblem(mode.mode === 'csv' ? o.stdout.replaceAll('\r\n', '\n') : o.stdout), `${what}: stdout`).toBeUndefined();
  expect(cleanProblem(o.stderr), `${what}: stderr`).toBeUndefined();
  if (!mode.color) expect(o.stdout.includes('\u001b'), `${what}: colour without colour`).toBe(false);
  if (o.code !== 0) {
    expect(o.code, what).toBe(1);
    for (const line of o.error ?? []) {
      expect(line, what).not.toContain('\n');
      expect(isSafeText(line), what).toBe(true);
    }
    const errorLines = o.stderr.split('\n').filter((l) => l.startsWith('scout: ') && !l.startsWith('scout: warning:'));
    if (o.error === undefined) {
      // Through the CLI: one error line (and at most its hint).
      expect(errorLines.length, `${what}: ${o.stderr}`).toBeGreaterThanOrEqual(1);
      expect(errorLines.length, `${what}: ${o.stderr}`).toBeLessThanOrEqual(2);
    }
    return;
  }
  const kind = shape.kind;
  if (mode.mode === 'json' || mode.mode === 'ndjson') {
    if (kind.doc === 'registry') return;
    if (kind.doc === 'trace' && mode.mode === 'ndjson') {
      // One call per line (test/render/trace-lines.test.ts checks the calls themselves).
      for (const l of o.stdout.split('\n').slice(0, -1)) expect(Object.keys(JSON.parse(l) as object), what).toEqual(['depth', 'path', 'call']);
      return;
    }
    if (kind.doc) {
      expect(compact(o.stdout.trimEnd()), `${what}: the document, exactly`).toBe(compact(shape.body));
      return;
    }
    const items = itemsOf(shape.body);
    expect(items, what).toBeDefined();
    if (mode.mode === 'json') expect(compact(o.stdout.trimEnd()), `${what}: the items, exactly`).toBe(compact(`[${items!.join(',')}]`));
    else expect(o.stdout.split('\n').slice(0, -1).map(compact), `${what}: the items, exactly`).toEqual(items!.map(compact));
  }
  if (mode.mode === 'csv') {
    // One record per line: no field breaks out of its quotes.
    const records = o.stdout.split('\r\n').slice(0, -1);
    const fields = (r: string) => r.replace(/"(?:[^"]|"")*"/g, 'q').split(',').length;
    for (const r of records) expect(fields(r), `${what}: CSV record ${JSON.stringify(r.slice(0, 200))}`).toBe(fields(records[0]!));
  }
  if (mode.mode === 'table' && !mode.tty && kind.view) {
    // Piped: one line per item, every line with the same fields.
    const lines = o.stdout.split('\n').slice(0, -1);
    const items = itemsOf(shape.body) ?? [];
    expect(lines.length, what).toBe(items.length);
    for (const l of lines) expect(l.split('\t').length, what).toBe(lines[0]!.split('\t').length);
  }
}

// ───────────────────────────────────────────────────────────── the direct pass

function session(mode: Mode): Session & { io: ReturnType<typeof memoryIo> } {
  const io = memoryIo({ stdoutIsTTY: mode.tty, color: mode.color ?? false, width: mode.width ?? 100, now: () => NOW });
  const render: RenderContext = { tty: mode.tty, color: mode.color ?? false, width: mode.width ?? 100, now: NOW, coin: 'ETH' };
  return { io, render, commandPath: ['fuzz'] } as unknown as Session & { io: ReturnType<typeof memoryIo> };
}

async function direct(shape: Shape, mode: Mode): Promise<Outcome> {
  const s = session(mode);
  const { kind, body } = shape;
  // One page, as without --all or --limit.
  const opts = { mode: mode.mode, all: false, limit: undefined, cursor: undefined };
  const deps = { progress: async () => silentProgress };
  try {
    if (kind.view) {
      const printed = await printList(s, onePage(async () => parseListBody(body, ORIGIN)), kind.view, opts, deps);
      await offerNextPage(s, printed, opts, { line: { head: s.commandPath, tail: [] }, path: '/api/v2/list' });
    } else if (kind.doc === 'registry') {
      let chains;
      try {
        chains = parseRegistry(body);
      } catch {
        // The command says so in one line (config/registry.ts decides what is usable).
        return { code: 1, stdout: s.io.stdout(), stderr: s.io.stderr(), error: ['unusable chain registry'] };
      }
      const all = [...BUILTIN_CHAINS, ...chains];
      const page = { rawItems: all.map((c) => JSON.stringify(c)), compact: true, next: null, items: () => all };
      await printList(s, onePage(async () => page), async () => ({ columns: chainColumns }) as ListView<unknown>, opts, deps);
    } else if (kind.doc === 'trace' && mode.mode === 'ndjson') {
      await printTraceLines(s, body);
    } else if (mode.mode === 'json' || mode.mode === 'ndjson') {
      await printDocument(s, body, mode.mode);
    } else if (kind.doc === 'summary') {
      await printSummary(s, body);
    } else if (kind.doc === 'transaction') {
      await printObject(s, body, ORIGIN, await objectViews.transaction());
    } else if (kind.doc === 'block') {
      await printObject(s, body, ORIGIN, await objectViews.block());
    } else if (kind.doc === 'stats') {
      await printObject(s, body, ORIGIN, await objectViews.stats());
    } else {
      await printTrace(s, body, knownAddresses(JSON.parse(TX_FOR_TRACE)));
    }
  } catch (e) {
    if (!(e instanceof ScoutError)) throw new Error(`${kind.name} #${shape.n} (${mode.name}) threw ${String(e)}\nbody: ${body.slice(0, 500)}`, { cause: e });
    return { code: e.exitCode, stdout: s.io.stdout(), stderr: s.io.stderr(), error: [e.message, ...(e.hint ? [e.hint] : [])] };
  }
  return { code: 0, stdout: s.io.stdout(), stderr: s.io.stderr() };
}

// ───────────────────────────────────────────────────────────── times out of range

/** A member that holds a time: `timestamp`, `block_timestamp`, `…_at`, a summary's `timestamp` variable's value. */
const TIME_KEY = /(^|_)(timestamp|time)$|_at$/;

/**
 * `v` with every time in it set to `time`: members named like a time, and the value of each summary
 * variable of type `timestamp`. Counts what it set in `set.n`.
 */
function withTimes(v: unknown, time: number | string, set: { n: number }): unknown {
  if (Array.isArray(v)) return v.map((x) => withTimes(x, time, set));
  if (!isContainer(v)) return v;
  const o: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) put(o, k, withTimes(x, time, set));
  for (const k of Object.keys(o)) {
    if (TIME_KEY.test(k) && !isContainer(o[k])) (set.n++, put(o, k, time));
  }
  if (o.type === 'timestamp' && 'value' in o) (set.n++, put(o, 'value', time));
  return o;
}

/** Every kind whose items or document carry a time, with a shape for each time out of range. */
const TIME_SHAPES: Shape[] = KINDS.flatMap((kind) =>
  OUT_OF_RANGE_TIMES.flatMap((time, n) => {
    const set = { n: 0 };
    // A few tries: a mutated shape may have lost its times.
    for (let i = 0; i < 5 && set.n === 0; i++) {
      const shape = withTimes(kind.shape(), time, set);
      if (set.n > 0) return [{ kind, n, body: bodyText(shape) }];
    }
    return [];
  }),
);

describe('times out of range', () => {
  it('reach every view that shows a time', () => {
    const kinds = new Set(TIME_SHAPES.map((s) => s.kind.name));
    // Every view but the ones that carry no time at all.
    expect([...KINDS.map((k) => k.name)].filter((k) => !kinds.has(k)).sort()).toEqual(['address nfts', 'address tokens', 'admin networks', 'chains', 'token nfts', 'tx state-changes', 'tx trace']);
  });

  it(`${TIME_SHAPES.length} shapes, every view in every mode: shown as sent, never "unexpected error"`, async () => {
    for (const shape of TIME_SHAPES) for (const mode of shape.kind.modes) check(shape, mode, await direct(shape, mode));
  }, 60_000);
});

describe('response-shape fuzz', () => {
  it(`${SHAPES.length} shapes, every view in every mode: clean output or one line and exit 1`, async () => {
    let failed = 0;
    for (const shape of SHAPES) {
      for (const mode of shape.kind.modes) {
        const o = await direct(shape, mode);
        check(shape, mode, o);
        if (o.code !== 0) failed++;
      }
    }
    // The fuzz reaches both outcomes: most shapes render, some are refused.
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(SHAPES.length * MODES.length * 0.5);
    // Every shape in every mode in one test: about 1.5 s per list alone, several times that on a
    // loaded 2-core machine, so more room than the suite's default.
  }, 120_000);

  describe('whole commands against a server sending the shapes', () => {
    let srv: BodyServer;
    let base = '';
    let bodies: Map<string, string>;
    const home = mkdtempSync(join(tmpdir(), 'scout-fuzz-'));

    beforeAll(async () => {
      srv = await serveBodies();
      ({ url: base, bodies } = srv);
    });
    afterAll(() => srv.close());

    it('one random mode per shape, for a third of the shapes', async () => {
      const cli = seeded(SEED + 1);
      const codes = new Set<number>();
      bodies.set(`/api/v2/transactions/${H}`, TX_FOR_TRACE);
      for (const shape of SHAPES.filter((s) => s.n % 3 === 0)) {
        const modes = shape.kind.cliModes ?? shape.kind.modes;
        const mode = modes[Math.floor(cli() * modes.length)]!;
        bodies.set(shape.kind.path, shape.body);
        const io = memoryIo({ stdoutIsTTY: mode.tty, color: mode.color ?? false, width: mode.width ?? 100, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
        const flags = mode.mode === 'table' ? [] : [`--${mode.mode}`];
        const argv = shape.kind.argv.map((w) => w.replace('{base}', base));
        const code = await run(['node', 'scout', ...argv, ...flags, '--base-url', base, '--admin-url', base, '--retries', '0'], io);
        check(shape, mode, { code, stdout: io.stdout(), stderr: io.stderr() });
        codes.add(code);
        if (shape.kind.path === `/api/v2/transactions/${H}`) bodies.set(shape.kind.path, TX_FOR_TRACE);
      }
      expect([...codes].sort()).toEqual([0, 1]);
    });
  });
});
