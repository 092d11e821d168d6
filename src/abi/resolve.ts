/**
 * Finding an entry of an ABI from what a user typed: a name (`balanceOf`), a name with its types when
 * it is overloaded (`balanceOf(address)`), a full signature (with outputs, cast's notation, for an
 * entry the ABI lacks), or a 4-byte selector (`0x70a08231`). A name two entries share is exit 2,
 * listing them; a name the ABI lacks is exit 2, naming the closest ones.
 */
import { UsageError } from '../base/errors.js';
import { echo } from '../base/text/echo.js';
import { editDistance } from '../base/text/edit-distance.js';
import { safeText } from '../base/text/safe.js';
import { abiSignature } from './human.js';
import { entryId } from './selector.js';
import { type AbiEntry, type EntryKind, parseSignature, signatureOf } from './signature.js';

const SELECTOR = /^0x[0-9a-fA-F]{8}$/;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;

/** What resolving found: the entry, and whether it is the ABI's own (else it came from the signature typed). */
export interface Resolved {
  readonly entry: AbiEntry;
  readonly fromAbi: boolean;
}

/** The entries of `kind` in an ABI. */
export function entriesOf(abi: readonly AbiEntry[], kind: EntryKind): AbiEntry[] {
  return abi.filter((e) => e.type === kind);
}

/** The entry of `kind` whose selector (function, error) or topic0 (event) is `id`, in any case; undefined when none. */
export function byId(abi: readonly AbiEntry[], kind: EntryKind, id: string): AbiEntry | undefined {
  const want = id.toLowerCase();
  return entriesOf(abi, kind).find((e) => entryId(e as unknown as Record<string, unknown>) === want);
}

/** One line per entry for a message: `  function balanceOf(address owner) view returns (uint256)  0x70a08231`. */
function listing(entries: readonly AbiEntry[]): string {
  return entries.map((e) => `\n  ${safeText(abiSignature(e as unknown as Record<string, unknown>))}  ${entryId(e as unknown as Record<string, unknown>)}`).join('');
}

/** The names of `kind` closest to `name`, for "did you mean". */
function closest(abi: readonly AbiEntry[], kind: EntryKind, name: string): string[] {
  const names = [...new Set(entriesOf(abi, kind).map((e) => e.name ?? ''))];
  const scored = names.map((n) => ({ n, d: editDistance(name.toLowerCase(), n.toLowerCase()) })).filter((x) => x.d <= Math.max(2, Math.floor(name.length / 3)));
  return scored.sort((a, b) => a.d - b.d).slice(0, 3).map((x) => x.n);
}

/**
 * The entry of `kind` that `query` names in `abi` (an empty `abi` when the contract has none):
 * - a selector (function, error) or topic0 (event): the ABI's entry with it, else exit 2;
 * - a signature: the ABI's entry of the same canonical signature (its names and outputs), else the
 *   signature itself (`fromAbi: false`), so an unverified contract can be called by signature;
 * - a bare name: the one entry of that name, else exit 2 (none, or several: listed).
 * `where` says whose ABI it is, for messages: "the ABI of 0x…".
 */
export function resolveEntry(abi: readonly AbiEntry[], kind: EntryKind, query: string, where: string): Resolved {
  const q = query.trim();
  if ((kind === 'event' ? TOPIC : SELECTOR).test(q)) {
    const entry = byId(abi, kind, q);
    if (!entry) throw new UsageError(`no ${kind} with ${kind === 'event' ? 'topic0' : 'selector'} ${q.toLowerCase()} in ${where}`);
    return { entry, fromAbi: true };
  }
  if (q.includes('(')) {
    const typed = parseSignature(q, kind);
    const canonical = signatureOf(typed);
    const own = entriesOf(abi, kind).find((e) => signatureOf(e) === canonical);
    // A signature with outputs the ABI's entry lacks (or of an entry it lacks) is used as typed.
    const typedOutputs = (typed.outputs ?? []).length > 0;
    if (own && !(typedOutputs && (own.outputs ?? []).length === 0)) return { entry: own, fromAbi: true };
    return { entry: typed, fromAbi: false };
  }
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(q)) throw new UsageError(`invalid ${kind} ${echo(query)}: expected a name, a signature such as ${kind === 'event' ? 'Transfer(address,address,uint256)' : 'balanceOf(address)'}, or a ${kind === 'event' ? 'topic0' : 'selector'}`);
  const named = entriesOf(abi, kind).filter((e) => e.name === q);
  if (named.length === 1) return { entry: named[0]!, fromAbi: true };
  if (named.length > 1) {
    throw new UsageError(`${kind} ${echo(q)} is overloaded in ${where}: name one by its types, such as ${echo(`${q}(${(named[0]!.inputs ?? []).map((p) => p.type).join(',')})`)}${listing(named)}`);
  }
  const near = closest(abi, kind, q);
  const hint = near.length ? `; did you mean ${near.map((n) => echo(n)).join(', ')}?` : entriesOf(abi, kind).length === 0 ? `, which has no ${kind}s` : '';
  throw new UsageError(`no ${kind} named ${echo(q)} in ${where}${hint}`);
}
