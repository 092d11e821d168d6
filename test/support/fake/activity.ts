/**
 * The fake's advanced filter, as the real server serves it (blockscout's AdvancedFilterController
 * and Explorer.Chain.AdvancedFilter): `GET /api/v2/advanced-filters` with its parameters (any other
 * is 422 "Unexpected field"), 50-item pages whose `next_page_params` are the real keyset
 * (`block_number`, `transaction_index`, `internal_transaction_index`, `token_transfer_index`,
 * `token_transfer_batch_index`, `items_count`; null indexes go back as `null`), and `search_params`
 * after them. Like the real server it drops what it cannot read without a word: an unknown type, a
 * malformed selector or address, an unparsable time or amount. Its filters:
 *
 * - `transaction_types`: any case; coin items answer to COIN_TRANSFER and their own type, token items
 *   to their token type;
 * - `methods`: the transaction input's first 4 bytes, at most 20 selectors honoured;
 * - `age_from`/`age_to`: inclusive, at whole seconds as block times are (a bound with a fraction
 *   widens to the second around it: the real server converts the bounds to blocks);
 * - the address lists: each side is (in its include list) and (not in its exclude list), the sides
 *   combined by `address_relation` (`or` by default; anything but `or` as `and`);
 * - `amount_from`/`amount_to`: in units, each item scaled by its token's decimals (the coin's by 18);
 *   nothing for an upper bound not above 0, or a lower bound not below the upper;
 * - the token lists, `native` standing for the coin.
 *
 * `GET /api/v2/advanced-filters/methods` (`q`: a name or selector, looked up in lower case) answers
 * `[{method_id, name}]` for one method, `[]` for none, and the popular methods without `q`.
 */
import { knownToken, type Json, type ListEntry } from '../data.js';
import { anyString, json, type Check, type Req, type Route, type RouteResolver } from './kit.js';
import { activityEntries, CONTRACT_METHODS, META, POPULAR_METHODS } from './activity-data.js';
import { tokenObject } from '../data.js';

const TYPES = ['COIN_TRANSFER', 'CONTRACT_INTERACTION', 'CONTRACT_CREATION', 'ERC-20', 'ERC-404', 'ERC-721', 'ERC-1155', 'ERC-7984'];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SELECTOR = /^0x[0-9a-f]{8}$/;

/** The filter parameters of `/advanced-filters` (and of its CSV export, fake/csv.ts). */
export const FILTER_PARAMS = [
  'transaction_types',
  'methods',
  'age_from',
  'age_to',
  'from_address_hashes_to_include',
  'from_address_hashes_to_exclude',
  'to_address_hashes_to_include',
  'to_address_hashes_to_exclude',
  'address_relation',
  'amount_from',
  'amount_to',
  'token_contract_address_hashes_to_include',
  'token_contract_address_hashes_to_exclude',
  'methods_names',
  'token_contract_symbols_to_include',
  'token_contract_symbols_to_exclude',
] as const;

const CURSOR_KEYS = ['block_number', 'internal_transaction_index', 'items_count', 'token_transfer_batch_index', 'token_transfer_index', 'transaction_index'];

const words = (v: string | undefined): string[] | null => (v === undefined || v === '' ? null : v.split(','));

const addresses = (v: string | undefined, native = false): string[] | null => {
  const list = words(v)?.flatMap((w) => (ADDRESS.test(w) ? [w.toLowerCase()] : native && w.toLowerCase() === 'native' ? ['native'] : []));
  return list && list.length > 0 ? list : null;
};

/** A decimal text as an exact fraction: numerator and a power of ten; null when it is no decimal. */
function decimal(v: string | undefined): { n: bigint; scale: number } | null {
  const m = v === undefined ? null : /^(-?\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  return { n: BigInt(m[1]! + frac), scale: frac.length };
}

/** Compares the amount `raw / 10^decimals` with `d`: negative, zero or positive. */
function compare(raw: bigint, decimals: number, d: { n: bigint; scale: number }): number {
  const scale = Math.max(decimals, d.scale);
  const a = raw * 10n ** BigInt(scale - decimals);
  const b = d.n * 10n ** BigInt(scale - d.scale);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A time bound in milliseconds, widened to the whole second the way `side` needs; null when unparsable. */
function bound(v: string | undefined, side: 'from' | 'to'): number | null {
  if (v === undefined || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return null;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) return null;
  return side === 'from' ? Math.floor(ms / 1000) * 1000 : Math.ceil(ms / 1000) * 1000;
}

/** What a request's filters keep (the list and its CSV export, fake/csv.ts). */
export function filterOf(req: Req): (e: ListEntry) => boolean {
  const q = (k: string) => req.query.get(k);
  const types = words(q('transaction_types')?.toUpperCase())?.filter((t) => TYPES.includes(t)) ?? [];
  const methods = [...new Set(words(q('methods')?.toLowerCase())?.filter((m) => SELECTOR.test(m)) ?? [])].slice(0, 20);
  const [ageFrom, ageTo] = [bound(q('age_from'), 'from'), bound(q('age_to'), 'to')];
  const side = (include: string[] | null, exclude: string[] | null) =>
    include === null && exclude === null ? null : (a: string | null | undefined) => (include === null || include.includes(a ?? '')) && (exclude === null || !exclude.includes(a ?? ''));
  const fromSide = side(addresses(q('from_address_hashes_to_include')), addresses(q('from_address_hashes_to_exclude')));
  const toSide = side(addresses(q('to_address_hashes_to_include')), addresses(q('to_address_hashes_to_exclude')));
  const relation = (q('address_relation') ?? 'or').toLowerCase();
  const [amountFrom, amountTo] = [decimal(q('amount_from')), decimal(q('amount_to'))];
  const tokensIn = addresses(q('token_contract_address_hashes_to_include'), true)?.slice(0, 20) ?? null;
  const tokensOut = addresses(q('token_contract_address_hashes_to_exclude'), true)?.slice(0, 20) ?? null;
  return (e) => {
    const m = META.get(e)!;
    const coin = m.token === null;
    if (types.length > 0 && !(types.includes(m.type.toUpperCase()) || (coin && types.includes('COIN_TRANSFER')))) return false;
    if (methods.length > 0 && (m.selector === null || !methods.includes(m.selector))) return false;
    if (ageFrom !== null && m.ms < ageFrom) return false;
    if (ageTo !== null && m.ms > ageTo) return false;
    const [f, t] = [fromSide?.(e.from), toSide?.(e.to)];
    if (f !== undefined && t !== undefined ? (relation === 'or' ? !(f || t) : !(f && t)) : f === false || t === false) return false;
    if (amountTo !== null && (amountTo.n <= 0n || (amountFrom !== null && compare(amountFrom.n, amountFrom.scale, amountTo) >= 0))) return false;
    if (m.amount !== null) {
      if (amountFrom !== null && amountFrom.n > 0n && compare(m.amount.raw, m.amount.decimals, amountFrom) < 0) return false;
      if (amountTo !== null && compare(m.amount.raw, m.amount.decimals, amountTo) > 0) return false;
    }
    const kind = coin ? 'native' : m.token!;
    const onlyNative = tokensIn !== null && tokensIn.every((x) => x === 'native');
    if (coin && tokensIn !== null && !tokensIn.includes('native')) return false;
    if (!coin && tokensIn !== null && (onlyNative || !tokensIn.includes(kind))) return false;
    if (tokensOut !== null && tokensOut.includes(kind)) return false;
    return true;
  };
}

/** `search_params`: the names of the methods asked for, and the tokens of the token lists. */
function searchParams(req: Req): Record<string, Json> {
  const methods: Record<string, Json> = {};
  for (const m of words(req.query.get('methods')?.toLowerCase()) ?? []) {
    const known = [...POPULAR_METHODS, ...CONTRACT_METHODS].find((x) => x.method_id === m);
    if (known) methods[m] = known.name;
  }
  const tokens: Record<string, Json> = {};
  for (const key of ['token_contract_address_hashes_to_include', 'token_contract_address_hashes_to_exclude']) {
    for (const a of addresses(req.query.get(key)) ?? []) {
      const t = knownToken(a);
      if (t) tokens[a] = tokenObject(t.info);
    }
  }
  return { search_params: { methods, tokens } };
}

function listRoute(): Route {
  const params: Record<string, Check> = Object.fromEntries(FILTER_PARAMS.map((k) => [k, anyString]));
  return {
    kind: 'list',
    registry: 'advanced-filters',
    params,
    cursorKeys: CURSOR_KEYS,
    itemsCount: true,
    select: (req) => ({ entries: activityEntries(), keep: filterOf(req) }),
    body: searchParams,
  };
}

function methodsRoute(): Route {
  return {
    kind: 'plain',
    params: { q: anyString },
    handle: (req) => {
      const q = req.query.get('q');
      if (q === undefined) return json(200, POPULAR_METHODS.map((m) => ({ ...m })));
      const ql = q.toLowerCase();
      const hit = [...POPULAR_METHODS, ...CONTRACT_METHODS].find((m) => m.method_id === ql || m.name.toLowerCase() === ql);
      if (hit) return json(200, [{ method_id: hit.method_id, name: hit.name }]);
      // A well-formed selector nobody named: the selector with an empty name.
      return json(200, SELECTOR.test(ql) ? [{ method_id: ql, name: '' }] : []);
    },
  };
}

export const activityRoutes: RouteResolver = (segments) => {
  const [, , c, d, e] = segments;
  if (c !== 'advanced-filters' || e !== undefined) return null;
  if (d === undefined) return listRoute();
  return d === 'methods' ? methodsRoute() : null;
};
