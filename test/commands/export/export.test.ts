/**
 * `scout export`: ADDR.rich's histories from the fake explorer (120 transactions, 75 token transfers,
 * 60 internal transactions, 55 withdrawals, its logs and coin balance changes), written as Parquet and read back with a real
 * reader (hyparquet), every row compared with what the explorer served; NDJSON and CSV; a window;
 * an export stopped by Ctrl-C after some pages and resumed to exactly the whole dataset; bad input
 * refused before any request.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR } from '../../support/data.js';
import { seeded } from '../../support/faults.js';
import { runScout } from '../../support/scout.js';
import { servedItems } from '../../support/served.js';
import { type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(['--retries', '0', 'export', ...args], { ...o, env: { SCOUT_BASE_URL: srv.url, ...o.env } });
const fresh = () => mkdtempSync(join(tmpdir(), 'scout-export-'));

const PATHS = { txs: 'transactions', transfers: 'token-transfers', internal: 'internal-transactions', logs: 'logs', withdrawals: 'withdrawals', balances: 'coin-balance-history' } as const;

/** Every item the fake serves for a dataset of ADDR.rich, as sent, in order, paged to the end. */
const served = (what: keyof typeof PATHS, address: string = ADDR.rich): Promise<string[]> => servedItems(srv.url, `/api/v2/addresses/${address}/${PATHS[what]}`);

async function readParquet(file: string): Promise<Record<string, unknown>[]> {
  const bytes = readFileSync(file);
  return parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
}

/** Pages the manifest in `dir` records, over every dataset (0 before there is one). */
function pagesRecorded(dir: string): number {
  try {
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { datasets: Record<string, { pages: number }> };
    return Object.values(m.datasets).reduce((n, d) => n + d.pages, 0);
  } catch {
    return 0;
  }
}

/** Ctrl-C once the manifest in `dir` records `n` more pages than now. */
function ctrlCAfterPages(dir: string, n: number): { signal: AbortSignal; done(): void } {
  const ctrl = new AbortController();
  const start = pagesRecorded(dir);
  const watch = setInterval(() => pagesRecorded(dir) - start >= n && ctrl.abort(), 0);
  return { signal: ctrl.signal, done: () => clearInterval(watch) };
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : null);
const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string | number));
const date = (v: unknown) => (typeof v === 'string' ? new Date(Date.parse(v)) : null);
type Item = Record<string, any>;

/** What each dataset's row must hold, worked out here from the item as served. */
const EXPECTED: Record<keyof typeof PATHS, (i: Item) => Record<string, unknown>> = {
  txs: (i) => ({
    hash: lower(i.hash), block_number: big(i.block_number), timestamp: date(i.timestamp), position: big(i.position), nonce: big(i.nonce),
    from: lower(i.from?.hash), to: lower(i.to?.hash), created_contract: lower(i.created_contract?.hash), value: i.value ?? null,
    fee: i.fee?.value ?? null, gas_used: big(i.gas_used), gas_price: i.gas_price ?? null, status: i.status ?? null, method: i.method ?? null,
  }),
  transfers: (i) => ({
    transaction_hash: lower(i.transaction_hash), log_index: big(i.log_index), block_number: big(i.block_number), timestamp: date(i.timestamp),
    from: lower(i.from?.hash), to: lower(i.to?.hash), token: lower(i.token?.address_hash ?? i.token?.address), amount: i.total?.value ?? null, token_id: i.total?.token_id ?? null,
  }),
  internal: (i) => ({
    transaction_hash: lower(i.transaction_hash), index: big(i.index), block_number: big(i.block_number), timestamp: date(i.timestamp),
    type: i.type ?? null, from: lower(i.from?.hash), to: lower(i.to?.hash), value: i.value ?? null, success: i.success ?? null,
  }),
  logs: (i) => ({
    transaction_hash: lower(i.transaction_hash), log_index: big(i.index), block_number: big(i.block_number), address: lower(i.address?.hash),
    topic0: lower(i.topics?.[0]), topic3: lower(i.topics?.[3]), data: lower(i.data),
  }),
  withdrawals: (i) => ({
    index: big(i.index), validator_index: big(i.validator_index), block_number: big(i.block_number), timestamp: date(i.timestamp),
    receiver: lower(i.receiver?.hash), amount: i.amount ?? null,
  }),
  balances: (i) => ({
    block_number: big(i.block_number), timestamp: date(i.block_timestamp), transaction_hash: lower(i.transaction_hash), delta: i.delta ?? null, value: i.value ?? null,
  }),
};

function compareRows(rows: Record<string, unknown>[], items: string[], what: keyof typeof PATHS): void {
  expect(rows.length).toBe(items.length);
  rows.forEach((row, n) => {
    const want = EXPECTED[what](JSON.parse(items[n]!) as Item);
    expect(Object.fromEntries(Object.keys(want).map((k) => [k, row[k] ?? null])), `${what} row ${n}`).toEqual(want);
    expect(row.raw, `${what} row ${n} raw`).toBe(items[n]);
  });
}

describe('scout export', () => {
  it('writes every dataset as Parquet whose every row is the item the explorer served, and the raw item as sent', async () => {
    const dir = join(fresh(), 'out');
    const r = await scout([ADDR.rich, '--out', dir, '--raw']);
    expect(r.stderr).toContain('txs.parquet: 120 rows');
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['balances.parquet', 'internal.parquet', 'logs.parquet', 'manifest.json', 'transfers.parquet', 'txs.parquet', 'withdrawals.parquet']);
    for (const what of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      const items = await served(what);
      expect(items.length).toBeGreaterThan(0);
      compareRows(await readParquet(join(dir, `${what}.parquet`)), items, what);
    }
    // The amounts stay exact: strings, never numbers.
    const rows = await readParquet(join(dir, 'txs.parquet'));
    expect(rows.every((row) => typeof row.value === 'string')).toBe(true);
    expect(rows.filter((row) => typeof row.block_number === 'bigint').length).toBeGreaterThan(100);
  });

  it('compares the rows of the whole history with the counters, and says a difference on stderr', async () => {
    const same = await scout([ADDR.rich, '--what', 'txs,transfers,withdrawals', '--format', 'ndjson', '--out', join(fresh(), 'c')]);
    expect(same.code).toBe(0);
    expect(same.stderr).not.toContain('counters');
    // The fake's counters of any other address it knows say 3 transactions and 0 token transfers.
    const txs = (await served('txs', ADDR.counterparty)).length;
    const transfers = (await served('transfers', ADDR.counterparty)).length;
    expect(txs).not.toBe(3);
    const other = await scout([ADDR.counterparty, '--what', 'txs,transfers', '--format', 'ndjson', '--out', join(fresh(), 'd')]);
    expect(other.code).toBe(0);
    expect(other.stderr).toContain(`scout: note: txs: ${txs} rows written, the explorer's counters say 3 (transactions_count)`);
    expect(other.stderr.includes('note: transfers')).toBe(transfers !== 0);
  });

  it('writes an empty history as a Parquet file of no rows with the columns', async () => {
    const dir = join(fresh(), 'none');
    const r = await scout([ADDR.empty, '--what', 'withdrawals', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(await readParquet(join(dir, 'withdrawals.parquet'))).toEqual([]);
    const { parquetMetadata, parquetSchema } = await import('hyparquet');
    const bytes = readFileSync(join(dir, 'withdrawals.parquet'));
    const schema = parquetSchema(parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    expect(schema.children.map((c) => c.element.name)).toEqual(['index', 'validator_index', 'block_number', 'timestamp', 'receiver', 'amount']);
    const types = Object.fromEntries(schema.children.map((c) => [c.element.name, [c.element.type, c.element.converted_type, c.element.logical_type?.type]]));
    expect(types).toMatchObject({ block_number: ['INT64', undefined, undefined], timestamp: ['INT64', 'TIMESTAMP_MILLIS', 'TIMESTAMP'], amount: ['BYTE_ARRAY', 'UTF8', undefined] });
  });

  it('writes NDJSON and CSV with the same columns', async () => {
    const items = await served('withdrawals');
    const nd = join(fresh(), 'nd');
    expect((await scout([ADDR.rich, '--what', 'withdrawals', '--format', 'ndjson', '--out', nd])).code).toBe(0);
    const lines = readFileSync(join(nd, 'withdrawals.ndjson'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Item);
    expect(lines.length).toBe(items.length);
    lines.forEach((l, n) => {
      const i = JSON.parse(items[n]!) as Item;
      expect(l).toEqual({ index: i.index, validator_index: i.validator_index, block_number: i.block_number, timestamp: new Date(Date.parse(i.timestamp)).toISOString(), receiver: lower(i.receiver?.hash), amount: i.amount });
    });
    const csv = join(fresh(), 'csv');
    expect((await scout([ADDR.rich, '--what', 'txs', '--format', 'csv', '--out', csv])).code).toBe(0);
    const rows = readFileSync(join(csv, 'txs.csv'), 'utf8').trimEnd().split('\r\n');
    expect(rows[0]).toBe('hash,block_number,timestamp,position,nonce,from,to,created_contract,value,fee,gas_used,gas_price,status,method');
    expect(rows.length).toBe(121);
    const first = JSON.parse((await served('txs'))[0]!) as Item;
    expect(rows[1]!.split(',').slice(0, 2)).toEqual([first.hash.toLowerCase(), String(first.block_number)]);
  });

  it('exports only the window of --since/--until', async () => {
    const items = (await served('txs')).map((t) => JSON.parse(t) as Item);
    const times = items.map((i) => Date.parse(i.timestamp)).filter(Number.isFinite).sort((a, b) => a - b);
    const since = times[Math.floor(times.length / 4)]!;
    const until = times[Math.floor((times.length * 3) / 4)]!;
    const inside = items.filter((i) => Date.parse(i.timestamp) >= since && Date.parse(i.timestamp) < until);
    expect(inside.length).toBeGreaterThan(10);
    expect(inside.length).toBeLessThan(items.length);
    const dir = join(fresh(), 'w');
    const r = await scout([ADDR.rich, '--what', 'txs', '--since', `@${since / 1000}`, '--until', `@${until / 1000}`, '--out', dir]);
    expect(r.code).toBe(0);
    const rows = await readParquet(join(dir, 'txs.parquet'));
    expect(rows.map((row) => row.hash)).toEqual(inside.map((i) => i.hash.toLowerCase()));
    // A window is not the whole history: no comparison with the counters.
    expect(r.stderr).not.toContain('counters');
  });

  it('resumes an export stopped by Ctrl-C after some pages, to exactly every row once', async () => {
    for (const stopAt of [1, 2, 4]) {
      const dir = join(fresh(), 'r');
      const ctrl = new AbortController();
      const before = srv.requests.length;
      const pages = () => srv.requests.slice(before).filter((q) => /\/(transactions|token-transfers)$/.test(q.path)).length;
      const watch = setInterval(() => pages() >= stopAt && ctrl.abort(), 0);
      const first = await scout([ADDR.rich, '--what', 'txs,transfers', '--out', dir, '--raw'], { signal: ctrl.signal });
      clearInterval(watch);
      expect(first.code, first.stderr).toBe(130);
      expect(existsSync(join(dir, 'transfers.parquet'))).toBe(false);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      expect(manifest.datasets.transfers.state).toBe('paging');
      const again = await scout(['--resume', dir]);
      expect(again.code, again.stderr).toBe(0);
      compareRows(await readParquet(join(dir, 'txs.parquet')), await served('txs'), 'txs');
      compareRows(await readParquet(join(dir, 'transfers.parquet')), await served('transfers'), 'transfers');
      expect(readdirSync(dir).sort()).toEqual(['manifest.json', 'transfers.parquet', 'txs.parquet']);
      // Once complete, --resume has nothing left to do and asks nothing.
      const n = srv.requests.length;
      expect((await scout(['--resume', dir])).stderr).toContain('complete already');
      expect(srv.requests.length).toBe(n);
    }
  });

  it('cuts a page staged but not recorded in the manifest when it resumes', async () => {
    const dir = join(fresh(), 'torn');
    const ctrl = new AbortController();
    const before = srv.requests.length;
    const watch = setInterval(() => srv.requests.slice(before).some((q) => q.path.endsWith('/withdrawals')) && ctrl.abort(), 0);
    await scout([ADDR.rich, '--what', 'withdrawals', '--out', dir], { signal: ctrl.signal });
    clearInterval(watch);
    // A run killed after writing rows but before recording them: rows past the recorded bytes.
    writeFileSync(join(dir, '.parts', 'withdrawals.ndjson'), '["torn"]\n', { flag: 'a' });
    expect((await scout(['--resume', dir])).code).toBe(0);
    const rows = await readParquet(join(dir, 'withdrawals.parquet'));
    expect(rows.map((r) => r.index)).toEqual((await served('withdrawals')).map((t) => BigInt((JSON.parse(t) as Item).index)));
  });

  it('resumes, stopped again and again at seeded random points, to exactly every row once', async () => {
    const random = seeded(0x26e);
    const dir = join(fresh(), 's');
    let args = [ADDR.rich, '--what', 'txs,internal,withdrawals', '--format', 'ndjson', '--raw', '--out', dir];
    let stops = 0;
    for (let run = 0; run < 20; run++) {
      const stop = ctrlCAfterPages(dir, 1 + Math.floor(random() * 2));
      const r = await scout(args, { signal: stop.signal });
      stop.done();
      args = ['--resume', dir];
      if (r.code === 0) break;
      expect(r.code, r.stderr).toBe(130);
      stops++;
    }
    expect(stops).toBeGreaterThan(2);
    for (const what of ['txs', 'internal', 'withdrawals'] as const) {
      const rows = readFileSync(join(dir, `${what}.ndjson`), 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as Item).raw as string);
      expect(rows, what).toEqual(await served(what));
    }
  });

  it('stops with an error when the staged rows are shorter than the manifest records', async () => {
    const dir = join(fresh(), 'short');
    const stop = ctrlCAfterPages(dir, 1);
    await scout([ADDR.rich, '--what', 'txs', '--out', dir], { signal: stop.signal });
    stop.done();
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).datasets.txs.bytes).toBeGreaterThan(0);
    writeFileSync(join(dir, '.parts', 'txs.ndjson'), '');
    const r = await scout(['--resume', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/holds 0 bytes, fewer than the \d+ its manifest records/);
  });

  describe('refuses before any request (exit 2)', () => {
    const refused = async (args: string[], message: RegExp) => {
      const n = srv.requests.length;
      const r = await scout(args);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
      expect(srv.requests.length).toBe(n);
    };
    it('an unknown dataset', () => refused([ADDR.rich, '--what', 'txs,nfts', '--out', join(fresh(), 'x')], /nfts/));
    it('no --out, or no address', async () => {
      await refused([ADDR.rich], /--out/);
      await refused(['--out', fresh()], /needs an address/);
    });
    it('a directory holding another export', async () => {
      const dir = fresh();
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ scout_export: 1, address: ADDR.counterparty, datasets: { logs: {} } }));
      await refused([ADDR.rich, '--out', dir], /holds an export already .*--resume/);
    });
    it('a directory that is not empty', async () => {
      const dir = fresh();
      writeFileSync(join(dir, 'notes.txt'), 'mine');
      await refused([ADDR.rich, '--out', dir], /not empty/);
    });
    it('--resume without a manifest, or with other inputs', async () => {
      const dir = fresh();
      await refused(['--resume', dir], /no manifest\.json/);
      mkdirSync(join(dir, 'x'));
      writeFileSync(join(dir, 'manifest.json'), '{"other": true}');
      await refused(['--resume', dir], /not the manifest of a scout export/);
      await refused(['--resume', dir, '--what', 'txs'], /--resume takes everything from the manifest/);
    });
    it('--resume against another explorer than the export asked', async () => {
      const dir = join(fresh(), 'e');
      const ctrl = new AbortController();
      ctrl.abort();
      await scout([ADDR.rich, '--what', 'withdrawals', '--out', dir], { signal: ctrl.signal });
      expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).explorer).toBe(srv.url);
      await refused(['--resume', dir, '--base-url', 'http://127.0.0.1:9'], /the export asked .* give --base-url http:\/\/127\.0\.0\.1:\d+/);
    });
    it('a bad window', () => refused([ADDR.rich, '--out', join(fresh(), 'x'), '--since', 'yesterdayish'], /--since/));
  });
});

describe('scout export progress', () => {
  it('says on a terminal\'s stderr which dataset it pages, its rows and pages, and of how many the counters say', async () => {
    const r = await scout([ADDR.rich, '--what', 'txs,withdrawals', '--format', 'ndjson', '--out', join(fresh(), 'p')], { stderrIsTTY: true });
    expect(r.code).toBe(0);
    // The spinner draws its first frame at once, later ones on its own clock.
    expect(r.stderr).toContain('export txs · 0 rows of ~120 · page 0');
  });

  it('draws nothing when stderr is not a terminal', async () => {
    const r = await scout([ADDR.rich, '--what', 'withdrawals', '--format', 'ndjson', '--out', join(fresh(), 'q')]);
    expect(r.stderr).not.toContain('page');
  });
});

describe('the Parquet writer of scout export', () => {
  it('writes row groups of ROW_GROUP rows, read from the staging a group at a time, every value exact', async () => {
    const { writeParquet, ROW_GROUP } = await import('../../../src/commands/export/export.run.js');
    const dir = fresh();
    const n = ROW_GROUP * 2 + 5_000;
    const big = (i: number) => (10n ** 30n + BigInt(i)).toString();
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(JSON.stringify([String(i), 1_700_000_000_000 + i, big(i), i % 2 === 0]) + '\n');
    writeFileSync(join(dir, 'x.ndjson'), lines.join(''));
    await writeParquet([{ path: join(dir, 'x.ndjson'), prefix: [] }], join(dir, 'x.parquet'), ['i', 't', 'amount', 'even'], ['INT64', 'TIMESTAMP', 'STRING', 'BOOLEAN']);
    const { parquetMetadata } = await import('hyparquet');
    const bytes = readFileSync(join(dir, 'x.parquet'));
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    expect(parquetMetadata(ab).row_groups.map((g) => Number(g.num_rows))).toEqual([ROW_GROUP, ROW_GROUP, 5_000]);
    const rows = await parquetReadObjects({ file: ab });
    expect(rows.length).toBe(n);
    for (const i of [0, ROW_GROUP - 1, ROW_GROUP, n - 1]) {
      expect(rows[i]).toEqual({ i: BigInt(i), t: new Date(1_700_000_000_000 + i), amount: big(i), even: i % 2 === 0 });
    }
  });

  it('asks a full, memory-reducing collection after each row group, where the process offers one', async () => {
    const { writeParquet, ROW_GROUP } = await import('../../../src/commands/export/export.run.js');
    const dir = fresh();
    const lines: string[] = [];
    for (let i = 0; i < ROW_GROUP * 2 + 1; i++) lines.push(JSON.stringify([String(i)]) + '\n');
    writeFileSync(join(dir, 'x.ndjson'), lines.join(''));
    const g = globalThis as { gc?: unknown };
    const had = Object.prototype.hasOwnProperty.call(g, 'gc');
    const before = g.gc;
    const asked: unknown[] = [];
    g.gc = (options: unknown) => asked.push(options);
    try {
      await writeParquet([{ path: join(dir, 'x.ndjson'), prefix: [] }], join(dir, 'x.parquet'), ['i'], ['INT64']);
    } finally {
      if (had) g.gc = before;
      else delete g.gc;
    }
    expect(asked).toEqual(Array(3).fill({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
    // Without one (a process not started with --expose-gc), the file is written all the same.
    await writeParquet([{ path: join(dir, 'x.ndjson'), prefix: [] }], join(dir, 'y.parquet'), ['i'], ['INT64']);
    expect(readFileSync(join(dir, 'y.parquet'))).toEqual(readFileSync(join(dir, 'x.parquet')));
  });
});
