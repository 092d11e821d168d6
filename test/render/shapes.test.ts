/**
 * Renderers against shapes no real server sends but any server can: values nested 100,000 levels
 * deep, fields of the wrong type, keys that name Object.prototype members, numbers of thousands of
 * digits. Each renders (or shows the value as sent), never throws.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/api/schemas.js';
import { tokenTransferColumns } from '../../src/render/columns.js';
import type { RenderContext } from '../../src/render/context.js';
import { isSafeText, jsonText, text } from '../../src/base/text/safe.js';
import { renderTsv } from '../../src/render/table.js';
import { renderTrace } from '../../src/render/trace.js';
import { paramValue, renderTransaction } from '../../src/render/transaction.js';
import { groupDigits, toBigInt, usd } from '../../src/render/units.js';
import { displayWidth, truncate } from '../../src/render/width.js';
import { seeded } from '../support/faults.js';
import { renderTable } from '../support/table.js';

const NOW = Date.UTC(2025, 7, 11, 10);
const ctx = (tty: boolean, width = 100, color = false): RenderContext => ({ tty, color, width, now: NOW, coin: 'ETH' });
const CONTEXTS = [ctx(true, 120, true), ctx(true, 40), ctx(false)];
const DEPTH = 100_000;
const deepArray = () => JSON.parse('['.repeat(DEPTH) + '"x"' + ']'.repeat(DEPTH)) as unknown;

describe('values nested 100,000 levels deep', () => {
  it('show as their JSON text (JSON.stringify would overflow the stack)', () => {
    const v = JSON.parse('{"a":' + '[{"b":'.repeat(DEPTH) + '"\\u001b]0;t\\u0007"' + '}]'.repeat(DEPTH) + ',"c":[1,null,true]}') as unknown;
    const s = jsonText(v);
    expect(s).toBe('{"a":' + '[{"b":'.repeat(DEPTH) + '"\\u001b]0;t\\u0007"' + '}]'.repeat(DEPTH) + ',"c":[1,null,true]}');
    expect(text(v)).toBe(s);
    // A member without a JSON value is left out, as JSON.stringify does.
    expect(jsonText({ a: undefined, b: [undefined], c: 1 })).toBe('{"b":[null],"c":1}');
  });

  it('a decoded parameter: brackets to a depth, JSON text below', () => {
    const v = deepArray();
    const shown = paramValue(v, true);
    expect(shown.startsWith('[[[[')).toBe(true);
    expect(shown.length).toBe(2 * DEPTH + 3);
  });

  it('a Geth call tree: one line per call, indentation bounded, no recursion', () => {
    const depth = 20_000;
    const trace = JSON.parse('{"type":"CALL","to":"0x2","gasUsed":"0x1","calls":['.repeat(depth) + '{"type":"CALL","error":"deepest"}' + ']}'.repeat(depth)) as unknown;
    for (const c of CONTEXTS) {
      const lines = renderTrace(trace, c).split('\n').slice(0, -1);
      expect(lines).toHaveLength(depth + 1);
      expect(Math.max(...lines.map((l) => displayWidth(l.replace(/\u001b\[\d+m/g, ''))))).toBeLessThan(250);
      expect(lines.at(-1)).toContain(`(depth ${depth}) `);
      expect(lines.at(-1)).toContain('deepest');
    }
  });

  it('tx show and list cells with a deep field', () => {
    const tx = { hash: deepArray(), timestamp: deepArray(), decoded_input: { method_call: 'f(uint256[] a)', parameters: [{ name: 'a', type: 'uint256[]', value: deepArray() }] } };
    for (const c of CONTEXTS) expect(() => renderTransaction(tx as unknown as Transaction, c)).not.toThrow();
    const transfer = { transaction_hash: deepArray(), token: { symbol: deepArray() }, total: { value: deepArray() } };
    expect(renderTsv([transfer] as never[], tokenTransferColumns, ctx(false))).toContain('[[[[');
  });
});

describe('tx show: any field of any type', () => {
  const base = {
    hash: '0x' + 'a'.repeat(64),
    status: 'ok',
    block_number: 1,
    timestamp: '2025-08-11T09:32:59Z',
    from: { hash: '0x' + '1'.repeat(40) },
    to: { hash: '0x' + '2'.repeat(40) },
    value: '1',
    fee: { type: 'actual', value: '1' },
    gas_used: '1',
    gas_limit: '2',
    gas_price: '1',
    transaction_types: ['coin_transfer'],
    token_transfers: [],
    token_transfers_overflow: true,
    raw_input: '0x',
  };
  const ODD: unknown[] = [[], [1, 'x'], {}, { hash: 5 }, '', 'text', 0, -1.5, true, null, 'constructor', '__proto__'];
  const FIELDS = [
    ...Object.keys(base),
    'result', 'method', 'created_contract', 'confirmations', 'nonce', 'position', 'type', 'revert_reason', 'decoded_input',
    'tx_types', 'actions', 'exchange_rate', 'l1_fee', 'base_fee_per_gas', 'max_fee_per_gas', 'max_priority_fee_per_gas',
    'transaction_burnt_fee', 'block',
  ];

  it.each(FIELDS)('%s of any type renders, never throws, never shows raw controls', (field) => {
    for (const odd of ODD) {
      const tx = { ...base, [field]: odd } as unknown as Transaction;
      for (const c of CONTEXTS) {
        const out = renderTransaction(tx, c);
        expect(out, `${field}: ${JSON.stringify(odd)}`).toMatch(/\n$/);
        expect(isSafeText(out.replace(/\u001b\[\d+m/g, '').replace(/[\t\n]/g, ' ')), `${field}: ${JSON.stringify(odd)}`).toBe(true);
      }
    }
  });

  it('a missing hash, timestamp: [] and transaction_types: "" (the issue’s shapes)', () => {
    const { hash: _, ...noHash } = base;
    for (const tx of [noHash, { ...base, timestamp: [] }, { ...base, transaction_types: '' }, { ...base, hash: 12 }]) {
      for (const c of CONTEXTS) expect(() => renderTransaction(tx as unknown as Transaction, c)).not.toThrow();
    }
    const out = renderTransaction({ ...base, timestamp: [], transaction_types: 'odd' } as unknown as Transaction, ctx(false));
    // Shown as sent, not dropped.
    expect(out).toContain('Timestamp\t[]\n');
    expect(out).toContain('Types\todd\n');
    expect(renderTransaction({ ...base, hash: 12 } as unknown as Transaction, ctx(true))).toContain('scout tx transfers 12');
  });

  it('a type named after an Object.prototype member is just an unknown type', () => {
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const out = renderTransaction({ ...base, type } as unknown as Transaction, ctx(true));
      expect(out).toMatch(new RegExp(`Type +${type} · coin_transfer\\n`));
    }
  });

  it('non-hex input shows a little of itself as safe text, not raw and not as bytes', () => {
    const out = renderTransaction({ ...base, raw_input: 'Evil\u001b]52;c;aGk=\u0007 calldata of no hex at all' } as unknown as Transaction, ctx(true));
    expect(out).toMatch(/Input +Evil\u241b\]52;c;aGk=\u2407 ca… \(not hex\)\n/);
  });
});

describe('list cells', () => {
  it('a transfer type named after an Object.prototype member shows as itself', () => {
    for (const type of ['constructor', '__proto__', 'valueOf']) {
      const out = renderTable([{ type, transaction_hash: '0x' + 'a'.repeat(64) }] as never[], tokenTransferColumns, ctx(true, 200));
      expect(out).toContain(type);
      expect(out).not.toContain('function');
    }
  });
});

describe('numbers of thousands of digits', () => {
  it('stay text: no BigInt of a million digits', () => {
    expect(toBigInt('9'.repeat(1024))).toBe(10n ** 1024n - 1n);
    expect(toBigInt('9'.repeat(1025))).toBeUndefined();
    expect(usd('1', 0, '1.' + '0'.repeat(2000))).toBeUndefined();
  });

  it('groupDigits groups every run of digits before the first point in one pass, and keeps all after it', () => {
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('-1234')).toBe('-1,234');
    expect(groupDigits('1.2.3')).toBe('1.2.3');
    expect(groupDigits('block 10000 of 123')).toBe('block 10,000 of 123');
    expect(groupDigits('9'.repeat(300_000))).toBe('999' + ',999'.repeat(99_999));
  });
});

describe('display width of long text', () => {
  // The same width and cut as segmenting the whole string at once (the reference), for text long
  // enough to be segmented a window at a time and only partly ASCII.
  const seg = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const clusters = (s: string) => Array.from(seg.segment(s), (g) => g.segment);
  const refWidth = (s: string) => clusters(s).reduce((w, g) => w + displayWidth(g), 0);

  it('windows and ASCII stretches give the same clusters as one pass', () => {
    const r = seeded(7);
    const parts = ['a', ' ', '1', 'e\u0301', '\u0301', '\u0600', '😀', '👩‍👩‍👧', '🇩🇪', '中', '\u200d', '…', '␛', 'x\u20dd', '\u1100\u1161'];
    for (let n = 0; n < 600; n++) {
      let s = '';
      for (let i = Math.floor(r() * 14); i > 0; i--) s += parts[Math.floor(r() * parts.length)];
      s = s.repeat(1 + Math.floor(r() * 60));
      expect(displayWidth(s), JSON.stringify(s)).toBe(refWidth(s));
      const w = Math.floor(r() * 40);
      let kept = '';
      let used = 0;
      for (const g of clusters(s)) {
        if (used + displayWidth(g) > w - 1) break;
        kept += g;
        used += displayWidth(g);
      }
      expect(truncate(s, w), JSON.stringify([s, w])).toBe(refWidth(s) <= w ? s : w <= 0 ? '' : w === 1 ? '…' : kept + '…');
    }
  });
});
