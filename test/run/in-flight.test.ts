/**
 * What reaches the explorer at once (issue 27): a batch at `--concurrency 16` has 16 requests in
 * flight to one origin (each origin's connection pool is as wide as the work, not a fixed 6), and
 * `tx explain` with a key sends the transaction and all its parts in one window, before the first
 * answer comes back. The explorer here holds every answer until as many requests as the test
 * expects are open at once (or a moment has passed, so a run that never gets there still ends) and
 * records what it saw; nothing is timed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLoopback, type Loopback } from '../support/loopback.js';
import { runScout } from '../support/scout.js';
import { twoChainsConfig } from '../support/two-chains.js';

const hash = (i: number) => '0x' + i.toString(16).padStart(64, '0');

interface Seen {
  /** Paths in the order they arrived. */
  paths: string[];
  /** The most requests open at once. */
  most: number;
  /** Requests that had arrived when the first answer was sent. */
  beforeFirstAnswer: number | undefined;
  /** Answers refused for the stated limit. */
  refused: number;
}

/**
 * An explorer that holds answers until `gate` requests are open (then answers them all) or 300 ms
 * passed since one arrived. `limit`: the requests a second it states and enforces in fixed windows
 * from the first request, as Blockscout does; absent, its headers say no limit applies.
 */
async function gatedExplorer(gate: number, limit?: number): Promise<Loopback & { seen: Seen }> {
  const seen: Seen = { paths: [], most: 0, beforeFirstAnswer: undefined, refused: 0 };
  const held: (() => void)[] = [];
  let open = 0;
  let started: number | undefined;
  const windows = new Map<number, number>();
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    seen.beforeFirstAnswer ??= seen.paths.length;
    const path = new URL(req.url!, 'http://x').pathname;
    let headers: Record<string, string> = { 'content-type': 'application/json', 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '-1' };
    if (limit !== undefined) {
      const elapsed = Date.now() - started!;
      const w = Math.floor(elapsed / 1000);
      const used = windows.get(w) ?? 0;
      headers = { ...headers, 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - used - 1)), 'x-ratelimit-reset': String((w + 1) * 1000 - elapsed) };
      if (used >= limit) {
        seen.refused++;
        return res.writeHead(429, headers).end('{"message":"Too many requests"}');
      }
      windows.set(w, used + 1);
    }
    const body = /^\/api\/v2\/transactions\/0x[0-9a-f]{64}$/.test(path)
      ? JSON.stringify({ hash: path.slice(-66), type: 2, status: 'ok' })
      : path.endsWith('/raw-trace')
        ? '[]'
        : '{"items":[],"next_page_params":null}';
    res.writeHead(200, headers).end(body);
  };
  const release = () => {
    for (const go of held.splice(0)) go();
  };
  const srv = await listenLoopback((req, res) => {
    started ??= Date.now();
    seen.paths.push(new URL(req.url!, 'http://x').pathname);
    open++;
    seen.most = Math.max(seen.most, open);
    res.on('close', () => open--);
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      answer(req, res);
    };
    held.push(go);
    setTimeout(go, 300);
    if (open >= gate) release();
  });
  return { ...srv, seen };
}

let srv: (Loopback & { seen: Seen }) | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe('requests in flight at once', () => {
  it('a batch at --concurrency 16 has 16 lookups in flight to one origin', async () => {
    srv = await gatedExplorer(16);
    const hashes = Array.from({ length: 40 }, (_, i) => hash(i + 1));
    const r = await runScout(['tx', 'show', '-', '--ndjson', '--concurrency', '16', '--base-url', srv.url], { stdin: hashes.join('\n') + '\n' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(40);
    expect(srv.seen.most).toBe(16);
  });

  it('a batch over two chains on one origin at --concurrency 8 has 16 lookups in flight there', async () => {
    srv = await gatedExplorer(16);
    const hashes = Array.from({ length: 24 }, (_, i) => hash(i + 1));
    const r = await runScout(['tx', 'show', '-', '--chains', 'one,two', '--ndjson', '--concurrency', '8'], {
      stdin: hashes.join('\n') + '\n',
      env: { XDG_CONFIG_HOME: twoChainsConfig(srv.url, 'in-flight') },
    });
    expect(r.code, r.stderr).toBe(0);
    // Each value is looked up on both chains at once; the first chain's answer is printed.
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(24);
    expect(srv.seen.most).toBe(16);
  });

  it('tx explain with a key sends the transaction and every part before the first answer comes (one window), no 429', async () => {
    // A key: the server states a 10 a second limit, as docs/api-behaviour.md gives for keyed requests.
    srv = await gatedExplorer(8, 10);
    const r = await runScout(['tx', 'explain', hash(1), '--json', '--explorer-key', 'test-key', '--base-url', srv.url]);
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toContain('raw_trace');
    // The transaction and seven parts (blobs only for a blob transaction).
    expect(srv.seen.paths).toHaveLength(8);
    expect(srv.seen.beforeFirstAnswer).toBe(8);
    expect(srv.seen.refused).toBe(0);
  });
});
