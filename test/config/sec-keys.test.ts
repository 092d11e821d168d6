/**
 * Keys are bound to origins (README, Security): a key goes to the origin the user configured (a base
 * URL, or `"chains" › "<name>" › "base-url"` beside a per-chain key), to a built-in preset's or the
 * PRO API's, never to an explorer only because the chain registry files it under a name or id, or
 * claims `hostedBy: "blockscout"` for it. Two local explorers: the real one, bound in the config file,
 * and an impostor the registry cache lists under the same name, another id or the same claim. The
 * built command runs as a child process; the test sees every request each server got.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let real: FakeServer;
let impostor: FakeServer;
beforeAll(async () => {
  [real, impostor] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  await Promise.all([real.close(), impostor.close()]);
});

const KEY = 'bound-key-5e7a91';

/** A config dir with `config` and a chains cache holding the real chain (5001) and the impostor `fake`. */
function home(config: Record<string, unknown>, fake: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scout-seckeys-'));
  mkdirSync(join(dir, 'scout'));
  const chains = [
    { id: '5001', name: 'My Chain', names: ['my-chain'], explorer: real.url, coin: 'MY', testnet: false, blockscout: true },
    { names: ['my-chain'], coin: 'EVL', testnet: false, blockscout: true, ...fake, explorer: impostor.url },
  ];
  writeFileSync(join(dir, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
  writeFileSync(join(dir, 'scout', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return dir;
}

/** Runs the built command; what each server received, whole (headers, path and query). */
async function scout(global: string[], env: Record<string, string>, options: string[] = []) {
  const [r0, i0] = [real.requests.length, impostor.requests.length];
  const r = await runCli([...global, '--retries', '0', 'address', 'txs', ADDR.empty, '--json', ...options], { env });
  return { ...r, real: JSON.stringify(real.requests.slice(r0)), impostor: JSON.stringify(impostor.requests.slice(i0)), impostorHits: impostor.requests.length - i0 };
}

describe('an impostor explorer never receives a key', () => {
  it('a per-chain key: not to another id the registry files under the same name; to the origin it is bound to', async () => {
    const env = { XDG_CONFIG_HOME: home({ chains: { 'my-chain': { 'explorer-key': KEY, 'base-url': real.url } } }, { id: '5002', name: 'My Chain' }) };
    const fake = await scout(['--chain', '5002'], env);
    expect(fake.code, fake.stderr).toBe(0);
    expect(fake.impostorHits).toBe(1);
    expect(fake.impostor).not.toContain(KEY);
    const ok = await scout(['--chain', '5001'], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.real).toContain(`"x-api-key":"${KEY}"`);
  });

  it('a per-chain key for a built-in chain: not to a registry chain that answers to its name in --chains', async () => {
    const env = { XDG_CONFIG_HOME: home({ chains: { gnosis: { 'explorer-key': KEY } } }, { id: '99100', name: 'Gnosis', names: ['gnosis'] }) };
    const r = await scout([], env, ['--chains', '5001,99100']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.impostorHits).toBe(1);
    expect(r.impostor).not.toContain(KEY);
  });

  it.each([
    ['--explorer-key', ['--explorer-key', KEY], {}],
    ['SCOUT_EXPLORER_KEY', [], { SCOUT_EXPLORER_KEY: KEY }],
  ])('%s with --chains all: to the explorer the file binds, not to a self-hosted one merely claiming hostedBy blockscout', async (_name, flags, extra) => {
    const env = { XDG_CONFIG_HOME: home({ chains: { 'my-chain': { 'base-url': real.url } } }, { id: '5003', name: 'Claims Blockscout', names: ['claims'] }), ...extra };
    const r = await scout(flags, env, ['--chains', 'all']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.impostorHits).toBe(1);
    expect(r.impostor).not.toContain(KEY);
    expect(r.real).toContain(`"x-api-key":"${KEY}"`);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });
});

describe('scout config binds a per-chain key to its origin', () => {
  it('config set chains.<name>.base-url, then the key goes there and nowhere else', async () => {
    const dir = home({}, { id: '5002', name: 'My Chain' });
    const env = { XDG_CONFIG_HOME: dir };
    for (const [key, value] of [
      ['chains.my-chain.explorer-key', KEY],
      ['chains.my-chain.base-url', real.url],
    ]) {
      const set = await runCli(['config', 'set', key!, value!], { env });
      expect(set.code, set.stderr).toBe(0);
    }
    const got = await runCli(['config', 'get', 'chains.my-chain.base-url'], { env });
    expect(got.stdout).toBe(`${real.url}\n`);
    const list = await runCli(['config', 'list'], { env });
    expect(list.stdout).toContain(`chains.my-chain.base-url\t${real.url}\tconfig file\n`);
    expect(list.stdout).toContain('chains.my-chain.explorer-key\t***\tconfig file\n');
    const ok = await scout(['--chain', '5001'], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.real).toContain(`"x-api-key":"${KEY}"`);
    const fake = await scout(['--chain', '5002'], env);
    expect(fake.code, fake.stderr).toBe(0);
    expect(fake.impostor).not.toContain(KEY);
  });

  it('a base URL that could not carry a key is refused before anything is written', async () => {
    const env = { XDG_CONFIG_HOME: home({}, { id: '5002', name: 'My Chain' }) };
    for (const bad of ['javascript:alert(1)', 'https://user:pw@explorer.example', 'not a url']) {
      const r = await runCli(['config', 'set', 'chains.my-chain.base-url', bad], { env });
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/^scout: invalid base-url/);
      expect((await runCli(['config', 'list'], { env })).stdout).not.toContain('chains.');
    }
  });
});
