/**
 * The parts of the fake explorer (../server.ts) a route is made of: replies with the real bodies,
 * the real parameter checks, and the shapes of list and plain routes. Routes for more endpoints
 * live in modules of their own beside this one, listed in routes.ts, so each area adds a file
 * instead of editing one long switch.
 */
import type http from 'node:http';
import { toJsonText, type Cursor, type Json, type ListEntry } from '../data.js';
import type { CsvStore } from './csv.js';

// ───────────────────────────────────────────────────────────────────────── replies

export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export function json(status: number, value: Json): Reply {
  return { status, body: toJsonText(value) };
}

export interface FieldError {
  pointer: string;
  detail: string;
}

/** OpenApiSpex validation body: `{"errors":[{"title":"Invalid value","source":{"pointer":"/x"},"detail":"..."}]}`. */
export function unprocessable(errors: FieldError[]): Reply {
  return json(422, {
    errors: errors.map((e) => ({ title: 'Invalid value', source: { pointer: `/${e.pointer}` }, detail: e.detail })),
  });
}

export const NOT_FOUND: Reply = { status: 404, body: '{"message":"Not found"}' };
export const UNKNOWN_ACTION: Reply = { status: 400, body: '{"message":"Unknown API v2 action"}' };
/** What the explorer answers under the proxy of a service it runs without (account abstraction). */
export const SERVICE_DISABLED: Reply = { status: 501, body: '{"message":"Service is disabled"}' };

// ───────────────────────────────────────────────────────────────────────── validation

export const ADDRESS_RE = /^0x([A-Fa-f0-9]{40})$/;
export const HASH_RE = /^0x([A-Fa-f0-9]{64})$/;
export const ADDRESS_FORMAT = 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/';
export const HASH_FORMAT = 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/';
/** The real `type` parameter pattern (upper case only; optional brackets; empty string allowed). */
export const TOKEN_TYPES_RE = /^\[?(ERC-20|ERC-721|ERC-1155|ERC-404|ERC-7984)(,(ERC-20|ERC-721|ERC-1155|ERC-404|ERC-7984))*\]?$/;

/** Returns an error detail, or null when the value is acceptable. */
export type Check = (value: string) => string | null;

export const anyString: Check = () => null;
export const enumOf =
  (...allowed: string[]): Check =>
  (v) => (allowed.includes(v) ? null : 'Invalid value for enum');
export const tokenTypes: Check = (v) => (v === '' || TOKEN_TYPES_RE.test(v) ? null : 'Invalid value for enum');
export const addressHash: Check = (v) => (ADDRESS_RE.test(v) ? null : ADDRESS_FORMAT);

/** Parameters every explorer endpoint accepts (`key` is the real server's second key parameter). */
export const COMMON_PARAMS: Record<string, Check> = { apikey: anyString, key: anyString };

export function parseTypes(v: string | undefined): string[] | null {
  if (v === undefined || v === '') return null;
  return v.replace(/^\[|\]$/g, '').split(',');
}

// ───────────────────────────────────────────────────────────────────────── requests

export interface Req {
  method: string;
  path: string;
  segments: string[];
  pairs: [string, string][];
  /** Last value per key (duplicates with different values are rejected before handlers run). */
  query: Map<string, string>;
  headers: http.IncomingHttpHeaders;
}

/** A list endpoint: its own parameters, the cursor keys it may issue, and its entries. */
export interface ListRoute {
  kind: 'list';
  /** Registry key for issued cursors: endpoint + lower-case path hash. */
  registry: string;
  params: Record<string, Check>;
  cursorKeys: readonly string[];
  hashParam?: { pointer: string; value: string; check: Check };
  /** Whether `items_count` is echoed in cursors (v11 lists do; search does not). */
  itemsCount: boolean;
  /** Canonical entries and the predicate the request's filters select. */
  select(req: Req): { entries: ListEntry[]; keep: (e: ListEntry) => boolean; extraCursor?: Cursor };
  /** Members the body carries after `items` and `next_page_params` (the advanced filter's `search_params`). */
  body?: (req: Req) => Record<string, Json>;
  /** Address-specific oddities (429, 502, cursor loop...) evaluated after validation. */
  special?: (req: Req, state: State) => Reply | 'loop' | 'empty-cursor' | null;
}

export interface PlainRoute {
  kind: 'plain';
  params: Record<string, Check>;
  hashParam?: { pointer: string; value: string; check: Check };
  handle(req: Req): Reply;
}

export type Route = ListRoute | PlainRoute;

export interface IssuedCursor {
  params: Cursor;
  /** Canonical index of the last item the cursor covers. */
  position: number;
}

export interface State {
  adminKey: string;
  explorerKey: string | undefined;
  /** Every next_page_params issued, per list. */
  issued: Map<string, IssuedCursor[]>;
  /** Paths of ADDR.flaky that already got their one 429. */
  flakySeen: Set<string>;
  windowStart: number;
  windowCount: number;
  /** Paths this explorer lacks (FakeServerOptions.lacking). */
  lacking: Readonly<Record<string, 400 | 404 | 501>>;
  /** The CSV exports asked for and the files ready (fake/csv.ts). */
  csv: CsvStore;
}


export const byDirection =
  (address: string, filter: string | undefined) =>
  (e: ListEntry): boolean => {
    const a = address.toLowerCase();
    if (filter === 'to') return e.to === a;
    if (filter === 'from') return e.from === a;
    return true;
  };

export const byTypes = (types: string[] | null) => (e: ListEntry) => types === null || (e.tokenType !== undefined && types.includes(e.tokenType));


/** A transaction hash check, as the real server words it. */
export const transactionHash: Check = (v) => (HASH_RE.test(v) ? null : HASH_FORMAT);

/** A route resolver of an area: the route for these path segments, or null when not its path. */
export type RouteResolver = (segments: readonly string[]) => Route | null;
