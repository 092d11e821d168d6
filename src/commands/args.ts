/** Arguments and options several commands take, declared once. */
import { CHAIN_SETS, parseChainList } from '../config/chain-list.js';
import { BUILTIN_CHAINS } from '../config/chain-table.js';
import { parseAddressOrName, parseHash, parseTokenAddress, parseTokenId } from '../base/validate.js';
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

/** `<id>`: an NFT token id, decimal digits of any length up to a uint256 (kept as text). */
export const tokenIdArg = arg('<id>', 'token id: decimal digits, up to 2^256-1', parseTokenId);

/**
 * `--chains <list>`: the command on several chains at once (run/fanout.ts). Read as words here;
 * the names are looked up, all of them before any request, when the command runs.
 */
export const chainsOption = option('<list>', `run on several chains at once: chain ids or names (1,8453,optimism), or ${CHAIN_SETS.join(', ')}; rows start with their chain, JSON items are wrapped`, parseChainList, {
  complete: { values: [...CHAIN_SETS, ...BUILTIN_CHAINS.map((c) => c.names[0]!)], list: true },
});
