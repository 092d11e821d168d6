/**
 * Data of the fake explorer's block and network endpoints, built on test/support/data.ts: the main
 * chain's 75 blocks are the dataset's `/blocks` list; beside them a few uncles and reorganised-away
 * blocks, each block's transactions and withdrawals (as many as the block says it has, made when
 * first asked), and the stats with their gas prices in both shapes.
 */
import {
  ADDR,
  addressObject,
  blockTime,
  getDataset,
  HEAD_BLOCK,
  TX,
  makeAddress,
  makeHash,
  txObject,
  txSpec,
  type JsonObject,
  type ListEntry,
} from '../data.js';

/** Blocks of the fake chain besides the main chain's. */
export const BLOCKS = {
  /** The newest main-chain block: what `latest` is. */
  head: HEAD_BLOCK,
  /** A main-chain block whose 16 withdrawals and 50+ transactions are served. */
  busy: HEAD_BLOCK - 3,
  /** A reorganised-away block at a height the main chain has not reached yet: by number, "Block lost consensus". */
  lostHeight: HEAD_BLOCK + 1,
  /** Hash of a reorganised-away block at a height the main chain also has (it has no withdrawals). */
  reorgHash: makeHash('reorg-block:1'),
  /** Hash of an uncle. */
  uncleHash: makeHash('uncle-block:0'),
  /** A valid hash no block has. */
  unknownHash: makeHash('block:unknown'),
} as const;

const MINERS = [makeAddress('miner:titan'), makeAddress('miner:beaver')];

/** A block object as the list and the detail endpoints send it (field order as eth.blockscout.com). */
function offChainBlock(height: number, hash: string, type: 'uncle' | 'reorg', n: number): JsonObject {
  return {
    base_fee_per_gas: String(392_000_000 + n),
    burnt_fees: '0',
    burnt_fees_percentage: null,
    difficulty: '0',
    gas_limit: '36000000',
    gas_target_percentage: -100,
    gas_used: '0',
    gas_used_percentage: 0,
    hash,
    height,
    internal_transactions_count: null,
    is_pending_update: false,
    miner: addressObject(MINERS[n % MINERS.length] ?? MINERS[0]!),
    nonce: '0x0000000000000000',
    parent_hash: makeHash(`block:${height - 1}`),
    priority_fee: '0',
    rewards: [],
    size: 540,
    timestamp: blockTime(height),
    total_difficulty: null,
    transaction_fees: '0',
    transactions_count: 0,
    type,
    uncles_hashes: [],
    withdrawals_count: 0,
  };
}

export interface BlocksData {
  main: ListEntry[];
  uncles: ListEntry[];
  reorgs: ListEntry[];
}

let cached: BlocksData | undefined;

export function blocksData(): BlocksData {
  if (cached) return cached;
  const main = getDataset().blocks;
  const uncles = [0, 1, 2].map((n): ListEntry => {
    const height = HEAD_BLOCK - 10 - n * 9;
    return { json: offChainBlock(height, makeHash(`uncle-block:${n}`), 'uncle', n), cursor: { block_number: height } };
  });
  const reorgs: ListEntry[] = [
    { json: offChainBlock(BLOCKS.lostHeight, makeHash('reorg-block:0'), 'reorg', 0), cursor: { block_number: BLOCKS.lostHeight } },
    { json: offChainBlock(HEAD_BLOCK - 40, BLOCKS.reorgHash, 'reorg', 1), cursor: { block_number: HEAD_BLOCK - 40 } },
  ];
  cached = { main, uncles, reorgs };
  return cached;
}

/** The block `id` (number or hash) names, as the detail endpoint finds it; `lost` when only a reorganised-away block has that number. */
export function findBlock(id: string): { json: JsonObject } | { lost: string } | null {
  const d = blocksData();
  const all = [...d.main, ...d.uncles, ...d.reorgs];
  if (/^0x/i.test(id)) return all.find((e) => String(e.json['hash']).toLowerCase() === id.toLowerCase()) ?? null;
  const height = Number(id);
  const onChain = d.main.find((e) => e.json['height'] === height);
  if (onChain) return onChain;
  const off = d.reorgs.find((e) => e.json['height'] === height);
  if (off) return { lost: String(off.json['hash']) };
  // Every older block of the chain is there too, as on a real explorer (a search over block times walks them).
  return Number.isSafeInteger(height) && height >= 0 && height < HEAD_BLOCK - d.main.length + 1 ? { json: olderBlock(height) } : null;
}

/** A main-chain block older than the `/blocks` list: its number, hash, parent and time, nothing in it. */
function olderBlock(height: number): JsonObject {
  return {
    ...offChainBlock(height, makeHash(`block:${height}`), 'uncle', height % MINERS.length),
    // The main chain's hashes, as data.ts makes them (its genesis has the zero hash for a parent).
    parent_hash: height === 0 ? `0x${'0'.repeat(64)}` : makeHash(`block:${height - 1}`),
    type: 'block',
  };
}

const txCache = new Map<string, ListEntry[]>();

/** The transactions of a block, in its order: as many as its `transactions_count`. */
export function blockTransactions(block: JsonObject): ListEntry[] {
  const hash = String(block['hash']);
  const hit = txCache.get(hash);
  if (hit) return hit;
  const height = Number(block['height']);
  const count = typeof block['transactions_count'] === 'number' ? block['transactions_count'] : 0;
  const entries = Array.from({ length: count }, (_, i): ListEntry => {
    const from = makeAddress(`block-tx-from:${i % 23}`);
    const to = makeAddress(`block-tx-to:${i % 17}`);
    const t = txSpec({ hash: makeHash(`block-tx:${height}:${i}`), block: height, position: i, from, to, value: String(1_000_000_000_000n * BigInt(i + 1)), nonce: i });
    return { json: txObject(t, 'list'), cursor: { block_number: height, index: i } };
  });
  txCache.set(hash, entries);
  return entries;
}

/** The withdrawals of a block: as many as its `withdrawals_count`, without block_number and timestamp (as the real endpoint). */
export function blockWithdrawals(block: JsonObject): ListEntry[] {
  const height = Number(block['height']);
  const count = typeof block['withdrawals_count'] === 'number' ? block['withdrawals_count'] : 0;
  const first = 90_000_000 + (HEAD_BLOCK - height) * 16;
  // Newest first, like the real list (index descending).
  return Array.from({ length: count }, (_, k): ListEntry => {
    const index = first + count - 1 - k;
    return {
      json: { amount: String(16_800_000_000_000_000n + BigInt(k) * 13_370_000_000n), index, receiver: addressObject(makeAddress(`withdrawal-receiver:${k % 5}`)), validator_index: 1_000_000 + k * 97 },
      cursor: { index },
    };
  });
}

/** The gas prices as the server sends them with `updated-gas-oracle: true`: price, time and fiat price per speed. */
export const GAS_PRICES_FULL: JsonObject = {
  average: { base_fee: 0.39, fiat_price: '0.05', price: 0.52, priority_fee: 0.13, time: 12030.25 },
  fast: { base_fee: 0.39, fiat_price: '0.06', price: 0.61, priority_fee: 0.22, time: 8763.25 },
  slow: { base_fee: 0.39, fiat_price: '0.04', price: 0.45, priority_fee: 0.06, time: 20100.25 },
};

/** The stats as sent to a client that asks for the full gas prices; without the header, the dataset's (prices only). */
export function statsFor(fullGasPrices: boolean): JsonObject {
  const stats = getDataset().stats;
  return fullGasPrices ? { ...stats, gas_prices: GAS_PRICES_FULL } : stats;
}

const internalCache = new Map<string, ListEntry[]>();

/** The kinds internal transactions of a block take in turn, as the API names them (`type`). */
const INTERNAL_KINDS = ['call', 'delegatecall', 'staticcall', 'call', 'create2', 'callcode', 'selfdestruct', 'create'] as const;

/**
 * The internal transactions of a block, in its order (transaction, then index): as many as its
 * `internal_transactions_count` (none where that is null), spread over its first transactions; the
 * cursor `index, transaction_index` (and items_count).
 */
export function blockInternalTransactions(block: JsonObject): ListEntry[] {
  const hash = String(block['hash']);
  const hit = internalCache.get(hash);
  if (hit) return hit;
  const height = Number(block['height']);
  const count = typeof block['internal_transactions_count'] === 'number' ? block['internal_transactions_count'] : 0;
  const entries = Array.from({ length: count }, (_, k): ListEntry => {
    const position = Math.floor(k / 4);
    const index = (k % 4) + 1;
    const type = INTERNAL_KINDS[k % INTERNAL_KINDS.length]!;
    const creates = type === 'create' || type === 'create2';
    const failed = k % 11 === 5;
    return {
      json: {
        block_index: k,
        block_number: height,
        created_contract: creates ? addressObject(makeAddress(`block-created:${height}:${k}`)) : null,
        error: failed ? 'Reverted' : null,
        from: addressObject(makeAddress(`block-tx-to:${position % 17}`)),
        gas_limit: String(30_000 + k * 113),
        index,
        success: !failed,
        timestamp: blockTime(height),
        to: creates ? null : addressObject(makeAddress(`block-callee:${k % 9}`)),
        transaction_hash: makeHash(`block-tx:${height}:${position}`),
        transaction_index: position,
        type,
        value: type === 'delegatecall' || type === 'staticcall' ? '0' : String(1_000_000_000n * BigInt(k)),
      },
      cursor: { index, transaction_index: position },
    };
  });
  internalCache.set(hash, entries);
  return entries;
}

/** Whether an internal transaction is of the kind `internal_type` and `call_type` ask (each absent: any). */
export function internalKind(e: ListEntry, internalType: string | undefined, callType: string | undefined): boolean {
  const type = String(e.json['type']);
  const calls = ['call', 'callcode', 'delegatecall', 'staticcall'];
  if (internalType !== undefined && !(internalType === 'call' ? calls.includes(type) : type === internalType)) return false;
  return callType === undefined || type === callType;
}

let depositCache: ListEntry[] | undefined;

/**
 * Every beacon deposit the fake chain has, newest first (index descending, the cursor `index` with
 * items_count): TX.deposit's one (32 ETH) and TX.batchDeposit's 55, from ADDR.rich, in block
 * HEAD_BLOCK - 3; a few invalid and pending among them. Amounts in wei.
 */
export function beaconDeposits(): ListEntry[] {
  if (depositCache) return depositCache;
  const one = { tx: TX.deposit, block: HEAD_BLOCK - 7, from: ADDR.counterparty, count: 1 };
  const batch = { tx: TX.batchDeposit, block: BLOCKS.busy, from: ADDR.rich, count: 55 };
  const out: ListEntry[] = [];
  let index = 2_100_000;
  // Indexes count up from the oldest block's deposits; the list is newest first.
  for (const d of [one, batch].sort((a, b) => a.block - b.block)) {
    for (let k = 0; k < d.count; k++) {
      index++;
      const withdrawTo = k % 3 === 0 ? null : makeAddress(`withdraw-to:${k % 4}`);
      out.push({
        json: {
          amount: k % 10 === 9 ? '1000000000000000000' : '32000000000000000000',
          // The main chain's block hashes, as data.ts makes them.
          block_hash: makeHash(`block:${d.block}`),
          block_number: d.block,
          block_timestamp: blockTime(d.block),
          from_address: addressObject(d.from),
          index,
          pubkey: `0x${makeHash(`pubkey:${index}`).slice(2)}${makeHash(`pubkey2:${index}`).slice(2, 34)}`,
          signature: `0x${[0, 1, 2].map((j) => makeHash(`sig:${index}:${j}`).slice(2)).join('')}`,
          status: k % 17 === 16 ? 'invalid' : d.block > HEAD_BLOCK - 4 ? 'pending' : 'completed',
          transaction_hash: d.tx,
          withdrawal_address: withdrawTo === null ? null : addressObject(withdrawTo),
          withdrawal_credentials: withdrawTo === null ? `0x00${makeHash(`bls-credentials:${k}`).slice(4)}` : `0x010000000000000000000000${withdrawTo.slice(2).toLowerCase()}`,
        },
        cursor: { index },
        from: d.from.toLowerCase(),
      });
    }
  }
  depositCache = out.reverse();
  return depositCache;
}
