/**
 * Data for event logs, a transaction's internal transactions and its state changes, in the shapes of
 * Blockscout's OpenAPI document (Log, DecodedLogInput, InternalTransaction, StateChange) and of the
 * explorer's own state-change samples: coin changes with `token: null`, ERC-20 changes as signed
 * integer strings, ERC-721 changes as a list of `{direction, total: {token_id}}`, ERC-1155 changes
 * with `token_id`, and a mint's zero address with null balances.
 *
 * TX.ok: 5 logs (decoded, undecoded, a tuple value, hostile names and values), 3 internal
 * transactions, 9 state changes. TX.overflow: 65 logs, 55 internal transactions, 60 state changes
 * (each list needs page 2). ADDR.rich: 75 logs. Other known transactions have empty lists; an
 * unknown one is 404.
 */
import { createHash } from 'node:crypto';
import { ADDR, BLOB_HASHES, EVIL, TX, addressObject, getDataset, listsFor, tokenJson, type Json, type JsonObject, type ListEntry } from '../data.js';

export const TOPIC = {
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  /** Of no known ABI: logs with it are never decoded. */
  unknown: '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1',
} as const;

/** A builder's fee recipient (beaverbuild), the miner in TX.ok's state changes. */
export const MINER = '0x95222290DD7278Aa3Ddd389Cc1E1d165CC4BAfe5';

/** An ERC-721 id as long as real ones get (78 digits). */
export const BIG_TOKEN_ID = '15077554365819457090226168288698582604878106156134383525616269766016907608065';
export const MAX_UINT256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/** The hostile decoded event of TX.ok (and of one of ADDR.rich's logs), as decoded. */
export const EVIL_EVENT = {
  name: 'Claim\u001b[2J',
  param: 'note\u001b]8;;https://evil.invalid\u0007',
  value: `${EVIL.name} \u202egnp.exe`,
} as const;

const word = (address: string) => '0x' + address.slice(2).toLowerCase().padStart(64, '0');
const uintWord = (n: bigint) => '0x' + n.toString(16).padStart(64, '0');

interface TxInfo {
  hash: string;
  block: number;
  blockHash: string;
  time: Json;
  position: number;
  from: string;
  to: string;
}

function txInfo(hash: string): TxInfo {
  const r = getDataset().transactions.get(hash.toLowerCase());
  if (!r) throw new Error(`fake data: no tx ${hash}`);
  const j = r.json;
  const hashOf = (v: Json | undefined) => (v && typeof v === 'object' && !Array.isArray(v) && 'hash' in v ? String(v['hash']) : ADDR.contract);
  return {
    hash,
    block: Number(j['block_number']),
    blockHash: '0x' + createHash('sha256').update(`scout-fake:block:${String(j['block_number'])}`).digest('hex'),
    time: j['timestamp'] ?? null,
    position: Number(j['position'] ?? 0),
    from: hashOf(j['from']),
    to: hashOf(j['to']),
  };
}

type Param = [name: string, type: string, indexed: boolean, value: Json];

function decoded(call: string, id: string, params: Param[]): JsonObject {
  return {
    method_call: call,
    method_id: id,
    parameters: params.map(([name, type, indexed, value]) => ({ indexed, name, type, value })),
  };
}

/** A log object, keys in the server's (alphabetical) order. */
function logObject(t: TxInfo, index: number, emitter: string, topics: (string | null)[], data: string, dec: JsonObject | null): JsonObject {
  return {
    address: addressObject(emitter),
    block_hash: t.blockHash,
    block_number: t.block,
    block_timestamp: t.time,
    data,
    decoded: dec,
    index,
    smart_contract: dec === null ? null : addressObject(emitter),
    topics: [...topics, ...Array<null>(Math.max(0, 4 - topics.length)).fill(null)],
    transaction_hash: t.hash,
  };
}

function transferLog(t: TxInfo, index: number, from: string, to: string, value: bigint, isDecoded: boolean): JsonObject {
  const dec = isDecoded
    ? decoded('Transfer(address indexed from, address indexed to, uint256 value)', 'ddf252ad', [
        ['from', 'address', true, from],
        ['to', 'address', true, to],
        ['value', 'uint256', false, value.toString()],
      ])
    : null;
  return logObject(t, index, ADDR.usdc, [TOPIC.transfer, word(from), word(to)], uintWord(value), dec);
}

function approvalLog(t: TxInfo, index: number): JsonObject {
  return logObject(
    t,
    index,
    ADDR.usdt,
    [TOPIC.approval, word(t.from), word(ADDR.contract)],
    uintWord(BigInt(MAX_UINT256)),
    decoded('Approval(address indexed owner, address indexed spender, uint256 value)', '8c5be1e5', [
      ['owner', 'address', true, t.from],
      ['spender', 'address', true, ADDR.contract],
      ['value', 'uint256', false, MAX_UINT256],
    ]),
  );
}

function unknownLog(t: TxInfo, index: number): JsonObject {
  return logObject(t, index, ADDR.contractImpl, [TOPIC.unknown, word(t.from)], '0x' + '00'.repeat(31) + '2a' + 'ff'.repeat(32), null);
}

function evilLog(t: TxInfo, index: number): JsonObject {
  return logObject(
    t,
    index,
    ADDR.evilToken,
    [TOPIC.unknown],
    '0x',
    decoded(`${EVIL_EVENT.name}(string ${EVIL_EVENT.param})`, '1c411e9a', [[EVIL_EVENT.param, 'string', false, EVIL_EVENT.value]]),
  );
}

function tupleLog(t: TxInfo, index: number): JsonObject {
  return logObject(
    t,
    index,
    ADDR.contract,
    [TOPIC.unknown],
    '0x' + '00'.repeat(64),
    decoded('OrderFilled(tuple order, uint256[] amounts)', 'a1b2c3d4', [
      ['order', '(address,uint256)', false, [t.to, '7']],
      ['amounts', 'uint256[]', false, ['1', '2']],
    ]),
  );
}

function logEntry(json: JsonObject): ListEntry {
  return { json, cursor: { block_number: Number(json['block_number']), index: Number(json['index']) } };
}

export interface TxDepth {
  logs: ListEntry[];
  internalTransactions: ListEntry[];
  stateChanges: ListEntry[];
}

function internalTx(t: TxInfo, i: number): ListEntry {
  const kind = i % 4;
  const [type, from, to, error]: [string, string, string, string | null] =
    kind === 0 ? ['call', t.to, ADDR.usdc, null]
    : kind === 1 ? ['delegatecall', t.to, ADDR.contractImpl, null]
    : kind === 2 ? ['staticcall', ADDR.contractImpl, ADDR.usdt, null]
    : ['call', t.to, t.from, 'Reverted'];
  const index = i + 1;
  return {
    json: {
      block_index: t.position * 100 + index,
      block_number: t.block,
      created_contract: null,
      error,
      from: addressObject(from),
      gas_limit: String(30_000 + i * 1_000),
      index,
      success: error === null,
      timestamp: t.time,
      to: addressObject(to),
      transaction_hash: t.hash,
      transaction_index: t.position,
      type,
      value: type === 'call' ? String(10n ** 15n * BigInt(i + 1)) : '0',
    },
    cursor: { block_number: t.block, index, transaction_index: t.position },
  };
}

function stateChange(address: string, type: 'coin' | 'token', before: string | null, after: string | null, change: Json, token: JsonObject | null, extra: JsonObject = {}): JsonObject {
  return {
    address: addressObject(address),
    balance_after: after,
    balance_before: before,
    change,
    is_miner: address === MINER,
    token,
    ...extra,
    type,
  };
}

/** TX.ok's state changes: coin (sender, miner, recipient), ERC-20, an ERC-721 mint, ERC-1155, a hostile token. */
function okStateChanges(t: TxInfo): JsonObject[] {
  return [
    stateChange(t.from, 'coin', '832127467556437753', '828282622733717191', '-3844844822720562', null),
    stateChange(MINER, 'coin', '443787484997510408745', '443787514723917012805', '29726406604060', null),
    stateChange(t.to, 'coin', '0', '1000000000000000000', '1000000000000000000', null),
    stateChange(t.from, 'token', '9814903154', '6814903154', '-3000000000', tokenJson(ADDR.usdc)),
    stateChange(t.to, 'token', '0', '3000000000', '3000000000', tokenJson(ADDR.usdc)),
    stateChange(ADDR.zero, 'token', null, null, [{ direction: 'from', total: { token_id: BIG_TOKEN_ID } }], tokenJson(ADDR.nft721)),
    stateChange(t.from, 'token', '0', '1', [{ direction: 'to', total: { token_id: BIG_TOKEN_ID } }], tokenJson(ADDR.nft721)),
    stateChange(t.from, 'token', '5', '3', '-2', tokenJson(ADDR.nft1155), { token_id: '42' }),
    stateChange(t.to, 'token', '0', MAX_UINT256, MAX_UINT256, tokenJson(ADDR.evilToken)),
  ];
}

/** Page keys of a state change: the count of items before it and up to it (the explorer pages by count). */
function stateChangeEntries(items: JsonObject[]): ListEntry[] {
  return items.map((json, i) => ({ json, cursor: { items_count: i + 1, state_changes: null } }));
}

let built: Map<string, TxDepth> | undefined;
let richLogs: ListEntry[] | undefined;

function build(): Map<string, TxDepth> {
  const out = new Map<string, TxDepth>();
  const ok = txInfo(TX.ok);
  out.set(TX.ok.toLowerCase(), {
    logs: [
      transferLog(ok, 0, ok.from, ok.to, 1_500_000n, true),
      approvalLog(ok, 1),
      unknownLog(ok, 2),
      tupleLog(ok, 3),
      evilLog(ok, 4),
    ].map(logEntry),
    internalTransactions: [0, 1, 3].map((i) => internalTx(ok, i)),
    stateChanges: stateChangeEntries(okStateChanges(ok)),
  });
  const big = txInfo(TX.overflow);
  out.set(TX.overflow.toLowerCase(), {
    logs: Array.from({ length: 65 }, (_, i) => logEntry(transferLog(big, i, big.from, ADDR.counterparty, BigInt(i + 1) * 10n ** 6n, i % 2 === 0))),
    internalTransactions: Array.from({ length: 55 }, (_, i) => internalTx(big, i)),
    stateChanges: stateChangeEntries(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? stateChange(ADDR.counterparty, 'token', String(i * 1_000_000), String((i + 1) * 1_000_000), '1000000', tokenJson(ADDR.usdc))
          : stateChange(big.from, 'coin', String(10n ** 18n * BigInt(i)), String(10n ** 18n * BigInt(i) - 1n), '-1', null),
      ),
    ),
  });
  return out;
}

/** A transaction's lists: undefined for a transaction the fake does not know (404), empty for one without data here. */
export function txDepth(hash: string): TxDepth | undefined {
  if (!getDataset().transactions.has(hash.toLowerCase())) return undefined;
  built ??= build();
  return built.get(hash.toLowerCase()) ?? { logs: [], internalTransactions: [], stateChanges: [] };
}

/**
 * An address's logs: ADDR.rich has 75, across its mined transactions (Transfer, Approval, undecoded
 * and one hostile event); others have none.
 */
export function addressLogs(address: string): ListEntry[] {
  if (address.toLowerCase() !== ADDR.rich.toLowerCase()) return [];
  richLogs ??= listsFor(ADDR.rich)
    .transactions.filter((e) => typeof e.json['block_number'] === 'number')
    .slice(0, 75)
    .map((e, m) => {
      const t = txInfo(String(e.json['hash']));
      const index = 1000 - m;
      const kind = m % 4;
      return logEntry(
        m === 5 ? evilLog(t, index)
        : kind === 0 || kind === 2 ? transferLog(t, index, ADDR.rich, ADDR.counterparty, BigInt(m + 1) * 1_000_000n, kind === 0)
        : kind === 1 ? approvalLog(t, index)
        : unknownLog(t, index),
      );
    });
  return richLogs;
}

/** Whether a log carries `topic` in any position, as the explorer's `topic` filter matches. */
export function hasTopic(e: ListEntry, topic: string): boolean {
  const topics = e.json['topics'];
  return Array.isArray(topics) && topics.some((x) => typeof x === 'string' && x.toLowerCase() === topic.toLowerCase());
}

/** Bytes in one EIP-4844 blob: 4096 field elements of 32 bytes. */
export const BLOB_BYTES = 131_072;

let blobCache: JsonObject[] | undefined;

/**
 * `/transactions/{h}/blobs` of a transaction the fake knows: TX.blob's two blobs (each its versioned
 * hash, 131,072 bytes of data as hex, a 48-byte KZG commitment and proof), none for any other;
 * undefined for an unknown transaction (404).
 */
export function blobsOf(hash: string): JsonObject[] | undefined {
  if (!getDataset().transactions.has(hash.toLowerCase())) return undefined;
  if (hash.toLowerCase() !== TX.blob.toLowerCase()) return [];
  blobCache ??= BLOB_HASHES.map((versioned, n) => {
    const word = createHash('sha256').update(`scout-fake:blob:${n}`).digest('hex');
    // A rollup batch: some data, then zeroes to the blob's fixed size.
    const data = (word.repeat(40) + '00'.repeat(BLOB_BYTES)).slice(0, BLOB_BYTES * 2);
    const g1 = (label: string) => `0x${createHash('sha512').update(`scout-fake:${label}:${n}`).digest('hex').slice(0, 96)}`;
    return { blob_data: `0x${data}`, hash: versioned, kzg_commitment: g1('kzg-commitment'), kzg_proof: g1('kzg-proof') };
  });
  return blobCache;
}
