/**
 * The schemas are built from zod/mini (src/api/schemas.ts): zod's full API put about 454 KB into the
 * program for the same few constructs. Read from the build's record of which module went into which
 * file (dist/cli/meta.json, written by `npm run build`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

interface Meta {
  outputs: Record<string, { bytes: number; inputs?: Record<string, { bytesInOutput: number }> }>;
}

it('the program carries zod/mini, not zod’s full API', () => {
  const meta = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'cli', 'meta.json'), 'utf8')) as Meta;
  const zod = Object.values(meta.outputs).flatMap((o) => Object.entries(o.inputs ?? {}).filter(([path]) => path.includes('node_modules/zod/')));
  expect(zod.length).toBeGreaterThan(0);
  expect(zod.map(([path]) => path).filter((p) => p.includes('/classic/'))).toEqual([]);
  expect(zod.reduce((sum, [, i]) => sum + i.bytesInOutput, 0)).toBeLessThan(64 * 1024);
});
