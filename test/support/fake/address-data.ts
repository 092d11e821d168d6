/**
 * Data of the address overview area: the `/addresses/{h}` object and `/addresses/{h}/counters` of the
 * fake's addresses, and the names its search resolves (`ens_domain` items). Field order and shapes as
 * the OpenAPI document's AddressResponse / AddressCounters and the explorer frontend's search mocks;
 * values generated.
 */
import { PORTFOLIO } from './portfolio-data.js';
import { ACTIVITY } from './activity-data.js';
import { ADDR, EVIL, RawJson, TX, addressObject, knownAddress, makeAddress, makeHash, tokenJson, type JsonObject, type ListEntry } from '../data.js';

/** Addresses of this area beyond data.ts's. */
export const AREA = {
  /** A known EOA whose counters endpoint answers 500. */
  countersDown: makeAddress('area:counters-down'),
  /** A contract whose names, tags and token carry hostile text. */
  hostile: makeAddress('area:hostile'),
  /** A valid address the server has never seen: `/addresses/{h}` and its counters answer 404. */
  unknown: makeAddress('area:unknown'),
  /** A wallet airdropped scam tokens: 60 token balances (two pages), AIRDROP_SCAM of them marked scam. */
  airdropped: makeAddress('area:airdropped'),
} as const;

/** ADDR.rich's balance in wei: 1,234.567890123456789012 ETH (every digit must show). */
export const RICH_BALANCE = '1234567890123456789012';
/** The USD rate the overviews carry. */
export const RATE = '4273.59';

/** Overrides of the overview per address (lower case), on top of the embedded address object. */
const DETAILS = new Map<string, JsonObject>([
  [ADDR.rich.toLowerCase(), { coin_balance: RICH_BALANCE, exchange_rate: RATE, block_number_balance_updated_at: 23_116_930, l1_extra: new RawJson('2.50') }],
  [
    ADDR.contract.toLowerCase(),
    {
      coin_balance: '0',
      creator_address_hash: ADDR.counterparty,
      creation_transaction_hash: TX.creation,
      creation_status: 'success',
      has_logs: true,
      has_token_transfers: true,
      public_tags: [{ address_hash: ADDR.contract, display_name: 'Scout Router', label: 'scout-router' }],
    },
  ],
  [ADDR.scam.toLowerCase(), { coin_balance: '5' }],
  [AREA.countersDown.toLowerCase(), { coin_balance: '1000000000000000000' }],
  [
    AREA.hostile.toLowerCase(),
    {
      ens_domain_name: `evil\u001b[2J.eth`,
      is_contract: true,
      is_verified: false,
      name: EVIL.name,
      metadata: { tags: [{ meta: {}, name: `Tag\u202e\u0007gnip`, ordinal: 0, slug: 'x', tagType: `gen\u009beric` }] },
      private_tags: [{ address_hash: AREA.hostile, display_name: `\u001b]8;;https://evil.invalid\u0007click\u001b]8;;\u0007`, label: `\u001b]52;c;cHduZWQ=\u0007` }],
      public_tags: [{ address_hash: AREA.hostile, display_name: `Scout\u200bSwap\u2066`, label: `lbl\u001b[31m` }],
      proxy_type: `eip1967\u001b[5m`,
      implementations: [{ address: AREA.hostile, address_hash: AREA.hostile, name: EVIL.symbol }],
      creation_status: `failed\u001b[0m`,
      coin_balance: '1',
      exchange_rate: null,
      token: { address_hash: AREA.hostile, name: EVIL.name, symbol: EVIL.symbol, decimals: '18', type: 'ERC-20', holders_count: '3', exchange_rate: null, total_supply: '1' },
    },
  ],
]);

/** Whether `/addresses/{h}` knows the address (else 404, as the server answers for an address it never saw). */
export function knownToOverview(hash: string): boolean {
  const h = hash.toLowerCase();
  return h !== AREA.unknown.toLowerCase() && (knownAddress(hash) !== null || DETAILS.has(h));
}

/** The `/addresses/{h}` object: the embedded address's fields, then the overview's, as AddressResponse orders them. */
export function addressDetails(hash: string): JsonObject {
  const base = addressObject(hash);
  const more = DETAILS.get(hash.toLowerCase()) ?? {};
  return {
    block_number_balance_updated_at: 23_116_900,
    coin_balance: '0',
    creation_status: null,
    creation_transaction_hash: null,
    creator_address_hash: null,
    ens_domain_name: base['ens_domain_name'],
    exchange_rate: RATE,
    has_beacon_chain_withdrawals: false,
    has_logs: false,
    has_token_transfers: false,
    has_tokens: false,
    has_validated_blocks: false,
    hash: base['hash'],
    implementations: base['implementations'],
    is_contract: base['is_contract'],
    is_scam: base['is_scam'],
    is_verified: base['is_verified'],
    metadata: base['metadata'],
    name: base['name'],
    private_tags: [],
    proxy_type: base['proxy_type'],
    public_tags: [],
    reputation: base['reputation'],
    token: null,
    watchlist_address_id: null,
    watchlist_names: [],
    ...more,
  };
}

/** ADDR.rich's counters as sent: a field no schema knows, holding number text JSON.parse would not keep (`1.0e3`). */
export const RICH_COUNTERS_TEXT = `{"transactions_count":"120","token_transfers_count":"75","gas_usage_count":"9007199254740993","validations_count":"0","future_count":1.0e3}`;

/** The `/addresses/{h}/counters` object. */
export function addressCounters(hash: string): JsonObject | RawJson {
  if (hash.toLowerCase() === ADDR.rich.toLowerCase()) return new RawJson(RICH_COUNTERS_TEXT);
  return { transactions_count: '3', token_transfers_count: '0', gas_usage_count: '63000', validations_count: '0' };
}

// ───────────────────────────────────────────────────────────────────────── names

const PROTOCOLS: Record<string, JsonObject> = {
  eth: { id: 'ens', short_name: 'ENS', title: 'Ethereum Name Service', tld_list: ['eth'] },
  base: { id: 'base', short_name: 'Basenames', title: 'Base Name Service', tld_list: ['base'] },
  gno: { id: 'genome', short_name: 'Genome', title: 'Gnosis names', tld_list: ['gno'] },
};

/** Names the fake's search resolves: the name as the server spells it, and its address (null: points nowhere). */
export const NAMES: readonly { name: string; address: string | null }[] = [
  { name: 'scout-rich.eth', address: ADDR.rich },
  { name: 'alice-scout.eth', address: ADDR.counterparty },
  { name: 'router.base', address: ADDR.contract },
  { name: 'usdc.gno', address: ADDR.usdc },
  { name: 'nowhere.eth', address: null },
  { name: 'hostile.eth', address: AREA.hostile },
  { name: 'ünïcødé.eth', address: ADDR.counterparty },
  { name: 'vitalik.eth', address: ACTIVITY.wallet },
  { name: 'portfolio-scout.eth', address: PORTFOLIO.wallet },
];

/** A made-up expiry a year on. */
const EXPIRY = '2027-09-01T07:36:18.000Z';

function domainItem(name: string, address: string | null): JsonObject {
  const tld = name.slice(name.lastIndexOf('.') + 1);
  return {
    address_hash: address,
    ens_info: { address_hash: address, expiry_date: EXPIRY, name, names_count: 1, protocol: PROTOCOLS[tld] ?? null },
    is_smart_contract_verified: false,
    name: null,
    priority: 0,
    type: 'ens_domain',
    url: address === null ? null : `/address/${address}`,
  };
}

/**
 * Search items for the query `q` that name services give: an `ens_domain` item for each name whose
 * first label starts with `q`'s first label (the real search also returns near names: `alice.eth`
 * brings `alice-scout.eth`), after an `address` item that carries an `ens_info` of the very name but
 * points elsewhere (address items can carry one too: only `ens_domain` items resolve).
 */
export function nameItems(q: string): ListEntry[] {
  const ql = q.trim().toLowerCase();
  const label = ql.split('.')[0] ?? '';
  if (!label || !ql.includes('.')) return [];
  const out: ListEntry[] = [];
  const exact = NAMES.find((n) => n.name === ql);
  if (exact) {
    const decoy = makeAddress(`decoy:${ql}`);
    out.push({
      json: { address_hash: decoy, certified: false, ens_info: { address_hash: decoy, expiry_date: EXPIRY, name: ql, names_count: 1 }, is_smart_contract_verified: false, name: null, priority: 1, type: 'address', url: `/address/${decoy}` },
      cursor: {},
    });
  }
  for (const n of NAMES) if (n.name.split('.')[0]!.startsWith(label)) out.push({ json: domainItem(n.name, n.address), cursor: {} });
  return out;
}

/** The hash of a transaction unknown to the fake, for `open` tests. */
export const SOME_HASH = makeHash('area:some-tx');

/** Where among AREA.airdropped's 60 balances the explorer marks the token as scam: 5 on the first page, 2 on the second. */
export const AIRDROP_SCAM: readonly number[] = [4, 9, 17, 30, 44, 51, 58];
/** Of those, the one an older server marks with `is_scam: true` (and no reputation) instead. */
export const AIRDROP_IS_SCAM = 17;

let airdrop: ListEntry[] | undefined;

/**
 * AREA.airdropped's token balances, as `/addresses/{h}/tokens` sends them: three priced tokens, then
 * tokens without a price by value, some marked scam (`reputation: "scam"`, one `is_scam: true`), one
 * of those with a hostile name; the rest `reputation: "ok"`, or null where the explorer has no opinion.
 */
export function airdroppedTokens(): ListEntry[] {
  if (airdrop) return airdrop;
  const priced = [ADDR.usdc, ADDR.usdt, ADDR.weth];
  airdrop = Array.from({ length: 60 }, (_, n): ListEntry => {
    const scam = AIRDROP_SCAM.includes(n);
    const id = 90_000 - n;
    let token: JsonObject;
    if (n < priced.length) token = { ...tokenJson(priced[n]!), reputation: 'ok' };
    else {
      const address = makeAddress(`airdrop-token:${n}`);
      const name = scam ? (n === 30 ? EVIL.name : `Visit claim-${n}.example to claim`) : `Airdrop Token ${n}`;
      token = {
        address, address_hash: address, circulating_market_cap: null, decimals: '18', exchange_rate: null, holders: String(1_000 + n), holders_count: String(1_000 + n),
        icon_url: null, name, symbol: scam ? `CLAIM${n}` : `AT${n}`, total_supply: '1000000000000000000000000', type: 'ERC-20', volume_24h: null,
        reputation: scam && n !== AIRDROP_IS_SCAM ? 'scam' : n % 5 === 0 ? null : 'ok',
        ...(n === AIRDROP_IS_SCAM ? { is_scam: true } : {}),
      };
    }
    const value = String(10n ** 24n - BigInt(n) * 10n ** 21n);
    const fiat = n < priced.length ? `${(3 - n) * 1000}.5` : null;
    return { json: { token, token_id: null, token_instance: null, value }, cursor: { fiat_value: fiat, id, value }, tokenType: 'ERC-20', token: String(token['address_hash']).toLowerCase() };
  });
  return airdrop;
}
