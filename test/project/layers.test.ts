/**
 * The layers of src/ (.dependency-cruiser.mjs says which they are): every import points down, and
 * there is no import cycle anywhere. Checked with dependency-cruiser over the real sources, and over
 * a small tree with a cycle and an upward import to show the rules do catch them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/** Cruises `src` under `baseDir` with the project's rules. */
async function cruiseSrc(baseDir: string): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.mjs'));
  const { output } = await cruise(['src'], { ...options, baseDir, validate: true });
  if (typeof output === 'string') throw new Error('dependency-cruiser gave a report, not a result');
  return output;
}

/** One line per violation: the rule, and the import (or the cycle) that broke it. */
function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((v) => {
    const cycle = v.cycle ? ` (cycle: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')})` : '';
    return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
  });
}

describe('layers', () => {
  it('src/ has no import cycle and no import pointing up a layer', { timeout: 60_000 }, async () => {
    const result = await cruiseSrc(ROOT);
    // The imports were resolved (`./x.js` is `./x.ts`): a check that saw none would pass anything.
    const cli = result.modules.find((m) => m.source === 'src/cli.ts');
    expect(cli?.dependencies.map((d) => d.resolved)).toContain('src/commands/catalog.ts');
    expect(violations(result)).toEqual([]);
  });

  it('the rules catch a cycle and an upward import', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-layers-'));
    const files: Record<string, string> = {
      'src/base/errors.ts': "import { hint } from '../commands/hint.js';\nexport const e = hint;\n",
      'src/commands/hint.ts': "import { e } from '../base/errors.js';\nexport const hint = 'x';\nexport const again = e;\n",
      // What --help loads may reach the run side and renderers only with import() or as a type.
      'src/kit/opts.ts': "import { go } from '../run/go.js';\nexport const opts = go;\n",
      'src/commands/t/v.ts': "import { cell } from '../../render/cell.js';\nimport type { Run } from '../run.js';\nexport const v = cell;\nexport const later = () => import('../../run/go.js');\nexport type R = Run;\n",
      'src/commands/t/v.run.ts': "import { cell } from '../../render/cell.js';\nexport const w = cell;\n",
      'src/run/go.ts': "export const go = 1;\n",
      'src/render/cell.ts': "import type { Run } from '../commands/run.js';\nexport type Cell = Run;\nexport const cell = 1;\n",
      'src/commands/run.ts': 'export type Run = () => void;\n',
      // Only render/paint.ts may import chalk.
      'node_modules/chalk/package.json': '{"name":"chalk","type":"module","main":"index.js"}\n',
      'node_modules/chalk/index.js': 'export const Chalk = class {};\n',
      'src/render/paint.ts': "import { Chalk } from 'chalk';\nexport const c = Chalk;\n",
      'src/run/heading.ts': "import { Chalk } from 'chalk';\nexport const c = Chalk;\n",
      // Only http.ts (which defines it) and rpc.ts may name the POST method.
      'src/api/post.ts': "export const postJsonRpc = Symbol('p');\n",
      'src/api/http.ts': "import { postJsonRpc } from './post.js';\nexport const h = postJsonRpc;\n",
      'src/api/rpc.ts': "import { postJsonRpc } from './post.js';\nexport const r = postJsonRpc;\n",
      'src/api/client.ts': "import { postJsonRpc } from './post.js';\nexport const c = postJsonRpc;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const found = violations(await cruiseSrc(dir));
    expect(found).toContainEqual(expect.stringMatching(/^no-cycle: .*\(cycle: (src\/base\/errors\.ts|src\/commands\/hint\.ts) → /));
    expect(found).toContain('base-imports-no-layer: src/base/errors.ts → src/commands/hint.ts');
    expect(found).toContain('render-stays-below-commands: src/render/cell.ts → src/commands/run.ts');
    expect(found).toContain('kit-stays-below-run: src/kit/opts.ts → src/run/go.ts');
    expect(found).toContain('help-loads-no-run-side: src/kit/opts.ts → src/run/go.ts');
    expect(found).toContain('help-loads-no-run-side: src/commands/t/v.ts → src/render/cell.ts');
    expect(found.filter((f) => f.startsWith('styling-through-paint:'))).toEqual(['styling-through-paint: src/run/heading.ts → node_modules/chalk/index.js']);
    expect(found.filter((f) => f.startsWith('only-rpc-posts:'))).toEqual(['only-rpc-posts: src/api/client.ts → src/api/post.ts']);
    // A verb's .run.ts, a dynamic import and a type import are not what --help loads.
    expect(found.filter((f) => f.startsWith('help-loads-no-run-side: src/commands/t/v.run.ts'))).toEqual([]);
    expect(found.filter((f) => /^help-loads-no-run-side: src\/commands\/t\/v\.ts → src\/(run\/go|commands\/run)\.ts/.test(f))).toEqual([]);
  });
});
