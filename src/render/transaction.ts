/**
 * `tx show` as a key/value block: what a person looks for first, in that order (docs/cli-contract.md,
 * One transaction). On a terminal several facts share a line ("ok · block 19,999,999 · 1,204
 * confirmations · …") and amounts carry units; piped, each fact is its own `Label<TAB>field…` line with
 * full values and ISO times, so `awk -F'\t' '$1 == "Block"'` works.
 */
import type { AddressParam, TokenTransfer, Transaction, TxAction } from '../api/schemas.js';
import { decodeRevert, selectorOf } from './abi.js';
import { coinLabel, type RenderContext } from './context.js';
import { isRecord, list, obj, objects } from './fields.js';
import { addressHash, addressName, age, humanTime, isoTime, shortHash, shortId } from './format.js';
import { safeText, text } from '../base/text/safe.js';
import { type KeyValueRow, renderKeyValue, type Span } from './key-value.js';
import { displayUnits, formatUnits, groupDigits, gwei, toBigInt, usd } from './units.js';
import { displayWidth, pad, truncate } from './width.js';
import { dataRow, fieldsRow, lazyRow } from './kv-rows.js';
import { blobBytes } from './blob-size.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

const TX_TYPES: ReadonlyMap<string, string> = new Map([
  ['0', 'legacy'],
  ['1', 'EIP-2930'],
  ['2', 'EIP-1559'],
  ['3', 'EIP-4844, blob'],
  ['4', 'EIP-7702, set code'],
  ['126', 'deposit'],
]);

/** ok, error or pending, from `status` (null while pending). */
export function txStatus(tx: Transaction): 'ok' | 'error' | 'pending' {
  return tx.status === 'ok' ? 'ok' : tx.status === null || tx.status === undefined ? 'pending' : 'error';
}

/** Why a transaction failed, readable: "execution reverted: Too little received". Safe text. */
export function revertText(tx: Transaction): string {
  const result = typeof tx.result === 'string' && !['success', 'pending'].includes(tx.result) ? safeText(tx.result) : '';
  const r = obj(tx.revert_reason);
  let reason = typeof tx.revert_reason === 'string' ? safeText(tx.revert_reason) : '';
  if (r && typeof r.raw === 'string') reason = safeText(decodeRevert(r.raw) ?? r.raw);
  else if (r && typeof r.method_call === 'string') {
    const params = objects(r.parameters);
    const name = safeText(r.method_call.replace(/\(.*$/s, ''));
    reason = params.length ? `${name}(${params.map((p) => `${text(p.name)}: ${paramValue(p.value, true)}`).join(', ')})` : safeText(r.method_call);
  }
  if (result && reason && reason.toLowerCase() !== result.toLowerCase()) return `${result}: ${reason}`;
  return result || reason;
}

/** Arrays nested deeper than this show as JSON text: the bracket form recurses. */
const MAX_PARAM_DEPTH = 16;

/** A decoded parameter value: arrays as [a, b], long byte strings shortened on a terminal. Safe text. */
export function paramValue(v: unknown, tty: boolean, depth = 0): string {
  if (Array.isArray(v)) return tty && depth < MAX_PARAM_DEPTH ? `[${v.map((x) => paramValue(x, tty, depth + 1)).join(', ')}]` : text(v);
  if (typeof v === 'string' && tty && /^0x[0-9a-fA-F]{66,}$/.test(v)) return `${v.slice(0, 10)}…(${(v.length - 2) / 2} bytes)`;
  return text(v);
}

/** An address as declared, or (from a server that does not match the schema) a bare address string. */
type Party = AddressParam | string | null | undefined;

/** The hash of an address object; an address sent as a bare string is itself. Safe text. */
function hashOf(a: Party): string {
  return typeof a === 'string' ? safeText(a) : addressHash(obj(a));
}

/** An address for a person: "name  0xfull…" (the address always beside the name). */
function party(a: Party, note = ''): Span[] {
  const hash = hashOf(a);
  if (!hash) return [];
  const o = obj(a);
  const name = addressName(o);
  const scam: Span[] = o?.is_scam === true || o?.reputation === 'scam' ? [{ text: '[scam] ', style: 'warn' }] : [];
  const verified = o?.is_contract === true && o?.is_verified === true ? '  [verified]' : '';
  return [...scam, (name ? `${name}  ${hash}` : hash) + note + verified];
}

/** A short party for one-line summaries: "name (0xd8dA…6045)". */
function shortParty(a: Party): string {
  const hash = hashOf(a);
  if (!hash) return '?';
  const name = addressName(obj(a));
  return name ? `${name} (${shortHash(hash)})` : shortHash(hash);
}

/** An amount of the chain's coin, rounded for a terminal, with its symbol (`coin` when it is not known). */
function coinAmount(v: unknown, ctx: RenderContext): string {
  const s = displayUnits(v, 18);
  return s === undefined ? text(v) : `${s} ${coinLabel(ctx)}`;
}

/** Wei per gas in gwei, or the value as sent when it is no number. */
const gweiText = (v: unknown) => gwei(v) ?? text(v);

/**
 * One token transfer on one line: "0.5 WETH (0xC02a…6Cc2)  vitalik.eth (0xd8dA…6045) → Router
 * (0xE592…1564)". When that is wider than `width`, the names go before anything is cut (the addresses
 * stay).
 */
function transferLine(t: TokenTransfer, width: number): string {
  const token = obj(t.token);
  const total = obj(t.total);
  const symbol = text(token?.symbol) || text(token?.name) || 'tokens';
  const address = text(token?.address_hash ?? token?.address);
  const id = text(total?.token_id);
  const value = total?.value;
  let amount = '';
  if (present(value)) amount = displayUnits(value, total?.decimals ?? token?.decimals) ?? text(value);
  if (id) amount = amount ? `${amount} × #${shortId(id)}` : `#${shortId(id)}`;
  const kind = t.type === 'token_minting' ? 'mint ' : t.type === 'token_burning' ? 'burn ' : '';
  const what = `${kind}${amount || '?'} ${symbol}${address ? ` (${shortHash(address)})` : ''}`;
  const named = `${what}  ${shortParty(t.from)} → ${shortParty(t.to)}`;
  if (displayWidth(named) <= width) return named;
  const bare = (a: Party) => (hashOf(a) ? shortHash(hashOf(a)) : '?');
  return truncate(`${what}  ${bare(t.from)} → ${bare(t.to)}`, width);
}

function actionLine(a: TxAction): string {
  const data = obj(a.data) ?? {};
  const facts = Object.entries(data)
    .filter(([, v]) => present(v))
    .map(([k, v]) => `${safeText(k)}=${paramValue(v, true).replace(/0x[0-9a-fA-F]{40}\b/g, (a) => shortHash(a))}`)
    .join(', ');
  return [text(a.protocol), text(a.type)].filter(Boolean).join(' ') + (facts ? `: ${facts}` : '');
}

function gasPercent(used: bigint, limit: bigint): string {
  if (limit === 0n) return '';
  const tenths = (used * 1000n + limit / 2n) / limit;
  return ` (${tenths / 10n}.${tenths % 10n}%)`;
}

/** The transaction types, joined: a list as the server should send it, or whatever it sent instead. */
function typesText(tx: Transaction, sep: string): string {
  return list(tx.transaction_types ?? tx.tx_types).map(text).join(sep);
}


/** Parts of a transaction asked beside it for its view (`tx show`, `tx explain`): each body as sent, parsed. */
export interface TxParts {
  /** `/blobs`: `{items: [{hash, blob_data, kzg_commitment, kzg_proof}]}`. */
  readonly blobs?: unknown;
  /** `/beacon/deposits`: a first page of deposits. */
  readonly beacon_deposits?: unknown;
}

/** Deposits a terminal lists under a transaction; the command named below has them all. */
const DEPOSITS_SHOWN = 10;

/** The items of a part's body, and whether a next page exists. */
function partItems(body: unknown): { items: Readonly<Record<string, unknown>>[]; more: boolean } {
  if (!isRecord(body)) return { items: [], more: false };
  const items = Array.isArray(body.items) ? body.items.filter(isRecord) : [];
  return { items, more: isRecord(body.next_page_params) };
}

/**
 * The blobs to show: the `/blobs` part's, else the versioned hashes the transaction carries (without
 * sizes). Each with its hash, byte count (undefined when unknown) and KZG commitment.
 */
function blobsOf(tx: Transaction, parts: TxParts): { hash: unknown; bytes: number | undefined; commitment: unknown }[] {
  if (parts.blobs !== undefined) {
    return partItems(parts.blobs).items.map((b) => ({ hash: b.hash, bytes: blobBytes(b), commitment: b.kzg_commitment }));
  }
  return list(tx.blob_versioned_hashes).map((h) => ({ hash: h, bytes: undefined, commitment: undefined }));
}

/** Blob gas of a type-3 transaction: "262,144 · 1.5 gwei (max 3 gwei) · burnt 0.0004 ETH"; '' for any other. */
function blobGasLine(tx: Transaction, ctx: RenderContext): string {
  if (!present(tx.blob_gas_used) && !present(tx.blob_gas_price)) return '';
  const used = toBigInt(tx.blob_gas_used);
  return [
    present(tx.blob_gas_used) ? (used === undefined ? text(tx.blob_gas_used) : groupDigits(used.toString())) : '',
    present(tx.blob_gas_price) ? `${gweiText(tx.blob_gas_price)} gwei${present(tx.max_fee_per_blob_gas) ? ` (max ${gweiText(tx.max_fee_per_blob_gas)})` : ''}` : '',
    present(tx.burnt_blob_fee) && toBigInt(tx.burnt_blob_fee) ? `burnt ${coinAmount(tx.burnt_blob_fee, ctx)}` : '',
  ].filter(Boolean).join(' · ');
}

/** One deposit on one line: "32 ETH · validator 0xa1b2…c3d4 · completed · index 1,234". */
function depositLine(d: Readonly<Record<string, unknown>>, ctx: RenderContext): string {
  return [
    present(d.amount) ? coinAmount(d.amount, ctx) : '',
    typeof d.pubkey === 'string' ? `validator ${shortHash(d.pubkey, 4, 6)}` : '',
    text(d.status),
    present(d.index) ? `index ${groupDigits(text(d.index))}` : '',
  ].filter(Boolean).join(' · ');
}

/** Terminal rows. The values are raw where convenient: renderKeyValue makes every piece safe. */
function ttyRows(tx: Transaction, ctx: RenderContext, parts: TxParts = {}): KeyValueRow[] {
  const status = txStatus(tx);
  const fit = (s: string, used: number) => truncate(s, Math.max(20, ctx.width - used));
  const decoded = obj(tx.decoded_input);
  const input = typeof tx.raw_input === 'string' ? tx.raw_input : '';
  const creation = !tx.to && Boolean(tx.created_contract);
  const fee = obj(tx.fee);
  const rate = tx.exchange_rate;

  return [
    lazyRow('Transaction', () => text(tx.hash)),
    lazyRow('Status', () => {
      const style = status === 'ok' ? 'ok' : status === 'error' ? 'error' : 'warn';
      const block = tx.block_number ?? tx.block;
      const word = status === 'pending' && typeof tx.result === 'string' && tx.result && tx.result !== 'pending' ? safeText(tx.result) : status;
      const when = humanTime(tx.timestamp);
      const ago = age(tx.timestamp, ctx.now);
      const rest = [
        present(block) ? `block ${groupDigits(text(block))}` : 'not yet in a block',
        present(tx.confirmations) && status !== 'pending' ? `${groupDigits(text(tx.confirmations))} confirmations` : '',
        when ? `${when}${ago ? ` (${ago})` : ''}` : '',
      ].filter(Boolean);
      return [{ text: word, style }, ...rest.map((r) => ` · ${r}`)];
    }),
    lazyRow('Revert', () => (status === 'error' ? { text: revertText(tx), style: 'error' } : '')),
    lazyRow('From', () => party(tx.from)),
    lazyRow('To', () => (tx.to ? party(tx.to) : tx.created_contract ? party(tx.created_contract, '  (created)') : '')),
    lazyRow('Value', () => {
      if (!present(tx.value)) return '';
      const valueUsd = toBigInt(tx.value) ? usd(tx.value, 18, rate) : undefined;
      return coinAmount(tx.value, ctx) + (valueUsd ? `  (${valueUsd})` : '');
    }),
    lazyRow('Fee', () => {
      if (!fee) return text(tx.fee);
      if (!present(fee.value)) return '';
      const maximum = fee.type === 'maximum';
      const feeUsd = usd(fee.value, 18, rate);
      const burnt = tx.transaction_burnt_fee ?? tx.tx_burnt_fee;
      return (
        `${maximum ? '≤ ' : ''}${coinAmount(fee.value, ctx)} (${maximum ? 'maximum' : 'actual'})${feeUsd ? `  (${feeUsd})` : ''}` +
        (present(burnt) && toBigInt(burnt) ? ` · burnt ${coinAmount(burnt, ctx)}` : '')
      );
    }),
    lazyRow('L1 fee', () => (present(tx.l1_fee) ? coinAmount(tx.l1_fee, ctx) : '')),
    lazyRow('Gas', () => {
      const used = toBigInt(tx.gas_used);
      const limit = toBigInt(tx.gas_limit);
      if (used !== undefined && limit !== undefined) return `${groupDigits(used.toString())} / ${groupDigits(limit.toString())}${gasPercent(used, limit)}`;
      if (limit !== undefined) return `— / ${groupDigits(limit.toString())} (limit)`;
      // Not numbers: shown as sent.
      return [present(tx.gas_used) ? `used ${text(tx.gas_used)}` : '', present(tx.gas_limit) ? `limit ${text(tx.gas_limit)}` : ''].filter(Boolean).join(' · ');
    }),
    lazyRow('Gas price', () => {
      if (!present(tx.gas_price)) return '';
      const parts = [
        present(tx.base_fee_per_gas) ? `base ${gweiText(tx.base_fee_per_gas)}` : '',
        present(tx.max_fee_per_gas) ? `max ${gweiText(tx.max_fee_per_gas)}` : '',
        present(tx.max_priority_fee_per_gas) ? `max priority ${gweiText(tx.max_priority_fee_per_gas)}` : '',
      ].filter(Boolean);
      return `${gweiText(tx.gas_price)} gwei${parts.length ? ` (${parts.join(' · ')})` : ''}`;
    }),
    lazyRow('Blob gas', () => blobGasLine(tx, ctx)),
    // Each blob's versioned hash whole (what a blob explorer finds it by), and its size when the explorer kept its data.
    lazyRow('Blobs', () => blobsOf(tx, parts).map((b) => [`${text(b.hash)}${b.bytes === undefined ? '' : `  ${groupDigits(String(b.bytes))} bytes`}`])),
    lazyRow('Method', () => {
      // A creation's input is init code: its first bytes are no selector.
      const method = typeof decoded?.method_call === 'string' ? safeText(decoded.method_call) : present(tx.method) ? text(tx.method) : creation ? '' : selectorOf(input);
      return method ? fit(method, 13) : '';
    }),
    lazyRow('Parameters', () => {
      const params = objects(decoded?.parameters);
      const nameWidth = Math.max(0, ...params.map((p) => displayWidth(text(p.name))));
      return params.map((p) => [fit(`${pad(text(p.name), nameWidth)}  ${paramValue(p.value, true)}`, 13)]);
    }),
    lazyRow('Input', () => {
      const hex = /^0x[0-9a-fA-F]*$/.test(input);
      const bytes = `${Math.floor((input.length - 2) / 2)} bytes`;
      // Not hex: a little of it, as text, so nothing is left out unsaid.
      const notHex = `${truncate(safeText(input), 20)} (not hex)`;
      if (creation) return hex ? `contract creation code (${bytes})` : `contract creation code: ${notHex}`;
      if (decoded || input.length <= 10) return '';
      return hex ? `${selectorOf(input) || input.slice(0, 10)}… (${bytes})` : notHex;
    }),
    lazyRow('Nonce', () => (present(tx.nonce) ? text(tx.nonce) + (present(tx.position) ? ` · position ${text(tx.position)} in the block` : '') : '')),
    // The envelope type and what the transaction does, on one line: "2 (EIP-1559) · contract_call".
    lazyRow('Type', () => {
      const known = present(tx.type) ? TX_TYPES.get(text(tx.type)) : undefined;
      const envelope = present(tx.type) ? `${text(tx.type)}${known ? ` (${known})` : ''}` : '';
      return [envelope, typesText(tx, ', ')].filter(Boolean).join(' · ');
    }),
    lazyRow('Actions', () =>
      list(tx.actions).map((a) => {
        const action = obj(a);
        return [fit(action ? actionLine(action) : text(a), 13)];
      }),
    ),
    lazyRow('Transfers', () => {
      const transfers = list(tx.token_transfers).map((t) => {
        const transfer = obj(t);
        return [transfer ? transferLine(transfer, Math.max(40, ctx.width - 13)) : fit(text(t), 13)];
      });
      if (tx.token_transfers_overflow === true) {
        // A command to paste: where it cannot fit the value column whole, it goes on with a shell
        // continuation, the hash on a line of its own (a break anywhere else would not paste).
        const command = `scout tx transfers ${text(tx.hash)}`;
        const whole = `… and more: ${command}`;
        if (13 + displayWidth(whole) <= ctx.width) transfers.push([whole]);
        else transfers.push(['… and more: scout tx transfers \\'], [text(tx.hash)]);
      }
      return transfers;
    }),
    lazyRow('Deposits', () => {
      if (parts.beacon_deposits === undefined) return [];
      const { items, more } = partItems(parts.beacon_deposits);
      const lines = items.slice(0, DEPOSITS_SHOWN).map((d) => [fit(depositLine(d, ctx), 13)]);
      if (more || items.length > DEPOSITS_SHOWN) lines.push([`… and more: scout tx deposits ${text(tx.hash)}`]);
      return lines;
    }),
  ];
}

/** Piped rows: one fact per line, full values. */
function pipeRows(tx: Transaction, parts: TxParts = {}): KeyValueRow[] {
  const [data, row] = [dataRow, fieldsRow];
  const decoded = obj(tx.decoded_input);
  const fee = obj(tx.fee);
  const to = tx.to ?? tx.created_contract;
  const named = (a: Party) => [hashOf(a), addressName(obj(a)) ?? ''];
  return [
    row('Transaction', () => tx.hash),
    row('Status', () => txStatus(tx)),
    row('Result', () => tx.result),
    row('Revert', () => (txStatus(tx) === 'error' ? revertText(tx) : '')),
    row('Block', () => tx.block_number ?? tx.block),
    row('Confirmations', () => (txStatus(tx) === 'pending' ? '' : tx.confirmations)),
    row('Timestamp', () => isoTime(tx.timestamp)),
    data('From', () => [named(tx.from)]),
    data(tx.to ? 'To' : 'Created', () => [named(to)]),
    row('Value', () => tx.value, () => formatUnits(tx.value, 18) ?? ''),
    fee
      ? row('Fee', () => fee.value, () => formatUnits(fee.value, 18) ?? '', () => (present(fee.value) ? fee.type : ''))
      : row('Fee', () => tx.fee),
    row('L1 fee', () => tx.l1_fee, () => formatUnits(tx.l1_fee, 18) ?? ''),
    row('Gas used', () => tx.gas_used),
    row('Gas limit', () => tx.gas_limit),
    row('Gas price', () => tx.gas_price),
    row('Base fee', () => tx.base_fee_per_gas),
    row('Max fee', () => tx.max_fee_per_gas),
    row('Max priority fee', () => tx.max_priority_fee_per_gas),
    row('Blob gas used', () => tx.blob_gas_used),
    row('Blob gas price', () => tx.blob_gas_price),
    row('Max fee per blob gas', () => tx.max_fee_per_blob_gas),
    row('Burnt blob fee', () => tx.burnt_blob_fee, () => formatUnits(tx.burnt_blob_fee, 18) ?? ''),
    data('Blob', () => blobsOf(tx, parts).map((b) => [b.hash, b.bytes ?? '', b.commitment ?? ''])),
    row('Method', () => (typeof decoded?.method_call === 'string' ? decoded.method_call : tx.method)),
    data('Parameter', () =>
      objects(decoded?.parameters).map((p) => [p.name, p.type, paramValue(p.value, false)]),
    ),
    row('Input', () => tx.raw_input),
    row('Nonce', () => tx.nonce),
    row('Position', () => tx.position),
    row('Type', () => tx.type),
    row('Types', () => typesText(tx, ',')),
    data('Action', () =>
      list(tx.actions).map((a) => {
        const action = obj(a);
        return action ? [action.protocol, action.type, action.data] : [a];
      }),
    ),
    data('Transfer', () =>
      list(tx.token_transfers).map((x) => {
        const t = obj(x);
        if (!t) return [x];
        const token = obj(t.token);
        const total = obj(t.total);
        return [
          hashOf(t.from),
          hashOf(t.to),
          token?.address_hash ?? token?.address,
          token?.symbol,
          total?.value,
          present(total?.value) ? (formatUnits(total?.value, total?.decimals ?? token?.decimals) ?? '') : '',
          total?.token_id,
        ];
      }),
    ),
    row('Transfers overflow', () => (tx.token_transfers_overflow === true ? 'true' : '')),
    data('Deposit', () =>
      partItems(parts.beacon_deposits).items.map((d) => [d.index, d.pubkey, d.amount, formatUnits(d.amount, 18) ?? '', d.status, d.withdrawal_credentials]),
    ),
    row('Deposits overflow', () => (partItems(parts.beacon_deposits).more ? 'true' : '')),
  ];
}

/** The rows of the decoded input: `tx explain` shows them in a section of their own. */
export const INPUT_ROWS: readonly string[] = ['Method', 'Parameters', 'Parameter', 'Input'];
/** The rows of the inline token transfers: `tx explain` lists the transfers in a section of their own. */
export const TRANSFER_ROWS: readonly string[] = ['Transfers', 'Transfer', 'Transfers overflow'];

/** Which rows a view shows, by label: only some, or all but some; and the parts asked beside the transaction. */
export interface RowChoice {
  only?: readonly string[];
  except?: readonly string[];
  parts?: TxParts | undefined;
}

/** The key/value view of one transaction: any object the server sent, whatever the types of its fields. */
export function renderTransaction(tx: Transaction, ctx: RenderContext, rows: RowChoice = {}): string {
  const all = ctx.tty ? ttyRows(tx, ctx, rows.parts) : pipeRows(tx, rows.parts);
  const shown = all.filter((r) => (!rows.only || rows.only.includes(r.label)) && !rows.except?.includes(r.label));
  return renderKeyValue(shown, ctx);
}
