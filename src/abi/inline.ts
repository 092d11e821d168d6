/**
 * Decoded calls and reverts on one line, for a call tree and for one-line errors:
 * `balanceOf(account: 0xd8dA…)`, `InsufficientBalance(available: 1000, required: 5000)`,
 * `Error("ScoutPair: LOCKED")`, `Panic(0x11 (arithmetic overflow or underflow))`. Strings in JSON
 * quotes, tuples and arrays as compact JSON, integers exact. Unsanitised: the caller makes it safe
 * (names and strings come from whoever deployed the contract).
 */
import type { Revert } from './codec.js';
import { panicText } from './panic.js';
import { type AbiValue, type Field, plainText } from './values.js';

/** One value on one line: a string quoted, anything else as piped lines show it. */
function inlineValue(v: AbiValue): string {
  return v.kind === 'string' ? JSON.stringify(v.value) : plainText(v);
}

/** Fields on one line: `name: value, …` (a value alone where the ABI names none). */
export function inlineFields(fields: readonly Field[]): string {
  return fields.map((f) => (f.name ? `${f.name}: ` : '') + inlineValue(f.value)).join(', ');
}

/** A call or an error with its arguments on one line: `name(a: 1, b: "x")`. */
export function inlineCall(name: string, fields: readonly Field[]): string {
  return `${name}(${inlineFields(fields)})`;
}

/** What revert data says, on one line. */
export function revertText(r: Revert): string {
  switch (r.kind) {
    case 'empty':
      return 'no revert data (a bare revert, a failed check without a reason, or out of gas)';
    case 'message':
      return `Error(${JSON.stringify(r.message)})`;
    case 'panic':
      return `Panic(${panicText(r.code)})`;
    case 'custom':
      return inlineCall(r.entry.name ?? '', r.decoded.fields);
    case 'unknown':
      return `an error with selector ${r.selector || '(none)'} that no ABI at hand declares (${(r.data.length - 2) / 2} bytes: ${r.data.length > 202 ? r.data.slice(0, 201) + '…' : r.data})${r.why ? `; ${r.why}` : ''}`;
  }
}
