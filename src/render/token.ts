/**
 * Tokens: `token show` (the token with its counters) and `token nft` (one NFT instance) as key/value
 * blocks, and the columns of `token holders` and `token nfts`. Supplies and balances are exact: the
 * integer from the server scaled by its decimals with BigInt (units.ts), never a float. Names,
 * symbols, metadata and URLs are written by anyone: renderKeyValue and the table make every piece safe.
 */
import type { TokenCounters, TokenDetail, TokenHolder, TokenInstance } from '../api/schemas.js';
import { addressCell, amountColumns, NONE, plainCell } from './cells.js';
import { tokenIdCell } from './columns.js';
import type { RenderContext } from './context.js';
import { isRecord, obj } from './fields.js';
import { addressHash, addressName } from './format.js';
import { text } from '../base/text/safe.js';
import type { Cell, Column } from './table.js';
import { type KeyValueRow, type Line, renderKeyValue } from './key-value.js';
import { formatUnits, groupDigits, toBigInt, toDecimals, valueAt } from './units.js';
import { displayWidth, pad } from './width.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** A count for a terminal: digits grouped; anything else as sent. */
const count = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? groupDigits(v) : text(v));

/** A USD figure sent as a decimal string ("41229535210.772"), rounded to cents for a terminal: "$41,229,535,210.77". */
export function dollars(v: unknown): string {
  const cents = valueAt('1', 0, v);
  return cents === undefined ? text(v) : '$' + groupDigits(cents);
}

/** An exchange rate as sent ("0.999878"), with a dollar sign when it is a number. */
export function price(v: unknown): string {
  const s = text(v);
  return /^\d+(\.\d+)?$/.test(s) ? `$${groupDigits(s)}` : s;
}

/** The token's address, whichever spelling the server used. */
function tokenAddress(t: TokenDetail): string {
  return text(t.address_hash ?? t.address);
}

/** The total supply scaled by the decimals, exact; undefined when it is no integer. */
export function supplyUnits(t: Pick<TokenDetail, 'total_supply' | 'decimals'>): string | undefined {
  if (!present(t.total_supply)) return undefined;
  return formatUnits(t.total_supply, toDecimals(t.decimals) === undefined ? 0 : t.decimals);
}

/** Where a bridged token comes from: "chain 1 · 0x… · omni bridge"; '' when the server says nothing. */
function bridged(t: TokenDetail): string {
  return [
    present(t.origin_chain_id) ? `chain ${text(t.origin_chain_id)}` : '',
    present(t.foreign_address) ? text(t.foreign_address) : '',
    present(t.bridge_type) ? `${text(t.bridge_type)} bridge` : '',
  ].filter(Boolean).join(' · ');
}

/** `token show`: the token and, when they could be had, its counters. */
export function renderToken(t: TokenDetail, counters: TokenCounters | undefined, ctx: RenderContext): string {
  const holders = counters?.token_holders_count ?? t.holders_count ?? t.holders;
  const transfers = counters?.transfers_count;
  const units = supplyUnits(t);
  const decimalsKnown = toDecimals(t.decimals) !== undefined;
  const scam = t.reputation === 'scam';
  if (ctx.tty) {
    const symbol = text(t.symbol);
    const name = text(t.name);
    const title = name && symbol ? `${name} (${symbol})` : name || symbol;
    const supply = (): Line => {
      if (!present(t.total_supply)) return '';
      if (units === undefined) return text(t.total_supply);
      // An NFT collection's supply is a count: no decimals to know. A fungible token's without them is in base units.
      const note = decimalsKnown || (t.type !== 'ERC-20' && t.type !== 'ERC-404') ? '' : ' (base units: decimals unknown)';
      return `${groupDigits(units)}${symbol ? ` ${symbol}` : ''}${note}`;
    };
    const rows: KeyValueRow[] = [
      { label: 'Token', value: scam ? [{ text: '[scam] ', style: 'warn' }, title] : title },
      { label: 'Address', value: tokenAddress(t) },
      { label: 'Type', value: text(t.type) },
      { label: 'Decimals', value: text(t.decimals) },
      { label: 'Total supply', value: supply() },
      { label: 'Holders', value: present(holders) ? count(holders) : '' },
      { label: 'Transfers', value: present(transfers) ? count(transfers) : '' },
      { label: 'Price', value: present(t.exchange_rate) ? price(t.exchange_rate) : '' },
      { label: 'Market cap', value: present(t.circulating_market_cap) ? dollars(t.circulating_market_cap) : '' },
      { label: 'Volume 24h', value: present(t.volume_24h) ? dollars(t.volume_24h) : '' },
      { label: 'Bridged from', value: bridged(t) },
      { label: 'Icon', value: text(t.icon_url) },
    ];
    return renderKeyValue(rows, ctx);
  }
  const row = (label: string, ...fields: unknown[]): KeyValueRow => ({ label, data: [fields.map((f) => text(f))] });
  return renderKeyValue(
    [
      row('Name', t.name),
      row('Symbol', t.symbol),
      row('Address', t.address_hash ?? t.address),
      row('Type', t.type),
      row('Decimals', t.decimals),
      row('Total supply', t.total_supply, units ?? ''),
      row('Holders', holders),
      row('Transfers', transfers),
      row('Exchange rate', t.exchange_rate),
      row('Market cap', t.circulating_market_cap),
      row('Volume 24h', t.volume_24h),
      row('Reputation', t.reputation),
      row('Origin chain', t.origin_chain_id),
      row('Foreign address', t.foreign_address),
      row('Bridge type', t.bridge_type),
      row('Icon', t.icon_url),
    ],
    ctx,
  );
}

/** The attributes of NFT metadata: `[{trait_type, value, display_type}]` as sent, or nothing. */
function attributes(meta: Readonly<Record<string, unknown>> | undefined): { trait: unknown; value: unknown; display: unknown }[] {
  const list = meta?.attributes;
  if (!Array.isArray(list)) return [];
  return list.map((a: unknown) => (isRecord(a) ? { trait: a.trait_type ?? a.key, value: a.value, display: a.display_type } : { trait: '', value: a, display: '' }));
}

/** `token nft`: one NFT instance, its owner, metadata name, image and attributes; `counters` (`{transfers_count}`) when asked. */
export function renderTokenInstance(i: TokenInstance, ctx: RenderContext, counters?: unknown): string {
  // An integer as the explorer sends it (a number), or as text.
  const sent = isRecord(counters) ? counters.transfers_count : undefined;
  const transfers = typeof sent === 'number' && Number.isSafeInteger(sent) ? String(sent) : sent;
  const meta = isRecord(i.metadata) ? i.metadata : undefined;
  const token = obj(i.token);
  const owner = obj(i.owner);
  const image = i.image_url ?? (typeof meta?.image === 'string' ? meta.image : undefined);
  const attrs = attributes(meta);
  const description = typeof meta?.description === 'string' ? meta.description : meta?.description;
  if (ctx.tty) {
    const symbol = text(token?.symbol);
    const name = text(token?.name);
    const title = name && symbol ? `${name} (${symbol})` : name || symbol;
    const address = text(token?.address_hash ?? token?.address);
    const ownerHash = addressHash(owner);
    const ownerName = addressName(owner);
    const traitWidth = Math.max(0, ...attrs.map((a) => displayWidth(text(a.trait))));
    const rows: KeyValueRow[] = [
      { label: 'Token', value: [title, address].filter(Boolean).join('  ') },
      { label: 'Id', value: text(i.id) },
      { label: 'Type', value: text(i.token_type ?? token?.type) },
      { label: 'Owner', value: ownerHash ? (ownerName ? `${ownerName}  ${ownerHash}` : ownerHash) : '' },
      { label: 'Transfers', value: present(transfers) ? count(transfers) : '' },
      { label: 'Name', value: text(meta?.name) },
      // A description has its own lines; each is made safe on its own.
      { label: 'Description', lines: typeof description === 'string' ? description.split(/\r?\n/) : present(description) ? [text(description)] : [] },
      { label: 'Image', value: text(image) },
      { label: 'Animation', value: text(i.animation_url) },
      { label: 'External URL', value: text(i.external_app_url) },
      { label: 'Attributes', lines: attrs.map((a) => `${pad(text(a.trait), traitWidth)}  ${text(a.value)}`) },
      { label: 'Metadata', value: meta ? (present(meta.error) ? `error: ${text(meta.error)}` : '') : present(i.metadata) ? text(i.metadata) : 'none' },
    ];
    return renderKeyValue(rows, ctx);
  }
  const row = (label: string, ...fields: unknown[]): KeyValueRow => ({ label, data: [fields.map((f) => text(f))] });
  return renderKeyValue(
    [
      row('Id', i.id),
      row('Token', token?.address_hash ?? token?.address, token?.symbol, token?.name),
      row('Type', i.token_type ?? token?.type),
      row('Owner', addressHash(owner), addressName(owner) ?? ''),
      row('Transfers', transfers),
      row('Name', meta?.name),
      row('Description', description),
      row('Image', image),
      row('Animation', i.animation_url),
      row('External URL', i.external_app_url),
      { label: 'Attribute', data: attrs.map((a) => [text(a.trait), text(a.value), text(a.display)]) },
      row('Metadata error', meta?.error),
    ],
    ctx,
  );
}

/** What holder rows need of their token: the decimals and symbol of balances, the supply for shares. */
export interface HolderToken {
  decimals?: unknown;
  symbol?: unknown;
  totalSupply?: unknown;
}

/** Decimal places of a share of the supply, in percent. */
const SHARE_PLACES = 4;

/**
 * `value` as a percentage of `supply`, exact and rounded half up to SHARE_PLACES places ("12.3456");
 * undefined when either is no integer or the supply is not positive.
 */
export function sharePercent(value: unknown, supply: unknown): string | undefined {
  const v = toBigInt(value);
  const s = toBigInt(supply);
  if (v === undefined || s === undefined || s <= 0n || v < 0n) return undefined;
  const scale = 10n ** BigInt(SHARE_PLACES);
  const scaled = (v * 100n * scale * 2n + s) / (2n * s);
  const whole = scaled / scale;
  return `${whole}.${(scaled % scale).toString().padStart(SHARE_PLACES, '0')}`;
}

/** A share of the supply: piped the exact percentage, on a terminal with `%` (`<0.0001%` for dust). */
function shareCell(h: TokenHolder, token: HolderToken): Cell {
  // An ERC-1155 holder holds one id; the token's supply says nothing about that id's.
  if (present(h.token_id)) return NONE;
  const p = sharePercent(h.value, token.totalSupply);
  if (p === undefined) return NONE;
  const dust = /^0\.0+$/.test(p) && toBigInt(h.value) !== 0n;
  return { full: p, short: dust ? `<0.${'0'.repeat(SHARE_PLACES - 1)}1%` : `${groupDigits(p)}%` };
}

/** `token holders`: the address, the token id (ERC-1155), the balance in units and its share of the supply. */
export function tokenHolderColumns(token: HolderToken = {}): Column<TokenHolder>[] {
  return [
    { header: 'ADDRESS', name: 'address', cell: (h) => addressCell(h.address), min: 11 },
    { header: 'TOKEN ID', name: 'token_id', cell: (h) => tokenIdCell(h.token_id), min: 10, optional: true },
    ...amountColumns<TokenHolder>('BALANCE', 'balance', (h) => ({ raw: h.value, decimals: token.decimals, unit: typeof token.symbol === 'string' ? token.symbol : undefined })),
    // An ERC-1155 id's holders, or a token of unknown supply, have no share: the column goes where the first page has none.
    { header: 'SHARE', name: 'share_percent', align: 'right', fixed: true, optional: true, cell: (h) => shareCell(h, token) },
    { header: 'NAME', name: 'name', show: 'csv', cell: (h) => addressName(h.address) ?? '' },
  ];
}

/** `token nfts`: each instance's id, owner, metadata name and image. */
export const tokenInstanceColumns: Column<TokenInstance>[] = [
  { header: 'ID', name: 'id', cell: (i) => tokenIdCell(i.id), min: 10 },
  { header: 'OWNER', name: 'owner', cell: (i) => (i.owner ? addressCell(i.owner) : NONE), min: 11 },
  { header: 'NAME', name: 'name', cell: (i) => plainCell(isRecord(i.metadata) ? i.metadata.name : undefined), min: 8, drop: 2 },
  { header: 'IMAGE', name: 'image_url', cell: (i) => plainCell(i.image_url ?? (isRecord(i.metadata) ? i.metadata.image : undefined)), min: 12, drop: 1 },
];
