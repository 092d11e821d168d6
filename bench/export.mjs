// The export figures (issue 26): `scout export --what txs` of the bench server's address history at
// a 10 requests/s limit, timed by the server from its first request to its last answer, against the
// least time the limit allows for its pages (one page at a time); and the Parquet file's size against
// the NDJSON of the same rows. Every run's row count is checked.
// `node bench/export.mjs [--tiny]` prints the rows on their own; bench/run.mjs includes them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { leastMs } from './ratelimit.mjs';
import { startBenchServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';

/** Runs `scout export` of the address's transactions into a new directory; resolves with its path. */
function exportTo(url, node, format, rss) {
  const out = join(mkdtempSync(join(os.tmpdir(), 'scout-bench-export-')), 'x');
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: '1', CI: '1' };
    for (const k of Object.keys(env)) if (k.startsWith('SCOUT_')) delete env[k];
    delete env.NODE_EXTRA_CA_CERTS;
    if (rss) env.SCOUT_BENCH_RSS = rss;
    const child = spawn(node, [...(rss ? ['--import', join(here, 'maxrss.mjs')] : []), join(here, '..', 'bin', 'scout.js'), 'export', ADDRESS, '--what', 'txs', '--out', out, '--format', format, '--base-url', url], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`scout export exited ${code}: ${err}`))));
  });
}

/** The figures as rows for bench/run.mjs: [figure, value, target, ok, detail]. */
export async function exportRows(tiny, node = process.execPath) {
  const rows = [];
  const items = tiny ? 500 : 20_000;
  const pages = items / 50;
  const limit = 10;
  const srv = await startBenchServer({ count: items, address: ADDRESS, latencyMs: 20, limit });
  const dirs = [];
  try {
    const parquet = await exportTo(srv.url, node, 'parquet');
    dirs.push(parquet);
    const ms = srv.span();
    // Every request counts against the limit: the pages, and the counters and indexing status asked beside them.
    const least = leastMs(srv.requests(), limit, 1, 20);
    rows.push([`export of ${items} transactions at ${limit} req/s: rate vs allowed`, `${(least / ms).toFixed(2)}x`, '≥ 0.95', least / ms >= 0.95, `${(ms / 1000).toFixed(2)} s vs ${(least / 1000).toFixed(2)} s least for ${srv.requests()} requests (${pages} pages); ${srv.limited()} 429s`]);
    const ndjson = await exportTo(srv.url, node, 'ndjson');
    dirs.push(ndjson);
    const lines = readFileSync(join(ndjson, 'txs.ndjson'), 'utf8').split('\n').filter(Boolean).length;
    if (lines !== items) throw new Error(`the NDJSON export holds ${lines} rows, expected ${items}`);
    const p = statSync(join(parquet, 'txs.parquet')).size;
    const n = statSync(join(ndjson, 'txs.ndjson')).size;
    rows.push([`export of ${items} transactions: Parquet size vs NDJSON`, `${(p / n).toFixed(2)}x`, '≤ 0.33x', p / n <= 1 / 3, `${(p / 1024).toFixed(0)} KiB vs ${(n / 1024).toFixed(0)} KiB`]);
  } finally {
    await srv.close();
    for (const d of dirs) rmSync(dirname(d), { recursive: true, force: true });
  }
  // Peak memory: the history ten and a hundred times longer, the same memory (row groups of a fixed
  // size). Each process's peak resident set, as bench/maxrss.mjs records it; no rate limit here. The
  // server makes each page when it is asked (a million items do not fit in its memory), so the
  // million-item run takes minutes; --tiny runs 200 against 2,000 only.
  const peak = async (count) => {
    const server = await startBenchServer({ count, address: ADDRESS, lazy: true });
    const file = join(os.tmpdir(), `scout-bench-rss-${process.pid}-${count}`);
    try {
      const dir = await exportTo(server.url, node, 'parquet', file);
      dirs.push(dir);
      const rows = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).datasets.txs.rows;
      if (rows !== count) throw new Error(`the export of ${count} transactions wrote ${rows} rows`);
      return Number(readFileSync(file, 'utf8')) / 1024;
    } finally {
      rmSync(file, { force: true });
      await server.close();
    }
  };
  const [small, ...bigger] = tiny ? [200, 2_000] : [10_000, 100_000, 1_000_000];
  try {
    const a = await peak(small);
    for (const big of bigger) {
      const b = await peak(big);
      rows.push([`export peak memory: ${big} vs ${small} transactions`, `${(b / a).toFixed(2)}x`, '≤ 1.20x', b / a <= 1.2, `${b.toFixed(1)} MiB vs ${a.toFixed(1)} MiB`]);
    }
  } finally {
    for (const d of dirs) rmSync(dirname(d), { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await exportRows(process.argv.includes('--tiny'))) console.log(`${r[3] ? 'ok  ' : 'MISS'} ${r[0]}: ${r[1]} (target ${r[2]}) ${r[4]}`);
}
