/**
 * Command-line arguments for ABI parameters, checked by type before any request: addresses (0x, or a
 * name the caller resolves), integers in decimal or 0x (within the type's bits; `1.5e18` or `0.5`
 * only with a unit, `parseArg(type, text, { unit })`), booleans, `bytesN` and `bytes` as 0x hex of
 * the right length, strings, and arrays and tuples as JSON (`[1,2]`, `["0x…",[1,2]]`) or cast's
 * brackets (`[1,2]`, `(0x…,1)`). Values come out as ox encodes them (bigint, 0x text, arrays).
 * A wrong count or a bad value is a UsageError naming the parameter:
 * `invalid argument 2 (amount, uint256): …`.
 */
import { UsageError } from '../base/errors.js';
import { echo } from '../base/text/echo.js';
import { safeText } from '../base/text/safe.js';
import { parseAddress } from '../base/validate.js';
import { canonicalType } from './human.js';
import type { AbiParam } from './signature.js';

/** A value ready for the encoder. */
export type ArgValue = bigint | boolean | string | readonly ArgValue[];

export interface ArgOptions {
  /**
   * Decimals of the unit integers are given in (`--unit`: 18 for ether, 0 for wei): with it, an
   * integer may be written `1.5`, `1.5e18` or `2e6`, scaled by 10^unit and exact, else refused.
   * Without it, only whole numbers (decimal or 0x).
   */
  readonly unit?: number | undefined;
  /** The flag that sets the unit, for messages ("give --unit"). */
  readonly unitFlag?: string | undefined;
  /**
   * An address argument that is no 0x address (a name such as vitalik.eth): the address it stands
   * for. Without it, such a value is refused. See `namesIn` to collect them first.
   */
  readonly name?: ((text: string) => string) | undefined;
}

/** A bad value: the message, without which argument it is (parseArgs adds that). */
class ArgError extends Error {}

/** A value of a composite argument, as typed: a list in `[]` or `()`, or one word. */
type Node = { readonly list: readonly Node[]; readonly open: '[' | '(' } | { readonly text: string; readonly quoted: boolean };

/** Reads a list in JSON or cast's bracket notation: `[1,[2,3]]`, `(0x…,"a, b")`, `[]`. */
function readNode(src: string): Node {
  let i = 0;
  const ws = () => {
    while (i < src.length && /\s/.test(src[i]!)) i++;
  };
  const value = (depth: number): Node => {
    ws();
    const c = src[i];
    if (depth > 32) throw new ArgError('nested deeper than 32 levels');
    if (c === '[' || c === '(') {
      const close = c === '[' ? ']' : ')';
      i++;
      const list: Node[] = [];
      ws();
      if (src[i] === close) {
        i++;
        return { list, open: c };
      }
      for (;;) {
        list.push(value(depth + 1));
        ws();
        if (src[i] === ',') i++;
        else if (src[i] === close) {
          i++;
          return { list, open: c };
        } else throw new ArgError(i >= src.length ? `missing "${close}"` : `expected "," or "${close}" at character ${i + 1}`);
      }
    }
    if (c === '"') {
      const start = i;
      i++;
      while (i < src.length && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
      if (i >= src.length) throw new ArgError('a string without its closing quote');
      i++;
      try {
        return { text: JSON.parse(src.slice(start, i)) as string, quoted: true };
      } catch {
        throw new ArgError(`a malformed string at character ${start + 1}`);
      }
    }
    const start = i;
    while (i < src.length && !',[]()'.includes(src[i]!)) i++;
    const text = src.slice(start, i).trim();
    if (text === '') throw new ArgError(i >= src.length ? 'a value is missing at the end' : `a value is missing at character ${i + 1}`);
    return { text, quoted: false };
  };
  const node = value(0);
  ws();
  if (i < src.length) throw new ArgError(`unexpected ${echo(src.slice(i, i + 10))} after the value`);
  return node;
}

/** The element type of an array type, and its fixed length (undefined for `T[]`); undefined when `type` is no array. */
function arrayOf(type: string): { element: string; length: number | undefined } | undefined {
  const m = /^(.*)\[(\d*)\]$/.exec(type);
  if (!m) return undefined;
  return { element: m[1]!, length: m[2] === '' ? undefined : Number(m[2]) };
}

const DECIMAL = /^[+-]?\d+$/;
const HEX_INT = /^[+-]?0x[0-9a-fA-F]+$/;
const SCALED = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** An integer from decimal or 0x text, or from `1.5e18`-style text scaled by 10^unit. */
function integer(text: string, o: ArgOptions): bigint {
  const t = text.replace(/_/g, '');
  if (DECIMAL.test(t)) return BigInt(t) * 10n ** BigInt(o.unit ?? 0);
  if (HEX_INT.test(t)) {
    // 0x is the raw integer: never scaled by a unit.
    const neg = t.startsWith('-');
    const v = BigInt(t.replace(/^[+-]/, ''));
    return neg ? -v : v;
  }
  const m = SCALED.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new ArgError('expected an integer: decimal digits or 0x hex');
  if (o.unit === undefined) throw new ArgError(`a fraction or an exponent needs a unit${o.unitFlag ? ` (${o.unitFlag})` : ''}: give the integer itself, or its unit`);
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const shift = o.unit + Number(m[4] ?? 0) - (m[3] ?? '').length;
  if (Math.abs(shift) > 200) throw new ArgError('an exponent out of range');
  let v = BigInt(digits || '0');
  if (shift >= 0) v *= 10n ** BigInt(shift);
  else {
    const d = 10n ** BigInt(-shift);
    if (v % d !== 0n) throw new ArgError(`not a whole number of the smallest unit (${text} has more decimals than the unit's ${o.unit})`);
    v /= d;
  }
  return m[1] === '-' ? -v : v;
}

/** Whether `text` may be a name the caller resolves (vitalik.eth, jesse.base). */
const NAME = /^(?!0x)\S+\.\S+$/i;

/** A scalar value of `type` from its text. */
function scalar(type: string, text: string, o: ArgOptions): ArgValue {
  const int = /^(u?)int(\d*)$/.exec(type);
  if (int) {
    const bits = int[2] === '' ? 256 : Number(int[2]);
    if (bits < 8 || bits > 256 || bits % 8 !== 0) throw new ArgError(`the ABI's type ${type} is no valid integer type`);
    const v = integer(text, o);
    const [min, max] = int[1] === 'u' ? [0n, (1n << BigInt(bits)) - 1n] : [-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n];
    if (v < min || v > max) throw new ArgError(`${v} is out of range for ${type} (${min} to ${max})`);
    return v;
  }
  if (type === 'address') {
    if (/^0x/i.test(text)) {
      try {
        return parseAddress(text);
      } catch (e) {
        throw new ArgError((e as Error).message);
      }
    }
    if (o.name && NAME.test(text)) return o.name(text);
    throw new ArgError('expected an address: 0x followed by 40 hex digits' + (o.name ? ', or a name such as vitalik.eth' : ''));
  }
  if (type === 'bool') {
    if (/^true$/i.test(text)) return true;
    if (/^false$/i.test(text)) return false;
    throw new ArgError('expected true or false');
  }
  if (type === 'string') return text;
  if (type === 'bytes') {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) throw new ArgError('expected bytes: 0x followed by an even number of hex digits');
    return text.toLowerCase();
  }
  const fixed = /^bytes(\d+)$/.exec(type) ?? (type === 'function' ? [type, '24'] : null);
  if (fixed) {
    const n = Number(fixed[1]);
    if (n < 1 || n > 32) throw new ArgError(`the ABI's type ${type} is no valid bytes type`);
    if (!new RegExp(`^0x[0-9a-fA-F]{${2 * n}}$`).test(text)) {
      const got = /^0x[0-9a-fA-F]*$/.test(text) ? `; ${(text.length - 2) / 2} were given` : '';
      throw new ArgError(`expected ${n} bytes: 0x followed by ${2 * n} hex digits${got}`);
    }
    return text.toLowerCase();
  }
  throw new ArgError(`the type ${type} is not supported`);
}

/** A value of parameter `p` from a node of composite text. */
function fromNode(p: AbiParam, node: Node, o: ArgOptions): ArgValue {
  const arr = arrayOf(p.type);
  if (arr) {
    if (!('list' in node) || node.open !== '[') throw new ArgError(`expected a list in [ ] for ${canonicalType(p)}`);
    if (arr.length !== undefined && node.list.length !== arr.length) throw new ArgError(`expected ${arr.length} elements for ${canonicalType(p)}, got ${node.list.length}`);
    const element = { ...p, type: arr.element };
    return node.list.map((n, i) => within(`element ${i + 1}`, () => fromNode(element, n, o)));
  }
  if (p.type === 'tuple') {
    const parts = p.components ?? [];
    if (!('list' in node)) throw new ArgError(`expected a tuple in ( ) or [ ] for ${canonicalType(p)}`);
    if (node.list.length !== parts.length) throw new ArgError(`expected ${parts.length} components for ${canonicalType(p)}, got ${node.list.length}`);
    return parts.map((c, i) => within(`component ${i + 1}${c.name ? ` (${safeText(c.name)})` : ''}`, () => fromNode(c, node.list[i]!, o)));
  }
  if ('list' in node) throw new ArgError(`expected a ${p.type}, not a list`);
  return scalar(p.type, node.text, o);
}

/** Runs `f`, prefixing a bad value's message with where it is: `element 2: …`. */
function within<T>(where: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ArgError) throw new ArgError(`${where}: ${e.message}`);
    throw e;
  }
}

function value(p: AbiParam, text: string, o: ArgOptions): ArgValue {
  // A scalar takes the whole text (a string may hold commas and brackets); lists and tuples are read.
  if (arrayOf(p.type) || p.type === 'tuple') return fromNode(p, readNode(text), o);
  return scalar(p.type, text, o);
}

/** The words of a parameter in messages: `amount, uint256`, or the type alone. */
function describe(p: AbiParam): string {
  return p.name ? `${safeText(p.name)}, ${canonicalType(p)}` : canonicalType(p);
}

/**
 * One argument of parameter `p` (or of a type given as text, `parseArg('uint8', '255')`). Throws a
 * UsageError: `invalid value "300" for uint8: 300 is out of range for uint8 (0 to 255)`.
 */
export function parseArg(p: AbiParam | string, text: string, o: ArgOptions = {}): ArgValue {
  const param = typeof p === 'string' ? { type: p } : p;
  try {
    return value(param, text, o);
  } catch (e) {
    if (e instanceof ArgError) throw new UsageError(`invalid value ${echo(text)} for ${describe(param)}: ${e.message}`);
    throw e;
  }
}

/**
 * The arguments of `inputs` from their texts, in order, before any request: a wrong count is a
 * UsageError naming the signature's parameters; a bad value one naming the argument
 * (`invalid argument 2 (amount, uint256): …`). `what` names the entry: `transfer(address,uint256)`.
 */
export function parseArgs(inputs: readonly AbiParam[], texts: readonly string[], what: string, o: ArgOptions = {}): ArgValue[] {
  if (texts.length !== inputs.length) {
    const list = inputs.length ? `: ${inputs.map(describe).join('; ')}` : '';
    throw new UsageError(`${safeText(what)} takes ${inputs.length} argument${inputs.length === 1 ? '' : 's'}, and ${texts.length} ${texts.length === 1 ? 'was' : 'were'} given${list}`);
  }
  return inputs.map((p, i) => {
    try {
      return value(p, texts[i]!, o);
    } catch (e) {
      if (e instanceof ArgError) throw new UsageError(`invalid argument ${i + 1} (${describe(p)}): ${e.message}`);
      throw e;
    }
  });
}

/**
 * The names among the address arguments (vitalik.eth), for the caller to resolve before it parses
 * the arguments again with `name` answering them. Bad values are reported as parseArgs reports them.
 */
export function namesIn(inputs: readonly AbiParam[], texts: readonly string[], what: string, o: ArgOptions = {}): string[] {
  const names = new Set<string>();
  parseArgs(inputs, texts, what, {
    ...o,
    name: (t) => {
      names.add(t);
      return '0x0000000000000000000000000000000000000000';
    },
  });
  return [...names];
}
