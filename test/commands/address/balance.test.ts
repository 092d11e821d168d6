/**
 * `scout address balance`: the coin balance now, or at points in time from the balance history
 * (the block at each time asked for once, the history started at the server's own cursor past it),
 * with the USD value of the day; a token balance now; many points from few pages; batches in at
 * most three requests per address; `--chains`; an explorer without the endpoints; bad input refused
 * before any request.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE, blockAt, changesOf, closingPrice, MARKET_FROM } from '../../support/fake/balance-data.js';
import { RATE, RICH_BALANCE } from '../../support/fake/address-data.js';
import { twoChainsConfig } from '../../support/two-chains.js';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';
import { blockTime, makeAddress, tokenJson } from '../../support/data.js';

let srv: FakeServer;
let old: FakeServer;
let config: string;
beforeAll(async () => {
  [srv, old] = await Promise.all([startServer(), startServer({ lacking: { '/api/legacy': 404, '/api/v2/stats/charts': 400 } })]);
  // Two chains on the same test explorer, for --chains.
  config = twoChainsConfig(srv.url, 'balance');
});
afterAll(async () => {
  await Promise.all([srv.close(), old.close()]);
});
afterEach(() => srv.verify());

const scout = (args: string[], o: Parameters<typeof runScout>[1] & { on?: FakeServer } = {}) =>
  runScout(args, { env: { SCOUT_BASE_URL: (o.on ?? srv).url, SCOUT_CHAIN: 'ethereum' }, color: false, ...o });

/** The requests `server` saw while `f` ran, as `path?query`. */
async function requestsOf(f: () => Promise<unknown>, server = srv): Promise<string[]> {
  const before = server.requests.length;
  await f();
  return server.requests.slice(before).map((r) => (r.query.length ? `${r.path}?${new URLSearchParams(r.query).toString()}` : r.path));
}

/** The balance after every block before `ms`, worked out from the fake's own changes (not through scout). */
function expected(address: string, ms: number): string {
  let value = '0';
  for (const c of changesOf(address)) if (Date.parse(blockTime(c.block)) < ms) value = c.value.toString();
  return value;
}

const rows = (json: string) => JSON.parse(json) as Record<string, unknown>[];

describe('address balance at a time', () => {
  it('--at 2025-01-01 is the balance at the end of 2024-12-31: the block before it once, then one page from its cursor', async () => {
    const at = Date.UTC(2025, 0, 1);
    const block = blockAt(at / 1000 - 1, 'before')!;
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance', ADDR.rich, '--at', '2025-01-01', '--json'])));
    expect(r.code, r.stderr).toBe(0);
    expect(seen.sort()).toEqual(
      [
        `/api/legacy/block/get-block-number-by-time?timestamp=${at / 1000 - 1}&closest=before`,
        `/api/v2/addresses/${ADDR.rich}/coin-balance-history?block_number=${block + 1}`,
        '/api/v2/stats/charts/market',
      ].sort(),
    );
    const [row] = rows(r.stdout);
    const raw = expected(ADDR.rich, at);
    expect(row).toMatchObject({ address: ADDR.rich, at: '2025-01-01T00:00:00Z', block: String(block), balance_raw: raw, unit: 'ETH', decimals: 18 });
    expect(row!.balance).toBe(`${raw.slice(0, -18)}.${raw.slice(-18)}`.replace(/0+$/, ''));
    // The price of the day the balance covers: 2024-12-31's close, and the value exact to the cent.
    const price = closingPrice((Date.UTC(2024, 11, 31) - MARKET_FROM) / 86_400_000);
    expect(row).toMatchObject({ price_usd: price, price_date: '2024-12-31', price_source: 'market_chart' });
    const cents = (BigInt(raw) * BigInt(price.replace('.', '')) + 5n * 10n ** 17n) / 10n ** 18n;
    expect(row!.value_usd).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    // The server's item in force, as sent.
    const body = await (await fetch(`${srv.url}/api/v2/addresses/${ADDR.rich}/coin-balance-history?block_number=${block + 1}`)).text();
    const first = JSON.stringify((JSON.parse(body) as { items: unknown[] }).items[0]);
    expect(r.stdout).toContain(`"sent":${first}`);
    expect((row!.sent as { value: string }).value).toBe(raw);
  });

  it('now: the address balance and its exchange rate, the address as sent', async () => {
    const r = await scout(['address', 'balance', ADDR.rich, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [row] = rows(r.stdout);
    expect(row).toMatchObject({ balance_raw: RICH_BALANCE, balance: '1234.567890123456789012', price_usd: RATE, price_source: 'exchange_rate', value_usd: '5276036.99', block: '23116930' });
    expect((row!.sent as { hash: string }).hash).toBe(ADDR.rich);
    const piped = await scout(['address', 'balance', ADDR.rich]);
    expect(piped.stdout.split('\t').slice(2, 8)).toEqual(['23116930', RICH_BALANCE, '1234.567890123456789012', 'ETH', '5276036.99', RATE]);
  });

  it('a table on a terminal: the time, block, balance in ETH and its value', async () => {
    const r = await scout(['address', 'balance', BALANCE.small, '--at', '2025-08-01'], { stdoutIsTTY: true, width: 100 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^AT \(UTC\)\s+BLOCK\s+BALANCE\s+VALUE\s+PRICE$/);
    expect(r.stdout).toMatch(/2025-08-01 00:00:00\s+[\d,]+\s+2\.75 ETH\s+—/);
  });

  it('before any change the balance is 0 (no item sent); before the first block, no request for the history at all', async () => {
    const r = await scout(['address', 'balance', BALANCE.small, '--at', '2024-01-01', '--json']);
    expect(rows(r.stdout)[0]).toMatchObject({ balance_raw: '0', balance: '0', sent: null });
    const seen = await requestsOf(() => scout(['address', 'balance', BALANCE.small, '--at', '@0', '--json']));
    expect(seen.filter((p) => p.includes('coin-balance-history') || p.includes('legacy'))).toEqual([]);
  });

  it('many points (--since --every) from one lookup and one page, each exact', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance', ADDR.rich, '--since', '2024-10-01', '--until', '2025-03-01', '--every', '1mo', '--json'])));
    expect(r.code, r.stderr).toBe(0);
    const got = rows(r.stdout);
    expect(got.map((x) => x.at)).toEqual(['2024-10-01T00:00:00Z', '2024-11-01T00:00:00Z', '2024-12-01T00:00:00Z', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z']);
    for (const x of got) expect(x.balance_raw).toBe(expected(ADDR.rich, Date.parse(x.at as string)));
    expect(seen.filter((p) => p.includes('coin-balance-history')).length).toBe(1);
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('points far apart jump to each other rather than paging between them', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance', ADDR.rich, '--at', '2025-08-01,2024-09-01', '--json'])));
    expect(rows(r.stdout).map((x) => x.balance_raw)).toEqual([expected(ADDR.rich, Date.UTC(2025, 7, 1)), expected(ADDR.rich, Date.UTC(2024, 8, 1))]);
    expect(seen.filter((p) => p.includes('coin-balance-history')).length).toBe(2);
  });

  it('block:N is the balance after that block', async () => {
    const c = changesOf(BALANCE.small)[1]!;
    const r = await scout(['address', 'balance', BALANCE.small, '--at', `block:${c.block}`, '--at', `block:${c.block - 1}`, '--json']);
    expect(rows(r.stdout).map((x) => [x.block, x.balance_raw, x.at])).toEqual([
      [String(c.block), c.value.toString(), null],
      [String(c.block - 1), changesOf(BALANCE.small)[0]!.value.toString(), null],
    ]);
  });

  it('20 addresses from stdin on 2024-12-31: exact, and at most three requests per address (the block and prices asked once)', async () => {
    const addresses = [ADDR.rich, BALANCE.small, ...Array.from({ length: 18 }, (_, i) => makeAddress(`balance:batch:${i}`))];
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance', '-', '--at', '2025-01-01', '--csv'], { stdin: addresses.join('\n') + '\n' })));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^input,address,at,block,balance_raw,balance,/);
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(addresses.map((a) => expected(a, Date.UTC(2025, 0, 1))));
    expect(seen.length).toBeLessThanOrEqual(3 * addresses.length);
    expect(seen.filter((p) => p.startsWith('/api/legacy/')).length).toBe(1);
    expect(seen.filter((p) => p.includes('/charts/market')).length).toBe(1);
  });

  it('an explorer without the block at a time and charts: the block found as block at finds it, by a search of block times; no price', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const at = Date.UTC(2025, 5, 1);
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance', ADDR.rich, '--at', '2025-06-01', '--json'], { on: old })), old);
    expect(r.code, r.stderr).toBe(0);
    const block = blockAt(at / 1000 - 1, 'before')!;
    expect(rows(r.stdout)[0]).toMatchObject({ balance_raw: expected(ADDR.rich, at), block: String(block), price_usd: null, value_usd: null });
    expect(r.stderr).toMatch(/has no block-by-time endpoint \(HTTP 404\); searching block times instead\n$/);
    expect(seen).toContain(`/api/v2/addresses/${ADDR.rich}/coin-balance-history?block_number=${block + 1}`);
  });

  it('--token: the token balance now in its units, or 0 in its units when not held', async () => {
    const r = await scout(['address', 'balance', ADDR.rich, '--token', ADDR.usdc, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(rows(r.stdout)[0]).toMatchObject({ token: ADDR.usdc, balance_raw: '2500000123', balance: '2500.000123', unit: 'USDC', decimals: 6 });
    const none = await scout(['address', 'balance', BALANCE.small, '--token', ADDR.usdt, '--json']);
    expect(rows(none.stdout)[0]).toMatchObject({ balance_raw: '0', unit: (tokenJson(ADDR.usdt) as { symbol: string }).symbol, sent: null });
  });

  it('--chains: a row per chain, the chain first; JSON rows wrapped with their chain', async () => {
    const run = (args: string[]) => runScout(['--retries', '0', ...args], { env: { XDG_CONFIG_HOME: config } });
    const piped = await run(['address', 'balance', BALANCE.small, '--at', '2025-08-01', '--chains', 'one,two']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(0, 2))).toEqual([
      ['one', BALANCE.small],
      ['two', BALANCE.small],
    ]);
    const json = await run(['address', 'balance', BALANCE.small, '--at', '2025-08-01', '--chains', 'two', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const [w] = JSON.parse(json.stdout) as { chain: string; item: { unit: string } }[];
    expect(w).toMatchObject({ chain_id: '41002', chain: 'two', item: { unit: 'TST', address: BALANCE.small } });
  });

  it.each([
    [['--token', ADDR.usdc, '--at', '2025-01-01'], /--token gives the balance now only/],
    [['--every', '1mo'], /--every needs --since/],
    [['--since', '2024-01-01'], /--since and --until go with --every/],
    [['--at', '2099-01-01'], /in the future/],
    [['--at', 'yesterday'], /invalid --at "yesterday"/],
    [['--since', '2024-01-01', '--every', '3x'], /invalid --every "3x": expected a whole number and a unit/],
    [['--since', '2024-01-01', '--every', '1d', '--until', '2024-01-01'], /empty window/],
    [['--since', '2000-01-01', '--every', '1d'], /more than 1000 points/],
  ])('refuses %j before any request (exit 2)', async (args, message) => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance', 'vitalik.eth', ...args])));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(seen).toEqual([]);
  });
});
