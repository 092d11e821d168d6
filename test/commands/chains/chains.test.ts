/**
 * `scout chains` and `--chain`: the built-in table, `--refresh` from a registry served on 127.0.0.1
 * by this file (the shape of chains.blockscout.com/api/chains), and lookups that then find the
 * cached chains, whose explorer is the local fake.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';

let explorer: FakeServer;
let registry: http.Server;
let registryUrl: string;
let registryHits = 0;

function registryBody(explorerUrl: string): string {
  return JSON.stringify({
    '31337': { name: 'Scout Localnet', isTestnet: true, native_currency: 'LCL', explorers: [{ url: explorerUrl + '/', hostedBy: 'blockscout' }] },
    '8453': { name: 'Base', isTestnet: false, native_currency: 'ETH', explorers: [{ url: 'http://127.0.0.1:9/', hostedBy: 'self' }] },
    localside: { name: 'Local Side', isTestnet: false, native_currency: null, explorers: [{ url: explorerUrl, hostedBy: 'self' }] },
    '4242': { name: 'Far Away', isTestnet: false, native_currency: 'FAR', explorers: [{ url: 'https://far.example', hostedBy: 'self' }] },
  });
}

beforeAll(async () => {
  explorer = await startServer();
  registry = http.createServer((req, res) => {
    registryHits++;
    if (req.url === '/api/chains') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(registryBody(explorer.url));
    } else if (req.url === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await explorer.close();
  registry.closeAllConnections();
  await new Promise((resolve) => registry.close(resolve));
});

const freshConfig = () => mkdtempSync(join(tmpdir(), 'scout-chains-'));

describe('scout chains', () => {
  it('lists the built-in chains, one tab-separated line each when piped', async () => {
    const r = await runScout(['chains'], { env: { XDG_CONFIG_HOME: freshConfig() } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('1\tEthereum\tethereum,eth,mainnet\tETH\tfalse\thttps://eth.blockscout.com\tbuilt-in');
    expect(lines).toContain('100\tGnosis\tgnosis,xdai\tXDAI\tfalse\thttps://gnosis.blockscout.com\tbuilt-in');
    expect(lines).toContain('84532\tBase Sepolia\tbase-sepolia\tETH\ttrue\thttps://base-sepolia.blockscout.com\tbuilt-in');
    expect(lines.length).toBeGreaterThanOrEqual(13);
  });

  it('--json is an array of the chains with id, names, explorer, coin and the testnet flag', async () => {
    const r = await runScout(['chains', '--json'], { env: { XDG_CONFIG_HOME: freshConfig() } });
    const chains = JSON.parse(r.stdout) as unknown[];
    expect(chains).toContainEqual({ id: '8453', name: 'Base', names: ['base'], explorer: 'https://base.blockscout.com', coin: 'ETH', testnet: false, source: 'built-in' });
    expect(chains).toContainEqual(expect.objectContaining({ id: '11155420', testnet: true }));
  });
});

describe('scout chains --refresh', () => {
  it('caches the registry beside the config file; --chain then finds its chains by name and by id', async () => {
    const XDG_CONFIG_HOME = freshConfig();
    const cache = join(XDG_CONFIG_HOME, 'scout', 'chains.json');
    const r = await runScout(['chains', '--refresh', '--registry-url', `${registryUrl}/api/chains`], { env: { XDG_CONFIG_HOME } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`scout: cached 4 chains from ${registryUrl} in ${cache}\n`);
    expect(r.stdout).toContain(`31337\tScout Localnet\tscout-localnet\tLCL\ttrue\t${explorer.url}\tregistry\n`);
    // The built-in Base wins over the registry's entry for 8453.
    expect(r.stdout).not.toContain('127.0.0.1:9');
    expect(JSON.parse(readFileSync(cache, 'utf8'))).toMatchObject({ version: 1, source: `${registryUrl}/api/chains` });

    const A = ADDR.empty;
    for (const chain of ['scout-localnet', '31337', 'Scout Localnet', 'localside']) {
      const before = explorer.requests.length;
      const q = await runScout(['--chain', chain, 'address', 'txs', A, '--json'], { env: { XDG_CONFIG_HOME } });
      expect(q, chain).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
      expect(explorer.requests.slice(before).map((x) => x.path)).toEqual([`/api/v2/addresses/${A}/transactions`]);
    }
  });

  it('SCOUT_REGISTRY_URL names the registry; a chain in the config file is found in the cache', async () => {
    const XDG_CONFIG_HOME = freshConfig();
    const r = await runScout(['chains', '--refresh', '--json'], { env: { XDG_CONFIG_HOME, SCOUT_REGISTRY_URL: `${registryUrl}/api/chains` } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toContainEqual({ id: '4242', name: 'Far Away', names: ['far-away'], explorer: 'https://far.example', coin: 'FAR', testnet: false, source: 'registry' });
    writeFileSync(join(XDG_CONFIG_HOME, 'scout', 'config.json'), '{"chain": 31337}', { mode: 0o600 });
    const q = await runScout(['address', 'txs', ADDR.empty, '--json'], { env: { XDG_CONFIG_HOME } });
    expect(q).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('--registry-url beats SCOUT_REGISTRY_URL; a bad value names where it came from, before any request', async () => {
    const XDG_CONFIG_HOME = freshConfig();
    const hits = registryHits;
    const env = { XDG_CONFIG_HOME, SCOUT_REGISTRY_URL: 'ftp://example.com/chains' };
    // Checked even without --refresh (and so never fetched from the default registry if it were not).
    const fromEnv = await runScout(['chains'], { env });
    expect(fromEnv).toMatchObject({ code: 2, stdout: '' });
    expect(fromEnv.stderr).toBe('scout: invalid SCOUT_REGISTRY_URL "ftp://example.com/chains": expected an http:// or https:// URL\nscout: see \'scout help environment\'\n');
    const fromFlag = await runScout(['chains', '--refresh', '--registry-url', 'ftp://example.com/x'], { env: { XDG_CONFIG_HOME } });
    expect(fromFlag.stderr).toBe('scout: invalid --registry-url "ftp://example.com/x": expected an http:// or https:// URL\nscout: see \'scout chains --help\'\n');
    expect(registryHits).toBe(hits);
    const both = await runScout(['chains', '--refresh', '--json', '--registry-url', `${registryUrl}/api/chains`], { env });
    expect(both.code, both.stderr).toBe(0);
    expect(registryHits).toBe(hits + 1);
  });

  it('an unusable registry answer is exit 1 and leaves the cache alone', async () => {
    const XDG_CONFIG_HOME = freshConfig();
    const cache = join(XDG_CONFIG_HOME, 'scout', 'chains.json');
    await runScout(['chains', '--refresh', '--registry-url', `${registryUrl}/api/chains`], { env: { XDG_CONFIG_HOME } });
    const before = readFileSync(cache, 'utf8');
    const html = await runScout(['chains', '--refresh', '--registry-url', `${registryUrl}/html`, '--retries', '0'], { env: { XDG_CONFIG_HOME } });
    expect(html).toMatchObject({ code: 1, stdout: '' });
    expect(html.stderr).toBe(`scout: unusable chain registry from ${registryUrl}: not JSON\nscout: the cache was left as it was\n`);
    const missing = await runScout(['chains', '--refresh', '--registry-url', `${registryUrl}/nope`], { env: { XDG_CONFIG_HOME } });
    expect(missing.code).toBe(3);
    expect(readFileSync(cache, 'utf8')).toBe(before);
  });

  it('without --refresh nothing is fetched and no cache is written', async () => {
    const XDG_CONFIG_HOME = freshConfig();
    const hits = registryHits;
    await runScout(['chains'], { env: { XDG_CONFIG_HOME, SCOUT_REGISTRY_URL: `${registryUrl}/api/chains` } });
    expect(registryHits).toBe(hits);
    expect(existsSync(join(XDG_CONFIG_HOME, 'scout', 'chains.json'))).toBe(false);
  });
});

describe('unknown chains', () => {
  it('an unknown name is exit 2 before any request, with the nearest names', async () => {
    const before = explorer.requests.length;
    const r = await runScout(['--chain', 'bsae', 'address', 'txs', ADDR.empty], { env: { XDG_CONFIG_HOME: freshConfig() } });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('scout: unknown chain "bsae"\nscout: did you mean base? (`scout chains` lists them; `scout chains --refresh` fetches the full registry)\nscout: see \'scout address txs --help\'\n');
    expect(explorer.requests.length).toBe(before);
  });

  it('after a refresh the nearest names include the registry’s', async () => {
    const XDG_CONFIG_HOME = freshConfig();
    await runScout(['chains', '--refresh', '--registry-url', `${registryUrl}/api/chains`], { env: { XDG_CONFIG_HOME } });
    const r = await runScout(['--chain', 'scout-locanet', 'address', 'txs', ADDR.empty], { env: { XDG_CONFIG_HOME } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scout: unknown chain "scout-locanet"\nscout: did you mean scout-localnet? (`scout chains` lists them)\nscout: see \'scout address txs --help\'\n');
  });

  it('an unknown id is exit 2 and says how to learn more chains', async () => {
    const r = await runScout(['--chain', '999999999', 'address', 'txs', ADDR.empty], { env: { XDG_CONFIG_HOME: freshConfig() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: unknown chain id 999999999\nscout: `scout chains` lists the known chains; `scout chains --refresh` fetches the full registry; --base-url <url> reaches any explorer\nscout: see 'scout address txs --help'\n$/);
  });
});
