/** The hash a "Block lost consensus" 404 names: taken only when it is a block hash, as the body is the server's. */
import { describe, expect, it } from 'vitest';
import { lostConsensusHash } from '../../src/api/body.js';

const HASH = '0x' + 'Ab'.repeat(32);

describe('lostConsensusHash', () => {
  it('reads the hash of Blockscout\'s body, lower-cased', () => {
    expect(lostConsensusHash(JSON.stringify({ message: 'Block lost consensus', hash: HASH }))).toBe(HASH.toLowerCase());
  });

  it.each([
    ['another 404', '{"message":"Not found"}'],
    ['no hash', '{"message":"Block lost consensus"}'],
    ['a hash with an escape sequence', JSON.stringify({ message: 'Block lost consensus', hash: `${HASH}\u001b[2J` })],
    ['a short hash', JSON.stringify({ message: 'Block lost consensus', hash: '0x1234' })],
    ['a hash that is a number', '{"message":"Block lost consensus","hash":1}'],
    ['a body that is not JSON', 'Block lost consensus'],
  ])('is undefined for %s', (_what, body) => {
    expect(lostConsensusHash(body)).toBeUndefined();
  });
});
