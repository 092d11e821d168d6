/** Arguments several commands take, declared once. */
import { parseAddress, parseHash } from '../validate.js';
import { arg } from './spec.js';

/** `<address>`: 0x and 40 hex digits. */
export const addressArg = arg('<address>', '0x followed by 40 hex digits', parseAddress);

/** `<hash>`: a transaction hash, 0x and 64 hex digits. */
export const hashArg = arg('<hash>', '0x followed by 64 hex digits', parseHash);
