/**
 * The build fills a lazily evaluated module's namespace object when the module is evaluated, not at
 * the start of the bundle (scripts/lazy-exports.mjs): a run makes only the namespaces of the modules
 * it loads, and the code cache carries no getters of the others.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without declarations.
import { lazyExports } from '../../scripts/lazy-exports.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const transform = lazyExports as (text: string) => { text: string; moved: number };

const dir = mkdtempSync(join(tmpdir(), 'scout-lazy-exports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A bundle as the build makes one: `entry` imports `eager` as a namespace (evaluated at start), and
 * loads `lazy` with import(), which imports `cycle`, which imports `lazy` back and reads its
 * namespace while `lazy` is still being evaluated. `never` is an import() target no run reaches.
 */
async function bundle(): Promise<string> {
  const files: Record<string, string> = {
    'entry.ts': `
      import * as eager from './eager.js';
      const shown = (ns: object) => JSON.stringify(Object.entries(ns));
      export async function main(which: string) {
        const out = [shown(eager)];
        if (which === 'never') out.push(shown(await import('./never.js')));
        const lazy = await import('./lazy.js');
        out.push(shown(lazy), lazy.fromCycle(), String((await import('./cycle.js')).seen));
        return out.join(' ');
      }`,
    'eager.ts': `export const a = 1; export function b() { return 2; }`,
    'lazy.ts': `
      import { peek } from './cycle.js';
      export const x = 'x';
      export function y() { return 'y'; }
      export function fromCycle() { return peek(); }`,
    'cycle.ts': `
      import * as lazy from './lazy.js';
      export const seen = Object.keys(lazy).join(',');
      export function peek() { return lazy.y() + lazy.x; }`,
    'never.ts': `export const n = 'never';`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const result = await build({
    entryPoints: [join(dir, 'entry.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    minify: true,
    target: 'node20.18',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Runs a bundle in a fresh Node: its main's answer, and how many getters the bundle defined before main ran. */
function run(text: string, which: string): { out: string; gettersAtStart: number } {
  const file = join(dir, `b-${Math.random().toString(36).slice(2)}.cjs`);
  const count = `let getters=0;const dp=Object.defineProperty;Object.defineProperty=function(o,k,d){if(d&&d.get&&d.enumerable)getters++;return dp.apply(this,arguments)};`;
  writeFileSync(file, `${count}\n${text}\nconst atStart=getters;module.exports.main(${JSON.stringify(which)}).then((o)=>console.log(JSON.stringify({out:o,gettersAtStart:atStart})));`);
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' })) as { out: string; gettersAtStart: number };
}

describe('namespace objects filled when their module is evaluated (scripts/lazy-exports.mjs)', () => {
  it('moves the filling of each lazily evaluated module into its init, and the program answers the same', async () => {
    const text = await bundle();
    const lazy = transform(text);
    // lazy, cycle and never are evaluated lazily; eager's namespace (and entry's exports) stay at start.
    expect(lazy.moved).toBe(3);
    expect(lazy.text.length).toBe(text.length);
    for (const which of ['lazy', 'never']) {
      const before = run(text, which);
      const after = run(lazy.text, which);
      expect(after.out).toBe(before.out);
      // The namespace read while its module was still being evaluated has every export.
      expect(after.out).toContain('yx');
      expect(after.out).toContain('fromCycle,x,y');
      // At start only the namespaces of modules evaluated at start are filled.
      expect(before.gettersAtStart).toBeGreaterThan(after.gettersAtStart);
      // lazy (x, y, fromCycle), cycle (seen, peek) and never (n).
      expect(after.gettersAtStart).toBe(before.gettersAtStart - 6);
    }
  });

  it('leaves a bundle without esbuild\'s helpers as it was', () => {
    const text = '(function(){var a=1;module.exports={a}})';
    expect(transform(text)).toEqual({ text, moved: 0 });
  });

  it('the built program has no namespace left to make lazy, and fills over a hundred in their modules', () => {
    const built = readFileSync(join(ROOT, 'dist', 'cli', 'program.cjs'), 'latin1');
    expect(transform(built).moved).toBe(0);
    const inInits = built.match(/=\w+\(\(\)=>\{(?:"use strict";)?\w+\(\w+,\{[^{}]*\}\);/g) ?? [];
    expect(inInits.length).toBeGreaterThan(100);
  });
});
