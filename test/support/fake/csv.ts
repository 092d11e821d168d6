/**
 * The fake's CSV exports, as the real server serves them (blockscout's CsvExportController,
 * AdvancedFilterController.list_csv and ConfigController.csv_export):
 *
 * - `/api/v2/addresses/{h}/transactions|token-transfers|internal-transactions|logs/csv` with
 *   `from_period` and `to_period` required (the OpenAPI document's ISO 8601 pattern, else the real
 *   422 body), `filter_type` (`address`) and `filter_value` (`to`|`from`); an address the explorer
 *   has never seen is 404. The rows are the fake's own items of that list in the window (a date alone
 *   is its whole day, as the server reads it), newest first, at most `limit` of them;
 * - `/api/v2/tokens/{h}/holders/csv` (the periods optional and ignored, as the server ignores them);
 * - `/api/v2/advanced-filters/csv` with the advanced filter's own parameters (fake/activity.ts);
 * - `/api/v2/config/csv-export`: `{"limit", "async_enabled"}`.
 *
 * A synchronous export answers 200 `application/csv`, chunked, with `content-disposition: attachment;`.
 * An asynchronous one (CsvExportOptions.async) answers 202 `{"request_id": uuid}`; the request is
 * polled at `/api/v2/csv-exports/{uuid}` (`{status, file_id, expires_at}`: pending for the first
 * polls, then completed, or failed), and the file is served at `/downloadFile?id=<file_id>` on the
 * explorer's own host, as the explorer's frontend links it (the file store behind it, Gokapi, lets
 * it be downloaded once: a second download is 404). Servers before mid-2025 asked every CSV export
 * for a reCAPTCHA: 403 `{"message":"Invalid reCAPTCHA response"}` (CsvExportOptions.recaptcha).
 */
import { randomUUID } from 'node:crypto';
import { knownAddress, listsFor, type Json, type JsonObject, type ListEntry } from '../data.js';
import { activityEntries } from './activity-data.js';
import { FILTER_PARAMS, filterOf } from './activity.js';
import { NOT_FOUND, addressHash, anyString, enumOf, json, unprocessable, type Check, type FieldError, type Reply, type Req, type Route } from './kit.js';
import { holdersOf } from './tokens-data.js';
import { addressLogs } from './txdepth-data.js';

/** How the fake's explorer exports CSV (FakeServerOptions.csv). */
export interface CsvExportOptions {
  /** `async_enabled`: exports answer 202 and a request id, polled until the file is ready. */
  async?: boolean;
  /** Polls of an asynchronous export answered `pending` before it is `completed` (default 1). */
  pendingPolls?: number;
  /** Asynchronous exports fail: their polls answer `failed` once pending is over. */
  fail?: boolean;
  /** The explorer wants a reCAPTCHA for every CSV export (servers before mid-2025): 403. */
  recaptcha?: boolean;
  /** `limit` of `/config/csv-export`: the most rows a file holds (default 10000). */
  limit?: number;
  /** Rows of the explorer's own text appended to every file (a token symbol that carries escape sequences). */
  extraRows?: readonly (readonly string[])[];
}

/** What the fake keeps of asynchronous exports: the requests and the files ready. */
export class CsvStore {
  readonly requests = new Map<string, { polls: number; csv: string }>();
  readonly files = new Map<string, string>();
  constructor(readonly options: CsvExportOptions = {}) {}
}

/** The pattern of `from_period`/`to_period` in the OpenAPI document. */
const PERIOD =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:T(?:[01]\d|2[0-3])(?:(?::|%3A)[0-5]\d(?:(?::|%3A)[0-5]\d(?:\.\d{1,9})?)?)?(?:Z|(?:\+|%2B|-)(?:[01]\d|2[0-3])(?:(?::|%3A)[0-5]\d)?)?)?$/;
const period: Check = (v) => (v === 'null' || PERIOD.test(v) ? null : `Invalid format. Expected ~r/${PERIOD.source}/`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PERIOD_PARAMS: Record<string, Check> = { from_period: period, to_period: period, filter_type: enumOf('address'), filter_value: enumOf('to', 'from') };

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break. */
const field = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvText = (rows: readonly (readonly string[])[]): string => rows.map((r) => r.map(field).join(',') + '\r\n').join('');

const str = (v: Json | undefined): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const hashOf = (v: Json | undefined): string => (v && typeof v === 'object' && !Array.isArray(v) ? str((v as JsonObject)['hash']) : '');
const unix = (v: Json | undefined): string => (typeof v === 'string' ? String(Math.floor(Date.parse(v) / 1000)) : '');

/** The columns of each address export (the real ones' headers) and a row from an item. */
const ADDRESS_EXPORTS: Record<string, { header: string[]; row: (j: JsonObject) => string[]; entries: (h: string) => ListEntry[]; time: string }> = {
  transactions: {
    header: ['TxHash', 'BlockNumber', 'UnixTimestamp', 'FromAddress', 'ToAddress', 'ContractAddress', 'Type', 'Value', 'Fee', 'Status', 'ErrCode', 'CurrentPrice', 'TxDateOpeningPrice', 'TxDateClosingPrice', 'MethodName'],
    row: (j) => [str(j['hash']), str(j['block_number']), unix(j['timestamp']), hashOf(j['from']), hashOf(j['to']), hashOf(j['created_contract']), str(j['type']), str(j['value']), str((j['fee'] as JsonObject | null)?.['value']), str(j['status']), '', '', '', '', str(j['method'])],
    entries: (h) => listsFor(h).transactions,
    time: 'timestamp',
  },
  'token-transfers': {
    header: ['TxHash', 'BlockNumber', 'UnixTimestamp', 'FromAddress', 'ToAddress', 'TokenContractAddress', 'Type', 'TokenDecimals', 'TokenSymbol', 'TokensTransferred', 'TransactionFee', 'Status', 'ErrCode'],
    row: (j) => {
      const token = (j['token'] ?? {}) as JsonObject;
      const total = (j['total'] ?? {}) as JsonObject;
      return [str(j['transaction_hash']), str(j['block_number']), unix(j['timestamp']), hashOf(j['from']), hashOf(j['to']), str(token['address_hash'] ?? token['address']), str(j['type']), str(total['decimals']), str(token['symbol']), str(total['value'] ?? total['token_id']), '', '', ''];
    },
    entries: (h) => listsFor(h).tokenTransfers,
    time: 'timestamp',
  },
  'internal-transactions': {
    header: ['TxHash', 'Index', 'BlockNumber', 'TxIndex', 'UnixTimestamp', 'FromAddress', 'ToAddress', 'ContractAddress', 'Type', 'CallType', 'Gas', 'GasUsed', 'Value', 'Input', 'Output', 'ErrCode', 'Fee'],
    row: (j) => [str(j['transaction_hash']), str(j['index']), str(j['block_number']), str(j['transaction_index']), unix(j['timestamp']), hashOf(j['from']), hashOf(j['to']), hashOf(j['created_contract']), str(j['type']), str(j['type']), str(j['gas_limit']), '', str(j['value']), '', '', str(j['error']), ''],
    entries: (h) => listsFor(h).internalTransactions,
    time: 'timestamp',
  },
  logs: {
    header: ['TxHash', 'Index', 'BlockNumber', 'BlockHash', 'ContractAddress', 'Data', 'FirstTopic', 'SecondTopic', 'ThirdTopic', 'FourthTopic'],
    row: (j) => {
      const topics = Array.isArray(j['topics']) ? (j['topics'] as Json[]) : [];
      return [str(j['transaction_hash']), str(j['index']), str(j['block_number']), str(j['block_hash']), hashOf(j['address']), str(j['data']), str(topics[0]), str(topics[1]), str(topics[2]), str(topics[3])];
    },
    entries: (h) => addressLogs(h),
    time: 'block_timestamp',
  },
};

/** A period bound as the server reads it: a date alone is the start (from) or the last second (to) of its day. */
function bound(v: string, side: 'from' | 'to'): number {
  const text = decodeURIComponent(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T${side === 'from' ? '00:00:00' : '23:59:59'}Z`);
  return Date.parse(/(Z|[+-]\d{2}(:?\d{2})?)$/.test(text) ? text : `${text}Z`);
}

/** Required parameters the request lacks, as OpenApiSpex answers them. */
function missing(req: Req, names: readonly string[]): Reply | null {
  const errors: FieldError[] = names.filter((n) => !req.query.has(n)).map((n) => ({ pointer: n, detail: `Missing field: ${n}` }));
  return errors.length > 0 ? unprocessable(errors) : null;
}

const RECAPTCHA: Reply = { status: 403, body: '{"message":"Invalid reCAPTCHA response"}' };

/** The answer to an export request: the file itself, or (asynchronous) a request id to poll. */
function exportReply(store: CsvStore, rows: readonly (readonly string[])[]): Reply {
  const limit = store.options.limit ?? 10_000;
  const [header, ...body] = rows;
  const csv = csvText([header!, ...body.slice(0, limit), ...(store.options.extraRows ?? [])]);
  if (store.options.async) {
    const id = randomUUID();
    store.requests.set(id, { polls: 0, csv });
    return { status: 202, body: JSON.stringify({ request_id: id }), contentType: 'application/json; charset=utf-8' };
  }
  return { status: 200, body: csv, contentType: 'application/csv', headers: { 'content-disposition': 'attachment;', 'transfer-encoding': 'chunked' } };
}

/** An address's export of one list, in the window of `from_period`/`to_period`. */
function addressExport(store: CsvStore, address: string, list: string): Route | null {
  const spec = ADDRESS_EXPORTS[list];
  if (!spec) return null;
  return {
    kind: 'plain',
    params: PERIOD_PARAMS,
    hashParam: { pointer: 'address_hash_param', value: address, check: addressHash },
    handle: (req) => {
      const absent = missing(req, ['from_period', 'to_period']);
      if (absent) return absent;
      if (store.options.recaptcha) return RECAPTCHA;
      const entries = spec.entries(address);
      if (entries.length === 0 && !knownAddress(address)) return NOT_FOUND;
      const [from, to] = [bound(req.query.get('from_period')!, 'from'), bound(req.query.get('to_period')!, 'to')];
      const side = req.query.get('filter_type') === 'address' ? req.query.get('filter_value') : undefined;
      const a = address.toLowerCase();
      const kept = entries.filter((e) => {
        const t = e.json[spec.time];
        const ms = typeof t === 'string' ? Date.parse(t) : NaN;
        if (Number.isNaN(ms) || ms < from || ms > to) return false;
        return side === 'to' ? e.to === a : side === 'from' ? e.from === a : true;
      });
      return exportReply(store, [spec.header, ...kept.map((e) => spec.row(e.json))]);
    },
  };
}

function holdersExport(store: CsvStore, token: string): Route {
  return {
    kind: 'plain',
    params: PERIOD_PARAMS,
    hashParam: { pointer: 'address_hash_param', value: token, check: addressHash },
    handle: () => {
      if (store.options.recaptcha) return RECAPTCHA;
      const holders = holdersOf(token);
      if (holders.length === 0) return NOT_FOUND;
      return exportReply(store, [['HolderAddress', 'Balance'], ...holders.map((e) => [hashOf(e.json['address']), str(e.json['value'])])]);
    },
  };
}

function advancedFilterExport(store: CsvStore): Route {
  const keys = ['block_number', 'transaction_index', 'internal_transaction_index', 'token_transfer_index', 'token_transfer_batch_index'];
  return {
    kind: 'plain',
    params: Object.fromEntries([...FILTER_PARAMS, ...keys].map((k) => [k, anyString])),
    handle: (req) => {
      if (store.options.recaptcha) return RECAPTCHA;
      const keep = filterOf(req);
      const rows = activityEntries()
        .filter(keep)
        .map((e) => [str(e.json['hash']), str(e.json['type']), str(e.json['method']), str(e.json['timestamp']), hashOf(e.json['from']), hashOf(e.json['to']), str(e.json['value']), str(((e.json['token'] ?? {}) as JsonObject)['symbol']), str(e.json['block_number'])]);
      return exportReply(store, [['TxHash', 'Type', 'MethodId', 'UtcTimestamp', 'FromAddress', 'ToAddress', 'Value', 'TokenSymbol', 'BlockNumber'], ...rows]);
    },
  };
}

/** The status of an asynchronous export: pending for its first polls, then completed (its file ready) or failed. */
function exportStatus(store: CsvStore, id: string): Route {
  return {
    kind: 'plain',
    params: {},
    hashParam: { pointer: 'uuid_param', value: id, check: (v) => (UUID.test(v) ? null : `Invalid format. Expected ~r/${UUID.source}/`) },
    handle: () => {
      const r = store.requests.get(id);
      if (!r) return NOT_FOUND;
      r.polls++;
      if (r.polls <= (store.options.pendingPolls ?? 1)) return json(200, { status: 'pending', file_id: null, expires_at: null });
      if (store.options.fail) return json(200, { status: 'failed', file_id: null, expires_at: null });
      // Gokapi's file ids: letters and digits.
      const fileId = id.replace(/-/g, '').slice(0, 15);
      if (!store.files.has(fileId) && r.polls === (store.options.pendingPolls ?? 1) + 1) store.files.set(fileId, r.csv);
      return json(200, { status: 'completed', file_id: fileId, expires_at: '2026-11-22T12:00:00.000000Z' });
    },
  };
}

/** The CSV routes under `/api/v2`, or null when `segments` name none of them. */
export function csvRoute(store: CsvStore, segments: readonly string[]): Route | null {
  const [a, b, c, d, e, f, g] = segments;
  if (a !== 'api' || b !== 'v2') return null;
  if (c === 'config' && d === 'csv-export' && e === undefined) {
    return { kind: 'plain', params: {}, handle: () => json(200, { limit: store.options.limit ?? 10_000, async_enabled: store.options.async ?? false }) };
  }
  if (c === 'csv-exports' && d !== undefined && e === undefined) return exportStatus(store, d);
  if (c === 'addresses' && d !== undefined && e !== undefined && f === 'csv' && g === undefined) return addressExport(store, d, e);
  if (c === 'tokens' && d !== undefined && e === 'holders' && f === 'csv' && g === undefined) return holdersExport(store, d);
  if (c === 'advanced-filters' && d === 'csv' && e === undefined) return advancedFilterExport(store);
  return null;
}

/** `/downloadFile?id=`: a ready file, once; any other id (or a second download) is the store's 404. */
export function downloadReply(store: CsvStore, req: Req): Reply {
  const id = req.query.get('id') ?? '';
  const csv = store.files.get(id);
  if (csv === undefined) return { status: 404, body: 'File not found', contentType: 'text/plain; charset=utf-8' };
  store.files.delete(id);
  return { status: 200, body: csv, contentType: 'application/csv', headers: { 'content-disposition': `attachment; filename="${id}.csv"`, 'transfer-encoding': 'chunked' } };
}
