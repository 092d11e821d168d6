/**
 * Data of the token and smart-contract endpoints of the fake explorer (./tokens.ts). Shapes from
 * Blockscout's OpenAPI document (TokenResponse, TokenCountersResponse, TokenHolderResponse,
 * TokenInstance, SmartContract) and the server's views: an unverified contract is answered with
 * only its bytecode and proxy fields (no `is_verified` at all), a contract matched to a verified
 * twin with `is_verified: false`, the twin's source and `verified_twin_address_hash`. Values are
 * generated; the tokens are data.ts's own, plus a few here for the odd cases.
 */
import { createHash } from 'node:crypto';
import {
  ADDR,
  EVIL,
  RawJson,
  addressObject,
  knownToken,
  toChecksumAddress,
  type JsonObject,
  type ListEntry,
} from '../data.js';
import { abiOf, EVM } from './evm.js';
import { abiContracts } from './abi-data.js';

/** A stable checksummed address of our own, from a label. */
function address(label: string): string {
  return toChecksumAddress(`0x${createHash('sha256').update(`scout-fake-tokens:${label}`).digest('hex').slice(0, 40)}`);
}

function hash(label: string): string {
  return `0x${createHash('sha256').update(`scout-fake-tokens:hash:${label}`).digest('hex')}`;
}

/** Addresses this module adds. */
export const TOKEN_ADDR = {
  /** An ERC-20 bridged from chain 1 over the omni bridge (origin_chain_id, foreign_address, bridge_type). */
  bridged: address('token:bridged'),
  /** The foreign (home chain) address of the bridged token. */
  bridgedForeign: address('token:bridged-foreign'),
  /** An ERC-20 whose counters endpoint fails with 500. */
  noCounters: address('token:no-counters'),
  /** An ERC-20 whose decimals the explorer does not know (null). */
  noDecimals: address('token:no-decimals'),
  /** A contract the explorer knows but nobody verified: bytecode only. */
  unverified: address('contract:unverified'),
  /** Not verified itself, but its code matches a verified twin (ADDR.contractImpl). */
  twin: address('contract:twin'),
  /** A proxy with two implementations. */
  multiProxy: address('contract:multi-proxy'),
  /** A verified contract whose name, source and file path hold escapes. */
  evilContract: address('contract:evil'),
} as const;

/** Token ids: big ones are uint256-sized, past any Number. */
export const TOKEN_IDS = {
  /** An ERC-721 instance of ADDR.nft721 with a full metadata document and an owner. */
  plain: '8520',
  /** An ERC-721 instance whose metadata is hostile: escapes in its name, description, attributes and image URL. */
  hostile: '666',
  /** A 78-digit ERC-1155 id of ADDR.nft1155 (more than 2^256/2). */
  huge: '80150964086159950173205574815354476552587982015634789657175307108395227874122',
} as const;

// ───────────────────────────────────────────────────────────────── tokens

const BRIDGED: JsonObject = {
  address: TOKEN_ADDR.bridged,
  address_hash: TOKEN_ADDR.bridged,
  bridge_type: 'omni',
  circulating_market_cap: null,
  circulating_supply: null,
  decimals: '18',
  exchange_rate: '1.0001',
  foreign_address: TOKEN_ADDR.bridgedForeign,
  holders: '12',
  holders_count: '12',
  icon_url: null,
  name: 'Bridged Dai',
  origin_chain_id: '1',
  reputation: 'ok',
  symbol: 'DAI.e',
  total_supply: '1234500000000000000000',
  type: 'ERC-20',
  volume_24h: null,
};

const NO_COUNTERS: JsonObject = {
  address: TOKEN_ADDR.noCounters,
  address_hash: TOKEN_ADDR.noCounters,
  circulating_market_cap: null,
  circulating_supply: null,
  decimals: '6',
  exchange_rate: null,
  holders: '2',
  holders_count: '2',
  icon_url: null,
  name: 'Countless',
  reputation: 'ok',
  symbol: 'CNT',
  total_supply: '1000000',
  type: 'ERC-20',
  volume_24h: null,
};

const NO_DECIMALS: JsonObject = { ...NO_COUNTERS, address: TOKEN_ADDR.noDecimals, address_hash: TOKEN_ADDR.noDecimals, decimals: null, name: 'No Decimals', symbol: 'ND' };

/** `/tokens/{h}`: the token object items embed, with the fields only this endpoint sends; keys sorted as the server sends them. */
export function tokenDetail(h: string): JsonObject | null {
  const low = h.toLowerCase();
  if (low === TOKEN_ADDR.bridged.toLowerCase()) return BRIDGED;
  if (low === TOKEN_ADDR.noCounters.toLowerCase()) return NO_COUNTERS;
  if (low === TOKEN_ADDR.noDecimals.toLowerCase()) return NO_DECIMALS;
  const k = knownToken(h);
  if (!k) return null;
  const o: JsonObject = { ...k.json, circulating_supply: null, reputation: k.info.address.toLowerCase() === ADDR.evilToken.toLowerCase() ? 'scam' : 'ok' };
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function tokenType(h: string): string | null {
  const d = tokenDetail(h);
  return d && typeof d['type'] === 'string' ? d['type'] : null;
}

/** `/tokens/{h}/counters`, or 'error' for the token whose counters fail. */
export function tokenCounters(h: string): JsonObject | 'error' | null {
  if (h.toLowerCase() === TOKEN_ADDR.noCounters.toLowerCase()) return 'error';
  const d = tokenDetail(h);
  if (!d) return null;
  return { token_holders_count: String(d['holders_count'] ?? '0'), transfers_count: String(holdersOf(h).length * 3 + 7) };
}

// ───────────────────────────────────────────────────────────────── holders

const holderCache = new Map<string, ListEntry[]>();

/**
 * Holders of a token, the largest balance first. USDC has 120 (three pages); the hostile token's
 * holders carry hostile names; ERC-1155 holders hold one id each.
 */
export function holdersOf(h: string): ListEntry[] {
  const low = h.toLowerCase();
  const cached = holderCache.get(low);
  if (cached) return cached;
  const type = tokenType(h);
  let entries: ListEntry[] = [];
  if (low === ADDR.usdc.toLowerCase()) {
    // Balances fall from about 4 billion USDC; the first holder holds exactly a known share.
    entries = Array.from({ length: 120 }, (_, n) => {
      const holder = n === 0 ? ADDR.rich : n === 1 ? ADDR.scam : address(`usdc-holder:${n}`);
      const value = n === 0 ? '4123456789012345' : String(BigInt(3_000_000_000_000_000 - n * 20_000_000_000_000) + BigInt(n * 7));
      return { json: { address: addressObject(holder), token_id: null, value }, cursor: { address_hash: holder, value } };
    });
  } else if (low === ADDR.evilToken.toLowerCase()) {
    entries = [ADDR.scam, ADDR.counterparty].map((holder, n) => {
      const value = n === 0 ? '115792089237316195423570985008687907853269984665640564039457584007913129639935' : '1';
      const json: JsonObject = { address: { ...addressObject(holder), name: EVIL.name }, token_id: null, value };
      return { json, cursor: { address_hash: holder, value } };
    });
  } else if (type === 'ERC-1155') {
    entries = [TOKEN_IDS.huge, '3', '1'].map((id, n) => {
      const holder = n === 0 ? ADDR.rich : address(`1155-holder:${n}`);
      const value = String(5 - n);
      return { json: { address: addressObject(holder), token_id: id, value }, cursor: { address_hash: holder, value } };
    });
  } else if (type !== null) {
    entries = [ADDR.rich, ADDR.counterparty].map((holder, n) => {
      const value = n === 0 ? '900' : '100';
      return { json: { address: addressObject(holder), token_id: null, value }, cursor: { address_hash: holder, value } };
    });
  }
  holderCache.set(low, entries);
  return entries;
}

// ───────────────────────────────────────────────────────────────── transfers

const transferCache = new Map<string, ListEntry[]>();

/** Transfers of a token, newest first: 60 of USDC (two pages), 3 of any other. */
export function transfersOf(h: string): ListEntry[] {
  const low = h.toLowerCase();
  const cached = transferCache.get(low);
  if (cached) return cached;
  const k = knownToken(h);
  const token = k?.json ?? tokenDetail(h);
  if (!token) return [];
  const decimals = token['decimals'] ?? null;
  const count = low === ADDR.usdc.toLowerCase() ? 60 : 3;
  const entries = Array.from({ length: count }, (_, n): ListEntry => {
    const block = 23_100_000 - n * 9;
    const index = 400 - ((n * 37) % 300);
    const from = n % 3 === 0 ? ADDR.rich : address(`transfer-from:${n}`);
    const to = n % 3 === 0 ? ADDR.counterparty : ADDR.rich;
    return {
      json: {
        block_hash: hash(`block:${block}`),
        block_number: block,
        from: addressObject(from),
        log_index: index,
        method: 'transfer',
        timestamp: new Date(Date.UTC(2025, 7, 10, 12, 0, 0) - n * 108_000).toISOString().replace('Z', '000Z'),
        to: addressObject(to),
        token,
        token_type: token['type'] ?? null,
        total: { decimals, value: String(1_000_000n * BigInt(n + 1) + 1n) },
        transaction_hash: hash(`transfer:${low}:${n}`),
        type: 'token_transfer',
      },
      cursor: { block_number: block, index },
    };
  });
  transferCache.set(low, entries);
  return entries;
}

// ───────────────────────────────────────────────────────────────── instances

/** One NFT instance as `/tokens/{h}/instances[/{id}]` sends it (TokenInstance). */
function instanceJson(h: string, id: string, owner: string | null): JsonObject {
  const k = knownToken(h);
  const type = k?.info.type ?? 'ERC-721';
  const image = `https://nft.example.invalid/${h.toLowerCase()}/${id}.png`;
  const hostile = id === TOKEN_IDS.hostile;
  return {
    animation_url: null,
    external_app_url: hostile ? 'https://evil.example.invalid/\u001b[2Jx' : null,
    id,
    image_url: hostile ? 'https://evil.example.invalid/\u001b]8;;https://phish.invalid\u0007img.png' : image,
    is_unique: type === 'ERC-721' ? true : null,
    media_type: null,
    media_url: image,
    metadata: hostile
      ? {
          attributes: [{ trait_type: '\u001b[31mRed', value: '\u202eevil' }, { trait_type: 'Level', value: { nested: '\u0007' } }],
          description: 'line one\n\u001b]0;pwned\u0007line two',
          image: 'ignored',
          name: EVIL.name,
        }
      : {
          attributes: [
            { trait_type: 'Background', value: 'Blue' },
            { display_type: 'number', trait_type: 'Level', value: 7 },
          ],
          description: `${k?.info.name ?? 'Token'} #${id}`,
          image,
          name: `${k?.info.name ?? 'Token'} #${id}`,
        },
    owner: owner === null ? null : addressObject(owner),
    thumbnails: null,
    token: k?.json ?? null,
    token_type: type,
    value: type === 'ERC-1155' ? '5' : '1',
  };
}

const instanceCache = new Map<string, ListEntry[]>();

/** NFT instances of a collection, the largest id first; ERC-1155's ids are 77 to 78 digits (cursor `unique_token` a bare big integer). */
export function instancesOf(h: string): ListEntry[] {
  const low = h.toLowerCase();
  const cached = instanceCache.get(low);
  if (cached) return cached;
  const type = tokenType(h);
  let ids: string[] = [];
  if (type === 'ERC-1155') {
    // 55 ids counting down from TOKEN_IDS.huge: two pages, the cursor past 2^53.
    ids = Array.from({ length: 55 }, (_, n) => (BigInt(TOKEN_IDS.huge) - BigInt(n * 1_000_003)).toString());
  } else if (type === 'ERC-721' || type === 'ERC-404') {
    ids = [TOKEN_IDS.plain, TOKEN_IDS.hostile, '100', '7'];
  }
  const entries = ids.map((id, n): ListEntry => ({
    json: instanceJson(h, id, type === 'ERC-1155' ? null : n % 2 === 0 ? ADDR.rich : ADDR.counterparty),
    cursor: { unique_token: new RawJson(id) },
  }));
  instanceCache.set(low, entries);
  return entries;
}

/** `/tokens/{h}/instances/{id}`: null when the collection has no such id. */
export function instanceOf(h: string, id: string): JsonObject | null {
  return instancesOf(h).find((e) => e.json['id'] === id)?.json ?? null;
}

// ───────────────────────────────────────────────────────────────── one NFT: holders, transfers

/** NFTs with a history of their own (the rest have none: empty lists, a count of 0). */
export const NFT_HISTORY = {
  /** TOKEN_IDS.plain of ADDR.nft721: 55 transfers back to its mint (two pages). */
  transfers: 55,
  /** TOKEN_IDS.huge of ADDR.nft1155: 60 holders (two pages). */
  holders: 60,
} as const;

const instanceTransferCache = new Map<string, ListEntry[]>();

/**
 * The transfers of one NFT, newest first, as `/tokens/{h}/instances/{id}/transfers` sends them: the
 * ERC-721 `total` (`{token_id, token_instance}`), its cursor `block_number, index, token_id`. The last
 * is its mint, from the zero address.
 */
export function instanceTransfersOf(h: string, id: string): ListEntry[] {
  const key = `${h.toLowerCase()}:${id}`;
  const cached = instanceTransferCache.get(key);
  if (cached) return cached;
  const k = knownToken(h);
  let entries: ListEntry[] = [];
  if (k && h.toLowerCase() === ADDR.nft721.toLowerCase() && id === TOKEN_IDS.plain) {
    const n = NFT_HISTORY.transfers;
    // Owners in turn, the oldest first: the mint to the first, then each to the next; the newest ends with the rich address.
    const owners = Array.from({ length: n }, (_, i) => (i === n - 1 ? ADDR.rich : address(`nft-owner:${i}`)));
    entries = Array.from({ length: n }, (_, m): ListEntry => {
      const i = n - 1 - m;
      const block = 23_000_000 - m * 1_111;
      const index = 50 + ((m * 13) % 200);
      const mint = i === 0;
      return {
        json: {
          block_hash: hash(`nft-block:${block}`),
          block_number: block,
          from: addressObject(mint ? ADDR.zero : owners[i - 1]!),
          log_index: index,
          method: mint ? 'mint' : 'transferFrom',
          timestamp: new Date(Date.UTC(2025, 6, 1) - m * 86_400_000).toISOString().replace('Z', '000Z'),
          to: addressObject(owners[i]!),
          token: k.json,
          token_type: 'ERC-721',
          total: { token_id: id, token_instance: null },
          transaction_hash: hash(`nft-transfer:${key}:${m}`),
          type: mint ? 'token_minting' : 'token_transfer',
        },
        cursor: { block_number: block, index, token_id: id },
      };
    });
  }
  instanceTransferCache.set(key, entries);
  return entries;
}

const instanceHolderCache = new Map<string, ListEntry[]>();

/** The holders of one NFT, the largest balance first: an ERC-1155 id has many, an ERC-721 id its owner. */
export function instanceHoldersOf(h: string, id: string): ListEntry[] {
  const key = `${h.toLowerCase()}:${id}`;
  const cached = instanceHolderCache.get(key);
  if (cached) return cached;
  let entries: ListEntry[] = [];
  const type = tokenType(h);
  if (h.toLowerCase() === ADDR.nft1155.toLowerCase() && id === TOKEN_IDS.huge) {
    entries = Array.from({ length: NFT_HISTORY.holders }, (_, n) => {
      const holder = n === 0 ? ADDR.rich : n === 1 ? ADDR.scam : address(`1155-id-holder:${n}`);
      const value = String(1_000 - n * 7);
      return { json: { address: addressObject(holder), token_id: id, value }, cursor: { address_hash: holder, token_id: id, value } };
    });
  } else if ((type === 'ERC-721' || type === 'ERC-404') && instanceOf(h, id)) {
    const owner = (instanceOf(h, id)?.['owner'] as { hash?: string } | null)?.hash;
    if (owner) entries = [{ json: { address: addressObject(owner), token_id: id, value: '1' }, cursor: { address_hash: owner, token_id: id, value: '1' } }];
  }
  instanceHolderCache.set(key, entries);
  return entries;
}

// ───────────────────────────────────────────────────────────────── smart contracts

/** A verified contract's body, the fields in the order the server's view writes them. */
function verified(o: {
  name: string;
  filePath: string | null;
  source: string;
  additional: { file_path: string; source_code: string }[];
  abi: JsonObject[] | RawJson;
  proxyType?: string | null;
  implementations?: { address_hash: string; name: string | null }[];
  twin?: string;
  language?: string;
}): JsonObject {
  const own = o.twin === undefined;
  return {
    verified_twin_address_hash: o.twin ?? null,
    is_verified: own,
    is_changed_bytecode: false,
    is_partially_verified: false,
    is_fully_verified: own,
    is_verified_via_sourcify: false,
    is_verified_via_eth_bytecode_db: !own,
    is_verified_via_verifier_alliance: false,
    is_vyper_contract: o.language === 'vyper',
    has_custom_methods_read: false,
    has_custom_methods_write: false,
    has_methods_read: true,
    has_methods_write: true,
    has_methods_read_proxy: (o.implementations ?? []).length > 0,
    has_methods_write_proxy: (o.implementations ?? []).length > 0,
    proxy_type: o.proxyType ?? null,
    implementations: o.implementations ?? [],
    sourcify_repo_url: null,
    can_be_visualized_via_sol2uml: true,
    name: o.name,
    compiler_version: 'v0.8.26+commit.8a97fa7a',
    optimization_enabled: true,
    optimization_runs: 200,
    evm_version: 'cancun',
    verified_at: '2024-05-01T12:00:00.000000Z',
    abi: o.abi,
    source_code: o.source,
    file_path: o.filePath,
    additional_sources: o.additional,
    compiler_settings: { optimizer: { enabled: true, runs: 200 } },
    external_libraries: [],
    constructor_args: null,
    decoded_constructor_args: null,
    language: o.language ?? 'solidity',
    license_type: 'mit',
    certified: false,
    is_blueprint: false,
    is_self_destructed: false,
    deployed_bytecode: '0x6080604052',
    creation_bytecode: '0x6080604052348015600f57600080fd5b50',
  };
}

const IMPL_SOURCE = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.26;\n\nimport "./lib/Math.sol";\n\ncontract UniversalRouterV2 {\n\tfunction execute() external {}\n}\n';

/** Verified implementation of ADDR.contract: three files, one nested. */
const IMPL = verified({
  name: 'UniversalRouterV2',
  filePath: 'contracts/UniversalRouterV2.sol',
  source: IMPL_SOURCE,
  additional: [
    { file_path: 'contracts/lib/Math.sol', source_code: 'library Math {}\n' },
    { file_path: '@openzeppelin/contracts/token/ERC20/IERC20.sol', source_code: 'interface IERC20 {}\n' },
  ],
  // The functions the EVM table (evm.ts) answers for it; `1.0e5` stays as sent.
  abi: new RawJson(
    '[{"inputs":[],"name":"execute","outputs":[],"stateMutability":"nonpayable","type":"function"},{"inputs":[{"name":"amount","type":"uint256"}],"name":"quote","outputs":[{"name":"","type":"uint256"}],"stateMutability":"view","type":"function","gas":1.0e5}]',
  ),
});

/** Unsafe file paths, each served as the one extra source of a contract of its own. */
export const HOSTILE_PATHS = {
  climbs: '../escape.sol',
  climbsDeep: 'contracts/../../escape.sol',
  absolute: '/etc/scout-escape.sol',
  drive: 'C:\\scout\\escape.sol',
  backslashClimb: '..\\escape.sol',
  nul: 'a\u0000b.sol',
  control: 'a\u001b[2Jb.sol',
  empty: '',
} as const;

export type HostilePath = keyof typeof HOSTILE_PATHS;

export function hostilePathContract(kind: HostilePath): string {
  return address(`contract:path:${kind}`);
}

/** A verified contract whose sources include one at a path of its own choosing. */
export const SAFE_THEN = 'contracts/Safe.sol';

function contracts(): Map<string, JsonObject> {
  const m = new Map<string, JsonObject>();
  m.set(ADDR.contractImpl.toLowerCase(), IMPL);
  m.set(
    ADDR.contract.toLowerCase(),
    verified({
      name: 'UniversalRouter',
      filePath: 'contracts/proxy/ERC1967Proxy.sol',
      source: 'contract ERC1967Proxy {}\n',
      additional: [],
      abi: [{ stateMutability: 'payable', type: 'fallback' }],
      proxyType: 'eip1967',
      implementations: [{ address_hash: ADDR.contractImpl, name: 'UniversalRouterV2' }],
    }),
  );
  m.set(
    TOKEN_ADDR.multiProxy.toLowerCase(),
    verified({
      name: 'Diamond',
      filePath: 'Diamond.sol',
      source: 'contract Diamond {}\n',
      additional: [],
      abi: [],
      proxyType: 'eip2535',
      implementations: [
        { address_hash: ADDR.contractImpl, name: 'UniversalRouterV2' },
        { address_hash: ADDR.usdc, name: 'FiatTokenV2' },
      ],
    }),
  );
  // The ABIs of the EVM table's contracts (evm.ts), which the fake's eth_call answers for.
  m.set(ADDR.usdc.toLowerCase(), verified({ name: 'FiatTokenV2', filePath: null, source: 'contract FiatTokenV2 {}\n', additional: [], abi: abiOf(ADDR.usdc) }));
  m.set(EVM.pair.toLowerCase(), verified({ name: 'ScoutPair', filePath: 'contracts/ScoutPair.sol', source: 'contract ScoutPair {}\n', additional: [], abi: abiOf(EVM.pair) }));
  m.set(TOKEN_ADDR.twin.toLowerCase(), verified({ ...{ name: 'UniversalRouterV2', filePath: 'contracts/UniversalRouterV2.sol', source: IMPL_SOURCE, additional: [], abi: [] }, twin: ADDR.contractImpl }));
  m.set(
    TOKEN_ADDR.evilContract.toLowerCase(),
    verified({ name: EVIL.name, filePath: 'Evil.sol', source: 'contract Evil {\n\t// \u001b]0;pwned\u0007 \u009b31m\n}\n', additional: [], abi: [] }),
  );
  const unverified = {
    has_custom_methods_read: false,
    has_custom_methods_write: false,
    proxy_type: null,
    implementations: [],
    is_self_destructed: false,
    deployed_bytecode: '0x6080604052',
    creation_bytecode: '0x6080604052348015600f57600080fd5b50',
  };
  m.set(TOKEN_ADDR.unverified.toLowerCase(), unverified);
  for (const [a, body] of abiContracts(verified, unverified)) m.set(a.toLowerCase(), body);
  for (const [kind, p] of Object.entries(HOSTILE_PATHS) as [HostilePath, string][]) {
    m.set(
      hostilePathContract(kind).toLowerCase(),
      verified({ name: 'Hostile', filePath: SAFE_THEN, source: 'contract Safe {}\n', additional: [{ file_path: p, source_code: 'contract Escape {}\n' }], abi: [] }),
    );
  }
  return m;
}

let contractMap: Map<string, JsonObject> | undefined;

/** `/smart-contracts/{h}`: null for an address that is no contract (the server's 404). */
export function contractBody(h: string): JsonObject | null {
  contractMap ??= contracts();
  return contractMap.get(h.toLowerCase()) ?? null;
}
