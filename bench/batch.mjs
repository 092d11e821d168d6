// The batch figures: 50 `tx show` lookups as 50 processes one after another (the shell loop a script
// writes) against one `scout tx show -` reading the 50 hashes from stdin, on the local bench server;
// and the batch alone at 80 ms latency and a 10 requests/s window, where the target is a wall time
// and no 429 at all; 200 lookups 16 at a time at 80 ms; and `tx explain` against one `tx show` under a
// keyed 10 requests/s limit.
// `node bench/batch.mjs [--tiny]` prints the rows on their own; bench/run.mjs includes them.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBenchServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const scout = join(here, '..', 'bin', 'scout.js');
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const hash = (i) => '0x' + i.toString(16).padStart(64, '0');

/** Runs scout with `input` on stdin; resolves with the wall time in ms and the stdout lines. */
function scoutRun(node, args, input = '') {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: '1', CI: '1' };
    for (const k of Object.keys(env)) if (k.startsWith('SCOUT_')) delete env[k];
    delete env.NODE_EXTRA_CA_CERTS;
    const started = performance.now();
    const child = spawn(node, [scout, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - started, out }) : reject(new Error(`scout ${args.join(' ')} exited ${code}: ${err}`))));
    child.stdin.end(input);
  });
}

/** The figures as rows for bench/run.mjs: [figure, value, target, ok, detail]. */
export async function batchRows(tiny, node = process.execPath) {
  const n = tiny ? 5 : 50;
  const hashes = Array.from({ length: n }, (_, i) => hash(i + 1));
  const rows = [];

  // 1. Local: n processes one after another vs one batch.
  let srv = await startBenchServer({ count: 50, address: ADDRESS });
  try {
    const started = performance.now();
    for (const h of hashes) await scoutRun(node, ['tx', 'show', h, '--json', '--base-url', srv.url]);
    const loop = performance.now() - started;
    const batch = await scoutRun(node, ['tx', 'show', '-', '--json', '--base-url', srv.url], hashes.join('\n') + '\n');
    const docs = JSON.parse(batch.out);
    if (docs.length !== n) throw new Error(`the batch printed ${docs.length} documents, expected ${n}`);
    const ratio = loop / batch.ms;
    rows.push([`${n} tx show: ${n} processes vs one batch (local)`, `${ratio.toFixed(1)}x`, '≥ 20x', ratio >= 20, `${(loop / 1000).toFixed(2)} s vs ${(batch.ms / 1000).toFixed(2)} s`]);
  } finally {
    await srv.close();
  }

  // 2. One batch at 80 ms latency and 10 requests/s: wall time of the whole process, and 429s.
  srv = await startBenchServer({ count: 50, address: ADDRESS, latencyMs: 80, limit: 10 });
  try {
    const batch = await scoutRun(node, ['tx', 'show', '-', '--ndjson', '--base-url', srv.url], hashes.join('\n') + '\n');
    const lines = batch.out.split('\n').filter(Boolean).length;
    if (lines !== n) throw new Error(`the batch printed ${lines} lines, expected ${n}`);
    const limit = tiny ? 1.5 : 4.5;
    // The whole process, start-up included; the server's span (first request to last answer) beside it.
    rows.push([`${n} tx show as one batch at 80 ms / 10 req/s`, `${(batch.ms / 1000).toFixed(2)} s`, `≤ ${limit} s`, batch.ms <= limit * 1000, `whole process; first request to last answer ${(srv.span() / 1000).toFixed(2)} s; ${srv.requests()} requests`]);
    rows.push([`${n} tx show as one batch at 80 ms / 10 req/s: 429s`, String(srv.limited()), '0', srv.limited() === 0, '']);
  } finally {
    await srv.close();
  }

  // 3. 200 lookups from stdin, 16 at a time, at 80 ms latency and no limit: the wall time of the
  // whole process. Each origin's connection pool is as wide as the batch, so 16 are in flight at once.
  const many = tiny ? 20 : 200;
  srv = await startBenchServer({ count: 50, address: ADDRESS, latencyMs: 80 });
  try {
    const batch = await scoutRun(node, ['tx', 'show', '-', '--ndjson', '--concurrency', '16', '--base-url', srv.url], Array.from({ length: many }, (_, i) => hash(i + 1)).join('\n') + '\n');
    const lines = batch.out.split('\n').filter(Boolean).length;
    if (lines !== many) throw new Error(`the batch printed ${lines} lines, expected ${many}`);
    const limit = 1.5;
    rows.push([`${many} lookups from stdin, --concurrency 16, 80 ms, no limit`, `${(batch.ms / 1000).toFixed(2)} s`, `≤ ${limit} s`, batch.ms <= limit * 1000, `whole process; first request to last answer ${(srv.span() / 1000).toFixed(2)} s`]);
  } finally {
    await srv.close();
  }

  // 4. tx explain --json (the transaction and seven parts) against one tx show --json, both at 80 ms
  // latency with a key, the server stating a 10 requests/s limit: one window of requests, not two.
  // Each run has a server of its own (a fresh window); the runs are interleaved, medians compared.
  const runs = tiny ? 1 : 9;
  const times = { explain: [], show: [] };
  let limited = 0;
  for (let i = 0; i < runs; i++) {
    for (const verb of ['explain', 'show']) {
      const one = await startBenchServer({ count: 50, address: ADDRESS, latencyMs: 80, limit: 10 });
      try {
        const r = await scoutRun(node, ['tx', verb, hash(1), '--json', '--explorer-key', 'bench-key', '--base-url', one.url]);
        if (!r.out.startsWith('{')) throw new Error(`tx ${verb} printed no document`);
        times[verb].push(r.ms);
        limited += one.limited();
      } finally {
        await one.close();
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [explain, show] = [median(times.explain), median(times.show)];
  rows.push(['tx explain --json at 80 ms, key (10/s) vs one tx show --json', `${(explain / show).toFixed(2)}x`, '≤ 1.30x', explain / show <= 1.3, `${explain.toFixed(0)} ms vs ${show.toFixed(0)} ms; ${limited} 429s`]);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await batchRows(process.argv.includes('--tiny'))) console.log(`${r[3] ? 'ok  ' : 'MISS'} ${r[0]}: ${r[1]} (target ${r[2]}) ${r[4]}`);
}
