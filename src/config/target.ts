/**
 * The explorer target: where explorer requests go. A base URL, a chain (its explorer), or with
 * `--pro` the hosted PRO API at `<pro-url>/<chain id>`; for `--chains`, one target per chain. The
 * key each target carries is key routing's to decide (keys.ts).
 *
 * The explorer is chosen by level, not key by key: the highest level (flag, environment, file) that
 * names a base URL or a chain decides, and within one level a base URL wins over a chain. So
 * `--chain base` beats `SCOUT_BASE_URL` and a `base-url` in the file, and `--base-url` beats
 * everything. A chain named beside the winning base URL still labels values with its coin.
 */
import { echo } from '../base/text/echo.js';
import { UsageError } from '../base/errors.js';
import { chainSetOf, chainsOfSet, distinctChains } from './chain-list.js';
import { BUILTIN_CHAINS, type Chain, chainForExplorer, chainIdOf, findChain, nearestNames } from './chains.js';
import { chainsCachePath } from './paths.js';
import { readChainsCache } from './registry.js';
import { checkUrl, type Env, type Sourced, type Sources } from './sources.js';
import { echoUrl, shown, shownUrl } from './url.js';

/** Where explorer requests go. */
export interface ExplorerTarget {
  baseUrl: string;
  /** The hosted PRO API: the key goes as `Authorization: Bearer`. */
  pro: boolean;
  /** The chain, when one was named (or the base URL is a known instance). */
  chain: Chain | undefined;
  /** Native coin symbol for labelling values; '' when not known (values then carry no symbol, never a guessed ETH). */
  coin: string;
  /** The explorer key to send there, after explorerKeyFor decided where keys may go. */
  key?: string | undefined;
  /** Why a key that is set was not sent (said once with --verbose). */
  withheld?: string | undefined;
}

/** The longest `--chain` value looked up. */
export const MAX_CHAIN_LENGTH = 100;

/**
 * An explorer's base URL is the site (`https://eth.blockscout.com`): scout adds `/api/v2/…` itself.
 * One ending in `/api` or `/api/v2` would ask `/api/v2/api/v2/…` and get a 404 that says nothing of
 * why, so it is refused, before any request, with the URL to use instead. Refused rather than
 * corrected: a value from the environment or a config file is fixed where it lives, not silently
 * used as another URL on every run.
 */
function checkBaseUrl(s: Sourced): string {
  const url = checkUrl(s);
  const m = /\/api(\/v2)?$/i.exec(new URL(url).pathname);
  if (!m) return url;
  const site = url.slice(0, url.length - m[0].length);
  throw new UsageError(`invalid ${s.from} ${echoUrl(s.value)}: drop the trailing ${m[0]}, scout adds it`, { hint: `use ${shownUrl(site)}` });
}

/** Resolves `--chain` to a known chain, or throws a usage error that names the nearest ones. */
export function resolveChain(q: Sourced, env: Env, warnings: string[], pro: boolean): Chain {
  let cache: readonly Chain[] | undefined;
  const cached = () => (cache ??= readChainsCache(chainsCachePath(env), (w) => warnings.push(w))?.chains ?? []);
  const query = q.value.trim();
  if (!query) throw new UsageError(`invalid ${q.from}: empty chain name`);
  // Matching is quadratic in the length of the name: a very long value is refused before it.
  if (query.length > MAX_CHAIN_LENGTH) throw new UsageError(`invalid ${q.from}: a chain name or id has at most ${MAX_CHAIN_LENGTH} characters`);
  // Say where a chain that is not on the command line came from: the user may not remember setting it.
  const from = q.from === '--chain' ? '' : ` (from ${q.from})`;
  const match = findChain(query, cached);
  if (match && 'chain' in match) return match.chain;
  if (match) {
    const ids = match.ambiguous.map((c) => `${c.id} (${shown(c.name)})`).join(', ');
    throw new UsageError(`chain ${echo(query)}${from} is ambiguous: ${ids}`, { hint: `pass the chain id instead, e.g. --chain ${match.ambiguous[0]!.id}` });
  }
  const id = chainIdOf(query);
  // The PRO API serves chains by id: an id we have no entry for is still a usable target there.
  if (id !== undefined && pro) return { id, name: `chain ${id}`, names: [], explorer: '', coin: null, testnet: false, source: 'registry' };
  const refresh = cached().length === 0 ? '; `scout chains --refresh` fetches the full registry' : '';
  if (id !== undefined) {
    throw new UsageError(`unknown chain id ${id}${from}`, { hint: `\`scout chains\` lists the known chains${refresh}; --base-url <url> reaches any explorer` });
  }
  const near = nearestNames(query, [...BUILTIN_CHAINS, ...cached()]);
  const hint = near.length > 0 ? `did you mean ${near.map((n) => shown(n)).join(', ')}? (\`scout chains\` lists them${refresh})` : `\`scout chains\` lists the known chains${refresh}`;
  throw new UsageError(`unknown chain ${echo(query)}${from}`, { hint });
}

/** The PRO API's root (SCOUT_PRO_URL, else the default); UsageError for a bad one. */
export function proRoot(src: Sources): string {
  return checkUrl(src.env('pro-url') ?? src.fallback('pro-url'));
}

/**
 * Where a chain's requests go: its explorer, or with the PRO API (`proRoot` given) `<root>/<chain id>`,
 * which needs a chain id.
 */
export function chainTarget(chain: Chain, proRoot: string | undefined): ExplorerTarget {
  if (proRoot === undefined) return { baseUrl: chain.explorer, pro: false, chain, coin: chain.coin ?? '' };
  if (!chain.id) throw new UsageError(`the PRO API needs a chain id, and the registry gives none for ${echo(chain.name)}`);
  return { baseUrl: `${proRoot}/${chain.id}`, pro: true, chain, coin: chain.coin ?? '' };
}

/** The one explorer of a command, and whether the user named its base URL (key routing trusts that). */
export interface ChosenTarget {
  target: ExplorerTarget;
  /** The base URL is one the user named (not picked from the chain table or the registry). */
  named: boolean;
}

/** The explorer the settings choose (see the header); UsageError for a bad URL, chain or --pro beside a base URL. */
export function chooseTarget(src: Sources, env: Env, warnings: string[], pro: boolean): ChosenTarget {
  const levels = [src.flag, src.env, src.file].map((level) => ({ base: level('base-url'), chain: level('chain') }));
  const level = levels.find((l) => l.base || l.chain);
  if (level?.base) {
    // A base URL is used as given: a pro setting from the environment or the file leaves it alone,
    // but a --pro typed on this command line would silently do nothing, so it is refused.
    if (src.flag('pro')) {
      const from = level.base.from === '--base-url' ? '' : ` (${level.base.from} names one)`;
      throw new UsageError(`--pro works with --chain <id|name>, not with a base URL${from}`);
    }
    const baseUrl = checkBaseUrl(level.base);
    const registry = () => readChainsCache(chainsCachePath(env), (w) => warnings.push(w))?.chains ?? [];
    const chain = level.chain ? resolveChain(level.chain, env, warnings, false) : chainForExplorer(baseUrl, registry);
    return { target: { baseUrl, pro: false, chain, coin: chain?.coin ?? '' }, named: true };
  }
  const chain = level?.chain ? resolveChain(level.chain, env, warnings, pro) : BUILTIN_CHAINS[0]!;
  return { target: chainTarget(chain, pro ? proRoot(src) : undefined), named: false };
}

/**
 * The chains `--chains` names, in order, each once: a set (all, mainnets, testnets) expands from the
 * cached registry (else the built-in chains, with a warning saying so), a name or id is looked up as
 * `--chain` looks it up. Every unknown one is named in one usage error, as is `--chain` or
 * `--base-url` beside it.
 */
export function chainsFor(queries: readonly string[], src: Sources, env: Env, warnings: string[], pro: boolean): Chain[] {
  for (const name of ['chain', 'base-url'] as const) {
    const given = src.flag(name);
    if (given) throw new UsageError(`--chains picks each chain's explorer itself; it does not go with ${given.from}`);
  }
  const out: Chain[] = [];
  const unknown: string[] = [];
  let only: unknown;
  for (const query of queries) {
    const set = chainSetOf(query);
    if (set) {
      const cache = readChainsCache(chainsCachePath(env), (w) => warnings.push(w));
      if (!cache) warnings.push(`no cached chain registry: --chains ${set} covers the built-in chains only (\`scout chains --refresh\` caches the registry)`);
      out.push(...chainsOfSet(set, cache?.chains));
      continue;
    }
    try {
      out.push(resolveChain({ value: query, from: '--chains' }, env, warnings, pro));
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      unknown.push(query);
      only = e;
    }
  }
  if (unknown.length === 1) throw only;
  if (unknown.length > 1) {
    throw new UsageError(`unknown chains in --chains: ${unknown.map((q) => echo(q)).join(', ')}`, { hint: '`scout chains` lists the known chains; `scout chains --refresh` fetches the full registry' });
  }
  const chains = distinctChains(out);
  if (chains.length === 0) throw new UsageError(`--chains ${echo(queries.join(','))} names no chain`, { hint: '`scout chains --refresh` caches the registry' });
  return chains;
}

/**
 * The explorer's web site: the base URL, or with the PRO API the chain's own explorer; UsageError
 * when the PRO API's chain has none known.
 */
export function siteOf(target: ExplorerTarget): string {
  if (!target.pro) return target.baseUrl;
  if (!target.chain?.explorer) throw new UsageError(`no explorer web site is known for ${shown(target.chain?.name ?? 'this chain')}; pass --base-url <explorer> instead of --pro`);
  return target.chain.explorer;
}
