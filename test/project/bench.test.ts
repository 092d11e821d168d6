/**
 * The benchmark is not a test (speed is never asserted here), but it must run: `npm run bench -- --tiny`
 * exercises every figure once on a small dataset and prints the report table (one per Node).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv, ROOT } from '../support/cli.js';

it('the benchmark script runs end to end on a tiny dataset', async () => {
  const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'run.mjs'), '--tiny'], { cwd: ROOT, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^scout benchmark \(tiny/);
  // The machine line: date, node, platform and architecture, CPU, cores, memory (whatever the platform).
  expect(r.stdout).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z · node v\d+\.\d+\.\d+ · \S+ \S+ · .+ · \d+ cores · \d+ GiB$/m);
  for (const figure of [
    'scout --version vs node -e 0',
    'scout --help vs node -e 0',
    'scout address --help vs node -e 0',
    'scout tx show --help vs node -e 0',
    'scout address --help on a terminal vs node -e 0',
    'tx show --json vs node -e 0',
    'tx show --json vs one node:http GET',
    'address txs --all --ndjson (200 items) vs fetch loop',
    'shell loop (curl + jq) vs scout',
    'peak memory --ndjson',
    'peak memory --json',
    'peak memory --csv',
    '12 concurrent lookups (4 at a time) at 80 ms / 10 req/s: rate vs allowed',
    'address txs --all --chains (4 chains of 3 pages, 2 a server) at 80 ms / 10 req/s: rate vs allowed',
    'tx explain --json at 80 ms, key (10/s) vs one tx show --json',
    'tx show as a table (piped) vs tx show --json',
    'tx show --json from --cache vs node -e 0',
    'one undici GET (bundled as scout ships it) vs node -e 0',
  ]) {
    expect(r.stdout).toMatch(new RegExp(`\\| ${figure.replace(/[()+-]/g, '\\$&')}[^|]* \\| (\\d+\\.\\d\\dx|n/a) \\|`));
  }
  // What the first run spends writing the code cache (a difference of medians: noise can make it negative).
  expect(r.stdout).toMatch(/\| tx show --json, first run: writing the code cache \| -?\d+\.\d ms \| ≤ 15 ms \|/);
  expect(r.stdout).toMatch(/\| api --json of a [\d.]+ MB document: wait at exit \| \d+\.\d ms \| ≤ 10 ms \|/);
  // bench/batch.mjs: lookups from stdin 16 at a time, in seconds.
  expect(r.stdout).toMatch(/\| \d+ lookups from stdin, --concurrency 16, 80 ms, no limit \| \d+\.\d\d s \| ≤ 1\.5 s \|/);
  // bench/bigbody.mjs: one big list page and one big document, in MiB and seconds.
  for (const figure of ['list page --ndjson, peak memory', 'list page --json, peak memory', 'document (api --json), peak memory', 'document (api --json), time']) {
    expect(r.stdout).toMatch(new RegExp(`\\| one [\\d.]+ MB ${figure.replace(/[()+-]/g, '\\$&')} \\| [\\d.]+ (MiB|s) \\|`));
  }
  // The 429s taken under a rate limit, a count (bench/ratelimit.mjs, bench/chains.mjs).
  for (const figure of ['12 concurrent lookups (4 at a time) at 80 ms / 10 req/s: 429s', 'address txs --all --chains (4 chains of 3 pages, 2 a server) at 80 ms / 10 req/s: 429s']) {
    expect(r.stdout).toMatch(new RegExp(`\\| ${figure.replace(/[()+-]/g, '\\$&')} \\| \\d+ \\| 0 \\|`));
  }
  // The wait at exit of each network command, and what writing the code cache costs, in milliseconds.
  for (const figure of ['tx show --json: wait at exit', 'address txs --all --ndjson: wait at exit']) {
    expect(r.stdout).toMatch(new RegExp(`\\| ${figure.replace(/[()+-]/g, '\\$&')} \\| \\d+\\.\\d ms \\| ≤ 10 ms \\|`));
  }
}, 120_000);
