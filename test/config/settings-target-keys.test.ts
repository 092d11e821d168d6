/**
 * The parts the settings are made of, alone: the explorer target (src/config/target.ts) and key
 * routing's PRO check (src/config/keys.ts). The PRO checks are written once, so `--chain` and
 * `--chains` refuse the same things in the same words.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { BUILTIN_CHAINS, type Chain } from '../../src/config/chains.js';
import { checkExplorerKey } from '../../src/config/keys.js';
import { type GlobalFlags, resolveSettings } from '../../src/config/settings.js';
import { chainTarget, siteOf } from '../../src/config/target.js';

const BASE = BUILTIN_CHAINS.find((c) => c.id === '8453')!;
const NO_ID: Chain = { ...BASE, id: '', name: 'Nameless', names: [] };

/** A clean environment: its own empty config and cache directories. */
const env = (extra: Record<string, string> = {}, home = mkdtempSync(join(tmpdir(), 'scout-target-'))): Record<string, string> => ({
  HOME: join(home, 'home'),
  XDG_CONFIG_HOME: home,
  XDG_CACHE_HOME: join(home, 'cache'),
  ...extra,
});

/** The UsageError `fn` throws (any other error, or none, fails the test). */
const refusal = (fn: () => unknown): UsageError => {
  const thrown = ((): unknown => {
    try {
      return fn();
    } catch (e) {
      return e;
    }
  })();
  expect(thrown).toBeInstanceOf(UsageError);
  return thrown as UsageError;
};

describe('chainTarget', () => {
  it("is the chain's explorer without the PRO API, `<root>/<id>` with it", () => {
    expect(chainTarget(BASE, undefined)).toEqual({ baseUrl: 'https://base.blockscout.com', pro: false, chain: BASE, coin: 'ETH' });
    expect(chainTarget(BASE, 'https://api.blockscout.com')).toEqual({ baseUrl: 'https://api.blockscout.com/8453', pro: true, chain: BASE, coin: 'ETH' });
  });

  it('refuses the PRO API for a chain without an id, and only then', () => {
    expect(refusal(() => chainTarget(NO_ID, 'https://api.blockscout.com')).message).toBe('the PRO API needs a chain id, and the registry gives none for "Nameless"');
    expect(chainTarget(NO_ID, undefined).pro).toBe(false);
  });
});

describe('siteOf', () => {
  it("is the base URL, or with the PRO API the chain's own explorer", () => {
    expect(siteOf(chainTarget(BASE, undefined))).toBe('https://base.blockscout.com');
    expect(siteOf(chainTarget(BASE, 'https://api.blockscout.com'))).toBe('https://base.blockscout.com');
    expect(refusal(() => siteOf(chainTarget({ ...BASE, explorer: '' }, 'https://api.blockscout.com'))).message).toMatch(/^no explorer web site is known for Base/);
  });
});

describe('checkExplorerKey', () => {
  it('trims the key, and lets none through when the PRO API is not used', () => {
    expect(checkExplorerKey({ value: ' k1 ', from: '--explorer-key' }, true)).toBe('k1');
    expect(checkExplorerKey(undefined, false)).toBeUndefined();
    expect(checkExplorerKey({ value: '  ', from: 'SCOUT_EXPLORER_KEY' }, false)).toBeUndefined();
  });

  it('refuses the PRO API without a key, saying where one goes', () => {
    const e = refusal(() => checkExplorerKey(undefined, true));
    expect(e.message).toBe('the PRO API needs an explorer key');
    expect(e.hint).toContain('--explorer-key');
  });

  it('refuses a key a header cannot carry, naming its source and not the key', () => {
    const e = refusal(() => checkExplorerKey({ value: 'abc\r\nX: 1', from: '--explorer-key' }, false));
    expect(e.message).toMatch(/^invalid explorer key \(--explorer-key\)/);
    expect(e.message).not.toContain('abc');
  });
});

describe('the PRO checks, once for --chain and --chains', () => {
  const both = (flags: GlobalFlags, e: Record<string, string>, chain: string) => {
    const one = refusal(() => resolveSettings({ ...flags, chain }, e).explorer());
    const many = refusal(() => resolveSettings(flags, e).targetsFor([chain]));
    return [one, many].map((x) => [x.message, x.hint]);
  };

  it('no key: the same refusal', () => {
    const [one, many] = both({ pro: true }, env(), 'base');
    expect(one).toEqual(many);
    expect(one![0]).toBe('the PRO API needs an explorer key');
  });

  it('a bad PRO root (SCOUT_PRO_URL): the same refusal', () => {
    const [one, many] = both({ pro: true, explorerKey: 'k' }, env({ SCOUT_PRO_URL: 'ftp://nowhere' }), 'base');
    expect(one).toEqual(many);
    expect(one![0]).toContain('SCOUT_PRO_URL');
  });

  it('the same target for one chain either way', () => {
    const e = env();
    const flags: GlobalFlags = { pro: true, explorerKey: 'k' };
    const one = resolveSettings({ ...flags, chain: 'base' }, e).explorer();
    const [many] = resolveSettings(flags, e).targetsFor(['base']);
    expect(many).toEqual(one);
    expect(one).toMatchObject({ baseUrl: 'https://api.blockscout.com/8453', pro: true, key: 'k' });
  });
});
