/**
 * What a smart account does for a user operation: its callData is a call to the account itself, and
 * the standard accounts' `execute` and `executeBatch` are unrolled into the calls they make (target,
 * value in wei, data). The entry points known here, by selector:
 *
 *     execute(address,uint256,bytes)                 one call (SimpleAccount, Kernel v2, Biconomy, Light)
 *     executeBatch(address[],uint256[],bytes[])      parallel arrays (SimpleAccount v0.7, Biconomy)
 *     executeBatch((address,uint256,bytes)[])        an array of calls (Coinbase Smart Wallet, Kernel v2)
 *     executeBatch(address[],bytes[])                no values (SimpleAccount v0.6)
 *
 * The explorer's own decoding of the callData (`decoded_call_data`) is used when it has one for one of
 * these selectors; else the bytes are decoded here. Anything else (an ERC-7579 `execute(bytes32,bytes)`,
 * an account's own method) is not unrolled: the explorer's decoding or the selector stands for it.
 */
import { decodeInput, DecodeError } from './codec.js';
import { selectorOfSignature } from './selector.js';
import type { AbiEntry, AbiParam } from './signature.js';
import type { AbiValue } from './values.js';

/** One call the account makes: `value` in wei (the explorer's digits when it decoded the call). */
export interface InnerCall {
  readonly target: string;
  readonly value: bigint | string;
  readonly data: string;
}

export interface Unrolled {
  /** The account method: `executeBatch((address,uint256,bytes)[])`. */
  readonly signature: string;
  /** Where the calls come from: the explorer's decoding, or the callData decoded here. */
  readonly source: 'explorer' | 'calldata';
  readonly calls: readonly InnerCall[];
}

type Shape = 'single' | 'arrays' | 'tuples' | 'no-values';

const param = (type: string, components?: AbiParam[]): AbiParam => ({ type, ...(components ? { components } : {}) });

const ENTRIES: readonly { shape: Shape; entry: AbiEntry }[] = [
  { shape: 'single', entry: { type: 'function', name: 'execute', inputs: [param('address'), param('uint256'), param('bytes')] } },
  { shape: 'arrays', entry: { type: 'function', name: 'executeBatch', inputs: [param('address[]'), param('uint256[]'), param('bytes[]')] } },
  { shape: 'tuples', entry: { type: 'function', name: 'executeBatch', inputs: [param('tuple[]', [param('address'), param('uint256'), param('bytes')])] } },
  { shape: 'no-values', entry: { type: 'function', name: 'executeBatch', inputs: [param('address[]'), param('bytes[]')] } },
];

const SIGNATURES: Readonly<Record<Shape, string>> = {
  single: 'execute(address,uint256,bytes)',
  arrays: 'executeBatch(address[],uint256[],bytes[])',
  tuples: 'executeBatch((address,uint256,bytes)[])',
  'no-values': 'executeBatch(address[],bytes[])',
};

/** The account methods unrolled, as signatures (for --help and README). */
export const SMART_ACCOUNT_SIGNATURES: readonly string[] = Object.values(SIGNATURES);

const BY_SELECTOR: ReadonlyMap<string, { shape: Shape; entry: AbiEntry }> = new Map(ENTRIES.map((e) => [selectorOfSignature(SIGNATURES[e.shape]), e]));

/** Calls of one shape from its arguments, whatever form each value has; undefined when they do not fit. */
function callsOf(shape: Shape, args: readonly unknown[], read: Readers): InnerCall[] | undefined {
  const [a, b, c] = args;
  const call = (t: unknown, v: unknown, d: unknown): InnerCall | undefined => {
    const target = read.address(t);
    const value = v === undefined ? 0n : read.int(v);
    const data = read.bytes(d);
    return target === undefined || value === undefined || data === undefined ? undefined : { target, value, data };
  };
  const all = (calls: (InnerCall | undefined)[]) => (calls.every((x) => x !== undefined) ? (calls as InnerCall[]) : undefined);
  if (shape === 'single') return all([call(a, b, c)]);
  if (shape === 'tuples') {
    const items = read.list(a);
    return items && all(items.map((t) => { const f = read.list(t); return f ? call(f[0], f[1], f[2]) : undefined; }));
  }
  const targets = read.list(a);
  const values = shape === 'arrays' ? read.list(b) : [];
  const datas = read.list(shape === 'arrays' ? c : b);
  if (!targets || !values || !datas || datas.length !== targets.length) return undefined;
  // SimpleAccount takes an empty value array for "no value anywhere".
  if (shape === 'arrays' && values.length !== targets.length && values.length !== 0) return undefined;
  // No value given for a call (SimpleAccount's empty array, or a method without values) is none sent.
  return all(targets.map((t, i) => call(t, values[i], datas[i])));
}

interface Readers {
  address(v: unknown): string | undefined;
  int(v: unknown): bigint | string | undefined;
  bytes(v: unknown): string | undefined;
  list(v: unknown): readonly unknown[] | undefined;
}

/** Values as ox decoded them (AbiValue). */
const FROM_ABI: Readers = {
  address: (v) => ((v as AbiValue).kind === 'address' ? (v as { value: string }).value : undefined),
  int: (v) => ((v as AbiValue).kind === 'int' ? (v as { value: bigint }).value : undefined),
  bytes: (v) => ((v as AbiValue).kind === 'bytes' ? (v as { value: string }).value : undefined),
  list: (v) => {
    const x = v as AbiValue;
    return x.kind === 'array' ? x.items : x.kind === 'tuple' ? x.fields.map((f) => f.value) : undefined;
  },
};

/** Values as the explorer sent them in a DecodedInput: strings, arrays, a tuple as an array or an object. */
const FROM_JSON: Readers = {
  address: (v) => (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? v : undefined),
  int: (v) => (typeof v === 'string' && /^\d+$/.test(v) ? v : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : undefined),
  bytes: (v) => (typeof v === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(v) ? v.toLowerCase() : undefined),
  list: (v) => (Array.isArray(v) ? v : v !== null && typeof v === 'object' ? Object.values(v) : undefined),
};

/** The callData unrolled by its selector, or undefined when it is none of the account methods or does not decode. */
export function unrollCallData(callData: unknown): Unrolled | undefined {
  if (typeof callData !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(callData) || callData.length < 10) return undefined;
  const known = BY_SELECTOR.get(callData.slice(0, 10).toLowerCase());
  if (!known) return undefined;
  try {
    const decoded = decodeInput(known.entry, callData);
    const calls = callsOf(known.shape, decoded.fields.map((f) => f.value), FROM_ABI);
    return calls && { signature: SIGNATURES[known.shape], source: 'calldata', calls };
  } catch (e) {
    if (e instanceof DecodeError) return undefined;
    throw e;
  }
}

/** The explorer's decoding of the callData (`decoded_call_data`) unrolled, when it is one of the account methods. */
export function unrollDecoded(decoded: unknown): Unrolled | undefined {
  if (decoded === null || typeof decoded !== 'object') return undefined;
  const d = decoded as { method_id?: unknown; parameters?: unknown };
  if (typeof d.method_id !== 'string' || !Array.isArray(d.parameters)) return undefined;
  const id = d.method_id.toLowerCase();
  const known = BY_SELECTOR.get(id.startsWith('0x') ? id : `0x${id}`);
  if (!known || d.parameters.length !== (known.entry.inputs ?? []).length) return undefined;
  const values = d.parameters.map((p: unknown) => (p !== null && typeof p === 'object' ? (p as { value?: unknown }).value : undefined));
  const calls = callsOf(known.shape, values, FROM_JSON);
  return calls && { signature: SIGNATURES[known.shape], source: 'explorer', calls };
}

/** A user operation's calls: from the explorer's decoding when it has one of the account methods, else from its callData. */
export function unrollUserOp(op: { readonly call_data?: unknown; readonly decoded_call_data?: unknown }): Unrolled | undefined {
  return unrollDecoded(op.decoded_call_data) ?? unrollCallData(op.call_data);
}
