/**
 * `tx explain`: every part in one view, parts the explorer lacks as notes (exit 0), the transaction
 * itself missing as exit 3, --json as one object of the parts as sent, and the part requests in
 * flight together (a server that answers none until as many have arrived as one explorer takes at once).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectMembers } from '../../../src/base/json/lossless.js';
import { addressObject, ADDR, getDataset, toJsonText, type Json } from '../../support/data.js';
import { AA_OP } from '../../support/fake/aa-data.js';
import { OK_SUMMARY } from '../../support/fake/summary-data.js';
import { runScout } from '../../support/scout.js';
import { type FakeServer, startServer, TX } from '../../support/server.js';

const HASH = TX.ok;
const T = `/api/v2/transactions/${HASH}`;
const PATHS = {
  transaction: T,
  summary: `${T}/summary`,
  // The account abstraction service's operations of the transaction (`?transaction_hash=`): a bundle's.
  user_operations: '/api/v2/proxy/account-abstraction/operations',
  token_transfers: `${T}/token-transfers`,
  state_changes: `${T}/state-changes`,
  logs: `${T}/logs`,
  raw_trace: `${T}/raw-trace`,
  beacon_deposits: `${T}/beacon/deposits`,
} as const;
type Part = keyof typeof PATHS;
/** The query a part's request carries. */
const QUERY: Partial<Record<Part, string>> = { user_operations: `?transaction_hash=${HASH}` };

const word = (a: string) => '0x' + a.slice(2).toLowerCase().padStart(64, '0');
const record = () => getDataset().transactions.get(HASH)!;
const list = (items: Json[], next: Json = null) => toJsonText({ items, next_page_params: next });

/** Bodies for every part, in the shapes of the OpenAPI document (lists as their first page). */
function bodies(): Record<Part, string> {
  const usdc = { address_hash: ADDR.usdc, decimals: '6', name: 'USD Coin', symbol: 'USDC', type: 'ERC-20' };
  return {
    transaction: toJsonText(record().json),
    summary: toJsonText(OK_SUMMARY),
    // TX.ok is no bundle.
    user_operations: list([]),
    token_transfers: list(record().tokenTransfers.map((e) => e.json)),
    state_changes: list([
      { address: addressObject(ADDR.rich), balance_after: '828282622733717191', balance_before: '832127467556437753', change: '-3844844822720562', is_miner: false, token: null, token_id: null, type: 'coin' },
      { address: addressObject(ADDR.rich), balance_after: '6814903154', balance_before: '9814903154', change: '-3000000000', is_miner: false, token: usdc, token_id: null, type: 'token' },
    ]),
    beacon_deposits: list([]),
    logs: list([
      {
        address: addressObject(ADDR.usdc),
        block_hash: word('0xb10c'),
        block_number: 23116933,
        block_timestamp: '2025-08-11T09:32:35.000000Z',
        data: '0x' + (3000000000).toString(16).padStart(64, '0'),
        decoded: {
          method_call: 'Transfer(address indexed from, address indexed to, uint256 value)',
          method_id: 'ddf252ad',
          parameters: [
            { indexed: true, name: 'from', type: 'address', value: ADDR.rich },
            { indexed: true, name: 'to', type: 'address', value: ADDR.counterparty },
            { indexed: false, name: 'value', type: 'uint256', value: '3000000000' },
          ],
        },
        index: 12,
        smart_contract: null,
        topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', word(ADDR.rich), word(ADDR.counterparty), null],
        transaction_hash: HASH,
      },
    ]),
    raw_trace: toJsonText(record().trace.kind === 'body' ? (record().trace as { body: Json }).body : []),
  };
}

interface Answer {
  status: number;
  body: string;
}

/**
 * A bare explorer answering each path with its answer (404 `{"message":"Not found"}` for others).
 * With `hold`, it answers nothing until that many requests are waiting, then all at once, and every
 * later request as it comes.
 */
async function partsServer(answers: Partial<Record<string, Answer>>, hold = 0) {
  const arrived: string[] = [];
  const waiting: [ServerResponse, Answer][] = [];
  let mostWaiting = 0;
  let released = false;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    arrived.push(path);
    const a = answers[path] ?? { status: 404, body: '{"message":"Not found"}' };
    waiting.push([res, a]);
    mostWaiting = Math.max(mostWaiting, waiting.length);
    if (!released && waiting.length < hold) return;
    released = true;
    for (const [r, x] of waiting.splice(0)) r.writeHead(x.status, { 'content-type': 'application/json' }).end(x.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    mostWaiting: () => mostWaiting,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

const ok = (parts: Record<Part, string>): Record<string, Answer> => Object.fromEntries((Object.keys(PATHS) as Part[]).map((p) => [PATHS[p], { status: 200, body: parts[p] }]));

/** The headings of the view, in order. */
const HEADINGS = ['Summary', 'Input', 'Token transfers', 'State changes', 'Logs', 'Call tree'];
const headingsIn = (out: string) => out.split('\n').filter((l) => HEADINGS.includes(l));

describe('tx explain, every part served', () => {
  let srv: Awaited<ReturnType<typeof partsServer>>;
  beforeAll(async () => {
    srv = await partsServer(ok(bodies()));
  });
  afterAll(() => srv.close());

  it('piped: the header, then each part under its heading, in order; nothing on stderr', async () => {
    const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^Transaction\\t${HASH}\\nStatus\\tok\\n`));
    expect(headingsIn(r.stdout)).toEqual(HEADINGS);
    // The header leaves the input and the transfers to their sections.
    const header = r.stdout.slice(0, r.stdout.indexOf('\nSummary\n'));
    expect(header).not.toMatch(/^(Method|Parameter|Input|Transfer)\t/m);
    const section = (name: string) => r.stdout.split(`\n${name}\n`)[1]!.split(/\n\n/)[0]!;
    expect(section('Summary')).toMatch(/^Transfer 0\.5 coin to alice-scout\.eth \(0x[0-9a-fA-F]{40}\)/);
    expect(section('Input')).toMatch(/^Method\tswapExactTokensForTokens\(/);
    expect(section('Token transfers').split('\n')).toHaveLength(3);
    expect(section('State changes')).toContain('-3844844822720562');
    expect(section('Logs')).toContain(`Transfer(from=${ADDR.rich}, to=${ADDR.counterparty}, value=3000000000)`);
    expect(section('Call tree')).toMatch(/^\[130224\] call /);
  });

  it('on a terminal: the same sections, addresses named and shortened', async () => {
    const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url], { stdoutIsTTY: true, color: false, width: 140 });
    expect(r.code, r.stderr).toBe(0);
    expect(headingsIn(r.stdout)).toEqual(HEADINGS);
    expect(r.stdout).toContain('  Transfer 0.5 coin to alice-scout.eth (0xd0DB…2Ef8)');
    expect(r.stdout).toMatch(/Transfer\(from=0xcc1d…E9c3, to=0xd0DB…2Ef8, value=3000000000\)/);
    expect(r.stdout).toContain('scout-rich.eth 0xcc1d…E9c3 → Scout Swap: Router 0x6156…A51f');
  });

  it('--json: one object whose members are the parts, each byte for byte as sent', async () => {
    const sent = bodies();
    const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const members = objectMembers(r.stdout.trimEnd());
    expect([...members.keys()]).toEqual(Object.keys(PATHS));
    for (const p of Object.keys(PATHS) as Part[]) expect(members.get(p), p).toBe(sent[p]);
    const n = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--ndjson']);
    expect(n.stdout).toBe(r.stdout);
  });
});

describe('tx explain, parts missing', () => {
  it('each part the explorer lacks is a note on stderr; the rest still shows; exit 0', async () => {
    const parts = bodies();
    const srv = await partsServer({
      ...ok(parts),
      [PATHS.summary]: { status: 403, body: '{"message":"Transaction Interpretation Service is disabled"}' },
      [PATHS.state_changes]: { status: 404, body: '{"message":"Not found"}' },
      [PATHS.logs]: { status: 500, body: '{"message":"Internal server error"}' },
      [PATHS.raw_trace]: { status: 500, body: '"Error while raw trace fetching"' },
    });
    try {
      const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--retries', '0']);
      expect(r.code).toBe(0);
      expect(headingsIn(r.stdout)).toEqual(['Input', 'Token transfers']);
      expect(r.stdout).toMatch(new RegExp(`^Transaction\\t${HASH}\\n`));
      expect(r.stderr.split('\n')).toEqual([
        'scout: note: no summary: this explorer has no summary service (HTTP 403: Transaction Interpretation Service is disabled)',
        `scout: note: no state changes: state changes of transaction ${HASH} not found on ${srv.url} (HTTP 404)`,
        `scout: note: no logs: GET ${srv.url}${PATHS.logs} failed with HTTP 500: Internal server error; the explorer failed on this request`,
        `scout: note: no call tree: GET ${srv.url}${PATHS.raw_trace} failed with HTTP 500: Error while raw trace fetching; the explorer failed on this request`,
        '',
      ]);
      // --json leaves the missing parts out, says why on stderr, and keeps the rest as sent.
      const j = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--retries', '0', '--json']);
      expect(j.code).toBe(0);
      const members = objectMembers(j.stdout.trimEnd());
      expect([...members.keys()]).toEqual(['transaction', 'user_operations', 'token_transfers', 'beacon_deposits']);
      expect(members.get('token_transfers')).toBe(parts.token_transfers);
      expect(j.stderr.split('\n')).toHaveLength(5);
    } finally {
      await srv.close();
    }
  });

  it('a summary the explorer gives none for (null) and an empty call tree are notes too', async () => {
    const srv = await partsServer({ ...ok(bodies()), [PATHS.summary]: { status: 200, body: 'null' }, [PATHS.raw_trace]: { status: 200, body: '[]' } });
    try {
      const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url]);
      expect(r.code).toBe(0);
      expect(headingsIn(r.stdout)).toEqual(['Input', 'Token transfers', 'State changes', 'Logs']);
      expect(r.stderr).toBe(
        'scout: note: no summary: the explorer gives none for this transaction (it summarises successful transactions only)\n' +
          'scout: note: the trace is empty: the explorer has no trace recorded for this transaction (mined in block 23116933)\n',
      );
    } finally {
      await srv.close();
    }
  });

  it('a part in a shape no view can draw is a note, and --json still has it as sent', async () => {
    const srv = await partsServer({ ...ok(bodies()), [PATHS.logs]: { status: 200, body: '{"unexpected":true}' } });
    try {
      const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url]);
      expect(r.code).toBe(0);
      expect(headingsIn(r.stdout)).toEqual(['Summary', 'Input', 'Token transfers', 'State changes', 'Call tree']);
      expect(r.stderr).toBe('scout: note: no logs: the explorer answered without a list of items\n');
      const j = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--json']);
      expect(objectMembers(j.stdout.trimEnd()).get('logs')).toBe('{"unexpected":true}');
    } finally {
      await srv.close();
    }
  });
});

describe('tx explain, a part that fails rather than is lacking', () => {
  it('a part still rate limited after the retries ends the run with exit 5, as any command', async () => {
    const srv = await partsServer({ ...ok(bodies()), [PATHS.logs]: { status: 429, body: '{"message":"Too many requests"}' } });
    try {
      const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--retries', '0']);
      expect(r.code).toBe(5);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^scout: rate limited by /);
    } finally {
      await srv.close();
    }
  });
});

describe('tx explain, lists past the cap', () => {
  const transfers = () => record().tokenTransfers.map((e) => e.json);
  const twelve = () => Array.from({ length: 4 }, transfers).flat().slice(0, 12);

  it.each([
    ['12 items on the only page', null, `… and 2 more: scout tx transfers ${HASH}`],
    ['a next page', { block_number: 1, index: 2, items_count: 50 }, `… and more: scout tx transfers ${HASH}`],
  ])('%s: 10 shown, then the command that has them all', async (_, next, said) => {
    const srv = await partsServer({ ...ok(bodies()), [PATHS.token_transfers]: { status: 200, body: list(twelve(), next as Json) } });
    try {
      const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url]);
      const section = r.stdout.split('\nToken transfers\n')[1]!.split('\n\n')[0]!.split('\n');
      expect(section).toHaveLength(11);
      expect(section[10]).toBe(said);
    } finally {
      await srv.close();
    }
  });
});

describe('tx explain, the transaction missing or malformed', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startServer();
  });
  afterAll(() => fake.close());

  it('the fake explorer\'s TX.ok: every part served, every section shown, every request once', async () => {
    const mark = fake.requests.length;
    const r = await runScout(['tx', 'explain', HASH, '--base-url', fake.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(headingsIn(r.stdout)).toEqual(HEADINGS);
    expect(fake.requests.slice(mark).map((q) => q.path).sort()).toEqual(Object.values(PATHS).sort());
    // Each list's first page is whole in --json, byte for byte what the explorer sends for it.
    const j = await runScout(['tx', 'explain', HASH, '--base-url', fake.url, '--json']);
    const members = objectMembers(j.stdout.trimEnd());
    for (const p of Object.keys(PATHS) as Part[]) expect(members.get(p), p).toBe(await (await fetch(fake.url + PATHS[p] + (QUERY[p] ?? ''))).text());
  });

  it('the fake explorer\'s TX.overflow: long lists cut at 10 with the command that has them all; no summary service', async () => {
    const r = await runScout(['tx', 'explain', TX.overflow, '--base-url', fake.url]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('scout: note: no summary: this explorer has no summary service (HTTP 403: Transaction Interpretation Service is disabled)\n');
    for (const [title, verb] of [['Token transfers', 'transfers'], ['State changes', 'state-changes'], ['Logs', 'logs']]) {
      const section = r.stdout.split(`\n${title}\n`)[1]!.split('\n\n')[0]!.split('\n');
      expect(section, title).toHaveLength(11);
      expect(section[10]).toBe(`… and more: scout tx ${verb} ${TX.overflow}`);
    }
  });

  it('an unknown transaction is exit 3 with one line, nothing on stdout', async () => {
    const r = await runScout(['tx', 'explain', TX.unknown, '--base-url', fake.url]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scout: transaction ${TX.unknown} not found on ${fake.url} (HTTP 404)\n`);
  });

  it('a malformed hash is exit 2 before any request', async () => {
    const mark = fake.requests.length;
    const r = await runScout(['tx', 'explain', '0xnothex', '--base-url', fake.url]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toEqual([expect.stringMatching(/^scout: invalid transaction hash/), "scout: see 'scout tx explain --help'", '']);
    expect(fake.requests.length).toBe(mark);
  });
});

describe('tx explain asks for its parts at once', () => {
  it('the requests are in flight together, as many as the connections to one explorer allow (the server answers none until six arrived)', async () => {
    // Seven parts, six connections an explorer (api/transport.ts): the seventh goes as the first answer frees one.
    const srv = await partsServer(ok(bodies()), 6);
    try {
      const r = await runScout(['tx', 'explain', HASH, '--base-url', srv.url, '--retries', '0']);
      expect(r.code, r.stderr).toBe(0);
      expect(srv.mostWaiting()).toBe(6);
      expect([...srv.arrived].sort()).toEqual(Object.values(PATHS).sort());
    } finally {
      await srv.close();
    }
  });
});

describe('tx explain of an ERC-4337 bundle', () => {
  let fake: FakeServer;
  let off: FakeServer;
  beforeAll(async () => {
    [fake, off] = await Promise.all([startServer(), startServer({ lacking: { '/api/v2/proxy/account-abstraction': 501 } })]);
  });
  afterAll(async () => {
    await Promise.all([fake.close(), off.close()]);
  });
  const opsPath = `/api/v2/proxy/account-abstraction/operations?transaction_hash=${TX.bundle}`;

  it('shows the user operations it carried, after its input; --json has them as sent under "user_operations"', async () => {
    const r = await runScout(['tx', 'explain', TX.bundle, '--base-url', fake.url], { stdoutIsTTY: true, color: false, width: 120 });
    expect(r.code, r.stderr).toBe(0);
    const section = r.stdout.split('\nUser operations (ERC-4337)\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(section[0]).toMatch(/^HASH +SENDER +ENTRY POINT +VERSION +FEE +STATUS$/);
    expect(section.slice(1).map((l) => l.split(' ')[0])).toEqual([AA_OP.batch, AA_OP.execute, AA_OP.failed, AA_OP.hostile].map((h) => `${h.slice(0, 6)}…${h.slice(-4)}`));
    expect(r.stdout.indexOf('\nInput\n')).toBeLessThan(r.stdout.indexOf('\nUser operations'));
    const j = await runScout(['tx', 'explain', TX.bundle, '--base-url', fake.url, '--json']);
    expect(objectMembers(j.stdout.trimEnd()).get('user_operations')).toBe(await (await fetch(fake.url + opsPath)).text());
  });

  it('an explorer without the account abstraction service: a note, the rest as ever', async () => {
    const r = await runScout(['tx', 'explain', TX.bundle, '--base-url', off.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('scout: note: no user operations: this explorer has no account abstraction service (HTTP 501: Service is disabled)\n');
    expect(r.stdout).not.toContain('User operations');
    expect(r.stdout).toContain('\nInput\n');
  });
});
