/**
 * `--chain <name|id>`: finds a chain in the built-in table, then in the registry cache. Names are
 * compared as slugs ("OP Mainnet", "op_mainnet" and "op-mainnet" are the same), ids as decimal
 * strings (a hex id such as 0x2105 is accepted too).
 */
import { editDistance } from '../base/text/edit-distance.js';
import { BUILTIN_CHAINS, type Chain } from './chain-table.js';

export { BUILTIN_CHAINS, type Chain } from './chain-table.js';

/** Lower-case, words joined by single hyphens: "OP Mainnet" → "op-mainnet". */
export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Every name a chain answers to: its short names and the slug of its display name. */
export function chainNames(c: Chain): string[] {
  const all = [...c.names, slug(c.name)];
  return all.filter((n, i) => n && all.indexOf(n) === i);
}

/** A chain id query as a decimal string, or undefined when the query is a name. */
export function chainIdOf(query: string): string | undefined {
  const q = query.trim();
  if (/^\d+$/.test(q)) return BigInt(q).toString();
  if (/^0x[0-9a-f]+$/i.test(q)) return BigInt(q).toString();
  return undefined;
}

/** True when `query` (a name or id, as `--chain` takes it) names `chain`. */
export function chainAnswersTo(chain: Chain, query: string): boolean {
  const id = chainIdOf(query);
  return id !== undefined ? chain.id === id : chainNames(chain).includes(slug(query));
}

export type ChainMatch = { chain: Chain } | { ambiguous: Chain[] } | undefined;

function matchIn(query: string, chains: readonly Chain[]): ChainMatch {
  const id = chainIdOf(query);
  const found = id !== undefined ? chains.filter((c) => c.id === id) : chains.filter((c) => chainNames(c).includes(slug(query)));
  if (found.length === 0) return undefined;
  if (found.length === 1) return { chain: found[0]! };
  // The registry holds some chains twice (once under their id, once under a made-up key): entries
  // with an id win, and several entries for one id are the same chain.
  const withId = found.filter((c) => c.id !== null);
  const ids = new Set(withId.map((c) => c.id));
  if (ids.size === 1) return { chain: withId[0]! };
  if (ids.size === 0) return { chain: found[0]! };
  return { ambiguous: withId };
}

/** Looks `query` up: the built-in table first, then the cached registry (read only if needed). */
export function findChain(query: string, cached: () => readonly Chain[]): ChainMatch {
  return matchIn(query, BUILTIN_CHAINS) ?? matchIn(query, cached());
}

/** A URL's origin and path segments ("https://x.org/a/" → origin https://x.org, ["a"]); undefined when it is no URL. */
function place(url: string): { origin: string; path: string[] } | undefined {
  try {
    const u = new URL(url);
    return { origin: u.origin, path: u.pathname.split('/').filter(Boolean) };
  } catch {
    return undefined;
  }
}

/**
 * The chain whose explorer `baseUrl` is, if any: it names the coin values are labelled with when only
 * --base-url was given. An explorer matches when it has the base URL's origin and its path starts the
 * base URL's path (the longest such path wins); the built-in table is looked in first, then the
 * registry cache (`cached`, read only if needed), every explorer the registry lists for a chain.
 */
export function chainForExplorer(baseUrl: string, cached: () => readonly Chain[] = () => []): Chain | undefined {
  const base = place(baseUrl);
  if (!base) return undefined;
  const depth = (explorer: string): number => {
    const e = place(explorer);
    if (!e || e.origin !== base.origin || e.path.length > base.path.length) return -1;
    return e.path.every((seg, i) => seg === base.path[i]) ? e.path.length : -1;
  };
  const best = (chains: readonly Chain[]): Chain | undefined => {
    let found: Chain | undefined;
    let deepest = -1;
    for (const c of chains) {
      const d = Math.max(depth(c.explorer), ...(c.explorers ?? []).map(depth));
      if (d > deepest) [found, deepest] = [c, d];
    }
    return found;
  };
  return best(BUILTIN_CHAINS) ?? best(cached());
}

/**
 * The names near `query` (at most `n`, built-in names first on a tie): those within a few edits (one
 * for a name of up to three letters, a third of its length for a longer one). None when nothing is
 * that close: a name far from every chain is not a typo of one.
 */
export function nearestNames(query: string, chains: readonly Chain[], n = 3): string[] {
  const q = slug(query);
  const scored = new Map<string, number>();
  chains.forEach((c, order) => {
    for (const name of chainNames(c)) {
      // A name that starts with (or contains) what was typed is nearer than its edit distance says.
      const d = Math.max(0, editDistance(q, name) - (q && name.startsWith(q) ? 2 : q && name.includes(q) ? 1 : 0));
      const score = d * 100_000 + order;
      if (!scored.has(name) || scored.get(name)! > score) scored.set(name, score);
    }
  });
  const ranked = [...scored.entries()].sort((a, b) => a[1] - b[1]);
  const close = ranked.filter(([, score]) => Math.floor(score / 100_000) <= Math.max(1, Math.ceil(q.length / 3)));
  return close.slice(0, n).map(([name]) => name);
}
