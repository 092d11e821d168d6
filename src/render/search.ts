/**
 * Search results come in many shapes, one per `type` (docs/api-behaviour.md, Search results;
 * blockscout's SearchView): tokens, addresses and contracts, labels, ENS domains, metadata tags,
 * blocks, transactions, user operations, blobs. This reduces each to the same few facts: a name, the
 * identifier to look it up by, and a detail worth a glance. Unknown types show whatever name and
 * identifier they carry.
 */
import type { SearchResult } from '../api/schemas.js';
import { obj } from './fields.js';
import { groupDigits } from './units.js';
import { text } from '../base/text/safe.js';

export interface SearchInfo {
  /** Name for data columns ('' when none). */
  name: string;
  symbol: string;
  /** Terminal label: the name with the symbol, "Tether USD (USDT)". */
  label: string;
  /** What to look the result up by: an address, a hash, a block number. */
  id: string;
  detail: string;
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** The facts of one search result. */
export function searchInfo(r: SearchResult): SearchInfo {
  const ens = obj(r.ens_info);
  const address = text(r.address_hash ?? r.address ?? ens?.address_hash);
  const verified = r.is_smart_contract_verified === true ? 'verified' : '';
  const scam = r.reputation === 'scam' ? 'scam' : '';
  let name = text(r.name);
  let symbol = '';
  let id = address;
  let detail = '';
  let label: string | undefined;
  switch (r.type) {
    case 'token': {
      symbol = text(r.symbol);
      const rate = text(r.exchange_rate);
      detail = join(text(r.token_type), rate ? `$${rate}` : '', verified, r.certified === true ? 'certified' : '', scam);
      break;
    }
    case 'address':
    case 'contract':
    case 'label':
      name ||= text(ens?.name);
      detail = join(verified, scam);
      break;
    case 'ens_domain': {
      name = text(ens?.name) || name;
      const count = typeof ens?.names_count === 'number' && ens.names_count > 1 ? `${ens.names_count} names` : '';
      const expiry = typeof ens?.expiry_date === 'string' ? `expires ${text(ens.expiry_date).slice(0, 10)}` : '';
      detail = join(expiry, count);
      break;
    }
    case 'metadata_tag': {
      const meta = obj(r.metadata);
      name = text(meta?.name) || name;
      detail = join(text(meta?.tagType), verified);
      break;
    }
    case 'block':
      id = text(r.block_hash);
      name = text(r.block_number);
      label = name ? `block ${groupDigits(name)}` : '';
      detail = text(r.block_type);
      break;
    case 'transaction':
      id = text(r.transaction_hash ?? r.tx_hash);
      break;
    case 'user_operation':
      id = text(r.user_operation_hash);
      break;
    case 'blob':
      id = text(r.blob_hash);
      break;
    default:
      id ||= text(r.transaction_hash ?? r.block_hash ?? r.hash ?? r.user_operation_hash ?? r.blob_hash);
  }
  label ??= name && symbol ? `${name} (${symbol})` : name || symbol;
  return { name, symbol, label, id, detail };
}
