/**
 * Event logs: one decoded event as text (`Transfer(from=0x…, to=0x…, value=123)`), an undecoded log
 * as its topics and data, and the columns of a list of logs. The explorer decodes a log when it
 * knows the emitting contract's ABI; parameter names and values are written by whoever wrote that
 * ABI, so everything here is safe text.
 */
import type { Log } from '../api/schemas.js';
import { addressCell, hashCell, nameCell, NONE, plainCell, timeCell } from './cells.js';
import { obj, objects } from './fields.js';
import { shortHash } from './format.js';
import { jsonText, safeText, text } from '../base/text/safe.js';
import type { Cell, Column } from './table.js';
import { truncate } from './width.js';

export interface EventTextOptions {
  /** Addresses and 32-byte words among the values shortened (`0xd8dA…6045`), for a terminal. */
  short?: boolean;
}

const HEX_WORD = /^0x(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/;

/** A decoded value as text: strings as sent (numbers come as exact decimal strings), tuples and arrays as JSON. */
function valueText(v: unknown, short: boolean): string {
  if (typeof v === 'string') return safeText(short && HEX_WORD.test(v) ? shortHash(v) : v);
  return typeof v === 'object' && v !== null ? safeText(jsonText(v)) : text(v);
}

/** The event's name: `Transfer` from `Transfer(address indexed from, ...)`; the selector, or `event`, when there is no call text. */
export function eventName(log: Pick<Log, 'decoded'>): string | undefined {
  const d = obj(log.decoded);
  if (!d) return undefined;
  const call = typeof d.method_call === 'string' ? d.method_call.replace(/\(.*$/s, '').trim() : '';
  return safeText(call || (typeof d.method_id === 'string' ? d.method_id : '') || 'event');
}

/**
 * One decoded event as text, with named parameters: `Transfer(from=0xd8dA…, to=0x…, value=123)`.
 * A parameter without a name shows its value alone. Undefined when the explorer did not decode the log.
 */
export function eventText(log: Pick<Log, 'decoded'>, opts: EventTextOptions = {}): string | undefined {
  const name = eventName(log);
  if (name === undefined) return undefined;
  const params = objects(obj(log.decoded)?.parameters).map((p) => {
    const value = valueText(p.value, opts.short === true);
    const key = text(p.name);
    return key ? `${key}=${value}` : value;
  });
  return `${name}(${params.join(', ')})`;
}

/** A log's topics as sent, nulls (unused topic slots) left out at the end. */
export function logTopics(log: Pick<Log, 'topics'>): string[] {
  const topics = (Array.isArray(log.topics) ? log.topics : []).map((t) => text(t));
  while (topics.length > 0 && topics[topics.length - 1] === '') topics.pop();
  return topics;
}

/** An undecoded log as its topics and data: `topics=[0xddf2…b3ef, 0x0000…6045] data=0x…`. */
export function rawLogText(log: Pick<Log, 'topics' | 'data'>, opts: EventTextOptions = {}): string {
  const s = (h: string) => (opts.short && h.length > 2 + 8 + 1 ? shortHash(h) : h);
  const data = text(log.data);
  return `topics=[${logTopics(log).map(s).join(', ')}] data=${s(data) || '0x'}`;
}

/** One log for a person: the decoded event, else its topics and data. */
export function logText(log: Pick<Log, 'decoded' | 'topics' | 'data'>, opts: EventTextOptions = {}): string {
  return eventText(log, opts) ?? rawLogText(log, opts);
}

/**
 * The event cell: piped the whole decoded event ('' when not decoded: the topics and data have
 * fields of their own); on a terminal the event with short addresses, or the topics and data.
 */
function eventCell(log: Log): Cell {
  const full = eventText(log);
  const short = logText(log, { short: true });
  return { full: full ?? '', short, style: full === undefined ? 'dim' : undefined, fit: (w) => truncate(short, w) };
}

export const logColumns: Column<Log>[] = [
  { header: 'TX', name: 'transaction_hash', cell: (l) => hashCell(l.transaction_hash ?? l.tx_hash), fixed: true, drop: 3 },
  { header: 'BLOCK', name: 'block_number', show: 'data', cell: (l) => text(l.block_number) },
  // An index is a position to paste back (`scout tx logs … | grep`), not a quantity: no separators.
  { header: 'INDEX', name: 'index', cell: (l) => plainCell(l.index), align: 'right', fixed: true },
  // The time stays longest (issue 22, item 3): the emitting contract is left out before it.
  { header: 'AGE', name: 'timestamp', cell: (l, c) => timeCell(l.block_timestamp, c, NONE, l.block_number), fixed: true, time: true, drop: 2 },
  { header: 'CONTRACT', name: 'address', cell: (l) => addressCell(l.address), min: 11, drop: 1 },
  { header: 'EVENT', name: 'event', cell: (l) => eventCell(l), min: 40 },
  { header: 'EVENT NAME', name: 'event_name', show: 'data', cell: (l) => eventName(l) ?? '' },
  { header: 'TOPICS', name: 'topics', show: 'data', cell: (l) => logTopics(l).join(',') },
  { header: 'DATA', name: 'data', show: 'data', cell: (l) => text(l.data) },
  { header: 'SIGNATURE', name: 'signature', show: 'csv', cell: (l) => text(obj(l.decoded)?.method_call) },
  { header: 'CONTRACT NAME', name: 'address_name', show: 'csv', cell: (l) => nameCell(l.address) },
];

/**
 * The logs of one transaction (`tx logs <hash>`): on a terminal without the transaction and its
 * age, the same on every row; piped and in CSV the same columns as any list of logs.
 */
export const txLogColumns: Column<Log>[] = logColumns.map((c) =>
  c.name === 'transaction_hash' || c.name === 'timestamp' ? { ...c, show: 'data' } : c,
);
