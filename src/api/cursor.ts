/**
 * Cursors: the server's `next_page_params`, turned into query pairs and into the opaque token users
 * pass to `--cursor`. parseListBody (client.ts) builds the same pairs from the parsed body when the
 * body is compact; any other body's cursor is read from its text here.
 *
 * docs/api-behaviour.md, Pagination: every key goes back as a plain query parameter; JSON null goes
 * back as the literal string `null` (pending transactions have `block_number: null`); timestamps and
 * bracketed search keys (`token[name]`) go back verbatim; `{}` means the same as null.
 */
import { UsageError } from '../base/errors.js';
import { arrayElements, objectMembers, RawJsonError } from '../base/json/lossless.js';
import { safeText } from '../base/text/safe.js';
import { echo } from '../base/text/echo.js';

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

/** The query pairs as one JSON object of strings. */
function pairsObject(cursor: Cursor): Record<string, string> {
  const obj: Record<string, string> = {};
  for (const [k, v] of cursor) obj[k] = v;
  return obj;
}

/** The opaque `--cursor` token: base64url of a JSON object of the query pairs (no origin: fits any list). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(pairsObject(cursor)), 'utf8').toString('base64url');
}

/** Which list printed a cursor: the command's words (`address txs`) and the path it asked for. */
export interface CursorOrigin {
  readonly command: string;
  readonly path: string;
}

/**
 * A short fixed-length tag of a request path, so a token says which list it resumes without
 * carrying the path (FNV-1a, 32 bits; addresses compared in any case).
 */
function listTag(path: string): string {
  let h = 0x811c9dc5;
  for (const ch of path.toLowerCase()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The token scout prints in a next-page hint: base64url of `["<command>","<list tag>",{pairs}]`, so a
 * cursor given to another command is refused before any request (checkCursorOrigin) instead of
 * reaching the server as parameters of another list.
 */
export function encodeCursorFor(cursor: Cursor, origin: CursorOrigin): string {
  return Buffer.from(JSON.stringify([origin.command, listTag(origin.path), pairsObject(cursor)]), 'utf8').toString('base64url');
}

/** A `--cursor` as read: its query pairs, and which list printed it when the token says (newer tokens). */
export interface ReadCursor {
  readonly pairs: Cursor;
  readonly from?: { readonly command: string; readonly tag: string } | undefined;
}

/**
 * Reads a `--cursor` value: our base64url token, or (for scripts) the `next_page_params` JSON object
 * itself as printed by `scout api`. Anything else is a usage error.
 */
export function decodeCursor(token: string): Cursor {
  return readCursor(token).pairs;
}

/** Like decodeCursor, with the origin a token carries (tokens of earlier versions carry none). */
export function readCursor(token: string): ReadCursor {
  const trimmed = token.trim();
  const bad = () =>
    new UsageError(`unreadable cursor ${echo(trimmed)}`, {
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
  let from: ReadCursor['from'];
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) {
      // ["<command>", "<tag>", {pairs}]: anything else in an array is no cursor of ours.
      const [command, tag, pairs] = value as unknown[];
      if (value.length !== 3 || typeof command !== 'string' || typeof tag !== 'string' || !/^[0-9a-f]{8}$/.test(tag)) throw bad();
      if (!pairs || typeof pairs !== 'object' || Array.isArray(pairs)) throw bad();
      from = { command, tag };
      json = arrayElements(json.trim())[2]!;
    }
    cursor = cursorFromRaw(json);
  } catch (e) {
    if (e instanceof SyntaxError || e instanceof RawJsonError) throw bad();
    throw e;
  }
  if (!cursor) throw bad();
  for (const [, v] of cursor) if (v.startsWith('{') || v.startsWith('[')) throw bad();
  return { pairs: cursor, from };
}

/**
 * Refuses, before any request, a cursor that another list printed: its keys would reach the server
 * as parameters of this list (a 422 at best, a wrong page at worst). Cursors that say nothing of
 * their origin (earlier tokens, next_page_params JSON) are taken as they are.
 */
export function checkCursorOrigin(read: ReadCursor | undefined, here: CursorOrigin): void {
  if (!read?.from || read.from.tag === listTag(here.path)) return;
  const by = safeText(read.from.command.slice(0, 60));
  const what = read.from.command === here.command ? `another list of scout ${by} (another address, hash, query or path)` : `scout ${by}, not scout ${here.command}`;
  throw new UsageError(`this --cursor resumes ${what}`, {
    hint: `run without --cursor to start at the first page, or give the cursor to the command that printed it`,
  });
}
