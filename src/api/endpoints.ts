/**
 * One function per API operation (docs/api-behaviour.md, Query parameters): typed parameters in, a list
 * request or object path out. Only the parameter names the server accepts are ever produced: it answers
 * 422 "Unexpected field" to anything else.
 */
import type { ListRequest, Params } from './client.js';
import type {
  ActivityItem,
  BeaconDeposit,
  Blob,
  Block,
  CoinBalance,
  InternalTransaction,
  Log,
  NftCollection,
  SearchResult,
  StateChange,
  TokenBalance,
  TokenHolder,
  TokenInstance,
  TokenTransfer,
  Transaction,
  Withdrawal,
} from './schemas.js';

/** Which side of a transfer or transaction an address is on (`filter`). */
export const FILTERS = ['to', 'from'] as const;
export type Filter = (typeof FILTERS)[number];
export const TOKEN_TYPES = ['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404'] as const;
export const NFT_TYPES = ['ERC-721', 'ERC-404', 'ERC-1155'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

function params(p: Record<string, string | readonly string[] | undefined>): Params {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    if (typeof v === 'string') out.push([k, v]);
    else if (v.length > 0) out.push([k, v.join(',')]);
  }
  return out;
}

const addr = (hash: string, tail: string) => `/api/v2/addresses/${hash}/${tail}`;

/** Path of one address: its overview (balance, tags, contract facts). */
export function addressPath(hash: string): string {
  return `/api/v2/addresses/${hash}`;
}

/** Path of an address's counters: transactions, token transfers, gas used, validations. */
export function addressCountersPath(hash: string): string {
  return addr(hash, 'counters');
}

/**
 * Token balances of an address; `hideScam` leaves out, as pages arrive, the tokens the explorer marks
 * as scam (isScamToken): the endpoint has no such filter. The count left out is told on stderr.
 */
export function addressTokens(hash: string, o: { type?: readonly TokenType[] | undefined; hideScam?: boolean | undefined } = {}): ListRequest<TokenBalance> {
  const req: ListRequest<TokenBalance> = { path: addr(hash, 'tokens'), params: params({ type: o.type }), what: `address ${hash}` };
  if (!o.hideScam) return req;
  return {
    ...req,
    itemFilter: (item) => !isScamToken(item),
    hidden: (n) => `${n} token${n === 1 ? '' : 's'} the explorer marks as scam left out; --show-scam shows them`,
  };
}

/** NFT collections an address holds, with its instances. */
export function addressNftCollections(hash: string, o: { type?: readonly TokenType[] } = {}): ListRequest<NftCollection> {
  return { path: addr(hash, 'nft/collections'), params: params({ type: o.type }), what: `address ${hash}` };
}

/** Token transfers to or from an address. */
export function addressTokenTransfers(
  hash: string,
  o: { type?: readonly TokenType[]; filter?: Filter; token?: string } = {},
): ListRequest<TokenTransfer> {
  return {
    path: addr(hash, 'token-transfers'),
    params: params({ type: o.type, filter: o.filter, token: o.token }),
    what: `address ${hash}`,
  };
}

/** Transactions of an address. */
export function addressTransactions(hash: string, o: { filter?: Filter } = {}): ListRequest<Transaction> {
  return { path: addr(hash, 'transactions'), params: params({ filter: o.filter }), what: `address ${hash}` };
}

/** Internal transactions of an address. */
export function addressInternalTransactions(hash: string, o: { filter?: Filter } = {}): ListRequest<InternalTransaction> {
  return { path: addr(hash, 'internal-transactions'), params: params({ filter: o.filter }), what: `address ${hash}` };
}

/** Beacon withdrawals to an address. */
export function addressWithdrawals(hash: string): ListRequest<Withdrawal> {
  return { path: addr(hash, 'withdrawals'), params: [], what: `address ${hash}` };
}

/** What an explorer without beacon deposits (any chain but Ethereum's kind) answers, in words. */
const NO_DEPOSITS = 'serves no beacon deposits (/beacon/deposits: only explorers of Ethereum and its testnets index them)';

/** Beacon deposits an address sent (to the deposit contract), newest first; cursor `index`. */
export function addressBeaconDeposits(hash: string): ListRequest<BeaconDeposit> {
  return { path: addr(hash, 'beacon/deposits'), params: [], what: `address ${hash}`, lacking: NO_DEPOSITS };
}

/** Blocks an address validated (mined), newest first; cursor `block_number`. */
export function addressBlocksValidated(hash: string): ListRequest<Block> {
  return { path: addr(hash, 'blocks-validated'), params: [], what: `address ${hash}` };
}

/**
 * Whether the explorer marks a token as scam: `reputation: "scam"` on the token object (servers
 * since 2025), or `is_scam: true` as address objects carry it. A balance without a token is not.
 */
export function isScamToken(balance: unknown): boolean {
  const token = isRecordOf(balance) ? (balance as { token?: unknown }).token : undefined;
  if (!isRecordOf(token)) return false;
  const t = token as { reputation?: unknown; is_scam?: unknown };
  return t.reputation === 'scam' || t.is_scam === true;
}

/**
 * Event logs emitted by or involving an address; `topic` keeps the logs with that topic in any
 * position (the server's one filter). `positions` (topic0 to topic3, undefined where any) are kept
 * as pages arrive (`itemFilter`); without `topic`, the first of them is sent as `topic` so the
 * server narrows the pages first.
 */
export function addressLogs(hash: string, o: { topic?: string | undefined; positions?: readonly (string | undefined)[] } = {}): ListRequest<Log> {
  const positions = (o.positions ?? []).map((t) => t?.toLowerCase());
  const sent = o.topic ?? positions.find((t) => t !== undefined);
  const req: ListRequest<Log> = { path: addr(hash, 'logs'), params: params({ topic: sent }), what: `address ${hash}` };
  if (positions.every((t) => t === undefined)) return req;
  const itemFilter = (item: unknown): boolean => {
    const topics = isRecordOf(item) ? (item as { topics?: unknown }).topics : undefined;
    if (!Array.isArray(topics)) return false;
    return positions.every((want, i) => want === undefined || (typeof topics[i] === 'string' && (topics[i] as string).toLowerCase() === want));
  };
  return { ...req, itemFilter };
}

/**
 * The kinds `/advanced-filters` takes in `transaction_types`, as the OpenAPI document lists them
 * (`ZRC-2` on Zilliqa only). The server matches them in any case and drops an unknown one without a
 * word, so they are checked here.
 */
export const ACTIVITY_TYPES = ['COIN_TRANSFER', 'CONTRACT_INTERACTION', 'CONTRACT_CREATION', 'ERC-20', 'ERC-404', 'ERC-721', 'ERC-1155', 'ERC-7984', 'ZRC-2'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** `address_relation`: how the sender and the recipient filters combine. */
export const RELATIONS = ['or', 'and'] as const;
export type Relation = (typeof RELATIONS)[number];

/** The filters of `/advanced-filters`, each sent as the parameter the server names it. */
export interface AdvancedFilters {
  types?: readonly ActivityType[] | undefined;
  /** 4-byte selectors, `0x` and 8 lower-case hex digits (the server honours 20). */
  methods?: readonly string[] | undefined;
  /** ISO 8601 bounds of the block time, both inclusive. */
  ageFrom?: string | undefined;
  ageTo?: string | undefined;
  from?: readonly string[] | undefined;
  notFrom?: readonly string[] | undefined;
  to?: readonly string[] | undefined;
  notTo?: readonly string[] | undefined;
  relation?: Relation | undefined;
  /** Inclusive amount bounds in each item's own units (the server scales by the token's decimals, the coin's by 18). */
  amountFrom?: string | undefined;
  amountTo?: string | undefined;
  /** Token contracts, or `native` for the chain's coin. */
  tokens?: readonly string[] | undefined;
  notTokens?: readonly string[] | undefined;
}

/** Path of the advanced filter: native transfers, internal transactions and token transfers in one stream. */
export const ADVANCED_FILTERS_PATH = '/api/v2/advanced-filters';

/** The advanced filter: one stream of coin transfers, internal transactions and token transfers, newest first. */
export function advancedFilters(f: AdvancedFilters, what = 'advanced filters'): ListRequest<ActivityItem> {
  return {
    path: ADVANCED_FILTERS_PATH,
    params: params({
      transaction_types: f.types,
      methods: f.methods,
      age_from: f.ageFrom,
      age_to: f.ageTo,
      from_address_hashes_to_include: f.from,
      from_address_hashes_to_exclude: f.notFrom,
      to_address_hashes_to_include: f.to,
      to_address_hashes_to_exclude: f.notTo,
      address_relation: f.relation,
      amount_from: f.amountFrom,
      amount_to: f.amountTo,
      token_contract_address_hashes_to_include: f.tokens,
      token_contract_address_hashes_to_exclude: f.notTokens,
    }),
    what,
  };
}

/** What `address activity` asks of one address's items: the server's filters, and the window in milliseconds. */
export interface ActivityQuery extends Omit<AdvancedFilters, 'ageFrom' | 'ageTo'> {
  /** The first moment of the window, inclusive (milliseconds since the epoch). */
  sinceMs?: number | undefined;
  /** The end of the window, exclusive. */
  untilMs?: number | undefined;
}

const hashOf = (party: unknown): string =>
  isRecordOf(party) && typeof (party as { hash?: unknown }).hash === 'string' ? ((party as { hash: string }).hash).toLowerCase() : '';

/** `ms` as the ISO 8601 text the server parses, to the millisecond. */
const isoMs = (ms: number): string => new Date(ms).toISOString();

/**
 * The activity of `address`: the items it sent or received, as the advanced filter selects them. The
 * address stands on the side `from`/`to` leave open: none given, items from it or to it
 * (`address_relation` or); `from` given, what those senders sent it; `to` given, what it sent those
 * recipients (relation and); both given, both kinds (sent as and over each side with the address
 * added, the pairs that are neither kept out here). `relation` overrides the default relation;
 * items that do not involve the address never come out.
 *
 * The server's time bounds are inclusive and its exclusions apply only within their side, so the
 * window (`untilMs` exclusive: `age_to` is sent a millisecond before it) and the exclusions are
 * applied again here to each item: the output is exactly the window.
 */
export function addressActivity(address: string, q: ActivityQuery): ListRequest<ActivityItem> {
  const me = address.toLowerCase();
  const lower = (l: readonly string[] | undefined) => (l && l.length > 0 ? l.map((a) => a.toLowerCase()) : undefined);
  const [from, to, notFrom, notTo] = [lower(q.from), lower(q.to), lower(q.notFrom), lower(q.notTo)];
  const both = from !== undefined && to !== undefined;
  // Sent as given; with both sides named, the address joins each side's list.
  const side = (given: readonly string[] | undefined) => (given === undefined || given.length === 0 ? [address] : both ? [...given, address] : given);
  const relation = q.relation ?? (from || to ? 'and' : 'or');
  // `or` with a side given lets in the other side's items of anyone: only the address's own stay.
  const loose = relation === 'or' && (from !== undefined || to !== undefined);
  const req = advancedFilters(
    {
      ...q,
      from: side(q.from),
      to: side(q.to),
      relation,
      ageFrom: q.sinceMs === undefined ? undefined : isoMs(q.sinceMs),
      ageTo: q.untilMs === undefined ? undefined : isoMs(q.untilMs - 1),
    },
    `activity of address ${address}`,
  );
  const keep = (item: unknown): boolean => {
    if (!isRecordOf(item)) return true;
    const it = item as Record<string, unknown>;
    const [f, t] = [hashOf(it.from), hashOf(it.to)];
    if (loose && f !== me && t !== me) return false;
    if (both && !((from.includes(f) && t === me) || (f === me && to.includes(t)))) return false;
    if ((notFrom && notFrom.includes(f)) || (notTo && notTo.includes(t))) return false;
    const ms = typeof it.timestamp === 'string' ? Date.parse(it.timestamp) : NaN;
    // An item whose time cannot be read is the server's to place: it said the item is in the window.
    if (Number.isNaN(ms)) return true;
    return (q.sinceMs === undefined || ms >= q.sinceMs) && (q.untilMs === undefined || ms < q.untilMs);
  };
  return { ...req, itemFilter: keep };
}

/** Path of the method lookup of the advanced filter: `?q=` a name (or selector) answers `[{method_id, name}]`. */
export const ADVANCED_FILTER_METHODS_PATH = '/api/v2/advanced-filters/methods';

/**
 * Native coin balance changes of an address, newest first: block, time, delta, balance after.
 * The server's cursor is `block_number` (changes in blocks below it) and `items_count`.
 */
export function coinBalanceHistory(hash: string): ListRequest<CoinBalance> {
  return { path: addr(hash, 'coin-balance-history'), params: [], what: `address ${hash}` };
}

/** Path of an address's daily balances (`{days, items: [{date, value}]}`, the last `days` days; no parameters). */
export function coinBalanceByDayPath(hash: string): string {
  return addr(hash, 'coin-balance-history-by-day');
}

/** Path of an address's token balances now: one array of every token it holds (no paging). */
export function addressTokenBalancesPath(hash: string): string {
  return addr(hash, 'token-balances');
}

/** Path of one transaction. */
export function transactionPath(hash: string): string {
  return `/api/v2/transactions/${hash}`;
}

/** Token transfers of one transaction (all of them; `tx show` carries at most 10). */
export function transactionTokenTransfers(hash: string, o: { type?: readonly TokenType[] } = {}): ListRequest<TokenTransfer> {
  return { path: `/api/v2/transactions/${hash}/token-transfers`, params: params({ type: o.type }), what: `transaction ${hash}` };
}

/** Event logs of one transaction (the endpoint has no topic filter). */
export function transactionLogs(hash: string): ListRequest<Log> {
  return { path: `/api/v2/transactions/${hash}/logs`, params: [], what: `transaction ${hash}` };
}

/** Internal transactions (calls between contracts) of one transaction. */
export function transactionInternalTransactions(hash: string): ListRequest<InternalTransaction> {
  return { path: `/api/v2/transactions/${hash}/internal-transactions`, params: [], what: `transaction ${hash}` };
}

/** Balance changes (coin and tokens) one transaction made, per address. */
export function transactionStateChanges(hash: string): ListRequest<StateChange> {
  return { path: `/api/v2/transactions/${hash}/state-changes`, params: [], what: `transaction ${hash}` };
}

/** What an explorer without EIP-4844 blobs answers, in words. */
const NO_BLOBS = 'serves no blobs of this transaction: it does not know the transaction, or keeps no EIP-4844 blobs (only explorers of Ethereum and its testnets do)';

/**
 * The EIP-4844 blobs a transaction carried: versioned hash, data, KZG commitment and proof. One
 * answer, `{items}`, never paged (a transaction carries a few blobs at most).
 */
export function transactionBlobs(hash: string): ListRequest<Blob> {
  return { path: `/api/v2/transactions/${hash}/blobs`, params: [], what: `transaction ${hash}`, lacking: NO_BLOBS };
}

/** Beacon deposits a transaction made (itself, or a contract it called, into the deposit contract). */
export function transactionBeaconDeposits(hash: string): ListRequest<BeaconDeposit> {
  return { path: `/api/v2/transactions/${hash}/beacon/deposits`, params: [], what: `transaction ${hash}`, lacking: NO_DEPOSITS };
}

/**
 * The beacon deposit contract on the chains whose explorers index deposits: Ethereum mainnet and
 * Hoodi share one address, then Sepolia and Holesky. `tx show` asks for a transaction's deposits
 * when it calls one of these (lower case).
 */
export const DEPOSIT_CONTRACTS: readonly string[] = [
  '0x00000000219ab540356cbb839cbe05303d7705fa',
  '0x7f02c3e3c98b133055b8b348b2ac625669ed295d',
  '0x4242424242424242424242424242424242424242',
];

/** Path of a transaction's raw trace, as the node returned it. */
export function rawTracePath(hash: string): string {
  return `/api/v2/transactions/${hash}/raw-trace`;
}

/** Path of a transaction's plain-language summary (the explorer's interpretation service). */
export function transactionSummaryPath(hash: string): string {
  return `/api/v2/transactions/${hash}/summary`;
}

/**
 * The kinds of search result (`type`), as the OpenAPI document names them: one paging parameter
 * each, plus `transaction` (an exact match, never paged).
 */
export const SEARCH_TYPES = [
  'address',
  'block',
  'blob',
  'contract',
  'ens_domain',
  'label',
  'metadata_tag',
  'tac_operation',
  'token',
  'transaction',
  'user_operation',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Free-text search: tokens, addresses, blocks, transactions, ENS names, labels... The endpoint takes
 * no type filter (only `q` and its cursors), so `type` keeps the results of those types as pages
 * arrive (`itemFilter`).
 */
export function search(q: string, o: { type?: readonly SearchType[] } = {}): ListRequest<SearchResult> {
  const types = o.type;
  const itemFilter = types && types.length ? (item: unknown) => isRecordOf(item) && types.some((t) => t === item.type) : undefined;
  return { path: '/api/v2/search', params: [['q', q]], what: `search "${q}"`, ...(itemFilter ? { itemFilter } : {}) };
}

const isRecordOf = (v: unknown): v is { type?: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kinds of block `/blocks` lists: the main chain's, uncles (ommers), or blocks a reorganisation replaced. */
export const BLOCK_TYPES = ['block', 'uncle', 'reorg'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Path of one block, by number or hash. */
export function blockPath(id: string): string {
  return `/api/v2/blocks/${id}`;
}

/** The latest blocks, newest first; `type` uncle or reorg for those instead of the main chain's. */
export function blocks(o: { type?: BlockType } = {}): ListRequest<Block> {
  return { path: '/api/v2/blocks', params: params({ type: o.type }), what: o.type && o.type !== 'block' ? `${o.type} blocks` : 'blocks' };
}

/** Transactions of one block, in the block's order. */
export function blockTransactions(id: string): ListRequest<Transaction> {
  return { path: `/api/v2/blocks/${id}/transactions`, params: [], what: `block ${id}` };
}

/** The kinds of internal transaction `/blocks/{n}/internal-transactions` filters by (`internal_type`). */
export const INTERNAL_TYPES = ['call', 'create', 'create2', 'reward', 'selfdestruct', 'stop'] as const;
export type InternalType = (typeof INTERNAL_TYPES)[number];
/** The kinds of call it filters by (`call_type`). */
export const CALL_TYPES = ['call', 'callcode', 'delegatecall', 'staticcall'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** Internal transactions of one block, in the block's order; `type` and `callType` as the server filters them. */
export function blockInternalTransactions(id: string, o: { type?: InternalType | undefined; callType?: CallType | undefined } = {}): ListRequest<InternalTransaction> {
  return { path: `/api/v2/blocks/${id}/internal-transactions`, params: params({ internal_type: o.type, call_type: o.callType }), what: `block ${id}` };
}

/** Beacon deposits included in one block. */
export function blockBeaconDeposits(id: string): ListRequest<BeaconDeposit> {
  return { path: `/api/v2/blocks/${id}/beacon/deposits`, params: [], what: `block ${id}`, lacking: NO_DEPOSITS };
}

/** Beacon withdrawals of one block (an empty list on chains without them). */
export function blockWithdrawals(id: string): ListRequest<Withdrawal> {
  return { path: `/api/v2/blocks/${id}/withdrawals`, params: [], what: `block ${id}` };
}

/** The explorer's daily charts (`{chart_data: [...]}`): transactions a day, and the coin's closing price and market cap. */
export const CHART_PATHS = { transactions: '/api/v2/stats/charts/transactions', market: '/api/v2/stats/charts/market' } as const;
export const CHARTS = ['transactions', 'market'] as const;
export type ChartName = (typeof CHARTS)[number];

/** Path of the explorer's network stats: coin price, gas prices, totals. */
export const STATS_PATH = '/api/v2/stats';

/**
 * The block at a time, from the explorer's legacy API: `timestamp` in Unix seconds, `closest`
 * before or after. It answers `{"status":"1","message":"OK","result":{"blockNumber":"…"}}`, or
 * `status` "0" with `result` null and the reason in `message`.
 */
export const BLOCK_BY_TIME_PATH = '/api/legacy/block/get-block-number-by-time';

/** Which side of a time `block at` takes: the last block at or before it, or the first at or after it. */
export const CLOSEST = ['before', 'after'] as const;
export type Closest = (typeof CLOSEST)[number];

/** The query of BLOCK_BY_TIME_PATH. */
export function blockByTimeParams(seconds: bigint, closest: Closest): Params {
  return params({ timestamp: String(seconds), closest });
}

/**
 * How far the explorer has indexed: `finished_indexing_blocks` and `indexed_blocks_ratio` for
 * blocks, `finished_indexing` and `indexed_internal_transactions_ratio` for internal transactions.
 */
export const INDEXING_STATUS_PATH = '/api/v2/main-page/indexing-status';

/**
 * Asks for the gas price estimates in full (price, time, fiat price for each speed), as the
 * explorer's own front end does; without it the server sends only the prices.
 */
export const GAS_ORACLE_HEADERS: Readonly<Record<string, string>> = { 'updated-gas-oracle': 'true' };

const tok = (hash: string, tail = '') => `/api/v2/tokens/${hash}${tail}`;

/** Path of one token. */
export function tokenPath(hash: string): string {
  return tok(hash);
}

/** Path of a token's counters (holders, transfers). */
export function tokenCountersPath(hash: string): string {
  return tok(hash, '/counters');
}

/** Holders of a token, the largest balance first; with `id`, the holders of that one NFT (an ERC-1155 id has many). */
export function tokenHolders(hash: string, id?: string): ListRequest<TokenHolder> {
  if (id !== undefined) return { path: tok(hash, `/instances/${id}/holders`), params: [], what: `token ${hash} id ${id}` };
  return { path: tok(hash, '/holders'), params: [], what: `token ${hash}` };
}

/** Transfers of a token, newest first; with `id`, those of that one NFT: its history back to its mint. */
export function tokenTransfers(hash: string, id?: string): ListRequest<TokenTransfer> {
  if (id !== undefined) return { path: tok(hash, `/instances/${id}/transfers`), params: [], what: `token ${hash} id ${id}` };
  return { path: tok(hash, '/transfers'), params: [], what: `token ${hash}` };
}

/** NFT instances of a token (ERC-721, ERC-1155, ERC-404). */
export function tokenInstances(hash: string): ListRequest<TokenInstance> {
  return { path: tok(hash, '/instances'), params: [], what: `token ${hash}` };
}

/** Path of one NFT instance; `id` is a decimal token id, already checked. */
export function tokenInstancePath(hash: string, id: string): string {
  return tok(hash, `/instances/${id}`);
}

/** Path of the count of one NFT's transfers (`{transfers_count}`); `id` already checked. */
export function tokenInstanceTransfersCountPath(hash: string, id: string): string {
  return tok(hash, `/instances/${id}/transfers-count`);
}

/** Path of a smart contract: verification, source, ABI, proxy. */
export function smartContractPath(hash: string): string {
  return `/api/v2/smart-contracts/${hash}`;
}

/**
 * The explorer's JSON-RPC methods scout sends (api/rpc.ts), all of them reads: every Blockscout
 * answers these at `POST /api/eth-rpc`. Its `eth_sendRawTransaction` is never sent.
 */
export const RPC_METHODS = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_call',
  'eth_estimateGas',
  'eth_getLogs',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
] as const;
export type RpcMethod = (typeof RPC_METHODS)[number];

/**
 * What each method takes, in order (`?`: may be left out), for `scout rpc` to check the count before
 * any request and for its help: `eth_getBalance <address> [block]`.
 */
export const RPC_PARAMS: Readonly<Record<RpcMethod, readonly string[]>> = {
  eth_blockNumber: [],
  eth_chainId: [],
  eth_gasPrice: [],
  eth_maxPriorityFeePerGas: [],
  eth_getBalance: ['address', 'block?'],
  eth_getTransactionCount: ['address', 'block?'],
  eth_getCode: ['address', 'block?'],
  eth_getStorageAt: ['address', 'slot', 'block?'],
  eth_call: ['call', 'block?'],
  eth_estimateGas: ['call', 'block?'],
  eth_getLogs: ['filter'],
  eth_getBlockByNumber: ['block', 'full'],
  eth_getBlockByHash: ['hash', 'full'],
  eth_getTransactionByHash: ['hash'],
  eth_getTransactionReceipt: ['hash'],
};

/** The methods whose result is one hex quantity (`0x1b4`): a terminal shows its decimal value too. */
export const QUANTITY_METHODS: readonly RpcMethod[] = ['eth_blockNumber', 'eth_chainId', 'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_getBalance', 'eth_getTransactionCount', 'eth_estimateGas'];
