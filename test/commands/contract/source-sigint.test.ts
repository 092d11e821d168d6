/**
 * Issue 20, item 8 for `contract source --out`: Ctrl-C exits 130 within half a second while the
 * explorer holds its answer and while the files are being written, and a run stopped while writing
 * removes what it wrote. The real built command, as a child process, gets a real SIGINT.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT } from '../../support/cli.js';
import { type SourceServer, startSourceServer } from '../../support/source-server.js';

let srv: SourceServer;
beforeAll(async () => {
  srv = await startSourceServer();
});
afterAll(() => srv.close());

/** Starts scout; resolves with its exit and the milliseconds from `interrupt()` to it. */
function start(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let sent = 0;
  const exit = new Promise<{ code: number | null; ms: number }>((resolve) => child.on('close', (code) => resolve({ code, ms: Date.now() - sent })));
  return {
    exit,
    stderr: () => stderr,
    interrupt: () => {
      sent = Date.now();
      child.kill('SIGINT');
    },
    kill: () => child.kill('SIGKILL'),
  };
}

/** Waits (bounded) until `ready` holds. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !ready(); i++) await new Promise((r) => setTimeout(r, 2));
  if (!ready()) throw new Error(`never happened: ${what}`);
}

describe('Ctrl-C during contract source --out', () => {
  it('while the explorer holds the answer: 130 at once, nothing written', async () => {
    const work = join(mkdtempSync(join(tmpdir(), 'scout-sigint-')), 'work');
    const address = srv.contract([{ path: 'A.sol', code: 'contract A {}\n' }]);
    const from = srv.requests();
    srv.hold();
    const run = start(['contract', 'source', address, '--out', work, '--timeout', '600', '--base-url', srv.url]);
    try {
      await until(() => srv.requests() > from, 'the request');
      run.interrupt();
      const { code, ms } = await run.exit;
      expect(code).toBe(130);
      expect(ms).toBeLessThan(500);
      expect(existsSync(work)).toBe(false);
    } finally {
      run.kill();
      srv.release();
    }
  });

  it('while writing thousands of files: 130 within 500 ms, and what the run wrote is removed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'scout-sigint-'));
    const work = join(root, 'work');
    const n = 20_000;
    const files = Array.from({ length: n }, (_, i) => ({ path: `d${String(i).padStart(5, '0')}/F.sol`, code: 'contract F {}\n' }));
    const address = srv.contract(files);
    const run = start(['contract', 'source', address, '--out', work, '--max-files', String(n), '--base-url', srv.url]);
    try {
      // Ctrl-C once the first files are on disk, long before all of them are.
      await until(() => existsSync(work) && readdirSync(work).length > 20, 'the first files');
      run.interrupt();
      const { code, ms } = await run.exit;
      expect(code, run.stderr()).toBe(130);
      expect(ms).toBeLessThan(500);
      expect(run.stderr()).toBe('scout: interrupted; nothing was written\n');
      expect(readdirSync(root)).toEqual([]);
    } finally {
      run.kill();
    }
  });
});
