/**
 * `address show`: `/addresses/{h}`, `/addresses/{h}/counters` and, for a smart account, the account
 * abstraction service's `/proxy/account-abstraction/accounts/{h}` requested at once. The address
 * decides: its 404 is "not found" (exit 3). The counters are extra: when they fail (404, 5xx, an
 * unusable body) the address still shows, a warning says what is missing, and the exit is 0. The
 * smart account is extra and silent: an address that is none (404) or an explorer without the
 * service (501, 404) shows no smart-account rows and says nothing.
 * --json prints the address object's text with `"counters":<the counters' text>` and
 * `"smart_account":<the account's text>` spliced in as its last members: each byte for byte as
 * sent, nothing re-serialised.
 */
import { lacksEndpoint } from '../../api/client.js';
import { aaAccountPath, addressCountersPath, addressPath } from '../../api/endpoints.js';
import type { ExplorerClient } from '../../api/client.js';
import type { AaAccount, AddressCounters } from '../../api/schemas.js';
import { checkShape, type ShapeOf } from '../../api/shape.js';
import { InterruptedError, ResponseShapeError } from '../../base/errors.js';
import { printDocument } from '../../run/output.js';
import { objectText } from '../../run/object.js';
import type { Io } from '../../base/io.js';
import type { RenderContext } from '../../render/context.js';
import { openProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import type { ChainObject } from '../../kit/spec.js';
import type { Session } from '../../run/session.js';

/**
 * The JSON object `object` (its text) with `"key": value` added as its last member, both texts kept
 * as they are. Undefined when `object` is no JSON object.
 */
export function withMember(object: string, key: string, value: string): string | undefined {
  const text = object.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  const open = text.slice(0, -1);
  const empty = open.slice(1).trim() === '';
  return `${open}${empty ? '' : ','}${JSON.stringify(key)}:${value.trim()}}`;
}

/** The counters' body, or undefined with a warning when they could not be had (Ctrl-C still ends the run). */
async function countersOr(s: Pick<Session, 'io'>, result: PromiseSettledResult<string>): Promise<string | undefined> {
  if (result.status === 'fulfilled') return result.value;
  const e: unknown = result.reason;
  if (e instanceof InterruptedError || !(e instanceof Error)) throw e;
  await s.io.err.write(`scout: warning: no counters for this address (${e.message}); showing the rest\n`);
  return undefined;
}

/**
 * The smart account's body, or undefined: silently when the address is none or the explorer has no
 * account abstraction service, with a warning when the request failed otherwise (Ctrl-C still ends the run).
 */
async function accountOr(s: Pick<Session, 'io'>, result: PromiseSettledResult<string>): Promise<string | undefined> {
  if (result.status === 'fulfilled') return result.value;
  const e: unknown = result.reason;
  if (lacksEndpoint(e)) return undefined;
  if (e instanceof InterruptedError || !(e instanceof Error)) throw e;
  await s.io.err.write(`scout: warning: could not tell whether this address is a smart account (${e.message}); showing the rest\n`);
  return undefined;
}

/** An address and what is asked beside it, as sent. */
interface Fetched {
  body: string;
  counters: string | undefined;
  account: string | undefined;
}

/** The address, its counters and its smart account from one explorer: the address's failure is the command's, the others' only a warning or nothing. */
async function fetchAddress(s: Pick<Session, 'io'>, explorer: ExplorerClient, address: string): Promise<Fetched> {
  const results = await Promise.allSettled([
    explorer.getRaw(addressPath(address), [], `address ${address}`),
    explorer.getRaw(addressCountersPath(address), [], `counters of address ${address}`),
    explorer.getRaw(aaAccountPath(address), [], `smart account ${address}`),
  ]);
  const [main, counted, account] = results;
  if (main.status === 'rejected') throw main.reason;
  return { body: main.value, counters: await countersOr(s, counted), account: await accountOr(s, account) };
}

/** The JSON document: the address with its counters and its smart account spliced in (when had). */
function addressDocument({ body, counters, account }: Fetched, origin: string): string {
  let doc: string | undefined = body;
  if (counters !== undefined) doc = withMember(doc, 'counters', counters);
  if (doc !== undefined && account !== undefined) doc = withMember(doc, 'smart_account', account);
  if (doc === undefined) throw new ResponseShapeError(`unusable response from ${origin}: expected an address object`);
  return doc;
}

/** An extra part's body checked against its shape, or undefined with a warning that it is left out. */
async function extraPart<T>(io: Pick<Io, 'err'>, body: string | undefined, shape: ShapeOf<T>, what: string): Promise<T | undefined> {
  if (body === undefined) return undefined;
  const value: unknown = JSON.parse(body);
  if (!checkShape(shape, value)) return value as T;
  await io.err.write(`scout: warning: the ${what} has an unexpected shape; leaving it out\n`);
  return undefined;
}

/** The key/value view of the address and its parts; a shape not expected is a warning on `io.err`. */
async function detailsText(io: Pick<Io, 'err' | 'blocking'>, render: RenderContext, got: Fetched, origin: string): Promise<string> {
  const [{ AddressDetails: detailsShape, AddressCounters: countersShape, AaAccount: accountShape }, { renderAddress }] = await Promise.all([
    import('../../api/shapes.js'),
    import('../../render/address.js'),
  ]);
  const counters: AddressCounters | undefined = await extraPart(io, got.counters, countersShape, 'counters object');
  const account: AaAccount | undefined = await extraPart(io, got.account, accountShape, 'smart account');
  return objectText(io, render, got.body, origin, { noun: 'address', shape: detailsShape, render: (a, ctx) => renderAddress(a, counters, ctx, account) });
}

export async function showAddress(inv: Invocation, address: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let got: Fetched;
  try {
    got = await fetchAddress(s, explorer, address);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, addressDocument(got, origin), mode);
  await s.io.out.write(await detailsText(s.io, s.render, got, origin));
}

/** `address show --chains`: one chain's address, as fanout.ts prints it. */
export function addressOnChain(address: string): ChainObject {
  return {
    noun: 'address',
    fetch: async (client, s) => {
      const origin = new URL(client.baseUrl).origin;
      const got = await fetchAddress(s, client, address);
      return { doc: addressDocument(got, origin), show: (io, render) => detailsText(io, render, got, origin) };
    },
  };
}
