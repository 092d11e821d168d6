/**
 * `scout open` and `--web` with a hostile chain registry and a hostile chains cache (README,
 * Security): no URL from a registry or an explorer reaches a shell parser. Only http(s) URLs without
 * credentials and without a character a shell reads are printed as a page or handed to the launcher;
 * a registry entry with any other explorer is skipped with a warning naming it, at `--refresh` and
 * again when the cache is read back. The browser is the Io's opener here (recorded), never a real one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { runScout } from '../../support/scout.js';
import { ADDR, TX } from '../../support/server.js';

/** Registry explorer URLs that must never be printed as a page or opened, each with the chain id that lists it. */
const HOSTILE: Record<string, string> = {
  '666001': 'https://evil.example/$(calc.exe)',
  '666002': 'https://evil.example/`calc`',
  '666003': "https://evil.example/x';calc;'",
  '666004': 'https://evil.example/a&calc|x',
  '666005': 'javascript:alert(1)',
  '666006': 'https://user:pass@evil.example',
  '666007': 'http://[malformed',
  '666008': 'https://a$(calc).example',
  '666009': 'https://evil.example/a"b',
  '666010': 'https://evil.example/\u001b]8;;x\u0007',
};

let registry: http.Server;
let registryUrl: string;
beforeAll(async () => {
  const body: Record<string, unknown> = {
    '777001': { name: 'Good Chain', isTestnet: false, native_currency: 'GD', explorers: [{ url: 'https://good.example/', hostedBy: 'self' }] },
  };
  for (const [id, url] of Object.entries(HOSTILE)) body[id] = { name: `Pwn ${id}`, isTestnet: false, native_currency: 'PWN', explorers: [{ url, hostedBy: 'blockscout' }] };
  registry = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/chains`;
});
afterAll(async () => {
  registry.closeAllConnections();
  await new Promise((resolve) => registry.close(resolve));
});

/** A config dir whose chains cache holds `chains` as written (the cache as another program may have left it). */
function cacheHome(chains: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'scout-secweb-'));
  mkdirSync(join(dir, 'scout'));
  writeFileSync(join(dir, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
  return dir;
}

const cached = (id: string, explorer: string) => ({ id, name: `Pwn ${id}`, names: [`pwn-${id}`], explorer, coin: 'PWN', testnet: false, blockscout: true });

/** Runs scout in-process on a terminal with a recording opener. */
async function scout(args: string[], env: Record<string, string>) {
  const opened: string[] = [];
  const r = await runScout(args, { env, stdoutIsTTY: true, openUrl: async (url) => void opened.push(url) });
  return { ...r, opened };
}

/** Nothing printed or opened holds a hostile URL, and every URL opened is a strictly written http(s) one. */
function expectSafe(r: { stdout: string; stderr: string; opened: string[] }) {
  for (const url of r.opened) expect(url).toMatch(/^https?:\/\/[a-z0-9.:[\]-]+(?:\/(?:[A-Za-z0-9\-._~:]|%[0-9A-F]{2})*)*$/);
  expect(r.stdout).not.toMatch(/javascript:|\$\(|`|evil\.example|pass@/);
  expect(r.stderr).not.toMatch(/unexpected error/);
}

describe('a hostile registry', () => {
  it('--refresh skips every entry whose explorer is not a usable http(s) URL, naming them; none can be opened', async () => {
    const home = mkdtempSync(join(tmpdir(), 'scout-secweb-'));
    const refresh = await runScout(['chains', '--refresh', '--registry-url', registryUrl, '--json'], { env: { XDG_CONFIG_HOME: home } });
    expect(refresh.code, refresh.stderr).toBe(0);
    const listed = (JSON.parse(refresh.stdout) as { id: string; explorer: string }[]).filter((c) => c.id.startsWith('666') || c.id === '777001');
    expect(listed).toEqual([expect.objectContaining({ id: '777001', explorer: 'https://good.example' })]);
    expect(refresh.stderr).toMatch(/^scout: warning: skipped 10 registry entries with no explorer URL scout would use \(666001, 666002, 666003, 666004, 666005 and 5 more\)\n/);
    for (const id of Object.keys(HOSTILE)) {
      const r = await scout(['--chain', id, 'open', TX.ok, '--web'], { XDG_CONFIG_HOME: home });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^scout: unknown chain id ${id}\\n`));
      expect(r.opened).toEqual([]);
      expectSafe(r);
    }
    const good = await scout(['--chain', 'good-chain', 'open', TX.ok, '--web'], { XDG_CONFIG_HOME: home });
    expect(good).toMatchObject({ code: 0, opened: [`https://good.example/tx/${TX.ok}`] });
  });
});

describe('a hostile chains cache is checked again when read back', () => {
  const home = () => cacheHome([cached('777001', 'https://good.example'), ...Object.entries(HOSTILE).map(([id, url]) => cached(id, url))]);

  it.each(Object.entries(HOSTILE))('--chain %s (%j): skipped with a warning naming it, nothing opened, never an unexpected error', async (id) => {
    const r = await scout(['--chain', id, 'open', TX.ok, '--web'], { XDG_CONFIG_HOME: home() });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^scout: warning: ignoring 10 chains in the chains cache .* whose explorer is not a usable http\(s\) URL: 666001 \(Pwn 666001\), /m);
    expect(r.stderr).toContain(`scout: unknown chain id ${id}\n`);
    expect(r.opened).toEqual([]);
    expectSafe(r);
  });

  it('--web on a show command and `scout chains` never print or open one either', async () => {
    const web = await scout(['--chain', 'pwn-666005', 'tx', 'show', TX.ok, '--web'], { XDG_CONFIG_HOME: home() });
    expect(web).toMatchObject({ code: 2, opened: [] });
    expectSafe(web);
    const list = await runScout(['chains'], { env: { XDG_CONFIG_HOME: home() } });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('https://good.example');
    expectSafe({ ...list, opened: [] });
  });

  it('a chain listing a hostile explorer beside a usable one keeps only the usable one', async () => {
    const both = { ...cached('777002', 'https://ok.example'), explorers: ['https://ok.example', 'javascript:alert(1)', 'https://evil.example/$(x)'] };
    const r = await runScout(['chains', '--json'], { env: { XDG_CONFIG_HOME: cacheHome([both]) } });
    expect(JSON.parse(r.stdout)).toContainEqual(expect.objectContaining({ id: '777002', explorers: ['https://ok.example'] }));
  });
});

describe('a URL the user names', () => {
  it.each(['https://x.example/$(calc)', 'https://x.example/a;b', "https://x.example/a'b"])('--base-url %j: open refuses it, exit 2, nothing opened or printed', async (base) => {
    const r = await scout(['--base-url', base, 'open', ADDR.rich, '--web'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: refusing to open "https:\/\/x\.example\/.*": it holds a character a shell would read/);
    expect(r).toMatchObject({ stdout: '', opened: [] });
  });

  it('a path is opened percent-encoded outside the strict set', async () => {
    const r = await scout(['--base-url', 'https://x.example/my!explorer', 'open', ADDR.rich, '--web'], {});
    expect(r).toMatchObject({ code: 0, opened: [`https://x.example/my%21explorer/address/${ADDR.rich}`] });
  });
});

describe('the built command', () => {
  it('prints no hostile page URL and never an unexpected error (a chain with a malformed explorer in the cache)', async () => {
    const home = cacheHome([cached('666007', 'http://[malformed'), cached('666001', HOSTILE['666001']!)]);
    const r = await runCli(['--chain', '666007', 'open', TX.ok], { env: { XDG_CONFIG_HOME: home } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('scout: warning: ignoring 2 chains in the chains cache');
    expect(r.stderr).toContain('scout: unknown chain id 666007\n');
    expectSafe({ ...r, opened: [] });
  });
});
