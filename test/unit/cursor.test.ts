import { describe, expect, it } from 'vitest';
import { cursorFromRaw, decodeCursor, encodeCursor } from '../../src/api/cursor.js';
import { UsageError } from '../../src/errors.js';

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
});
