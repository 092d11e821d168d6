/**
 * Routes of event logs, a transaction's internal transactions and its state changes, with the real
 * parameters and cursor keys (Blockscout's OpenAPI document): address logs take `topic` (a hex
 * string) and page by block_number/index; transaction logs have no filter; internal transactions
 * page by block_number/index/transaction_index; state changes by a cumulative items_count beside a
 * `state_changes: null`. A transaction's EIP-4844 `/blobs` (one `{"items":[…]}` and no cursor, as the
 * OpenAPI document has it) and `/beacon/deposits` (cursor `index`, items_count). An unknown
 * transaction is 404, as the real controllers load it first.
 */
import { NOT_FOUND, addressHash, json, transactionHash, type Check, type Route, type RouteResolver } from './kit.js';
import { beaconDeposits } from './blocks-data.js';
import { addressLogs, blobsOf, hasTopic, txDepth } from './txdepth-data.js';

/** The spec's HexString pattern, as the real server words a mismatch. */
const hexString: Check = (v) => (/^0x([A-Fa-f0-9]*)$/.test(v) ? null : 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]*)$/');

const LOG_CURSOR = ['block_number', 'index', 'items_count'] as const;

export const txdepthRoutes: RouteResolver = (segments) => {
  const [, , c, d, e, f, g] = segments;
  if (c === 'transactions' && d !== undefined && e === 'beacon' && f === 'deposits' && g === undefined) {
    const route: Route = {
      kind: 'list',
      registry: `transaction:${d.toLowerCase()}:beacon-deposits`,
      hashParam: { pointer: 'transaction_hash_param', value: d, check: transactionHash },
      params: {},
      cursorKeys: ['index', 'items_count'],
      itemsCount: true,
      select: () => ({ entries: beaconDeposits(), keep: (x) => String(x.json['transaction_hash']).toLowerCase() === d.toLowerCase() }),
      special: () => (txDepth(d) ? null : NOT_FOUND),
    };
    return route;
  }
  if (d === undefined || e === undefined || f !== undefined) return null;
  if (c === 'transactions' && e === 'blobs') {
    return {
      kind: 'plain',
      params: {},
      hashParam: { pointer: 'transaction_hash_param', value: d, check: transactionHash },
      handle: () => {
        const blobs = blobsOf(d);
        return blobs === undefined ? NOT_FOUND : json(200, { items: blobs });
      },
    };
  }
  if (c === 'addresses' && e === 'logs') {
    return {
      kind: 'list',
      registry: `address:${d.toLowerCase()}:logs`,
      hashParam: { pointer: 'address_hash_param', value: d, check: addressHash },
      params: { topic: hexString },
      cursorKeys: LOG_CURSOR,
      itemsCount: true,
      select: (req) => {
        const topic = req.query.get('topic');
        return { entries: addressLogs(d), keep: (x) => topic === undefined || topic === '' || hasTopic(x, topic) };
      },
    };
  }
  if (c !== 'transactions') return null;
  const hashParam = { pointer: 'transaction_hash_param', value: d, check: transactionHash };
  const base = { kind: 'list' as const, hashParam, params: {}, special: () => (txDepth(d) ? null : NOT_FOUND) };
  const registry = `transaction:${d.toLowerCase()}:${e}`;
  const route = (cursorKeys: readonly string[], itemsCount: boolean, pick: 'logs' | 'internalTransactions' | 'stateChanges'): Route => ({
    ...base,
    registry,
    cursorKeys,
    itemsCount,
    select: () => ({ entries: txDepth(d)?.[pick] ?? [], keep: () => true }),
  });
  if (e === 'logs') return route(LOG_CURSOR, true, 'logs');
  if (e === 'internal-transactions') return route(['block_number', 'index', 'items_count', 'transaction_index'], true, 'internalTransactions');
  // items_count is cumulative here (the count up to the page's last item): each item's cursor carries it.
  if (e === 'state-changes') return route(['items_count', 'state_changes'], false, 'stateChanges');
  return null;
};
