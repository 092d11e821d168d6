/**
 * The shapes a table checks objects against (src/api/shapes.ts) are the zod schemas' (src/api/schemas.ts),
 * written by `npm run shapes`, and checkShape finds what zod's safeParse finds, in zod's words: on the
 * project's data, the hostile bodies, the recorded answers, and each of them with one field made odd.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { shapesSource } from '../../scripts/shapes-source.js';
import { checkShape, type Shape } from '../../src/api/shape.js';
import * as schemas from '../../src/api/schemas.js';
import * as shapes from '../../src/api/shapes.js';
import { HOSTILE_BODIES } from '../conformance/hostile.js';
import { ROOT } from '../support/cli.js';
import { ADDR, listsFor, toJsonText } from '../support/data.js';

const SCHEMAS = (Object.entries(schemas) as [string, unknown][]).filter((e): e is [string, z.ZodMiniType] => typeof e[1] === 'object' && e[1] !== null && '_zod' in e[1]);
const shapeOf = (name: string) => (shapes as unknown as Record<string, Shape>)[name]!;

/** zod's first issue, as checkShape reports one. */
function zodIssue(schema: z.ZodMiniType, v: unknown) {
  const r = schema.safeParse(v);
  return r.success ? undefined : { path: r.error.issues[0]!.path, message: r.error.issues[0]!.message };
}

/** Objects and lists to check: the test explorer's items, the hostile bodies and what was recorded from live explorers. */
function corpus(): unknown[] {
  const rich = listsFor(ADDR.rich);
  const values: unknown[] = [rich.transactions, rich.tokenTransfers, rich.tokens, rich.nftCollections, rich.internalTransactions, rich.withdrawals]
    .flatMap((l) => l.slice(0, 4))
    .map((e) => JSON.parse(toJsonText(e.json)) as unknown);
  for (const body of Object.values(HOSTILE_BODIES) as unknown[]) {
    values.push(body);
    const items = (body as { items?: unknown }).items;
    if (Array.isArray(items)) values.push(...items.slice(0, 4));
  }
  const dir = join(ROOT, '..', 'shared', 'fixtures', 'real');
  if (existsSync(dir)) {
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const body = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { items?: unknown };
      values.push(body, ...(Array.isArray(body.items) ? body.items.slice(0, 3) : []));
    }
  }
  return values;
}

const ODD: unknown[] = [5, 'x', true, null, [], {}, [1], { hash: 1 }];

/** `v` with the value at one place made odd (or gone), for each place and each odd value. */
function* mutations(v: unknown, depth = 0): Generator<unknown> {
  if (depth > 3 || v === null || typeof v !== 'object') return;
  // Of a list, its first item stands for the rest.
  const keys = Array.isArray(v) ? (v.length ? ['0'] : []) : Object.keys(v);
  for (const k of keys) {
    const copy = (x: unknown) => (Array.isArray(v) ? Object.assign([...v], { [k]: x }) : { ...v, [k]: x });
    for (const odd of ODD) yield copy(odd);
    if (!Array.isArray(v)) {
      const { [k]: _gone, ...rest } = v as Record<string, unknown>;
      yield rest;
    }
    for (const inner of mutations((v as Record<string, unknown>)[k], depth + 1)) yield copy(inner);
  }
}

const meant = (shape: Shape, v: unknown) =>
  !Array.isArray(shape) && typeof shape === 'object' && typeof v === 'object' && v !== null && Object.keys(shape).filter((k) => k in v).length >= 3;

describe('shapes', () => {
  it('src/api/shapes.ts is what the schemas say (run `npm run shapes`)', () => {
    expect(readFileSync(join(ROOT, 'src/api/shapes.ts'), 'utf8')).toBe(shapesSource());
    expect(Object.keys(shapes).sort()).toEqual(SCHEMAS.map(([name]) => name).sort());
  });

  it('checkShape finds the first issue zod finds, in its words, for every schema and value', () => {
    const values = [...corpus(), ...ODD, 'x', undefined];
    let compared = 0;
    for (const v of values) {
      for (const [name, schema] of SCHEMAS) {
        const expected = zodIssue(schema, v);
        expect(checkShape(shapeOf(name), v), name).toEqual(expected);
        compared++;
        // Each value with one place made odd, against the schemas it is one of (it fits, and has 3 of their fields).
        if (expected || !meant(shapeOf(name), v)) continue;
        let n = 0;
        for (const m of mutations(v)) {
          if (n++ === 150) break;
          expect(checkShape(shapeOf(name), m), `${name} ${JSON.stringify(m).slice(0, 300)}`).toEqual(zodIssue(schema, m));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('a field of the wrong type is found, with where and what was expected', () => {
    expect(checkShape(shapes.Transaction, { hash: '0x01', from: { hash: '0x02', is_scam: 'no' } })).toEqual({
      path: ['from', 'is_scam'],
      message: 'Invalid input: expected boolean, received string',
    });
    expect(checkShape(shapes.Transaction, { hash: '0x01', token_transfers: [{}, { total: { value: {} } }] })).toEqual({ path: ['token_transfers', 1, 'total', 'value'], message: 'Invalid input' });
    expect(checkShape(shapes.Transaction, { value: '1' })).toEqual({ path: ['hash'], message: 'Invalid input: expected string, received undefined' });
    expect(checkShape(shapes.Transaction, [])).toEqual({ path: [], message: 'Invalid input: expected object, received array' });
  });

  it('unknown fields, nulls and absent fields pass', () => {
    expect(checkShape(shapes.AddressParam, { hash: '0x02', name: null, extra: { any: 1 } })).toBeUndefined();
    expect(checkShape(shapes.TxAction, { protocol: null, data: { anything: [1, { a: null }] } })).toBeUndefined();
  });

  it('hostile values never make it throw', () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 10_000; i++) at = (at.from = {}) as Record<string, unknown>;
    const odd = [Object.create(null) as unknown, { __proto__: { hash: '0x1' } }, JSON.parse('{"__proto__":{"hash":5},"hash":"0x1"}'), deep, { hash: '0x1', actions: [{ data: [] }] }];
    for (const v of odd) for (const [name] of SCHEMAS) expect(() => checkShape(shapeOf(name), v)).not.toThrow();
  });
});
