/**
 * The check a table makes of an explorer's object before showing it, without zod: the shapes in
 * api/shapes.ts are written from the zod schemas (api/schemas.ts, which the library exports) by
 * `npm run shapes`, and `checkShape` reports the first mismatch as zod's safeParse with the English
 * locale does, in the same words. Loading zod and building its schemas cost a table lookup more
 * than the lookup's whole rendering; a shape is plain data and costs nothing to load.
 *
 * Like the schemas, a shape describes and does not police: every object is loose (unknown keys
 * pass), and a mismatch is a warning, the object still shown (docs/style.md, "Describe, do not police").
 */
import type { Declared } from './schemas.js';

/**
 * A JSON value's expected shape: a primitive's name; `['?', s]` null, absent or `s`; `['[]', s]` an
 * array of `s`; `['|', ...s]` any of them; `['record', s]` an object of any keys with values `s`; an
 * object literal: an object with those fields (and any others).
 */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'unknown'
  | readonly ['?', Shape]
  | readonly ['[]', Shape]
  | readonly ['|', ...Shape[]]
  | readonly ['record', Shape]
  | { readonly [field: string]: Shape };

/** A shape whose values are a `T` (the type of the zod schema it was written from): its views render a `T`. */
export type ShapeOf<T> = Shape & { readonly __type?: T };
/** The shape written from the zod schema `S`. */
export type ShapeFor<S extends { _zod: { output: unknown } }> = ShapeOf<Declared<S['_zod']['output']>>;

/** Where a value departs from its shape, as zod's first issue says it. */
export interface ShapeIssue {
  path: (string | number)[];
  message: string;
}

/** What zod's English locale calls a value's type in "received …". */
function received(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
  return typeof v;
}

const mismatch = (path: (string | number)[], expected: string, v: unknown): ShapeIssue => ({
  path,
  message: `Invalid input: expected ${expected}, received ${received(v)}`,
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first place `value` departs from `shape`, or undefined when it fits. Never throws on any JSON value. */
export function checkShape(shape: Shape, value: unknown, path: (string | number)[] = []): ShapeIssue | undefined {
  if (typeof shape === 'string') {
    if (shape === 'unknown') return undefined;
    const fits = shape === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === shape;
    return fits ? undefined : mismatch(path, shape, value);
  }
  if (Array.isArray(shape)) {
    const [kind, ...inner] = shape as readonly [string, ...Shape[]];
    if (kind === '?') return value === null || value === undefined ? undefined : checkShape(inner[0]!, value, path);
    if (kind === '|') return inner.some((s) => !checkShape(s, value, path)) ? undefined : { path, message: 'Invalid input' };
    if (kind === '[]') {
      if (!Array.isArray(value)) return mismatch(path, 'array', value);
      for (let i = 0; i < value.length; i++) {
        const issue = checkShape(inner[0]!, value[i], [...path, i]);
        if (issue) return issue;
      }
      return undefined;
    }
    if (!isObject(value)) return mismatch(path, 'record', value);
    for (const key of Object.keys(value)) {
      const issue = checkShape(inner[0]!, value[key], [...path, key]);
      if (issue) return issue;
    }
    return undefined;
  }
  if (!isObject(value)) return mismatch(path, 'object', value);
  for (const key of Object.keys(shape)) {
    const field = (shape as Readonly<Record<string, Shape>>)[key]!;
    // As zod has it: a field declared as any value must still be there.
    if (field === 'unknown' && !(key in value)) return { path: [...path, key], message: 'Invalid input: expected nonoptional, received undefined' };
    const issue = checkShape(field, value[key], [...path, key]);
    if (issue) return issue;
  }
  return undefined;
}
