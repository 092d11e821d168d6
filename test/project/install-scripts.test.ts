/**
 * `npm ci` runs no dependency's install script and prints no warning about one: every package in the
 * lock file that has an install script is named in package.json's `allowScripts` (npm 11 warns about
 * each one that is not; npm 12 blocks them). esbuild's is denied: its postinstall only checks the
 * binary that its platform package (an optional dependency from the registry) already holds, and the
 * build runs without it (the suite builds from a tree installed that way).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const json = (name: string) => JSON.parse(readFileSync(join(ROOT, name), 'utf8')) as Record<string, unknown>;

describe('install scripts', () => {
  it('every locked package with an install script has a decision in allowScripts', () => {
    const lock = json('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    // The check would pass over a lock file without any: esbuild has one today.
    expect(withScripts).toContain('esbuild');
    const allow = (json('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const decided = (name: string) => Object.keys(allow).some((k) => k === name || k.startsWith(`${name}@`));
    expect(withScripts.filter((name) => !decided(name))).toEqual([]);
  });

  it('denies them: the build needs no install script to have run', () => {
    const allow = json('package.json').allowScripts as Record<string, boolean>;
    expect(Object.values(allow).every((v) => v === false)).toBe(true);
  });
});
