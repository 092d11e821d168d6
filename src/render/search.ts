/**
 * Search results come in many shapes, one per `type` (API.md; blockscout's SearchView): tokens,
 * addresses and contracts, labels, ENS domains, metadata tags, blocks, transactions, user operations,
 * blobs. This reduces each to the same few facts: a name, the identifier to look it up by, and a
 * detail worth a glance. Unknown types show whatever name and identifier they carry.
 */
import type { SearchResult } from '../api/schemas.js';
import { groupDigits } from './units.js';
import { text } from '../text/safe.js';

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

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** The facts of one search result. */
export function searchInfo(r: SearchResult): SearchInfo {
  const o = r as Obj;
  const ens = obj(o.ens_info);
  const address = text(o.address_hash ?? o.address ?? ens.address_hash);
  const verified = o.is_smart_contract_verified === true ? 'verified' : '';
  const scam = o.reputation === 'scam' ? 'scam' : '';
  let name = text(o.name);
  let symbol = '';
  let id = address;
  let detail = '';
  let label: string | undefined;
  switch (o.type) {
    case 'token': {
      symbol = text(o.symbol);
      const rate = text(o.exchange_rate);
      detail = join(text(o.token_type), rate ? `$${rate}` : '', verified, o.certified === true ? 'certified' : '', scam);
      break;
    }
    case 'address':
    case 'contract':
    case 'label':
      name ||= text(ens.name);
      detail = join(verified, scam);
      break;
    case 'ens_domain': {
      name = text(ens.name) || name;
      const count = typeof ens.names_count === 'number' && ens.names_count > 1 ? `${ens.names_count} names` : '';
      const expiry = typeof ens.expiry_date === 'string' ? `expires ${text(ens.expiry_date).slice(0, 10)}` : '';
      detail = join(expiry, count);
      break;
    }
    case 'metadata_tag': {
      const meta = obj(o.metadata);
      name = text(meta.name) || name;
      detail = join(text(meta.tagType), verified);
      break;
    }
    case 'block':
      id = text(o.block_hash);
      name = text(o.block_number);
      label = name ? `block ${groupDigits(name)}` : '';
      detail = text(o.block_type);
      break;
    case 'transaction':
      id = text(o.transaction_hash ?? o.tx_hash);
      break;
    case 'user_operation':
      id = text(o.user_operation_hash);
      break;
    case 'blob':
      id = text(o.blob_hash);
      break;
    default:
      id ||= text(o.transaction_hash ?? o.block_hash ?? o.hash ?? o.user_operation_hash ?? o.blob_hash);
  }
  label ??= name && symbol ? `${name} (${symbol})` : name || symbol;
  return { name, symbol, label, id, detail };
}
