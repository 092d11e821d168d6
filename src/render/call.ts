/**
 * What a contract answered (`contract call`, `contract read`), for a terminal and for pipes. On a
 * terminal each output is a row: its name (`[0]` where the ABI gives none), its value (a tuple or an
 * array indented below), its type dimmed and, for an amount of a token, the amount in the token's
 * units beside it, exact. Piped, `contract call` prints one value per line (a tuple or an array as
 * compact JSON), `contract read` one `name<TAB>value` line per function.
 *
 * Amounts (the one rule both commands follow): an unsigned integer output is shown in the token's
 * units when the contract answers `decimals()` and the function is `balanceOf`, `totalSupply` or
 * `allowance`, or the output's name (or, for one unnamed output, the function's) holds `balance`,
 * `supply` or `amount` in any case.
 */
import type { AbiParam } from '../abi/signature.js';
import type { Field } from '../abi/values.js';
import { jsonValue, type JsonValue, plainText, terminalLines } from '../abi/values.js';
import type { RenderContext } from './context.js';
import { flat, type KeyValueRow, renderKeyValue } from './key-value.js';
import { formatUnits, groupDigits } from './units.js';

/** A token's unit, from its own `decimals()` and `symbol()`. */
export interface TokenUnit {
  readonly decimals: number;
  /** '' when the contract has no string symbol. */
  readonly symbol: string;
}

const AMOUNT_FUNCTIONS = new Set(['balanceOf', 'totalSupply', 'allowance']);
const AMOUNT_NAME = /balance|supply|amount/i;

/** Whether output `i` of function `fn` (its ABI outputs) is an amount of the contract's token, by the rule above. */
export function isAmount(fn: string, outputs: readonly AbiParam[], i: number): boolean {
  const p = outputs[i];
  if (!p || !/^uint\d*$/.test(p.type)) return false;
  if (AMOUNT_FUNCTIONS.has(fn)) return true;
  const name = p.name ?? '';
  return AMOUNT_NAME.test(name) || (name === '' && outputs.length === 1 && AMOUNT_NAME.test(fn));
}

/** An amount in the token's units, exact and grouped: `1,234,567.890123 USDC`. */
export function inUnits(value: bigint, unit: TokenUnit): string {
  const text = groupDigits(formatUnits(value, unit.decimals) ?? value.toString());
  return unit.symbol ? `${text} ${unit.symbol}` : text;
}

/** The outputs (`params` as the ABI declares them, `outputs` as decoded) as rows for a terminal. */
export function outputRows(fn: string, params: readonly AbiParam[], outputs: readonly Field[], unit: TokenUnit | undefined): KeyValueRow[] {
  return outputs.map((f, i) => {
    const [first, ...more] = terminalLines(f.value);
    const amount = unit && f.value.kind === 'int' && isAmount(fn, params, i) ? [`  ${inUnits(f.value.value, unit)}`] : [];
    return { label: f.name || `[${i}]`, value: [first!, ...amount, { text: `  ${f.value.type}`, style: 'dim' as const }], lines: more };
  });
}

/** `contract call`'s answer: rows on a terminal; piped, one value per line. */
export function renderOutputs(fn: string, params: readonly AbiParam[], outputs: readonly Field[], unit: TokenUnit | undefined, ctx: RenderContext): string {
  if (!ctx.tty) return outputs.map((f) => flat(plainText(f.value)) + '\n').join('');
  if (outputs.length === 0) return renderKeyValue([{ label: 'Result', value: { text: 'the call succeeded; the function returns nothing', style: 'dim' } }], ctx);
  return renderKeyValue(outputRows(fn, params, outputs, unit), ctx);
}

/**
 * Outputs as one JSON object by name, integers as decimal strings; an unnamed output (or one whose
 * name an earlier output took) by its position, `"0"`, `"1"`…. No prototype: a hostile name is a key.
 */
export function outputsJson(outputs: readonly Field[]): Record<string, JsonValue> {
  const out = Object.create(null) as Record<string, JsonValue>;
  outputs.forEach((f, i) => {
    const key = f.name !== '' && !(f.name in out) ? f.name : String(i);
    out[key] = jsonValue(f.value);
  });
  return out;
}
