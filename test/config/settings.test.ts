/**
 * Precedence of the global settings (docs/cli-contract.md, Global options): flag, then SCOUT_*
 * environment, then the config file, then the default; for the explorer, the highest level naming a
 * base URL or a chain decides and a base URL beats a chain within a level. Also the config file's
 * failure modes.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GlobalFlags, resolveSettings } from '../../src/config/settings.js';
import { UsageError } from '../../src/base/errors.js';

const FILE_URL = 'http://file.example';
const ENV_URL = 'http://env.example';
const FLAG_URL = 'http://flag.example';

/** An environment whose config dir holds `config` (an object, raw text, or nothing). */
function envWith(config?: Record<string, unknown> | string, mode = 0o600, extra: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'scout-settings-'));
  if (config !== undefined) {
    mkdirSync(join(home, 'scout'));
    const file = join(home, 'scout', 'config.json');
    writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
    chmodSync(file, mode);
  }
  return { HOME: join(home, 'home'), XDG_CONFIG_HOME: home, ...extra };
}

const resolve = (flags: GlobalFlags, env: Record<string, string>) => resolveSettings(flags, env);
const baseOf = (flags: GlobalFlags, env: Record<string, string>) => resolve(flags, env).explorer().baseUrl;

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('explorer target precedence', () => {
  const cases: [string, GlobalFlags, Record<string, unknown> | undefined, Record<string, string>, string][] = [
    ['default', {}, undefined, {}, 'https://eth.blockscout.com'],
    ['file base-url', {}, { 'base-url': FILE_URL }, {}, FILE_URL],
    ['env base-url over file base-url', {}, { 'base-url': FILE_URL }, { SCOUT_BASE_URL: ENV_URL }, ENV_URL],
    ['flag base-url over env and file', { baseUrl: FLAG_URL }, { 'base-url': FILE_URL }, { SCOUT_BASE_URL: ENV_URL }, FLAG_URL],
    ['file chain', {}, { chain: 'base' }, {}, 'https://base.blockscout.com'],
    ['file chain as a number', {}, { chain: 100 }, {}, 'https://gnosis.blockscout.com'],
    ['file base-url beats file chain', {}, { 'base-url': FILE_URL, chain: 'base' }, {}, FILE_URL],
    ['env chain over file base-url', {}, { 'base-url': FILE_URL }, { SCOUT_CHAIN: 'scroll' }, 'https://scroll.blockscout.com'],
    ['env base-url beats env chain', {}, {}, { SCOUT_BASE_URL: ENV_URL, SCOUT_CHAIN: 'base' }, ENV_URL],
    ['flag chain over env base-url', { chain: 'celo' }, {}, { SCOUT_BASE_URL: ENV_URL }, 'https://celo.blockscout.com'],
    ['flag chain over file base-url', { chain: '8453' }, { 'base-url': FILE_URL }, {}, 'https://base.blockscout.com'],
    ['flag base-url beats flag chain', { baseUrl: FLAG_URL, chain: 'base' }, {}, {}, FLAG_URL],
    ['flag base-url beats env chain', { baseUrl: FLAG_URL }, {}, { SCOUT_CHAIN: 'base' }, FLAG_URL],
    ['an empty variable is unset', {}, { 'base-url': FILE_URL }, { SCOUT_BASE_URL: '' }, FILE_URL],
  ];
  it.each(cases)('%s', (_name, flags, file, env, expected) => {
    expect(baseOf(flags, envWith(file, 0o600, env))).toBe(expected);
  });

  it('a chain from a lower level is not even looked up when a higher level decides', () => {
    expect(baseOf({ baseUrl: FLAG_URL }, envWith({ chain: 'no-such-chain' }))).toBe(FLAG_URL);
  });

  it('a bad chain is reported only when the explorer is needed, naming where it came from', () => {
    const s = resolve({}, envWith({ chain: 'bsae' }));
    expect(s.adminUrl).toBe('https://merits.blockscout.com'); // admin commands still work
    const e = usageError(() => s.explorer());
    expect(e.message).toMatch(/^unknown chain "bsae" \(from "chain" in .*config\.json\)$/);
    expect(e.hint).toMatch(/^did you mean base\b/);
  });
});

describe('the coin that labels values', () => {
  it.each([
    ['a chain names its coin', { chain: 'gnosis' }, {}, 'XDAI'],
    ['a chain beside the winning base URL still names the coin', { chain: 'polygon', baseUrl: FLAG_URL }, {}, 'POL'],
    ['a base URL of a known instance', { baseUrl: 'https://celo.blockscout.com/' }, {}, 'CELO'],
    // Not known: no coin (values are labelled `coin`), never a guessed ETH.
    ['an unknown base URL', { baseUrl: FLAG_URL }, {}, ''],
    ['the default', {}, {}, 'ETH'],
  ] as const)('%s', (_name, flags, env, coin) => {
    expect(resolve(flags, envWith(undefined, 0o600, env)).coin).toBe(coin);
  });

  it('a base URL that is one of a chain’s explorers in the registry cache names that chain’s coin', () => {
    const env = envWith({});
    const cache = {
      version: 1,
      source: 'test',
      fetched_at: '2025-08-11T00:00:00Z',
      chains: [
        { id: '30', name: 'Rootstock', names: ['rootstock'], explorer: 'https://rootstock.blockscout.com', coin: 'RBTC', testnet: false },
        { id: '777', name: 'Twin Hosted', names: ['twin'], explorer: 'https://twin.example/main', explorers: ['https://twin.example/main', 'https://mirror.example'], coin: 'TWN', testnet: false },
      ],
    };
    writeFileSync(join(env.XDG_CONFIG_HOME!, 'scout', 'chains.json'), JSON.stringify(cache));
    expect(resolve({ baseUrl: 'https://rootstock.blockscout.com/' }, env).coin).toBe('RBTC');
    expect(resolve({ baseUrl: 'https://mirror.example' }, env).coin).toBe('TWN');
    expect(resolve({ baseUrl: 'https://twin.example/main/' }, env).coin).toBe('TWN');
    // Another path on the same host is another explorer.
    expect(resolve({ baseUrl: 'https://twin.example/test' }, env).coin).toBe('');
    // The built-in table comes first.
    expect(resolve({ baseUrl: 'https://celo.blockscout.com' }, env).coin).toBe('CELO');
  });
});

describe('key-by-key precedence', () => {
  const file = { 'explorer-key': 'file-ek', 'api-key': 'file-ak', timeout: 7, retries: 1, 'admin-url': FILE_URL };

  it('the file supplies what nothing else sets', () => {
    const s = resolve({}, envWith(file));
    expect([s.explorerKey, s.adminKey(), s.timeoutMs, s.retries, s.adminUrl]).toEqual(['file-ek', 'file-ak', 7000, 1, FILE_URL]);
  });

  it('the environment beats the file', () => {
    const s = resolve({}, envWith(file, 0o600, { SCOUT_EXPLORER_KEY: 'env-ek', SCOUT_ADMIN_KEY: 'env-ak', SCOUT_TIMEOUT: '9', SCOUT_ADMIN_URL: ENV_URL }));
    expect([s.explorerKey, s.adminKey(), s.timeoutMs, s.retries, s.adminUrl]).toEqual(['env-ek', 'env-ak', 9000, 1, ENV_URL]);
  });

  it('flags beat the environment', () => {
    const env = envWith(file, 0o600, { SCOUT_EXPLORER_KEY: 'env-ek', SCOUT_ADMIN_KEY: 'env-ak', SCOUT_TIMEOUT: '9', SCOUT_ADMIN_URL: ENV_URL });
    const s = resolve({ explorerKey: 'flag-ek', apiKey: 'flag-ak', timeout: '11', retries: '0', adminUrl: FLAG_URL }, env);
    expect([s.explorerKey, s.adminKey(), s.timeoutMs, s.retries, s.adminUrl]).toEqual(['flag-ek', 'flag-ak', 11000, 0, FLAG_URL]);
  });

  it('--api-key-file beats SCOUT_ADMIN_KEY and the file; --api-key beats --api-key-file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-keyfile-'));
    const keyFile = join(dir, 'admin.key');
    writeFileSync(keyFile, 'keyfile-ak\n');
    const env = envWith(file, 0o600, { SCOUT_ADMIN_KEY: 'env-ak' });
    expect(resolve({ apiKeyFile: keyFile }, env).adminKey()).toBe('keyfile-ak');
    expect(resolve({ apiKeyFile: keyFile, apiKey: 'flag-ak' }, env).adminKey()).toBe('flag-ak');
  });

  it('--api-key-file beats SCOUT_ADMIN_KEY; SCOUT_ADMIN_KEY beats SCOUT_ADMIN_KEY_FILE, which beats the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-keyfile-'));
    const [flagFile, envFile] = [join(dir, 'flag.key'), join(dir, 'env.key')];
    writeFileSync(flagFile, 'flag-file-ak\n');
    writeFileSync(envFile, 'env-file-ak\n');
    expect(resolve({}, envWith(file, 0o600, { SCOUT_ADMIN_KEY_FILE: envFile })).adminKey()).toBe('env-file-ak');
    expect(resolve({}, envWith(file, 0o600, { SCOUT_ADMIN_KEY_FILE: envFile, SCOUT_ADMIN_KEY: 'env-ak' })).adminKey()).toBe('env-ak');
    expect(resolve({ apiKeyFile: flagFile }, envWith(file, 0o600, { SCOUT_ADMIN_KEY_FILE: envFile, SCOUT_ADMIN_KEY: 'env-ak' })).adminKey()).toBe('flag-file-ak');
  });

  it('a key file is read only when nothing above it gives the key, and names its source when it cannot be', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'scout-keyfile-')), 'missing.key');
    expect(resolve({ apiKey: 'flag-ak', apiKeyFile: missing }, envWith()).adminKey()).toBe('flag-ak');
    expect(resolve({}, envWith({}, 0o600, { SCOUT_ADMIN_KEY: 'env-ak', SCOUT_ADMIN_KEY_FILE: missing })).adminKey()).toBe('env-ak');
    expect(usageError(() => resolve({}, envWith({}, 0o600, { SCOUT_ADMIN_KEY_FILE: missing })).adminKey()).message).toBe(`cannot read SCOUT_ADMIN_KEY_FILE "${missing}": no such file`);
    const empty = join(mkdtempSync(join(tmpdir(), 'scout-keyfile-')), 'empty.key');
    writeFileSync(empty, '\n');
    expect(usageError(() => resolve({}, envWith({}, 0o600, { SCOUT_ADMIN_KEY_FILE: empty })).adminKey()).message).toBe(`SCOUT_ADMIN_KEY_FILE "${empty}" is empty`);
  });

  it('--retries, then SCOUT_RETRIES, then "retries" in the file', () => {
    expect(resolve({}, envWith({ retries: 1 }, 0o600, { SCOUT_RETRIES: '2' })).retries).toBe(2);
    expect(resolve({ retries: '0' }, envWith({ retries: 1 }, 0o600, { SCOUT_RETRIES: '2' })).retries).toBe(0);
    expect(usageError(() => resolve({}, envWith({}, 0o600, { SCOUT_RETRIES: '21' }))).message).toBe('invalid SCOUT_RETRIES "21": expected a whole number from 0 to 20');
  });

  it('--verbose or SCOUT_VERBOSE=1; SCOUT_VERBOSE takes 1 or 0 like every switch', () => {
    expect(resolve({ verbose: true }, envWith()).verbose).toBe(true);
    expect(resolve({}, envWith({}, 0o600, { SCOUT_VERBOSE: 'true' })).verbose).toBe(true);
    expect(resolve({}, envWith({}, 0o600, { SCOUT_VERBOSE: '0' })).verbose).toBe(false);
    expect(resolve({}, envWith()).verbose).toBe(false);
    expect(usageError(() => resolve({}, envWith({}, 0o600, { SCOUT_VERBOSE: 'loud' }))).message).toBe('invalid SCOUT_VERBOSE "loud": expected 1 or 0');
  });

  it('defaults when nothing is set', () => {
    const s = resolve({}, envWith());
    expect([s.explorerKey, s.adminKey(), s.timeoutMs, s.retries, s.adminUrl]).toEqual([undefined, undefined, 30_000, 3, 'https://merits.blockscout.com']);
  });

  it('a bad value names where it came from', () => {
    expect(usageError(() => resolve({}, envWith({ timeout: 0 }))).message).toMatch(/^invalid "timeout" in .*config\.json "0"/);
    expect(usageError(() => resolve({}, envWith({}, 0o600, { SCOUT_TIMEOUT: 'soon' }))).message).toBe('invalid SCOUT_TIMEOUT "soon": expected a duration from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)');
    expect(usageError(() => resolve({}, envWith({ 'admin-url': 'ftp://x' }))).message).toMatch(/^invalid "admin-url" in .*config\.json "ftp:\/\/x"/);
  });

  it('every key from every source is redacted, used or not', () => {
    const s = resolve({ explorerKey: 'flag-ek' }, envWith(file, 0o600, { SCOUT_ADMIN_KEY: 'env-ak' }));
    expect(s.secrets().sort()).toEqual(['env-ak', 'file-ak', 'file-ek', 'flag-ek']);
  });
});

describe('limits: --timeout and --max-body', () => {
  it('--timeout is bounded by what a timer can hold (2^31-1 ms)', () => {
    expect(resolve({ timeout: '2147483' }, envWith()).timeoutMs).toBe(2_147_483_000);
    for (const value of ['2147484', '99999999999']) {
      expect(usageError(() => resolve({ timeout: value }, envWith())).message).toBe(`invalid --timeout "${value}": expected a duration from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)`);
    }
    expect(usageError(() => resolve({}, envWith({ timeout: 3e9 }))).message).toMatch(/^invalid "timeout" in .*config\.json "3000000000": expected a duration from 1ms to 2147483s \(about 24 days\)/);
  });

  it.each([
    ['65536', 65536],
    ['64MiB', 64 * 1024 ** 2],
    ['10MB', 10_000_000],
    ['512KiB', 512 * 1024],
    ['512 kib', 512 * 1024],
    ['1.5MiB', 1.5 * 1024 ** 2],
    ['500MiB', 500 * 1024 ** 2],
  ])('--max-body %s is %i bytes', (value, bytes) => {
    expect(resolve({ maxBody: value }, envWith()).maxBodyBytes).toBe(bytes);
  });

  it('--max-body, then SCOUT_MAX_BODY, then "max-body" in the file; unset leaves the default to the HTTP layer', () => {
    expect(resolve({}, envWith()).maxBodyBytes).toBeUndefined();
    expect(resolve({}, envWith({ 'max-body': '1MiB' })).maxBodyBytes).toBe(1024 ** 2);
    expect(resolve({}, envWith({ 'max-body': 2048 })).maxBodyBytes).toBe(2048);
    expect(resolve({}, envWith({ 'max-body': '1MiB' }, 0o600, { SCOUT_MAX_BODY: '2MiB' })).maxBodyBytes).toBe(2 * 1024 ** 2);
    expect(resolve({ maxBody: '3MiB' }, envWith({ 'max-body': '1MiB' }, 0o600, { SCOUT_MAX_BODY: '2MiB' })).maxBodyBytes).toBe(3 * 1024 ** 2);
  });

  it.each(['0', '-1', 'lots', '64 MiBs', '1TB', '501MiB', ''])('--max-body %j is a usage error naming the range', (value) => {
    expect(usageError(() => resolve({ maxBody: value }, envWith())).message).toBe(
      `invalid --max-body ${JSON.stringify(value)}: expected a size from 1 byte to 500 MiB, in bytes or with a unit (512KiB, 10MB, 64MiB)`,
    );
  });

  it('a bad SCOUT_MAX_BODY or "max-body" names where it came from', () => {
    expect(usageError(() => resolve({}, envWith({}, 0o600, { SCOUT_MAX_BODY: 'big' }))).message).toMatch(/^invalid SCOUT_MAX_BODY "big": /);
    expect(usageError(() => resolve({}, envWith({ 'max-body': 0 }))).message).toMatch(/^invalid "max-body" in .*config\.json "0": /);
  });
});

describe('keys that cannot go into an HTTP header', () => {
  const BAD: [string, string][] = [
    ['CR/LF', 'SECRETKEY-live\r\nX-Evil: 1'],
    ['LF', 'SECRETKEY-live\nmore'],
    ['ESC', 'SECRETKEY-live\u001b[2J'],
    ['DEL', 'SECRETKEY-live\u007f'],
    ['a C1 control', 'SECRETKEY-live\u009b'],
    ['a tab', 'SECRETKEY\tlive'],
    ['non-Latin-1', 'SECRETKEY-live\u2014x'],
  ];
  const explorerError = (flags: GlobalFlags, env: Record<string, string>) => usageError(() => resolve(flags, env).explorer());

  it.each(BAD)('an explorer key with %s is refused, naming the source but never the key', (_name, key) => {
    const cases: [GlobalFlags, Record<string, string>, RegExp][] = [
      [{ explorerKey: key }, envWith(), /^invalid explorer key \(--explorer-key\): character \d+ is /],
      [{}, envWith({}, 0o600, { SCOUT_EXPLORER_KEY: key }), /^invalid explorer key \(SCOUT_EXPLORER_KEY\): /],
      [{}, envWith({ 'explorer-key': key }), /^invalid explorer key \("explorer-key" in .*config\.json\): /],
      [{ pro: true, chain: 'base', explorerKey: key }, envWith(), /^invalid explorer key \(--explorer-key\): /],
    ];
    for (const [flags, env, message] of cases) {
      const e = explorerError(flags, env);
      expect(e.message).toMatch(message);
      expect(`${e.message} ${e.hint ?? ''}`).not.toContain('SECRETKEY');
    }
  });

  it.each(BAD)('an admin key with %s is refused, naming the source but never the key', (_name, key) => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-keyfile-'));
    const keyFile = join(dir, 'admin.key');
    writeFileSync(keyFile, key + '\n');
    const cases: [GlobalFlags, Record<string, string>, RegExp][] = [
      [{ apiKey: key }, envWith(), /^invalid admin key \(--api-key\): character \d+ is /],
      [{ apiKeyFile: keyFile }, envWith(), /^invalid admin key \(--api-key-file\): /],
      [{}, envWith({}, 0o600, { SCOUT_ADMIN_KEY: key }), /^invalid admin key \(SCOUT_ADMIN_KEY\): /],
      [{}, envWith({ 'api-key': key }), /^invalid admin key \("api-key" in .*config\.json\): /],
      [{}, envWith({}, 0o600, { SCOUT_ADMIN_KEY_FILE: keyFile }), /^invalid admin key \(SCOUT_ADMIN_KEY_FILE\): /],
    ];
    for (const [flags, env, message] of cases) {
      const e = usageError(() => resolve(flags, env).adminKey());
      expect(e.message).toMatch(message);
      expect(`${e.message} ${e.hint ?? ''}`).not.toContain('SECRETKEY');
    }
  });

  it('says where the character is and what kind it is', () => {
    expect(explorerError({ explorerKey: 'ab\u001bc' }, envWith()).message).toBe('invalid explorer key (--explorer-key): character 3 is a control character; a key is sent in an HTTP header');
    expect(explorerError({ explorerKey: 'ab\u{1F600}c' }, envWith()).message).toBe('invalid explorer key (--explorer-key): character 3 is outside Latin-1; a key is sent in an HTTP header');
  });

  it('an explorer key only matters to explorer commands; surrounding space and a key file\'s CRLF are trimmed', () => {
    const s = resolve({ explorerKey: 'bad\u0000key', apiKey: 'Bearer ok-key' }, envWith());
    expect(s.adminKey()).toBe('Bearer ok-key');
    const dir = mkdtempSync(join(tmpdir(), 'scout-keyfile-'));
    writeFileSync(join(dir, 'k'), 'caf\u00e9-key\r\n');
    expect(resolve({ apiKeyFile: join(dir, 'k') }, envWith()).adminKey()).toBe('caf\u00e9-key');
    expect(resolve({ explorerKey: '  ek \n' }, envWith()).explorer().baseUrl).toBe('https://eth.blockscout.com');
  });
});

describe('the hosted PRO API', () => {
  it('--pro with a chain goes to api.blockscout.com/<id> with a bearer key', () => {
    const t = resolve({ pro: true, chain: 'base', explorerKey: 'k' }, envWith()).explorer();
    expect(t).toMatchObject({ baseUrl: 'https://api.blockscout.com/8453', pro: true, coin: 'ETH' });
  });

  it('SCOUT_PRO=1 and "pro": true turn it on; SCOUT_PRO=0 beats the file', () => {
    expect(resolve({ chain: '100' }, envWith({}, 0o600, { SCOUT_PRO: '1', SCOUT_EXPLORER_KEY: 'k' })).explorer().baseUrl).toBe('https://api.blockscout.com/100');
    expect(resolve({ chain: '100' }, envWith({ pro: true, 'explorer-key': 'k' })).explorer().baseUrl).toBe('https://api.blockscout.com/100');
    expect(resolve({ chain: '100' }, envWith({ pro: true, 'explorer-key': 'k' }, 0o600, { SCOUT_PRO: '0' })).explorer().baseUrl).toBe('https://gnosis.blockscout.com');
  });

  it('without a chain it is Ethereum, the default chain', () => {
    expect(resolve({ pro: true, explorerKey: 'k' }, envWith()).explorer().baseUrl).toBe('https://api.blockscout.com/1');
  });

  it('takes a chain id no table knows: the PRO API serves chains by id', () => {
    expect(resolve({ pro: true, chain: '7777777', explorerKey: 'k' }, envWith()).explorer().baseUrl).toBe('https://api.blockscout.com/7777777');
  });

  it('needs an explorer key', () => {
    const e = usageError(() => resolve({ pro: true, chain: 'base' }, envWith()).explorer());
    expect(e.message).toBe('the PRO API needs an explorer key');
  });

  it('--pro with a winning base URL is a usage error; a pro setting from elsewhere leaves a base URL alone', () => {
    expect(usageError(() => resolve({ pro: true, baseUrl: FLAG_URL, explorerKey: 'k' }, envWith()).explorer()).message).toBe('--pro works with --chain <id|name>, not with a base URL');
    expect(usageError(() => resolve({ pro: true, explorerKey: 'k' }, envWith({}, 0o600, { SCOUT_BASE_URL: ENV_URL })).explorer()).message).toBe(
      '--pro works with --chain <id|name>, not with a base URL (SCOUT_BASE_URL names one)',
    );
    expect(resolve({ pro: true, chain: 'base', explorerKey: 'k' }, envWith({ 'base-url': FILE_URL })).explorer().baseUrl).toBe('https://api.blockscout.com/8453');
    expect(resolve({ baseUrl: FLAG_URL, insecure: true }, envWith({}, 0o600, { SCOUT_PRO: '1', SCOUT_EXPLORER_KEY: 'k' })).explorer()).toMatchObject({ baseUrl: FLAG_URL, pro: false });
  });

  it('SCOUT_PRO_URL moves the PRO root (tests, proxies)', () => {
    const env = envWith({}, 0o600, { SCOUT_PRO_URL: 'http://127.0.0.1:9/' });
    expect(resolve({ pro: true, chain: 'op', explorerKey: 'k' }, env).explorer().baseUrl).toBe('http://127.0.0.1:9/10');
  });
});

describe('the config file', () => {
  it('lives in $XDG_CONFIG_HOME/scout, else ~/.config/scout (a relative XDG_CONFIG_HOME is ignored)', () => {
    expect(resolve({}, { XDG_CONFIG_HOME: '/x/cfg', HOME: '/x/home' }).configFile.path).toBe('/x/cfg/scout/config.json');
    expect(resolve({}, { HOME: '/x/home' }).configFile.path).toBe('/x/home/.config/scout/config.json');
    expect(resolve({}, { XDG_CONFIG_HOME: 'rel', HOME: '/x/home' }).configFile.path).toBe('/x/home/.config/scout/config.json');
  });

  it('a missing file is no error; an empty one is an empty config', () => {
    expect(resolve({}, envWith()).configFile.exists).toBe(false);
    expect(resolve({}, envWith('  \n')).explorer().baseUrl).toBe('https://eth.blockscout.com');
  });

  it('broken JSON is a usage error naming the file and the place, never the text (it may hold a key)', () => {
    const e = usageError(() => resolve({}, envWith('{\n  "explorer-key": "sk-very-secret",\n}')));
    expect(e.message).toMatch(/^invalid config file \/.*\/scout\/config\.json: not valid JSON \(line 3, column 1\)$/);
    expect(`${e.message} ${e.hint}`).not.toContain('sk-very-secret');
    const bare = usageError(() => resolve({}, envWith('{"explorer-key": sk-very-secret}')));
    expect(bare.message).toMatch(/config\.json: not valid JSON/);
    expect(bare.message).not.toContain('sk-very');
  });

  it.each([
    ['an array', '[1]', /expected a JSON object/],
    ['a wrong type', '{"timeout": true}', /"timeout" must be a number/],
    ['a key that is not a string', '{"explorer-key": 12345}', /"explorer-key" must be a string/],
    ['pro as a string', '{"pro": "yes"}', /"pro" must be true or false/],
  ])('%s is a usage error naming the file', (_name, text, message) => {
    const e = usageError(() => resolve({}, envWith(text)));
    expect(e.message).toMatch(/^invalid config file \/.*config\.json: /);
    expect(e.message).toMatch(message);
  });

  it('a directory where the file should be is a usage error', () => {
    const env = envWith();
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'scout', 'config.json'), { recursive: true });
    expect(usageError(() => resolve({}, env)).message).toMatch(/^cannot read config file .*config\.json: it is a directory$/);
  });

  it('an unknown key is a warning with the likely name', () => {
    const s = resolve({}, envWith({ explorer_key: 'x', colour: 'no' }));
    expect(s.warnings).toEqual([expect.stringMatching(/ignoring unknown key "explorer_key" in .*config\.json \(did you mean "explorer-key"\?\)$/), expect.stringMatching(/unknown key "colour"/)]);
    expect(s.explorerKey).toBeUndefined();
  });

  it('a key named like a property every object has is unknown too, not taken as a setting', () => {
    const s = resolve({}, envWith('{"toString": 1, "constructor": "x", "__proto__": {"timeout": 5}}'));
    expect(s.warnings).toEqual([
      expect.stringMatching(/ignoring unknown key "toString" in /),
      expect.stringMatching(/ignoring unknown key "constructor" in /),
      expect.stringMatching(/ignoring unknown key "__proto__" in /),
    ]);
    expect(s.timeoutMs).toBe(30_000);
  });

  it.runIf(process.platform !== 'win32')('a file holding a key that others can read gets a warning; 0600 or no key does not', () => {
    const warned = (config: Record<string, unknown>, mode: number) => resolve({}, envWith(config, mode)).warnings.filter((w) => /other users can read it/.test(w));
    expect(warned({ 'api-key': 'k' }, 0o644)).toEqual([expect.stringMatching(/config\.json holds a key and other users can read it; run: chmod 600 \/.*config\.json$/)]);
    expect(warned({ 'explorer-key': 'k' }, 0o640)).toHaveLength(1);
    expect(warned({ 'explorer-key': 'k' }, 0o600)).toEqual([]);
    expect(warned({ chain: 'base' }, 0o644)).toEqual([]);
  });
});
