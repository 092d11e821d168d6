/**
 * The single-file build (dist/scout.cjs, README: Install): one file that runs with `node scout.cjs`
 * and nothing beside it. Copied to a directory of its own, outside the project, it answers
 * --version and help, looks a transaction up and runs jq (whose script and WebAssembly it carries).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { type FakeServer, startServer, TX } from '../support/server.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const dir = mkdtempSync(join(tmpdir(), 'scout-single-'));
const file = join(dir, 'scout.cjs');
copyFileSync(join(ROOT, 'dist', 'scout.cjs'), file);

/** Runs `node scout.cjs args…` in the file's own directory. */
function single(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { cwd: dir, env: cleanEnv({ NODE_PATH: undefined }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

describe('dist/scout.cjs', () => {
  it('requires nothing but Node built-ins', () => {
    const required = [...readFileSync(file, 'utf8').matchAll(/\brequire\(\s*(["'])([^"']+)\1\s*\)/g)].map((m) => m[2]!);
    expect(required.length).toBeGreaterThan(0);
    // node:* names only built-ins, some of a later Node than this one (undici's optional node:sqlite).
    expect([...new Set(required.filter((r) => !r.startsWith('node:') && !isBuiltin(r)))]).toEqual([]);
  });

  it('answers --version and help', async () => {
    expect(await single(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const help = await single(['tx', 'show', '--help']);
    expect(help).toEqual({ code: 0, stdout: (await runScout(['tx', 'show', '--help'])).stdout, stderr: '' });
  });

  it('looks a transaction up, and runs jq', async () => {
    const live = await runScout(['tx', 'show', TX.ok, '--json', '--base-url', srv.url]);
    expect(live.code).toBe(0);
    expect(await single(['tx', 'show', TX.ok, '--json', '--base-url', srv.url])).toEqual({ code: 0, stdout: live.stdout, stderr: '' });
    const jq = await single(['tx', 'show', TX.ok, '--jq', '.hash', '--base-url', srv.url]);
    expect(jq).toEqual({ code: 0, stdout: `${(JSON.parse(live.stdout) as { hash: string }).hash}\n`, stderr: '' });
  });
});
