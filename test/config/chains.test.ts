/** `--chain` lookup, "did you mean", the registry's odd entries and the cache file. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHAINS, type Chain, chainForExplorer, chainIdOf, findChain, nearestNames, slug } from '../../src/config/chains.js';
import { parseRegistry, readChainsCache, writeChainsCache } from '../../src/config/registry.js';

const none = () => [];
const found = (q: string, cached: () => readonly Chain[] = none) => {
  const m = findChain(q, cached);
  return m && 'chain' in m ? m.chain : undefined;
};

describe('the built-in table', () => {
  it('has the chains the issue names, each with an id, names, an https explorer and a coin', () => {
    const ids = BUILTIN_CHAINS.map((c) => c.id);
    // Ethereum, Sepolia, Hoodi, Base, Base Sepolia, OP Mainnet, OP Sepolia, Arbitrum One, Gnosis, Polygon PoS, zkSync Era, Scroll, Celo
    for (const id of ['1', '11155111', '560048', '8453', '84532', '10', '11155420', '42161', '100', '137', '324', '534352', '42220']) expect(ids).toContain(id);
    for (const c of BUILTIN_CHAINS) {
      expect(c.explorer).toMatch(/^https:\/\/[a-z0-9.-]+$/);
      expect(c.coin).toMatch(/^[A-Z]+$/);
      expect(c.names.length).toBeGreaterThan(0);
    }
  });

  it('no id or name means two chains', () => {
    const ids = BUILTIN_CHAINS.map((c) => c.id);
    const names = BUILTIN_CHAINS.flatMap((c) => [...c.names, slug(c.name)].filter((n, i, a) => a.indexOf(n) === i));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('findChain', () => {
  it.each([
    ['8453', 'Base'],
    ['0x2105', 'Base'],
    ['base', 'Base'],
    ['BASE', 'Base'],
    ['op', 'OP Mainnet'],
    ['OP Mainnet', 'OP Mainnet'],
    ['op_mainnet', 'OP Mainnet'],
    ['Polygon PoS', 'Polygon PoS'],
    ['xdai', 'Gnosis'],
    ['11155111', 'Sepolia'],
  ])('%s is %s', (q, name) => {
    expect(found(q)?.name).toBe(name);
  });

  it('looks in the cache only for what the table lacks, and the table wins', () => {
    const cached: Chain[] = [
      { id: '8453', name: 'Base', names: ['base'], explorer: 'http://elsewhere.example', coin: 'ETH', testnet: false, source: 'registry' },
      { id: '31337', name: 'Local Dev', names: ['local-dev'], explorer: 'http://127.0.0.1:1', coin: 'GO', testnet: true, source: 'registry' },
    ];
    let reads = 0;
    const cache = () => (reads++, cached);
    expect(found('base', cache)?.explorer).toBe('https://base.blockscout.com');
    expect(reads).toBe(0);
    expect(found('local-dev', cache)?.id).toBe('31337');
    expect(found('31337', cache)?.name).toBe('Local Dev');
    expect(found('nothing', cache)).toBeUndefined();
  });

  it('a name two registry chains share is ambiguous unless one entry has no id', () => {
    const c = (id: string | null, explorer: string): Chain => ({ id, name: 'Twin', names: ['twin'], explorer, coin: null, testnet: false, source: 'registry' });
    expect(findChain('twin', () => [c('5', 'http://a'), c('6', 'http://b')])).toEqual({ ambiguous: [c('5', 'http://a'), c('6', 'http://b')] });
    expect(found('twin', () => [c(null, 'http://a'), c('6', 'http://b')])?.id).toBe('6');
  });

  it('chainIdOf reads decimal and hex ids, and nothing else', () => {
    expect([chainIdOf('8453'), chainIdOf('0x2105'), chainIdOf('base'), chainIdOf('12a')]).toEqual(['8453', '8453', undefined, undefined]);
  });
});

describe('nearestNames', () => {
  it.each([
    ['bsae', 'base'],
    ['arbitrm', 'arbitrum'],
    ['optimsm', 'optimism'],
    ['polygn', 'polygon'],
    ['base-sep', 'base-sepolia'],
  ])('%s → %s first', (q, first) => {
    expect(nearestNames(q, BUILTIN_CHAINS)[0]).toBe(first);
  });

  it('offers at most three, and only close ones: none for a name far from every chain', () => {
    expect(nearestNames('bsae', BUILTIN_CHAINS)).toEqual(['base']);
    expect(nearestNames('ethh', BUILTIN_CHAINS)).toEqual(['eth']);
    expect(nearestNames('zzzzzzzzzzzz', BUILTIN_CHAINS)).toEqual([]);
    expect(nearestNames('zzzz', BUILTIN_CHAINS)).toEqual([]);
    expect(nearestNames('zz', BUILTIN_CHAINS)).toEqual([]);
  });
});

describe('the registry', () => {
  const body = JSON.stringify({
    '1': { name: 'Ethereum', isTestnet: false, native_currency: 'ETH', explorers: [{ url: 'https://self.example/', hostedBy: 'self' }, { url: 'https://eth.blockscout.com/', hostedBy: 'blockscout' }] },
    '0x414e': { name: 'AirDAO', isTestnet: false, native_currency: 'AMB', explorers: [{ url: 'https://air.example/', hostedBy: 'self' }] },
    chiliz: { name: 'Chiliz', isTestnet: false, native_currency: null, explorers: [{ url: 'explorer.chiliz.example', hostedBy: 'self' }] },
    '1_': { name: 'Inco', isTestnet: true, explorers: [{ url: 'https://inco.example', hostedBy: 'self' }] },
    '77': { name: 'No Explorer', explorers: [] },
    '78': { name: 'Bad Explorer', explorers: [{ url: 'javascript:alert(1)' }] },
    '79': 'not an object',
  });

  it('keeps chains with a usable explorer, preferring one Blockscout hosts', () => {
    const chains = parseRegistry(body);
    expect(chains.map((c) => [c.id, c.name, c.names, c.explorer, c.coin, c.testnet])).toEqual([
      ['1', 'Ethereum', ['ethereum'], 'https://eth.blockscout.com', 'ETH', false],
      ['16718', 'AirDAO', ['airdao'], 'https://air.example', 'AMB', false],
      [null, 'Chiliz', ['chiliz'], 'https://explorer.chiliz.example', null, false],
      [null, 'Inco', ['inco'], 'https://inco.example', null, true],
    ]);
  });

  it('remembers every explorer of a chain that lists several, so a base URL of any of them finds its coin', () => {
    const [eth, air] = parseRegistry(body);
    expect(eth?.explorers).toEqual(['https://self.example', 'https://eth.blockscout.com']);
    expect(air?.explorers).toBeUndefined();
    const chains = parseRegistry(body);
    expect(chainForExplorer('https://self.example/', () => chains)?.name).toBe('Ethereum');
    expect(chainForExplorer('https://air.example', () => chains)?.coin).toBe('AMB');
    expect(chainForExplorer('https://elsewhere.example', () => chains)).toBeUndefined();
  });

  it('refuses what is not a registry', () => {
    expect(() => parseRegistry('<html>')).toThrow(/not JSON/);
    expect(() => parseRegistry('[]')).toThrow(/expected an object/);
    expect(() => parseRegistry('{}')).toThrow(/no chain/);
  });

  it('the cache round-trips, and a damaged one is ignored with a warning', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'scout-cache-')), 'sub', 'chains.json');
    const chains = parseRegistry(body);
    writeChainsCache(path, { version: 1, source: 'http://r.example', fetched_at: '2026-11-21T00:00:00.000Z', chains });
    const warnings: string[] = [];
    expect(readChainsCache(path, (w) => warnings.push(w))?.chains).toEqual(chains);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: 1, source: 'http://r.example' });
    writeFileSync(path, '{"version":1,"chains":[{"id":1}]}');
    expect(readChainsCache(path, (w) => warnings.push(w))).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/chains cache .* is damaged; ignoring it/)]);
    expect(readChainsCache(join(path, '..', 'absent.json'), (w) => warnings.push(w))).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
