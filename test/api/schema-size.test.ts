/**
 * The schemas are built from zod/mini (src/api/schemas.ts) for the library; the program itself checks
 * the plain shapes written from them and carries no zod (loading it and building the schemas cost a
 * table lookup more than its rendering). Read from the build's record of which module went into which
 * file (dist/cli/meta.json, written by `npm run build`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

interface Meta {
  outputs: Record<string, { bytes: number; inputs?: Record<string, { bytesInOutput: number }> }>;
}

it('the program carries no zod: its tables check shapes written from the schemas (src/api/shapes.ts)', () => {
  const meta = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'cli', 'meta.json'), 'utf8')) as Meta;
  const zod = Object.values(meta.outputs).flatMap((o) => Object.entries(o.inputs ?? {}).filter(([path]) => path.includes('node_modules/zod/')));
  expect(zod.map(([path]) => path)).toEqual([]);
});
