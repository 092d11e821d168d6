/**
 * The catalog names each top-level command and topic beside the loader of its spec module, so that a
 * command line loads only the one it names (cli.ts): each name must be its spec's, once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, ENTRIES, entryNamed, loadAll } from '../../src/commands/catalog.js';
import { ROOT } from '../support/cli.js';

describe('the command catalog', () => {
  it('names each entry as its spec is named, each name once', async () => {
    const specs = await loadAll();
    expect(specs.map((s) => s.name)).toEqual(ENTRIES.map((e) => e.name));
    expect(new Set(ENTRIES.map((e) => e.name)).size).toBe(ENTRIES.length);
    for (const e of ENTRIES) expect(entryNamed(e.name)).toBe(e);
    expect(entryNamed('nope')).toBeUndefined();
  });

  it('has every area a heading and a command, and leaves no command directory out', async () => {
    for (const a of AREAS) expect(a.entries.length, a.heading).toBeGreaterThan(0);
    // Each directory under src/commands holds at least one entry's spec.
    const dirs = readdirSync(join(ROOT, 'src/commands'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const loaders = readFileSync(join(ROOT, 'src/commands/catalog.ts'), 'utf8');
    expect(dirs.length).toBeGreaterThan(20);
    for (const d of dirs) expect(loaders, d).toContain(`import('./${d}/`);
  });
});
