/**
 * What the settings promise about keys, URLs and local files (README, Security): which explorer key
 * goes where, no key over plain http:// without --insecure, no credentials inside URL settings (and
 * never echoed), local input echoed only as safe text, and key and config files that are regular
 * files of at most 64 KiB.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GlobalFlags, resolveSettings } from '../../src/config/settings.js';
import { shownUrl } from '../../src/config/url.js';
import { UsageError } from '../../src/base/errors.js';

// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/;

/** A config dir holding `config` (an object or raw text) and optionally a chains cache. */
function envWith(config?: Record<string, unknown> | string, extra: Record<string, string> = {}, cache?: unknown[], mode = 0o600): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'scout-sec-'));
  mkdirSync(join(dir, 'scout'));
  if (config !== undefined) {
    const file = join(dir, 'scout', 'config.json');
    writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
    chmodSync(file, mode);
  }
  if (cache) writeFileSync(join(dir, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 't', fetched_at: 't', chains: cache }));
  return { HOME: join(dir, 'home'), XDG_CONFIG_HOME: dir, ...extra };
}

const registryChain = (explorer: string, name = 'Self Hosted', id = '777001') => ({ id, name, names: [name.toLowerCase().replace(/ /g, '-')], explorer, coin: 'SLF', testnet: false });

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

const target = (flags: GlobalFlags, env: Record<string, string>) => resolveSettings(flags, env).explorer();

describe('which explorer key goes where', () => {
  const G = { SCOUT_EXPLORER_KEY: 'g-key' };

  it('a global key goes to Blockscout-hosted explorers, picked by chain or by default', () => {
    expect(target({ chain: 'base' }, envWith(undefined, G))).toMatchObject({ baseUrl: 'https://base.blockscout.com', key: 'g-key', withheld: undefined });
    expect(target({}, envWith({ 'explorer-key': 'f-key' }))).toMatchObject({ baseUrl: 'https://eth.blockscout.com', key: 'f-key' });
    const hosted = envWith(undefined, G, [registryChain('https://zkfair.blockscout.com', 'Hosted One')]);
    expect(target({ chain: 'hosted-one' }, hosted).key).toBe('g-key');
  });

  it('a global key goes to the PRO API', () => {
    expect(target({ pro: true, chain: 'base' }, envWith(undefined, G))).toMatchObject({ baseUrl: 'https://api.blockscout.com/8453', key: 'g-key', pro: true });
  });

  it('a global key is withheld from a self-hosted registry explorer, even one whose name merely contains blockscout.com', () => {
    for (const explorer of ['https://explorer.example', 'https://blockscout.com.evil.example', 'https://evilblockscout.com']) {
      const t = target({ chain: 'self-hosted' }, envWith(undefined, G, [registryChain(explorer)]));
      expect(t.key, explorer).toBeUndefined();
      expect(t.withheld).toMatch(/^not sending the explorer key from SCOUT_EXPLORER_KEY to /);
    }
  });

  it('a per-chain key or --explorer-key goes to the self-hosted explorer the file binds it to ("base-url" beside it)', () => {
    const cache = [registryChain('https://explorer.example')];
    const bound = { 'explorer-key': 'c-key', 'base-url': 'https://explorer.example/' };
    expect(target({ chain: 'self-hosted' }, envWith({ chains: { 'self-hosted': bound } }, G, cache)).key).toBe('c-key');
    expect(target({ chain: '777001' }, envWith({ chains: { '0xbdb29': bound } }, G, cache)).key).toBe('c-key');
    expect(target({ chain: 'self-hosted', explorerKey: 'flag-key' }, envWith({ chains: { 'self-hosted': { 'base-url': 'https://explorer.example' } } }, G, cache)).key).toBe('flag-key');
  });

  it('without that binding, neither goes there: the registry names the explorer, not the user', () => {
    const cache = [registryChain('https://explorer.example')];
    expect(target({ chain: 'self-hosted' }, envWith({ chains: { 'self-hosted': { 'explorer-key': 'c-key' } } }, G, cache))).toMatchObject({ key: undefined, withheld: expect.stringMatching(/"self-hosted" › "base-url"/) });
    expect(target({ chain: 'self-hosted', explorerKey: 'flag-key' }, envWith(undefined, G, cache))).toMatchObject({ key: undefined, withheld: expect.stringMatching(/^not sending the explorer key from --explorer-key to explorer\.example: /) });
    // Bound elsewhere (another port, another scheme): not this origin.
    for (const other of ['https://explorer.example:8443', 'http://explorer.example', 'https://other.example']) {
      expect(target({ chain: 'self-hosted' }, envWith({ chains: { 'self-hosted': { 'explorer-key': 'c-key', 'base-url': other } } }, G, cache)).key, other).toBeUndefined();
    }
  });

  it('a per-chain key named for a built-in chain is bound to its preset, and a bad "base-url" beside a key is a usage error naming it', () => {
    expect(target({ chain: 'gnosis' }, envWith({ chains: { gnosis: { 'explorer-key': 'c-key' } } })).key).toBe('c-key');
    const impostor = registryChain('https://gnosis.example', 'Gnosis', '99100');
    expect(target({ chain: '99100' }, envWith({ chains: { gnosis: { 'explorer-key': 'c-key' } } }, {}, [impostor])).key).toBeUndefined();
    expect(usageError(() => target({ chain: 'gnosis' }, envWith({ chains: { gnosis: { 'explorer-key': 'c-key', 'base-url': 'ftp://x' } } }))).message).toMatch(/^invalid "chains" › "gnosis" › "base-url" in .*: expected an http/);
  });

  it('every configured key is redacted, per-chain ones too', () => {
    const s = resolveSettings({}, envWith({ chains: { base: { 'explorer-key': 'c-key' }, other: { 'explorer-key': 'c2-key' } } }));
    expect(s.secrets().sort()).toEqual(['c-key', 'c2-key']);
  });
});

describe('a key over plain http://', () => {
  it('to a host other than loopback is a usage error, for a base URL and for the PRO API', () => {
    expect(usageError(() => target({ baseUrl: 'http://explorer.example/sub', explorerKey: 'k' }, envWith())).message).toBe('refusing to send the explorer key over plain http:// to explorer.example');
    expect(usageError(() => target({ pro: true, chain: 'base', explorerKey: 'k' }, envWith(undefined, { SCOUT_PRO_URL: 'http://pro.example:8080' }))).message).toBe(
      'refusing to send the explorer key over plain http:// to pro.example:8080',
    );
    const perChain = envWith({ chains: { 'self-hosted': { 'explorer-key': 'c-key', 'base-url': 'http://explorer.example' } } }, {}, [registryChain('http://explorer.example')]);
    expect(usageError(() => target({ chain: 'self-hosted' }, perChain)).message).toMatch(/^refusing to send the explorer key over plain http:\/\//);
  });

  it('is allowed by --insecure, SCOUT_INSECURE=1 or "insecure": true; SCOUT_INSECURE=0 beats the file', () => {
    const url = 'http://explorer.example';
    expect(target({ baseUrl: url, explorerKey: 'k', insecure: true }, envWith()).key).toBe('k');
    expect(target({ baseUrl: url, explorerKey: 'k' }, envWith(undefined, { SCOUT_INSECURE: '1' })).key).toBe('k');
    expect(target({ baseUrl: url, explorerKey: 'k' }, envWith({ insecure: true })).key).toBe('k');
    expect(() => target({ baseUrl: url, explorerKey: 'k' }, envWith({ insecure: true }, { SCOUT_INSECURE: '0' }))).toThrow(UsageError);
    expect(usageError(() => resolveSettings({}, envWith(undefined, { SCOUT_INSECURE: 'maybe' }))).message).toBe('invalid SCOUT_INSECURE "maybe": expected 1 or 0');
    expect(usageError(() => resolveSettings({}, envWith({ insecure: 'yes' }))).message).toMatch(/"insecure" must be true or false$/);
  });

  it('to loopback is fine, and no key means nothing to refuse', () => {
    for (const url of ['http://localhost:4000', 'http://127.0.0.5:4000', 'http://[::1]:4000']) expect(target({ baseUrl: url, explorerKey: 'k' }, envWith()).key).toBe('k');
    expect(target({ baseUrl: 'http://explorer.example' }, envWith()).key).toBeUndefined();
    // A withheld global key is not sent, so there is nothing to refuse either.
    expect(target({ chain: 'self-hosted' }, envWith(undefined, { SCOUT_EXPLORER_KEY: 'g' }, [registryChain('http://explorer.example')])).key).toBeUndefined();
  });
});

describe('the "chains" section of the config file', () => {
  it.each([
    ['not an object', { chains: ['base'] }, /"chains" must be an object/],
    ['an entry that is not an object', { chains: { base: 'key' } }, /"chains" › "base" must be an object/],
    ['a key that is not a string', { chains: { base: { 'explorer-key': 5 } } }, /"chains" › "base" › "explorer-key" must be a string/],
  ])('%s is a usage error naming the file', (_name, config, message) => {
    const e = usageError(() => resolveSettings({}, envWith(config)));
    expect(e.message).toMatch(/^invalid config file \/.*config\.json: /);
    expect(e.message).toMatch(message);
  });

  it('an unknown key inside a chain is a warning', () => {
    expect(resolveSettings({}, envWith({ chains: { base: { 'api-key': 'x' } } })).warnings).toEqual([expect.stringMatching(/^ignoring unknown key "chains" › "base" › "api-key" in .*config\.json/)]);
  });

  it.runIf(process.platform !== 'win32')('a readable file holding only a per-chain key gets the chmod warning', () => {
    expect(resolveSettings({}, envWith({ chains: { base: { 'explorer-key': 'k' } } }, {}, undefined, 0o644)).warnings).toEqual([expect.stringMatching(/holds a key and other users can read it/)]);
  });
});

describe('URL settings never carry credentials, and no message repeats them', () => {
  const creds = 'http://alice:hunter2@explorer.example';
  const cases: [string, () => unknown][] = [
    ['--base-url', () => target({ baseUrl: creds }, envWith())],
    ['SCOUT_BASE_URL', () => target({}, envWith(undefined, { SCOUT_BASE_URL: creds }))],
    ['"base-url" in', () => target({}, envWith({ 'base-url': creds }))],
    ['--admin-url', () => resolveSettings({ adminUrl: creds }, envWith())],
    ['SCOUT_ADMIN_URL', () => resolveSettings({}, envWith(undefined, { SCOUT_ADMIN_URL: creds }))],
    ['"admin-url" in', () => resolveSettings({}, envWith({ 'admin-url': creds }))],
    ['SCOUT_PRO_URL', () => target({ pro: true, chain: 'base', explorerKey: 'k' }, envWith(undefined, { SCOUT_PRO_URL: creds }))],
  ];
  it.each(cases)('%s', (from, fn) => {
    const e = usageError(fn);
    expect(e.message).toMatch(new RegExp(`^invalid ${from}.*: credentials in the URL are not supported$`));
    expect(`${e.message} ${e.hint}`).not.toMatch(/alice|hunter2/);
  });

  it('a URL that does not even parse is echoed with everything before the @ masked', () => {
    for (const bad of ['http://alice:hunter2@[bad', 'alice:hunter2@explorer.example', 'http://alice:hunter2@explorer.example:99999', 'ftp://alice:hunter2@x/y']) {
      const e = usageError(() => target({ baseUrl: bad }, envWith()));
      expect(e.message, bad).toMatch(/^invalid --base-url ".*\*\*\*@.*": expected an http:\/\/ or https:\/\/ URL$/);
      expect(e.message).not.toMatch(/alice|hunter2/);
    }
  });

  it('shownUrl masks only a user-info part and leaves other @ alone', () => {
    expect(shownUrl('https://host/path/@x')).toBe('https://host/path/@x');
    expect(shownUrl('https://a:b@c@host/p')).toBe('https://***@host/p');
    expect(shownUrl('nope\u001b[2J')).toBe('nope␛[2J');
  });
});

describe('local input is echoed as safe text', () => {
  it('an unknown config key and the config path', () => {
    const env = envWith({ 'evil\u001b]0;title\u0007key': 1 });
    const [w] = resolveSettings({}, env).warnings;
    expect(w).toMatch(/^ignoring unknown key "evil␛\]0;title␇key"/);
    const dir = mkdtempSync(join(tmpdir(), 'scout-\u001b[31m-'));
    mkdirSync(join(dir, 'scout'));
    writeFileSync(join(dir, 'scout', 'config.json'), '{"timeout": "9\u009b2J"}');
    const e = usageError(() => resolveSettings({}, { XDG_CONFIG_HOME: dir, HOME: dir }));
    expect(e.message).toMatch(/^invalid "timeout" in \/.*scout-␛\[31m-.*config\.json "9<U\+009B>2J": expected a duration/);
    expect(e.message).not.toMatch(RAW);
  });

  it('a chain name and the names suggested for it (the registry cache is input too)', () => {
    const env = envWith(undefined, {}, [registryChain('https://x.example', 'Evil\u202eChain')]);
    const e = usageError(() => target({ chain: 'evil\u001b[2Jchai' }, env));
    expect(e.message).toBe('unknown chain "evil␛[2Jchai"');
    expect(`${e.message} ${e.hint}`).not.toMatch(RAW);
  });

  it('--timeout, --retries and SCOUT_PRO values', () => {
    for (const fn of [() => resolveSettings({ timeout: '1\r\n2' }, envWith()), () => resolveSettings({ retries: '\u001b[1m' }, envWith()), () => resolveSettings({}, envWith(undefined, { SCOUT_PRO: 'y\u0007' }))]) {
      expect(usageError(fn).message).not.toMatch(RAW);
    }
  });
});

describe('--chain is at most 100 characters', () => {
  it('a longer value is refused before any lookup', () => {
    expect(usageError(() => target({ chain: 'x'.repeat(101) }, envWith())).message).toBe('invalid --chain: a chain name or id has at most 100 characters');
    expect(usageError(() => target({}, envWith(undefined, { SCOUT_CHAIN: '9'.repeat(5000) }))).message).toBe('invalid SCOUT_CHAIN: a chain name or id has at most 100 characters');
  });

  it('100 characters are still looked up', () => {
    expect(usageError(() => target({ chain: 'x'.repeat(100) }, envWith())).message).toMatch(/^unknown chain "x+…"$/);
  });
});

describe.runIf(process.platform !== 'win32')('key and config files: a regular file of at most 64 KiB', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'scout-files-'));
  const fifo = () => {
    const path = join(dir(), 'fifo');
    execFileSync('mkfifo', [path]);
    return path;
  };
  const big = () => {
    const path = join(dir(), 'big');
    writeFileSync(path, 'k'.repeat(64 * 1024 + 1));
    return path;
  };
  const exact = () => {
    const path = join(dir(), 'exact');
    writeFileSync(path, 'k'.repeat(64 * 1024));
    return path;
  };

  it.each([
    ['/dev/zero', () => '/dev/zero', 'not a regular file'],
    ['a FIFO', fifo, 'not a regular file'],
    ['a directory', dir, 'it is a directory'],
    ['a file over 64 KiB', big, 'larger than 64 KiB'],
  ])('--api-key-file: %s is refused with one line', (_name, make, why) => {
    const path = make();
    expect(usageError(() => resolveSettings({ apiKeyFile: path }, envWith()).adminKey()).message).toBe(`cannot read --api-key-file "${path}": ${why}`);
  });

  it('--api-key-file: 64 KiB exactly is read', () => {
    expect(resolveSettings({ apiKeyFile: exact() }, envWith()).adminKey()).toBe('k'.repeat(64 * 1024));
  });

  it('the key file is not read to list the secrets (only admin commands read it)', () => {
    const s = resolveSettings({ apiKeyFile: '/dev/zero' }, envWith(undefined, { SCOUT_EXPLORER_KEY: 'e' }));
    expect(s.secrets()).toEqual(['e']);
  });

  it.each([
    ['/dev/zero', () => '/dev/zero', 'not a regular file'],
    ['a FIFO', fifo, 'not a regular file'],
    ['a file over 64 KiB', big, 'larger than 64 KiB'],
  ])('the config file: %s is refused with one line', (_name, make, why) => {
    const env = envWith();
    symlinkSync(make(), join(env.XDG_CONFIG_HOME!, 'scout', 'config.json'));
    expect(usageError(() => resolveSettings({}, env)).message).toBe(`cannot read config file ${join(env.XDG_CONFIG_HOME!, 'scout', 'config.json')}: ${why}`);
  });
});
