/**
 * `scout export` runs in a child process started with its heap flags (src/launch.ts, `exportChild`).
 * The child never outlives the process the user started: killed outright mid-export, its child stops
 * at once, and `--resume` completes the export to exactly the rows the explorer serves.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT, runCli } from '../support/cli.js';

const ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
// 50 pages at 150 ms each: longer than the child is given to stop.
const COUNT = 2500;

interface BenchServer {
  url: string;
  listRequests(): number;
  close(): Promise<void>;
}

let srv: BenchServer;
beforeAll(async () => {
  // The benchmark's explorer: generated histories, a latency per answer.
  const bench = (await import(pathToFileURL(join(ROOT, 'bench', 'server.mjs')).href)) as {
    startBenchServer(o: { count: number; address: string; latencyMs: number }): Promise<BenchServer>;
  };
  srv = await bench.startBenchServer({ count: COUNT, address: ADDRESS, latencyMs: 150 });
});
afterAll(() => srv.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a process is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !ok(); await sleep(20)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

describe('scout export in a process of its own', () => {
  it('killed outright mid-export, its child stops too; --resume completes it to exactly the rows served', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'scout-export-child-')), 'out');
    const trace = join(mkdtempSync(join(tmpdir(), 'scout-trace-')), 'imports.txt');
    const args = ['export', ADDRESS, '--what', 'txs', '--format', 'ndjson', '--out', dir, '--base-url', srv.url];
    const parent = spawn(process.execPath, ['--import', join(ROOT, 'test/support/trace-imports.mjs'), BIN, ...args], {
      env: cleanEnv({ SCOUT_TRACE_IMPORTS: trace }),
      stdio: 'ignore',
    });
    const processes = () => {
      try {
        return readFileSync(trace, 'utf8').split('\n').filter((l) => l.startsWith('process:'));
      } catch {
        return [];
      }
    };
    await until('the child to start', () => processes().length === 2);
    const child = Number(processes()[1]!.split(':')[1]);
    expect(Number(processes()[1]!.split(':')[2])).toBe(parent.pid);
    const before = srv.listRequests();
    await until('a few pages', () => srv.listRequests() >= before + 3);
    parent.kill('SIGKILL');
    await until('the child to stop', () => !alive(child), 3_000);
    // Stopped, not finished: nothing more is asked, and far from every page was.
    const asked = srv.listRequests();
    await sleep(500);
    expect(srv.listRequests()).toBe(asked);
    expect(asked - before).toBeLessThan(COUNT / 50 / 2);

    const resumed = await runCli(['export', '--resume', dir, '--base-url', srv.url], { timeoutMs: 60_000 });
    expect(resumed).toMatchObject({ code: 0 });
    const rows = readFileSync(join(dir, 'txs.ndjson'), 'utf8').split('\n').filter(Boolean);
    const hashes = rows.map((r) => (JSON.parse(r) as { hash: string }).hash);
    expect(hashes).toHaveLength(COUNT);
    expect(new Set(hashes).size).toBe(COUNT);
  }, 90_000);
});
