/**
 * Values a table prints paste back (issue 22, item 21): a log's index is printed without thousands
 * separators (it is a position, not a quantity), and `search` keeps a result's whole id at 80 columns
 * while DETAIL can give way, shortening it only when it cannot fit even then.
 */
import { describe, expect, it } from 'vitest';
import type { Log, SearchResult } from '../../src/api/schemas.js';
import { searchColumns } from '../../src/render/columns.js';
import type { RenderContext } from '../../src/render/context.js';
import { logColumns } from '../../src/render/logs.js';
import { displayWidth } from '../../src/render/width.js';
import { renderTable } from '../support/table.js';

const tty = (width: number): RenderContext => ({ tty: true, color: false, width, now: Date.UTC(2026, 10, 21, 12), coin: 'ETH' });

describe('log indexes', () => {
  it('print as digits alone, on a terminal too', () => {
    const index = logColumns.find((c) => c.header === 'INDEX')!;
    const cell = index.cell({ index: 12345 } as Log, tty(120));
    const shown = typeof cell === 'string' ? cell : (cell?.short ?? cell?.full);
    expect(shown).toBe('12345');
  });
});

describe('search at 80 columns', () => {
  const token = (name: string, address: string): SearchResult =>
    ({ type: 'token', name, symbol: 'USDT', address_hash: address, token_type: 'ERC-20', exchange_rate: '0.999773', is_smart_contract_verified: true, certified: true }) as unknown as SearchResult;
  const USDT = '0xE57d980E1FC496d78c51a14681a59AFc06ea27e7';

  it('keeps the whole id; DETAIL gives way first', () => {
    const out = renderTable([token('Tether USD', USDT)], searchColumns, tty(80));
    expect(out).toContain(USDT);
    for (const line of out.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('shortens the id only where it cannot fit whole', () => {
    const out = renderTable([token('Tether USD', USDT)], searchColumns, tty(50));
    expect(out).not.toContain(USDT);
    expect(out).toContain('0xE57d…27e7');
  });
});
