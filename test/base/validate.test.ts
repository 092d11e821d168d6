import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { TOKEN_TYPES, NFT_TYPES } from '../../src/api/endpoints.js';
import { parseAddress, parseBlockId, parseChoice, parseHash, parseList, parsePositiveInt } from '../../src/base/validate.js';
import { SEARCH_TYPES } from '../../src/api/endpoints.js';

describe('input validation', () => {
  it('accepts addresses in any case and refuses malformed ones', () => {
    expect(parseAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    for (const bad of ['0x1234', 'd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '0xZZdA6BF26964aF9D7eEd9e03E53415D37aA96045', 'vitalik.eth']) {
      expect(() => parseAddress(bad)).toThrow(/invalid address .*expected 0x followed by 40 hex digits/);
    }
  });

  it('accepts 32-byte hashes only', () => {
    const h = '0x' + 'ab'.repeat(32);
    expect(parseHash(h)).toBe(h);
    expect(() => parseHash('0x' + 'ab'.repeat(31))).toThrow(UsageError);
  });

  it('reads --type case-insensitively, sends upper case, refuses unknown values', () => {
    expect(parseList('erc-20, Erc-1155', TOKEN_TYPES, '--type')).toEqual(['ERC-20', 'ERC-1155']);
    expect(parseList('erc721', TOKEN_TYPES, '--type')).toEqual(['ERC-721']);
    expect(parseList(undefined, TOKEN_TYPES, '--type')).toBeUndefined();
    expect(() => parseList('ERC-20', NFT_TYPES, '--type')).toThrow(/invalid --type "ERC-20": expected one of ERC-721, ERC-404, ERC-1155/);
    expect(() => parseList('ERC-777', TOKEN_TYPES, '--type')).toThrow(UsageError);
    expect(() => parseList(',', TOKEN_TYPES, '--type')).toThrow(UsageError);
  });

  it('allows only to and from as --filter', () => {
    expect(parseChoice('TO', ['to', 'from'], '--filter')).toBe('to');
    expect(() => parseChoice('to|from', ['to', 'from'], '--filter')).toThrow(/invalid --filter "to\|from": expected to or from/);
  });

  it('wants --limit of at least 1', () => {
    expect(parsePositiveInt('25', '--limit')).toBe(25);
    for (const bad of ['0', '-1', '1.5', 'ten', '']) expect(() => parsePositiveInt(bad, '--limit')).toThrow(UsageError);
  });

  it('takes a block as a number up to 2^63-1 (leading zeros dropped), a 32-byte hash or latest', () => {
    expect(parseBlockId('19000000')).toBe('19000000');
    expect(parseBlockId('0')).toBe('0');
    expect(parseBlockId('0019000000')).toBe('19000000');
    expect(parseBlockId(' LATEST ')).toBe('latest');
    expect(parseBlockId('9223372036854775807')).toBe('9223372036854775807');
    const h = '0x' + 'Ab'.repeat(32);
    expect(parseBlockId(h)).toBe(h);
    expect(() => parseBlockId('9223372036854775808')).toThrow(/invalid block "9223372036854775808": block numbers go up to 9223372036854775807/);
    expect(() => parseBlockId('9'.repeat(100_000))).toThrow(/block numbers go up to/);
    for (const bad of ['-1', '1.5', '1e6', '0x1a', '0x' + 'ab'.repeat(31), 'lates', '', '٣', '+5', '0b101']) {
      expect(() => parseBlockId(bad), bad).toThrow(/invalid block .*expected a block number, a block hash \(0x followed by 64 hex digits\) or latest/);
    }
  });

  it('reads search --type in any case and names the valid types when refusing one', () => {
    expect(parseList('TOKEN,ens_domain', SEARCH_TYPES, '--type')).toEqual(['token', 'ens_domain']);
    expect(() => parseList('tokens', SEARCH_TYPES, '--type')).toThrow(`invalid --type "tokens": expected one of ${SEARCH_TYPES.join(', ')}`);
  });
});
