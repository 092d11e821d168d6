/**
 * All styling goes through one paint function (src/render/paint.ts): it alone imports chalk (the
 * dependency rule `styling-through-paint`, tested in layers.test.ts), and no source writes an escape
 * sequence of its own in a string (the measures in render/width.ts and render/table.ts recognise
 * colour codes in regular expressions; they write none).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

it('no source writes an escape sequence in a string', () => {
  const src = join(ROOT, 'src');
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  expect(sources.length).toBeGreaterThan(50);
  // A quote or backtick, then on the same line an escape character written as \x1b, \u001b, \u{1b} or \033.
  const written = /['"`][^'"`\n]*\\(?:x1b|u001b|u\{1b\}|033)/i;
  const comment = /^\s*(?:\*|\/\/)/;
  const found = sources.flatMap((f) =>
    readFileSync(join(src, f), 'utf8')
      .split('\n')
      .flatMap((line, i) => (written.test(line) && !comment.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
