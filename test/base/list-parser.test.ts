/**
 * One list parser (issue 21, item 4): `--type` and `--chains` read their comma lists through
 * parseWords, so both trim, keep a word given twice once, and refuse an empty word alike. Before,
 * `--type erc-20,` and `--type erc-20,,erc-721` were taken while `--chains 1,,8453` was refused.
 */
import { describe, expect, it } from 'vitest';
import { parseChainList } from '../../src/config/chain-list.js';
import { parseList, parseWords } from '../../src/base/validate.js';

const TYPES = ['ERC-20', 'ERC-721', 'ERC-1155'] as const;

describe('parseWords', () => {
  it('trims each word and keeps a word given twice (in any case) once, in order', () => {
    expect(parseWords(' base , 8453,Base,optimism ', '--chains', 'x')).toEqual(['base', '8453', 'optimism']);
  });

  it.each(['', ',', 'a,', ',a', 'a,,b', 'a, ,b'])('refuses the empty word in %j, echoing the whole value', (input) => {
    expect(() => parseWords(input, '--x', 'words')).toThrow(`invalid --x ${JSON.stringify(input)}: expected words`);
  });
});

describe('--type and --chains read lists alike', () => {
  it.each(['erc-20,', 'erc-20,,erc-721', ',erc-20'])('--type %j is refused as --chains refuses the same shape', (input) => {
    expect(() => parseList(input, TYPES, '--type')).toThrow(`invalid --type ${JSON.stringify(input)}: expected one of ERC-20, ERC-721, ERC-1155`);
    expect(() => parseChainList(input.replace(/erc-20/g, 'base').replace(/erc-721/g, 'gnosis'), '--chains')).toThrow(/^invalid --chains ".*": expected chain names or ids separated by commas/);
  });

  it('each still resolves and dedupes its own way after the split', () => {
    expect(parseList('erc20, ERC-20,Erc-1155', TYPES, '--type')).toEqual(['ERC-20', 'ERC-1155']);
    expect(parseChainList('Base,base,8453', '--chains')).toEqual(['Base', '8453']);
    expect(() => parseList('erc-777', TYPES, '--type')).toThrow('invalid --type "erc-777": expected one of ERC-20, ERC-721, ERC-1155');
  });
});
