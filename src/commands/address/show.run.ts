/**
 * `address show`: `/addresses/{h}` and `/addresses/{h}/counters` requested at once. The address
 * decides: its 404 is "not found" (exit 3). The counters are extra: when they fail (404, 5xx, an
 * unusable body) the address still shows, a warning says what is missing, and the exit is 0.
 * --json prints the address object's text with `"counters":<the counters' text>` spliced in as its
 * last member: both byte for byte as sent, nothing re-serialised.
 */
import { addressCountersPath, addressPath } from '../../api/endpoints.js';
import type { AddressCounters } from '../../api/schemas.js';
import { InterruptedError, ResponseShapeError } from '../../errors.js';
import { printDocument } from '../output.js';
import { printObject } from '../object-command.js';
import { openProgress } from '../progress.js';
import type { Invocation } from '../runtime.js';
import { type Session, withSession } from '../session.js';

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
async function countersOr(s: Session, result: PromiseSettledResult<string>): Promise<string | undefined> {
  if (result.status === 'fulfilled') return result.value;
  const e: unknown = result.reason;
  if (e instanceof InterruptedError || !(e instanceof Error)) throw e;
  await s.io.err.write(`scout: warning: no counters for this address (${e.message}); showing the rest\n`);
  return undefined;
}

export async function showAddress(inv: Invocation, address: string): Promise<void> {
  const { mode } = inv.output;
  await withSession(inv, async (s) => {
    const explorer = s.explorer();
    const origin = new URL(explorer.baseUrl).origin;
    const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color);
    let results: [PromiseSettledResult<string>, PromiseSettledResult<string>];
    try {
      results = await Promise.allSettled([
        explorer.getRaw(addressPath(address), [], `address ${address}`),
        explorer.getRaw(addressCountersPath(address), [], `counters of address ${address}`),
      ]);
    } finally {
      progress.stop();
    }
    const [main, counted] = results;
    if (main.status === 'rejected') throw main.reason;
    const body = main.value;
    const counters = await countersOr(s, counted);

    if (mode === 'json' || mode === 'ndjson') {
      const doc = counters === undefined ? body : withMember(body, 'counters', counters);
      if (doc === undefined) throw new ResponseShapeError(`unusable response from ${origin}: expected an address object`);
      return printDocument(s, doc, mode);
    }
    const [{ AddressDetails: detailsSchema, AddressCounters: countersSchema }, { renderAddress }] = await Promise.all([import('../../api/schemas.js'), import('../../render/address.js')]);
    let parsedCounters: AddressCounters | undefined;
    if (counters !== undefined) {
      const c = countersSchema.safeParse(JSON.parse(counters));
      if (c.success) parsedCounters = c.data;
      else await s.io.err.write('scout: warning: the counters have an unexpected shape; leaving them out\n');
    }
    await printObject(s, body, origin, { noun: 'address', schema: detailsSchema, render: (a, ctx) => renderAddress(a, parsedCounters, ctx) });
  });
}
