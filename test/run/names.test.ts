/**
 * The ASCII path of name normalisation gives ens-normalize's answer: the same name, or a refusal,
 * for every name it takes (and it takes only names of ASCII letters, digits, `$`, `-`, `_` and dots).
 */
import { ens_normalize } from '@adraffy/ens-normalize';
import { describe, expect, it } from 'vitest';
import { normaliseAscii } from '../../src/run/names.js';

/** The library's answer: the normalised name, or that it refuses. */
function library(name: string): string | 'refused' {
  try {
    return ens_normalize(name);
  } catch {
    return 'refused';
  }
}

function ours(name: string): string | 'refused' | undefined {
  const n = normaliseAscii(name);
  return n === undefined ? undefined : typeof n === 'string' ? n : 'refused';
}

describe('normaliseAscii', () => {
  it.each([
    'vitalik.eth', 'Vitalik.ETH', 'a_b.eth', '_ab.eth', '__a_.eth', 'ab--cd.eth', 'xn--abc.eth', 'a--b.eth', 'abc--.eth', '-ab.eth', 'ab-.eth',
    '$ab.eth', 'a$b.base', '1.5', '123.gno', 'a..eth', '.eth', 'eth.', 'sub.name.eth', 'A-B_C.eth',
  ])('%s: as ens-normalize', (name) => {
    expect(ours(name)).toBe(library(name));
  });

  it('leaves every other name to the library', () => {
    for (const name of ['vitalik.eth ', 'ünï.eth', '🙂.eth', 'a+b.eth', 'a/b.eth', '\u0430pple.eth']) expect(normaliseAscii(name)).toBeUndefined();
  });

  it('agrees with ens-normalize on 3,000 seeded random ASCII names', () => {
    const alphabet = 'abcXYZ09$_-.';
    let seed = 0x5eed;
    const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x80000000);
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(next() * 9);
      let name = '';
      for (let j = 0; j < length; j++) name += alphabet[Math.floor(next() * alphabet.length)];
      expect(ours(name), name).toBe(library(name));
    }
  });
});
