/**
 * Data of the fake's advanced filter (`/api/v2/advanced-filters`, address activity): the activity of
 * ACTIVITY.wallet (vitalik.eth in the fake's search) from February to May 2024, newest first, in the
 * server's order (block, transaction index, then token transfers and internal transactions), items
 * shaped as the OpenAPI document's AdvancedFilterItem. March 2024 holds more than a page of items,
 * with items one second either side of both of its ends, and items exactly on them.
 */
import { ADDR, addressObject, knownToken, makeAddress, makeHash, tokenObject, type Cursor, type JsonObject, type ListEntry } from '../data.js';

export const ACTIVITY = {
  /** The wallet whose activity the fake knows (`vitalik.eth`). */
  wallet: makeAddress('activity:wallet'),
  /** A counterparty that both sends to the wallet and receives from it. */
  friend: makeAddress('activity:friend'),
  /** A contract the wallet calls; its calls move coin inside the transaction. */
  dex: makeAddress('activity:dex'),
} as const;

/** The month the integration test asks for, as its bounds in milliseconds. */
export const MARCH = { since: Date.UTC(2024, 2, 1), until: Date.UTC(2024, 3, 1) } as const;

/** Method selectors the items call, with their names (the fake's method lookup knows them). */
export const METHODS = {
  transfer: '0xa9059cbb',
  approve: '0x095ea7b3',
  swapExactTokensForTokens: '0x38ed1739',
} as const;

/** What a filter reads from an item beside its JSON. */
export interface ActivityMeta {
  /** Block time, milliseconds. */
  ms: number;
  /** The transaction input's first 4 bytes, or null for a plain transfer. */
  selector: string | null;
  /** The item's type as the server writes it. */
  type: string;
  /** The amount in base units with its decimals, or null (an NFT). */
  amount: { raw: bigint; decimals: number } | null;
  /** Token contract (lower case), or null for coin items. */
  token: string | null;
}

export const META = new Map<ListEntry, ActivityMeta>();

/** Seconds-precise times: the real server's timestamps carry microseconds. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

interface Spec {
  ms: number;
  kind: 'coin' | 'internal' | 'token';
  from: string;
  to: string;
  method: keyof typeof METHODS | null;
  token?: string;
  value: string;
}

/** The wallet's items over the months, newest first; one transaction per item's time. */
function specs(): Spec[] {
  const out: Spec[] = [];
  const hour = 3_600_000;
  const start = Date.UTC(2024, 4, 15); // 15 May 2024, going back to February
  const { wallet, friend, dex } = ACTIVITY;
  for (let i = 0; i < 170; i++) {
    const ms = start - i * 13 * hour;
    const r = i % 5;
    if (r === 0) out.push({ ms, kind: 'coin', from: friend, to: wallet, method: null, value: `${(i % 7) + 1}${'0'.repeat(17)}` });
    else if (r === 1) out.push({ ms, kind: 'token', from: wallet, to: friend, method: 'transfer', token: ADDR.usdc, value: String(1_000_000 * ((i % 9) + 1) + 12) });
    else if (r === 2) out.push({ ms, kind: 'internal', from: dex, to: wallet, method: 'swapExactTokensForTokens', value: '1500000000000000000' });
    else if (r === 3) out.push({ ms, kind: 'token', from: friend, to: wallet, method: 'transfer', token: ADDR.weth, value: `${(i % 4) + 2}${'0'.repeat(18)}` });
    else out.push({ ms, kind: 'coin', from: wallet, to: dex, method: 'approve', value: '0' });
  }
  // On and one second either side of both ends of March.
  const edge = (ms: number, n: number): Spec => ({ ms, kind: 'coin', from: friend, to: wallet, method: null, value: `${n}000000000000000000` });
  out.push(edge(MARCH.until, 4), edge(MARCH.until - 1000, 3), edge(MARCH.since, 2), edge(MARCH.since - 1000, 1));
  return out.sort((a, b) => b.ms - a.ms);
}

/** The n-th item from the newest is in its own block: block numbers fall as time does. */
function entryOf(s: Spec, n: number): ListEntry {
  const block = 19_500_000 - n;
  const hash = makeHash(`activity:${n}`);
  const selector = s.method === null ? null : METHODS[s.method];
  const token = s.token === undefined ? null : knownToken(s.token)!.info;
  const internal = s.kind === 'internal';
  const tokenItem = s.kind === 'token';
  const cursor: Cursor = {
    block_number: block,
    internal_transaction_index: internal ? 1 : null,
    token_transfer_batch_index: null,
    token_transfer_index: tokenItem ? 0 : null,
    transaction_index: 3,
  };
  const json: JsonObject = {
    block_number: block,
    created_contract: null,
    fee: '420000000000000',
    from: addressObject(s.from),
    hash,
    internal_transaction_index: internal ? 1 : null,
    method: s.method,
    status: 'success',
    timestamp: iso(s.ms),
    to: addressObject(s.to),
    token: token ? tokenObject(token) : null,
    token_transfer_batch_index: null,
    token_transfer_index: tokenItem ? 0 : null,
    total: token ? { decimals: token.decimals, value: s.value } : null,
    transaction_index: 3,
    type: token ? token.type : s.method === null ? 'coin_transfer' : 'contract_interaction',
    value: token ? null : s.value,
  };
  const e: ListEntry = { json, cursor, from: s.from.toLowerCase(), to: s.to.toLowerCase() };
  META.set(e, {
    ms: s.ms,
    selector,
    type: String(json.type),
    amount: { raw: BigInt(s.value), decimals: token ? Number(token.decimals ?? 0) : 18 },
    token: token ? token.address.toLowerCase() : null,
  });
  return e;
}

let built: ListEntry[] | undefined;

/** Every item the fake's advanced filter knows, in the server's order. */
export function activityEntries(): ListEntry[] {
  return (built ??= specs().map(entryOf));
}

/**
 * The method lookup's lists: the real server's built-in popular methods (a few of them), and the
 * methods it finds in verified contracts by name.
 */
export const POPULAR_METHODS: readonly { method_id: string; name: string }[] = [
  { method_id: METHODS.transfer, name: 'transfer' },
  { method_id: '0xa0712d68', name: 'mint' },
  { method_id: METHODS.approve, name: 'approve' },
  { method_id: '0x23b872dd', name: 'transferFrom' },
];
export const CONTRACT_METHODS: readonly { method_id: string; name: string }[] = [{ method_id: METHODS.swapExactTokensForTokens, name: 'swapExactTokensForTokens' }];
