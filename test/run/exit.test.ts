/**
 * The process ends once its output is written, never before: a large output read slowly through a
 * pipe arrives whole, byte for byte what the command prints in-process.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';
import { type BodyServer, serveBodies } from '../support/bodies.js';
import { runScout } from '../support/scout.js';

let srv: BodyServer;
beforeAll(async () => {
  srv = await serveBodies();
  const items = Array.from({ length: 10_000 }, (_, i) => ({ hash: '0x' + i.toString(16).padStart(64, '0'), value: String(i * 1e15), note: 'é'.repeat(i % 7) }));
  srv.bodies.set('/api/v2/big', JSON.stringify({ items, next_page_params: null }));
});
afterAll(() => srv.close());

it('over a MB through a reader that takes a chunk at a time, pausing after each, arrive whole', async () => {
  const args = ['api', '/api/v2/big', '--base-url', srv.url];
  const live = await runScout(args);
  expect(live.code).toBe(0);
  expect(live.stdout.length).toBeGreaterThan(1_000_000);
  const r = await new Promise<{ code: number | null; stdout: Buffer; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      chunks.push(d);
      // A slow reader: the pipe fills while it is paused.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr }));
  });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.equals(Buffer.from(live.stdout))).toBe(true);
}, 60_000);
