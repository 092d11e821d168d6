/**
 * Issue 22, items 3 and 5, in the renderer: ages in two units, and which columns a table shows at a
 * width decided by the view and its typical rows, not by one long value on the page.
 */
import { describe, expect, it } from 'vitest';
import type { InternalTransaction, Transaction } from '../../src/api/schemas.js';
import * as columns from '../../src/render/columns.js';
import type { RenderContext } from '../../src/render/context.js';
import { elapsed } from '../../src/render/format.js';
import { TerminalTable } from '../../src/render/table.js';
import { ADDR, listsFor, toJsonText } from '../support/data.js';

const NOW = Date.UTC(2025, 7, 11, 10, 32, 59);
const tty = (width: number, more: Partial<RenderContext> = {}): RenderContext => ({ tty: true, color: false, width, now: NOW, coin: 'ETH', ...more });
const rich = listsFor(ADDR.rich);
const items = <T>(entries: readonly { json: unknown }[]): T[] => entries.map((e) => JSON.parse(toJsonText(e.json as never)) as T);
const headerOf = (out: string) => out.split('\n')[0]!.trim().split(/ {2,}/);

describe('elapsed: two units', () => {
  const ago = (s: number) => elapsed(new Date(NOW - s * 1000).toISOString(), NOW);
  it.each([
    [12, '12s'],
    [5 * 60 + 20, '5m 20s'],
    [5 * 60, '5m'],
    [3 * 3600 + 4 * 60 + 59, '3h 4m'],
    [3 * 86400 + 4 * 3600, '3d 4h'],
    [65 * 86400, '2mo 4d'],
    [365 * 86400 + 95 * 86400, '1y 3mo'],
    [2 * 365 * 86400, '2y'],
  ])('%is ago is %s', (s, want) => expect(ago(s)).toBe(want));

  it('no time is undefined; a time ahead is in future', () => {
    expect(elapsed('yesterday', NOW)).toBeUndefined();
    expect(elapsed(new Date(NOW + 5000).toISOString(), NOW)).toBe('in future');
  });
});

describe('the column set at a width does not depend on one long value', () => {
  it('internal transactions: one long error message or type leaves the same columns', () => {
    const page = items<InternalTransaction>(rich.internalTransactions.slice(0, 20)).map((t) => ({ ...t, error: null, success: true }));
    const plain = new TerminalTable(columns.internalTxColumns, tty(80)).page(page);
    const long = page.map((t, i) => (i === 3 ? { ...t, success: false, error: 'execution reverted: a very long reason from the contract' } : t));
    expect(headerOf(new TerminalTable(columns.internalTxColumns, tty(80)).page(long))).toEqual(headerOf(plain));
  });

  it('transactions: one long status (a result not yet final) leaves the same columns', () => {
    const page = items<Transaction>(rich.transactions.slice(0, 20));
    const plain = headerOf(new TerminalTable(columns.transactionColumns, tty(100)).page(page));
    const long = page.map((t, i) => (i === 5 ? { ...t, status: null, result: 'awaiting_internal_transactions' } : t));
    expect(headerOf(new TerminalTable(columns.transactionColumns, tty(100)).page(long))).toEqual(plain);
  });

  it('an age the same on every row is kept: the time is what a list is read by', () => {
    const page = items<Transaction>(rich.transactions.slice(0, 10)).map((t) => ({ ...t, timestamp: '2025-08-11T09:32:35Z' }));
    expect(headerOf(new TerminalTable(columns.transactionColumns, tty(80, { subject: ADDR.rich })).page(page))).toContain('AGE');
  });
});

describe('addresses in tables: 6+4 hex digits where there is room', () => {
  const USDC = { address_hash: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC' };
  it('a token: its symbol beside 6+4 digits, then 4+4, then the address alone', () => {
    const c = columns.tokenCell(USDC as never);
    expect(c.short).toBe('USDC (0xA0b869…eB48)');
    expect(c.fit!(18)).toBe('USDC (0xA0b8…eB48)');
    expect(c.fit!(13)).toBe('0xA0b869…eB48');
    expect(c.fit!(11)).toBe('0xA0b8…eB48');
  });
});
