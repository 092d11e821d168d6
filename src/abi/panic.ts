/**
 * The codes of Solidity's `Panic(uint256)` and what each means. Plain data, no ABI library: the
 * trace renderer reads it too.
 */
export const PANICS: Readonly<Record<number, string>> = {
  0x00: 'generic panic',
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'invalid storage byte array',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialised function',
};

/** `0x11 (arithmetic overflow or underflow)`: a panic code and its meaning, when it has one. */
export function panicText(code: bigint): string {
  const meaning = code <= 0xffn ? PANICS[Number(code)] : undefined;
  return `0x${code.toString(16).padStart(2, '0')}${meaning ? ` (${meaning})` : ''}`;
}
