/**
 * The run of `scout export`: each dataset paged to its end through the list engine (the window of
 * --since/--until applied as pages arrive: api/item-filter.ts), each page's rows appended to a
 * staging file, and the files written at the end.
 *
 * Resuming: every page's rows go to `DIR/.parts/<dataset>.ndjson` (one staged row a line: the
 * column cells, then the raw item with --raw), synced, and only then does `DIR/manifest.json` (a
 * temporary file renamed over it) record the cursor after that page, the rows and the staged bytes.
 * A run stopped at any point leaves the manifest at a page boundary; `--resume` cuts the staging
 * file back to the bytes the manifest counts (a page written but not yet recorded goes) and asks
 * from the recorded cursor, so no row comes twice and none is missed. Parquet files cannot be
 * appended to, so the staging is NDJSON for every format and the files are written from it once
 * every dataset is paged: `DIR/<dataset>.<format>.part`, renamed into place when whole, so a
 * reader never sees half a file. Parquet row groups are ROW_GROUP rows, read from the staging a
 * group at a time, each column's values made only as the writer encodes that column: what the
 * write holds is one row group, however long the history (BENCHMARKS.md, export). hyparquet-writer (the one
 * dependency this command adds) is loaded here, with import(), only for Parquet.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ExplorerClient, ListRequest } from '../../api/client.js';
import type { Cursor } from '../../api/cursor.js';
import { addressCountersPath, addressInternalTransactions, coinBalanceHistory, addressLogs, addressTokenTransfers, addressTransactions, addressWithdrawals } from '../../api/endpoints.js';
import { filteredPages } from '../../api/item-filter.js';
import type { Dated } from '../../api/window.js';
import { InterruptedError, ScoutError, UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { parseWindow, type TimePoint, type TimeWindow } from '../../base/time.js';
import type { Invocation } from '../../kit/invocation.js';
import { BLOCK_TIME, LOG_TIME, windowed } from '../../kit/window-options.js';
import { csvField } from '../../render/csv.js';
import { type Lane, planChains } from '../../run/fanout.js';
import { openProgress } from '../../run/progress.js';
import { CHAIN_ID, type Cell, DATASETS, type Dataset, type ExportColumn, type ExportFormat, SCHEMAS } from './export-schema.js';

/** What export.ts hands the run, checked. */
export interface ExportInput {
  address: string | undefined;
  what: Dataset[] | undefined;
  out: string | undefined;
  format: ExportFormat | undefined;
  since: string | undefined;
  until: string | undefined;
  raw: boolean;
  resume: string | undefined;
  /** `--chains`, as given (the run plans them). */
  chains: { words: string[] } | undefined;
}

/** Rows in each Parquet row group. */
export const ROW_GROUP = 10_000;
const MANIFEST = 'manifest.json';
const PARTS = '.parts';

/** Where each dataset's items come from, and where they keep their time. */
const SOURCES: Readonly<Record<Dataset, { request: (a: string) => ListRequest<unknown>; dated: Dated; counter?: string }>> = {
  txs: { request: (a) => addressTransactions(a), dated: BLOCK_TIME, counter: 'transactions_count' },
  transfers: { request: (a) => addressTokenTransfers(a), dated: BLOCK_TIME, counter: 'token_transfers_count' },
  internal: { request: (a) => addressInternalTransactions(a), dated: BLOCK_TIME },
  logs: { request: (a) => addressLogs(a), dated: LOG_TIME },
  withdrawals: { request: (a) => addressWithdrawals(a), dated: BLOCK_TIME },
  balances: { request: (a) => coinBalanceHistory(a), dated: LOG_TIME },
};

type PointJson = { kind: 'time'; ms: number; text: string } | { kind: 'block'; block: string; text: string };

interface DatasetState {
  /** The cursor of the next page to ask (null: the first page, until `paged`). */
  cursor: Cursor | null;
  pages: number;
  rows: number;
  /** Bytes of the staging file that hold recorded pages. */
  bytes: number;
  /** paging → paged (every page staged) → written (the file in place). */
  state: 'paging' | 'paged' | 'written';
}

/** One chain of an export over `--chains`: its own explorer, cursors and staged rows. */
interface ChainPart {
  /** The chain id (the `chain_id` column), or null when the registry gives none. */
  chain_id: string | null;
  chain: string;
  /** Its explorer (base URL): a resumed export asks the same one. */
  explorer: string;
  datasets: Partial<Record<Dataset, DatasetState>>;
}

/** `DIR/manifest.json`. */
interface Manifest {
  scout_export: 1;
  /** The explorer asked (its base URL): a resumed export asks the same one. Null over --chains (each chain's is in `chains`). */
  explorer: string | null;
  /**
   * Over `--chains`: each chain's cursor, pages, rows and staged bytes per dataset; `datasets` then
   * holds each file's state and the rows of every chain together.
   */
  chains?: ChainPart[];
  address: string;
  format: ExportFormat;
  raw: boolean;
  /** The window as given, and as resolved when the export began (an age is not counted again on resume). */
  since: string | null;
  until: string | null;
  window: { since: PointJson | null; until: PointJson | null } | null;
  datasets: Partial<Record<Dataset, DatasetState>>;
}

const pointJson = (p: TimePoint | undefined): PointJson | null =>
  p === undefined ? null : p.kind === 'time' ? { kind: 'time', ms: p.ms, text: p.text } : { kind: 'block', block: p.block.toString(), text: p.text };
const pointOf = (p: PointJson | null): TimePoint | undefined =>
  p === null ? undefined : p.kind === 'time' ? p : { kind: 'block', block: BigInt(p.block), text: p.text };

/** Writes (`w`) or appends (`a`) text and syncs it to the disk before returning. */
async function writeSynced(path: string, text: string, flag: 'w' | 'a'): Promise<void> {
  const fh = await open(path, flag);
  try {
    await fh.write(text);
    await fh.datasync();
  } finally {
    await fh.close();
  }
}

/** Writes a file whole or not at all: a temporary file beside it, synced, renamed over it. */
async function writeAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.tmp`;
  await writeSynced(tmp, text, 'w');
  await rename(tmp, path);
}

const saveManifest = (dir: string, m: Manifest) => writeAtomic(join(dir, MANIFEST), JSON.stringify(m, null, 2) + '\n');

/** The manifest in `dir`, or undefined when there is none; one that is not scout's is a usage error. */
async function readManifest(dir: string): Promise<Manifest | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw e;
  }
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    m = undefined;
  }
  if (!m || typeof m !== 'object' || (m as Manifest).scout_export !== 1 || typeof (m as Manifest).address !== 'string') {
    throw new UsageError(`${echo(join(dir, MANIFEST))} is not the manifest of a scout export`);
  }
  return m as Manifest;
}

/** The manifest a new export starts with, after checking its directory: new, or empty. */
async function begin(input: ExportInput, now: number, explorer: () => string, lanes: readonly Lane[] | undefined): Promise<{ dir: string; manifest: Manifest }> {
  const dir = input.out!;
  const window = parseWindow({ since: input.since, until: input.until }, now);
  const what = input.what ?? [...DATASETS];
  const existing = await readManifest(dir);
  if (existing) {
    throw new UsageError(
      `${echo(dir)} holds an export already (${existing.address}: ${Object.keys(existing.datasets).join(', ')}): continue it with \`scout export --resume ${dir}\`, or give another --out`,
    );
  }
  let entries: string[] = [];
  try {
    entries = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') throw new UsageError(`--out ${echo(dir)} is a file, not a directory`);
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (entries.length) throw new UsageError(`--out ${echo(dir)} is not empty: give a new or empty directory`);
  const start = (): Partial<Record<Dataset, DatasetState>> =>
    Object.fromEntries(what.map((d) => [d, { cursor: null, pages: 0, rows: 0, bytes: 0, state: 'paging' } satisfies DatasetState]));
  const manifest: Manifest = {
    scout_export: 1,
    explorer: lanes ? null : explorer(),
    ...(lanes ? { chains: lanes.map((l): ChainPart => ({ chain_id: l.id, chain: l.label, explorer: l.target.baseUrl, datasets: start() })) } : {}),
    address: input.address!,
    format: input.format ?? 'parquet',
    raw: input.raw,
    since: input.since ?? null,
    until: input.until ?? null,
    window: window ? { since: pointJson(window.since), until: pointJson(window.until) } : null,
    datasets: start(),
  };
  await mkdir(join(dir, PARTS), { recursive: true });
  await saveManifest(dir, manifest);
  return { dir, manifest };
}

/** The manifest of an export to continue; none is a usage error. */
async function resumed(dir: string, site: () => string): Promise<{ dir: string; manifest: Manifest }> {
  const manifest = await readManifest(dir);
  if (!manifest) throw new UsageError(`--resume ${echo(dir)}: no ${MANIFEST} there (start an export with scout export <address> --out ${dir})`);
  const explorer = manifest.chains === undefined ? site() : undefined;
  if (explorer !== undefined && manifest.explorer !== explorer) {
    throw new UsageError(`--resume ${echo(dir)}: the export asked ${echo(String(manifest.explorer))}, and this run would ask ${echo(explorer)}: give --base-url ${manifest.explorer} (or the same --chain)`);
  }
  await mkdir(join(dir, PARTS), { recursive: true });
  return { dir, manifest };
}

/**
 * The staging file cut back to the bytes the manifest records: a page staged but not recorded (the
 * run stopped between the two) goes. A staging file shorter than that has lost rows: an error.
 */
async function recorded(staging: string, bytes: number): Promise<void> {
  await writeFile(staging, '', { flag: 'a' });
  const size = (await stat(staging)).size;
  if (size < bytes) {
    throw new ScoutError(`${echo(staging)} holds ${size} bytes, fewer than the ${bytes} its manifest records: the export's staged rows are damaged; start it again in a new directory`);
  }
  await truncate(staging, bytes);
}

/** A staged row: the cells, and the item as sent with --raw. */
function stagedRow(columns: readonly ExportColumn[], raw: string, item: unknown, withRaw: boolean): string {
  const record = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  const cells: Cell[] = columns.map((col) => col.of(record));
  if (withRaw) cells.push(raw);
  return JSON.stringify(cells);
}

const grouped = (n: number) => n.toLocaleString('en-US');

/** What pages one dataset of one chain (or the one explorer, without --chains): where its state and staged rows are. */
interface Part {
  /** The chain, over --chains: its name for what is said, its id for the `chain_id` column. */
  readonly chain: { readonly label: string; readonly id: string | null } | undefined;
  readonly client: ExplorerClient;
  readonly states: Partial<Record<Dataset, DatasetState>>;
  /** The staging file of a dataset, in DIR/.parts. */
  readonly staging: (d: Dataset) => string;
  /** The address counters, for the estimate and the check at the end (the whole history only). */
  counted?: Record<string, unknown> | undefined;
}

/**
 * The chains of a manifest over --chains, each with its client: planned as --chains plans them, from
 * the chain ids recorded; each must still be served by the explorer the export asked.
 */
async function chainParts(inv: Invocation, dir: string, chains: readonly ChainPart[]): Promise<Part[]> {
  const lanes = await planChains(inv, chains.map((c) => c.chain_id ?? c.chain));
  return chains.map((c, i) => {
    const lane = lanes[i]!;
    if (lane.target.baseUrl !== c.explorer) {
      throw new UsageError(`--resume ${echo(dir)}: the export asked ${echo(c.explorer)} for ${c.chain}, and this run would ask ${echo(lane.target.baseUrl)}: refresh the chains (scout chains --refresh) or give the same registry`);
    }
    return { chain: { label: c.chain, id: c.chain_id }, client: lane.client, states: c.datasets, staging: (d: Dataset) => `${d}.${i}.ndjson` };
  });
}

export async function exportRun(inv: Invocation, input: ExportInput): Promise<void> {
  const io = inv.env.io;
  // Settings first (no request): the explorer a new export records, and a resumed one must ask again.
  const s = await inv.session();
  // Over --chains each chain's explorer is its own (planChains): the one explorer is asked only without.
  const explorer = () => s.settings.site();
  const lanes = input.chains ? await planChains(inv, input.chains.words) : undefined;
  const { dir, manifest } = input.resume !== undefined ? await resumed(input.resume, explorer) : await begin(input, io.now(), explorer, lanes);
  const window: TimeWindow | undefined = manifest.window ? { since: pointOf(manifest.window.since), until: pointOf(manifest.window.until) } : undefined;
  const datasets = DATASETS.filter((d) => manifest.datasets[d] !== undefined);
  if (input.resume !== undefined && datasets.every((d) => manifest.datasets[d]!.state === 'written')) {
    await io.err.write(`scout: ${echo(dir)}: the export is complete already; nothing to do\n`);
    return;
  }
  const parts: Part[] = manifest.chains
    ? await chainParts(inv, dir, manifest.chains)
    : [{ chain: undefined, client: s.explorer(), states: manifest.datasets, staging: (d) => `${d}.ndjson` }];
  const over = manifest.chains !== undefined;
  const signal = inv.env.signal;
  // The counters, for the estimate while paging and the check at the end (the whole history only).
  if (!window) {
    await Promise.all(parts.map(async (p) => {
      p.counted = await p.client.getJson(addressCountersPath(manifest.address)).then((d) => JSON.parse(d.text) as Record<string, unknown>, () => undefined);
    }));
  }
  // "export txs · base · 1,200 rows of ~5,000 · page 24": the estimate from the counters, where there is one.
  const line = (d: Dataset, p: Part) => {
    const st = p.states[d]!;
    const key = SOURCES[d].counter;
    const expected = key && p.counted?.[key];
    const of = typeof expected === 'string' || typeof expected === 'number' ? ` of ~${grouped(Number(expected))}` : '';
    return `export ${d}${p.chain ? ` · ${p.chain.label}` : ''} · ${grouped(st.rows)} rows${of} · page ${st.pages}`;
  };
  const firstPart = (d: Dataset) => parts.find((p) => p.states[d]!.state === 'paging');
  const first = datasets.find((d) => firstPart(d) !== undefined);
  const progress = await openProgress(io, 'table', first ? line(first, firstPart(first)!) : `export ${manifest.address}`, s.render.color, { waits: s.waits, long: true });
  try {
    for (const d of datasets) {
      // Over --chains the dataset's own entry counts every chain's pages and rows together.
      const total = manifest.datasets[d]!;
      for (const part of parts) {
        const st = part.states[d]!;
        if (st.state !== 'paging') continue;
        const staging = join(dir, PARTS, part.staging(d));
        await recorded(staging, st.bytes);
        const source = SOURCES[d];
        const req = windowed(source.request(manifest.address), source.dated, window);
        progress.update(line(d, part));
        const pages = filteredPages((r, cur) => part.client.page(r, cur), req, { cursor: st.cursor, maxPages: Infinity }, (text) => {
          progress.clear?.();
          return io.err.write(text);
        });
        const columns = SCHEMAS[d];
        for await (const page of pages) {
          const items = page.items();
          const text = page.rawItems.map((raw, i) => stagedRow(columns, raw, items[i], manifest.raw) + '\n').join('');
          await writeSynced(staging, text, 'a');
          st.bytes += Buffer.byteLength(text);
          st.rows += page.rawItems.length;
          st.pages++;
          if (over) {
            total.rows += page.rawItems.length;
            total.pages++;
          }
          st.cursor = page.next;
          if (page.next === null) st.state = 'paged';
          await saveManifest(dir, manifest);
          progress.update(line(d, part));
          if (signal?.aborted) throw new InterruptedError('interrupted');
        }
        // The list ended without a last page saying so (a window's end): every page is staged.
        if (st.state === 'paging') {
          st.state = 'paged';
          st.cursor = null;
          await saveManifest(dir, manifest);
        }
      }
      if (over && total.state === 'paging') {
        total.state = 'paged';
        await saveManifest(dir, manifest);
      }
    }
    for (const d of datasets) {
      const st = manifest.datasets[d]!;
      if (st.state === 'written') continue;
      progress.update(`export ${d} · writing ${grouped(st.rows)} rows`);
      const name = `${d}.${manifest.format}`;
      const sources: Staged[] = [];
      for (const part of parts) {
        const path = join(dir, PARTS, part.staging(d));
        await recorded(path, part.states[d]!.bytes);
        sources.push({ path, prefix: part.chain ? [chainIdCell(part.chain.id)] : [] });
      }
      await writeDataset(sources, join(dir, `${name}.part`), SCHEMAS[d], manifest);
      await rename(join(dir, `${name}.part`), join(dir, name));
      st.state = 'written';
      await saveManifest(dir, manifest);
      for (const part of parts) await rm(join(dir, PARTS, part.staging(d)), { force: true });
    }
  } finally {
    progress.stop();
  }
  await rm(join(dir, PARTS), { recursive: true, force: true });
  const lines = datasets.map((d) => `${d}.${manifest.format}: ${grouped(manifest.datasets[d]!.rows)} rows`);
  await io.err.write(`scout: wrote ${lines.join(', ')}${over ? ` of ${parts.map((p) => p.chain!.label).join(', ')}` : ''} in ${dir}\n`);
  // Against the explorer's counters, for the whole history: a difference is said, not an error.
  for (const part of parts) {
    for (const d of datasets) {
      const key = SOURCES[d].counter;
      const v = key && part.counted?.[key];
      if ((typeof v !== 'string' && typeof v !== 'number') || !/^\d+$/.test(String(v))) continue;
      const rows = part.states[d]!.rows;
      if (BigInt(v) !== BigInt(rows)) {
        const on = part.chain ? `${part.chain.label}: ` : '';
        await io.err.write(`scout: note: ${on}${d}: ${grouped(rows)} rows written, the explorer's counters say ${String(v)} (${key}); the counters may lag or count differently\n`);
      }
    }
  }
}

/** The `chain_id` cell: the id's digits (an INT64), or null for a chain the registry gives no numeric id. */
const chainIdCell = (id: string | null): Cell => (id !== null && /^\d{1,18}$/.test(id) ? id : null);

/** A staging file, and the cells its rows start with in the file (the chain_id, over --chains). */
interface Staged {
  readonly path: string;
  readonly prefix: readonly Cell[];
}

/** The staged rows of a dataset, file after file, each row after its file's prefix, `size` at a time (the last batch may be shorter). */
async function* stagedBatches(sources: readonly Staged[], size: number): AsyncGenerator<Cell[][], void, undefined> {
  let batch: Cell[][] = [];
  for (const { path, prefix } of sources) {
    const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      const row = JSON.parse(line) as Cell[];
      batch.push(prefix.length ? [...prefix, ...row] : row);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

/** The file of a dataset, from its staging file, in the manifest's format. */
async function writeDataset(staging: readonly Staged[], target: string, columns: readonly ExportColumn[], m: Manifest): Promise<void> {
  const chain = m.chains ? [CHAIN_ID] : [];
  const names = [...chain.map((c) => c.name), ...columns.map((c) => c.name), ...(m.raw ? ['raw'] : [])];
  const types = [...chain.map((c) => c.type), ...columns.map((c) => c.type), ...(m.raw ? (['STRING'] as const) : [])];
  if (m.format === 'parquet') return writeParquet(staging, target, names, types);
  const fh = await open(target, 'w');
  try {
    if (m.format === 'csv') await fh.write(names.map(csvField).join(',') + '\r\n');
    for await (const batch of stagedBatches(staging, ROW_GROUP)) {
      const text = batch.map((row) => (m.format === 'csv' ? csvLine(row, types) : ndjsonLine(row, names, types))).join('');
      await fh.write(text);
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** A cell as text: a time in ISO 8601 UTC, an integer's digits, a boolean's word; null as nothing. */
function textCell(cell: Cell, type: string): string | null {
  if (cell === null) return null;
  if (type === 'TIMESTAMP') return new Date(Number(cell)).toISOString();
  return String(cell);
}

function csvLine(row: Cell[], types: readonly string[]): string {
  return row.map((cell, i) => csvField(textCell(cell, types[i]!) ?? '')).join(',') + '\r\n';
}

/** One NDJSON object: integers as JSON numbers while exact (else their digits as a string), times as ISO text. */
function ndjsonLine(row: Cell[], names: readonly string[], types: readonly string[]): string {
  const parts = row.map((cell, i) => {
    const type = types[i]!;
    let value: string;
    if (cell === null) value = 'null';
    else if (type === 'INT64') value = Number.isSafeInteger(Number(cell)) ? String(Number(cell)) : JSON.stringify(String(cell));
    else if (type === 'TIMESTAMP') value = JSON.stringify(textCell(cell, type));
    else value = JSON.stringify(cell);
    return `${JSON.stringify(names[i])}:${value}`;
  });
  return `{${parts.join(',')}}\n`;
}

/** The Parquet file: ROW_GROUP rows a row group, written as each group is read. */
export async function writeParquet(staging: readonly Staged[], target: string, names: readonly string[], types: readonly string[]): Promise<void> {
  const { ParquetWriter, fileWriter } = await import('hyparquet-writer');
  const schema = [
    { name: 'root', num_children: names.length },
    ...names.map((name, i) => ({ name, repetition_type: 'OPTIONAL' as const, ...PARQUET_TYPES[types[i] as keyof typeof PARQUET_TYPES] })),
  ];
  const writer = fileWriter(target);
  const pq = new ParquetWriter({ writer, schema, createdBy: 'scout export' });
  for await (const batch of stagedBatches(staging, ROW_GROUP)) {
    // Each column's values are made when the writer takes that column (it slices each once, in
    // order), so a row group holds its rows and one column's values, not every column's at once.
    const columnData = names.map((name, i) => ({ name, data: lazyColumn(batch, i, types[i]!) }));
    await pq.write({ columnData, rowGroupSize: ROW_GROUP });
    collectRowGroup();
  }
  await pq.finish();
}

/**
 * A full collection after each row group is written, where the process offers one: the export's
 * own process does on Node 24 (launch.ts starts it with `--expose-gc`). Encoding a row group
 * allocates fast (about 4.6 KB a row, each string value made into bytes, compressed, copied), and
 * Node 24's V8 lets the old generation run past its limit while it marks, in bursts (a collection
 * starting at 54 MiB against a 31 MiB limit), then keeps the freed pages committed (its page pool):
 * writing 1,000,000 staged rows peaked at 140-147 MiB against 84-88 MiB for 10,000. Collected when
 * the group is done, all of its garbage dead and the pool released (a memory-reducing collection,
 * the `last-resort` kind), the million peaks at 92-95 MiB in no more time (BENCHMARKS.md, export).
 */
function collectRowGroup(): void {
  (globalThis as { gc?: (options: object) => unknown }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** A column of a row group as the writer reads it (its length, then one slice), made only when sliced. */
function lazyColumn(batch: Cell[][], i: number, type: string): unknown[] {
  const slice = (start = 0, end = batch.length): unknown[] => {
    const values = new Array<unknown>(end - start);
    for (let r = start; r < end; r++) values[r - start] = parquetCell(batch[r]![i] ?? null, type);
    return values;
  };
  return { length: batch.length, slice } as unknown as unknown[];
}

/** Each column type as a Parquet schema element. */
const PARQUET_TYPES = {
  STRING: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  INT64: { type: 'INT64' },
  TIMESTAMP: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } },
  BOOLEAN: { type: 'BOOLEAN' },
} as const;

function parquetCell(cell: Cell, type: string): unknown {
  if (cell === null) return null;
  if (type === 'INT64') return BigInt(cell as string);
  if (type === 'TIMESTAMP') return new Date(Number(cell));
  return cell;
}
