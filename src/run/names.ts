/**
 * Names given where an address is taken (`vitalik.eth`, `jesse.base`, `name.gno`): checked against ENS
 * normalisation (ENSIP-15) before any request, then resolved through the explorer's own search
 * (`/api/v2/search?q=<name>`, docs/api-behaviour.md, Names). Only an `ens_domain` item whose
 * `ens_info.name` is the very name (both normalised, so case does not matter) counts: other items of
 * the answer merely contain the text, and a similar name never stands in. Loaded only when a command
 * was given a name; ens-normalize itself only for a name beyond ASCII letters, digits, `$`, `-` and
 * `_`.
 */
import { search } from '../api/endpoints.js';
import { NotFoundError, ResponseShapeError, UsageError } from '../base/errors.js';
import { shortHash } from '../render/format.js';
import { safeText } from '../base/text/safe.js';
import type { NameRef } from '../base/validate.js';
import type { Session } from './session.js';
import { echo } from '../base/text/echo.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Names of only these characters normalise by the ASCII rules below; any other goes to the library. */
const ASCII_NAME = /^[A-Za-z0-9$_.-]+$/;

/**
 * ENSIP-15 for a name of ASCII letters, digits, `$`, `-` and `_`: lower case, and in each label no
 * underscore after the leading ones and no `--` in the third and fourth places. The same answer as
 * ens-normalize (test/run/names.test.ts checks it), without the second or so the library takes to
 * build its Unicode tables on a first call. Undefined for any other name; `{reason}` when invalid.
 */
export function normaliseAscii(name: string): string | { reason: string } | undefined {
  if (!ASCII_NAME.test(name)) return undefined;
  const lower = name.toLowerCase();
  for (const label of lower.split('.')) {
    if (label === '') return { reason: 'empty label' };
    if (label.replace(/^_+/, '').includes('_')) return { reason: 'underscore allowed only at start' };
    if (label[2] === '-' && label[3] === '-') return { reason: `invalid label extension: "${label.slice(0, 4)}"` };
  }
  return lower;
}

/** `name` normalised as ENS does (ENSIP-15), or `{reason}` it is no name. */
async function normalise(name: string): Promise<string | { reason: string }> {
  const ascii = normaliseAscii(name);
  if (ascii !== undefined) return ascii;
  const { ens_normalize } = await import('@adraffy/ens-normalize');
  try {
    return ens_normalize(name);
  } catch (e) {
    // The library's reason ("disallowed character: …"), without its own quoting of the label.
    return { reason: e instanceof Error ? e.message.replace(/^Invalid label "(?:[^"\\]|\\.)*"\u200e?: /, '') : 'not a name' };
  }
}

/**
 * The name normalised as ENS does, or a usage error saying why it is no name (a disallowed
 * character, an underscore inside a label, a mixture of scripts, ...).
 */
export async function normaliseName(ref: NameRef<unknown>): Promise<string> {
  const n = await normalise(ref.typed);
  if (typeof n !== 'string') throw new UsageError(`invalid name ${echo(ref.typed)}: ${safeText(n.reason)}`);
  return n;
}

/** `name` normalised, or undefined when the server's text is no valid name (then it matches nothing). */
async function normalisedOrNothing(name: unknown): Promise<string | undefined> {
  if (typeof name !== 'string') return undefined;
  const n = await normalise(name);
  return typeof n === 'string' ? n : undefined;
}

const record = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/**
 * The address `name` (normalised) resolves to on the session's explorer. Not found, or found with no
 * address: NotFoundError (exit 3). Two exact matches that disagree: an error, never a pick.
 */
async function resolveOne(s: Session, ref: NameRef<unknown>, name: string): Promise<string> {
  const client = s.explorer();
  const page = await client.page(search(name));
  const found = new Set<string>();
  let pointsNowhere = false;
  for (const item of page.items()) {
    const it = record(item);
    const info = record(it?.ens_info);
    if (it?.type !== 'ens_domain' || !info || (await normalisedOrNothing(info.name)) !== name) continue;
    const address = [info.address_hash, it.address_hash].find((a) => typeof a === 'string' && a !== '');
    if (address === undefined) pointsNowhere = true;
    else if (typeof address === 'string' && ADDRESS.test(address)) found.add(address);
    else throw new ResponseShapeError(`unusable response from ${new URL(client.baseUrl).origin}: the name ${echo(ref.typed)} resolves to ${echo(String(address))}, which is no address`);
  }
  const origin = new URL(client.baseUrl).origin;
  const distinct = [...new Map([...found].map((a) => [a.toLowerCase(), a])).values()];
  if (distinct.length > 1) throw new ResponseShapeError(`the name ${echo(ref.typed)} resolves to ${distinct.length} addresses on ${origin}: ${distinct.join(', ')}`);
  const address = distinct[0];
  if (address === undefined) {
    throw new NotFoundError(pointsNowhere ? `the name ${echo(ref.typed)} points to no address on ${origin}` : `no address for the name ${echo(ref.typed)} on ${origin}`);
  }
  if (s.io.stderrIsTTY) await s.io.err.write(`${safeText(ref.typed)} → ${shortHash(address)}\n`);
  return address;
}

/**
 * The address of every name, each looked up once, in order (a command takes one or two). `names`
 * holds each reference with its normalised form (normaliseName), checked before the session opened.
 */
export async function resolveNames(s: Session, names: readonly (readonly [NameRef<unknown>, string])[]): Promise<Map<NameRef<unknown>, string>> {
  const byName = new Map<string, string>();
  const out = new Map<NameRef<unknown>, string>();
  for (const [ref, name] of names) {
    let address = byName.get(name);
    if (address === undefined) {
      address = await resolveOne(s, ref, name);
      byName.set(name, address);
    }
    out.set(ref, address);
  }
  return out;
}
