/**
 * `scout export --chains`: ADDR.rich's history on two chains, each its own fake explorer, written
 * into the same files with a chain_id column first; read back (Parquet with hyparquet, NDJSON), every
 * row compared with what its chain's explorer served, in the chains' order; an export over chains
 * stopped at seeded random points and resumed to exactly the union; the progress line and the
 * counters' check name the chain.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR } from '../../support/data.js';
import { seeded } from '../../support/faults.js';
import { runScout } from '../../support/scout.js';
import { servedItems } from '../../support/served.js';
import { type FakeServer, startServer } from '../../support/server.js';
import { chainsConfig } from '../../support/two-chains.js';

let one: FakeServer;
let two: FakeServer;
let config: string;
beforeAll(async () => {
  [one, two] = await Promise.all([startServer(), startServer()]);
  config = chainsConfig('export-chains', [
    { id: '41001', name: 'one', url: one.url },
    { id: '41002', name: 'two', url: two.url },
  ]);
});
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(['--retries', '0', 'export', ...args], { ...o, env: { XDG_CONFIG_HOME: config, ...o.env } });
const fresh = () => join(mkdtempSync(join(tmpdir(), 'scout-export-chains-')), 'x');
const PATHS = { txs: 'transactions', transfers: 'token-transfers', internal: 'internal-transactions' } as const;

/** Every item `srv` serves for a dataset of `address`, as sent, in order, paged to the end. */
const served = (srv: FakeServer, what: keyof typeof PATHS, address: string = ADDR.rich): Promise<string[]> => servedItems(srv.url, `/api/v2/addresses/${address}/${PATHS[what]}`);

/** What each file must hold: chain one's items, then chain two's, each with its chain id. */
async function expected(what: keyof typeof PATHS): Promise<{ chain_id: bigint; raw: string }[]> {
  const a = (await served(one, what)).map((raw) => ({ chain_id: 41001n, raw }));
  const b = (await served(two, what)).map((raw) => ({ chain_id: 41002n, raw }));
  return [...a, ...b];
}

const listAsked = (srv: FakeServer, what: string) => srv.requests.filter((q) => q.path.endsWith(`/${what}`)).length;

describe('scout export --chains', () => {
  it('writes every chain\'s rows into one Parquet file per dataset, chain_id first, each row its chain\'s item', async () => {
    const dir = fresh();
    const [a, b] = [listAsked(one, 'transactions'), listAsked(two, 'transactions')];
    const r = await scout([ADDR.rich, '--what', 'txs,transfers', '--chains', 'one,two', '--raw', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    // Each chain is asked of its own explorer.
    expect(listAsked(one, 'transactions')).toBeGreaterThan(a);
    expect(listAsked(two, 'transactions')).toBeGreaterThan(b);
    for (const what of ['txs', 'transfers'] as const) {
      const bytes = readFileSync(join(dir, `${what}.parquet`));
      const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
      expect(Object.keys(rows[0]!)[0]).toBe('chain_id');
      const want = await expected(what);
      expect(want.length).toBeGreaterThan(2);
      expect(rows.map((row) => ({ chain_id: row.chain_id, raw: row.raw }))).toEqual(want);
      // The columns are the item's, as without --chains.
      const first = what === 'txs' ? 'hash' : 'transaction_hash';
      expect(rows.map((row) => row[first])).toEqual(want.map((w) => (JSON.parse(w.raw) as Record<string, string>)[first]!.toLowerCase()));
    }
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(m.chains.map((c: { chain_id: string; chain: string; explorer: string }) => [c.chain_id, c.chain, c.explorer])).toEqual([['41001', 'one', one.url], ['41002', 'two', two.url]]);
    expect(m.chains[1].datasets.txs.rows).toBe((await served(two, 'txs')).length);
    expect(m.datasets.txs.rows).toBe((await expected('txs')).length);
  });

  it('has no chain_id column without --chains', async () => {
    const dir = fresh();
    const r = await scout([ADDR.rich, '--what', 'internal', '--format', 'ndjson', '--out', dir], { env: { SCOUT_BASE_URL: one.url } });
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.parse(readFileSync(join(dir, 'internal.ndjson'), 'utf8').split('\n')[0]!) as Record<string, unknown>;
    expect(Object.keys(first)[0]).toBe('transaction_hash');
    expect('chain_id' in first).toBe(false);
  });

  it('resumes, stopped again and again at seeded random points, to exactly the union of the chains, each row once', async () => {
    const random = seeded(0x27c);
    const dir = fresh();
    const pages = () => [one, two].reduce((n, srv) => n + listAsked(srv, 'transactions') + listAsked(srv, 'internal-transactions'), 0);
    let args = [ADDR.rich, '--what', 'txs,internal', '--chains', 'one,two', '--format', 'ndjson', '--raw', '--out', dir];
    let stops = 0;
    for (let run = 0; run < 30; run++) {
      const ctrl = new AbortController();
      const start = pages();
      const after = 1 + Math.floor(random() * 3);
      const watch = setInterval(() => pages() - start >= after && ctrl.abort(), 0);
      const r = await scout(args, { signal: ctrl.signal });
      clearInterval(watch);
      args = ['--resume', dir];
      if (r.code === 0) break;
      expect(r.code, r.stderr).toBe(130);
      stops++;
    }
    expect(stops).toBeGreaterThan(2);
    for (const what of ['txs', 'internal'] as const) {
      const rows = readFileSync(join(dir, `${what}.ndjson`), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { chain_id: number; raw: string });
      expect(rows.map((r) => ({ chain_id: BigInt(r.chain_id), raw: r.raw })), what).toEqual(await expected(what));
    }
  });

  it('--resume refuses other inputs, --chains among them', async () => {
    const r = await scout(['--resume', fresh(), '--chains', 'one']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/without --chains/);
  });

  it('--resume refuses when a chain\'s explorer is not the one the export asked', async () => {
    const dir = fresh();
    const ctrl = new AbortController();
    ctrl.abort();
    await scout([ADDR.rich, '--what', 'withdrawals', '--chains', 'one,two', '--out', dir], { signal: ctrl.signal });
    const moved = chainsConfig('export-moved', [
      { id: '41001', name: 'one', url: one.url },
      { id: '41002', name: 'two', url: 'http://127.0.0.1:9' },
    ]);
    const n = one.requests.length + two.requests.length;
    const r = await scout(['--resume', dir], { env: { XDG_CONFIG_HOME: moved } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the export asked "${two.url}" for two, and this run would ask "http://127.0.0.1:9"`);
    expect(one.requests.length + two.requests.length).toBe(n);
  });

  it('names the chain in the progress line and in the counters\' check', async () => {
    const tty = await scout([ADDR.rich, '--what', 'txs', '--chains', 'one,two', '--format', 'ndjson', '--out', fresh()], { stderrIsTTY: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toContain('export txs · one · 0 rows of ~120 · page 0');
    // The fake's counters of any other address say 3 transactions: a difference, said per chain.
    const txs = (await served(two, 'txs', ADDR.counterparty)).length;
    expect(txs).not.toBe(3);
    const other = await scout([ADDR.counterparty, '--what', 'txs', '--chains', 'one,two', '--format', 'ndjson', '--out', fresh()]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain(`scout: note: one: txs: ${txs} rows written, the explorer's counters say 3 (transactions_count)`);
    expect(other.stderr).toContain(`scout: note: two: txs: ${txs} rows written`);
  });
});
