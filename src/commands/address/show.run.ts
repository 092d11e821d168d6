/**
 * `address show`: `/addresses/{h}` and `/addresses/{h}/counters` requested at once. The address
 * decides: its 404 is "not found" (exit 3). The counters are extra: when they fail (404, 5xx, an
 * unusable body) the address still shows, a warning says what is missing, and the exit is 0.
 * --json prints the address object's text with `"counters":<the counters' text>` spliced in as its
 * last member: both byte for byte as sent, nothing re-serialised.
 */
import { addressCountersPath, addressPath } from '../../api/endpoints.js';
import type { ExplorerClient } from '../../api/client.js';
import type { AddressCounters } from '../../api/schemas.js';
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

/** The address and its counters from one explorer: the address's failure is the command's, the counters' only a warning. */
async function fetchAddress(s: Pick<Session, 'io'>, explorer: ExplorerClient, address: string): Promise<{ body: string; counters: string | undefined }> {
  const results = await Promise.allSettled([
    explorer.getRaw(addressPath(address), [], `address ${address}`),
    explorer.getRaw(addressCountersPath(address), [], `counters of address ${address}`),
  ]);
  const [main, counted] = results;
  if (main.status === 'rejected') throw main.reason;
  return { body: main.value, counters: await countersOr(s, counted) };
}

/** The JSON document: the address with its counters spliced in (when had). */
function addressDocument(body: string, counters: string | undefined, origin: string): string {
  const doc = counters === undefined ? body : withMember(body, 'counters', counters);
  if (doc === undefined) throw new ResponseShapeError(`unusable response from ${origin}: expected an address object`);
  return doc;
}

/** The key/value view of the address and its counters; a shape not expected is a warning on `io.err`. */
async function detailsText(io: Pick<Io, 'err' | 'blocking'>, render: RenderContext, body: string, counters: string | undefined, origin: string): Promise<string> {
  const [{ AddressDetails: detailsSchema, AddressCounters: countersSchema }, { renderAddress }] = await Promise.all([import('../../api/schemas.js'), import('../../render/address.js')]);
  let parsedCounters: AddressCounters | undefined;
  if (counters !== undefined) {
    const c = countersSchema.safeParse(JSON.parse(counters));
    if (c.success) parsedCounters = c.data;
    else await io.err.write('scout: warning: the counters have an unexpected shape; leaving them out\n');
  }
  return objectText(io, render, body, origin, { noun: 'address', schema: detailsSchema, render: (a, ctx) => renderAddress(a, parsedCounters, ctx) });
}

export async function showAddress(inv: Invocation, address: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let got: { body: string; counters: string | undefined };
  try {
    got = await fetchAddress(s, explorer, address);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, addressDocument(got.body, got.counters, origin), mode);
  await s.io.out.write(await detailsText(s.io, s.render, got.body, got.counters, origin));
}

/** `address show --chains`: one chain's address, as fanout.ts prints it. */
export function addressOnChain(address: string): ChainObject {
  return {
    noun: 'address',
    fetch: async (client, s) => {
      const origin = new URL(client.baseUrl).origin;
      const { body, counters } = await fetchAddress(s, client, address);
      return { doc: addressDocument(body, counters, origin), show: (io, render) => detailsText(io, render, body, counters, origin) };
    },
  };
}
