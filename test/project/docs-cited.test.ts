/**
 * A comment cites only what the repository holds (docs/style.md, "Comments cite what the repository
 * holds"). Every `<name>.md` named in the sources, scripts, benchmarks and tests must be a file of the
 * repository (a bare name is looked for at the top and in docs/), and a section named after a docs/
 * file (`docs/<name>.md, Section` or `docs/<name>.md, "Section"`) must be one of its headings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const SCANNED = ['src', 'scripts', 'bench', 'test', 'vitest.config.ts', '.dependency-cruiser.mjs'];
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (CODE.test(path)) return [full];
  const found: string[] = [];
  for (const e of readdirSync(full, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '__snapshots__') continue;
    const p = join(path, e.name);
    if (e.isDirectory()) found.push(...files(p));
    else if (CODE.test(e.name)) found.push(join(ROOT, p));
  }
  return found;
}

/** The text with comment leaders and line breaks folded away, so a citation wrapped over two lines reads whole. */
function folded(text: string): string {
  return text.replace(/\n\s*(\*(?!\/)|\/\/)?\s*/g, ' ');
}

function headings(doc: string): string[] {
  return [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1]!);
}

// A name ending in .md, then optionally `, "Section"` or `, Section` (up to the next ) ; : or ,).
const CITATION = /(?<![\w./-])(\w[\w./-]*\.md)\b(?:,\s*(?:"([^"]+)"|([A-Z][^,;:()"]*?))\s*(?=[),;:]))?/g;

function where(name: string): string | undefined {
  const candidates = name.includes('/') ? [name] : [name, join('docs', name)];
  return candidates.find((c) => existsSync(join(ROOT, c)));
}

describe('documents cited in the code', () => {
  const sources = SCANNED.flatMap(files);

  it('scans the sources', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('every cited .md file exists in the repository, and every cited docs/ section is a heading', () => {
    const problems: string[] = [];
    let cited = 0;
    for (const file of sources) {
      const text = folded(readFileSync(file, 'utf8'));
      for (const m of text.matchAll(CITATION)) {
        cited++;
        const name = m[1]!;
        const at = relative(ROOT, file);
        const doc = where(name);
        if (!doc) {
          problems.push(`${at}: ${name} is not in the repository`);
          continue;
        }
        const section = m[2] ?? m[3];
        if (!section || !doc.startsWith('docs/')) continue;
        const known = headings(doc);
        for (const part of m[2] ? [section] : section.split(/ and /)) {
          if (!known.includes(part.trim())) problems.push(`${at}: ${doc} has no section "${part.trim()}"`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(cited).toBeGreaterThan(20);
  });
});
