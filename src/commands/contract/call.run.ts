/**
 * The run of `contract call`, in the order CONTRIBUTING ("Speak ABI") gives:
 *
 * 1. A signature given (`balanceOf(address)`, `getReserves()(uint112,uint112,uint32)`) is parsed and
 *    the arguments checked against it before any request.
 * 2. The verified ABI (through a proxy, its implementations'), asked together with the block a time
 *    `--at` names; a contract nobody verified is called by the signature alone.
 * 3. The entry (name, name with types, signature, selector); the arguments checked against it (exit 2
 *    naming the parameter), names among them resolved, then parsed.
 * 4. `eth_call`, and on a terminal for an amount-like function the token's decimals() and symbol()
 *    beside it; the answer decoded, a revert decoded into one line (exit 1).
 */
import type { ExplorerClient } from '../../api/client.js';
import { RpcClient } from '../../api/rpc.js';
import { NotFoundError, ScoutError, UsageError } from '../../base/errors.js';
import { safeText } from '../../base/text/safe.js';
import { isoSeconds, type TimePoint } from '../../base/time.js';
import { NameRef } from '../../base/validate.js';
import { namesIn, parseArgs } from '../../abi/args.js';
import { DecodeError, decodeResult, decodeRevert, encodeCall } from '../../abi/codec.js';
import { revertText } from '../../abi/inline.js';
import { resolveEntry } from '../../abi/resolve.js';
import { type AbiEntry, type AbiParam, parseSignature, signatureOf } from '../../abi/signature.js';
import type { Field } from '../../abi/values.js';
import type { Invocation, Session } from '../../kit/invocation.js';
import type { ChainObject } from '../../kit/spec.js';
import { isAmount, outputsJson, renderOutputs, type TokenUnit } from '../../render/call.js';
import type { RenderContext } from '../../render/context.js';
import { type KeyValueRow, renderKeyValue } from '../../render/key-value.js';
import { contractAbi } from '../../run/contract-abi.js';
import { ethCall, tokenUnit } from '../../run/eth-call.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import { findBlock } from '../block/at.run.js';
import type { ArgUnit } from './call-options.js';

export interface CallInput {
  readonly address: string;
  readonly fn: string;
  readonly params: readonly string[];
  readonly at?: TimePoint | undefined;
  readonly from?: string | undefined;
  readonly value?: bigint | undefined;
  readonly unit?: ArgUnit | undefined;
}

/**
 * The block `at` names on the explorer of `client`: a block as it is, a time as the last block at or
 * before it (found as `block at --before` finds it, said on stderr); undefined for the latest.
 */
export async function blockFor(s: Session, client: ExplorerClient, at: TimePoint | undefined): Promise<bigint | undefined> {
  if (at === undefined) return undefined;
  if (at.kind === 'block') return at.block;
  const note = (line: string) => s.io.err.write(`scout: ${line}\n`);
  // `now` Infinity: a past moment is never estimated (a future one was refused with the option).
  const found = await findBlock(client, { ms: at.ms }, 'before', Infinity, { step: () => undefined, note });
  await note(`note: at block ${found.at.block}, the last block at or before ${isoSeconds(at.ms)} on ${new URL(client.baseUrl).host}`);
  return BigInt(found.at.block);
}

/** What a call answered, ready to print. */
export interface Answer {
  readonly fn: AbiEntry;
  /** The outputs; undefined when no output types are known (`raw` is what came back). */
  readonly fields: readonly Field[] | undefined;
  readonly raw: string;
  readonly unit: TokenUnit | undefined;
}

/** The entry a typed signature names, parsed before any request; undefined for a bare name or selector. */
function typedEntry(fn: string): AbiEntry | undefined {
  return fn.includes('(') ? parseSignature(fn, 'function', 'function') : undefined;
}

/** A wrong count of arguments refused (parseArgs words it) without reading their values. */
function checkCount(inputs: readonly AbiParam[], texts: readonly string[], what: string): void {
  if (inputs.length !== texts.length) parseArgs(inputs, texts, what);
}

/**
 * What is checked before any request: the typed signature and, against it, the arguments; names among
 * them normalised. Returns the entry typed, if any.
 */
export async function checkCall(input: CallInput): Promise<AbiEntry | undefined> {
  const typed = typedEntry(input.fn);
  // With --unit token the values wait for the token's decimals(); the count is checked now.
  if (typed && input.unit?.kind === 'token') checkCount(typed.inputs ?? [], input.params, signatureOf(typed));
  else if (typed) {
    const names = namesIn(typed.inputs ?? [], input.params, signatureOf(typed), { unit: input.unit?.kind === 'decimals' ? input.unit.decimals : undefined, unitFlag: '--unit' });
    const { normaliseName } = await import('../../run/names.js');
    for (const n of names) await normaliseName(NameRef.of(n));
  }
  return typed;
}

/** The addresses of names among the arguments, asked of the run's own explorer once per run (they stand for the same account on every chain asked). */
function nameResolver(s: Session): (names: readonly string[]) => Promise<Map<string, string>> {
  const known = new Map<string, Promise<string>>();
  return async (names) => {
    const { normaliseName, resolveNames } = await import('../../run/names.js');
    const out = new Map<string, string>();
    for (const n of names) {
      let p = known.get(n);
      if (!p) {
        const ref = NameRef.of(n);
        p = normaliseName(ref).then(async (norm) => (await resolveNames(s, [[ref, norm]])).get(ref)!);
        known.set(n, p);
      }
      out.set(n, await p);
    }
    return out;
  };
}

/** The call on the explorer of `client`; a revert is a ScoutError of one line. */
async function callOn(s: Session, client: ExplorerClient, input: CallInput, typed: AbiEntry | undefined, resolve: ReturnType<typeof nameResolver>): Promise<Answer> {
  const rpc = new RpcClient(client);
  const block = blockFor(s, client, input.at);
  block.catch(() => undefined);
  let entries: readonly AbiEntry[] = [];
  let where = `the signature ${signatureOf(typed ?? { type: 'function' })}`;
  try {
    const abi = await contractAbi(s, input.address, { client });
    entries = abi.entries;
    where = abi.where;
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
    if (!typed) throw new NotFoundError(e.message, { hint: `call it by its signature with outputs: scout contract call ${input.address} 'getReserves()(uint112,uint112,uint32)'` });
  }
  const fn = resolveEntry(entries, 'function', input.fn, where).entry;
  const what = signatureOf(fn);
  const at = { to: input.address, from: input.from, value: input.value, block: await block };
  let decimals = input.unit?.kind === 'decimals' ? input.unit.decimals : undefined;
  const texts = input.params;
  if (input.unit?.kind === 'token') {
    // The count is refused before decimals() is asked; the values once the decimals are known.
    checkCount(fn.inputs ?? [], texts, what);
    const unit = await tokenUnit(rpc, entries, at);
    if (!unit) throw new UsageError(`--unit token needs the contract's decimals(): ${input.address} answers none (${where})`, { hint: 'give the decimals instead: --unit 18' });
    decimals = unit.decimals;
  }
  const argOptions = { unit: decimals, unitFlag: '--unit' };
  const names = await resolve(namesIn(fn.inputs ?? [], texts, what, argOptions));
  const values = parseArgs(fn.inputs ?? [], texts, what, { ...argOptions, name: (t) => names.get(t)! });
  const outputs = fn.outputs ?? [];
  const wantUnit = s.render.tty && outputs.some((_, i) => isAmount(fn.name ?? '', outputs, i));
  const [answer, unit] = await Promise.all([ethCall(rpc, { ...at, data: encodeCall(fn, values) }), wantUnit ? tokenUnit(rpc, entries, at) : undefined]);
  const name = safeText(fn.name ?? what);
  if ('revert' in answer) throw new ScoutError(`${name} reverted: ${safeText(revertText(decodeRevert(answer.revert, entries)))}`);
  if (outputs.length === 0) return { fn, fields: answer.ok === '0x' ? [] : undefined, raw: answer.ok, unit };
  if (answer.ok === '0x') {
    throw new ScoutError(`${name} returned nothing: ${input.address} has no code${at.block === undefined ? '' : ` at block ${at.block}`}, or no function ${safeText(what)} that returns`);
  }
  try {
    return { fn, fields: decodeResult(fn, answer.ok).fields, raw: answer.ok, unit };
  } catch (e) {
    if (e instanceof DecodeError) throw new ScoutError(`cannot decode what ${name} returned as (${safeText(outputs.map((o) => o.type).join(','))}): ${e.message}`);
    throw e;
  }
}

/** The answer as JSON text: the outputs by name; with no output types known, the bytes returned. */
function jsonOf(a: Answer): string {
  return JSON.stringify(a.fields ? outputsJson(a.fields) : { data: a.raw });
}

/** The answer for a terminal, or piped lines. */
function textOf(a: Answer, render: RenderContext): string {
  if (a.fields) return renderOutputs(a.fn.name ?? '', a.fn.outputs ?? [], a.fields, a.unit, render);
  if (!render.tty) return a.raw + '\n';
  const rows: KeyValueRow[] = [{ label: 'Data', value: [a.raw, { text: '  not decoded: the signature gives no outputs', style: 'dim' }] }];
  return renderKeyValue(rows, render);
}

export async function call(inv: Invocation, input: CallInput): Promise<void> {
  const typed = await checkCall(input);
  const s = await inv.session();
  const { mode } = inv.output;
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · calling`, s.render.color, { waits: s.waits });
  let a: Answer;
  try {
    a = await callOn(s, s.explorer(), input, typed, nameResolver(s));
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, jsonOf(a), mode);
  await s.io.out.write(textOf(a, s.render));
}

/** `--chains`: the same call on each chain (each chain's ABI, block and answer). */
export async function callOnChain(input: CallInput): Promise<ChainObject> {
  const typed = await checkCall(input);
  let resolve: ReturnType<typeof nameResolver> | undefined;
  return {
    noun: 'contract',
    fetch: async (client, s) => {
      resolve ??= nameResolver(s);
      const a = await callOn(s, client, input, typed, resolve);
      return { doc: jsonOf(a), show: async (_io, render) => textOf(a, render) };
    },
  };
}
