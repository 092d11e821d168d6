/**
 * `scout address <address>` (`address show`): the overview from the address and its counters,
 * fetched together; a key/value block on a terminal, `Label<TAB>field…` lines piped, and for --json
 * the address object as sent with the counters object as sent under `counters`, byte for byte.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AREA, RICH_COUNTERS_TEXT } from '../../support/fake/address-data.js';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
// A request a test declared with srv.expect and that never came fails that test.
afterEach(() => srv.verify());

// The base URL and the chain on one level: the fake's URL, Ethereum's coin symbol.
const env = () => ({ SCOUT_BASE_URL: srv.url, SCOUT_CHAIN: 'ethereum' });
const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(args, { env: env(), color: false, ...o });

/** The requests the fake saw while `f` ran. */
async function requestsOf(f: () => Promise<unknown>): Promise<string[]> {
  const before = srv.requests.length;
  await f();
  return srv.requests.slice(before).map((r) => r.path);
}

/** The body the fake sends for `path`, as text. */
async function body(path: string): Promise<string> {
  return (await fetch(`${srv.url}${path}`)).text();
}

/** The value of the piped line labelled `label`. */
const field = (out: string, label: string) => out.split('\n').find((l) => l.startsWith(`${label}\t`))?.split('\t').slice(1);

describe('address show', () => {
  it('`scout address <address>` is the overview: its requests (the address, its counters, whether it is a smart account), every count, the exact balance', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const paths = await requestsOf(async () => (r = await scout(['address', ADDR.rich])));
    expect(r.code, r.stderr).toBe(0);
    expect(paths.sort()).toEqual([`/api/v2/addresses/${ADDR.rich}`, `/api/v2/addresses/${ADDR.rich}/counters`, `/api/v2/proxy/account-abstraction/accounts/${ADDR.rich}`]);
    expect(field(r.stdout, 'Address')).toEqual([ADDR.rich]);
    expect(field(r.stdout, 'ENS')).toEqual(['scout-rich.eth']);
    expect(field(r.stdout, 'Contract')).toEqual(['false']);
    expect(field(r.stdout, 'Balance')).toEqual(['1234567890123456789012', '1234.567890123456789012']);
    expect(field(r.stdout, 'Balance USD')).toEqual(['5276036.99']);
    expect(field(r.stdout, 'Transactions')).toEqual(['120']);
    expect(field(r.stdout, 'Token transfers')).toEqual(['75']);
    // Past 2^53: kept as the digits sent.
    expect(field(r.stdout, 'Gas used')).toEqual(['9007199254740993']);
    expect(r.stderr).toBe('');
  });

  it('is the same as `address show`', async () => {
    const a = await scout(['address', ADDR.rich]);
    const b = await scout(['address', 'show', ADDR.rich]);
    expect(b.stdout).toBe(a.stdout);
  });

  it('on a terminal: the exact balance in the chain coin and USD, counts grouped', async () => {
    const r = await scout(['address', ADDR.rich], { stdoutIsTTY: true, width: 120 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Balance\s+1,234\.567890123456789012 ETH {2}\(\$5,276,036\.99\)/);
    expect(r.stdout).toMatch(/Gas used\s+9,007,199,254,740,993/);
    expect(r.stdout).toMatch(/Kind\s+EOA/);
  });

  it('a contract: verified, proxy type and implementation, creator and creation transaction, tags', async () => {
    const r = await scout(['address', ADDR.contract], { stdoutIsTTY: true, width: 120 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Kind\s+contract, verified/);
    expect(r.stdout).toMatch(new RegExp(`Proxy\\s+eip1967\\n\\s+→ UniversalRouterV2  ${ADDR.contractImpl}`));
    expect(r.stdout).toMatch(new RegExp(`Creator\\s+${ADDR.counterparty}`));
    expect(r.stdout).toMatch(new RegExp(`Created in\\s+${TX.creation}`));
    expect(r.stdout).toMatch(/Public tags\s+Scout Router/);
    expect(r.stdout).toMatch(/Metadata tags\s+DEX \(generic\)/);
    const piped = await scout(['address', ADDR.contract]);
    expect(field(piped.stdout, 'Implementation')).toEqual([ADDR.contractImpl, 'UniversalRouterV2']);
    expect(field(piped.stdout, 'Proxy type')).toEqual(['eip1967']);
    expect(field(piped.stdout, 'Verified')).toEqual(['true']);
    expect(field(piped.stdout, 'Public tag')).toEqual(['scout-router', 'Scout Router']);
  });

  it('the scam flag shows, in words, on a terminal and piped', async () => {
    const tty = await scout(['address', ADDR.scam], { stdoutIsTTY: true });
    expect(tty.stdout).toMatch(/\[scam\]/);
    expect(tty.stdout).toMatch(/Reputation\s+scam/);
    expect(field((await scout(['address', ADDR.scam])).stdout, 'Scam')).toEqual(['true']);
  });

  it('--json: the address object as sent, the counters object as sent under "counters"', async () => {
    const address = await body(`/api/v2/addresses/${ADDR.rich}`);
    const counters = await body(`/api/v2/addresses/${ADDR.rich}/counters`);
    expect(counters).toBe(RICH_COUNTERS_TEXT);
    const r = await scout(['address', ADDR.rich, '--json']);
    expect(r.code, r.stderr).toBe(0);
    // Number text JSON.parse would change (2.50, 1.0e3) proves nothing was re-serialised.
    expect(address).toContain('"l1_extra":2.50');
    expect(r.stdout).toBe(`${address.slice(0, -1)},"counters":${counters}}\n`);
    const nd = await scout(['address', ADDR.rich, '--ndjson']);
    expect(nd.stdout).toBe(r.stdout);
    const jq = await scout(['address', ADDR.rich, '--jq', '.counters.transactions_count']);
    expect(jq.stdout).toBe('120\n');
  });

  it('counters that fail: the overview still shows, a warning says so, exit 0; --json has no counters key', async () => {
    const r = await scout(['address', AREA.countersDown]);
    expect(r.code).toBe(0);
    expect(field(r.stdout, 'Address')).toEqual([AREA.countersDown]);
    expect(field(r.stdout, 'Transactions')).toBeUndefined();
    expect(r.stderr).toMatch(/^scout: warning: no counters for this address \(.*HTTP 500.*\); showing the rest\n$/);
    // --json asks for the counters too and leaves them out because they failed, not because it never asked.
    srv.expect('GET', `/api/v2/addresses/${AREA.countersDown}/counters`);
    const j = await scout(['address', AREA.countersDown, '--json']);
    expect(j.code).toBe(0);
    expect(j.stdout).toBe((await body(`/api/v2/addresses/${AREA.countersDown}`)) + '\n');
  });

  it('an address the server never saw is not found: exit 3, one line', async () => {
    const r = await scout(['address', AREA.unknown]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^scout: address 0x[0-9a-fA-F]{40} not found/);
  });

  it.each([['0x123'], ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604Z'], ['vitalik'], ['a..eth'], ['.eth'], ['vitalik.eth/x']])('malformed %j: exit 2, one line, no request', async (bad) => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const paths = await requestsOf(async () => (r = await scout(['address', 'show', bad])));
    expect(r.code).toBe(2);
    expect(paths).toEqual([]);
    expect(r.stderr).toMatch(/^scout: invalid address ".*": expected 0x followed by 40 hex digits, or a name such as vitalik\.eth\n/);
  });

  it('hostile names, tags, proxy type and token text never reach the terminal raw', async () => {
    for (const tty of [true, false]) {
      const r = await scout(['address', AREA.hostile], { stdoutIsTTY: tty, width: 100 });
      expect(r.code, r.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex
      expect(r.stdout.replace(/\u001b\[(?:1|2|22|31|32|33|39)m/g, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
      expect(r.stdout).toContain('␛]0;pwned␇Airdrop');
    }
  });
});
