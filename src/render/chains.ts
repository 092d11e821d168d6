/** Columns of `scout chains`: what `--chain` accepts and where it leads. */
import type { Chain } from '../config/chain-table.js';
import type { Column } from './table.js';

/** The explorer's host, for a terminal (piped and CSV keep the whole URL). */
function host(url: string): string {
  try {
    const u = new URL(url);
    return u.host + u.pathname.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

export const chainColumns: Column<Chain>[] = [
  { header: 'ID', cell: (c) => c.id ?? '', align: 'right', fixed: true },
  // What `--chain` takes (NAMES) stays longest, then where it leads; the display name goes first.
  { header: 'NAME', cell: (c) => c.name, min: 8, drop: 1 },
  { header: 'NAMES', cell: (c) => ({ full: c.names.join(','), short: c.names.join(', ') }), min: 12 },
  { header: 'COIN', cell: (c) => c.coin ?? '', fixed: true },
  // true/false piped and in CSV, as every boolean there; yes/no on a terminal.
  { header: 'TESTNET', cell: (c) => (c.testnet ? { full: 'true', short: 'yes', style: 'warn' } : { full: 'false', short: 'no', style: 'dim' }), fixed: true, drop: 2 },
  { header: 'EXPLORER', cell: (c) => ({ full: c.explorer, short: host(c.explorer) }), fixed: true },
  // Built-in chains come first; on a terminal that is enough to tell them apart.
  { header: 'SOURCE', cell: (c) => c.source, show: 'data' },
];
