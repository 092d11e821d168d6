/**
 * `address show` as a key/value block: who the address is (names, tags, scam mark), what it is (an
 * EOA, a contract, verified, a proxy and its implementations, who created it), what it holds and how
 * busy it is. On a terminal the facts are grouped and amounts grouped by thousands; piped, each fact
 * is its own `Label<TAB>field…` line with full values (wei beside the coin amount), like `tx show`.
 * The balance is exact: BigInt from `coin_balance` wei, never rounded.
 */
import type { AaAccount, AddressCounters, AddressDetails } from '../api/schemas.js';
import { text } from '../base/text/safe.js';
import { coinLabel, type RenderContext } from './context.js';
import { list, obj, objects } from './fields.js';
import { type KeyValueRow, type Line, renderKeyValue, type Span } from './key-value.js';
import { formatUnits, groupDigits, toBigInt, usd, valueAt } from './units.js';
import { accountPipeRows, accountTtyRows } from './userop.js';
import { dataRow, fieldsRow, lazyRow } from './kv-rows.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Marked as scam by the explorer (`is_scam`, or `reputation: "scam"` on newer servers). */
function isScam(a: AddressDetails): boolean {
  return a.is_scam === true || a.reputation === 'scam';
}

/** EOA or contract, and verified: "contract, verified"; '' when the server does not say. */
function kind(a: AddressDetails): string {
  if (a.is_contract === true) return a.is_verified === true ? 'contract, verified' : a.is_verified === false ? 'contract, not verified' : 'contract';
  return a.is_contract === false ? 'EOA (no contract code)' : '';
}

/** The implementations as [address, name] pairs: the list, else an older server's single one. */
function implementations(a: AddressDetails): [string, string][] {
  const listed = objects(a.implementations).map((i): [string, string] => [text(i.address_hash ?? i.address), text(i.name)]);
  if (listed.length) return listed.filter(([h]) => h !== '');
  return present(a.implementation_address) ? [[text(a.implementation_address), text(a.implementation_name)]] : [];
}

/** A tag list's entries as the server sent them, each an object or left out. */
const tagsOf = (v: AddressDetails['public_tags']) => objects(list(v));

/** A count for a terminal: grouped digits, or as sent when it is no integer. */
function count(v: unknown): string {
  const n = toBigInt(v);
  return n === undefined ? text(v) : groupDigits(n.toString());
}

/** The coin balance, exact, with its symbol: "1,234.000000000000000001 ETH". */
function balance(a: AddressDetails, ctx: RenderContext): string {
  if (!present(a.coin_balance)) return '';
  const exact = formatUnits(a.coin_balance, 18);
  if (exact === undefined) return text(a.coin_balance);
  const worth = toBigInt(a.coin_balance) ? usd(a.coin_balance, 18, a.exchange_rate) : undefined;
  return `${groupDigits(exact)} ${coinLabel(ctx)}${worth ? `  (${worth})` : ''}`;
}


function ttyRows(a: AddressDetails, c: AddressCounters | undefined, ctx: RenderContext): KeyValueRow[] {
  const token = obj(a.token);
  return [
    lazyRow('Address', (): Line => [text(a.hash), ...(isScam(a) ? [{ text: '  [scam]', style: 'warn' } as Span] : [])]),
    lazyRow('Name', () => text(a.name)),
    lazyRow('ENS', () => text(a.ens_domain_name)),
    lazyRow('Public tags', () => tagsOf(a.public_tags).map((t) => [text(t.display_name ?? t.label)])),
    lazyRow('Private tags', () => tagsOf(a.private_tags).map((t) => [text(t.display_name ?? t.label)])),
    lazyRow('Metadata tags', () => objects(list(obj(a.metadata)?.tags)).map((t) => [`${text(t.name)}${present(t.tagType) ? ` (${text(t.tagType)})` : ''}`])),
    lazyRow('Reputation', (): Line => (isScam(a) ? { text: 'scam: the explorer flags this address', style: 'warn' } : '')),
    lazyRow('Kind', () => kind(a)),
    lazyRow('Token', () => (token ? [text(token.symbol), present(token.name) ? `(${text(token.name)})` : '', text(token.type)].filter(Boolean).join(' ') : '')),
    lazyRow('Proxy', () => {
      const impls = implementations(a);
      if (!present(a.proxy_type) && impls.length === 0) return '';
      const head = present(a.proxy_type) ? text(a.proxy_type) : 'proxy';
      return [[head], ...impls.map(([h, name]): Line => [`→ ${name ? `${name}  ` : ''}${h}`])];
    }),
    lazyRow('Creator', () => text(a.creator_address_hash)),
    lazyRow('Created in', () => {
      const tx = text(a.creation_transaction_hash);
      const status = text(a.creation_status);
      return tx ? `${tx}${status && status !== 'success' ? ` (${status})` : ''}` : '';
    }),
    lazyRow('Balance', () => balance(a, ctx)),
    lazyRow('Transactions', () => (c ? count(c.transactions_count) : '')),
    lazyRow('Token transfers', () => (c ? count(c.token_transfers_count) : '')),
    lazyRow('Gas used', () => (c ? count(c.gas_usage_count) : '')),
    lazyRow('Validations', () => (c && toBigInt(c.validations_count) !== 0n ? count(c.validations_count) : '')),
  ];
}

function pipeRows(a: AddressDetails, c: AddressCounters | undefined): KeyValueRow[] {
  const [data, row] = [dataRow, fieldsRow];
  const token = obj(a.token);
  return [
    row('Address', () => a.hash),
    row('Name', () => a.name),
    row('ENS', () => a.ens_domain_name),
    data('Public tag', () => tagsOf(a.public_tags).map((t) => [t.label, t.display_name])),
    data('Private tag', () => tagsOf(a.private_tags).map((t) => [t.label, t.display_name])),
    data('Metadata tag', () => objects(list(obj(a.metadata)?.tags)).map((t) => [t.tagType, t.name, t.slug])),
    row('Scam', () => (isScam(a) ? 'true' : a.is_scam === false || a.reputation === 'ok' ? 'false' : '')),
    row('Contract', () => (typeof a.is_contract === 'boolean' ? String(a.is_contract) : '')),
    row('Verified', () => (typeof a.is_verified === 'boolean' ? String(a.is_verified) : '')),
    row('Token', () => token?.address_hash ?? token?.address, () => token?.symbol, () => token?.name, () => token?.type),
    row('Proxy type', () => a.proxy_type),
    data('Implementation', () => implementations(a)),
    row('Creator', () => a.creator_address_hash),
    row('Creation transaction', () => a.creation_transaction_hash, () => a.creation_status),
    row('Balance', () => a.coin_balance, () => formatUnits(a.coin_balance, 18) ?? ''),
    row('Exchange rate', () => a.exchange_rate),
    row('Balance USD', () => valueAt(a.coin_balance, 18, a.exchange_rate) ?? ''),
    row('Balance block', () => a.block_number_balance_updated_at),
    row('Transactions', () => c?.transactions_count),
    row('Token transfers', () => c?.token_transfers_count),
    row('Gas used', () => c?.gas_usage_count),
    row('Validations', () => c?.validations_count),
  ];
}

/**
 * The key/value view of one address and its counters (undefined when the counters could not be
 * had: their rows are left out), and, for a smart account, its factory, creation and operation count. Any object the server sent renders, whatever its fields hold.
 */
export function renderAddress(a: AddressDetails, counters: AddressCounters | undefined, ctx: RenderContext, account?: AaAccount): string {
  const smart = account === undefined ? [] : ctx.tty ? accountTtyRows(account) : accountPipeRows(account);
  return renderKeyValue([...(ctx.tty ? ttyRows(a, counters, ctx) : pipeRows(a, counters)), ...smart], ctx);
}

