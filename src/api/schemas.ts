/**
 * What the renderers need from each item, as zod schemas. They describe, they do not police
 * (docs/style.md, "Describe, do not police"): every object is loose (unknown keys pass through), nearly
 * every field is nullish because the real server sends null where the older field tables say a value
 * (docs/api-behaviour.md, "Nulls and shapes live data has"), and both the 2024 and 2025 field spellings
 * are accepted. JSON output never goes through them; a mismatch in a table is a warning, never lost
 * data.
 *
 * Every field a renderer reads is declared here, and only what is declared can be read: the types
 * the renderers take (`Transaction`, `Token`, ...) are the schemas' inferred types without the index
 * signature a loose object adds (see Declared). The fields a renderer does not read still pass
 * through at run time.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini, the same constructs as zod's full API in a small part of its size, says only "Invalid
// input" until given a locale: the English one keeps the wording a shape warning quotes.
z.config(en());

/**
 * `T` as its schema declares it: an inferred loose object type is `{ ...fields } & { [k: string]:
 * unknown }`, on which reading any name compiles; this keeps the declared fields only, at every
 * depth, so a renderer reading a field no schema declares is a type error. A record declared as
 * such (an action's `data`: any keys) keeps its keys.
 */
export type Declared<T> = T extends readonly (infer E)[]
  ? Declared<E>[]
  : T extends object
    ? keyof Fields<T> extends never
      ? T
      : Fields<T>
    : T;
type Fields<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: Declared<T[K]> };

const str = z.nullish(z.string());
/** Amounts and counts: decimal strings, sometimes numbers on older servers. */
const amount = z.nullish(z.union([z.string(), z.number()]));
const int = z.nullish(z.union([z.number(), z.string()]));

export const Tag = z.looseObject({ name: str, label: str, display_name: str, slug: str, tagType: str });

export const AddressParam = z.looseObject({
  hash: z.string(),
  name: str,
  ens_domain_name: str,
  is_contract: z.nullish(z.boolean()),
  is_verified: z.nullish(z.boolean()),
  is_scam: z.nullish(z.boolean()),
  /** "ok" or "scam" on newer servers, beside or instead of `is_scam`. */
  reputation: str,
  public_tags: z.nullish(z.array(Tag)),
  metadata: z.nullish(z.looseObject({ tags: z.nullish(z.array(Tag)) })),
  implementations: z.nullish(z.array(z.looseObject({ address: str, address_hash: str, name: str }))),
});
export type AddressParam = Declared<z.infer<typeof AddressParam>>;

export const Token = z.looseObject({
  address: str,
  address_hash: str,
  name: str,
  symbol: str,
  decimals: amount,
  type: str,
  exchange_rate: amount,
  total_supply: amount,
  holders: amount,
  holders_count: amount,
  icon_url: str,
  /** "ok" or "scam" (null where the explorer has no opinion); `address tokens` hides the scam ones on a terminal. */
  reputation: str,
});
export type Token = Declared<z.infer<typeof Token>>;

/**
 * One address's overview (`/addresses/{h}`): the embedded address's fields and its balance, creation
 * and token. Older servers name one implementation in `implementation_address`/`implementation_name`.
 */
export const AddressDetails = z.extend(AddressParam, {
  private_tags: z.nullish(z.array(Tag)),
  watchlist_names: z.nullish(z.array(Tag)),
  proxy_type: str,
  implementation_address: str,
  implementation_name: str,
  coin_balance: amount,
  exchange_rate: amount,
  block_number_balance_updated_at: int,
  creator_address_hash: str,
  creation_transaction_hash: str,
  creation_status: str,
  token: z.nullish(Token),
});
export type AddressDetails = Declared<z.infer<typeof AddressDetails>>;

/** An address's counters (`/addresses/{h}/counters`): decimal strings. */
export const AddressCounters = z.looseObject({ transactions_count: amount, token_transfers_count: amount, gas_usage_count: amount, validations_count: amount });
export type AddressCounters = Declared<z.infer<typeof AddressCounters>>;

export const TokenInstance = z.looseObject({
  id: str,
  token_id: str,
  /** Anything: real metadata is sometimes only `{"error": "<url>"}`, attributes of any type. */
  metadata: z.nullish(z.unknown()),
  owner: z.nullish(AddressParam),
  image_url: str,
  animation_url: str,
  external_app_url: str,
  media_url: str,
  media_type: str,
  token_type: str,
  value: amount,
  token: z.nullish(Token),
});
export type TokenInstance = Declared<z.infer<typeof TokenInstance>>;

/** One token as `/tokens/{h}` sends it: the list token object, plus market and bridge fields. */
export const TokenDetail = z.looseObject({
  ...Token.shape,
  circulating_market_cap: amount,
  volume_24h: amount,
  reputation: str,
  /** Bridged tokens (where the explorer knows bridges): the bridge and where the token comes from. */
  bridge_type: str,
  foreign_address: str,
  origin_chain_id: amount,
});
export type TokenDetail = Declared<z.infer<typeof TokenDetail>>;

/** `/tokens/{h}/counters`: counts as decimal strings. */
export const TokenCounters = z.looseObject({ token_holders_count: amount, transfers_count: amount });
export type TokenCounters = Declared<z.infer<typeof TokenCounters>>;

/** One holder of a token: `token_id` for ERC-1155 (null otherwise), `value` in base units. */
export const TokenHolder = z.looseObject({ address: z.nullish(AddressParam), token_id: str, value: amount });
export type TokenHolder = Declared<z.infer<typeof TokenHolder>>;

export const TokenBalance = z.looseObject({
  token: z.nullish(Token),
  token_id: str,
  token_instance: z.nullish(TokenInstance),
  value: amount,
});
export type TokenBalance = Declared<z.infer<typeof TokenBalance>>;

export const NftCollection = z.looseObject({
  amount: amount,
  token: z.nullish(Token),
  token_instances: z.nullish(z.array(z.looseObject({ id: str, token_id: str, value: amount, token_type: str }))),
});
export type NftCollection = Declared<z.infer<typeof NftCollection>>;

/** `total` differs by token type: ERC-20 {value, decimals}, ERC-721 {token_id}, ERC-1155 both. */
export const TransferTotal = z.looseObject({ value: amount, decimals: amount, token_id: str });

export const TokenTransfer = z.looseObject({
  transaction_hash: str,
  tx_hash: str,
  block_number: int,
  log_index: int,
  timestamp: str,
  from: z.nullish(AddressParam),
  to: z.nullish(AddressParam),
  token: z.nullish(Token),
  token_type: str,
  total: z.nullish(TransferTotal),
  type: str,
  method: str,
});
export type TokenTransfer = Declared<z.infer<typeof TokenTransfer>>;

/**
 * One item of `/advanced-filters` (address activity): a coin transfer, an internal transaction or a
 * token transfer. `hash` is the transaction's; `value` is wei for coin items, `total` the amount or
 * token id of token items; `token_transfer_index`/`internal_transaction_index` tell the items of one
 * transaction apart.
 */
export const ActivityItem = z.looseObject({
  hash: str,
  type: str,
  status: str,
  method: str,
  from: z.nullish(AddressParam),
  to: z.nullish(AddressParam),
  created_contract: z.nullish(AddressParam),
  value: amount,
  total: z.nullish(TransferTotal),
  token: z.nullish(Token),
  timestamp: str,
  block_number: int,
  transaction_index: int,
  internal_transaction_index: int,
  token_transfer_index: int,
  token_transfer_batch_index: int,
  fee: amount,
});
export type ActivityItem = Declared<z.infer<typeof ActivityItem>>;

export const Fee = z.looseObject({ type: str, value: amount });

/** A decoded call (the API's DecodedInput): `value` is any JSON (a tuple is an array or an object). */
export const DecodedInput = z.looseObject({
  method_call: str,
  method_id: str,
  parameters: z.nullish(z.array(z.looseObject({ name: str, type: str, value: z.unknown() }))),
});

/** Why a transaction failed: `{raw}` (hex, or text on some servers), a decoded call, or a string from older servers. */
export const RevertReason = z.union([z.string(), z.looseObject({ raw: str, ...DecodedInput.shape })]);

/** What a transaction did, as the explorer reads it (a swap, a mint): `data` holds the action's own fields. */
export const TxAction = z.looseObject({ protocol: str, type: str, data: z.nullish(z.record(z.string(), z.unknown())) });
export type TxAction = Declared<z.infer<typeof TxAction>>;

export const Transaction = z.looseObject({
  hash: z.string(),
  block_number: int,
  block: int,
  timestamp: str,
  status: str,
  result: str,
  method: str,
  from: z.nullish(AddressParam),
  to: z.nullish(AddressParam),
  created_contract: z.nullish(AddressParam),
  value: amount,
  fee: z.nullish(Fee),
  gas_used: amount,
  gas_limit: amount,
  gas_price: amount,
  confirmations: int,
  nonce: int,
  position: int,
  type: int,
  revert_reason: z.nullish(RevertReason),
  decoded_input: z.nullish(DecodedInput),
  raw_input: str,
  /** Coin price in USD when the explorer answered (the values in USD are worked out from it). */
  exchange_rate: amount,
  base_fee_per_gas: amount,
  max_fee_per_gas: amount,
  max_priority_fee_per_gas: amount,
  transaction_burnt_fee: amount,
  /** The 2024 spelling of transaction_burnt_fee. */
  tx_burnt_fee: amount,
  /** Rollups (OP stack chains): the L1 data fee, in wei. */
  l1_fee: amount,
  actions: z.nullish(z.array(TxAction)),
  transaction_types: z.nullish(z.array(z.string())),
  tx_types: z.nullish(z.array(z.string())),
  token_transfers: z.nullish(z.array(TokenTransfer)),
  token_transfers_overflow: z.nullish(z.boolean()),
  /** EIP-4844 (type 3): the blobs' versioned hashes and what their blob gas cost, in wei. */
  blob_versioned_hashes: z.nullish(z.array(z.string())),
  blob_gas_used: amount,
  blob_gas_price: amount,
  max_fee_per_blob_gas: amount,
  burnt_blob_fee: amount,
});
export type Transaction = Declared<z.infer<typeof Transaction>>;

export const InternalTransaction = z.looseObject({
  transaction_hash: str,
  block_number: int,
  block: int,
  index: int,
  timestamp: str,
  type: str,
  from: z.nullish(AddressParam),
  to: z.nullish(AddressParam),
  created_contract: z.nullish(AddressParam),
  value: amount,
  gas_limit: amount,
  success: z.nullish(z.boolean()),
  error: str,
});
export type InternalTransaction = Declared<z.infer<typeof InternalTransaction>>;

export const Withdrawal = z.looseObject({
  index: int,
  validator_index: int,
  block_number: int,
  amount: amount,
  timestamp: str,
  receiver: z.nullish(AddressParam),
});
export type Withdrawal = Declared<z.infer<typeof Withdrawal>>;

/** One verified contract of `/smart-contracts`: its address (with its name), language, compiler and when it was verified. */
export const SmartContractItem = z.looseObject({
  address: z.nullish(AddressParam),
  language: str,
  compiler_version: str,
  verified_at: str,
  transactions_count: amount,
  coin_balance: amount,
  license_type: str,
  optimization_enabled: z.nullish(z.boolean()),
  certified: z.nullish(z.boolean()),
});
export type SmartContractItem = Declared<z.infer<typeof SmartContractItem>>;

/** `/smart-contracts/counters`: decimal strings. */
export const SmartContractCounters = z.looseObject({
  smart_contracts: amount,
  verified_smart_contracts: amount,
  new_smart_contracts_24h: amount,
  new_verified_smart_contracts_24h: amount,
});
export type SmartContractCounters = Declared<z.infer<typeof SmartContractCounters>>;

/** One hot contract of `/stats/hot-smart-contracts`: its transactions and gas in the period, its balance in wei. */
export const HotContract = z.looseObject({
  contract_address: z.nullish(AddressParam),
  transactions_count: amount,
  total_gas_used: amount,
  balance: amount,
});
export type HotContract = Declared<z.infer<typeof HotContract>>;

/**
 * One EIP-4844 blob of a transaction (`/transactions/{h}/blobs`): `hash` is its versioned hash,
 * `blob_data` the blob itself (131,072 bytes as hex; null where the explorer did not keep it).
 */
export const Blob = z.looseObject({ hash: str, blob_data: str, kzg_commitment: str, kzg_proof: str });
export type Blob = Declared<z.infer<typeof Blob>>;

/**
 * One beacon-chain deposit (`/beacon/deposits` of a transaction, block or address): `amount` in wei,
 * `status` pending, completed or invalid, the validator's `pubkey` and where it withdraws to.
 */
export const BeaconDeposit = z.looseObject({
  index: int,
  transaction_hash: str,
  block_number: int,
  block_hash: str,
  block_timestamp: str,
  pubkey: str,
  withdrawal_credentials: str,
  withdrawal_address: z.nullish(AddressParam),
  from_address: z.nullish(AddressParam),
  amount: amount,
  signature: str,
  status: str,
});
export type BeaconDeposit = Declared<z.infer<typeof BeaconDeposit>>;

/** One change of an address's native coin balance (`/coin-balance-history`): `value` is the balance after it. */
export const CoinBalance = z.looseObject({
  block_number: int,
  block_timestamp: str,
  delta: amount,
  value: amount,
  transaction_hash: str,
});
export type CoinBalance = Declared<z.infer<typeof CoinBalance>>;

/** One day of `/coin-balance-history-by-day`: the balance that day. */
export const CoinBalanceDay = z.looseObject({ date: str, value: amount });
export type CoinBalanceDay = Declared<z.infer<typeof CoinBalanceDay>>;

/** One day of a `/stats/charts/*` series (transactions: `transaction_count`, older `transactions_count`/`tx_count`; market: `closing_price`, `market_cap`). */
export const ChartDay = z.looseObject({ date: str, transaction_count: amount, transactions_count: amount, tx_count: amount, closing_price: amount, market_cap: amount });
export type ChartDay = Declared<z.infer<typeof ChartDay>>;

/** One block (`/blocks/{id}` and the items of `/blocks`). */
export const Block = z.looseObject({
  height: int,
  hash: str,
  parent_hash: str,
  timestamp: str,
  type: str,
  miner: z.nullish(AddressParam),
  transactions_count: int,
  internal_transactions_count: int,
  withdrawals_count: int,
  gas_used: amount,
  gas_limit: amount,
  gas_used_percentage: amount,
  gas_target_percentage: amount,
  base_fee_per_gas: amount,
  burnt_fees: amount,
  burnt_fees_percentage: amount,
  priority_fee: amount,
  transaction_fees: amount,
  size: int,
  uncles_hashes: z.nullish(z.array(z.looseObject({ hash: str }))),
  rewards: z.nullish(z.array(z.looseObject({ type: str, reward: amount }))),
  blob_transactions_count: int,
  blob_gas_used: amount,
  burnt_blob_fees: amount,
  is_pending_update: z.nullish(z.boolean()),
});
export type Block = Declared<z.infer<typeof Block>>;

/**
 * One speed of the gas price oracle: a number of gwei from servers that answer without the
 * `updated-gas-oracle` header (and older ones), else `{price, time, fiat_price, ...}`.
 */
export const GasPrice = z.nullish(z.union([
  z.number(),
  z.string(),
  z.looseObject({ price: amount, time: amount, fiat_price: amount, base_fee: amount, priority_fee: amount }),
]));
export type GasPrice = Declared<z.infer<typeof GasPrice>>;

export const GasPrices = z.looseObject({ slow: GasPrice, average: GasPrice, fast: GasPrice });
export type GasPrices = Declared<z.infer<typeof GasPrices>>;

/** The explorer's network stats (`/stats`). */
export const Stats = z.looseObject({
  coin_price: amount,
  coin_price_change_percentage: amount,
  secondary_coin_price: amount,
  market_cap: amount,
  tvl: amount,
  gas_prices: z.nullish(GasPrices),
  gas_price_updated_at: str,
  static_gas_price: amount,
  average_block_time: amount,
  total_blocks: amount,
  total_transactions: amount,
  transactions_today: amount,
  total_addresses: amount,
  gas_used_today: amount,
  network_utilization_percentage: amount,
});
export type Stats = Declared<z.infer<typeof Stats>>;
/** A decoded event (the API's DecodedLogInput): `value` is any JSON (a tuple is an array or an object). */
export const DecodedLog = z.looseObject({
  method_call: str,
  method_id: str,
  parameters: z.nullish(z.array(z.looseObject({ name: str, type: str, indexed: z.nullish(z.boolean()), value: z.unknown() }))),
});
export type DecodedLog = Declared<z.infer<typeof DecodedLog>>;

/** One event log, of a transaction or an address; `decoded` is null when the explorer has no ABI for it. */
export const Log = z.looseObject({
  transaction_hash: str,
  /** The 2024 spelling of transaction_hash. */
  tx_hash: str,
  block_number: int,
  block_hash: str,
  block_timestamp: str,
  index: int,
  address: z.nullish(AddressParam),
  smart_contract: z.nullish(AddressParam),
  topics: z.nullish(z.array(str)),
  data: str,
  decoded: z.nullish(DecodedLog),
});
export type Log = Declared<z.infer<typeof Log>>;

/** An NFT moved in a state change: `direction` "from" (sent) or "to" (received). */
export const NftChange = z.looseObject({ direction: str, total: z.nullish(z.looseObject({ token_id: amount })) });

/**
 * What one transaction changed of one balance: the coin (`type: "coin"`, `token: null`) or a token.
 * `change` is a signed integer string, or for ERC-721 a list of the NFTs that moved; balances are
 * null for the zero address of a mint.
 */
export const StateChange = z.looseObject({
  address: z.nullish(AddressParam),
  type: str,
  is_miner: z.nullish(z.boolean()),
  balance_before: amount,
  balance_after: amount,
  change: z.nullish(z.union([z.string(), z.number(), z.array(NftChange)])),
  token: z.nullish(Token),
  token_id: amount,
});
export type StateChange = Declared<z.infer<typeof StateChange>>;

/** What a search result says of a name (ENS, Base names, ...): `address_hash` is null for a name pointing nowhere. */
export const EnsInfo = z.looseObject({ address_hash: str, name: str, expiry_date: str, names_count: int });

/**
 * One search result. The fields depend on `type` (docs/api-behaviour.md, Search results): tokens,
 * addresses, contracts, labels, ENS domains, metadata tags, blocks, transactions, user operations,
 * blobs.
 */
export const SearchResult = z.looseObject({
  type: str,
  name: str,
  symbol: str,
  address: str,
  address_hash: str,
  /** The 2024 spelling of transaction_hash. */
  tx_hash: str,
  transaction_hash: str,
  block_hash: str,
  block_number: int,
  block_type: str,
  user_operation_hash: str,
  blob_hash: str,
  /** Result types we do not know may carry a plain `hash`. */
  hash: str,
  token_type: str,
  exchange_rate: amount,
  certified: z.nullish(z.boolean()),
  is_smart_contract_verified: z.nullish(z.boolean()),
  reputation: str,
  ens_info: z.nullish(EnsInfo),
  /** A metadata tag result's tag. */
  metadata: z.nullish(Tag),
  timestamp: str,
});
export type SearchResult = Declared<z.infer<typeof SearchResult>>;

export const Network = z.looseObject({
  chain_id: z.nullish(z.union([z.string(), z.number()])),
  name: str,
  domain: str,
  active: z.nullish(z.boolean()),
  rpc_url: str,
  block_timestamp_skew: int,
  sent_transactions_activity_enabled: z.nullish(z.boolean()),
  verified_contracts_activity_enabled: z.nullish(z.boolean()),
  blockscout_usage_activity_enabled: z.nullish(z.boolean()),
  /** The explorer API key, a secret: the real service's name for it. */
  blockscout_api_key: str,
  /** The older field tables' name for blockscout_api_key (docs/api-behaviour.md, Admin API). */
  explorer_api_key: str,
  details: z.nullish(z.unknown()),
});
export type Network = Declared<z.infer<typeof Network>>;

/** A proxy's implementation: `address_hash` on newer servers, `address` on older ones. */
const Implementation = z.looseObject({ address: str, address_hash: str, name: str });

/**
 * `/smart-contracts/{h}`. A verified contract carries its source and ABI; an unverified one only its
 * bytecode, proxy type and implementations (no `is_verified` at all); a contract matched to a
 * verified twin has `is_verified: false` with the twin's source and `verified_twin_address_hash`.
 */
export const SmartContract = z.looseObject({
  is_verified: z.nullish(z.boolean()),
  is_fully_verified: z.nullish(z.boolean()),
  is_partially_verified: z.nullish(z.boolean()),
  is_verified_via_sourcify: z.nullish(z.boolean()),
  is_verified_via_eth_bytecode_db: z.nullish(z.boolean()),
  is_verified_via_verifier_alliance: z.nullish(z.boolean()),
  is_vyper_contract: z.nullish(z.boolean()),
  is_blueprint: z.nullish(z.boolean()),
  is_self_destructed: z.nullish(z.boolean()),
  is_changed_bytecode: z.nullish(z.boolean()),
  certified: z.nullish(z.boolean()),
  verified_twin_address_hash: str,
  name: str,
  language: str,
  compiler_version: str,
  optimization_enabled: z.nullish(z.boolean()),
  optimization_runs: int,
  evm_version: str,
  license_type: str,
  verified_at: str,
  proxy_type: str,
  implementations: z.nullish(z.array(Implementation)),
  file_path: str,
  source_code: str,
  additional_sources: z.nullish(z.array(z.looseObject({ file_path: str, source_code: str }))),
  abi: z.nullish(z.unknown()),
  sourcify_repo_url: str,
  external_libraries: z.nullish(z.array(z.looseObject({ address_hash: str, name: str }))),
});
export type SmartContract = Declared<z.infer<typeof SmartContract>>;

/** A top account (`/addresses`): an address object with its coin balance and transaction count. */
export const TopAddress = z.looseObject({ hash: z.nullish(z.string()), coin_balance: amount, transactions_count: z.nullish(z.union([z.string(), z.number()])), name: z.nullish(z.string()) });
export type TopAddress = Declared<z.infer<typeof TopAddress>>;
// ───────────────────────────────────────────────────────────────── account abstraction (ERC-4337)

/**
 * An address in the account abstraction service's answers: the explorer replaces each hash it knows
 * with its address object and leaves a hash it does not know as the bare string.
 */
export const AaParty = z.nullish(z.union([z.string(), AddressParam]));
export type AaParty = Declared<z.infer<typeof AaParty>>;

/** One user operation in a list (`/proxy/account-abstraction/operations`): `address` is its sender. */
export const UserOpInList = z.looseObject({
  hash: str,
  address: AaParty,
  entry_point: AaParty,
  entry_point_version: str,
  transaction_hash: str,
  block_number: int,
  status: z.nullish(z.boolean()),
  fee: amount,
  timestamp: str,
});
export type UserOpInList = Declared<z.infer<typeof UserOpInList>>;

/** One user operation (`/proxy/account-abstraction/operations/{h}`): gas limits and amounts are decimal strings. */
export const UserOp = z.looseObject({
  hash: str,
  sender: AaParty,
  nonce: str,
  call_data: str,
  call_gas_limit: amount,
  verification_gas_limit: amount,
  pre_verification_gas: amount,
  max_fee_per_gas: amount,
  max_priority_fee_per_gas: amount,
  signature: str,
  aggregator: AaParty,
  entry_point: AaParty,
  entry_point_version: str,
  transaction_hash: str,
  block_number: int,
  block_hash: str,
  bundler: AaParty,
  bundle_index: int,
  index: int,
  factory: AaParty,
  paymaster: AaParty,
  status: z.nullish(z.boolean()),
  revert_reason: str,
  gas: amount,
  gas_price: amount,
  gas_used: amount,
  sponsor_type: str,
  user_logs_count: int,
  fee: amount,
  consensus: z.nullish(z.boolean()),
  timestamp: str,
  execute_target: AaParty,
  execute_call_data: str,
  decoded_call_data: z.nullish(DecodedInput),
  decoded_execute_call_data: z.nullish(DecodedInput),
});
export type UserOp = Declared<z.infer<typeof UserOp>>;

/** A smart account (`/proxy/account-abstraction/accounts/{h}`). */
export const AaAccount = z.looseObject({
  address: AaParty,
  factory: AaParty,
  creation_op_hash: str,
  creation_transaction_hash: str,
  creation_timestamp: str,
  total_ops: int,
});
export type AaAccount = Declared<z.infer<typeof AaAccount>>;

export const AaBundler = z.looseObject({ address: AaParty, total_bundles: int, total_ops: int });
export type AaBundler = Declared<z.infer<typeof AaBundler>>;
export const AaPaymaster = z.looseObject({ address: AaParty, total_ops: int });
export type AaPaymaster = Declared<z.infer<typeof AaPaymaster>>;
export const AaFactory = z.looseObject({ address: AaParty, total_accounts: int });
/** One bundle (`/bundles`): the transaction that carried it, its place in it, its bundler and operation count. */
export const AaBundle = z.looseObject({ transaction_hash: str, bundle_index: int, bundler: AaParty, block_number: int, timestamp: str, total_ops: int });
export type AaBundle = Declared<z.infer<typeof AaBundle>>;
export type AaFactory = Declared<z.infer<typeof AaFactory>>;

/**
 * The service's status (`/proxy/account-abstraction/status`): whether past operations are indexed,
 * and a member per entry point version (`v06`, `v07`, …) saying whether it is enabled, followed
 * live, and its past logs indexed.
 */
export const AaStatus = z.looseObject({ finished_past_indexing: z.nullish(z.boolean()) });
export type AaStatus = Declared<z.infer<typeof AaStatus>>;
