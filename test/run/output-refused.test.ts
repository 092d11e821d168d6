/**
 * Output the system refuses: a full disk (/dev/full) on stdout or stderr is one line and exit 1
 * (usage errors keep 2), never a stack trace; a reader that stopped reading does not keep Ctrl-C
 * from ending scout with 130.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT, runCli } from '../support/cli.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const FULL = '/dev/full';
const hasFull = existsSync(FULL);
const ENOSPC = 'scout: cannot write output: no space left on device (ENOSPC)\n';

interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Collects a child's piped output and waits for it to end (killed after 20 s, like runCli). */
function finish(child: ChildProcess): Promise<Result> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Runs scout with stdout or stderr (or both) on /dev/full, the other ones piped. */
function runOnFull(args: string[], full: { stdout?: boolean; stderr?: boolean }): Promise<Result> {
  const fd = openSync(FULL, 'w');
  try {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ['ignore', full.stdout ? fd : 'pipe', full.stderr ? fd : 'pipe'],
    });
    return finish(child);
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!hasFull)(hasFull ? 'a full disk' : `a full disk (skipped: ${FULL} does not exist on this system)`, () => {
  it.each([
    ['help exit-codes', ['help', 'exit-codes']],
    ['--version', ['--version']],
    ['--help', ['--help']],
    ['a topic help', ['address', '--help']],
    ['a list', ['address', 'txs', ADDR.rich, '--ndjson']],
    ['a list with --all', ['address', 'txs', ADDR.rich, '--all']],
  ])('on stdout (%s): one line on stderr, exit 1', async (_name, args) => {
    const r = await runOnFull(args[0] === 'address' ? [...args, '--base-url', srv.url] : args, { stdout: true });
    expect(r.stderr).toBe(ENOSPC);
    expect(r.code).toBe(1);
  });

  it('on stderr, a usage error keeps exit 2', async () => {
    const r = await runOnFull(['--bogus'], { stderr: true });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('on stderr, a hint that cannot be written fails the run after the data', async () => {
    const r = await runOnFull(['address', 'txs', ADDR.rich, '--base-url', srv.url], { stderr: true });
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(50);
    expect(r.code).toBe(1);
  });

  it('on stderr, a failure keeps its own exit code', async () => {
    const r = await runOnFull(['tx', 'show', '0x' + 'ab'.repeat(32), '--base-url', srv.url], { stderr: true });
    expect(r.code).toBe(3);
  });

  it('on both, each keeps its code: a usage error 2, a failed write 1', async () => {
    const usage = await runOnFull(['--bogus'], { stdout: true, stderr: true });
    expect(usage.code).toBe(2);
    for (const args of [['help', 'exit-codes'], ['--version']]) {
      const r = await runOnFull(args, { stdout: true, stderr: true });
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.signal).toBe(null);
    }
  });
});

/** A FIFO (a real pipe, 64 KiB) this process holds open for reading and never reads; undefined without mkfifo. */
function stalledPipe(): number | undefined {
  const path = join(mkdtempSync(join(tmpdir(), 'scout-fifo-')), 'out');
  try {
    execFileSync('mkfifo', [path], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  // Read-write: opening does not wait for a writer, and this process is the reader that never reads.
  return openSync(path, 'r+');
}

/** Resolves once `cond` holds, checking as the fake server answers (polled, no fixed wait). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

const stalled = process.platform === 'linux' ? stalledPipe() : undefined;
afterAll(() => {
  if (stalled !== undefined) closeSync(stalled);
});

describe.skipIf(stalled === undefined)(
  stalled === undefined ? 'Ctrl-C with output blocked (skipped: needs Linux and mkfifo)' : 'Ctrl-C with output blocked',
  () => {
    it('the first SIGINT ends scout with 130 though a write can never complete', async () => {
      const args = ['address', 'txs', ADDR.rich, '--all', '--ndjson', '--base-url', srv.url];
      // The first page alone overflows the pipe nobody reads: once page 2 is asked for, page 1 is
      // being written and that write can never finish.
      const firstPage = await runCli([...args.filter((a) => a !== '--all'), '--limit', '50']);
      expect(Buffer.byteLength(firstPage.stdout)).toBeGreaterThan(64 * 1024);
      const mark = srv.requests.length;
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', stalled!, 'pipe'] });
      const done = finish(child);
      await until(() => srv.requests.length - mark >= 2);
      child.kill('SIGINT');
      const r = await done;
      expect(r.signal).toBe(null);
      expect(r.code).toBe(130);
      expect(r.stderr).toBe('scout: interrupted\n');
    });
  },
);
