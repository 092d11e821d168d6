/**
 * Clients for the explorer (Blockscout API v2) and the Merits admin API, on top of the one HTTP layer.
 * They build URLs, attach the right key to the right host only, and cut list bodies into pages whose
 * items keep the server's exact text.
 */
import { ResponseEnvelopeError, ResponseShapeError, UsageError } from '../errors.js';
import { arrayElements, assertJson, objectMembers, RawJsonError } from '../rawjson.js';
import { keyProblem } from '../validate.js';
import { describeBody } from './body.js';
import { type Cursor, cursorFromRaw } from './cursor.js';
import type { Http, HttpResponse, RequestContext } from './http.js';

/** Ordered query parameters; values already in their query-string form. */
export type Params = ReadonlyArray<readonly [string, string]>;

/** One page of a list. */
export interface Page<T = unknown> {
  /** Each item's exact JSON text as the server sent it. */
  readonly rawItems: readonly string[];
  /** The items' texts hold no whitespace outside strings: compact output needs no re-spacing. */
  readonly compact?: boolean;
  /** The cursor of the next page, or null on the last one. */
  readonly next: Cursor | null;
  /** The items decoded with JSON.parse (numbers beyond 2^53 lose precision here, not in rawItems). */
  items(): T[];
}

/** A list endpoint bound to its parameters; `T` is the item type its schema describes. */
export interface ListRequest<T = unknown> {
  /** Path under the base URL, e.g. `/api/v2/addresses/0x…/transactions`. */
  readonly path: string;
  /** The caller's own filters, re-sent on every page (the server does not echo them). */
  readonly params: Params;
  /** Words for error messages: "address 0x…". */
  readonly what: string;
  /**
   * Items to keep, for a filter the endpoint does not take (search by result type): applied as pages
   * arrive, so `--limit` counts kept items and the cursors stay the server's.
   */
  readonly keep?: ((item: unknown) => boolean) | undefined;
  /** Phantom: the item type, for library users. */
  readonly __item?: T;
}

function shapeError(origin: string, detail: string, cause?: unknown): ResponseShapeError {
  return new ResponseShapeError(`unusable response from ${origin}: ${detail}`, { cause });
}

function envelopeError(origin: string, detail: string): ResponseEnvelopeError {
  return new ResponseEnvelopeError(`unusable response from ${origin}: ${detail}`);
}

/**
 * "not JSON (content-type text/plain, 13 bytes)". Never the parser's message: V8's quotes the body
 * (all of a short one), which may be a key or hold escape sequences.
 */
function notJson(origin: string, body: string, res: Pick<HttpResponse, 'headers' | 'bytes'> | undefined): ResponseShapeError {
  const type = res ? res.headers['content-type'] : null;
  const detail = describeBody(Array.isArray(type) ? type[0] : type, res ? res.bytes : Buffer.byteLength(body));
  // No cause either: the parser's error would carry the body along to anything that inspects it.
  return shapeError(origin, `not JSON (${detail})`);
}

/** The last guard before a key goes into a header (settings check it first, naming the source). */
function checkKey(key: string | undefined, what: string): void {
  const problem = key ? keyProblem(key) : undefined;
  if (problem) throw new UsageError(`invalid ${what}: ${problem}`);
}

/** The query-string form of a cursor value decoded by JSON.parse (only used when that was exact). */
function cursorFromValue(v: unknown): Cursor | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const pairs = Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)] as const);
  return pairs.length ? pairs : null;
}

/** What a JSON value is, in words: "a string", "an array". */
function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return typeof v === 'number' ? 'a number' : typeof v === 'boolean' ? 'a boolean' : 'a string';
}

/**
 * The fast path's page, or undefined when the body is not compact or JSON.stringify cannot take it:
 * it recurses, so an item nested some thousands of levels deep overflows its stack. The scanner
 * does not recurse and takes such bodies.
 */
function compactPage<T>(value: Record<string, unknown>, list: unknown[], text: string): Page<T> | undefined {
  let rawItems: string[];
  let whole: string;
  let next: Cursor | null;
  try {
    rawItems = list.map((item) => JSON.stringify(item));
    // JSON.stringify(value), reusing the items' texts: the body is exactly that, or not compact.
    whole = `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${k === 'items' ? `[${rawItems.join(',')}]` : JSON.stringify(v)}`)
      .join(',')}}`;
    next = cursorFromValue(value.next_page_params);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
  if (whole !== text) return undefined;
  return { rawItems, compact: true, next, items: () => list as T[] };
}

/**
 * Parses a list body `{items: [...], next_page_params}` into a page, exactly. `res`, when given,
 * describes a body that is not JSON (its content type and size).
 *
 * Most bodies are compact JSON that JSON.stringify reproduces byte for byte (no `2.0e3`, no integers
 * beyond 2^53, no escapes written another way, no integer-like keys moved); for those the items'
 * exact texts are JSON.stringify of the parsed items, found at native speed. Any other body is cut
 * into items by the lossless scanner, which keeps every character as sent.
 *
 * `next_page_params` must be an object, null or absent; anything else (a string, a number, an array,
 * a boolean) is no cursor we can follow, and the response is unusable whichever path reads it.
 */
export function parseListBody<T>(body: string, origin: string, res?: Pick<HttpResponse, 'headers' | 'bytes'>): Page<T> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw notJson(origin, body, res);
  }
  const list = value && typeof value === 'object' ? (value as Record<string, unknown>).items : undefined;
  // Whole JSON of another shape: asking again would get the same, so the HTTP layer does not retry it.
  if (!Array.isArray(list)) throw envelopeError(origin, 'expected a list with "items"');
  const cursor = (value as Record<string, unknown>).next_page_params;
  if (cursor !== undefined && cursor !== null && (typeof cursor !== 'object' || Array.isArray(cursor))) {
    throw envelopeError(origin, `"next_page_params" is ${kindOf(cursor)}, not an object`);
  }
  const text = body.trimEnd();
  const fast = compactPage<T>(value as Record<string, unknown>, list, text);
  if (fast) return fast;
  const members = objectMembers(text);
  const raw = members.get('items') as string;
  return { rawItems: arrayElements(raw), next: cursorFromRaw(members.get('next_page_params')), items: () => list as T[] };
}

/** Joins a base URL (which may carry a path, like the PRO API's `/1`) with an API path and query. */
export function buildUrl(base: string, path: string, params: Params = []): URL {
  const b = new URL(base);
  const url = new URL(b.origin);
  url.pathname = b.pathname.replace(/\/+$/, '') + (path.startsWith('/') ? path : '/' + path);
  // URLSearchParams encodes brackets in `token[name]`; the server decodes them back, as browsers do.
  for (const [k, v] of params) url.searchParams.append(k, v);
  return url;
}

/** Own parameters first, then the cursor's keys that the caller did not set (search cursors echo `q`). */
export function mergeParams(own: Params, cursor: Cursor | null | undefined): Params {
  if (!cursor) return own;
  const seen = new Set(own.map(([k]) => k));
  return [...own, ...cursor.filter(([k]) => !seen.has(k))];
}

export interface ExplorerClientOptions {
  baseUrl: string;
  http: Http;
  /** Sent as `x-api-key`, or as `Authorization: Bearer` to the hosted PRO API. */
  explorerKey?: string | undefined;
  /** The hosted multichain PRO API wants the key as a bearer token. */
  bearer?: boolean;
}

/** The explorer API. */
export class ExplorerClient {
  readonly baseUrl: string;
  private readonly http: Http;
  private readonly headers: Record<string, string>;

  constructor(options: ExplorerClientOptions) {
    this.baseUrl = options.baseUrl;
    this.http = options.http;
    const key = options.explorerKey;
    checkKey(key, 'explorer key');
    this.headers = !key ? {} : options.bearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  }

  private context(what: string): RequestContext {
    return {
      what,
      authHint: this.headers['x-api-key'] || this.headers.authorization ? 'check the explorer key' : 'this explorer wants a key: --explorer-key or SCOUT_EXPLORER_KEY',
      // Explorer answers may be kept by --cache; admin answers (which list keys) never are.
      cache: true,
    };
  }

  /** GETs `path` and returns the body text, checked to be JSON; `extra` headers go along (never keys). */
  async getRaw(path: string, params: Params = [], what = path, extra: Readonly<Record<string, string>> = {}): Promise<string> {
    const url = buildUrl(this.baseUrl, path, params);
    return this.http.getParsed(url, { ...extra, ...this.headers }, this.context(what), (res) => {
      try {
        assertJson(res.body);
      } catch (e) {
        if (e instanceof RawJsonError) throw notJson(url.origin, res.body, res);
        throw e;
      }
      return res.body;
    });
  }

  /** One page of a list, starting at `cursor` (the first page when absent). */
  async page<T>(req: ListRequest<T>, cursor?: Cursor | null): Promise<Page<T>> {
    const url = buildUrl(this.baseUrl, req.path, mergeParams(req.params, cursor));
    return this.http.getParsed(url, this.headers, this.context(req.what), (res) =>
      parseListBody<T>(res.body, url.origin, res),
    );
  }
}

export interface AdminClientOptions {
  adminUrl: string;
  http: Http;
  apiKey: string;
}

/** The Merits admin API. The key travels in `Authorization`, only to the admin host. */
export class AdminClient {
  readonly adminUrl: string;
  private readonly http: Http;
  private readonly headers: Record<string, string>;

  constructor(options: AdminClientOptions) {
    const url = new URL(options.adminUrl);
    const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname);
    // A key over plain http to another host could be read on the way: refuse before sending.
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
      throw new UsageError(`refusing to send the admin key over ${url.protocol}// to ${url.host}`, {
        hint: 'use an https:// admin URL',
      });
    }
    this.adminUrl = options.adminUrl;
    this.http = options.http;
    // The service documents `Bearer <token>`; a value that already names a scheme goes as is.
    const key = options.apiKey;
    checkKey(key, 'admin key');
    this.headers = { authorization: /^\S+\s+\S/.test(key) ? key : `Bearer ${key}` };
  }

  /** The admin networks: one page, no cursor. */
  async networks(): Promise<Page> {
    const url = buildUrl(this.adminUrl, '/admin/api/v1/networks');
    const ctx = { what: 'admin networks', authHint: 'check the admin key (--api-key, --api-key-file or SCOUT_ADMIN_KEY)' };
    return this.http.getParsed(url, this.headers, ctx, (res) => parseListBody(res.body, url.origin, res));
  }
}
