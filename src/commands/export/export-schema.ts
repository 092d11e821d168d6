/**
 * The fixed columns of each file `scout export` writes (README, "Analyse it"): names, types, and
 * where each value comes from in the explorer's item. Loaded by the spec for --help, so it imports
 * nothing. Amounts are decimal strings of the integer as sent (wei, base units): they may exceed 64
 * bits, and no reader turns them into floats; cast them in the query (`value::HUGEINT` in DuckDB).
 */

/** The datasets, in the order they are exported. */
export const DATASETS = ['txs', 'transfers', 'internal', 'logs', 'withdrawals', 'balances'] as const;
export type Dataset = (typeof DATASETS)[number];

export const EXPORT_FORMATS = ['parquet', 'ndjson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * A column's type. STRING: UTF-8 text (hashes and addresses lower-case 0x hex; amounts the decimal
 * integer); INT64: a signed 64-bit integer; TIMESTAMP: milliseconds since 1970 in UTC (Parquet
 * TIMESTAMP_MILLIS, adjusted to UTC; ISO 8601 text in NDJSON and CSV); BOOLEAN.
 */
export type ColumnType = 'STRING' | 'INT64' | 'TIMESTAMP' | 'BOOLEAN';

/** A cell as staged: text, an integer's decimal text, a time in ms, a boolean, or null (absent). */
export type Cell = string | number | boolean | null;

export interface ExportColumn {
  readonly name: string;
  readonly type: ColumnType;
  /** The cell from the item as decoded (its amounts are strings as sent). */
  readonly of: (item: Record<string, unknown>) => Cell;
}

const at = (item: unknown, path: readonly string[]): unknown => path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), item);

/** Text: a string as sent, a number's digits; else null. */
function text(...path: string[]) {
  return (item: Record<string, unknown>): string | null => {
    const v = at(item, path);
    return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : null;
  };
}

/** A hash or address, lower-case. */
function hex(...path: string[]) {
  const t = text(...path);
  return (item: Record<string, unknown>): Cell => {
    const v = t(item);
    return typeof v === 'string' ? v.toLowerCase() : null;
  };
}

/** The first of several fields that is there (a newer server's name first). */
function first(...ofs: ((item: Record<string, unknown>) => Cell)[]) {
  return (item: Record<string, unknown>): Cell => {
    for (const of of ofs) {
      const v = of(item);
      if (v !== null) return v;
    }
    return null;
  };
}

/** An integer (sent as a number or as decimal text): its decimal text, or null. */
function int(...path: string[]) {
  const t = text(...path);
  return (item: Record<string, unknown>): Cell => {
    const v = t(item);
    return v !== null && /^-?\d+$/.test(v) ? v : null;
  };
}

/** An ISO 8601 time: milliseconds since 1970, or null. */
function time(...names: string[]) {
  return (item: Record<string, unknown>): Cell => {
    for (const n of names) {
      const v = item[n];
      if (typeof v === 'string' && Number.isFinite(Date.parse(v))) return Date.parse(v);
    }
    return null;
  };
}

function bool(...path: string[]) {
  return (item: Record<string, unknown>): Cell => {
    const v = at(item, path);
    return typeof v === 'boolean' ? v : null;
  };
}

const c = (name: string, type: ColumnType, of: ExportColumn['of']): ExportColumn => ({ name, type, of });
const block = c('block_number', 'INT64', first(int('block_number'), int('block')));

/** The columns of each dataset, in file order; `raw` (with --raw) comes last. */
export const SCHEMAS: Readonly<Record<Dataset, readonly ExportColumn[]>> = {
  txs: [
    c('hash', 'STRING', hex('hash')),
    block,
    c('timestamp', 'TIMESTAMP', time('timestamp')),
    c('position', 'INT64', int('position')),
    c('nonce', 'INT64', int('nonce')),
    c('from', 'STRING', hex('from', 'hash')),
    c('to', 'STRING', hex('to', 'hash')),
    c('created_contract', 'STRING', hex('created_contract', 'hash')),
    c('value', 'STRING', text('value')),
    c('fee', 'STRING', text('fee', 'value')),
    c('gas_used', 'INT64', int('gas_used')),
    c('gas_price', 'STRING', text('gas_price')),
    c('status', 'STRING', text('status')),
    c('method', 'STRING', text('method')),
  ],
  transfers: [
    c('transaction_hash', 'STRING', hex('transaction_hash')),
    c('log_index', 'INT64', int('log_index')),
    block,
    c('timestamp', 'TIMESTAMP', time('timestamp')),
    c('from', 'STRING', hex('from', 'hash')),
    c('to', 'STRING', hex('to', 'hash')),
    c('token', 'STRING', first(hex('token', 'address_hash'), hex('token', 'address'))),
    c('token_type', 'STRING', first(text('token_type'), text('token', 'type'))),
    c('token_symbol', 'STRING', text('token', 'symbol')),
    c('amount', 'STRING', text('total', 'value')),
    c('decimals', 'INT64', first(int('total', 'decimals'), int('token', 'decimals'))),
    c('token_id', 'STRING', text('total', 'token_id')),
    c('method', 'STRING', text('method')),
  ],
  internal: [
    c('transaction_hash', 'STRING', hex('transaction_hash')),
    c('index', 'INT64', int('index')),
    block,
    c('timestamp', 'TIMESTAMP', time('timestamp')),
    c('type', 'STRING', text('type')),
    c('from', 'STRING', hex('from', 'hash')),
    c('to', 'STRING', hex('to', 'hash')),
    c('created_contract', 'STRING', hex('created_contract', 'hash')),
    c('value', 'STRING', text('value')),
    c('gas_limit', 'STRING', text('gas_limit')),
    c('success', 'BOOLEAN', bool('success')),
    c('error', 'STRING', text('error')),
  ],
  logs: [
    c('transaction_hash', 'STRING', hex('transaction_hash')),
    c('log_index', 'INT64', int('index')),
    block,
    c('timestamp', 'TIMESTAMP', time('block_timestamp', 'timestamp')),
    c('address', 'STRING', hex('address', 'hash')),
    c('topic0', 'STRING', hex('topics', '0')),
    c('topic1', 'STRING', hex('topics', '1')),
    c('topic2', 'STRING', hex('topics', '2')),
    c('topic3', 'STRING', hex('topics', '3')),
    c('data', 'STRING', hex('data')),
    c('event', 'STRING', text('decoded', 'method_call')),
  ],
  withdrawals: [
    c('index', 'INT64', int('index')),
    c('validator_index', 'INT64', int('validator_index')),
    block,
    c('timestamp', 'TIMESTAMP', time('timestamp')),
    c('receiver', 'STRING', hex('receiver', 'hash')),
    c('amount', 'STRING', text('amount')),
  ],
  balances: [
    block,
    c('timestamp', 'TIMESTAMP', time('block_timestamp')),
    c('transaction_hash', 'STRING', hex('transaction_hash')),
    c('delta', 'STRING', text('delta')),
    c('value', 'STRING', text('value')),
  ],
};

/**
 * With `--chains`, every file's first column: the chain the row is from, as its chain id (1, 8453;
 * null for a chain the registry gives no numeric id). Without --chains there is no such column.
 */
export const CHAIN_ID: ExportColumn = c('chain_id', 'INT64', () => null);

/** The schemas in words, for --help. */
export const SCHEMA_HELP =
  'Columns (STRING unless said; hashes and addresses lower-case 0x hex; amounts the exact decimal integer as text, wei or ' +
  'base units, never a float: cast with ::HUGEINT or ::DECIMAL(38,0) when they fit; timestamps UTC, Parquet TIMESTAMP(ms), ' +
  'ISO 8601 in NDJSON and CSV): ' +
  DATASETS.map((d) => `${d}: ${SCHEMAS[d].map((col) => (col.type === 'STRING' ? col.name : `${col.name} ${col.type}`)).join(', ')}`).join('; ') +
  '; with --raw, raw: the item as the explorer sent it (JSON text); with --chains, chain_id INT64 first: the chain of the row, by its id.';
