/**
 * Clients for the explorer (Blockscout API v2) and the Merits admin API, on top of the one HTTP layer.
 * They build URLs, attach the right key to the right host only, and cut list bodies into pages whose
 * items keep the server's exact text.
 */
import type { ItemWindow } from './window.js';
import type { Hash } from 'node:crypto';
import { HttpError, LacksEndpointError, NotFoundError, ResponseEnvelopeError, ResponseShapeError, UsageError } from '../base/errors.js';
import { arrayElements, objectMembers, RawJsonError } from '../base/json/lossless.js';
import { JsonStreamScanner, type ListTail } from '../base/json/scanner.js';
import { utf8Text } from '../base/text/bom.js';
import { checkKey, isLoopbackHost } from '../base/validate.js';
import { describeBody } from './body.js';
import { type Cursor, cursorFromRaw } from './cursor.js';
import type { BodyConsumer, Http, HttpResponse, RequestContext } from './http.js';

/** A JSON body as getJson reads it. */
export interface JsonDocument {
  /** The body as sent (a leading BOM dropped), decoded from `chunks` when first asked for. */
  readonly text: string;
  /** The body's bytes as they arrived: a compact document is printed from them, never made one string. */
  readonly chunks: readonly Buffer[];
  /** No whitespace outside strings within the value: compact output is the text itself (trimmed). */
  readonly compact: boolean;
  /** Its strings are valid UTF-8 holding nothing unsafe on a terminal: the bytes print as they are. */
  readonly plain: boolean;
  /** Its strings are valid UTF-8: any run of its chunks decodes alone as it does in the whole. */
  readonly validUtf8: boolean;
  /** The top value is an object with an `items` member: an array, or something else. */
  readonly items: 'array' | 'other' | undefined;
  /** The raw text of its `next_page_params` member. */
  readonly nextRaw: string | undefined;
}

/** Ordered query parameters; values already in their query-string form. */
export type Params = ReadonlyArray<readonly [string, string]>;

/**
 * Takes items of a page while its body is still arriving, and resolves once they are written: a
 * big page goes out item by item instead of being held whole. `compact`: as Page.compact.
 */
export type ItemSink = (rawItems: readonly string[], compact: boolean) => Promise<void>;

/**
 * A page smaller than this comes whole, as one Page, even to a sink: nothing of it is printed before
 * all of it has arrived and proved to be a list. Past it, items held so far go to the sink, and
 * every later item as soon as it is complete.
 */
export const HOLD_BYTES = 1024 * 1024;

/** One page of a list. */
export interface Page<T = unknown> {
  /** Items of this page already handed to a sink while it arrived (they come before rawItems). */
  readonly streamed?: number;
  /** Each item's exact JSON text as the server sent it (after any streamed ones). */
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
  readonly itemFilter?: ((item: unknown) => boolean) | undefined;
  /**
   * The line stderr gets when `itemFilter` left `n` items out of what was printed (`address tokens`
   * hiding scam tokens); a filter without it leaves items out without a word.
   */
  readonly hidden?: ((n: number) => string) | undefined;
  /** `--since`/`--until` on a list the server does not filter by time (window.ts): applied as pages arrive, as itemFilter is. */
  readonly window?: ItemWindow | undefined;
  /** Parameters whose values --verbose shows as `***` (`scout api -F`: any of them may be a secret). */
  readonly masked?: readonly string[] | undefined;
  /**
   * What to say when the explorer lacks the endpoint (an older or trimmed one answers 404, or 400
   * "Unknown API v2 action"): a not-found error with these words, and the explorer's origin.
   */
  readonly lacking?: string | undefined;
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

/** What a page's earlier attempts already handed to the sink, so a retry passes on only the rest. */
interface Delivered {
  count: number;
  /** Running hash of the items handed on (length-prefixed texts). */
  hash: Hash;
}

/** A SHA-256, node:crypto loaded when first needed (a lookup reads no list, and never loads it). */
function sha256(): Hash {
  return process.getBuiltinModule('node:crypto').createHash('sha256');
}

function hashItem(h: Hash, raw: string): void {
  h.update(`${raw.length}:`).update(raw);
}

/** What a next_page_params text is, in words ("a string"); undefined for an object or null. */
function rawKind(raw: string | undefined): string | undefined {
  const c = raw?.[0];
  if (c === undefined || c === '{' || raw === 'null') return undefined;
  return c === '"' ? 'a string' : c === '[' ? 'an array' : c === 't' || c === 'f' ? 'a boolean' : 'a number';
}

/**
 * Reads a list body as it arrives (one attempt): items are cut out by the streaming scanner, held
 * until HOLD_BYTES of them have come, then handed to `sink` as each chunk completes them. Without a
 * sink every item is held and the page comes whole. After a retry (`done.count` items already went
 * out) the items of the new answer up to that count are checked against what went out and skipped.
 */
export async function readListBody<T>(
  chunks: AsyncIterable<Buffer>,
  headers: HttpResponse['headers'],
  origin: string,
  done: Delivered,
  sink?: ItemSink,
  holdBytes = HOLD_BYTES,
): Promise<Page<T>> {
  const scanner = new JsonStreamScanner(true);
  let held: string[] = [];
  let heldChars = 0;
  let heldCompact = true;
  let index = 0;
  const again = done.count > 0 ? sha256() : undefined;
  let bytes = 0;
  let bad = false;
  const handOn = async (raws: string[], compact: boolean) => {
    for (const r of raws) hashItem(done.hash, r);
    done.count += raws.length;
    await sink!(raws, compact);
  };
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (bad) continue; // read on only to say how big the body was
    let items: string[];
    try {
      items = scanner.push(chunk);
    } catch (e) {
      if (!(e instanceof RawJsonError)) throw e;
      bad = true;
      continue;
    }
    if (items.length === 0) continue;
    if (again && index < done.count) {
      // Read again after a broken attempt: these already went out; they must be the same.
      const skip = Math.min(items.length, done.count - index);
      for (let k = 0; k < skip; k++) hashItem(again, items[k]!);
      index += skip;
      if (index === done.count && again.digest('hex') !== done.hash.copy().digest('hex')) {
        throw envelopeError(origin, 'the page changed while it was read again after a fault; the items printed so far are as first sent');
      }
      items = items.slice(skip);
      if (items.length === 0) continue;
    }
    index += items.length;
    const compact = scanner.batchCompact;
    if (sink && done.count > 0) {
      await handOn(items, compact);
      continue;
    }
    held.push(...items);
    heldCompact &&= compact;
    for (const r of items) heldChars += r.length;
    if (sink && heldChars > holdBytes) {
      const raws = held;
      held = [];
      heldChars = 0;
      await handOn(raws, heldCompact);
      heldCompact = true;
    }
  }
  const type = headers['content-type'];
  const notJsonError = () => shapeError(origin, `not JSON (${describeBody(Array.isArray(type) ? type[0] : type, bytes)})`);
  if (bad) throw notJsonError();
  let tail;
  try {
    tail = scanner.end();
  } catch (e) {
    if (e instanceof RawJsonError) throw notJsonError();
    throw e;
  }
  if (!tail.object || tail.itemsMembers === 0 || !tail.itemsArray) throw envelopeError(origin, 'expected a list with "items"');
  if (tail.itemsMembers > 1) throw envelopeError(origin, 'two "items" members in one list');
  if (index < done.count) throw envelopeError(origin, 'the page changed while it was read again after a fault; the items printed so far are as first sent');
  const kind = rawKind(tail.nextRaw);
  if (kind) throw envelopeError(origin, `"next_page_params" is ${kind}, not an object`);
  const rawItems = held;
  let decoded: T[] | undefined;
  return {
    streamed: done.count,
    rawItems,
    compact: heldCompact,
    next: cursorFromRaw(tail.nextRaw),
    items: () => (decoded ??= rawItems.map((r) => JSON.parse(r) as T)),
  };
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

/** Where an explorer's JSON-RPC answers, and how it is asked: the HTTP layer, the key's header, the error words. */
export interface RpcEndpoint {
  readonly http: Http;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly ctx: RequestContext;
}

export interface ExplorerClientOptions {
  baseUrl: string;
  http: Http;
  /** Sent as `x-api-key`, or as `Authorization: Bearer` to the hosted PRO API. */
  explorerKey?: string | undefined;
  /** The hosted multichain PRO API wants the key as a bearer token. */
  bearer?: boolean;
  /** Answers may come from, and go to, --cache (default true). */
  cache?: boolean | undefined;
}

/** The explorer API. */
export class ExplorerClient {
  readonly baseUrl: string;
  private readonly http: Http;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: ExplorerClientOptions) {
    this.baseUrl = options.baseUrl;
    this.http = options.http;
    const key = options.explorerKey;
    checkKey(key, 'explorer key');
    this.headers = !key ? {} : options.bearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  }

  private context(what: string, masked?: readonly string[]): RequestContext {
    return {
      what,
      masked,
      authHint: this.headers['x-api-key'] || this.headers.authorization ? 'check the explorer key' : 'this explorer wants a key: --explorer-key or SCOUT_EXPLORER_KEY',
      // Explorer answers may be kept by --cache; admin answers (which list keys) never are.
      cache: this.options.cache !== false,
    };
  }

  /**
   * Where this explorer's JSON-RPC answers (rpc.ts, `new RpcClient(explorer)`): `POST {base}/api/eth-rpc`,
   * or `{root}/{chain id}/json-rpc` on the PRO API, the key sent as its REST API takes it. Never cached.
   */
  rpcEndpoint(): RpcEndpoint {
    const path = this.options.bearer ? '/json-rpc' : '/api/eth-rpc';
    return { http: this.http, url: buildUrl(this.baseUrl, path), headers: this.headers, ctx: { ...this.context(`JSON-RPC endpoint ${path}`), cache: false } };
  }

  /**
   * The same explorer, its answers never taken from --cache nor kept there: for a poll (--watch,
   * --wait), which asks again because the answer changes.
   */
  uncached(): ExplorerClient {
    return new ExplorerClient({ ...this.options, cache: false });
  }

  /**
   * GETs `path` and returns the body text, checked to be JSON as it arrived (never parsed whole), with
   * what a printer needs to know of it: whether it is compact (then it prints as it came), and the
   * `items` kind and `next_page_params` text of a list body.
   */
  async getJson(path: string, params: Params = [], what = path, extra: Readonly<Record<string, string>> = {}, masked?: readonly string[]): Promise<JsonDocument> {
    const url = buildUrl(this.baseUrl, path, params);
    return this.http.getStreamed(url, { ...extra, ...this.headers }, this.context(what, masked), async (chunks, headers) => {
      const scanner = new JsonStreamScanner(false);
      // Held as the bytes that came (outside the JS heap, never copied by the collector), checked as
      // they come; decoded only if the text is asked for.
      const kept: Buffer[] = [];
      let bytes = 0;
      let bad = false;
      for await (const chunk of chunks) {
        bytes += chunk.length;
        if (bad) continue; // read on only to say how big the body was
        kept.push(chunk);
        try {
          scanner.push(chunk);
        } catch (e) {
          if (!(e instanceof RawJsonError)) throw e;
          bad = true;
        }
      }
      let tail: ListTail | undefined;
      try {
        if (!bad) tail = scanner.end();
      } catch (e) {
        if (!(e instanceof RawJsonError)) throw e;
      }
      if (!tail) throw notJson(url.origin, '', { headers, bytes });
      let text: string | undefined;
      return {
        get text() {
          if (text === undefined) {
            const all = kept.length === 1 ? kept[0]! : Buffer.concat(kept, bytes);
            // A leading BOM is dropped, as undici's text() does (the scanner has already skipped it).
            text = utf8Text(all);
          }
          return text;
        },
        chunks: kept,
        compact: scanner.compact,
        plain: scanner.plain,
        validUtf8: scanner.validUtf8,
        items: tail.itemsMembers === 0 ? undefined : tail.itemsArray ? ('array' as const) : ('other' as const),
        nextRaw: tail.nextRaw,
      };
    });
  }

  /**
   * GETs `path` once, never tried again nor cached, and returns the body text unchecked, refusing a
   * body past `maxBytes`: for a small answer the run can do without (the explorer's indexing status),
   * whose failure the caller ignores.
   */
  async getOnce(path: string, what = path, maxBytes = 64 * 1024): Promise<string> {
    const url = buildUrl(this.baseUrl, path, []);
    return this.http.getStreamed(url, this.headers, { ...this.context(what), once: true, cache: false }, async (chunks) => {
      const kept: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of chunks) {
        bytes += chunk.length;
        if (bytes > maxBytes) throw new ResponseShapeError(`${what} from ${url.origin} is larger than ${maxBytes} bytes`);
        kept.push(chunk);
      }
      return utf8Text(Buffer.concat(kept, bytes));
    });
  }

  /**
   * GETs `path` and hands a 2xx body to `consume` as it arrives, never held whole and never kept by
   * --cache: a file the explorer serves (a CSV export), under the one --max-body cap. Retried as any
   * GET: `consume` is called afresh for each attempt and must itself account for what it passed on.
   */
  async stream<T>(path: string, params: Params, what: string, consume: BodyConsumer<T>): Promise<T> {
    const url = buildUrl(this.baseUrl, path, params);
    return this.http.getStreamed(url, this.headers, { ...this.context(what), cache: false }, consume);
  }

  /** GETs `path` and returns the body text, checked to be JSON; `extra` headers go along (never keys). */
  async getRaw(path: string, params: Params = [], what = path, extra: Readonly<Record<string, string>> = {}): Promise<string> {
    return (await this.getJson(path, params, what, extra)).text;
  }

  /**
   * One page of a list, starting at `cursor` (the first page when absent), read as it arrives: it
   * never holds the body and a parsed copy at once. With a sink, a big page's items go to it as they
   * come (see HOLD_BYTES) and the Page returned holds only what was not handed on.
   */
  async page<T>(req: ListRequest<T>, cursor?: Cursor | null, sink?: ItemSink): Promise<Page<T>> {
    const url = buildUrl(this.baseUrl, req.path, mergeParams(req.params, cursor));
    const done: Delivered = { count: 0, hash: sha256() };
    const got = this.http.getStreamed(url, this.headers, this.context(req.what, req.masked), (chunks, headers) =>
      readListBody<T>(chunks, headers, url.origin, done, sink),
    );
    const lacking = req.lacking;
    if (lacking === undefined) return got;
    return got.catch((e: unknown) => {
      throw lacksEndpoint(e) ? new LacksEndpointError(`${url.origin} ${lacking}${statusOf(e)}`, { cause: e }) : e;
    });
  }
}

/** How the explorer said it lacks the endpoint: " (HTTP 501: Service is disabled)". */
function statusOf(e: unknown): string {
  return e instanceof HttpError ? ` (${e.answer})` : ' (HTTP 404)';
}

/**
 * The answer of an explorer without the endpoint asked: 404, 400 "Unknown API v2 action", or 501
 * (a proxy to a service the explorer runs without: `{"message":"Service is disabled"}`).
 */
export function lacksEndpoint(e: unknown): boolean {
  return e instanceof NotFoundError || (e instanceof HttpError && ((e.status === 400 && /unknown api v2 action/i.test(e.answer)) || e.status === 501));
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
    // A key over plain http to another host could be read on the way: refuse before sending.
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
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
