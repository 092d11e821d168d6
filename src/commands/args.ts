/** Arguments and options several commands take, declared once. */
import { CHAIN_SETS, parseChainList } from '../config/chain-list.js';
import { BUILTIN_CHAINS } from '../config/chain-table.js';
import { UsageError } from '../base/errors.js';
import { echo } from '../base/text/echo.js';
import { parseAddressOrName, parseHash, parseTokenAddress, parseTokenId, parseTopic } from '../base/validate.js';
import { arg, batchable, option } from '../kit/spec.js';

/**
 * `<address>`: 0x and 40 hex digits, or a name (`vitalik.eth`, `jesse.base`) the executor resolves
 * through the explorer's search before the command runs (run/names.ts). This one takes no `-`:
 * for a command that runs once (`contract source --out` writes files).
 */
export const singleAddressArg = arg('<address>', '0x followed by 40 hex digits, or a name such as vitalik.eth', parseAddressOrName);

/** `<address>`, or `-` for a batch: one address or name per line from stdin. */
export const addressArg = batchable(singleAddressArg);

/** A token's `<address>`, or `-` for a batch: as addressArg, and a symbol (`USDC`) is told to search. */
export const tokenAddressArg = batchable(arg('<address>', '0x followed by 40 hex digits, or a name such as vitalik.eth', parseTokenAddress));

/** An option whose value is an address or a name, as `<address>` takes them: `--token <address>`. */
export function addressOption(help: string) {
  return option('<address>', `${help} (0x… or a name)`, (v, from) => parseAddressOrName(v, `${from} address`));
}

/** `<hash>`: a transaction hash, 0x and 64 hex digits. */
export const hashArg = batchable(arg('<hash>', '0x followed by 64 hex digits', parseHash));

/** `<hash>`: an ERC-4337 user operation hash, 0x and 64 hex digits. */
export const userOpHashArg = batchable(arg('<hash>', 'user operation hash: 0x followed by 64 hex digits', (raw) => parseHash(raw, 'user operation hash')));

/** `<id>`: an NFT token id, decimal digits of any length up to a uint256 (kept as text). */
export const tokenIdArg = arg('<id>', 'token id: decimal digits, up to 2^256-1', parseTokenId);

/** `--id <id>`: one NFT of the collection, its id as `<id>` takes it. */
export function tokenIdOption(help: string) {
  return option('<id>', `${help}: its token id, decimal digits up to 2^256-1`, (raw) => parseTokenId(raw));
}

/**
 * `--chains <list>`: the command on several chains at once (run/fanout.ts). Read as words here;
 * the names are looked up, all of them before any request, when the command runs.
 */
export const chainsOption = option('<list>', `run on several chains at once: chain ids or names (1,8453,optimism), or ${CHAIN_SETS.join(', ')}; rows start with their chain, JSON items are wrapped`, parseChainList, {
  complete: { values: [...CHAIN_SETS, ...BUILTIN_CHAINS.map((c) => c.names[0]!)], list: true },
});

/** `--event`: a signature (hashed when the command runs) or a name (looked up in a verified ABI then). */
export interface EventOption {
  readonly text: string;
  /** Its topic0, once the command has worked it out (address/logs.run.ts). */
  readonly topic0?: string | undefined;
}

/**
 * `--event <event>`: an event by signature, `Transfer(address,address,uint256)` or `event Transfer(address
 * indexed from, …)`, or by name (`Transfer`) from the address's verified ABI; checked for its shape
 * here, parsed and hashed when the command runs (the ABI library is not loaded for --help).
 */
export const eventOption = option(
  '<event>',
  "only logs of this event: a signature, hashed for you ('Transfer(address,address,uint256)' or 'event Transfer(address indexed from, …)'), or a name of the address's verified ABI (Transfer)",
  (raw, from): EventOption => {
    const t = raw.trim();
    if (!/^(event\s+)?[A-Za-z_$][A-Za-z0-9_$]*(\s*\(.*\)\s*(anonymous)?)?$/s.test(t)) {
      throw new UsageError(`invalid ${from} ${echo(raw)}: expected an event signature, such as 'Transfer(address,address,uint256)', or the name of an event of the address's verified ABI`);
    }
    return { text: t };
  },
);

/** `--topic0` .. `--topic3`: a log topic at that position. */
export function topicOption(i: 0 | 1 | 2 | 3) {
  return option('<topic>', `only logs whose topic ${i} is this${i === 0 ? ' (the event signature hash)' : ''}: 0x and 64 hex digits`, parseTopic);
}

/**
 * The explorer's CSV export of a list, refused with the first option given that it cannot take
 * (`--server-csv --type ERC-20`): exit 2 before any request; `given` pairs each flag with its value.
 */
export function exportTakes<T>(exported: T, what: string, given: readonly (readonly [string, unknown])[]): T {
  const flag = given.find(([, v]) => v !== undefined && v !== false)?.[0];
  if (flag) throw new UsageError(`--server-csv does not go with ${flag}: the explorer's CSV export of ${what} takes no ${flag}, only the window (--since/--until)`);
  return exported;
}
