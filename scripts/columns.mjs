// Writes the documentation of piped columns from the column sets (src/commands/columns-doc.ts):
// src/commands/piped-columns.ts, which --help reads, and README's table. Run after `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { pipedColumnsSource, readmeWithColumns } = await import(join(root, 'dist/commands/columns-doc.js'));
writeFileSync(join(root, 'src/commands/piped-columns.ts'), pipedColumnsSource());
const readme = join(root, 'README.md');
writeFileSync(readme, readmeWithColumns(readFileSync(readme, 'utf8')));
