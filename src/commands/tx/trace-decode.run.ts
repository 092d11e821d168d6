/**
 * `tx trace --decode`: each call of the tree read with the verified ABI of the contract it calls
 * (run/contract-abi.ts: each address asked once, all at once, through a proxy its implementations'
 * too): the function and its named arguments, what it returned, and a revert by the callee's custom
 * errors or Solidity's own. A callee with no verified ABI, or one that does not declare the selector,
 * keeps its selector: a usual name for it is shown only marked as a guess, and never in JSON.
 *
 * `--json`: `{"trace": <the trace as sent>, "decoded": {"<path>": {…}}}`, the trace spliced in byte
 * for byte and `decoded` keyed by each call's path as JSON text (`[]` the top call, `[0,2]` the third
 * call of the first), the path `--ndjson` prints; `--ndjson`: each line gains `"decoded"`.
 */
import { NotFoundError } from '../../base/errors.js';
import { DecodeError, type Decoded, decodeInput, decodeResult, decodeRevert, isHexData } from '../../abi/codec.js';
import { revertText } from '../../abi/inline.js';
import { byId } from '../../abi/resolve.js';
import { type AbiEntry, signatureOf } from '../../abi/signature.js';
import { outputsJson } from '../../render/call.js';
import { type DecodedCall, type Frame, pathKey, pathOf, traceFrames } from '../../render/trace.js';
import { contractAbi } from '../../run/contract-abi.js';
import type { Session } from '../../run/session.js';

/** A decoded call, and what its JSON says besides: the callee, and the entry's signature. */
export interface CallDecoding extends DecodedCall {
  readonly to: string;
  readonly signature?: string | undefined;
}

const SELECTOR_HEX = /^0x[0-9a-fA-F]{8}/;

/** Every frame of the tree, a call before its children (a stack of our own: trees can be deep). */
function allFrames(roots: readonly Frame[]): Frame[] {
  const out: Frame[] = [];
  const todo = [...roots].reverse();
  for (let f = todo.pop(); f; f = todo.pop()) {
    out.push(f);
    for (let i = f.children.length - 1; i >= 0; i--) todo.push(f.children[i]!);
  }
  return out;
}

/** Whether a frame is a call with calldata (a create's input is init code; a plain transfer has none). */
function called(f: Frame): f is Frame & { to: string; input: string } {
  return !f.type.startsWith('create') && f.type !== 'selfdestruct' && f.type !== 'reward' && f.to !== undefined && f.input !== undefined && SELECTOR_HEX.test(f.input) && isHexData(f.input);
}

const fieldsOr = (f: () => Decoded) => {
  try {
    return f().fields;
  } catch (e) {
    if (e instanceof DecodeError) return undefined;
    throw e;
  }
};

/** The calls of `trace` decoded, by pathKey. */
export async function decodeTrace(s: Session, trace: unknown): Promise<Map<string, CallDecoding>> {
  const frames = allFrames(traceFrames(trace)).filter(called);
  const addresses = [...new Set(frames.map((f) => f.to.toLowerCase()))];
  const abis = new Map<string, readonly AbiEntry[] | undefined>(
    await Promise.all(
      addresses.map(async (a) => {
        try {
          return [a, (await contractAbi(s, a)).entries] as const;
        } catch (e) {
          if (e instanceof NotFoundError) return [a, undefined] as const;
          throw e;
        }
      }),
    ),
  );
  const out = new Map<string, CallDecoding>();
  for (const f of frames) {
    const entries = abis.get(f.to.toLowerCase()) ?? [];
    const selector = f.input.slice(0, 10).toLowerCase();
    const fn = byId(entries, 'function', selector);
    const args = fn && fieldsOr(() => decodeInput(fn, f.input));
    const returned = f.output !== undefined && isHexData(f.output) && f.output !== '0x' ? f.output : undefined;
    const outputs = fn && args && !f.error && returned && (fn.outputs ?? []).length > 0 ? fieldsOr(() => decodeResult(fn, returned)) : undefined;
    const revert = f.error && returned ? decodeRevert(returned, entries) : undefined;
    // Arguments that do not decode as the entry says: the selector is all that is known.
    const known = fn && args;
    out.set(pathKey(pathOf(f)), { to: f.to, selector, name: known ? (fn.name ?? '') : undefined, signature: known ? signatureOf(fn) : undefined, args: known ? args : undefined, outputs, revert });
  }
  return out;
}

/** One decoded call as JSON. */
function jsonOf(d: CallDecoding): Record<string, unknown> {
  return {
    to: d.to,
    selector: d.selector,
    source: d.name === undefined ? 'selector' : 'abi',
    function: d.name ?? null,
    signature: d.signature ?? null,
    args: d.args ? outputsJson(d.args) : null,
    outputs: d.outputs ? outputsJson(d.outputs) : null,
    revert: d.revert ? revertText(d.revert) : null,
  };
}

/** `--json`: the trace as sent, and the decoded calls beside it. */
export function decodedDocument(body: string, decoded: ReadonlyMap<string, CallDecoding>): string {
  const o = Object.create(null) as Record<string, unknown>;
  for (const [k, d] of decoded) o[k] = jsonOf(d);
  return `{"trace":${body.trim()},"decoded":${JSON.stringify(o)}}`;
}

const LINE_PATH = /^\{"depth":\d+,"path":(\[[\d,]*\])/;

/** `--ndjson`: each call line (render/trace-lines.ts) with `"decoded"` added where its call was decoded. */
export function decodedLines(lines: string, decoded: ReadonlyMap<string, CallDecoding>): string {
  return lines
    .split('\n')
    .map((line) => {
      const m = LINE_PATH.exec(line);
      const d = m && decoded.get(m[1]!);
      return d ? `${line.slice(0, -1)},"decoded":${JSON.stringify(jsonOf(d))}}` : line;
    })
    .join('\n');
}
