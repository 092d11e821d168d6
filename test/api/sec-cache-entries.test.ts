/**
 * Cache entries from a hostile cache directory (issue 20, item 12), against the built command as a
 * child process: a FIFO, a symlink or an entry past --max-body at an entry's name is a miss (the
 * request goes out, the answer is printed and kept as a regular file), never a hang nor a body served.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checksum } from '../../src/api/cache.js';
import { runCli } from '../support/cli.js';
import { type Loopback, listenLoopback } from '../support/loopback.js';

const BODY = '{"answer":"from the server"}';
let requests: number;
let server: Loopback;
let base: string;
let cacheHome: string;

beforeAll(async () => {
  server = await listenLoopback((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(BODY);
  });
  base = server.url;
});
afterAll(() => server.close());
beforeEach(() => {
  requests = 0;
  cacheHome = mkdtempSync(join(tmpdir(), 'scout-entries-'));
});
afterEach(() => rmSync(cacheHome, { recursive: true, force: true }));

const entriesDir = () => join(cacheHome, 'scout', 'http');

/** `scout api /api/v2/stats --cache 1h`, with a cache home of its own; killed after 8 s. */
function scout(extra: string[] = []) {
  return runCli(['api', '/api/v2/stats', '--cache', '1h', '--base-url', base, ...extra], { env: { XDG_CACHE_HOME: cacheHome }, timeoutMs: 8_000 });
}

/** Runs once so the entry exists, and returns its path (the name is the request's hash). */
async function entryPath(): Promise<string> {
  const r = await scout();
  expect([r.code, r.stdout.trim()]).toEqual([0, BODY]);
  const names = readdirSync(entriesDir());
  expect(names).toHaveLength(1);
  requests = 0;
  return join(entriesDir(), names[0]!);
}

/** A well-formed entry for `name` holding `body`, as the cache writes one. */
function forged(name: string, body: string): Buffer {
  const bytes = Buffer.from(body);
  return Buffer.concat([Buffer.from(JSON.stringify({ v: 2, key: name, stored: Date.now(), bytes: bytes.length, fnv1a: checksum(bytes) }) + '\n'), bytes]);
}

/** The entry is again a regular file holding the server's answer. */
function rewritten(path: string): void {
  expect(lstatSync(path).isFile()).toBe(true);
  expect(readFileSync(path, 'utf8').endsWith('\n' + BODY)).toBe(true);
}

const hasMkfifo = (() => {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasMkfifo) console.warn('sec-cache-entries: no mkfifo on this system; the FIFO case is skipped');

describe('what sits at an entry name in the cache directory', () => {
  it.skipIf(!hasMkfifo || process.platform === 'win32')('a FIFO: scout does not hang; it asks the server and keeps the answer as a file', async () => {
    const path = await entryPath();
    rmSync(path);
    execFileSync('mkfifo', ['-m', '600', path]);
    const started = Date.now();
    const r = await scout();
    expect(r.signal).toBeNull();
    expect([r.code, r.stdout.trim(), r.stderr]).toEqual([0, BODY, '']);
    expect(requests).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    rewritten(path);
  });

  it('a symlink to a well-formed entry elsewhere is not followed', async () => {
    const path = await entryPath();
    const elsewhere = join(cacheHome, 'planted');
    writeFileSync(elsewhere, forged(path.split(/[\\/]/).pop()!, '{"answer":"planted"}'));
    rmSync(path);
    symlinkSync(elsewhere, path);
    const r = await scout();
    expect([r.code, r.stdout.trim()]).toEqual([0, BODY]);
    expect(requests).toBe(1);
    rewritten(path);
    // The file the link pointed at is left as it was.
    expect(readFileSync(elsewhere, 'utf8')).toContain('planted');
  });

  it('an entry whose body is larger than --max-body is not served: the request goes out', async () => {
    const path = await entryPath();
    const big = JSON.stringify({ answer: 'x'.repeat(4096) });
    writeFileSync(path, forged(path.split(/[\\/]/).pop()!, big));
    // Within the cap the forged entry is a valid one, and is served (the cache works as before).
    const within = await scout(['--max-body', '8KiB']);
    expect([within.code, within.stdout.trim(), requests]).toEqual([0, big, 0]);
    const past = await scout(['--max-body', '1KiB', '--verbose']);
    expect([past.code, past.stdout.trim()]).toEqual([0, BODY]);
    expect(past.stderr).toContain('scout: cache: ignoring an entry larger than --max-body\n');
    expect(requests).toBe(1);
    rewritten(path);
  });
});
