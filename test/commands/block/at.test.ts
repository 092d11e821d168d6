/**
 * `scout block at <time>`: one request to the block-by-time endpoint of the fake explorer
 * (test/support/fake/time.ts), a search over block times on explorers without it, an estimate for a
 * time after the newest block, every output mode, batches and `--chains`.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blockTime } from '../../support/data.js';
import { blockNumberByTime, blockSeconds } from '../../support/fake/time.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { type FakeServer, HEAD_BLOCK, type RecordedRequest, startServer } from '../../support/server.js';

let srv: FakeServer;
let unrouted: FakeServer;
let disabled: FakeServer;
beforeAll(async () => {
  [srv, unrouted, disabled] = await Promise.all([startServer(), startServer({ legacy: 'unrouted' }), startServer({ legacy: 'disabled' })]);
});
afterAll(() => Promise.all([srv.close(), unrouted.close(), disabled.close()]));
afterEach(() => srv.verify());

const LEGACY = '/api/legacy/block/get-block-number-by-time';
/** The requests sent from `mark` on (the indexing status, asked beside every run of `block at`, is kept apart by the fake). */
const own = (s: FakeServer, mark: number): RecordedRequest[] => s.requests.slice(mark);
const on = (s: FakeServer) => (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', s.url], o);
const scout = (args: string[], o: ScoutOptions = {}) => on(srv)(args, o);
const tty: ScoutOptions = { stdoutIsTTY: true, width: 100, color: false };
/** A block well inside the fake chain, and a time 5 seconds after it (blocks are 12 seconds apart). */
const N = HEAD_BLOCK - 1_000_000;
const T = blockSeconds(N) + 5;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('block at, where the explorer has the block-by-time endpoint', () => {
  it('is one request, and --json prints its answer as sent', async () => {
    const sent = await (await fetch(`${srv.url}${LEGACY}?timestamp=${T}&closest=before`)).text();
    const mark = srv.requests.length;
    const r = await scout(['block', 'at', `@${T}`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(sent + '\n');
    expect(JSON.parse(sent).result.blockNumber).toBe(String(N));
    const reqs = own(srv, mark);
    expect(reqs.map((q) => [q.path, q.query])).toEqual([[LEGACY, [['timestamp', String(T)], ['closest', 'before']]]]);
  });

  it('--after asks for the first block at or after the time', async () => {
    const r = await scout(['block', 'at', `@${T}`, '--after', '--json']);
    expect(JSON.parse(r.stdout).result.blockNumber).toBe(String(N + 1));
  });

  it('takes every form of the time grammar: a date is its midnight UTC, in Unix seconds', async () => {
    srv.expect('GET', LEGACY, { timestamp: '1704067200', closest: 'before' });
    srv.expect('GET', LEGACY, { timestamp: '1704110400', closest: 'after' });
    expect((await scout(['block', 'at', '2024-01-01'])).code).toBe(0);
    expect((await scout(['block', 'at', '2024-01-01T14:00:00+02:00', '--after'])).code).toBe(0);
  });

  it('piped: one line, block, side, the time asked and how it was found', async () => {
    const r = await scout(['block', 'at', `@${T}`]);
    expect(r.stdout).toBe(`${N}\tbefore\t${iso(T)}\tendpoint\n`);
    const after = await scout(['block', 'at', `@${T}`, '--after']);
    expect(after.stdout).toBe(`${N + 1}\tafter\t${iso(T)}\tendpoint\n`);
  });

  it('on a terminal: the block, the time asked and the side, how it was found, and the command that shows the block: one request', async () => {
    const mark = srv.requests.length;
    const now = Date.parse(blockTime(HEAD_BLOCK)) + 3_600_000;
    const r = await scout(['block', 'at', `@${T}`], { ...tty, now: () => now });
    expect(r.code, r.stderr).toBe(0);
    const grouped = String(N).replace(/\B(?=(\d{3})+$)/g, ',');
    expect(r.stdout).toBe(
      [
        `Block     ${grouped}`,
        `Asked     ${iso(T).replace('T', ' ').replace('Z', ' UTC')}, the last block at or before it`,
        "Found by  the explorer's block-by-time endpoint",
        `Details   scout block ${N}`,
        '',
      ].join('\n'),
    );
    expect(own(srv, mark).map((q) => q.path)).toEqual([LEGACY]);
  });

  it('a time before the first block is exit 3: the endpoint answers -1', async () => {
    const early = blockSeconds(0) - 60;
    expect(blockNumberByTime(early, 'before')).toBe(-1);
    const r = await scout(['block', 'at', `@${early}`]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scout: no block at or before ${iso(early)} on ${srv.url}: its first block is later\n`);
    // After it: the first block.
    expect((await scout(['block', 'at', `@${early}`, '--after'])).stdout).toBe(`0\tafter\t${iso(early)}\tendpoint\n`);
  });

  it('a time after the newest block, not yet come: the newest before it, the next block after it', async () => {
    const t = blockSeconds(HEAD_BLOCK) + 7;
    const now = () => (t + 60) * 1000;
    expect((await scout(['block', 'at', `@${t}`], { now })).stdout).toBe(`${HEAD_BLOCK}\tbefore\t${iso(t)}\tendpoint\n`);
    // --after: the endpoint names the block after the newest, which is not mined yet (it answers a number only).
    const next = await scout(['block', 'at', `@${t}`, '--after'], { now });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toBe(`${HEAD_BLOCK + 1}\tafter\t${iso(t)}\tendpoint\n`);
  });

  it('the server’s other refusals are errors, said in its words', async () => {
    const server = await serve((url) => (url.pathname === LEGACY ? '{"message":"Invalid `timestamp` param","result":null,"status":"0"}' : undefined));
    try {
      const r = await runScout(['block', 'at', `@${T}`, '--base-url', server.url]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`scout: ${server.url} could not give the block before ${iso(T)}: Invalid \`timestamp\` param\n`);
    } finally {
      await server.close();
    }
  });
});

describe('block at, bad input: exit 2 before any request', () => {
  it.each([
    [['block', 'at', '@123', '--before', '--after'], '--before and --after pick one side of the time; give one of them'],
    [['block', 'at', 'block:19000000'], 'block:19000000 is a block already: scout block 19000000 shows it, with its time'],
    [['block', 'at', '#19000000'], '#19000000 is a block already: scout block 19000000 shows it, with its time'],
    [['block', 'at', 'yesterday'], 'invalid time "yesterday": expected a date'],
    [['block', 'at', '2024-02-30'], 'invalid time "2024-02-30": no such date'],
  ])('%j', async (args, message) => {
    const mark = srv.requests.length;
    const r = await scout(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain(message);
    expect(srv.requests.length).toBe(mark);
  });
});

describe('block at, where the explorer lacks the endpoint: a search over block times', () => {
  const bound = Math.ceil(Math.log2(HEAD_BLOCK + 1)) + 2;

  it.each([
    ['an older explorer (400 from its API v1 router)', () => unrouted, 'HTTP 400'],
    ['the API v1 turned off (404)', () => disabled, 'HTTP 404'],
  ])('%s: says so on stderr, finds what the endpoint finds, in about log2 of the newest block requests', async (_what, server, why) => {
    for (const side of ['before', 'after'] as const) {
      const s = server();
      const mark = s.requests.length;
      const r = await on(s)(['block', 'at', `@${T}`, `--${side}`, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(`scout: ${s.url} has no block-by-time endpoint (${why}); searching block times instead\n`);
      const doc = JSON.parse(r.stdout) as Record<string, unknown>;
      const block = blockNumberByTime(T, side);
      const requests = own(s, mark);
      expect(doc).toEqual({
        found_by: 'search',
        timestamp: String(T),
        closest: side,
        result: { blockNumber: String(block) },
        block_timestamp: blockTime(block),
        requests: requests.length - 1,
      });
      expect(requests[0]!.path).toBe(LEGACY);
      expect(requests.length).toBeLessThanOrEqual(bound);
      expect(requests.slice(2).every((q) => /^\/api\/v2\/blocks\/\d+$/.test(q.path))).toBe(true);
    }
  });

  it('on the exact second of a block, before and after both find it', async () => {
    const t = blockSeconds(N);
    for (const side of ['before', 'after']) {
      expect((await on(unrouted)(['block', 'at', `@${t}`, `--${side}`])).stdout).toBe(`${N}\t${side}\t${iso(t)}\tsearch\n`);
    }
  });

  it('a time before the first block is exit 3 naming its time; after it, block 0', async () => {
    const early = blockSeconds(0) - 1;
    const r = await on(unrouted)(['block', 'at', `@${early}`]);
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[1]).toBe(`scout: no block at or before ${iso(early)} on ${unrouted.url}: its first block is later (${blockTime(0)})`);
    expect((await on(unrouted)(['block', 'at', `@${early}`, '--after'])).stdout).toBe(`0\tafter\t${iso(early)}\tsearch\n`);
  });

  it('a time past the newest block (by the explorer’s clock, not ours): the newest block, in two requests', async () => {
    const t = blockSeconds(HEAD_BLOCK) + 3;
    const mark = unrouted.requests.length;
    const r = await on(unrouted)(['block', 'at', `@${t}`], { now: () => (t + 60) * 1000 });
    expect(r.stdout).toBe(`${HEAD_BLOCK}\tbefore\t${iso(t)}\tsearch\n`);
    expect(own(unrouted, mark).map((q) => q.path)).toEqual([LEGACY, '/api/v2/blocks']);
  });

  it('an explorer that says "Block does not exist" for a time outside its blocks: searched, without a note', async () => {
    const upstream = srv.url;
    const server = await serve(async (url) => {
      if (url.pathname === LEGACY) return '{"message":"Block does not exist","result":null,"status":"0"}';
      return (await fetch(upstream + url.pathname + url.search)).text();
    });
    try {
      const t = blockSeconds(HEAD_BLOCK) + 3;
      const r = await runScout(['block', 'at', `@${t}`, '--base-url', server.url], { now: () => (t + 60) * 1000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(`${HEAD_BLOCK}\tbefore\t${iso(t)}\tsearch\n`);
    } finally {
      await server.close();
    }
  });
});

describe('block at, a time still to come: an estimate', () => {
  const head = blockSeconds(HEAD_BLOCK);
  /** Ten blocks and a half after the newest. */
  const t = head + 10 * 12 + 6;
  const now = () => (head + 30) * 1000;

  it('from the newest block and the average block time, without asking the endpoint; --json names its figures', async () => {
    const mark = srv.requests.length;
    const r = await scout(['block', 'at', `@${t}`, '--json'], { now });
    expect(r.code, r.stderr).toBe(0);
    expect(own(srv, mark).map((q) => q.path).sort()).toEqual(['/api/v2/blocks', '/api/v2/stats']);
    const stats = await (await fetch(`${srv.url}/api/v2/stats`)).text();
    const average = /"average_block_time":([^,}]+)/.exec(stats)![1]!;
    expect(r.stdout).toBe(
      `{"found_by":"estimate","timestamp":"${t}","closest":"before","result":{"blockNumber":"${HEAD_BLOCK + 10}"},` +
        `"countdown_block_number":"${HEAD_BLOCK + 10}","current_block_number":"${HEAD_BLOCK}","remaining_blocks_count":"10",` +
        `"estimated_time_in_seconds":"120.0","average_block_time":${average}}\n`,
    );
    const after = JSON.parse((await scout(['block', 'at', `@${t}`, '--after', '--json'], { now })).stdout) as { result: { blockNumber: string } };
    expect(after.result.blockNumber).toBe(String(HEAD_BLOCK + 11));
  });

  it('piped says estimate; a terminal marks the block and time as estimated and says how', async () => {
    expect((await scout(['block', 'at', `@${t}`], { now })).stdout).toBe(`${HEAD_BLOCK + 10}\tbefore\t${iso(t)}\testimate\n`);
    const r = await scout(['block', 'at', `@${t}`], { ...tty, now });
    const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
    expect(r.stdout).toMatch(new RegExp(`^Block\\s+~${grouped(HEAD_BLOCK + 10)} \\(estimate\\)$`, 'm'));
    expect(r.stdout).toMatch(/^Time\s+~\S+ \S+ UTC \(in 1m30s\)$/m);
    expect(r.stdout).toContain(`estimated: 10 blocks after the newest (${grouped(HEAD_BLOCK)}) at 12s a block`);
  });

  it('an explorer without an average block time cannot estimate: a clear error', async () => {
    const upstream = srv.url;
    const server = await serve(async (url) => {
      if (url.pathname === '/api/v2/stats') return '{"average_block_time":null}';
      return (await fetch(upstream + url.pathname + url.search)).text();
    });
    try {
      const r = await runScout(['block', 'at', `@${t}`, '--base-url', server.url], { now });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('gives no average block time');
    } finally {
      await server.close();
    }
  });
});

describe('block at, many times', () => {
  it('- reads one time a line: piped, each line starts with its time', async () => {
    const r = await scout(['block', 'at', '-'], { stdin: `@${T}\n# a comment\n@${T + 12}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`@${T}\t${N}\tbefore\t${iso(T)}\tendpoint\n@${T + 12}\t${N + 1}\tbefore\t${iso(T + 12)}\tendpoint\n`);
  });

  it('--json: one array of the answers; a bad line is exit 2 before any request', async () => {
    const r = await scout(['block', 'at', '-', '--json'], { stdin: `@${T}\n@${T + 12}\n` });
    expect((JSON.parse(r.stdout) as { result: { blockNumber: string } }[]).map((d) => d.result.blockNumber)).toEqual([String(N), String(N + 1)]);
    const mark = srv.requests.length;
    const bad = await scout(['block', 'at', '-'], { stdin: `@${T}\nblock:5\n` });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 2: block:5 is a block already');
    expect(srv.requests.length).toBe(mark);
  });

  it('--chains: each chain answers its own way, the chain first', async () => {
    const config = mkdtempSync(join(tmpdir(), 'scout-block-at-'));
    mkdirSync(join(config, 'scout'));
    const entry = (id: string, name: string, explorer: string) => ({ id, name, names: [name], explorer, coin: 'TST', testnet: false, blockscout: true, source: 'registry' });
    const chains = [entry('31101', 'served', srv.url), entry('31102', 'older', unrouted.url)];
    writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
    const r = await runScout(['block', 'at', `@${T}`, '--chains', 'served,older'], { env: { XDG_CONFIG_HOME: config } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`served\t${N}\tbefore\t${iso(T)}\tendpoint\nolder\t${N}\tbefore\t${iso(T)}\tsearch\n`);
    expect(r.stderr).toContain(`${unrouted.url} has no block-by-time endpoint`);
  });
});

/** A small explorer answering each path with what `answer` gives (404 when nothing). */
async function serve(answer: (url: URL) => string | undefined | Promise<string | undefined>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void Promise.resolve(answer(new URL(req.url ?? '/', 'http://x'))).then((body) => {
      if (body === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
