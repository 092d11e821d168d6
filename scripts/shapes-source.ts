/**
 * Writes src/api/shapes.ts from the zod schemas (src/api/schemas.ts): each exported schema as a
 * plain-data shape (src/api/shape.ts) that a table checks without loading zod. A schema another
 * one uses by name is referred to by name. A zod construct with no shape spelling stops the writer.
 */
import type * as z from 'zod/mini';
import * as schemas from '../src/api/schemas.js';

interface Def {
  type: string;
  innerType?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  element?: z.ZodMiniType;
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
}
const def = (s: z.ZodMiniType) => s._zod.def as unknown as Def;

const named = new Map<unknown, string>(Object.entries(schemas).filter(([, s]) => typeof s === 'object' && s !== null && '_zod' in s).map(([name, s]) => [s, name]));

/** The shape of `s` as TypeScript source; `uses` gathers the named schemas it refers to. */
function spell(s: z.ZodMiniType, uses: Set<string>, top = false): string {
  const name = named.get(s);
  if (name && !top) {
    uses.add(name);
    return name;
  }
  const d = def(s);
  switch (d.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'unknown':
      return `'${d.type}'`;
    case 'optional': {
      const inner = def(d.innerType!);
      if (inner.type !== 'nullable') break;
      return `['?', ${spell(inner.innerType!, uses)}]`;
    }
    case 'array':
      return `['[]', ${spell(d.element!, uses)}]`;
    case 'union':
      return `['|', ${d.options!.map((o) => spell(o, uses)).join(', ')}]`;
    case 'record':
      if (def(d.keyType!).type !== 'string') break;
      return `['record', ${spell(d.valueType!, uses)}]`;
    case 'object':
      // A strict or stripping object would change what the renderer gets; only loose ones have a shape.
      if (!d.catchall || def(d.catchall).type !== 'unknown') break;
      return `{ ${Object.entries(d.shape!).map(([k, v]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : JSON.stringify(k)}: ${spell(v, uses)}`).join(', ')} }`;
  }
  throw new Error(`src/api/shape.ts has no spelling for zod's ${d.type}`);
}

/** The text of src/api/shapes.ts: each schema after those it names. */
export function shapesSource(): string {
  const lines: string[] = [];
  const done = new Set<string>();
  const write = (name: string) => {
    if (done.has(name)) return;
    done.add(name);
    const uses = new Set<string>();
    const text = spell((schemas as unknown as Record<string, z.ZodMiniType>)[name]!, uses, true);
    for (const u of uses) write(u);
    lines.push(`export const ${name}: ShapeFor<typeof schemas.${name}> = ${text};`);
  };
  for (const name of [...named.values()].sort()) write(name);
  return [
    '// Written by `npm run shapes` from src/api/schemas.ts (scripts/shapes-source.ts): do not edit.',
    '// What a table checks an object against without loading zod (src/api/shape.ts).',
    "import type * as schemas from './schemas.js';",
    "import type { ShapeFor } from './shape.js';",
    '',
    ...lines,
    '',
  ].join('\n');
}
