/**
 * Cell builders shared by the column sets: addresses with their names, hashes, times, amounts and
 * statuses. Piped cells carry full values (whole hashes, ISO times, plain decimals); terminal cells
 * the short forms. Text from the chain goes through safeText here and again in the table.
 */
import type { AddressParam } from '../api/schemas.js';
import type { RenderContext } from './context.js';
import { addressHash, addressName, elapsed, humanTime, isoTime, shortAddress, shortHash } from './format.js';
import { safeText, text } from '../base/text/safe.js';
import type { Cell, Column } from './table.js';
import { displayUnits, formatUnits, groupDigits } from './units.js';
import { displayWidth, truncate } from './width.js';

/** The em dash shown on a terminal where there is no value. */
export const NONE: Cell = { full: '', short: '—', style: 'dim' };

/** A name cut shorter than this many characters (before its `…`) says nothing: the address shows alone. */
const NAME_STUB = 8;

/** `name` in `room` columns: whole, or cut keeping at least NAME_STUB characters; undefined when it cannot. */
function nameIn(name: string, room: number): string | undefined {
  const w = displayWidth(name);
  if (w <= room) return name;
  return room >= NAME_STUB + 1 ? truncate(name, room) : undefined;
}

/**
 * An address: piped its full hash; on a terminal "name (0xd8dA6B…6045)", or just the short address,
 * and the whole address in place of the short one when the column has room for it. When the column
 * is narrow the name gives way (a name cut to a stub says nothing), then the address's 6+4 digits
 * become 4+4; the address is the last thing to go. `created` stands in for a missing address (a
 * contract creation's `to`) and is marked `(new)`; `lead` goes first (an arrow, a direction).
 */
export function addressCell(a: AddressParam | null | undefined, created?: AddressParam | null, arrow = false): Cell {
  return partyCell(a, created, arrow ? '→ ' : '');
}

function partyCell(a: AddressParam | null | undefined, created: AddressParam | null | undefined, lead: string): Cell {
  const target = a ?? created;
  const hash = addressHash(target);
  if (!hash) return { full: '', short: lead + '—', style: 'dim' };
  const name = addressName(target);
  const scam = target?.is_scam === true || target?.reputation === 'scam' ? '[scam] ' : '';
  const isNew = !a && created ? ' (new)' : '';
  const head = lead + scam;
  const [long, short] = [shortAddress(hash), shortHash(hash)];
  // Narrower and narrower forms: with the whole name (6+4 digits, then 4+4), with the name cut
  // (never to a stub), then without it. A scam mark goes nowhere (cut short at worst, in a column
  // too narrow for it).
  const named = (addr: string, cut: boolean) => (w: number) => {
    const tail = ` (${addr})${isNew}`;
    const room = w - displayWidth(head + tail);
    const n = name === undefined ? undefined : cut ? nameIn(name, room) : displayWidth(name) <= room ? name : undefined;
    return n === undefined ? undefined : head + n + tail;
  };
  const bare = (addr: string) => [lead + scam + addr + isNew, scam + addr + isNew, lead + scam + addr, scam + addr, ...(scam ? [] : [lead + addr + isNew, lead + addr, addr])];
  const forms = [named(long, false), named(short, false), named(long, true), named(short, true)];
  const bares = [...bare(long), ...bare(short)];
  return {
    full: hash,
    short: head + (name ? `${name} (${long})` : long) + isNew,
    wide: long === hash ? undefined : head + (name ? `${name} (${hash})` : hash) + isNew,
    style: scam ? 'warn' : undefined,
    // A scam warning is never cut away (colour alone must not carry it).
    minWidth: scam ? displayWidth(scam + short) : undefined,
    fit: (w) => forms.reduce<string | undefined>((got, form) => got ?? form(w), undefined) ?? bares.find((b) => displayWidth(b) <= w) ?? truncate(scam + short, w),
  };
}

/** Which way a row goes for the address a list is of: OUT from it, IN to it, SELF both. */
export function directionCell(from: AddressParam | null | undefined, to: AddressParam | null | undefined, subject: string | undefined): Cell {
  const me = subject?.toLowerCase();
  const isFrom = me !== undefined && addressHash(from).toLowerCase() === me;
  const isTo = me !== undefined && addressHash(to).toLowerCase() === me;
  if (isFrom && isTo) return { full: 'self', short: 'SELF', style: 'dim' };
  if (isFrom) return { full: 'out', short: 'OUT', style: 'warn' };
  if (isTo) return { full: 'in', short: 'IN', style: 'ok' };
  return NONE;
}

/**
 * The other party of a row, for the address a list is of: the receiver of what it sent (`created`
 * standing in for a contract it created), else the sender; both when neither is the address.
 */
export function counterpartyCell(from: AddressParam | null | undefined, to: AddressParam | null | undefined, created: AddressParam | null | undefined, subject: string | undefined): Cell {
  const me = subject?.toLowerCase();
  const fromMe = me !== undefined && addressHash(from).toLowerCase() === me;
  const toMe = me !== undefined && addressHash(to ?? created).toLowerCase() === me;
  if (fromMe) return partyCell(to, created, '');
  if (toMe) return partyCell(from, null, '');
  return partyCell(from, null, '');
}

/** The name beside an address, for CSV. */
export function nameCell(a: AddressParam | null | undefined): string {
  return addressName(a) ?? '';
}

/** A transaction or block hash: piped whole; on a terminal shortened, or whole when the column has room. */
export function hashCell(h: unknown): Cell {
  const s = typeof h === 'string' ? safeText(h) : '';
  if (!s) return { full: '', short: '—', style: 'dim' };
  const short = shortHash(s);
  return short === s ? { full: s } : { full: s, short, wide: s };
}

/** What a list shows for a transaction with neither a time nor a block yet. */
export const PENDING: Cell = { full: '', short: 'pending', style: 'warn' };

/**
 * A time: piped ISO; on a terminal how long ago in two units (`3d 4h`), or with `--time absolute`
 * the UTC date and time (`2025-08-11 09:32:59`, its column headed `TIME (UTC)`). Without a time, the block it was mined in
 * (`#19999999`: some chains send `timestamp: null` for mined items), else `missing`.
 */
export function timeCell(iso: unknown, ctx: RenderContext, missing: Cell = PENDING, block?: unknown): Cell {
  if (typeof iso !== 'string' || !iso) {
    const b = text(block);
    return b ? { full: '', short: `#${b}` } : missing;
  }
  if (ctx.time === 'absolute') return { full: isoTime(iso), short: humanTime(iso).replace(/ UTC$/, '') };
  return { full: isoTime(iso), short: elapsed(iso, ctx.now) ?? isoTime(iso) };
}

/** A plain value (a number, a type name): the same everywhere, an em dash on a terminal when absent. */
export function plainCell(v: unknown): Cell {
  const s = text(v);
  return s ? { full: s } : NONE;
}

/** A count or block number, digits grouped on a terminal. */
export function numberCell(v: unknown): Cell {
  const s = text(v);
  if (!s) return NONE;
  return { full: s, short: /^\d+$/.test(s) ? groupDigits(s) : s };
}

export interface Amount {
  raw: unknown;
  decimals: unknown;
  /** Symbol shown after the amount on a terminal. */
  unit?: string | null | undefined;
  /** Terminal prefix, e.g. `≤` for a maximum fee. */
  prefix?: string;
}

/** The scaled amount for data columns: exact, trailing zeros trimmed; the raw text if it is no integer. */
export function scaled(a: Amount): string {
  if (a.raw === null || a.raw === undefined) return '';
  return formatUnits(a.raw, a.decimals) ?? text(a.raw);
}

/**
 * Three columns for one amount: on a terminal the scaled value with its unit, rounded as
 * displayUnits says (right-aligned, never cut: see amountCell); piped and in CSV the raw integer
 * (`<name>_raw`, or the given raw name) and the exact scaled value.
 */
export function amountColumns<T>(
  header: string,
  name: string,
  get: (item: T, ctx: RenderContext) => Amount | undefined,
  rawName = `${name}_raw`,
): Column<T>[] {
  return [
    {
      header,
      show: 'tty',
      align: 'right',
      // The column is as narrow as its cells can be (amountCell's minWidth): every digit stays.
      min: 0,
      cell: (item, ctx) => {
        const a = get(item, ctx);
        if (!a || a.raw === null || a.raw === undefined || a.raw === '') return NONE;
        const s = displayUnits(a.raw, a.decimals);
        if (s === undefined) return text(a.raw);
        const unit = a.unit ? ` ${text(a.unit)}` : '';
        return amountCell(a.prefix ?? '', s, unit);
      },
    },
    { header: rawName.toUpperCase(), name: rawName, show: 'data', cell: (item, ctx) => text(get(item, ctx)?.raw) },
    { header: name.toUpperCase(), name, show: 'data', cell: (item, ctx) => { const a = get(item, ctx); return a ? scaled(a) : ''; } },
  ];
}

/** Columns an amount's unit (a token symbol) keeps in a narrow column: a longer symbol is cut to this. */
const UNIT_STUB = 8;

/**
 * An amount on a terminal: never cut. Its digits are exact or rounded already (displayUnits: to
 * DISPLAY_PLACES decimals, or a compact form such as `1.1579e59`, `<0.000001`, `unlimited`), and
 * a person reads a list for them, so in a narrow table the other columns give way instead. Only a
 * unit longer than UNIT_STUB columns (a token symbol is chain text of any length) is cut to that.
 */
export function amountCell(prefix: string, digits: string, unit: string): Cell {
  const amount = prefix + digits;
  const short = amount + unit;
  const symbol = unit.trimStart();
  const symbolWidth = displayWidth(symbol);
  const minWidth = displayWidth(amount) + (symbol === '' ? 0 : 1 + Math.min(symbolWidth, UNIT_STUB));
  if (minWidth >= displayWidth(short)) return { full: short, minWidth };
  return {
    full: short,
    minWidth,
    fit: (w) => `${amount} ${truncate(symbol, Math.max(UNIT_STUB, w - displayWidth(amount) - 1))}`,
  };
}

/** ok / error / pending, in words and colour (colour never carries the meaning alone). */
export function statusCell(status: unknown, result: unknown): Cell {
  if (status === 'ok') return { full: 'ok', style: 'ok' };
  if (status === 'error') return { full: 'error', style: 'error' };
  if (status === null || status === undefined) {
    // `awaiting_internal_transactions` and `dropped/replaced` are not yet final either.
    const r = typeof result === 'string' && result && result !== 'pending' ? safeText(result) : 'pending';
    return { full: r, style: 'warn' };
  }
  return { full: text(status), style: 'error' };
}
