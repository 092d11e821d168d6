/**
 * Names wherever an address is taken: checked (ENS normalisation) before any request, resolved
 * through the explorer's search by exact match of an `ens_domain` item's `ens_info.name`, then the
 * command runs with the address. Never a similar name; no match or no address is exit 3.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(args, { env: { SCOUT_BASE_URL: srv.url }, ...o });

/** What the fake saw while `f` ran: each request's path and query. */
async function seen(f: () => Promise<unknown>): Promise<{ path: string; query: [string, string][] }[]> {
  const before = srv.requests.length;
  await f();
  return srv.requests.slice(before).map((r) => ({ path: r.path, query: r.query }));
}

describe('names as addresses', () => {
  it('a name resolves through search, then the command asks for the address it names', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['address', 'txs', 'scout-rich.eth', '--limit', '3'])));
    expect(r.code, r.stderr).toBe(0);
    expect(reqs[0]).toEqual({ path: '/api/v2/search', query: [['q', 'scout-rich.eth']] });
    expect(reqs.slice(1).map((q) => q.path)).toEqual([`/api/v2/addresses/${ADDR.rich}/transactions`]);
    const byHex = await scout(['address', 'txs', ADDR.rich, '--limit', '3']);
    expect(r.stdout).toBe(byHex.stdout);
  });

  it('the first item that names it but is no ens_domain (an address item with ens_info) does not count', async () => {
    const r = await scout(['address', 'show', 'scout-rich.eth']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Address\t${ADDR.rich}\n`);
  });

  it('case and ENS normalisation: Scout-Rich.ETH is scout-rich.eth, and is looked up as such', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['address', 'txs', 'Scout-Rich.ETH', '--limit', '1'])));
    expect(r.code, r.stderr).toBe(0);
    expect(reqs[0]?.query).toEqual([['q', 'scout-rich.eth']]);
  });

  it('a name beyond ASCII is normalised by ens-normalize: ÜNÏCØDÉ.eth is ünïcødé.eth', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['address', 'show', 'ÜNÏCØDÉ.eth'])));
    expect(r.code, r.stderr).toBe(0);
    expect(reqs[0]?.query).toEqual([['q', 'ünïcødé.eth']]);
    expect(r.stdout).toContain(`Address\t${ADDR.counterparty}\n`);
  });

  it('other name services: .base and .gno', async () => {
    const base = await scout(['address', 'show', 'router.base']);
    expect(base.stdout).toContain(`Address\t${ADDR.contract}\n`);
    const gno = await scout(['address', 'show', 'usdc.gno']);
    expect(gno.stdout).toContain(`Address\t${ADDR.usdc}\n`);
  });

  it("other topics' address arguments take names too: scout token usdc.gno", async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['token', 'usdc.gno', '--json'])));
    expect(r.code, r.stderr).toBe(0);
    expect(reqs.map((q) => q.path)).toContain(`/api/v2/tokens/${ADDR.usdc}`);
    expect(r.stdout).toBe((await scout(['token', ADDR.usdc, '--json'])).stdout);
  });

  it('--token takes a name too', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['address', 'transfers', 'scout-rich.eth', '--token', 'usdc.gno', '--limit', '1'])));
    expect(r.code, r.stderr).toBe(0);
    const list = reqs.find((q) => q.path.endsWith('/token-transfers'));
    expect(list?.path).toBe(`/api/v2/addresses/${ADDR.rich}/token-transfers`);
    expect(list?.query).toContainEqual(['token', ADDR.usdc]);
  });

  it('says what the name resolved to on stderr, only when stderr is a terminal', async () => {
    const tty = await scout(['address', 'txs', 'scout-rich.eth', '--limit', '1'], { stderrIsTTY: true });
    expect(tty.stderr).toContain(`scout-rich.eth → ${ADDR.rich.slice(0, 6)}…${ADDR.rich.slice(-4)}\n`);
    const piped = await scout(['address', 'txs', 'scout-rich.eth', '--limit', '1']);
    expect(piped.stderr).not.toContain('→');
  });

  it('the lookup and the command share one session: a config file warning is said once', async () => {
    const home = mkdtempSync(join(tmpdir(), 'scout-names-'));
    mkdirSync(join(home, 'scout'));
    const file = join(home, 'scout', 'config.json');
    writeFileSync(file, JSON.stringify({ 'explorer-key': 'k-names' }));
    chmodSync(file, 0o644);
    const r = await runScout(['address', 'txs', 'scout-rich.eth', '--limit', '1'], { env: { SCOUT_BASE_URL: srv.url, XDG_CONFIG_HOME: home } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/^scout: warning: .*other users can read it.*$/gm)).toHaveLength(1);
  });

  it('--json: stdout untouched by the lookup, the same as with the address', async () => {
    const byName = await scout(['address', 'txs', 'scout-rich.eth', '--limit', '2', '--json'], { stderrIsTTY: true });
    const byHex = await scout(['address', 'txs', ADDR.rich, '--limit', '2', '--json']);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toBe(byHex.stdout);
  });

  it('the next-page hint repeats the name as typed, and its cursor resumes with the name', async () => {
    const r = await scout(['address', 'txs', 'scout-rich.eth']);
    expect(r.code).toBe(0);
    const hint = /next page: scout (address txs scout-rich\.eth --cursor (\S+))\n/.exec(r.stderr);
    expect(hint, r.stderr).not.toBeNull();
    const page2 = await scout(['address', 'txs', 'scout-rich.eth', '--cursor', hint![2]!]);
    expect(page2.code, page2.stderr).toBe(0);
    const byHex = await scout(['address', 'txs', ADDR.rich, '--cursor', hint![2]!]);
    expect(page2.stdout).toBe(byHex.stdout);
  });

  it("another command's cursor is refused before the name is looked up", async () => {
    const r = await scout(['address', 'txs', 'scout-rich.eth']);
    const token = /--cursor (\S+)/.exec(r.stderr)![1]!;
    let refused!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (refused = await scout(['address', 'tokens', 'scout-rich.eth', '--cursor', token])));
    expect(refused.code).toBe(2);
    expect(reqs).toEqual([]);
  });

  it('only the very name: a near name the search also returns is never used (exit 3, one line, no further request)', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    // The fake answers `alice.eth` with alice-scout.eth.
    const reqs = await seen(async () => (r = await scout(['address', 'txs', 'alice.eth'])));
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^scout: no address for the name "alice\.eth" on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(reqs.map((q) => q.path)).toEqual(['/api/v2/search']);
  });

  it('a name that points nowhere (address null) is exit 3', async () => {
    const r = await scout(['address', 'show', 'nowhere.eth']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^scout: the name "nowhere\.eth" points to no address on .*\n$/);
  });

  it.each([
    ['a_b.eth', /invalid name "a_b\.eth": underscore allowed only at start/],
    ['vitalik', /invalid address "vitalik"/],
    ['vitalik..eth', /invalid address "vitalik\.\.eth"/],
    ['vitalik.eth.', /invalid address/],
    ['vi talik.eth', /invalid address/],
    ['evil\u001b[2J.eth', /invalid address "evil␛\[2J\.eth"/],
    ['\u0430pple.eth', /invalid name/],
  ])('malformed %j: exit 2, one line, before any request', async (bad, message) => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['address', 'txs', bad])));
    expect(r.code).toBe(2);
    expect(reqs).toEqual([]);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.anything(), "scout: see 'scout address txs --help'"]);
  });

  it('a malformed --token name is exit 2 before the argument name is looked up', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await seen(async () => (r = await scout(['address', 'transfers', 'scout-rich.eth', '--token', 'x_y.gno'])));
    expect(r.code).toBe(2);
    expect(reqs).toEqual([]);
  });
});
