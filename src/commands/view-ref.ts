/**
 * A reference to a list's table view, resolved only when a table or CSV is printed: JSON and NDJSON
 * never load the schemas (zod), the column sets or the table drawer.
 */
import type { ListView } from '../render/views.js';

type Views = (typeof import('../render/views.js'))['views'];
type ViewOf<K extends keyof Views> = Views[K] extends ListView<infer T> ? ListView<T> : never;

/** Loads the view when called. */
export type ViewRef<T> = () => Promise<ListView<T>>;

/** The named view of render/views.ts, loaded on first use. */
export function view<K extends keyof Views>(name: K): ViewRef<ViewOf<K> extends ListView<infer T> ? T : never> {
  return async () => (await import('../render/views.js')).views[name] as never;
}
