#!/usr/bin/env node
// Big bodies: one 50 MB list page (--ndjson and --json) and one 50 MB document (`scout api … --json`),
// each as peak resident memory and wall time, beside baselines run the same way: `jq -c` over the
// same body from a file when jq is installed, and a node:http GET that pipes the body to stdout (bench/http-one.cjs). Run alone
// (`node bench/bigbody.mjs [--tiny]`) or from bench/run.mjs, which adds its rows to its table.
// `--tiny`: a 200 KB body, to check the script, not the figures.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scout = join(here, '..', 'bin', 'scout.js');
const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const LIST = `/api/v2/addresses/${ADDRESS}/transactions`;
const DOC = '/api/v2/big-document';
/** A document of 2.6 MB, for the wait at exit of a busy `api --json` run. */
const MID = '/api/v2/mid-document';
const MiB = 2 ** 20;

/** One item of about 2 KB, shaped like an address transaction, with text that must come out as sent. */
function item(i) {
  const hex = (n, w) => n.toString(16).padStart(w, '0').slice(-w);
  return {
    hash: '0x' + hex(i * 2654435761 + 12345, 64),
    block_number: 23_000_000 - i,
    from: { hash: '0x' + hex(0xabcdef + i * 7919, 40), name: i % 5 ? null : 'Bench "Sender" {x}', is_contract: false },
    to: { hash: ADDRESS, name: null, is_contract: true },
    value: String(BigInt(i) * 10n ** 15n),
    fee: { type: 'actual', value: '8239300629000' },
    raw_input: '0xa9059cbb' + hex(i, 64).repeat(20),
    method: 'transfer',
    status: 'ok',
    timestamp: new Date(Date.UTC(2025, 7, 11) - i * 4000).toISOString(),
    token_transfers: null,
    transaction_types: ['coin_transfer', 'token_transfer'],
    note: 'Ünïcödé ✓ 😀 \\ / \t',
    nonce: 640381 + i,
  };
}

/** A list page of `bytes` bytes or a little more; the big numbers and `2.0e3` keep it from round-tripping. */
function body(bytes, kind) {
  const items = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const text = JSON.stringify(item(i)).replace('"nonce":', '"confirmation_duration":[0,2.0e3],"huge":123456789012345678901234567890,"nonce":');
    items.push(text);
    size += text.length + 1;
  }
  const text = kind === 'list' ? `{"items":[${items.join(',')}],"next_page_params":null}` : `{"hash":"0x${'ab'.repeat(32)}","logs":[${items.join(',')}],"raw":"${'cd'.repeat(1000)}"}`;
  return { text: Buffer.from(text), items };
}

/** Runs `cmd` with stdout hashed (or to nowhere); resolves with wall ms, peak MiB and the output's sha256. */
function measure(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const useTime = existsSync('/usr/bin/time');
    const [c, a] = useTime ? ['/usr/bin/time', ['-f', 'MAXRSS %M', cmd, ...args]] : [cmd, args];
    const started = performance.now();
    const child = spawn(c, a, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const hash = createHash('sha256');
    let bytes = 0;
    child.stdout.on('data', (d) => {
      bytes += d.length;
      hash.update(d);
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const rss = /MAXRSS (\d+)/.exec(err);
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.slice(0, 300)}`));
      resolve({ ms, mib: rss ? Number(rss[1]) / 1024 : NaN, sha: hash.digest('hex'), bytes });
    });
  });
}

/** The time in ms from the last byte `cmd` wrote to its exit (its output read through pipes and dropped). */
function exitWait(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let last = performance.now();
    let exited = 0;
    child.stdout.on('data', () => (last = performance.now()));
    child.stderr.on('data', () => (last = performance.now()));
    child.on('error', reject);
    child.on('exit', () => (exited = performance.now()));
    child.on('close', (code) => (code === 0 ? resolve(Math.max(0, exited - last)) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

const sha = (s) => createHash('sha256').update(s).digest('hex');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The figures; `row(figure, value, target, ok, detail)` records each. */
export async function bigBody({ tiny = false, node = process.execPath, row = defaultRow } = {}) {
  const size = tiny ? 200_000 : 50 * MiB;
  const runs = tiny ? 1 : 3;
  const list = body(size, 'list');
  const doc = body(size, 'doc');
  const mid = body(tiny ? 100_000 : 2.6e6, 'doc');
  const tmp = mkdtempSync(join(os.tmpdir(), 'scout-bigbody-'));
  const docFile = join(tmp, 'doc.json');
  const listFile = join(tmp, 'list.json');
  writeFileSync(docFile, doc.text);
  writeFileSync(listFile, list.text);
  const server = http.createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const b = path === LIST ? list.text : path === DOC ? doc.text : path === MID ? mid.text : undefined;
    res.writeHead(b ? 200 : 404, { 'content-type': 'application/json', 'content-length': b ? b.length : 2 }).end(b ?? '{}');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  const env = { ...process.env, NO_COLOR: '1', CI: '1' };
  delete env.NODE_EXTRA_CA_CERTS;
  for (const k of Object.keys(env)) if (k.startsWith('SCOUT_')) delete env[k];
  const jq = existsSync('/usr/bin/jq') || existsSync('/usr/local/bin/jq');
  const mb = `${(size / MiB).toFixed(size < MiB ? 2 : 0)} MB`;
  const fmt = (m) => `${m.mib.toFixed(0)} MiB, ${(m.ms / 1000).toFixed(2)} s`;
  /** Medians of `runs` runs of each command, interleaved; checks every run printed `want`. */
  const figures = async (commands) => {
    const got = commands.map(() => []);
    for (let i = 0; i < runs; i++) {
      for (const [j, c] of commands.entries()) {
        const m = await measure(c.cmd, c.args, env);
        if (c.want && m.sha !== c.want) throw new Error(`${c.cmd} ${c.args.join(' ')} printed something else than expected (${m.bytes} bytes)`);
        got[j].push(m);
      }
    }
    return got.map((ms) => ({ ms: median(ms.map((m) => m.ms)), mib: median(ms.map((m) => m.mib)) }));
  };
  try {
    const ndjson = sha(list.items.join('\n') + '\n');
    const array = sha(`[${list.items.join(',')}]\n`);
    const docOut = sha(doc.text.toString() + '\n');
    const base = [{ cmd: node, args: [join(here, 'http-one.cjs'), url + DOC] }];
    const [ndj, arr, fetchPage, ...jqPage] = await figures([
      { cmd: node, args: [scout, 'address', 'txs', ADDRESS, '--ndjson', '--base-url', url], want: ndjson },
      { cmd: node, args: [scout, 'address', 'txs', ADDRESS, '--json', '--base-url', url], want: array },
      ...base,
      ...(jq ? [{ cmd: 'jq', args: ['-c', '.items[]', listFile] }] : []),
    ]);
    const pageBase = `node:http GET piped ${fmt(fetchPage)}${jqPage[0] ? `; jq -c '.items[]' ${fmt(jqPage[0])}` : ''}`;
    row(`one ${mb} list page --ndjson, peak memory`, `${ndj.mib.toFixed(0)} MiB`, '≤ 150 MiB', ndj.mib <= 150, `${fmt(ndj)}; ${pageBase}`);
    row(`one ${mb} list page --json, peak memory`, `${arr.mib.toFixed(0)} MiB`, '≤ 150 MiB', arr.mib <= 150, `${fmt(arr)}; ${pageBase}`);
    // The wait from the last byte written to the exit of `api --json` printing 2.6 MB.
    {
      const waits = [];
      for (let i = 0; i < (tiny ? 1 : 9); i++) waits.push(await exitWait(node, [scout, 'api', MID, '--json', '--base-url', url], env));
      const wait = median(waits);
      row(`api --json of a ${(mid.text.length / 1e6).toFixed(1)} MB document: wait at exit`, `${wait.toFixed(1)} ms`, '≤ 10 ms', wait <= 10, 'from its last byte written to its exit');
    }
    const [api, fetchDoc, ...jqDoc] = await figures([
      { cmd: node, args: [scout, 'api', DOC, '--json', '--base-url', url], want: docOut },
      ...base,
      // jq may print numbers its own way (2.0e3): timed, not compared.
      ...(jq ? [{ cmd: 'jq', args: ['-c', '.', docFile] }] : []),
    ]);
    const docBase = `${fmt(api)}; node:http GET piped ${fmt(fetchDoc)}${jqDoc[0] ? `; jq -c . ${fmt(jqDoc[0])}` : ''}`;
    row(`one ${mb} document (api --json), peak memory`, `${api.mib.toFixed(0)} MiB`, '≤ 420 MiB', api.mib <= 420, docBase);
    row(`one ${mb} document (api --json), time`, `${(api.ms / 1000).toFixed(2)} s`, '≤ 2.6 s', api.ms <= 2600, docBase);
  } finally {
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function defaultRow(figure, value, target, ok, detail) {
  console.log(`| ${figure} | ${value} | ${target} | ${ok ? 'yes' : 'no'} | ${detail} |`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tiny = process.argv.includes('--tiny');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`scout big bodies${tiny ? ' (tiny: checks the script, not the figures)' : ''}`);
  console.log(`${new Date().toISOString()} · node ${process.version} · ${os.platform()} ${os.arch()} · ${cpu} · ${os.cpus().length} cores`);
  console.log('');
  console.log('| figure | measured | target | met | detail |');
  console.log('|---|---|---|---|---|');
  await bigBody({ tiny });
}
