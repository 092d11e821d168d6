/**
 * Calls to a contract through the explorer's JSON-RPC `eth_call` (`contract call`, `contract read`):
 * the answer's bytes, or the revert's (decoded by the caller with the ABI at hand); and a token's
 * unit, from its own `decimals()` and `symbol()` asked together.
 */
import type { RpcClient } from '../api/rpc.js';
import { ResponseEnvelopeError, RpcError, RpcRevertError } from '../base/errors.js';
import type { AbiEntry } from '../abi/signature.js';
import type { TokenUnit } from '../render/call.js';

/** One call: to, calldata, and what a view simulation may set. */
export interface CallSpec {
  readonly to: string;
  readonly data: string;
  readonly from?: string | undefined;
  /** Wei sent with the call. */
  readonly value?: bigint | undefined;
  /** The block the call runs at; undefined: the latest. */
  readonly block?: bigint | undefined;
}

/** What the call gave: its return data, or its revert data (`0x` for none). */
export type CallAnswer = { readonly ok: string } | { readonly revert: string };

const HEX = /^0x([0-9a-fA-F]{2})*$/;

/** `eth_call`: a revert is an answer too; any other error is thrown. */
export async function ethCall(rpc: RpcClient, c: CallSpec): Promise<CallAnswer> {
  const tx: Record<string, unknown> = { to: c.to, data: c.data };
  if (c.from !== undefined) tx.from = c.from;
  if (c.value !== undefined) tx.value = c.value;
  let result: string;
  try {
    result = await rpc.call('eth_call', [tx, c.block ?? 'latest']);
  } catch (e) {
    if (e instanceof RpcRevertError) return { revert: e.data };
    throw e;
  }
  const v: unknown = JSON.parse(result);
  if (typeof v !== 'string' || !HEX.test(v)) throw new ResponseEnvelopeError(`unusable JSON-RPC answer from ${rpc.endpoint.url.origin}: eth_call answered no hex data`);
  return { ok: v.toLowerCase() };
}

/** The function of `abi` named `name` that takes nothing and returns one value; undefined when none. */
export function getter(abi: readonly AbiEntry[], name: string): AbiEntry | undefined {
  return abi.find((e) => e.type === 'function' && e.name === name && (e.inputs ?? []).length === 0 && (e.outputs ?? []).length === 1);
}

/**
 * The token's unit when `abi` has `decimals()` (and `symbol()`, else no symbol), both asked at once;
 * undefined when it has no `decimals()` or either call fails or does not decode (the amounts then
 * show without units).
 */
export async function tokenUnit(rpc: RpcClient, abi: readonly AbiEntry[], at: Omit<CallSpec, 'data'>): Promise<TokenUnit | undefined> {
  const decimals = getter(abi, 'decimals');
  if (!decimals) return undefined;
  const symbol = getter(abi, 'symbol');
  const { decodeResult, DecodeError, encodeCall } = await import('../abi/codec.js');
  const ask = async (fn: AbiEntry) => {
    const a = await ethCall(rpc, { ...at, data: encodeCall(fn, []) });
    return 'ok' in a ? decodeResult(fn, a.ok).fields[0]?.value : undefined;
  };
  try {
    const [d, sym] = await Promise.all([ask(decimals), symbol ? ask(symbol) : undefined]);
    if (d?.kind !== 'int' || d.value > 255n) return undefined;
    return { decimals: Number(d.value), symbol: sym?.kind === 'string' ? sym.value : '' };
  } catch (e) {
    // A unit is a nicety: a token whose decimals() fails or answers nonsense shows raw amounts.
    if (e instanceof DecodeError || e instanceof RpcError || e instanceof ResponseEnvelopeError) return undefined;
    throw e;
  }
}
