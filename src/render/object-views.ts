/** Which shape and renderer show each kind of single object (`tx show`). */
import type { ShapeOf } from '../api/shape.js';
import * as shapes from '../api/shapes.js';
import type { RenderContext } from './context.js';
import { renderBlock } from './block.js';
import { renderStats } from './stats.js';
import { renderTokenInstance } from './token.js';
import { renderTransaction } from './transaction.js';

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

export const objectViews = {
  transaction: objectView({ noun: 'transaction', shape: shapes.Transaction, render: (tx, ctx, parts) => renderTransaction(tx, ctx, { parts }) }),
  block: objectView({ noun: 'block', shape: shapes.Block, render: renderBlock }),
  stats: objectView({ noun: 'stats', shape: shapes.Stats, render: renderStats }),
  tokenInstance: objectView({ noun: 'NFT', shape: shapes.TokenInstance, render: (i, ctx, parts) => renderTokenInstance(i, ctx, parts?.counters) }),
};

export type ObjectViews = typeof objectViews;
