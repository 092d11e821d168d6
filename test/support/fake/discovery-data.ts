/**
 * Data of the chain-wide endpoints of the fake explorer (./discovery.ts): the token list, verified
 * contracts and their counters, hot contracts, and the feeds of transactions (validated and
 * pending), token transfers, internal transactions, withdrawals and beacon deposits. Shapes from
 * Blockscout's OpenAPI documents (Token, SmartContractListItem, Counters, HotContract,
 * TransactionResponse, TokenTransfer, InternalTransaction, Withdrawal, Deposit), each list in the
 * server's own order with its real cursor keys; values generated from data.ts.
 */
import {
  ADDR,
  EVIL,
  HEAD_BLOCK,
  RawJson,
  addressObject,
  blockTime,
  makeAddress,
  makeHash,
  tokenJson,
  txObject,
  txSpec,
  type JsonObject,
  type ListEntry,
  type TokenType,
} from '../data.js';

/** Items of the feeds: enough for three pages each. */
export const FEED_SIZE = { transactions: 120, pending: 4, transfers: 110, internal: 105, withdrawals: 120, deposits: 60 } as const;

// ───────────────────────────────────────────────────────────────── tokens

/** Every token the fake knows, as `/tokens` lists it. */
const TOKEN_ADDRESSES: readonly string[] = [
  ADDR.usdc,
  ADDR.usdt,
  ADDR.weth,
  makeAddress('token:link'),
  makeAddress('token:uni'),
  makeAddress('token:dai'),
  ADDR.unicodeToken,
  ADDR.evilToken,
  ...Array.from({ length: 60 }, (_, i) => makeAddress(`token:usd-${i + 1}`)),
  ADDR.nft721,
  ADDR.nft1155,
  ADDR.erc404,
];

const num = (v: unknown): number | null => (typeof v === 'string' && v !== '' ? Number(v) : null);

/**
 * The token list in the server's default order: market cap (largest first, none last), then
 * holders, then name; the cursor is the last token's sort keys (`is_name_null`, a JSON boolean, as
 * its text).
 */
function buildTokens(): ListEntry[] {
  const tokens = TOKEN_ADDRESSES.map((a) => ({ ...tokenJson(a), circulating_supply: null, reputation: a === ADDR.evilToken ? 'scam' : 'ok' }) as JsonObject);
  tokens.sort((x, y) => {
    const [mx, my] = [num(x['circulating_market_cap']), num(y['circulating_market_cap'])];
    if (mx !== my) return my === null ? -1 : mx === null ? 1 : my - mx;
    const [hx, hy] = [Number(x['holders_count']), Number(y['holders_count'])];
    if (hx !== hy) return hy - hx;
    return String(x['name'] ?? '').localeCompare(String(y['name'] ?? ''));
  });
  return tokens.map((t) => ({
    json: t,
    cursor: {
      contract_address_hash: String(t['address_hash']),
      fiat_value: null,
      holders_count: Number(t['holders_count']),
      is_name_null: new RawJson(t['name'] === null ? 'true' : 'false'),
      market_cap: (t['circulating_market_cap'] as string | null) ?? null,
      name: (t['name'] as string | null) ?? null,
    },
    tokenType: t['type'] as TokenType,
    searchText: [String(t['name'] ?? '').toLowerCase(), String(t['symbol'] ?? '').toLowerCase()],
  }));
}

// ───────────────────────────────────────────────────────────────── verified contracts

/** Languages of the verified contracts, as `filter` takes them. */
export const LANGUAGES = ['solidity', 'vyper', 'yul', 'geas'] as const;

/** The verified contracts, the most recently verified first (the cursor is `smart_contract_id`). */
function buildContracts(): ListEntry[] {
  const out: ListEntry[] = [];
  for (let i = 0; i < 75; i++) {
    const id = 2_000_000 - i;
    const hash = makeAddress(`verified:${i}`);
    const language = i % 11 === 3 ? 'yul' : i % 5 === 1 ? 'vyper' : i === 40 ? 'geas' : 'solidity';
    const name = i === 7 ? EVIL.name : `Verified${language === 'vyper' ? 'Vyper' : ''}Contract${i}`;
    out.push({
      json: {
        address: { ...addressObject(hash), is_contract: true, is_verified: true, name },
        certified: i === 0,
        coin_balance: i % 4 === 0 ? '0' : `${(i + 1) * 1_234_567}000000000`,
        compiler_version: language === 'vyper' ? 'v0.3.10' : 'v0.8.26+commit.8a97fa7a',
        has_constructor_args: i % 2 === 0,
        language,
        license_type: i % 3 === 0 ? 'mit' : 'none',
        market_cap: null,
        optimization_enabled: i % 2 === 1,
        reputation: 'ok',
        transactions_count: i * 37,
        verified_at: blockTime(HEAD_BLOCK - i * 300),
      },
      cursor: { smart_contract_id: id },
      searchText: [name.toLowerCase(), hash.toLowerCase()],
    });
  }
  return out;
}

/** `/smart-contracts/counters`: counts as decimal strings. */
export const CONTRACT_COUNTERS: JsonObject = {
  new_smart_contracts_24h: '4512',
  new_verified_smart_contracts_24h: '87',
  smart_contracts: '71234567',
  verified_smart_contracts: '812345',
};

// ───────────────────────────────────────────────────────────────── hot contracts

/** The scales `/stats/hot-smart-contracts` takes in `scale`, each a multiple of the counts. */
export const HOT_SCALES: Readonly<Record<string, number>> = { '5m': 1, '1h': 12, '3h': 36, '1d': 288, '7d': 2016, '30d': 8640 };

/**
 * The hot contracts of a scale, sorted as asked (`transactions_count` by default, or
 * `total_gas_used`; descending unless `order=asc`): 60 of them, so two pages. Gas is not in the order
 * of transactions, so the two sorts differ.
 */
export function hotContracts(scale: string, sort: string, order: string): ListEntry[] {
  const k = HOT_SCALES[scale] ?? 1;
  const items = Array.from({ length: 60 }, (_, i) => {
    const hash = i === 5 ? ADDR.evilToken : makeAddress(`hot:${i}`);
    const txs = (200 - i * 3) * k;
    const gas = ((i * 7919) % 60 + 1) * 1_000_003 * k;
    return {
      json: {
        balance: i % 3 === 0 ? null : `${(i + 1) * 10 ** 15}`,
        contract_address: { ...addressObject(hash), is_contract: true, is_verified: i % 2 === 0, name: i === 5 ? EVIL.name : i % 2 === 0 ? `HotContract${i}` : null },
        total_gas_used: gas,
        transactions_count: txs,
      } as JsonObject,
      txs,
      gas,
      hash,
    };
  });
  const key = sort === 'total_gas_used' ? (x: { gas: number }) => x.gas : (x: { txs: number }) => x.txs;
  items.sort((x, y) => (order === 'asc' ? key(x) - key(y) : key(y) - key(x)));
  return items.map((x) => ({ json: x.json, cursor: { contract_address_hash: x.hash, total_gas_used: String(x.gas), transactions_count: x.txs } }));
}

// ───────────────────────────────────────────────────────────────── feeds

const SENDERS = [ADDR.rich, ADDR.counterparty, ADDR.scam, makeAddress('feed:sender')];
const RECEIVERS = [ADDR.contract, ADDR.usdc, makeAddress('feed:receiver'), ADDR.rich];

/** Transactions: three a block, newest first; every tenth a blob transaction (type 3); one with the hostile method. */
function buildTransactions(): { validated: ListEntry[]; pending: ListEntry[] } {
  const validated: ListEntry[] = [];
  for (let i = 0; i < FEED_SIZE.transactions; i++) {
    const block = HEAD_BLOCK - Math.floor(i / 3);
    const position = 2 - (i % 3);
    const blob = i % 10 === 4;
    const spec = txSpec({
      hash: makeHash(`feed:tx:${i}`),
      block,
      position,
      from: SENDERS[i % SENDERS.length]!,
      to: RECEIVERS[i % RECEIVERS.length]!,
      value: i % 2 === 0 ? `${(i + 1) * 10 ** 16}` : '0',
      nonce: i,
      method: i === 6 ? EVIL.name : i % 2 === 0 ? null : 'transfer',
      transactionTypes: blob ? ['blob_transaction'] : ['coin_transfer'],
      extra: blob ? { type: 3, blob_versioned_hashes: [makeHash(`feed:blob:${i}`).replace(/^0x../, '0x01')], max_fee_per_blob_gas: '1000000000' } : {},
    });
    validated.push({ json: txObject(spec, 'list'), cursor: { block_number: block, index: position } });
  }
  const pending: ListEntry[] = [];
  for (let i = 0; i < FEED_SIZE.pending; i++) {
    const hash = makeHash(`feed:pending:${i}`);
    const spec = txSpec({ hash, block: null, from: SENDERS[i % SENDERS.length]!, to: RECEIVERS[i % RECEIVERS.length]!, nonce: 1000 + i });
    // Pending transactions are paged by when the explorer first saw them.
    const insertedAt = new Date(Date.UTC(2025, 7, 11, 9, 33, 0) - i * 1000).toISOString().replace(/Z$/, '123Z');
    pending.push({ json: txObject(spec, 'list'), cursor: { hash, inserted_at: insertedAt } });
  }
  return { validated, pending };
}

/** Chain-wide token transfers: two a block (log index descending), across every kind of token; the hostile token among them. */
function buildTransfers(): ListEntry[] {
  const tokens = [ADDR.usdc, ADDR.weth, ADDR.nft721, ADDR.nft1155, ADDR.evilToken, ADDR.erc404];
  const out: ListEntry[] = [];
  for (let i = 0; i < FEED_SIZE.transfers; i++) {
    const block = HEAD_BLOCK - Math.floor(i / 2);
    const logIndex = 40 - (i % 2) * 7;
    const token = tokenJson(tokens[i % tokens.length]!);
    const type = token['type'] as TokenType;
    const total =
      type === 'ERC-721'
        ? { token_id: String(1000 + i), token_instance: null }
        : type === 'ERC-1155'
          ? { decimals: null, token_id: `${i}${'7'.repeat(60)}`, token_instance: null, value: String(1 + (i % 5)) }
          : { decimals: token['decimals'] as string, value: `${(i + 1) * 123_456_789}` };
    const from = i % 9 === 0 ? ADDR.zero : SENDERS[i % SENDERS.length]!;
    out.push({
      json: {
        block_hash: makeHash(`block:${block}`),
        block_number: block,
        from: addressObject(from),
        log_index: logIndex,
        method: type === 'ERC-20' ? 'transfer' : 'safeTransferFrom',
        timestamp: blockTime(block),
        to: addressObject(RECEIVERS[i % RECEIVERS.length]!),
        token,
        token_type: type,
        total,
        transaction_hash: makeHash(`feed:transfer-tx:${i}`),
        type: from === ADDR.zero ? 'token_minting' : 'token_transfer',
      },
      cursor: { block_number: block, index: logIndex },
      tokenType: type,
    });
  }
  return out;
}

/** Chain-wide internal transactions: newest block first, then the transaction's index, then the call's. */
function buildInternal(): ListEntry[] {
  const out: ListEntry[] = [];
  for (let i = 0; i < FEED_SIZE.internal; i++) {
    const block = HEAD_BLOCK - Math.floor(i / 5);
    const transactionIndex = 4 - Math.floor((i % 5) / 2);
    const index = 1 + (i % 2);
    const create = i % 13 === 0;
    out.push({
      json: {
        block_index: i % 5,
        block_number: block,
        created_contract: create ? addressObject(makeAddress(`feed:created:${i}`)) : null,
        error: i % 17 === 3 ? 'execution reverted' : null,
        from: addressObject(ADDR.contract),
        gas_limit: '150000',
        index,
        success: i % 17 !== 3,
        timestamp: blockTime(block),
        to: create ? null : addressObject(RECEIVERS[i % RECEIVERS.length]!),
        transaction_hash: makeHash(`feed:internal-tx:${block}:${transactionIndex}`),
        type: create ? 'create' : i % 3 === 0 ? 'delegatecall' : 'call',
        value: i % 2 === 0 ? `${(i + 1) * 10 ** 15}` : '0',
      },
      cursor: { block_number: block, index, transaction_index: transactionIndex },
    });
  }
  return out;
}

/** Withdrawals: the newest index first, four a block; amounts in wei. */
function buildWithdrawals(): ListEntry[] {
  return Array.from({ length: FEED_SIZE.withdrawals }, (_, i) => {
    const index = 91_000_000 - i;
    const block = HEAD_BLOCK - Math.floor(i / 4);
    return {
      json: {
        amount: `${17_000_000 + i * 1_001}000000000`,
        block_number: block,
        index,
        receiver: addressObject(i % 7 === 0 ? ADDR.rich : makeAddress(`feed:validator:${i % 9}`)),
        timestamp: blockTime(block),
        validator_index: 400_000 + ((i * 7_919) % 600_000),
      },
      cursor: { index },
    };
  });
}

/** Beacon deposits: the newest index first; amounts in wei (32 ETH, or top-ups). */
function buildDeposits(): ListEntry[] {
  return Array.from({ length: FEED_SIZE.deposits }, (_, i) => {
    const index = 2_100_000 - i;
    const block = HEAD_BLOCK - i * 3;
    const hex = (label: string, bytes: number) => `0x${makeHash(`feed:deposit:${label}:${i}`).slice(2).repeat(4).slice(0, bytes * 2)}`;
    return {
      json: {
        amount: i % 5 === 0 ? '1000000000000000000' : '32000000000000000000',
        block_hash: makeHash(`block:${block}`),
        block_number: block,
        block_timestamp: blockTime(block),
        from_address: addressObject(i % 4 === 0 ? ADDR.rich : makeAddress(`feed:depositor:${i % 6}`)),
        index,
        pubkey: hex('pubkey', 48),
        signature: hex('signature', 96),
        status: i < 3 ? 'pending' : i === 10 ? 'invalid' : 'completed',
        transaction_hash: makeHash(`feed:deposit-tx:${i}`),
        withdrawal_address: i % 2 === 0 ? addressObject(ADDR.rich) : null,
        withdrawal_credentials: i % 2 === 0 ? `0x010000000000000000000000${ADDR.rich.slice(2).toLowerCase()}` : hex('credentials', 32),
      },
      cursor: { index },
    };
  });
}

export interface DiscoveryData {
  tokens: ListEntry[];
  contracts: ListEntry[];
  transactions: { validated: ListEntry[]; pending: ListEntry[] };
  transfers: ListEntry[];
  internal: ListEntry[];
  withdrawals: ListEntry[];
  deposits: ListEntry[];
}

let data: DiscoveryData | undefined;

/** The data, built once. */
export function discoveryData(): DiscoveryData {
  return (data ??= {
    tokens: buildTokens(),
    contracts: buildContracts(),
    transactions: buildTransactions(),
    transfers: buildTransfers(),
    internal: buildInternal(),
    withdrawals: buildWithdrawals(),
    deposits: buildDeposits(),
  });
}
