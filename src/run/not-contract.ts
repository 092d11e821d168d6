/**
 * A contract's or a token's address the explorer answered 404 for: when the explorer knows the
 * address as no contract at all (an account), the error says so and names the command for it.
 * Asked only after the 404, so a lookup that succeeds costs no extra request.
 */
import { addressPath } from '../api/endpoints.js';
import type { ExplorerClient } from '../api/client.js';
import { NotFoundError } from '../base/errors.js';

/** The error to report for `e`, raised while asking for `address` as a contract or token. */
export async function notAContract(client: ExplorerClient, address: string, e: unknown): Promise<unknown> {
  if (!(e instanceof NotFoundError)) return e;
  try {
    const v: unknown = JSON.parse(await client.getRaw(addressPath(address), [], `address ${address}`));
    if (v && typeof v === 'object' && (v as Record<string, unknown>).is_contract === false) {
      return new NotFoundError(`${address} is an address, not a contract`, { hint: `for the account itself: scout address ${address}` });
    }
  } catch {
    // The address is unknown too, or the explorer failed now: the first answer stands.
  }
  return e;
}
