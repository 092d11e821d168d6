/**
 * Token and smart-contract endpoints of the fake explorer: `/tokens/{h}`, its `/counters`,
 * `/holders`, `/transfers`, `/instances` and `/instances/{id}`, and `/smart-contracts/{h}`, with the
 * real parameter checks (OpenApiSpex: the address and token id patterns, unknown keys 422), the real
 * cursors (holders `address_hash, items_count, value`; transfers `block_number, index`; instances
 * `unique_token`, a bare integer however big) and 404 `{"message":"Not found"}` for unknown tokens,
 * ids of an ERC-20, and addresses that are no contract. One NFT's `/holders` (cursor `address_hash,
 * items_count, token_id, value`), `/transfers` (cursor `block_number, index, token_id`, no
 * items_count) and `/transfers-count` (`{"transfers_count": n}`): an id nobody holds or moved has
 * empty lists and a count of 0, as the real controller answers once the token is an NFT collection.
 */
import { NOT_FOUND, addressHash, json, type Check, type Reply, type Route, type RouteResolver } from './kit.js';
import { contractBody, holdersOf, instanceHoldersOf, instanceOf, instancesOf, instanceTransfersOf, tokenCounters, tokenDetail, tokenType, transfersOf } from './tokens-data.js';

/** IntegerStringNullable, the token id path pattern. */
const tokenIdParam: Check = (v) => (/^-?([1-9][0-9]*|0)$/.test(v) ? null : 'Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/');

const TRANSFER_CURSOR_KEYS = ['block_number', 'index', 'batch_log_index', 'batch_block_hash', 'batch_transaction_hash', 'index_in_batch'];

/** The 422 the real server sends for a token id that is no integer, or null. */
function badTokenId(id: string): Reply | null {
  const bad = tokenIdParam(id);
  return bad ? json(422, { errors: [{ title: 'Invalid value', source: { pointer: '/token_id_param' }, detail: bad }] }) : null;
}

/** `/tokens/{h}/instances/{id}/{holders|transfers|transfers-count}`. */
function instanceRoute(h: string, id: string, what: string): Route | null {
  const hashParam = { pointer: 'address_hash_param', value: h, check: addressHash };
  // An unknown token and an ERC-20 (no instances) are 404, as the real controller finds them.
  const refused = (): Reply | null => badTokenId(id) ?? (tokenDetail(h) === null || tokenType(h) === 'ERC-20' ? NOT_FOUND : null);
  const registry = `token:${h.toLowerCase()}:instance:${id}:${what}`;
  if (what === 'holders') {
    return {
      kind: 'list', registry, hashParam, params: {}, cursorKeys: ['address_hash', 'items_count', 'token_id', 'value'], itemsCount: true,
      select: () => ({ entries: instanceHoldersOf(h, id), keep: () => true }), special: refused,
    };
  }
  if (what === 'transfers') {
    return {
      kind: 'list', registry, hashParam, params: {}, cursorKeys: ['block_number', 'index', 'token_id'], itemsCount: false,
      select: () => ({ entries: instanceTransfersOf(h, id), keep: () => true }), special: refused,
    };
  }
  if (what === 'transfers-count') {
    return { kind: 'plain', params: {}, hashParam, handle: () => refused() ?? json(200, { transfers_count: instanceTransfersOf(h, id).length }) };
  }
  return null;
}

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
        const bad = badTokenId(id);
        if (bad) return bad;
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
  const [, , area, h, sub, id, more, beyond] = segments;
  if (area === 'tokens' && h !== undefined && sub === 'instances' && id !== undefined && more !== undefined && beyond === undefined) return instanceRoute(h, id, more);
  if (h === undefined || more !== undefined) return null;
  if (area === 'tokens') return tokenRoute(h, sub, id);
  if (area === 'smart-contracts' && sub === undefined) {
    const hashParam = { pointer: 'address_hash_param', value: h, check: addressHash };
    return { kind: 'plain', params: {}, hashParam, handle: () => { const c = contractBody(h); return c ? json(200, c) : NOT_FOUND; } };
  }
  return null;
};
