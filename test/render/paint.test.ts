/**
 * All styling goes through one paint function (src/render/paint.ts): with colour off it writes no
 * escape at all, with colour on it writes the same SGR bytes scout always wrote (pinned here), and no
 * other source file spells a style as a raw escape sequence beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paint, type Style } from '../../src/render/paint.js';

const STYLES: readonly Style[] = ['ok', 'error', 'warn', 'dim', 'bold', 'accent'];
const ROOT = join(import.meta.dirname, '../..');

describe('paint', () => {
  it('with colour off, no style writes an escape', () => {
    for (const style of STYLES) {
      for (const text of ['x', '==> 0xabc <==', 'a\nb', '']) expect(paint(text, style, { color: false })).toBe(text);
    }
  });

  it('with colour on, the bytes scout has always written', () => {
    const on = { color: true };
    expect(STYLES.map((s) => paint('x', s, on))).toEqual([
      '\u001b[32mx\u001b[39m',
      '\u001b[31mx\u001b[39m',
      '\u001b[33mx\u001b[39m',
      '\u001b[2mx\u001b[22m',
      '\u001b[1mx\u001b[22m',
      '\u001b[36mx\u001b[39m',
    ]);
    // A batch heading and a --chains heading, as they were spelled by hand before.
    expect(paint('==> 0xabc <==', 'bold', on)).toBe('\x1b[1m==> 0xabc <==\x1b[22m');
    expect(paint('alpha (1) · a.example', 'bold', on)).toBe('\x1b[1malpha (1) · a.example\x1b[22m');
    // No style, or nothing to style: nothing added.
    expect(paint('x', undefined, on)).toBe('x');
    expect(paint('', 'bold', on)).toBe('');
  });

  it('no source file but paint.ts spells an escape sequence (styles go through paint, cursor moves through node:readline)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.ts')) files.push(join(dir, e.name));
      }
    };
    walk(join(ROOT, 'src'));
    // An escape sequence in code (comments aside): \x1b[1m, \u001b[22m, \033[0;36m, \u001b[1G…
    const escape = /\\(x1b|u001b|033|e)\[/i;
    const offenders = files
      .filter((f) => relative(ROOT, f) !== join('src', 'render', 'paint.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(ROOT, f)}:${i + 1}` }))
          .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && escape.test(line))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});
