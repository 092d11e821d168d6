/**
 * The fast project shares one module graph per worker (vitest.config.ts, `isolate: false`), which
 * is safe only while no test changes what another file sees. Outside ISOLATED, no test file mocks a
 * module, stubs or spies on a global, writes process.env, or assigns to a binding it imports from
 * src/ (a budget is passed in, not set on the exported constant).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config.js';
import { ROOT } from '../support/cli.js';

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === '__snapshots__' ? [] : testFiles(p);
    return /\.(ts|mts|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** Code without comments, so a comment that names vi.mock is not a use of it. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const SHARED_STATE: readonly [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|doUnmock)\s*\(/, 'mocks a module'],
  [/\bvi\.(stubGlobal|stubEnv|spyOn|replaceProperty)\s*\(/, 'stubs or spies on a global'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\+=|\?\?=|\|\|=)/, 'writes process.env'],
  [/\bdelete\s+process\.env\b/, 'writes process.env'],
  [/\bObject\.assign\(\s*process\.env\b/, 'writes process.env'],
];

/** What a file imports (as values) from src/, by local name. */
function srcImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(?!type\b)([^;]*?)\s+from\s+'(?:\.\.\/)+src\/[^']+'/g)) {
    const clause = m[1]!;
    const star = /\*\s+as\s+(\w+)/.exec(clause);
    if (star) names.push(star[1]!);
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const part of braces?.[1]?.split(',') ?? []) {
      const p = part.trim();
      if (!p || p.startsWith('type ')) continue;
      names.push(p.split(/\s+as\s+/).pop()!.trim());
    }
    const plain = /^(\w+)/.exec(clause.trim());
    if (plain && !clause.trim().startsWith('{')) names.push(plain[1]!);
  }
  return names;
}

describe('test hygiene', () => {
  const files = testFiles('test').map((f) => relative(ROOT, join(ROOT, f)));

  it('reads the tests', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const f of ISOLATED) expect(files).toContain(f);
  });

  it('outside ISOLATED, no test mocks, stubs, writes process.env or assigns to what it imports from src/', () => {
    const problems: string[] = [];
    for (const file of files) {
      if (ISOLATED.includes(file) || file === 'test/project/test-hygiene.test.ts') continue;
      const text = code(readFileSync(join(ROOT, file), 'utf8'));
      for (const [re, what] of SHARED_STATE) if (re.test(text)) problems.push(`${file} ${what}`);
      for (const name of srcImports(text)) {
        const assigned = new RegExp(`(^|[^\\w.$])${name}(\\.[\\w$]+|\\[[^\\]]+\\])*\\s*(=(?![=>])|\\+=|-=)`, 'm');
        if (assigned.test(text)) problems.push(`${file} assigns to ${name}, imported from src/`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every file in ISOLATED still needs it', () => {
    const unneeded = ISOLATED.filter((file) => {
      const text = code(readFileSync(join(ROOT, file), 'utf8'));
      return !SHARED_STATE.some(([re]) => re.test(text));
    });
    expect(unneeded).toEqual([]);
  });
});
