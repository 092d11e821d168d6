/**
 * Issue 20, item 8: big renders finish, and Ctrl-C is heard while they run. A hostile explorer's
 * 4.6 MiB summary of many variables is filled in by the built command (the timeout below is a hang
 * guard, not a measurement: speed is the benchmark's). Rendering a big answer is synchronous, and a
 * process's Ctrl-C listener cannot run until it returns, so the renders of summaries, explains and
 * object views run through Io.blocking, during which Ctrl-C takes its default action and ends the
 * process at once (status 130 in the shell): checked on the real process side (node-io's
 * signalDefaultDuring, with a listener like main.ts's that would otherwise wait), and that each of
 * those renders goes through it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { type BodyServer, serveBodies } from '../support/bodies.js';
import { cleanEnv, ROOT, runCli } from '../support/cli.js';
import { ADDR, TX } from '../support/server.js';

let srv: BodyServer;
const HASH = TX.ok;

/** A summary of `n` variables, all named by the template. */
function bigSummary(n: number): string {
  const variables: Record<string, unknown> = {};
  let template = '';
  for (let i = 0; i < n; i++) {
    template += `{v${i}} `;
    variables[`v${i}`] = i % 2 ? { type: 'currency', value: 1000 + i } : { type: 'string', value: `name-${i}-${'z'.repeat(40)}` };
  }
  return JSON.stringify({ success: true, data: { summaries: [{ summary_template: template, summary_template_variables: variables }] } });
}

beforeAll(async () => {
  srv = await serveBodies();
  srv.bodies.set(`/api/v2/transactions/${HASH}/summary`, bigSummary(70_000));
  srv.bodies.set(`/api/v2/transactions/${TX.failed}/summary`, bigSummary(10));
  srv.bodies.set(`/api/v2/addresses/${ADDR.rich}`, JSON.stringify({ hash: ADDR.rich, coin_balance: '1' }));
});
afterAll(() => srv.close());

describe('big renders', () => {
  it('the built command fills a 4.6 MiB summary of 70,000 variables', async () => {
    expect(srv.bodies.get(`/api/v2/transactions/${HASH}/summary`)!.length).toBeGreaterThan(4.6 * 2 ** 20);
    const r = await runCli(['tx', 'summary', HASH, '--base-url', srv.url], { timeoutMs: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`name-0-${'z'.repeat(40)} 1001 name-2-`);
    expect(r.stdout.trimEnd()).toMatch(/… \(cut: the summary is longer than 1 MiB\)$/);
  }, 70_000);

  it('summaries and object views are rendered through Io.blocking', async () => {
    for (const args of [
      ['tx', 'summary', TX.failed],
      ['address', 'show', ADDR.rich],
    ]) {
      const calls: string[] = [];
      const io = memoryIo({ env: cleanEnv({ SCOUT_BASE_URL: srv.url }) });
      io.blocking = <T>(work: () => T): T => {
        calls.push('in');
        try {
          return work();
        } finally {
          calls.push('out');
        }
      };
      const code = await run(['node', 'scout', ...args], io);
      expect(code, io.stderr()).toBe(0);
      expect(calls, args.join(' ')).toEqual(['in', 'out']);
    }
  });
});

describe('Ctrl-C during a synchronous render', () => {
  it('ends the process at once, though a listener like main.ts\'s would wait for the work to return', async () => {
    // The child installs a listener that only records the signal (as main.ts's does until the event
    // loop runs again), then spins for up to 30 s inside signalDefaultDuring.
    const script = `
      const { signalDefaultDuring } = await import(${JSON.stringify(join(ROOT, 'dist', 'base', 'node-io.js'))});
      const { writeSync } = await import('node:fs');
      process.on('SIGINT', () => writeSync(1, 'heard\\n'));
      const end = Date.now() + 30000;
      signalDefaultDuring(() => {
        writeSync(1, 'busy\\n');
        while (Date.now() < end);
      });
      writeSync(1, 'returned\\n');
      // The listener is back afterwards.
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => process.exit(0), 200);
    `;
    const r = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      const guard = setTimeout(() => child.kill('SIGKILL'), 40_000);
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        if (d.includes('busy')) child.kill('SIGINT');
      });
      child.on('close', (code, signal) => {
        clearTimeout(guard);
        resolve({ code, signal, stdout });
      });
    });
    // Killed by the signal (a shell shows 130), in the middle of the work: nothing after "busy".
    expect(r.stdout).toBe('busy\n');
    expect(r.signal).toBe('SIGINT');
  }, 45_000);

  it('outside such work the listener is in place again', async () => {
    const script = `
      const { signalDefaultDuring } = await import(${JSON.stringify(join(ROOT, 'dist', 'base', 'node-io.js'))});
      const { writeSync } = await import('node:fs');
      process.on('SIGINT', () => { writeSync(1, 'heard\\n'); process.exit(130); });
      signalDefaultDuring(() => 1);
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => process.exit(0), 5000);
    `;
    const r = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(r).toEqual({ code: 130, stdout: 'heard\n' });
  });
});

describe('Ctrl-C while a page far bigger than an explorer\'s is drawn', () => {
  /** One page of `n` transactions: drawn as CSV, several seconds of synchronous work if done at once. */
  function bigPage(n: number): string {
    const items = [];
    for (let i = 0; i < n; i++) {
      items.push({
        hash: '0x' + i.toString(16).padStart(64, '0'),
        block_number: 1000 + i,
        from: { hash: ADDR.rich },
        to: { hash: ADDR.rich },
        value: String(i),
        timestamp: '2024-01-01T00:00:00Z',
        method: 'transfer',
        fee: { value: '21000' },
        status: 'ok',
        result: 'success',
      });
    }
    return JSON.stringify({ items, next_page_params: null });
  }

  it('is heard between parts of the page: exit 130 at once, the rest not written', async () => {
    const n = 40_000;
    srv.bodies.set(`/api/v2/addresses/${ADDR.rich}/transactions`, bigPage(n));
    const r = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; rows: number; stderr: string; afterSignal: number }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'scout.js'), 'address', 'txs', ADDR.rich, '--csv', '--base-url', srv.url], {
        cwd: ROOT,
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let rows = 0;
      let stderr = '';
      let sentAt = 0;
      const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        rows += d.split('\n').length - 1;
        // The first rows are out: the page is being drawn.
        if (!sentAt) {
          sentAt = Date.now();
          child.kill('SIGINT');
        }
      });
      child.on('close', (code, signal) => {
        clearTimeout(guard);
        resolve({ code, signal, rows, stderr, afterSignal: Date.now() - sentAt });
      });
    });
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('interrupted');
    // Drawn all at once, every row would be out before the first byte reached the pipe.
    expect(r.rows).toBeLessThan(n);
    // The contract's bound, not a measurement: a page drawn at once took seconds here.
    expect(r.afterSignal).toBeLessThan(500);
  }, 70_000);
});
