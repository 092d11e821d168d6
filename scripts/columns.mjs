// Writes the documentation of piped columns from the column sets (scripts/columns-doc.ts):
// src/kit/piped-columns.ts, which --help reads, and README's table. esbuild (the build's bundler)
// compiles the generator and the sources it reads into one module, so no build is needed.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = await build({
  absWorkingDir: root,
  entryPoints: ['scripts/columns-doc.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  write: false,
  logLevel: 'warning',
});
// Written under node_modules so that its imports of packages resolve; removed once loaded.
const tmp = join(root, 'node_modules', '.cache', `scout-columns-${process.pid}.mjs`);
mkdirSync(dirname(tmp), { recursive: true });
writeFileSync(tmp, out.outputFiles[0].text);
let generator;
try {
  generator = await import(pathToFileURL(tmp).href);
} finally {
  rmSync(tmp, { force: true });
}
const { pipedColumnsSource, readmeWithColumns } = generator;
writeFileSync(join(root, 'src/kit/piped-columns.ts'), pipedColumnsSource());
const readme = join(root, 'README.md');
writeFileSync(readme, readmeWithColumns(readFileSync(readme, 'utf8')));
