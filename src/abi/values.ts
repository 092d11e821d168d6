/**
 * Decoded ABI values, typed and exact, and how they are shown: as JSON values (integers as decimal
 * strings, bytes as 0x hex, tuples as objects by component name where every component is named and
 * the names differ, else arrays) and as lines for a terminal (nested tuples and arrays indented,
 * strings quoted, every name and string through safeText: ABI names and string results come from
 * whoever deployed the contract).
 */
import { safeText } from '../base/text/safe.js';
import { canonicalType } from './human.js';
import type { AbiParam } from './signature.js';

/** One decoded value. */
export type AbiValue =
  | { readonly kind: 'int'; readonly type: string; readonly value: bigint }
  | { readonly kind: 'bool'; readonly type: string; readonly value: boolean }
  | { readonly kind: 'address'; readonly type: string; readonly value: string }
  | { readonly kind: 'bytes'; readonly type: string; readonly value: string }
  | { readonly kind: 'string'; readonly type: string; readonly value: string }
  | { readonly kind: 'array'; readonly type: string; readonly items: readonly AbiValue[] }
  | { readonly kind: 'tuple'; readonly type: string; readonly fields: readonly Field[] }
  /** An indexed parameter of a dynamic type: the log holds only the Keccak-256 of its value. */
  | { readonly kind: 'hashed'; readonly type: string; readonly value: string };

/** A named value: a parameter of a call, a result, an event or an error. `name` is '' when the ABI gives none. */
export interface Field {
  readonly name: string;
  readonly value: AbiValue;
}

/** The value of parameter `p` from what ox decoded (bigint or number, strings, arrays, objects for named tuples). */
export function valueOf(p: AbiParam, raw: unknown): AbiValue {
  const type = canonicalType(p);
  const arr = /^(.*)\[\d*\]$/.exec(p.type);
  if (arr) {
    const element = { ...p, type: arr[1]! };
    return { kind: 'array', type, items: (raw as unknown[]).map((r) => valueOf(element, r)) };
  }
  if (p.type === 'tuple') {
    const parts = p.components ?? [];
    const at = (c: AbiParam, i: number): unknown => (Array.isArray(raw) ? raw[i] : (raw as Record<string, unknown>)[c.name ?? '']);
    return { kind: 'tuple', type, fields: parts.map((c, i) => ({ name: c.name ?? '', value: valueOf(c, at(c, i)) })) };
  }
  if (/^u?int\d*$/.test(p.type)) return { kind: 'int', type, value: BigInt(raw as bigint | number) };
  if (p.type === 'bool') return { kind: 'bool', type, value: raw === true };
  if (p.type === 'address') return { kind: 'address', type, value: String(raw) };
  if (p.type === 'string') return { kind: 'string', type, value: String(raw) };
  return { kind: 'bytes', type, value: String(raw).toLowerCase() };
}

/** The fields of `params` from ox's decoded array. */
export function fieldsOf(params: readonly AbiParam[], raw: readonly unknown[]): Field[] {
  return params.map((p, i) => ({ name: p.name ?? '', value: valueOf(p, raw[i]) }));
}

/** A JSON value: integers as decimal strings, never numbers. */
export type JsonValue = string | boolean | readonly JsonValue[] | { readonly [k: string]: JsonValue };

/**
 * Fields as one JSON object by name, when every one is named and no two share a name; else as an
 * array in order. The object has no prototype, so a hostile name (`__proto__`) is a plain key.
 */
export function jsonFields(fields: readonly Field[]): JsonValue {
  const names = fields.map((f) => f.name);
  if (names.some((n) => n === '') || new Set(names).size !== names.length) return fields.map((f) => jsonValue(f.value));
  const out = Object.create(null) as Record<string, JsonValue>;
  for (const f of fields) out[f.name] = jsonValue(f.value);
  return out;
}

/** One value as JSON: integers as decimal strings, bytes as 0x hex, a hashed log value as `{"keccak256": "0x…"}`. */
export function jsonValue(v: AbiValue): JsonValue {
  switch (v.kind) {
    case 'int':
      return v.value.toString();
    case 'array':
      return v.items.map(jsonValue);
    case 'tuple':
      return jsonFields(v.fields);
    case 'hashed':
      return { keccak256: v.value };
    default:
      return v.value;
  }
}

/** A scalar as one line of text (unsanitised): strings in JSON quotes, so where they end is never in doubt. */
function scalarText(v: AbiValue): string {
  switch (v.kind) {
    case 'int':
      return v.value.toString();
    case 'bool':
      return String(v.value);
    case 'string':
      return JSON.stringify(v.value);
    case 'hashed':
      return `${v.value} (the Keccak-256 of the ${v.type}: an indexed ${v.type} is kept only hashed)`;
    case 'array':
    case 'tuple':
      return JSON.stringify(jsonValue(v));
    default:
      return v.value;
  }
}

/**
 * A value for a terminal, safe: a scalar on one line, a tuple or an array as `[` / `(` then one
 * indented line per element (`name: value` for a named component) and the closing bracket.
 */
export function terminalLines(v: AbiValue, indent = '  '): string[] {
  if (v.kind === 'array' || v.kind === 'tuple') {
    const [open, close] = v.kind === 'array' ? ['[', ']'] : ['(', ')'];
    const parts = v.kind === 'array' ? v.items.map((value) => ({ name: '', value })) : v.fields;
    if (parts.length === 0) return [open + close];
    const lines = [open];
    for (const { name, value } of parts) {
      const inner = terminalLines(value, indent);
      const label = name ? `${safeText(name)}: ` : '';
      lines.push(indent + label + inner[0], ...inner.slice(1).map((l) => indent + l));
    }
    lines.push(close);
    return lines;
  }
  return [safeText(scalarText(v))];
}

/** A value on one line for piped output: a scalar as text, a tuple or an array as compact JSON. Unsanitised (the piped writer makes it safe). */
export function plainText(v: AbiValue): string {
  if (v.kind === 'array' || v.kind === 'tuple' || v.kind === 'hashed') return JSON.stringify(jsonValue(v));
  return v.kind === 'string' ? v.value : scalarText(v);
}
