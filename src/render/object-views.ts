/**
 * Which shape and renderer show each kind of single object (`tx show`). Each view loads its own
 * renderer when asked: `tx show` loads the transaction's, not the block's, the stats' or the NFT's
 * (and the list columns those bring).
 */
import type { ShapeOf } from '../api/shape.js';
import * as shapes from '../api/shapes.js';
import type { RenderContext } from './context.js';

/** How to show one object as text: checked against `shape` (api/shapes.ts) (a mismatch is a warning, not a failure). */
export interface ObjectView<T> {
  /** What the object is called in messages: "the transaction has an unexpected shape". */
  noun: string;
  shape: ShapeOf<T>;
  /** `parts`: what the command asked beside the object for its view (a spec's `parts`), parsed, by key. */
  render(value: T, ctx: RenderContext, parts?: Readonly<Record<string, unknown>>): string;
}

/** Checks that an entry's shape and renderer agree on the type. */
const objectView = <T>(v: ObjectView<T>): ObjectView<T> => v;

/** Each view, its renderer loaded when called. */
export const objectViews = {
  transaction: async () => {
    const { renderTransaction } = await import('./transaction.js');
    return objectView({ noun: 'transaction', shape: shapes.Transaction, render: (tx, ctx, parts) => renderTransaction(tx, ctx, { parts }) });
  },
  block: async () => objectView({ noun: 'block', shape: shapes.Block, render: (await import('./block.js')).renderBlock }),
  stats: async () => objectView({ noun: 'stats', shape: shapes.Stats, render: (await import('./stats.js')).renderStats }),
  tokenInstance: async () => {
    const { renderTokenInstance } = await import('./token.js');
    return objectView({ noun: 'NFT', shape: shapes.TokenInstance, render: (i, ctx, parts) => renderTokenInstance(i, ctx, parts?.counters) });
  },
};

export type ObjectViews = typeof objectViews;
