/**
 * `--chains`: one command over several explorers. The chains come from a registry cache written
 * here; each chain's explorer is a small server of this file on 127.0.0.1 that answers, fails (500),
 * hangs, or has nothing (404), so partial failures, wrapped items, order and cancelling are seen
 * end to end.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeCursorFor } from '../../src/api/cursor.js';
import { parseRegistry } from '../../src/config/registry.js';
import { runScout } from '../support/scout.js';

const ADDR = '0x00000000219ab540356cbb839cbe05303d7705fa';
const HASH = '0x' + 'ab'.repeat(32);
/** An address with a long list (LONG_PAGES pages of one item) on every answering explorer. */
const LONG = '0x' + '5'.repeat(40);
const LONG_PAGES = 30;
/** While set, alpha holds its answer for page 2 of LONG's list until it resolves. */
const hold: { page2?: Promise<void> } = {};

type Mode = 'ok' | 'fail' | 'hang' | 'missing';

interface Explorer {
  readonly name: string;
  readonly id: string;
  readonly mode: Mode;
  url: string;
  requests: string[];
  server: http.Server;
}

/** Says 'request' as each request arrives at any explorer, once it is in that explorer's `requests`. */
const arrivals = new EventEmitter();

/**
 * Resolves at the first arrival (or now) for which `ok` holds, in the same turn as that arrival, so
 * what `ok` reads is what the explorers had seen by then; fails, naming `what`, after `ms`.
 */
function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  if (ok()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ok()) return;
      clearTimeout(timer);
      arrivals.off('request', check);
      resolve();
    };
    const timer = setTimeout(() => {
      arrivals.off('request', check);
      reject(new Error(`still waiting after ${ms} ms: ${what}`));
    }, ms);
    arrivals.on('request', check);
  });
}

/** Holds every answer until `want` requests have arrived across all explorers (off when 0). */
const gate = { want: 0, arrived: 0, waiting: [] as (() => void)[] };
function throughGate(): Promise<void> {
  if (gate.want === 0) return Promise.resolve();
  gate.arrived++;
  if (gate.arrived >= gate.want) {
    for (const w of gate.waiting.splice(0)) w();
    return Promise.resolve();
  }
  return new Promise((resolve) => gate.waiting.push(resolve));
}

/** An item's text as the server sends it: a number no double holds and a trailing zero, to prove byte-exact splicing. */
const txItem = (e: Explorer, n: number) => `{"hash":"0x${e.id}${String(n).padStart(59, '0')}","block_number":${n},"value":"1000","big":123456789012345678901234567890,"fee":{"type":"actual","value":"2.50"}}`;

function answer(e: Explorer, req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const json = (status: number, body: string): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  if (e.mode === 'hang') return;
  if (e.mode === 'fail') return json(500, '{"message":"internal error"}');
  if (e.mode === 'missing') return json(404, '{"message":"Not found"}');
  if (url.pathname === `/api/v2/addresses/${ADDR}/transactions`) {
    if (url.searchParams.get('page') === '2') return json(200, `{"items":[${txItem(e, 3)}],"next_page_params":null}`);
    return json(200, `{"items":[${txItem(e, 1)},${txItem(e, 2)}],"next_page_params":{"page":2}}`);
  }
  if (url.pathname === `/api/v2/addresses/${LONG}/transactions`) {
    const page = Number(url.searchParams.get('page') ?? '1');
    const next = page < LONG_PAGES ? `{"page":${page + 1}}` : 'null';
    const send = () => json(200, `{"items":[${txItem(e, page)}],"next_page_params":${next}}`);
    if (e.name === 'alpha' && page === 2 && hold.page2) return void hold.page2.then(send);
    return send();
  }
  if (url.pathname === `/api/v2/transactions/${HASH}`) return json(200, `{"hash":"${HASH}",  "status":"ok","value":"7","chain_mark":"${e.name}"}`);
  if (url.pathname === `/api/v2/addresses/${ADDR}`) return json(200, `{"hash":"${ADDR}","coin_balance":"5","on":"${e.name}"}`);
  if (url.pathname === `/api/v2/addresses/${ADDR}/counters`) return json(200, '{"transactions_count":"9"}');
  if (url.pathname === '/api/v2/search') return json(200, `{"items":[{"type":"token","name":"T on ${e.name}","address_hash":"${ADDR}"}],"next_page_params":null}`);
  return json(404, '{"message":"Not found"}');
}

async function startExplorer(name: string, id: string, mode: Mode): Promise<Explorer> {
  const e = { name, id, mode, url: '', requests: [] as string[] } as unknown as Explorer;
  e.server = http.createServer((req, res) => {
    e.requests.push(req.url ?? '');
    arrivals.emit('request');
    void throughGate().then(() => answer(e, req, res));
  });
  await new Promise<void>((resolve) => e.server.listen(0, '127.0.0.1', resolve));
  e.url = `http://127.0.0.1:${(e.server.address() as AddressInfo).port}`;
  return e;
}

let alpha: Explorer, beta: Explorer, gamma: Explorer, delta: Explorer, eps: Explorer, tango: Explorer, selfy: Explorer;
let all: Explorer[];
let config: string;

beforeAll(async () => {
  [alpha, beta, gamma, delta, eps, tango, selfy] = await Promise.all([
    startExplorer('alpha', '31001', 'ok'),
    startExplorer('beta', '31002', 'ok'),
    startExplorer('gamma', '31003', 'fail'),
    startExplorer('delta', '31004', 'hang'),
    startExplorer('eps', '31005', 'missing'),
    startExplorer('tango', '31006', 'ok'),
    startExplorer('selfy', '31007', 'ok'),
  ]);
  all = [alpha, beta, gamma, delta, eps, tango, selfy];
  config = mkdtempSync(join(tmpdir(), 'scout-fanout-'));
  mkdirSync(join(config, 'scout'));
  const entry = (e: Explorer, extra: { testnet?: boolean; blockscout?: boolean } = {}) => ({
    id: e.id,
    name: e.name[0]!.toUpperCase() + e.name.slice(1),
    names: [e.name],
    explorer: e.url,
    coin: 'TST',
    testnet: extra.testnet ?? false,
    blockscout: extra.blockscout ?? true,
    source: 'registry',
  });
  const chains = [entry(alpha), entry(beta), entry(gamma), entry(delta), entry(eps), entry(tango, { testnet: true }), entry(selfy, { blockscout: false }), { ...entry(alpha, { blockscout: false }), id: '31008', name: 'Evil', names: ['evil\u001b[2Jname'] }];
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
});

afterAll(async () => {
  for (const e of all) {
    e.server.closeAllConnections();
    await new Promise((resolve) => e.server.close(resolve));
  }
});

beforeEach(() => {
  for (const e of all) e.requests = [];
  gate.want = 0;
  gate.arrived = 0;
});

const scout = (...args: string[]) => runScout(['--retries', '0', ...args], { env: { XDG_CONFIG_HOME: config } });
/** `scout` with a budget of `waitingOutputBytes` for the fan-out's waiting pages, passed in through the Io. */
const scoutHolding = (waitingOutputBytes: number | undefined, ...args: string[]) =>
  runScout(['--retries', '0', ...args], { env: { XDG_CONFIG_HOME: config }, waitingOutputBytes });
const wrapped = (e: Explorer, raw: string) => `{"chain_id":"${e.id}","chain":"${e.name}","item":${raw}}`;

describe('--chains on lists', () => {
  it('wraps each item with its chain, the item byte for byte, chains in the order given', async () => {
    const r = await scout('address', 'txs', ADDR, '--chains', 'beta,alpha', '--ndjson');
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toBe([wrapped(beta, txItem(beta, 1)), wrapped(beta, txItem(beta, 2)), wrapped(alpha, txItem(alpha, 1)), wrapped(alpha, txItem(alpha, 2))].join('\n') + '\n');
  });

  it('keeps each chain to the --since/--until window, and asks no chain for a page past it', async () => {
    const r = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta', '--since', 'block:2', '--until', 'block:3', '--all', '--ndjson');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe([wrapped(alpha, txItem(alpha, 2)), wrapped(beta, txItem(beta, 2))].join('\n') + '\n');
    // Page 1 holds block 1, older than the window: page 2 is never asked for.
    for (const e of [alpha, beta]) expect(e.requests.filter((u) => u.includes('page=2'))).toEqual([]);
  });

  it('prints one JSON array of wrapped items', async () => {
    const r = await scout('address', 'txs', ADDR, '--chains', '31001,beta', '--json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`[${[wrapped(alpha, txItem(alpha, 1)), wrapped(alpha, txItem(alpha, 2)), wrapped(beta, txItem(beta, 1)), wrapped(beta, txItem(beta, 2))].join(',')}]\n`);
  });

  it('puts the chain first on piped lines and in CSV, and says which chains have more', async () => {
    const piped = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta');
    expect(piped.code).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(['alpha', 'alpha', 'beta', 'beta']);
    expect(lines[0]!.split('\t')[1]).toBe(`0x31001${'1'.padStart(59, '0')}`);
    expect(piped.stderr).toContain('more items exist on alpha, beta');
    const csv = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta', '--csv');
    expect(csv.stdout.split('\n')[0]).toMatch(/^chain,hash,/);
    expect(csv.stdout.split('\n')[3]).toMatch(/^beta,0x31002/);
  });

  it('draws a CHAIN column on a terminal', async () => {
    const r = await runScout(['--retries', '0', 'address', 'txs', ADDR, '--chains', 'alpha,beta'], { env: { XDG_CONFIG_HOME: config }, stdoutIsTTY: true, width: 160, color: false });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^CHAIN\s+HASH/);
    expect(r.stdout).toMatch(/\nbeta\s/);
  });

  it('--columns keeps the chain first, piped and on a terminal; the table shows DIR for the one address', async () => {
    const piped = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta', '--columns', 'hash');
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')[0]).toBe(`alpha\t0x31001${'1'.padStart(59, '0')}`);
    const tty = await runScout(['--retries', '0', 'address', 'txs', ADDR, '--chains', 'alpha,beta'], { env: { XDG_CONFIG_HOME: config }, stdoutIsTTY: true, width: 160, color: false });
    expect(tty.stdout.split('\n')[0]).toMatch(/^CHAIN\s+HASH\s.*\sDIR\s+COUNTERPARTY\s/);
  });

  it('follows cursors per chain with --all, and counts --limit per chain', async () => {
    const every = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta', '--all', '--ndjson');
    expect(every.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).chain)).toEqual(['alpha', 'alpha', 'alpha', 'beta', 'beta', 'beta']);
    expect(alpha.requests.some((u) => u.includes('page=2'))).toBe(true);
    expect(every.stderr).toBe('');
    const one = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta', '--limit', '1', '--ndjson');
    expect(one.stdout).toBe(`${wrapped(alpha, txItem(alpha, 1))}\n${wrapped(beta, txItem(beta, 1))}\n`);
    // --limit N asked for N items per chain: that more exist is no news.
    expect(one.stderr).toBe('');
  });

  it('when every chain failed, a terminal is told so, never that there are no items', async () => {
    const tty = { env: { XDG_CONFIG_HOME: config }, stdoutIsTTY: true, width: 120, color: false };
    const r = await runScout(['--retries', '0', 'address', 'txs', ADDR, '--chains', 'gamma'], tty);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).not.toContain('no items');
    expect(r.stderr).toMatch(/^scout: gamma \(31003\): .*500.*\nscout: 1 of 1 chain failed: gamma\n$/);
  });

  /**
   * Runs LONG's list over alpha and beta with alpha stuck on page 2 until beta has asked for `ahead`
   * pages, and returns how many beta had asked for when alpha asked for its last page: beta's pages
   * wait for alpha's list to end, so that is the most beta ever held.
   */
  async function aheadWhileHeld(ahead: number, waitingOutputBytes?: number): Promise<number> {
    let release = () => {};
    hold.page2 = new Promise<void>((resolve) => (release = resolve));
    const betaAsked = () => beta.requests.filter((r) => r.includes(LONG)).length;
    let atAlphaEnd = -1;
    try {
      const run = scoutHolding(waitingOutputBytes, 'address', 'txs', LONG, '--chains', 'alpha,beta', '--all', '--ndjson');
      const alphaLast = until('alpha to ask for its last page', () => {
        if (!alpha.requests.some((r) => r.includes(LONG) && r.includes(`page=${LONG_PAGES}`))) return false;
        atAlphaEnd = betaAsked();
        return true;
      });
      await until('alpha to ask for page 2', () => alpha.requests.some((r) => r.includes(LONG) && r.includes('page=2')));
      await until(`beta to ask for ${ahead} pages while alpha is stuck`, () => betaAsked() >= ahead);
      release();
      await alphaLast;
      const r = await run;
      expect(r.code).toBe(0);
      const chains = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).chain);
      expect(chains).toEqual([...Array(LONG_PAGES).fill('alpha'), ...Array(LONG_PAGES).fill('beta')]);
      expect(beta.requests.filter((r) => r.includes(LONG))).toHaveLength(LONG_PAGES);
      return atAlphaEnd;
    } finally {
      release();
      delete hold.page2;
    }
  }

  it('--all: a chain waiting for its turn keeps fetching while the held pages are small (its explorer stays busy)', async () => {
    // Unbounded, it fetches all 30 pages in a few milliseconds here while alpha is stuck.
    expect(await aheadWhileHeld(LONG_PAGES)).toBe(LONG_PAGES);
  });

  it('--all: the chains waiting hold pages up to a byte budget between them, then wait (flat memory)', async () => {
    // A budget of about four of LONG's one-item pages (each costs its text and 1 KiB): it runs three
    // pages ahead while alpha is stuck, and holds no more than the budget after.
    const ahead = await aheadWhileHeld(3, 4 * 1300);
    expect(ahead).toBeGreaterThan(2);
    expect(ahead).toBeLessThanOrEqual(7);
  });

  it('asks every chain at once: each explorer holds its answer until all first requests have arrived', async () => {
    gate.want = 3;
    const r = await scout('--timeout', '5', 'search', 'T', '--chains', 'alpha,beta,tango', '--ndjson');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).chain)).toEqual(['alpha', 'beta', 'tango']);
  });

  it('prints the chains that answer and lists those that failed or timed out, exit 1', async () => {
    const r = await scout('--timeout', '0.5', 'address', 'txs', ADDR, '--chains', 'alpha,gamma,delta,beta', '--ndjson');
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).chain)).toEqual(['alpha', 'alpha', 'beta', 'beta']);
    expect(r.stderr).toMatch(/scout: gamma \(31003\): .*500/);
    expect(r.stderr).toMatch(/scout: delta \(31004\): .*timed out/);
    expect(r.stderr).toContain('2 of 4 chains failed: gamma, delta');
  });

  it('takes mainnets and testnets from the cached registry, Blockscout-hosted only', async () => {
    gate.want = 0;
    const r = await scout('search', 'T', '--chains', 'testnets', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((w: { chain: string }) => w.chain)).toEqual(['tango']);
    expect(selfy.requests).toEqual([]);
    expect(alpha.requests).toEqual([]);
  });
});

describe('--chains on objects', () => {
  it('tx show --chains all stops at the chain that has it and cancels the rest (one hangs on)', async () => {
    // No --timeout: the hanging explorer would hold the run for 30 s (past the test's own limit) if it were awaited.
    const r = await scout('tx', 'show', HASH, '--chains', 'all', '--json');
    expect(r.code).toBe(0);
    const found = `{"hash":"${HASH}",  "status":"ok","value":"7","chain_mark":"alpha"}`;
    expect(r.stdout).toBe(`[${wrapped(alpha, found).replace('  ', '')}]\n`);
    expect(delta.requests.length).toBe(1);
    expect(r.stderr).toBe('');
    // `all` is the mainnets whose explorer Blockscout hosts: not the testnet, not the self-hosted one.
    expect(tango.requests).toEqual([]);
    expect(selfy.requests).toEqual([]);
  });

  it('tx show: a 404 is "not there"; not found on any chain is exit 3', async () => {
    const r = await scout('tx', 'show', HASH, '--chains', 'eps', '--ndjson');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('not found on any of 1 chain: eps');
    const failed = await scout('tx', 'show', HASH, '--chains', 'eps,gamma', '--ndjson');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('scout: no transaction on eps (31005) (404)');
    expect(failed.stderr).toMatch(/scout: gamma \(31003\): .*500/);
  });

  it('address show: one wrapped object per chain, counters spliced in; piped lines start with the chain', async () => {
    const r = await scout('address', 'show', ADDR, '--chains', 'beta,alpha', '--json');
    expect(r.code).toBe(0);
    const obj = (e: Explorer) => `{"hash":"${ADDR}","coin_balance":"5","on":"${e.name}","counters":{"transactions_count":"9"}}`;
    expect(r.stdout).toBe(`[${wrapped(beta, obj(beta))},${wrapped(alpha, obj(alpha))}]\n`);
    const piped = await scout('address', ADDR, '--chains', 'beta,alpha,eps');
    expect(piped.code).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines.every((l) => /^(beta|alpha)\t/.test(l))).toBe(true);
    expect(lines[0]!.startsWith('beta\t')).toBe(true);
    expect(lines.at(-1)!.startsWith('alpha\t')).toBe(true);
    expect(piped.stderr).toContain('no address on eps (31005) (404)');
  });
});

describe('--chains on a terminal', () => {
  it('puts each chain\'s block under a heading naming the chain and its explorer', async () => {
    const r = await runScout(['--retries', '0', 'address', ADDR, '--chains', 'beta,alpha'], { env: { XDG_CONFIG_HOME: config }, stdoutIsTTY: true, width: 120, color: false });
    expect(r.code).toBe(0);
    const headings = r.stdout.split('\n').filter((l) => /^(alpha|beta) \(/.test(l));
    expect(headings).toEqual([`beta (31002) · ${new URL(beta.url).host}`, `alpha (31001) · ${new URL(alpha.url).host}`]);
  });

  it('shows a chain name from the cache file as safe text', async () => {
    const rows = await scout('address', 'txs', ADDR, '--chains', '31008');
    const lines = await scout('tx', 'show', HASH, '--chains', '31008');
    for (const r of [rows, lines]) {
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('\u001b');
      expect(r.stdout.split('\t')[0]).toMatch(/^evil.*2Jname$/);
    }
  });

  it('--jq sees the wrapped items', async () => {
    const r = await scout('address', 'txs', ADDR, '--chains', 'alpha,beta', '--ndjson', '--jq', '.chain_id');
    expect(r.stdout).toBe('31001\n31001\n31002\n31002\n');
  });
});

describe('--chains usage errors, before any request', () => {
  const none = () => all.every((e) => e.requests.length === 0);

  it('names every unknown chain', async () => {
    const r = await scout('address', 'txs', ADDR, '--chains', 'alpha,nope,zilch');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown chains in --chains: "nope", "zilch"');
    expect(none()).toBe(true);
  });

  it('refuses --chain, --base-url, --cursor, --watch and --wait beside it', async () => {
    const chain = await scout('--chain', 'alpha', 'address', 'txs', ADDR, '--chains', 'beta');
    expect(chain.code).toBe(2);
    expect(chain.stderr).toContain('does not go with --chain');
    const base = await scout('--base-url', alpha.url, 'tx', 'show', HASH, '--chains', 'beta');
    expect(base.code).toBe(2);
    const token = encodeCursorFor([['page', '2']], { command: 'address txs', path: `/api/v2/addresses/${ADDR}/transactions` });
    const cursor = await scout('address', 'txs', ADDR, '--chains', 'beta', '--cursor', token);
    expect(cursor.code).toBe(2);
    expect(cursor.stderr).toContain('--cursor');
    const watch = await scout('address', 'txs', ADDR, '--chains', 'alpha', '--watch');
    expect(watch.code).toBe(2);
    expect(watch.stderr).toContain('--watch follows one explorer');
    const wait = await scout('tx', 'show', HASH, '--chains', 'alpha', '--wait');
    expect(wait.code).toBe(2);
    const empty = await scout('address', 'txs', ADDR, '--chains', 'alpha,,beta');
    expect(empty.code).toBe(2);
    expect(none()).toBe(true);
  });
});

describe('--chains sets', () => {
  it('notes which registry entries Blockscout hosts, for all/mainnets/testnets', () => {
    const chains = parseRegistry(
      JSON.stringify({
        '10': { name: 'OP Mainnet', explorers: [{ url: 'https://optimism.blockscout.com/', hostedBy: 'blockscout' }] },
        '77': { name: 'Own', explorers: [{ url: 'https://own.example', hostedBy: 'self' }] },
      }),
    );
    expect(chains.map((c) => [c.id, c.blockscout])).toEqual([
      ['10', true],
      ['77', undefined],
    ]);
  });

  it('without a cached registry, takes the built-in chains (with a warning), each under its id with --pro', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'scout-fanout-none-'));
    const r = await runScout(['--retries', '0', '--pro', 'tx', 'show', HASH, '--chains', 'testnets', '--ndjson'], {
      env: { XDG_CONFIG_HOME: fresh, SCOUT_PRO_URL: eps.url, SCOUT_EXPLORER_KEY: 'k' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no cached chain registry: --chains testnets covers the built-in chains only');
    expect(eps.requests).toContain(`/11155111/api/v2/transactions/${HASH}`);
    expect(eps.requests).toContain(`/84532/api/v2/transactions/${HASH}`);
    expect(eps.requests.some((u) => u.startsWith('/1/') || u.startsWith('/8453/'))).toBe(false);
  });
});
