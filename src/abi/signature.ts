/**
 * ABIs in: the JSON array a verified contract or a compiler gives, and human-readable signatures in
 * every spelling people paste: `balanceOf(address)`, `function balanceOf(address owner) view returns
 * (uint256)`, cast's `getReserves()(uint112,uint112,uint32)` (inputs, then outputs), `event
 * Transfer(address indexed from, address indexed to, uint256 value)`, `error Unauthorized(address)`.
 * Parsing goes through ox (human-readable ABI); what comes out is plain JSON ABI entries.
 */
import * as AbiItem from 'ox/AbiItem';
import { UsageError } from '../base/errors.js';
import { echo } from '../base/text/echo.js';
import { canonicalSignature } from './human.js';

/** One parameter of an ABI entry. */
export interface AbiParam {
  readonly type: string;
  readonly name?: string | undefined;
  readonly indexed?: boolean | undefined;
  readonly components?: readonly AbiParam[] | undefined;
  readonly internalType?: string | undefined;
}

/** One ABI entry, as JSON ABIs write it (unknown members kept). */
export interface AbiEntry {
  readonly type: string;
  readonly name?: string | undefined;
  readonly inputs?: readonly AbiParam[] | undefined;
  readonly outputs?: readonly AbiParam[] | undefined;
  readonly stateMutability?: string | undefined;
  readonly anonymous?: boolean | undefined;
}

/** What can be named by a signature. */
export type EntryKind = 'function' | 'event' | 'error';

/** The message of an ox error without its documentation lines. */
export function oxMessage(e: unknown): string {
  const o = e as { shortMessage?: unknown; message?: unknown };
  const m = typeof o?.shortMessage === 'string' ? o.shortMessage : typeof o?.message === 'string' ? o.message : String(e);
  return m.split('\n')[0]!.replace(/\.$/, '');
}

/** The index of the parenthesis closing the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

const KEYWORD = /^(function|event|error)\s/;

/**
 * The human-readable text ox parses for `text`: a signature with its keyword as given, or a bare one
 * (`name(types)`, cast's `name(inputs)(outputs)`) given the keyword of `kind`.
 */
function withKeyword(text: string, kind: EntryKind): string {
  const keyword = KEYWORD.exec(text)?.[1];
  if (keyword !== undefined) return text;
  const open = text.indexOf('(');
  const close = open < 0 ? -1 : closing(text, open);
  if (close < 0) return `${kind} ${text}`;
  const rest = text.slice(close + 1).trim();
  // cast's notation: the outputs in a second pair of parentheses.
  if (kind === 'function' && rest.startsWith('(') && rest.endsWith(')')) return `function ${text.slice(0, close + 1)} returns ${rest}`;
  return `${kind} ${text}`;
}

/** A parameter as plain JSON (ox's own objects carry nothing more, but are typed loosely). */
function plainParam(p: Record<string, unknown>): AbiParam {
  const out: Record<string, unknown> = { type: p.type };
  if (typeof p.name === 'string' && p.name !== '') out.name = p.name;
  if (p.indexed === true) out.indexed = true;
  if (Array.isArray(p.components)) out.components = (p.components as Record<string, unknown>[]).map(plainParam);
  return out as unknown as AbiParam;
}

/**
 * One signature as an ABI entry of `kind`: `what` names it in errors (`--sig`). A bare name with no
 * parentheses is refused here (it names, it does not describe: resolve.ts looks names up).
 */
export function parseSignature(text: string, kind: EntryKind, what = 'signature'): AbiEntry {
  const t = text.trim();
  const bad = (why: string) => new UsageError(`invalid ${what} ${echo(text)}: ${why}`);
  if (!t.includes('(')) throw bad(`expected a ${kind} signature with its parameter types, such as ${EXAMPLE[kind]}`);
  let parsed: Record<string, unknown>;
  try {
    parsed = AbiItem.from(withKeyword(t, kind)) as unknown as Record<string, unknown>;
  } catch (e) {
    throw bad(oxMessage(e));
  }
  if (parsed.type !== kind) throw bad(`it is ${String(parsed.type) === 'event' || String(parsed.type) === 'error' ? 'an' : 'a'} ${String(parsed.type)}, and a ${kind} is wanted here`);
  const entry: Record<string, unknown> = { type: kind, name: parsed.name, inputs: (parsed.inputs as Record<string, unknown>[]).map(plainParam) };
  if (kind === 'function') {
    entry.outputs = ((parsed.outputs as Record<string, unknown>[] | undefined) ?? []).map(plainParam);
    entry.stateMutability = parsed.stateMutability ?? 'nonpayable';
  }
  if (kind === 'event') entry.anonymous = parsed.anonymous === true;
  return entry as unknown as AbiEntry;
}

const EXAMPLE: Readonly<Record<EntryKind, string>> = {
  function: 'balanceOf(address)',
  event: 'Transfer(address,address,uint256)',
  error: 'InsufficientBalance(uint256,uint256)',
};

const ENTRY_TYPES = new Set(['function', 'event', 'error', 'constructor', 'fallback', 'receive']);

/** Why `p` is no usable parameter, or undefined. */
function badParam(p: unknown, depth: number): string | undefined {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return 'a parameter is no object';
  const o = p as Record<string, unknown>;
  if (typeof o.type !== 'string' || o.type === '') return 'a parameter has no type';
  if (o.name !== undefined && o.name !== null && typeof o.name !== 'string') return 'a parameter name is no string';
  if (o.type.startsWith('tuple')) {
    if (!Array.isArray(o.components)) return `a ${o.type} parameter has no components`;
    if (depth > 32) return 'parameters nest deeper than 32 levels';
    for (const c of o.components) {
      const bad = badParam(c, depth + 1);
      if (bad) return bad;
    }
  }
  return undefined;
}

/** Why `e` is no usable ABI entry, or undefined. */
function badEntry(e: unknown): string | undefined {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return 'an entry is no object';
  const o = e as Record<string, unknown>;
  // Old compilers leave `type` out of functions.
  const type = o.type ?? 'function';
  if (typeof type !== 'string' || !ENTRY_TYPES.has(type)) return `an entry has the unknown type ${echo(String(type))}`;
  if ((type === 'function' || type === 'event' || type === 'error') && typeof o.name !== 'string') return `a ${type} has no name`;
  for (const key of ['inputs', 'outputs'] as const) {
    const list = o[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) return `the ${key} of ${typeof o.name === 'string' ? echo(o.name) : 'an entry'} are no list`;
    for (const p of list) {
      const bad = badParam(p, 0);
      if (bad) return bad;
    }
  }
  return undefined;
}

/**
 * The entries of a JSON ABI: the array the explorer's `abi` field holds, or a compiler's artifact
 * (an object with an `abi` array). `fail` makes the error for text that is none (a UsageError for a
 * file the user gave, a ResponseShapeError for the server's answer). Entries come back as sent,
 * `type` filled in where old compilers left it out.
 */
export function parseAbiJson(text: string, fail: (why: string) => Error): AbiEntry[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw fail(`not JSON (${(e as Error).message})`);
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as Record<string, unknown>).abi)) v = (v as Record<string, unknown>).abi;
  if (!Array.isArray(v)) throw fail('expected a JSON array of ABI entries, or an object with an "abi" array');
  for (const e of v) {
    const bad = badEntry(e);
    if (bad) throw fail(bad);
  }
  return (v as Record<string, unknown>[]).map((e) => (e.type === undefined ? { ...e, type: 'function' } : e) as unknown as AbiEntry);
}

/** The canonical signature of an entry: `transfer(address,uint256)`. */
export function signatureOf(entry: AbiEntry): string {
  return canonicalSignature(entry as unknown as Record<string, unknown>);
}
