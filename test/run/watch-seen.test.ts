/** The memory of --watch: a bounded set of identities, and how an item's identity is made. */
import { describe, expect, it } from 'vitest';
import { byHash, byIndexInTransaction, byTransferLog } from '../../src/kit/follow-options.js';
import { identityKey, SEEN_LIMIT, SeenSet } from '../../src/run/watch.js';

describe('SeenSet', () => {
  it('holds at most its limit, forgetting the least recently seen first', () => {
    const s = new SeenSet(3);
    expect(['a', 'b', 'c'].map((k) => s.see(k))).toEqual([true, true, true]);
    expect(s.see('a')).toBe(false); // seen again: now the most recent
    expect(s.see('d')).toBe(true); // b, the least recently seen, goes
    expect(s.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((k) => s.has(k))).toEqual([true, false, true, true]);
  });

  it('stays at its limit however many items a watch of days sees', () => {
    const s = new SeenSet(SEEN_LIMIT);
    for (let i = 0; i < SEEN_LIMIT * 3; i++) s.see(`id:${i}`);
    expect(s.size).toBe(SEEN_LIMIT);
    expect(s.has(`id:${SEEN_LIMIT * 3 - 1}`)).toBe(true);
    expect(s.has('id:0')).toBe(false);
  });
});

describe('identityKey', () => {
  it('is the identity fields: 5 and "5" the same index, a hash in any case the same hash', () => {
    const h = '0xAB' + '0'.repeat(62);
    expect(identityKey(byIndexInTransaction, { transaction_hash: h, index: 5, data: '0x1' }, 'x')).toBe(identityKey(byIndexInTransaction, { transaction_hash: h.toLowerCase(), index: '5', data: '0x2' }, 'y'));
    expect(identityKey(byIndexInTransaction, { transaction_hash: h, index: 5 }, 'x')).not.toBe(identityKey(byIndexInTransaction, { transaction_hash: h, index: 6 }, 'x'));
    // The 2024 spelling of the transaction hash is the same field.
    expect(identityKey(byTransferLog, { tx_hash: h, log_index: 1, total: { token_id: '9' } }, 'x')).toBe(identityKey(byTransferLog, { transaction_hash: h, log_index: 1, total: { token_id: '9' } }, 'y'));
    expect(identityKey(byTransferLog, { transaction_hash: h, log_index: 1, total: { token_id: '9' } }, 'x')).not.toBe(identityKey(byTransferLog, { transaction_hash: h, log_index: 1, total: { token_id: '10' } }, 'x'));
  });

  it('an item without its identity fields (or no object at all) is known by its whole text', () => {
    expect(identityKey(byHash, { other: 1 }, '{"other":1}')).toBe(identityKey(byHash, { other: 1 }, '{"other":1}'));
    expect(identityKey(byHash, { other: 1 }, '{"other":1}')).not.toBe(identityKey(byHash, { other: 2 }, '{"other":2}'));
    expect(identityKey(byHash, 'text', '"text"')).not.toBe(identityKey(byHash, 'other', '"other"'));
  });
});
