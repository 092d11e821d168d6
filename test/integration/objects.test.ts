/** tx show and tx trace: one object printed exactly as sent, and server answers mapped to exit codes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('an empty trace (pending) prints [] as JSON and says so as a table', async () => {
    const j = await scout('tx', 'trace', TX.pending, '--json');
    expect(j).toMatchObject({ code: 0, stdout: '[]\n' });
    const t = await scout('tx', 'trace', TX.pending);
    expect(t.code).toBe(0);
    expect(t.stdout).toBe('');
    expect(t.stderr).toMatch(/empty/);
  });

  it('the node failure (500, bare JSON string) is exit 1 with the server’s words', async () => {
    const r = await scout('tx', 'trace', TX.traceError);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: ${srv.url} answered HTTP 500: Error while raw trace fetching\n`);
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
