/**
 * Token and smart-contract endpoints of the fake explorer: `/tokens/{h}`, its `/counters`,
 * `/holders`, `/transfers`, `/instances` and `/instances/{id}`, and `/smart-contracts/{h}`, with the
 * real parameter checks (OpenApiSpex: the address and token id patterns, unknown keys 422), the real
 * cursors (holders `address_hash, items_count, value`; transfers `block_number, index`; instances
 * `unique_token`, a bare integer however big) and 404 `{"message":"Not found"}` for unknown tokens,
 * ids of an ERC-20, and addresses that are no contract.
 */
import { NOT_FOUND, addressHash, json, type Check, type Route, type RouteResolver } from './kit.js';
import { contractBody, holdersOf, instanceOf, instancesOf, tokenCounters, tokenDetail, tokenType, transfersOf } from './tokens-data.js';

/** IntegerStringNullable, the token id path pattern. */
const tokenIdParam: Check = (v) => (/^-?([1-9][0-9]*|0)$/.test(v) ? null : 'Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/');

const TRANSFER_CURSOR_KEYS = ['block_number', 'index', 'batch_log_index', 'batch_block_hash', 'batch_transaction_hash', 'index_in_batch'];

function tokenRoute(h: string, sub: string | undefined, id: string | undefined): Route | null {
  const hashParam = { pointer: 'address_hash_param', value: h, check: addressHash };
  const known = () => tokenDetail(h) !== null;
  const unknown = () => (known() ? null : NOT_FOUND);
  const registry = (what: string) => `token:${h.toLowerCase()}:${what}`;
  if (sub === undefined) return { kind: 'plain', params: {}, hashParam, handle: () => { const t = tokenDetail(h); return t ? json(200, t) : NOT_FOUND; } };
  if (sub === 'counters' && id === undefined) {
    return {
      kind: 'plain',
      params: {},
      hashParam,
      handle: () => {
        const c = tokenCounters(h);
        if (c === 'error') return { status: 500, body: '{"message":"Internal server error"}' };
        return c ? json(200, c) : NOT_FOUND;
      },
    };
  }
  if (sub === 'holders' && id === undefined) {
    return {
      kind: 'list', registry: registry('holders'), hashParam, params: {}, cursorKeys: ['address_hash', 'items_count', 'value'], itemsCount: true,
      select: () => ({ entries: holdersOf(h), keep: () => true }), special: unknown,
    };
  }
  if (sub === 'transfers' && id === undefined) {
    return {
      kind: 'list', registry: registry('transfers'), hashParam, params: {}, cursorKeys: TRANSFER_CURSOR_KEYS, itemsCount: false,
      select: () => ({ entries: transfersOf(h), keep: () => true }), special: unknown,
    };
  }
  if (sub === 'instances' && id === undefined) {
    return {
      kind: 'list', registry: registry('instances'), hashParam, params: { holder_address_hash: addressHash }, cursorKeys: ['unique_token'], itemsCount: false,
      select: (req) => {
        const holder = req.query.get('holder_address_hash')?.toLowerCase();
        return { entries: instancesOf(h), keep: (e) => holder === undefined || String((e.json['owner'] as { hash?: string } | null)?.hash ?? '').toLowerCase() === holder };
      },
      special: unknown,
    };
  }
  if (sub === 'instances' && id !== undefined) {
    return {
      kind: 'plain',
      params: {},
      hashParam,
      handle: () => {
        const bad = tokenIdParam(id);
        if (bad) return json(422, { errors: [{ title: 'Invalid value', source: { pointer: '/token_id_param' }, detail: bad }] });
        // An ERC-20 has no instances: the real controller answers 404.
        if (!known() || tokenType(h) === 'ERC-20') return NOT_FOUND;
        const i = instanceOf(h, id);
        return i ? json(200, i) : NOT_FOUND;
      },
    };
  }
  return null;
}

export const tokenRoutes: RouteResolver = (segments) => {
  const [, , area, h, sub, id, more] = segments;
  if (h === undefined || more !== undefined) return null;
  if (area === 'tokens') return tokenRoute(h, sub, id);
  if (area === 'smart-contracts' && sub === undefined) {
    const hashParam = { pointer: 'address_hash_param', value: h, check: addressHash };
    return { kind: 'plain', params: {}, hashParam, handle: () => { const c = contractBody(h); return c ? json(200, c) : NOT_FOUND; } };
  }
  return null;
};
