/**
 * References to the views of lists and objects, resolved only when a table, CSV or key/value view
 * is printed: JSON and NDJSON never load the schemas (zod), the column sets or the renderers.
 */
import type { ObjectView, ObjectViews } from '../render/object-views.js';
import type { ListView, views } from '../render/views.js';

type Views = typeof views;
type ViewOf<K extends keyof Views> = Views[K] extends ListView<infer T> ? ListView<T> : never;

/** Loads the view when called. */
export type ViewRef<T> = () => Promise<ListView<T>>;

/** The named view of render/views.ts, loaded on first use. */
export function view<K extends keyof Views>(name: K): ViewRef<ViewOf<K> extends ListView<infer T> ? T : never> {
  return async () => (await import('../render/views.js')).views[name] as never;
}

/** Loads an object view when called. */
export type ObjectViewRef<T> = () => Promise<ObjectView<T>>;

/** The named view of render/object-views.ts, loaded on first use. */
export function objectView<K extends keyof ObjectViews>(name: K): ObjectViewRef<ObjectViews[K] extends () => Promise<ObjectView<infer T>> ? T : never> {
  return async () => (await (await import('../render/object-views.js')).objectViews[name]()) as never;
}
