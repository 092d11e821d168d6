/**
 * Renderers read only what the schemas declare (src/api/schemas.ts). tsc is the main guard: the
 * types renderers take have no index signature, so reading an undeclared field does not compile.
 * This checks the same at run time, where a cast could hide a read: every view renders the project's
 * fake data and the hostile bodies through objects that note each field read, and each field read
 * must be one the item's schema declares at that place (below a field declared as any JSON, such as
 * a decoded parameter's value or an action's data, anything may be read).
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as schemas from '../../src/api/schemas.js';
import * as shapes from '../../src/api/shapes.js';
import type { RenderContext } from '../../src/render/context.js';
import { csvRows } from '../../src/render/csv.js';
import { renderTsv } from '../../src/render/table.js';
import { knownAddresses } from '../../src/render/trace.js';
import { renderTransaction } from '../../src/render/transaction.js';
import { networkView, views } from '../../src/render/views.js';
import { HOSTILE_BODIES } from '../conformance/hostile.js';
import { ADDR, getDataset, listsFor, toJsonText } from '../support/data.js';
import { renderTable } from '../support/table.js';

const NOW = Date.UTC(2025, 7, 11, 10, 32, 59);
const ctx = (tty: boolean, width: number, color = false): RenderContext => ({ tty, color, width, now: NOW, coin: 'ETH' });

/** A schema as zod describes it: its kind and, by kind, what it wraps or holds. */
type Schema = z.ZodMiniType;
interface Def {
  type: string;
  innerType?: Schema;
  options?: readonly Schema[];
  shape?: Record<string, Schema>;
  element?: Schema;
}
const def = (s: Schema) => s._zod.def as unknown as Def;

/** What a value at some place may be: the schemas it is declared as, or `open` (any JSON: every read allowed). */
type Place = Schema[] | 'open';

/** The schemas under optional, nullable and union wrappers. */
function alternatives(s: Schema): Schema[] {
  const d = def(s);
  if ((d.type === 'optional' || d.type === 'nullable') && d.innerType) return alternatives(d.innerType);
  if (d.type === 'union' && d.options) return d.options.flatMap(alternatives);
  return [s];
}

const isOpen = (s: Schema) => ['unknown', 'any', 'record'].includes(def(s).type);

/** Where a field `key` of a value at `place` leads, or undefined when no schema there declares it. */
function field(place: Place, key: string): Place | undefined {
  if (place === 'open') return 'open';
  if (place.some(isOpen)) return 'open';
  const found = place.flatMap((s) => {
    const shape = def(s).type === 'object' ? def(s).shape : undefined;
    return shape && key in shape ? [shape[key] as Schema] : [];
  });
  return found.length ? found.flatMap(alternatives) : undefined;
}

function element(place: Place): Place {
  if (place === 'open' || place.some(isOpen)) return 'open';
  return place.flatMap((s) => {
    const d = def(s);
    return d.type === 'array' && d.element ? alternatives(d.element) : [];
  });
}

/** `v` with every object in it noting, in `undeclared`, each field read that `place` does not declare. */
function watched(v: unknown, place: Place, path: string, undeclared: Set<string>): unknown {
  if (Array.isArray(v)) return v.map((e) => watched(e, element(place), `${path}[]`, undeclared));
  if (typeof v !== 'object' || v === null) return v;
  return new Proxy(v, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      // JSON.stringify asks every object for toJSON; symbols are the language's, not the server's.
      if (typeof key === 'symbol' || key === 'toJSON') return value;
      const next = field(place, key);
      if (next === undefined) undeclared.add(`${path}.${key}`);
      return watched(value, next ?? 'open', `${path}.${key}`, undeclared);
    },
  });
}

const json = (v: unknown): unknown => JSON.parse(toJsonText(v as never));
const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const H = '0x' + 'ab'.repeat(32);
/** A search result of every type the views tell apart. */
const SEARCH_TYPES = [
  { type: 'token', name: 'Tether USD', symbol: 'USDT', address_hash: A, token_type: 'ERC-20', exchange_rate: '0.9998', is_smart_contract_verified: true, certified: true, reputation: 'ok' },
  { type: 'address', name: null, address_hash: A, ens_info: { name: 'vitalik.eth', address_hash: A, names_count: 1 } },
  { type: 'contract', name: 'UniswapV3Router', address: A, is_smart_contract_verified: true },
  { type: 'label', name: 'Binance 14', address_hash: A, is_smart_contract_verified: false },
  { type: 'ens_domain', name: null, address_hash: A, ens_info: { name: 'vitalik.eth', address_hash: A, expiry_date: '2032-05-03T00:00:00.000Z', names_count: 3 } },
  { type: 'metadata_tag', name: 'Exchange', address_hash: A, metadata: { name: 'Coinbase 1', tagType: 'name', slug: 'coinbase-1' } },
  { type: 'block', block_number: 19999999, block_hash: H, timestamp: '2025-08-11T09:00:00.000000Z', block_type: 'block' },
  { type: 'transaction', transaction_hash: H, timestamp: '2025-08-11T09:00:00.000000Z' },
  { type: 'transaction', tx_hash: H, timestamp: '2025-08-11T09:00:00.000000Z' },
  { type: 'user_operation', user_operation_hash: H, timestamp: '2025-08-11T09:30:00.000000Z' },
  { type: 'blob', blob_hash: H, timestamp: '2025-08-11T09:31:00.000000Z' },
  { type: 'tac_operation', tac_operation: { operation_id: 'x' }, priority: 0 },
];
const rich = listsFor(ADDR.rich);
const dataset = getDataset();

const LISTS: [name: string, view: { columns: unknown; shape?: unknown }, items: unknown[]][] = [
  ['Transaction', views.transactions, [...rich.transactions.map((e) => json(e.json)), ...HOSTILE_BODIES.transactions.items]],
  ['TokenTransfer', views.tokenTransfers, [...rich.tokenTransfers.map((e) => json(e.json)), ...HOSTILE_BODIES.tokenTransfers.items]],
  ['TokenBalance', views.tokenBalances, [...rich.tokens.map((e) => json(e.json)), ...HOSTILE_BODIES.tokenBalances.items]],
  ['NftCollection', views.nftCollections, [...rich.nftCollections.map((e) => json(e.json)), ...HOSTILE_BODIES.nftCollections.items]],
  ['InternalTransaction', views.internalTransactions, [...rich.internalTransactions.map((e) => json(e.json)), ...HOSTILE_BODIES.internalTransactions.items]],
  ['Withdrawal', views.withdrawals, [...rich.withdrawals.map((e) => json(e.json)), ...HOSTILE_BODIES.withdrawals.items]],
  ['SearchResult', views.search, [...dataset.searchTokens.map((e) => json(e.json)), ...HOSTILE_BODIES.search.items, ...SEARCH_TYPES]],
  ['Network', networkView(), [...dataset.networks.map(json), ...HOSTILE_BODIES.networks.items]],
];

describe('renderers read only fields their schemas declare', () => {
  it.each(LISTS)('%s lists: terminal (wide, narrow, colour), piped and CSV', (name, view, items) => {
    // The view checks items against the shape written from the schema of that name.
    expect(view.shape).toBe((shapes as Record<string, unknown>)[name]);
    const schema = (schemas as unknown as Record<string, Schema>)[name]!;
    // The data is well formed: a read the schema does not declare is the renderer's, not the data's.
    for (const item of items) expect(schema.safeParse(item).success, JSON.stringify(item).slice(0, 200)).toBe(true);
    const undeclared = new Set<string>();
    const seen = () => items.map((i) => watched(i, alternatives(schema), name, undeclared)) as never[];
    const columns = view.columns as never;
    renderTable(seen(), columns, ctx(true, 200, true));
    renderTable(seen(), columns, ctx(true, 60));
    renderTsv(seen(), columns, ctx(false, 80));
    csvRows(seen(), columns, ctx(false, 80));
    expect([...undeclared]).toEqual([]);
  });

  it('tx show, on a terminal and piped, and the names of the call tree', () => {
    const txs = [...[...dataset.transactions.values()].map((t) => json(t.json)), HOSTILE_BODIES.transaction, ...HOSTILE_BODIES.transactions.items];
    const undeclared = new Set<string>();
    for (const tx of txs) {
      expect(schemas.Transaction.safeParse(tx).success).toBe(true);
      const seen = () => watched(tx, alternatives(schemas.Transaction), 'Transaction', undeclared) as schemas.Transaction;
      renderTransaction(seen(), ctx(true, 120, true));
      renderTransaction(seen(), ctx(true, 50));
      renderTransaction(seen(), ctx(false, 80));
      knownAddresses(seen());
    }
    expect([...undeclared]).toEqual([]);
  });

  it('notices a read the schema does not declare', () => {
    const undeclared = new Set<string>();
    const tx = watched({ hash: '0x1', from: { hash: '0x2', secret: 1 } }, alternatives(schemas.Transaction), 'Transaction', undeclared) as Record<string, Record<string, unknown>>;
    expect(tx.from?.hash).toBe('0x2');
    expect(tx.from?.secret).toBe(1);
    expect(tx.raw_input).toBeUndefined();
    expect(tx.l2_secret).toBeUndefined();
    expect([...undeclared]).toEqual(['Transaction.from.secret', 'Transaction.l2_secret']);
  });
});
