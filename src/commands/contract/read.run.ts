/**
 * The run of `contract read`: every view or pure function of the verified ABI (through a proxy, its
 * implementations' too; a selector once, the first ABI's) that takes no argument and returns
 * something, all called at once through the explorer's JSON-RPC (the HTTP layer's scheduler keeps
 * them within the rate limit). A function that reverts, or whose answer does not decode, shows why in
 * its row; the others print. `name`, `symbol`, `decimals` and `totalSupply` come first, the rest in
 * the ABI's order.
 */
import type { ExplorerClient } from '../../api/client.js';
import { RpcClient } from '../../api/rpc.js';
import { RpcError } from '../../base/errors.js';
import type { TimePoint } from '../../base/time.js';
import { DecodeError, decodeResult, decodeRevert, encodeCall, selectorOf } from '../../abi/codec.js';
import { revertText } from '../../abi/inline.js';
import type { AbiEntry } from '../../abi/signature.js';
import { type Field, jsonValue, type JsonValue, plainText } from '../../abi/values.js';
import type { Invocation, Session } from '../../kit/invocation.js';
import type { ChainObject } from '../../kit/spec.js';
import { outputRows, outputsJson, type TokenUnit } from '../../render/call.js';
import type { RenderContext } from '../../render/context.js';
import { type KeyValueRow, type Line, renderKeyValue, type Span } from '../../render/key-value.js';
import { contractAbi } from '../../run/contract-abi.js';
import { ethCall } from '../../run/eth-call.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import { blockFor } from './call.run.js';

interface ReadInput {
  readonly address: string;
  readonly at?: TimePoint | undefined;
}

/** One function's answer: its outputs, or why there are none. */
interface Reading {
  readonly fn: AbiEntry;
  readonly fields?: readonly Field[] | undefined;
  readonly error?: string | undefined;
}

const FIRST = ['name', 'symbol', 'decimals', 'totalSupply'];

/** The functions read: view or pure, no inputs, some output; each selector once. */
function readable(abi: readonly AbiEntry[]): AbiEntry[] {
  const seen = new Set<string>();
  const out: AbiEntry[] = [];
  for (const e of abi) {
    const viewish = e.stateMutability === 'view' || e.stateMutability === 'pure' || (e as { constant?: unknown }).constant === true;
    if (e.type !== 'function' || !viewish || (e.inputs ?? []).length > 0 || (e.outputs ?? []).length === 0) continue;
    const id = selectorOf(e);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(e);
  }
  const rank = (e: AbiEntry) => (FIRST.includes(e.name ?? '') ? FIRST.indexOf(e.name!) : FIRST.length);
  return out.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i).map((x) => x.e);
}

async function readOne(rpc: RpcClient, fn: AbiEntry, entries: readonly AbiEntry[], at: { to: string; block: bigint | undefined }): Promise<Reading> {
  let answer;
  try {
    answer = await ethCall(rpc, { ...at, data: encodeCall(fn, []) });
  } catch (e) {
    // The node refused this one call (out of gas, say): its row says so.
    if (e instanceof RpcError) return { fn, error: e.message };
    throw e;
  }
  if ('revert' in answer) return { fn, error: `reverted: ${revertText(decodeRevert(answer.revert, entries))}` };
  if (answer.ok === '0x') return { fn, error: 'returned nothing' };
  try {
    return { fn, fields: decodeResult(fn, answer.ok).fields };
  } catch (e) {
    if (e instanceof DecodeError) return { fn, error: `cannot decode the answer: ${e.message}` };
    throw e;
  }
}

/** Every reading of the contract on the explorer of `client`, and the token's unit when it has one. */
async function readOn(s: Session, client: ExplorerClient, input: ReadInput): Promise<{ readings: Reading[]; unit: TokenUnit | undefined; where: string }> {
  const rpc = new RpcClient(client);
  const block = blockFor(s, client, input.at);
  block.catch(() => undefined);
  const abi = await contractAbi(s, input.address, { client });
  const at = { to: input.address, block: await block };
  const readings = await Promise.all(readable(abi.entries).map((fn) => readOne(rpc, fn, abi.entries, at)));
  const value = (name: string) => readings.find((r) => r.fn.name === name)?.fields?.[0]?.value;
  const d = value('decimals');
  const sym = value('symbol');
  const unit = d?.kind === 'int' && d.value <= 255n ? { decimals: Number(d.value), symbol: sym?.kind === 'string' ? sym.value : '' } : undefined;
  return { readings, unit, where: abi.where };
}

function jsonOf(readings: readonly Reading[]): string {
  const out = Object.create(null) as Record<string, JsonValue | { error: string }>;
  for (const r of readings) {
    const f = r.fields;
    out[r.fn.name ?? ''] = f === undefined ? { error: r.error ?? '' } : f.length === 1 ? jsonValue(f[0]!.value) : outputsJson(f);
  }
  return JSON.stringify(out);
}

function textOf(readings: readonly Reading[], unit: TokenUnit | undefined, where: string, render: RenderContext): string {
  if (readings.length === 0) return render.tty ? `${where} has no view function without inputs\n` : '';
  const rows: KeyValueRow[] = readings.map((r) => {
    const label = r.fn.name ?? '';
    const f = r.fields;
    if (f === undefined) return { label, value: { text: `✗ ${r.error ?? ''}`, style: 'error' }, data: [[r.error ?? '']] };
    const data = [[f.length === 1 ? plainText(f[0]!.value) : JSON.stringify(outputsJson(f))]];
    if (f.length === 1) return { ...outputRows(label, r.fn.outputs ?? [], f, unit)[0]!, label, data };
    // Several outputs: one line each, `name: value`, a tuple's or an array's lines below it.
    const lines = outputRows(label, r.fn.outputs ?? [], f, unit).flatMap((o): Line[] => [[`${o.label}: `, ...(Array.isArray(o.value) ? o.value : [o.value as Span])], ...(o.lines ?? []).map((l) => ['  ', ...(Array.isArray(l) ? l : [l as Span])])]);
    return { label, value: lines[0], lines: lines.slice(1), data };
  });
  return renderKeyValue(rows, render);
}

export async function read(inv: Invocation, input: ReadInput): Promise<void> {
  const s = await inv.session();
  const { mode } = inv.output;
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · calling`, s.render.color, { waits: s.waits });
  let got;
  try {
    got = await readOn(s, s.explorer(), input);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, jsonOf(got.readings), mode);
  await s.io.out.write(textOf(got.readings, got.unit, got.where, s.render));
}

/** `--chains`: the contract read on each chain. */
export function readOnChain(input: ReadInput): ChainObject {
  return {
    noun: 'contract',
    fetch: async (client, s) => {
      const got = await readOn(s, client, input);
      return { doc: jsonOf(got.readings), show: async (_io, render) => textOf(got.readings, got.unit, got.where, render) };
    },
  };
}
