/**
 * `scout portfolio <address|name|-> [--chains <list>] [--include-scam] [--min-usd <usd>] [--combined]`:
 * what a wallet holds on every chain (the native coin and every token), in dollars, exact: per-chain
 * subtotals and a total. The run is portfolio.run.ts.
 */
import { UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { NameRef, parseAddressOrName } from '../../base/validate.js';
import { parseChainList } from '../../config/chain-list.js';
import { arg, command, flag, option } from '../../kit/spec.js';
import type { Exact } from '../../render/units.js';
import type { PortfolioInput, WalletArg } from './portfolio.run.js';
import { chainsOption } from '../args.js';


const walletArg = arg('<address>', '0x followed by 40 hex digits, or a name such as vitalik.eth; - reads one per line from stdin', (raw): WalletArg | NameRef<WalletArg> => {
  if (raw.trim() === '-') return '-';
  const v = parseAddressOrName(raw);
  return v instanceof NameRef ? v.map((address): WalletArg => ({ address, typed: v.typed })) : { address: v };
});

/** `--min-usd <usd>`: a plain decimal, exact (never a float). */
export function parseUsd(raw: string, from: string): Exact {
  const m = /^\s*(\d{1,30})(?:\.(\d{1,30}))?\s*$/.exec(raw);
  if (!m) throw new UsageError(`invalid ${from} ${echo(raw)}: expected an amount of dollars such as 1 or 0.50`);
  const frac = m[2] ?? '';
  return { int: BigInt(m[1]! + frac), scale: frac.length };
}

const options = {
  // Parsed into an object, not a list: this command reads its chains itself (the executor fans out a list).
  chains: { ...chainsOption, help: 'the chains to add up: chain ids or names (1,8453,optimism), or all, mainnets, testnets (default: the mainnets where the address has activity)', parse: (given: unknown, from: string) => (typeof given === 'string' ? { words: parseChainList(given, from) } : undefined) },
  includeScam: flag('show tokens flagged as scams or of low reputation, and count them in the totals (hidden by default)'),
  minUsd: option('<usd>', 'hide priced holdings worth less than this many dollars (exact; they still count in the totals)', parseUsd),
  combined: flag('with - (wallets from stdin): a combined total of every wallet'),
};

export default command({
  name: 'portfolio',
  description: 'what a wallet holds on every chain, in dollars: subtotals and a total',
  args: { address: walletArg },
  options,
  output: 'rows',
  columns: 'portfolio',
  help:
    'Without --chains: the mainnets scout knows (the cached registry, `scout chains --refresh`), skipping those where the ' +
    "address's tab counters are all 0; with --chain or --base-url, that one explorer. Each chain's coin balance and token " +
    'balances are read with their exchange rates; a value is amount times price, exact, and sums are exact (shown rounded to ' +
    'cents). Tokens without a price are listed apart and left out of the totals. Tokens flagged as scams or of low ' +
    'reputation are hidden (--include-scam shows them) and counted on stderr. A chain that fails is named on stderr, the ' +
    'total is partial, and the exit code is the worst of the failures (`scout help exit-codes`). ' +
    '--json prints one object per wallet: address, name (when one was given), chains (each chain id to the server\'s answers ' +
    'as sent: {"address": /addresses/{h}, "token_balances": /addresses/{h}/token-balances}), and what scout worked out: ' +
    'holdings (the rows), subtotals (chain id to {chain, usd, usd_exact, unpriced}), totals ({usd, usd_exact, partial, ' +
    'hidden: {flagged, below_min_usd}, unpriced, chains}), failed ([{chain, chain_id, error}]) and skipped (chains without ' +
    'activity). With - an array of them; with --combined, {"wallets": [...], "combined": totals of them all}.',
  examples: [
    'scout portfolio vitalik.eth',
    'scout portfolio 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --chains ethereum,base,optimism --min-usd 1',
    'scout portfolio 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --json',
    'scout portfolio 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --chains all --include-scam --csv',
  ],
  check: ({ address, combined }) => {
    if (combined && address !== '-') throw new UsageError('--combined adds up wallets read from stdin: give - as the address');
  },
  run: async (inv, input) => (await import('./portfolio.run.js')).portfolio(inv, input),
});
