/**
 * The schemas are written with zod/mini, which names no problem in words unless given a locale
 * (src/api/schemas.ts sets the English one): the warning for an item of an unexpected shape quotes
 * zod's message, and it must keep saying what was expected.
 */
import { expect, it } from 'vitest';
import { AddressParam, Transaction } from '../../src/api/schemas.js';

it('a shape mismatch is described in words, where and what was expected', () => {
  const r = AddressParam.safeParse({ hash: 5 });
  expect(r.success).toBe(false);
  expect(r.error?.issues[0]).toMatchObject({ path: ['hash'], message: 'Invalid input: expected string, received number' });
  const t = Transaction.safeParse({ hash: '0x01', from: { hash: '0x02', is_scam: 'no' } });
  expect(t.error?.issues[0]).toMatchObject({ path: ['from', 'is_scam'], message: 'Invalid input: expected boolean, received string' });
});

it('loose objects still pass unknown fields and nulls through', () => {
  const r = AddressParam.safeParse({ hash: '0x02', name: null, extra: { any: 1 } });
  expect(r).toEqual({ success: true, data: { hash: '0x02', name: null, extra: { any: 1 } } });
});
