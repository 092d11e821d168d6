/**
 * `address logs --event`: the event's topic0, before the first page. A signature is hashed; a bare
 * name is looked up in the address's verified ABI (through a proxy, its implementations' too), where
 * an overloaded name is exit 2 listing its signatures.
 */
import { NotFoundError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import type { Session } from '../../run/session.js';
import type { EventOption } from '../args.js';

export async function withEvent<I extends { address: string; event?: EventOption | undefined }>(input: I, s: Session): Promise<I> {
  const event = input.event!;
  const [{ parseSignature, signatureOf }, { signatureHash }, { resolveEntry }] = await Promise.all([import('../../abi/signature.js'), import('../../abi/selector.js'), import('../../abi/resolve.js')]);
  if (event.text.includes('(')) return { ...input, event: { ...event, topic0: signatureHash(signatureOf(parseSignature(event.text, 'event', '--event'))) } };
  const { contractAbi } = await import('../../run/contract-abi.js');
  let abi;
  try {
    abi = await contractAbi(s, input.address);
  } catch (e) {
    if (e instanceof NotFoundError) {
      throw new NotFoundError(`cannot find the event ${echo(event.text)}: ${e.message}`, { hint: "give the event's signature instead: --event 'Transfer(address,address,uint256)'" });
    }
    throw e;
  }
  const { entry } = resolveEntry(abi.entries, 'event', event.text, abi.where);
  return { ...input, event: { ...event, topic0: signatureHash(signatureOf(entry)) } };
}
