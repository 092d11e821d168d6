/**
 * `scout address balance-history`: the changes of the coin balance through the list engine (pages,
 * hints, every mode), a `--since/--until` window that starts on the server at the block before
 * `--until` and stops at the first page reaching before `--since`, `--daily`, `--chart` on a
 * terminal (the rows when piped), and `stats --chart`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockAt, changesOf, daysOf, RICH_CHANGES } from '../../support/fake/balance-data.js';
import { AREA } from '../../support/fake/address-data.js';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';
import { blockTime } from '../../support/data.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(args, { env: { SCOUT_BASE_URL: srv.url, SCOUT_CHAIN: 'ethereum' }, color: false, ...o });

async function requestsOf(f: () => Promise<unknown>): Promise<string[]> {
  const before = srv.requests.length;
  await f();
  return srv.requests.slice(before).map((r) => (r.query.length ? `${r.path}?${new URLSearchParams(r.query).toString()}` : r.path));
}

const blocksOf = (out: string) => out.trimEnd().split('\n').map((l) => Number(l.split('\t')[1]));
/** The rich address's changes in [since, until), newest first, from the fake's data. */
const inWindow = (since: number, until: number) =>
  changesOf(ADDR.rich)
    .filter((c) => Date.parse(blockTime(c.block)) >= since && Date.parse(blockTime(c.block)) < until)
    .map((c) => c.block)
    .reverse();

describe('address balance-history', () => {
  it('lists changes newest first, one page, with the next-page hint; piped: time, block, change and balance raw and in ETH, transaction', async () => {
    const r = await scout(['address', 'balance-history', ADDR.rich]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(50);
    const newest = changesOf(ADDR.rich)[RICH_CHANGES - 1]!;
    expect(lines[0]!.split('\t')).toEqual([blockTime(newest.block).replace('.000000Z', 'Z'), String(newest.block), newest.delta.toString(), expect.any(String), newest.value.toString(), '1234.567890123456789012', newest.tx]);
    expect(r.stderr).toMatch(/50 items; more exist\. next page: scout address balance-history .* --cursor /);
  });

  it('--since/--until: exactly the window, started at the block before --until, stopping at the first page past --since', async () => {
    const since = Date.UTC(2024, 9, 1);
    const until = Date.UTC(2025, 6, 1);
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance-history', ADDR.rich, '--since', '2024-10-01', '--until', '2025-07-01', '--all'])));
    expect(r.code, r.stderr).toBe(0);
    const want = inWindow(since, until);
    expect(want.length).toBeGreaterThan(50);
    expect(blocksOf(r.stdout)).toEqual(want);
    const b = blockAt(until / 1000 - 1, 'before')!;
    expect(seen[0]).toBe(`/api/legacy/block/get-block-number-by-time?timestamp=${until / 1000 - 1}&closest=before`);
    expect(seen[1]).toBe(`/api/v2/addresses/${ADDR.rich}/coin-balance-history?block_number=${b + 1}`);
    // Two pages hold the window and the first change before it: no third.
    expect(seen.filter((p) => p.includes('coin-balance-history')).length).toBe(2);
  });

  it('--until block:N starts at that block with no lookup; --since block:N keeps the blocks from it', async () => {
    const all = changesOf(ADDR.rich);
    const [lo, hi] = [all[100]!.block, all[110]!.block];
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['address', 'balance-history', ADDR.rich, '--since', `block:${lo}`, '--until', `block:${hi}`])));
    expect(blocksOf(r.stdout)).toEqual(all.slice(100, 110).map((c) => c.block).reverse());
    expect(seen).toEqual([`/api/v2/addresses/${ADDR.rich}/coin-balance-history?block_number=${hi}`]);
  });

  it('--json prints the items as sent; CSV has its header', async () => {
    const r = await scout(['address', 'balance-history', ADDR.rich, '--limit', '2', '--json']);
    const body = await (await fetch(`${srv.url}/api/v2/addresses/${ADDR.rich}/coin-balance-history`)).text();
    expect(JSON.parse(r.stdout)).toEqual((JSON.parse(body) as { items: unknown[] }).items.slice(0, 2));
    const csv = await scout(['address', 'balance-history', ADDR.rich, '--limit', '1', '--csv']);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('timestamp,block_number,delta_wei,delta,balance_wei,balance,transaction_hash');
  });

  it('a hostile transaction hash is shown safe', async () => {
    const r = await scout(['address', 'balance-history', AREA.hostile], { stdoutIsTTY: true, width: 120, color: false });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('--daily: the days the explorer keeps, date and balance', async () => {
    const r = await scout(['address', 'balance-history', ADDR.rich, '--daily']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map((l) => [l.split('\t')[0], l.split('\t')[1]])).toEqual(daysOf(ADDR.rich).map((d) => [d.date, d.value]));
  });

  it('--chart on a terminal: a chart across the width with the balance in ETH and dates; no escapes without colour', async () => {
    const r = await scout(['address', 'balance-history', ADDR.rich, '--all', '--chart'], { stdoutIsTTY: true, width: 80 });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${ADDR.rich} · balance after each change (ETH)`);
    expect(lines[1]).toMatch(/^1,234\.56789 ETH ┤/);
    expect(lines.at(-1)).toMatch(/^\s+2024-08-\d\d\s+\d{4}-\d\d-\d\d\s+2025-08-11$/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(r.stdout).not.toContain('\u001b');
    const colour = await scout(['address', 'balance-history', ADDR.rich, '--chart'], { stdoutIsTTY: true, color: true });
    expect(colour.stdout).toContain('\u001b[');
  });

  it('--chart piped prints the rows, as without it', async () => {
    const a = await scout(['address', 'balance-history', ADDR.rich, '--chart']);
    const b = await scout(['address', 'balance-history', ADDR.rich]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('refuses an empty window and blocks with --daily before any request', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    let seen = await requestsOf(async () => (r = await scout(['address', 'balance-history', ADDR.rich, '--since', '2025-01-01', '--until', '2024-01-01'])));
    expect([r.code, seen]).toEqual([2, []]);
    expect(r.stderr).toMatch(/empty window/);
    seen = await requestsOf(async () => (r = await scout(['address', 'balance-history', ADDR.rich, '--daily', '--since', 'block:5'])));
    expect([r.code, seen]).toEqual([2, []]);
  });
});

describe('stats --chart', () => {
  it('piped: the days as lines; --json as sent; a terminal gets the chart', async () => {
    const r = await scout(['stats', '--chart', 'transactions']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^2025-08-11\t\d+$/);
    const json = await scout(['stats', '--chart', 'market', '--json']);
    const body = await (await fetch(`${srv.url}/api/v2/stats/charts/market`)).text();
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(body));
    const tty = await scout(['stats', '--chart', 'market'], { stdoutIsTTY: true, width: 80 });
    expect(tty.stdout.split('\n')[0]).toBe('closing price of the coin, USD');
    expect(tty.stdout).toMatch(/3,273\.43 USD ┤/);
    expect(tty.stdout).toMatch(/3,000 USD ┤/);
  });

  it("secondary: the secondary coin's chart, its own path, drawn as prices", async () => {
    const mark = srv.requests.length;
    const tty = await scout(['stats', '--chart', 'secondary'], { stdoutIsTTY: true, width: 80 });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout.split('\n')[0]).toBe('closing price of the secondary coin, USD');
    expect(tty.stdout).toMatch(/ USD ┤/);
    expect(srv.requests.slice(mark).map((q) => q.path)).toContain('/api/v2/stats/charts/secondary-coin-market');
  });

  it('`scout stats` without --chart is the stats as before', async () => {
    const r = await scout(['stats', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('total_blocks');
  });
});
