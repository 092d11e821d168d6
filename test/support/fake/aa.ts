/**
 * Routes of the account abstraction service behind the explorer (`/api/v2/proxy/account-abstraction/*`),
 * with the parameters of Blockscout's OpenAPI document: `/operations` filters by sender, bundler,
 * paymaster, factory, transaction_hash, entry_point, bundle_index and block_number; every list pages
 * with the service's `page_token` (the ordering key, then the address or hash) beside `page_size`,
 * 50 items a page. What the service does not know is its own 404 body
 * (`{"code":5,"message":"user operation not found","details":[]}`). Data in ./aa-data.ts.
 *
 * Not modelled: a first request's own `page_size` (the fake's cursors carry it, so a first page
 * with it alone is refused as an unknown cursor).
 */
import { toJsonText, type ListEntry } from '../data.js';
import { AA, AA_STATUS, AA_TOP, aaAccounts, aaBundles, aaError, account, opSummary, userOp, userOps } from './aa-data.js';
import { addressHash, enumOf, json, transactionHash, type Check, type Route, type RouteResolver } from './kit.js';

const PREFIX = ['api', 'v2', 'proxy', 'account-abstraction'];

const integer: Check = (v) => (/^\d+$/.test(v) ? null : 'Invalid integer. Got: string');
const CURSOR = ['page_size', 'page_token'] as const;

/** A plain route answering `reply` when its path value is well formed (the check is the server's own). */
function plain(pointer: string, value: string, check: Check, handle: () => { status: number; body: string }, params: Record<string, Check> = {}): Route {
  return { kind: 'plain', params, hashParam: { pointer, value, check }, handle };
}

const notFound = (what: string) => ({ status: 404, body: aaError(5, `${what} not found`) });

export const aaRoutes: RouteResolver = (segments): Route | null => {
  if (PREFIX.some((p, i) => segments[i] !== p)) return null;
  const [what, id, sub, more] = segments.slice(PREFIX.length);
  if (more !== undefined) return null;
  if (what === 'status' && id === undefined) return { kind: 'plain', params: {}, handle: () => json(200, AA_STATUS) };
  if (what === 'operations' && id === undefined) {
    return {
      kind: 'list',
      registry: 'aa:operations',
      params: { sender: addressHash, bundler: addressHash, paymaster: addressHash, factory: addressHash, transaction_hash: transactionHash, entry_point: addressHash, bundle_index: integer, block_number: integer },
      cursorKeys: CURSOR,
      itemsCount: false,
      select: (req) => {
        const want = (k: string) => req.query.get(k)?.toLowerCase();
        const is = (k: string, got: string | number | null) => want(k) === undefined || (got !== null && String(got).toLowerCase() === want(k));
        const ops = userOps();
        const specOf = new Map(ops.map((o) => [o.entry, o.spec]));
        // Every operation here has the one bundler and entry point, in bundle 0.
        const keep = (e: ListEntry) => {
          const o = specOf.get(e)!;
          return (
            is('sender', o.sender) && is('bundler', AA.bundler) && is('paymaster', o.paymaster) && is('factory', o.factory) &&
            is('transaction_hash', o.tx) && is('entry_point', AA.entryPoint) && is('bundle_index', 0) && is('block_number', o.block)
          );
        };
        return { entries: ops.map((o) => o.entry), keep };
      },
    };
  }
  if (what === 'operations' && id !== undefined) {
    if (sub === undefined) return plain('operation_hash_param', id, transactionHash, () => { const o = userOp(id); return o ? json(200, o.json) : notFound('user operation'); });
    if (sub === 'summary') {
      return plain(
        'operation_hash_param',
        id,
        transactionHash,
        () => {
          if (!userOp(id)) return notFound('user operation');
          const { status, body } = opSummary(id);
          return { status, body: toJsonText(body) };
        },
        { just_request_body: enumOf('true', 'false') },
      );
    }
    return null;
  }
  if (sub !== undefined) return null;
  if (what === 'accounts' && id === undefined) {
    return { kind: 'list', registry: 'aa:accounts', params: { factory: addressHash }, cursorKeys: CURSOR, itemsCount: false, select: (req) => ({ entries: aaAccounts(), keep: (e) => { const f = req.query.get('factory'); return f === undefined || (e as { factory?: string }).factory === f.toLowerCase(); } }) };
  }
  if (what === 'bundles' && id === undefined) {
    return { kind: 'list', registry: 'aa:bundles', params: { bundler: addressHash }, cursorKeys: CURSOR, itemsCount: false, select: (req) => ({ entries: aaBundles(), keep: (e) => { const b = req.query.get('bundler'); return b === undefined || (e as { bundler?: string }).bundler === b.toLowerCase(); } }) };
  }
  if (what === 'accounts' && id !== undefined) return plain('address_hash_param', id, addressHash, () => { const a = account(id); return a ? json(200, a) : notFound('account'); });
  if ((what === 'bundlers' || what === 'paymasters' || what === 'factories') && id === undefined) {
    const entries = AA_TOP[what];
    return { kind: 'list', registry: `aa:${what}`, params: {}, cursorKeys: CURSOR, itemsCount: false, select: () => ({ entries: entries(), keep: () => true }) };
  }
  return null;
};
