// Writes src/api/shapes.ts, the shapes a table checks objects against, from the zod schemas
// (scripts/shapes-source.ts); test/api/shape.test.ts fails while it is out of date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTs, root } from './load-ts.mjs';

const { shapesSource } = await loadTs('scripts/shapes-source.ts');
writeFileSync(join(root, 'src/api/shapes.ts'), shapesSource());
