/**
 * Errors that lead (issue 22): a usage error ends with where to read more, an option a command does
 * not take names the commands that do, and a chain typo suggests only names near it. All before any
 * request: the explorer here must see none.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

/** Runs scout against the test explorer and checks that it asked nothing of it. */
async function refused(args: string[], env: Record<string, string> = {}) {
  const before = srv.requests.length;
  const r = await runScout(['--base-url', srv.url, ...args], { env });
  expect(r).toMatchObject({ code: 2, stdout: '' });
  expect(srv.requests.length).toBe(before);
  return r.stderr.trimEnd().split('\n');
}

describe('every usage error ends with where to read more', () => {
  it.each([
    [['address', 'txs', '0xZZ'], 'scout address txs --help'],
    [['address', '0xZZ'], 'scout address show --help'],
    [['tx', 'show', '0x1234'], 'scout tx show --help'],
    [['blocks', '--type', 'orphan'], 'scout blocks --help'],
    [['address', 'txs', ADDR.rich, '--limit', '0'], 'scout address txs --help'],
    [['address', 'txs', ADDR.rich, '--json', '--csv'], 'scout address txs --help'],
    [['address', 'txs', ADDR.rich, '--timeout', 'soon'], 'scout address txs --help'],
  ])('%j: the message, then see the command’s help, last', async (args, help) => {
    const lines = await refused(args);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines[0]).toMatch(/^scout: (invalid|choose one)/);
    expect(lines.at(-1)).toBe(`scout: see '${help}'`);
  });

  it('a bad variable or config file points to the topic on settings, not to a command', async () => {
    expect((await refused(['address', 'txs', ADDR.rich], { SCOUT_TIMEOUT: 'soon' })).at(-1)).toBe("scout: see 'scout help environment'");
    const home = mkdtempSync(join(tmpdir(), 'scout-lead-'));
    mkdirSync(join(home, 'scout'));
    writeFileSync(join(home, 'scout', 'config.json'), '{"timeout": "soon"}');
    expect((await refused(['address', 'txs', ADDR.rich], { XDG_CONFIG_HOME: home })).at(-1)).toBe("scout: see 'scout help environment'");
    writeFileSync(join(home, 'scout', 'config.json'), '{broken');
    expect(await refused(['address', 'txs', ADDR.rich], { XDG_CONFIG_HOME: home })).toEqual([
      expect.stringMatching(/^scout: invalid config file .*config\.json: not valid JSON/),
      'scout: fix it or move it away',
      "scout: see 'scout help environment'",
    ]);
  });
});

describe('--chains and chain names', () => {
  it('--chains on a command without it names the commands that take it, not --chain', async () => {
    for (const flag of [['--chains', 'eth'], ['--chains=eth']]) {
      const lines = await refused(['blocks', ...flag]);
      expect(lines).toEqual([
        'scout: blocks does not take --chains; these do: aa accounts, aa bundlers, aa bundles, aa factories, aa paymasters, accounts, address activity, address balance, address show, address tokens, address transfers, address txs, address userops, block at, contract call, contract read, contracts, deposits, export, hot, internal-txs, portfolio, rpc, search, tokens, transfers, tx show, txs, withdrawals',
        "scout: see 'scout blocks --help'",
      ]);
    }
  });

  it('a chain typo suggests the names near it; a name near none suggests nothing', async () => {
    const typo = await refused(['--chain', 'ethh', 'blocks']);
    expect(typo[1]).toMatch(/^scout: did you mean eth\? /);
    const far = await refused(['--chain', 'zzzz', 'blocks']);
    expect(far[0]).toBe('scout: unknown chain "zzzz"');
    expect(far[1]).not.toMatch(/did you mean/);
    expect(far[1]).toMatch(/`scout chains` lists the known chains/);
  });
});

describe('a value of the wrong kind says what it is and the command for it', () => {
  const HASH = '0x' + 'ab'.repeat(32);

  it.each([
    [[HASH], `that is a transaction hash: scout tx show ${HASH}`],
    [['vitalik.eth'], 'that is a name: scout address vitalik.eth'],
    [[ADDR.rich], `that is an address: scout address ${ADDR.rich}`],
    [['23116932'], 'that is a block number: scout block 23116932'],
  ])('%j alone: not a command, and which one takes it', async (args, hint) => {
    expect(await refused(args)).toEqual([`scout: unknown command '${args[0]}'`, `scout: ${hint}`, "scout: see 'scout --help'"]);
  });

  it('a transaction hash given for an address names tx show', async () => {
    for (const verb of [[], ['txs']]) {
      const lines = await refused(['address', ...verb, HASH]);
      expect(lines[1]).toBe(`scout: that is a transaction hash: scout tx show ${HASH}`);
      expect(lines).toHaveLength(3);
    }
  });

  it('a symbol given for a token names the search that finds it', async () => {
    for (const verb of [[], ['holders']]) {
      const lines = await refused(['token', ...verb, 'USDC']);
      expect(lines[1]).toBe('scout: to find a token by its symbol or name: scout search USDC --type token');
      expect(lines.at(-1)).toBe(`scout: see 'scout token ${verb[0] ?? 'show'} --help'`);
    }
  });

  it('an account given to contract or token holders: "is an address, not a contract", exit 3', async () => {
    for (const args of [['contract', ADDR.rich], ['contract', 'abi', ADDR.rich], ['token', 'holders', ADDR.rich]]) {
      const r = await runScout(['--base-url', srv.url, ...args]);
      expect(r).toMatchObject({ code: 3, stdout: '' });
      expect(r.stderr).toBe(`scout: ${ADDR.rich} is an address, not a contract\nscout: for the account itself: scout address ${ADDR.rich}\n`);
    }
    // A contract the explorer has no token for keeps the explorer's own 404.
    const r = await runScout(['--base-url', srv.url, 'token', 'holders', ADDR.contract]);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('not a contract');
  });
});
