/**
 * `scout open` and `--web`: the explorer's page URL, opened in a browser only when stdout is a
 * terminal. The browser is the Io's opener here (recorded), never a real one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  opened: string[];
  requests: string[];
}

/** Runs scout with a recording opener; what it printed, opened and asked the fake. */
async function scout(args: string[], o: { tty?: boolean; env?: Record<string, string>; fail?: boolean } = {}): Promise<Run> {
  const opened: string[] = [];
  const before = srv.requests.length;
  const r = await runScout(args, {
    env: { SCOUT_BASE_URL: srv.url, ...o.env },
    stdoutIsTTY: o.tty ?? false,
    openUrl: async (url) => {
      opened.push(url);
      if (o.fail) throw new Error('xdg-open: not found');
    },
  });
  return { ...r, opened, requests: srv.requests.slice(before).map((q) => q.path) };
}

describe('scout open', () => {
  it.each([
    [[ADDR.rich], `/address/${ADDR.rich}`],
    [[TX.ok], `/tx/${TX.ok}`],
    [['19999999'], '/block/19999999'],
    [['address', ADDR.usdc], `/address/${ADDR.usdc}`],
    [['token', ADDR.usdc], `/token/${ADDR.usdc}`],
    [['tx', TX.ok], `/tx/${TX.ok}`],
    [['block', '007'], '/block/7'],
    [['BLOCK', TX.ok], `/block/${TX.ok}`],
  ])('%j prints the page URL, asks the explorer nothing, opens nothing', async (args, path) => {
    const r = await scout(['open', ...args]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${srv.url}${path}\n`);
    expect(r.requests).toEqual([]);
    expect(r.opened).toEqual([]);
  });

  it('a name is an address page, resolved first', async () => {
    const r = await scout(['open', 'router.base']);
    expect(r.stdout).toBe(`${srv.url}/address/${ADDR.contract}\n`);
    expect(r.requests).toEqual(['/api/v2/search']);
    const token = await scout(['open', 'token', 'usdc.gno']);
    expect(token.stdout).toBe(`${srv.url}/token/${ADDR.usdc}\n`);
  });

  it('keeps the base URL’s path: an explorer served under /explorer has its pages there', async () => {
    const r = await scout(['open', TX.ok], { env: { SCOUT_BASE_URL: `${srv.url}/explorer` } });
    expect(r.stdout).toBe(`${srv.url}/explorer/tx/${TX.ok}\n`);
  });

  it("with the PRO API, the chain's own explorer (no key needed to name a page)", async () => {
    const r = await runScout(['--chain', 'base', '--pro', 'open', ADDR.rich]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`https://base.blockscout.com/address/${ADDR.rich}\n`);
  });

  it('on a terminal open opens the page and says so on stderr (as gh browse); stdout stays empty', async () => {
    const r = await scout(['open', TX.ok], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([`${srv.url}/tx/${TX.ok}`]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Opening ${srv.url}/tx/${TX.ok} in your browser.\n`);
  });

  it('--web with stdout not a terminal never opens anything: it prints the URL', async () => {
    const r = await scout(['open', TX.ok, '--web']);
    expect(r.opened).toEqual([]);
    expect(r.stdout).toBe(`${srv.url}/tx/${TX.ok}\n`);
  });

  it('-n/--print prints the URL and opens nothing, even on a terminal; --web is still taken', async () => {
    for (const flag of ['-n', '--print']) {
      const r = await scout(['open', TX.ok, flag], { tty: true });
      expect(r.opened, flag).toEqual([]);
      expect(r.stdout, flag).toBe(`${srv.url}/tx/${TX.ok}\n`);
    }
    expect((await scout(['open', TX.ok, '--web'], { tty: true })).opened).toEqual([`${srv.url}/tx/${TX.ok}`]);
  });

  it('a browser that cannot start: the URL printed, a warning, exit 0', async () => {
    const r = await scout(['open', TX.ok], { tty: true, fail: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${srv.url}/tx/${TX.ok}\n`);
    expect(r.stderr).toMatch(/^scout: warning: could not open a browser \(xdg-open: not found\)/);
  });

  it.each([
    [[], /scout open needs what to open/],
    [['tx'], /scout open tx needs a value/],
    [['tx', ADDR.rich], /invalid transaction hash/],
    [['block', 'x1'], /invalid block "x1"/],
    [['page', ADDR.rich], /invalid kind "page": expected address, tx, block, token/],
    [['address', ADDR.rich, 'more'], /takes one thing to open/],
    [['vitalik'], /invalid address "vitalik"/],
    [['token', 'a_b.eth'], /invalid name/],
  ])('%j: exit 2, one line, no request', async (args, message) => {
    const r = await scout(['open', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.requests).toEqual([]);
  });
});

describe('--web on address show, tx show and token show', () => {
  it('tx show --web on a terminal opens the transaction page instead of fetching it', async () => {
    const r = await scout(['tx', 'show', TX.ok, '--web'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([`${srv.url}/tx/${TX.ok}`]);
    expect(r.requests).toEqual([]);
  });

  it('address --web with a name: resolved, then the page; piped it is printed', async () => {
    const r = await scout(['address', 'scout-rich.eth', '--web']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${srv.url}/address/${ADDR.rich}\n`);
    expect(r.opened).toEqual([]);
    expect(r.requests).toEqual(['/api/v2/search']);
    const tty = await scout(['address', 'show', ADDR.rich, '--web'], { tty: true });
    expect(tty.opened).toEqual([`${srv.url}/address/${ADDR.rich}`]);
  });

  it('block --web: the block page by number or hash, opened on a terminal; latest has no page', async () => {
    const r = await scout(['block', '23,116,932', '--web'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([`${srv.url}/block/23116932`]);
    expect(r.requests).toEqual([]);
    const latest = await scout(['block', 'latest', '--web'], { tty: true });
    expect(latest.code).toBe(2);
    expect(latest.stderr).toMatch(/not latest/);
    expect(latest.opened).toEqual([]);
  });

  it('token --web (one line in its spec): the token page, opened on a terminal', async () => {
    const r = await scout(['token', ADDR.usdc, '--web'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([`${srv.url}/token/${ADDR.usdc}`]);
    expect(r.requests).toEqual([]);
  });

  it('--web does not go with --json', async () => {
    const r = await scout(['tx', 'show', TX.ok, '--web', '--json'], { tty: true });
    expect(r.code).toBe(2);
    expect(r.opened).toEqual([]);
    expect(r.requests).toEqual([]);
  });
});
