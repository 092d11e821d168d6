/** `scout tx show <hash> [--wait]`: one transaction as a key/value block, or the server's object as JSON. */
import { DEPOSIT_CONTRACTS, transactionBeaconDeposits, transactionBlobs, transactionPath } from '../../api/endpoints.js';
import { chainsOption, hashArg } from '../args.js';
import { WAIT_OPTIONS, waitPlan } from '../../kit/follow-options.js';
import { objectCommand, type ObjectPart } from '../../kit/spec.js';

/**
 * What `tx show` asks beside the transaction, only where it has some: the blobs of a blob
 * transaction (type 3), and the beacon deposits of a call to the deposit contract. Any other
 * transaction costs no request more.
 */
export function txParts(tx: Readonly<Record<string, unknown>>): ObjectPart[] {
  const hash = typeof tx.hash === 'string' ? tx.hash : undefined;
  if (!hash) return [];
  const parts: ObjectPart[] = [];
  if (String(tx.type) === '3') parts.push({ key: 'blobs', path: transactionBlobs(hash).path, what: `blobs of transaction ${hash}` });
  const to = tx.to && typeof tx.to === 'object' ? (tx.to as { hash?: unknown }).hash : undefined;
  if (typeof to === 'string' && DEPOSIT_CONTRACTS.includes(to.toLowerCase())) {
    parts.push({ key: 'beacon_deposits', path: transactionBeaconDeposits(hash).path, what: `beacon deposits of transaction ${hash}` });
  }
  return parts;
}

export default objectCommand({
  name: 'show',
  description: 'one transaction: status, parties, value, fee, gas, method, transfers',
  args: { hash: hashArg },
  options: { ...WAIT_OPTIONS, chains: chainsOption },
  help:
    'A blob transaction (type 3) shows its blobs (versioned hash and size) and blob gas; a call to the beacon deposit contract its deposits. ' +
    'Those are asked only for such transactions; --json prints the transaction as sent, without them (scout tx blobs and scout tx deposits list them).',
  examples: [
    'scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --json | jq .status',
    'scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --wait --confirmations 3 --wait-timeout 10m',
    'scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --chains all --json | jq -r \'.[0].chain\'',
  ],
  request: ({ hash }) => ({ path: transactionPath(hash), what: `transaction ${hash}` }),
  view: 'transaction',
  parts: txParts,
  wait: waitPlan,
  web: ({ hash }) => ({ kind: 'tx', value: hash }),
});
