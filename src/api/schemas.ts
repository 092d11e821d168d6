/**
 * What the renderers need from each item, as zod schemas. They describe, they do not police
 * (STYLE.md, habit 5): every object is loose (unknown keys pass through), nearly every field is
 * nullish because the real server sends null where the seed says a value (API.md, "Where real data
 * differs"), and both the 2024 and 2025 field spellings are accepted. JSON output never goes through
 * them; a mismatch in a table is a warning, never lost data.
 */
import { z } from 'zod';

const str = z.string().nullish();
/** Amounts and counts: decimal strings, sometimes numbers on older servers. */
const amount = z.union([z.string(), z.number()]).nullish();
const int = z.union([z.number(), z.string()]).nullish();

export const Tag = z.looseObject({ name: str, label: str, display_name: str, slug: str, tagType: str });

export const AddressParam = z.looseObject({
  hash: z.string(),
  name: str,
  ens_domain_name: str,
  is_contract: z.boolean().nullish(),
  is_verified: z.boolean().nullish(),
  is_scam: z.boolean().nullish(),
  public_tags: z.array(Tag).nullish(),
  metadata: z.looseObject({ tags: z.array(Tag).nullish() }).nullish(),
  implementations: z.array(z.looseObject({ address: str, address_hash: str, name: str })).nullish(),
});
export type AddressParam = z.infer<typeof AddressParam>;

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
});
export type Token = z.infer<typeof Token>;

export const TokenInstance = z.looseObject({ id: str, token_id: str, metadata: z.unknown().nullish() });

export const TokenBalance = z.looseObject({
  token: Token.nullish(),
  token_id: str,
  token_instance: TokenInstance.nullish(),
  value: amount,
});
export type TokenBalance = z.infer<typeof TokenBalance>;

export const NftCollection = z.looseObject({
  amount: amount,
  token: Token.nullish(),
  token_instances: z.array(z.looseObject({ id: str, token_id: str, value: amount, token_type: str })).nullish(),
});
export type NftCollection = z.infer<typeof NftCollection>;

/** `total` differs by token type: ERC-20 {value, decimals}, ERC-721 {token_id}, ERC-1155 both. */
export const TransferTotal = z.looseObject({ value: amount, decimals: amount, token_id: str });

export const TokenTransfer = z.looseObject({
  transaction_hash: str,
  tx_hash: str,
  block_number: int,
  log_index: int,
  timestamp: str,
  from: AddressParam.nullish(),
  to: AddressParam.nullish(),
  token: Token.nullish(),
  token_type: str,
  total: TransferTotal.nullish(),
  type: str,
  method: str,
});
export type TokenTransfer = z.infer<typeof TokenTransfer>;

export const Fee = z.looseObject({ type: str, value: amount });

export const Transaction = z.looseObject({
  hash: z.string(),
  block_number: int,
  block: int,
  timestamp: str,
  status: str,
  result: str,
  method: str,
  from: AddressParam.nullish(),
  to: AddressParam.nullish(),
  created_contract: AddressParam.nullish(),
  value: amount,
  fee: Fee.nullish(),
  gas_used: amount,
  gas_limit: amount,
  gas_price: amount,
  confirmations: int,
  nonce: int,
  position: int,
  type: int,
  revert_reason: z.unknown().nullish(),
  decoded_input: z.unknown().nullish(),
  transaction_types: z.array(z.string()).nullish(),
  tx_types: z.array(z.string()).nullish(),
  token_transfers: z.array(TokenTransfer).nullish(),
  token_transfers_overflow: z.boolean().nullish(),
});
export type Transaction = z.infer<typeof Transaction>;

export const InternalTransaction = z.looseObject({
  transaction_hash: str,
  block_number: int,
  block: int,
  index: int,
  timestamp: str,
  type: str,
  from: AddressParam.nullish(),
  to: AddressParam.nullish(),
  created_contract: AddressParam.nullish(),
  value: amount,
  gas_limit: amount,
  success: z.boolean().nullish(),
  error: str,
});
export type InternalTransaction = z.infer<typeof InternalTransaction>;

export const Withdrawal = z.looseObject({
  index: int,
  validator_index: int,
  block_number: int,
  amount: amount,
  timestamp: str,
  receiver: AddressParam.nullish(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const SearchResult = z.looseObject({
  type: str,
  name: str,
  symbol: str,
  address: str,
  address_hash: str,
  transaction_hash: str,
  block_hash: str,
  block_number: int,
  token_type: str,
  ens_info: z.unknown().nullish(),
  timestamp: str,
});
export type SearchResult = z.infer<typeof SearchResult>;

export const Network = z.looseObject({
  chain_id: z.union([z.string(), z.number()]).nullish(),
  name: str,
  domain: str,
  active: z.boolean().nullish(),
  rpc_url: str,
  block_timestamp_skew: int,
  sent_transactions_activity_enabled: z.boolean().nullish(),
  verified_contracts_activity_enabled: z.boolean().nullish(),
  blockscout_usage_activity_enabled: z.boolean().nullish(),
  details: z.unknown().nullish(),
});
export type Network = z.infer<typeof Network>;
