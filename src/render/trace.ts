/**
 * The call tree of a raw trace, after Foundry's `cast run` (docs/cli-contract.md, Call trees): one line
 * per call, indented by depth with tree glyphs, `[gas used] type  from → to  value  method selector`,
 * failed calls marked `✗ reverted: <error>` (and red). Both shapes a node can return become the same
 * frames (docs/api-behaviour.md, Raw traces): a flat Parity array (children of `p` are entries whose
 * `traceAddress` extends `p`'s by one; `action`/`result`, or the same fields at the top level) and
 * Geth's nested callTracer object.
 */
import type { AddressParam, Transaction } from '../api/schemas.js';
import type { Revert } from '../abi/codec.js';
import { inlineCall, inlineFields, revertText } from '../abi/inline.js';
import type { Field } from '../abi/values.js';
import { decodeRevert, SELECTORS, selectorOf } from './abi.js';
import { coinLabel, type RenderContext } from './context.js';
import { obj, objects } from './fields.js';
import { shortHash } from './format.js';
import { safeText } from '../base/text/safe.js';
import { paint } from './paint.js';
import { formatUnits, groupDigits, toBigInt } from './units.js';
import { displayWidth } from './width.js';
import { wrapWords } from './wrap.js';

export interface Frame {
  /**
   * The call's place in the tree (pathOf): a Parity entry's traceAddress as sent; a Geth call's is
   * its index in its parent's `calls`, kept with the parent rather than copied into a path per call
   * (a tree 100,000 calls deep would copy 5 billion indexes).
   */
  path?: readonly number[] | undefined;
  parent?: Frame | undefined;
  index?: number | undefined;
  type: string;
  from?: string | undefined;
  to?: string | undefined;
  value?: bigint | undefined;
  gasUsed?: bigint | undefined;
  input?: string | undefined;
  /** What the call returned, or its revert data. */
  output?: string | undefined;
  error?: string | undefined;
  children: Frame[];
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Geth frame's error, with the revert reason when the node decoded one (or the output holds one). */
function gethError(o: Obj): string | undefined {
  const error = str(o.error);
  if (!error) return undefined;
  const reason = str(o.revertReason) ?? (str(o.output) ? decodeRevert(str(o.output)!) : undefined);
  return reason && reason !== error ? `${error}: ${reason}` : error;
}

/** One Geth frame without its children. */
function gethNode(o: Obj, parent?: Frame, index?: number): Frame {
  return {
    ...(parent ? { parent, index } : { path: [] }),
    type: (str(o.type) ?? 'call').toLowerCase(),
    from: str(o.from),
    to: str(o.to),
    value: toBigInt(o.value),
    gasUsed: toBigInt(o.gasUsed),
    input: str(o.input),
    output: str(o.output),
    error: gethError(o),
    children: [],
  };
}

/** A Geth call tree as frames, by a loop: a server can nest `calls` far deeper than the stack goes. */
function gethFrame(root: Obj): Frame {
  const top = gethNode(root);
  const todo: [Obj, Frame][] = [[root, top]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [o, f] = next;
    if (!Array.isArray(o.calls)) continue;
    for (const [i, c] of (o.calls as unknown[]).entries()) {
      if (!isObj(c)) continue;
      const child = gethNode(c, f, i);
      f.children.push(child);
      todo.push([c, child]);
    }
  }
  return top;
}

function parityFrame(e: Obj, path: readonly number[]): Frame {
  const action = isObj(e.action) ? e.action : e;
  const result = isObj(e.result) ? e.result : e;
  const kind = (str(e.type) ?? 'call').toLowerCase();
  if (kind === 'suicide' || kind === 'selfdestruct') {
    return { path, type: 'selfdestruct', from: str(action.address) ?? str(action.from), to: str(action.refundAddress) ?? str(action.to), value: toBigInt(action.balance ?? action.value), error: str(e.error), children: [] };
  }
  if (kind === 'reward') {
    return { path, type: 'reward', to: str(action.author), value: toBigInt(action.value), error: str(e.error), children: [] };
  }
  return {
    path,
    type: (str(action.callType) ?? str(e.callType) ?? kind).toLowerCase(),
    from: str(action.from),
    to: str(action.to) ?? str(result.address),
    value: toBigInt(action.value),
    gasUsed: toBigInt(result.gasUsed),
    input: str(action.input) ?? str(action.init),
    output: isObj(e.result) ? str(e.result.output) : undefined,
    error: str(e.error),
    children: [],
  };
}

/** Builds the frame tree from either trace shape; unknown shapes give no frames. */
export function traceFrames(trace: unknown): Frame[] {
  if (isObj(trace)) return [gethFrame(trace)];
  if (!Array.isArray(trace)) return [];
  const roots: Frame[] = [];
  const byPath = new Map<string, Frame>();
  for (const entry of trace) {
    if (!isObj(entry)) continue;
    // A Geth object inside an array (some proxies wrap it): treat it as a nested tree.
    if (Array.isArray(entry.calls) && !Array.isArray(entry.traceAddress)) {
      roots.push(gethFrame(entry));
      continue;
    }
    const path = Array.isArray(entry.traceAddress) ? entry.traceAddress.map(Number) : [];
    const frame = parityFrame(entry, path);
    byPath.set(path.join('.'), frame);
    const parent = path.length > 0 ? byPath.get(path.slice(0, -1).join('.')) : undefined;
    (parent ? parent.children : roots).push(frame);
  }
  return roots;
}

/** What the transaction says about an address of the trace: its checksummed hash and a name. */
export interface KnownAddress {
  hash: string;
  name?: string | undefined;
}

/**
 * A call decoded with its callee's verified ABI (`tx trace --decode`): the function and its named
 * arguments, what it returned, or its revert. `name` is absent when the callee has no verified ABI
 * that declares the selector: the line then shows the selector, and a usual name for it only marked
 * `?` (a guess, never shown as the call's own name).
 */
export interface DecodedCall {
  readonly selector: string;
  readonly name?: string | undefined;
  readonly args?: readonly Field[] | undefined;
  readonly outputs?: readonly Field[] | undefined;
  readonly revert?: Revert | undefined;
}

/** The call's place in the tree, as `tx trace --ndjson` writes it: indexes into `calls` from the top call (Geth), or the entry's traceAddress (Parity). */
export function pathOf(f: Frame): number[] {
  const up: number[] = [];
  let at: Frame | undefined = f;
  for (; at && at.path === undefined; at = at.parent) up.push(at.index ?? 0);
  return [...(at?.path ?? []), ...up.reverse()];
}

/** The key of a call's place in the tree, in decoded maps and `tx trace --decode --json`: its path as JSON, `[0,2]`. */
export function pathKey(path: readonly number[]): string {
  return JSON.stringify(path);
}

export interface TraceOptions {
  /** Addresses by lower-case hash (traces are lower case): on a terminal, names shown beside them. */
  known?: ReadonlyMap<string, KnownAddress>;
  /** With `--decode`: the calls decoded, by pathKey. */
  decoded?: ReadonlyMap<string, DecodedCall>;
}

/** A decoded call as the tree shows it: `quote(amount: 1000) → 997`. */
function decodedText(d: DecodedCall, sel: string): string {
  if (d.name === undefined) return SELECTORS[sel] ? `${sel} (${SELECTORS[sel]}?)` : sel;
  const out = d.outputs && d.outputs.length > 0 ? ` → ${d.outputs.length === 1 && !d.outputs[0]!.name ? inlineFields(d.outputs) : `(${inlineFields(d.outputs)})`}` : '';
  return inlineCall(d.name, d.args ?? []) + out;
}

/** One call as text (not yet safe) and its colour. */
function line(f: Frame, parent: Frame | undefined, ctx: RenderContext, opts: TraceOptions): { text: string; style?: 'error' } {
  const addr = (a: string | undefined) => {
    if (!a) return '?';
    if (!ctx.tty) return a;
    const known = opts.known?.get(a.toLowerCase());
    const shown = shortHash(safeText(known?.hash ?? a));
    return known?.name ? `${known.name} ${shown}` : shown;
  };
  const creates = f.type.startsWith('create');
  // On a terminal a child call's caller is its parent's callee: shown once, as in `cast run`.
  const from = ctx.tty && parent && f.from && parent.to && f.from.toLowerCase() === parent.to.toLowerCase() ? '' : addr(f.from) + ' ';
  const gas = f.gasUsed === undefined ? '?' : ctx.tty ? groupDigits(f.gasUsed.toString()) : f.gasUsed.toString();
  const parts = [`[${gas}] ${f.type}`, `${from}→ ${addr(f.to)}${creates && f.to ? ' (new)' : ''}`];
  // Delegate and static calls run with the caller's value; no coin moves.
  if (f.value !== undefined && f.value !== 0n && f.type !== 'delegatecall' && f.type !== 'staticcall') {
    const v = formatUnits(f.value, 18) ?? f.value.toString();
    parts.push(`${ctx.tty ? groupDigits(v) : v} ${coinLabel(ctx)}`);
  }
  // A create's input is init code, not calldata: its first bytes (0x60806040...) are no selector.
  const sel = creates ? '' : selectorOf(f.input);
  const d = opts.decoded?.get(pathKey(pathOf(f)));
  if (sel) parts.push(d ? decodedText(d, sel) : opts.decoded ? sel : SELECTORS[sel] ? `${SELECTORS[sel]} ${sel}` : sel);
  const body = parts.join('  ');
  if (!f.error) return { text: body };
  const why = d?.revert && d.revert.kind !== 'empty' ? revertText(d.revert) : f.error;
  return { text: `${body}  ✗ reverted: ${why}`, style: 'error' };
}

/**
 * Tree glyphs stop growing at this depth; deeper calls say their depth instead, so a tree nested
 * 100,000 levels deep prints lines of bounded width (EVM calls nest at most 1,024 deep).
 */
const MAX_TREE_INDENT = 32;

/** Columns left beside a call's branches below which its line is not wrapped. */
const MIN_WRAP_ROOM = 24;

/**
 * The tree as text, one entry per call: a line, or on a terminal the lines it is wrapped to at the
 * width (continued under the call's text, the tree's branches drawn on beside it). Every line's text
 * goes through safeText here, then gets its colour: the only escapes out are our own.
 */
export function traceCalls(trace: unknown, ctx: RenderContext, opts: TraceOptions = {}): string[] {
  const out: string[] = [];
  interface Todo {
    f: Frame;
    parent: Frame | undefined;
    prefix: string;
    childPrefix: string;
    depth: number;
  }
  // Depth first with a stack of our own (children pushed last-first so they come out in order).
  const todo: Todo[] = traceFrames(trace)
    .reverse()
    .map((f) => ({ f, parent: undefined, prefix: '', childPrefix: '  ', depth: 0 }));
  for (let t = todo.pop(); t; t = todo.pop()) {
    const { f, depth } = t;
    const l = line(f, t.parent, ctx, opts);
    const deep = depth > MAX_TREE_INDENT ? `(depth ${depth}) ` : '';
    const body = safeText(deep + l.text);
    const grow = depth < MAX_TREE_INDENT;
    // A continuation line has the branches of the calls below it: this call's children's, when it has any.
    const next = t.childPrefix + (f.children.length > 0 && grow ? '│   ' : '    ');
    // Wrapped on a terminal, unless the branches leave too little room to (the terminal wraps then).
    if (ctx.tty && ctx.width - displayWidth(next) >= MIN_WRAP_ROOM) {
      const pieces = wrapWords(body, Math.max(1, ctx.width - displayWidth(next)), Math.max(1, ctx.width - displayWidth(t.prefix)));
      out.push(pieces.map((p, i) => (i === 0 ? t.prefix : next) + paint(p, l.style, ctx)).join('\n'));
    } else out.push(t.prefix + paint(body, l.style, ctx));
    for (let i = f.children.length - 1; i >= 0; i--) {
      const last = i === f.children.length - 1;
      todo.push({
        f: f.children[i]!,
        parent: f,
        prefix: t.childPrefix + (last ? '└─ ' : '├─ '),
        childPrefix: grow ? t.childPrefix + (last ? '    ' : '│   ') : t.childPrefix,
        depth: depth + 1,
      });
    }
  }
  return out;
}

/** The tree as text (traceCalls, a line each); the empty string for an empty trace. */
export function renderTrace(trace: unknown, ctx: RenderContext, opts: TraceOptions = {}): string {
  return traceCalls(trace, ctx, opts)
    .map((c) => c + '\n')
    .join('');
}

/**
 * Names for the call tree from the transaction itself (no extra lookups): its parties, a proxy's
 * implementations, and the tokens and parties of its token transfers. Unsanitised (the tree does it).
 * `tx` is the transaction body as sent (not checked against its schema: names are a nicety), so
 * every field is read defensively.
 */
export function knownAddresses(tx: Pick<Transaction, 'from' | 'to' | 'created_contract' | 'token_transfers'>): Map<string, KnownAddress> {
  const known = new Map<string, KnownAddress>();
  const add = (hash: unknown, name: unknown) => {
    if (typeof hash !== 'string' || !hash) return;
    const k = known.get(hash.toLowerCase());
    const n = typeof name === 'string' && name.trim() ? name : undefined;
    if (!k) known.set(hash.toLowerCase(), { hash, name: n });
    else k.name ??= n;
  };
  const party = (p: AddressParam | null | undefined) => {
    const a = obj(p);
    if (!a) return;
    const tags = objects(obj(a.metadata)?.tags);
    add(a.hash, [tags.find((t) => t.tagType === 'name')?.name, a.ens_domain_name, a.name].find((n) => typeof n === 'string' && n.trim()));
    for (const i of objects(a.implementations)) add(i.address_hash ?? i.address, i.name);
  };
  const t = obj(tx);
  if (!t) return known;
  party(t.from);
  party(t.to);
  party(t.created_contract);
  for (const x of objects(t.token_transfers)) {
    party(x.from);
    party(x.to);
    const token = obj(x.token);
    if (token) add(token.address_hash ?? token.address, token.symbol ?? token.name);
  }
  return known;
}
