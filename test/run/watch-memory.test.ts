/**
 * Issue 20, item 5: what --watch remembers of an item does not grow with the item. Identities are
 * kept as digests of KEY_BYTES, so a server sending megabyte "hashes" cannot fill the heap (the set
 * holds SEEN_LIMIT of them).
 */
import { describe, expect, it } from 'vitest';
import { byHash, byIndexInTransaction, byTransferLog } from '../../src/kit/follow-options.js';
import { identityKey, KEY_BYTES, SEEN_LIMIT, SeenSet } from '../../src/run/watch.js';

const MiB = 1024 * 1024;
const huge = (tag: string) => '0x' + 'a'.repeat(MiB) + tag;

describe('identityKey: a digest of fixed size, whatever the identity', () => {
  it('a 1 MiB hash, index, token id or whole item: KEY_BYTES characters each', () => {
    const keys = [
      identityKey(byHash, { hash: huge('1') }, '{}'),
      identityKey(byIndexInTransaction, { transaction_hash: huge('1'), index: '9'.repeat(MiB) }, '{}'),
      identityKey(byTransferLog, { transaction_hash: '0x1', log_index: 1, total: { token_id: { deep: 'x'.repeat(MiB) } } }, '{}'),
      identityKey(byHash, { other: 1 }, `{"other":"${'x'.repeat(MiB)}"}`),
    ];
    expect(KEY_BYTES).toBeLessThanOrEqual(32);
    for (const k of keys) expect(k.length).toBe(KEY_BYTES);
  });

  it('still tells long identities apart by their last character, and equal ones (any case) alike', () => {
    expect(identityKey(byHash, { hash: huge('1') }, 'x')).not.toBe(identityKey(byHash, { hash: huge('2') }, 'x'));
    expect(identityKey(byHash, { hash: huge('b') }, 'x')).toBe(identityKey(byHash, { hash: huge('B').toUpperCase() }, 'y'));
    // A field and an item's whole text are never the same key.
    expect(identityKey(byHash, { hash: 'raw:x' }, 'x')).not.toBe(identityKey(byHash, {}, 'x'));
  });

  it('the seen set holds KEY_BYTES per identity however long the identities it is fed', () => {
    const seen = new SeenSet(SEEN_LIMIT);
    const kept: string[] = [];
    for (let i = 0; i < 64; i++) {
      const key = identityKey(byHash, { hash: huge(String(i)) }, '{}');
      expect(seen.see(key)).toBe(true);
      kept.push(key);
    }
    // What it holds is what it was given: 64 × KEY_BYTES characters, not 64 MiB.
    expect(kept.reduce((n, k) => n + k.length, 0)).toBe(64 * KEY_BYTES);
    expect(seen.see(identityKey(byHash, { hash: huge('7') }, '{}'))).toBe(false);
    expect(seen.size).toBe(64);
  });
});
