/**
 * Reading server data as its schema declares it (api/schemas.ts), defensively. An item that does not
 * match its schema is still shown, as best we can (a warning says so), so a field may hold anything:
 * these narrow it to what was declared before its own fields are read, and the renderers never cast
 * an item to a record to reach a field the schema does not name.
 */

/** `v` when it is an object (not an array), typed as declared; undefined for anything else (null, a string, an array). */
export function obj<T>(v: T): (T & object) | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

/** The elements of a list that are objects, as declared; anything else in it, or sent instead of it, is left out. */
export function objects<E>(v: readonly E[] | null | undefined): (E & object)[] {
  return Array.isArray(v) ? v.flatMap((e: E) => obj(e) ?? []) : [];
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * A list the server should send as an array: its elements, or the one value when it sent something
 * else. The elements are typed as declared, but may be anything when the item did not match its
 * schema: read each through obj() or text().
 */
export function list<E>(v: readonly E[] | null | undefined): readonly E[] {
  if (Array.isArray(v)) return v;
  return present(v) ? [v as unknown as E] : [];
}

/** A JSON object of no known shape (`scout api` output, a node's raw trace), its keys read as they come. */
export function isRecord(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
