/**
 * Registry fuzzing: seeded hostile chain registries (explorer URLs that a shell would read, that are
 * no http(s) URL, carry credentials or do not parse; names and ids that are huge, empty, invisible,
 * `__proto__`, copies of a built-in chain's; `hostedBy` claims of every kind), each served on
 * 127.0.0.1, cached with `scout chains --refresh` (or written straight into the cache, as another
 * program might), then used by `open`, `--web`, `chains` and list commands carrying keys.
 *
 * Every run must end with one of the contract's exit codes and never an "unexpected error"; nothing
 * printed as a page URL nor handed to the launcher may be other than a strictly written http(s) URL;
 * the impostor explorer the registry lists never receives a key (header or query) and the real one,
 * bound in the config file, may; no request leaves 127.0.0.1 (undici's diagnostics channel).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../support/faults.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

// FUZZ_SEED and FUZZ_RUNS explore further; the suite always runs the same seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0x7e9157);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const EXIT_CODES = [0, 1, 2, 3, 4, 5];
const KEYS = { flag: 'fz-flag-key-19af', global: 'fz-global-key-72c0', chain: 'fz-chain-key-e31d' };
/** A page URL as scout may print or open it. */
const STRICT = /^https?:\/\/[a-z0-9.-]+(?::\d+)?(?:\/(?:[A-Za-z0-9\-._~:]|%[0-9A-F]{2})*)*$/;

let real: FakeServer;
let impostor: FakeServer;
let registry: http.Server;
let registryUrl: string;
let body = '{}';
const origins: string[] = [];
const onRequest = (m: unknown) => origins.push(String((m as { request: { origin: string } }).request.origin));

beforeAll(async () => {
  [real, impostor] = await Promise.all([startServer(), startServer()]);
  registry = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/chains`;
  subscribe('undici:request:create', onRequest);
});
afterAll(async () => {
  unsubscribe('undici:request:create', onRequest);
  registry.closeAllConnections();
  await new Promise((resolve) => registry.close(resolve));
  await Promise.all([real.close(), impostor.close()]);
});

type R = () => number;
const pick = <T>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Explorer URLs: the impostor under many disguises, and URLs nothing may print or open. */
const explorerUrl = (r: R): unknown => {
  const at = impostor.url;
  const host = at.slice('http://'.length);
  return pick(r, [
    at,
    `${at}/`,
    `${at}/explorer`,
    host,
    `${at}/$(calc.exe)`,
    `${at}/\`id\``,
    `${at}/a';calc;'`,
    `${at}/a&b|c`,
    `${at}/a"b`,
    `${at}/a b`,
    `${at}/a\\b`,
    `${at}/\u001b]8;;x\u0007`,
    `${at}/\u202ex`,
    `${at}/?q=$(x)`,
    `http://127.0.0.1$(x):1/`,
    `http://u:p@${host}/`,
    'javascript:alert(1)',
    'JavaScript://%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'vbscript:msgbox(1)',
    'http://[malformed',
    '',
    ' ',
    42,
    null,
    { url: at },
  ]);
};

const NAMES = ['Gnosis', 'My Chain', 'Ethereum', 'base', '__proto__', 'constructor', '', ' ', '\u001b[31mred', '\u202eniamtset', 'zero\u200bwidth', 'x'.repeat(300), '名前', 42, null];
// No built-in chain's id: a run must never reach a built-in explorer on the internet. Impostors of
// built-in chains come by name instead ("Gnosis", "Ethereum", "base").
const KEYS_OF_ENTRIES = ['5001', '5002', '0x1389', '99999999999999999999999', 'made-up', '__proto__', 'constructor', '1_', '-1', ''];
const HOSTED = ['blockscout', 'Blockscout', 'self', '', 7, null, true, undefined];

/** A registry of a few hostile entries, always with one usable impostor so that something is cached. */
function hostileRegistry(r: R): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = 1 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const explorers = Array.from({ length: Math.floor(r() * 3) + (r() < 0.1 ? 0 : 1) }, () => ({ url: explorerUrl(r), hostedBy: pick(r, HOSTED) }));
    const entry: Record<string, unknown> = { name: pick(r, NAMES), isTestnet: r() < 0.2, native_currency: pick(r, ['EVL', '', null, '\u001b[2J']), explorers: r() < 0.05 ? 'nope' : explorers };
    if (r() < 0.3) entry.chainId = pick(r, ['5001', 5002, '5009', 'x', -1, 1e30]);
    Object.defineProperty(out, pick(r, KEYS_OF_ENTRIES), { value: entry, enumerable: true, writable: true, configurable: true });
  }
  out['5009'] = { name: pick(r, ['My Chain', 'Gnosis', 'Impostor']), explorers: [{ url: impostor.url, hostedBy: 'blockscout' }] };
  return out;
}

/** The cache as another program could have written it: explorers straight from the hostile list. */
function hostileCache(r: R): unknown[] {
  return Array.from({ length: 1 + Math.floor(r() * 4) }, () => {
    const url = explorerUrl(r);
    return {
      id: pick(r, ['5001', '5002', '5009', null]),
      name: String(pick(r, NAMES)),
      names: [pick(r, ['my-chain', 'gnosis', 'impostor', 'evil'])],
      explorer: typeof url === 'string' ? url : impostor.url,
      coin: 'EVL',
      testnet: false,
      blockscout: r() < 0.7,
      ...(r() < 0.3 ? { explorers: [typeof url === 'string' ? url : '', impostor.url, 'javascript:x'] } : {}),
    };
  });
}

/** What runs against the cached registry. */
function commandLine(r: R): { args: string[]; tty: boolean; page: boolean } {
  // Chains that are never built-in (a request to one must stay on 127.0.0.1), and for pages, which ask nothing, built-in ones too.
  const chain = pick(r, ['5001', '5002', '5009', 'my-chain', 'impostor', 'evil', '0x1389', 'made-up']);
  const page = pick(r, [chain, 'gnosis', '100', 'ethereum']);
  const keys = pick(r, [[], ['--explorer-key', KEYS.flag]]);
  return pick(r, [
    { args: ['--chain', page, 'open', TX.ok, '--web'], tty: true, page: true },
    { args: ['--chain', page, 'open', 'address', ADDR.rich], tty: false, page: true },
    { args: ['--chain', page, 'tx', 'show', TX.ok, '--web'], tty: true, page: true },
    { args: ['--chain', page, '--pro', 'open', TX.ok, '--web'], tty: true, page: true },
    { args: ['chains', '--json'], tty: false, page: false },
    { args: ['chains'], tty: true, page: false },
    { args: [...keys, '--retries', '0', '--chain', chain, 'address', 'txs', ADDR.empty, '--json'], tty: false, page: false },
    { args: [...keys, '--retries', '0', 'address', 'txs', ADDR.empty, '--json', '--chains', pick(r, ['all', 'mainnets', '5001,5009', `${chain},5009`])], tty: false, page: false },
  ]);
}

describe('registry fuzz', () => {
  it(`${RUNS} seeded hostile registries keep the contract`, { timeout: 120_000 }, async () => {
    const r = seeded(SEED);
    const failures: string[] = [];
    const codes = new Map<number, number>();
    for (let i = 0; i < RUNS; i++) {
      const home = mkdtempSync(join(tmpdir(), 'scout-regfuzz-'));
      mkdirSync(join(home, 'scout'));
      // The real explorer is bound in the config file, with a per-chain key; the impostor never is.
      const config = { chains: { 'my-chain': { 'explorer-key': KEYS.chain, 'base-url': real.url }, gnosis: { 'explorer-key': KEYS.chain } } };
      writeFileSync(join(home, 'scout', 'config.json'), JSON.stringify(config), { mode: 0o600 });
      const env = { XDG_CONFIG_HOME: home, ...(r() < 0.5 ? { SCOUT_EXPLORER_KEY: KEYS.global } : {}) };
      let setup = '';
      if (r() < 0.6) {
        body = JSON.stringify(hostileRegistry(r));
        const refresh = await runScout(['chains', '--refresh', '--registry-url', registryUrl, '--json'], { env });
        setup = `registry ${body}`;
        if (/unexpected error/.test(refresh.stderr) || !EXIT_CODES.includes(refresh.code)) failures.push(`#${i} refresh: ${refresh.code} ${refresh.stderr} (${setup})`);
      } else {
        const chains = hostileCache(r);
        writeFileSync(join(home, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 't', fetched_at: 't', chains }));
        setup = `cache ${JSON.stringify(chains)}`;
      }
      const line = commandLine(r);
      const opened: string[] = [];
      const before = impostor.requests.length;
      origins.length = 0;
      const res = await runScout(line.args, { env, stdoutIsTTY: line.tty, openUrl: async (url) => void opened.push(url) });
      codes.set(res.code, (codes.get(res.code) ?? 0) + 1);
      const seen = JSON.stringify(impostor.requests.slice(before));
      const problem =
        (!EXIT_CODES.includes(res.code) && `exit ${res.code}`) ||
        (/unexpected error/.test(res.stderr) && 'unexpected error') ||
        (opened.some((u) => !STRICT.test(u)) && `opened ${JSON.stringify(opened)}`) ||
        (line.page && res.stdout !== '' && !res.stdout.trimEnd().split('\n').every((u) => STRICT.test(u)) && `printed ${JSON.stringify(res.stdout)}`) ||
        (Object.values(KEYS).some((k) => seen.includes(k)) && 'a key reached the impostor') ||
        (origins.some((o) => !/^https?:\/\/127\.0\.0\.1:\d+$/.test(o)) && `left loopback: ${origins.join(' ')}`) ||
        (/javascript:|data:text|file:\/\/|vbscript:/i.test(res.stdout) && 'printed a non-http(s) URL');
      if (problem) failures.push(`#${i} ${JSON.stringify(line.args)}: ${problem} (${res.stderr.split('\n')[0]}) (${setup.slice(0, 400)})`);
    }
    expect(failures).toEqual([]);
    // The fuzz reaches both outcomes: pages refused or unknown, and commands that ran.
    expect(codes.get(0)).toBeGreaterThan(RUNS / 10);
    expect(codes.get(2)).toBeGreaterThan(RUNS / 10);
  });
});
