/**
 * Tables give cli-table3 each column's width in its own measure (render/table.ts, drawnWidth), so
 * that measure must be the very string-width cli-table3 pads with: an upgrade that gave cli-table3
 * a string-width of its own would put rows with wide or emoji text out of line.
 */
import { createRequire } from 'node:module';
import stringWidth from 'string-width';
import { expect, it } from 'vitest';

it('measures cells by the string-width cli-table3 pads with', () => {
  const require = createRequire(import.meta.url);
  const tables = createRequire(require.resolve('cli-table3'));
  expect(tables.resolve('string-width')).toBe(require.resolve('string-width'));
  expect(tables('string-width')).toBe(stringWidth);
});
