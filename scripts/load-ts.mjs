// Loads a TypeScript generator and the sources it reads as one module: esbuild (the build's
// bundler) compiles them together, so no build is needed.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The module `entry` (a path from the repository's root) exports. */
export async function loadTs(entry) {
  const out = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  // Written under node_modules so that its imports of packages resolve; removed once loaded.
  const tmp = join(root, 'node_modules', '.cache', `scout-generator-${process.pid}.mjs`);
  mkdirSync(dirname(tmp), { recursive: true });
  writeFileSync(tmp, out.outputFiles[0].text);
  try {
    return await import(pathToFileURL(tmp).href);
  } finally {
    rmSync(tmp, { force: true });
  }
}
