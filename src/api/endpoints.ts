/**
 * One function per API operation (docs/api-behaviour.md, Query parameters): typed parameters in, a list
 * request or object path out. Only the parameter names the server accepts are ever produced: it answers
 * 422 "Unexpected field" to anything else.
 */
import type { ListRequest, Params } from './client.js';
import type {
  AaBundler,
  AaAccount,
  AaBundle,
  AaFactory,
  AaPaymaster,
  ActivityItem,
  BeaconDeposit,
  Blob,
  Block,
  CoinBalance,
  HotContract,
  InternalTransaction,
  Log,
  NftCollection,
  SearchResult,
  SmartContractItem,
  StateChange,
  TopAddress,
  TokenBalance,
  TokenDetail,
  TokenHolder,
  TokenInstance,
  TokenTransfer,
  Transaction,
  UserOpInList,
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

/**
 * One of the explorer's own CSV exports (`--server-csv`, run/server-csv.ts): its path and
 * parameters, and whether the window goes as `from_period`/`to_period` (required on an address's lists).
 */
export interface CsvExport {
  readonly path: string;
  readonly params: Params;
  /** What the file holds, for messages: "transactions of address 0x…". */
  readonly what: string;
  /** The window is sent as `from_period` and `to_period`. */
  readonly period: boolean;
}

/** The lists of an address the explorer exports as CSV, by the path of their list. */
export type AddressCsvList = 'transactions' | 'token-transfers' | 'internal-transactions' | 'logs';

/** The explorer's CSV of one list of an address: `filter` goes as `filter_type=address&filter_value=to|from`. */
export function addressCsv(hash: string, list: AddressCsvList, filter?: Filter): CsvExport {
  const f = filter === undefined ? {} : { filter_type: 'address', filter_value: filter };
  return { path: addr(hash, `${list}/csv`), params: params(f), what: `${list.replace('-', ' ')} of address ${hash}`, period: true };
}

/** The explorer's CSV of a token's holders (the periods it ignores are not sent). */
export function tokenHoldersCsv(hash: string): CsvExport {
  return { path: `/api/v2/tokens/${hash}/holders/csv`, params: [], what: `holders of token ${hash}`, period: false };
}

/** The explorer's CSV of an advanced filter's items: the list's own parameters (its window in `age_from`/`age_to`). */
export function advancedFiltersCsv(list: Pick<ListRequest, 'params' | 'what'>): CsvExport {
  return { path: `${ADVANCED_FILTERS_PATH}/csv`, params: list.params, what: list.what, period: false };
}

/** `/api/v2/config/csv-export`: `{limit, async_enabled}`. */
export const CSV_EXPORT_CONFIG_PATH = '/api/v2/config/csv-export';

/** Where an asynchronous export is polled: `{status, file_id, expires_at}`. */
export function csvExportPath(requestId: string): string {
  return `/api/v2/csv-exports/${requestId}`;
}

/** Where the file of a finished asynchronous export is served (`?id=<file_id>`), on the explorer's own host. */
export const CSV_FILE_PATH = '/downloadFile';

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
export const CHART_PATHS = {
  transactions: '/api/v2/stats/charts/transactions',
  market: '/api/v2/stats/charts/market',
  'secondary': '/api/v2/stats/charts/secondary-coin-market',
} as const;
export const CHARTS = ['transactions', 'market', 'secondary'] as const;
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

/** The explorer's tokens, in its own order (market cap, then holders); `q` matches names and symbols. */
export function tokenList(o: { q?: string | undefined; type?: readonly TokenType[] | undefined } = {}): ListRequest<TokenDetail> {
  return { path: '/api/v2/tokens', params: params({ q: o.q, type: o.type }), what: o.q ? `tokens "${o.q}"` : 'tokens' };
}

/** The languages `/smart-contracts` filters by (`filter`), as the OpenAPI document's Language lists them. */
export const CONTRACT_LANGUAGES = ['solidity', 'vyper', 'yul', 'geas'] as const;
export type ContractLanguage = (typeof CONTRACT_LANGUAGES)[number];

/** Verified contracts, the most recently verified first; `q` matches names and addresses. */
export function smartContracts(o: { q?: string | undefined; language?: ContractLanguage | undefined } = {}): ListRequest<SmartContractItem> {
  return { path: '/api/v2/smart-contracts', params: params({ q: o.q, filter: o.language }), what: o.q ? `verified contracts "${o.q}"` : 'verified contracts' };
}

/** Path of the contract counters: contracts and verified contracts, and those new in the last 24 hours (decimal strings). */
export const SMART_CONTRACT_COUNTERS_PATH = '/api/v2/smart-contracts/counters';

/** The periods `/stats/hot-smart-contracts` takes (`scale`, required). */
export const HOT_SCALES = ['5m', '1h', '3h', '1d', '7d', '30d'] as const;
export type HotScale = (typeof HOT_SCALES)[number];
/** What hot contracts are ranked by, and the `sort` each is sent as. */
export const HOT_ORDERS = ['transactions', 'gas'] as const;
export type HotOrder = (typeof HOT_ORDERS)[number];
const HOT_SORT: Readonly<Record<HotOrder, string>> = { transactions: 'transactions_count', gas: 'total_gas_used' };

/**
 * The contracts called most in the last `scale`, by transactions (the server's default order) or by
 * gas used, largest first. Instances without the stats answer 404 or 400: the `lacking` line.
 */
export function hotContracts(o: { scale: HotScale; by?: HotOrder | undefined }): ListRequest<HotContract> {
  const sort = o.by === undefined ? {} : { sort: HOT_SORT[o.by], order: 'desc' };
  return {
    path: '/api/v2/stats/hot-smart-contracts',
    params: params({ scale: o.scale, ...sort }),
    what: `hot contracts (${o.scale})`,
    lacking: 'has no hot contracts (/api/v2/stats/hot-smart-contracts)',
  };
}

/** Which transactions `/transactions` lists (`filter`): those in blocks (the server's default) or those waiting. */
export const TRANSACTION_FILTERS = ['validated', 'pending'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];
/** The kinds `/transactions` narrows to (`type`): the OpenAPI document has one. */
export const TRANSACTION_KINDS = ['blob_transaction'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** The chain's latest transactions, newest first; pending ones with `filter` pending. */
export function latestTransactions(o: { filter?: TransactionFilter | undefined; type?: TransactionKind | undefined } = {}): ListRequest<Transaction> {
  return { path: '/api/v2/transactions', params: params({ filter: o.filter, type: o.type }), what: o.filter === 'pending' ? 'pending transactions' : 'transactions' };
}

/** The chain's latest token transfers, newest first. */
export function latestTokenTransfers(o: { type?: readonly TokenType[] | undefined } = {}): ListRequest<TokenTransfer> {
  return { path: '/api/v2/token-transfers', params: params({ type: o.type }), what: 'token transfers' };
}

/** The chain's latest internal transactions, newest first. */
export function latestInternalTransactions(): ListRequest<InternalTransaction> {
  return { path: '/api/v2/internal-transactions', params: [], what: 'internal transactions' };
}

/** The chain's latest beacon withdrawals, newest first (an empty list on chains without them). */
export function latestWithdrawals(): ListRequest<Withdrawal> {
  return { path: '/api/v2/withdrawals', params: [], what: 'withdrawals' };
}

/**
 * The chain's latest beacon deposits, newest first: an Ethereum explorer's (its build serves
 * `/beacon/deposits`); any other answers 404 or 400, said in the `lacking` line.
 */
export function beaconDeposits(): ListRequest<BeaconDeposit> {
  return {
    path: '/api/v2/beacon/deposits',
    params: [],
    what: 'beacon deposits',
    lacking: 'has no beacon deposits (/api/v2/beacon/deposits): only explorers of Ethereum and its testnets list them',
  };
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

/** The explorer's configuration endpoints `scout explorer` asks, by the member its --json gives each. */
export const EXPLORER_PARTS = {
  version: '/api/v2/config/backend-version',
  backend: '/api/v2/config/backend',
  indexer: '/api/v2/config/indexer',
  indexing: '/api/v2/main-page/indexing-status',
  csv_export: '/api/v2/config/csv-export',
  public_metrics: '/api/v2/config/public-metrics',
  languages: '/api/v2/config/smart-contracts/languages',
  migrations: '/api/v2/config/db-background-migrations',
} as const;
export type ExplorerPart = keyof typeof EXPLORER_PARTS;

/** Path of the explorer's estimate of the time until block `n` (`/blocks/{n}/countdown`). */
export function blockCountdownPath(n: string): string {
  return `/api/v2/blocks/${n}/countdown`;
}

/** How `/addresses` (top accounts) orders its items. */
export const ACCOUNT_SORTS = ['balance', 'transactions_count'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export const ORDERS = ['asc', 'desc'] as const;
export type Order = (typeof ORDERS)[number];

/** The accounts holding the most of the chain's coin (or by transactions), with the explorer's total supply beside. */
export function topAccounts(o: { sort?: AccountSort | undefined; order?: Order | undefined } = {}): ListRequest<TopAddress> {
  return { path: '/api/v2/addresses', params: params({ sort: o.sort, order: o.order }), what: 'top accounts' };
}

// ───────────────────────────────────────────────────────────────── account abstraction (ERC-4337)

/**
 * Where the explorer serves ERC-4337 data: a proxy to its account abstraction service. An explorer
 * without the service answers 501 `{"message":"Service is disabled"}` there, one without the proxy
 * 404; lists cursor with `page_token` (and `page_size`), as the service issues them.
 */
export const AA_PATH = '/api/v2/proxy/account-abstraction';

/** What a list says when the explorer has no account abstraction service. */
const AA_LACKING = `has no account abstraction service (${AA_PATH}); scout aa status says whether it is on`;

/** Path of one user operation. */
export function userOpPath(hash: string): string {
  return `${AA_PATH}/operations/${hash}`;
}

/** Path of a user operation's plain-language summary (the explorer's interpretation service). */
export function userOpSummaryPath(hash: string): string {
  return `${AA_PATH}/operations/${hash}/summary`;
}

/** Path of a smart account: its factory, creation and operation count (404 for an address that is none). */
export function aaAccountPath(hash: string): string {
  return `${AA_PATH}/accounts/${hash}`;
}

/** Path of the account abstraction service's indexing status. */
export const AA_STATUS_PATH = `${AA_PATH}/status`;

/** The roles an address takes in a user operation, each the `/operations` filter of the same name. */
export const USEROP_ROLES = ['sender', 'bundler', 'paymaster', 'factory'] as const;
export type UserOpRole = (typeof USEROP_ROLES)[number];

/** User operations with `address` in `role` (sender by default), newest first. */
export function addressUserOps(address: string, role: UserOpRole = 'sender'): ListRequest<UserOpInList> {
  return { path: `${AA_PATH}/operations`, params: params({ [role]: address }), what: `user operations of ${role} ${address}`, lacking: AA_LACKING };
}

/** The user operations a bundle transaction carried, in the bundle's order. */
export function transactionUserOps(hash: string): ListRequest<UserOpInList> {
  return { path: `${AA_PATH}/operations`, params: params({ transaction_hash: hash }), what: `user operations of transaction ${hash}`, lacking: AA_LACKING };
}

/** The top lists of the account abstraction service: bundlers, paymasters, wallet factories. */
export const AA_TOPS = ['bundlers', 'paymasters', 'factories'] as const;
export type AaTop = (typeof AA_TOPS)[number];

export function aaBundlers(): ListRequest<AaBundler> {
  return { path: `${AA_PATH}/bundlers`, params: [], what: 'bundlers', lacking: AA_LACKING };
}

export function aaPaymasters(): ListRequest<AaPaymaster> {
  return { path: `${AA_PATH}/paymasters`, params: [], what: 'paymasters', lacking: AA_LACKING };
}

/** Smart accounts the service knows, optionally those of one factory. */
export function aaAccounts(o: { factory?: string | undefined } = {}): ListRequest<AaAccount> {
  return { path: `${AA_PATH}/accounts`, params: params({ factory: o.factory }), what: 'smart accounts', lacking: AA_LACKING };
}

/** Bundle transactions, newest first, optionally those of one bundler. */
export function aaBundles(o: { bundler?: string | undefined } = {}): ListRequest<AaBundle> {
  return { path: `${AA_PATH}/bundles`, params: params({ bundler: o.bundler }), what: 'bundles', lacking: AA_LACKING };
}

export function aaFactories(): ListRequest<AaFactory> {
  return { path: `${AA_PATH}/factories`, params: [], what: 'factories', lacking: AA_LACKING };
}

/** The last day on the chain and the withdrawals so far, by the member `stats --day --json` gives each. */
export const DAY_PARTS = {
  transactions: '/api/v2/transactions/stats',
  withdrawals: '/api/v2/withdrawals/counters',
} as const;
