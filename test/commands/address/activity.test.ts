/**
 * `scout address activity`: the advanced filter's one stream of an address's coin transfers,
 * internal transactions and token transfers, its options sent as the server's own filters, the
 * window exactly `--since` (inclusive) to `--until` (exclusive), method names looked up, and one line
 * naming the per-kind commands on an explorer without the endpoint.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressActivity } from '../../../src/api/endpoints.js';
import { ACTIVITY, activityEntries, MARCH, META, METHODS } from '../../support/fake/activity-data.js';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';
import { toJsonText } from '../../support/data.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
afterEach(() => srv.verify());

const env = (url = srv.url) => ({ SCOUT_BASE_URL: url, SCOUT_CHAIN: 'ethereum' });
const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(['address', 'activity', ...args], { env: env(), color: false, ...o });
const PATH = '/api/v2/advanced-filters';
const { wallet, friend, dex } = ACTIVITY;

/** The requests to `path` the fake saw while `f` ran, as their query pairs. */
async function sent(f: () => Promise<unknown>, path = PATH): Promise<Record<string, string>[]> {
  const before = srv.requests.length;
  await f();
  return srv.requests.slice(before).filter((r) => r.path === path).map((r) => Object.fromEntries(r.query));
}

/** The transaction hashes of a CSV's records, in order. */
const csvHashes = (csv: string): string[] => {
  const [head, ...rows] = csv.trimEnd().split('\r\n');
  const at = head!.split(',').indexOf('transaction_hash');
  return rows.map((r) => r.split(',')[at]!);
};
const hashOf = (ms: number) => String(activityEntries().find((e) => META.get(e)!.ms === ms)!.json.hash);
const march = activityEntries().filter((e) => META.get(e)!.ms >= MARCH.since && META.get(e)!.ms < MARCH.until);

describe('address activity: the window', () => {
  it('"what did vitalik.eth do in March 2024" is one command, and its CSV holds exactly March', async () => {
    srv.expect('GET', PATH, { age_from: '2024-03-01T00:00:00.000Z', age_to: '2024-03-31T23:59:59.999Z' });
    let r!: Awaited<ReturnType<typeof scout>>;
    const queries = await sent(async () => (r = await scout(['vitalik.eth', '--since', '2024-03', '--until', '2024-04', '--all', '--csv'])));
    expect(r.code, r.stderr).toBe(0);
    expect(march.length).toBeGreaterThan(50); // more than a page: --all followed the cursor
    expect(queries).toHaveLength(2);
    expect(csvHashes(r.stdout)).toEqual(march.map((e) => String(e.json.hash)));
    // The items on both ends are in; those a second outside are not.
    expect(r.stdout).toContain(hashOf(MARCH.since));
    expect(r.stdout).toContain(hashOf(MARCH.until - 1000));
    expect(r.stdout).not.toContain(hashOf(MARCH.since - 1000));
    expect(r.stdout).not.toContain(hashOf(MARCH.until));
  });

  it('an item the server lets through at the end of the window is left out here', async () => {
    // The fake, as the real server, reads the bounds at whole seconds: 23:59:59.999 lets in 00:00:00.
    const q = new URLSearchParams({ from_address_hashes_to_include: wallet, to_address_hashes_to_include: wallet, age_to: '2024-03-31T23:59:59.999Z' });
    const body = await (await fetch(`${srv.url}${PATH}?${q}`)).text();
    expect(body).toContain(hashOf(MARCH.until));
    const r = await scout([wallet, '--until', '2024-04', '--limit', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(hashOf(MARCH.until));
    expect(r.stdout).toContain(hashOf(MARCH.until - 1000));
  });

  it('--json is the items as sent', async () => {
    const r = await scout([wallet, '--since', '2024-03-31', '--until', '2024-04', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const expected = march.filter((e) => META.get(e)!.ms >= Date.UTC(2024, 2, 31)).map((e) => toJsonText(e.json));
    expect(expected.length).toBeGreaterThan(0);
    for (const item of expected) expect(r.stdout).toContain(item);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(expected.length);
  });

  it('refuses a block, an empty window and a bad time with exit 2 before any request', async () => {
    for (const args of [
      ['--since', 'block:19000000'],
      ['--since', '2024-04', '--until', '2024-03'],
      ['--until', 'yesterday'],
    ]) {
      const before = srv.requests.length;
      const r = await scout([wallet, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^scout: (invalid --since|empty window|invalid --until)/);
      expect(srv.requests.length).toBe(before);
    }
  });
});

describe('address activity: filters', () => {
  it('--type: any case, sent as the server spells it; an unknown one is exit 2 before any request', async () => {
    srv.expect('GET', PATH, { transaction_types: 'ERC-20,COIN_TRANSFER' });
    const r = await scout([wallet, '--type', 'erc-20,coin_transfer', '--limit', '5']);
    expect(r.code, r.stderr).toBe(0);
    const before = srv.requests.length;
    const bad = await scout([wallet, '--type', 'ERC-7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --type "ERC-7"');
    expect(srv.requests.length).toBe(before);
  });

  it('--method: names are looked up, selectors go as they are; an unknown name is exit 3 naming it', async () => {
    srv.expect('GET', '/api/v2/advanced-filters/methods', { q: 'swapExactTokensForTokens' });
    srv.expect('GET', PATH, { methods: `${METHODS.swapExactTokensForTokens},${METHODS.approve}` });
    const r = await scout([wallet, '--method', `swapExactTokensForTokens,${METHODS.approve}`, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(activityEntries().filter((e) => [METHODS.swapExactTokensForTokens, METHODS.approve].includes(META.get(e)!.selector as never)).length);
    const unknown = await scout([wallet, '--method', 'noSuchMethod']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/no method named "noSuchMethod" on http:\/\/127\.0\.0\.1:\d+: give its 4-byte selector/);
    const many = await scout([wallet, '--method', Array.from({ length: 21 }, (_, i) => `0x${String(i).padStart(8, '0')}`).join(',')]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('the explorer takes at most 20');
  });

  it('--from names the senders: what they sent the address (relation and)', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const [q] = await sent(async () => (r = await scout([wallet, '--from', friend, '--limit', '10'])));
    expect(q).toMatchObject({ from_address_hashes_to_include: friend, to_address_hashes_to_include: wallet, address_relation: 'and' });
    expect(r.code, r.stderr).toBe(0);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.split('\t').slice(3, 5)).toEqual([friend, wallet]);
  });

  it('--from and --to together: both kinds, and only those', async () => {
    const r = await scout([wallet, '--from', friend, '--to', dex, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const pairs = new Set(r.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(3, 5).join('>')));
    expect(pairs).toEqual(new Set([`${friend}>${wallet}`, `${wallet}>${dex}`]));
  });

  it('--not-from leaves out every item of those senders, whatever the relation', async () => {
    const r = await scout([wallet, '--not-from', friend, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(activityEntries().filter((e) => e.from !== friend.toLowerCase()).length);
    for (const line of lines) expect(line.split('\t')[3]).not.toBe(friend);
  });

  it('--token and --min/--max: sent in units (the server scales each token by its decimals)', async () => {
    srv.expect('GET', PATH, { token_contract_address_hashes_to_include: ADDR.usdc, amount_from: '5', amount_to: '7.5' });
    const r = await scout([wallet, '--token', ADDR.usdc, '--min', '5.000', '--max', '07.5', '--all']);
    expect(r.code, r.stderr).toBe(0);
    const amounts = r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[6]);
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(Number(a) >= 5 && Number(a) <= 7.5, a).toBe(true);
    expect(new Set(amounts)).toEqual(new Set(['5.000012', '6.000012', '7.000012']));
  });

  it('refuses amounts the explorer would answer nothing to, or finer than the coin, with exit 2', async () => {
    for (const [args, words] of [
      [['--min', '2', '--max', '2'], 'wants --min below --max'],
      [['--max', '0.0'], 'must be above 0'],
      [['--min', '0.1234567890123456789'], 'the coin has 18 decimals'],
      [['--min', '1e3'], 'expected an amount'],
    ] as const) {
      const r = await scout([wallet, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(words);
    }
  });

  it('a name in an address list goes alone', async () => {
    const r = await scout([wallet, '--from', `alice-scout.eth,${friend}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a name goes alone');
  });
});

describe('address activity: an explorer without the advanced filter', () => {
  it.each([400, 404] as const)('answering %i: one line naming the per-kind commands, exit 3', async (status) => {
    const lacking = await startServer({ lacking: { [PATH]: status } });
    try {
      const r = await runScout(['address', 'activity', wallet], { env: env(lacking.url), color: false });
      expect(r.code).toBe(3);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('has no advanced filter (/api/v2/advanced-filters)');
      expect(lines[0]).toContain('scout address txs, address transfers and address internal-txs');
    } finally {
      await lacking.close();
    }
  });
});

describe('addressActivity (the request)', () => {
  const me = wallet.toLowerCase();
  const item = (from: string, to: string, timestamp = '2024-03-10T00:00:00.000000Z') => ({ from: { hash: from }, to: { hash: to }, timestamp });

  it('puts the address on the side left open, and keeps the window exactly', () => {
    const req = addressActivity(wallet, { sinceMs: MARCH.since, untilMs: MARCH.until });
    expect(req.params).toEqual([
      ['age_from', '2024-03-01T00:00:00.000Z'],
      ['age_to', '2024-03-31T23:59:59.999Z'],
      ['from_address_hashes_to_include', wallet],
      ['to_address_hashes_to_include', wallet],
      ['address_relation', 'or'],
    ]);
    const keep = req.itemFilter!;
    expect(keep(item(friend, me, '2024-03-01T00:00:00.000000Z'))).toBe(true);
    expect(keep(item(friend, me, '2024-02-29T23:59:59.999999Z'))).toBe(false);
    expect(keep(item(friend, me, '2024-04-01T00:00:00.000000Z'))).toBe(false);
    expect(keep(item(friend, me, '2024-03-31T23:59:59.999000Z'))).toBe(true);
  });

  it('with both sides named, keeps only what they sent it and what it sent them', () => {
    const keep = addressActivity(wallet, { from: [friend], to: [dex] }).itemFilter!;
    expect(keep(item(friend, me))).toBe(true);
    expect(keep(item(me, dex))).toBe(true);
    expect(keep(item(friend, dex))).toBe(false);
    expect(keep(item(me, friend))).toBe(false);
    expect(keep(item(dex, me))).toBe(false);
  });

  it('under `or` with one side named, only the address own items stay', () => {
    const req = addressActivity(wallet, { from: [friend], relation: 'or' });
    expect(req.params).toContainEqual(['address_relation', 'or']);
    expect(req.itemFilter!(item(friend, dex))).toBe(false);
    expect(req.itemFilter!(item(dex, me))).toBe(true);
  });
});

describe('address activity: a batch', () => {
  it('runs for each address from stdin, a method name looked up once', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const lookups = await sent(async () => (r = await scout(['-', '--limit', '2', '--method', 'approve'], { stdin: `vitalik.eth\n${wallet}\n` })), '/api/v2/advanced-filters/methods');
    expect(r.code, r.stderr).toBe(0);
    expect(lookups).toHaveLength(1);
    expect(r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[0])).toEqual(['vitalik.eth', 'vitalik.eth', wallet, wallet]);
  });
});
