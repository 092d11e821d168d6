// The build: tsc compiles src/ to dist/ (the library entry and its type declarations), then esbuild
// bundles the command-line program into dist/cli/ so start-up reads a few files instead of dozens.
// Code splitting keeps each command, the HTTP client, the schemas and the spinner in chunks of
// their own, loaded only when a command needs them. dist/cli/meta.json records which source module
// went into which chunk (the start-up test reads it).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});

const outdir = join(root, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { scout: 'src/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  minify: true,
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
  define: { __SCOUT_VERSION__: JSON.stringify(version) },
  // Bundled CommonJS dependencies (commander, cli-table3) still call require().
  banner: { js: "import{createRequire as __scoutRequire}from'node:module';const require=__scoutRequire(import.meta.url);" },
});
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
