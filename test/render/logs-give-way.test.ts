/**
 * Event logs keep their time longest (issue 22, item 3): when a terminal is too narrow for every
 * column, the emitting contract is left out before AGE.
 */
import { describe, expect, it } from 'vitest';
import type { Log } from '../../src/api/schemas.js';
import type { RenderContext } from '../../src/render/context.js';
import { logColumns } from '../../src/render/logs.js';
import { renderTable } from '../support/table.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const tty = (width: number): RenderContext => ({ tty: true, color: false, width, now: NOW, coin: 'ETH' });
const log = (i: number): Log =>
  ({
    transaction_hash: '0x' + String(i).padStart(2, '0').repeat(32),
    index: i,
    block_number: 100 + i,
    block_timestamp: new Date(NOW - (i + 1) * 3_600_000).toISOString(),
    address: { hash: '0x' + String(i + 10).repeat(20), name: `Contract ${i}` },
    topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
    data: '0x',
    decoded: {
      method_call: 'Transfer(address indexed from, address indexed to, uint256 value)',
      parameters: [
        { name: 'from', type: 'address', indexed: true, value: '0x' + 'ab'.repeat(20) },
        { name: 'to', type: 'address', indexed: true, value: '0x' + 'cd'.repeat(20) },
        { name: 'value', type: 'uint256', indexed: false, value: '123456789012345678901234567890' },
      ],
    },
  }) as unknown as Log;

describe('address logs on a narrow terminal', () => {
  it('leaves the contract out before the time', () => {
    const header = (width: number) => renderTable([log(1), log(2), log(3)], logColumns, tty(width)).split('\n')[0]!.trim().split(/ {2,}/);
    expect(header(120)).toEqual(expect.arrayContaining(['AGE', 'CONTRACT']));
    const narrow = header(70);
    expect(narrow).toContain('AGE');
    expect(narrow).not.toContain('CONTRACT');
  });
});
