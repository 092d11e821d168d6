import { describe, expect, it } from 'vitest';
import { checkCursorOrigin, cursorFromRaw, decodeCursor, encodeCursor, encodeCursorFor, readCursor } from '../../src/api/cursor.js';
import { UsageError } from '../../src/base/errors.js';

describe('cursor', () => {
  it('turns JSON null into the literal string null and keeps number text', () => {
    expect(cursorFromRaw('{"block_number":null,"index":null,"items_count":50,"value":"1e18","fee":12345678901234567890123}')).toEqual([
      ['block_number', 'null'],
      ['index', 'null'],
      ['items_count', '50'],
      ['value', '1e18'],
      ['fee', '12345678901234567890123'],
    ]);
  });

  it('passes bracketed search keys, string booleans and timestamps verbatim', () => {
    const c = cursorFromRaw(
      '{"next_page_params_type":"search","q":"USDT","token[circulating_market_cap]":null,"token[is_verified_via_admin_panel]":"false","token[inserted_at]":"2025-06-26T10:27:54.857760Z"}',
    );
    expect(c).toEqual([
      ['next_page_params_type', 'search'],
      ['q', 'USDT'],
      ['token[circulating_market_cap]', 'null'],
      ['token[is_verified_via_admin_panel]', 'false'],
      ['token[inserted_at]', '2025-06-26T10:27:54.857760Z'],
    ]);
  });

  it('treats null, absent and {} as the last page', () => {
    expect(cursorFromRaw(undefined)).toBeNull();
    expect(cursorFromRaw('null')).toBeNull();
    expect(cursorFromRaw('{}')).toBeNull();
    expect(cursorFromRaw(' { } ')).toBeNull();
  });

  it('round-trips through the opaque token', () => {
    const c = cursorFromRaw('{"block_number":null,"index":3,"items_count":50,"token[name]":"Tether USD"}')!;
    const token = encodeCursor(c);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token)).toEqual(c);
  });

  it('accepts the next_page_params JSON itself', () => {
    expect(decodeCursor('{"block_number":19,"index":null}')).toEqual([
      ['block_number', '19'],
      ['index', 'null'],
    ]);
  });

  it.each(['not a cursor!', 'bm90IGpzb24', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{}').toString('base64url'), '{"a":{"b":1}}', ''])(
    'refuses an unreadable cursor %j',
    (token) => {
      expect(() => decodeCursor(token)).toThrow(UsageError);
    },
  );

  it.each([
    Buffer.from('["address txs","1234abcd",[1]]').toString('base64url'),
    Buffer.from('["address txs","not-hex!",{"a":"1"}]').toString('base64url'),
    Buffer.from('["address txs","1234abcd",{"a":"1"},4]').toString('base64url'),
    Buffer.from('[1,"1234abcd",{"a":"1"}]').toString('base64url'),
  ])('refuses a token that looks like one of ours but is not %j', (token) => {
    expect(() => readCursor(token)).toThrow(UsageError);
  });
});

describe('a cursor names the list that printed it', () => {
  const pairs = cursorFromRaw('{"block_number":null,"index":7,"items_count":50}')!;
  const txs = { command: 'address txs', path: '/api/v2/addresses/0xAbC/transactions' };

  it('keeps its pairs exactly, and resumes the same list (addresses in any case)', () => {
    const read = readCursor(encodeCursorFor(pairs, txs));
    expect(read.pairs).toEqual(pairs);
    expect(read.from?.command).toBe('address txs');
    expect(() => checkCursorOrigin(read, txs)).not.toThrow();
    expect(() => checkCursorOrigin(read, { ...txs, path: txs.path.toLowerCase() })).not.toThrow();
    // `scout api` asking the same path is the same list.
    expect(() => checkCursorOrigin(read, { command: 'api', path: txs.path })).not.toThrow();
  });

  it('refuses it for another command or another list of the same command, naming the one it belongs to', () => {
    const read = readCursor(encodeCursorFor(pairs, txs));
    expect(() => checkCursorOrigin(read, { command: 'address transfers', path: '/api/v2/addresses/0xabc/token-transfers' })).toThrow(
      'this --cursor resumes scout address txs, not scout address transfers',
    );
    expect(() => checkCursorOrigin(read, { ...txs, path: '/api/v2/addresses/0xdef/transactions' })).toThrow(
      'this --cursor resumes another list of scout address txs (another address, hash, query or path)',
    );
  });

  it('takes tokens of earlier versions and the next_page_params JSON anywhere', () => {
    for (const token of [encodeCursor(pairs), '{"block_number":null,"index":7,"items_count":50}']) {
      const read = readCursor(token);
      expect(read.pairs).toEqual(pairs);
      expect(read.from).toBeUndefined();
      expect(() => checkCursorOrigin(read, { command: 'tx transfers', path: '/api/v2/transactions/0x1/token-transfers' })).not.toThrow();
    }
  });

  it('says the command that printed it as safe text', () => {
    const read = readCursor(encodeCursorFor(pairs, { command: 'x\u001b[31mred', path: '/a' }));
    let message = '';
    try {
      checkCursorOrigin(read, { command: 'search', path: '/b' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^this --cursor resumes scout x.*red, not scout search$/);
    expect(message).not.toContain('\u001b');
  });
});
