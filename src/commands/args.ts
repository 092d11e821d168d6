/** Arguments several commands take, declared once. */
import { parseAddress, parseHash, parseTokenId } from '../validate.js';
import { arg } from './spec.js';

/** `<address>`: 0x and 40 hex digits. */
export const addressArg = arg('<address>', '0x followed by 40 hex digits', parseAddress);

/** `<hash>`: a transaction hash, 0x and 64 hex digits. */
export const hashArg = arg('<hash>', '0x followed by 64 hex digits', parseHash);

/** `<id>`: an NFT token id, decimal digits of any length up to a uint256 (kept as text). */
export const tokenIdArg = arg('<id>', 'token id: decimal digits, up to 2^256-1', parseTokenId);
