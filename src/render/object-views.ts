/** Which schema and renderer show each kind of single object (`tx show`). */
import type { ZodMiniType } from 'zod/mini';
import * as schemas from '../api/schemas.js';
import type { RenderContext } from './context.js';
import { renderBlock } from './block.js';
import { renderStats } from './stats.js';
import { renderTokenInstance } from './token.js';
import { renderTransaction } from './transaction.js';

/** How to show one object as text: checked against `schema` (a mismatch is a warning, not a failure). */
export interface ObjectView<T> {
  /** What the object is called in messages: "the transaction has an unexpected shape". */
  noun: string;
  schema: ZodMiniType<T>;
  /** `parts`: what the command asked beside the object for its view (a spec's `parts`), parsed, by key. */
  render(value: T, ctx: RenderContext, parts?: Readonly<Record<string, unknown>>): string;
}

/** Checks that an entry's schema and renderer agree on the type. */
const objectView = <T>(v: ObjectView<T>): ObjectView<T> => v;

export const objectViews = {
  transaction: objectView({ noun: 'transaction', schema: schemas.Transaction, render: (tx, ctx, parts) => renderTransaction(tx, ctx, { parts }) }),
  block: objectView({ noun: 'block', schema: schemas.Block, render: renderBlock }),
  stats: objectView({ noun: 'stats', schema: schemas.Stats, render: renderStats }),
  tokenInstance: objectView({ noun: 'NFT', schema: schemas.TokenInstance, render: (i, ctx, parts) => renderTokenInstance(i, ctx, parts?.counters) }),
};

export type ObjectViews = typeof objectViews;
