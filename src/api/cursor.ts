/**
 * Cursors: the server's `next_page_params`, turned into query pairs and into the opaque token users
 * pass to `--cursor`. parseListBody (client.ts) builds the same pairs from the parsed body when the
 * body is compact; any other body's cursor is read from its text here.
 *
 * API.md, Pagination: every key goes back as a plain query parameter; JSON null goes back as the
 * literal string `null` (pending transactions have `block_number: null`); timestamps and bracketed
 * search keys (`token[name]`) go back verbatim; `{}` means the same as null.
 */
import { UsageError } from '../errors.js';
import { objectMembers, RawJsonError } from '../rawjson.js';
import { safeText } from '../text/safe.js';

/** Ordered query pairs that resume a list. */
export type Cursor = ReadonlyArray<readonly [string, string]>;

/** The query-string form of one raw JSON scalar: strings decoded, numbers/literals as written. */
function scalarText(raw: string): string {
  if (raw.startsWith('"')) return JSON.parse(raw) as string;
  // Numbers keep their exact text (no float round trip); true/false/null go as words.
  // Nested objects or arrays are not expected in cursors; send their JSON text rather than drop them.
  return raw;
}

/**
 * Reads the raw `next_page_params` member of a list body. Returns null on the last page (`null`,
 * absent, or `{}`).
 */
export function cursorFromRaw(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === 'null') return null;
  const members = objectMembers(raw);
  if (members.size === 0) return null;
  return [...members].map(([k, v]) => [k, scalarText(v)] as const);
}

/** A stable string for comparing cursors (loop detection). */
export function cursorKey(cursor: Cursor): string {
  return JSON.stringify(cursor);
}

/** The opaque `--cursor` token: base64url of a JSON object of the query pairs. */
export function encodeCursor(cursor: Cursor): string {
  const obj: Record<string, string> = {};
  for (const [k, v] of cursor) obj[k] = v;
  return Buffer.from(JSON.stringify(obj), 'utf8').toString('base64url');
}

/**
 * Reads a `--cursor` value: our base64url token, or (for scripts) the `next_page_params` JSON object
 * itself as printed by `scout api`. Anything else is a usage error.
 */
export function decodeCursor(token: string): Cursor {
  const trimmed = token.trim();
  const bad = () =>
    new UsageError(`unreadable cursor "${safeText(trimmed.length > 40 ? trimmed.slice(0, 40) + '…' : trimmed)}"`, {
      hint: 'pass the --cursor value exactly as scout printed it',
    });
  let json: string;
  if (trimmed.startsWith('{')) {
    json = trimmed;
  } else {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(trimmed)) throw bad();
    json = Buffer.from(trimmed, 'base64url').toString('utf8');
  }
  let cursor: Cursor | null;
  try {
    JSON.parse(json);
    cursor = cursorFromRaw(json);
  } catch (e) {
    if (e instanceof SyntaxError || e instanceof RawJsonError) throw bad();
    throw e;
  }
  if (!cursor) throw bad();
  for (const [, v] of cursor) if (v.startsWith('{') || v.startsWith('[')) throw bad();
  return cursor;
}
