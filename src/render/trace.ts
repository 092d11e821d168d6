/**
 * The call tree of a raw trace, after Foundry's `cast run`. Both shapes a node can return become the
 * same frames (API.md, raw trace): a flat Parity array (children of `p` are entries whose
 * `traceAddress` extends `p`'s by one) and Geth's nested callTracer object (`calls`).
 */
import type { RenderContext } from './context.js';
import { shortHash } from './format.js';
import { safeText } from './safe.js';
import { paint } from './table.js';
import { formatUnits, groupDigits, toBigInt } from './units.js';

export interface Frame {
  type: string;
  from?: string | undefined;
  to?: string | undefined;
  value?: bigint | undefined;
  gasUsed?: bigint | undefined;
  input?: string | undefined;
  error?: string | undefined;
  children: Frame[];
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function gethFrame(o: Obj): Frame {
  return {
    type: (str(o.type) ?? 'call').toLowerCase(),
    from: str(o.from),
    to: str(o.to),
    value: toBigInt(o.value),
    gasUsed: toBigInt(o.gasUsed),
    input: str(o.input),
    error: str(o.error),
    children: Array.isArray(o.calls) ? o.calls.filter(isObj).map(gethFrame) : [],
  };
}

function parityFrame(e: Obj): Frame {
  const action = isObj(e.action) ? e.action : e;
  const result = isObj(e.result) ? e.result : e;
  return {
    type: (str(action.callType) ?? str(e.callType) ?? str(e.type) ?? 'call').toLowerCase(),
    from: str(action.from),
    to: str(action.to) ?? str(result.address),
    value: toBigInt(action.value),
    gasUsed: toBigInt(result.gasUsed),
    input: str(action.input) ?? str(action.init),
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
    const frame = parityFrame(entry);
    byPath.set(path.join('.'), frame);
    const parent = path.length > 0 ? byPath.get(path.slice(0, -1).join('.')) : undefined;
    (parent ? parent.children : roots).push(frame);
  }
  return roots;
}

function selector(input: string | undefined): string {
  return input && input.length >= 10 ? input.slice(0, 10) : '';
}

function line(f: Frame, ctx: RenderContext): string {
  const addr = (a: string | undefined) => (a ? (ctx.tty ? shortHash(a) : a) : '?');
  const parts = [
    f.gasUsed !== undefined ? `[${ctx.tty ? groupDigits(f.gasUsed.toString()) : f.gasUsed}]` : '[?]',
    safeText(f.type),
    `${addr(f.from)} → ${addr(f.to)}`,
  ];
  if (f.value !== undefined && f.value !== 0n) parts.push(`${formatUnits(f.value, 18)} ${ctx.coin}`);
  // A create's input is init code, not calldata: its first bytes (0x60806040...) are no selector.
  const sel = f.type.startsWith('create') ? '' : selector(f.input);
  if (sel) parts.push(safeText(sel));
  let text = parts.join('  ');
  if (f.error) text += '  ' + paint(`✗ reverted: ${safeText(f.error)}`, 'error', ctx);
  return text;
}

/** The tree as text, one line per call; empty string for an empty trace. */
export function renderTrace(trace: unknown, ctx: RenderContext): string {
  const out: string[] = [];
  const walk = (f: Frame, prefix: string, childPrefix: string) => {
    out.push(prefix + line(f, ctx));
    f.children.forEach((c, i) => {
      const last = i === f.children.length - 1;
      walk(c, childPrefix + (last ? '└─ ' : '├─ '), childPrefix + (last ? '   ' : '│  '));
    });
  };
  for (const root of traceFrames(trace)) walk(root, '', '');
  return out.length ? out.join('\n') + '\n' : '';
}
