/**
 * Encoding and decoding through ox: calldata of a call, a call's result, revert data (a custom error
 * by the ABI, `Error(string)`, `Panic(uint256)` with its meaning) and event logs (topics and data).
 * Integers come out as bigint, whatever their size. A decode that does not fit its types throws a
 * DecodeError; one that fits but is not exactly the encoding of what it decoded to (bytes left over,
 * dirty padding) says so (`exact: false`), as a decode by a signature alone may have the wrong one.
 */
import * as AbiParameters from 'ox/AbiParameters';
import { signatureHash } from './selector.js';
import { PANICS } from './panic.js';
import { byId } from './resolve.js';
import { type AbiEntry, type AbiParam, oxMessage, signatureOf } from './signature.js';
import { type Field, fieldsOf } from './values.js';
import type { ArgValue } from './args.js';

/** Data that does not decode as the types say (too short, a value out of its type's range). */
export class DecodeError extends Error {}

const hexBody = (data: string): string => (data.startsWith('0x') || data.startsWith('0X') ? data.slice(2) : data).toLowerCase();

/** Whether `data` is 0x hex of whole bytes. */
export function isHexData(data: string): boolean {
  return /^0x([0-9a-fA-F]{2})*$/.test(data);
}

/**
 * Decoded fields, and whether the data is exactly their encoding. When it is their encoding and then
 * more, `trailing` holds the bytes after it (apps append a tag to calldata: a 1inch or Uniswap
 * interface swap ends with a few bytes no parameter reads).
 */
export interface Decoded {
  readonly fields: Field[];
  readonly exact: boolean;
  readonly trailing?: string | undefined;
}

/** `params` decoded from `data` (0x hex, no selector). */
export function decodeParams(params: readonly AbiParam[], data: string): Decoded {
  const hex = `0x${hexBody(data)}` as `0x${string}`;
  let raw: readonly unknown[];
  try {
    raw = AbiParameters.decode(params as never, hex) as readonly unknown[];
  } catch (e) {
    throw new DecodeError(oxMessage(e));
  }
  let again: string;
  try {
    again = AbiParameters.encode(params as never, raw as never).toLowerCase();
  } catch {
    return { fields: fieldsOf(params, raw), exact: false };
  }
  const given = hex.toLowerCase();
  const trailing = again !== given && given.startsWith(again) ? '0x' + given.slice(again.length) : undefined;
  return { fields: fieldsOf(params, raw), exact: again === given, trailing };
}

/** The 4-byte selector of a function or an error entry. */
export function selectorOf(entry: AbiEntry): string {
  return signatureHash(signatureOf(entry)).slice(0, 10);
}

/** Calldata of a call to `fn` with `args` (parsed by args.ts): the selector, then the encoded arguments. */
export function encodeCall(fn: AbiEntry, args: readonly ArgValue[]): string {
  try {
    return selectorOf(fn) + AbiParameters.encode((fn.inputs ?? []) as never, args as never).slice(2);
  } catch (e) {
    throw new DecodeError(`cannot encode the arguments of ${signatureOf(fn)}: ${oxMessage(e)}`);
  }
}

/** The arguments of calldata (or of revert data: an error's) for `entry`, after its 4-byte selector. */
export function decodeInput(entry: AbiEntry, data: string): Decoded {
  return decodeParams(entry.inputs ?? [], hexBody(data).slice(8));
}

/** A call's result (what `eth_call` returned) for function `fn`. */
export function decodeResult(fn: AbiEntry, data: string): Decoded {
  return decodeParams(fn.outputs ?? [], data);
}

/** `Error(string)`, the revert of `require(cond, "message")`. */
export const ERROR_STRING: AbiEntry = { type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] };
/** `Panic(uint256)`, raised by the compiler's checks (overflow, division by zero, bounds). */
export const PANIC: AbiEntry = { type: 'error', name: 'Panic', inputs: [{ type: 'uint256', name: 'code' }] };

/** What revert data says. */
export type Revert =
  /** No data: a bare `revert()`, or out of gas. */
  | { readonly kind: 'empty' }
  /** `Error(string)`, its message. */
  | { readonly kind: 'message'; readonly message: string; readonly exact: boolean }
  /** `Panic(uint256)`, its code and what it means (undefined for a code Solidity does not use). */
  | { readonly kind: 'panic'; readonly code: bigint; readonly meaning: string | undefined; readonly exact: boolean }
  /** A custom error of the ABI, with its named arguments. */
  | { readonly kind: 'custom'; readonly entry: AbiEntry; readonly decoded: Decoded }
  /** A selector the ABI has no error for (or that does not decode as the error it names). */
  | { readonly kind: 'unknown'; readonly selector: string; readonly data: string; readonly why?: string | undefined };

/** Revert data (0x hex) read with `abi`'s errors, and Solidity's own two. */
export function decodeRevert(data: string, abi: readonly AbiEntry[] = []): Revert {
  const body = hexBody(data);
  if (body === '') return { kind: 'empty' };
  const selector = '0x' + body.slice(0, 8);
  if (body.length < 8) return { kind: 'unknown', selector: '', data: '0x' + body, why: 'shorter than a selector' };
  const own = selector === selectorOf(ERROR_STRING) ? ERROR_STRING : selector === selectorOf(PANIC) ? PANIC : byId(abi, 'error', selector);
  if (!own) return { kind: 'unknown', selector, data: '0x' + body };
  let decoded: Decoded;
  try {
    decoded = decodeInput(own, body);
  } catch (e) {
    return { kind: 'unknown', selector, data: '0x' + body, why: `it names ${signatureOf(own)} but does not decode as it: ${(e as Error).message}` };
  }
  const first = decoded.fields[0]?.value;
  if (own === ERROR_STRING && first?.kind === 'string') return { kind: 'message', message: first.value, exact: decoded.exact };
  if (own === PANIC && first?.kind === 'int') return { kind: 'panic', code: first.value, meaning: first.value <= 0xffn ? PANICS[Number(first.value)] : undefined, exact: decoded.exact };
  return { kind: 'custom', entry: own, decoded };
}

/** Whether a parameter's value sits in a topic as itself (a static type) or as its hash (string, bytes, arrays, tuples). */
function hashedInTopic(p: AbiParam): boolean {
  return p.type === 'string' || p.type === 'bytes' || p.type === 'tuple' || p.type.endsWith(']');
}

/**
 * A log's arguments by `event`: the indexed parameters from topics 1 to 3 (a dynamic one only as the
 * hash the log keeps), the others from the data. Topic0 must be the event's (unless anonymous).
 */
export function decodeLog(event: AbiEntry, topics: readonly string[], data: string): Decoded {
  const inputs = event.inputs ?? [];
  const indexed = inputs.filter((p) => p.indexed === true);
  const anonymous = event.anonymous === true;
  const first = anonymous ? 0 : 1;
  if (!anonymous && topics[0]?.toLowerCase() !== signatureHash(signatureOf(event))) {
    throw new DecodeError(`topic0 is not the hash of ${signatureOf(event)}`);
  }
  if (topics.length - first !== indexed.length) {
    throw new DecodeError(`${signatureOf(event)} has ${indexed.length} indexed parameter${indexed.length === 1 ? '' : 's'}, and the log ${topics.length - first} topic${topics.length - first === 1 ? '' : 's'} for them`);
  }
  const plain = decodeParams(
    inputs.filter((p) => p.indexed !== true),
    data,
  );
  let exact = plain.exact;
  const fromTopics = new Map<AbiParam, Field>();
  indexed.forEach((p, i) => {
    const topic = topics[first + i]!;
    if (hashedInTopic(p)) {
      fromTopics.set(p, { name: p.name ?? '', value: { kind: 'hashed', type: p.type, value: topic.toLowerCase() } });
      return;
    }
    const d = decodeParams([p], topic);
    exact &&= d.exact;
    fromTopics.set(p, d.fields[0]!);
  });
  let next = 0;
  const fields = inputs.map((p) => fromTopics.get(p) ?? plain.fields[next++]!);
  return { fields, exact };
}

/** The event of `abi` a log's topic0 names, undefined when none (or the topic0 is missing). */
export function eventOfLog(abi: readonly AbiEntry[], topics: readonly string[]): AbiEntry | undefined {
  return topics[0] ? byId(abi, 'event', topics[0]) : undefined;
}

/**
 * `event` with its first `count` parameters marked indexed: for a signature typed without `indexed`
 * (`Transfer(address,address,uint256)`), read against a log with `count` topics after topic0. The
 * caller says it assumed so.
 */
export function withIndexed(event: AbiEntry, count: number): AbiEntry {
  return { ...event, inputs: (event.inputs ?? []).map((p, i) => ({ ...p, indexed: i < count })) };
}
