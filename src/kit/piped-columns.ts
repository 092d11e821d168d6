/**
 * The fields of a piped line (tab-separated, no header) of each list, in order, for --help and
 * README. Generated from the column sets by `npm run columns` (scripts/columns-doc.ts); a test
 * fails while it differs from them. Plain data: --help reads it at start-up.
 */
export const PIPED_COLUMNS = {
  topAccounts: ['address', 'balance_raw', 'balance', 'transactions_count'],
  transactions: ['hash', 'block', 'timestamp', 'method', 'from', 'to', 'value_wei', 'value', 'fee_wei', 'fee', 'status'],
  tokenBalances: ['token', 'symbol', 'name', 'type', 'token_id', 'balance_raw', 'balance', 'value_usd'],
  nftCollections: ['token', 'name', 'symbol', 'type', 'amount', 'token_ids'],
  tokenTransfers: ['transaction_hash', 'log_index', 'timestamp', 'type', 'from', 'to', 'amount_raw', 'amount', 'token', 'token_symbol', 'token_type', 'token_id'],
  txTransfers: ['transaction_hash', 'log_index', 'timestamp', 'type', 'from', 'to', 'amount_raw', 'amount', 'token', 'token_symbol', 'token_type', 'token_id'],
  internalTransactions: ['transaction_hash', 'block_number', 'index', 'timestamp', 'type', 'from', 'to', 'value_wei', 'value', 'gas_limit', 'status', 'error'],
  txInternalTransactions: ['transaction_hash', 'block_number', 'index', 'timestamp', 'type', 'from', 'to', 'value_wei', 'value', 'gas_limit', 'status', 'error'],
  withdrawals: ['index', 'validator_index', 'block_number', 'timestamp', 'receiver', 'amount_wei', 'amount'],
  search: ['type', 'name', 'symbol', 'id', 'detail', 'timestamp'],
  blocks: ['height', 'hash', 'type', 'timestamp', 'transactions_count', 'miner', 'gas_used', 'gas_limit', 'base_fee_per_gas', 'burnt_fees_wei', 'burnt_fees', 'size'],
  tokenHolders: ['address', 'token_id', 'balance_raw', 'balance', 'share_percent'],
  tokenInstances: ['id', 'owner', 'name', 'image_url'],
  logs: ['transaction_hash', 'block_number', 'index', 'timestamp', 'address', 'event', 'event_name', 'topics', 'data'],
  txLogs: ['transaction_hash', 'block_number', 'index', 'timestamp', 'address', 'event', 'event_name', 'topics', 'data'],
  stateChanges: ['address', 'is_miner', 'type', 'token', 'symbol', 'token_type', 'token_id', 'balance_before_raw', 'balance_before', 'balance_after_raw', 'balance_after', 'change_raw', 'change'],
  activity: ['timestamp', 'type', 'kind', 'from', 'to', 'amount_raw', 'amount', 'symbol', 'token_address', 'token_id', 'method', 'transaction_hash', 'block_number', 'status', 'tx_fee_wei', 'tx_fee'],
  coinBalances: ['timestamp', 'block_number', 'delta_wei', 'delta', 'balance_wei', 'balance', 'transaction_hash'],
  coinBalanceDays: ['date', 'balance_wei', 'balance'],
  balances: ['address', 'at', 'block', 'balance_raw', 'balance', 'unit', 'value_usd', 'price_usd', 'price_date'],
  portfolio: ['chain', 'chain_id', 'address', 'token', 'symbol', 'amount_raw', 'amount', 'price_usd', 'value_usd'],
  chartTransactions: ['date', 'transactions'],
  chartMarket: ['date', 'closing_price', 'market_cap'],
  tokens: ['address', 'symbol', 'name', 'type', 'holders_count', 'exchange_rate', 'circulating_market_cap'],
  contracts: ['address', 'language', 'compiler_version', 'verified_at', 'transactions_count', 'balance_wei', 'balance'],
  hotContracts: ['address', 'transactions_count', 'total_gas_used', 'balance_wei', 'balance'],
  deposits: ['index', 'block_number', 'timestamp', 'from', 'pubkey', 'amount_wei', 'amount', 'status', 'transaction_hash'],
  chains: ['id', 'name', 'names', 'coin', 'testnet', 'explorer', 'source'],
  methods: ['kind', 'selector', 'signature', 'contract'],
  networks: ['chain_id', 'name', 'domain', 'active', 'rpc_url', 'block_timestamp_skew', 'sent_transactions_activity_enabled', 'verified_contracts_activity_enabled', 'blockscout_usage_activity_enabled', 'api_key_set'],
} as const;

export type PipedColumnsName = keyof typeof PIPED_COLUMNS;
