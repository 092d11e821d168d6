// Writes the documentation of piped columns from the column sets (scripts/columns-doc.ts):
// src/kit/piped-columns.ts, which --help reads, and README's table.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTs, root } from './load-ts.mjs';

const { pipedColumnsSource, readmeWithColumns } = await loadTs('scripts/columns-doc.ts');
writeFileSync(join(root, 'src/kit/piped-columns.ts'), pipedColumnsSource());
const readme = join(root, 'README.md');
writeFileSync(readme, await readmeWithColumns(readFileSync(readme, 'utf8')));
