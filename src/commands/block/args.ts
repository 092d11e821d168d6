/** The argument every `block` verb takes. */
import { parseBlockId } from '../../base/validate.js';
import { arg, batchable } from '../../kit/spec.js';

/** `<block>`: a number, a hash or `latest`, checked before any request. */
export const blockArg = batchable(arg('<block>', `a block number, a block hash (0x followed by 64 hex digits) or latest`, parseBlockId));
