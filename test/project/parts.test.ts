/**
 * The libraries only some runs load are parts of the program, files of their own beside it
 * (scripts/build.mjs, PARTS), so that the program every run reads and deserialises carries none of
 * them. Read from the build's record of which module went into which file (dist/cli/meta.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

interface Meta {
  outputs: Record<string, { inputs?: Record<string, unknown> }>;
}

const meta = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'cli', 'meta.json'), 'utf8')) as Meta;
const packagesIn = (file: string): Set<string> =>
  new Set(
    Object.keys(meta.outputs[file]?.inputs ?? {})
      .filter((p) => p.startsWith('node_modules/'))
      .map((p) => p.split('/').slice(1, p.split('/')[1]!.startsWith('@') ? 3 : 2).join('/')),
  );

it.each([
  ['undici', ['undici']],
  ['ox', ['ox', '@noble/hashes']],
  ['parquet', ['hyparquet-writer', 'hyparquet']],
  ['ens', ['@adraffy/ens-normalize']],
  ['ora', ['ora', 'cli-spinners']],
])('%s is a part of its own (dist/cli/%s.cjs), and the program carries none of it', (part, libraries) => {
  const inPart = packagesIn(`dist/cli/${part}.cjs`);
  const inProgram = packagesIn('dist/cli/program.cjs');
  for (const library of libraries) {
    expect(inPart).toContain(library);
    expect(inProgram).not.toContain(library);
  }
});
