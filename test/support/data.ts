/**
 * Deterministic data for the fake Blockscout API v2 / Merits admin server (./server.ts).
 *
 * Every item copies the *field structure* of real Blockscout responses (eth.blockscout.com, 2025
 * schema: `block_number`, `transaction_*`, `implementations[]`, `is_scam`, `reputation`...) but all
 * values are generated. Nothing here reads the shared fixture directory: the project carries its
 * own data.
 *
 * Values are built as plain JS trees (`Json`) and serialised by `toJsonText`, not JSON.stringify,
 * so that the fake can send number text that JSON.parse/JSON.stringify would not round-trip
 * (`2.0e3`, `1.0`, integers above 2^53) through `RawJson`, and so that bidi / C1 characters go out
 * as `\uXXXX` escapes. A client must pass those bytes through its `--json` output unchanged.
 */
import { createHash } from 'node:crypto';
import { AbiError, AbiFunction } from 'ox';

// ───────────────────────────────────────────────────────────────────────── JSON text

/** A JSON fragment written verbatim into the response body (e.g. `2.0e3`, a 30-digit integer). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Json = null | boolean | number | string | RawJson | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json | undefined;
}

/**
 * Characters that go out as `\uXXXX` escapes on top of what JSON.stringify already escapes (C0
 * controls): DEL, C1 controls, line/paragraph separators and the bidi overrides / isolates.
 * The real server (Jason) sends control characters escaped; hostile token names use them.
 */
const EXTRA_ESCAPES = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A JSON string literal for `s`, escaping controls and bidi characters as `\uXXXX`. */
export function jsonString(s: string): string {
  return JSON.stringify(s).replace(EXTRA_ESCAPES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Serialises a `Json` tree, keeping key order, dropping `undefined` members, writing RawJson verbatim. */
export function toJsonText(value: Json | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return jsonString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`fake data: non-finite number ${value}`);
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v)).join(',')}]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v !== undefined) parts.push(`${jsonString(k)}:${toJsonText(v)}`);
  }
  return `{${parts.join(',')}}`;
}

// ───────────────────────────────────────────────────────────────────────── hashing

const MASK64 = (1n << 64n) - 1n;
const KECCAK_RC: readonly bigint[] = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n,
  0x000000000000808bn, 0x0000000080000001n, 0x8000000080008081n, 0x8000000000008009n,
  0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n,
  0x8000000000008002n, 0x8000000000000080n, 0x000000000000800an, 0x800000008000000an,
  0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];
/** Rotation offsets, indexed x + 5y. */
const KECCAK_ROT: readonly number[] = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

function lane(a: readonly bigint[], i: number): bigint {
  const v = a[i];
  if (v === undefined) throw new Error('keccak: lane out of range');
  return v;
}

function rotl64(x: bigint, n: number): bigint {
  if (n === 0) return x;
  const b = BigInt(n);
  return ((x << b) | (x >> (64n - b))) & MASK64;
}

function keccakF1600(s: bigint[]): void {
  const c: bigint[] = [0n, 0n, 0n, 0n, 0n];
  const b: bigint[] = new Array<bigint>(25).fill(0n);
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) {
      c[x] = lane(s, x) ^ lane(s, x + 5) ^ lane(s, x + 10) ^ lane(s, x + 15) ^ lane(s, x + 20);
    }
    for (let x = 0; x < 5; x++) {
      const d = lane(c, (x + 4) % 5) ^ rotl64(lane(c, (x + 1) % 5), 1);
      for (let y = 0; y < 25; y += 5) s[y + x] = lane(s, y + x) ^ d;
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(lane(s, x + 5 * y), KECCAK_ROT[x + 5 * y] ?? 0);
      }
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        s[x + 5 * y] = lane(b, x + 5 * y) ^ (~lane(b, ((x + 1) % 5) + 5 * y) & MASK64 & lane(b, ((x + 2) % 5) + 5 * y));
      }
    }
    s[0] = lane(s, 0) ^ lane(KECCAK_RC, round);
  }
}

/** Keccak-256 (the Ethereum variant, 0x01 padding), small and slow: only used for EIP-55 checksums. */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array(Math.floor(data.length / rate + 1) * rate);
  padded.set(data);
  padded[data.length] = (padded[data.length] ?? 0) ^ 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80;
  const s: bigint[] = new Array<bigint>(25).fill(0n);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let v = 0n;
      for (let j = 7; j >= 0; j--) v = (v << 8n) | BigInt(padded[off + i * 8 + j] ?? 0);
      s[i] = lane(s, i) ^ v;
    }
    keccakF1600(s);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 4; i++) {
    let v = lane(s, i);
    for (let j = 0; j < 8; j++) {
      out[i * 8 + j] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  return out;
}

/** EIP-55 mixed-case checksum form of a 0x-prefixed 40-hex-digit address. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak256(Buffer.from(hex, 'ascii'))).toString('hex');
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const ch = hex.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

function digest(label: string): Buffer {
  return createHash('sha256').update(`scout-fake:${label}`).digest();
}

/** A stable, checksummed address derived from a label. */
export function makeAddress(label: string): string {
  return toChecksumAddress(`0x${digest(`address:${label}`).subarray(12).toString('hex')}`);
}

/** A stable 32-byte hash (lower case, like real transaction and block hashes). */
export function makeHash(label: string): string {
  return `0x${digest(`hash:${label}`).toString('hex')}`;
}

/** Small deterministic PRNG (mulberry32) for amounts and ids. */
class Rng {
  private state: number;
  constructor(seed: string) {
    this.state = digest(`rng:${seed}`).readUInt32BE(0);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  /** A decimal string of exactly `n` digits (no leading zero). */
  digits(n: number): string {
    let s = String(this.int(1, 9));
    for (let i = 1; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  hex(bytes: number): string {
    let s = '';
    for (let i = 0; i < bytes; i++) s += this.int(0, 255).toString(16).padStart(2, '0');
    return s;
  }
}

function at<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`fake data: index ${i} out of range`);
  return v;
}

// ───────────────────────────────────────────────────────────────────────── time & blocks

export const PAGE_SIZE = 50;
/** The newest block of the fake chain; `confirmations` are counted from it. */
export const HEAD_BLOCK = 23_116_935;
const HEAD_TIME_MS = Date.UTC(2025, 7, 11, 9, 32, 59);

/** Real timestamps carry microseconds: `2025-08-11T09:32:59.000000Z`. */
function iso(ms: number, micros = '000'): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, `.$1${micros}Z`);
}

export function blockTime(block: number): string {
  return iso(HEAD_TIME_MS - (HEAD_BLOCK - block) * 12_000);
}

function blockHash(block: number): string {
  return makeHash(`block:${block}`);
}

// ───────────────────────────────────────────────────────────────────────── well-known values

/** Well-known addresses (EIP-55 checksummed). */
export const ADDR = {
  /** 120 txs, 75 token transfers, 60 internal txs, 55 withdrawals, 55 token balances, 3 NFT collections. */
  rich: makeAddress('rich'),
  /** Valid, never used: every list is `{"items":[],"next_page_params":null}`. */
  empty: makeAddress('empty'),
  /** Sender of TX.pending; its transaction list holds only pending transactions. */
  pending: makeAddress('pending'),
  /** A plain EOA with an ENS name (alice-scout.eth) that trades with the rich address. */
  counterparty: makeAddress('alice'),
  /** A verified EIP-1967 proxy contract ("UniversalRouter") with one implementation. */
  contract: makeAddress('router'),
  /** The implementation behind ADDR.contract. */
  contractImpl: makeAddress('router-impl'),
  /** The contract created by TX.creation. */
  created: makeAddress('created'),
  /** An address flagged `is_scam: true`, reputation "scam". */
  scam: makeAddress('scam'),
  /** The zero address: `from` of mints, `to` of burns. */
  zero: '0x0000000000000000000000000000000000000000',
  /** ERC-20 "USD Coin" (USDC, 6 decimals): use with `token=` on the rich address's transfers. */
  usdc: makeAddress('token:usdc'),
  usdt: makeAddress('token:usdt'),
  weth: makeAddress('token:weth'),
  /** ERC-20 whose name holds an OSC title escape and whose symbol holds U+202E (RTL override). */
  evilToken: makeAddress('token:evil'),
  /** ERC-20 with non-ASCII UTF-8 name "Ünïcødé Coin" (sent raw, not escaped). */
  unicodeToken: makeAddress('token:unicode'),
  nft721: makeAddress('token:nft721'),
  nft1155: makeAddress('token:nft1155'),
  erc404: makeAddress('token:erc404'),
  /** Every path under it answers 429 once (x-ratelimit-reset 200 ms), then serves 3 transactions. */
  flaky: makeAddress('flaky'),
  /** Every request under it answers 429 (x-ratelimit-reset 50 ms), forever. */
  limited: makeAddress('limited'),
  /** Every request under it answers 502 with an HTML body, like a proxy in front of Blockscout. */
  broken: makeAddress('broken'),
  /** Its withdrawals endpoint returns the same 50 items and the same cursor forever (cursor loop). */
  loop: makeAddress('loop'),
  /** Its withdrawals endpoint returns 3 items and `next_page_params: {}` (means "no more"). */
  emptyCursor: makeAddress('empty-cursor'),
} as const;

/** Well-known transaction hashes (0x + 64 lower-case hex). */
export const TX = {
  /** Success, decoded_input, 3 inline token transfers, confirmation_duration `[0,2.0e3]`. */
  ok: makeHash('tx:ok'),
  /** status "error", result "execution reverted", revert_reason `{raw}` (Error(string)). */
  failed: makeHash('tx:failed'),
  /** Pending: block_number/status/timestamp/position/gas_used null; raw-trace `[]`. */
  pending: makeHash('tx:pending'),
  /** Valid hash, unknown to the server: 404 `{"message":"Not found"}` everywhere. */
  unknown: makeHash('tx:unknown'),
  /** token_transfers_overflow true, 10 inline transfers; its /token-transfers holds 65 (50 + 15). */
  overflow: makeHash('tx:overflow'),
  /** Contract creation: `to: null`, `created_contract` = ADDR.created. */
  creation: makeHash('tx:creation'),
  /** Raw JSON quirks: `2.0e3`, `1.0`, a 30-digit bare integer, the hostile token name inline. */
  quirky: makeHash('tx:quirky'),
  /** raw-trace: flat Parity array, traceAddress depth 3, one frame with `error` and no `result`. */
  parityTrace: makeHash('tx:parity-trace'),
  /** raw-trace: one nested Geth callTracer object, a child frame carries `error`. */
  gethTrace: makeHash('tx:geth-trace'),
  /** raw-trace: HTTP 500 with the bare JSON string body `"Error while raw trace fetching"`. */
  traceError: makeHash('tx:trace-error'),
  /**
   * raw-trace: a Geth callTracer tree whose calls carry real ABI encodings (ox) to verified contracts
   * (the router proxy ADDR.contract, USDC, ScoutPair) and one unverified (the oracle): a quote, a
   * balanceOf, a getReserves, a transfer, and a withdraw that reverts with ScoutPair's custom error.
   * Its own, in no address's list.
   */
  decodedTrace: makeHash('tx:decoded-trace'),
  /** A blob transaction (type 3) carrying two blobs (BLOB_HASHES), in no address's list. */
  blob: makeHash('tx:blob'),
  /** A call to the beacon deposit contract: one 32 ETH deposit. */
  deposit: makeHash('tx:deposit'),
  /** A staking contract's batch: 55 beacon deposits (two pages), from ADDR.rich, none of them to the deposit contract itself. */
  batchDeposit: makeHash('tx:batch-deposit'),
  /** An ERC-4337 bundle: a bundler's handleOps on the v0.7 entry point, carrying 3 user operations (fake/aa-data.ts). */
  bundle: makeHash('tx:bundle'),
} as const;

/** ERC-4337 addresses (fake/aa-data.ts): the explorer knows each but the paymaster, whose hash its answers carry bare. */
export const AA_ADDR = {
  /** The v0.7 entry point, the `to` of TX.bundle. */
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  /** The bundler that sent TX.bundle. */
  bundler: makeAddress('aa:bundler'),
  /** A smart account (a verified contract) with 60 user operations. */
  account: makeAddress('aa:account'),
  factory: makeAddress('aa:factory'),
  paymaster: makeAddress('aa:paymaster'),
} as const;

/** The beacon deposit contract of Ethereum mainnet, as explorers send it (checksummed). */
export const DEPOSIT_CONTRACT = '0x00000000219ab540356cBB839Cbe05303d7705Fa';

/** The versioned hashes of TX.blob's blobs: 0x01 (KZG) and 31 bytes of a commitment's hash. */
export const BLOB_HASHES: readonly string[] = [0, 1].map((n) => `0x01${makeHash(`blob:${n}`).slice(4)}`);

/** Literal substrings of response bodies that a byte-exact client must pass through. */
export const RAW = {
  /** confirmation_duration of TX.ok, TX.quirky and every 7th rich transaction. */
  exponent: '2.0e3',
  /** TX.quirky `l1_gas_used_raw` (a bare JSON integer > 2^53). */
  bigInteger: '123456789012345678901234567890',
  /** TX.quirky `l1_fee_scalar_raw`. */
  floatOne: '1.0',
  /** The hostile token's name as it appears (escaped) in the body. */
  evilNameJson: '"\\u001b]0;pwned\\u0007Airdrop"',
  /** The hostile token's symbol as it appears (escaped) in the body. */
  evilSymbolJson: '"\\u202eLIVE"',
} as const;

/** Decoded values of the hostile strings. */
export const EVIL = { name: '\u001b]0;pwned\u0007Airdrop', symbol: '\u202eLIVE' } as const;

// ───────────────────────────────────────────────────────────────────────── address objects

interface AddressInfo {
  hash: string;
  ens: string | null;
  implementations: { address: string; name: string | null }[] | null;
  isContract: boolean;
  isScam: boolean;
  isVerified: boolean | null;
  metadata: JsonObject | null;
  name: string | null;
  proxyType: string | null;
  reputation: string;
}

const KNOWN = new Map<string, AddressInfo>();

function registerAddress(info: Partial<AddressInfo> & { hash: string }): string {
  KNOWN.set(info.hash.toLowerCase(), {
    ens: null,
    implementations: [],
    isContract: false,
    isScam: false,
    isVerified: false,
    metadata: null,
    name: null,
    proxyType: null,
    reputation: 'ok',
    ...info,
  });
  return info.hash;
}

/** Real `metadata.tags[]` entries: `{meta, name, ordinal, slug, tagType}`. */
function tags(...list: [name: string, tagType: string, ordinal?: number, meta?: JsonObject][]): JsonObject {
  return {
    tags: list.map(([name, tagType, ordinal = 0, meta = {}]) => ({
      meta,
      name,
      ordinal,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      tagType,
    })),
  };
}

/** The address object embedded in items (`from`, `to`, `miner`, ...), field order as eth.blockscout.com. */
export function addressObject(hash: string): JsonObject {
  const info = KNOWN.get(hash.toLowerCase());
  const i: AddressInfo = info ?? {
    hash,
    ens: null,
    implementations: [],
    isContract: false,
    isScam: false,
    isVerified: false,
    metadata: null,
    name: null,
    proxyType: null,
    reputation: 'ok',
  };
  return {
    ens_domain_name: i.ens,
    hash: i.hash,
    implementations:
      i.implementations === null
        ? null
        : i.implementations.map((impl) => ({ address: impl.address, address_hash: impl.address, name: impl.name })),
    is_contract: i.isContract,
    is_scam: i.isScam,
    is_verified: i.isVerified,
    metadata: i.metadata,
    name: i.name,
    private_tags: [],
    proxy_type: i.proxyType,
    public_tags: [],
    reputation: i.reputation,
    watchlist_names: [],
  };
}

/** Whether the fake knows this address (search returns an `address` item for it). */
export function knownAddress(hash: string): { hash: string; name: string | null; isContract: boolean; isVerified: boolean } | null {
  const i = KNOWN.get(hash.toLowerCase());
  return i ? { hash: i.hash, name: i.name, isContract: i.isContract, isVerified: i.isVerified === true } : null;
}

registerAddress({ hash: ADDR.rich, ens: 'scout-rich.eth' });
registerAddress({ hash: ADDR.pending });
registerAddress({ hash: ADDR.counterparty, ens: 'alice-scout.eth' });
registerAddress({
  hash: ADDR.contract,
  isContract: true,
  isVerified: true,
  name: 'UniversalRouter',
  proxyType: 'eip1967',
  implementations: [{ address: ADDR.contractImpl, name: 'UniversalRouterV2' }],
  metadata: tags(['DEX', 'generic'], ['Scout Swap', 'protocol', 0, { appID: 'scout-swap' }], ['Scout Swap: Router', 'name', 10, { tooltipUrl: 'https://example.invalid/router' }]),
});
registerAddress({ hash: ADDR.contractImpl, isContract: true, isVerified: true, name: 'UniversalRouterV2', proxyType: 'unknown' });
registerAddress({ hash: ADDR.created, isContract: true, isVerified: true, name: 'ScoutVault' });
registerAddress({
  hash: ADDR.scam,
  isScam: true,
  reputation: 'scam',
  name: 'Fake_Phishing4242',
  metadata: tags(['Phish / Hack', 'generic']),
});
registerAddress({ hash: ADDR.zero, name: null });
registerAddress({ hash: AA_ADDR.entryPoint, isContract: true, isVerified: true, name: 'EntryPoint' });
registerAddress({ hash: AA_ADDR.bundler });
registerAddress({ hash: AA_ADDR.account, isContract: true, isVerified: true, name: 'SmartAccount', proxyType: 'eip1967' });
registerAddress({ hash: AA_ADDR.factory, isContract: true, isVerified: true, name: 'SmartAccountFactory' });

/** Counterparties of the rich address, in the order the generators cycle through them. */
const COUNTERPARTIES: readonly string[] = [
  ADDR.counterparty,
  ADDR.contract,
  registerAddress({ hash: makeAddress('cp:exchange'), metadata: tags(['Scoutex 14', 'name', 10], ['Exchange', 'generic']) }),
  // Old-style object: `implementations: null`, `is_verified: null` (real on some instances).
  registerAddress({ hash: makeAddress('cp:legacy'), implementations: null, isVerified: null }),
  ADDR.scam,
  registerAddress({ hash: makeAddress('cp:unverified'), isContract: true, isVerified: false, proxyType: 'unknown' }),
  registerAddress({ hash: makeAddress('cp:bob') }),
  registerAddress({ hash: makeAddress('cp:carol'), ens: 'carol.scout.eth' }),
];
const ORACLE = registerAddress({ hash: makeAddress('oracle'), isContract: true, isVerified: true, name: 'PriceOracle' });
const POOL = registerAddress({ hash: makeAddress('pool'), isContract: true, isVerified: true, name: 'ScoutPool' });
const FEE_RECIPIENT = registerAddress({
  hash: makeAddress('fee-recipient'),
  metadata: tags(['Fee Recipient', 'protocol'], ['MEV Builder', 'generic']),
});

// ───────────────────────────────────────────────────────────────────────── tokens

export type TokenType = 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'ERC-404';

export interface TokenInfo {
  address: string;
  name: string | null;
  symbol: string | null;
  type: TokenType;
  decimals: string | null;
  exchangeRate: string | null;
  holders: number;
  totalSupply: string | null;
  marketCap: string | null;
  iconUrl: string | null;
  volume24h: string | null;
  /** Search fields. */
  priority: number;
  certified: boolean;
  adminVerified: boolean;
  contractVerified: boolean;
  insertedAt: string;
}

const TOKENS: TokenInfo[] = [];

function defineToken(t: Partial<TokenInfo> & Pick<TokenInfo, 'address' | 'name' | 'symbol' | 'type'>): TokenInfo {
  const nft = t.type !== 'ERC-20';
  const full: TokenInfo = {
    decimals: nft ? null : '18',
    exchangeRate: null,
    holders: 10,
    totalSupply: nft ? null : '1000000000000000000000000',
    marketCap: null,
    iconUrl: null,
    volume24h: null,
    priority: 0,
    certified: false,
    adminVerified: false,
    contractVerified: true,
    insertedAt: iso(Date.UTC(2024, 0, 1) + TOKENS.length * 86_400_000 + 1234, String(100 + TOKENS.length).slice(-3)),
    ...t,
  };
  TOKENS.push(full);
  registerAddress({ hash: t.address, isContract: true, isVerified: full.contractVerified, name: full.contractVerified ? t.name : null });
  return full;
}

/** The token object embedded in items (field order as eth.blockscout.com). */
export function tokenObject(t: TokenInfo): JsonObject {
  return {
    address: t.address,
    address_hash: t.address,
    circulating_market_cap: t.marketCap,
    decimals: t.decimals,
    exchange_rate: t.exchangeRate,
    holders: String(t.holders),
    holders_count: String(t.holders),
    icon_url: t.iconUrl,
    name: t.name,
    symbol: t.symbol,
    total_supply: t.totalSupply,
    type: t.type,
    volume_24h: t.volume24h,
  };
}

const USDC = defineToken({
  address: ADDR.usdc, name: 'USD Coin', symbol: 'USDC', type: 'ERC-20', decimals: '6', exchangeRate: '0.999878',
  holders: 2_512_887, totalSupply: '41234567890123456', marketCap: '41229535210.772', priority: 2, certified: true,
  adminVerified: true, iconUrl: 'https://assets.example.invalid/usdc.png', volume24h: '8123456789.12',
});
const USDT = defineToken({
  address: ADDR.usdt, name: 'Tether USD', symbol: 'USDT', type: 'ERC-20', decimals: '6', exchangeRate: '0.999773',
  holders: 7_004_211, totalSupply: '79787363485590599', marketCap: '164500894908.25583', priority: 2, certified: true,
  adminVerified: true, iconUrl: 'https://assets.example.invalid/usdt.png', volume24h: '41234567890.5',
});
const WETH = defineToken({
  address: ADDR.weth, name: 'Wrapped Ether', symbol: 'WETH', type: 'ERC-20', exchangeRate: '4273.59',
  holders: 3_120_004, totalSupply: '2871234567890123456789012', marketCap: '12270000000.1', priority: 1,
});
const LINK = defineToken({ address: makeAddress('token:link'), name: 'Chainlink Token', symbol: 'LINK', type: 'ERC-20', exchangeRate: '23.41', holders: 760_001, priority: 1 });
const UNI = defineToken({ address: makeAddress('token:uni'), name: 'Uniswap', symbol: 'UNI', type: 'ERC-20', exchangeRate: '10.12', holders: 390_210, priority: 1 });
const DAI = defineToken({ address: makeAddress('token:dai'), name: 'Dai Stablecoin', symbol: 'DAI', type: 'ERC-20', exchangeRate: '1.0002', holders: 560_400, priority: 1 });
const UNICODE = defineToken({ address: ADDR.unicodeToken, name: 'Ünïcødé Coin', symbol: 'ÜNI', type: 'ERC-20', holders: 41 });
/** Spam token: terminal title escape in the name, RTL override in the symbol, unverified, no price. */
const EVIL_TOKEN = defineToken({
  address: ADDR.evilToken, name: EVIL.name, symbol: EVIL.symbol, type: 'ERC-20', holders: 3, contractVerified: false,
  totalSupply: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
});

/** The token object of a token the fake knows, as items embed it (for route modules' own data). */
export function tokenJson(address: string): JsonObject {
  return tokenObject(tokenByAddress(address));
}

/**
 * 60 more USD-ish ERC-20 tokens so that `search?q=USD` needs two pages. Three naming styles: the
 * name contains "USD", only the symbol does ("Dollar Vault n" / vUSDn), or the name is lower case
 * ("rebased usd n") so matching must be case-insensitive.
 */
const USD_FILLERS: TokenInfo[] = [];
for (let n = 1; n <= 60; n++) {
  const style = n % 5 === 0 ? 'vault' : n % 7 === 0 ? 'lower' : 'bridged';
  USD_FILLERS.push(
    defineToken({
      address: makeAddress(`token:usd-${n}`),
      name: style === 'vault' ? `Dollar Vault ${n}` : style === 'lower' ? `rebased usd ${n}` : `Bridged USD ${n}`,
      symbol: style === 'vault' ? `vUSD${n}` : style === 'lower' ? `rUSD${n}` : `USD${n}.e`,
      type: 'ERC-20',
      decimals: n % 3 === 0 ? '6' : '18',
      holders: 90_000 - n * 1_000,
      exchangeRate: n <= 20 ? '1.0001' : null,
      marketCap: n <= 20 ? `${1_000_000 - n * 1_000}.5` : null,
      adminVerified: n % 4 === 1,
      contractVerified: n % 9 !== 0,
    }),
  );
}

const NFT721 = defineToken({ address: ADDR.nft721, name: 'Scout Punks', symbol: 'SPUNK', type: 'ERC-721', holders: 4_210, totalSupply: '10000' });
/** ERC-1155 like ENS NameWrapper: no symbol, no decimals, no total supply. */
const NFT1155 = defineToken({ address: ADDR.nft1155, name: 'Scout Items', symbol: null, type: 'ERC-1155', holders: 120_004 });
const ERC404 = defineToken({
  address: ADDR.erc404, name: 'Scout404', symbol: 'S404', type: 'ERC-404', decimals: '18', holders: 2_345,
  totalSupply: '10000000000000000000000', exchangeRate: null,
});

/** The token the fake knows at `address` (any case), with its token object as items embed it; null when none. */
export function knownToken(address: string): { info: TokenInfo; json: JsonObject } | null {
  const t = TOKENS.find((x) => x.address.toLowerCase() === address.toLowerCase());
  return t ? { info: t, json: tokenObject(t) } : null;
}

function tokenByAddress(address: string): TokenInfo {
  const t = TOKENS.find((x) => x.address.toLowerCase() === address.toLowerCase());
  if (!t) throw new Error(`fake data: unknown token ${address}`);
  return t;
}

/** A token instance object (NFT), as embedded in balances, transfers and collections. */
function tokenInstance(t: TokenInfo, id: string, opts: { embedToken: boolean; broken?: boolean }): JsonObject {
  const image = `https://nft.example.invalid/${t.address.toLowerCase()}/${id}.png`;
  return {
    animation_url: null,
    external_app_url: null,
    id,
    image_url: opts.broken ? null : image,
    is_unique: t.type === 'ERC-721' ? true : null,
    media_type: null,
    media_url: opts.broken ? null : image,
    // Real metadata is anything: sometimes only `{"error": "<url>"}`, attribute values of any type.
    metadata: opts.broken
      ? { error: `metadata.example.invalid/${id}` }
      : {
          attributes: [
            { trait_type: 'Background', value: id.length % 2 === 0 ? 'Blue' : 'Red' },
            { display_type: 'number', trait_type: 'Level', value: id.length },
            { display_type: 'date', trait_type: 'Minted', value: 1693841243000 },
          ],
          description: `${t.name ?? 'Token'} #${id}`,
          image,
          name: `${t.name ?? 'Token'} #${id}`,
        },
    owner: null,
    thumbnails: null,
    token: opts.embedToken ? tokenObject(t) : null,
  };
}

// ───────────────────────────────────────────────────────────────────────── list entries

/** A cursor value; RawJson for an integer too big for a number (a 78-digit token id), sent and compared as its text. */
export type CursorValue = string | number | null | RawJson;
export type Cursor = Record<string, CursorValue>;

/**
 * One item of a list endpoint: its JSON plus what filters and paging need. Lists are kept in the
 * server's canonical order; a cursor points at the canonical position of the last item it covers,
 * so page 2 is computed from the request's own filters (real keyset paging, filters not echoed).
 */
export interface ListEntry {
  json: JsonObject;
  /** Paging keys of this item (without items_count): the next cursor if it ends a page. */
  cursor: Cursor;
  /** Lower-case `from.hash` / `to.hash` for `filter=from|to` (null when the side is null). */
  from?: string | null;
  to?: string | null;
  /** For `type=` filters. */
  tokenType?: TokenType;
  /** Lower-case token contract address, for `token=`. */
  token?: string;
  /** Lower-case strings `q` is matched against (search). */
  searchText?: string[];
}

function lower(h: string | null): string | null {
  return h === null ? null : h.toLowerCase();
}

// ───────────────────────────────────────────────────────────────────────── transactions

export type TraceSpec = { kind: 'body'; body: Json } | { kind: 'error' };

export interface TxSpec {
  hash: string;
  /** null while pending. */
  block: number | null;
  position: number | null;
  from: string;
  to: string | null;
  createdContract: string | null;
  value: string;
  nonce: number;
  gasLimit: bigint;
  gasUsed: bigint;
  gasPrice: bigint;
  baseFee: bigint;
  status: 'ok' | 'error' | null;
  result: string;
  method: string | null;
  rawInput: string;
  decodedInput: Json;
  revertReason: Json;
  transactionTypes: string[];
  transfers: ListEntry[];
  confirmationDuration: Json;
  /** Chain-specific or deliberately odd fields appended after the standard ones. */
  extra: JsonObject;
  hasErrorInInternal: boolean;
  trace: TraceSpec;
}

export function txSpec(p: Partial<TxSpec> & Pick<TxSpec, 'hash' | 'block' | 'from' | 'to'>): TxSpec {
  const pending = p.block === null;
  const spec: TxSpec = {
    position: pending ? null : 0,
    createdContract: null,
    value: '0',
    nonce: 0,
    gasLimit: 60_000n,
    gasUsed: 21_000n,
    gasPrice: 392_347_649n,
    baseFee: 392_347_649n,
    status: pending ? null : 'ok',
    result: pending ? 'pending' : 'success',
    method: null,
    rawInput: '0x',
    decodedInput: null,
    revertReason: null,
    transactionTypes: ['coin_transfer'],
    transfers: [],
    confirmationDuration: pending ? [] : [0, 12000],
    extra: {},
    hasErrorInInternal: false,
    trace: { kind: 'body', body: [] },
    ...p,
  };
  if (!p.trace) spec.trace = { kind: 'body', body: defaultTrace(spec) };
  return spec;
}

/** The transaction object; `list` items have `token_transfers: null` like the real list endpoints. */
export function txObject(t: TxSpec, view: 'full' | 'list'): JsonObject {
  const pending = t.block === null;
  const inline = t.transfers.slice(0, 10).map((e) => e.json);
  return {
    priority_fee: pending ? null : String(t.gasUsed * (t.gasPrice - t.baseFee)),
    raw_input: t.rawInput,
    result: t.result,
    hash: t.hash,
    max_fee_per_gas: String(t.gasPrice + 1_000_000_000n),
    revert_reason: t.revertReason,
    confirmation_duration: t.confirmationDuration,
    transaction_burnt_fee: pending ? null : String(t.gasUsed * t.baseFee),
    type: 2,
    token_transfers_overflow: view === 'list' ? null : t.transfers.length > 10,
    confirmations: pending ? 0 : HEAD_BLOCK - (t.block ?? 0) + 1,
    position: t.position,
    max_priority_fee_per_gas: '0',
    transaction_tag: null,
    created_contract: t.createdContract === null ? null : addressObject(t.createdContract),
    value: t.value,
    from: addressObject(t.from),
    gas_used: pending ? null : String(t.gasUsed),
    status: t.status,
    to: t.to === null ? null : addressObject(t.to),
    authorization_list: [],
    method: t.method,
    fee: pending
      ? { type: 'maximum', value: String(t.gasLimit * (t.gasPrice + 1_000_000_000n)) }
      : { type: 'actual', value: String(t.gasUsed * t.gasPrice) },
    actions: [],
    gas_limit: String(t.gasLimit),
    gas_price: String(t.gasPrice),
    decoded_input: t.decodedInput,
    token_transfers: view === 'list' ? null : inline,
    base_fee_per_gas: pending ? null : String(t.baseFee),
    timestamp: t.block === null ? null : blockTime(t.block),
    nonce: t.nonce,
    historic_exchange_rate: pending ? null : '4272.89',
    transaction_types: t.transactionTypes,
    exchange_rate: '4273.59',
    block_number: t.block,
    has_error_in_internal_transactions: t.hasErrorInInternal,
    ...t.extra,
  };
}

function txListEntry(t: TxSpec): ListEntry {
  return {
    json: txObject(t, 'list'),
    // Real address-transactions cursor; a pending tx gives `block_number: null, index: null`.
    cursor: { block_number: t.block, index: t.position },
    from: lower(t.from),
    to: lower(t.to),
  };
}

const hexq = (n: bigint | number): string => `0x${BigInt(n).toString(16)}`;

/** Raw trace for an ordinary transaction: one Parity root frame (create frame for creations). */
function defaultTrace(t: TxSpec): Json {
  if (t.block === null) return []; // pending: the node has nothing yet
  if (t.to === null) {
    return [
      {
        action: { from: t.from.toLowerCase(), gas: hexq(t.gasLimit - 53_000n), init: '0x6080604052348015600f57600080fd5b50', value: hexq(BigInt(t.value)) },
        result: { address: (t.createdContract ?? ADDR.created).toLowerCase(), code: '0x6080604052', gasUsed: hexq(t.gasUsed - 53_000n) },
        subtraces: 0,
        traceAddress: [],
        type: 'create',
      },
    ];
  }
  return [
    {
      action: { callType: 'call', from: t.from.toLowerCase(), gas: hexq(t.gasLimit - 21_000n), input: t.rawInput, to: t.to.toLowerCase(), value: hexq(BigInt(t.value)) },
      ...(t.status === 'error' ? { error: 'Reverted' } : { result: { gasUsed: hexq(t.gasUsed - 21_000n), output: '0x' } }),
      subtraces: 0,
      traceAddress: [],
      type: 'call',
    },
  ];
}

/** The address of ScoutPair, the fake's contract with tuples, overloads and a custom error (EVM.pair of fake/evm.ts). */
export const PAIR_ADDRESS = makeAddress('contract:pair');

/** The amounts TX.decodedTrace's calls carry. */
export const DECODED_TRACE = { quote: 1000n, quoted: 997n, balance: 2_500_000_123n, withdraw: 5000n, available: 1000n, transfer: 1_500_000n } as const;

/** TX.decodedTrace: a router (proxy) quoting, reading a balance and reserves, paying, and a withdraw that reverts. */
function decodedTraceTx(rich: string): TxSpec {
  const fn = (sig: string) => AbiFunction.from(sig as 'function f()');
  const quote = fn('function quote(uint256 amount) view returns (uint256)');
  const balanceOf = fn('function balanceOf(address account) view returns (uint256)');
  const getReserves = fn('function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)');
  const transfer = fn('function transfer(address to, uint256 value) returns (bool)');
  const withdraw = fn('function withdraw(uint256 amount) returns (bool)');
  const router = ADDR.contract.toLowerCase();
  const call = (type: string, to: string, f: AbiFunction.AbiFunction, args: readonly unknown[], out: unknown, extra: JsonObject = {}): JsonObject => ({
    type, from: router, to: to.toLowerCase(), gas: '0x2710', gasUsed: '0x1388', input: AbiFunction.encodeData(f, args as never),
    ...(out === undefined ? {} : { output: AbiFunction.encodeResult(f, out as never) }), ...extra,
  });
  const reverted = AbiError.encode(AbiError.from('error InsufficientBalance(uint256 available, uint256 required)'), [DECODED_TRACE.available, DECODED_TRACE.withdraw]);
  const body: JsonObject = {
    ...call('CALL', ADDR.contract, quote, [DECODED_TRACE.quote], DECODED_TRACE.quoted),
    from: rich.toLowerCase(), value: '0x0', gas: '0x3d090', gasUsed: '0x1f3a2',
    calls: [
      call('STATICCALL', ADDR.usdc, balanceOf, [rich], DECODED_TRACE.balance),
      call('STATICCALL', PAIR_ADDRESS, getReserves, [], [2n ** 112n - 1n, 7n, 1_754_000_000]),
      { type: 'STATICCALL', from: router, to: ORACLE.toLowerCase(), gas: '0x2710', gasUsed: '0x1388', input: '0xfeaf968c', output: `0x${'0'.repeat(62)}2a` },
      call('CALL', ADDR.usdc, transfer, [ADDR.counterparty, DECODED_TRACE.transfer], true, { value: '0x0' }),
      { ...call('CALL', PAIR_ADDRESS, withdraw, [DECODED_TRACE.withdraw], undefined, { value: '0x0' }), output: reverted, error: 'execution reverted' },
    ],
  };
  return txSpec({
    hash: TX.decodedTrace, block: HEAD_BLOCK - 34, position: 4, from: rich, to: ADDR.contract, nonce: 632,
    gasLimit: 300_000n, gasUsed: 127_906n, method: 'quote', rawInput: String(body.input),
    transactionTypes: ['contract_call'], hasErrorInInternal: true, trace: { kind: 'body', body },
  });
}

/** ABI encoding of `Error(string)`, the usual revert payload. */
function errorStringPayload(message: string): string {
  const data = Buffer.from(message, 'utf8').toString('hex');
  const padded = data.padEnd(Math.ceil(data.length / 64) * 64 || 64, '0');
  return `0x08c379a0${(32).toString(16).padStart(64, '0')}${message.length.toString(16).padStart(64, '0')}${padded}`;
}

// ───────────────────────────────────────────────────────────────────────── token transfers

interface TransferArgs {
  txHash: string;
  block: number;
  logIndex: number;
  from: string;
  to: string;
  token: TokenInfo;
  kind: 'plain' | 'null-total' | 'erc404-fungible' | 'erc404-nft';
  rng: Rng;
  type?: 'token_transfer' | 'token_minting' | 'token_burning' | 'token_spawning';
  method?: string | null;
}

/** A token transfer item; `total` takes the real per-type shapes. */
function transferEntry(a: TransferArgs): ListEntry {
  const t = a.token;
  let total: Json;
  if (a.kind === 'null-total') total = null;
  else if (t.type === 'ERC-20' || a.kind === 'erc404-fungible') {
    total = { decimals: t.decimals, value: a.rng.digits(t.decimals === '6' ? 9 : 19) };
    if (a.kind === 'erc404-fungible') total = { decimals: t.decimals, token_id: null, value: a.rng.digits(21) };
  } else if (t.type === 'ERC-721' || a.kind === 'erc404-nft') {
    const id = String(a.rng.int(1, 9999));
    total = { token_id: id, token_instance: tokenInstance(t, id, { embedToken: true }) };
  } else {
    // ERC-1155: huge ids like ENS NameWrapper's, value a string, decimals null.
    const id = a.rng.digits(a.rng.int(1, 3) === 1 ? 3 : 77);
    total = { decimals: null, token_id: id, token_instance: tokenInstance(t, id, { embedToken: true, broken: id.length > 10 }), value: String(a.rng.int(1, 42)) };
  }
  const type =
    a.type ?? (a.from === ADDR.zero ? 'token_minting' : a.to === ADDR.zero ? 'token_burning' : 'token_transfer');
  return {
    json: {
      block_hash: blockHash(a.block),
      block_number: a.block,
      from: addressObject(a.from),
      log_index: a.logIndex,
      method: a.method === undefined ? (t.type === 'ERC-20' ? 'transfer' : 'safeTransferFrom') : a.method,
      timestamp: blockTime(a.block),
      to: addressObject(a.to),
      token: tokenObject(t),
      token_type: t.type,
      total,
      transaction_hash: a.txHash,
      type,
    },
    cursor: { block_number: a.block, index: a.logIndex },
    from: lower(a.from),
    to: lower(a.to),
    tokenType: t.type,
    token: t.address.toLowerCase(),
  };
}

// ───────────────────────────────────────────────────────────────────────── the dataset

export interface AddressLists {
  transactions: ListEntry[];
  tokenTransfers: ListEntry[];
  internalTransactions: ListEntry[];
  tokens: ListEntry[];
  nftCollections: ListEntry[];
  withdrawals: ListEntry[];
}

export interface TxRecord {
  json: JsonObject;
  tokenTransfers: ListEntry[];
  trace: TraceSpec;
}

export interface Dataset {
  /** Keyed by lower-case address. Addresses not in the map have empty lists. */
  addresses: Map<string, AddressLists>;
  /** Keyed by lower-case hash. */
  transactions: Map<string, TxRecord>;
  /** Every token, in the search endpoint's order (priority, holders). */
  searchTokens: ListEntry[];
  blocks: ListEntry[];
  stats: JsonObject;
  networks: JsonObject[];
}

function emptyLists(): AddressLists {
  return { transactions: [], tokenTransfers: [], internalTransactions: [], tokens: [], nftCollections: [], withdrawals: [] };
}

/** Canonical positions (0-based) of the rich address's pending transactions: they end page 1. */
export const RICH_PENDING_POSITIONS: readonly number[] = [47, 48, 49];

function buildDataset(): Dataset {
  const addresses = new Map<string, AddressLists>();
  const transactions = new Map<string, TxRecord>();
  const listsOf = (a: string): AddressLists => {
    const key = a.toLowerCase();
    let l = addresses.get(key);
    if (!l) addresses.set(key, (l = emptyLists()));
    return l;
  };
  const addTx = (t: TxSpec): TxSpec => {
    transactions.set(t.hash.toLowerCase(), { json: txObject(t, 'full'), tokenTransfers: t.transfers, trace: t.trace });
    return t;
  };

  const rich = ADDR.rich;
  const rng = new Rng('rich');

  // ── special transactions of the rich address (canonical positions 0..7, page 1)
  const okBlock = HEAD_BLOCK - 2;
  const okTransfers = [
    transferEntry({ txHash: TX.ok, block: okBlock, logIndex: 12, from: rich, to: POOL, token: USDC, kind: 'plain', rng, method: 'swapExactTokensForTokens' }),
    transferEntry({ txHash: TX.ok, block: okBlock, logIndex: 11, from: POOL, to: rich, token: WETH, kind: 'plain', rng, method: 'swapExactTokensForTokens' }),
    transferEntry({ txHash: TX.ok, block: okBlock, logIndex: 10, from: ADDR.zero, to: rich, token: NFT721, kind: 'plain', rng, method: 'swapExactTokensForTokens' }),
  ];
  const special: Record<number, TxSpec> = {
    0: txSpec({
      hash: TX.ok, block: okBlock, position: 17, from: rich, to: ADDR.contract, nonce: 640,
      gasLimit: 250_000n, gasUsed: 151_224n, method: 'swapExactTokensForTokens',
      rawInput: `0x38ed1739${'0'.repeat(56)}05f5e100${'0'.repeat(64)}`,
      decodedInput: {
        method_call: 'swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
        method_id: '38ed1739',
        parameters: [
          { name: 'amountIn', type: 'uint256', value: '100000000' },
          { name: 'amountOutMin', type: 'uint256', value: '23123456789012345' },
          { name: 'path', type: 'address[]', value: [ADDR.usdc, ADDR.weth] },
          { name: 'to', type: 'address', value: rich },
          { name: 'deadline', type: 'uint256', value: '1754904779' },
        ],
      },
      transactionTypes: ['contract_call', 'token_transfer'],
      transfers: okTransfers,
      // Real OP-stack / Base quirk: a float in exponent notation.
      confirmationDuration: [0, new RawJson('2.0e3')],
    }),
    1: txSpec({
      hash: TX.failed, block: HEAD_BLOCK - 6, position: 3, from: rich, to: ADDR.contract, nonce: 639,
      gasLimit: 300_000n, gasUsed: 48_913n, status: 'error', result: 'execution reverted', method: 'execute',
      rawInput: `0x3593564c${'0'.repeat(64)}`, transactionTypes: ['contract_call'],
      revertReason: { raw: errorStringPayload('Too little received') }, hasErrorInInternal: true,
    }),
    2: txSpec({
      hash: TX.creation, block: HEAD_BLOCK - 10, position: 44, from: rich, to: null, createdContract: ADDR.created,
      nonce: 638, gasLimit: 1_500_000n, gasUsed: 1_203_118n, rawInput: '0x6080604052348015600f57600080fd5b50',
      transactionTypes: ['contract_creation'],
    }),
    3: txSpec({
      hash: TX.overflow, block: HEAD_BLOCK - 14, position: 6, from: rich, to: ADDR.contract, nonce: 637,
      gasLimit: 1_178_783n, gasUsed: 617_881n, method: '0x00000186', rawInput: `0x00000186${'0'.repeat(64)}`,
      transactionTypes: ['contract_call', 'token_transfer'],
    }),
    4: txSpec({
      hash: TX.quirky, block: HEAD_BLOCK - 18, position: 0, from: rich, to: COUNTERPARTIES[2] ?? rich, nonce: 636,
      value: '10000000000000000', gasLimit: 90_000n, gasUsed: 51_000n, transactionTypes: ['coin_transfer', 'token_transfer'],
      confirmationDuration: [0, new RawJson('2.0e3')],
      // Chain-specific extras appear on some chains; these are deliberately awkward JSON numbers.
      extra: { l1_gas_used_raw: new RawJson('123456789012345678901234567890'), l1_fee_scalar_raw: new RawJson('1.0') },
    }),
    5: txSpec({
      hash: TX.parityTrace, block: HEAD_BLOCK - 22, position: 9, from: rich, to: ADDR.contract, nonce: 635,
      gasLimit: 250_000n, gasUsed: 173_553n, method: 'multicall', rawInput: `0xac9650d8${'0'.repeat(64)}`,
      transactionTypes: ['contract_call'], hasErrorInInternal: true,
    }),
    6: txSpec({
      hash: TX.gethTrace, block: HEAD_BLOCK - 26, position: 2, from: rich, to: ADDR.contract, nonce: 634,
      gasLimit: 250_000n, gasUsed: 127_906n, method: 'execute', rawInput: `0x3593564c${'1'.repeat(64)}`,
      transactionTypes: ['contract_call'], hasErrorInInternal: true,
    }),
    7: txSpec({
      hash: TX.traceError, block: HEAD_BLOCK - 30, position: 1, from: rich, to: ADDR.contract, nonce: 633,
      gasLimit: 100_000n, gasUsed: 46_000n, method: 'approve', rawInput: `0x095ea7b3${'2'.repeat(64)}`,
      transactionTypes: ['contract_call'], trace: { kind: 'error' },
    }),
  };
  // TX.quirky carries the hostile token inline.
  const quirky = special[4];
  if (quirky) {
    quirky.transfers = [
      transferEntry({ txHash: TX.quirky, block: HEAD_BLOCK - 18, logIndex: 0, from: rich, to: at(COUNTERPARTIES, 2), token: EVIL_TOKEN, kind: 'plain', rng }),
    ];
  }

  // Parity-style flat trace, depth-first, traceAddress depth 3; frame [1] failed (error, no result).
  const parity = special[5];
  if (parity) {
    const r = rich.toLowerCase();
    const router = ADDR.contract.toLowerCase();
    const usdc = ADDR.usdc.toLowerCase();
    const impl = ADDR.contractImpl.toLowerCase();
    const oracle = ORACLE.toLowerCase();
    const pool = POOL.toLowerCase();
    parity.trace = {
      kind: 'body',
      body: [
        { action: { callType: 'call', from: r, gas: '0x3b3a8', input: '0xac9650d8', to: router, value: '0x0' }, result: { gasUsed: '0x22121', output: '0x' }, subtraces: 3, traceAddress: [], type: 'call' },
        { action: { callType: 'call', from: router, gas: '0x30d40', input: '0x23b872dd', to: usdc, value: '0x0' }, result: { gasUsed: '0x9c40', output: `0x${'0'.repeat(63)}1` }, subtraces: 1, traceAddress: [0], type: 'call' },
        { action: { callType: 'delegatecall', from: usdc, gas: '0x2ee00', input: '0x23b872dd', to: impl, value: '0x0' }, result: { gasUsed: '0x7530', output: `0x${'0'.repeat(63)}1` }, subtraces: 1, traceAddress: [0, 0], type: 'call' },
        { action: { callType: 'staticcall', from: impl, gas: '0x2710', input: '0xfeaf968c', to: oracle, value: '0x0' }, result: { gasUsed: '0x1388', output: `0x${'0'.repeat(62)}2a` }, subtraces: 0, traceAddress: [0, 0, 0], type: 'call' },
        { action: { callType: 'call', from: router, gas: '0x186a0', input: '0x022c0d9f', to: pool, value: '0x0' }, error: 'Reverted', subtraces: 0, traceAddress: [1], type: 'call' },
        { action: { from: router, gas: '0xc350', init: '0x6080604052348015600f57600080fd5b50', value: '0x0' }, result: { address: ADDR.created.toLowerCase(), code: '0x6080604052', gasUsed: '0x8ca0' }, subtraces: 0, traceAddress: [2], type: 'create' },
      ],
    };
  }
  // Geth callTracer: one nested object; the second child reverted.
  const geth = special[6];
  if (geth) {
    geth.trace = {
      kind: 'body',
      body: {
        type: 'CALL', from: rich.toLowerCase(), to: ADDR.contract.toLowerCase(), value: '0x0', gas: '0x3d090', gasUsed: '0x1f3a2',
        input: '0x3593564c', output: '0x',
        calls: [
          {
            type: 'DELEGATECALL', from: ADDR.contract.toLowerCase(), to: ADDR.contractImpl.toLowerCase(), gas: '0x35b60', gasUsed: '0x9c40',
            input: '0x3593564c', output: '0x',
            calls: [
              { type: 'STATICCALL', from: ADDR.contractImpl.toLowerCase(), to: ORACLE.toLowerCase(), gas: '0x2710', gasUsed: '0x1388', input: '0xfeaf968c', output: `0x${'0'.repeat(62)}2a` },
            ],
          },
          {
            type: 'CALL', from: ADDR.contract.toLowerCase(), to: POOL.toLowerCase(), value: '0x2386f26fc10000', gas: '0x186a0', gasUsed: '0x5208',
            input: '0x022c0d9f', output: errorStringPayload('Too little received'), error: 'execution reverted', revertReason: 'Too little received',
          },
        ],
      },
    };
  }

  // TX.overflow: 65 transfers in one block (10 inline + overflow flag); mostly ERC-20, every 5th ERC-1155.
  const overflow = special[3];
  if (overflow && overflow.block !== null) {
    const orng = new Rng('overflow');
    for (let k = 0; k < 65; k++) {
      const tok = k % 5 === 4 ? NFT1155 : at(USD_FILLERS, k % USD_FILLERS.length);
      overflow.transfers.push(
        transferEntry({ txHash: TX.overflow, block: overflow.block, logIndex: 300 - k, from: ADDR.contract, to: at(COUNTERPARTIES, k % COUNTERPARTIES.length), token: tok, kind: 'plain', rng: orng, method: null }),
      );
    }
  }

  // ── the rich address's 120 transactions, in canonical (server) order
  const richTxs: TxSpec[] = [];
  for (let i = 0; i < 120; i++) {
    const s = special[i];
    if (s) {
      richTxs.push(s);
      continue;
    }
    const cp = at(COUNTERPARTIES, i % COUNTERPARTIES.length);
    const cd: Json = i % 7 === 0 ? [0, new RawJson('2.0e3')] : [0, 12000];
    if (RICH_PENDING_POSITIONS.includes(i)) {
      // Pending ones sit at the end of page 1 so that page 1's cursor is `block_number: null, index: null`.
      richTxs.push(txSpec({ hash: makeHash(`rich-tx:${i}`), block: null, from: rich, to: cp, value: rng.digits(17), nonce: 700 - i, gasPrice: 2_000_000_000n }));
      continue;
    }
    const block = HEAD_BLOCK - 2 - i * 4;
    const position = (i * 29 + 7) % 180;
    const base = { hash: makeHash(`rich-tx:${i}`), block, position, confirmationDuration: cd, value: rng.digits(16 + (i % 4)) };
    if (i % 10 === 0) {
      // Self-transfer: shows under both filter=to and filter=from.
      richTxs.push(txSpec({ ...base, from: rich, to: rich, nonce: 700 - i }));
    } else if (i % 3 === 2) {
      richTxs.push(txSpec({ ...base, from: cp, to: rich, nonce: 10_000 + i }));
    } else if (i === 33) {
      richTxs.push(txSpec({ ...base, from: rich, to: ADDR.contract, nonce: 700 - i, status: 'error', result: 'out of gas', gasUsed: 60_000n, method: '0xa9059cbb', rawInput: `0xa9059cbb${'0'.repeat(64)}`, transactionTypes: ['contract_call'], value: '0' }));
    } else if (i % 4 === 1) {
      richTxs.push(txSpec({ ...base, from: rich, to: cp, nonce: 700 - i, method: 'approve', rawInput: `0x095ea7b3${'0'.repeat(64)}`, gasUsed: 46_109n, transactionTypes: ['contract_call'], value: '0' }));
    } else {
      richTxs.push(txSpec({ ...base, from: rich, to: cp, nonce: 700 - i }));
    }
  }
  for (const t of richTxs) addTx(t);
  listsOf(rich).transactions = richTxs.map(txListEntry);

  // ── 75 token transfers of the rich address (each in its own registered transaction)
  const trng = new Rng('rich-transfers');
  const ERC20_CYCLE = [USDC, WETH, USDT, EVIL_TOKEN, DAI, at(USD_FILLERS, 0), LINK, UNICODE];
  const transfers: ListEntry[] = [];
  for (let k = 0; k < 75; k++) {
    const slot = k % 25;
    const block = HEAD_BLOCK - 5 - k * 7;
    const logIndex = (k * 13) % 400 + 1;
    const outgoing = k % 2 === 0;
    const cp = at(COUNTERPARTIES, (k * 3) % COUNTERPARTIES.length);
    const txHash = makeHash(`rich-transfer-tx:${k}`);
    let entry: ListEntry;
    if (slot < 15) {
      const tok = at(ERC20_CYCLE, k % ERC20_CYCLE.length);
      entry = transferEntry({ txHash, block, logIndex, from: outgoing ? rich : cp, to: outgoing ? cp : rich, token: tok, kind: 'plain', rng: trng, method: k % 6 === 5 ? null : undefined });
    } else if (slot < 19) {
      // ERC-721; one is a mint, one has `total: null` (real: total can be null).
      const mint = slot === 16;
      entry = transferEntry({ txHash, block, logIndex, from: mint ? ADDR.zero : outgoing ? rich : cp, to: mint ? rich : outgoing ? cp : rich, token: NFT721, kind: k === 40 ? 'null-total' : 'plain', rng: trng });
    } else if (slot < 23) {
      const burn = slot === 22;
      entry = transferEntry({ txHash, block, logIndex, from: burn ? rich : outgoing ? rich : cp, to: burn ? ADDR.zero : outgoing ? cp : rich, token: NFT1155, kind: 'plain', rng: trng, method: '0x8062f732' });
    } else {
      entry = transferEntry({
        txHash, block, logIndex, from: slot === 23 ? cp : ADDR.erc404, to: rich, token: ERC404,
        kind: slot === 23 ? 'erc404-fungible' : 'erc404-nft', rng: trng, type: slot === 23 ? 'token_transfer' : 'token_spawning',
      });
    }
    transfers.push(entry);
    const txFrom = entry.from === rich.toLowerCase() ? rich : cp;
    addTx(txSpec({
      hash: txHash, block, position: logIndex % 150, from: txFrom, to: tokenByAddress(entry.token ?? ADDR.usdc).address,
      nonce: 1000 + k, gasUsed: 65_000n, method: entry.json['method'] === null ? null : String(entry.json['method'] ?? 'transfer'),
      transactionTypes: ['contract_call', 'token_transfer'], transfers: [entry],
    }));
  }
  listsOf(rich).tokenTransfers = transfers;

  // ── 60 internal transactions, one per mined rich transaction from position 8 on
  const irng = new Rng('rich-internal');
  const parents = richTxs.slice(8).filter((t) => t.block !== null).slice(0, 60);
  const created2 = registerAddress({ hash: makeAddress('created-2'), isContract: true, isVerified: false });
  listsOf(rich).internalTransactions = parents.map((p, m): ListEntry => {
    const kind = m % 6;
    const cp = at(COUNTERPARTIES, m % COUNTERPARTIES.length);
    const index = 1 + (m % 3);
    const [type, from, to, created, error]: [string, string, string | null, string | null, string | null] =
      kind === 0 ? ['call', ADDR.contract, rich, null, null]
      : kind === 1 ? ['call', rich, cp, null, null]
      : kind === 2 ? ['delegatecall', rich, ADDR.contractImpl, null, null]
      : kind === 3 ? ['create2', rich, null, created2, null]
      : kind === 4 ? ['call', cp, rich, null, 'Reverted']
      : ['selfdestruct', created2, rich, null, null];
    const block = p.block ?? 0;
    const position = p.position ?? 0;
    return {
      json: {
        block_index: position * 10 + index,
        block_number: block,
        created_contract: created === null ? null : addressObject(created),
        error,
        from: addressObject(from),
        gas_limit: String(irng.int(2_000, 900_000)),
        index,
        success: error === null,
        timestamp: blockTime(block),
        to: to === null ? null : addressObject(to),
        transaction_hash: p.hash,
        transaction_index: position,
        type,
        value: type === 'delegatecall' || type === 'staticcall' ? '0' : irng.digits(15),
      },
      cursor: { block_number: block, index, transaction_index: position },
      from: lower(from),
      to: lower(to),
    };
  });

  // ── 55 withdrawals (address endpoint: no `receiver`)
  const wrng = new Rng('rich-withdrawals');
  listsOf(rich).withdrawals = Array.from({ length: 55 }, (_, w): ListEntry => {
    const block = HEAD_BLOCK - 100 - w * 40;
    const index = 123_609_407 - w * 3;
    return {
      json: { amount: `16${wrng.digits(15)}`, block_number: block, index, timestamp: blockTime(block), validator_index: 763_318 - (w % 6) },
      cursor: { index },
    };
  });

  // ── 55 token balances: 40 ERC-20, 8 ERC-721, 5 ERC-1155, 2 ERC-404
  const brng = new Rng('rich-balances');
  interface Balance { entry: ListEntry; fiat: number | null; value: bigint; id: number }
  const balances: Balance[] = [];
  let balanceId = 5_000;
  const addBalance = (t: TokenInfo, value: string, tokenId: string | null): void => {
    const id = balanceId++;
    const rate = t.exchangeRate === null ? null : Number(t.exchangeRate);
    const fiat = rate === null || t.decimals === null ? null : (Number(value) / 10 ** Number(t.decimals)) * rate;
    balances.push({
      entry: {
        json: {
          token: tokenObject(t),
          token_id: tokenId,
          token_instance: tokenId === null ? null : tokenInstance(t, tokenId, { embedToken: true, broken: tokenId.length > 30 }),
          value,
        },
        // Real cursor: fiat_value (decimal string or null), value (string), id (int).
        cursor: { fiat_value: fiat === null ? null : fiat.toFixed(6), id, value },
        tokenType: t.type,
        token: t.address.toLowerCase(),
      },
      fiat,
      value: BigInt(value),
      id,
    });
  };
  for (const t of [USDC, USDT, WETH, LINK, UNI, DAI, UNICODE, EVIL_TOKEN, ...USD_FILLERS.slice(0, 32)]) {
    addBalance(t, brng.digits(t.decimals === '6' ? brng.int(5, 10) : brng.int(16, 23)), null);
  }
  for (let n = 0; n < 8; n++) addBalance(NFT721, '1', String(100 + n * 397));
  for (let n = 0; n < 5; n++) addBalance(NFT1155, String(brng.int(1, 5)), n % 2 === 0 ? brng.digits(77) : String(n + 1));
  addBalance(ERC404, '2500000000000000000', null);
  addBalance(ERC404, '1', '7341');
  // Server order: fiat value desc (nulls last), then value desc, then id desc.
  balances.sort((a, b) => {
    if (a.fiat !== b.fiat) {
      if (a.fiat === null) return 1;
      if (b.fiat === null) return -1;
      return b.fiat - a.fiat;
    }
    if (a.value !== b.value) return a.value > b.value ? -1 : 1;
    return b.id - a.id;
  });
  listsOf(rich).tokens = balances.map((b) => b.entry);

  // ── 3 NFT collections (one page)
  const collection = (t: TokenInfo, ids: string[], values: string[]): ListEntry => ({
    json: {
      amount: String(ids.length),
      token: tokenObject(t),
      token_instances: ids.map((id, n) => ({ ...tokenInstance(t, id, { embedToken: false, broken: n === 1 }), token_type: t.type, value: values[n] ?? '1' })),
    },
    cursor: { token_contract_address_hash: t.address, token_type: t.type },
    tokenType: t.type,
    token: t.address.toLowerCase(),
  });
  listsOf(rich).nftCollections = [
    collection(NFT721, Array.from({ length: 8 }, (_, n) => String(100 + n * 397)), []),
    collection(NFT1155, ['1', '3', '80150964086159950173205574815354476552587982015634789657175307108395227874122'], ['2', '1', '1']),
    collection(ERC404, ['7341'], ['1']),
  ];

  // ── a blob transaction and two that made beacon deposits, in no address's list (their own routes: fake/txdepth.ts)
  addTx(txSpec({
    hash: TX.blob, block: HEAD_BLOCK - 4, position: 1, from: ADDR.counterparty, to: registerAddress({ hash: makeAddress('rollup-inbox'), name: null }),
    nonce: 12, gasLimit: 21_000n, transactionTypes: ['blob_transaction'],
    extra: { type: 3, blob_versioned_hashes: [...BLOB_HASHES], blob_gas_used: '262144', blob_gas_price: '1500000000', max_fee_per_blob_gas: '3000000000', burnt_blob_fee: '393216000000000' },
  }));
  registerAddress({ hash: DEPOSIT_CONTRACT, isContract: true, isVerified: true, name: 'DepositContract' });
  addTx(txSpec({
    hash: TX.deposit, block: HEAD_BLOCK - 7, position: 4, from: ADDR.counterparty, to: DEPOSIT_CONTRACT, value: '32000000000000000000',
    nonce: 3, gasLimit: 60_000n, gasUsed: 52_341n, method: 'deposit', rawInput: `0x22895118${'0'.repeat(64)}`, transactionTypes: ['contract_call'],
  }));
  addTx(txSpec({
    hash: TX.batchDeposit, block: HEAD_BLOCK - 3, position: 2, from: rich, to: registerAddress({ hash: makeAddress('batch-depositor'), isContract: true, isVerified: true, name: 'BatchDeposit' }),
    value: '1760000000000000000000', nonce: 700, gasLimit: 3_000_000n, gasUsed: 2_412_000n, method: 'batchDeposit', rawInput: `0xc82655b7${'0'.repeat(64)}`, transactionTypes: ['contract_call'],
  }));

  // ── TX.pending and the pending address
  const pendingTxs = [
    txSpec({ hash: TX.pending, block: null, from: ADDR.pending, to: ADDR.counterparty, value: '1000000000000000000', nonce: 27_831, gasPrice: 48_000_000_000n }),
    txSpec({ hash: makeHash('pending-2'), block: null, from: ADDR.pending, to: ADDR.contract, nonce: 27_832, gasPrice: 48_000_000_000n, method: '0xfa4b78b9', rawInput: `0xfa4b78b9${'0'.repeat(64)}`, transactionTypes: ['contract_call'] }),
  ];
  for (const t of pendingTxs) addTx(t);
  listsOf(ADDR.pending).transactions = pendingTxs.map(txListEntry);

  // ── TX.decodedTrace: calls a decoder can read with the callees' verified ABIs
  addTx(decodedTraceTx(rich));

  // ── the flaky address: 3 ordinary transactions behind one 429 per path
  const flakyTxs = [0, 1, 2].map((n) => txSpec({ hash: makeHash(`flaky:${n}`), block: HEAD_BLOCK - 500 - n, position: n, from: ADDR.flaky, to: ADDR.counterparty, value: '1000', nonce: 3 - n }));
  for (const t of flakyTxs) addTx(t);
  listsOf(ADDR.flaky).transactions = flakyTxs.map(txListEntry);

  // ── an ERC-4337 bundle (its user operations: fake/aa-data.ts)
  addTx(txSpec({
    hash: TX.bundle, block: HEAD_BLOCK - 40, position: 4, from: AA_ADDR.bundler, to: AA_ADDR.entryPoint, nonce: 91,
    gasLimit: 900_000n, gasUsed: 412_377n, method: 'handleOps', rawInput: `0x765e827f${'0'.repeat(64)}`,
    transactionTypes: ['contract_call'],
  }));

  // ── withdrawals for the loop / empty-cursor addresses (server adds the odd paging)
  const withdrawal = (w: number): ListEntry => {
    const block = HEAD_BLOCK - 1000 - w;
    return { json: { amount: '16852140000000000', block_number: block, index: 900_000 - w, timestamp: blockTime(block), validator_index: 1000 + w }, cursor: { index: 900_000 - w } };
  };
  listsOf(ADDR.loop).withdrawals = Array.from({ length: 60 }, (_, w) => withdrawal(w));
  listsOf(ADDR.emptyCursor).withdrawals = Array.from({ length: 3 }, (_, w) => withdrawal(w));

  // ── search: every token, ordered like the search endpoint (priority desc, holders desc, name)
  const searchTokens = [...TOKENS]
    .sort((a, b) => b.priority - a.priority || b.holders - a.holders || (a.name ?? '').localeCompare(b.name ?? ''))
    .map((t): ListEntry => ({
      json: {
        address: t.address,
        address_hash: t.address,
        address_url: `/address/${t.address}`,
        certified: t.certified,
        circulating_market_cap: t.marketCap,
        exchange_rate: t.exchangeRate,
        icon_url: t.iconUrl,
        is_smart_contract_verified: t.contractVerified,
        is_verified_via_admin_panel: t.adminVerified,
        name: t.name,
        priority: t.priority,
        symbol: t.symbol,
        token_type: t.type,
        token_url: `/token/${t.address}`,
        total_supply: t.totalSupply,
        type: 'token',
      },
      // The real search cursor: bracketed keys, booleans as strings, nulls, no items_count.
      cursor: {
        next_page_params_type: 'search',
        'token[circulating_market_cap]': t.marketCap,
        'token[fiat_value]': null,
        'token[holder_count]': String(t.holders),
        'token[holders_count]': String(t.holders),
        'token[inserted_at]': t.insertedAt,
        'token[is_verified_via_admin_panel]': t.adminVerified ? 'true' : 'false',
        'token[name]': t.name,
      },
      tokenType: t.type,
      token: t.address.toLowerCase(),
      searchText: [t.name ?? '', t.symbol ?? ''].map((s) => s.toLowerCase()),
    }));

  // ── 75 blocks for /api/v2/blocks
  const krng = new Rng('blocks');
  const blocks = Array.from({ length: 75 }, (_, n): ListEntry => {
    const height = HEAD_BLOCK - n;
    const gasUsed = krng.int(8_000_000, 29_000_000);
    return {
      json: {
        base_fee_per_gas: String(392_347_649 + n),
        burnt_fees: String(BigInt(gasUsed) * 392_347_649n),
        burnt_fees_percentage: 91.25,
        difficulty: '0',
        gas_limit: '36000000',
        gas_target_percentage: -8.33,
        gas_used: String(gasUsed),
        gas_used_percentage: Math.round((gasUsed / 36_000_000) * 1e6) / 1e4,
        hash: blockHash(height),
        height,
        internal_transactions_count: n % 10 === 0 ? null : krng.int(0, 400),
        is_pending_update: false,
        miner: addressObject(FEE_RECIPIENT),
        nonce: '0x0000000000000000',
        parent_hash: blockHash(height - 1),
        priority_fee: krng.digits(16),
        rewards: [],
        size: krng.int(20_000, 200_000),
        timestamp: blockTime(height),
        total_difficulty: '58750003716598352816469',
        transaction_fees: krng.digits(17),
        transactions_count: krng.int(50, 400),
        type: 'block',
        uncles_hashes: [],
        withdrawals_count: 16,
      },
      cursor: { block_number: height },
    };
  });

  const stats: JsonObject = {
    average_block_time: new RawJson('12000.0'),
    coin_image: 'https://assets.example.invalid/eth.png',
    coin_price: '4273.59',
    coin_price_change_percentage: -1.27,
    gas_price_updated_at: blockTime(HEAD_BLOCK),
    gas_prices: { average: 0.52, fast: 0.61, slow: 0.45 },
    gas_prices_update_in: 9871,
    gas_used_today: '162541117373',
    market_cap: '515897561832.7716',
    network_utilization_percentage: 45.123,
    secondary_coin_image: null,
    secondary_coin_price: null,
    static_gas_price: null,
    total_addresses: '392837465',
    total_blocks: String(HEAD_BLOCK + 1),
    total_gas_used: '0',
    total_transactions: '2987654321',
    transactions_today: '1543210',
    tvl: null,
  };

  return { addresses, transactions, searchTokens, blocks, stats, networks: NETWORKS };
}

// ───────────────────────────────────────────────────────────────────────── Merits admin

/** The `blockscout_api_key` values the admin endpoint returns: secrets a CLI must not print. */
export const NETWORK_API_KEYS: readonly string[] = [
  'bs_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  'bs_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  'bs_live_55aa55aa55aa55aa55aa55aa55aa55aa',
];

/**
 * Four networks, field names from the Merits admin swagger (`v1AdminNetwork`). OP Mainnet omits a
 * false boolean (proto3 JSON drops defaults); Sepolia omits the three optional fields and has
 * `details: null`.
 */
const NETWORKS: JsonObject[] = [
  {
    chain_id: '1', name: 'Ethereum', domain: 'eth.blockscout.com', active: true,
    rpc_url: 'https://rpc.fake.invalid/eth', blockscout_api_key: at(NETWORK_API_KEYS, 0), block_timestamp_skew: 0,
    sent_transactions_activity_enabled: true, verified_contracts_activity_enabled: true, blockscout_usage_activity_enabled: true,
    details: {},
  },
  {
    chain_id: '8453', name: 'Base', domain: 'base.blockscout.com', active: true,
    rpc_url: 'https://rpc.fake.invalid/base', blockscout_api_key: at(NETWORK_API_KEYS, 1), block_timestamp_skew: 2,
    sent_transactions_activity_enabled: true, verified_contracts_activity_enabled: false, blockscout_usage_activity_enabled: true,
    details: { icon_url: 'https://example.invalid/base.svg' },
  },
  {
    chain_id: '10', name: 'OP Mainnet', domain: 'optimism.blockscout.com', active: true,
    rpc_url: 'https://rpc.fake.invalid/op', blockscout_api_key: at(NETWORK_API_KEYS, 2), block_timestamp_skew: 1,
    sent_transactions_activity_enabled: true, blockscout_usage_activity_enabled: true,
    details: { note: 'verified_contracts_activity_enabled omitted (false)' },
  },
  {
    chain_id: '11155111', name: 'Sepolia', domain: 'eth-sepolia.blockscout.com', active: false,
    sent_transactions_activity_enabled: false, verified_contracts_activity_enabled: false, blockscout_usage_activity_enabled: false,
    details: null,
  },
];

// ───────────────────────────────────────────────────────────────────────── access & counts

let cached: Dataset | undefined;

/** The (memoised) dataset. Read-only by convention. */
export function getDataset(): Dataset {
  cached ??= buildDataset();
  return cached;
}

/** Address lists, or empty lists for an address the fake does not know (a valid, unused address). */
export function listsFor(address: string): AddressLists {
  return getDataset().addresses.get(address.toLowerCase()) ?? emptyLists();
}

function countBy<T extends string>(entries: ListEntry[], key: (e: ListEntry) => T | undefined): Record<T, number> {
  const out = {} as Record<T, number>;
  for (const e of entries) {
    const k = key(e);
    if (k !== undefined) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

function computeCounts() {
  const ds = getDataset();
  const r = listsFor(ADDR.rich);
  const richLower = ADDR.rich.toLowerCase();
  const usdLower = 'usd';
  const tx = (h: string): TxRecord => {
    const rec = ds.transactions.get(h.toLowerCase());
    if (!rec) throw new Error(`fake data: no tx ${h}`);
    return rec;
  };
  return {
    pageSize: PAGE_SIZE,
    richTxs: r.transactions.length,
    richTxsFrom: r.transactions.filter((e) => e.from === richLower).length,
    richTxsTo: r.transactions.filter((e) => e.to === richLower).length,
    richPendingTxs: RICH_PENDING_POSITIONS.length,
    richTransfers: r.tokenTransfers.length,
    richTransfersFrom: r.tokenTransfers.filter((e) => e.from === richLower).length,
    richTransfersTo: r.tokenTransfers.filter((e) => e.to === richLower).length,
    richTransfersByType: countBy(r.tokenTransfers, (e) => e.tokenType),
    /** Transfers of ADDR.usdc (the `token=` filter). */
    richTransfersUsdc: r.tokenTransfers.filter((e) => e.token === ADDR.usdc.toLowerCase()).length,
    richInternalTxs: r.internalTransactions.length,
    richInternalFrom: r.internalTransactions.filter((e) => e.from === richLower).length,
    richInternalTo: r.internalTransactions.filter((e) => e.to === richLower).length,
    richWithdrawals: r.withdrawals.length,
    richTokens: r.tokens.length,
    richTokensByType: countBy(r.tokens, (e) => e.tokenType),
    richNftCollections: r.nftCollections.length,
    pendingAddressTxs: listsFor(ADDR.pending).transactions.length,
    flakyTxs: listsFor(ADDR.flaky).transactions.length,
    loopPageItems: PAGE_SIZE,
    emptyCursorWithdrawals: listsFor(ADDR.emptyCursor).withdrawals.length,
    okInlineTransfers: (tx(TX.ok).json['token_transfers'] as Json[]).length,
    overflowInlineTransfers: (tx(TX.overflow).json['token_transfers'] as Json[]).length,
    overflowTransfers: tx(TX.overflow).tokenTransfers.length,
    /** Tokens matching `search?q=USD` (name or symbol, case-insensitive). */
    searchUsd: ds.searchTokens.filter((e) => (e.searchText ?? []).some((s) => s.includes(usdLower))).length,
    blocks: ds.blocks.length,
    networks: ds.networks.length,
  };
}

/**
 * Expected counts, computed from the data itself so they cannot drift. Current values: richTxs 120
 * (from 87, to 44, incl. self-transfers in both), richTransfers 75 (from 34, to 41; ERC-20 45,
 * ERC-721 12, ERC-1155 12, ERC-404 6; USDC 5), richInternalTxs 60 (30/30), richWithdrawals 55,
 * richTokens 55 (ERC-20 40, ERC-721 8, ERC-1155 5, ERC-404 2), richNftCollections 3,
 * overflowTransfers 65, searchUsd 62, blocks 75, networks 4.
 */
export const COUNTS = computeCounts();
