/** tx show and tx trace: one object printed exactly as sent, and server answers mapped to exit codes. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTraceMessage } from '../../src/commands/tx/trace.run.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, RAW, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (...args: string[]) => runScout([...args, '--base-url', srv.url]);

/** The body the server sends for `path`, fetched directly. */
async function bodyOf(path: string): Promise<string> {
  return (await fetch(srv.url + path)).text();
}

describe('tx show', () => {
  it('--json prints the transaction object exactly as sent: exponent floats and big integers intact', async () => {
    const r = await scout('tx', 'show', TX.quirky, '--json');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(RAW.exponent);
    expect(r.stdout).toContain(RAW.bigInteger);
    expect(r.stdout).toContain(RAW.evilNameJson);
    const sent = await bodyOf(`/api/v2/transactions/${TX.quirky}`);
    // Piped output is compact, and the server's body is compact: byte for byte the same text.
    expect(r.stdout).toBe(sent + '\n');
  });

  it('--ndjson prints it on one line', async () => {
    const r = await scout('tx', 'show', TX.ok, '--ndjson');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(r.stdout).hash).toBe(TX.ok);
  });

  it('an unknown transaction is exit 3 with one line naming it', async () => {
    const r = await scout('tx', 'show', TX.unknown);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scout: transaction ${TX.unknown} not found on ${srv.url} (HTTP 404)\n`);
  });

  it('the default view is a key/value block with the status in words', async () => {
    const r = await scout('tx', 'show', TX.failed);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Transaction\t0x[0-9a-f]{64}\nStatus\terror/);
  });
});

describe('tx trace', () => {
  it.each([
    ['Parity array', TX.parityTrace],
    ['Geth callTracer object', TX.gethTrace],
  ])('--json prints the %s as returned', async (_kind, hash) => {
    const r = await scout('tx', 'trace', hash, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(await bodyOf(`/api/v2/transactions/${hash}/raw-trace`)));
  });

  it('renders both shapes as a call tree marking the failed frame', async () => {
    for (const hash of [TX.parityTrace, TX.gethTrace]) {
      const r = await scout('tx', 'trace', hash);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/└─ /);
      expect(r.stdout).toMatch(/✗ reverted: /);
    }
  });

  it('an empty trace (pending) prints [] as JSON and says so as a table: pending, because it is', async () => {
    const j = await scout('tx', 'trace', TX.pending, '--json');
    expect(j).toMatchObject({ code: 0, stdout: '[]\n' });
    const mark = srv.requests.length;
    const t = await scout('tx', 'trace', TX.pending);
    expect(t).toMatchObject({ code: 0, stdout: '' });
    expect(t.stderr).toBe('the trace is empty: the transaction is pending, and a pending transaction has no trace yet\n');
    // Piped, the transaction is asked for only because the trace was empty.
    expect(srv.requests.slice(mark).map((r) => r.path)).toEqual([`/api/v2/transactions/${TX.pending}/raw-trace`, `/api/v2/transactions/${TX.pending}`]);
  });

  it('the empty-trace message says pending only for a pending transaction', () => {
    expect(emptyTraceMessage({ block_number: null, result: 'pending' })).toMatch(/is pending/);
    expect(emptyTraceMessage({ block: null })).toMatch(/is pending/);
    expect(emptyTraceMessage({ block_number: '123', result: 'success' })).toBe('the trace is empty: the explorer has no trace recorded for this transaction (mined in block 123)');
    // The transaction could not be had (404, a failure): no guess either way.
    expect(emptyTraceMessage(undefined)).toBe('the trace is empty: the explorer has no trace recorded for this transaction');
    expect(emptyTraceMessage({ block_number: '\u001b[2J' })).toBe('the trace is empty: the explorer has no trace recorded for this transaction');
  });

  describe('an empty trace of a mined transaction', () => {
    // A real mainnet transaction, mined, whose explorer has no trace recorded for it.
    const HASH = '0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e';
    let explorer: Server;
    let url: string;
    const asked: string[] = [];
    beforeAll(async () => {
      explorer = createServer((req, res) => {
        asked.push(req.url!);
        res.setHeader('content-type', 'application/json');
        if (req.url === `/api/v2/transactions/${HASH}/raw-trace`) res.end('[]');
        else if (req.url === `/api/v2/transactions/${HASH}`) res.end(`{"hash":"${HASH}","block_number":19000000,"status":"ok","result":"success","timestamp":"2024-01-08T10:00:11.000000Z"}`);
        else res.writeHead(404).end('{"message":"Not found"}');
      });
      await new Promise<void>((r) => explorer.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(explorer.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => explorer.close(() => r())));

    it.each([false, true])('says no trace is recorded, naming the block, never "pending" (terminal: %s), asking once for the transaction', async (tty) => {
      asked.length = 0;
      const r = await runScout(['tx', 'trace', HASH, '--base-url', url], { stdoutIsTTY: tty });
      expect(r).toMatchObject({ code: 0, stdout: '' });
      expect(r.stderr).toBe('the trace is empty: the explorer has no trace recorded for this transaction (mined in block 19000000)\n');
      expect(asked.sort()).toEqual([`/api/v2/transactions/${HASH}`, `/api/v2/transactions/${HASH}/raw-trace`]);
    });
  });

  it('the node failure (500, bare JSON string) is exit 1 with the server’s words', async () => {
    const r = await scout('tx', 'trace', TX.traceError);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: GET ${srv.url}/api/v2/transactions/${TX.traceError}/raw-trace failed with HTTP 500: Error while raw trace fetching; the explorer failed on this request\n`);
  });
});

describe('api', () => {
  it('prints any GET path as the server sent it', async () => {
    const r = await scout('api', '/api/v2/stats');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(await bodyOf('/api/v2/stats')));
  });

  it('a bare path is taken under /api/v2, and -F adds query fields', async () => {
    const mark = srv.requests.length;
    const r = await scout('api', `addresses/${ADDR.rich}/transactions`, '-F', 'filter=to', '--ndjson');
    expect(r.code).toBe(0);
    const req = srv.requests[mark]!;
    expect(req.path).toBe(`/api/v2/addresses/${ADDR.rich}/transactions`);
    expect(req.query).toEqual([['filter', 'to']]);
  });

  it('--all follows next_page_params of a list and prints every item', async () => {
    const r = await scout('api', '/api/v2/blocks', '--all', '--json');
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as unknown[];
    const { COUNTS } = await import('../support/server.js');
    expect(items).toHaveLength(COUNTS.blocks);
  });

  it('without --all a list body prints whole, next_page_params included, with the hint for --cursor', async () => {
    const r = await scout('api', '/api/v2/blocks');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { items: unknown[]; next_page_params: unknown };
    expect(body.items).toHaveLength(50);
    expect(body.next_page_params).not.toBeNull();
    expect(r.stderr).toMatch(/next page: scout --base-url http:\/\/127\.0\.0\.1:\d+ api \/api\/v2\/blocks --cursor [A-Za-z0-9_-]+\n$/);
  });

  it('an unknown path is the server’s 400 message, exit 1', async () => {
    const r = await scout('api', '/api/v2/nonsense');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/HTTP 400: Unknown API v2 action/);
  });
});
