/**
 * When colour is on (docs/cli-contract.md, Colour): only on a terminal unless FORCE_COLOR says otherwise;
 * NO_COLOR (non-empty) and TERM=dumb turn it off, which chalk alone would not do for NO_COLOR. The
 * renderers then colour exactly when the context says so, whatever chalk detects by itself.
 */
import { describe, expect, it } from 'vitest';
import { colorWanted } from '../../src/base/node-io.js';
import { paint } from '../../src/render/table.js';

const ctx = (color: boolean) => ({ tty: true, color, width: 80, now: 0, coin: 'ETH' });

describe('colorWanted', () => {
  it('follows the terminal by default', () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
  });

  it('NO_COLOR (non-empty) and TERM=dumb turn it off on a terminal', () => {
    expect(colorWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorWanted({ TERM: 'dumb' }, true)).toBe(false);
  });

  it('FORCE_COLOR wins, either way', () => {
    expect(colorWanted({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorWanted({ FORCE_COLOR: 'false' }, true)).toBe(false);
  });
});

describe('paint', () => {
  it('colours only when the context says so, with chalk at a fixed basic level', () => {
    expect(paint('ok', 'ok', ctx(true))).toBe('\u001b[32mok\u001b[39m');
    expect(paint('no', 'error', ctx(true))).toBe('\u001b[31mno\u001b[39m');
    expect(paint('wait', 'warn', ctx(true))).toBe('\u001b[33mwait\u001b[39m');
    expect(paint('—', 'dim', ctx(true))).toBe('\u001b[2m—\u001b[22m');
    expect(paint('HASH', 'bold', ctx(true))).toBe('\u001b[1mHASH\u001b[22m');
    for (const style of ['ok', 'error', 'warn', 'dim', 'bold'] as const) expect(paint('x', style, ctx(false))).toBe('x');
    expect(paint('', 'ok', ctx(true))).toBe('');
  });
});
