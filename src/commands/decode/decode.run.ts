/**
 * The runs of `decode calldata`, `decode log` and `decode error`. What to decode with is checked
 * first (a signature parsed, an ABI file read) so bad input is exit 2 before any request; then the
 * verified ABI of a contract is fetched when one is named (run/contract-abi.ts), and for calldata
 * with nothing to decode it by, the selector is looked up in the explorer's list of known methods,
 * which gives a name and no types: the output says so, and leaves the arguments as they are.
 */
import { ADVANCED_FILTER_METHODS_PATH, transactionLogs } from '../../api/endpoints.js';
import { lacksEndpoint } from '../../api/client.js';
import { paginate } from '../../api/paginate.js';
import { NotFoundError, ResponseShapeError, ScoutError, UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { safeText } from '../../base/text/safe.js';
import { FileRefused, readSmallFile } from '../../config/small-file.js';
import { abiSignature } from '../../abi/human.js';
import { type Decoded, DecodeError, decodeInput, decodeLog, decodeRevert, selectorOf, withIndexed } from '../../abi/codec.js';
import { byId } from '../../abi/resolve.js';
import { signatureHash } from '../../abi/selector.js';
import { type AbiEntry, type EntryKind, parseAbiJson, parseSignature, signatureOf } from '../../abi/signature.js';
import { type Field, jsonFields, type JsonValue, plainText, terminalLines } from '../../abi/values.js';
import type { Invocation } from '../../kit/invocation.js';
import { contractAbi } from '../../run/contract-abi.js';
import { printDocument } from '../../run/output.js';
import type { Session } from '../../run/session.js';
import { type KeyValueRow, renderKeyValue } from '../../render/key-value.js';

/** The largest ABI file read (16 MiB: the biggest verified ABIs are a few hundred KiB). */
const ABI_FILE_MAX = 16 * 1024 * 1024;

/** Where a decoding's entry came from. */
type Source = 'abi' | 'abi-file' | 'signature' | 'lookup' | 'solidity';

/** What to decode with, as the user gave it. */
interface Given {
  readonly to?: string | undefined;
  readonly abi?: string | undefined;
  readonly sig?: string | undefined;
}

/** The entries to decode with, whence they came and, for messages, whose they are. */
interface Known {
  readonly entries: readonly AbiEntry[];
  readonly source: Source;
  readonly where: string;
  readonly contract?: string | undefined;
}

/** One decoding, ready to print. */
interface Decoding {
  readonly kind: EntryKind;
  readonly name: string;
  /** The canonical signature (`transfer(address,uint256)`), '' when only a name is known. */
  readonly signature: string;
  /** As Solidity declares it, with names: `function transfer(address to, uint256 value)`. */
  readonly declaration: string;
  /** A function's or an error's selector; an event's topic0. */
  readonly id: string;
  readonly fields: readonly Field[] | undefined;
  /** The argument bytes left undecoded (a lookup gives no types). */
  readonly rawArgs?: string | undefined;
  readonly source: Source;
  readonly where: string;
  readonly contract?: string | undefined;
  readonly exact: boolean;
  /** Bytes after the arguments' encoding (see Decoded). */
  readonly trailing?: string | undefined;
  readonly notes: readonly string[];
  readonly panic?: { readonly code: bigint; readonly meaning: string | undefined } | undefined;
}

/**
 * The entries of --sig or --abi, read before any request (bad input is exit 2 before anything is
 * sent); undefined for --to or nothing, which the caller fetches or looks up.
 */
function localEntries(g: Given, kind: EntryKind): Known | undefined {
  if (g.sig !== undefined) {
    const entry = parseSignature(g.sig, kind, '--sig');
    return { entries: [entry], source: 'signature', where: `the signature ${signatureOf(entry)}` };
  }
  if (g.abi !== undefined) {
    let text: string;
    try {
      text = readSmallFile(g.abi, ABI_FILE_MAX);
    } catch (e) {
      if (e instanceof FileRefused) throw new UsageError(`cannot read --abi ${echo(g.abi)}: ${e.message}`);
      throw e;
    }
    const entries = parseAbiJson(text, (why) => new UsageError(`invalid --abi ${echo(g.abi!)}: ${why}`));
    return { entries, source: 'abi-file', where: `the ABI file ${safeText(g.abi)}` };
  }
  return undefined;
}

/** The verified ABI of `address`, as Known. */
async function verified(s: Session, address: string): Promise<Known> {
  const abi = await contractAbi(s, address);
  return { entries: abi.entries, source: 'abi', where: abi.where, contract: address };
}

const SOURCE_WORDS: Readonly<Record<Source, string>> = {
  abi: 'the verified ABI',
  'abi-file': 'the ABI file',
  signature: 'the signature given',
  lookup: "matched by selector lookup, not by the contract's ABI",
  solidity: "Solidity's own",
};

/** A decoding of `entry` from `decoded`. */
function decoding(kind: EntryKind, entry: AbiEntry, decoded: Decoded, known: Pick<Known, 'source' | 'where' | 'contract'>, notes: string[] = []): Decoding {
  const signature = signatureOf(entry);
  const exactNote =
    decoded.trailing !== undefined
      ? `${(decoded.trailing.length - 2) / 2} byte${decoded.trailing.length === 4 ? '' : 's'} after the arguments (${decoded.trailing}), which no parameter reads: apps append tags there`
      : 'the data is not exactly the encoding of these values (padding that is not zero, or offsets out of the usual order): it may have been encoded for another signature';
  return {
    kind,
    name: entry.name ?? '',
    signature,
    declaration: abiSignature(entry as unknown as Record<string, unknown>),
    id: kind === 'event' ? signatureHash(signature) : selectorOf(entry),
    fields: decoded.fields,
    source: known.source,
    where: known.where,
    contract: known.contract,
    exact: decoded.exact,
    trailing: decoded.trailing,
    notes: decoded.exact ? notes : [...notes, exactNote],
  };
}

/** `decoded` of `what`, or a one-line error saying why the data does not fit. */
function decodeOrFail(what: string, entry: AbiEntry, f: () => Decoded): Decoded {
  try {
    return f();
  } catch (e) {
    if (e instanceof DecodeError) throw new ScoutError(`cannot decode the ${what} as ${safeText(signatureOf(entry))}: ${e.message}`);
    throw e;
  }
}

// ---- output

/** The decoding as JSON text: integers as decimal strings, arguments by name where every one is named. */
function jsonOf(d: Decoding): string {
  const o: Record<string, unknown> = { kind: d.kind, name: d.name, signature: d.signature || null };
  o[d.kind === 'event' ? 'topic0' : 'selector'] = d.id;
  o.args = d.fields ? (jsonFields(d.fields) as JsonValue) : null;
  if (d.rawArgs !== undefined) o.data = d.rawArgs;
  if (d.panic) o.panic = { code: d.panic.code.toString(), meaning: d.panic.meaning ?? null };
  o.source = d.source;
  if (d.contract) o.contract = d.contract;
  o.exact = d.exact;
  if (d.trailing !== undefined) o.trailing = d.trailing;
  if (d.notes.length) o.notes = d.notes;
  return JSON.stringify(o);
}

/** The decoding as key/value rows: what it is, then one row per argument (type beside the value). */
function rowsOf(d: Decoding): KeyValueRow[] {
  const heading = d.kind === 'function' ? 'Function' : d.kind === 'event' ? 'Event' : 'Error';
  const rows: KeyValueRow[] = [
    { label: heading, value: d.name || '(unnamed)' },
    { label: 'Signature', value: d.declaration },
    { label: d.kind === 'event' ? 'Topic0' : 'Selector', value: d.id },
    { label: 'Source', value: d.source === 'abi' || d.source === 'abi-file' ? d.where : SOURCE_WORDS[d.source], data: [[d.source]] },
  ];
  if (d.contract) rows.push({ label: 'Contract', value: d.contract });
  if (d.panic) rows.push({ label: 'Panic', value: `0x${d.panic.code.toString(16).padStart(2, '0')}${d.panic.meaning ? ` (${d.panic.meaning})` : ''}` });
  for (const n of d.notes) rows.push({ label: 'Note', value: { text: n, style: 'warn' } });
  (d.fields ?? []).forEach((f, i) => {
    const label = safeText(f.name || `[${i}]`);
    const [first, ...more] = terminalLines(f.value);
    rows.push({ label, value: [first!, { text: `  ${f.value.type}`, style: 'dim' }], lines: more, data: [[f.value.type, plainText(f.value)]] });
  });
  if (d.rawArgs !== undefined) {
    const words = d.rawArgs.slice(2).match(/.{1,64}/g) ?? [];
    rows.push({ label: 'Arguments', value: words.length ? `${words.length} word${words.length === 1 ? '' : 's'}, not decoded` : 'none', lines: words.map((w) => '0x' + w), data: [[d.rawArgs]] });
  }
  return rows;
}

async function print(inv: Invocation, s: Session, d: Decoding): Promise<void> {
  const { mode } = inv.output;
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, jsonOf(d), mode);
  await s.io.out.write(renderKeyValue(rowsOf(d), s.render));
}

// ---- calldata

/** The name the explorer's method list knows for `selector`, or undefined (none, or no such list). */
async function lookUpSelector(s: Session, selector: string): Promise<string | undefined> {
  const client = s.explorer();
  let body: string;
  try {
    body = await client.getRaw(ADVANCED_FILTER_METHODS_PATH, [['q', selector]], `method ${selector}`);
  } catch (e) {
    if (lacksEndpoint(e)) return undefined;
    throw e;
  }
  const answer: unknown = JSON.parse(body);
  if (!Array.isArray(answer)) throw new ResponseShapeError(`unusable response from ${new URL(client.baseUrl).origin}: the method lookup sent no list`);
  for (const entry of answer as unknown[]) {
    const e = entry && typeof entry === 'object' ? (entry as { method_id?: unknown; name?: unknown }) : {};
    // The explorer answers a selector nobody named with that selector and an empty name.
    if (typeof e.method_id === 'string' && e.method_id.toLowerCase() === selector && typeof e.name === 'string' && e.name !== '') return e.name;
  }
  return undefined;
}

export async function calldata(inv: Invocation, input: Given & { hex: string }): Promise<void> {
  const selector = input.hex.slice(0, 10);
  const local = localEntries(input, 'function');
  const s = await inv.session();
  const known = local ?? (input.to !== undefined ? await verified(s, input.to) : undefined);
  const notes: string[] = [];
  if (known) {
    const entry = byId(known.entries, 'function', selector);
    if (entry) return print(inv, s, decoding('function', entry, decodeOrFail('calldata', entry, () => decodeInput(entry, input.hex)), known));
    if (known.source === 'signature') {
      throw new UsageError(`the calldata's selector ${selector} is not that of ${safeText(known.entries[0] ? signatureOf(known.entries[0]) : '--sig')} (${selectorOf(known.entries[0]!)})`);
    }
    notes.push(`${selector} is not in ${known.where}`);
  }
  const name = await lookUpSelector(s, selector);
  if (name === undefined) {
    throw new NotFoundError(`no function with selector ${selector} is known${known ? ` to ${known.where} or` : ''} to the explorer's method lookup`, {
      hint: 'give its signature with --sig, or its ABI with --abi or --to',
    });
  }
  await print(inv, s, {
    kind: 'function',
    name,
    signature: '',
    declaration: `${name}(…)`,
    id: selector,
    fields: undefined,
    rawArgs: '0x' + input.hex.slice(10),
    source: 'lookup',
    where: 'the explorer\'s method lookup',
    exact: true,
    notes: [...notes, "matched by selector lookup, not by the contract's ABI: the lookup gives a name and no types, so the arguments are not decoded (give --sig to decode them)"],
  });
}

// ---- error

export async function error(inv: Invocation, input: Given & { hex: string }): Promise<void> {
  const local = localEntries(input, 'error');
  const s = await inv.session();
  const known = local ?? (input.to !== undefined ? await verified(s, input.to) : undefined);
  const r = decodeRevert(input.hex, known?.entries ?? []);
  const solidity = { source: 'solidity' as const, where: "Solidity's own" };
  const exactOf = (exact: boolean) => ({ fields: [], exact });
  switch (r.kind) {
    case 'message': {
      const entry = { type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] };
      return print(inv, s, decoding('error', entry, { fields: [{ name: 'message', value: { kind: 'string', type: 'string', value: r.message } }], exact: r.exact }, solidity));
    }
    case 'panic': {
      const entry = { type: 'error', name: 'Panic', inputs: [{ type: 'uint256', name: 'code' }] };
      const d = decoding('error', entry, { ...exactOf(r.exact), fields: [{ name: 'code', value: { kind: 'int', type: 'uint256', value: r.code } }] }, solidity);
      return print(inv, s, { ...d, panic: { code: r.code, meaning: r.meaning } });
    }
    case 'custom':
      return print(inv, s, decoding('error', r.entry, r.decoded, known!));
    case 'empty':
      throw new UsageError('no revert data to decode');
    default:
      if (r.why) throw new ScoutError(`cannot decode the revert data: ${safeText(r.why)}`);
      if (known?.source === 'signature') throw new UsageError(`the revert data's selector ${r.selector} is not that of ${safeText(signatureOf(known.entries[0]!))} (${selectorOf(known.entries[0]!)})`);
      throw new NotFoundError(`no error with selector ${r.selector} is known${known ? ` to ${known.where}` : ''}: it is neither Error(string) nor Panic(uint256)`, {
        hint: known ? undefined : 'give the ABI of the contract that reverted with --to or --abi, or the error with --sig',
      });
  }
}

// ---- log

/** One log of a transaction, by its index: topics (nulls left out), data and emitter. */
async function logOf(s: Session, tx: string, index: number): Promise<{ topics: string[]; data: string; emitter: string | undefined }> {
  const client = s.explorer();
  const origin = new URL(client.baseUrl).origin;
  for await (const page of paginate((r, c) => client.page(r, c), transactionLogs(tx), { maxPages: Infinity })) {
    for (const item of page.items() as unknown[]) {
      const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      if (o.index !== index) continue;
      const topics = Array.isArray(o.topics) ? o.topics.filter((t): t is string => typeof t === 'string') : [];
      if (typeof o.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(o.data) || topics.some((t) => !/^0x[0-9a-fA-F]{64}$/.test(t))) {
        throw new ResponseShapeError(`unusable response from ${origin}: log ${index} of ${tx} has no usable topics or data`);
      }
      const a = o.address && typeof o.address === 'object' ? (o.address as Record<string, unknown>).hash : o.address;
      return { topics: topics.map((t) => t.toLowerCase()), data: o.data.toLowerCase(), emitter: typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a) ? a : undefined };
    }
  }
  throw new NotFoundError(`transaction ${tx} has no log with index ${index}`, { hint: `its logs: scout tx logs ${tx}` });
}

export async function log(inv: Invocation, input: Given & { address?: string | undefined; topics?: string[] | undefined; data?: string | undefined; tx?: string | undefined; index?: number | undefined }): Promise<void> {
  const local = localEntries({ abi: input.abi, sig: input.sig }, 'event');
  const s = await inv.session();
  const got = input.tx !== undefined ? await logOf(s, input.tx, input.index!) : { topics: input.topics ?? [], data: input.data ?? '0x', emitter: undefined };
  const by = input.address ?? got.emitter;
  if (!local && by === undefined) throw new NotFoundError(`the explorer names no contract that emitted log ${input.index} of ${input.tx}`, { hint: 'give --address, --abi or --sig' });
  const known = local ?? (await verified(s, by!));
  const notes: string[] = [];
  let entry: AbiEntry | undefined;
  if (known.source === 'signature') {
    entry = known.entries[0]!;
    const indexed = (entry.inputs ?? []).filter((p) => p.indexed === true).length;
    const topicsAfter = got.topics.length - (entry.anonymous === true ? 0 : 1);
    if (indexed === 0 && topicsAfter > 0) {
      entry = withIndexed(entry, topicsAfter);
      notes.push(`the signature marks no parameter indexed: the first ${topicsAfter} are taken as indexed, one per topic after topic0`);
    }
    if (entry.anonymous !== true && got.topics[0] !== signatureHash(signatureOf(entry))) {
      throw new UsageError(`the log's topic0 ${got.topics[0] ?? '(none)'} is not that of ${safeText(signatureOf(entry))} (${signatureHash(signatureOf(entry))})`);
    }
  } else {
    entry = got.topics[0] ? byId(known.entries, 'event', got.topics[0]) : undefined;
    if (!entry) throw new NotFoundError(`no event with topic0 ${got.topics[0] ?? '(none)'} in ${known.where}`, { hint: 'give the event with --sig, or another ABI with --abi' });
  }
  const chosen = entry;
  const decoded = decodeOrFail('log', chosen, () => decodeLog(chosen, got.topics, got.data));
  await print(inv, s, decoding('event', chosen, decoded, { ...known, contract: got.emitter ?? known.contract }, notes));
}
