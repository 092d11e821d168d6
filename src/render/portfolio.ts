/**
 * `scout portfolio`: a wallet's holdings across chains (the native coin and every token balance)
 * with their USD values, exact. The rows scripts read (one per holding, the chain first), and the
 * grouped view of a terminal: a heading per chain, its priced holdings, those without a price apart,
 * its subtotal, and the total at the end (marked partial when a chain failed).
 */
import { text } from '../base/text/safe.js';
import { amountColumns, hashCell, NONE } from './cells.js';
import type { RenderContext } from './context.js';
import { paint } from './paint.js';
import { type Cell, chosenColumns, type Column, TerminalTable } from './table.js';
import { type Exact, groupDigits, usdOf } from './units.js';

/** The token of a holding of the chain's native coin. */
export const NATIVE = 'native';

/**
 * One holding as rows, NDJSON and `--json`'s `holdings` give it: scout's reading of the server's
 * objects (the address, a token balance), exact.
 */
export interface Holding {
  readonly chain: string;
  readonly chain_id: string | null;
  /** The wallet. */
  readonly address: string;
  /** The token's contract address, or `native` for the chain's coin. */
  readonly token: string;
  readonly symbol: string;
  readonly name: string | null;
  /** `native`, or the token's type as sent (ERC-20, ERC-721, …). */
  readonly type: string;
  readonly token_id: string | null;
  /** The amount in base units, a decimal integer. */
  readonly amount_raw: string;
  /** The amount in the token's units, exact. */
  readonly amount: string;
  readonly decimals: number | null;
  /** USD per unit as sent (the exchange rate); null when the explorer has none. */
  readonly price_usd: string | null;
  /** amount × price, rounded half up to cents; null without a price. */
  readonly value_usd: string | null;
  /** The token's reputation as sent (`ok`, `scam`; null when the explorer says none). */
  readonly reputation: string | null;
  /** Flagged as a scam (is_scam) or of a reputation other than ok. */
  readonly flagged: boolean;
}

/** A holding with its exact value, for sums (never printed as such). */
export interface Valued {
  readonly row: Holding;
  readonly value: Exact | undefined;
}

/** One chain's part of a wallet's portfolio, as the terminal shows it. */
export interface ChainPart {
  readonly chain: string;
  readonly chainId: string | null;
  /** Holdings with a price, largest value first. */
  readonly priced: readonly Valued[];
  /** Holdings without a price: shown apart, never in a total. */
  readonly unpriced: readonly Valued[];
  readonly subtotal: Exact;
}

const str = (v: string | null) => (v === null ? NONE : text(v));

export const portfolioColumns: Column<Holding>[] = [
  { header: 'CHAIN', name: 'chain', show: 'data', cell: (h) => text(h.chain) },
  { header: 'CHAIN ID', name: 'chain_id', show: 'data', cell: (h) => text(h.chain_id) },
  { header: 'ADDRESS', name: 'address', show: 'data', cell: (h) => text(h.address) },
  { header: 'TOKEN', name: 'token', show: 'data', cell: (h) => text(h.token) },
  { header: 'ASSET', name: 'symbol', min: 6, cell: (h) => (h.flagged ? { full: text(h.symbol), short: `${text(h.symbol)} (scam?)`, style: 'warn' } : text(h.symbol)) },
  { header: 'NAME', name: 'name', show: 'csv', cell: (h) => str(h.name) },
  { header: 'TOKEN', show: 'tty', min: 13, drop: 1, cell: (h) => (h.token === NATIVE ? { full: NATIVE, style: 'dim' } : hashCell(h.token)) },
  ...amountColumns<Holding>('AMOUNT', 'amount', (h) => ({ raw: h.amount_raw, decimals: h.decimals })),
  {
    header: 'PRICE',
    name: 'price_usd',
    align: 'right',
    fixed: true,
    cell: (h): Cell => (h.price_usd === null ? NONE : { full: text(h.price_usd), short: `$${groupDigits(text(h.price_usd))}` }),
  },
  { header: 'VALUE', name: 'value_usd', align: 'right', fixed: true, cell: (h) => (h.value_usd === null ? NONE : text(h.value_usd)) },
  { header: 'TYPE', name: 'type', show: 'csv', cell: (h) => text(h.type) },
  { header: 'TOKEN ID', name: 'token_id', show: 'csv', cell: (h) => text(h.token_id) },
  { header: 'DECIMALS', name: 'decimals', show: 'csv', cell: (h) => text(h.decimals) },
  { header: 'REPUTATION', name: 'reputation', show: 'csv', cell: (h) => text(h.reputation) },
];

/** The terminal's columns: the value shown as dollars from the exact figure ("<$0.01" for dust). */
function terminalColumns(values: ReadonlyMap<Holding, Exact>): Column<Holding>[] {
  return portfolioColumns.map((c) =>
    c.name === 'value_usd' ? { ...c, cell: (h: Holding) => { const v = values.get(h); return v === undefined ? NONE : { full: h.value_usd ?? '', short: usdOf(v) }; } } : c,
  );
}

/** A chain's name with its id: `base (8453)`. */
export function chainName(chain: string, id: string | null): string {
  return id !== null && id !== chain ? `${chain} (${id})` : chain;
}

/** What the end of a wallet's view says beside its parts. */
export interface PortfolioEnd {
  readonly total: Exact;
  /** The chains that failed, by name: the total is partial. */
  readonly failed: readonly string[];
}

/** A wallet's portfolio on a terminal: a block per chain, then the total. */
export function portfolioText(parts: readonly ChainPart[], end: PortfolioEnd, ctx: RenderContext, names?: readonly string[]): string {
  let out = '';
  for (const p of parts) {
    const all = [...p.priced, ...p.unpriced];
    const values = new Map(all.flatMap((v) => (v.value === undefined ? [] : [[v.row, v.value] as const])));
    const cols = names ? chosenColumns(terminalColumns(values), names, 'tty') : terminalColumns(values);
    // One table per chain, widths from all its rows, so the unpriced part lines up with the priced.
    const table = new TerminalTable(cols, ctx);
    table.plan(all.map((v) => v.row));
    out += `\n${paint(text(chainName(p.chain, p.chainId)), 'bold', ctx)}\n`;
    if (p.priced.length > 0) out += table.page(p.priced.map((v) => v.row));
    if (p.unpriced.length > 0) {
      out += paint(`no price (left out of the totals): ${p.unpriced.length}`, 'dim', ctx) + '\n';
      out += table.page(p.unpriced.map((v) => v.row));
    }
    if (all.length === 0) out += paint('nothing held', 'dim', ctx) + '\n';
    out += `subtotal ${usdOf(p.subtotal)}\n`;
  }
  const partial = end.failed.length > 0 ? paint(` (partial: ${end.failed.map((f) => text(f)).join(', ')} failed)`, 'warn', ctx) : '';
  const across = `across ${parts.length} ${parts.length === 1 ? 'chain' : 'chains'}`;
  out += `\n${paint(`total ${usdOf(end.total)}`, 'bold', ctx)} ${across}${partial}\n`;
  return out.replace(/^\n/, '');
}
