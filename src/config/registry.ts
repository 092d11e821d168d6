/**
 * The public chain registry (docs/api-behaviour.md, Hosts: a map keyed by chain id with `name`,
 * `isTestnet`, `native_currency` and `explorers: [{url, hostedBy}]`) and the cache `scout chains
 * --refresh` keeps of it beside the config file. The cache holds our own small shape, checked once on
 * the way in.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { slug, type Chain } from './chains.js';
import { FileRefused, readSmallFile } from './small-file.js';
import { checkWebUrl, shown } from './url.js';

/** The largest chains cache read (the whole registry is a few hundred KiB). */
const CHAINS_CACHE_MAX = 32 * 1024 * 1024;

/** What the cache file holds. */
export interface ChainsCache {
  version: 1;
  source: string;
  fetched_at: string;
  chains: Chain[];
}

/**
 * A registry explorer URL as scout uses it (a bare host gets https://), no trailing slash; undefined
 * when checkWebUrl refuses it: not http(s), credentials, or a character a shell reads anywhere in it
 * (such a URL would reach a browser's launcher through `scout open`).
 */
export function registryExplorer(raw: string): string | undefined {
  const s = raw.trim();
  const checked = checkWebUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
  return 'url' in checked ? checked.url.replace(/\/+$/, '') : undefined;
}

/** The explorer to use (one Blockscout hosts first) and every usable one listed, no trailing slashes. */
function explorerUrls(explorers: unknown): { url: string; all: string[]; blockscout: boolean } | undefined {
  if (!Array.isArray(explorers)) return undefined;
  const usable = explorers
    .filter((e): e is { url: string; hostedBy?: unknown } => !!e && typeof e === 'object' && typeof (e as { url?: unknown }).url === 'string')
    .map((e) => ({ hostedBy: e.hostedBy, url: registryExplorer(e.url) }))
    .filter((e): e is { hostedBy: unknown; url: string } => e.url !== undefined);
  // An instance Blockscout hosts certainly serves API v2; a self-hosted one listed here usually does.
  const pick = usable.find((e) => e.hostedBy === 'blockscout') ?? usable[0];
  if (!pick) return undefined;
  return { url: pick.url, all: usable.map((e) => e.url), blockscout: pick.hostedBy === 'blockscout' };
}

/**
 * The registry's entries as chains. Keys are chain ids, except for some entries filed under a
 * made-up key ("chiliz", "1_"): those keep a name but get no id (a `chainId` field wins when present).
 */
export function parseRegistry(body: string, warn: (msg: string) => void = () => {}): Chain[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new Error('not JSON');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('expected an object keyed by chain id');
  const chains: Chain[] = [];
  const refused: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!value || typeof value !== 'object') continue;
    const v = value as Record<string, unknown>;
    const urls = explorerUrls(v.explorers);
    if (!urls) {
      if (Array.isArray(v.explorers) && v.explorers.length > 0) refused.push(shown(key, 40));
      continue;
    }
    const explorer = urls.url;
    const declared = typeof v.chainId === 'number' || (typeof v.chainId === 'string' && /^\d+$/.test(v.chainId)) ? String(v.chainId) : undefined;
    const id = declared ?? (/^\d+$/.test(key) ? BigInt(key).toString() : /^0x[0-9a-f]+$/i.test(key) ? BigInt(key).toString() : null);
    const name = typeof v.name === 'string' && v.name.trim() ? v.name.trim() : key;
    const names = [slug(name)];
    if (/^[a-z][a-z0-9-]*[a-z0-9]$/.test(key) && !/^0x/.test(key) && !names.includes(key)) names.push(key);
    const coin = typeof v.native_currency === 'string' && v.native_currency.trim() ? v.native_currency.trim() : null;
    const chain: Chain = { id, name, names: names.filter(Boolean), explorer, coin, testnet: v.isTestnet === true, source: 'registry' };
    if (urls.all.length > 1) chain.explorers = urls.all;
    if (urls.blockscout) chain.blockscout = true;
    chains.push(chain);
  }
  if (refused.length) warn(`skipped ${refused.length} registry ${refused.length === 1 ? 'entry' : 'entries'} with no explorer URL scout would use (${listed(refused)})`);
  if (chains.length === 0) throw new Error('no chain with an explorer URL');
  return chains;
}

/** A few names for a warning: the first five, then how many more. */
function listed(names: string[]): string {
  return names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
}

/** Writes the cache atomically (a reader never sees half a file). */
export function writeChainsCache(path: string, cache: ChainsCache): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(cache, null, 1) + '\n', { mode: 0o644 });
  renameSync(tmp, path);
}

function isChain(c: unknown): c is Chain {
  if (!c || typeof c !== 'object') return false;
  const x = c as Record<string, unknown>;
  return (
    (x.id === null || typeof x.id === 'string') &&
    typeof x.name === 'string' &&
    Array.isArray(x.names) &&
    x.names.every((n) => typeof n === 'string') &&
    typeof x.explorer === 'string' &&
    (x.explorers === undefined || (Array.isArray(x.explorers) && x.explorers.every((e) => typeof e === 'string'))) &&
    (x.coin === null || typeof x.coin === 'string') &&
    (x.blockscout === undefined || typeof x.blockscout === 'boolean') &&
    typeof x.testnet === 'boolean'
  );
}

/**
 * The cached chains whose explorer URLs pass the registry's check again (the file may have been
 * written by another program, or by an older scout that checked less): a chain whose explorer does
 * not is left out, and `warn` names it; other explorers it lists that do not are dropped.
 */
function recheckedChains(chains: Chain[], path: string, warn: (msg: string) => void): Chain[] {
  const refused: string[] = [];
  const out: Chain[] = [];
  for (const c of chains) {
    const explorer = registryExplorer(c.explorer);
    if (explorer === undefined) {
      refused.push(c.id !== null ? `${shown(c.id, 40)} (${shown(c.name, 40)})` : shown(c.name, 40));
      continue;
    }
    const chain: Chain = { ...c, explorer, source: 'registry' };
    if (c.explorers !== undefined) chain.explorers = c.explorers.map(registryExplorer).filter((e): e is string => e !== undefined);
    out.push(chain);
  }
  if (refused.length) {
    warn(`ignoring ${refused.length === 1 ? 'a chain' : `${refused.length} chains`} in the chains cache ${shown(path, 200)} whose explorer is not a usable http(s) URL: ${listed(refused)}`);
  }
  return out;
}

/**
 * The cache, or undefined when there is none. A damaged cache is reported through `warn` and
 * ignored: it is ours to rewrite, never a reason to refuse a command.
 */
export function readChainsCache(path: string, warn: (msg: string) => void): ChainsCache | undefined {
  let text: string;
  try {
    text = readSmallFile(path, CHAINS_CACHE_MAX);
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    if (e.code === 'ENOENT') return undefined;
    warn(`cannot read the chains cache ${shown(path, 200)} (${e.message}); ignoring it`);
    return undefined;
  }
  try {
    const data = JSON.parse(text) as Partial<ChainsCache>;
    if (data?.version !== 1 || !Array.isArray(data.chains) || !data.chains.every(isChain)) throw new Error('bad shape');
    return {
      version: 1,
      source: String(data.source ?? ''),
      fetched_at: String(data.fetched_at ?? ''),
      chains: recheckedChains(data.chains, path, warn),
    };
  } catch {
    warn(`the chains cache ${shown(path, 200)} is damaged; ignoring it (scout chains --refresh rewrites it)`);
    return undefined;
  }
}
