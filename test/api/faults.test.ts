/**
 * scout under faults, through a fault-injecting proxy in front of the strict fake explorer: nothing
 * lost, nothing duplicated, no hang, no leaked key. In-process (test/support/scout.ts), where the
 * waits scout asks for are recorded instead of slept; a closed pipe and Ctrl-C need the real process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { type Fault, type FaultProxy, seeded, startFaultProxy } from '../support/faults.js';
import { ADDR, COUNTS, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
const proxies: FaultProxy[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  // A scout that failed to stop (the case failed on the test's timeout) does not outlive the suite.
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(proxies.map((p) => p.close()));
  await srv.close();
});

async function proxy(plan: (n: number, url: string) => Fault): Promise<FaultProxy> {
  const p = await startFaultProxy(srv.url, plan);
  proxies.push(p);
  return p;
}

const lines = (s: string) => s.split('\n').filter(Boolean);
/** Fails only the first attempt(s) listed; everything else passes. */
const script = (faults: Fault[]) => (n: number) => faults[n] ?? 'ok';

describe('retries keep every item exactly once, in order', () => {
  it.each([
    ['address', 'txs', ADDR.rich],
    ['address', 'transfers', ADDR.rich],
    ['search', 'USD'],
  ])('%s %s --all with a share of requests failing at random', async (...args) => {
    const clean = await runScout([...args, '--all', '--ndjson', '--base-url', srv.url]);
    expect(clean.code).toBe(0);
    const random = seeded(7);
    const kinds: Fault[] = ['503-html', '429-bare', '502-json', 'drop', 'truncate', 'bad-json'];
    let streak = 0;
    // About 45% of requests fail; never more than 2 in a row, within the 3 retries.
    const p = await proxy(() => {
      if (streak < 2 && random() < 0.45) {
        streak++;
        return kinds[Math.floor(random() * kinds.length)]!;
      }
      streak = 0;
      return 'ok';
    });
    const r = await runScout([...args, '--all', '--ndjson', '--base-url', p.url]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(clean.stdout);
    expect(p.requests.some((q) => q.fault !== 'ok')).toBe(true);
  });

  it('a failed page is retried from the same cursor', async () => {
    const p = await proxy(script(['ok', '503-html', 'drop']));
    const r = await runScout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--base-url', p.url]);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(COUNTS.richTxs);
    const [, failed1, failed2, retried] = p.requests.map((q) => q.url);
    expect(failed1).toContain('block_number=null');
    expect(failed2).toBe(failed1);
    expect(retried).toBe(failed1);
  });
});

describe('rate limits are waited out as the server says', () => {
  it('429 with x-ratelimit-reset waits that many milliseconds', async () => {
    const p = await proxy(script(['429-reset']));
    const r = await runScout(['address', 'txs', ADDR.rich, '--json', '--base-url', p.url]);
    expect(r.code).toBe(0);
    expect(r.sleeps).toEqual([150]);
    expect(p.requests).toHaveLength(2);
  });

  it('429 with Retry-After waits that many seconds', async () => {
    const p = await proxy(script(['429-retry-after']));
    const r = await runScout(['address', 'withdrawals', ADDR.rich, '--json', '--base-url', p.url]);
    expect(r.code).toBe(0);
    expect(r.sleeps).toEqual([1000]);
    expect(p.requests).toHaveLength(2);
  });

  it('a spent budget (x-ratelimit-remaining 0) waits for the reset before the next page, taking no 429', async () => {
    const p = await proxy(() => 'spent');
    // The clock stands still, so the wait asked for is the whole 300 ms reset the proxy announced.
    const r = await runScout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--base-url', p.url], { now: () => Date.UTC(2025, 7, 11) });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(COUNTS.richTxs);
    expect(p.requests).toHaveLength(3);
    expect(r.sleeps).toEqual([300, 300]);
  });

  it('429 with no headers, still after the retries, is exit 5 with what to do', async () => {
    const p = await proxy(() => '429-bare');
    const r = await runScout(['address', 'txs', ADDR.rich, '--retries', '1', '--base-url', p.url]);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(`scout: rate limited by ${p.url} after 1 retry\nscout: an explorer key raises the limit (--explorer-key), or wait and try again\n`);
    expect(p.requests).toHaveLength(2);
  });
});

describe('what cannot be mended is one clear line', () => {
  it('a server that never answers ends in "timed out" within the retry budget', async () => {
    const p = await proxy(() => 'hang');
    const r = await runScout(['tx', 'show', '0x' + 'ab'.repeat(32), '--timeout', '0.3', '--retries', '1', '--base-url', p.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: request to ${p.url} timed out after 0.3s (after 1 retry)\nscout: raise --timeout or try again later\n`);
    // Two attempts with one backoff between them, and nothing after the last.
    expect(p.requests).toHaveLength(2);
    expect(r.sleeps).toHaveLength(1);
  });

  it.each([
    ['a truncated body', 'truncate' as Fault, /^scout: connection to http:\/\/127\.0\.0\.1:\d+ broke: [\w ]+ \(after 1 retry\)\n$/],
    ['a body that is not JSON', 'bad-json' as Fault, /^scout: unusable response from http:\/\/127\.0\.0\.1:\d+: not JSON \(.*\) \(after 1 retry\)\n$/],
    ['an HTML page served as 200', 'html-200' as Fault, /^scout: unusable response from http:\/\/127\.0\.0\.1:\d+: not JSON/],
    ['a 503 HTML page', '503-html' as Fault, /^scout: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/addresses\/0x\w{40}\/transactions failed with HTTP 503 Service Unavailable after 1 retry; the explorer may be down, try again later\n$/],
    ['a 502 JSON body', '502-json' as Fault, /^scout: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/addresses\/0x\w{40}\/transactions failed with HTTP 502: upstream connect error after 1 retry; the explorer may be down, try again later\n$/],
  ])('%s: exit 1, no stack trace', async (_name, fault, message) => {
    const p = await proxy(() => fault);
    const r = await runScout(['address', 'txs', ADDR.rich, '--retries', '1', '--base-url', p.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

/** Spawns scout with piped stdout, for tests that close the pipe or send signals. */
function spawnScout(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const firstOutput = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { child, exit, firstOutput, out: () => stdout, err: () => stderr };
}

describe('pipes and Ctrl-C', () => {
  it('| head -1: the reader closing the pipe ends scout quietly with 0 and stops fetching', async () => {
    // Page 3 never answers and the timeout is far beyond the test's own: a scout that went on
    // fetching (or waited for its read-ahead) would never exit in time.
    const p = await proxy((n) => (n === 0 ? 'ok' : n === 1 ? 'slow' : 'hang'));
    const run = spawnScout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--timeout', '600', '--base-url', p.url]);
    await run.firstOutput;
    run.child.stdout.destroy();
    const { code } = await run.exit;
    expect(code, run.err()).toBe(0);
    expect(run.err()).toBe('');
    // At most the page after the one being written when the pipe closed was asked for.
    expect(p.requests.length).toBeLessThanOrEqual(3);
  });

  it('SIGINT during --all stops at once with 130, whole lines kept', async () => {
    // Page 2 never answers and the timeout is far beyond the test's own: only Ctrl-C ends this run.
    const p = await proxy((n) => (n === 0 ? 'ok' : 'hang'));
    const run = spawnScout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--timeout', '600', '--base-url', p.url]);
    await run.firstOutput;
    // Ctrl-C while the request for page 2 is waiting on the server.
    await p.received(2);
    run.child.kill('SIGINT');
    const { code } = await run.exit;
    expect(code).toBe(130);
    expect(p.requests).toHaveLength(2);
    expect(run.out().endsWith('\n')).toBe(true);
    for (const l of lines(run.out())) expect(() => JSON.parse(l)).not.toThrow();
    expect(lines(run.out())).toHaveLength(50);
    expect(run.err()).toBe('scout: interrupted\n');
  });
});

describe('keys stay secret', () => {
  it('--verbose prints requests, retries and waits, never a key', async () => {
    const p = await proxy(script(['503-html', '429-reset']));
    const r = await runScout(['address', 'txs', ADDR.rich, '--verbose', '--explorer-key', 'EXPLORER-KEY-123', '--base-url', p.url, '--json']);
    expect(r.code).toBe(0);
    // The indexing status asked beside the list (src/run/freshness.ts) has its own line, in any place.
    const log = lines(r.stderr).filter((l) => !l.includes('/api/v2/main-page/indexing-status '));
    expect(log[0]).toMatch(/^scout: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/addresses\/0x[0-9a-fA-F]{40}\/transactions -> 503 \(\d+ms\)$/);
    expect(log[1]).toMatch(/^scout: retry 1\/3 in \d+ms$/);
    expect(log[2]).toMatch(/-> 429/);
    expect(log[3]).toBe('scout: retry 2/3 in 150ms');
    expect(log[4]).toMatch(/-> 200/);
    expect(r.stderr + r.stdout).not.toContain('EXPLORER-KEY-123');
  });

  it('a key typed into -F apikey= is masked in --verbose lines', async () => {
    const r = await runScout(['api', '/api/v2/stats', '-F', 'apikey=QUERY-KEY-456', '--verbose', '--base-url', srv.url]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/apikey=\*\*\*/);
    expect(r.stderr).not.toContain('QUERY-KEY-456');
  });

  it('the explorer key goes only to the explorer, the admin key only to the admin host', async () => {
    const admin = await startServer();
    try {
      const mark = srv.requests.length;
      const keys = ['--explorer-key', 'EXPLORER-KEY-123', '--api-key', 'admin-secret'];
      expect((await runScout(['admin', 'networks', ...keys, '--admin-url', admin.url, '--base-url', srv.url, '--json'])).code).toBe(0);
      expect((await runScout(['address', 'txs', ADDR.rich, ...keys, '--admin-url', admin.url, '--base-url', srv.url, '--json'])).code).toBe(0);
      expect(admin.requests).toHaveLength(1);
      expect(admin.requests[0]!.headers['x-api-key']).toBeUndefined();
      expect(admin.requests[0]!.headers.authorization).toBe('Bearer admin-secret');
      const explorer = srv.requests.slice(mark);
      expect(explorer).toHaveLength(1);
      expect(explorer[0]!.headers.authorization).toBeUndefined();
      expect(explorer[0]!.headers['x-api-key']).toBe('EXPLORER-KEY-123');
    } finally {
      await admin.close();
    }
  });
});
