// The rate-limit figure: concurrent lookups through the library's one HTTP layer against the bench
// server with 80 ms of latency and a 10 requests/s window, as Blockscout enforces it. Reported: the
// rate reached against the most the limit allows, and the 429s taken (the target is none).
//
// The least time N lookups can take at L a second in fixed windows, starting with a window, is
// (ceil(N / L) - 1) seconds for the full windows, plus the last window's requests: they go as it
// opens, C at a time, each round one answer's latency.
// `node bench/ratelimit.mjs [--tiny]` prints the rows on their own; bench/run.mjs includes them.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';

/** Runs `n` lookups, `concurrency` at a time, through one Http; resolves with the wall time in ms. */
async function lookups(lib, baseUrl, n, concurrency) {
  const http = new lib.Http({ timeoutMs: 30_000, retries: 3, userAgent: 'scout-bench' });
  const client = new lib.ExplorerClient({ baseUrl, http });
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const body = await client.getRaw(`/api/v2/transactions/0x${i.toString(16).padStart(64, '0')}`);
      if (!body.startsWith('{')) throw new Error(`lookup ${i}: unexpected body`);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
    return performance.now() - started;
  } finally {
    await http.close();
  }
}

/** The figures as rows for bench/run.mjs: [figure, value, target, ok, detail]. */
export async function rateLimitRows(tiny) {
  const lib = await import(pathToFileURL(join(here, '..', 'dist', 'index.js')).href);
  const rows = [];
  for (const { latencyMs, limit, n, concurrency } of [
    { latencyMs: 80, limit: 10, n: tiny ? 12 : 50, concurrency: 4 },
    ...(tiny ? [] : [{ latencyMs: 250, limit: 10, n: 50, concurrency: 4 }, { latencyMs: 80, limit: 5, n: 25, concurrency: 4 }]),
  ]) {
    const srv = await startBenchServer({ count: 50, address: ADDRESS, latencyMs, limit });
    try {
      const ms = await lookups(lib, srv.url, n, concurrency);
      const full = Math.ceil(n / limit) - 1;
      const least = full * 1000 + Math.ceil((n - full * limit) / concurrency) * latencyMs;
      const ratio = least / ms;
      const label = `${n} concurrent lookups (${concurrency} at a time) at ${latencyMs} ms / ${limit} req/s`;
      rows.push([`${label}: rate vs allowed`, `${ratio.toFixed(2)}x`, '≥ 0.95', ratio >= 0.95, `${(ms / 1000).toFixed(2)} s vs ${(least / 1000).toFixed(2)} s least`]);
      rows.push([`${label}: 429s`, String(srv.limited()), '0', srv.limited() === 0, `${srv.requests()} requests`]);
    } finally {
      await srv.close();
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await rateLimitRows(process.argv.includes('--tiny'))) console.log(`${r[3] ? 'ok  ' : 'MISS'} ${r[0]}: ${r[1]} (target ${r[2]}) ${r[4]}`);
}
