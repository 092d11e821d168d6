/**
 * Where explorer keys go (README, Security): a key set once for everything (SCOUT_EXPLORER_KEY,
 * "explorer-key" in the config file) goes to Blockscout-hosted explorers and to a base URL the user
 * named, never to a self-hosted explorer that `--chain` picked from the registry, unless the config
 * file binds that explorer's origin (`"chains" › "<name>" › "base-url"`): keys are bound to origins.
 * The registry chain here is served by the local fake, so the test sees exactly which requests
 * carried `x-api-key`.
 * The admin key file is read only by admin commands: a FIFO there does not hold up an explorer command.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const A = ADDR.empty;
const GLOBAL = 'global-key-7f3a';
const PER_CHAIN = 'chain-key-91bd';
const FLAG = 'flag-key-c0de';

/** A config dir whose chains cache lists "Scout Localnet" (self-hosted, served by the fake) and whose config file holds `config`. */
function home(config?: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scout-keys-'));
  mkdirSync(join(dir, 'scout'));
  const chains = [{ id: '31337', name: 'Scout Localnet', names: ['scout-localnet'], explorer: srv.url, coin: 'LCL', testnet: true }];
  writeFileSync(join(dir, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
  if (config) writeFileSync(join(dir, 'scout', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return dir;
}

/** Runs scout in-process; returns the exit code, stderr and the `x-api-key` of each request it made. */
async function scout(args: string[], env: Record<string, string>) {
  const before = srv.requests.length;
  const io = memoryIo({ env });
  const code = await run(['node', 'scout', ...args, '--retries', '0'], io);
  const keys = srv.requests.slice(before).map((r) => r.headers['x-api-key'] ?? null);
  return { code, stderr: io.stderr(), stdout: io.stdout(), keys };
}

const txs = ['address', 'txs', A, '--json'];

describe('a global explorer key and a self-hosted explorer picked by --chain', () => {
  it('SCOUT_EXPLORER_KEY is withheld: the request goes without a key, and nothing is said without --verbose', async () => {
    const r = await scout(['--chain', 'scout-localnet', ...txs], { XDG_CONFIG_HOME: home(), SCOUT_EXPLORER_KEY: GLOBAL });
    expect(r).toMatchObject({ code: 0, stdout: '[]\n', stderr: '', keys: [null] });
  });

  it('"explorer-key" in the config file is withheld too, also when the chain comes from SCOUT_CHAIN', async () => {
    const r = await scout(txs, { XDG_CONFIG_HOME: home({ 'explorer-key': GLOBAL }), SCOUT_CHAIN: '31337' });
    expect(r).toMatchObject({ code: 0, keys: [null] });
  });

  it('--verbose says so once, naming the source and never the key', async () => {
    const r = await scout(['--verbose', '--chain', 'scout-localnet', 'api', `addresses/${ADDR.rich}/transactions`, '--limit', '120'], {
      XDG_CONFIG_HOME: home(),
      SCOUT_EXPLORER_KEY: GLOBAL,
    });
    expect(r.code).toBe(0);
    expect(r.keys).toEqual([null, null, null]);
    const said = r.stderr.split('\n').filter((l) => /not sending the explorer key/.test(l));
    expect(said).toEqual([expect.stringMatching(/^scout: not sending the explorer key from SCOUT_EXPLORER_KEY to 127\.0\.0\.1:\d+: .*"chains" › "scout-localnet" › "base-url"/)]);
    expect(r.stderr).not.toContain(GLOBAL);
  });

  it('a key configured for the chain and bound to its explorer goes there (by name or by id), and wins over the global key', async () => {
    const byName = await scout(['--chain', 'scout-localnet', ...txs], { XDG_CONFIG_HOME: home({ chains: { 'Scout Localnet': { 'explorer-key': PER_CHAIN, 'base-url': srv.url } } }), SCOUT_EXPLORER_KEY: GLOBAL });
    expect(byName).toMatchObject({ code: 0, keys: [PER_CHAIN] });
    const byId = await scout(['--chain', 'scout-localnet', ...txs], { XDG_CONFIG_HOME: home({ 'explorer-key': GLOBAL, chains: { '31337': { 'explorer-key': PER_CHAIN, 'base-url': srv.url } } }) });
    expect(byId).toMatchObject({ code: 0, keys: [PER_CHAIN] });
  });

  it('a key configured for the chain but not bound to an explorer does not go to the one the registry names', async () => {
    const r = await scout(['--chain', 'scout-localnet', ...txs], { XDG_CONFIG_HOME: home({ chains: { 'scout-localnet': { 'explorer-key': PER_CHAIN } } }) });
    expect(r).toMatchObject({ code: 0, keys: [null] });
  });

  it('a key configured for another chain does not go there', async () => {
    const r = await scout(['--chain', 'scout-localnet', ...txs], { XDG_CONFIG_HOME: home({ chains: { base: { 'explorer-key': PER_CHAIN } } }) });
    expect(r).toMatchObject({ code: 0, keys: [null] });
  });

  it('--explorer-key on the command line goes to an explorer the file binds, over the per-chain key', async () => {
    const r = await scout(['--chain', 'scout-localnet', '--explorer-key', FLAG, ...txs], { XDG_CONFIG_HOME: home({ chains: { 'scout-localnet': { 'explorer-key': PER_CHAIN, 'base-url': srv.url } } }), SCOUT_EXPLORER_KEY: GLOBAL });
    expect(r).toMatchObject({ code: 0, keys: [FLAG] });
  });
});

describe('a base URL the user named gets the global key', () => {
  it.each([
    ['--base-url', (url: string) => ({ args: ['--base-url', url], env: {}, config: undefined })],
    ['SCOUT_BASE_URL', (url: string) => ({ args: [], env: { SCOUT_BASE_URL: url }, config: undefined })],
    ['"base-url" in the file', (url: string) => ({ args: [], env: {}, config: { 'base-url': url } })],
  ])('%s', async (_name, setup) => {
    const { args, env, config } = setup(srv.url);
    const r = await scout([...args, ...txs], { XDG_CONFIG_HOME: home(config), SCOUT_EXPLORER_KEY: GLOBAL, ...env });
    expect(r).toMatchObject({ code: 0, keys: [GLOBAL] });
  });

  it('a per-chain key does not follow a chain name to a base URL the user named', async () => {
    const r = await scout(['--base-url', srv.url, '--chain', 'scout-localnet', ...txs], { XDG_CONFIG_HOME: home({ chains: { 'scout-localnet': { 'explorer-key': PER_CHAIN } } }) });
    expect(r).toMatchObject({ code: 0, keys: [null] });
  });
});

describe('a key over plain http:// to a host other than loopback', () => {
  it('is exit 2 before any request, and --insecure is named as the way out', async () => {
    const r = await scout(['--base-url', 'http://explorer.example', '--explorer-key', FLAG, ...txs], { XDG_CONFIG_HOME: home() });
    expect(r).toMatchObject({ code: 2, stdout: '', keys: [] });
    expect(r.stderr).toBe(
      'scout: refusing to send the explorer key over plain http:// to explorer.example\nscout: use an https:// URL, or pass --insecure (SCOUT_INSECURE=1) to send it anyway, readable by anyone on the way\nscout: see \'scout address txs --help\'\n',
    );
  });
});

describe.runIf(process.platform !== 'win32')('the admin key file is read only by admin commands', () => {
  const fifo = () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-fifo-'));
    const path = join(dir, 'admin.key');
    execFileSync('mkfifo', [path]);
    return path;
  };

  it('a FIFO as --api-key-file does not hold up an explorer command', async () => {
    const r = await scout(['--api-key-file', fifo(), '--base-url', srv.url, ...txs], { XDG_CONFIG_HOME: home() });
    expect(r).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('an admin command refuses it with one line, without waiting for a writer', async () => {
    const path = fifo();
    const r = await scout(['--api-key-file', path, '--admin-url', srv.url, 'admin', 'networks'], { XDG_CONFIG_HOME: home() });
    expect(r).toMatchObject({ code: 2, keys: [] });
    expect(r.stderr).toBe(`scout: cannot read --api-key-file "${path}": not a regular file\nscout: see 'scout admin networks --help'\n`);
  });

  it('a key read from the file later is still redacted from what the admin host says', async () => {
    const key = 'adm-file-key-5e11';
    const dir = mkdtempSync(join(tmpdir(), 'scout-keyfile-'));
    writeFileSync(join(dir, 'admin.key'), key + '\n');
    // An admin host that quotes the key back in its error.
    const echo = http.createServer((req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `bad key ${String(req.headers.authorization)}` })));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      const r = await scout(['--verbose', '--api-key-file', join(dir, 'admin.key'), '--admin-url', url, 'admin', 'networks'], { XDG_CONFIG_HOME: home() });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('bad key Bearer ***');
      expect(r.stderr).not.toContain(key);
    } finally {
      echo.closeAllConnections();
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});
