/** Columns of `scout contract methods`: each function, event and error of a verified ABI, with its selector or topic0. */
import { shortHash } from './format.js';
import type { Column } from './table.js';

/** One row: an entry of the ABI, read by the run (commands/contract/methods.run.ts). */
export interface MethodRow {
  /** function, event or error. */
  readonly kind: string;
  /** A function's or an error's 4-byte selector, an event's topic0; '' for an anonymous event. */
  readonly selector: string;
  /** The entry as Solidity declares it: `function balanceOf(address owner) view returns (uint256)`. Unsanitised. */
  readonly signature: string;
  /** The contract whose ABI holds it: the address asked about, or an implementation behind it. */
  readonly contract: string;
}

export const methodColumns: Column<MethodRow>[] = [
  { header: 'KIND', cell: (r) => r.kind, fixed: true },
  // A topic0 is 32 bytes: whole where there is room, else its ends.
  { header: 'SELECTOR', cell: (r) => ({ full: r.selector, short: r.selector.length > 10 ? shortHash(r.selector, 4, 8) : r.selector, wide: r.selector }), fixed: true },
  { header: 'SIGNATURE', cell: (r) => r.signature, min: 20 },
  { header: 'CONTRACT', cell: (r) => r.contract, show: 'data' },
];
