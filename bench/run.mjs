#!/usr/bin/env node
// `npm run bench`: start-up, a single lookup, --all streaming and peak memory, each as a ratio
// against its baseline measured in the same run on the same machine (medians of several runs).
// `--tiny` runs every figure once on a small dataset: the test suite uses it to check that the
// benchmark works, not how fast anything is.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { bigBody } from './bigbody.mjs';
import { startBenchServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const scout = join(root, 'bin', 'scout.js');
const tiny = process.argv.includes('--tiny');
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';

const N = tiny ? { startup: 1, lookup: 1, all: 1, big: 200, small: 50 } : { startup: 21, lookup: 15, all: 5, big: 20_000, small: 1_000 };
const devnull = openSync('/dev/null', 'w');
const tmp = mkdtempSync(join(os.tmpdir(), 'scout-bench-'));
const env = { ...process.env, NO_COLOR: '1', CI: '1' };
for (const k of Object.keys(env)) if (k.startsWith('SCOUT_')) delete env[k];

/** Runs a command with stdout to /dev/null; resolves with its wall time in ms (and checks it succeeded). */
function timed(cmd, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', devnull, 'pipe'], env: { ...env, ...extraEnv } });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err}`));
      else resolve(ms);
    });
  });
}

/** Runs a command and returns its stdout (for the correctness checks). */
function output(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Interleaves the runs of several commands so drift on a noisy machine hits them alike. */
async function medians(runs, commands) {
  const times = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [j, c] of commands.entries()) times[j].push(await timed(...c));
  }
  return times.map(median);
}

/** Peak resident memory (MiB) of one scout run. */
async function peakMiB(args) {
  const file = join(tmp, `rss-${Math.random()}`);
  await timed(process.execPath, ['--import', join(here, 'maxrss.mjs'), scout, ...args], { SCOUT_BENCH_RSS: file });
  return Number(readFileSync(file, 'utf8')) / 1024;
}

const rows = [];
function row(figure, value, target, ok, detail) {
  rows.push({ figure, value, target, ok, detail });
  console.error(`${ok ? 'ok  ' : 'MISS'} ${figure}: ${value} (target ${target}) ${detail}`);
}
const x = (r) => `${r.toFixed(2)}x`;

const big = await startBenchServer({ count: N.big, address: ADDRESS });
const small = await startBenchServer({ count: N.small, address: ADDRESS });
try {
  // Correctness first: the run being timed prints every item.
  const lines = (await output(process.execPath, [scout, 'address', 'txs', ADDRESS, '--all', '--ndjson', '--base-url', big.url])).split('\n').filter(Boolean);
  if (lines.length !== N.big) throw new Error(`scout printed ${lines.length} items, expected ${N.big}`);

  // 1. Start-up.
  const [base, version, help] = await medians(N.startup, [
    [process.execPath, ['-e', '0']],
    [process.execPath, [scout, '--version']],
    [process.execPath, [scout, 'address', '--help']],
  ]);
  row('scout --version vs node -e 0', x(version / base), '≤ 1.20x', version / base <= 1.2, `${version.toFixed(1)} ms vs ${base.toFixed(1)} ms`);
  row('scout address --help vs node -e 0', x(help / base), '≤ 1.20x', help / base <= 1.2, `${help.toFixed(1)} ms vs ${base.toFixed(1)} ms`);

  // 2. A single lookup.
  const [fetchOne, show] = await medians(N.lookup, [
    [process.execPath, [join(here, 'fetch-one.mjs'), big.txUrl]],
    [process.execPath, [scout, 'tx', 'show', '0x' + 'ab'.repeat(32), '--json', '--base-url', big.url]],
  ]);
  row('tx show --json vs one fetch', x(show / fetchOne), '≤ 1.30x', show / fetchOne <= 1.3, `${show.toFixed(1)} ms vs ${fetchOne.toFixed(1)} ms`);

  // 3. --all --ndjson over the big dataset.
  const [loop, all] = await medians(N.all, [
    [process.execPath, [join(here, 'fetch-loop.mjs'), big.listUrl]],
    [process.execPath, [scout, 'address', 'txs', ADDRESS, '--all', '--ndjson', '--base-url', big.url]],
  ]);
  row(`address txs --all --ndjson (${N.big} items) vs fetch loop`, x(all / loop), '≤ 1.10x', all / loop <= 1.1, `${all.toFixed(0)} ms vs ${loop.toFixed(0)} ms`);
  try {
    const shell = await timed('bash', [join(here, 'shell-loop.sh'), big.listUrl]);
    row(`shell loop (curl + jq) vs scout`, x(shell / all), '≥ 5x', shell / all >= 5, `${shell.toFixed(0)} ms vs ${all.toFixed(0)} ms`);
  } catch (e) {
    // The shell baseline needs curl and jq; without them the figure is reported, not invented.
    row(`shell loop (curl + jq) vs scout`, 'n/a', '≥ 5x', false, `could not run: ${String(e.message).split('\n')[0]}`);
  }

  // 4. Peak memory: the big run against the small one, per streaming mode.
  for (const mode of ['--ndjson', '--json', '--csv']) {
    const args = (srv) => ['address', 'txs', ADDRESS, '--all', mode, '--base-url', srv.url];
    const a = await peakMiB(args(small));
    const b = await peakMiB(args(big));
    row(`peak memory ${mode}: ${N.big} vs ${N.small} items`, x(b / a), '≤ 1.20x', b / a <= 1.2, `${b.toFixed(1)} MiB vs ${a.toFixed(1)} MiB`);
  }
} finally {
  await big.close();
  await small.close();
  rmSync(tmp, { recursive: true, force: true });
}
// 5. One 50 MB list page and one 50 MB document (bench/bigbody.mjs).
await bigBody({ tiny, row });

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`scout benchmark${tiny ? ' (tiny: checks the script, not the speed)' : ''}`);
console.log(`${new Date().toISOString()} · node ${process.version} · ${os.platform()} ${os.arch()} · ${cpu} · ${os.cpus().length} cores · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
console.log('');
console.log('| figure | measured | target | met | detail |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.figure} | ${r.value} | ${r.target} | ${r.ok ? 'yes' : 'no'} | ${r.detail} |`);
