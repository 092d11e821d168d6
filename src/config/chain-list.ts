/**
 * `--chains <ids|names|all|mainnets|testnets>`: the chains one command fans out over. The list is
 * read here as text (before any request, at parse time); the names are looked up as `--chain`
 * looks them up (target.ts), and the three sets expand from the chains scout knows.
 *
 * The sets: with a cached registry (`scout chains --refresh`), its chains whose explorer Blockscout
 * hosts (a built-in entry standing in for a registry entry of the same id); without one, the
 * built-in chains. `all` and `mainnets` are the mainnets among them, `testnets` the testnets.
 */
import { UsageError } from '../base/errors.js';
import { BUILTIN_CHAINS, type Chain } from './chain-table.js';
import { isBlockscoutHosted } from './url.js';
import { parseWords } from '../base/validate.js';

/** The words that name a set of chains instead of one chain. */
export const CHAIN_SETS = ['all', 'mainnets', 'testnets'] as const;
export type ChainSet = (typeof CHAIN_SETS)[number];

/** The most chains one list may name (before sets expand). */
const MAX_NAMED = 100;

/**
 * The words of a `--chains` value (parseWords: comma-separated, each trimmed, none empty, the same
 * word twice once). Names are checked against the known chains later, before any request.
 */
export function parseChainList(raw: string, from: string): string[] {
  const words = parseWords(raw, from, `chain names or ids separated by commas, or one of ${CHAIN_SETS.join(', ')}`);
  if (words.length > MAX_NAMED) throw new UsageError(`invalid ${from}: at most ${MAX_NAMED} chains (or ${CHAIN_SETS.join(', ')})`);
  return words;
}

/** `word` names a set of chains: all, mainnets, testnets (any case). */
export function chainSetOf(word: string): ChainSet | undefined {
  return CHAIN_SETS.find((s) => s === word.toLowerCase());
}

/**
 * The chains of a set, in registry order. `cached` is the cached registry, undefined when there is
 * none (then the built-in chains, which Blockscout hosts, make up the set).
 */
export function chainsOfSet(set: ChainSet, cached: readonly Chain[] | undefined): Chain[] {
  const builtin = new Map(BUILTIN_CHAINS.map((c) => [c.id, c]));
  const known = cached === undefined ? [...BUILTIN_CHAINS] : cached.map((c) => (c.id !== null && builtin.get(c.id)) || c);
  const hosted = known.filter((c) => c.source === 'built-in' || (c.blockscout ?? isBlockscoutHosted(c.explorer)));
  return hosted.filter((c) => (set === 'testnets' ? c.testnet : !c.testnet));
}

/** The chains in order, each once (by id; by explorer for an entry without an id). */
export function distinctChains(chains: readonly Chain[]): Chain[] {
  const seen = new Set<string>();
  return chains.filter((c) => {
    const k = c.id ?? `explorer:${c.explorer}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
