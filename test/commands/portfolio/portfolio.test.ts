/**
 * `scout portfolio`: a wallet over several chains, each its own fake explorer (fake/portfolio.ts):
 * `alpha` with priced, unpriced, dust, scam-flagged and hostile tokens, `beta` with a coin of its
 * own, `gamma` where the wallet has no activity (skipped by its tab counters), `delta` failing with
 * a 500 (the total partial, the exit code the runner's). Exact sums, every output mode, batches
 * with a combined total, names, and bad input refused before any request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SYMBOL, PORTFOLIO } from '../../support/fake/portfolio-data.js';
import { chainsConfig } from '../../support/two-chains.js';
import { runScout } from '../../support/scout.js';
import { type FakeServer, startServer } from '../../support/server.js';
import { PIPED_COLUMNS } from '../../../src/kit/piped-columns.js';

let main: FakeServer;
let side: FakeServer;
let idle: FakeServer;
let down: FakeServer;
let config: string;
beforeAll(async () => {
  [main, side, idle, down] = await Promise.all([startServer({ portfolio: 'main' }), startServer({ portfolio: 'side' }), startServer({ portfolio: 'idle' }), startServer({ portfolio: 'down' })]);
  config = chainsConfig('portfolio', [
    { id: '41001', name: 'alpha', url: main.url, coin: 'ETH' },
    { id: '41002', name: 'beta', url: side.url, coin: 'XDAI' },
    { id: '41003', name: 'gamma', url: idle.url },
    { id: '41004', name: 'delta', url: down.url },
    { id: '41005', name: 'testy', url: idle.url, testnet: true },
  ]);
});
afterAll(async () => {
  await Promise.all([main, side, idle, down].map((s) => s.close()));
});
afterEach(() => [main, side, idle, down].forEach((s) => s.verify()));

const servers = () => [main, side, idle, down];
const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) =>
  runScout(['--retries', '0', 'portfolio', ...args], { color: false, ...o, env: { XDG_CONFIG_HOME: config, SCOUT_BASE_URL: main.url, ...o.env } });

/** The requests each explorer saw while `f` ran, as paths. */
async function requestsOf(f: () => Promise<unknown>): Promise<string[][]> {
  const before = servers().map((s) => s.requests.length);
  await f();
  return servers().map((s, i) => s.requests.slice(before[i]).map((r) => r.path));
}

const W = PORTFOLIO.wallet;

/** Exact USD, worked out here from the fake's figures with integers: amount (base units) × price. */
function usd(terms: readonly [string, number, string][]): string {
  // Everything at 60 decimal places, exact.
  let sum = 0n;
  for (const [raw, decimals, price] of terms) {
    const [w, f = ''] = price.split('.');
    sum += BigInt(raw) * BigInt(w + f) * 10n ** BigInt(60 - decimals - f.length);
  }
  const s = sum.toString().padStart(61, '0');
  return `${s.slice(0, -60)}.${s.slice(-60)}`.replace(/\.?0+$/, '');
}

const ALPHA: [string, number, string][] = [
  ['1500000000000000000', 18, '4273.59'],
  ['2500000123', 6, '0.999878'],
  ['3000000000000000000000', 18, '0.100000000000000000000000000001'],
  ['1000000000000000', 18, '0.5'],
  ['3000000000000000000', 18, '2'],
];
const BETA: [string, number, string][] = [
  ['2000000000000000000', 18, '1.01'],
  ['12345', 2, '10'],
];

interface Portfolio {
  address: string;
  name?: string;
  chains: Record<string, { address: unknown; token_balances: unknown }>;
  holdings: { chain: string; chain_id: string; token: string; symbol: string; amount: string; price_usd: string | null; value_usd: string | null; flagged: boolean }[];
  subtotals: Record<string, { chain: string; usd: string; usd_exact: string; unpriced: number }>;
  totals: { usd: string; usd_exact: string; partial: boolean; hidden: { flagged: number; below_min_usd: number }; unpriced: number; chains: number };
  failed: { chain: string; chain_id: string; error: string }[];
  skipped: { chain: string; chain_id: string }[];
}

describe('portfolio over the mainnets', () => {
  it('on a terminal: a block per chain in registry order, unpriced apart, subtotals, the total marked partial; exit 1 for the 500', async () => {
    const r = await scout([W], { stdoutIsTTY: true, stderrIsTTY: true, width: 120 });
    expect(r.code, r.stderr).toBe(1);
    const out = r.stdout;
    expect(out.indexOf('alpha (41001)')).toBeLessThan(out.indexOf('beta (41002)'));
    // No activity on gamma: no block; the testnet is not a mainnet; delta failed.
    expect(out).not.toMatch(/gamma|testy|delta \(/);
    expect(out).toMatch(/no price \(left out of the totals\): 2\n.*NOPE/);
    expect(out).toContain(`subtotal $${Number(usd(ALPHA).split('.')[0]).toLocaleString('en-US')}.08`);
    expect(out).toContain('subtotal $1,236.52');
    expect(out).toMatch(/total \$10,452\.60 across 2 chains \(partial: delta failed\)/);
    // Dust shows as dust; scam-flagged tokens are hidden and counted.
    expect(out).toMatch(/DUST .*<\$0\.01/);
    expect(out).not.toMatch(/FREE|AIRDROP/);
    expect(r.stderr).toContain('scout: hidden: 2 flagged as scam or of low reputation (--include-scam shows them)');
    expect(r.stderr).toContain('scout: no activity on 1 chain: gamma');
    expect(r.stderr).toMatch(/scout: delta \(41004\): GET .*token-balances failed with HTTP 500: Internal server error/);
    expect(r.stderr).toContain('1 of 4 chains failed: delta; the total is partial');
    // Chain text reaches the terminal made safe.
    expect(out).not.toMatch(/\u001b|\u202e/);
  });

  it('asks the tab counters first and nothing more of a chain without activity; named chains are asked directly', async () => {
    const seen = await requestsOf(() => scout([W, '--json']));
    const counters = `/api/v2/addresses/${W}/tabs-counters`;
    expect(seen[2]).toEqual([counters]);
    expect(seen[1]!.sort()).toEqual([counters, `/api/v2/addresses/${W}`, `/api/v2/addresses/${W}/token-balances`].sort());
    const named = await requestsOf(() => scout([W, '--chains', 'beta,gamma', '--json']));
    expect(named[1]!.sort()).toEqual([`/api/v2/addresses/${W}`, `/api/v2/addresses/${W}/token-balances`].sort());
    expect(named[2]!.sort()).toEqual([`/api/v2/addresses/${W}`, `/api/v2/addresses/${W}/token-balances`].sort());
  });

  it('--json: the answers as sent under chains, the exact totals apart, the failed and skipped chains named', async () => {
    const r = await scout([W, '--json']);
    expect(r.code).toBe(1);
    const p = JSON.parse(r.stdout) as Portfolio;
    for (const [id, srv] of [['41001', main], ['41002', side]] as const) {
      const address = await (await fetch(`${srv.url}/api/v2/addresses/${W}`)).text();
      const tokens = await (await fetch(`${srv.url}/api/v2/addresses/${W}/token-balances`)).text();
      // Byte for byte: the rate with more digits than a double holds stays as sent.
      expect(r.stdout).toContain(`"${id}":{"address":${address},"token_balances":${tokens}}`);
    }
    expect(Object.keys(p.chains)).toEqual(['41001', '41002']);
    expect(p.subtotals['41001']).toEqual({ chain: 'alpha', usd: '9216.08', usd_exact: usd(ALPHA), unpriced: 2 });
    expect(p.subtotals['41002']).toEqual({ chain: 'beta', usd: '1236.52', usd_exact: usd(BETA), unpriced: 0 });
    expect(p.totals).toEqual({ usd: '10452.60', usd_exact: usd([...ALPHA, ...BETA]), partial: true, hidden: { flagged: 2, below_min_usd: 0 }, unpriced: 2, chains: 2 });
    expect(p.failed).toEqual([{ chain: 'delta', chain_id: '41004', error: expect.stringContaining('HTTP 500') }]);
    expect(p.skipped).toEqual([{ chain: 'gamma', chain_id: '41003' }]);
    // Priced first, largest value first; zero balances left out; unpriced holdings carry no price.
    expect(p.holdings.filter((h) => h.chain === 'alpha').map((h) => h.symbol)).toEqual(['ETH', 'USDC', 'PRC', HOSTILE_SYMBOL, 'DUST', 'NOPE', 'PNFT']);
    expect(p.holdings.find((h) => h.symbol === 'NOPE')).toMatchObject({ price_usd: null, value_usd: null });
  });

  it('every chain answering: exit 0, the total not partial', async () => {
    const r = await scout([W, '--chains', 'alpha,beta', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Portfolio).totals).toMatchObject({ partial: false, usd: '10452.60' });
  });

  it('--include-scam shows flagged tokens and counts them; --min-usd hides small holdings but keeps them in the totals', async () => {
    const scam = JSON.parse((await scout([W, '--chains', 'alpha', '--include-scam', '--json'])).stdout) as Portfolio;
    expect(scam.holdings.filter((h) => h.flagged).map((h) => h.symbol)).toEqual(['FREE', 'AIRDROP']);
    expect(scam.totals.usd_exact).toBe(usd([...ALPHA, ['9000000000000000000000', 18, '1000000'], ['1000000000000000000', 18, '3']]));
    expect(scam.totals.hidden.flagged).toBe(0);
    const min = await scout([W, '--chains', 'alpha', '--min-usd', '6.00', '--json']);
    const m = JSON.parse(min.stdout) as Portfolio;
    // $6.00 exactly stays; the dust goes, and still counts.
    expect(m.holdings.map((h) => h.symbol)).toEqual(['ETH', 'USDC', 'PRC', HOSTILE_SYMBOL, 'NOPE', 'PNFT']);
    expect(m.totals).toMatchObject({ usd_exact: usd(ALPHA), hidden: { flagged: 2, below_min_usd: 1 } });
  });

  it('piped, CSV and NDJSON: one row per holding, the chain first; CSV neutralises formulas, piped lines are safe', async () => {
    const piped = await scout([W, '--chains', 'alpha,beta']);
    const lines = piped.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(lines.every((l) => l.length === PIPED_COLUMNS.portfolio.length)).toBe(true);
    expect(lines[0]).toEqual(['alpha', '41001', W, 'native', 'ETH', '1500000000000000000', '1.5', '4273.59', '6410.39']);
    expect(lines.at(-1)).toEqual(['beta', '41002', W, 'native', 'XDAI', '2000000000000000000', '2', '1.01', '2.02']);
    expect(piped.stdout).not.toMatch(/\u001b|\u202e/);
    const csv = await scout([W, '--chains', 'alpha', '--csv']);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('chain,chain_id,address,token,symbol,name,amount_raw,amount,price_usd,value_usd,type,token_id,decimals,reputation');
    expect(csv.stdout).toContain(`,"'=HYPERLINK(`);
    expect(csv.stdout).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(csv.stdout).toContain(`,${PORTFOLIO.nft},PNFT,Portfolio NFT,1,1,,,ERC-721,7,,ok`);
    const nd = await scout([W, '--chains', 'beta', '--ndjson']);
    expect(nd.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { symbol: string; value_usd: string }).value_usd)).toEqual(['1234.50', '2.02']);
  });

  it('--base-url without --chains: that one explorer, asked without the tab counters', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await runScout(['--retries', '0', '--base-url', side.url, 'portfolio', W, '--json'], { env: { XDG_CONFIG_HOME: config } })));
    expect(r.code, r.stderr).toBe(0);
    expect(seen[1]!.sort()).toEqual([`/api/v2/addresses/${W}`, `/api/v2/addresses/${W}/token-balances`].sort());
    expect([...seen[0]!, ...seen[2]!, ...seen[3]!]).toEqual([]);
    expect((JSON.parse(r.stdout) as Portfolio).totals.usd).toBe('1236.52');
  });

  it('a name resolves as other commands resolve it, and JSON keeps it', async () => {
    const r = await scout(['portfolio-scout.eth', '--chains', 'beta', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ address: W, name: 'portfolio-scout.eth' });
  });
});

describe('many wallets from stdin', () => {
  it('one portfolio per wallet, and with --combined the total of them all', async () => {
    const stdin = `${W}\n# a comment\n${PORTFOLIO.second}\n`;
    const list = JSON.parse((await scout(['-', '--chains', 'alpha,beta', '--json'], { stdin })).stdout) as Portfolio[];
    expect(list.map((p) => [p.address, p.totals.usd])).toEqual([
      [W, '10452.60'],
      [PORTFOLIO.second, '4273.59'],
    ]);
    const r = await scout(['-', '--chains', 'alpha,beta', '--json', '--combined'], { stdin });
    expect(r.code, r.stderr).toBe(0);
    const both = JSON.parse(r.stdout) as { wallets: Portfolio[]; combined: Record<string, unknown> };
    expect(both.wallets).toHaveLength(2);
    expect(both.combined).toEqual({ usd: '14726.19', usd_exact: usd([...ALPHA, ...BETA, ['1000000000000000000', 18, '4273.59']]), partial: false, hidden: { flagged: 2, below_min_usd: 0 }, unpriced: 2, wallets: 2 });
    const tty = await scout(['-', '--chains', 'alpha,beta', '--combined'], { stdin, stdoutIsTTY: true, width: 120 });
    expect(tty.stdout).toMatch(new RegExp(`^${W}\\n`));
    expect(tty.stdout).toContain(`\n${PORTFOLIO.second}\n`);
    expect(tty.stdout).toMatch(/combined total \$14,726\.19 across 2 wallets\n$/);
  });

  it('piped rows of every wallet carry its address', async () => {
    const r = await scout(['-', '--chains', 'alpha'], { stdin: `${W}\n${PORTFOLIO.second}\n` });
    expect(new Set(r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[2]))).toEqual(new Set([W, PORTFOLIO.second]));
  });
});

describe('bad input', () => {
  it.each([
    [['--min-usd', 'ten'], /invalid --min-usd "ten": expected an amount of dollars/],
    [['--min-usd', '-1'], /invalid --min-usd "-1"/],
    [['--min-usd', '1e3'], /invalid --min-usd "1e3"/],
    [['--combined'], /--combined adds up wallets read from stdin/],
    [['--chains', 'nowhere'], /nowhere/],
  ])('refuses %j before any request (exit 2)', async (args, message) => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout([W, ...args])));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(seen.flat()).toEqual([]);
  });

  it('a bad line of stdin is refused, naming it, before any request', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const seen = await requestsOf(async () => (r = await scout(['-', '--chains', 'alpha'], { stdin: `${W}\n0x123\n` })));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2: invalid address "0x123"/);
    expect(seen.flat()).toEqual([]);
  });
});
