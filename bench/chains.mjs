// The --chains figure under a rate limit: `scout address txs --all --chains` over four chains on two
// bench servers (two chains each), every server with its latency and its own fixed-window req/s
// limit, as Blockscout enforces it. Each server is its own origin (127.0.0.1 on its own port), so
// scout keeps one budget per server, shared by its two chains. Reported per setting: the rate reached
// against the most the limits allow, and the 429s taken (the target is none).
//
// The least time: each chain follows its cursor, one request in flight at a time (the next cursor
// comes with the answer; the page read ahead is asked for only once the one before it has come), so a
// server serving two chains has at most two requests in flight. Within a window they go as it opens,
// two at a time, each round one answer's latency, until the window's limit is spent or it ends; then
// the next window. That is the rate limit's bound when two requests in flight can spend a window
// (80 ms: 25 a second) and the latency's when they cannot (250 ms: 8 a second against 10 allowed,
// so there the least time is a chain's pages times the latency). leastMs plays that schedule out.
// The servers run in parallel and serve the same, so the least time of the run is the larger of the
// two servers' least times; the time taken is the servers', from the first request to either to the
// last answer from either (process start-up is another figure).
// `node bench/chains.mjs [--tiny]` prints the rows on their own; bench/run.mjs includes them.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBenchServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// The bench server serves one address, and the command names one: every chain lists the same.
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const PAGE = 50;

/**
 * The least time, in ms, of `lanes` chains of `pages` pages each on one server allowing `limit`
 * requests a second in fixed windows (the first opening with the first request), each answer taking
 * `latencyMs`, each chain with one request in flight: the chain free soonest (of two, the one with
 * more pages left) sends next, as soon as its window has room, else as the next window opens.
 */
export function leastMs(lanes, pages, limit, latencyMs) {
  const free = Array(lanes).fill(0);
  const left = Array(lanes).fill(pages);
  const used = new Map();
  let end = 0;
  for (let n = lanes * pages; n > 0; n--) {
    let i = -1;
    for (let j = 0; j < lanes; j++) if (left[j] > 0 && (i < 0 || free[j] < free[i] || (free[j] === free[i] && left[j] > left[i]))) i = j;
    let t = free[i];
    while ((used.get(Math.floor(t / 1000)) ?? 0) >= limit) t = (Math.floor(t / 1000) + 1) * 1000;
    const w = Math.floor(t / 1000);
    used.set(w, (used.get(w) ?? 0) + 1);
    left[i]--;
    free[i] = t + latencyMs;
    end = Math.max(end, free[i]);
  }
  return end;
}

/** Runs the command with the registry in `config`; resolves with the lines it printed. */
function run(node, config, names) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: '1', CI: '1', XDG_CONFIG_HOME: config };
    for (const k of Object.keys(env)) if (k.startsWith('SCOUT_')) delete env[k];
    delete env.NODE_EXTRA_CA_CERTS;
    const args = [join(here, '..', 'bin', 'scout.js'), 'address', 'txs', ADDRESS, '--chains', names.join(','), '--all', '--ndjson'];
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let lines = 0;
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (lines += d.split('\n').length - 1));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(lines) : reject(new Error(`scout exited ${code}: ${err}`))));
  });
}

/** The figures as rows for bench/run.mjs: [figure, value, target, ok, detail]. */
export async function chainsRows(tiny, node = process.execPath) {
  const rows = [];
  const config = mkdtempSync(join(os.tmpdir(), 'scout-bench-chains-'));
  try {
    for (const { latencyMs, limit, pages } of [
      { latencyMs: 80, limit: 10, pages: tiny ? 3 : 20 },
      ...(tiny ? [] : [{ latencyMs: 250, limit: 10, pages: 20 }, { latencyMs: 80, limit: 5, pages: 10 }]),
    ]) {
      const servers = [];
      try {
        for (let i = 0; i < 2; i++) servers.push(await startBenchServer({ count: pages * PAGE, address: ADDRESS, latencyMs, limit }));
        // Four chains, taken in turn from the two servers: bench-1 and bench-3 on the first, bench-2 and bench-4 on the second.
        const chains = [0, 1, 2, 3].map((i) => ({
          id: String(990001 + i),
          name: `Bench ${i + 1}`,
          names: [`bench-${i + 1}`],
          explorer: servers[i % 2].url,
          coin: 'TST',
          testnet: false,
          blockscout: true,
          source: 'registry',
        }));
        mkdirSync(join(config, 'scout'), { recursive: true });
        writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'bench', fetched_at: new Date().toISOString(), chains }));
        const lines = await run(node, config, chains.map((c) => c.names[0]));
        const want = chains.length * pages * PAGE;
        if (lines !== want) throw new Error(`scout printed ${lines} items over ${chains.length} chains, expected ${want}`);
        const spans = servers.map((s) => s.bounds());
        const ms = Math.max(...spans.map((b) => b.last)) - Math.min(...spans.map((b) => b.first));
        // The servers serve alike, so the larger of their least times is either one's.
        const least = leastMs(2, pages, limit, latencyMs);
        const label = `address txs --all --chains (4 chains of ${pages} pages, 2 a server) at ${latencyMs} ms / ${limit} req/s`;
        const limited = servers.reduce((n, s) => n + s.limited(), 0);
        const requests = servers.map((s) => s.requests()).join(' + ');
        rows.push([`${label}: rate vs allowed`, `${(least / ms).toFixed(2)}x`, '≥ 0.95', least / ms >= 0.95, `${(ms / 1000).toFixed(2)} s vs ${(least / 1000).toFixed(2)} s least`]);
        rows.push([`${label}: 429s`, String(limited), '0', limited === 0, `${requests} requests`]);
      } finally {
        for (const s of servers) await s.close();
      }
    }
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await chainsRows(process.argv.includes('--tiny'))) console.log(`${r[3] ? 'ok  ' : 'MISS'} ${r[0]}: ${r[1]} (target ${r[2]}) ${r[4]}`);
}
