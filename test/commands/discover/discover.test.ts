/**
 * `scout tokens`, `scout contracts` and `scout hot` against the test explorer: the server's order
 * kept, the filters sent as its parameters on every page, `--json` items as sent, the verified
 * counts of `contracts` beside a terminal's table only, hot contracts by transactions or gas over a
 * period (1d unless asked), `--chains`, an explorer without hot contracts, and bad input refused
 * before any request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toJsonText, type ListEntry } from '../../support/data.js';
import { CONTRACT_COUNTERS, discoveryData, hotContracts } from '../../support/fake/discovery-data.js';
import { twoChainsConfig } from '../../support/two-chains.js';
import { runScout } from '../../support/scout.js';
import { EVIL, type FakeServer, PAGE_SIZE, startServer } from '../../support/server.js';

let srv: FakeServer;
let config: string;
beforeAll(async () => {
  srv = await startServer();
  // Two chains on the same test explorer, for --chains.
  config = twoChainsConfig(srv.url, 'discover');
});
afterAll(() => srv.close());
afterEach(() => srv.verify());

const scout = (args: string[], o: { tty?: boolean; on?: FakeServer } = {}) =>
  runScout(['--base-url', (o.on ?? srv).url, ...args], { stdoutIsTTY: o.tty ?? false, width: 160, color: false, env: { XDG_CONFIG_HOME: config } });

/** The requests the server saw while `f` ran. */
async function seen<T>(f: () => Promise<T>): Promise<{ result: T; requests: { path: string; query: Record<string, string> }[] }> {
  const before = srv.requests.length;
  const result = await f();
  return { result, requests: srv.requests.slice(before).map((r) => ({ path: r.path, query: Object.fromEntries(r.query) })) };
}

/** The items of a --json answer, each as its text. */
const texts = (stdout: string) => (JSON.parse(stdout) as unknown[]).map((i) => JSON.stringify(i));
const sent = (entries: readonly ListEntry[]) => entries.map((e) => JSON.stringify(JSON.parse(toJsonText(e.json))));

describe('scout tokens', () => {
  it('--all: every token in the explorer’s order, each item as sent, pages of 50', async () => {
    const { result: r, requests } = await seen(() => scout(['tokens', '--all', '--json']));
    expect(r.code, r.stderr).toBe(0);
    expect(texts(r.stdout)).toEqual(sent(discoveryData().tokens));
    expect(requests.map((q) => q.path)).toEqual(['/api/v2/tokens', '/api/v2/tokens']);
    // The second page is the server's own cursor, every key of it sent back.
    expect(Object.keys(requests[1]!.query).sort()).toEqual(['contract_address_hash', 'fiat_value', 'holders_count', 'is_name_null', 'items_count', 'market_cap', 'name']);
  });

  it('words go as q and --type as type, on every page', async () => {
    const { result: r, requests } = await seen(() => scout(['tokens', 'usd', '--type', 'erc-20', '--all', '--ndjson']));
    expect(r.code, r.stderr).toBe(0);
    const items = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { name: string; symbol: string; type: string });
    expect(items.length).toBeGreaterThan(PAGE_SIZE);
    for (const t of items) expect(`${t.name} ${t.symbol}`.toLowerCase()).toContain('usd');
    expect(new Set(items.map((t) => t.type))).toEqual(new Set(['ERC-20']));
    for (const q of requests) expect(q.query).toMatchObject({ q: 'usd', type: 'ERC-20' });
  });

  it('a terminal: symbol and address, name, type, holders, price and market cap in dollars; the scam token marked and its text made safe', async () => {
    const r = await scout(['tokens', '--limit', '3'], { tty: true });
    const [header, first] = r.stdout.split('\n');
    expect(header!.split(/ {2,}/).map((h) => h.trim())).toEqual(['TOKEN', 'NAME', 'TYPE', 'HOLDERS', 'PRICE', 'MARKET CAP']);
    expect(first).toMatch(/^USDT \(0x\w{40}\) +Tether USD +ERC-20 +7,004,211 +\$0\.999773 +\$164,500,894,908\.26$/);
    const evil = await scout(['tokens', 'airdrop'], { tty: true });
    expect(evil.stdout).toContain('[scam] ');
    expect(evil.stdout).not.toContain('\u001b');
    expect(evil.stdout).not.toContain(EVIL.symbol);
  });

  it('piped: the address first, the price and market cap exactly as sent', async () => {
    const r = await scout(['tokens', '--limit', '1']);
    expect(r.stdout.split('\t')).toEqual(expect.arrayContaining(['USDT', 'Tether USD', 'ERC-20', '7004211', '0.999773', '164500894908.25583\n']));
    expect(r.stdout).toMatch(/^0x[0-9a-fA-F]{40}\t/);
  });

  it('--type refuses what is no token type, before any request (exit 2)', async () => {
    const { result: r, requests } = await seen(() => scout(['tokens', '--type', 'ERC-9']));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid --type/);
    expect(requests).toEqual([]);
  });
});

describe('scout contracts', () => {
  const counts = '812,345 verified contracts of 71,234,567; in the last 24 hours 87 verified, 4,512 new\n';

  it('--filter goes as filter: only contracts of that language, newest verified first', async () => {
    srv.expect('GET', '/api/v2/smart-contracts', { filter: 'vyper' });
    const r = await scout(['contracts', '--filter', 'VYPER', '--all', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(texts(r.stdout)).toEqual(sent(discoveryData().contracts.filter((e) => e.json['language'] === 'vyper')));
  });

  it('on a terminal, the verified counts on stderr after the table', async () => {
    srv.expect('GET', '/api/v2/smart-contracts/counters');
    const r = await scout(['contracts', '--limit', '2'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(counts);
    expect(CONTRACT_COUNTERS['verified_smart_contracts']).toBe('812345');
    expect(r.stdout.split('\n')[0]).toMatch(/^CONTRACT +LANGUAGE +COMPILER +VERIFIED +TXS +BALANCE$/);
  });

  it.each([[[]], [['--json']], [['--csv']]])('piped, or %j on a terminal: the contracts alone, the counters never asked', async (flags) => {
    for (const tty of flags.length ? [true, false] : [false]) {
      const { result: r, requests } = await seen(() => scout(['contracts', '--limit', '2', ...flags], { tty }));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('verified contracts');
      expect(requests.map((q) => q.path)).toEqual(['/api/v2/smart-contracts']);
    }
  });

  it('an explorer without the counters: the table alone, exit 0', async () => {
    const old = await startServer({ lacking: { '/api/v2/smart-contracts/counters': 400 } });
    try {
      const r = await scout(['contracts', '--limit', '2'], { tty: true, on: old });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    } finally {
      await old.close();
    }
  });

  it('words go as q', async () => {
    srv.expect('GET', '/api/v2/smart-contracts', { q: 'VerifiedVyperContract1' });
    const r = await scout(['contracts', 'VerifiedVyperContract1', '--json']);
    expect((JSON.parse(r.stdout) as { address: { name: string } }[]).map((c) => c.address.name)).toEqual(expect.arrayContaining(['VerifiedVyperContract1', 'VerifiedVyperContract11']));
  });
});

describe('scout hot', () => {
  it('the past day by transactions unless asked: scale 1d, the server’s own order, every page', async () => {
    const { result: r, requests } = await seen(() => scout(['hot', '--all', '--json']));
    expect(r.code, r.stderr).toBe(0);
    expect(texts(r.stdout)).toEqual(sent(hotContracts('1d', 'transactions_count', 'desc')));
    expect(requests).toHaveLength(2);
    for (const q of requests) {
      expect(q.query['scale']).toBe('1d');
      expect(q.query['sort']).toBeUndefined();
    }
  });

  it('--scale and --by gas: sent as scale, sort total_gas_used, order desc; the largest gas first', async () => {
    const { result: r, requests } = await seen(() => scout(['hot', '--scale', '1h', '--by', 'gas', '--all', '--ndjson']));
    expect(r.code, r.stderr).toBe(0);
    const gas = r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { total_gas_used: number }).total_gas_used);
    expect(gas).toEqual([...gas].sort((a, b) => b - a));
    expect(gas).toHaveLength(60);
    for (const q of requests) expect(q.query).toMatchObject({ scale: '1h', sort: 'total_gas_used', order: 'desc' });
  });

  it('a terminal: the contract, its transactions and gas grouped, its balance in the coin', async () => {
    const r = await scout(['hot', '--limit', '2'], { tty: true });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CONTRACT +TXS +GAS USED +BALANCE$/);
    expect(lines[1]).toMatch(/^HotContract0 \(0x\w{40}\) +57,600 +288,000,864 +—$/);
  });

  it.each([['--scale', '2h'], ['--by', 'fees']])('%s %s is refused before any request (exit 2)', async (flag, value) => {
    const { result: r, requests } = await seen(() => scout(['hot', flag, value]));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`invalid ${flag} "${value}"`);
    expect(requests).toEqual([]);
  });

  it.each([400, 404] as const)('an explorer without hot contracts (%i): one line, exit 3', async (status) => {
    const old = await startServer({ lacking: { '/api/v2/stats/hot-smart-contracts': status } });
    try {
      const r = await scout(['hot'], { on: old });
      expect(r.code).toBe(3);
      expect(r.stderr.trimEnd().split('\n')).toEqual([`scout: ${old.url} has no hot contracts (/api/v2/stats/hot-smart-contracts) ${status === 400 ? '(HTTP 400: Unknown API v2 action)' : '(HTTP 404)'}`]);
    } finally {
      await old.close();
    }
  });

  it('--chains: each chain’s contracts, the chain first; JSON items wrapped with their chain', async () => {
    const run = (args: string[]) => runScout(['--retries', '0', ...args], { env: { XDG_CONFIG_HOME: config } });
    const piped = await run(['hot', '--scale', '5m', '--limit', '2', '--chains', 'one,two']);
    expect(piped.code, piped.stderr).toBe(0);
    const top = hotContracts('5m', 'transactions_count', 'desc').slice(0, 2).map((e) => (e.json['contract_address'] as { hash: string }).hash);
    expect(piped.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(0, 2))).toEqual([
      ['one', top[0]],
      ['one', top[1]],
      ['two', top[0]],
      ['two', top[1]],
    ]);
    const json = await run(['tokens', '--limit', '1', '--chains', 'two', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([{ chain_id: '41002', chain: 'two', item: JSON.parse(toJsonText(discoveryData().tokens[0]!.json)) }]);
  });
});
