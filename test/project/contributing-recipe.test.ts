/**
 * CONTRIBUTING's worked example ("Add a list command") stays true file by file: every path it names
 * exists, every "`name` in `file`" is declared in that file (or, for a snippet, written there), and
 * the verb it shows is the verb in the tree, character for character.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const guide = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const start = guide.indexOf('## Add a list command');
const recipe = guide.slice(start, guide.indexOf('\n## ', start + 1) === -1 ? undefined : guide.indexOf('\n## ', start + 1));
/** The recipe's prose with line breaks folded, so a `name` in `file` pair wrapped over two lines is read whole. */
const prose = recipe.replace(/```[\s\S]*?```/g, '').replace(/\s*\n\s*/g, ' ');
const PATH = /`((?:src|test|scripts|bench|docs)\/[\w./-]+)`/g;

describe("CONTRIBUTING's worked example", () => {
  it('is there', () => {
    expect(start).toBeGreaterThan(0);
  });

  it('names only files the tree holds', () => {
    const paths = [...prose.matchAll(PATH)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  it('finds each `name` in the file it says holds it', () => {
    const pairs = [...prose.matchAll(/`([^`]+)` in `((?:src|test)\/[\w./-]+\.ts)`/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(pairs.length).toBeGreaterThan(3);
    const wrong = pairs.filter(([name, file]) => {
      const text = existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : '';
      if (/^\w+$/.test(name)) return !new RegExp(`\\b(const|let|function|class|interface|type)\\s+${name}\\b`).test(text);
      return !text.replace(/\s+/g, ' ').includes(name.replace(/\s+/g, ' '));
    });
    expect(wrong).toEqual([]);
  });

  it('shows the verb as the tree has it', () => {
    const shown = /```ts\n([\s\S]*?)\n\s*```/.exec(recipe)?.[1];
    const path = /The verb, `([^`]+)`/.exec(recipe)?.[1];
    expect(path).toBeDefined();
    const dedented = shown!.split('\n').map((l) => l.replace(/^ {3}/, '')).join('\n');
    expect(dedented).toBe(readFileSync(join(ROOT, path!), 'utf8').trimEnd());
  });
});
